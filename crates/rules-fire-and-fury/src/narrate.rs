//! The battle told in words, one line an event, each roll with its dice, modifiers and the
//! rule it came from; results read from Grognard's own tables say so.

use crate::event::Event;
use crate::phases::title;
use crate::state::{Phase, State};
use grognard_engine::Explanation;

fn rolls(rs: &[Explanation]) -> String {
    rs.iter()
        .map(|r| r.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

pub fn line_for(state: &State, event: &Event) -> Option<String> {
    let name = |id| state.name(id).to_string();
    // A company of engineers is named as its men ("II Corps sappers"): its verbs are plural.
    let verb = |id: crate::state::UnitId, one: &'static str, many: &'static str| {
        if state
            .units()
            .get(usize::from(id))
            .is_some_and(|u| u.company().is_some())
        {
            many
        } else {
            one
        }
    };
    let side = |s: grognard_engine::Side| state.field.side_names[s.index()].clone();
    Some(match event {
        Event::Initiative { winner, rolls: r } => {
            format!("Initiative: {}. The {} choose.", rolls(r), side(*winner))
        }
        Event::FirstPlayer { side: s } => format!("The {} are first player this turn.", side(*s)),
        Event::Clock { clock } => {
            let p = Phase::of(clock.phase);
            if p == Phase::Initiative {
                format!("Turn {}.", clock.turn)
            } else if p == Phase::Attach {
                format!(
                    "Turn {}: the {}'s player turn.",
                    clock.turn,
                    side(clock.phasing(&crate::sequence::SEQUENCE))
                )
            } else {
                return None;
            }
        }
        Event::Maneuver {
            unit,
            rolls: r,
            result,
            ..
        } if r.is_empty() => format!(
            "{} moves on the same throw as its division: {result} (NFF Maneuver: Reserve Movement 8).",
            name(*unit)
        ),
        Event::Maneuver {
            unit,
            reserve,
            rolls: r,
            ..
        } => format!(
            "{} throws for {}: {}",
            name(*unit),
            if *reserve {
                "Reserve Movement"
            } else {
                "Tactical Movement"
            },
            rolls(r)
        ),
        Event::Reserve { unit } => format!(
            "{} {} by Reserve Movement.",
            name(*unit),
            verb(*unit, "moves", "move")
        ),
        Event::Chose { unit, result } => format!("{} takes: {result}.", name(*unit)),
        Event::Changing { unit } => format!("{} turns about.", name(*unit)),
        Event::Announced { unit, target } => {
            format!("{} announces a charge on {}.", name(*unit), name(*target))
        }
        Event::Moved { unit, to, .. } => format!(
            "{} {} to ({:.1}, {:.1}).",
            name(*unit),
            verb(*unit, "moves", "move"),
            to.pos.x,
            to.pos.y
        ),
        Event::Formed { unit, formation } => {
            format!("{} forms {}.", name(*unit), formation.name())
        }
        Event::Limbered { unit, limbered } => format!(
            "{} {}.",
            name(*unit),
            if *limbered { "limbers" } else { "unlimbers" }
        ),
        Event::Order {
            unit,
            disordered,
            why,
        } => format!(
            "{} {} ({why}).",
            name(*unit),
            if *disordered {
                "is Disordered"
            } else {
                "recovers Good Order"
            }
        ),
        Event::Silenced { unit } => format!("{} is put out of action for a turn.", name(*unit)),
        Event::Fired { rolls: r, .. } if r.is_empty() => return None,
        Event::Fired {
            unit,
            target,
            rolls: r,
            ..
        } => format!("{} fires at {}: {}", name(*unit), name(*target), rolls(r)),
        Event::Lost {
            unit, foot, horse, ..
        } => format!("{} has {} stands left.", name(*unit), foot + horse),
        Event::Condition { unit, condition } => {
            format!(
                "{} is now {:?} (Grognard's effectiveness chart).",
                name(*unit),
                condition
            )
        }
        Event::Contact {
            unit,
            target,
            distance,
        } => format!(
            "{} charges {} from {distance:.1}\".",
            name(*unit),
            name(*target)
        ),
        Event::Charge {
            attacker,
            defender,
            rolls: r,
            ..
        } => format!(
            "Charge of {} on {}: {}",
            name(*attacker),
            name(*defender),
            rolls(r)
        ),
        Event::MayBreak { unit, may: true } => {
            format!("{} may break through (NFF Sequence 2c).", name(*unit))
        }
        Event::MayBreak { may: false, .. } => return None,
        Event::Breaking {
            unit,
            target,
            distance,
        } => format!(
            "{} breaks through into {} from {distance:.1}\".",
            name(*unit),
            name(*target)
        ),
        Event::Countercharged { unit } => {
            format!("{} countercharges (NFF Charge 4).", name(*unit))
        }
        Event::Square { unit } => format!("{} forms square against the horse.", name(*unit)),
        Event::GrandBattery {
            commander,
            batteries,
        } => format!(
            "{} forms a Grand Battery of {} batteries.",
            name(*commander),
            batteries.len()
        ),
        Event::Attached { leader, to } => match to {
            Some(u) => format!("{} joins {}.", name(*leader), name(*u)),
            None => format!("{} rides off on his own.", name(*leader)),
        },
        Event::LeaderRoll {
            leader, rolls: r, ..
        } => format!("{} is at risk: {}", name(*leader), rolls(r)),
        Event::EngineersLost { unit, company } => {
            format!("{} with {} are lost.", name(*company), name(*unit))
        }
        Event::Engineers {
            company,
            to: Some(b),
            ..
        } => format!(
            "{} join {} (NFF Additional 1).",
            name(*company),
            name(*b)
        ),
        Event::Engineers {
            company,
            from: Some(b),
            to: None,
            ..
        } => format!("{} leave {}.", name(*company), name(*b)),
        Event::Engineers { .. } => return None,
        Event::Captured { company, by } => format!(
            "{} are taken by {} (Grognard's ruling R13).",
            name(*company),
            name(*by)
        ),
        Event::Replaced { leader, .. } => format!(
            "A replacement takes {}'s place (Grognard's, design 4.10).",
            name(*leader)
        ),
        Event::Gone { unit, why } => format!("{} is gone: {why}.", name(*unit)),
        Event::Ended { outcome } => format!("The battle is over: {}.", outcome.reason),
    })
}

/// The headline of a state.
pub fn headline(state: &State) -> String {
    let phase = title(state.phase());
    match crate::phases::to_act(state) {
        Some(s) => format!(
            "Turn {}: {}, the {} to act",
            state.clock.turn,
            phase,
            state.field.side_names[s.index()]
        ),
        None => format!("Turn {}: the battle is over", state.clock.turn),
    }
}
