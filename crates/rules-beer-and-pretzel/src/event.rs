//! Everything that can happen in a "Beer and Pretzel" battle. The `apply` module is the only
//! code that changes a state.

use crate::resolve::melee;
use crate::state::{Done, Order, Pending, Status, UnitId};
use grognard_engine::sequence::Clock;
use grognard_engine::{Explanation, Outcome};
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A move period begins.
    Period {
        clock: Clock,
    },
    /// A unit's control roll for the move period (optional rule).
    Control {
        unit: UnitId,
        roll: Explanation,
        halved: bool,
    },
    /// A unit's place in the cycle of rout and rally changed, turning it to `pose`.
    Rallying {
        unit: UnitId,
        status: Status,
        pose: Pose,
    },
    Moved {
        unit: UnitId,
        to: Pose,
        cost: f64,
        /// A gun turned on its axis, free still to fire.
        #[serde(default)]
        pivot: bool,
    },
    Formed {
        unit: UnitId,
        order: Order,
    },
    /// What a unit has done in this move period.
    Done {
        unit: UnitId,
        done: Done,
    },
    /// A gun moved, or may fire back again.
    GunMoved {
        unit: UnitId,
        moved: bool,
    },
    /// Musket fire.
    Volley {
        unit: UnitId,
        target: UnitId,
        roll: Explanation,
        hits: u32,
        returned: bool,
    },
    /// Round shot or canister.
    Gunfire {
        unit: UnitId,
        targets: Vec<UnitId>,
        roll: Explanation,
        hits: Vec<u32>,
        canister: bool,
    },
    /// Figures lost.
    Lost {
        unit: UnitId,
        figures: u32,
        /// Figures left after the loss.
        left: u32,
        why: String,
    },
    Pending {
        pending: Option<Pending>,
    },
    /// A charger moved into contact.
    Contact {
        unit: UnitId,
        target: UnitId,
        to: Pose,
        flank: bool,
    },
    Morale {
        unit: UnitId,
        roll: Explanation,
        holds: bool,
        why: String,
    },
    Melee {
        attacker: UnitId,
        defender: UnitId,
        rolls: Vec<Explanation>,
        result: melee::Result,
    },
    /// A unit routed, retiring to `to`; the formed friends it ran through are disrupted.
    Routed {
        unit: UnitId,
        to: Pose,
    },
    Disrupted {
        unit: UnitId,
        until: u32,
    },
    /// A unit not yet effective again was charged: half its figures fall at the first
    /// charge, all at the second.
    Assaulted {
        unit: UnitId,
    },
    /// Off the table: destroyed, its gun lost, or fled off the table.
    Gone {
        unit: UnitId,
        why: String,
    },
    /// Fire at or from a building ("B&P Fighting in Buildings").
    BuildingFire {
        unit: UnitId,
        target: UnitId,
        roll: Explanation,
        hit: bool,
    },
    /// One attacking stand's roll on the Building Melee Results.
    BuildingMelee {
        attacker: UnitId,
        defender: UnitId,
        roll: Explanation,
        result: crate::resolve::buildings::Melee,
    },
    /// Artillery hit a building; at `hits_to_burn` it burns.
    BuildingHit {
        feature: usize,
        hits: u32,
    },
    /// Gunners went over to another gun, which may move and fire again from `ready_turn`.
    Remanned {
        unit: UnitId,
        gun: UnitId,
        figures: u32,
        ready_turn: u32,
    },
    /// A command figure with a unit fired on or charged is at risk: a 12 kills him ("B&P
    /// Command Figures").
    CommanderRisk {
        unit: UnitId,
        roll: Explanation,
        killed: bool,
    },
    Ended {
        outcome: Outcome,
    },
}
