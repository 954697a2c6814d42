//! Rolls of the book written as functions of the facts a player states, shared by the
//! battle and the table companion (each bound in [`crate::resolutions`]).

pub mod melee;
pub mod reinforcement;
pub mod setup;
