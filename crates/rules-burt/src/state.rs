//! The state of a battle under Steve Burt's rules: the table, the units with their figures,
//! formations, order and written orders, the armies' morale, and where the turn stands.
//!
//! Orders are written secretly ("Burt 4"): a unit's order chit lies face down until the
//! unit acts on it. The state holds every order; what one side may see of it is
//! [`State::seen_by`], in which the other side's face-down chits are blank and its army
//! morale unknown.

use crate::tables::{Class, Tables, Weapon};
use grognard_engine::placed::{circle_round, Kept, Piece, Table};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::Feature;
use grognard_engine::{Outcome, Side};
use grognard_geometry::formation::{self, StandSize};
use grognard_geometry::grid::Sides;
use grognard_geometry::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type UnitId = u16;

/// The troop types of the movement table ("Burt 5"), the officers of "Burt 2" among them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Troop {
    /// A battalion of 20 to 30 figures ("Burt 2").
    Infantry,
    Skirmishers,
    HeavyCavalry,
    LightCavalry,
    FootGuns,
    HorseGuns,
    /// A brigade's command element: its flag and officers.
    CommandElement,
    /// A subordinate general or an ADC.
    General,
    /// The army's commander-in-chief.
    CommanderInChief,
    Wagon,
}

/// The broad arm of a troop type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
    Officer,
    Train,
}

impl Troop {
    pub fn arm(self) -> Arm {
        match self {
            Troop::Infantry | Troop::Skirmishers => Arm::Infantry,
            Troop::HeavyCavalry | Troop::LightCavalry => Arm::Cavalry,
            Troop::FootGuns | Troop::HorseGuns => Arm::Artillery,
            Troop::CommandElement | Troop::General | Troop::CommanderInChief => Arm::Officer,
            Troop::Wagon => Arm::Train,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Troop::Infantry => "infantry",
            Troop::Skirmishers => "skirmishers",
            Troop::HeavyCavalry => "heavy cavalry",
            Troop::LightCavalry => "light cavalry",
            Troop::FootGuns => "foot guns",
            Troop::HorseGuns => "horse guns",
            Troop::CommandElement => "command element",
            Troop::General => "general",
            Troop::CommanderInChief => "commander-in-chief",
            Troop::Wagon => "wagon",
        }
    }

    /// Figures on one stand (ruling R8: the book gives no basing).
    pub fn per_stand(self) -> u32 {
        match self {
            Troop::Infantry => 4,
            Troop::Skirmishers => 2,
            Troop::HeavyCavalry | Troop::LightCavalry => 3,
            _ => 1,
        }
    }

    /// Ranks of figures on one stand (ruling R8): a stand of line infantry is two ranks of
    /// two; skirmishers, cavalry and guns stand one rank deep.
    pub fn ranks_a_stand(self) -> u32 {
        match self {
            Troop::Infantry => 2,
            _ => 1,
        }
    }

    /// A stand's frontage and depth in inches (ruling R8).
    pub fn stand(self) -> StandSize {
        let (width, depth) = match self.arm() {
            Arm::Infantry => (1.0, 0.75),
            Arm::Cavalry => (1.5, 1.5),
            Arm::Artillery => (1.5, 2.0),
            Arm::Officer => (1.0, 1.0),
            Arm::Train => (1.0, 2.0),
        };
        StandSize { width, depth }
    }

    /// Troops that fight: not officers or wagons.
    pub fn fights(self) -> bool {
        matches!(self.arm(), Arm::Infantry | Arm::Cavalry | Arm::Artillery)
    }

    /// Troops that never need orders ("Burt 4": generals and ADCs; ruling R9 adds command
    /// elements and wagons, which the book's orders do not fit).
    pub fn needs_orders(self) -> bool {
        self.fights()
    }

