//! The state of a "Beer and Pretzel" battle: the table, the units with their figures and
//! formations, the clock, and what each unit has done in the current move period.

use crate::tables::{Control, Kind, Tables};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::Feature;
use grognard_engine::{Outcome, Side};
use grognard_geometry::formation::{self, Formation, StandSize};
use grognard_geometry::grid::Sides;
use grognard_geometry::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};

pub type UnitId = u16;

/// The arms and their grades the book names ("B&P Organization").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Troop {
    LineInfantry,
    GuardInfantry,
    LightCavalry,
    MediumCavalry,
    HeavyCavalry,
    GuardCavalry,
    FootArtillery,
    HorseArtillery,
    GuardArtillery,
    /// A command figure ("B&P Command Figures").
    Commander,
}

/// The broad arm of a troop type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
    Command,
}

impl Troop {
    pub fn arm(self) -> Arm {
        match self {
            Troop::LineInfantry | Troop::GuardInfantry => Arm::Infantry,
            Troop::LightCavalry
            | Troop::MediumCavalry
            | Troop::HeavyCavalry
            | Troop::GuardCavalry => Arm::Cavalry,
            Troop::FootArtillery | Troop::HorseArtillery | Troop::GuardArtillery => Arm::Artillery,
            Troop::Commander => Arm::Command,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Troop::LineInfantry => "line infantry",
            Troop::GuardInfantry => "guard infantry",
            Troop::LightCavalry => "light cavalry",
            Troop::MediumCavalry => "medium cavalry",
            Troop::HeavyCavalry => "heavy cavalry",
            Troop::GuardCavalry => "guard cavalry",
            Troop::FootArtillery => "foot artillery",
            Troop::HorseArtillery => "horse artillery",
            Troop::GuardArtillery => "guard artillery",
            Troop::Commander => "command figure",
        }
    }

    /// Figures a stand holds ("B&P Organization": three infantry, two cavalry, a gun's
    /// four gunners; one for a command figure).
    pub fn per_stand(self) -> u32 {
        match self.arm() {
            Arm::Infantry => 3,
            Arm::Cavalry => 2,
            Arm::Artillery => 4,
            Arm::Command => 1,
        }
    }

    /// Figures of a full unit ("B&P Organization"): twelve for a battalion, eight for a
    /// regiment, one gun of four for a battery.
    pub fn full(self) -> u32 {
        match self.arm() {
            Arm::Infantry => 12,
            Arm::Cavalry => 8,
            Arm::Artillery => 4,
            Arm::Command => 1,
        }
    }

    /// A stand's size, the project's own (ruling B2): the book gives none.
    pub fn stand(self) -> StandSize {
        match self.arm() {
            Arm::Infantry => StandSize {
                width: 1.0,
                depth: 0.75,
            },
            Arm::Cavalry => StandSize {
                width: 1.0,
                depth: 1.25,
            },
            Arm::Artillery => StandSize {
                width: 1.0,
                depth: 1.5,
            },
            Arm::Command => StandSize {
                width: 0.75,
                depth: 0.75,
            },
        }
    }
}

/// A unit's formation ("B&P Movement", "B&P Skirmishers", "B&P Infantry Squares").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    #[default]
    Line,
    Column,
    Square,
    /// Skirmish order: stands spread a stand's width apart, each covering twice its width.
    Skirmish,
}

impl Order {
    pub fn name(self) -> &'static str {
        match self {
            Order::Line => "line",
            Order::Column => "column",
            Order::Square => "square",
            Order::Skirmish => "skirmish order",
        }
    }

    pub const ALL: [Order; 4] = [Order::Line, Order::Column, Order::Square, Order::Skirmish];
}

/// Where a unit stands in the cycle of rout and rally ("B&P Rout, Disruption, and Rally").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Effective,
    /// Fled this move period; it halts at its side's next move.
    Routed,
    /// Halted, its marker beside it.
    Halted,
    /// Turned toward the enemy, still marked; effective at its side's next move.
    Reforming,
}

