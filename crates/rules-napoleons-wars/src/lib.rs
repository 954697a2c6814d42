//! "Napoleon's Wars" (David Bush, 2003): brigade-level battles on 3" bases with strength
//! points, 2d6 tables, a command hierarchy with ranges, simultaneous fire phases and a
//! reaction phase for the other side's cavalry.
//!
//! Key decision: the book's chapter II (designing units, commands and fatigue from history)
//! is plain arithmetic over the same levels and tables the battle uses, so it lives here as
//! pure functions ([`design`]) beside the tables ([`tables`]), and the national unit and
//! officer ratings are data embedded in the crate ([`design::ratings`]) that a scenario names.

pub mod advisor;
pub mod apply;
pub mod book;
pub mod campaign;
pub mod command;
pub mod ctx;
pub mod design;
pub mod event;
pub mod invariants;
pub mod levels;
pub mod measure;
pub mod moves;
pub mod narrate;
pub mod nation;
pub mod orders;
pub mod phases;
pub mod picture;
pub mod resolve;
pub mod rules;
pub mod scenario;
pub mod seat;
pub mod sequence;
pub mod start;
pub mod state;
pub mod tables;
pub mod victory;

pub use command::Command;
pub use levels::{Arm, CavalryWeight, Fatigue, GunWeight, Morale, Quality, Rating};
pub use nation::Nation;
pub use rules::NapoleonsWars;
