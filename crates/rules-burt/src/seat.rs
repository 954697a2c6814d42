//! What a person at a seat needs beyond the rules: each order in words, the unit it is given
//! to, the move meant by a unit dragged across the table, and the roll an order throws.

use crate::command::Command;
use crate::phases::fire;
use crate::state::{Phase, State, UnitId};
use grognard_engine::Side;
use grognard_geometry::Pose;
use serde_json::Value;

fn name(state: &State, id: UnitId) -> &str {
    if usize::from(id) < state.units.len() {
        state.name(id)
    } else {
        "a unit no longer listed"
    }
}

pub fn order_text(state: &State, command: &Command) -> String {
    match command {
        Command::Order { unit, order } => {
            format!("{}: {} orders", name(state, *unit), order.name())
        }
        Command::GoFirst { first: true } => "go first this turn".into(),
        Command::GoFirst { first: false } => "let the enemy go first this turn".into(),
        Command::Assault { unit, target } => format!(
            "{} declares an assault on {}",
            name(state, *unit),
            name(state, *target)
        ),
        Command::Move { unit, to } => format!(
            "{} moves to ({:.1}, {:.1}) facing {:.0}°",
            name(state, *unit),
            to.pos.x,
            to.pos.y,
            to.facing.to_degrees()
        ),
        Command::Form { unit, formation } => {
            format!("{} forms {}", name(state, *unit), formation.name())
        }
        Command::Support { unit, friend } => format!(
            "commit {} to support {}",
            name(state, *unit),
            name(state, *friend)
        ),
        Command::Join { general, unit } => match unit {
            Some(u) => format!(
                "{} takes over command of {}",
                name(state, *general),
                name(state, *u)
            ),
            None => format!("{} leaves the unit he commands", name(state, *general)),
        },
        Command::Fire { unit, target } => {
            format!("{} fires at {}", name(state, *unit), name(state, *target))
        }
        Command::React { unit, reaction } => {
            format!("{} {}", name(state, *unit), reaction.name())
        }
        Command::Done => format!(
            "done with the {} phase",
            crate::phases::title(state.phase())
        ),
    }
}

pub fn order_unit(command: &Command) -> Option<u32> {
    match command {
        Command::Order { unit, .. }
        | Command::Assault { unit, .. }
        | Command::Move { unit, .. }
        | Command::Form { unit, .. }
        | Command::Support { unit, .. }
        | Command::Fire { unit, .. }
        | Command::React { unit, .. } => Some(u32::from(*unit)),
        Command::Join { general, .. } => Some(u32::from(*general)),
        Command::GoFirst { .. } | Command::Done => None,
    }
}

pub fn move_to(state: &State, side: Side, unit: u32, to: Pose) -> Option<Command> {
    let id = UnitId::try_from(unit).ok()?;
    let u = state.units.get(usize::from(id))?;
    let phase = state.phase();
    (u.side == side
        && matches!(phase, Phase::Manoeuvre | Phase::Reserve | Phase::Command)
        && to.pos.is_finite()
        && to.facing.is_finite())
    .then_some(Command::Move { unit: id, to })
}

/// The first roll `command` throws, with its situation. It reads only what the side giving
/// it may see.
pub fn roll_of(state: &State, side: Side, command: &Command) -> Option<(&'static str, Value)> {
    crate::phases::check(state, side, command).ok()?;
    let seen = state.seen_by(side);
    match command {
        Command::Fire { unit, target } => {
            let s = fire::situation(&seen, seen.unit(*unit), seen.unit(*target)).ok()?;
            serde_json::to_value(s).ok().map(|s| ("fire", s))
        }
        Command::React {
            unit,
            reaction: crate::command::Reaction::Evade,
        } => {
            let u = seen.unit(*unit);
            let s = crate::resolve::evade::Situation {
                normal_move: crate::measure::rates(&seen, u).normal,
            };
            serde_json::to_value(s).ok().map(|s| ("evade", s))
        }
        _ => None,
    }
}
