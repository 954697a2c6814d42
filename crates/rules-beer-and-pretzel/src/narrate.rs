//! The battle told as it happens.

use crate::event::Event;
use crate::state::{State, Status};

pub fn line(state: &State, event: &Event) -> Option<String> {
    let name = |id: u16| state.unit(id).name.clone();
    Some(match event {
        Event::Period { .. } => return None,
        Event::Control { unit, roll, .. } => format!("{}: control {roll}", name(*unit)),
        Event::Rallying { unit, status, .. } => match status {
            Status::Halted => format!("{} halts its flight", name(*unit)),
            Status::Reforming => format!("{} turns to face the enemy and reforms", name(*unit)),
            Status::Effective => format!("{} is fit to fight again", name(*unit)),
            Status::Routed => return None,
        },
        Event::Moved {
            unit,
            to,
            cost,
            pivot,
            ..
        } => {
            if *pivot {
                format!("{} pivots its gun", name(*unit))
            } else {
                format!(
                    "{} moves to ({:.1}, {:.1}), {cost:.1}\"",
                    name(*unit),
                    to.pos.x,
                    to.pos.y
                )
            }
        }
        Event::Formed { unit, order } => format!("{} forms {}", name(*unit), order.name()),
        Event::Done { .. } | Event::GunMoved { .. } | Event::Pending { pending: None } => {
            return None
        }
        Event::Pending { pending: Some(p) } => match p {
            crate::state::Pending::ReturnFire { firer, target } => format!(
                "{} fires on {}, which may fire back at once",
                name(*firer),
                name(*target)
            ),
            crate::state::Pending::Charged { target, .. } => {
                format!("{} holds and may answer the charge", name(*target))
            }
        },
        Event::Volley {
            unit,
            target,
            roll,
            returned,
            ..
        } => format!(
            "{}{} fires on {}: {roll}",
            name(*unit),
            if *returned { " answering," } else { "" },
            name(*target)
        ),
        Event::Gunfire {
            unit,
            targets,
            roll,
            hits,
            canister,
        } => {
            let each: Vec<String> = targets
                .iter()
                .zip(hits)
                .map(|(t, h)| format!("{} {h}", name(*t)))
                .collect();
            format!(
                "{} fires {} ({}): {roll}",
                name(*unit),
                if *canister { "canister" } else { "round shot" },
                each.join(", ")
            )
        }
        Event::Lost {
            unit,
            figures,
            left,
            why,
        } => format!(
            "{} loses {} ({why}), {left} left",
            name(*unit),
            crate::resolve::figures(*figures),
        ),
        Event::Contact {
            unit,
            target,
            flank,
            ..
        } => format!(
            "{} charges {}{}",
            name(*unit),
            name(*target),
            if *flank { " in the flank" } else { "" }
        ),
        Event::Morale {
            unit, roll, why, ..
        } => format!("{} checks its morale, {why}: {roll}", name(*unit)),
        Event::Melee {
            attacker,
            defender,
            rolls,
            result,
        } => {
            let r: Vec<String> = rolls.iter().map(|e| e.to_string()).collect();
            format!(
                "Melee, {} against {}: {}; {result}",
                name(*attacker),
                name(*defender),
                r.join("; ")
            )
        }
        Event::Routed { unit, .. } => format!("{} routs", name(*unit)),
        Event::Disrupted { unit, .. } => format!("{} is disrupted by the rout", name(*unit)),
        Event::Assaulted { unit } => format!("{} is caught before it has reformed", name(*unit)),
        Event::Gone { unit, why } => format!("{} is gone: {why}", name(*unit)),
        Event::Remanned {
            unit, gun, figures, ..
        } => format!(
            "{} of the gunners of {} go over to {}",
            crate::resolve::figures(*figures),
            name(*unit),
            name(*gun)
        ),
        Event::CommanderRisk { unit, roll, .. } => {
            format!("{} is under fire: {roll}", name(*unit))
        }
        Event::BuildingFire {
            unit, target, roll, ..
        } => format!(
            "{} fires at {}, a fight for a building: {roll}",
            name(*unit),
            name(*target)
        ),
        Event::BuildingMelee {
            attacker,
            defender,
            roll,
            ..
        } => format!(
            "A stand of {} storms the building {} holds: {roll}",
            name(*attacker),
            name(*defender)
        ),
        Event::BuildingHit { feature, hits } => {
            let burn = state.tables().artillery.hits_to_burn;
            let what = state.field.terrain[*feature]
                .name
                .clone()
                .unwrap_or_else(|| "a building".into());
            if *hits >= burn {
                format!("{what} takes its {hits}th hit from the guns and burns")
            } else {
                format!("{what} is hit by the guns ({hits} of {burn})")
            }
        }
        Event::Ended { outcome } => format!("The battle is over: {}", outcome.reason),
    })
}
