//! The parts of a move period, each in its own module: movement and formation changes,
//! fire, charges and melee, rout and rally, and the passing of move periods and turns.

pub mod charge;
pub mod crews;
pub mod fire;
pub mod movement;
pub mod period;
pub mod rout;
