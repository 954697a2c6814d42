//! The rally phase ("NW 12.0") and the end of a battle ("NW 13.0").

use crate::campaign::{self, Victory};
use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::Event;
use crate::resolve::morale;
use crate::state::{Gone, Role, State, UnitId};
use grognard_engine::{Outcome, Side};
use grognard_geometry::{angle_of, Pose};

/// Light cavalry strength of a side, not counting Spent units ("NW 13.0").
pub fn light_cavalry_sp(state: &State, side: Side) -> u32 {
    state
        .troops_of(side)
        .filter(|u| {
            u.brigade()
                .is_some_and(|b| b.weight == Some(crate::CavalryWeight::Light))
        })
        .filter(|u| u.fatigue() != Some(crate::Fatigue::Spent))
        .map(|u| u.sp)
        .sum()
}

/// End the battle if an army has broken: both in one turn is a draw ("NW 13.0"). Checked in
/// the rally phase, where the book checks fatigue.
pub fn decide(state: &State) -> Option<Outcome> {
    let broken = [state.army_broken(Side(0)), state.army_broken(Side(1))];
    let names = [&state.field.sides[0].name, &state.field.sides[1].name];
    match broken {
        [true, true] => Some(Outcome {
            winner: None,
            result: "draw".into(),
            reason: "both armies broke in the same turn".into(),
        }),
        [false, false] => None,
        _ => {
            let loser = Side(if broken[0] { 0 } else { 1 });
            let winner = loser.other();
            let level = campaign::victory(
                light_cavalry_sp(state, winner),
                light_cavalry_sp(state, loser),
            );
            let (result, how) = match level {
                Victory::Decisive => ("decisive_victory", "and their light cavalry can pursue"),
                _ => (
                    "marginal_victory",
                    "but they have no light cavalry advantage to pursue with",
                ),
            };
            Some(Outcome {
                winner: Some(winner),
                result: result.into(),
                reason: format!(
                    "the army of the {} broke ({:.1} losses against a breaking point of {}); the {} win, {how}",
                    names[loser.index()],
                    state.army_losses(loser),
                    state.field.sides[loser.index()].fatigue,
                    names[winner.index()]
                ),
            })
        }
    }
}

/// After every command: an army with nothing left on the table or to come has broken.
pub fn check(ctx: &mut Ctx) {
    if ctx.state.outcome.is_some() {
        return;
    }
    for s in [Side(0), Side(1)] {
        let any = ctx.state.units.iter().any(|u| {
            u.side == s && !u.is_officer() && !matches!(u.place, crate::state::Place::Gone(_))
        });
        if !any {
            let outcome = Outcome {
                winner: Some(s.other()),
                result: "annihilation".into(),
                reason: format!(
                    "the {} army has no troops left",
                    ctx.state.field.sides[s.index()].name
                ),
            };
            ctx.emit(Event::Ended { outcome });
            return;
        }
    }
}

/// Who holds objective `o` now: the one side with a brigade, not routed, whose centre is
/// within its radius (ruling N35).
pub fn holder(state: &State, o: &crate::scenario::Objective) -> Option<Side> {
    let mut there = [false; 2];
    for u in state.near(o.centre(), o.radius) {
        if u.brigade().is_some() && !u.routed && o.covers(u.pose.pos) {
            there[u.side.index()] = true;
        }
    }
    let there = |s: Side| there[s.index()];
    match (there(Side(0)), there(Side(1))) {
        (true, false) => Some(Side(0)),
        (false, true) => Some(Side(1)),
        _ => None,
    }
}

/// The objective value each side holds now.
pub fn holdings(state: &State) -> [u32; 2] {
    let mut held = [0, 0];
    for o in &state.field.objectives {
        if let Some(s) = holder(state, o) {
            held[s.index()] += o.value;
        }
    }
    held
}

