//! What happened. Applying events is the only way a state changes.

use crate::state::{Contact, MeleeWork, Pending, ShotResult, Status, UnitId};
use grognard_engine::explain::Explanation;
use grognard_engine::sequence::Clock;
use grognard_engine::{Outcome, Side};
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

/// Why a unit was destroyed or routed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cause {
    Shooting,
    Melee,
    /// Rolled 1-2 when routing.
    RoutRoll,
    /// Touched an enemy while routing.
    RoutIntoEnemy,
    /// Routed off the table.
    OffTable,
    /// Forced into dense woods (not light infantry) or other impassable ground.
    ImpassableGround,
    /// An HQ touching a unit that was destroyed.
    WithItsUnit,
    /// Exchanged at a reinforcement point.
    Exchange,
    /// Routed by a routing Guards unit passing within 1".
    GuardsChain,
    /// Militia (or irregular cavalry) routed by a nearby rout.
    MilitiaChain,
    /// Light infantry or light cavalry chose to rout.
    Voluntary,
    /// Suffered its supported unit's result ("Column of Attack").
    ColumnSupport,
}

/// A thing that happened. The explanations of rolls are boxed: most events name a unit
/// and a place, and every event is moved twice as it is applied and kept, so a small one
/// costs less to move. A box is written out as what it holds, so the files are as before.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Event {
    PhaseBegan {
        clock: Clock,
    },
    ReinforcementRolled {
        side: Side,
        point: u8,
        roll: Box<Explanation>,
        arrives: Option<UnitId>,
    },
    Arrived {
        unit: UnitId,
        pose: Pose,
    },
    HeldBack {
        unit: UnitId,
    },
    Exchanged {
        unit: UnitId,
        enemy: UnitId,
    },
    Moved {
        unit: UnitId,
        to: Pose,
        cost: f64,
        road: bool,
    },
    Contacted {
        attacker: UnitId,
        defender: UnitId,
    },
    ContactEnded {
        attacker: UnitId,
        defender: UnitId,
    },
    /// A base put in a new place by a rule (turning to face, alignment, being pushed).
    Placed {
        unit: UnitId,
        pose: Pose,
        why: String,
    },
    Fired {
        shooter: UnitId,
        with: Option<UnitId>,
        target: UnitId,
        group: Vec<UnitId>,
        roll: Box<Explanation>,
        result: ShotResult,
    },
    /// The result of a shot falls on this unit.
    Hit {
        unit: UnitId,
        result: ShotResult,
    },
    Repulsed {
        unit: UnitId,
        to: Pose,
    },
    StatusChanged {
        unit: UnitId,
        status: Status,
        why: String,
    },
    RoutTest {
        unit: UnitId,
        roll: Box<Explanation>,
        survived: bool,
        cause: Cause,
    },
    Routed {
        unit: UnitId,
        to: Pose,
    },
    Destroyed {
        unit: UnitId,
        cause: Cause,
    },
    Exited {
        unit: UnitId,
    },
    Rallied {
        unit: UnitId,
        roll: Box<Explanation>,
        success: bool,
    },
    /// The unit is done for this phase without acting.
    Passed {
        unit: UnitId,
    },
    MeleeFought {
        attacker: UnitId,
        defender: UnitId,
        attack: Box<Explanation>,
        defence: Box<Explanation>,
        /// The side of the contact that won.
        winner: UnitId,
        loser: UnitId,
        /// Difference of the deciding round.
        difference: i32,
    },
    FollowedUp {
        unit: UnitId,
        to: Pose,
    },
    MeleeWork {
        work: MeleeWork,
    },
    Pending {
        pending: Option<Pending>,
    },
    Contacts {
        contacts: Vec<Contact>,
    },
    Ended {
        outcome: Outcome,
    },
}

impl Event {
    /// True if the event leaves every base where it was and adds no contact, so no contact
    /// can have come apart through it.
    pub fn keeps_contacts(&self) -> bool {
        matches!(
            self,
            Event::PhaseBegan { .. }
                | Event::ReinforcementRolled { .. }
                | Event::HeldBack { .. }
                | Event::Exchanged { .. }
                | Event::Fired { .. }
                | Event::Hit { .. }
                | Event::RoutTest { .. }
                | Event::MeleeFought { .. }
                | Event::StatusChanged { .. }
                | Event::Rallied { .. }
                | Event::Passed { .. }
                | Event::MeleeWork { .. }
                | Event::Pending { .. }
                | Event::Ended { .. }
        )
    }
}