    /// Troops that may change orders without their command element ("Burt 2", "Burt 4").
    pub fn free_of_command(self) -> bool {
        matches!(
            self,
            Troop::Skirmishers | Troop::FootGuns | Troop::HorseGuns
        )
    }

    /// Whether the troop type may take formation `f` ("Burt 12", "Burt 5").
    pub fn takes(self, f: Formation) -> bool {
        match self {
            Troop::Infantry => matches!(f, Formation::Line | Formation::Column | Formation::Square),
            Troop::Skirmishers => f == Formation::Open,
            Troop::HeavyCavalry | Troop::LightCavalry => {
                matches!(f, Formation::Line | Formation::Column)
            }
            Troop::FootGuns | Troop::HorseGuns => {
                matches!(f, Formation::Line | Formation::Limbered)
            }
            _ => f == Formation::Line,
        }
    }

    /// Troops that are never formed ("Burt 7").
    pub fn never_formed(self) -> bool {
        matches!(
            self,
            Troop::Skirmishers | Troop::FootGuns | Troop::HorseGuns
        )
    }
}

/// A gun's calibre ("Burt 6").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Calibre {
    #[serde(rename = "4pdr")]
    P4,
    #[serde(rename = "6pdr")]
    P6,
    #[serde(rename = "9pdr")]
    P9,
    #[serde(rename = "12pdr")]
    P12,
    Howitzer,
}

impl Calibre {
    pub fn canister(self) -> Weapon {
        match self {
            Calibre::P4 => Weapon::Canister4,
            Calibre::P6 => Weapon::Canister6,
            Calibre::P9 => Weapon::Canister9,
            Calibre::P12 => Weapon::Canister12,
            Calibre::Howitzer => Weapon::HowitzerCanister,
        }
    }

    pub fn ball(self) -> Weapon {
        match self {
            Calibre::P4 => Weapon::Ball4,
            Calibre::P6 => Weapon::Ball6,
            Calibre::P9 => Weapon::Ball9,
            Calibre::P12 => Weapon::Ball12,
            Calibre::Howitzer => Weapon::HowitzerShell,
        }
    }

    pub fn crew(self, t: &Tables) -> u32 {
        match self {
            Calibre::P4 => t.guns.crew_4,
            Calibre::P6 => t.guns.crew_6,
            Calibre::P9 => t.guns.crew_9,
            Calibre::P12 => t.guns.crew_12,
            Calibre::Howitzer => t.guns.crew_howitzer,
        }
    }
}

/// How a unit's stands are arranged ("Burt 12"); guns are limbered or unlimbered.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// One base deep.
    #[default]
    Line,
    /// Two bases wide, more ranks than files.
    Column,
    Square,
    /// Double width: skirmishers only.
    Open,
    /// Guns hooked up to move.
    Limbered,
}

impl Formation {
    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "line",
            Formation::Column => "column",
            Formation::Square => "square",
            Formation::Open => "open order",
            Formation::Limbered => "limbered",
        }
    }

    pub const ALL: [Formation; 5] = [
        Formation::Line,
        Formation::Column,
        Formation::Square,
        Formation::Open,
        Formation::Limbered,
    ];
}

/// A unit's order, the cohesion ladder of "Burt 7", best first.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Cohesion {
    #[default]
    Formed,
    Unformed,
    Disordered,
    Shaken,
    Routing,
}

