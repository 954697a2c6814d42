//! Designing battles: the state a scenario starts from, the built-in battle, and scenario
//! files read and checked.

pub mod setup;
pub mod validate;