/// What a unit has done in the current move period (both sides' units: the passive side
/// fires back in it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Done {
    pub moved: bool,
    pub fired: bool,
    pub changed_formation: bool,
    /// It fought a melee.
    pub fought: bool,
    /// It won a melee: no other unit may charge it in this move period ("B&P The
    /// Cascading Attack").
    pub won: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Side,
    pub name: String,
    pub troop: Troop,
    /// Figures left.
    pub figures: u32,
    /// Figures at the start.
    pub start_figures: u32,
    pub order: Order,
    pub pose: Pose,
    pub status: Status,
    /// Disrupted until the end of its side's move period in this turn ("B&P Rout,
    /// Disruption, and Rally").
    pub disrupted_until: Option<u32>,
    pub done: Done,
    /// The gun moved in its side's last move period, so it may not fire back before its
    /// side moves again ("B&P Movement", artillery).
    pub gun_moved: bool,
    /// Optional control class and green troops.
    pub control: Control,
    pub green: bool,
    /// This move period's control roll halved its move.
    pub halved: bool,
    /// A gun new gunners joined may not move or fire before this turn ("B&P Fire Combat",
    /// artillery: a move to come over and a turn to settle in).
    #[serde(default)]
    pub ready_turn: u32,
    /// Charged once already since it routed: a second charge before it is effective
    /// destroys it ("B&P Rout, Disruption, and Rally").
    pub assaulted: bool,
    /// Off the table: destroyed, or fled off it.
    pub gone: bool,
}

impl Unit {
    pub fn arm(&self) -> Arm {
        self.troop.arm()
    }

    pub fn on_table(&self) -> bool {
        !self.gone
    }

    pub fn is_commander(&self) -> bool {
        self.arm() == Arm::Command
    }

    pub fn stands(&self) -> usize {
        self.figures.div_ceil(self.troop.per_stand()) as usize
    }

    pub fn effective(&self) -> bool {
        self.status == Status::Effective && !self.gone
    }

    pub fn disrupted(&self, turn: u32) -> bool {
        self.disrupted_until.is_some_and(|t| t >= turn)
    }

    /// The geometry crate's formation for this unit's order.
    pub fn formation(&self) -> Formation {
        formation_of(self.order, self.troop)
    }

    /// The rectangle round all of the unit's stands.
    pub fn footprint(&self) -> Base {
        self.footprint_at(self.pose, self.order)
    }

    pub fn footprint_at(&self, pose: Pose, order: Order) -> Base {
        let n = self.stands().max(1);
        formation::footprint(pose, formation_of(order, self.troop), n, self.troop.stand())
    }

    /// Each stand of the unit on the table.
    pub fn stand_bases(&self) -> smallvec::SmallVec<[Base; 16]> {
        formation::stands(
            self.pose,
            self.formation(),
            self.stands().max(1),
            self.troop.stand(),
        )
    }

    /// A battalion or regiment reduced to a single stand is isolated: it fights and fires
    /// only as skirmishers ("B&P Skirmishers", isolation).
    pub fn isolated(&self) -> bool {
        matches!(self.arm(), Arm::Infantry | Arm::Cavalry) && self.stands() <= 1
    }

    /// The row of the Morale and Point Table the unit reads now.
    pub fn kind(&self) -> Kind {
        let skirmish = self.order == Order::Skirmish || self.isolated();
        match self.troop {
            Troop::LineInfantry if skirmish => Kind::SkirmishInfantry,
            Troop::GuardInfantry if skirmish => Kind::SkirmishInfantry,
            Troop::LineInfantry => Kind::LineInfantry,
            Troop::GuardInfantry => Kind::GuardInfantry,
            _ if self.arm() == Arm::Cavalry && skirmish => Kind::SkirmishCavalry,
            Troop::LightCavalry | Troop::MediumCavalry => Kind::LineCavalry,
            Troop::HeavyCavalry | Troop::GuardCavalry => Kind::GuardCavalry,
            _ => Kind::Artillery,
        }
    }
}

