//! The state of a battle under "Napoleonic Fire & Fury": the table, the brigades with their
//! stands, formation, order and effectiveness, the batteries, the leaders and their chain
//! of command, and where the turn stands (docs/fire-and-fury-design.md, part 5).

use crate::design::derive::BrigadeArm;
use crate::facts::{Condition, Formation, InfantryClass, Quality, Skirmish};
use crate::modifiers::Commander;
use crate::scenario::{Nation, Options, Rank};
use crate::tables::{ManeuverResult, Rating, Tables, Weight};
use grognard_engine::placed::{circle_round, Kept, Piece, Table};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::Feature;
use grognard_engine::{Outcome, Side};
use grognard_geometry::formation::{self, StandSize};
use grognard_geometry::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub type UnitId = u16;

/// A brigade: its stands, what it is (fixed at the start) and how it stands now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Brigade {
    /// Its division commander.
    pub commander: UnitId,
    /// Foot stands left (regimental guns among them).
    pub foot: u32,
    /// Horse stands left.
    pub horse: u32,
    pub start_stands: u32,
    /// More than half its stands were horse at the start ("mainly cavalry").
    pub cavalry: bool,
    /// It had stands of both arms at the start ("NFF Prepare for Battle 7").
    pub mixed: bool,
    pub rating: Rating,
    pub heavy: bool,
    pub armoured: bool,
    pub lance: bool,
    pub class: InfantryClass,
    pub skirmish: Skirmish,
    pub two_rank: bool,
    pub old_guard: bool,
    /// Irregulars are always Disordered ("NFF Mustering 2h").
    pub irregular: bool,
    /// The company of combat engineers attached to it, while they last ("NFF Additional
    /// 1": one at a time).
    pub engineers: Option<UnitId>,
    /// The Imperial Guard's band marches with it ("NFF Additional 2").
    pub band: bool,
    pub formation: Formation,
    /// The formation whose layout a square keeps (its end stands turned outward, "NFF
    /// Maneuver: Formations 3").
    pub squared_from: Formation,
    pub disordered: bool,
    pub condition: Condition,
    pub marks: Marks,
}

impl Brigade {
    pub fn arm(&self) -> BrigadeArm {
        match (self.mixed, self.cavalry) {
            (false, false) => BrigadeArm::Infantry,
            (false, true) => BrigadeArm::Cavalry,
            (true, cavalry) => BrigadeArm::Mixed { cavalry },
        }
    }

    pub fn stands(&self) -> u32 {
        self.foot + self.horse
    }

    /// How its stands are laid out now.
    pub fn layout(&self) -> formation::Formation {
        let f = if self.formation == Formation::Square {
            self.squared_from
        } else {
            self.formation
        };
        layout(f, self.stands())
    }

    /// Disordered, as irregulars always are.
    pub fn is_disordered(&self) -> bool {
        self.disordered || self.irregular
    }

    /// The size of one of its stands ("NFF Mustering 2"): cavalry 1" square; infantry 3/4"
    /// by 1", two-rank infantry 1 1/8" wide (the module's optional mounting, taken as
    /// Grognard's default: design 5.9); a mixed brigade takes the wider.
    pub fn stand_size(&self) -> StandSize {
        let width = if self.horse > 0 || self.cavalry {
            1.0
        } else if self.two_rank {
            1.125
        } else {
            0.75
        };
        StandSize { width, depth: 1.0 }
    }
}

/// What a brigade has done this turn, and its record of Reserve Movement.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Marks {
    /// It used Reserve Movement this turn: no offensive fire, no charge ("NFF Maneuver:
    /// Reserve Movement 3d").
    pub used_rm: bool,
    /// Its Maneuver Table result this phase, which says what it may do.
    pub maneuver: Option<ManeuverResult>,
    /// The share of a full move it has used this phase.
    pub used: f64,
    /// It changed formation or about-faced this turn ("NFF M&C Modifiers f").
    pub changing: bool,
    /// The enemy it moved into contact with as a charger this turn.
    pub charging: Option<UnitId>,
    /// How far it moved to make contact ("NFF Charge 5d").
    pub charge_distance: f64,
    /// It fought a charge combat in this charge phase.
    pub fought: bool,
    /// Its win lets it make a breakthrough charge now ("NFF Sequence 2c").
    pub may_break: bool,
    /// The enemy it made a breakthrough charge on.
    pub breaking: Option<UnitId>,
    /// It announced a charge on this enemy before its maneuver roll.
    pub announced: Option<UnitId>,
    /// It fired in this fire phase.
    pub fired: bool,
    /// It fired at a passing enemy, and so does not fire in the next defensive fire.
    pub fired_early: bool,
    /// It countercharged a charger this player turn ("NFF Charge 4").
    pub countercharged: bool,
    /// Stands it lost in this turn's fire phase ("NFF Charge 5j").
    pub lost_to_fire: u32,
    /// Its Reserve Movement last turn allowed a move ("NFF Maneuver: Reserve Movement 5i").
    pub rm_succeeded: bool,
    /// Turns running in which its Reserve Movement failed (5j).
    pub rm_failures: u32,
    /// This turn's Reserve Movement: allowed a move or not.
    pub rm_this_turn: Option<bool>,
}

