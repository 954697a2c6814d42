//! What a person at a seat needs beyond the rules: each order in words, the unit it is given
//! to, the move meant by a unit dragged across the table, and the first roll an order throws
//! (for the table companion).

use crate::command::Command;
use crate::moves::Step;
use crate::state::{State, UnitId};
use grognard_engine::Side;
use grognard_geometry::{angle_of, wrap, Pose};
use serde_json::Value;

/// The most an oblique step may turn off straight ahead, degrees ("NW 9.8").
const OBLIQUE_MAX: f64 = 45.0;
/// A change of facing smaller than this (degrees) is no change.
const NO_TURN: f64 = 0.5;

fn name(state: &State, id: UnitId) -> &str {
    state
        .units
        .get(usize::from(id))
        .map_or("a unit no longer listed", |u| u.label.as_str())
}

fn names(state: &State, ids: &[UnitId]) -> String {
    let names: Vec<&str> = ids.iter().map(|i| name(state, *i)).collect();
    match names.as_slice() {
        [] => "nobody".into(),
        [one] => (*one).into(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn step_text(step: &Step) -> String {
    match *step {
        Step::ChangeFace { quarter_turns } => match quarter_turns {
            2 | -2 => "face about".into(),
            q if q > 0 => "change face to the left".into(),
            _ => "change face to the right".into(),
        },
        Step::Wheel { left, degrees } => {
            format!(
                "wheel {degrees:.0}° {}",
                if left { "left" } else { "right" }
            )
        }
        Step::Forward { d } => format!("{d:.1}\" ahead"),
        Step::Oblique { degrees, d } => format!(
            "{d:.1}\" obliquely {:.0}° to its {}",
            degrees.abs(),
            if degrees >= 0.0 { "left" } else { "right" }
        ),
        Step::Retrograde { d } => format!("{d:.1}\" back"),
        Step::Flank { d } if d >= 0.0 => format!("{d:.1}\" to its left"),
        Step::Flank { d } => format!("{:.1}\" to its right", -d),
    }
}

pub fn order_text(state: &State, command: &Command) -> String {
    let side_name = |s: Side| {
        state
            .field
            .sides
            .get(s.index())
            .map_or("that side", |i| i.name.as_str())
    };
    match command {
        Command::RollInitiative => "Roll for the initiative".into(),
        Command::Reroll { reroll } => if *reroll {
            "Use Napoleon's re-roll"
        } else {
            "Let the initiative roll stand"
        }
        .into(),
        Command::ChooseFirst { first } => format!("The {} go first", side_name(*first)),
        Command::Skirmish { attackers, target } => format!(
            "{} skirmish against {}",
            names(state, attackers),
            name(state, *target)
        ),
        Command::Fire { batteries, target } => format!(
            "{} fire at {}",
            names(state, batteries),
            name(state, *target)
        ),
        Command::Attach { officer, unit } => match unit {
            Some(u) => format!("{} joins {}", name(state, *officer), name(state, *u)),
            None => format!("{} leaves the brigade he is with", name(state, *officer)),
        },
        Command::AttachBattery { battery, infantry } => match infantry {
            Some(i) => format!("{} attaches to {}", name(state, *battery), name(state, *i)),
            None => format!("{} detaches", name(state, *battery)),
        },
        Command::Roll { unit } => {
            format!("Roll on the maneuver table for {}", name(state, *unit))
        }
        Command::Move { unit, steps } => {
            let parts: Vec<String> = steps.iter().map(step_text).collect();
            if parts.is_empty() {
                format!("{} stays where it is", name(state, *unit))
            } else {
                format!("{} moves: {}", name(state, *unit), parts.join(", "))
            }
        }
        Command::Hold => "Leave the unit where it stands".into(),
        Command::React { unit } => format!("Roll for the reaction of {}", name(state, *unit)),
        Command::Countercharge => "Countercharge".into(),
        Command::Evade => "Evade, a full move away".into(),
        Command::ChargeInto => "Charge the enemy in the zone".into(),
        Command::Fight { defender } => {
            format!("Fight the combat against {}", name(state, *defender))
        }
        Command::EndPhase => "End the phase".into(),
    }
}

pub fn order_unit(command: &Command) -> Option<u32> {
    let unit = match command {
        Command::Skirmish { attackers, .. } => *attackers.first()?,
        Command::Fire { batteries, .. } => *batteries.first()?,
        Command::Attach { officer, .. } => *officer,
        Command::AttachBattery { battery, .. } => *battery,
        Command::Roll { unit } | Command::Move { unit, .. } | Command::React { unit } => *unit,
        Command::RollInitiative
        | Command::Reroll { .. }
        | Command::ChooseFirst { .. }
        | Command::Hold
        | Command::Countercharge
        | Command::Evade
        | Command::ChargeInto
        | Command::Fight { .. }
        | Command::EndPhase => return None,
    };
    Some(u32::from(unit))
}

/// The steps that take a unit dragged to `to`: with its facing kept, one straight step (ahead,
/// oblique, back or sideways, "NW 9.8"); otherwise a change of face and a wheel toward where it
/// goes, straight ahead there, and a wheel to the facing it was dropped with ("NW 9.6",
/// "NW 9.7"). Every step costs what the book says it costs when the move is checked.
pub fn move_to(state: &State, side: Side, unit: u32, to: Pose) -> Option<Command> {
    let id = UnitId::try_from(unit).ok()?;
    let u = state.units.get(usize::from(id))?;
    if u.side != side || !to.pos.is_finite() || !to.facing.is_finite() {
        return None;
    }
    let mut steps = Vec::new();
    let local = u.pose.to_local(to.pos);
    let d = local.length();
    let turn = wrap(to.facing - u.pose.facing).to_degrees();
    if turn.abs() <= NO_TURN {
        let off = local.y.atan2(local.x).to_degrees();
        if d <= 0.01 {
        } else if off.abs() <= NO_TURN {
            steps.push(Step::Forward { d });
        } else if off.abs() <= OBLIQUE_MAX {
            steps.push(Step::Oblique { degrees: off, d });
        } else if (180.0 - off.abs()) <= NO_TURN {
            steps.push(Step::Retrograde { d });
        } else if (90.0 - off.abs()).abs() <= OBLIQUE_MAX / 3.0 {
            steps.push(Step::Flank {
                d: local.y.signum() * d,
            });
        } else {
            turned_path(&mut steps, u, to);
        }
    } else {
        turned_path(&mut steps, u, to);
    }
    Some(Command::Move { unit: id, steps })
}

/// Turn toward the drop point, go straight, and wheel to the facing dropped with. A wheel
/// swings the base about a front corner, which moves its centre; the heading and the
/// straight distance are found so that, corners and all, the base ends on the drop point.
fn turned_path(steps: &mut Vec<Step>, u: &crate::state::Unit, to: Pose) {
    let size = u.size();
    let run = |steps: &[Step], from: Pose| steps.iter().fold(from, |p, s| s.apply(p, size, size));
    let mut heading = u.pose.facing + angle_of(u.pose.to_local(to.pos));
    // The change of face is chosen once, so that the search below only refines the wheel.
    let first: Vec<Step> = change_face(u.pose.facing, heading).into_iter().collect();
    let faced = run(&first, u.pose).facing;
    let mut plan = Vec::new();
    for round in 0..40 {
        plan.clear();
        plan.extend(first.iter().copied());
        let swing = wrap(heading - faced).to_degrees();
        let now = if swing.abs() > NO_TURN {
            plan.push(Step::Wheel {
                left: swing > 0.0,
                degrees: swing.abs(),
            });
            heading
        } else {
            faced
        };
        let turned = run(&plan, u.pose);
        // Where the final wheel would carry a base standing at the origin facing `now`.
        let mut last = Vec::new();
        let rest = wrap(to.facing - now).to_degrees();
        if rest.abs() > NO_TURN {
            last.push(Step::Wheel {
                left: rest > 0.0,
                degrees: rest.abs(),
            });
        }
        let shift = run(&last, Pose::at(grognard_geometry::Vec2::ZERO, now)).pos;
        let way = to.pos - shift - turned.pos;
        let d = way.length();
        let off = wrap(angle_of(way) - now);
        if round < 39 && d > 0.2 && off.to_degrees().abs() > NO_TURN / 10.0 {
            heading = wrap(heading + off);
            continue;
        }
        if d > 0.01 {
            plan.push(Step::Forward { d });
        }
        plan.extend(last);
        break;
    }
    steps.extend(plan);
}

/// The change of face that does most of a large turn from `facing` toward `want` (it may
/// only be the first step of a move, "NW 9.7"); none for a turn a wheel can make alone.
fn change_face(facing: f64, want: f64) -> Option<Step> {
    let turn = wrap(want - facing).to_degrees();
    if turn.abs() > 135.0 {
        Some(Step::ChangeFace { quarter_turns: 2 })
    } else if turn.abs() > 60.0 {
        Some(Step::ChangeFace {
            quarter_turns: if turn > 0.0 { 1 } else { -1 },
        })
    } else {
        None
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn first_brigade(state: &State) -> &crate::state::Unit {
        state
            .units
            .iter()
            .find(|u| u.brigade().is_some() && u.side == Side(0))
            .expect("a brigade")
    }

    fn end_of(state: &State, command: &Command) -> Pose {
        let Command::Move { unit, steps } = command else {
            panic!("a move: {command:?}")
        };
        let u = state.unit(*unit);
        steps
            .iter()
            .fold(u.pose, |p, s| s.apply(p, u.size(), u.size()))
    }

    #[test]
    fn a_unit_dragged_with_its_facing_kept_takes_one_straight_step_to_the_spot() {
        let state = crate::start::start(&crate::book::default_scenario());
        let u = first_brigade(&state);
        for (ahead, left, kind) in [
            (4.0, 0.0, "forward"),
            (4.0, 2.0, "oblique"),
            (-3.0, 0.0, "retrograde"),
            (0.0, -2.5, "flank"),
        ] {
            let to = u.pose.advanced(ahead, left);
            let c = move_to(&state, u.side, u32::from(u.id), to).expect("a move");
            let Command::Move { steps, .. } = &c else {
                unreachable!()
            };
            assert_eq!(steps.len(), 1, "{kind}: {steps:?}");
            let got = serde_json::to_value(steps[0]).unwrap()["step"].clone();
            assert_eq!(got, serde_json::json!(kind));
            let end = end_of(&state, &c);
            assert!(
                end.pos.distance(to.pos) < 1e-9,
                "{kind}: {end:?} for {to:?}"
            );
            assert!(order_text(&state, &c).contains(" moves: "));
        }
    }

    #[test]
    fn a_unit_dragged_and_turned_changes_face_wheels_and_goes() {
        let state = crate::start::start(&crate::book::default_scenario());
        let u = first_brigade(&state);
        let to = Pose::at(
            u.pose.pos - u.pose.forward() * 5.0,
            u.pose.facing + std::f64::consts::PI,
        );
        let c = move_to(&state, u.side, u32::from(u.id), to).expect("a move");
        let Command::Move { steps, .. } = &c else {
            unreachable!()
        };
        assert!(
            matches!(steps[0], Step::ChangeFace { quarter_turns: 2 }),
            "{steps:?}"
        );
        let end = end_of(&state, &c);
        assert!(wrap(end.facing - to.facing).abs() < 1e-6);
        assert!(end.pos.distance(to.pos) < 1e-6, "{end:?} for {to:?}");
        // Not a unit of the other side's.
        assert!(move_to(&state, Side(1), u32::from(u.id), to).is_none());
    }

    #[test]
    fn a_unit_dragged_anywhere_and_turned_ends_where_it_was_dropped() {
        let state = crate::start::start(&crate::book::default_scenario());
        let u = first_brigade(&state);
        for (ahead, left, turn) in [
            (6.0, 4.0, 30.0),
            (3.0, -7.0, -70.0),
            (-5.0, 5.0, 120.0),
            (1.0, 8.0, 95.0),
            (8.0, 0.5, -10.0),
        ] {
            let to = u.pose.advanced(ahead, left);
            let to = Pose::at(to.pos, u.pose.facing + f64::to_radians(turn));
            let c = move_to(&state, u.side, u32::from(u.id), to).expect("a move");
            let end = end_of(&state, &c);
            assert!(
                end.pos.distance(to.pos) < 0.01,
                "{ahead},{left},{turn}: ends at {end:?} for {to:?}: {c:?}"
            );
            assert!(wrap(end.facing - to.facing).abs() < 1e-6);
        }
    }
}
