//! The narrative: one line per event worth telling, each result with its explanation.

use crate::event::{Cause, Event};
use crate::state::{ShotResult, State};

fn cause(c: &Cause) -> &'static str {
    match c {
        Cause::Shooting => "by fire",
        Cause::Melee => "in melee",
        Cause::RoutRoll => "rolling 1-2 as it routs",
        Cause::RoutIntoEnemy => "routing into the enemy",
        Cause::OffTable => "routing off the table",
        Cause::ImpassableGround => "routing into impassable ground",
        Cause::WithItsUnit => "with the unit it was attached to",
        Cause::Exchange => "in an exchange at a reinforcement point",
        Cause::GuardsChain => "by a routing Guards unit",
        Cause::MilitiaChain => "by a rout close by",
        Cause::Voluntary => "of its own accord",
        Cause::ColumnSupport => "with the column it supported",
    }
}

pub fn line(state: &State, event: &Event) -> Option<String> {
    let n = |id: u16| state.name(id).to_string();
    let side = |id: u16| state.field.side_name(state.unit(id).side).to_string();
    Some(match event {
        Event::PhaseBegan { .. } => return None,
        Event::ReinforcementRolled {
            side: s,
            roll,
            arrives,
            ..
        } => format!(
            "{} dice for reinforcements: {}{}",
            state.field.side_name(*s),
            roll,
            arrives.map(|u| format!(" ({})", n(u))).unwrap_or_default()
        ),
        Event::Arrived { unit, pose } => format!(
            "{} ({}) arrives at ({:.1}, {:.1})",
            n(*unit),
            side(*unit),
            pose.pos.x,
            pose.pos.y
        ),
        Event::HeldBack { unit } => format!("{} is held back", n(*unit)),
        Event::Exchanged { unit, enemy } => format!(
            "{} and {} are exchanged: both count as destroyed [2x2 Reinforcements]",
            n(*unit),
            n(*enemy)
        ),
        Event::Moved {
            unit,
            to,
            cost,
            road,
        } => format!(
            "{} moves to ({:.1}, {:.1}), {:.1}\" of movement{}",
            n(*unit),
            to.pos.x,
            to.pos.y,
            cost,
            if *road { " on the road" } else { "" }
        ),
        Event::Contacted { attacker, defender } => format!(
            "{} charges into contact with {}",
            n(*attacker),
            n(*defender)
        ),
        Event::ContactEnded { .. } => return None,
        Event::Placed { unit, why, .. } => format!("{} {}", n(*unit), why),
        Event::Fired {
            shooter,
            with,
            target,
            group,
            roll,
            ..
        } => {
            let w = with.map(|w| format!(" and {}", n(w))).unwrap_or_default();
            let g = if group.len() > 1 {
                format!(" (a group of {})", group.len())
            } else {
                String::new()
            };
            format!("{}{w} fires at {}{g}: {}", n(*shooter), n(*target), roll)
        }
        Event::Hit { unit, result } => match result {
            ShotResult::NoEffect => return None,
            r => format!("{}: {}", n(*unit), r.name()),
        },
        Event::Repulsed { unit, .. } => format!(
            "{} is thrown back a base depth; its melee is off this turn",
            n(*unit)
        ),
        Event::StatusChanged { unit, status, why } => {
            format!("{} is {} ({why})", n(*unit), status.name())
        }
        Event::RoutTest {
            unit,
            roll,
            survived,
            ..
        } => {
            if *survived {
                format!("{} routs: {}", n(*unit), roll)
            } else {
                format!("{} routs and breaks up: {}", n(*unit), roll)
            }
        }
        Event::Routed { unit, to } => format!(
            "{} flees to ({:.1}, {:.1}) and is Disrupted",
            n(*unit),
            to.pos.x,
            to.pos.y
        ),
        Event::Destroyed { unit, cause: c } => format!(
            "{} ({}) is destroyed {} [{} lost: {}]",
            n(*unit),
            side(*unit),
            cause(c),
            side(*unit),
            state.lost[state.unit(*unit).side.index()]
        ),
        Event::Exited { unit } => format!("{} leaves the field by its own edge", n(*unit)),
        Event::Rallied { unit, roll, .. } => format!("{} tries to rally: {}", n(*unit), roll),
        Event::MeleeFought {
            attacker,
            defender,
            attack,
            defence,
            winner,
            loser,
            difference,
        } => {
            // Each side's roll without the shared row and rule, then the row once.
            let roll = |e: &grognard_engine::Explanation| {
                let mut e = e.clone();
                e.row = "".into();
                e.result = "".into();
                let s = e.to_string();
                s[..s.rfind(" [").unwrap_or(s.len())].to_string()
            };
            format!(
                "Melee, {} against {}: {} {}; {} {}; {} wins by {difference} (row {}): {} {} [{}]",
                n(*attacker),
                n(*defender),
                n(*attacker),
                roll(attack),
                n(*defender),
                roll(defence),
                n(*winner),
                attack.row,
                n(*loser),
                attack.result.replace("loser ", ""),
                attack.rule
            )
        }
        Event::Passed { .. } => return None,
        Event::FollowedUp { unit, to } => format!(
            "{} follows up to ({:.1}, {:.1})",
            n(*unit),
            to.pos.x,
            to.pos.y
        ),
        Event::MeleeWork { .. } | Event::Pending { .. } | Event::Contacts { .. } => return None,
        Event::Ended { outcome } => format!(
            "The battle is over: {} ({})",
            match outcome.winner {
                Some(s) => format!("{} wins", state.field.side_name(s)),
                None => "a draw".into(),
            },
            outcome.reason
        ),
    })
}
