//! The state of a battle.

use crate::scenario::{Edge, GameKind, Options, Role};
use crate::tables::Tables;
use crate::units::{Size, UnitType};
use grognard_engine::placed::{Kept, Piece, Table};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::{Outcome, Side};
use grognard_geometry::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Every base is 1" by 1/2" ("2x2 Basing").
pub const BASE_WIDTH: f64 = 1.0;
pub const BASE_DEPTH: f64 = 0.5;

/// Half a base's diagonal: the circle round any base.
pub const BASE_RADIUS: f64 = 0.559_016_994_374_947_5;

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
        // Every corner lies within half the width and depth together of the centre: a
        // centre that far inside every edge needs no corner found.
        let (c, r) = (base.pose.pos, 0.5 * (base.width + base.depth));
        if c.x >= r && c.y >= r && c.x <= self.width - r && c.y <= self.depth - r {
            return true;
        }
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
#[derive(Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct MeleeWork {
    pub queue: Vec<Contact>,
    /// How many enemies each unit was in melee with when its group began ("Multiple melees").
    pub engaged: Vec<(UnitId, u8)>,
    /// Attackers whose player took the support of the unit behind them ("Column of Attack").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<UnitId>,
}

/// Written out so that copying into a kept one reuses its lists' room.
impl Clone for MeleeWork {
    fn clone(&self) -> Self {
        MeleeWork {
            queue: self.queue.clone(),
            engaged: self.engaged.clone(),
            columns: self.columns.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.queue.clone_from(&source.queue);
        self.engaged.clone_from(&source.engaged);
        self.columns.clone_from(&source.columns);
    }
}

/// The whole state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub field: Arc<Field>,
    /// Every unit, by id; read through [`State::units`], changed only by events (and the
    /// advisor's scratch copies, through [`State::set_pose`]) so the grid follows them.
    pub(crate) units: Vec<Unit>,
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
    /// Where the units on the table stand, on grids: kept in step by [`State::reindex`].
    #[serde(skip)]
    pub(crate) kept: Kept,
    /// Marks of each side's units as they last changed ([`Stamps`]).
    #[serde(skip)]
    pub(crate) stamps: Stamps,
    /// The ids of the units on the table ([`Roster`]), dropped by [`State::placed`].
    #[serde(skip)]
    pub(crate) roster: Roster,
}

/// The ids of the units on the table, in id order: all of them, and each side's. Listed
/// from the units when first asked for, and dropped whenever a unit arrives on the table
/// or leaves it ([`State::placed`]), so that a look at the units on the table, or at one
/// side's, passes over no other unit. Which units are off the table follows no pattern,
/// so a branch on each unit's place as a look passes it is often foreseen wrong, and cost
/// a battle more than keeping the lists does (docs/performance.md). Copies of the state
/// share the lists until one of them drops its own.
#[derive(Debug, Clone, Default)]
pub(crate) struct Roster(std::sync::OnceLock<Arc<OnTable>>);

/// The lists a [`Roster`] keeps.
#[derive(Debug, PartialEq)]
pub(crate) struct OnTable {
    all: Vec<UnitId>,
    side: [Vec<UnitId>; 2],
}

impl OnTable {
    fn of(units: &[Unit]) -> OnTable {
        let mut t = OnTable {
            all: Vec::with_capacity(units.len()),
            side: [
                Vec::with_capacity(units.len()),
                Vec::with_capacity(units.len()),
            ],
        };
        for u in units.iter().filter(|u| u.on_table()) {
            t.all.push(u.id);
            t.side[u.side.index() & 1].push(u.id);
        }
        t
    }
}

impl PartialEq for Roster {
    /// The lists follow from the units, so they never make two states differ.
    fn eq(&self, _: &Roster) -> bool {
        true
    }
}

impl Roster {
    fn of(&self, units: &[Unit]) -> &OnTable {
        self.0.get_or_init(|| Arc::new(OnTable::of(units)))
    }

    pub(crate) fn forget(&mut self) {
        self.0 = std::sync::OnceLock::new();
    }
}

