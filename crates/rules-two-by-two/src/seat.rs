//! What a person at a seat needs beyond the rules: each order in words, the unit it is given
//! to, the move meant by a unit dragged across the table, and the first roll an order throws
//! (for the table companion).

use crate::command::Command;
use crate::resolve::facts::UnitFacts;
use crate::state::{Pending, State, UnitId};
use grognard_engine::Side;
use grognard_geometry::{angle_of, wrap, Leg, Pose};
use serde_json::Value;

/// A turn smaller than this (radians) is no turn.
const NO_TURN: f64 = 0.5_f64 * std::f64::consts::PI / 180.0;

fn name(state: &State, id: UnitId) -> &str {
    state
        .field
        .names
        .get(usize::from(id))
        .map_or("a unit no longer listed", String::as_str)
}

/// A leg in words, relative to the facing it starts from.
fn leg_text(leg: &Leg, facing: f64) -> String {
    match *leg {
        Leg::Forward { d } => format!("{d:.1}\" ahead"),
        Leg::Back { d } => format!("{d:.1}\" back"),
        Leg::Side { d } if d >= 0.0 => format!("{d:.1}\" to its left"),
        Leg::Side { d } => format!("{:.1}\" to its right", -d),
        Leg::Turn { facing: to } => {
            let deg = wrap(to - facing).to_degrees();
            if deg >= 0.0 {
                format!("turn {deg:.0}° left")
            } else {
                format!("turn {:.0}° right", -deg)
            }
        }
    }
}

pub fn order_text(state: &State, command: &Command) -> String {
    match command {
        Command::Move { unit, legs, exit } => {
            let mut facing = state
                .units
                .get(usize::from(*unit))
                .map_or(0.0, |u| u.pose.facing);
            let mut parts = Vec::new();
            for leg in legs {
                parts.push(leg_text(leg, facing));
                if let Leg::Turn { facing: to } = *leg {
                    facing = to;
                }
            }
            if parts.is_empty() {
                parts.push("stay where it is".into());
            }
            let exit = if *exit { ", leaving the table" } else { "" };
            format!("{} moves: {}{exit}", name(state, *unit), parts.join(", "))
        }
        Command::Reinforce { point } => {
            format!("Throw for the reinforcement waiting at R{}", point + 1)
        }
        Command::Place { offset } => {
            if offset.abs() < 0.05 {
                "Place the reinforcement at its point".into()
            } else {
                format!("Place the reinforcement {offset:+.1}\" along the edge from its point")
            }
        }
        Command::Exchange { enemy } => {
            format!("Exchange the reinforcement for {}", name(state, *enemy))
        }
        Command::Hold => "Keep the reinforcement waiting".into(),
        Command::VoluntaryRout { unit } => {
            format!("{} routs of its own accord", name(state, *unit))
        }
        Command::Face { unit, toward } => match toward {
            Some(t) => format!("{} turns to face {}", name(state, *unit), name(state, *t)),
            None => format!("{} stays facing as it is", name(state, *unit)),
        },
        Command::Rally { unit } => format!("{} tries to rally", name(state, *unit)),
        Command::Fire {
            shooter,
            target,
            with,
        } => match with {
            Some(w) => format!(
                "{} and {} fire as a grand battery at {}",
                name(state, *shooter),
                name(state, *w),
                name(state, *target)
            ),
            None => format!(
                "{} fires at {}",
                name(state, *shooter),
                name(state, *target)
            ),
        },
        Command::Victim { unit } => format!("{} takes the result", name(state, *unit)),
        Command::RoutWay { away } => if *away {
            "Rout directly away from the firer"
        } else {
            "Rout straight back"
        }
        .into(),
        Command::Melee { order, columns } => {
            let fights: Vec<String> = order
                .iter()
                .map(|(a, d)| format!("{} against {}", name(state, *a), name(state, *d)))
                .collect();
            let mut text = format!("Fight the melee: {}", fights.join(", then "));
            if !columns.is_empty() {
                let cols: Vec<&str> = columns.iter().map(|c| name(state, *c)).collect();
                text.push_str(&format!("; in column of attack: {}", cols.join(", ")));
            }
            text
        }
        Command::FollowUp { distance } => {
            if *distance <= 0.0 {
                "Do not follow up".into()
            } else {
                format!("Follow up {distance:.1}\" straight ahead")
            }
        }
        Command::Pass { unit } => format!("{} does nothing more this phase", name(state, *unit)),
        Command::EndPhase => "End the phase".into(),
    }
}

