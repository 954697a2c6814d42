//! The rolls of the book as the table companion asks them, each in its own file: its facts,
//! checks, final outcomes and exact odds, over the same code the battle rolls with.

pub mod defensive_fire;
pub mod rout_survival;
pub mod shooting;
