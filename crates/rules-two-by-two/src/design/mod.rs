//! Armies before the battle: the book's army lists and their limits, the set-up of a
//! battle from them, and the checking of scenario and army files.

pub mod army;
pub mod limits;
pub mod setup;
pub mod validate;
