//! Movement ("2x2 Movement", "Modifiers", "Moving to contact", optional "Light Woods").
//!
//! A move is a chain of legs. Turning in place (pivot, wheel, spin) is free; straight ahead
//! and straight back cost their length; sideways costs double. Ground is judged along the
//! path of the base's centre. A move that passes through any part of a town, or crosses a
//! bridge other than in road column, is made at half rate: the unit has half its move
//! (ruling R34); so is a move of infantry other than light infantry that passes through
//! light woods (optional rule, ruling R36). Each stream crossed costs 1" more. A whole move
//! on road (and through no town) gains 1".

use crate::measure::{front_touches, overlapping, touching, OVERLAP_TOLERANCE};
use crate::scenario::Edge;
use crate::state::{Place, State, Status, Unit, UnitId, SCAN_UP_TO};
use crate::units::UnitType;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::Illegal;
use grognard_geometry::distance::segment_intersection;
use grognard_geometry::path::sweep_hits;
use grognard_geometry::{Base, Face, Leg, Pose, Vec2};
use smallvec::SmallVec;

const R_MOVE: &str = "2x2 Movement";
const R_MOD: &str = "2x2 Movement modifiers";
const R_CONTACT: &str = "2x2 Moving to contact";
const R_REINF: &str = "2x2 Reinforcements";

/// How a unit leaves the table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ExitKind {
    /// By its own edge, playing for a draw ("2x2 Victory conditions").
    Home,
    /// At an enemy reinforcement point: it and the enemy's next reinforcement are destroyed.
    EnemyPoint(u8),
}

/// A checked move.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePlan {
    pub to: Pose,
    pub cost: f64,
    pub allowance: f64,
    pub road: bool,
    pub touches: Vec<UnitId>,
    pub exit: Option<ExitKind>,
    /// Infantry other than light infantry entering light woods becomes Pinned.
    pub pinned_by_light_wood: bool,
}

fn illegal(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(rule, why)
}

/// A refusal whose reason is written only if someone will read it
/// ([`Illegal::unless_quiet`]).
fn refusal(quietly: bool, rule: &'static str, why: impl FnOnce() -> String) -> Illegal {
    Illegal::unless_quiet(quietly, rule, why)
}

/// What ground a straight shift of the centre from `a` to `b` crosses.
#[derive(Default)]
struct Ground {
    town: f64,
    bridge: f64,
    light_wood: f64,
    streams: u32,
    all_road: bool,
}

fn on_road(terrain: &[&Feature], p: Vec2) -> bool {
    crate::state::road_at(terrain.iter().copied(), p)
}