/// How a unit of `troop` stands in `order`: a column two stands wide; infantry skirmishers
/// a stand's width apart (ruling B2), cavalry skirmishers more than twice a stand's width
/// ("B&P Skirmishers", ruling B24).
pub fn formation_of(order: Order, troop: Troop) -> Formation {
    let w = troop.stand().width;
    match order {
        Order::Line => Formation::Line,
        Order::Column => Formation::Column { files: 2 },
        Order::Square => Formation::Square,
        Order::Skirmish if troop.arm() == Arm::Cavalry => Formation::Open { gap: 2.0 * w + 0.1 },
        Order::Skirmish => Formation::Open { gap: w },
    }
}

/// The field of battle: what does not change in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub width: f64,
    pub depth: f64,
    pub side_names: [String; 2],
    pub terrain: Vec<Feature>,
    pub tables: Tables,
    pub turns: u32,
    /// The optional control rule is in play.
    pub control: bool,
}

/// A decision the side not moving must make before play goes on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "pending", rename_all = "snake_case")]
pub enum Pending {
    /// `target` has been fired on by `firer`: fire back at once, or hold ("B&P Melee
    /// Combat", return fire).
    ReturnFire { firer: UnitId, target: UnitId },
    /// `target` held against `charger`'s charge: it may fire into the charger (from the
    /// front, if it has not fired this move) and, infantry in line or column, form square.
    Charged {
        charger: UnitId,
        target: UnitId,
        flank: bool,
        may_fire: bool,
        may_square: bool,
    },
}

