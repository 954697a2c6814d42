//! What a person at a seat needs beyond the rules: each order in words, the unit it is given
//! to, the move meant by a unit dragged across the table, and the roll an order throws.

use crate::command::Command;
use crate::measure;
use crate::phases::fire::{self, Plan};
use crate::state::{State, UnitId};
use grognard_engine::Side;
use grognard_geometry::Pose;
use serde_json::Value;

fn name(state: &State, id: UnitId) -> &str {
    state
        .units
        .get(usize::from(id))
        .map_or("a unit no longer listed", |u| u.name.as_str())
}

pub fn order_text(state: &State, command: &Command) -> String {
    match command {
        Command::Move { unit, to } => format!(
            "{} moves to ({:.1}, {:.1}) facing {:.0}°",
            name(state, *unit),
            to.pos.x,
            to.pos.y,
            to.facing.to_degrees()
        ),
        Command::Form { unit, order } => format!("{} forms {}", name(state, *unit), order.name()),
        Command::Fire { unit, target } => {
            format!("{} fires at {}", name(state, *unit), name(state, *target))
        }
        Command::Charge { unit, target } => {
            format!("{} charges {}", name(state, *unit), name(state, *target))
        }
        Command::Reman { unit, gun } => format!(
            "the gunners of {} go over to {}",
            name(state, *unit),
            name(state, *gun)
        ),
        Command::ReturnFire { fire: true } => "fire back".into(),
        Command::ReturnFire { fire: false } => "hold fire".into(),
        Command::Respond { fire, square } => match (fire, square) {
            (true, true) => "fire into the charger and form square".into(),
            (true, false) => "fire into the charger".into(),
            (false, true) => "form square".into(),
            (false, false) => "stand and wait for the charge".into(),
        },
        Command::EndMove => format!(
            "end {}'s move period",
            state.field.side_names[state.mover().index()]
        ),
    }
}

pub fn order_unit(command: &Command) -> Option<u32> {
    match command {
        Command::Move { unit, .. }
        | Command::Form { unit, .. }
        | Command::Fire { unit, .. }
        | Command::Charge { unit, .. }
        | Command::Reman { unit, .. } => Some(u32::from(*unit)),
        _ => None,
    }
}

pub fn move_to(state: &State, side: Side, unit: u32, to: Pose) -> Option<Command> {
    let id = UnitId::try_from(unit).ok()?;
    let u = state.units.get(usize::from(id))?;
    (u.side == side && to.pos.is_finite() && to.facing.is_finite())
        .then_some(Command::Move { unit: id, to })
}

/// The first roll `command` throws, with its situation.
pub fn roll_of(state: &State, side: Side, command: &Command) -> Option<(&'static str, Value)> {
    crate::orders::check(state, side, command).ok()?;
    match command {
        Command::Fire { unit, target } => {
            let (u, t) = (state.unit(*unit), state.unit(*target));
            let plan = fire::check(state, u, t, true).ok()?;
            let cover = measure::cover(state, t, u);
            match plan {
                Plan::Musket { figures, skirmish } => {
                    let s = fire::musket_situation(state, u, t, figures, skirmish);
                    serde_json::to_value(s).ok().map(|s| ("musket", s))
                }
                Plan::RoundShot { targets } => Some((
                    "round_shot",
                    serde_json::json!({ "targets": targets.len(), "cover": cover }),
                )),
                Plan::Canister { targets } => Some((
                    "canister",
                    serde_json::json!({
                        "figures": targets.iter().map(|(_, f)| f).sum::<u32>(),
                        "cover": cover,
                    }),
                )),
                Plan::Building {
                    from_inside,
                    casualties,
                } => {
                    let s = fire::building_situation(state, u, from_inside, casualties);
                    serde_json::to_value(s).ok().map(|s| ("building_fire", s))
                }
            }
        }
        Command::Charge { unit, target } => {
            let (u, t) = (state.unit(*unit), state.unit(*target));
            let at = crate::phases::charge::check(state, u, t).ok()?;
            if !t.effective() {
                return None;
            }
            let flank = measure::from_flank(t, at.pos);
            let check = crate::phases::charge::charged_check(state, u, t, flank);
            serde_json::to_value(check).ok().map(|s| ("morale", s))
        }
        _ => None,
    }
}
