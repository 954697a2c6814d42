//! "Beer and Pretzel Napoleonic Wargame Rules" (Robert Epstein, 1996) for Grognard.
//!
//! A move and counter-move game of battalions, regiments and batteries of figures on
//! stands. The book's tables are data ([`tables`]) and every roll it asks for is a
//! resolution ([`resolve`]), so a roll's result in play and its exact odds at the table
//! come from one piece of code. The crate README lists what is covered and every ruling.

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

pub use command::Command;
pub use rules::BeerAndPretzel;
pub use tables::Tables;
