//! Movement ("Burt 5"), formation changes ("Burt 12") and officers' moves.
//!
//! A move is a straight line to a new place and facing. Its cost is a share of the unit's
//! move: the distance ahead or back, the distance to the side counted double ("obliquing"),
//! the turn (the ground its outer flank covers, ruling R20), and the ground: woods, water
//! and obstacles as the book says.

use super::no;
use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure::{self, CLEAR_OF_ENEMY};
use crate::state::{Arm, Formation, Order, Phase, State, Troop, Unit, UnitId};
use grognard_engine::{Illegal, Side};
use grognard_geometry::distance::base_base;
use grognard_geometry::{wrap, Pose};

pub const R_MOVE: &str = "Burt 5 Movement";
pub const R_FORM: &str = "Burt 12 Formation changes";
pub const R_ORDERS: &str = "Burt 4 Orders";

/// What a legal move comes to.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The share of the unit's move it uses.
    pub used: f64,
    /// It crossed an obstacle or difficult ground: formed troops lose a point of order.
    pub rough: bool,
    /// Close-order friends it passed through: both lose a class of order ("Burt 12").
    pub through: Vec<UnitId>,
}

/// Inches of a full move for the unit in this phase, and the shares of it allowed ahead
/// and back.
fn allowance(state: &State, u: &Unit, phase: Phase) -> Result<(f64, f64, f64), Illegal> {
    let t = &state.tables().movement;
    let r = measure::rates(state, u);
    if u.is_officer() || u.arm() == Arm::Train {
        return match phase {
            Phase::Command => Ok((r.normal, 1.0, 1.0)),
            _ => Err(no(
                R_MOVE,
                "officers and wagons move in the command elements phase",
            )),
        };
    }
    if u.routing() {
        return Err(no(
            "Burt 8 Morale",
            "a routing unit makes only its compulsory moves",
        ));
    }
    if u.status != crate::state::Status::Steady {
        return Err(no(
            "Burt 8 Morale",
            "a pursuing unit makes only its compulsory moves",
        ));
    }
    if u.marks.fought {
        return Err(no(R_MOVE, "the unit has fought this turn"));
    }
    let order = u.order();
    match phase {
        Phase::Manoeuvre => match order {
            Some(Order::Manoeuvre) => Ok((r.normal, 1.0, 1.0)),
            Some(Order::Fire) => Ok((r.normal, t.fire_order_forward, t.fire_order_back)),
            Some(Order::Assault) if u.marks.assaulting.is_none() && !u.marks.assaulted => {
                Ok((r.normal, 1.0, 0.0))
            }
            Some(Order::Assault) => Err(no(
                R_MOVE,
                "the unit has declared its assault: it goes in when assaults are resolved",
            )),
            Some(Order::Reserve) => Err(no(
                R_MOVE,
                "units in reserve move in the reserve movement phase",
            )),
            _ => Err(no(
                R_ORDERS,
                "only units with MANOEUVRE or FIRE orders move now (REGROUP units stand)",
            )),
        },
        Phase::Reserve => {
            if order != Some(Order::Reserve) {
                return Err(no(R_ORDERS, "only units with RESERVE orders move now"));
            }
            if u.marks.reserve_moved {
                return Err(no(R_MOVE, "the reserve has had its move this turn"));
            }
            Ok((r.reserve.unwrap_or(r.normal), 1.0, 1.0))
        }
        _ => Err(no(
            R_MOVE,
            "troops move in the manoeuvre and reserve phases",
        )),
    }
}

fn own(state: &State, side: Side, unit: UnitId) -> Result<&Unit, Illegal> {
    let u = state
        .units
        .get(usize::from(unit))
        .ok_or_else(|| no(R_MOVE, "no such unit"))?;
    if u.side != side {
        return Err(no(R_MOVE, "that unit is the enemy's"));
    }
    if u.gone {
        return Err(no(R_MOVE, "that unit has left the field"));
    }
    Ok(u)
}

