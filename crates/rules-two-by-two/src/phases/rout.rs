//! Routs ("2x2 Effects: Routs"), with the Guards and Militia chains and pushed friends.
//!
//! A routing unit first rolls to survive (1-2 destroys it), then moves its full allowance
//! straight along the rout direction keeping its facing toward the threat, and ends
//! Disrupted. Touching an enemy on the way, leaving the table or entering ground it could
//! never enter destroys it. It may pass through friends; a friend it ends on is pushed back
//! just enough to make room and Pinned. Militia (and irregular cavalry, at 2") rout when a
//! friend routs near them or passes them; a routing Guards unit routs every friend it
//! passes within 1", and the chain goes on while the units it breaks are Guards. Chains
//! reach friends only (ruling R18).

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::{Cause, Event};
use crate::measure::{overlapping, touching};
pub use crate::resolve::rout_survival::{
    end_of, survival_exact, survival_roll, RoutEnd, RoutPath, RULE,
};
use crate::state::{State, Status, UnitId};
use crate::units::UnitType;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_geometry::distance::{bases_within, point_segment};
use grognard_geometry::{angle_of, Base, Pose, Vec2};
use smallvec::SmallVec;

const STEP: f64 = 0.05;

/// One rout to carry out.
#[derive(Debug, Clone)]
pub struct RoutOrder {
    pub unit: UnitId,
    /// Direction of travel (unit vector).
    pub dir: Vec2,
    pub cause: Cause,
}

/// The way straight to a unit's own rear.
pub fn rear_dir(state: &State, unit: UnitId) -> Vec2 {
    -state.unit(unit).pose.forward()
}

/// The way directly away from a point (straight back if the unit stands on it).
pub fn away_dir(state: &State, unit: UnitId, from: Vec2) -> Vec2 {
    let d = (state.unit(unit).pose.pos - from).normalize_or_zero();
    if d == Vec2::ZERO {
        rear_dir(state, unit)
    } else {
        d
    }
}

impl RoutOrder {
    /// Straight to the unit's own rear.
    pub fn rear(ctx: &Ctx, unit: UnitId, cause: Cause) -> RoutOrder {
        RoutOrder {
            unit,
            dir: rear_dir(ctx.state, unit),
            cause,
        }
    }

    /// Directly away from a point.
    pub fn away_from(ctx: &Ctx, unit: UnitId, from: Vec2, cause: Cause) -> RoutOrder {
        RoutOrder {
            unit,
            dir: away_dir(ctx.state, unit, from),
            cause,
        }
    }
}

fn chain_distance(state: &State, kind: UnitType) -> Option<f64> {
    let a = &state.field.tables.arrival;
    match kind {
        UnitType::Militia => Some(a.chain_distance),
        UnitType::IrregularCavalry if state.field.options.irregular_cavalry => {
            Some(a.irregular_chain_distance)
        }
        _ => None,
    }
}

/// Carry out a rout and every rout it sets off.
pub fn rout(ctx: &mut Ctx, first: RoutOrder) {
    let mut queue = vec![first];
    let mut done: Vec<UnitId> = Vec::new();
    while !queue.is_empty() {
        let order = queue.remove(0);
        if done.contains(&order.unit) || !ctx.state.unit(order.unit).on_table() {
            continue;
        }
        done.push(order.unit);
        rout_one(ctx, order, &mut queue, &done);
        if ctx.state.outcome.is_some() {
            return;
        }
    }
}

/// Queue the routs of the friends of `router`, among `candidates` ([`chain_candidates`]),
/// that a chain from its base at `at` reaches.
fn chain_friends(
    state: &State,
    candidates: &[UnitId],
    at: &Base,
    guards: bool,
    queue: &mut Vec<RoutOrder>,
    done: &[UnitId],
) {
    for &id in candidates {
        let f = state.unit(id);
        let chained = chain_distance(state, f.kind);
        if done.contains(&f.id) || queue.iter().any(|q| q.unit == f.id) {
            continue;
        }
        let fb = f.base();
        let militia = chained.is_some_and(|r| bases_within(at, &fb, r));
        let by_guards = guards && bases_within(at, &fb, state.field.tables.arrival.chain_distance);
        if militia || by_guards {
            let cause = if by_guards {
                Cause::GuardsChain
            } else {
                Cause::MilitiaChain
            };
            queue.push(RoutOrder {
                unit: f.id,
                dir: -f.pose.forward(),
                cause,
            });
        }
    }
}