pub fn order_unit(command: &Command) -> Option<u32> {
    let unit = match command {
        Command::Move { unit, .. }
        | Command::VoluntaryRout { unit }
        | Command::Face { unit, .. }
        | Command::Rally { unit }
        | Command::Victim { unit }
        | Command::Pass { unit } => *unit,
        Command::Fire { shooter, .. } => *shooter,
        Command::Melee { order, .. } => order.first()?.0,
        Command::Reinforce { .. }
        | Command::Place { .. }
        | Command::Exchange { .. }
        | Command::Hold
        | Command::RoutWay { .. }
        | Command::FollowUp { .. }
        | Command::EndPhase => return None,
    };
    Some(u32::from(unit))
}

/// Turning in place is free in 2x2 ("2x2 Movement"), so a unit dragged to `to` turns to face
/// where it goes, goes straight there and turns to the facing it was dropped with. An
/// arrived reinforcement dragged along its edge is placed there.
pub fn move_to(state: &State, side: Side, unit: u32, to: Pose) -> Option<Command> {
    let id = UnitId::try_from(unit).ok()?;
    let u = state.units.get(usize::from(id))?;
    if u.side != side {
        return None;
    }
    if let Some(Pending::PlaceReinforcement { point, unit, .. }) = &state.pending {
        if *unit == id {
            let p = state.field.points.get(usize::from(*point))?;
            let (_, along, _) = state.field.edge_frame(p.edge);
            let offset = (to.pos - p.pos).dot(along);
            return Some(Command::Place {
                offset: (offset * 10.0).round() / 10.0,
            });
        }
    }
    if !u.on_table() || !to.pos.is_finite() || !to.facing.is_finite() {
        return None;
    }
    let mut legs = crate::command::Legs::new();
    let mut facing = u.pose.facing;
    let way = to.pos - u.pose.pos;
    let d = way.length();
    if d > 0.01 {
        let heading = angle_of(way);
        if wrap(heading - facing).abs() > NO_TURN {
            legs.push(Leg::Turn { facing: heading });
            facing = heading;
        }
        legs.push(Leg::Forward { d });
    }
    if wrap(to.facing - facing).abs() > NO_TURN {
        legs.push(Leg::Turn {
            facing: wrap(to.facing),
        });
    }
    Some(Command::Move {
        unit: id,
        legs,
        exit: false,
    })
}

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

/// The first roll `command` throws from `state`, with its situation, as the battle would
/// make it.
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

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_engine::Ruleset;

    #[test]
    fn a_dragged_unit_turns_goes_straight_and_turns_to_the_facing_it_was_dropped_with() {
        let (scenario, _) = grognard_engine::book::Book::default_scenario(&crate::TwoByTwo, 3);
        let state = crate::TwoByTwo.start(&scenario);
        let u = state
            .on_table()
            .find(|u| u.side == Side(0))
            .expect("a unit");
        let to = Pose::new(u.pose.pos.x + 3.0, u.pose.pos.y + 4.0, u.pose.facing - 1.0);
        let c = move_to(&state, u.side, u32::from(u.id), to).expect("a move");
        let Command::Move { legs, exit, .. } = &c else {
            panic!("a move: {c:?}")
        };
        assert!(!exit);
        assert_eq!(legs.len(), 3, "{legs:?}");
        let end = legs.iter().fold(u.pose, |p, l| l.apply(p));
        assert!(end.pos.distance(to.pos) < 1e-9);
        assert!(wrap(end.facing - to.facing).abs() < 1e-9);
        let text = order_text(&state, &c);
        assert!(text.contains("5.0\" ahead"), "{text}");
        assert_eq!(order_unit(&c), Some(u32::from(u.id)));
        // Straight ahead needs neither turn.
        let ahead = u.pose.advanced(2.0, 0.0);
        let c = move_to(&state, u.side, u32::from(u.id), ahead).expect("a move");
        assert_eq!(
            c,
            Command::Move {
                unit: u.id,
                legs: smallvec::smallvec![Leg::Forward { d: 2.0 }],
                exit: false
            }
        );
        assert!(move_to(&state, Side(1), u32::from(u.id), ahead).is_none());
    }
}
