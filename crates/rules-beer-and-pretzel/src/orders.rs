//! Commands checked and carried out: each handed to the part of play that owns it.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::phases::{charge, fire, movement, period};
use crate::state::{Arm, Pending, State, Unit, UnitId};
use grognard_engine::{Illegal, Side};

const R_SEQUENCE: &str = "B&P Game Sequence";

fn own(state: &State, side: Side, id: UnitId) -> Result<&Unit, Illegal> {
    let u = state
        .units
        .get(id as usize)
        .ok_or_else(|| Illegal::new(R_SEQUENCE, format!("there is no unit {id}")))?;
    if u.side != side {
        return Err(Illegal::new(R_SEQUENCE, format!("{} is not yours", u.name)));
    }
    if u.gone {
        return Err(Illegal::new(
            R_SEQUENCE,
            format!("{} is off the table", u.name),
        ));
    }
    Ok(u)
}

fn any(state: &State, id: UnitId) -> Result<&Unit, Illegal> {
    state
        .units
        .get(id as usize)
        .ok_or_else(|| Illegal::new(R_SEQUENCE, format!("there is no unit {id}")))
}

/// The side that must decide now.
pub fn to_act(state: &State) -> Option<Side> {
    if state.outcome.is_some() {
        return None;
    }
    match &state.pending {
        Some(p) => Some(state.unit(p.target()).side),
        None => Some(state.mover()),
    }
}

pub fn check(state: &State, side: Side, command: &Command) -> Result<(), Illegal> {
    if state.outcome.is_some() {
        return Err(Illegal::new(R_SEQUENCE, "the battle is over"));
    }
    if to_act(state) != Some(side) {
        return Err(Illegal::new(R_SEQUENCE, "it is the other side's decision"));
    }
    match (&state.pending, command) {
        (Some(Pending::ReturnFire { .. }), Command::ReturnFire { .. }) => Ok(()),
        (Some(Pending::Charged { .. }), Command::Respond { fire, square }) => {
            charge::check_respond(state, *fire, *square)
        }
        (Some(Pending::ReturnFire { .. }), _) => Err(Illegal::new(
            "B&P Melee Combat",
            "a unit fired on must first fire back or hold its fire",
        )),
        (Some(Pending::Charged { .. }), _) => Err(Illegal::new(
            "B&P Melee Combat",
            "the unit charged must first answer the charge",
        )),
        (None, Command::ReturnFire { .. } | Command::Respond { .. }) => {
            Err(Illegal::new(R_SEQUENCE, "nothing waits on an answer"))
        }
        (None, Command::EndMove) => Ok(()),
        (None, Command::Move { unit, to }) => {
            let u = own(state, side, *unit)?;
            movement::check_move(state, u, to).map(|_| ())
        }
        (None, Command::Form { unit, order }) => {
            let u = own(state, side, *unit)?;
            movement::check_form(state, u, *order)
        }
        (None, Command::Fire { unit, target }) => {
            let u = own(state, side, *unit)?;
            fire::check(state, u, any(state, *target)?, true).map(|_| ())
        }
        (None, Command::Reman { unit, gun }) => {
            let u = own(state, side, *unit)?;
            crate::phases::crews::check(state, u, own(state, side, *gun)?).map(|_| ())
        }
        (None, Command::Charge { unit, target }) => {
            let u = own(state, side, *unit)?;
            charge::check(state, u, any(state, *target)?).map(|_| ())
        }
    }
}

/// Carry out a command already checked.
pub fn perform(ctx: &mut Ctx, command: &Command) {
    match command {
        Command::EndMove => period::end_move(ctx),
        Command::Move { unit, to } => {
            let u = ctx.state.unit(*unit);
            let pivot = movement::is_pivot(ctx.state, u, to);
            let cost = movement::check_move(ctx.state, u, to).unwrap_or(0.0);
            let gun = u.arm() == Arm::Artillery && !pivot;
            ctx.emit(Event::Moved {
                unit: *unit,
                to: *to,
                cost,
                pivot,
            });
            if gun {
                ctx.emit(Event::GunMoved {
                    unit: *unit,
                    moved: true,
                });
            }
            crate::phases::rout::pursue(ctx, *unit);
        }
        Command::Form { unit, order } => ctx.emit(Event::Formed {
            unit: *unit,
            order: *order,
        }),
        Command::Fire { unit, target } => {
            let (u, t) = (ctx.state.unit(*unit), ctx.state.unit(*target));
            let Ok(plan) = fire::check(ctx.state, u, t, true) else {
                return;
            };
            if t.effective() && fire::may_return(ctx.state, t, u).is_some() {
                ctx.emit(Event::Pending {
                    pending: Some(Pending::ReturnFire {
                        firer: *unit,
                        target: *target,
                    }),
                });
            } else {
                let thrown = fire::throw(ctx, *unit, *target, &plan, false);
                fire::land(ctx, thrown);
            }
        }
        Command::ReturnFire { fire: back } => {
            let Some(Pending::ReturnFire { firer, target }) = ctx.state.pending.clone() else {
                return;
            };
            ctx.emit(Event::Pending { pending: None });
            let (u, t) = (ctx.state.unit(firer), ctx.state.unit(target));
            let first = fire::check(ctx.state, u, t, true).ok();
            let second = if *back {
                fire::may_return(ctx.state, t, u)
            } else {
                None
            };
            // Both fires are thrown before either's losses are taken (ruling B11).
            let a = first.map(|p| fire::throw(ctx, firer, target, &p, false));
            let b = second.map(|p| fire::throw(ctx, target, firer, &p, true));
            if let Some(a) = a {
                fire::land(ctx, a);
            }
            if let Some(b) = b {
                fire::land(ctx, b);
            }
        }
        Command::Charge { unit, target } => {
            let (u, t) = (ctx.state.unit(*unit), ctx.state.unit(*target));
            if let Ok(to) = charge::check(ctx.state, u, t) {
                charge::charge(ctx, *unit, *target, to);
            }
        }
        Command::Respond { fire, square } => charge::respond(ctx, *fire, *square),
        Command::Reman { unit, gun } => crate::phases::crews::reman(ctx, *unit, *gun),
    }
}