fn ground(state: &State, terrain: &[&Feature], a: Vec2, b: Vec2) -> Result<Ground, Illegal> {
    let f = &state.field;
    let mut g = Ground {
        all_road: true,
        ..Default::default()
    };
    let len = a.distance(b);
    let steps = ((len / 0.1).ceil() as usize).max(1);
    for i in 0..=steps {
        let p = a.lerp(b, i as f64 / steps as f64);
        if !on_road(terrain, p) {
            g.all_road = false;
            break;
        }
    }
    for feat in terrain.iter().copied() {
        match feat.kind {
            TerrainKind::Town => g.town += feat.shape.length_inside(a, b),
            TerrainKind::Bridge => g.bridge += feat.shape.length_inside(a, b),
            TerrainKind::LightWood if f.options.light_woods => {
                g.light_wood += feat.shape.length_inside(a, b)
            }
            TerrainKind::Stream => {
                for t in feat.shape.crossing_params(a, b) {
                    let p = a.lerp(b, t);
                    if !terrain
                        .iter()
                        .any(|x| x.kind == TerrainKind::Bridge && x.shape.contains(p))
                    {
                        g.streams += 1;
                    }
                }
            }
            TerrainKind::River => {
                for t in feat.shape.crossing_params(a, b) {
                    let p = a.lerp(b, t);
                    let bridged = terrain
                        .iter()
                        .any(|x| x.kind == TerrainKind::Bridge && x.shape.contains(p));
                    let ford = terrain
                        .iter()
                        .any(|x| x.kind == TerrainKind::Ford && x.shape.contains(p));
                    if ford {
                        g.streams += 1;
                    } else if !bridged {
                        return Err(illegal(
                            R_MOD,
                            "a river may be crossed only at a bridge or a ford",
                        ));
                    }
                }
            }
            TerrainKind::Hill if !feat.steep_edges.is_empty() => {
                let pts = feat.shape.points();
                let n = pts.len();
                for &e in &feat.steep_edges {
                    if e < n && segment_intersection(a, b, pts[e], pts[(e + 1) % n]).is_some() {
                        return Err(illegal(
                            R_MOD,
                            "that side of the hill is too steep to climb",
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(g)
}

/// Where a base may stand as far as woods are concerned ("Dense Woods", "Light Woods").
pub fn woods_allow(state: &State, kind: UnitType, base: &Base) -> Result<(), Illegal> {
    let all: SmallVec<[&Feature; 16]> = state.field.terrain.iter().collect();
    woods_allow_in(state, &all, kind, base, false)
}

/// Whether ground of `terrain` keeps a unit of `kind` out but along a road.
fn restricts(state: &State, kind: UnitType, terrain: TerrainKind) -> bool {
    match terrain {
        TerrainKind::DenseWood => kind != UnitType::LightInfantry,
        TerrainKind::LightWood => state.field.options.light_woods && !kind.is_infantry(),
        _ => false,
    }
}

/// The features of `terrain` whose bounds meet those of the ground a base sweeps shifting
/// straight from `from` to `to`: nothing else can lie under it.
fn swept_ground<'a>(terrain: &[&'a Feature], from: &Base, to: &Base) -> SmallVec<[&'a Feature; 8]> {
    let ((a, b), (c, d)) = (from.bounds(), to.bounds());
    let (lo, hi) = (a.min(c), b.max(d));
    let m = 1e-6;
    terrain
        .iter()
        .copied()
        .filter(|feat| {
            let (flo, fhi) = feat.shape.bounds();
            hi.x + m >= flo.x && hi.y + m >= flo.y && lo.x - m <= fhi.x && lo.y - m <= fhi.y
        })
        .collect()
}

fn woods_allow_in(
    state: &State,
    terrain: &[&Feature],
    kind: UnitType,
    base: &Base,
    quietly: bool,
) -> Result<(), Illegal> {
    let corners = base.corners();
    for feat in terrain.iter().copied() {
        let restricted = restricts(state, kind, feat.kind);
        if restricted
            && feat.shape.overlaps_convex(&corners, OVERLAP_TOLERANCE)
            && !on_road(terrain, base.pose.pos)
        {
            return Err(refusal(quietly, R_MOD, || {
                format!(
                    "a {} may enter {} only along a road",
                    kind.name(),
                    feat.kind.name()
                )
            }));
        }
    }
    Ok(())
}

/// Must the bases sampled every quarter inch along a straight leg of `d` inches from `from`
/// to `to` be tested against woods closed to `kind`? Only if some such wood is among
/// `under`, and, over a leg of more than two samples, meets the ground the whole leg
/// sweeps: the hull of both footprints holds every base sampled, so a wood clear of it is
/// clear of them all.
fn woods_in_sweep(
    state: &State,
    under: &[&Feature],
    kind: UnitType,
    from: &Base,
    to: &Base,
    d: f64,
) -> bool {
    let mut closed = under
        .iter()
        .filter(|feat| restricts(state, kind, feat.kind))
        .peekable();
    if closed.peek().is_none() {
        return false;
    }
    // Two samples at most: as cheap to test as the hull.
    if d <= 0.5 {
        return true;
    }
    let (a, b) = (from.corners(), to.corners());
    let mut hull = SmallVec::new();
    grognard_geometry::overlap::convex_hull_small(
        &[a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]],
        &mut hull,
    );
    closed.any(|feat| feat.shape.overlaps_convex(&hull, 0.0))
}

/// Is `p` on a river away from its bridges and fords ("Streams ... Rivers")?
pub fn in_river(state: &State, p: Vec2) -> bool {
    let all: SmallVec<[&Feature; 16]> = state.field.terrain.iter().collect();
    on_river(&all, p)
}

/// True while a river band lies under the base's centre (rivers are impassable).
fn on_river(terrain: &[&Feature], p: Vec2) -> bool {
    terrain
        .iter()
        .any(|r| r.kind == TerrainKind::River && r.shape.contains(p))
        && !terrain.iter().any(|x| {
            matches!(x.kind, TerrainKind::Bridge | TerrainKind::Ford) && x.shape.contains(p)
        })
}

/// The first of the bases of `units` a single straight leg passes over, if any.
fn sweep_blocker(units: &[NearUnit], from: &Base, to: &Base) -> Option<UnitId> {
    // A base whose centre lies further from the leg's box than the two bases' radii (each
    // bounded by its half width and depth together) cannot be passed over: only the others
    // are swept.
    let (lo, hi) = (
        from.pose.pos.min(to.pose.pos),
        from.pose.pos.max(to.pose.pos),
    );
    let r = 0.5 * (from.width + from.depth);
    units
        .iter()
        .find(|(_, _, ob)| {
            let reach = r + 0.5 * (ob.width + ob.depth);
            let p = ob.pose.pos;
            p.x >= lo.x - reach
                && p.x <= hi.x + reach
                && p.y >= lo.y - reach
                && p.y <= hi.y + reach
                && sweep_hits(from, to, ob, OVERLAP_TOLERANCE)
        })
        .map(|(id, _, _)| *id)
}

/// The first of the bases of `units` a base turning in place from `from` to `next` meets,
/// if any.
fn turn_blocker(units: &[NearUnit], from: &Base, next: Pose) -> Option<UnitId> {
    turn_blocker_of(units, &turning_near(units, from), from, next)
}

/// Where among `units` lie the bases a base turning in place at `from` could meet at any
/// angle: those reaching into the circle of its half diagonal about the pivot, which the
/// turning base never leaves. Half the other's width and depth together bound its own half
/// diagonal, so a centre further than the two from the pivot is cheaply left out.
fn turning_near(units: &[NearUnit], from: &Base) -> SmallVec<[u16; 8]> {
    let pose = from.pose;
    let reach = from.radius();
    units
        .iter()
        .enumerate()
        .filter(|(_, (_, _, ob))| {
            let r = reach + 0.5 * (ob.width + ob.depth);
            ob.pose.pos.distance_squared(pose.pos) <= r * r
                && grognard_geometry::distance::point_base(pose.pos, ob) <= reach
        })
        .map(|(i, _)| i as u16)
        .collect()
}

/// [`turn_blocker`] with the bases it could meet found beforehand (`around`, places in
/// `units` as [`turning_near`] gives them). Turning sweeps a circle: the end and two points
/// between are checked, against those bases only.
fn turn_blocker_of(units: &[NearUnit], around: &[u16], from: &Base, next: Pose) -> Option<UnitId> {
    if around.is_empty() {
        return None;
    }
    let pose = from.pose;
    let da = grognard_geometry::wrap(next.facing - pose.facing);
    (1..=3).find_map(|k| {
        let mid = pose.turned_to(pose.facing + da * k as f64 / 3.0);
        let b = Base::new(mid, from.width, from.depth);
        around
            .iter()
            .map(|&i| &units[usize::from(i)])
            .find(|(_, _, ob)| overlapping(&b, ob))
            .map(|(id, _, _)| *id)
    })
}

/// Whether `legs` cost more than the unit could move even with every bonus: each straight
/// leg costs at least its length, and no allowance is more than the unit's rate with the
/// road bonus. A move this says is too far [`plan_near`] refuses too.
pub fn too_far(state: &State, unit: &Unit, legs: &[Leg]) -> bool {
    let t = &state.field.tables;
    let most = t.move_allowance(unit.kind) + t.movement.road_bonus.max(0.0);
    let least: f64 = legs
        .iter()
        .map(|l| match l {
            Leg::Side { .. } => 2.0 * l.length(),
            _ => l.length(),
        })
        .sum();
    least > most + 1e-6
}

/// Whether the other bases near a unit leave room for `legs`: no turn meets one and no
/// straight leg passes through one. A move refused here is refused by [`plan_near`] too,
/// which makes these checks among its others; it is asked first of moves that other units
/// mostly block (charges in a crowded line), since it builds no reason and judges no
/// ground. A neighbourhood too short for the legs settles nothing: the answer is yes.
pub fn room_for(unit: &Unit, legs: &[Leg], near: &Near) -> bool {
    room_blocker(unit, legs, near).is_none()
}

/// The unit [`room_for`] first finds in the way of `legs`, if any.
pub fn room_blocker(unit: &Unit, legs: &[Leg], near: &Near) -> Option<UnitId> {
    room_blocker_among(unit, legs, near, &near.units)
}

/// [`room_blocker`] among `units` only (bases that stand near the unit), as far as `near`
/// settles anything: none for legs longer than it serves.
pub fn room_blocker_among(
    unit: &Unit,
    legs: &[Leg],
    near: &Near,
    units: &[NearUnit],
) -> Option<UnitId> {
    if !near.serves(unit, legs) {
        return None;
    }
    // Every move starts where the unit stands: what a turn there could meet is found once
    // for all of them.
    let start = std::ptr::eq(units, near.units.as_slice()).then(|| {
        near.turning
            .get_or_init(|| turning_near(units, &unit.base()))
            .as_slice()
    });
    first_in_way(unit, legs, units, start)
}

/// The units `near` holds that `before` (a list of its kind, [`Near::units`]) did not hold
/// as they are now: those come near since, or standing elsewhere, in id order, into `out`.
pub fn changed_since(before: &[NearUnit], near: &Near, out: &mut impl Extend<NearUnit>) {
    // A base follows from its pose and size: those are compared.
    let same = |(a, sa, ba): &NearUnit, (b, sb, bb): &NearUnit| {
        a == b
            && sa == sb
            && ba.pose.pos == bb.pose.pos
            && ba.pose.facing == bb.pose.facing
            && ba.width == bb.width
            && ba.depth == bb.depth
    };
    let mut j = 0;
    out.extend(
        near.units
            .iter()
            .filter(|now| {
                while j < before.len() && before[j].0 < now.0 {
                    j += 1;
                }
                let kept = j < before.len() && same(&before[j], now);
                j += usize::from(kept);
                !kept
            })
            .copied(),
    );
}

/// The first of `units` a turn of `legs` meets or a straight leg passes through; `start`,
/// if given, is what a turn where the unit stands could meet ([`turning_near`]).
fn first_in_way(
    unit: &Unit,
    legs: &[Leg],
    units: &[NearUnit],
    start: Option<&[u16]>,
) -> Option<UnitId> {
    let mut pose = unit.pose;
    let (w, d) = (unit.base().width, unit.base().depth);
    for (i, leg) in legs.iter().enumerate() {
        let next = leg.apply(pose);
        let from = Base::new(pose, w, d);
        let blocked = match (leg, start) {
            (Leg::Turn { .. }, Some(around)) if i == 0 => {
                turn_blocker_of(units, around, &from, next)
            }
            (Leg::Turn { .. }, _) => turn_blocker(units, &from, next),
            _ => sweep_blocker(units, &from, &Base::new(next, w, d)),
        };
        if blocked.is_some() {
            return blocked;
        }
        pose = next;
    }
    None
}

/// The units and terrain within reach of a unit's moves: nothing further away can matter to
/// them. Gathered once, it serves every move of the unit that goes no further than `reach`.
pub struct Near<'a> {
    unit: UnitId,
    /// The length of legs it serves.
    reach: f64,
    /// A list from [`SPARE`], handed back when the neighbourhood is dropped.
    units: Vec<NearUnit>,
    /// Where among `units` lie those a turn where the unit stands could meet, once found
    /// ([`turning_near`]).
    turning: std::cell::OnceCell<SmallVec<[u16; 8]>>,
    /// Inline for the few features near a unit, so that gathering allocates nothing.
    terrain: SmallVec<[&'a Feature; 16]>,
}

/// The most terrain features a neighbourhood looks at without a branch on each
/// ([`neighbourhood_around`]).
const PICK_UP_TO: usize = 64;

/// Another unit in a neighbourhood: its id, side and base.
pub type NearUnit = (UnitId, grognard_engine::Side, Base);

thread_local! {
    /// Emptied lists of neighbours, filled again by the next neighbourhood gathered: a move
    /// is planned hundreds of times a battle, each with a neighbourhood of its own.
    static SPARE: std::cell::RefCell<Vec<Vec<NearUnit>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Near<'_> {
    fn drop(&mut self) {
        let mut units = std::mem::take(&mut self.units);
        units.clear();
        SPARE.with(|s| s.borrow_mut().push(units));
    }
}

impl Near<'_> {
    /// Whether this neighbourhood holds everything a move of `unit` along `legs` can meet:
    /// it was gathered for that unit, for legs at least this long.
    fn serves(&self, unit: &Unit, legs: &[Leg]) -> bool {
        self.unit == unit.id && legs_length(legs) <= self.reach
    }

    /// The other units gathered, in id order.
    pub fn units(&self) -> &[NearUnit] {
        &self.units
    }

    /// The bases of the other units gathered.
    pub fn bases(&self) -> impl Iterator<Item = &Base> {
        self.units.iter().map(|(_, _, b)| b)
    }

    /// The other units gathered: their sides and bases.
    pub fn sides_and_bases(&self) -> impl Iterator<Item = (grognard_engine::Side, &Base)> {
        self.units.iter().map(|(_, s, b)| (*s, b))
    }
}

/// Whether `unit` may stand as `base` at the end of a move through `near` as far as the
/// ground goes: on the table, out of a river, and out of woods it may enter only by road.
pub fn may_stand(state: &State, near: &Near, unit: &Unit, base: &Base) -> bool {
    state.field.contains(base)
        && !on_river(&near.terrain, base.pose.pos)
        && woods_allow_in(state, &near.terrain, unit.kind, base, true).is_ok()
}

/// The length of a move's legs, by which it reaches.
fn legs_length(legs: &[Leg]) -> f64 {
    legs.iter().map(|l| l.length()).sum::<f64>()
}

fn near<'a>(state: &'a State, unit: &Unit, legs: &[Leg]) -> Near<'a> {
    neighbourhood(state, unit, legs_length(legs))
}

/// What lies within reach of moves of `unit` whose legs are at most `length` long.
pub fn neighbourhood<'a>(state: &'a State, unit: &Unit, length: f64) -> Near<'a> {
    neighbourhood_around(state, unit.id, unit.pose.pos, length)
}

