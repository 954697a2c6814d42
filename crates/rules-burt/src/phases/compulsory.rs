//! Compulsory moves ("Burt 3", phase 3): routs, pursuits and retreats, carried out by the
//! book.
//!
//! The book gives no distances: a router runs its reserve move toward its own table edge
//! (ruling R24) and leaves the field if it runs off it; a pursuer follows its quarry a
//! normal move and rides it down if it reaches it (ruling R12); a shaken unit steps back a
//! normal move, still facing the enemy (ruling R27).

use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::state::{State, Status, UnitId};
use grognard_geometry::{angle_of, Pose, Vec2};

fn ids(state: &State, f: impl Fn(&crate::state::Unit) -> bool) -> Vec<UnitId> {
    state
        .on_table()
        .filter(|u| u.fights() && f(u))
        .map(|u| u.id)
        .collect()
}

pub fn run(ctx: &mut Ctx) {
    for id in ids(ctx.state, |u| u.routing()) {
        rout_move(ctx, id);
    }
    for id in ids(ctx.state, |u| matches!(u.status, Status::Pursuing(_))) {
        pursue(ctx, id);
    }
    for id in ids(ctx.state, |u| u.retreat_due && !u.routing()) {
        retreat(ctx, id);
    }
}

/// Move `unit` along `dir` as far as `d` allows, in half-inch steps short of it, turned to
/// `facing`; `false` if it found no room at all.
fn go(ctx: &mut Ctx, unit: UnitId, dir: Vec2, d: f64, facing: f64) -> bool {
    let u = ctx.state.unit(unit);
    let mut step = d;
    while step > 0.05 {
        let to = Pose::at(u.pose.pos + dir * step, facing);
        let end = u.footprint_at(to, u.formation);
        let clear =
            measure::overlapping(ctx.state, &end, &[unit]).all(|o| o.side == u.side && o.routing());
        if clear && measure::on_table(ctx.state, &end) {
            ctx.emit(Event::Moved {
                unit,
                to,
                used: 0.0,
            });
            return true;
        }
        step -= 0.5;
    }
    false
}

fn rout_move(ctx: &mut Ctx, unit: UnitId) {
    let u = ctx.state.unit(unit);
    let r = measure::rates(ctx.state, u);
    let d = r.reserve.unwrap_or(r.normal * 2.0);
    let home = ctx.state.field.home[u.side.index()];
    let to = Pose::at(u.pose.pos + home * d, angle_of(home));
    if !measure::on_table(ctx.state, &u.footprint_at(to, u.formation)) {
        ctx.remove(unit, "routs off the table");
        return;
    }
    if !go(ctx, unit, home, d, angle_of(home)) {
        ctx.remove(unit, "cut off in its rout, it surrenders");
    }
}

fn pursue(ctx: &mut Ctx, unit: UnitId) {
    let u = ctx.state.unit(unit);
    let Status::Pursuing(q) = u.status else {
        return;
    };
    let quarry = ctx.state.unit(q);
    if quarry.gone || !quarry.routing() {
        ctx.emit(Event::Status {
            unit,
            status: Status::Steady,
        });
        return;
    }
    let d = measure::rates(ctx.state, u).normal;
    let gap = measure::gap(u, quarry);
    if gap <= d + 1e-9 {
        ctx.remove(q, "ridden down by its pursuers");
        ctx.emit(Event::Status {
            unit,
            status: Status::Steady,
        });
        return;
    }
    let dir = (quarry.pose.pos - u.pose.pos).normalize_or_zero();
    let facing = angle_of(dir);
    go(ctx, unit, dir, d, facing);
}

fn retreat(ctx: &mut Ctx, unit: UnitId) {
    let u = ctx.state.unit(unit);
    let d = measure::rates(ctx.state, u).normal;
    let home = ctx.state.field.home[u.side.index()];
    let facing = u.pose.facing;
    go(ctx, unit, home, d, facing);
    ctx.emit(Event::RetreatDue { unit, due: false });
    ctx.emit(Event::Pushed { unit });
}
