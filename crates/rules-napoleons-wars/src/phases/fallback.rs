//! Retreats and routs ("NW 11.4", "NW 11.5", "NW 9.3" notes 4-5): straight away from the
//! enemy that caused them, paying no terrain costs, never through enemies or impassable
//! ground.

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::Event;
use crate::measure::{self, overlapping};
use crate::state::{Gone, Unit, UnitId};
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::{angle_of, Pose, Vec2};

const STEP: f64 = 0.25;

fn away(ctx: &Ctx, unit: UnitId, from: UnitId) -> Vec2 {
    let u = ctx.state.unit(unit);
    let f = ctx.state.unit(from);
    let d = u.pose.pos - f.pose.pos;
    if d.length() < 1e-9 {
        -u.pose.forward()
    } else {
        d.normalize()
    }
}

fn impassable(ctx: &Ctx, p: Vec2) -> bool {
    measure::in_kind(ctx.state, TerrainKind::River, p)
        && !measure::in_kind(ctx.state, TerrainKind::Ford, p)
        && !measure::in_kind(ctx.state, TerrainKind::Bridge, p)
}

/// How far the unit can go along `dir` before enemies, impassable ground or the table edge
/// stop it; and whether the table edge was the stop. Friends it would end on are passed: it
/// goes on until it is clear of them, so only enemies, impassable ground or the table edge
/// can leave it short (ruling N28).
fn walk(
    ctx: &Ctx,
    unit: UnitId,
    dir: Vec2,
    distance: f64,
    facing: f64,
) -> (Pose, f64, bool, Vec<UnitId>) {
    let u = ctx.state.unit(unit);
    let mut last = Pose::at(u.pose.pos, facing);
    let mut gone = 0.0;
    let mut off = false;
    let mut passed = Vec::new();
    let steps = (distance / STEP).ceil() as usize;
    // The pieces a footprint within the distance could meet, gathered once: every such
    // footprint's centre lies on the segment of the walk, within half its length of the
    // middle. Beyond the distance, each footprint looks for its own.
    let half = (dir * distance).length() * 0.5;
    let along: Vec<&Unit> = ctx
        .state
        .near(
            u.pose.pos + dir * (distance * 0.5),
            half + u.radius() + 0.01,
        )
        .filter(|o| o.id != unit && !o.is_officer())
        .collect();
    let mut beyond: Vec<&Unit> = Vec::new();
    let mut s = 1;
    // Go the distance, then on while ending on a friend; the table edge ends the walk.
    loop {
        let d = if s <= steps {
            (s as f64 * STEP).min(distance)
        } else {
            s as f64 * STEP
        };
        let pose = Pose::at(u.pose.pos + dir * d, facing);
        let b = u.at(pose);
        if !ctx.state.field.contains(&b) {
            off = true;
            break;
        }
        if impassable(ctx, pose.pos) {
            break;
        }
        let near: &[&Unit] = if s <= steps {
            &along
        } else {
            beyond.clear();
            beyond.extend(
                ctx.state
                    .near(b.pose.pos, b.radius())
                    .filter(|o| o.id != unit && !o.is_officer()),
            );
            &beyond
        };
        let blocked = near
            .iter()
            .any(|e| e.side != u.side && overlapping(&b, &e.base()));
        if blocked {
            break;
        }
        let on_friends: smallvec::SmallVec<[UnitId; 4]> = near
            .iter()
            .filter(|f| f.side == u.side && f.attached != Some(unit) && overlapping(&b, &f.base()))
            .map(|f| f.id)
            .collect();
        for f in &on_friends {
            if !passed.contains(f) {
                passed.push(*f);
            }
        }
        if on_friends.is_empty() {
            last = pose;
            gone = d;
            if s >= steps {
                break;
            }
        }
        s += 1;
    }
    (last, gone, off, passed)
}

/// A disordered retreat of `distance` away from `from` ("NW 11.4"): friends passed through are
/// disordered (batteries suppressed); a unit that cannot go the whole way loses 1 s.p. more.
pub fn retreat(ctx: &mut Ctx, unit: UnitId, from: UnitId, distance: f64, why: &str) {
    fall_back(ctx, unit, from, distance, why, true)
}

/// Move away from `from` as a retreat does; `penalise` costs a strength point if the whole
/// distance cannot be covered (a retreat does; an evasion does not).
pub fn fall_back(
    ctx: &mut Ctx,
    unit: UnitId,
    from: UnitId,
    distance: f64,
    why: &str,
    penalise: bool,
) {
    if !ctx.state.unit(unit).on_table() {
        return;
    }
    let dir = away(ctx, unit, from);
    let facing = ctx.state.unit(unit).pose.facing;
    let (to, gone, _, passed) = walk(ctx, unit, dir, distance, facing);
    if gone > 0.0 {
        ctx.emit(Event::FellBack {
            unit,
            to,
            why: why.to_string(),
        });
    }
    for f in passed {
        ctx.disorder(f, "a retreating friend passed through it");
    }
    if !penalise {
        return;
    }
    // Short of the distance, against enemies, impassable ground or the table edge.
    if gone + 1e-9 < distance {
        let n = ctx.state.field.tables.combat.retreat_short_loss;
        ctx.lose(unit, n, "could not retreat the whole way");
    }
}

/// A rout away from `from` ("NW 11.5"): 12" for infantry, 24" for cavalry, facing away,
/// through friends freely. A unit that cannot rout surrenders; one that runs off the table is
/// gone, half a loss. A battery never routs: a result that would rout it destroys it (ruling
/// N50).
pub fn rout(ctx: &mut Ctx, unit: UnitId, from: UnitId) {
    if !ctx.state.unit(unit).on_table() {
        return;
    }
    if ctx.state.unit(unit).is_artillery() {
        ctx.eliminate(unit, Gone::Eliminated, "guns lost: a battery does not rout");
        return;
    }
    let u = ctx.state.unit(unit);
    let t = &ctx.state.field.tables.combat;
    let distance = if u.is_cavalry() {
        t.rout_move[1]
    } else {
        t.rout_move[0]
    };
    let dir = away(ctx, unit, from);
    let (to, gone, off, _) = walk(ctx, unit, dir, distance, angle_of(dir));
    if off {
        ctx.eliminate(unit, Gone::RoutedOff, "routed off the table");
    } else if gone + 1e-9 < distance * 0.5 {
        ctx.eliminate(unit, Gone::Eliminated, "surrendered: no way to rout");
    } else {
        ctx.emit(Event::Routed { unit, to });
    }
}
