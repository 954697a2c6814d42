//! Changing orders ("Burt 2", "Burt 4"): a chit placed face down beside each unit in
//! contact with its brigade's command element (or a general who has taken it over);
//! skirmishers and guns may change theirs each turn wherever they are.

use super::no;
use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure::COMMAND_CONTACT;
use crate::state::{Order, State, Troop, Unit, UnitId};
use grognard_engine::{Illegal, Side};
use grognard_geometry::distance::base_base;

pub const R_ORDERS: &str = "Burt 4 Orders";
pub const R_COMMAND: &str = "Burt 2 Organisation";

/// Whether the unit is in contact with its command element, or has a general with it.
pub fn in_command(state: &State, u: &Unit) -> bool {
    let fp = u.footprint();
    state.on_table().any(|o| {
        o.side == u.side
            && ((o.troop == Troop::CommandElement && o.brigade == u.brigade && u.brigade != 0)
                || (o.is_general() && o.with == Some(u.id)))
            && base_base(&o.footprint(), &fp) <= COMMAND_CONTACT + 1e-9
    })
}

/// Whether the unit's order may be changed now.
pub fn may_change(state: &State, u: &Unit) -> Result<(), Illegal> {
    if !u.on_table() || !u.troop.needs_orders() {
        return Err(no(
            R_ORDERS,
            "generals, command elements and wagons need no orders",
        ));
    }
    if u.routing() {
        return Err(no(
            "Burt 8 Morale",
            "a routing unit takes no orders until it rallies",
        ));
    }
    if u.marks.ordered {
        return Err(no(R_ORDERS, "the unit's chit has been placed this turn"));
    }
    if !u.troop.free_of_command() && !in_command(state, u) {
        return Err(no(
            R_COMMAND,
            "the unit is not in contact with its command element: it keeps its orders",
        ));
    }
    Ok(())
}

pub fn check(state: &State, side: Side, unit: UnitId, order: Order) -> Result<(), Illegal> {
    let u = state
        .units
        .get(usize::from(unit))
        .ok_or_else(|| no(R_ORDERS, "no such unit"))?;
    if u.side != side {
        return Err(no(R_ORDERS, "that unit is the enemy's"));
    }
    may_change(state, u)?;
    if order == Order::Reserve && u.left_reserve {
        return Err(no(
            R_ORDERS,
            "a unit that has left reserve never goes back to it",
        ));
    }
    if order == Order::Assault && (u.troop == Troop::Skirmishers || u.is_guns()) {
        return Err(no(
            R_ORDERS,
            "artillery and skirmishers are never given ASSAULT orders",
        ));
    }
    Ok(())
}

pub fn perform(ctx: &mut Ctx, unit: UnitId, order: Order) {
    let was_reserve = ctx.state.unit(unit).chit.is(Order::Reserve);
    ctx.emit(Event::Ordered { unit, order });
    if was_reserve && order != Order::Reserve {
        // Leaving reserve lowers army morale; both stay secret with the chit.
        let side = ctx.state.unit(unit).side;
        ctx.emit(Event::LeftReserve { unit });
        let name = ctx.state.name(unit).to_string();
        ctx.army_falls(side, &format!("{name} leaves reserve"));
    }
}

/// Whether `side` has a unit whose order it may change.
pub fn any(state: &State, side: Side) -> bool {
    state
        .on_table()
        .any(|u| u.side == side && may_change(state, u).is_ok())
}
