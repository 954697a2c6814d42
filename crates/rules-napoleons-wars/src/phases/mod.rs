//! What happens in each phase of a turn ("NW 5.0"): the fire phases (skirmish and
//! artillery), maneuver and movement, the reaction of cavalry, combat, and the fallbacks
//! and retreats they cause.

pub mod fallback;
pub mod fight;
pub mod firing;
pub mod movement;
pub mod reaction;