impl Pending {
    pub fn target(&self) -> UnitId {
        match self {
            Pending::ReturnFire { target, .. } | Pending::Charged { target, .. } => *target,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub field: Field,
    /// Read through [`State::units`]; changed by applying events, or through
    /// [`State::unit_mut`] in tests and tools.
    pub(crate) units: Vec<Unit>,
    /// Artillery hits on each terrain feature that is a building, by its index; at four it
    /// burns ("B&P Fire Combat", artillery).
    #[serde(default)]
    pub building_hits: Vec<u32>,
    pub clock: Clock,
    pub pending: Option<Pending>,
    pub outcome: Option<Outcome>,
    /// Worked out from the units and kept to answer questions fast: not saved, not
    /// compared (see [`Derived`]).
    #[serde(skip)]
    pub(crate) derived: Derived,
}

/// Grid cells are this many inches square: about the reach of most questions (musket
/// range and a little more, a unit's width, the command radius).
const CELL: f64 = 6.0;

/// Each unit's footprint, and the units on the table on a grid by where their footprints
/// stand, so that "what is near here" looks at a few cells rather than at every unit.
#[derive(Debug, Clone)]
pub(crate) struct Index {
    pieces: Sides,
    feet: Vec<Base>,
}

impl Index {
    fn build(field: &Field, units: &[Unit]) -> Index {
        let mut ix = Index {
            pieces: Sides::new(Vec2::ZERO, Vec2::new(field.width, field.depth), CELL),
            feet: units.iter().map(Unit::footprint).collect(),
        };
        for u in units {
            ix.place(u);
        }
        ix
    }

    /// Put `u` where it stands now, or off if it is gone.
    fn place(&mut self, u: &Unit) {
        let f = u.footprint();
        let at = u.on_table().then(|| (f.pose.pos, f.radius()));
        self.pieces.set(u32::from(u.id), u.side.index(), at);
        self.feet[usize::from(u.id)] = f;
    }
}

/// What a state works out from its units and keeps: the [`Index`], built when first asked
/// for and then kept up to date as events are applied. Two states with the same units are
/// equal whatever this holds.
#[derive(Debug, Clone, Default)]
pub(crate) struct Derived {
    index: std::sync::OnceLock<Index>,
}

impl PartialEq for Derived {
    fn eq(&self, _: &Derived) -> bool {
        true
    }
}

impl grognard_engine::Battle for State {
    fn clock(&self) -> &Clock {
        &self.clock
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    fn side_name(&self, side: Side) -> &str {
        self.field.side_names[side.index()].as_str()
    }
}

impl State {
    pub fn new(field: Field, units: Vec<Unit>, clock: Clock) -> State {
        State {
            building_hits: vec![0; field.terrain.len()],
            field,
            units,
            clock,
            pending: None,
            outcome: None,
            derived: Derived::default(),
        }
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }

    /// Every unit, in id order, the gone among them.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Unit `id` to change by hand (tests, tools): what the state kept about where units
    /// stand is worked out afresh when next asked for.
    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        self.derived = Derived::default();
        &mut self.units[id as usize]
    }

    /// Unit `id` for an event to change; the event calls [`State::reindex`] if it moves the
    /// unit, reshapes it or takes it off.
    pub(crate) fn edit(&mut self, id: UnitId) -> &mut Unit {
        &mut self.units[id as usize]
    }

    fn index(&self) -> &Index {
        self.derived
            .index
            .get_or_init(|| Index::build(&self.field, &self.units))
    }

    /// Keep the index in step with unit `id` after its pose, formation, figures or place
    /// changed.
    pub(crate) fn reindex(&mut self, id: UnitId) {
        let u = &self.units[id as usize];
        if let Some(ix) = self.derived.index.get_mut() {
            ix.place(u);
        }
    }

    /// The rectangle round all of unit `id`'s stands, as it stands now.
    pub fn footprint_of(&self, id: UnitId) -> Base {
        self.index().feet[id as usize]
    }

    /// The units on the table whose footprints may come within `r` of `p` (every one whose
    /// footprint's centre lies within `r` and its half-diagonal), in id order.
    pub fn near(&self, p: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.index()
            .pieces
            .all
            .near(p, r)
            .into_iter()
            .map(|i| &self.units[i as usize])
    }

    /// [`State::near`], of `side`'s units only.
    pub fn near_side(&self, side: Side, p: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.index().pieces.side[side.index() & 1]
            .near(p, r)
            .into_iter()
            .map(|i| &self.units[i as usize])
    }

    /// The units on the table whose footprints may come within `r` of the segment from `a`
    /// to `b`, in id order.
    pub fn along(&self, a: Vec2, b: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.index()
            .pieces
            .all
            .along(a, b, r)
            .into_iter()
            .map(|i| &self.units[i as usize])
    }

    /// Of `side`'s units on the table that are `wanted`, the one whose centre is nearest
    /// `p` (the lower id on a tie).
    pub fn nearest(&self, side: Side, p: Vec2, wanted: impl Fn(&Unit) -> bool) -> Option<&Unit> {
        self.index().pieces.side[side.index() & 1]
            .least(p, 0.0, |i| {
                let u = &self.units[i as usize];
                wanted(u).then(|| u.pose.pos.distance(p))
            })
            .map(|(_, i)| &self.units[i as usize])
    }

    /// Whether what the state keeps agrees with its units (for the invariant checks).
    pub fn index_consistent(&self) -> Result<(), String> {
        let kept = self.index();
        let fresh = Index::build(&self.field, &self.units);
        for u in &self.units {
            let i = usize::from(u.id);
            if kept.feet[i] != fresh.feet[i] {
                return Err(format!(
                    "the footprint kept for {} is not where it stands",
                    u.name
                ));
            }
        }
        match kept
            .pieces
            .first_difference(&fresh.pieces, self.units.len() as u32)
        {
            Some(id) => Err(format!(
                "the grid of units misplaces {}",
                self.units
                    .get(id as usize)
                    .map_or("a unit", |u| u.name.as_str())
            )),
            None => Ok(()),
        }
    }

    pub fn on_table(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.on_table())
    }

    pub fn tables(&self) -> &Tables {
        &self.field.tables
    }

    /// The side whose move period it is.
    pub fn mover(&self) -> Side {
        self.clock.actor(&crate::sequence::SEQUENCE)
    }

    /// Figures each side has lost, of its troops (command figures apart).
    pub fn figures_lost(&self, side: Side) -> (u32, u32) {
        self.units
            .iter()
            .filter(|u| u.side == side && !u.is_commander())
            .fold((0, 0), |(lost, all), u| {
                let left = if u.gone { 0 } else { u.figures };
                (lost + u.start_figures - left, all + u.start_figures)
            })
    }
}