/// The neighbourhood of `unit` were it standing at `c` ([`neighbourhood`]): for a unit not
/// yet on the table, everything any base it could be put in with its centre within `length`
/// of `c` could meet.
pub fn neighbourhood_around(state: &State, unit: UnitId, c: Vec2, length: f64) -> Near<'_> {
    let reach: f64 = length + 1.5;
    let far = (reach + 1.2) * (reach + 1.2);
    let mut units = SPARE.with(|s| s.borrow_mut().pop()).unwrap_or_default();
    let within = |o: &&Unit| o.id != unit && o.pose.pos.distance_squared(c) <= far;
    let gathered = |o: &Unit| (o.id, o.side, o.base());
    if state.by_grid() {
        units.extend(state.near(c, reach + 1.2).filter(within).map(gathered));
    } else {
        // A few units: one look at each, by the test that decides.
        let (picked, n) = pick::<UnitId, SCAN_UP_TO>(state.on_table().map(|o| {
            let keep = (o.id != unit) & (o.pose.pos.distance_squared(c) <= far);
            (o.id, keep)
        }));
        units.extend(picked[..n].iter().map(|&i| gathered(state.unit(i))));
    }
    let mut terrain = SmallVec::new();
    let features = &state.field.terrain;
    let close = |f: &Feature| {
        let (lo, hi) = f.shape.bounds();
        (c.x + reach >= lo.x)
            & (c.x - reach <= hi.x)
            & (c.y + reach >= lo.y)
            & (c.y - reach <= hi.y)
    };
    if features.len() <= PICK_UP_TO {
        let (picked, n) = pick::<u8, PICK_UP_TO>(
            features
                .iter()
                .enumerate()
                .map(|(i, f)| (i as u8, close(f))),
        );
        terrain.extend(picked[..n].iter().map(|&i| &features[usize::from(i)]));
    } else {
        terrain.extend(features.iter().filter(|f| close(f)));
    }
    Near {
        unit,
        reach: length,
        units,
        turning: std::cell::OnceCell::new(),
        terrain,
    }
}