/// The end of the last turn with both armies standing: the scenario's objectives decide, if
/// it has any and one side holds more of them ("NW 13.0"); otherwise a draw.
pub fn turn_limit(ctx: &mut Ctx) {
    let held = holdings(ctx.state);
    if !ctx.state.field.objectives.is_empty() && held[0] != held[1] {
        let winner = Side(if held[0] > held[1] { 0 } else { 1 });
        let names: Vec<String> = ctx
            .state
            .field
            .objectives
            .iter()
            .filter(|o| holder(ctx.state, o) == Some(winner))
            .map(|o| format!("{} ({})", o.name, o.value))
            .collect();
        let outcome = Outcome {
            winner: Some(winner),
            result: "marginal_victory".into(),
            reason: format!(
                "neither army broke in {} turns; the {} hold {} of objective value against {}: {}",
                ctx.state.field.turns,
                ctx.state.field.sides[winner.index()].name,
                held[winner.index()],
                held[winner.other().index()],
                names.join(", ")
            ),
        };
        ctx.emit(Event::Ended { outcome });
        return;
    }
    let outcome = Outcome {
        winner: None,
        result: "turn_limit".into(),
        reason: format!(
            "neither army broke in {} turns: {}",
            ctx.state.field.turns,
            [Side(0), Side(1)]
                .map(|s| format!(
                    "{} losses {:.1} of {}",
                    ctx.state.field.sides[s.index()].name,
                    ctx.state.army_losses(s),
                    ctx.state.field.sides[s.index()].fatigue
                ))
                .join(", ")
        ),
    };
    ctx.emit(Event::Ended { outcome });
}

/// The rally phase ("NW 12.0"): every routed brigade tries to rally (a battery never routs,
/// ruling N50); commanders lost this turn are replaced later; fatigue is checked, and a
/// broken army ends the battle.
pub fn rally_phase(ctx: &mut Ctx) {
    let routed: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|u| u.routed)
        .map(|u| u.id)
        .collect();
    for id in routed {
        let u = ctx.state.unit(id).clone();
        let Some(facts) = crate::resolve::rally::situation(ctx.state, &u) else {
            continue;
        };
        let t = ctx.state.field.tables.rally.clone();
        let test = crate::resolve::rally::roll(&t, &facts, ctx.dice);
        let passed = test.passed;
        ctx.emit(Event::RallyTest { unit: id, test });
        let enemy = crate::measure::nearest_enemy(ctx.state, &u);
        if passed {
            let facing = enemy.map_or(u.pose.facing, |e| {
                angle_of(ctx.state.unit(e).pose.pos - u.pose.pos)
            });
            let pose = Pose::at(u.pose.pos, facing);
            let clear = ctx.state.on_table().all(|o| {
                o.id == id || o.is_officer() || !crate::measure::overlapping(&u.at(pose), &o.base())
            });
            ctx.emit(Event::Rallied {
                unit: id,
                pose: if clear { pose } else { u.pose },
            });
        } else if let Some(e) = enemy {
            let t = ctx.state.field.tables.rally.failed_move;
            let dir = (u.pose.pos - ctx.state.unit(e).pose.pos).normalize_or_zero();
            let to = Pose::at(u.pose.pos + dir * t, u.pose.facing);
            if !ctx.state.field.contains(&u.at(to)) {
                ctx.eliminate(id, Gone::RoutedOff, "failed to rally and left the table");
            } else {
                let clear = ctx.state.on_table().all(|o| {
                    o.id == id
                        || o.is_officer()
                        || !crate::measure::overlapping(&u.at(to), &o.base())
                });
                if clear {
                    ctx.emit(Event::FellBack {
                        unit: id,
                        to,
                        why: format!("fails to rally and falls back {t}\""),
                    });
                }
            }
        }
    }
    // Commanders lost are replaced after a delay ("NW 11.7", "NW 12.0" step 2).
    for s in [Side(0), Side(1)] {
        let lost: Vec<u8> = ctx
            .state
            .units
            .iter()
            .filter(|u| u.side == s && u.place == crate::state::Place::Gone(Gone::Killed))
            .filter_map(|u| match u.role {
                Role::Commander { command } => Some(command),
                _ => None,
            })
            .filter(|c| {
                !ctx.state
                    .replacements
                    .iter()
                    .any(|(rs, rc, _)| *rs == s && rc == c)
            })
            .collect();
        for c in lost {
            let presence = if ctx.state.cinc_of(s).is_some() {
                ctx.state.field.sides[s.index()].presence
            } else {
                0
            };
            let (roll, delay) = morale::replacement_delay(presence, ctx.dice);
            let turn = crate::design::replacement_arrives(ctx.state.clock.turn, delay);
            ctx.emit(Event::ReplacementDue {
                side: s,
                command: c,
                roll,
                turn,
            });
        }
    }
    // Fatigue of commands, announced once ("NW 12.0" step 3).
    for s in [Side(0), Side(1)] {
        for c in 0..ctx.state.field.sides[s.index()].commands.len() as u8 {
            if ctx.state.command_fatigued(s, c) && !ctx.state.fatigued.contains(&(s, c)) {
                ctx.emit(Event::CommandFatigued {
                    side: s,
                    command: c,
                });
            }
        }
    }
    if let Some(o) = decide(ctx.state) {
        ctx.emit(Event::Ended { outcome: o });
    }
}
