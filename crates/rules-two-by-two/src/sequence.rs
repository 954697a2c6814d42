//! The sequence of play ("2x2 Sequence of play"): each half-turn, the phasing player moves
//! and dices for reinforcements, then rallies; the other player shoots; the phasing player
//! resolves melees.

use crate::state::State;
use grognard_engine::sequence::{Actor, PhaseSpec, SequenceOfPlay};

/// "2x2 Sequence of play": each half-turn, the phasing player moves and dices for
/// reinforcements, then rallies; the other player shoots; the phasing player resolves
/// melees.
pub static SEQUENCE: SequenceOfPlay = SequenceOfPlay {
    book: "2 by 2 Napoleonic's v3.01",
    phases: &[
        PhaseSpec {
            key: "move",
            title: "moves and dices for reinforcements",
            actor: Actor::Phasing,
            half: 0,
        },
        PhaseSpec {
            key: "rally",
            title: "rallies",
            actor: Actor::Phasing,
            half: 0,
        },
        PhaseSpec {
            key: "shoot",
            title: "shoots",
            actor: Actor::NonPhasing,
            half: 0,
        },
        PhaseSpec {
            key: "melee",
            title: "resolves melees",
            actor: Actor::Phasing,
            half: 0,
        },
        PhaseSpec {
            key: "move",
            title: "moves and dices for reinforcements",
            actor: Actor::Phasing,
            half: 1,
        },
        PhaseSpec {
            key: "rally",
            title: "rallies",
            actor: Actor::Phasing,
            half: 1,
        },
        PhaseSpec {
            key: "shoot",
            title: "shoots",
            actor: Actor::NonPhasing,
            half: 1,
        },
        PhaseSpec {
            key: "melee",
            title: "resolves melees",
            actor: Actor::Phasing,
            half: 1,
        },
    ],
};

pub fn phase_key(state: &State) -> &'static str {
    state.clock.spec(&SEQUENCE).key
}
