//! The battle told as it happens, and as each side may read it: the other side's orders
//! are not told until their chits are turned up, nor its army's morale.

use crate::event::Event;
use crate::phases::title;
use crate::state::{State, Status};
use grognard_engine::Side;

/// The line for `event` as `reader` may read it (`None` reads everything).
pub fn line_for(state: &State, event: &Event, reader: Option<Side>) -> Option<String> {
    let name = |id: u16| state.name(id).to_string();
    let side_of = |id: u16| state.unit(id).side;
    let hidden_from = |side: Side| reader.is_some_and(|r| r != side) && state.outcome.is_none();
    Some(match event {
        Event::Phase { clock, .. } => format!(
            "Turn {}: {}",
            clock.turn,
            title(crate::state::Phase::of(clock.phase))
        ),
        Event::Next { .. } | Event::Passed { .. } => return None,
        Event::Initiative { roll, winner } => format!(
            "Initiative: {} ({}); the {} choose who goes first",
            roll.row,
            roll.result,
            state.field.side_names[winner.index()]
        ),
        Event::First { side } => format!(
            "The {} go first this turn",
            state.field.side_names[side.index()]
        ),
        Event::Ordered { unit, order } => {
            if hidden_from(side_of(*unit)) {
                format!("{} is given an order, face down", name(*unit))
            } else {
                format!("{} is ordered to {}", name(*unit), order.name())
            }
        }
        Event::Revealed { unit, order } => {
            format!("{}'s order is turned up: {}", name(*unit), order.name())
        }
        Event::Forced { unit, order, why } => {
            format!("{} now has {} orders ({why})", name(*unit), order.name())
        }
        Event::LeftReserve { unit } => {
            if hidden_from(side_of(*unit)) {
                return None;
            }
            format!("{} leaves reserve", name(*unit))
        }
        Event::ArmyMorale { side, left, why } => {
            if hidden_from(*side) {
                return None;
            }
            format!(
                "The army morale of the {} falls to {left} ({why})",
                state.field.side_names[side.index()]
            )
        }
        Event::Demoralised { side } => format!(
            "The {} army is demoralised: every unit tests",
            state.field.side_names[side.index()]
        ),
        Event::Moved { unit, to, .. } => format!(
            "{} moves to ({:.1}, {:.1})",
            name(*unit),
            to.pos.x,
            to.pos.y
        ),
        Event::Formed {
            unit, formation, ..
        } => {
            format!("{} forms {}", name(*unit), formation.name())
        }
        Event::Cohesion {
            unit,
            cohesion,
            why,
        } => {
            format!("{} is {} ({why})", name(*unit), cohesion.name())
        }
        Event::RetreatDue { unit, due: true } => {
            format!("{} must retreat in the next compulsory moves", name(*unit))
        }
        Event::RetreatDue { .. } | Event::Pushed { .. } | Event::Advanced { .. } => return None,
        Event::Routed { unit } => format!("{} routs", name(*unit)),
        Event::Countercharging { unit } => format!("{} countercharges", name(*unit)),
        Event::Status { unit, status } => match status {
            Status::Pursuing(q) => format!("{} pursues {}", name(*unit), name(*q)),
            Status::Steady => format!("{} halts", name(*unit)),
        },
        Event::Declared { unit, target } => {
            format!("{} declares an assault on {}", name(*unit), name(*target))
        }
        Event::Called { unit, why } => format!("{}'s assault is over: {why}", name(*unit)),
        Event::Supporting { unit, friend } => {
            format!("{} is committed to support {}", name(*unit), name(*friend))
        }
        Event::Reacted { unit, reaction } => format!("{} {}", name(*unit), reaction.name()),
        Event::Evaded { unit, roll, .. } => format!("{} evades: {}", name(*unit), roll.result),
        Event::Volley {
            unit,
            target,
            hits,
            casualties,
            ..
        } => format!(
            "{} fires at {}: {hits} hits, {casualties} casualties",
            name(*unit),
            name(*target)
        ),
        Event::Lost {
            unit,
            figures,
            left,
            guns_left,
            ..
        } => {
            if state.unit(*unit).is_guns() {
                format!(
                    "{} loses {figures} gunners: {guns_left} guns left",
                    name(*unit)
                )
            } else {
                format!("{} loses {figures} figures, {left} left", name(*unit))
            }
        }
        Event::Gone { unit, why } => format!("{} leaves the field: {why}", name(*unit)),
        Event::Morale {
            unit,
            reason,
            roll,
            result,
        } => format!(
            "{} tests morale for {reason}: {}; it {}",
            name(*unit),
            roll.row,
            result
        ),
        Event::Melee {
            attacker,
            defender,
            by_attacker,
            by_defender,
            verdict,
            ..
        } => format!(
            "Melee, {} against {}: {by_attacker} casualties to {by_defender}; {verdict}",
            name(*attacker),
            name(*defender)
        ),
        Event::Joined { general, unit } => match unit {
            Some(u) => format!("{} takes over command of {}", name(*general), name(*u)),
            None => format!("{} leaves the unit he commanded", name(*general)),
        },
        Event::Ended { outcome } => outcome.reason.clone(),
    })
}
