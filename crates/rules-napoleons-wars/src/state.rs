//! The state of a "Napoleon's Wars" battle. It changes only through [`crate::apply`].

use crate::army::{Battery, Brigade};
use crate::design::{self, LossKind, LossState};
use crate::levels::{Arm, Fatigue, Morale, Rating};
use crate::nation::Nation;
use crate::scenario::{Spell, Weather};
use crate::tables::Tables;
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::Feature;
use grognard_engine::{Outcome, Side};
use grognard_geometry::{Base, Pose};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type UnitId = u16;

/// Brigade bases are 3" square, batteries 1.5", generals 1", commanders 1.5" and CinCs 2"
/// ("NW 1.0").
pub const BRIGADE_SIZE: f64 = 3.0;
pub const BATTERY_SIZE: f64 = 1.5;
pub const GENERAL_SIZE: f64 = 1.0;
pub const COMMANDER_SIZE: f64 = 1.5;
pub const CINC_SIZE: f64 = 2.0;

/// Where a battery attached to a brigade stands: squarely in front of it, touching its front,
/// facing the same way ("NW 8.6").
pub fn attached_battery_pose(brigade: Pose) -> Pose {
    brigade.advanced((BRIGADE_SIZE + BATTERY_SIZE) * 0.5, 0.0)
}

/// What a piece on the table is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum Role {
    Brigade(Brigade),
    Battery(Battery),
    Cinc,
    Commander {
        command: u8,
    },
    /// A general of a division ("NW 4.0"); `division` within `command`.
    General {
        command: u8,
        division: u8,
    },
    /// An ADC, who may attach to any unit of the army ("NW 4.0").
    Adc,
}

/// Where a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// Arrives on this turn.
    Waiting(u32),
    Table,
    /// Off the table for good: eliminated, surrendered, killed, or routed off.
    Gone(Gone),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gone {
    Eliminated,
    RoutedOff,
    Killed,
    /// A general whose division is gone ("NW 4.0").
    Removed,
}

/// One piece: a brigade, a battery or an officer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Side,
    pub label: String,
    pub role: Role,
    /// The command a brigade, battery, commander or general belongs to; `None` for the CinC,
    /// ADCs and independent brigades.
    pub command: Option<u8>,
    pub pose: Pose,
    pub place: Place,
    /// Strength points of a brigade; for a battery its steps (2 full, 1 damaged).
    pub sp: u32,
    pub disordered: bool,
    pub routed: bool,
    /// A battery suppressed: half fire points in its next artillery phase ("NW 11.6").
    pub suppressed: bool,
    /// Fired in this fire phase.
    pub fired: bool,
    /// A foot battery that fired in its own side's fire phase this half-turn ("NW 9.2").
    pub fired_in_own_phase: bool,
    /// Moved (or rolled to) in this maneuver phase.
    pub moved: bool,
    /// Used road movement in its last maneuver phase ("NW 9.5" note 6).
    pub road_moved: bool,
    /// Lost a strength point in this half-turn's skirmish or artillery phase ("NW 11.2").
    pub lost_in_fire: bool,
    /// Arrived this turn: a full move without a maneuver roll ("NW 9.0 C" step 8).
    pub arrived: bool,
    /// Actually moved in this maneuver phase (rolling and holding is not moving).
    pub shifted: bool,
    /// Cavalry that has tried to react this reaction phase ("NW 10.1").
    pub reacted: bool,
    /// Cavalry that countercharged: it does not meet the charge at the halt ("NW 10.2").
    pub countercharged: bool,
    /// For a general or ADC, the brigade he is attached to; for a battery, the infantry
    /// brigade it is attached to ("NW 8.6", "NW 9.0 A").
    pub attached: Option<UnitId>,
    /// Irregular cavalry that chose to skirmish attack is open to enemy infantry's skirmish
    /// attacks in return for the rest of that skirmish phase and the next one ("NW 7.9",
    /// ruling N30): the skirmish phases still to begin or under way while it is open.
    #[serde(default)]
    pub open_to_skirmish: u8,
}

impl Unit {
    pub fn on_table(&self) -> bool {
        self.place == Place::Table
    }

    pub fn brigade(&self) -> Option<&Brigade> {
        match &self.role {
            Role::Brigade(b) => Some(b),
            _ => None,
        }
    }

    pub fn battery(&self) -> Option<&Battery> {
        match &self.role {
            Role::Battery(b) => Some(b),
            _ => None,
        }
    }

    pub fn is_officer(&self) -> bool {
        matches!(
            self.role,
            Role::Cinc | Role::Commander { .. } | Role::General { .. } | Role::Adc
        )
    }

    /// Infantry, cavalry or artillery; officers are none of them.
    pub fn arm(&self) -> Option<Arm> {
        match &self.role {
            Role::Brigade(b) => Some(b.arm),
            Role::Battery(_) => Some(Arm::Artillery),
            _ => None,
        }
    }

