//! Setting a battle up: the built-in battle, scenario files and their checks.

pub mod setup;
pub mod validate;
