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
use crate::event::{Cause, Event};
use crate::measure::{overlapping, touching};
use crate::state::{Status, UnitId};
use crate::units::UnitType;
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::distance::bases_within;
use grognard_geometry::{angle_of, Base, Pose, Vec2};

const RULE: &str = "2x2 Effects: Routs";
const STEP: f64 = 0.05;

/// One rout to carry out.
#[derive(Debug, Clone)]
pub struct RoutOrder {
    pub unit: UnitId,
    /// Direction of travel (unit vector).
    pub dir: Vec2,
    pub cause: Cause,
}

impl RoutOrder {
    /// Straight to the unit's own rear.
    pub fn rear(ctx: &Ctx, unit: UnitId, cause: Cause) -> RoutOrder {
        RoutOrder {
            unit,
            dir: -ctx.state.unit(unit).pose.forward(),
            cause,
        }
    }

    /// Directly away from a point.
    pub fn away_from(ctx: &Ctx, unit: UnitId, from: Vec2, cause: Cause) -> RoutOrder {
        let d = (ctx.state.unit(unit).pose.pos - from).normalize_or_zero();
        if d == Vec2::ZERO {
            return RoutOrder::rear(ctx, unit, cause);
        }
        RoutOrder {
            unit,
            dir: d,
            cause,
        }
    }
}

fn chain_distance(ctx: &Ctx, kind: UnitType) -> Option<f64> {
    let a = &ctx.state.field.tables.arrival;
    match kind {
        UnitType::Militia => Some(a.chain_distance),
        UnitType::IrregularCavalry if ctx.state.field.options.irregular_cavalry => {
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

fn chain_friends(
    ctx: &Ctx,
    router: UnitId,
    at: &Base,
    guards: bool,
    queue: &mut Vec<RoutOrder>,
    done: &[UnitId],
) {
    let side = ctx.state.unit(router).side;
    for f in ctx.state.friends_of(side) {
        if f.id == router || done.contains(&f.id) || queue.iter().any(|q| q.unit == f.id) {
            continue;
        }
        let fb = f.base();
        let militia = chain_distance(ctx, f.kind).is_some_and(|r| bases_within(at, &fb, r));
        let by_guards =
            guards && bases_within(at, &fb, ctx.state.field.tables.arrival.chain_distance);
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

fn rout_one(ctx: &mut Ctx, order: RoutOrder, queue: &mut Vec<RoutOrder>, done: &[UnitId]) {
    let id = order.unit;
    let unit = ctx.state.unit(id).clone();
    let tables = ctx.state.field.tables.clone();
    let guards = unit.kind == UnitType::Guards;
    let start = unit.base();
    chain_friends(ctx, id, &start, guards, queue, done);

    let face = ctx.roll("rout survival");
    let mut roll = Explanation::new(RULE);
    roll.dice = vec![face];
    roll.tally();
    let survived = face > tables.arrival.rout_destroyed_up_to;
    roll.row = if survived { "3-6".into() } else { "1-2".into() };
    roll.result = if survived {
        "routs".into()
    } else {
        "destroyed".into()
    };
    if order.cause == Cause::GuardsChain || order.cause == Cause::MilitiaChain {
        roll.modifiers
            .push(Modifier::new(0, "routed by a nearby rout"));
    }
    ctx.emit(Event::RoutTest {
        unit: id,
        roll,
        survived,
        cause: order.cause.clone(),
    });
    if !survived {
        ctx.destroy(id, Cause::RoutRoll);
        return;
    }

    // Enemies already in contact at the start are ignored unless the rout runs into them.
    let start_touching: Vec<UnitId> = ctx
        .state
        .enemies_of(unit.side)
        .filter(|e| touching(&start, &e.base()))
        .map(|e| e.id)
        .collect();
    let facing = angle_of(-order.dir);
    let dist = tables.move_allowance(unit.kind);
    let steps = (dist / STEP).ceil() as usize;
    // Turning to face the threat in place may swing the base into a friend; if so, the
    // place to fall back on is where it stood (ruling R17).
    let turned = Pose::at(unit.pose.pos, facing);
    let turned_base = Base::new(turned, start.width, start.depth);
    let mut last_free = if ctx
        .state
        .friends_of(unit.side)
        .all(|f| f.id == id || !overlapping(&turned_base, &f.base()))
    {
        turned
    } else {
        unit.pose
    };
    let mut end = turned;
    for s in 1..=steps {
        let p = unit.pose.pos + order.dir * (dist * s as f64 / steps as f64);
        let pose = Pose::at(p, facing);
        let b = Base::new(pose, start.width, start.depth);
        if !ctx.state.field.contains(&b) {
            ctx.destroy(id, Cause::OffTable);
            return;
        }
        if impassable(ctx, unit.kind, &b) {
            ctx.destroy(id, Cause::ImpassableGround);
            return;
        }
        let ran_into = ctx.state.enemies_of(unit.side).any(|e| {
            let eb = e.base();
            if start_touching.contains(&e.id) {
                overlapping(&b, &eb)
            } else {
                touching(&b, &eb)
            }
        });
        if ran_into {
            ctx.destroy(id, Cause::RoutIntoEnemy);
            return;
        }
        chain_friends(ctx, id, &b, guards, queue, done);
        if ctx
            .state
            .friends_of(unit.side)
            .all(|f| f.id == id || !overlapping(&b, &f.base()))
        {
            last_free = pose;
        }
        end = pose;
    }
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
fn impassable(ctx: &Ctx, kind: UnitType, b: &Base) -> bool {
    let f = &ctx.state.field;
    let corners = b.corners();
    f.terrain.iter().any(|t| {
        let bad = match t.kind {
            TerrainKind::DenseWood => kind != UnitType::LightInfantry,
            TerrainKind::LightWood => f.options.light_woods && !kind.is_infantry(),
            TerrainKind::River => {
                return t.shape.contains(b.pose.pos)
                    && !f.terrain.iter().any(|x| {
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
        let pose = Pose::at(u.pose.pos + dir * (s as f64 * STEP), u.pose.facing);
        let b = Base::new(pose, router_base.width, router_base.depth);
        if !ctx.state.field.contains(&b) || impassable(ctx, u.kind, &b) {
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