/// A battery: one stand of so many guns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Battery {
    pub commander: UnitId,
    pub guns: u32,
    pub weight: Weight,
    pub horse: bool,
    pub quality: Quality,
    pub limbered: bool,
    /// Functions used in its own player turn (design 4.8).
    pub functions: u8,
    /// A "D" result put it out of action: the starts of its own player turns still to come
    /// before it acts again (design 4.3); out of action while above nothing.
    pub silenced: u8,
    pub fired: bool,
    /// It fired at a passing enemy, and so does not fire in the next defensive fire.
    pub fired_early: bool,
    /// It used Reserve Movement this turn.
    pub used_rm: bool,
    /// It fought a charge combat in this charge phase.
    pub fought: bool,
    /// The Grand Battery it belongs to, by the id of its first battery ("NFF Maneuver:
    /// Grand Batteries"): never left.
    pub grand_battery: Option<UnitId>,
}

impl Battery {
    /// The most it may do in its player turn: two functions, a Grand Battery's one (design
    /// 4.8, "NFF Maneuver: Grand Batteries 4").
    pub fn functions_allowed(&self) -> u8 {
        if self.grand_battery.is_some() {
            1
        } else {
            2
        }
    }

    /// The weight it fires at: horse batteries fire as light (design 4.3).
    pub fn fires_as(&self) -> Weight {
        if self.horse {
            Weight::Light
        } else {
            self.weight
        }
    }

    /// Its base: an eighth of an inch a gun wide, an inch deep ("NFF Mustering 2c").
    pub fn size(&self) -> StandSize {
        StandSize {
            width: (f64::from(self.guns) / 8.0).max(0.5),
            depth: 1.0,
        }
    }
}

/// A company of combat engineers ("NFF Additional 1"): one stand, maneuvering as a battery
/// does (in its commander's radius, two functions a turn), attached to an infantry brigade
/// or standing alone (ruling R13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Company {
    /// The leader who controls it.
    pub commander: UnitId,
    /// The French Imperial Guard's engineers (the optional rule lowers ground two steps).
    pub guard: bool,
    /// The brigade it is attached to.
    pub attached: Option<UnitId>,
    /// Functions used in its own player turn: moving, attaching, detaching.
    pub functions: u8,
    /// It used Reserve Movement this turn.
    pub used_rm: bool,
}

impl Company {
    /// The most it may do in its player turn, as a battery (design 4.8).
    pub const FUNCTIONS: u8 = 2;
}

/// A leader.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    pub rank: Rank,
    pub superior: Option<UnitId>,
    pub charismatic: bool,
    /// The brigade, battery or leader he is attached to.
    pub attached: Option<UnitId>,
    /// Inches moved in this player turn.
    pub moved: f64,
    /// He may form a Grand Battery ("NFF Maneuver: Grand Batteries 3").
    pub grand_battery: bool,
    /// The Grand Battery he commands, by the id of its first battery.
    pub commands_battery: Option<UnitId>,
    /// He took the place of a leader lost (design 4.10): never charismatic; an army's
    /// replacement commander rates as an ordinary general.
    pub replacement: bool,
}

/// What a unit on the table is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum What {
    Brigade(Brigade),
    Battery(Battery),
    Leader(Leader),
    Company(Company),
}

/// One unit: a brigade, a battery, a leader or a company of engineers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub id: UnitId,
    pub side: Side,
    pub pose: Pose,
    /// Destroyed, captured, or a leader lost.
    pub gone: bool,
    pub what: What,
}

impl Unit {
    pub fn brigade(&self) -> Option<&Brigade> {
        match &self.what {
            What::Brigade(b) => Some(b),
            _ => None,
        }
    }

    pub fn battery(&self) -> Option<&Battery> {
        match &self.what {
            What::Battery(b) => Some(b),
            _ => None,
        }
    }

    pub fn leader(&self) -> Option<&Leader> {
        match &self.what {
            What::Leader(l) => Some(l),
            _ => None,
        }
    }

