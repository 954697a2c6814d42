//! The state of a battle.

use crate::scenario::{Edge, GameKind, Options, Role};
use crate::tables::Tables;
use crate::units::{Size, UnitType};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::{Outcome, Side};
use grognard_geometry::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Every base is 1" by 1/2" ("2x2 Basing").
pub const BASE_WIDTH: f64 = 1.0;
pub const BASE_DEPTH: f64 = 0.5;

pub type UnitId = u16;

/// Markers ("2x2 Effects"). A unit carries at most one; Disrupted is the worse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Status {
    Ready,
    Pinned,
    Disrupted,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Ready => "in good order",
            Status::Pinned => "Pinned",
            Status::Disrupted => "Disrupted",
        }
    }
}

/// Where a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// Waiting off table at a reinforcement point.
    Waiting {
        point: u8,
    },
    Table,
    Destroyed,
    /// Left by its own edge (playing for a draw).
    Exited,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Side,
    pub kind: UnitType,
    pub size: Size,
    pub pose: Pose,
    pub status: Status,
    pub place: Place,
    /// The HQ whose chain of command it belongs to (`None`: every HQ of its side).
    pub command: Option<UnitId>,
    /// Moved (or arrived and moved) this movement phase.
    pub moved: bool,
    /// Fired this shooting phase.
    pub fired: bool,
    /// Tried to rally this rally phase.
    pub rallied: bool,
    /// Moved its whole move on road since its side's last movement phase began.
    pub road_column: bool,
    /// Made a follow-up this melee phase ("Unit making follow-up, subsequent melee").
    pub followed_up: bool,
}

impl Unit {
    pub fn on_table(&self) -> bool {
        self.place == Place::Table
    }

    pub fn base(&self) -> Base {
        Base::new(self.pose, BASE_WIDTH, BASE_DEPTH)
    }
}

/// A reinforcement point on the table edge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Point {
    pub side: Side,
    pub edge: Edge,
    pub pos: Vec2,
    /// A flank point (not on the side's own edge): 4+ to arrive rather than 3+.
    pub flank: bool,
}

/// What a side is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideInfo {
    pub name: String,
    pub role: Role,
    pub edge: Edge,
}

/// Everything fixed for the whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub width: f64,
    pub depth: f64,
    pub terrain: Vec<Feature>,
    pub points: Vec<Point>,
    pub sides: [SideInfo; 2],
    pub names: Vec<String>,
    pub game: GameKind,
    pub turn_limit: u32,
    pub options: Options,
    pub tables: Tables,
}

impl Field {
    pub fn features(&self, kind: TerrainKind) -> impl Iterator<Item = &Feature> + '_ {
        self.terrain.iter().filter(move |f| f.kind == kind)
    }

    /// Elevation of the ground at a point: the highest hill containing it.
    pub fn elevation(&self, p: Vec2) -> u8 {
        self.terrain
            .iter()
            .filter(|f| f.kind == TerrainKind::Hill && f.shape.contains(p))
            .map(|f| f.elevation)
            .max()
            .unwrap_or(0)
    }

    pub fn in_kind(&self, kind: TerrainKind, p: Vec2) -> bool {
        self.features(kind).any(|f| f.shape.contains(p))
    }

    pub fn on_road(&self, p: Vec2) -> bool {
        road_at(self.terrain.iter(), p)
    }

    /// Inside the table?
    pub fn contains(&self, base: &Base) -> bool {
        base.corners().iter().all(|c| {
            c.x >= -1e-9 && c.y >= -1e-9 && c.x <= self.width + 1e-9 && c.y <= self.depth + 1e-9
        })
    }

    /// Points on an edge: start and direction along it, and the inward normal.
    pub fn edge_frame(&self, edge: Edge) -> (Vec2, Vec2, Vec2) {
        match edge {
            Edge::South => (Vec2::ZERO, Vec2::X, Vec2::Y),
            Edge::North => (Vec2::new(0.0, self.depth), Vec2::X, -Vec2::Y),
            Edge::West => (Vec2::ZERO, Vec2::Y, Vec2::X),
            Edge::East => (Vec2::new(self.width, 0.0), Vec2::Y, -Vec2::X),
        }
    }

    /// Distance of a point from an edge line.
    pub fn distance_to_edge(&self, edge: Edge, p: Vec2) -> f64 {
        match edge {
            Edge::South => p.y,
            Edge::North => self.depth - p.y,
            Edge::West => p.x,
            Edge::East => self.width - p.x,
        }
    }

    pub fn side_name(&self, side: Side) -> &str {
        &self.sides[side.index()].name
    }

    pub fn role_side(&self, role: Role) -> Side {
        if self.sides[0].role == role {
            Side(0)
        } else {
            Side(1)
        }
    }
}

