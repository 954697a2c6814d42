//! The sequence of play ("NW 5.0"): each turn, the initiative, then each side's fire,
//! maneuver, reaction, combat and rally phases in the order the initiative gives.

use crate::state::State;
use grognard_engine::sequence::{Actor, PhaseSpec, SequenceOfPlay};

const fn phase(key: &'static str, title: &'static str, actor: Actor, half: u8) -> PhaseSpec {
    PhaseSpec {
        key,
        title,
        actor,
        half,
    }
}

/// "NW 5.0": initiative, then each side's skirmish, artillery, maneuver, reaction and combat
/// phases in turn, then a rally phase for both.
pub const SEQUENCE: SequenceOfPlay = SequenceOfPlay {
    book: "Napoleon's Wars",
    phases: &[
        phase("initiative", "initiative", Actor::Phasing, 0),
        phase("skirmish", "skirmish fire", Actor::Both, 0),
        phase("artillery", "artillery fire", Actor::Both, 0),
        phase("maneuver", "maneuver", Actor::Phasing, 0),
        phase("reaction", "reaction", Actor::NonPhasing, 0),
        phase("combat", "combat", Actor::Phasing, 0),
        phase("skirmish", "skirmish fire", Actor::Both, 1),
        phase("artillery", "artillery fire", Actor::Both, 1),
        phase("maneuver", "maneuver", Actor::Phasing, 1),
        phase("reaction", "reaction", Actor::NonPhasing, 1),
        phase("combat", "combat", Actor::Phasing, 1),
        phase("rally", "rally", Actor::Both, 1),
    ],
};

pub fn phase_key(state: &State) -> &'static str {
    state.clock.spec(&SEQUENCE).key
}
