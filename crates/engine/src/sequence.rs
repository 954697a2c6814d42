//! The sequence of play, declared as data and walked by a clock.

use crate::Side;
use serde::{Deserialize, Serialize};

/// Who acts in a phase, relative to the side whose half-turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actor {
    /// The side whose half-turn it is.
    Phasing,
    /// The other side.
    NonPhasing,
    /// Both sides, one after the other.
    Both,
}

/// One phase of a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PhaseSpec {
    /// Short machine name, e.g. "move".
    pub key: &'static str,
    /// How the book names it.
    pub title: &'static str,
    pub actor: Actor,
    /// Index of the half-turn this phase belongs to (0 for the first side's half).
    pub half: u8,
}

/// A whole turn: the phases in order. A book whose order changes from turn to turn (by
/// initiative, say) decides which side is "first" each turn; the phases stay data.
#[derive(Debug, Clone, Copy)]
pub struct SequenceOfPlay {
    pub book: &'static str,
    pub phases: &'static [PhaseSpec],
}

/// Where a battle stands in its sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Turn number, from 1.
    pub turn: u32,
    /// Index into the sequence's phases.
    pub phase: u8,
    /// The side that has the first half of each turn.
    pub first: Side,
}

impl Clock {
    pub fn new(first: Side) -> Self {
        Clock {
            turn: 1,
            phase: 0,
            first,
        }
    }

    pub fn spec(&self, seq: &SequenceOfPlay) -> PhaseSpec {
        seq.phases[self.phase as usize]
    }

    /// The side whose half-turn it is.
    pub fn phasing(&self, seq: &SequenceOfPlay) -> Side {
        if self.spec(seq).half == 0 {
            self.first
        } else {
            self.first.other()
        }
    }

    /// The side that acts in the current phase (for `Actor::Both`, the phasing side first).
    pub fn actor(&self, seq: &SequenceOfPlay) -> Side {
        let p = self.phasing(seq);
        match self.spec(seq).actor {
            Actor::Phasing | Actor::Both => p,
            Actor::NonPhasing => p.other(),
        }
    }

    /// The clock after the current phase ends.
    pub fn next(&self, seq: &SequenceOfPlay) -> Clock {
        let mut c = *self;
        c.phase += 1;
        if c.phase as usize >= seq.phases.len() {
            c.phase = 0;
            c.turn += 1;
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEQ: SequenceOfPlay = SequenceOfPlay {
        book: "test",
        phases: &[
            PhaseSpec {
                key: "move",
                title: "move",
                actor: Actor::Phasing,
                half: 0,
            },
            PhaseSpec {
                key: "shoot",
                title: "shoot",
                actor: Actor::NonPhasing,
                half: 0,
            },
            PhaseSpec {
                key: "move",
                title: "move",
                actor: Actor::Phasing,
                half: 1,
            },
        ],
    };

    #[test]
    fn clock_walks_the_sequence() {
        let c = Clock::new(Side(1));
        assert_eq!(c.actor(&SEQ), Side(1));
        let c = c.next(&SEQ);
        assert_eq!(c.actor(&SEQ), Side(0));
        let c = c.next(&SEQ);
        assert_eq!(c.phasing(&SEQ), Side(0));
        let c = c.next(&SEQ);
        assert_eq!((c.turn, c.phase), (2, 0));
    }
}