pub fn check_move(state: &State, side: Side, unit: UnitId, to: &Pose) -> Result<Plan, Illegal> {
    let u = own(state, side, unit)?;
    if !(to.pos.x.is_finite() && to.pos.y.is_finite() && to.facing.is_finite()) {
        return Err(no(R_MOVE, "the place to move to is not a number"));
    }
    let phase = state.phase();
    if phase == Phase::Manoeuvre && u.marks.moved {
        return Err(no(R_MOVE, "the unit has moved in this phase"));
    }
    if phase == Phase::Command && u.marks.moved {
        return Err(no(R_MOVE, "the officer has moved this turn"));
    }
    if u.with.is_some() {
        return Err(no(
            "Burt 12 Formation changes",
            "a general in command of a unit stays with it",
        ));
    }
    let (inches, ahead, back) = allowance(state, u, phase)?;
    let t = &state.tables().movement;
    if u.is_guns() && u.formation != Formation::Limbered && to.pos.distance(u.pose.pos) > 1e-6 {
        return Err(no(
            R_MOVE,
            "guns move limbered; unlimbered they only turn where they stand",
        ));
    }
    // The cost in inches: ahead or back, to the side counted double, and the turn.
    let d = to.pos - u.pose.pos;
    let fwd = u.pose.forward();
    let along = d.dot(fwd);
    let across = (d - fwd * along).length();
    let fp = u.footprint();
    let turn = wrap(to.facing - u.pose.facing).abs() * fp.width * 0.5;
    let going = measure::going(state, u.pose.pos, to.pos);
    if going.impassable_water {
        return Err(no(
            R_MOVE,
            "the river may be crossed only at a bridge or ford",
        ));
    }
    let wheeled = matches!(u.arm(), Arm::Artillery | Arm::Train);
    if wheeled && (going.obstacles > 0 || going.water > 0.0) {
        return Err(no(
            R_MOVE,
            "walls, hedges and fordable water are impassable to guns and wagons",
        ));
    }
    let mut cost = along.abs() + t.oblique_cost * across + turn;
    let formed_foot = u.troop == Troop::Infantry;
    if going.wood > 0.0 {
        let share = if formed_foot {
            t.wood_infantry_share
        } else if u.troop == Troop::Skirmishers || u.is_officer() {
            1.0
        } else {
            t.wood_cavalry_share
        };
        cost += going.wood * (1.0 / share.max(0.05) - 1.0);
    }
    if going.water > 0.0 {
        cost += going.water * (1.0 / t.ford_share.max(0.05) - 1.0);
    }
    let mut full = inches;
    let column =
        matches!(u.formation, Formation::Column | Formation::Limbered) || u.arm() == Arm::Train;
    if going.road && column {
        full += t.road_bonus;
    }
    let mut used = cost / full.max(1e-9) + f64::from(going.obstacles) * t.obstacle_share;
    if along < -1e-9 {
        // A move back is limited by the share allowed back (under FIRE orders a quarter).
        if back <= 0.0 {
            return Err(no(R_MOVE, "the unit may not move back now"));
        }
        if -along > back * full + 1e-6 {
            return Err(no(
                R_ORDERS,
                format!("the unit may go back at most {:.1}\" now", back * full),
            ));
        }
    } else if ahead < 1.0 && cost > ahead * full + 1e-6 {
        return Err(no(
            R_ORDERS,
            format!(
                "under FIRE orders the unit may move at most {:.1}\" forward",
                ahead * full
            ),
        ));
    }
    if phase == Phase::Reserve {
        used = used.max(0.0);
    }
    let spent = if phase == Phase::Reserve {
        0.0
    } else {
        u.marks.used
    };
    if spent + used > 1.0 + 1e-6 {
        return Err(no(
            R_MOVE,
            format!(
                "the move costs {:.1}\" of the {:.1}\" the unit has left",
                used * full,
                (1.0 - spent).max(0.0) * full
            ),
        ));
    }
    let end = u.footprint_at(*to, u.formation);
    if !measure::on_table(state, &end) {
        return Err(no(R_MOVE, "the unit would leave the table"));
    }
    let mut through = Vec::new();
    if !u.is_officer() {
        if let Some(o) = measure::overlapping(state, &end, &[u.id]).next() {
            return Err(no(
                R_MOVE,
                format!("the move would end on {}", state.name(o.id)),
            ));
        }
        let hull = measure::swept(&fp, &end);
        // The sweep lies within this of the midpoint of the move.
        let mid = fp.pose.pos.lerp(end.pose.pos, 0.5);
        let reach = 0.5 * fp.pose.pos.distance(end.pose.pos)
            + measure::radius(&fp).max(measure::radius(&end))
            + measure::TOUCH;
        for o in state.near(mid, reach) {
            if o.id == u.id || o.is_officer() || !measure::in_sweep(&hull, o) {
                continue;
            }
            if o.side != u.side {
                return Err(no(
                    R_MOVE,
                    format!("the move would pass through {}", state.name(o.id)),
                ));
            }
            let open = |x: &Unit| x.troop == Troop::Skirmishers;
            if !open(u) && !open(o) {
                through.push(o.id);
            }
        }
    }
    let clear = measure::radius(&end) + CLEAR_OF_ENEMY;
    if let Some(e) = state
        .near_side(u.side.other(), end.pose.pos, clear)
        .find(|e| e.fights() && base_base(&e.footprint(), &end) < CLEAR_OF_ENEMY - 1e-9)
    {
        return Err(no(
            R_MOVE,
            format!(
                "the move would end within {CLEAR_OF_ENEMY}\" of {}: only an assault closes with the enemy",
                state.name(e.id)
            ),
        ));
    }
    let rough = going.wood > 0.0 || going.water > 0.0 || going.obstacles > 0;
    Ok(Plan {
        used,
        rough,
        through,
    })
}

pub fn perform_move(ctx: &mut Ctx, side: Side, unit: UnitId, to: &Pose) {
    let Ok(plan) = check_move(ctx.state, side, unit, to) else {
        return;
    };
    ctx.reveal(unit);
    let phase = ctx.state.phase();
    ctx.emit(Event::Moved {
        unit,
        to: *to,
        used: if phase == Phase::Reserve {
            0.0
        } else {
            plan.used
        },
    });
    let u = ctx.state.unit(unit);
    let close_order = u.troop != Troop::Skirmishers && u.fights();
    if plan.rough && close_order {
        ctx.lose_order(unit, "crossing an obstacle or difficult ground");
    }
    for o in plan.through {
        ctx.lose_order(unit, "passing through friends in close order");
        ctx.lose_order(o, "passed through by friends in close order");
    }
}

