//! The passing of move periods and turns: what happens as a side's move period begins,
//! and how the battle is judged (ruling B13: the book gives no victory conditions).

use crate::ctx::Ctx;
use crate::event::Event;
use crate::resolve::control;
use crate::sequence::SEQUENCE;
use crate::state::{Arm, State, UnitId};
use grognard_engine::{Outcome, Side};

/// The moving side has done: the next move period begins, and with a new turn the battle
/// may be judged.
pub fn end_move(ctx: &mut Ctx) {
    let next = ctx.state.clock.next(&SEQUENCE);
    if next.turn != ctx.state.clock.turn {
        if let Some(outcome) = judge(ctx.state, ctx.state.clock.turn) {
            ctx.emit(Event::Ended { outcome });
            return;
        }
    }
    ctx.emit(Event::Period { clock: next });
    begin(ctx);
}

/// A side's move period begins: its guns that moved last time may fire back again after
/// this move, its routed units rally on, and control is rolled for (optional rule).
pub fn begin(ctx: &mut Ctx) {
    let side = ctx.state.mover();
    let guns: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|u| u.side == side && u.arm() == Arm::Artillery && u.gun_moved)
        .map(|u| u.id)
        .collect();
    for g in guns {
        ctx.emit(Event::GunMoved {
            unit: g,
            moved: false,
        });
    }
    crate::phases::rout::rally(ctx);
    if ctx.state.field.control {
        let turn = ctx.state.clock.turn;
        let rolling: Vec<UnitId> = ctx
            .state
            .on_table()
            .filter(|u| u.side == side && control::rolls_in(u.control, turn))
            .map(|u| u.id)
            .collect();
        for id in rolling {
            use grognard_engine::resolution::Resolution;
            let t = ctx.state.tables().clone();
            let s = control::Situation {
                class: ctx.state.unit(id).control,
                turn,
            };
            let mut rolls = Vec::new();
            let halved =
                control::ControlRoll.resolve(&t, &s, ctx.dice, &mut rolls) == control::Move::Half;
            let roll = rolls.pop().unwrap_or_default();
            ctx.emit(Event::Control {
                unit: id,
                roll,
                halved,
            });
        }
    }
}

/// The share of its troops' figures a side has lost.
pub fn lost_share(state: &State, side: Side) -> f64 {
    let (lost, all) = state.figures_lost(side);
    if all == 0 {
        0.0
    } else {
        f64::from(lost) / f64::from(all)
    }
}

/// The battle's result at the end of `turn`, if it is over: an army that has lost half its
/// figures is beaten; at the last turn, the side that has lost the smaller share wins by
/// ten points or more, and otherwise it is a draw (ruling B13).
pub fn judge(state: &State, turn: u32) -> Option<Outcome> {
    let share = [lost_share(state, Side(0)), lost_share(state, Side(1))];
    let name = |s: usize| state.field.side_names[s].clone();
    let broken = [share[0] >= 0.5, share[1] >= 0.5];
    match broken {
        [true, true] => {
            return Some(Outcome {
                winner: None,
                result: "both_broken".into(),
                reason: "both armies have lost half their figures".into(),
            })
        }
        [true, false] | [false, true] => {
            let loser = usize::from(broken[1]);
            let winner = 1 - loser;
            return Some(Outcome {
                winner: Some(Side(winner as u8)),
                result: "army_broken".into(),
                reason: format!(
                    "{} has lost {:.0}% of its figures and quits the field to {}",
                    name(loser),
                    share[loser] * 100.0,
                    name(winner)
                ),
            });
        }
        [false, false] => {}
    }
    if turn >= state.field.turns {
        let diff = share[1] - share[0];
        let (winner, result) = if diff >= 0.1 {
            (Some(Side(0)), "on_losses")
        } else if diff <= -0.1 {
            (Some(Side(1)), "on_losses")
        } else {
            (None, "draw")
        };
        return Some(Outcome {
            winner,
            result: result.into(),
            reason: format!(
                "after {turn} turns {} has lost {:.0}% of its figures, {} {:.0}%",
                name(0),
                share[0] * 100.0,
                name(1),
                share[1] * 100.0
            ),
        });
    }
    None
}