impl Cohesion {
    pub fn name(self) -> &'static str {
        match self {
            Cohesion::Formed => "formed",
            Cohesion::Unformed => "unformed",
            Cohesion::Disordered => "disordered",
            Cohesion::Shaken => "shaken",
            Cohesion::Routing => "routing",
        }
    }

    /// One class of order worse.
    pub fn worse(self) -> Cohesion {
        match self {
            Cohesion::Formed => Cohesion::Unformed,
            Cohesion::Unformed => Cohesion::Disordered,
            Cohesion::Disordered => Cohesion::Shaken,
            Cohesion::Shaken | Cohesion::Routing => Cohesion::Routing,
        }
    }

    /// One class of order better, for a unit that may be formed or not.
    pub fn better(self, may_form: bool) -> Cohesion {
        let b = match self {
            Cohesion::Formed | Cohesion::Unformed => Cohesion::Formed,
            Cohesion::Disordered => Cohesion::Unformed,
            Cohesion::Shaken => Cohesion::Disordered,
            Cohesion::Routing => Cohesion::Shaken,
        };
        if !may_form && b == Cohesion::Formed {
            Cohesion::Unformed
        } else {
            b
        }
    }

    pub fn morale(self) -> crate::resolve::morale::Order {
        use crate::resolve::morale::Order as M;
        match self {
            Cohesion::Formed => M::Formed,
            Cohesion::Unformed => M::Unformed,
            Cohesion::Disordered => M::Disordered,
            Cohesion::Shaken => M::Shaken,
            Cohesion::Routing => M::Routing,
        }
    }
}

/// The orders of "Burt 4".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Reserve,
    Manoeuvre,
    Fire,
    Assault,
    /// "Regroup" in the list of orders, "reform" where the book forces it ("Burt 11").
    Regroup,
}

impl Order {
    pub const ALL: [Order; 5] = [
        Order::Reserve,
        Order::Manoeuvre,
        Order::Fire,
        Order::Assault,
        Order::Regroup,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Order::Reserve => "RESERVE",
            Order::Manoeuvre => "MANOEUVRE",
            Order::Fire => "FIRE",
            Order::Assault => "ASSAULT",
            Order::Regroup => "REGROUP",
        }
    }
}

/// The order chit beside a unit.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "chit", content = "order", rename_all = "snake_case")]
pub enum Chit {
    /// No order: officers and wagons.
    #[default]
    None,
    /// Face down: its side knows it, the other does not yet.
    Secret(Order),
    /// Face up.
    Open(Order),
    /// Face down, as the other side sees it: there is an order, but not which. Only in
    /// what a side is shown ([`State::seen_by`]), never in a battle's own state.
    Hidden,
}

impl Chit {
    /// The order, if the reader may know it.
    pub fn order(self) -> Option<Order> {
        match self {
            Chit::Secret(o) | Chit::Open(o) => Some(o),
            Chit::None | Chit::Hidden => None,
        }
    }

    pub fn is(self, o: Order) -> bool {
        self.order() == Some(o)
    }
}

/// Where a unit stands in the compulsory moves of "Burt 3".
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", content = "quarry", rename_all = "snake_case")]
pub enum Status {
    #[default]
    Steady,
    /// Pursuing the unit it broke.
    Pursuing(UnitId),
}

/// What a unit has done this turn, and what was done to it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct Marks {
    /// The share of its move used (a whole move is 1).
    pub used: f64,
    /// Moved this turn (fire counts it as moving).
    pub moved: bool,
    pub changed_formation: bool,
    pub fired: bool,
    /// It has had its reserve move.
    pub reserve_moved: bool,
    /// The enemy unit it declared an assault on.
    pub assaulting: Option<UnitId>,
    /// Its assault was declared and it has been moved half the way.
    pub assaulted: bool,
    /// It reacted to an assault on it.
    pub reacted: bool,
    /// The friend it was committed to support.
    pub supporting: Option<UnitId>,
    /// Figures lost to fire this turn, and in all.
    pub lost_to_fire: u32,
    pub lost: u32,
    /// Advanced or pushed the enemy back; retired or was pushed back.
    pub advanced: bool,
    pub retired: bool,
    /// Fought a melee.
    pub fought: bool,
    /// Its order chit was placed this turn.
    pub ordered: bool,
    /// It routed this turn.
    pub routed: bool,
    /// It countercharged an assault.
    pub countercharged: bool,
    /// It evaded an assault.
    pub evaded: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Side,
    pub troop: Troop,
    pub class: Class,
    /// Small arms, if any.
    pub weapon: Option<Weapon>,
    pub calibre: Option<Calibre>,
    /// Armoured cavalry.
    pub armoured: bool,
    /// Lancers.
    #[serde(default)]
    pub lancers: bool,
    /// The brigade it belongs to (0 for none).
    pub brigade: u8,
    /// Figures left (for a battery, its guns' crews).
    pub figures: u32,
    pub start_figures: u32,
    /// Guns left in a battery.
    pub guns: u32,
    pub start_guns: u32,
    pub formation: Formation,
    pub pose: Pose,
    pub cohesion: Cohesion,
    pub status: Status,
    pub chit: Chit,
    /// It has left reserve: it may never go back ("Burt 4").
    pub left_reserve: bool,
    /// Has fired a volley today.
    pub fired_today: bool,
    /// Must retreat in the next compulsory moves ("Burt 8": it became shaken).
    pub retreat_due: bool,
    /// A general in command of this unit ("Burt 12"), for a general.
    pub with: Option<UnitId>,
    pub marks: Marks,
    pub gone: bool,
}