    pub fn is_infantry(&self) -> bool {
        self.arm() == Some(Arm::Infantry)
    }

    pub fn is_cavalry(&self) -> bool {
        self.arm() == Some(Arm::Cavalry)
    }

    pub fn is_artillery(&self) -> bool {
        self.arm() == Some(Arm::Artillery)
    }

    /// Base width and depth ("NW 1.0").
    pub fn size(&self) -> f64 {
        match self.role {
            Role::Brigade(_) => BRIGADE_SIZE,
            Role::Battery(_) => BATTERY_SIZE,
            Role::Cinc => CINC_SIZE,
            Role::Commander { .. } => COMMANDER_SIZE,
            Role::General { .. } | Role::Adc => GENERAL_SIZE,
        }
    }

    pub fn base(&self) -> Base {
        let s = self.size();
        Base::new(self.pose, s, s)
    }

    pub fn at(&self, pose: Pose) -> Base {
        let s = self.size();
        Base::new(pose, s, s)
    }

    /// A battery that has lost its first step ("NW 8.4").
    pub fn damaged(&self) -> bool {
        self.is_artillery() && self.sp < 2
    }

    /// Fresh, Worn or Spent ("NW II 2.6"); batteries and officers count as Fresh.
    pub fn fatigue(&self) -> Fatigue {
        match &self.role {
            Role::Brigade(b) => design::fatigue_state(&b.fatigue, self.sp),
            _ => Fatigue::Fresh,
        }
    }

    pub fn nation(&self) -> Option<Nation> {
        match &self.role {
            Role::Brigade(b) => Some(b.nation),
            Role::Battery(b) => Some(b.nation),
            _ => None,
        }
    }

    /// How this unit counts toward fatigue levels now ("NW II 4.0").
    pub fn loss(&self, army: bool) -> f64 {
        let (artillery, guard, irregular) = match &self.role {
            Role::Brigade(b) => (false, b.quality == crate::Quality::Guard, b.irregular),
            Role::Battery(_) => (true, false, false),
            _ => return 0.0,
        };
        let state = match self.place {
            Place::Gone(Gone::RoutedOff) => LossState::RoutedOff,
            Place::Gone(_) => LossState::Eliminated,
            _ if self.fatigue() == Fatigue::Spent => LossState::Spent,
            _ => LossState::Intact,
        };
        design::loss_value(
            LossKind {
                artillery,
                guard,
                irregular_cavalry: irregular,
            },
            state,
            army,
        )
    }
}

/// What the battle knows of a command, fixed for the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandInfo {
    pub name: String,
    pub short: String,
    pub rating: Rating,
    pub valorous: bool,
    pub basic_range: f64,
    pub range: f64,
    pub morale: Morale,
    pub fatigue: u32,
}

/// What the battle knows of a side, fixed for the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    pub name: String,
    pub nation: Nation,
    pub cinc: String,
    pub cinc_rating: Rating,
    pub presence: i32,
    pub napoleon: bool,
    pub fatigue: u32,
    pub commands: Vec<CommandInfo>,
}

/// The unchanging part of a battle: the table, its terrain, the tables and the sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub width: f64,
    pub depth: f64,
    pub turns: u32,
    pub weather: Vec<Spell>,
    pub terrain: Vec<Feature>,
    pub objectives: Vec<crate::scenario::Objective>,
    pub tables: Tables,
    pub sides: [SideInfo; 2],
}

impl Field {
    /// The weather and mud of `turn`.
    pub fn spell(&self, turn: u32) -> (Weather, bool) {
        crate::scenario::spell_at(&self.weather, turn)
    }

    pub fn contains(&self, b: &Base) -> bool {
        b.corners().iter().all(|c| {
            c.x >= -1e-9 && c.y >= -1e-9 && c.x <= self.width + 1e-9 && c.y <= self.depth + 1e-9
        })
    }
}

/// A fire declared in a simultaneous fire phase, resolved when both sides have declared.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireOrder {
    pub side: Side,
    pub shooters: Vec<UnitId>,
    pub target: UnitId,
}

/// An attack made in the maneuver phase, fought in the combat phase ("NW 9.92").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    /// The primary attacker first.
    pub attackers: Vec<UnitId>,
    pub defender: UnitId,
}

/// A decision the battle waits for before it goes on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    /// A side led by Napoleon lost the initiative and may use his re-roll ("NW 6.0").
    Reroll { side: Side },
    /// The initiative winner says who goes first ("NW 6.0").
    ChooseFirst { side: Side },
    /// Cavalry that passed its reaction roll chooses what to do ("NW 10.2").
    Reaction {
        side: Side,
        unit: UnitId,
        /// The enemy that contacted it, if it is the target of a charge.
        charged_by: Option<UnitId>,
        /// The enemy in its zone it must react to otherwise.
        toward: Option<UnitId>,
    },
    /// A unit has rolled on the maneuver table and may now move up to `allowance`.
    Move {
        side: Side,
        unit: UnitId,
        allowance: f64,
        /// A disordered unit that re-ordered.
        reordered: bool,
    },
}

