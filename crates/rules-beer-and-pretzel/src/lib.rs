//! "Beer and Pretzel Napoleonic Wargame Rules" (Robert Epstein, 1996) for Grognard.
//!
//! A move and counter-move game of battalions, regiments and batteries of figures on
//! stands. This crate holds the book's tables as data ([`tables`]) and every roll the book
//! asks for as a resolution ([`resolve`]): the same code gives a roll's result in play and
//! its exact odds at the table. The crate README lists what is covered and every ruling.

pub mod resolve;
pub mod tables;

pub use tables::Tables;