/// The friends of `router` (a Guards unit if `guards`) that a chain could reach from its
/// base anywhere on its way from where it stands along `dir` for `dist` inches, in id
/// order: those a chain may take at all whose bases come within reach of a chain from
/// some base centred on that way. A friend further off is reached from no place of the
/// rout, so [`chain_friends`] looks at these only.
fn chain_candidates(
    state: &State,
    router: UnitId,
    guards: bool,
    dir: Vec2,
    dist: f64,
) -> SmallVec<[UnitId; 8]> {
    let u = state.unit(router);
    let (a, b) = (u.pose.pos, u.pose.pos + dir * dist);
    let r = u.base().radius();
    let guards_reach = state.field.tables.arrival.chain_distance;
    state
        .friends_of(u.side)
        .filter(|f| {
            let chained = chain_distance(state, f.kind);
            if chained.is_none() && !guards || f.id == router {
                return false;
            }
            let reach = chained
                .unwrap_or(0.0)
                .max(if guards { guards_reach } else { 0.0 });
            // A little slack for rounding: a superset is harmless.
            point_segment(f.pose.pos, a, b) <= r + f.base().radius() + reach + 1e-6
        })
        .map(|f| f.id)
        .collect()
}

/// A rout move walked over the table without changing it.
struct Walk {
    /// What destroys the unit on the way, if anything does.
    fatal: Option<Cause>,
    /// Where the move ends.
    end: Pose,
    /// The last place on the way not on a friend.
    last_free: Pose,
}

/// Walk the full rout move of `id` along `dir`, facing back against it, handing each place
/// on the way to `each` (for the chains), until something destroys it.
fn walk(state: &State, id: UnitId, dir: Vec2, mut each: impl FnMut(&Base)) -> Walk {
    let unit = state.unit(id);
    let start = unit.base();
    // Enemies already in contact at the start are ignored unless the rout runs into them.
    let start_touching: Vec<UnitId> = state
        .enemies_of(unit.side)
        .filter(|e| touching(&start, &e.base()))
        .map(|e| e.id)
        .collect();
    let facing = angle_of(-dir);
    let dist = state.field.tables.move_allowance(unit.kind);
    let steps = (dist / STEP).ceil() as usize;
    // The other bases the walk can come near, measured once for every step of it: those
    // within both radii (and the contact distance) of the line its centre runs along.
    let path_end = unit.pose.pos + dir * dist;
    let by_path = |b: &Base| {
        point_segment(b.pose.pos, unit.pose.pos, path_end) <= start.radius() + b.radius() + 0.1
    };
    let enemies: Vec<(bool, Base)> = state
        .enemies_of(unit.side)
        .map(|e| (start_touching.contains(&e.id), e.base()))
        .filter(|(_, b)| by_path(b))
        .collect();
    let friends: Vec<Base> = state
        .friends_of(unit.side)
        .filter(|f| f.id != id)
        .map(|f| f.base())
        .filter(by_path)
        .collect();
    // Turning to face the threat in place may swing the base into a friend; if so, the
    // place to fall back on is where it stood (ruling R17).
    let turned = Pose::at(unit.pose.pos, facing);
    let turned_base = Base::new(turned, start.width, start.depth);
    let mut last_free = if friends.iter().all(|f| !overlapping(&turned_base, f)) {
        turned
    } else {
        unit.pose
    };
    let mut end = turned;
    // Only the ground the way crosses can stop it.
    let ground = terrain_along(state, unit.pose.pos, path_end, start.radius() + 1e-6);
    for s in 1..=steps {
        let p = unit.pose.pos + dir * (dist * s as f64 / steps as f64);
        let pose = turned.moved_to(p);
        let b = Base::new(pose, start.width, start.depth);
        let fatal = if !state.field.contains(&b) {
            Some(Cause::OffTable)
        } else if impassable_among(state, &ground, unit.kind, &b) {
            Some(Cause::ImpassableGround)
        } else if enemies.iter().any(|(was_touching, eb)| {
            if *was_touching {
                overlapping(&b, eb)
            } else {
                touching(&b, eb)
            }
        }) {
            Some(Cause::RoutIntoEnemy)
        } else {
            None
        };
        if fatal.is_some() {
            return Walk {
                fatal,
                end,
                last_free,
            };
        }
        each(&b);
        if friends.iter().all(|f| !overlapping(&b, f)) {
            last_free = pose;
        }
        end = pose;
    }
    Walk {
        fatal: None,
        end,
        last_free,
    }
}

/// What the rout move of `id` along `dir` would meet on the table, for the rout roll's
/// situation.
pub fn path_of(state: &State, id: UnitId, dir: Vec2) -> RoutPath {
    walk(state, id, dir, |_| {})
        .fatal
        .map_or(RoutPath::Clear, |c| RoutPath::of(&c))
}