/// The items of `items` (at most `N` of them) whose test passed, in order, and how many
/// there are. Each is picked by adding its test's answer to a count rather than by a branch
/// on it: which units and features near a place pass follows no pattern, so such a branch
/// is often foreseen wrong.
#[inline]
fn pick<T: Copy + Default, const N: usize>(
    items: impl Iterator<Item = (T, bool)>,
) -> ([T; N], usize) {
    let mut picked = [T::default(); N];
    let mut n = 0;
    for (item, keep) in items {
        picked[n] = item;
        n += usize::from(keep);
    }
    (picked, n)
}

/// Check a move and work out its cost and result.
pub fn plan(state: &State, unit: &Unit, legs: &[Leg], exit: bool) -> Result<MovePlan, Illegal> {
    plan_near(state, unit, legs, exit, None)
}

/// [`plan`] with the unit's neighbourhood gathered beforehand, for weighing many moves of
/// one unit; a neighbourhood of another unit, or too short for the legs, is gathered anew.
pub fn plan_near(
    state: &State,
    unit: &Unit,
    legs: &[Leg],
    exit: bool,
    gathered: Option<&Near>,
) -> Result<MovePlan, Illegal> {
    plan_in(state, unit, legs, exit, gathered, false, false)
}

/// [`plan`] without writing the reason for a refusal: for a player settling an offer, who
/// asks only whether.
pub fn plan_quietly(
    state: &State,
    unit: &Unit,
    legs: &[Leg],
    exit: bool,
) -> Result<MovePlan, Illegal> {
    plan_in(state, unit, legs, exit, None, false, true)
}

