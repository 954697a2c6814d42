//! "Napoleon's Wars" (David Bush, 2003): brigade-level battles on 3" bases with strength
//! points, 2d6 tables, a command hierarchy with ranges, simultaneous fire phases and a
//! reaction phase for the other side's cavalry.
//!
//! Key decision: the book's chapter II (designing units, commands and fatigue from history)
//! is plain arithmetic over the same levels and tables the battle uses, so it lives here as
//! pure functions ([`design`]) beside the tables ([`tables`]), and the national unit and
//! officer ratings are data embedded in the crate ([`ratings`]) that a scenario names.

pub mod army;
pub mod campaign;
pub mod design;
pub mod levels;
pub mod nation;
pub mod oob;
pub mod ratings;
pub mod resolve;
pub mod roster;
pub mod round;
pub mod tables;

pub use levels::{Arm, CavalryWeight, Fatigue, GunWeight, Morale, Quality, Rating};
pub use nation::Nation;
