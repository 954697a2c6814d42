//! "Napoleonic Wargames Rules" (Steve Burt) for Grognard.
//!
//! A battalion game at one figure to thirty men, with orders written secretly for every
//! unit each turn. The book's tables are data ([`tables`]) and every roll it asks for is a
//! resolution ([`resolve`]), so a roll's result in play and its exact odds at the table
//! come from one piece of code. The crate README lists what is covered and every ruling.
//!
//! Imports run one way: the glue ([`rules`], [`book`], [`seat`]) reads the phases, the
//! advisor, the narrative and the pictures; the phases read the state, [`measure`] and the
//! resolutions; [`apply`] alone changes the state.

pub mod advisor;
pub mod apply;
pub mod book;
pub mod command;
pub mod ctx;
pub mod design;
pub mod dice;
pub mod event;
pub mod invariants;
pub mod measure;
pub mod narrate;
pub mod offer;
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
pub use rules::Burt;
pub use tables::Tables;
