//! The narrative: a line for each event worth telling, with every roll explained.

use crate::event::Event;
use crate::state::State;
use grognard_engine::Explanation;

fn explain(e: &Explanation) -> String {
    let dice = e
        .dice
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("+");
    let mods: String = e
        .modifiers
        .iter()
        .map(|m| format!(", {:+} {}", m.value, m.reason))
        .collect();
    format!("dice {dice}{mods} = {}", e.total)
}

fn at(p: &grognard_geometry::Pose) -> String {
    format!("({:.1}, {:.1})", p.pos.x, p.pos.y)
}

pub fn line(state: &State, event: &Event) -> Option<String> {
    let name = |id: u16| state.name(id).to_string();
    let side = |s: grognard_engine::Side| state.field.sides[s.index()].name.clone();
    Some(match event {
        Event::Initiative {
            rolls,
            winner,
            reroll_by,
        } => format!(
            "{}Initiative: {} {}; {} {}; {} win [{}]",
            if reroll_by.is_some() {
                "Napoleon's re-roll. "
            } else {
                ""
            },
            side(grognard_engine::Side(0)),
            explain(&rolls[0]),
            side(grognard_engine::Side(1)),
            explain(&rolls[1]),
            side(*winner),
            rolls[0].rule
        ),
        Event::RollStands { winner } => format!("The roll stands; {} choose", side(*winner)),
        Event::FirstChosen { first } => format!("{} go first this turn", side(*first)),
        Event::Arrived { unit, pose } => format!("{} arrives at {}", name(*unit), at(pose)),
        Event::Declared { .. } => return None,
        Event::Skirmish {
            attackers,
            target,
            attack,
        } => format!(
            "Skirmish: {} against {}: attack {}; defence {}: {} [{}]",
            attackers
                .iter()
                .map(|a| name(*a))
                .collect::<Vec<_>>()
                .join(" and "),
            name(*target),
            explain(&attack.attack),
            explain(&attack.defence),
            attack.defence.result,
            attack.attack.rule
        ),
        Event::ArtilleryFire {
            batteries,
            target,
            fire,
            final_fire,
        } => format!(
            "{}{} at {}: {} fire points, {}: {} [{}]",
            if *final_fire {
                "Final fire: "
            } else {
                "Artillery: "
            },
            batteries
                .iter()
                .map(|a| name(*a))
                .collect::<Vec<_>>()
                .join(" and "),
            name(*target),
            fire.roll.row,
            explain(&fire.roll),
            fire.roll.result,
            fire.roll.rule
        ),
        Event::Lost { unit, sp, why } => {
            let left = state.unit(*unit).sp;
            format!("{} loses {sp} s.p. ({why}), {left} left", name(*unit))
        }
        Event::Disordered { unit, why } => format!("{} is disordered ({why})", name(*unit)),
        Event::Reordered { unit } => format!("{} re-orders", name(*unit)),
        Event::Suppressed { unit } => format!("{} is suppressed", name(*unit)),
        Event::FellBack { unit, to, why } => format!("{} {why}, to {}", name(*unit), at(to)),
        Event::Routed { unit, to } => format!("{} routs to {}", name(*unit), at(to)),
        Event::Gone { unit, why, .. } => format!("{} is gone: {why}", name(*unit)),
        Event::ManeuverRoll {
            unit,
            roll,
            allowance,
        } => format!(
            "{} rolls to maneuver ({} column): {}: {}, {allowance:.1}\" [{}]",
            name(*unit),
            roll.column,
            explain(&roll.roll),
            roll.roll.result,
            roll.roll.rule
        ),
        Event::Moved {
            unit,
            to,
            cost,
            road,
        } => {
            if *cost == 0.0 {
                return None;
            }
            format!(
                "{} moves to {}, {cost:.1}\" of its allowance{}",
                name(*unit),
                at(to),
                if *road { " by road" } else { "" }
            )
        }
        Event::Contact { attacker, defender } => {
            format!("{} attacks {}", name(*attacker), name(*defender))
        }
        Event::Faced { unit, .. } => format!("{} turns to face its attacker", name(*unit)),
        Event::Attached { officer, unit } => match unit {
            Some(u) => format!("{} attaches to {}", name(*officer), name(*u)),
            None => format!("{} detaches", name(*officer)),
        },
        Event::MovedAside { officer, to } => format!(
            "{} is unhurt and moved aside to {} [NW 9.3]",
            name(*officer),
            at(to)
        ),
        Event::MovesOn { unit, allowance } => {
            format!("{} may move on {:.1}\" [NW 8.5]", name(*unit), allowance)
        }
        Event::BatteryAttached {
            battery, infantry, ..
        } => match infantry {
            Some(u) => format!("{} attaches to {} [NW 8.6]", name(*battery), name(*u)),
            None => format!("{} is no longer attached", name(*battery)),
        },
        Event::ReactionRoll { unit, test, .. } => format!(
            "{} tries to react: {} against {}: {} [{}]",
            name(*unit),
            explain(&test.roll),
            test.needed,
            test.roll.result,
            test.roll.rule
        ),
        Event::Countercharged { unit } => format!("{} countercharges [NW 10.2]", name(*unit)),
        Event::ContactBroken { defender } => format!("{} is no longer attacked", name(*defender)),
        Event::Evasion { unit, test } => format!(
            "{} tries to evade: {} against {}: {} [{}]",
            name(*unit),
            explain(&test.roll),
            test.needed,
            test.roll.result,
            test.roll.rule
        ),
        Event::OfficerRisk { unit, test } => format!(
            "{} at risk: {}: {}",
            name(*unit),
            explain(&test.roll),
            test.roll.result
        ),
        Event::Fought {
            attackers,
            defender,
            round,
        } => format!(
            "Combat: {} against {}: attack {}; defence {}; difference {:+}: {} [{}]",
            attackers
                .iter()
                .map(|a| name(*a))
                .collect::<Vec<_>>()
                .join(" and "),
            name(*defender),
            explain(&round.attack),
            explain(&round.defence),
            round.difference,
            round.result.name(),
            round.attack.rule
        ),
        Event::Advanced { unit, to } => format!("{} advances to {}", name(*unit), at(to)),
        Event::RallyTest { unit, test } => format!(
            "{} tries to rally: {} against {}: {} [{}]",
            name(*unit),
            explain(&test.roll),
            test.needed,
            test.roll.result,
            test.roll.rule
        ),
        Event::Rallied { unit, .. } => format!("{} rallies, disordered", name(*unit)),
        Event::CommandFatigued { side: s, command } => format!(
            "{} {} is fatigued: -1 to its maneuver rolls [NW II 4.0]",
            side(*s),
            state.field.sides[s.index()].commands[*command as usize].name
        ),
        Event::ReplacementDue {
            side: s,
            command,
            roll,
            turn,
        } => format!(
            "{} {}: a new commander will arrive on turn {turn} ({})",
            side(*s),
            state.field.sides[s.index()].commands[*command as usize].name,
            explain(roll)
        ),
        Event::CommanderReplaced {
            side: s, command, ..
        } => format!(
            "A new commander takes over {} {}, one rating lower and without valour [NW 11.7]",
            side(*s),
            state.field.sides[s.index()].commands[*command as usize].name
        ),
        Event::Ended { outcome } => format!("The battle ends: {}", outcome.reason),
        _ => return None,
    })
}