/// A mark for each side's units, drawn afresh whenever one of them changes but for its
/// `moved` flag: two states with the same mark for a side hold the same units of that
/// side in all else, so a player's memo asks only the mark whether they changed. Marks are
/// stamps ([`grognard_engine::stamp`]), never given twice, so a state taken back to an
/// earlier one and changed otherwise never shows an old mark.
///
/// Beside it, a second mark for each side ("still") that a unit's move (which marks it
/// moved) leaves as it was: two states with the same still mark for a side hold the same
/// units that have not moved, where they stood. A movement phase makes one move a
/// decision, so a memo of the units yet to move serves from one decision to the next.
///
/// And a mark of where the units stand ("places"), drawn afresh whenever any unit's base
/// moves, arrives on the table or leaves it ([`State::reindex`]), and by nothing else: two
/// states with the same places mark have every unit standing alike, on the table or off.
#[derive(Debug, Clone)]
pub(crate) struct Stamps {
    marks: [u64; 2],
    still: [u64; 2],
    places: u64,
}

impl Stamps {
    /// The mark of `side`'s units.
    pub(crate) fn of(&self, side: Side) -> u64 {
        self.marks[side.index() & 1]
    }

    /// The still mark of `side`'s units: it stands while every unit of the side that has
    /// not moved stands as it stood.
    pub(crate) fn still_of(&self, side: Side) -> u64 {
        self.still[side.index() & 1]
    }

    /// The mark of where every unit stands.
    pub(crate) fn places(&self) -> u64 {
        self.places
    }

    /// Mark `side`'s units as changed.
    pub(crate) fn touch(&mut self, side: Side) {
        self.marks[side.index() & 1] = grognard_engine::stamp::fresh();
        self.still[side.index() & 1] = grognard_engine::stamp::fresh();
    }

    /// Mark `side`'s units as changed by a move of one of them, now marked moved: the
    /// still mark stays.
    pub(crate) fn touch_moving(&mut self, side: Side) {
        self.marks[side.index() & 1] = grognard_engine::stamp::fresh();
    }

    /// Mark both sides' units as changed.
    pub(crate) fn touch_all(&mut self) {
        *self = Stamps::default();
    }
}

impl Default for Stamps {
    fn default() -> Self {
        let fresh = || {
            [
                grognard_engine::stamp::fresh(),
                grognard_engine::stamp::fresh(),
            ]
        };
        Stamps {
            marks: fresh(),
            still: fresh(),
            places: grognard_engine::stamp::fresh(),
        }
    }
}

impl PartialEq for Stamps {
    /// Marks follow from the units, so they never make two states differ.
    fn eq(&self, _: &Stamps) -> bool {
        true
    }
}

/// Grid cells are this many inches square: about a unit's longest move.
const CELL: f64 = 6.0;

/// In a battle of at most this many units, a question about a place looks at every unit:
/// with so few, that costs less than keeping the grids in step ([`State::near`]).
pub(crate) const SCAN_UP_TO: usize = 64;

/// The units a question about a place finds ([`State::near`]), in id order: in a small
/// battle by looking at every unit on the table, otherwise from the grids.
pub enum Around<'a> {
    /// Every unit of `ids` (the units on the table, or one side's) whose centre is within
    /// the square root of `r2` of `p`.
    Close {
        units: &'a [Unit],
        ids: std::slice::Iter<'a, UnitId>,
        p: Vec2,
        r2: f64,
    },
    /// Every unit of `ids` (the units on the table) whose centre is within `r` of the
    /// segment from `a` to `b`, whose bounding box runs from `lo` to `hi`
    /// ([`grognard_geometry::distance::within_of_segment`]).
    Alongside {
        units: &'a [Unit],
        ids: std::slice::Iter<'a, UnitId>,
        a: Vec2,
        b: Vec2,
        r: f64,
        lo: Vec2,
        hi: Vec2,
    },
    /// The units the grids found, by id.
    Found(&'a [Unit], grognard_geometry::grid::Near<'a>),
}

impl<'a> Iterator for Around<'a> {
    type Item = &'a Unit;

