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
            resolution: crate::rally::RallyRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::setup::SetupRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::reinforcement::ReinforcementRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::melee::MeleeRoll,
            tables,
        }),
    ]
}

/// The first roll `command` throws from `state`, with its situation, as the battle would
/// make it.
pub fn roll_of(state: &State, side: Side, command: &Command) -> Option<(&'static str, Value)> {
    if crate::TwoByTwo.check(state, side, command).is_err() {
        return None;
    }
    let situation = match command {
        Command::Rally { unit } => {
            serde_json::to_value(crate::rally::situation(state, state.unit(*unit)).ok()?)
        }
        Command::Reinforce { point } => {
            let s = crate::resolve::reinforcement::situation(state, side, *point);
            return serde_json::to_value(s).ok().map(|s| ("reinforcement", s));
        }
        Command::Melee { order, columns } => return melee_of(state, order, columns),
        Command::FollowUp { distance } => {
            let after = crate::rules::after_follow_up(state, *distance)?;
            let c = crate::rules::next_fight(&after)?;
            let s = crate::melee::situation(&after, &c, &after.melee.engaged, &after.melee.columns);
            return serde_json::to_value(s).ok().map(|s| ("melee", s));
        }
        _ => return None,
    };
    situation.ok().map(|s| ("rally", s))
}

/// The first contact of a melee command, fought with the group's counts and the columns
/// the command takes. (The set-up roll-off is thrown before any command, so no command
/// leads to the `setup` roll.)
fn melee_of(
    state: &State,
    order: &[(crate::state::UnitId, crate::state::UnitId)],
    columns: &[crate::state::UnitId],
) -> Option<(&'static str, Value)> {
    let queue: Vec<crate::state::Contact> = order
        .iter()
        .map(|(a, d)| crate::state::Contact {
            attacker: *a,
            defender: *d,
        })
        .collect();
    let first = queue.first()?;
    let engaged = crate::melee::engaged_counts(&queue);
    let s = crate::melee::situation(state, first, &engaged, columns);
    serde_json::to_value(s).ok().map(|s| ("melee", s))
}
