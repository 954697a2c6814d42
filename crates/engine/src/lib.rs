//! The shared engine of Grognard.
//!
//! Key decision: a rule set is a value implementing [`Ruleset`]; everything else here (the
//! match driver, replays, the conformance kit, batch statistics) works through that trait
//! alone, so a book never leaks into another and a new book is one new crate. Randomness
//! enters only through a [`dice::Dice`] source, and a game state changes only by applying
//! the events a command produced, so a battle is fully determined by its scenario, its seed
//! and its commands.

pub mod dice;
pub mod driver;
pub mod explain;
pub mod files;
pub mod placed;
pub mod reference;
pub mod replay;
pub mod resolution;
pub mod ruleset;
pub mod scene;
pub mod sequence;
pub mod side;
pub mod stamp;
pub mod stats;
pub mod terrain;

pub mod book;
pub mod conformance;
pub mod ctx;

pub use dice::Dice;
pub use explain::{Explanation, Modifier};
pub use ruleset::{Battle, Candidate, Illegal, Outcome, Player, Ruleset, Settled};
pub use side::Side;
