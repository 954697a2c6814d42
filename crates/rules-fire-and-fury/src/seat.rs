//! What a person at a seat needs beyond the rules: each order in words, the unit it is given
//! to, the move meant by a unit dragged across the table, and the roll an order throws.

use crate::command::Command;
use crate::phases;
use crate::state::{Phase, State, UnitId};
use grognard_engine::Side;
use grognard_geometry::Pose;
use serde_json::Value;

fn name(state: &State, id: UnitId) -> &str {
    if usize::from(id) < state.units().len() {
        state.name(id)
    } else {
        "a unit no longer listed"
    }
}

pub fn order_text(state: &State, command: &Command) -> String {
    match command {
        Command::GoFirst { first: true } => "be first player this turn".into(),
        Command::GoFirst { first: false } => "let the enemy be first player this turn".into(),
        Command::Attach { leader, to } => match to {
            Some(u) => format!("{} joins {}", name(state, *leader), name(state, *u)),
            None => format!("{} leaves the unit he is with", name(state, *leader)),
        },
        Command::Reserve { unit } => format!("{} moves by Reserve Movement", name(state, *unit)),
        Command::Maneuver { unit, charge } => match charge {
            Some(t) => format!(
                "{} throws for Tactical Movement, announcing a charge on {}",
                name(state, *unit),
                name(state, *t)
            ),
            None => format!("{} throws for Tactical Movement", name(state, *unit)),
        },
        Command::Rally { unit } => format!("{} rallies", name(state, *unit)),
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
        Command::Limber { unit, limbered } => format!(
            "{} {}",
            name(state, *unit),
            if *limbered { "limbers" } else { "unlimbers" }
        ),
        Command::Charge { unit } => format!("{} charges", name(state, *unit)),
        Command::Engineers { company, to } => match to {
            Some(b) => format!("{} join {}", name(state, *company), name(state, *b)),
            None => format!("{} leave their brigade", name(state, *company)),
        },
        Command::Fire { unit, target } => {
            format!("{} fires at {}", name(state, *unit), name(state, *target))
        }
        Command::GrandBattery {
            commander,
            batteries,
        } => format!(
            "{} forms a Grand Battery of {} batteries",
            name(state, *commander),
            batteries.len()
        ),
        Command::Breakthrough { unit, target } => format!(
            "{} breaks through into {}",
            name(state, *unit),
            name(state, *target)
        ),
        Command::Done => format!("done with {}", phases::title(state.phase())),
    }
}

pub fn order_unit(command: &Command) -> Option<u32> {
    match command {
        Command::Attach { leader: u, .. }
        | Command::GrandBattery { commander: u, .. }
        | Command::Reserve { unit: u }
        | Command::Maneuver { unit: u, .. }
        | Command::Rally { unit: u }
        | Command::Move { unit: u, .. }
        | Command::Form { unit: u, .. }
        | Command::Limber { unit: u, .. }
        | Command::Charge { unit: u }
        | Command::Fire { unit: u, .. }
        | Command::Breakthrough { unit: u, .. }
        | Command::Engineers { company: u, .. } => Some(u32::from(*u)),
        Command::GoFirst { .. } | Command::Done => None,
    }
}

pub fn move_to(state: &State, side: Side, unit: u32, to: Pose) -> Option<Command> {
    let id = UnitId::try_from(unit).ok()?;
    let u = state.units().get(usize::from(id))?;
    let phase = state.phase();
    let fits = match phase {
        Phase::Reserve | Phase::Tactical => u.fights() || u.lone_company(),
        Phase::Leaders => u.leader().is_some(),
        _ => false,
    };
    (u.side == side && fits && to.pos.is_finite() && to.facing.is_finite())
        .then_some(Command::Move { unit: id, to })
}

/// The first roll `command` throws, with its situation.
pub fn roll_of(state: &State, side: Side, command: &Command) -> Option<(&'static str, Value)> {
    phases::check(state, side, command).ok()?;
    match command {
        Command::Fire { unit, target } => {
            let s = phases::fire::check(state, side, *unit, *target).ok()?;
            serde_json::to_value(s).ok().map(|s| ("fire", s))
        }
        Command::Maneuver { unit, charge } => {
            let u = state.unit(*unit);
            let b = u.brigade()?;
            let s = phases::maneuver::tactical_situation(state, u, b, charge.is_some());
            serde_json::to_value(s).ok().map(|s| ("maneuver", s))
        }
        Command::Reserve { unit } => {
            let u = state.unit(*unit);
            let b = u.brigade()?;
            let s = phases::maneuver::reserve_situation(state, u, b);
            serde_json::to_value(s)
                .ok()
                .map(|s| ("reserve-movement", s))
        }
        _ => None,
    }
}