    pub fn company(&self) -> Option<&Company> {
        match &self.what {
            What::Company(c) => Some(c),
            _ => None,
        }
    }

    /// Brigades and batteries: what zones, fire and charges count ("NFF Maneuver: Reserve
    /// Movement 2": leaders are not, nor are engineers, ruling R13).
    pub fn fights(&self) -> bool {
        matches!(self.what, What::Brigade(_) | What::Battery(_))
    }

    /// A company of engineers standing on its own, not with a brigade.
    pub fn lone_company(&self) -> bool {
        !self.gone && self.company().is_some_and(|c| c.attached.is_none())
    }

    pub fn on_table(&self) -> bool {
        !self.gone
    }

    /// Its footprint: a brigade's stands in its formation, a battery's base, a leader's
    /// base.
    pub fn footprint(&self) -> Base {
        self.footprint_at(self.pose)
    }

    pub fn footprint_at(&self, pose: Pose) -> Base {
        match &self.what {
            What::Brigade(b) => {
                formation::footprint(pose, b.layout(), b.stands().max(1) as usize, b.stand_size())
            }
            What::Battery(b) => {
                let s = b.size();
                Base::new(pose, s.width, s.depth)
            }
            What::Leader(_) => Base::new(pose, 1.0, 1.0),
            // A stand of columnar infantry ("NFF Additional 1").
            What::Company(_) => Base::new(pose, 0.75, 1.0),
        }
    }

    /// The stands that may fire (design 4.3): a brigade's front rank, laid out alone; a
    /// battery's one base.
    pub fn front_stands(&self) -> Front {
        match &self.what {
            What::Brigade(b) => {
                let n = b.stands() as usize;
                formation::first_stands(
                    self.pose,
                    b.layout(),
                    n,
                    b.stand_size(),
                    front_rank(b.formation, n),
                )
            }
            _ => smallvec::smallvec![self.footprint()],
        }
    }

    /// Where each of a brigade's stands stands (a battery or leader is one).
    pub fn stand_bases(&self) -> smallvec::SmallVec<[Base; 16]> {
        match &self.what {
            What::Brigade(b) => {
                formation::stands(self.pose, b.layout(), b.stands() as usize, b.stand_size())
            }
            _ => smallvec::smallvec![self.footprint()],
        }
    }
}

/// The stands of a unit that may fire ([`Unit::front_stands`]).
pub type Front = smallvec::SmallVec<[Base; 8]>;

/// How many of a brigade's stands, laid out front rank first, stand in its front rank
/// (design 4.3): all in Single Echelon and square, the front line of Double Echelon, two of
/// Brigade Masse, the head of March Column.
pub fn front_rank(f: Formation, stands: usize) -> usize {
    match f {
        Formation::SingleEchelon | Formation::Square => stands,
        Formation::DoubleEchelon => stands.div_ceil(2),
        Formation::BrigadeMasse => stands.min(2),
        Formation::MarchColumn => stands.min(1),
    }
}

/// How a formation lays its stands out (design 5.6): Single Echelon all abreast; Double
/// Echelon two lines, the front holding half rounded up; Brigade Masse two abreast; March
/// Column one abreast. A square keeps the layout it had ([`Brigade::layout`]); alone, it
/// is drawn as a line.
pub fn layout(f: Formation, stands: u32) -> formation::Formation {
    match f {
        Formation::SingleEchelon | Formation::Square => formation::Formation::Line,
        Formation::DoubleEchelon => formation::Formation::Column {
            files: stands.div_ceil(2).clamp(1, 255) as u8,
        },
        Formation::BrigadeMasse => formation::Formation::Column { files: 2 },
        Formation::MarchColumn => formation::Formation::Column { files: 1 },
    }
}

/// What does not change in play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Field {
    pub name: String,
    pub width: f64,
    pub depth: f64,
    pub year: u32,
    pub turns: u32,
    pub set_battle: bool,
    pub options: Options,
    pub side_names: [String; 2],
    pub nations: [Nation; 2],
    /// Each army commander's class ("NFF Sequence 1").
    pub commanders: [Commander; 2],
    /// Each unit's name, by id.
    pub names: Vec<String>,
    pub terrain: Vec<Feature>,
    pub tables: Tables,
}

/// The phases of a turn (design 4.9): the initiative, then each player turn's maneuver
/// (leader attachment, Reserve Movement, Tactical Movement, detached leaders), musketry and
/// cannonade (the other side's defensive fire, then the player's offensive fire) and
/// charge.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    #[default]
    Initiative,
    Attach,
    Reserve,
    Tactical,
    Leaders,
    DefensiveFire,
    OffensiveFire,
    Charge,
}

