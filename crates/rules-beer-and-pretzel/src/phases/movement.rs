//! Movement and changes of formation ("B&P Movement", "B&P Skirmishers", "B&P Infantry
//! Squares").

use crate::measure;
use crate::state::{Arm, Order, State, Unit};
use grognard_engine::Illegal;
use grognard_geometry::{angle_of, wrap, Pose};

pub const R_MOVE: &str = "B&P Movement";
pub const R_SKIRMISH: &str = "B&P Skirmishers";
pub const R_SQUARE: &str = "B&P Infantry Squares";

fn no(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(rule, why)
}

/// The unit's move in its formation, as the chart gives it, halved by a failed control
/// roll and, for cavalry, by a change of formation in the same move.
pub fn allowance(state: &State, u: &Unit) -> f64 {
    let m = &state.tables().movement;
    let rates = match u.arm() {
        Arm::Infantry => m.infantry,
        Arm::Cavalry | Arm::Command => m.cavalry,
        Arm::Artillery => m.artillery,
    };
    let mut inches = match u.order {
        Order::Line => rates.line,
        Order::Column => rates.column,
        Order::Skirmish => rates.skirmish,
        Order::Square => rates.square.unwrap_or(0.0),
    };
    if u.halved {
        inches *= state.tables().optional.control_share;
    }
    if u.arm() == Arm::Cavalry && u.done.changed_formation {
        inches *= m.cavalry_formation_change_share;
    }
    inches
}

/// How a move goes against the unit's front: ahead, to a side, or back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Way {
    Ahead,
    Slide,
    Back,
}

pub fn way(from: &Pose, to: &Pose) -> Way {
    let d = to.pos - from.pos;
    if d.length() < 1e-9 {
        return Way::Ahead;
    }
    let off = wrap(angle_of(d) - from.facing).abs().to_degrees();
    if off <= 45.0 + 1e-9 {
        Way::Ahead
    } else if off < 135.0 - 1e-9 {
        Way::Slide
    } else {
        Way::Back
    }
}

/// A gun turning on its axis by at most 45 degrees and still free to fire ("B&P
/// Movement", artillery).
pub fn is_pivot(state: &State, u: &Unit, to: &Pose) -> bool {
    u.arm() == Arm::Artillery
        && u.pose.pos.distance(to.pos) < 1e-6
        && wrap(to.facing - u.pose.facing).abs().to_degrees()
            <= state.tables().movement.gun_pivot_degrees + 1e-9
}

/// What the move costs, or why it may not be made.
pub fn check_move(state: &State, u: &Unit, to: &Pose) -> Result<f64, Illegal> {
    let t = state.tables();
    if !u.effective() {
        return Err(no(
            "B&P Rout, Disruption, and Rally",
            "a routed, halted or reforming unit does not move",
        ));
    }
    if u.done.moved || u.done.fought {
        return Err(no(
            R_MOVE,
            "the unit has moved or fought in this move period",
        ));
    }
    if !(to.pos.x.is_finite() && to.pos.y.is_finite() && to.facing.is_finite()) {
        return Err(no(R_MOVE, "the place to move to is not a number"));
    }
    let pivot = is_pivot(state, u, to);
    match u.arm() {
        Arm::Artillery => {
            if u.figures < t.artillery.least_crew {
                return Err(no(
                    "B&P Fire Combat",
                    "a gun with fewer than three gunners neither moves nor fires",
                ));
            }
            if state.clock.turn < u.ready_turn {
                return Err(no(
                    "B&P Fire Combat",
                    "the gun's new gunners are still settling in: it neither moves nor fires yet",
                ));
            }
            if u.done.fired && !pivot {
                return Err(no(R_MOVE, "a gun moves or fires in a move, not both"));
            }
        }
        Arm::Infantry => {
            if u.done.changed_formation && u.order != Order::Skirmish {
                return Err(no(
                    R_SKIRMISH,
                    "infantry changing between line, column and square does not move in the same move",
                ));
            }
        }
        Arm::Cavalry | Arm::Command => {}
    }
    let cost = cost(state, u, to)?;
    if u.disrupted(state.clock.turn) && way(&u.pose, to) == Way::Ahead && !pivot {
        if let Some(e) = measure::nearest_enemy(state, u) {
            if e.pose.pos.distance(to.pos) < e.pose.pos.distance(u.pose.pos) - 1e-6 {
                return Err(no(
                    "B&P Rout, Disruption, and Rally",
                    "a disrupted unit may not advance for a turn",
                ));
            }
        }
    }
    Ok(cost)
}

