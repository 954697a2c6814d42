//! "Napoleonic Fire & Fury" (Wilbur E. Gray), a module over the original "Fire & Fury"
//! rules, which it refers to but does not contain.
//!
//! The rule set follows `docs/fire-and-fury-design.md`. The tables the module names but does
//! not print are Grognard's own design, as data ([`tables`]), each labelled as not the
//! published one and replaceable from a file by a player who owns the published rules; the
//! module's own modifiers are data with their sections ([`modifiers`]); every roll is a
//! resolution with exact odds ([`resolve`]), and the battle ([`phases`]) throws them. The
//! crate README lists what is done and what is not.
//!
//! Imports run one way: the glue ([`rules`], [`book`], [`seat`]) reads the phases, the
//! advisor, the narrative and the pictures; the phases read the state, [`measure`] and the
//! resolutions; [`event`] alone changes the state.

pub mod advisor;
pub mod book;
pub mod command;
pub mod ctx;
pub mod design;
pub mod event;
pub mod facts;
pub mod invariants;
pub mod measure;
pub mod modifiers;
pub mod narrate;
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
pub use rules::FireAndFury;
pub use tables::Tables;
