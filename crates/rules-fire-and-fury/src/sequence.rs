//! The sequence of play ("NFF Sequence", design 4.9): the initiative interphase, then each
//! player turn's maneuver, musketry and cannonade, and charge phases.

use grognard_engine::sequence::{Actor, PhaseSpec, SequenceOfPlay};

const fn phase(key: &'static str, title: &'static str, actor: Actor, half: u8) -> PhaseSpec {
    PhaseSpec {
        key,
        title,
        actor,
        half,
    }
}

macro_rules! player_turn {
    ($half:expr) => {
        [
            phase("attach", "leader attachment", Actor::Phasing, $half),
            phase("reserve", "Reserve Movement", Actor::Phasing, $half),
            phase("tactical", "Tactical Movement", Actor::Phasing, $half),
            phase("leaders", "detached leader movement", Actor::Phasing, $half),
            phase("defensive_fire", "defensive fire", Actor::NonPhasing, $half),
            phase("offensive_fire", "offensive fire", Actor::Phasing, $half),
            phase("charge", "charges", Actor::Phasing, $half),
        ]
    };
}

const FIRST: [PhaseSpec; 7] = player_turn!(0);
const SECOND: [PhaseSpec; 7] = player_turn!(1);

const PHASES: [PhaseSpec; 15] = [
    phase("initiative", "initiative", Actor::Both, 0),
    FIRST[0],
    FIRST[1],
    FIRST[2],
    FIRST[3],
    FIRST[4],
    FIRST[5],
    FIRST[6],
    SECOND[0],
    SECOND[1],
    SECOND[2],
    SECOND[3],
    SECOND[4],
    SECOND[5],
    SECOND[6],
];

pub const SEQUENCE: SequenceOfPlay = SequenceOfPlay {
    book: "Napoleonic Fire & Fury (Wilbur E. Gray)",
    phases: &PHASES,
};
