//! The move generator's moves in a movement phase ("2x2 Movement"): each unit's orders,
//! unscored, for a player that takes one of them (the random player), and the ways of
//! heading for a goal that the advisor weighs as well.
//!
//! Key decision: a unit's offers are listed as places, not as commands. A place names an
//! order (stand, charge an enemy's nearer face, advance at an aim, a plain move) and the
//! command is made only when a player draws that place; a place that turns out to hold no
//! command (an enemy just out of reach, an advance already at its goal, a charge longer
//! than any move) is drawn like a refused offer. Listing costs a few comparisons a unit,
//! and the geometry of a move is worked out only for the moves drawn.

use crate::command::{Command, Legs};
use crate::measure::{self, distance};
use crate::phases::movement;
use crate::state::{State, Status, Unit, UnitId, BASE_RADIUS};
use crate::units::UnitType;
use grognard_engine::terrain::TerrainKind;
use grognard_engine::{Candidate, Side};
use grognard_geometry::{angle_of, Base, Face, Leg, Pose, Vec2};
use std::sync::Arc;

/// The fractions of its move an advance goes: the whole, three fifths, and a little under
/// half (through a town, over a bridge or across streams a unit goes less far: "Towns",
/// "Bridge", "Stream").
pub(crate) const REACHES: [f64; 3] = [1.0, 0.6, 0.45];

/// Light troops, which may slip away from the enemy ("2x2 Voluntary rout").
pub(crate) fn light(u: &Unit) -> bool {
    matches!(
        u.kind,
        UnitType::LightInfantry | UnitType::LightCavalry | UnitType::Lancers
    )
}

/// How far a charge of `u` is looked for: its move and a little more.
pub(crate) fn charge_reach(state: &State, u: &Unit) -> f64 {
    state.field.tables.move_allowance(u.kind) + 1.5
}

/// The two faces of `target` nearest `u`, nearest first: the faces a charge aims at.
pub(crate) fn charge_faces(u: &Unit, target: &Base) -> [Face; 2] {
    let d = Face::ALL.map(|f| target.face_centre(f).distance_squared(u.pose.pos));
    // The nearest and the next, the earlier of `Face::ALL` on a tie.
    let nearest_but = |skip: usize| {
        (0..d.len())
            .filter(|&i| i != skip)
            .reduce(|a, b| if d[b].total_cmp(&d[a]).is_lt() { b } else { a })
            .unwrap_or(0)
    };
    let first = nearest_but(usize::MAX);
    [Face::ALL[first], Face::ALL[nearest_but(first)]]
}

/// Whether a move along `legs` is longer than `u` could ever go: further than its move with
/// the road's bonus. No such move is legal ("2x2 Movement rates"), whatever lies in the way.
fn beyond_any_move(state: &State, u: &Unit, legs: &[Leg]) -> bool {
    let tables = &state.field.tables;
    let most = tables.move_allowance(u.kind) + tables.movement.road_bonus.max(0.0);
    legs.iter().map(|l| l.length()).sum::<f64>() > most + 1e-6
}

/// The same unit in the same place and state, whether or not it has moved this phase.
pub(crate) fn alike_but_moved(a: &Unit, b: &Unit) -> bool {
    let Unit {
        id,
        side,
        kind,
        size,
        pose,
        status,
        place,
        command,
        moved: _,
        fired,
        rallied,
        road_column,
        followed_up,
    } = a;
    *id == b.id
        && *side == b.side
        && *kind == b.kind
        && *size == b.size
        && *pose == b.pose
        && *status == b.status
        && *place == b.place
        && *command == b.command
        && *fired == b.fired
        && *rallied == b.rallied
        && *road_column == b.road_column
        && *followed_up == b.followed_up
}

/// What a place among a unit's offers holds.
#[derive(Clone)]
enum Slot {
    Pass,
    VoluntaryRout,
    /// A charge at the `rank`th nearest face of `enemy`, if the enemy is within reach.
    Charge {
        enemy: UnitId,
        rank: u8,
    },
    /// A command made as the offers were listed (rare: an HQ joining a unit, a unit
    /// leaving for a draw), boxed so that every place stays a few bytes.
    Made(Box<Command>),
}