    #[inline]
    fn next(&mut self) -> Option<&'a Unit> {
        match self {
            Around::Close { units, ids, p, r2 } => ids
                .map(|&i| &units[usize::from(i)])
                .find(|u| u.pose.pos.distance_squared(*p) <= *r2),
            Around::Alongside {
                units,
                ids,
                a,
                b,
                r,
                lo,
                hi,
            } => ids.map(|&i| &units[usize::from(i)]).find(|u| {
                grognard_geometry::distance::within_of_segment(u.pose.pos, (*a, *b), (*lo, *hi), *r)
            }),
            Around::Found(units, ids) => ids.next().map(|i| &units[i as usize]),
        }
    }
}

impl Piece for Unit {
    fn piece_id(&self) -> u32 {
        u32::from(self.id)
    }

    fn piece_side(&self) -> usize {
        self.side.index()
    }

    fn circle(&self) -> Option<(Vec2, f64)> {
        // Every base is the same size, so the circle round it is too.
        self.on_table().then_some((self.pose.pos, BASE_RADIUS))
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
        self.field.side_name(side)
    }
}

impl State {
    #[inline]
    pub fn unit(&self, id: UnitId) -> &Unit {
        &self.units[id as usize]
    }

    pub fn on_table(&self) -> impl Iterator<Item = &Unit> + '_ {
        self.listed(&self.roster.of(&self.units).all)
    }

    /// The units of `ids`, in that order.
    #[inline]
    fn listed<'a>(&'a self, ids: &'a [UnitId]) -> impl Iterator<Item = &'a Unit> + 'a {
        ids.iter().map(|&i| &self.units[usize::from(i)])
    }

    /// The ids of the units on the table, of `side` if named.
    #[inline]
    fn ids_on_table(&self, side: Option<Side>) -> &[UnitId] {
        let t = self.roster.of(&self.units);
        match side {
            Some(s) => &t.side[s.index() & 1],
            None => &t.all,
        }
    }

    /// A unit arrived on the table or left it: drop the lists of the units on it.
    pub(crate) fn placed(&mut self) {
        self.roster.forget();
    }

    /// Every unit, in id order, those off the table among them.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    fn table(&self) -> Table {
        Table {
            size: Vec2::new(self.field.width, self.field.depth),
            cell: CELL,
        }
    }

    /// Whether questions about a place go to the grids: only in battles of more units than
    /// a look at every one of them costs less than the grids' upkeep.
    #[inline]
    pub(crate) fn by_grid(&self) -> bool {
        self.units.len() > SCAN_UP_TO
    }

    /// The units on the table (of `side`, if named) whose bases may come within `r` of
    /// `p`, each looked at.
    #[inline]
    fn close(&self, side: Option<Side>, p: Vec2, r: f64) -> Around<'_> {
        let reach = r + BASE_RADIUS;
        Around::Close {
            units: &self.units,
            ids: self.ids_on_table(side).iter(),
            p,
            r2: reach * reach,
        }
    }

    /// The units on the table whose bases may come within `r` of `p`, in id order: every
    /// unit whose base does is among them, and those whose circles do.
    #[inline]
    pub fn near(&self, p: Vec2, r: f64) -> Around<'_> {
        if !self.by_grid() {
            return self.close(None, p, r);
        }
        let ix = &self.kept.sides(self.table(), &self.units).all;
        Around::Found(&self.units, ix.near_iter(p, r))
    }

    /// [`State::near`], of `side`'s units only.
    #[inline]
    pub fn near_side(&self, side: Side, p: Vec2, r: f64) -> Around<'_> {
        if !self.by_grid() {
            return self.close(Some(side), p, r);
        }
        let ix = &self.kept.sides(self.table(), &self.units).side[side.index() & 1];
        Around::Found(&self.units, ix.near_iter(p, r))
    }

    /// The units on the table whose bases may come within `r` of the segment from `a` to
    /// `b`, in id order: every unit whose base does is among them, and those whose circles
    /// do.
    #[inline]
    pub fn along(&self, a: Vec2, b: Vec2, r: f64) -> Around<'_> {
        if !self.by_grid() {
            return Around::Alongside {
                units: &self.units,
                ids: self.ids_on_table(None).iter(),
                a,
                b,
                r: r + BASE_RADIUS,
                lo: a.min(b),
                hi: a.max(b),
            };
        }
        let ix = &self.kept.sides(self.table(), &self.units).all;
        let ids = grognard_geometry::grid::Near::Listed(ix.along(a, b, r).into_iter());
        Around::Found(&self.units, ids)
    }

    /// Keep the grids in step with unit `id` after it moved, arrived or left the table.
    pub(crate) fn reindex(&mut self, id: UnitId) {
        self.kept.place(&self.units[id as usize]);
        self.stamps.places = grognard_engine::stamp::fresh();
    }

    /// Stand unit `id` at `pose` on a scratch copy of the battle (the advisor's), the
    /// grids with it.
    pub(crate) fn set_pose(&mut self, id: UnitId, pose: Pose) {
        self.units[id as usize].pose = pose;
        self.reindex(id);
        self.touched(id);
    }

    /// Mark unit `id`'s side as changed ([`Stamps`]).
    pub(crate) fn touched(&mut self, id: UnitId) {
        let side = self.units[id as usize].side;
        self.stamps.touch(side);
    }

    /// Mark unit `id`'s side as changed by a move of `id`, which is now marked moved
    /// ([`Stamps::touch_moving`]).
    pub(crate) fn touched_moving(&mut self, id: UnitId) {
        debug_assert!(self.units[id as usize].moved);
        let side = self.units[id as usize].side;
        self.stamps.touch_moving(side);
    }

    /// Whether the grids, and the lists of the units on the table, agree with where the
    /// units stand, for invariant checks.
    pub fn index_consistent(&self) -> Result<(), String> {
        if let Some(id) = self.kept.first_misplaced(self.table(), &self.units) {
            return Err(format!(
                "the grid of units misplaces {}",
                self.name(id as UnitId)
            ));
        }
        if *self.roster.of(&self.units) != OnTable::of(&self.units) {
            return Err("the lists of the units on the table are out of step".into());
        }
        Ok(())
    }

    pub fn enemies_of(&self, side: Side) -> impl Iterator<Item = &Unit> + '_ {
        self.listed(self.ids_on_table(Some(side.other())))
    }

    pub fn friends_of(&self, side: Side) -> impl Iterator<Item = &Unit> + '_ {
        self.listed(self.ids_on_table(Some(side)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The scale bench's battle of `n` units a side, its units scattered over the table by
    /// a fixed rule and some taken off it.
    fn scattered(n: usize) -> State {
        let mut s = crate::design::setup::start(&crate::design::setup::large(n));
        let (w, d) = (s.field.width, s.field.depth);
        for (i, u) in s.units.iter_mut().enumerate() {
            let x = (i as f64 * 37.31) % (w - 2.0) + 1.0;
            let y = (i as f64 * 17.93) % (d - 2.0) + 1.0;
            u.pose = Pose::at(Vec2::new(x, y), (i as f64 * 53.0) % 360.0);
            if i % 11 == 5 {
                u.place = Place::Destroyed;
            }
        }
        s.kept.forget();
        s.placed();
        s
    }

    #[test]
    fn the_base_radius_is_half_a_bases_diagonal() {
        let u = Unit {
            place: Place::Table,
            ..crate::design::setup::start(&crate::design::setup::large(1)).units[0].clone()
        };
        assert_eq!(
            u.circle().map(|c| c.1),
            Some(grognard_engine::placed::circle_round(&u.base()).1)
        );
    }

    #[test]
    fn the_lists_of_units_on_the_table_follow_arrivals_losses_and_exits() {
        use crate::event::{Cause, Event};
        let mut s = scattered(15);
        let check = |s: &State| {
            let ids = |it: &mut dyn Iterator<Item = &Unit>| it.map(|u| u.id).collect::<Vec<_>>();
            let on = |u: &&Unit| u.place == Place::Table;
            assert_eq!(ids(&mut s.on_table()), ids(&mut s.units.iter().filter(on)));
            for side in Side::ALL {
                let mine = |u: &&Unit| on(u) && u.side == side;
                let theirs = |u: &&Unit| on(u) && u.side != side;
                assert_eq!(
                    ids(&mut s.friends_of(side)),
                    ids(&mut s.units.iter().filter(mine))
                );
                assert_eq!(
                    ids(&mut s.enemies_of(side)),
                    ids(&mut s.units.iter().filter(theirs))
                );
            }
            assert_eq!(s.index_consistent(), Ok(()));
        };
        check(&s);
        let before = s.on_table().count();
        let first = s.on_table().next().unwrap().id;
        let last = s.on_table().last().unwrap().id;
        crate::apply::apply(
            &mut s,
            &Event::Destroyed {
                unit: first,
                cause: Cause::Shooting,
            },
        );
        crate::apply::apply(&mut s, &Event::Exited { unit: last });
        check(&s);
        assert_eq!(s.on_table().count(), before - 2);
        let pose = s.units[usize::from(first)].pose;
        crate::apply::apply(&mut s, &Event::Arrived { unit: first, pose });
        check(&s);
        assert_eq!(s.on_table().count(), before - 1);
        // A copy keeps the lists it shares in step with its own units.
        let mut copy = s.clone();
        crate::apply::apply(
            &mut copy,
            &Event::Destroyed {
                unit: first,
                cause: Cause::Melee,
            },
        );
        check(&copy);
        check(&s);
    }

    #[test]
    fn units_near_a_place_are_those_a_look_at_every_unit_finds() {
        // 30 units (looked at one by one) and 200 (found on the grids).
        for n in [15, 100] {
            let s = scattered(n);
            assert_eq!(s.by_grid(), 2 * n > SCAN_UP_TO);
            let ids = |it: Around| it.map(|u| u.id).collect::<Vec<_>>();
            let (w, d) = (s.field.width, s.field.depth);
            let mut found = 0;
            for k in 0..40 {
                let p = Vec2::new((k as f64 * 7.7) % w, (k as f64 * 5.3) % d);
                let q = p + Vec2::new(9.0, -4.0);
                for r in [0.0, 1.5, 6.0] {
                    let reach = r + BASE_RADIUS;
                    let want: Vec<UnitId> = s
                        .on_table()
                        .filter(|u| u.pose.pos.distance(p) <= reach)
                        .map(|u| u.id)
                        .collect();
                    assert_eq!(ids(s.near(p, r)), want, "{n}: near {p} {r}");
                    for side in [Side(0), Side(1)] {
                        let of_side: Vec<UnitId> = want
                            .iter()
                            .copied()
                            .filter(|i| s.unit(*i).side == side)
                            .collect();
                        assert_eq!(ids(s.near_side(side, p, r)), of_side, "{n}: {side:?}");
                    }
                    let want: Vec<UnitId> = s
                        .on_table()
                        .filter(|u| {
                            grognard_geometry::distance::point_segment(u.pose.pos, p, q) <= reach
                        })
                        .map(|u| u.id)
                        .collect();
                    assert_eq!(ids(s.along(p, q, r)), want, "{n}: along {p} {r}");
                    found += want.len();
                }
            }
            assert!(found > 100, "{n}: {found}");
        }
    }

    #[test]
    fn the_grids_follow_units_moved_by_events_and_on_scratch_copies() {
        let mut s = scattered(100);
        let p = Vec2::new(3.0, 3.0);
        let _ = s.near(p, 1.0).count();
        assert_eq!(s.index_consistent(), Ok(()));
        let id = s.on_table().nth(7).map(|u| u.id).expect("a unit");
        crate::apply::apply(
            &mut s,
            &crate::event::Event::Moved {
                unit: id,
                to: Pose::at(p, 90.0),
                cost: 0.0,
                road: false,
            },
        );
        assert_eq!(s.index_consistent(), Ok(()));
        assert!(s.near(p, 0.1).any(|u| u.id == id));
        // A scratch copy moves its units without moving the battle's.
        let mut sim = s.clone();
        sim.set_pose(id, Pose::at(Vec2::new(20.0, 20.0), 0.0));
        assert!(!sim.near(p, 0.1).any(|u| u.id == id));
        assert!(s.near(p, 0.1).any(|u| u.id == id));
        assert_eq!(sim.index_consistent(), Ok(()));
        // A unit destroyed leaves the grids.
        crate::apply::apply(
            &mut s,
            &crate::event::Event::Destroyed {
                unit: id,
                cause: crate::event::Cause::WithItsUnit,
            },
        );
        assert!(!s.near(p, 0.1).any(|u| u.id == id));
        assert_eq!(s.index_consistent(), Ok(()));
    }
}
