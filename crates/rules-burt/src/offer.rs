//! The move generator: the commands a side may give now, listed cheaply and unscored, apart
//! from the general's advice ([`crate::advisor`]). The random player draws among them, so
//! it stays the same opponent whatever the general learns; a drawn offer is settled
//! (checked) before it is carried out, and one refused is drawn again.
//!
//! Orders, declarations, support, fire and reactions are listed in full: every command of
//! the phase the book allows. A move has no finite list, so each unit is offered a fixed
//! set of them, scaled to what its orders let it go ("Burt 5"): straight on, straight at
//! the nearest enemy, obliquely, to either side, back, a turn to face the enemy, and
//! standing; an officer may also ride to stand behind any unit he commands, and a general
//! take over a unit he touches ("Burt 12").

use crate::command::{Command, Reaction};
use crate::measure;
use crate::phases::{assault, fire, movement, orders};
use crate::resolve::fire::Situation as Shot;
use crate::state::{Arm, Formation, Order, Phase, State, Unit};
use grognard_engine::Side;
use grognard_geometry::{wrap, Pose};

/// The side's offers now; empty when it is not to act.
pub fn offers(view: &State, side: Side, out: &mut Vec<Command>) {
    if crate::phases::to_act(view) != Some(side) {
        return;
    }
    if view.choosing == Some(side) {
        out.push(Command::GoFirst { first: true });
        out.push(Command::GoFirst { first: false });
        return;
    }
    let own = || view.on_table().filter(move |u| u.side == side);
    match view.phase() {
        Phase::Orders => {
            for u in own().filter(|u| orders::may_change(view, u).is_ok()) {
                for order in Order::ALL {
                    if orders::check(view, side, u.id, order).is_ok() {
                        out.push(Command::Order { unit: u.id, order });
                    }
                }
            }
        }
        Phase::Declare => out.extend(assaults(view, side).map(|(u, t)| Command::Assault {
            unit: u.id,
            target: t.id,
        })),
        Phase::Manoeuvre => {
            for u in own() {
                manoeuvres(view, u, out);
            }
        }
        Phase::Reserve => {
            for u in own().filter(|u| u.order() == Some(Order::Reserve) && !u.marks.reserve_moved) {
                for f in own() {
                    if assault::check_support(view, side, u.id, f.id).is_ok() {
                        out.push(Command::Support {
                            unit: u.id,
                            friend: f.id,
                        });
                    }
                }
                let r = measure::rates(view, u);
                moves(view, u, r.reserve.unwrap_or(r.normal), 1.0, 1.0, out);
            }
        }
        Phase::Command => {
            for o in own() {
                officer(view, side, o, out);
            }
        }
        Phase::Fire => out.extend(shots(view, side).map(|(u, t, _)| Command::Fire {
            unit: u.id,
            target: t.id,
        })),
        Phase::Reaction => {
            for u in own() {
                if u.marks.reacted || u.routing() || !assault::is_assaulted(view, u.id) {
                    continue;
                }
                for reaction in Reaction::ALL {
                    if assault::reaction_allowed(view, u, reaction).is_ok() {
                        out.push(Command::React {
                            unit: u.id,
                            reaction,
                        });
                    }
                }
            }
        }
        _ => {}
    }
    out.push(Command::Done);
}

/// Every assault the side may declare now: each unit and an enemy in its charge reach
/// that the book lets it assault ("Burt 5").
pub fn assaults(view: &State, side: Side) -> impl Iterator<Item = (&Unit, &Unit)> {
    view.on_table()
        .filter(move |u| u.side == side)
        .filter_map(|u| Some((u, measure::charge_reach(view, u)?)))
        .flat_map(move |(u, reach)| {
            measure::enemies_within(view, u, reach)
                .filter(move |t| assault::declarable(view, u, t).is_ok())
                .map(move |t| (u, t))
        })
}

/// Every shot the side may fire now: each unit that may fire, an enemy in its reach that
/// it may fire at, and the shot's situation ("Burt 6").
pub fn shots(view: &State, side: Side) -> impl Iterator<Item = (&Unit, &Unit, Shot)> {
    view.on_table()
        .filter(move |u| u.side == side)
        .filter_map(|u| Some((u, measure::fire_reach(view, u)?)))
        .filter(|(u, _)| fire::may_fire(u).is_ok())
        .flat_map(move |(u, reach)| {
            measure::enemies_within(view, u, reach)
                .filter_map(move |t| Some((u, t, fire::situation(view, u, t).ok()?)))
        })
}

