//! What a side may order.

use crate::state::{Formation, Order, UnitId};
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

/// How a unit meets an assault ("Burt 9").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    /// Fire at the assaulters (FIRE or RESERVE orders, in musket range).
    Fire,
    /// Charge them in turn (MANOEUVRE or RESERVE orders; ASSAULT orders must).
    Countercharge,
    /// Turn about and go back (RESERVE or MANOEUVRE orders).
    Evade,
    /// Stand and receive them.
    Hold,
}

impl Reaction {
    pub const ALL: [Reaction; 4] = [
        Reaction::Fire,
        Reaction::Countercharge,
        Reaction::Evade,
        Reaction::Hold,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reaction::Fire => "fires at the assaulters",
            Reaction::Countercharge => "countercharges",
            Reaction::Evade => "evades",
            Reaction::Hold => "holds",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// Place an order chit, face down, beside a unit ("Burt 4").
    Order { unit: UnitId, order: Order },
    /// The winner of the initiative chooses whether its side goes first ("Burt 3").
    GoFirst { first: bool },
    /// Declare an assault on an enemy unit in charge reach ("Burt 5").
    Assault { unit: UnitId, target: UnitId },
    /// Move a unit straight to `to`, turning to its facing: a manoeuvre, a move under FIRE
    /// orders, a reserve move or an officer's move, as the phase is.
    Move { unit: UnitId, to: Pose },
    /// Change formation, or limber or unlimber guns ("Burt 12").
    Form { unit: UnitId, formation: Formation },
    /// Commit a reserve to support an assaulted friend ("Burt 5").
    Support { unit: UnitId, friend: UnitId },
    /// A general takes over command of a unit, or leaves it (`unit` none) ("Burt 12").
    Join {
        general: UnitId,
        unit: Option<UnitId>,
    },
    /// Fire at an enemy unit ("Burt 6").
    Fire { unit: UnitId, target: UnitId },
    /// An assaulted unit reacts ("Burt 9").
    React { unit: UnitId, reaction: Reaction },
    /// The side is done with the phase.
    Done,
}