impl Phase {
    /// A player turn's phases, in order.
    pub const TURN: [Phase; 7] = [
        Phase::Attach,
        Phase::Reserve,
        Phase::Tactical,
        Phase::Leaders,
        Phase::DefensiveFire,
        Phase::OffensiveFire,
        Phase::Charge,
    ];

    /// The phase at an index of the sequence: the initiative, then the first player's
    /// turn, then the second's.
    pub fn of(index: u8) -> Phase {
        match index {
            0 => Phase::Initiative,
            i => Phase::TURN[usize::from((i - 1) % 7)],
        }
    }
}

/// The state of a battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub field: Arc<Field>,
    /// Every unit, by id; read through [`State::units`].
    pub(crate) units: Vec<Unit>,
    /// The turn, the phase, and the side that is first player this turn.
    pub clock: Clock,
    /// The side that won the initiative and is choosing who goes first.
    pub choosing: Option<Side>,
    pub outcome: Option<Outcome>,
    #[serde(skip)]
    pub(crate) kept: Kept,
    #[serde(skip)]
    pub(crate) stamps: Stamps,
    /// Each unit's footprint, once asked for, kept in step with the grid.
    #[serde(skip)]
    prints: Prints,
    /// Each unit's front-rank stands, once asked for, kept in step with the grid.
    #[serde(skip)]
    fronts: Fronts,
}

/// Front ranks laid out once and kept, each when first asked for: like [`Prints`], they
/// follow from the units.
#[derive(Debug, Clone, Default)]
struct Fronts(std::sync::OnceLock<Vec<std::sync::OnceLock<Front>>>);

impl PartialEq for Fronts {
    fn eq(&self, _: &Fronts) -> bool {
        true
    }
}

/// Footprints worked out once and kept: they follow from the units, so they never make two
/// states differ.
#[derive(Debug, Clone, Default)]
struct Prints(std::sync::OnceLock<Vec<Base>>);

impl PartialEq for Prints {
    fn eq(&self, _: &Prints) -> bool {
        true
    }
}

/// When each unit last changed, as a number given to that change alone among every copy of
/// every state in the process: a unit with the same number in two states is the same in
/// both, and a reader who kept the number need not compare the unit itself. Zero is "not
/// known" (a state made or read afresh, before the events that number its units).
#[derive(Debug, Clone, Default)]
pub struct Stamps(Vec<u64>);

impl PartialEq for Stamps {
    /// Stamps say when units changed, not what they are: they never make two states differ.
    fn eq(&self, _: &Stamps) -> bool {
        true
    }
}

impl Stamps {
    pub fn of(&self, id: UnitId) -> u64 {
        self.0.get(usize::from(id)).copied().unwrap_or(0)
    }

    /// Unit `id`, of `n` units, changed.
    pub(crate) fn touch(&mut self, id: UnitId, n: usize) {
        if self.0.len() < n {
            self.0.resize(n, 0);
        }
        if let Some(s) = self.0.get_mut(usize::from(id)) {
            *s = grognard_engine::stamp::fresh();
        }
    }

    /// Every one of `n` units may have changed.
    pub(crate) fn touch_all(&mut self, n: usize) {
        let first = grognard_engine::stamp::fresh_run(n as u64);
        self.0 = (first..first + n as u64).collect();
    }
}

/// Grid cells are this many inches square: about a brigade's frontage and musket reach.
const CELL: f64 = 6.0;

impl Piece for Unit {
    fn piece_id(&self) -> u32 {
        u32::from(self.id)
    }

    fn piece_side(&self) -> usize {
        self.side.index()
    }

    fn circle(&self) -> Option<(Vec2, f64)> {
        // Leaders stand in nobody's way: the grid holds brigades and batteries.
        (self.on_table() && self.fights()).then(|| circle_round(&self.footprint()))
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
    pub fn new(field: Arc<Field>, units: Vec<Unit>) -> State {
        State {
            field,
            units,
            clock: Clock::new(Side(0)),
            choosing: None,
            outcome: None,
            kept: Kept::default(),
            stamps: Stamps::default(),
            prints: Prints::default(),
            fronts: Fronts::default(),
        }
    }

    fn table(&self) -> Table {
        Table {
            size: Vec2::new(self.field.width, self.field.depth),
            cell: CELL,
        }
    }

    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[usize::from(id)]
    }

    /// Every unit, in id order, the gone among them.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Unit `id` to change by hand (tests, tools).
    pub fn unit_mut(&mut self, id: UnitId) -> &mut Unit {
        self.kept.forget();
        self.prints = Prints::default();
        self.fronts = Fronts::default();
        self.stamps.touch(id, self.units.len());
        &mut self.units[usize::from(id)]
    }

