//! The rolls of the book as the table companion asks them, each in its own file: its facts,
//! checks, final outcomes and exact odds, over the same code the battle rolls with (each
//! bound in [`resolutions`]).

pub mod defensive_fire;
pub mod facts;
pub mod melee;
pub mod rally;
pub mod reinforcement;
pub mod resolutions;
pub mod rout_survival;
pub mod setup;
pub mod shooting;