/// The places every unit that may move has after its [`Slot`]s, not listed one by one: an
/// advance toward its goal at each of the [`REACHES`] and [`AIMS`] (the reach outer), then
/// the plain moves ([`wander`]).
const MOVES: usize = ADVANCES + WANDERS as usize;

/// How many of the [`MOVES`] are advances.
const ADVANCES: usize = REACHES.len() * AIMS.len();

/// How many plain moves a unit is offered: straight on, back, obliquely either way, and a
/// short step sideways.
const WANDERS: u8 = 5;

/// Plain move `i` of `u`, whose move is `allowance` inches: they keep the random player's
/// choice wide.
fn wander(u: &Unit, allowance: f64, i: u8) -> Legs {
    match i {
        0 => smallvec::smallvec![Leg::Forward { d: allowance }],
        1 => smallvec::smallvec![Leg::Back { d: allowance * 0.5 }],
        2 | 3 => smallvec::smallvec![
            Leg::Turn {
                facing: u.pose.facing + if i == 2 { 0.8 } else { -0.8 },
            },
            Leg::Forward { d: allowance * 0.5 },
        ],
        _ => smallvec::smallvec![Leg::Side { d: 0.5 }],
    }
}

/// What the move generator keeps from one offer to the next: in a movement phase, the
/// places of the units it listed, and the enemy as it stood then. The offers of a unit
/// other than an HQ (whose goal follows its friends) rest only on the unit itself, whether
/// it is in contact, the enemy, the field and whether its side plays for a draw; while
/// those are as they were, a unit listed before keeps its places, and the moves made of
/// them.
#[derive(Default)]
#[allow(
    clippy::vec_box,
    reason = "the units listed are reordered at every decision: boxed, only pointers move"
)]
pub(crate) struct Offered {
    /// The field, side and draw play the offers were made for.
    seen: Option<(Arc<crate::state::Field>, Side, bool)>,
    /// The mark of the enemy's units then ([`crate::state::Stamps`]).
    enemies: u64,
    /// The units whose offers were listed at the last offer of a movement phase, in order,
    /// each boxed so that reordering them moves only pointers.
    units: Vec<Box<Listed>>,
    /// Whether the last offer is the offers of `units` followed by `scratch`; if not, it is
    /// `scratch` alone.
    by_unit: bool,
    /// The offers of the last offer that are not a unit's moves (ending the phase, dicing
    /// for reinforcements, and every offer outside a movement phase).
    pub(crate) scratch: Vec<Candidate<Command>>,
    /// Units' places emptied, to be filled again.
    spare: Vec<Box<Listed>>,
    /// An emptied list of units' places, to be filled again.
    spare_units: Vec<Box<Listed>>,
}

/// One unit's places in a movement phase, with the unit and whether it was in contact as
/// they were listed.
struct Listed {
    unit: Unit,
    contact: bool,
    slots: Vec<Slot>,
    /// Whether the unit may move: its places are then `slots` followed by the [`MOVES`].
    moving: bool,
    /// Whether the places may serve again while the unit stays as it is: not an HQ's, whose
    /// goal follows its friends.
    keep: bool,
    /// The unit's way to its goal, worked out when an advance is first drawn.
    toward: Option<Toward>,
}

impl Offered {
    /// Start a new offer: no unit's places yet, and `scratch` empty.
    pub(crate) fn begin(&mut self) {
        self.scratch.clear();
        self.by_unit = false;
    }

    /// How many places the last offer made.
    pub(crate) fn count(&self) -> usize {
        let units = if self.by_unit {
            self.units.iter().map(|l| l.places()).sum()
        } else {
            0
        };
        units + self.scratch.len()
    }

    /// The command at place `i` of the last offer, made of `state` (the battle that offer
    /// was listed for); none if the place holds none.
    pub(crate) fn command(&mut self, state: &State, mut i: usize) -> Option<Command> {
        if self.by_unit {
            let draw_play = self.seen.as_ref().is_some_and(|s| s.2);
            for l in &mut self.units {
                if i < l.places() {
                    return l.make(state, i, draw_play);
                }
                i -= l.places();
            }
        }
        self.scratch.get(i).map(|c| c.command.clone())
    }

