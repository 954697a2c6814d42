//! Every roll the book asks a player to make, as the odds command, the table companion and
//! any other asker see them: each bound to the book's own tables.

use crate::command::Command;
use crate::resolve::facts::UnitFacts;
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
            resolution: crate::resolve::setup::SetupRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::reinforcement::ReinforcementRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::shooting::ShootingRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::defensive_fire::DefensiveFireRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::melee::MeleeRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::rout_survival::RoutSurvivalRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::phases::rally::RallyRoll,
            tables,
        }),
    ]
}

/// The first roll `command` throws from `state`, with its situation, as the battle would
/// make it.
/// Whether `command` answers the decision a roll waits on: a shot that routs its target, or
/// falls on a target group, waits for its owner's choice of way and of the unit that takes
/// it before the rout roll is thrown. The unit named takes the target's place in the
/// situation, and the target its place in the group.
pub fn answers_roll(state: &State, _: Side, command: &Command, situation: &mut Value) -> bool {
    if state.pending.is_none() {
        return false;
    }
    if let Command::Victim { unit } = command {
        let new = serde_json::to_value(UnitFacts::of(state.unit(*unit))).unwrap_or_default();
        let old = situation["target"].clone();
        if old != new {
            if let Some(group) = situation["group"].as_array_mut() {
                if let Some(i) = group.iter().position(|g| *g == new) {
                    group[i] = old;
                }
            }
            situation["target"] = new;
        }
    }
    true
}

pub fn roll_of(state: &State, side: Side, command: &Command) -> Option<(&'static str, Value)> {
    if crate::orders::check(state, side, command).is_err() {
        return None;
    }
    let (name, situation) = match command {
        Command::Rally { unit } => (
            "rally",
            serde_json::to_value(crate::phases::rally::situation(state, state.unit(*unit)).ok()?),
        ),
        Command::Fire {
            shooter,
            target,
            with,
        } => {
            let (name, s) = shot_situation(state, *shooter, *target, *with)?;
            (name, serde_json::to_value(s))
        }
        Command::VoluntaryRout { unit } => (
            "rout_survival",
            serde_json::to_value(rout_situation(
                state,
                *unit,
                crate::phases::rout::rear_dir(state, *unit),
            )),
        ),
        Command::RoutWay { away } => {
            let Some(crate::state::Pending::RoutDirection { unit, shooter, .. }) = state.pending
            else {
                return None;
            };
            let dir = if *away {
                crate::phases::rout::away_dir(state, unit, state.unit(shooter).pose.pos)
            } else {
                crate::phases::rout::rear_dir(state, unit)
            };
            (
                "rout_survival",
                serde_json::to_value(rout_situation(state, unit, dir)),
            )
        }
        Command::Reinforce { point } => {
            let s = crate::resolve::reinforcement::situation(state, side, *point);
            return serde_json::to_value(s).ok().map(|s| ("reinforcement", s));
        }
        Command::Melee { order, columns } => return melee_of(state, order, columns),
        Command::FollowUp { distance } => {
            let after = crate::phases::melee::after_follow_up(state, *distance)?;
            let c = crate::phases::melee::next_fight(&after)?;
            let s = crate::phases::melee::situation_with_routs(
                &after,
                &c,
                &after.melee.engaged,
                &after.melee.columns,
            );
            return serde_json::to_value(s).ok().map(|s| ("melee", s));
        }
        _ => return None,
    };
    situation.ok().map(|s| (name, s))
}

/// The facts of a shot on the table, and which roll it is: defensive fire at a unit that
/// contacted the shooter, else shooting. The target's rout, if it routs, is taken the way
/// that spares it if either does, as its player would choose.
fn shot_situation(
    state: &State,
    shooter: crate::state::UnitId,
    target: crate::state::UnitId,
    with: Option<crate::state::UnitId>,
) -> Option<(&'static str, crate::phases::shooting::Situation)> {
    use crate::phases::rout::{away_dir, path_of, rear_dir, RoutPath};
    let plan = crate::phases::shooting::plan(state, shooter, target, with).ok()?;
    let mut s = plan.situation;
    let ways = [
        rear_dir(state, target),
        away_dir(state, target, state.unit(shooter).pose.pos),
    ];
    let paths = ways.map(|d| path_of(state, target, d));
    s.target_rout = if paths.contains(&RoutPath::Clear) {
        RoutPath::Clear
    } else {
        paths[0]
    };
    let defensive = state
        .contacts
        .iter()
        .any(|c| c.attacker == target && c.defender == shooter);
    Some((
        if defensive {
            "defensive_fire"
        } else {
            "shooting"
        },
        s,
    ))
}

/// The facts of one unit's rout roll on the table, its move taken along `dir`.
fn rout_situation(
    state: &State,
    unit: crate::state::UnitId,
    dir: grognard_geometry::Vec2,
) -> crate::resolve::rout_survival::Situation {
    crate::resolve::rout_survival::Situation {
        unit: crate::resolve::facts::UnitFacts::of(state.unit(unit)),
        by_chain: false,
        path: crate::phases::rout::path_of(state, unit, dir),
    }
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
    let engaged = crate::phases::melee::engaged_counts(&queue);
    let s = crate::phases::melee::situation_with_routs(state, first, &engaged, columns);
    serde_json::to_value(s).ok().map(|s| ("melee", s))
}
