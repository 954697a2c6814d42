//! The phases of a turn and what happens in each ("2x2 Sequence of play"): movement and
//! contact, shooting, rallying, melee, and the routs they cause.

pub mod melee;
pub mod movement;
pub mod rally;
pub mod reinforcements;
pub mod rout;
pub mod shooting;

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::Event;
use crate::sequence::{phase_key, SEQUENCE};
use crate::state::{Pending, Status, UnitId};
use grognard_engine::Outcome;

pub(crate) fn end_phase(ctx: &mut Ctx) {
    if phase_key(ctx.state) == "move" {
        let phasing = ctx.phasing();
        let mut defenders: Vec<UnitId> = ctx
            .state
            .contacts
            .iter()
            .map(|c| c.defender)
            .filter(|id| {
                let u = ctx.state.unit(*id);
                u.side != phasing && u.kind.is_infantry() && u.status == Status::Ready
            })
            .collect();
        defenders.sort_unstable();
        defenders.dedup();
        if !defenders.is_empty() {
            ctx.emit(Event::Pending {
                pending: Some(Pending::TurnToFace {
                    side: phasing.other(),
                    defenders,
                }),
            });
            return;
        }
    }
    next_phase(ctx);
}

pub(crate) fn next_phase(ctx: &mut Ctx) {
    let clock = ctx.state.clock.next(&SEQUENCE);
    if clock.turn > ctx.state.field.turn_limit {
        ctx.end_with(Outcome {
            winner: None,
            result: "turn_limit".into(),
            reason: format!("no decision after {} turns", ctx.state.field.turn_limit),
        });
        return;
    }
    ctx.emit(Event::PhaseBegan { clock });
}