    /// Are the places kept still good for `side` in `state`? If not, they are dropped and
    /// the memo starts again from `state`.
    fn still_good(&mut self, state: &State, side: Side, draw_play: bool) -> bool {
        let good = self.seen.as_ref().is_some_and(|(field, s, d)| {
            Arc::ptr_eq(field, &state.field) && *s == side && *d == draw_play
        }) && self.enemies == state.stamps.of(side.other());
        if !good {
            self.seen = Some((state.field.clone(), side, draw_play));
            self.enemies = state.stamps.of(side.other());
            self.spare.extend(self.units.drain(..).map(Listed::emptied));
        }
        good
    }

    /// List the places of the units `ready` to move, in that order, for `side` in
    /// `state`, each with the square of its distance to the nearest enemy's centre: a unit
    /// listed before keeps its places while nothing they rest on has changed. The offer is
    /// then those places followed by `scratch`.
    pub(crate) fn list<'a>(
        &mut self,
        state: &State,
        side: Side,
        draw_play: bool,
        ready: impl Iterator<Item = (f64, &'a Unit)>,
    ) {
        self.still_good(state, side, draw_play);
        self.by_unit = true;
        let mut before = std::mem::replace(&mut self.units, std::mem::take(&mut self.spare_units));
        for (nearest, u) in ready {
            let contact = state.contacts_of(u.id).next().is_some();
            let kept = before.iter().position(|l| {
                l.keep
                    && alike_but_moved(&l.unit, u)
                    && l.unit.moved == u.moved
                    && l.contact == contact
            });
            if let Some(i) = kept {
                self.units.push(before.swap_remove(i));
                continue;
            }
            let keep = u.kind != UnitType::Hq;
            let mut listed = match self.spare.pop() {
                Some(mut l) => {
                    l.unit.clone_from(u);
                    l.contact = contact;
                    l.keep = keep;
                    l.toward = None;
                    l
                }
                None => Box::new(Listed {
                    unit: u.clone(),
                    contact,
                    slots: Vec::new(),
                    moving: false,
                    keep,
                    toward: None,
                }),
            };
            listed.moving = slots_of(state, side, u, nearest, draw_play, &mut listed.slots);
            self.units.push(listed);
        }
        self.spare.extend(before.drain(..).map(Listed::emptied));
        self.spare_units = before;
    }
}

/// The places of `u`'s orders, in the order they are offered: stand, slip away (light
/// troops), then, if it may move, a charge at each of the two nearer faces of every enemy
/// it may charge and might reach, an HQ joining each stuck unit and leaving the field when
/// playing for a draw. Whether it may move: its advances toward its goal and plain moves
/// (the [`MOVES`]) then follow these places. `nearest` is the square of the distance from
/// its centre to the nearest enemy's.
fn slots_of(
    state: &State,
    side: Side,
    u: &Unit,
    nearest: f64,
    draw_play: bool,
    out: &mut Vec<Slot>,
) -> bool {
    out.push(Slot::Pass);
    if light(u) {
        out.push(Slot::VoluntaryRout);
    }
    if movement::may_move(state, u).is_err() {
        return false;
    }
    if !u.kind.is_artillery() && !draw_play {
        let reach = charge_reach(state, u);
        let ub = u.base();
        // With the nearest enemy beyond reach, every enemy is.
        if !measure::square_beyond(&ub, nearest, BASE_RADIUS, reach) {
            for e in state.enemies_of(side) {
                if u.kind.may_charge(e.kind) && !measure::beyond_unit(&ub, e, reach) {
                    out.push(Slot::Charge {
                        enemy: e.id,
                        rank: 0,
                    });
                    out.push(Slot::Charge {
                        enemy: e.id,
                        rank: 1,
                    });
                }
            }
        }
    }
    // A move longer than any the unit could make is not offered.
    let mut made = |legs: Legs, exit: bool| {
        if !beyond_any_move(state, u, &legs) {
            out.push(Slot::Made(Box::new(Command::Move {
                unit: u.id,
                legs,
                exit,
            })));
        }
    };
    if u.kind == UnitType::Hq && !draw_play {
        for (_, legs, _) in hq_joins(state, side, u) {
            made(legs, false);
        }
    }
    if draw_play {
        if let Some(legs) = exit_legs(state, u) {
            made(legs, true);
        }
    }
    true
}

impl Listed {
    /// This box with its places emptied, to be filled again for another unit.
    fn emptied(mut self: Box<Self>) -> Box<Self> {
        self.slots.clear();
        self
    }