/// The share of a move a change of formation takes: a quarter move for each base of
/// frontage changed ("Burt 12"), half a move to limber or unlimber ("Burt 5"). A change
/// that needs more than a whole move takes the whole move (ruling R21).
pub fn form_cost(state: &State, u: &Unit, f: Formation) -> f64 {
    let t = state.tables();
    if u.is_guns() {
        return t.movement.limber_share;
    }
    let change = u.frontage(u.formation).abs_diff(u.frontage(f)).max(1);
    let per = t.formations.frontage_a_quarter.max(1);
    (f64::from(change.div_ceil(per)) * 0.25).min(1.0)
}

pub fn check_form(state: &State, side: Side, unit: UnitId, f: Formation) -> Result<f64, Illegal> {
    let u = own(state, side, unit)?;
    if !u.troop.takes(f) {
        return Err(no(
            R_FORM,
            format!("{} do not take {}", u.troop.name(), f.name()),
        ));
    }
    if u.formation == f {
        return Err(no(R_FORM, format!("the unit is in {} already", f.name())));
    }
    if u.routing() || u.marks.fought || u.status != crate::state::Status::Steady {
        return Err(no(R_FORM, "the unit cannot change formation now"));
    }
    if u.order() != Some(Order::Manoeuvre) {
        return Err(no(
            R_ORDERS,
            "only units with MANOEUVRE orders change formation (or limber and unlimber)",
        ));
    }
    if u.marks.changed_formation {
        return Err(no(R_FORM, "the unit has changed formation this turn"));
    }
    let cost = form_cost(state, u, f);
    if u.marks.used > 0.0 && u.marks.used + cost > 1.0 + 1e-6 {
        return Err(no(
            R_FORM,
            "the change takes more of the move than the unit has left",
        ));
    }
    let end = u.footprint_at(u.pose, f);
    if !measure::on_table(state, &end) {
        return Err(no(R_FORM, "the new formation would not fit on the table"));
    }
    if let Some(o) = measure::overlapping(state, &end, &[u.id]).next() {
        return Err(no(
            R_FORM,
            format!("the new formation would stand on {}", state.name(o.id)),
        ));
    }
    Ok(cost)
}

pub fn perform_form(ctx: &mut Ctx, side: Side, unit: UnitId, f: Formation) {
    let Ok(cost) = check_form(ctx.state, side, unit, f) else {
        return;
    };
    ctx.reveal(unit);
    ctx.emit(Event::Formed {
        unit,
        formation: f,
        used: cost,
    });
}

pub fn check_join(
    state: &State,
    side: Side,
    general: UnitId,
    unit: Option<UnitId>,
) -> Result<(), Illegal> {
    let g = own(state, side, general)?;
    if !g.is_general() {
        return Err(no(R_FORM, "only generals take over command of a unit"));
    }
    match unit {
        None => {
            let Some(w) = g.with else {
                return Err(no(R_FORM, "the general commands no unit"));
            };
            let u = state.unit(w);
            let ce = state.on_table().any(|o| {
                o.troop == crate::state::Troop::CommandElement
                    && o.side == u.side
                    && o.brigade == u.brigade
                    && base_base(&o.footprint(), &u.footprint()) <= measure::COMMAND_CONTACT
            });
            if !u.gone && !u.routing() && !ce {
                return Err(no(
                    R_FORM,
                    "a general stays with the unit he commands until it is back under its brigade commander",
                ));
            }
            Ok(())
        }
        Some(id) => {
            let u = own(state, side, id)?;
            if g.with.is_some() {
                return Err(no(R_FORM, "the general commands a unit already"));
            }
            if !u.fights() || u.routing() {
                return Err(no(R_FORM, "a general takes over a unit of troops in order"));
            }
            if base_base(&g.footprint(), &u.footprint()) > measure::COMMAND_CONTACT + 1e-9 {
                return Err(no(R_FORM, "the general must be in contact with the unit"));
            }
            Ok(())
        }
    }
}

/// Whether any unit of `side` may move or change formation in the manoeuvre phase.
pub fn any_manoeuvre(state: &State, side: Side) -> bool {
    state.on_table().any(|u| {
        u.side == side
            && u.fights()
            && !u.marks.moved
            && allowance(state, u, Phase::Manoeuvre).is_ok()
    })
}

pub fn any_reserve(state: &State, side: Side) -> bool {
    state
        .on_table()
        .any(|u| u.side == side && u.fights() && allowance(state, u, Phase::Reserve).is_ok())
}

pub fn any_officer(state: &State, side: Side) -> bool {
    state
        .on_table()
        .any(|u| u.side == side && (u.is_officer() || u.arm() == Arm::Train) && !u.marks.moved)
}
