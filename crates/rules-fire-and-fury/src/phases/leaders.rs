//! Leaders: attaching to a unit of their command and leaving it, and moving detached
//! ("NFF Maneuver: Reserve Movement 6": freely between zones, without a throw, in the two
//! leader steps, within their move; design 4.9).

use super::no;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::measure;
use crate::state::{Phase, State, Unit, UnitId};
use grognard_engine::{Illegal, Side};
use grognard_geometry::{Pose, Vec2};

pub const R_LEADERS: &str = "NFF Maneuver: Reserve Movement 6";

/// Where a leader is: with the unit he is attached to, or where he stands.
pub fn at(state: &State, l: &Unit) -> Vec2 {
    match l.leader().and_then(|ld| ld.attached) {
        Some(u) => state.unit(u).pose.pos,
        None => l.pose.pos,
    }
}

fn own_leader(state: &State, side: Side, leader: UnitId) -> Result<&Unit, Illegal> {
    let l = state
        .units()
        .get(usize::from(leader))
        .ok_or_else(|| no(R_LEADERS, "no such leader"))?;
    if l.side != side || l.gone || l.leader().is_none() {
        return Err(no(
            R_LEADERS,
            "that is not one of the side's leaders on the field",
        ));
    }
    Ok(l)
}

fn left(state: &State, l: &Unit) -> f64 {
    let moved = l.leader().map_or(0.0, |ld| ld.moved);
    (measure::leader_move(state) - moved).max(0.0)
}

/// Whether `leader` commands `u`: he is in its chain of command.
pub fn commands(state: &State, leader: UnitId, u: &Unit) -> bool {
    measure::commander_of(u).is_some_and(|c| measure::chain(state, c).any(|l| l.id == leader))
}

pub fn check_attach(
    state: &State,
    side: Side,
    leader: UnitId,
    to: Option<UnitId>,
) -> Result<(), Illegal> {
    let l = own_leader(state, side, leader)?;
    let ld = l.leader().expect("a leader");
    let Some(to) = to else {
        return if ld.attached.is_some() {
            Ok(())
        } else {
            Err(no(R_LEADERS, "the leader is not attached to anyone"))
        };
    };
    if ld.attached == Some(to) {
        return Err(no(R_LEADERS, "the leader is with that unit already"));
    }
    let u = state
        .units()
        .get(usize::from(to))
        .ok_or_else(|| no(R_LEADERS, "no such unit"))?;
    if u.side != side || u.gone {
        return Err(no(
            R_LEADERS,
            "a leader attaches to a unit of his own side on the field",
        ));
    }
    let ok = match u.leader() {
        // An army commander or an ADC with a formation's commander ("NFF Maneuver:
        // Reserve Movement 5g").
        Some(_) => {
            matches!(
                ld.rank,
                crate::scenario::Rank::Army | crate::scenario::Rank::Adc
            ) && u.id != leader
                && u.leader().is_some_and(|o| o.attached.is_none())
        }
        None => u.fights() && commands(state, leader, u),
    };
    if !ok {
        return Err(no(
            R_LEADERS,
            "a leader attaches to a brigade or battery of his own command, or an army commander or ADC to a formation's commander",
        ));
    }
    let d = at(state, l).distance(at(state, u));
    if d > left(state, l) + 1e-6 {
        return Err(no(
            R_LEADERS,
            format!(
                "the unit is {d:.1}\" away and the leader has {:.1}\" of his move left",
                left(state, l)
            ),
        ));
    }
    Ok(())
}

pub fn perform_attach(ctx: &mut Ctx, leader: UnitId, to: Option<UnitId>) {
    let s = &*ctx.state;
    let l = s.unit(leader);
    let from = at(s, l);
    match to {
        Some(t) => {
            let u = s.unit(t);
            let d = from.distance(at(s, u));
            let pose = Pose::at(at(s, u), u.pose.facing);
            ctx.emit(Event::Moved {
                unit: leader,
                to: pose,
                used: d,
            });
            ctx.emit(Event::Attached { leader, to });
        }
        None => {
            let pose = Pose::at(from, l.pose.facing);
            ctx.emit(Event::Attached { leader, to: None });
            ctx.emit(Event::Moved {
                unit: leader,
                to: pose,
                used: 0.0,
            });
        }
    }
}

pub fn check_move(state: &State, side: Side, leader: UnitId, to: &Pose) -> Result<(), Illegal> {
    let l = own_leader(state, side, leader)?;
    if !(to.pos.is_finite() && to.facing.is_finite()) {
        return Err(no(R_LEADERS, "the place to move to is not a number"));
    }
    if l.leader().is_some_and(|ld| ld.attached.is_some()) {
        return Err(no(
            R_LEADERS,
            "an attached leader moves with his unit: detach him first",
        ));
    }
    let d = l.pose.pos.distance(to.pos);
    if d > left(state, l) + 1e-6 {
        return Err(no(
            R_LEADERS,
            format!(
                "the move is {d:.1}\" and the leader has {:.1}\" left",
                left(state, l)
            ),
        ));
    }
    if !(0.0..=state.field.width).contains(&to.pos.x)
        || !(0.0..=state.field.depth).contains(&to.pos.y)
    {
        return Err(no(R_LEADERS, "the leader would leave the table"));
    }
    Ok(())
}

pub fn perform_move(ctx: &mut Ctx, leader: UnitId, to: &Pose) {
    let d = ctx.state.unit(leader).pose.pos.distance(to.pos);
    ctx.emit(Event::Moved {
        unit: leader,
        to: *to,
        used: d,
    });
}

/// Whether the side has a leader who may still move or attach.
pub fn any(state: &State, side: Side) -> bool {
    let phase = state.phase();
    state.units().iter().any(|u| {
        u.side == side
            && !u.gone
            && u.leader().is_some()
            && (phase == Phase::Attach || phase == Phase::Leaders)
            && left(state, u) > 0.5
    })
}
