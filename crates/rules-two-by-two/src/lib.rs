//! "2 by 2 Napoleonic's" v3.01 (Rod Humble) for Grognard.
//!
//! Key decision: the book's resolutions (shooting, melee, rally, routs) are plain functions
//! of a state and dice, shared by execution, prediction and the advisor, and every number
//! they use lives in [`tables::Tables`] with its section. The commands a side may give are
//! in [`command`], what happens is in [`event`], and [`apply`] is the only code that changes
//! a [`state::State`].

pub mod advisor;
pub mod apply;
pub mod book;
pub mod command;
pub mod ctx;
pub mod design;
pub mod event;
pub mod invariants;
pub mod measure;
pub mod narrate;
pub mod offer;
pub mod orders;
pub mod phases;
pub mod picture;
pub mod resolve;
pub mod rules;
pub mod scenario;
pub mod seat;
pub mod sequence;
pub mod state;
pub mod tables;
pub mod units;
pub mod victory;

pub use command::Command;
pub use event::Event;
pub use rules::TwoByTwo;
pub use scenario::Scenario;
pub use state::State;
