//! What a side may order.

use crate::state::{Order, UnitId};
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// Move a unit in a straight line to `to`, ending with that facing ("B&P Movement").
    Move { unit: UnitId, to: Pose },
    /// Change a unit's formation where it stands.
    Form { unit: UnitId, order: Order },
    /// Fire muskets, round shot or canister at an enemy unit ("B&P Fire Combat").
    Fire { unit: UnitId, target: UnitId },
    /// Charge an enemy unit ("B&P Melee Combat").
    Charge { unit: UnitId, target: UnitId },
    /// The gunners of `unit` go over to `gun` and join its crew ("B&P Fire Combat",
    /// artillery).
    Reman { unit: UnitId, gun: UnitId },
    /// The side fired upon answers: fire back, or hold its fire.
    ReturnFire { fire: bool },
    /// The side charged answers, its unit having held: fire into the charger, form square.
    Respond { fire: bool, square: bool },
    /// The side moving has done with its move period.
    EndMove,
}
