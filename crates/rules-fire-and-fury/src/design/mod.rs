//! Designing a battle: what a brigade is from its stands and its army (its arm, rating,
//! class, skirmishers and the module's majority tests), and scenario files read and
//! checked.

pub mod derive;
pub mod setup;
pub mod validate;