    /// How many places the unit has.
    fn places(&self) -> usize {
        self.slots.len() + if self.moving { MOVES } else { 0 }
    }

    /// The command at place `i` of this unit's places, made of `state`; none if the place
    /// holds none.
    fn make(&mut self, state: &State, i: usize, draw_play: bool) -> Option<Command> {
        let u = &self.unit;
        let allowance = state.field.tables.move_allowance(u.kind);
        let Some(slot) = self.slots.get(i) else {
            // One of the moves after the slots: an advance, then a plain move.
            let j = i - self.slots.len();
            let legs = if j < ADVANCES {
                let (reach, aim) = (j / AIMS.len(), j % AIMS.len());
                let toward = self.toward.get_or_insert_with(|| {
                    Toward::new(u, route(state, u, goal_for(state, u, draw_play)))
                });
                toward.legs(state, u, aim, allowance * REACHES[reach])?.0
            } else {
                wander(u, allowance, (j - ADVANCES) as u8)
            };
            return Some(Command::Move {
                unit: u.id,
                legs,
                exit: false,
            });
        };
        let legs = match slot {
            Slot::Pass => return Some(Command::Pass { unit: u.id }),
            Slot::VoluntaryRout => return Some(Command::VoluntaryRout { unit: u.id }),
            Slot::Made(c) => return Some(Command::clone(c)),
            Slot::Charge { enemy, rank } => {
                let eb = state.unit(*enemy).base();
                if distance(&u.base(), &eb) > charge_reach(state, u) {
                    return None;
                }
                let face = charge_faces(u, &eb)[usize::from(*rank)];
                if charge_surely_too_long(state, u, &eb, face, charge_lines_up(u, &eb, face)) {
                    return None;
                }
                let legs = charge_legs(u, &eb, face)?;
                if beyond_any_move(state, u, &legs) {
                    return None;
                }
                legs
            }
        };
        Some(Command::Move {
            unit: u.id,
            legs,
            exit: false,
        })
    }
}