/// [`plan_near`] for a move (not an exit) that [`room_for`] has passed through the same
/// neighbourhood: the other bases are not looked at again for its turns and straight legs.
pub fn plan_with_room(
    state: &State,
    unit: &Unit,
    legs: &[Leg],
    near: &Near,
) -> Result<MovePlan, Illegal> {
    plan_in(
        state,
        unit,
        legs,
        false,
        Some(near),
        near.serves(unit, legs),
        true,
    )
}

fn plan_in(
    state: &State,
    unit: &Unit,
    legs: &[Leg],
    exit: bool,
    gathered: Option<&Near>,
    room_known: bool,
    quietly: bool,
) -> Result<MovePlan, Illegal> {
    if legs.is_empty() || legs.len() > 16 {
        return Err(illegal(R_MOVE, "a move has from 1 to 16 legs"));
    }
    if legs.iter().any(|l| !l.is_valid()) {
        return Err(illegal(
            R_MOVE,
            "every distance must be a finite number, not negative",
        ));
    }
    match gathered {
        Some(n) if n.serves(unit, legs) => {
            plan_through(state, unit, legs, exit, n, room_known, quietly)
        }
        _ => plan_through(
            state,
            unit,
            legs,
            exit,
            &near(state, unit, legs),
            false,
            quietly,
        ),
    }
}

