//! Gun crews ("B&P Fire Combat", artillery): hits fall on the gunners, not the gun; a gun
//! needs three to move or fire; a crew below that joins another gun's or is joined. The
//! gunners take a full move to go over, and the gun they join a turn more to settle in
//! before it moves or fires (ruling B16).

use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::state::{Arm, State, Unit, UnitId};
use grognard_engine::Illegal;

const RULE: &str = "B&P Fire Combat";

/// How many gunners would go over, or why they may not.
pub fn check(state: &State, from: &Unit, to: &Unit) -> Result<u32, Illegal> {
    let a = &state.tables().artillery;
    if from.arm() != Arm::Artillery || to.arm() != Arm::Artillery || from.id == to.id {
        return Err(Illegal::new(
            RULE,
            "gunners go over from one gun to another of their side",
        ));
    }
    if !from.effective() || !to.effective() {
        return Err(Illegal::new(RULE, "both guns must be manned and in action"));
    }
    if from.figures >= a.least_crew && to.figures >= a.least_crew {
        return Err(Illegal::new(
            RULE,
            format!(
                "both guns have {} gunners or more: neither needs the other's",
                a.least_crew
            ),
        ));
    }
    if from.done.moved || from.done.fired || to.done.fired {
        return Err(Illegal::new(
            RULE,
            "the gunners have moved or fired in this move period",
        ));
    }
    let reach = state.tables().movement.artillery.line;
    if measure::gap(from, to) > reach {
        return Err(Illegal::new(
            RULE,
            format!("{} is more than a gun's move ({reach}\") away", to.name),
        ));
    }
    let room = to.troop.full().saturating_sub(to.figures);
    let going = from.figures.min(room);
    if going == 0 {
        return Err(Illegal::new(RULE, format!("{} has a full crew", to.name)));
    }
    Ok(going)
}

pub fn reman(ctx: &mut Ctx, from: UnitId, to: UnitId) {
    let (f, t) = (ctx.state.unit(from), ctx.state.unit(to));
    let Ok(figures) = check(ctx.state, f, t) else {
        return;
    };
    let ready_turn = ctx.state.clock.turn + 2;
    ctx.emit(Event::Remanned {
        unit: from,
        gun: to,
        figures,
        ready_turn,
    });
    if ctx.state.unit(from).figures == 0 {
        ctx.remove(
            from,
            "its gunners went over to another gun, and it is left behind",
        );
    }
}
