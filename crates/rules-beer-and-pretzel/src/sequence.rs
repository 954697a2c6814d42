//! The sequence of play ("B&P Game Sequence"): move and counter-move. Each turn one side has
//! its move period, in which it moves, fires and charges with any of its units in any order
//! (the cascading attack), the other side answering only with return fire, fire at a
//! charger and morale checks; then the other side has its move period.

use grognard_engine::sequence::{Actor, PhaseSpec, SequenceOfPlay};

pub const SEQUENCE: SequenceOfPlay = SequenceOfPlay {
    book: "Beer and Pretzel",
    phases: &[
        PhaseSpec {
            key: "move",
            title: "move period",
            actor: Actor::Phasing,
            half: 0,
        },
        PhaseSpec {
            key: "move",
            title: "move period",
            actor: Actor::Phasing,
            half: 1,
        },
    ],
};