    /// Keep the grid in step with unit `id` after it moved, changed shape or left.
    pub(crate) fn reindex(&mut self, id: UnitId) {
        let u = &self.units[usize::from(id)];
        self.kept.place(u);
        if let Some(p) = self.prints.0.get_mut() {
            p[usize::from(id)] = u.footprint();
        }
        if let Some(f) = self.fronts.0.get_mut() {
            f[usize::from(id)] = std::sync::OnceLock::new();
        }
    }

    /// `u`'s front-rank stands ([`Unit::front_stands`]) if it is a unit of this state: kept
    /// once laid out. `None` for any other (a unit as it would stand somewhere else).
    pub fn front(&self, u: &Unit) -> Option<&Front> {
        match self.units.get(usize::from(u.id)) {
            Some(own) if std::ptr::eq(own, u) => Some(
                self.fronts
                    .0
                    .get_or_init(|| self.units.iter().map(|_| Default::default()).collect())
                    [usize::from(u.id)]
                .get_or_init(|| u.front_stands()),
            ),
            _ => None,
        }
    }

    /// `u`'s footprint: kept for a unit of this state, worked out for any other (a unit
    /// as it would stand somewhere else).
    pub fn print(&self, u: &Unit) -> Base {
        match self.units.get(usize::from(u.id)) {
            Some(own) if std::ptr::eq(own, u) => self
                .prints
                .0
                .get_or_init(|| self.units.iter().map(Unit::footprint).collect())
                [usize::from(u.id)],
            _ => u.footprint(),
        }
    }

    fn listed(&self, ids: smallvec::SmallVec<[u32; 32]>) -> impl Iterator<Item = &Unit> {
        ids.into_iter().map(|i| &self.units[i as usize])
    }

    /// The brigades and batteries whose footprints may come within `r` of `p`, in id
    /// order.
    pub fn near(&self, p: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.kept
            .sides(self.table(), &self.units)
            .all
            .near_iter(p, r)
            .map(|i| &self.units[i as usize])
    }

    /// [`State::near`], of `side`'s units only.
    pub fn near_side(&self, side: Side, p: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.kept.sides(self.table(), &self.units).side[side.index() & 1]
            .near_iter(p, r)
            .map(|i| &self.units[i as usize])
    }

    /// The brigades and batteries whose footprints may come within `r` of the segment from
    /// `a` to `b`, in id order.
    pub fn along(&self, a: Vec2, b: Vec2, r: f64) -> impl Iterator<Item = &Unit> {
        self.listed(
            self.kept
                .sides(self.table(), &self.units)
                .all
                .along(a, b, r),
        )
    }

    /// Whether the grid, the kept footprints and the kept front ranks agree with where the
    /// units stand.
    pub fn index_consistent(&self) -> Result<(), String> {
        if let Some(p) = self.prints.0.get() {
            if let Some(u) = self
                .units
                .iter()
                .find(|u| p[usize::from(u.id)] != u.footprint())
            {
                return Err(format!(
                    "the kept footprint of {} is not where it stands",
                    self.name(u.id)
                ));
            }
        }
        if let Some(f) = self.fronts.0.get() {
            if let Some(u) = self.units.iter().find(|u| {
                f[usize::from(u.id)]
                    .get()
                    .is_some_and(|kept| *kept != u.front_stands())
            }) {
                return Err(format!(
                    "the kept front rank of {} is not where it stands",
                    self.name(u.id)
                ));
            }
        }
        match self.kept.first_misplaced(self.table(), &self.units) {
            Some(id) => Err(format!(
                "the grid of units misplaces {}",
                self.name(id as UnitId)
            )),
            None => Ok(()),
        }
    }

    /// When unit `id` last changed ([`Stamps`]).
    pub fn stamp(&self, id: UnitId) -> u64 {
        self.stamps.of(id)
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

    /// The player whose turn it is: the first player in the first half, the second after.
    pub fn phasing(&self) -> Side {
        self.clock.phasing(&crate::sequence::SEQUENCE)
    }

    pub fn on_table(&self) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(|u| u.on_table())
    }

    /// Stands each side has lost of its brigades, and had ("NFF Prepare for Battle 6").
    pub fn stands_lost(&self, side: Side) -> (u32, u32) {
        self.units
            .iter()
            .filter(|u| u.side == side)
            .filter_map(|u| u.brigade().map(|b| (u.gone, b)))
            .fold((0, 0), |(lost, all), (gone, b)| {
                let left = if gone { 0 } else { b.stands() };
                (lost + b.start_stands - left, all + b.start_stands)
            })
    }
}
