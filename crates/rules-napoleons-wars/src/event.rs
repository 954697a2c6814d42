//! Everything that can happen in a "Napoleon's Wars" battle. Resolutions carry their
//! explanations; [`crate::apply`] is the only code that changes a state.

use crate::resolve::{combat, fire, maneuver, morale, skirmish};
use crate::state::{FireOrder, Gone, UnitId};
use grognard_engine::sequence::Clock;
use grognard_engine::{Explanation, Outcome, Side};
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The CinCs rolled for the initiative ("NW 6.0").
    Initiative {
        rolls: [Explanation; 2],
        winner: Side,
        /// The side whose Napoleon asked for this roll, using his once-a-battle re-roll.
        reroll_by: Option<Side>,
    },
    /// Napoleon let the initiative roll stand; the winner chooses.
    RollStands {
        winner: Side,
    },
    /// The winner chose who goes first this turn.
    FirstChosen {
        first: Side,
    },
    /// The clock moved on to a phase.
    Phase {
        clock: Clock,
    },
    /// A side has finished its part of a phase both sides act in.
    SideDone {
        side: Side,
    },
    /// Reinforcements arrive ("NW 9.0 C" step 8).
    Arrived {
        unit: UnitId,
        pose: Pose,
    },
    /// A fire declared in a simultaneous phase.
    Declared {
        order: FireOrder,
    },
    Skirmish {
        attackers: Vec<UnitId>,
        target: UnitId,
        attack: skirmish::Attack,
    },
    ArtilleryFire {
        batteries: Vec<UnitId>,
        target: UnitId,
        fire: fire::Fire,
        /// Final fire at an attacker ("NW 8.5").
        final_fire: bool,
    },
    /// A cavalry unit's reaction roll ("NW 10.1").
    ReactionRoll {
        unit: UnitId,
        test: morale::Test,
        charged_by: Option<UnitId>,
        toward: Option<UnitId>,
    },
    /// The reacting cavalry meets the charge at the gallop.
    Countercharged {
        unit: UnitId,
    },
    /// A combat no longer takes place (the defender got away).
    ContactBroken {
        defender: UnitId,
    },
    /// Reaction marks are wiped as a reaction phase begins.
    ReactionMarksCleared,
    /// A charged battery rolls to get away ("NW 8.5").
    Evasion {
        unit: UnitId,
        test: morale::Test,
    },
    /// Strength points lost, and why.
    Lost {
        unit: UnitId,
        sp: u32,
        why: String,
    },
    Disordered {
        unit: UnitId,
        why: String,
    },
    /// Good order regained (a maneuver result, or rallying marks it disordered instead).
    Reordered {
        unit: UnitId,
    },
    Suppressed {
        unit: UnitId,
    },
    /// Suppression wears off at the end of the battery's next artillery phase ("NW 11.6").
    Unsuppressed {
        unit: UnitId,
    },
    /// A unit falls back, retreats or routs to a new place.
    FellBack {
        unit: UnitId,
        to: Pose,
        why: String,
    },
    Routed {
        unit: UnitId,
        to: Pose,
    },
    /// Leaves the table for good.
    Gone {
        unit: UnitId,
        how: Gone,
        why: String,
    },
    ManeuverRoll {
        unit: UnitId,
        roll: maneuver::Roll,
        allowance: f64,
    },
    Moved {
        unit: UnitId,
        to: Pose,
        /// Allowance spent.
        cost: f64,
        road: bool,
    },
    /// An attacker whose target battery got away or was overrun may move on with what is
    /// left of its allowance ("NW 8.5", "NW Optional rules 4.0").
    MovesOn {
        unit: UnitId,
        allowance: f64,
    },
    /// A unit moved into contact: the attack will be fought in the combat phase.
    Contact {
        attacker: UnitId,
        defender: UnitId,
    },
    /// The defender turned to face its first attacker ("NW 9.93").
    Faced {
        unit: UnitId,
        pose: Pose,
    },
    Attached {
        officer: UnitId,
        unit: Option<UnitId>,
    },
    /// A battery attaches to an infantry brigade, squared up in front of it, or detaches
    /// (`infantry: None`) ("NW 8.6").
    BatteryAttached {
        battery: UnitId,
        infantry: Option<UnitId>,
        pose: Pose,
    },
    /// A general or ADC goes to the unit he has just attached to ("NW 9.0 A").
    OfficerMoved {
        unit: UnitId,
        to: Pose,
    },
    /// An officer run over by enemy troops who lives is moved 3" aside, off any unit he was
    /// attached to ("NW 9.3" note 2).
    MovedAside {
        officer: UnitId,
        to: Pose,
    },
    OfficerRisk {
        unit: UnitId,
        test: morale::Test,
    },
    Fought {
        attackers: Vec<UnitId>,
        defender: UnitId,
        round: combat::Round,
    },
    Advanced {
        unit: UnitId,
        to: Pose,
    },
    /// A valorous commander's combat bonus is given for this phase ("NW 11.2" #3).
    ValourUsed,
    /// A combat is over (fought or ended by a retreat).
    CombatOver {
        defender: UnitId,
    },
    RallyTest {
        unit: UnitId,
        test: morale::Test,
    },
    Rallied {
        unit: UnitId,
        pose: Pose,
    },
    /// A command has lost enough units to be fatigued ("NW 12.0", "NW II 4.0").
    CommandFatigued {
        side: Side,
        command: u8,
    },
    ReplacementDue {
        side: Side,
        command: u8,
        roll: Explanation,
        turn: u32,
    },
    CommanderReplaced {
        side: Side,
        command: u8,
        unit: UnitId,
        pose: Pose,
    },
    /// Fire marks of a phase are wiped.
    FireMarksCleared,
    /// A new half-turn's fire begins: losses to earlier fire no longer count in combat.
    LossMarksCleared,
    /// Moved marks of a maneuver phase are wiped.
    MoveMarksCleared {
        side: Side,
    },
    Ended {
        outcome: Outcome,
    },
}
