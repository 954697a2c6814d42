//! "Napoleonic Fire & Fury" (Wilbur E. Gray), a module over the original "Fire & Fury"
//! rules, which it refers to but does not contain.
//!
//! The rule set is being built from `docs/fire-and-fury-design.md`. What stands so far:
//! the tables the module names but does not print, Grognard's own design, as data
//! ([`tables`]), each labelled as not the published one and replaceable from a file by a
//! player who owns the published rules; the module's own modifiers as data, each with its
//! section ([`modifiers`]); and every roll the module asks for as a resolution with exact
//! odds ([`resolve`]). There is no battle yet: `grognard rules` does not list this book.

pub mod design;
pub mod event;
pub mod facts;
pub mod modifiers;
pub mod resolve;
pub mod scenario;
pub mod sequence;
pub mod state;
pub mod tables;