impl Unit {
    pub fn arm(&self) -> Arm {
        self.troop.arm()
    }

    pub fn on_table(&self) -> bool {
        !self.gone
    }

    pub fn is_officer(&self) -> bool {
        self.arm() == Arm::Officer
    }

    /// A general or the commander-in-chief: an officer who may take over a unit ("Burt 12").
    pub fn is_general(&self) -> bool {
        matches!(self.troop, Troop::General | Troop::CommanderInChief)
    }

    pub fn fights(&self) -> bool {
        self.troop.fights()
    }

    pub fn is_guns(&self) -> bool {
        self.arm() == Arm::Artillery
    }

    pub fn is_cavalry(&self) -> bool {
        self.arm() == Arm::Cavalry
    }

    pub fn routing(&self) -> bool {
        self.cohesion == Cohesion::Routing
    }

    /// What the unit knows of its own order.
    pub fn order(&self) -> Option<Order> {
        self.chit.order()
    }

    /// Stands on the table: a stand for every `per_stand` figures, a gun a stand.
    pub fn stands(&self) -> usize {
        if self.is_guns() {
            self.guns.max(1) as usize
        } else {
            self.figures.div_ceil(self.troop.per_stand()).max(1) as usize
        }
    }

    pub fn geometry(&self) -> formation::Formation {
        geometry_of(self.formation, self.troop)
    }

    pub fn footprint(&self) -> Base {
        self.footprint_at(self.pose, self.formation)
    }

    pub fn footprint_at(&self, pose: Pose, f: Formation) -> Base {
        formation::footprint(
            pose,
            geometry_of(f, self.troop),
            self.stands(),
            self.troop.stand(),
        )
    }

    pub fn stand_bases(&self) -> smallvec::SmallVec<[Base; 16]> {
        formation::stands(
            self.pose,
            self.geometry(),
            self.stands(),
            self.troop.stand(),
        )
    }

    /// Stands abreast in the front rank ("Burt 12": a formation change goes a base of
    /// frontage a quarter move).
    pub fn frontage(&self, f: Formation) -> u32 {
        let n = self.stands() as u32;
        match f {
            Formation::Line | Formation::Open => n,
            Formation::Column | Formation::Limbered => n.clamp(1, 2),
            Formation::Square => n.div_ceil(4),
        }
    }

    /// Ranks of stands.
    /// Ranks of figures from front to back: "more than two ranks" makes a deep target for
    /// artillery ("Burt 6").
    pub fn depth_in_ranks(&self) -> u32 {
        self.depth_in_stands() * self.troop.ranks_a_stand()
    }

    pub fn depth_in_stands(&self) -> u32 {
        let n = self.stands() as u32;
        match self.formation {
            Formation::Line | Formation::Open => 1,
            Formation::Column | Formation::Limbered => n.div_ceil(2),
            Formation::Square => 2,
        }
    }
}