impl Pending {
    pub fn side(&self) -> Side {
        match self {
            Pending::Reroll { side }
            | Pending::ChooseFirst { side }
            | Pending::Move { side, .. }
            | Pending::Reaction { side, .. } => *side,
        }
    }
}

/// A whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub field: Arc<Field>,
    pub units: Vec<Unit>,
    pub clock: Clock,
    /// Sides that have ended the current phase (for phases both sides act in).
    pub done: [bool; 2],
    pub pending: Option<Pending>,
    pub fire_orders: Vec<FireOrder>,
    pub combats: Vec<Combat>,
    /// Napoleon's once-a-battle initiative re-roll is spent ("NW 6.0").
    pub napoleon_reroll_used: [bool; 2],
    /// Commands waiting for a replacement commander: side, command, turn he arrives.
    pub replacements: Vec<(Side, u8, u32)>,
    /// A valorous commander's combat bonus was given this combat phase ("NW 11.2" #3).
    pub valour_used: bool,
    /// Commands announced as fatigued ("NW 12.0").
    pub fatigued: Vec<(Side, u8)>,
    /// Commands whose commander has been replaced, and how many times ("NW 11.7").
    pub replaced: Vec<(Side, u8, u8)>,
    pub outcome: Option<Outcome>,
}

impl State {
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }

    pub fn name(&self, id: UnitId) -> &str {
        &self.units[id as usize].label
    }

    pub fn on_table(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.on_table())
    }

    pub fn friends_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.on_table().filter(move |u| u.side == side)
    }

    pub fn enemies_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.on_table().filter(move |u| u.side != side)
    }

    /// Fighting units (brigades and batteries) of a side on the table.
    pub fn troops_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.friends_of(side).filter(|u| !u.is_officer())
    }

    /// The unit losses of a command, for its fatigue ("NW II 4.0").
    pub fn command_losses(&self, side: Side, command: u8) -> f64 {
        self.units
            .iter()
            .filter(|u| u.side == side && u.command == Some(command))
            .map(|u| u.loss(false))
            .sum()
    }

    pub fn command_fatigued(&self, side: Side, command: u8) -> bool {
        let info = &self.field.sides[side.index()].commands[command as usize];
        self.command_losses(side, command) + 1e-9 >= info.fatigue as f64
    }

    /// The army's losses, for its breaking point ("NW II 4.0").
    pub fn army_losses(&self, side: Side) -> f64 {
        self.units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.loss(true))
            .sum()
    }

    pub fn army_broken(&self, side: Side) -> bool {
        self.army_losses(side) + 1e-9 >= self.field.sides[side.index()].fatigue as f64
    }

    /// The command's leader as he is now: rating, range, basic range and valour, one rating
    /// worse, 2" shorter (not below the basic range) and without valour for each time he has
    /// been replaced ("NW 11.7").
    pub fn leader(&self, side: Side, command: u8) -> (Rating, f64, f64, bool) {
        let info = &self.field.sides[side.index()].commands[command as usize];
        let times = self
            .replaced
            .iter()
            .find(|(s, c, _)| *s == side && *c == command)
            .map_or(0, |r| r.2);
        let mut rating = info.rating;
        let mut range = info.range;
        for _ in 0..times {
            let (r, g) =
                design::replacement(&self.field.tables.design, rating, range, info.basic_range);
            rating = r;
            range = g;
        }
        (rating, range, info.basic_range, info.valorous && times == 0)
    }

    /// The commander of a command, if on the table.
    pub fn commander_of(&self, side: Side, command: u8) -> Option<&Unit> {
        self.friends_of(side)
            .find(|u| matches!(u.role, Role::Commander { command: c } if c == command))
    }

    /// The side's CinC, if on the table.
    pub fn cinc_of(&self, side: Side) -> Option<&Unit> {
        self.friends_of(side).find(|u| u.role == Role::Cinc)
    }

    /// The battery attached to an infantry brigade ("NW 8.6").
    pub fn battery_on(&self, id: UnitId) -> Option<&Unit> {
        self.on_table()
            .find(|b| b.is_artillery() && b.attached == Some(id))
    }

    /// The general or ADC attached to a brigade.
    pub fn general_on(&self, id: UnitId) -> Option<&Unit> {
        self.on_table()
            .find(|g| matches!(g.role, Role::General { .. } | Role::Adc) && g.attached == Some(id))
    }
}
