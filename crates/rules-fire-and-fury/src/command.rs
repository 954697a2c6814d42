//! What a side may order.

use crate::facts::Formation;
use crate::state::UnitId;
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// The winner of the initiative chooses to be first or second player ("NFF Sequence 1").
    GoFirst { first: bool },
    /// A leader attaches himself to a brigade or battery of his command, or to a leader
    /// below him (`to`), or leaves the one he is with (`to` none), moving to it within his
    /// move (design 4.9).
    Attach { leader: UnitId, to: Option<UnitId> },
    /// A brigade announces Reserve Movement and throws on the Maneuver Table's Reserve
    /// column; a battery announces it without a throw ("NFF Maneuver: Reserve Movement 4,
    /// 7").
    Reserve { unit: UnitId },
    /// A brigade in the Tactical Zone throws for Tactical Movement, having announced a
    /// charge on `charge` if it means one ("NFF Maneuver: Tactical Movement", "NFF Charge
    /// 2").
    Maneuver {
        unit: UnitId,
        charge: Option<UnitId>,
    },
    /// A Disordered brigade takes the rally its result offers (design 4.2).
    Rally { unit: UnitId },
    /// Move a unit straight to `to`, turning to its facing, within what its result allows.
    Move { unit: UnitId, to: Pose },
    /// A brigade changes formation, as its result allows.
    Form { unit: UnitId, formation: Formation },
    /// A company of engineers joins an infantry brigade within an inch (`to`), or leaves
    /// the one it is with (`to` none) for the ground behind it ("NFF Additional 1"): a
    /// function, in Tactical Movement.
    Engineers { company: UnitId, to: Option<UnitId> },
    /// A battery limbers or unlimbers (a function: design 4.8).
    Limber { unit: UnitId, limbered: bool },
    /// An eligible commander forms a Grand Battery of these batteries ("NFF Maneuver: Grand
    /// Batteries 1").
    GrandBattery {
        commander: UnitId,
        batteries: Vec<UnitId>,
    },
    /// A brigade whose result allows it charges the enemy it announced: it moves into
    /// contact ("NFF Charge 1").
    Charge { unit: UnitId },
    /// Cavalry that won its charge charges again, straight ahead, into an enemy not yet
    /// fought this phase ("NFF Sequence 2c", design 4.6).
    Breakthrough { unit: UnitId, target: UnitId },
    /// A brigade or battery fires at an enemy ("NFF M&C").
    Fire { unit: UnitId, target: UnitId },
    /// The side is done with the phase.
    Done,
}