/// A fighting unit's changes of formation and moves in the manoeuvres phase.
fn manoeuvres(view: &State, u: &Unit, out: &mut Vec<Command>) {
    if !u.fights() || u.marks.moved || u.routing() {
        return;
    }
    let t = &view.tables().movement;
    let (ahead, back) = match u.order() {
        Some(Order::Manoeuvre) => (1.0, 1.0),
        Some(Order::Fire) => (t.fire_order_forward, t.fire_order_back),
        Some(Order::Assault) => (1.0, 0.0),
        _ => return,
    };
    if u.order() == Some(Order::Manoeuvre) {
        for formation in Formation::ALL {
            if u.troop.takes(formation) && formation != u.formation {
                out.push(Command::Form {
                    unit: u.id,
                    formation,
                });
            }
        }
    }
    moves(view, u, measure::rates(view, u).normal, ahead, back, out);
}

/// The fixed set of moves a unit is offered, for a move of `rate` inches of which the shares
/// `ahead` and `back` may be spent going forward and back.
fn moves(view: &State, u: &Unit, rate: f64, ahead: f64, back: f64, out: &mut Vec<Command>) {
    let mut to = |pose: Pose| {
        out.push(Command::Move {
            unit: u.id,
            to: pose,
        })
    };
    let p = u.pose;
    let d = rate * ahead;
    to(p);
    if u.is_guns() && u.formation != Formation::Limbered {
        // Unlimbered guns only turn where they stand.
        if let Some(e) = measure::nearest_enemy(view, u) {
            to(Pose::at(p.pos, measure::heading(p.pos, e.pose.pos)));
        }
        return;
    }
    for share in [1.0, 0.5] {
        to(p.advanced(d * share, 0.0));
    }
    // Obliquely: a move to the side costs double ("Burt 5").
    for left in [1.0, -1.0] {
        to(p.advanced(d * 0.4, left * d * 0.3));
        to(p.advanced(0.0, left * rate * 0.3));
    }
    if back > 0.0 {
        to(p.advanced(-rate * back.min(0.5), 0.0));
    }
    if let Some(e) = measure::nearest_enemy(view, u) {
        let facing = measure::heading(p.pos, e.pose.pos);
        to(Pose::at(p.pos, facing));
        // Turning spends the ground the outer flank covers ("Burt 5"), the rest goes on.
        let turn = wrap(facing - p.facing).abs() * u.footprint().width * 0.5;
        let on = d - turn;
        if on > 0.0 {
            for share in [1.0, 0.5] {
                to(Pose::at(
                    measure::toward(p.pos, e.pose.pos, on * share),
                    facing,
                ));
            }
        }
    }
}

/// An officer's or a wagon's offers in the command elements phase: the moves of any unit,
/// and the ride to stand behind each unit it commands (a general any, a command element
/// its brigade's); a general takes over a unit he touches, moved or not, or leaves the one
/// he commands.
fn officer(view: &State, side: Side, o: &Unit, out: &mut Vec<Command>) {
    if !(o.is_officer() || o.arm() == Arm::Train) {
        return;
    }
    let general = o.is_general();
    let troops = || {
        view.on_table()
            .filter(move |u| u.side == side && u.fights())
    };
    if general {
        let joins = std::iter::once(None).chain(troops().map(|u| Some(u.id)));
        for unit in joins {
            if movement::check_join(view, side, o.id, unit).is_ok() {
                out.push(Command::Join {
                    general: o.id,
                    unit,
                });
            }
        }
    }
    if o.with.is_some() || o.marks.moved {
        return;
    }
    let rate = measure::rates(view, o).normal;
    moves(view, o, rate, 1.0, 1.0, out);
    if o.arm() == Arm::Train {
        return;
    }
    for u in troops().filter(|u| general || u.brigade == o.brigade) {
        out.push(Command::Move {
            unit: o.id,
            to: Pose::at(
                measure::toward(o.pose.pos, measure::behind(u), rate),
                o.pose.facing,
            ),
        });
    }
}