/// [`plan_in`] through `near`, a neighbourhood that serves the move.
fn plan_through(
    state: &State,
    unit: &Unit,
    legs: &[Leg],
    exit: bool,
    near: &Near,
    room_known: bool,
    quietly: bool,
) -> Result<MovePlan, Illegal> {
    let f = &state.field;
    let tables = &f.tables;
    let mut pose = unit.pose;
    let mut cost = 0.0;
    let mut bridge = 0.0;
    let mut streams = 0u32;
    let mut all_road = true;
    let mut through_town = false;
    let mut entered_light_wood = false;
    let mut total_len = 0.0;
    let light_wood_slows =
        f.options.light_woods && unit.kind.is_infantry() && unit.kind != UnitType::LightInfantry;
    let start_in_light_wood =
        f.options.light_woods && f.in_kind(TerrainKind::LightWood, unit.pose.pos);
    for (i, leg) in legs.iter().enumerate() {
        let next = leg.apply(pose);
        let from = Base::new(pose, unit.base().width, unit.base().depth);
        let to = Base::new(next, from.width, from.depth);
        let last = i + 1 == legs.len();
        match leg {
            Leg::Turn { .. } if room_known => {}
            Leg::Turn { .. } => {
                if let Some(id) = turn_blocker(&near.units, &from, next) {
                    return Err(refusal(quietly, R_MOVE, || {
                        format!("no room to turn beside {}", state.name(id))
                    }));
                }
            }
            _ => {
                let d = leg.length();
                total_len += d;
                let blocker = (!room_known)
                    .then(|| sweep_blocker(&near.units, &from, &to))
                    .flatten();
                // Asked quietly, a leg other units block is refused before its ground is
                // judged: either refuses it, and which does is not asked.
                if quietly && blocker.is_some() {
                    return Err(illegal(R_MOVE, ""));
                }
                // Only the ground under the leg's sweep can bear on it.
                let under = swept_ground(&near.terrain, &from, &to);
                let g = ground(state, &under, pose.pos, next.pos)?;
                let mult = if matches!(leg, Leg::Side { .. }) {
                    2.0
                } else {
                    1.0
                };
                cost += d * mult;
                bridge += g.bridge;
                streams += g.streams;
                all_road &= g.all_road;
                through_town |= g.town > 1e-9;
                entered_light_wood |= g.light_wood > 1e-9;
                if let Some(id) = blocker {
                    return Err(refusal(quietly, R_MOVE, || {
                        format!("the path runs through {}", state.name(id))
                    }));
                }
                // Sample the ground the base stands on along the leg. Woods and rivers are
                // sampled only where the sweep meets some; a base that starts and ends the
                // leg on the table stays on it between (the table is a rectangle).
                let woods = woods_in_sweep(state, &under, unit.kind, &from, &to, d);
                let river = under.iter().any(|feat| feat.kind == TerrainKind::River);
                let inside = last && exit || f.contains(&from) && f.contains(&to);
                let steps = if woods || river || !inside {
                    ((d / 0.25).ceil() as usize).max(1)
                } else {
                    0
                };
                for s in 1..=steps {
                    let p = pose.pos.lerp(next.pos, s as f64 / steps as f64);
                    let b = Base::new(next.moved_to(p), from.width, from.depth);
                    if woods {
                        woods_allow_in(state, &under, unit.kind, &b, quietly)?;
                    }
                    if river && on_river(&under, p) {
                        return Err(illegal(
                            R_MOD,
                            "rivers are impassable except at bridges and fords",
                        ));
                    }
                    if !(inside || f.contains(&b) || last && exit) {
                        return Err(illegal(R_MOVE, "the move would leave the table"));
                    }
                }
            }
        }
        if !last {
            // Contact may only come at the end of a move.
            for (id, side, ob) in &near.units {
                if *side != unit.side && touching(&to, ob) {
                    return Err(refusal(quietly, R_CONTACT, || {
                        format!("contact with {} must end the move", state.name(*id))
                    }));
                }
            }
        }
        pose = next;
    }
    let end = Base::new(pose, unit.base().width, unit.base().depth);
    if !exit && !f.contains(&end) {
        return Err(illegal(R_MOVE, "the move would leave the table"));
    }
    woods_allow_in(state, &near.terrain, unit.kind, &end, quietly)?;
    let road = all_road && !through_town && total_len > 0.0;
    let on_bridge = bridge > 1e-9;
    // "Towns", "Bridge": through a town, or over a bridge out of road column, the unit moves
    // at half rate (ruling R34).
    let half_rate = if through_town {
        Some("it moves through a town")
    } else if on_bridge && !all_road {
        Some("it crosses a bridge out of road column")
    } else if light_wood_slows && entered_light_wood {
        // Optional "Light Woods / Orchards": the same half rate (ruling R36).
        Some("it moves through light woods")
    } else {
        None
    };
    let mut allowance = tables.move_allowance(unit.kind);
    if half_rate.is_some() {
        allowance *= 0.5;
    } else if road {
        allowance += tables.movement.road_bonus;
    }
    cost += streams as f64 * tables.movement.stream_cost;
    let exit_kind = if exit {
        cost += tables.movement.exit_cost;
        Some(exit_kind(state, unit, &end)?)
    } else {
        None
    };
    if cost > allowance + 1e-6 {
        let rule = if half_rate.is_some() { R_MOD } else { R_MOVE };
        return Err(refusal(quietly, rule, || {
            let why = half_rate.map_or(String::new(), |why| format!(" (half rate: {why})"));
            format!(
                "the move costs {cost:.2}\" but {} may move only {allowance:.2}\"{why}",
                state.name(unit.id)
            )
        }));
    }
    let touches: Vec<UnitId> = if exit {
        Vec::new()
    } else {
        near.units
            .iter()
            .filter(|(_, side, ob)| *side != unit.side && touching(&end, ob))
            .map(|(id, _, _)| *id)
            .collect()
    };
    if !touches.is_empty() {
        check_contact(state, unit, legs, total_len, &end, &touches, through_town)?;
    }
    Ok(MovePlan {
        to: pose,
        cost,
        allowance,
        road,
        touches,
        exit: exit_kind,
        pinned_by_light_wood: light_wood_slows && entered_light_wood && !start_in_light_wood,
    })
}