/// Inches the move costs, and whether it fits the allowance.
fn cost(state: &State, u: &Unit, to: &Pose) -> Result<f64, Illegal> {
    let t = state.tables();
    let m = &t.movement;
    let w = way(&u.pose, to);
    let share = match (w, u.order) {
        (_, Order::Square) => 1.0,
        (Way::Back, _) => m.retrograde_share,
        (Way::Slide, Order::Line | Order::Column) => m.slide_share,
        _ => 1.0,
    };
    let end = u.footprint_at(*to, u.order);
    if !measure::on_table(state, &end) {
        return Err(no(R_MOVE, "the unit would leave the table"));
    }
    let landing = measure::building_under(state, &u.footprint_at(*to, u.order));
    if let Some(b) = landing {
        if u.arm() != Arm::Infantry
            || u.stands() != 1
            || measure::building_at(state, to.pos) != Some(b)
        {
            return Err(no(
                "B&P Fighting in Buildings",
                "a building holds one stand of infantry: a unit of several stands, cavalry or guns do not enter it",
            ));
        }
        if let Some(o) = state.on_table().find(|o| {
            o.id != u.id && !o.is_commander() && measure::building_at(state, o.pose.pos) == Some(b)
        }) {
            return Err(no(
                "B&P Fighting in Buildings",
                format!("{} holds the building already", o.name),
            ));
        }
    }
    let straight = u.pose.pos.distance(to.pos);
    // Ground only adds to the distance: a move too long in a straight line even by road
    // is too long, and need not be walked.
    let most = (allowance(state, u) + m.road_bonus.max(0.0)) * share;
    if straight > most + 1e-6 && !is_pivot(state, u, to) {
        return Err(no(
            R_MOVE,
            format!("the move is {straight:.1}\" long, more than the {most:.1}\" allowed"),
        ));
    }
    let pieces = measure::pieces_near(state, u.pose.pos, straight + end.radius() * 2.0);
    if !u.is_commander() {
        if let Some(o) = measure::overlapping_in(&pieces, &end, &[u.id]) {
            return Err(no(R_MOVE, format!("the move would end on {}", o.name)));
        }
        if let Some((e, _)) = pieces.iter().find(|(e, b)| {
            e.side != u.side && grognard_geometry::distance::base_base(&end, b) < measure::TOUCH
        }) {
            return Err(no(
                R_MOVE,
                format!(
                    "the move would end against {}: contact is made by a charge",
                    e.name
                ),
            ));
        }
    }
    let path = measure::sweep(u, u.pose, *to, u.order);
    let mut inches = 0.0;
    let mut prev = u.pose.pos;
    let mut all_road = measure::road_at(state, u.pose.pos);
    let mut through_formed = false;
    for b in &path {
        let p = b.pose.pos;
        let seg = prev.distance(p);
        prev = p;
        inches += if measure::rough_at(state, p) {
            seg * m.rough_per_inch
        } else {
            seg
        };
        all_road &= measure::road_at(state, p);
        if u.is_commander() {
            continue;
        }
        for (o, ob) in &pieces {
            if o.id == u.id || !grognard_geometry::overlap::bases_overlap(b, ob, measure::TOUCH) {
                continue;
            }
            if o.side != u.side {
                return Err(no(
                    R_MOVE,
                    format!("{} is in the way: no unit moves through the enemy", o.name),
                ));
            }
            // Skirmishers pass friends, and are passed, freely ("B&P Skirmishers").
            if u.order != Order::Skirmish && o.order != Order::Skirmish {
                through_formed = true;
            }
        }
    }
    if through_formed {
        inches += m.through_formed_friends;
    }
    let mut budget = allowance(state, u) * share;
    if all_road && u.order != Order::Square && u.pose.pos.distance(to.pos) > 0.0 {
        budget += m.road_bonus * share;
    }
    if is_pivot(state, u, to) {
        return Ok(0.0);
    }
    if inches > budget + 1e-6 {
        return Err(no(
            R_MOVE,
            format!("the move costs {inches:.1}\" of the {budget:.1}\" allowed"),
        ));
    }
    Ok(inches)
}

/// Why a unit may not take up `order` where it stands, if it may not.
pub fn check_form(state: &State, u: &Unit, order: Order) -> Result<(), Illegal> {
    if !u.effective() {
        return Err(no(
            "B&P Rout, Disruption, and Rally",
            "a routed, halted or reforming unit does not change formation",
        ));
    }
    if u.order == order {
        return Err(no(
            R_MOVE,
            format!("the unit is in {} already", order.name()),
        ));
    }
    if u.done.changed_formation || u.done.fought {
        return Err(no(
            R_MOVE,
            "the unit has changed formation or fought in this move period",
        ));
    }
    match u.arm() {
        Arm::Artillery | Arm::Command => {
            return Err(no(R_MOVE, "guns and command figures have no formations"))
        }
        Arm::Cavalry => {
            if order == Order::Square {
                return Err(no(R_SQUARE, "only infantry forms square"));
            }
        }
        Arm::Infantry => {
            // Formed infantry that has moved may break into skirmishers only before the
            // move; skirmishers may form up at the end of a move but not then fire; a unit
            // does not move, fire and change formation in one move ("B&P Movement").
            if u.done.moved && u.order != Order::Skirmish {
                return Err(no(
                    R_MOVE,
                    "infantry that has moved does not change formation in the same move, unless skirmishers form up at its end",
                ));
            }
            if u.done.moved && u.done.fired {
                return Err(no(
                    R_MOVE,
                    "infantry does not move, fire and change formation in one move",
                ));
            }
        }
    }
    let base = u.footprint_at(u.pose, order);
    if !measure::on_table(state, &base) {
        return Err(no(R_MOVE, "the new formation would not fit on the table"));
    }
    if let Some(o) = measure::overlapping(state, &base, &[u.id]) {
        return Err(no(R_MOVE, format!("there is no room beside {}", o.name)));
    }
    Ok(())
}
