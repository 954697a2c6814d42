//! What a person at a seat needs beyond the rules: each order in words, the unit it is given
//! to, and the move meant by a unit dragged across the table.

use crate::command::Command;
use crate::state::{Pending, State, UnitId};
use grognard_engine::Side;
use grognard_geometry::{angle_of, wrap, Leg, Pose};

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
    let mut legs = Vec::new();
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
                legs: vec![Leg::Forward { d: 2.0 }],
                exit: false
            }
        );
        assert!(move_to(&state, Side(1), u32::from(u.id), ahead).is_none());
    }
}