fn check_contact(
    state: &State,
    unit: &Unit,
    legs: &[Leg],
    total_len: f64,
    end: &Base,
    touches: &[UnitId],
    through_town: bool,
) -> Result<(), Illegal> {
    let need = state.field.tables.movement.contact_run.min(total_len);
    let mut run = 0.0;
    for leg in legs.iter().rev() {
        match leg {
            Leg::Forward { d } => run += d,
            _ => break,
        }
    }
    if run + 1e-6 < need || total_len <= 0.0 {
        return Err(illegal(
            R_CONTACT,
            format!("the last {need:.1}\" of a move into contact must be straight ahead"),
        ));
    }
    if !touches
        .iter()
        .any(|id| front_touches(end, &state.unit(*id).base()))
    {
        return Err(illegal(
            R_CONTACT,
            "only the front of a base may make contact",
        ));
    }
    if unit.kind.is_cavalry() && through_town {
        return Err(illegal(
            R_CONTACT,
            "cavalry may not contact in a move through a town",
        ));
    }
    for id in touches {
        let t = state.unit(*id);
        if !unit.kind.may_charge(t.kind) {
            let rule = if unit.kind.is_artillery() {
                "2x2 Melee"
            } else {
                R_CONTACT
            };
            return Err(illegal(
                rule,
                format!(
                    "{} may not move into contact with {}",
                    unit.kind.name(),
                    t.kind.name()
                ),
            ));
        }
        if crate::measure::in_dense_wood(state, t) && !crate::measure::in_dense_wood(state, unit) {
            // "Clearing Dense Woods": only infantry, only at light infantry near the edge.
            if !unit.kind.is_infantry() {
                return Err(illegal(
                    "2x2 Clearing dense woods",
                    "only infantry may clear dense woods",
                ));
            }
            if crate::measure::hidden_in_wood(state, t) {
                return Err(illegal(
                    "2x2 Visibility at the wood edge",
                    "the enemy is more than 1\" inside the wood",
                ));
            }
        }
    }
    Ok(())
}

fn exit_kind(state: &State, unit: &Unit, end: &Base) -> Result<ExitKind, Illegal> {
    let f = &state.field;
    let (fl, fr) = end.face(Face::Front);
    let edge = Edge::ALL
        .into_iter()
        .find(|e| {
            f.distance_to_edge(*e, fl).abs() < 0.05 && f.distance_to_edge(*e, fr).abs() < 0.05
        })
        .ok_or_else(|| {
            illegal(
                R_REINF,
                "to exit, the front edge must be lined up with the table edge",
            )
        })?;
    let front = end.face_centre(Face::Front);
    let radius = f.tables.arrival.radius;
    for (i, p) in f.points.iter().enumerate() {
        if p.side != unit.side
            && p.edge == edge
            && p.pos.distance(front) <= radius
            && !state.queues[i].is_empty()
        {
            return Ok(ExitKind::EnemyPoint(i as u8));
        }
    }
    if edge == f.sides[unit.side.index()].edge {
        let any_done = grognard_engine::Side::ALL
            .iter()
            .any(|s| state.waiting(*s) == 0);
        if any_done {
            return Ok(ExitKind::Home);
        }
        return Err(illegal(
            "2x2 Victory conditions",
            "units may leave by their own edge only once one side has no reinforcements left",
        ));
    }
    Err(illegal(
        R_REINF,
        "units may leave the table only by their own edge or at an enemy reinforcement point with units waiting",
    ))
}

