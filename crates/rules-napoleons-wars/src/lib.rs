//! "Napoleon's Wars" (David Bush, 2003): brigade-level battles on 3" bases with strength
//! points, 2d6 tables, a command hierarchy with ranges, simultaneous fire phases and a
//! reaction phase for the other side's cavalry.
//!
//! Key decision: the book's chapter II (designing units, commands and fatigue from history)
//! is plain arithmetic over the same levels and tables the battle uses, so it lives here as
//! pure functions ([`design`]) beside the tables ([`tables`]), and the national unit and
//! officer ratings are data embedded in the crate ([`ratings`]) that a scenario names.

pub mod advisor;
pub mod apply;
pub mod army;
pub mod book;
pub mod campaign;
pub mod command;
pub mod ctx;
pub mod design;
pub mod event;
pub mod facts;
pub mod fallback;
pub mod fight;
pub mod firing;
pub mod invariants;
pub mod levels;
pub mod measure;
pub mod movement;
pub mod moves;
pub mod narrate;
pub mod nation;
pub mod oob;
pub mod orders;
pub mod picture;
pub mod ratings;
pub mod reaction;
pub mod resolutions;
pub mod resolve;
pub mod roster;
pub mod round;
pub mod rules;
pub mod scenario;
pub mod seat;
pub mod sequence;
pub mod setup;
pub mod start;
pub mod state;
pub mod tables;
pub mod validate;
pub mod victory;

pub use command::Command;
pub use levels::{Arm, CavalryWeight, Fatigue, GunWeight, Morale, Quality, Rating};
pub use nation::Nation;
pub use rules::NapoleonsWars;
