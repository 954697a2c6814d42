//! Rout, disruption and rally ("B&P Rout, Disruption, and Rally"). A routed unit runs its
//! type's longest move straight to its rear, swerving past friends where it can and
//! disrupting the formed friends it must run through; an enemy across the whole of its way
//! destroys it. It halts in its side's next move period, turns to the enemy in the one
//! after, and is effective in the third.

use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::state::{Arm, Status, UnitId};
use grognard_geometry::{angle_of, dir, Pose};

/// Rout `id`: a gun's crew routing loses the gun ("B&P Fire Combat", artillery).
pub fn rout(ctx: &mut Ctx, id: UnitId, why: &str) {
    let u = ctx.state.unit(id).clone();
    if u.gone {
        return;
    }
    if u.arm() == Arm::Artillery {
        ctx.remove(id, &format!("{why}: its crew routs and the gun is lost"));
        return;
    }
    let m = &ctx.state.tables().movement;
    let run = match u.arm() {
        Arm::Infantry => m.infantry.skirmish,
        _ => m.cavalry.line,
    };
    // Its rear: a unit already fleeing (routed or halted) faces the way it ran, so it runs
    // on the way it faces; any other turns its back on the enemy it faced.
    let back = if matches!(u.status, Status::Routed | Status::Halted) {
        u.pose.facing
    } else {
        u.pose.facing + std::f64::consts::PI
    };
    // Straight back first, then swerving 30 and 60 degrees either way.
    let tries = [0.0f64, 30.0, -30.0, 60.0, -60.0];
    let mut through_friends: Option<(Pose, Vec<UnitId>)> = None;
    // Every try runs the same distance from where the unit stands.
    let pieces = measure::pieces_near(ctx.state, u.pose.pos, run + u.footprint().radius() * 2.0);
    for off in tries {
        let heading = back + off.to_radians();
        let to_pos = u.pose.pos + dir(heading) * run;
        let to = Pose::at(to_pos, heading);
        let path = measure::sweep(&u, u.pose, to, u.order);
        let mut friends = Vec::new();
        let mut enemy = false;
        let mut off_table = false;
        for b in &path {
            if !measure::on_table(ctx.state, b) {
                off_table = true;
                break;
            }
            for (o, ob) in &pieces {
                if o.id == id {
                    continue;
                }
                if grognard_geometry::overlap::bases_overlap(b, ob, measure::TOUCH) {
                    if o.side != u.side {
                        enemy = true;
                    } else if measure::is_formed(o) && !friends.contains(&o.id) {
                        friends.push(o.id);
                    }
                }
            }
            if enemy {
                break;
            }
        }
        if enemy {
            continue;
        }
        if off_table {
            ctx.remove(id, &format!("{why}: it routs off the table"));
            return;
        }
        let end = u.footprint_at(to, u.order);
        if measure::overlapping(ctx.state, &end, &[id]).is_some() {
            continue;
        }
        if friends.is_empty() {
            finish(ctx, id, to, Vec::new());
            return;
        }
        if through_friends.is_none() {
            through_friends = Some((to, friends));
        }
    }
    match through_friends {
        Some((to, friends)) => finish(ctx, id, to, friends),
        None => ctx.remove(
            id,
            &format!("{why}: the enemy or the crowd bars its flight, and it is destroyed"),
        ),
    }
}

fn finish(ctx: &mut Ctx, id: UnitId, to: Pose, friends: Vec<UnitId>) {
    ctx.emit(Event::Routed { unit: id, to });
    let until = ctx.state.clock.turn + 1;
    for f in friends {
        ctx.emit(Event::Disrupted { unit: f, until });
    }
}

/// At the start of a side's move period its routed units halt, its halted ones turn to the
/// enemy, and its reforming ones are effective again.
pub fn rally(ctx: &mut Ctx) {
    let side = ctx.state.mover();
    let ids: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|u| u.side == side && u.status != Status::Effective)
        .map(|u| u.id)
        .collect();
    for id in ids {
        let u = ctx.state.unit(id);
        let (status, pose) = match u.status {
            Status::Routed => (Status::Halted, u.pose),
            Status::Halted => {
                let facing = measure::nearest_enemy(ctx.state, u)
                    .map(|e| angle_of(e.pose.pos - u.pose.pos))
                    .unwrap_or(u.pose.facing);
                let turned = Pose::at(u.pose.pos, facing);
                // Turned only where the turn leaves room.
                let fits = measure::overlapping(ctx.state, &u.footprint_at(turned, u.order), &[id])
                    .is_none()
                    && measure::on_table(ctx.state, &u.footprint_at(turned, u.order));
                (Status::Reforming, if fits { turned } else { u.pose })
            }
            Status::Reforming | Status::Effective => (Status::Effective, u.pose),
        };
        ctx.emit(Event::Rallying {
            unit: id,
            status,
            pose,
        });
    }
}

/// How near a pursuer comes to a fleeing unit to keep it running (ruling B26).
pub const PURSUIT: f64 = 2.0;

/// Infantry or cavalry that ends a move within 2" of an enemy unit not yet effective again
/// pursues it: its retreat goes on, and its rally starts over ("B&P Rout, Disruption, and
/// Rally", ruling B26).
pub fn pursue(ctx: &mut Ctx, id: UnitId) {
    let u = ctx.state.unit(id);
    if !matches!(u.arm(), Arm::Infantry | Arm::Cavalry) || u.gone {
        return;
    }
    let fp = u.footprint();
    let fleeing: Vec<UnitId> = ctx
        .state
        .near_side(u.side.other(), fp.pose.pos, fp.radius() + PURSUIT)
        .filter(|e| {
            !e.is_commander()
                && e.status != Status::Effective
                && grognard_geometry::distance::base_base(&fp, &ctx.state.footprint_of(e.id))
                    <= PURSUIT
        })
        .map(|e| e.id)
        .collect();
    for e in fleeing {
        rout(ctx, e, "pursued, it runs on");
    }
}