/// May this unit move at all now?
pub fn may_move(state: &State, unit: &Unit) -> Result<(), Illegal> {
    if unit.place != Place::Table {
        return Err(illegal(R_MOVE, "the unit is not on the table"));
    }
    match unit.status {
        Status::Ready => {}
        Status::Pinned => return Err(illegal(R_MOVE, "a Pinned unit may not move")),
        Status::Disrupted => return Err(illegal(R_MOVE, "a Disrupted unit may not move")),
    }
    if unit.moved {
        return Err(illegal(R_MOVE, "the unit has already moved this phase"));
    }
    if state.contacts_of(unit.id).next().is_some() {
        return Err(illegal(R_CONTACT, "the unit is in contact with the enemy"));
    }
    Ok(())
}

/// The defender's pose, the chosen attacker's pose, and other attackers moved to stay in touch.
pub type FacePoses = (Pose, Pose, Vec<(UnitId, Pose)>);

/// Poses after a defender turns to face attacker `a` ("2x2 Moving to contact"): the defender
/// pivots on its centre to face the attacker squarely, the attacker lines up front to front,
/// and any other attacker that would now overlap steps back just enough to stay touching.
pub fn face_poses(state: &State, def: UnitId, a: UnitId) -> Result<FacePoses, Illegal> {
    let d = state.unit(def);
    if !state
        .contacts
        .iter()
        .any(|c| c.defender == def && c.attacker == a)
    {
        return Err(Illegal::new(
            R_CONTACT,
            "the defender may face only a unit that contacted it",
        ));
    }
    let att = state.unit(a);
    let dpose = d.pose.turned_to(att.pose.facing + std::f64::consts::PI);
    let db = Base::new(dpose, d.base().width, d.base().depth);
    let apose = att
        .base()
        .aligned_against(&db, grognard_geometry::Face::Front);
    let ab = Base::new(apose, att.base().width, att.base().depth);
    let attackers: Vec<UnitId> = state
        .contacts
        .iter()
        .filter(|c| c.defender == def)
        .map(|c| c.attacker)
        .collect();
    let mut others = Vec::new();
    // Only a base reaching into the defender's or the attacker's new base can be in the
    // way: those lie within the circle about the two that holds both.
    let mid = (db.pose.pos + ab.pose.pos) * 0.5;
    let r = db.pose.pos.distance(ab.pose.pos) * 0.5 + db.radius().max(ab.radius());
    for u in state.near(mid, r) {
        if u.id == def || u.id == a {
            continue;
        }
        let ub = u.base();
        if attackers.contains(&u.id) {
            if overlapping(&ub, &db) || overlapping(&ub, &ab) {
                // Step straight back until clear, staying in touch.
                let mut moved = None;
                for s in 1..=60 {
                    let p = u.pose.advanced(-0.02 * s as f64, 0.0);
                    let b = Base::new(p, ub.width, ub.depth);
                    if !overlapping(&b, &db) && !overlapping(&b, &ab) {
                        moved = Some(p);
                        break;
                    }
                }
                let p = moved.ok_or_else(|| Illegal::new(R_CONTACT, "no room to turn"))?;
                let b = Base::new(p, ub.width, ub.depth);
                let clash = state.on_table().any(|o| {
                    o.id != u.id && o.id != def && o.id != a && overlapping(&b, &o.base())
                });
                if clash || !touching(&b, &db) || !state.field.contains(&b) {
                    return Err(Illegal::new(R_CONTACT, "no room to turn to face that unit"));
                }
                others.push((u.id, p));
            }
            continue;
        }
        if overlapping(&ub, &db) || overlapping(&ub, &ab) {
            return Err(Illegal::new(
                R_CONTACT,
                format!("no room to turn: {} is in the way", state.name(u.id)),
            ));
        }
    }
    if !state.field.contains(&db) || !state.field.contains(&ab) {
        return Err(Illegal::new(R_CONTACT, "no room to turn at the table edge"));
    }
    // Every contact must survive the turn (an attacker may touch two defenders).
    let pose_of = |id: UnitId| -> Pose {
        if id == def {
            dpose
        } else if id == a {
            apose
        } else {
            others
                .iter()
                .find(|(o, _)| *o == id)
                .map(|(_, p)| *p)
                .unwrap_or(state.unit(id).pose)
        }
    };
    for c in &state.contacts {
        let (pa, pd) = (pose_of(c.attacker), pose_of(c.defender));
        let ba = Base::new(pa, crate::state::BASE_WIDTH, crate::state::BASE_DEPTH);
        let bd = Base::new(pd, crate::state::BASE_WIDTH, crate::state::BASE_DEPTH);
        if !touching(&ba, &bd) {
            return Err(Illegal::new(
                R_CONTACT,
                "turning would break another unit's contact",
            ));
        }
    }
    Ok((dpose, apose, others))
}