fn rout_one(ctx: &mut Ctx, order: RoutOrder, queue: &mut Vec<RoutOrder>, done: &[UnitId]) {
    let id = order.unit;
    let unit = ctx.state.unit(id).clone();
    let tables = ctx.state.field.tables.clone();
    let guards = unit.kind == UnitType::Guards;
    let start = unit.base();
    let chainable = chain_candidates(
        ctx.state,
        id,
        guards,
        order.dir,
        tables.move_allowance(unit.kind),
    );
    chain_friends(ctx.state, &chainable, &start, guards, queue, done);

    let by_chain = order.cause == Cause::GuardsChain || order.cause == Cause::MilitiaChain;
    let (roll, survived) = survival_roll(&tables.arrival, by_chain, ctx.dice);
    ctx.emit(Event::RoutTest {
        unit: id,
        roll: Box::new(roll),
        survived,
        cause: order.cause.clone(),
    });
    if !survived {
        ctx.destroy(id, Cause::RoutRoll);
        return;
    }

    let w = walk(ctx.state, id, order.dir, |b| {
        chain_friends(ctx.state, &chainable, b, guards, queue, done)
    });
    if let Some(cause) = w.fatal {
        ctx.destroy(id, cause);
        return;
    }
    let last_free = w.last_free;
    let mut end = w.end;
    // Push aside friends the routing unit ends on.
    let end_base = Base::new(end, start.width, start.depth);
    let under: Vec<UnitId> = ctx
        .state
        .friends_of(unit.side)
        .filter(|f| f.id != id && overlapping(&end_base, &f.base()))
        .map(|f| f.id)
        .collect();
    let mut pushes = Vec::new();
    let mut ok = true;
    for f in &under {
        match push_clear(ctx, *f, order.dir, id, &end_base, &pushes) {
            Some(p) => pushes.push((*f, p)),
            None => {
                ok = false;
                break;
            }
        }
    }
    if !ok {
        pushes.clear();
        end = last_free;
    }
    ctx.emit(Event::Routed { unit: id, to: end });
    for (f, pose) in pushes {
        ctx.emit(Event::Placed {
            unit: f,
            pose,
            why: format!("pushed back by the rout of {}", ctx.state.name(id)),
        });
        if ctx.state.unit(f).status == Status::Ready {
            ctx.emit(Event::StatusChanged {
                unit: f,
                status: Status::Pinned,
                why: "pushed back by a routing friend".into(),
            });
        }
    }
    ctx.prune_contacts();
}

/// Ground that kills a routing unit: dense woods (but for light infantry), light woods for
/// mounted troops and guns when that rule is used, and rivers away from bridges and fords.
fn impassable(state: &State, kind: UnitType, b: &Base) -> bool {
    let all: SmallVec<[&Feature; 16]> = state.field.terrain.iter().collect();
    impassable_among(state, &all, kind, b)
}

/// [`impassable`], looking only at `terrain`: it must hold every feature whose bounds
/// meet the base's.
fn impassable_among(state: &State, terrain: &[&Feature], kind: UnitType, b: &Base) -> bool {
    let f = &state.field;
    let corners = b.corners();
    terrain.iter().any(|t| {
        let bad = match t.kind {
            TerrainKind::DenseWood => kind != UnitType::LightInfantry,
            TerrainKind::LightWood => f.options.light_woods && !kind.is_infantry(),
            TerrainKind::River => {
                return t.shape.contains(b.pose.pos)
                    && !terrain.iter().any(|x| {
                        matches!(x.kind, TerrainKind::Bridge | TerrainKind::Ford)
                            && x.shape.contains(b.pose.pos)
                    })
            }
            _ => false,
        };
        bad && t
            .shape
            .overlaps_convex(&corners, crate::measure::OVERLAP_TOLERANCE)
            && !f.on_road(b.pose.pos)
    })
}

/// The features whose bounds meet the box round the segment from `a` to `b` widened by
/// `r`: all the ground a base of radius `r` centred on that segment can stand on.
fn terrain_along(state: &State, a: Vec2, b: Vec2, r: f64) -> SmallVec<[&Feature; 16]> {
    let (lo, hi) = (a.min(b) - Vec2::splat(r), a.max(b) + Vec2::splat(r));
    state
        .field
        .terrain
        .iter()
        .filter(|t| {
            let (flo, fhi) = t.shape.bounds();
            hi.x >= flo.x && hi.y >= flo.y && lo.x <= fhi.x && lo.y <= fhi.y
        })
        .collect()
}

/// Where a friend must go, along `dir`, to clear the routing unit and everyone else.
fn push_clear(
    ctx: &Ctx,
    id: UnitId,
    dir: Vec2,
    router: UnitId,
    router_base: &Base,
    planned: &[(UnitId, Pose)],
) -> Option<Pose> {
    let u = ctx.state.unit(id);
    for s in 1..=40 {
        let pose = u.pose.moved_to(u.pose.pos + dir * (s as f64 * STEP));
        let b = Base::new(pose, router_base.width, router_base.depth);
        if !ctx.state.field.contains(&b) || impassable(ctx.state, u.kind, &b) {
            return None;
        }
        if overlapping(&b, router_base) {
            continue;
        }
        let clash = ctx
            .state
            .on_table()
            .filter(|o| o.id != id && o.id != router)
            .any(|o| {
                let ob = match planned.iter().find(|(p, _)| *p == o.id) {
                    Some((_, pose)) => Base::new(*pose, router_base.width, router_base.depth),
                    None => o.base(),
                };
                overlapping(&b, &ob) || (o.side != u.side && touching(&b, &ob))
            });
        if !clash {
            return Some(pose);
        }
    }
    None
}
