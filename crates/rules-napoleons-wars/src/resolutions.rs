//! Every roll the book asks a player to make, as the odds command, the table companion and
//! any other asker see them: each bound to the book's own tables.

use crate::command::Command;
use crate::state::State;
use crate::tables::Tables;
use grognard_engine::resolution::{AnyResolution, Bound};
use grognard_engine::{Ruleset, Side};
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
    ]
}

/// The first roll `command` throws from `state`, with its situation, as the battle would
/// make it.
pub fn roll_of(state: &State, side: Side, command: &Command) -> Option<(&'static str, Value)> {
    if crate::NapoleonsWars.check(state, side, command).is_err() {
        return None;
    }
    match command {
        Command::Roll { unit } => {
            let facts = crate::rules::maneuver_facts(state, state.unit(*unit));
            serde_json::to_value(facts).ok().map(|s| ("maneuver", s))
        }
        Command::Move { unit, steps } => crate::firing::charge_roll(state, *unit, steps),
        // The fire phases roll every declared fire when the last side ends the phase, in
        // the order declared.
        Command::EndPhase if state.done[side.other().index()] => {
            let order = state.fire_orders.first()?;
            match crate::rules::phase_key(state) {
                "skirmish" => {
                    let s = crate::firing::skirmish_situation(state, &order.shooters, order.target);
                    serde_json::to_value(s).ok().map(|s| ("skirmish", s))
                }
                "artillery" => {
                    let s =
                        crate::firing::artillery_situation(state, &order.shooters, order.target);
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
                attackers: crate::fight::primary_first(state, &c.attackers),
                defender: *defender,
            };
            let s = crate::fight::situation(state, &c);
            serde_json::to_value(s).ok().map(|s| ("combat", s))
        }
        _ => None,
    }
}