/// Is `p` on a road (or a bridge carrying one), among these features?
pub fn road_at<'a>(mut terrain: impl Iterator<Item = &'a Feature>, p: Vec2) -> bool {
    terrain
        .any(|f| matches!(f.kind, TerrainKind::Road | TerrainKind::Bridge) && f.shape.contains(p))
}

/// A decision the rules wait for in the middle of a resolution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Pending {
    /// Defending infantry contacted this movement phase may turn to face one attacker
    /// ("2x2 Moving to contact"). The first unit in the list decides next.
    TurnToFace { side: Side, defenders: Vec<UnitId> },
    /// A reinforcement arrived: place it, exchange it, or hold it back.
    PlaceReinforcement { side: Side, point: u8, unit: UnitId },
    /// The firer chooses which unit of a target group takes the result.
    ChooseVictim {
        side: Side,
        shooter: UnitId,
        group: Vec<UnitId>,
        result: ShotResult,
    },
    /// A unit routed by shooting: its owner chooses straight back or away from the firer.
    RoutDirection {
        side: Side,
        unit: UnitId,
        shooter: UnitId,
    },
    /// A melee winner may (or must) follow up.
    FollowUp {
        side: Side,
        unit: UnitId,
        mandatory: bool,
    },
}

impl Pending {
    pub fn side(&self) -> Side {
        match self {
            Pending::TurnToFace { side, .. }
            | Pending::PlaceReinforcement { side, .. }
            | Pending::ChooseVictim { side, .. }
            | Pending::RoutDirection { side, .. }
            | Pending::FollowUp { side, .. } => *side,
        }
    }
}

/// A shooting result ("2x2 Resolving shooting").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShotResult {
    NoEffect,
    Pinned,
    Disrupted,
    Routs,
    Destroyed,
}

impl ShotResult {
    pub fn name(self) -> &'static str {
        match self {
            ShotResult::NoEffect => "no effect",
            ShotResult::Pinned => "target Pinned",
            ShotResult::Disrupted => "target Disrupted",
            ShotResult::Routs => "target routs",
            ShotResult::Destroyed => "target destroyed",
        }
    }
}

/// Two units locked in contact: the one that moved in, and the one it touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contact {
    pub attacker: UnitId,
    pub defender: UnitId,
}

/// The melee group being fought, in the phasing player's order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct MeleeWork {
    pub queue: Vec<Contact>,
    /// How many enemies each unit was in melee with when its group began ("Multiple melees").
    pub engaged: Vec<(UnitId, u8)>,
    /// Attackers whose player took the support of the unit behind them ("Column of Attack").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<UnitId>,
}

/// The whole state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub field: Arc<Field>,
    pub units: Vec<Unit>,
    pub clock: Clock,
    /// Reinforcement queues, one per point, in arrival order.
    pub queues: Vec<Vec<UnitId>>,
    /// Dice thrown at each point this movement phase ("2x2 Reinforcements": the phasing
    /// side has two a phase, to throw at whichever of its points hold units).
    pub rolled: Vec<u8>,
    pub contacts: Vec<Contact>,
    pub pending: Option<Pending>,
    pub melee: MeleeWork,
    /// Units destroyed per side (exchanges included).
    pub lost: [u32; 2],
    /// Units exited by their own edge per side.
    pub exited: [u32; 2],
    pub outcome: Option<Outcome>,
}

impl grognard_engine::Battle for State {
    fn clock(&self) -> &Clock {
        &self.clock
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn side_name(&self, side: Side) -> &str {
        self.field.side_name(side)
    }
}

impl State {
    #[inline]
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }

    pub fn on_table(&self) -> impl Iterator<Item = &Unit> + '_ {
        self.units.iter().filter(|u| u.on_table())
    }

    pub fn enemies_of(&self, side: Side) -> impl Iterator<Item = &Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.on_table() && u.side != side)
    }

    pub fn friends_of(&self, side: Side) -> impl Iterator<Item = &Unit> + '_ {
        self.units
            .iter()
            .filter(move |u| u.on_table() && u.side == side)
    }

    pub fn name(&self, id: UnitId) -> &str {
        &self.field.names[id as usize]
    }

    /// Units still waiting for `side`.
    pub fn waiting(&self, side: Side) -> usize {
        self.field
            .points
            .iter()
            .zip(&self.queues)
            .filter(|(p, _)| p.side == side)
            .map(|(_, q)| q.len())
            .sum()
    }

    /// Reinforcement dice `side` has thrown this movement phase.
    pub fn reinforcement_dice(&self, side: Side) -> u32 {
        self.field
            .points
            .iter()
            .zip(&self.rolled)
            .filter(|(p, _)| p.side == side)
            .map(|(_, n)| u32::from(*n))
            .sum()
    }

    pub fn contacts_of(&self, id: UnitId) -> impl Iterator<Item = &Contact> + '_ {
        self.contacts
            .iter()
            .filter(move |c| c.attacker == id || c.defender == id)
    }
}