/// An HQ's moves to join each friend stuck in place near it: touching it is the only way a
/// unit with the enemy within 2" may rally ("2x2 Rallying", "HQs and the Centre"). Each
/// with the friend joined and the HQ's base where it would stand.
pub(crate) fn hq_joins<'a>(
    state: &'a State,
    side: Side,
    u: &'a Unit,
) -> impl Iterator<Item = (&'a Unit, Legs, Base)> + 'a {
    let allowance = state.field.tables.move_allowance(u.kind);
    state.friends_of(side).filter_map(move |f| {
        let stuck = f.id != u.id && f.status != Status::Ready && {
            let fb = f.base();
            state
                .enemies_of(side)
                .any(|e| measure::unit_within(&fb, e, 2.0))
        };
        if !stuck || f.pose.pos.distance(u.pose.pos) > allowance + 1.5 {
            return None;
        }
        let spot = u
            .base()
            .aligned_against(&f.base(), Face::Rear)
            .advanced(-0.005, 0.0);
        let d = u.pose.pos.distance(spot.pos);
        let legs: Legs = smallvec::smallvec![
            Leg::Turn {
                facing: angle_of(spot.pos - u.pose.pos),
            },
            Leg::Forward { d },
            Leg::Turn {
                facing: spot.facing,
            },
        ];
        Some((f, legs, Base::new(spot, u.base().width, u.base().depth)))
    })
}

/// Where to head for `goal`: straight there, or, when a river lies across the way, first to
/// the near bank at the bridge or ford that makes the shortest way round, then straight
/// across it ("2x2 Terrain placement": rivers are impassable but at bridges and fords).
pub(crate) fn route(state: &State, u: &Unit, goal: (Vec2, f64)) -> (Vec2, f64) {
    let next = across_rivers(state, u, goal);
    match round_woods(state, u, next.0) {
        Some(p) => (p, 0.0),
        None => next,
    }
}

/// A point to head for round the first wood the unit may not enter that lies across its
/// way to `goal`: a corner of the wood's outline stood off by a base's width, seen from the
/// unit past no part of the wood, on the shortest way round ("Dense Woods").
fn round_woods(state: &State, u: &Unit, goal: Vec2) -> Option<Vec2> {
    let f = &state.field;
    let from = u.pose.pos;
    let closed = |k: TerrainKind| match k {
        TerrainKind::DenseWood => u.kind != UnitType::LightInfantry,
        TerrainKind::LightWood => f.options.light_woods && !u.kind.is_infantry(),
        _ => false,
    };
    let wood = f
        .terrain
        .iter()
        .filter(|w| closed(w.kind) && !w.shape.contains(from))
        .filter(|w| w.shape.length_inside(from, goal) > 1e-6)
        .min_by(|a, b| {
            let d = |w: &grognard_engine::terrain::Feature| {
                let (lo, hi) = w.shape.bounds();
                from.distance((lo + hi) * 0.5)
            };
            d(a).total_cmp(&d(b))
        })?;
    let (lo, hi) = wood.shape.bounds();
    let centre = (lo + hi) * 0.5;
    wood.shape
        .points()
        .iter()
        .map(|p| *p + (*p - centre).normalize_or_zero() * 1.2)
        .filter(|q| q.x > 0.6 && q.y > 0.6 && q.x < f.width - 0.6 && q.y < f.depth - 0.6)
        .filter(|q| wood.shape.length_inside(from, *q) < 1e-6 && from.distance(*q) > 0.3)
        .min_by(|a, b| {
            let way = |q: &Vec2| from.distance(*q) + q.distance(goal);
            way(a).total_cmp(&way(b))
        })
}

/// Where to head for `goal` as far as rivers go (see [`route`]).
fn across_rivers(state: &State, u: &Unit, goal: (Vec2, f64)) -> (Vec2, f64) {
    let f = &state.field;
    let from = u.pose.pos;
    let crossing_at = |p: Vec2| {
        f.terrain.iter().any(|x| {
            matches!(x.kind, TerrainKind::Bridge | TerrainKind::Ford) && x.shape.contains(p)
        })
    };
    for river in f.features(TerrainKind::River) {
        let blocked = river
            .shape
            .crossing_params(from, goal.0)
            .iter()
            .any(|t| !crossing_at(from.lerp(goal.0, *t)));
        if !blocked {
            continue;
        }
        let best = f
            .terrain
            .iter()
            .filter(|x| matches!(x.kind, TerrainKind::Bridge | TerrainKind::Ford))
            .map(|x| {
                let (lo, hi) = x.shape.bounds();
                (x, (lo + hi) * 0.5)
            })
            .filter(|(_, c)| river.shape.contains(*c))
            .min_by(|a, b| {
                let way = |c: Vec2| from.distance(c) + c.distance(goal.0);
                way(a.1).total_cmp(&way(b.1))
            });
        let Some((x, c)) = best else {
            continue;
        };
        // The river's direction where the crossing is, and the banks either side of it.
        let line = river.shape.points();
        let Some(along) = line
            .windows(2)
            .min_by(|a, b| {
                let d = |w: &[Vec2]| grognard_geometry::distance::point_segment(c, w[0], w[1]);
                d(a).total_cmp(&d(b))
            })
            .map(|w| (w[1] - w[0]).normalize_or_zero())
        else {
            continue;
        };
        let normal = along.perp();
        let bank = river.shape.half_width() + 1.0;
        let side = if (from - c).dot(normal) >= 0.0 {
            1.0
        } else {
            -1.0
        };
        let near = c + normal * side * bank;
        let far = c - normal * side * bank;
        if x.shape.contains(from) || river.shape.contains(from) || from.distance(near) < 0.3 {
            return (far, 0.0);
        }
        return (near, 0.0);
    }
    goal
}

/// Is `side` better off leaving for a draw ("2x2 Victory conditions")?
pub(crate) fn wants_draw(state: &State, side: Side) -> bool {
    let any_done = Side::ALL.iter().any(|s| state.waiting(*s) == 0);
    let mine = state.lost[side.index()];
    let theirs = state.lost[side.other().index()];
    any_done && mine >= 4 && mine > theirs + 1
}

/// Where a unit should head, and how far short of it to stop.
pub(crate) fn goal_for(state: &State, u: &Unit, draw_play: bool) -> (Vec2, f64) {
    let f = &state.field;
    if draw_play {
        let (origin, along, inward) = f.edge_frame(f.sides[u.side.index()].edge);
        let p = origin + along * (along.dot(u.pose.pos - origin)) - inward * 0.0;
        return (p + inward * 0.3, 0.0);
    }
    let nearest = state.enemies_of(u.side).min_by(|a, b| {
        a.pose
            .pos
            .distance(u.pose.pos)
            .total_cmp(&b.pose.pos.distance(u.pose.pos))
    });
    match u.kind {
        UnitType::Hq => {
            // Toward friends that need rallying, else the middle of the army, staying back.
            let needy: Vec<Vec2> = state
                .friends_of(u.side)
                .filter(|f| f.id != u.id && f.status != Status::Ready)
                .map(|f| f.pose.pos)
                .collect();
            let pts: Vec<Vec2> = if needy.is_empty() {
                state
                    .friends_of(u.side)
                    .filter(|f| f.id != u.id)
                    .map(|f| f.pose.pos)
                    .collect()
            } else {
                needy
            };
            if pts.is_empty() {
                return (u.pose.pos, 0.0);
            }
            let c = pts.iter().fold(Vec2::ZERO, |a, p| a + *p) / pts.len() as f64;
            // Keep 3" behind the centre, away from the enemy.
            let back = nearest
                .map(|e| (c - e.pose.pos).normalize_or_zero())
                .unwrap_or(Vec2::ZERO);
            (c + back * 2.5, 0.0)
        }
        k if k.is_artillery() => match nearest {
            Some(e) => (e.pose.pos, 3.5),
            None => (u.pose.pos, 0.0),
        },
        k if k.is_cavalry() => {
            // Toward a Disrupted or exposed target, else hang back behind the infantry.
            let prey = state
                .enemies_of(u.side)
                .filter(|e| {
                    e.status == Status::Disrupted || e.kind == UnitType::Hq || e.kind.is_artillery()
                })
                .min_by(|a, b| {
                    a.pose
                        .pos
                        .distance(u.pose.pos)
                        .total_cmp(&b.pose.pos.distance(u.pose.pos))
                });
            match (prey, nearest) {
                (Some(p), _) => (p.pose.pos, 0.6),
                (None, Some(e)) => (e.pose.pos, 5.0),
                _ => (u.pose.pos, 0.0),
            }
        }
        _ => match nearest {
            Some(e) => (e.pose.pos, 1.8),
            None => (u.pose.pos, 0.0),
        },
    }
}

/// The three headings an advance toward a goal is weighed at: straight at it, and half a
/// radian to either side.
pub(crate) const AIMS: [f64; 3] = [0.0, 0.5, -0.5];

/// Advances toward a goal, stopping `stop` short of it, at each of the [`AIMS`]. What does
/// not depend on the distance gone (the heading, the turned base and whether it stays on
/// the table) is worked out once for every distance weighed, when an aim is first asked
/// for, and kept with the unit's offers while the unit stands where it did.
#[derive(Clone, Copy)]
pub(crate) struct Toward {
    goal: Vec2,
    stop: f64,
    dist: f64,
    heading: f64,
    /// For each aim once asked for, the unit turned to it, with whether the turn is a leg
    /// of its own; or none when the turned base would swing off the table.
    turned: [Option<Option<(Pose, bool)>>; 3],
}

impl Toward {
    pub(crate) fn new(u: &Unit, (goal, stop): (Vec2, f64)) -> Self {
        let to = goal - u.pose.pos;
        Toward {
            goal,
            stop,
            dist: to.length(),
            heading: angle_of(to),
            turned: [None; 3],
        }
    }

    /// Legs that take `u` (the unit this was made for) turned to aim `aim` and straight
    /// on, up to `max` inches; with where they end.
    pub(crate) fn legs(
        &mut self,
        state: &State,
        u: &Unit,
        aim: usize,
        max: f64,
    ) -> Option<(Legs, Pose)> {
        let heading = self.heading;
        let turned = *self.turned[aim].get_or_insert_with(|| {
            let facing = heading + AIMS[aim];
            let pose = u.pose.turned_to(facing);
            state
                .field
                .contains(&Base::new(pose, u.base().width, u.base().depth))
                .then(|| {
                    (
                        pose,
                        grognard_geometry::wrap(facing - u.pose.facing).abs() > 1e-6,
                    )
                })
        });
        let Some((turned, turn)) = turned else {
            return toward(state, u, self.goal, max, self.stop, AIMS[aim]);
        };
        let d = (self.dist - self.stop).min(max);
        if d < 0.2 {
            return None;
        }
        let mut legs = Legs::new();
        if turn {
            legs.push(Leg::Turn {
                facing: turned.facing,
            });
        }
        legs.push(Leg::Forward { d });
        Some((legs, turned.advanced(d, 0.0)))
    }
}

/// Legs that turn toward `goal` (offset by `turn` radians) and go straight, up to `max`
/// inches, stopping `stop` short of it. A unit whose base would swing off the table as it
/// turns (one just arrived on an edge) first steps straight in.
fn toward(
    state: &State,
    u: &Unit,
    goal: Vec2,
    max: f64,
    stop: f64,
    turn: f64,
) -> Option<(Legs, Pose)> {
    let mut legs = Legs::new();
    let mut start = u.pose;
    let mut max = max;
    let facing = angle_of(goal - start.pos) + turn;
    let turned = Base::new(start.turned_to(facing), u.base().width, u.base().depth);
    if !state.field.contains(&turned) {
        let step = 0.6f64.min(max);
        legs.push(Leg::Forward { d: step });
        start = start.advanced(step, 0.0);
        max -= step;
    }
    let to = goal - start.pos;
    let dist = to.length();
    let d = (dist - stop).min(max);
    if d < 0.2 {
        return None;
    }
    let facing = angle_of(to) + turn;
    if grognard_geometry::wrap(facing - start.facing).abs() > 1e-6 {
        legs.push(Leg::Turn { facing });
    }
    legs.push(Leg::Forward { d });
    let end = start.turned_to(facing).advanced(d, 0.0);
    Some((legs, end))
}

/// How far a charge's run-in goes: it lines up this far out from the face it charges.
const RUN_IN: f64 = 2.0;

/// How short of exact contact a charge stops, so that floating point never overlaps.
const CONTACT_GAP: f64 = 0.005;

/// Whether the charge [`charge_legs`] would make into `face` of `target` is surely longer
/// than any move of `u` ([`beyond_any_move`]), found without making it: the staging point
/// is where the unit's base, lined up against the face, stands the run-in further out, so
/// no trigonometry is needed. A charge close enough to go straight in is never refused
/// here, and a margin keeps a charge at the very limit for the full check. `lines_up` is
/// where the charge ends if it lines up first ([`charge_lines_up`]).
pub(crate) fn charge_surely_too_long(
    state: &State,
    u: &Unit,
    target: &Base,
    face: Face,
    lines_up: Option<Vec2>,
) -> bool {
    let Some(out_to_contact) = lines_up else {
        return false;
    };
    let staging = out_to_contact + target.face_normal(face) * RUN_IN;
    let tables = &state.field.tables;
    let most = tables.move_allowance(u.kind) + tables.movement.road_bonus.max(0.0);
    u.pose.pos.distance(staging) + RUN_IN > most + 1e-3
}

/// Where the centre of `u`'s base stands lined up against `face` of `target`, a hair short
/// of contact, which is where the charge [`charge_legs`] makes into that face ends; none if
/// `u` may stand close enough to go straight in instead, ending wherever its base first
/// touches (with a margin: a charge at the very limit is counted as going straight in).
pub(crate) fn charge_lines_up(u: &Unit, target: &Base, face: Face) -> Option<Vec2> {
    let normal = target.face_normal(face);
    let at = target.face_centre(face) + normal * (u.base().depth * 0.5 + CONTACT_GAP);
    (u.pose.pos.distance(at) > RUN_IN + 1e-3).then_some(at)
}

/// A charge into `face` of an enemy: line up 2" out, then straight in.
pub(crate) fn charge_legs(u: &Unit, target: &Base, face: Face) -> Option<Legs> {
    let contact = u.base().aligned_against(target, face);
    // Stop a hair short of exact contact so floating point never overlaps.
    let contact = contact.advanced(-CONTACT_GAP, 0.0);
    let run = RUN_IN;
    let staging = contact.advanced(-run, 0.0);
    let d1 = u.pose.pos.distance(staging.pos);
    let direct = u.pose.pos.distance(contact.pos);
    if direct <= run + 1e-9 {
        // Close: turn toward the face and go straight in until the bases meet.
        let facing = angle_of(target.face_centre(face) - u.pose.pos);
        let d = first_contact(&u.base(), facing, target, run + 1.0)?;
        return Some(smallvec::smallvec![
            Leg::Turn { facing },
            Leg::Forward { d }
        ]);
    }
    let mut legs = Legs::new();
    if d1 > 1e-6 {
        legs.push(Leg::Turn {
            facing: angle_of(staging.pos - u.pose.pos),
        });
        legs.push(Leg::Forward { d: d1 });
    }
    legs.push(Leg::Turn {
        facing: contact.facing,
    });
    legs.push(Leg::Forward { d: run });
    Some(legs)
}

/// How far a base turned to `facing` travels straight ahead before it touches `target`
/// (without overlapping it), if it does within `max` inches. Conservative advancement: a
/// translating base may always move by its present gap without overlapping, so stepping by
/// the gap closes on the touching point in a few steps.
fn first_contact(me: &Base, facing: f64, target: &Base, max: f64) -> Option<f64> {
    let start = me.pose.turned_to(facing);
    let at = |d: f64| Base::new(start.advanced(d, 0.0), me.width, me.depth);
    let mut d = 0.0;
    for _ in 0..64 {
        let gap = grognard_geometry::distance::base_base(&at(d), target);
        if gap <= 1e-4 {
            return Some(d);
        }
        d += gap;
        if d > max {
            return None;
        }
    }
    None
}

pub(crate) fn exit_legs(state: &State, u: &Unit) -> Option<Legs> {
    let f = &state.field;
    let edge = f.sides[u.side.index()].edge;
    let (_, _, inward) = f.edge_frame(edge);
    let facing = angle_of(-inward);
    let dist = f.distance_to_edge(edge, u.pose.pos) - u.base().depth * 0.5;
    if dist < 0.0 {
        return None;
    }
    Some(smallvec::smallvec![
        Leg::Turn { facing },
        Leg::Forward { d: dist }
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::TwoByTwo;
    use grognard_engine::book::Book;
    use grognard_engine::dice::Seeded;
    use grognard_engine::{Player, Ruleset};

    /// The charges of `u` listed by [`slots_of`], as (enemy, rank).
    fn charges(state: &State, u: &Unit, nearest: f64) -> Vec<(UnitId, u8)> {
        let mut slots = Vec::new();
        slots_of(state, u.side, u, nearest, false, &mut slots);
        slots
            .iter()
            .filter_map(|s| match s {
                Slot::Charge { enemy, rank } => Some((*enemy, *rank)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_nearest_enemy_beyond_reach_leaves_out_only_charges_none_could_make() {
        // Through whole random battles, every unit at every movement decision: the charges
        // listed with the unit's true distance to the nearest enemy are those listed with
        // no distance to go by (nothing then beyond reach).
        let (mut asked, mut found, mut spared) = (0, 0, 0);
        for seed in 0..3 {
            let (scenario, _) = TwoByTwo.default_scenario(seed);
            let mut state = TwoByTwo.start(&scenario);
            let mut dice = Seeded::new(seed);
            let mut player = grognard_ai::RandomPlayer::<Command>::default();
            let mut events = Vec::new();
            while let Some(side) = TwoByTwo.to_act(&state) {
                if crate::sequence::phase_key(&state) == "move" && state.pending.is_none() {
                    for u in state.friends_of(side) {
                        let nearest = state
                            .enemies_of(side)
                            .map(|e| e.pose.pos.distance_squared(u.pose.pos))
                            .fold(f64::INFINITY, f64::min);
                        let with = charges(&state, u, nearest);
                        assert_eq!(with, charges(&state, u, 0.0), "seed {seed}");
                        asked += 1;
                        found += usize::from(!with.is_empty());
                        let ub = u.base();
                        spared += usize::from(measure::square_beyond(
                            &ub,
                            nearest,
                            BASE_RADIUS,
                            charge_reach(&state, u),
                        ));
                    }
                }
                let c = player.choose(&TwoByTwo, &&state, side, &mut dice);
                events.clear();
                TwoByTwo
                    .execute(&mut state, side, &c, &mut dice, &mut events)
                    .expect("the random player's command is legal");
            }
        }
        assert!(
            asked > 1000 && found > 100 && spared > 100,
            "{asked} units asked, {found} with charges, {spared} spared the scan"
        );
    }
}