/// The geometry crate's arrangement of a formation.
pub fn geometry_of(f: Formation, troop: Troop) -> formation::Formation {
    match f {
        Formation::Line => formation::Formation::Line,
        Formation::Column => formation::Formation::Column { files: 2 },
        Formation::Limbered => formation::Formation::Column { files: 1 },
        Formation::Square => formation::Formation::Square,
        Formation::Open => formation::Formation::Open {
            gap: troop.stand().width,
        },
    }
}

/// An army's morale ("Burt 10"): secret from the other side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Army {
    /// The rating left; `None` in what the other side is shown.
    pub morale: Option<i32>,
    pub start: Option<i32>,
    /// It reached nothing: every unit tests and takes the -1 from then on.
    pub demoralised: bool,
}

/// What does not change in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub width: f64,
    pub depth: f64,
    pub side_names: [String; 2],
    /// Each unit's name, by id.
    pub names: Vec<String>,
    pub terrain: Vec<Feature>,
    pub tables: Tables,
    pub turns: u32,
    /// The way to each side's own table edge, where its routers run (ruling R24).
    pub home: [grognard_geometry::Vec2; 2],
}

/// The twelve phases of a turn ("Burt 3").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    #[default]
    Orders,
    Initiative,
    Compulsory,
    Declare,
    Manoeuvre,
    Reserve,
    Command,
    Regroup,
    Fire,
    Reaction,
    Assaults,
    Morale,
}

impl Phase {
    pub const ALL: [Phase; 12] = [
        Phase::Orders,
        Phase::Initiative,
        Phase::Compulsory,
        Phase::Declare,
        Phase::Manoeuvre,
        Phase::Reserve,
        Phase::Command,
        Phase::Regroup,
        Phase::Fire,
        Phase::Reaction,
        Phase::Assaults,
        Phase::Morale,
    ];

    pub fn of(index: u8) -> Phase {
        Phase::ALL[usize::from(index).min(11)]
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub field: Arc<Field>,
    /// Every unit, by id; read through [`State::units`]. An event that moves a unit,
    /// reshapes it or takes it off calls [`State::reindex`].
    pub(crate) units: Vec<Unit>,
    /// The turn, the phase, and the side that goes first this turn.
    pub clock: Clock,
    /// The side to act next within the phase.
    pub next: Side,
    /// The sides that have done with the phase.
    pub passed: [bool; 2],
    /// The side that won the initiative and is choosing who goes first.
    pub choosing: Option<Side>,
    pub armies: [Army; 2],
    pub outcome: Option<Outcome>,
    /// Where the units stand, on a grid, kept to answer "what is near here" fast: not
    /// saved, not compared (see [`Kept`]).
    #[serde(skip)]
    pub(crate) kept: Kept,
}

/// Grid cells are this many inches square: about a battalion's frontage in line and short
/// musket range.
const CELL: f64 = 6.0;

impl Piece for Unit {
    fn piece_id(&self) -> u32 {
        u32::from(self.id)
    }

    fn piece_side(&self) -> usize {
        self.side.index()
    }

    /// The circle round its footprint, or nowhere if it is gone.
    fn circle(&self) -> Option<(Vec2, f64)> {
        self.on_table().then(|| circle_round(&self.footprint()))
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
    /// A battle's state as it starts.
    pub fn new(field: Arc<Field>, units: Vec<Unit>, armies: [Army; 2]) -> State {
        State {
            field,
            units,
            clock: Clock::new(Side(0)),
            next: Side(0),
            passed: [false; 2],
            choosing: None,
            armies,
            outcome: None,
            kept: Kept::default(),
        }
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[usize::from(id)]
    }

    /// Every unit, in id order, the gone among them.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Unit `id` to change by hand (tests, tools): where the units stand is worked out
    /// afresh when next asked for.
    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        self.kept.forget();
        &mut self.units[usize::from(id)]
    }

