//! "Napoleonic Wargames Rules" (Steve Burt) for Grognard.
//!
//! A battalion game at one figure to thirty men, with orders written secretly for every
//! unit each turn. The book's tables are data ([`tables`]) and every roll it asks for is a
//! resolution ([`resolve`]), so a roll's result in play and its exact odds at the table
//! come from one piece of code. The crate README lists what is covered and every ruling.

pub mod dice;
pub mod resolve;
pub mod tables;

pub use tables::Tables;
