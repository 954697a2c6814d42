//! Every roll the book asks a player to make, as the odds command, the table companion and
//! any other asker see them: each bound to the book's own tables.

use crate::command::Command;
use crate::state::State;
use crate::tables::Tables;
use grognard_engine::resolution::{AnyResolution, Bound};
use grognard_engine::Side;
use serde_json::Value;
use std::sync::OnceLock;

/// The book's tables, made once.
pub fn book_tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::default)
}

/// Every roll of the book, in the order of play.
pub fn all() -> Vec<Box<dyn AnyResolution>> {
    let tables = book_tables();
    vec![
        Box::new(Bound {
            resolution: crate::resolve::maneuver::ManeuverRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::skirmish::SkirmishRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::fire::ArtilleryRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::final_fire::FinalFireRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::final_fire::EvasionRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::combat::CombatRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::reaction::ReactionRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::rally::RallyRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::initiative::InitiativeRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::officer::OfficerRisk,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::pursuit::PursuitRoll,
            tables,
        }),
    ]
}

/// The first roll `command` throws from `state`, with its situation, as the battle would
/// make it.
pub fn roll_of(state: &State, side: Side, command: &Command) -> Option<(&'static str, Value)> {
    if crate::orders::check(state, side, command).is_err() {
        return None;
    }
    match command {
        Command::Roll { unit } => {
            let facts = crate::orders::maneuver_facts(state, state.unit(*unit));
            serde_json::to_value(facts).ok().map(|s| ("maneuver", s))
        }
        // The fire phases roll every declared fire when the last side ends the phase, in
        // the order declared.
        Command::EndPhase if state.done[side.other().index()] => {
            let order = state.fire_orders.first()?;
            match crate::sequence::phase_key(state) {
                "skirmish" => {
                    let s = crate::phases::firing::skirmish_situation(
                        state,
                        &order.shooters,
                        order.target,
                    );
                    serde_json::to_value(s).ok().map(|s| ("skirmish", s))
                }
                "artillery" => {
                    let s = crate::phases::firing::artillery_situation(
                        state,
                        &order.shooters,
                        order.target,
                    );
                    serde_json::to_value(s).ok().map(|s| ("artillery", s))
                }
                _ => None,
            }
        }
        Command::Fight { defender } => {
            let c = state.combats.iter().find(|c| c.defender == *defender)?;
            // A routed defender is overrun without a roll ("NW 11.2" #8).
            if state.unit(*defender).routed {
                return None;
            }
            let c = crate::state::Combat {
                attackers: crate::phases::fight::primary_first(state, &c.attackers),
                defender: *defender,
            };
            let s = crate::phases::fight::situation(state, &c);
            serde_json::to_value(s).ok().map(|s| ("combat", s))
        }
        Command::React { unit } => {
            let cav = state.unit(*unit);
            let (charged_by, _) = crate::phases::reaction::eligible(state, cav)?;
            let s = crate::resolve::reaction::situation(state, cav, charged_by.is_some());
            serde_json::to_value(s).ok().map(|s| ("reaction", s))
        }
        Command::EndPhase => first_rally(state).map(|s| ("rally", s)),
        Command::RollInitiative | Command::Reroll { reroll: true } => {
            let s = crate::resolve::initiative::situation(state);
            serde_json::to_value(s).ok().map(|s| ("initiative", s))
        }
        Command::Move { unit, steps } => {
            // Officers run over come first: each is thrown for as the unit passes ("NW 9.3");
            // then a charge's final fire or a battery's evasion.
            let u = state.unit(*unit);
            let allowance = crate::orders::move_allowance(state, u);
            let plan = crate::phases::movement::plan(state, u, steps, allowance).ok()?;
            if plan.through_officers.is_empty() {
                return crate::phases::firing::charge_roll(state, *unit, steps);
            }
            let s = crate::resolve::officer::Situation {
                case: crate::resolve::officer::Case::RunOver,
            };
            serde_json::to_value(s).ok().map(|s| ("officer_risk", s))
        }
        _ => None,
    }
}

/// The first rally roll of the rally phase, when ending this phase leads straight into it
/// ("NW 12.0"): the first routed brigade's.
fn first_rally(state: &State) -> Option<Value> {
    let seq = &crate::sequence::SEQUENCE;
    if crate::sequence::phase_key(state) != "combat"
        || state.clock.next(seq).spec(seq).key != "rally"
    {
        return None;
    }
    let u = state
        .on_table()
        .filter(|u| u.routed)
        .find(|u| u.brigade().is_some())?;
    let s = crate::resolve::rally::situation(state, u)?;
    serde_json::to_value(s).ok()
}