    fn table(&self) -> Table {
        Table {
            size: Vec2::new(self.field.width, self.field.depth),
            cell: CELL,
        }
    }

    fn index(&self) -> &Sides {
        self.kept.sides(self.table(), &self.units)
    }

    /// Keep the grid in step with unit `id` after its pose, formation, figures or place
    /// on the table changed.
    pub(crate) fn reindex(&mut self, id: UnitId) {
        self.kept.place(&self.units[usize::from(id)]);
    }

    fn listed(&self, ids: smallvec::SmallVec<[u32; 32]>) -> impl Iterator<Item = &Unit> {
        ids.into_iter().map(|i| &self.units[i as usize])
    }

    /// The units on the table whose footprints may come within `r` of `p` (every one that
    /// does, and a few that come a little further), in id order.
    pub fn near(&self, p: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.listed(self.index().all.near(p, r))
    }

    /// [`State::near`], of `side`'s units only.
    pub fn near_side(&self, side: Side, p: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.listed(self.index().side[side.index() & 1].near(p, r))
    }

    /// The units on the table whose footprints may come within `r` of the segment from `a`
    /// to `b`, in id order.
    pub fn along(&self, a: Vec2, b: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.listed(self.index().all.along(a, b, r))
    }

    /// Of `side`'s units on the table, the one `score` puts least (the lower id on a tie),
    /// where a unit's score is never less than the distance from `p` to its footprint less
    /// `slack`; units scored `None` are passed over.
    pub fn least(
        &self,
        side: Side,
        p: Vec2,
        slack: f64,
        mut score: impl FnMut(&Unit) -> Option<f64>,
    ) -> Option<&Unit> {
        self.index().side[side.index() & 1]
            .least(p, slack, |i| score(&self.units[i as usize]))
            .map(|(_, i)| &self.units[i as usize])
    }

    /// Whether the grid agrees with where the units stand (for the invariant checks).
    pub fn index_consistent(&self) -> Result<(), String> {
        match self.kept.first_misplaced(self.table(), &self.units) {
            Some(id) => Err(format!(
                "the grid of units misplaces {}",
                self.name(id as UnitId)
            )),
            None => Ok(()),
        }
    }

    pub fn name(&self, id: UnitId) -> &str {
        self.field
            .names
            .get(usize::from(id))
            .map_or("a unit", String::as_str)
    }

    pub fn tables(&self) -> &Tables {
        &self.field.tables
    }

    pub fn phase(&self) -> Phase {
        Phase::of(self.clock.phase)
    }

    pub fn on_table(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.on_table())
    }

    /// What `side` may see: the other side's face-down chits blank and its army morale
    /// unknown ("Burt 4", "Burt 10"). A finished battle hides nothing.
    pub fn seen_by(&self, side: Side) -> State {
        // The grid is built on the battle's own state, so that every view shares it.
        self.index();
        let mut s = self.clone();
        if s.outcome.is_some() {
            return s;
        }
        for u in &mut s.units {
            if u.side != side {
                if let Chit::Secret(_) = u.chit {
                    u.chit = Chit::Hidden;
                }
                // Whether it ever left reserve is known only from its open chits.
                u.left_reserve = !u.chit.is(Order::Reserve);
            }
        }
        let other = &mut s.armies[side.other().index()];
        other.morale = None;
        other.start = None;
        s
    }

    /// Figures each side has lost of its fighting troops, and had.
    pub fn figures_lost(&self, side: Side) -> (u32, u32) {
        self.units
            .iter()
            .filter(|u| u.side == side && u.fights())
            .fold((0, 0), |(lost, all), u| {
                let left = if u.gone { 0 } else { u.figures };
                (lost + u.start_figures - left, all + u.start_figures)
            })
    }
}
