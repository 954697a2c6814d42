//! Everything that can happen in a battle. The `apply` module is the only code that changes
//! a state.

use crate::command::Reaction;
use crate::resolve::melee::Verdict;
use crate::resolve::morale::{Reason, Result as MoraleResult};
use crate::state::{Cohesion, Formation, Order, Status, UnitId};
use grognard_engine::sequence::Clock;
use grognard_engine::{Explanation, Outcome, Side};
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A phase begins, with `next` to act first in it; the first phase of a turn clears
    /// what was done in the last.
    Phase {
        clock: Clock,
        next: Side,
    },
    /// The side to act next within the phase.
    Next {
        side: Side,
    },
    /// A side is done with the phase.
    Passed {
        side: Side,
    },
    /// The throw for the initiative: `winner` chooses.
    Initiative {
        roll: Explanation,
        winner: Side,
    },
    /// `side` goes first this turn.
    First {
        side: Side,
    },
    /// A new chit, face down.
    Ordered {
        unit: UnitId,
        order: Order,
    },
    /// The unit's chit is turned face up.
    Revealed {
        unit: UnitId,
        order: Order,
    },
    /// The book changes the unit's order, openly ("Burt 11").
    Forced {
        unit: UnitId,
        order: Order,
        why: String,
    },
    /// The unit leaves reserve for good.
    LeftReserve {
        unit: UnitId,
    },
    /// An army's morale falls (its side alone is told).
    ArmyMorale {
        side: Side,
        left: i32,
        why: String,
    },
    /// An army's morale reached nothing ("Burt 10").
    Demoralised {
        side: Side,
    },
    Moved {
        unit: UnitId,
        to: Pose,
        /// Inches of its move used.
        used: f64,
    },
    Formed {
        unit: UnitId,
        formation: Formation,
        used: f64,
    },
    /// The unit's order changed on the cohesion ladder.
    Cohesion {
        unit: UnitId,
        cohesion: Cohesion,
        why: String,
    },
    RetreatDue {
        unit: UnitId,
        due: bool,
    },
    /// The unit was pushed back, or gave ground.
    Pushed {
        unit: UnitId,
    },
    /// The unit pushed its enemy back.
    Advanced {
        unit: UnitId,
    },
    /// The unit routed this turn (its friends who see it test).
    Routed {
        unit: UnitId,
    },
    /// The unit countercharges, or evades, an assault.
    Countercharging {
        unit: UnitId,
    },
    Status {
        unit: UnitId,
        status: Status,
    },
    Declared {
        unit: UnitId,
        target: UnitId,
    },
    /// The assault was called off.
    Called {
        unit: UnitId,
        why: String,
    },
    Supporting {
        unit: UnitId,
        friend: UnitId,
    },
    Reacted {
        unit: UnitId,
        reaction: Reaction,
    },
    Evaded {
        unit: UnitId,
        to: Pose,
        roll: Explanation,
    },
    Volley {
        unit: UnitId,
        target: UnitId,
        rolls: Vec<Explanation>,
        hits: u32,
        casualties: u32,
    },
    Lost {
        unit: UnitId,
        figures: u32,
        left: u32,
        guns_left: u32,
        /// Lost to fire (for the test at 10%).
        fire: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rolls: Vec<Explanation>,
    },
    Gone {
        unit: UnitId,
        why: String,
    },
    Morale {
        unit: UnitId,
        reason: Reason,
        roll: Explanation,
        result: MoraleResult,
    },
    Melee {
        attacker: UnitId,
        defender: UnitId,
        rolls: Vec<Explanation>,
        by_attacker: u32,
        by_defender: u32,
        verdict: Verdict,
    },
    /// A general takes over command of a unit, or leaves it.
    Joined {
        general: UnitId,
        unit: Option<UnitId>,
    },
    Ended {
        outcome: Outcome,
    },
}
