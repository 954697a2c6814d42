//! Charges and melee ("B&P Melee Combat", "B&P Infantry Squares", "B&P The Cascading
//! Attack"). The charger moves into contact; the unit charged checks its morale and, if it
//! holds, may fire into a frontal charger and form square; a charger fired on checks its
//! own; then the melee, whose loser routs.

use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::phases::{fire, movement, rout};
use crate::resolve::{melee, morale};
use crate::state::{Arm, Order, Pending, State, Status, Unit, UnitId};
use grognard_engine::Illegal;
use grognard_geometry::Pose;

pub const RULE: &str = "B&P Melee Combat";

fn no(why: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(RULE, why)
}

/// Where the charger meets `target`, or why it may not charge it.
pub fn check(state: &State, u: &Unit, target: &Unit) -> Result<Pose, Illegal> {
    if !u.effective() {
        return Err(no("a routed, halted or reforming unit does not charge"));
    }
    if target.side == u.side || target.gone || target.is_commander() {
        return Err(no("charge only an enemy unit on the table"));
    }
    if u.done.moved || u.done.fired || u.done.fought {
        return Err(Illegal::new(
            "B&P The Cascading Attack",
            "only a unit that has neither moved nor fought nor fired in this move period charges",
        ));
    }
    match u.arm() {
        Arm::Artillery | Arm::Command => return Err(no("only infantry and cavalry charge")),
        Arm::Infantry if target.arm() == Arm::Cavalry => {
            return Err(no("infantry cannot charge cavalry"))
        }
        _ => {}
    }
    // Skirmishers charge only where the ground allows no other order: infantry into a
    // dense wood (ruling B25); skirmishing cavalry never.
    let wood = u.arm() == Arm::Infantry && measure::dense_wood_at(state, target.pose.pos);
    if (u.order == Order::Skirmish || u.isolated()) && !wood {
        return Err(Illegal::new(
            "B&P Skirmishers",
            "skirmishers and isolated stands charge only into a dense wood, where no other order can go",
        ));
    }
    if u.disrupted(state.clock.turn) {
        return Err(Illegal::new(
            "B&P Rout, Disruption, and Rally",
            "a disrupted unit may not advance for a turn",
        ));
    }
    if target.done.won {
        return Err(Illegal::new(
            "B&P The Cascading Attack",
            format!(
                "{} won a melee in this move period and may not be charged again in it",
                target.name
            ),
        ));
    }
    if u.figures < 1 {
        return Err(no("no figures left to charge"));
    }
    let to = measure::contact_pose(u, target);
    let end = u.footprint_at(to, u.order);
    if !measure::on_table(state, &end) {
        return Err(no("the charger would leave the table"));
    }
    let reach = movement::allowance(state, u);
    // Ground only adds to the distance: one too far in a straight line is too far.
    let straight = u.pose.pos.distance(to.pos);
    if straight > reach + 1e-6 {
        return Err(no(format!(
            "{} is {straight:.1}\" away, beyond the charger's {reach:.1}\" move",
            target.name
        )));
    }
    let path = measure::sweep(u, u.pose, to, u.order);
    let pieces = measure::pieces_near(state, u.pose.pos, straight + end.radius() * 2.0);
    let mut inches = 0.0;
    let mut prev = u.pose.pos;
    for b in &path {
        let seg = prev.distance(b.pose.pos);
        prev = b.pose.pos;
        inches += if measure::rough_at(state, b.pose.pos) {
            seg * state.tables().movement.rough_per_inch
        } else {
            seg
        };
        if let Some(o) = measure::overlapping_in(&pieces, b, &[u.id, target.id]) {
            if !(o.side == u.side && o.order == Order::Skirmish) {
                return Err(no(format!("{} is in the way of the charge", o.name)));
            }
        }
    }
    if inches > reach + 1e-6 {
        return Err(no(format!(
            "{} is {inches:.1}\" away, beyond the charger's {reach:.1}\" move",
            target.name
        )));
    }
    Ok(to)
}

/// The defender's position against a charge: none counts against a flank or rear attack.
fn defender_cover(
    state: &State,
    target: &Unit,
    charger: &Unit,
    flank: bool,
) -> crate::tables::Cover {
    if flank {
        crate::tables::Cover::Open
    } else {
        measure::cover(state, target, charger)
    }
}

/// The morale check of `target` charged by `charger`, as the battle rolls it and the
/// advisor and the odds weigh it.
pub fn charged_check(
    state: &State,
    charger: &Unit,
    target: &Unit,
    flank: bool,
) -> morale::Situation {
    morale::Situation {
        kind: target.kind(),
        square_against_cavalry: target.order == Order::Square && charger.arm() == Arm::Cavalry,
        flank_or_rear: flank,
        cover: defender_cover(state, target, charger, flank),
        commander: measure::led(state, target),
        disrupted: target.disrupted(state.clock.turn),
        green: target.green,
    }
}

/// The melee of `attacker` against `defender`.
pub fn melee_situation(
    state: &State,
    attacker: &Unit,
    defender: &Unit,
    flank: bool,
) -> melee::Situation {
    let side = |u: &Unit| melee::Fighter {
        kind: u.kind(),
        figures: u.figures,
        commander: measure::led(state, u),
        disrupted: u.disrupted(state.clock.turn),
        green: u.green,
    };
    melee::Situation {
        attacker: side(attacker),
        defender: side(defender),
        flank_or_rear: flank,
        cover: defender_cover(state, defender, attacker, flank),
        square: defender.order == Order::Square,
    }
}

/// Carry out a charge checked by [`check`].
pub fn charge(ctx: &mut Ctx, id: UnitId, target: UnitId, to: Pose) {
    let flank = measure::from_flank(ctx.state.unit(target), to.pos);
    ctx.emit(Event::Contact {
        unit: id,
        target,
        to,
        flank,
    });
    fire::commanders_at_risk(ctx, target);
    if measure::garrison(ctx.state, ctx.state.unit(target)).is_some() {
        storm(ctx, id, target);
        return;
    }
    let t = ctx.state.unit(target).clone();
    if t.status != Status::Effective {
        let mut done = ctx.state.unit(id).done;
        done.fought = true;
        ctx.emit(Event::Done { unit: id, done });
        if t.assaulted {
            ctx.remove(
                target,
                "charged a second time before it was effective again",
            );
        } else {
            ctx.emit(Event::Assaulted { unit: target });
            let half = t.figures - t.figures / 2;
            ctx.lose(
                target,
                half,
                "charged before it was effective again: half its figures fall",
            );
        }
        return;
    }
    let charger = ctx.state.unit(id).clone();
    let s = charged_check(ctx.state, &charger, &t, flank);
    let tables = ctx.state.tables().clone();
    let (roll, check) = morale::roll(&tables, &s, ctx.dice);
    let holds = check == morale::Check::Holds;
    ctx.emit(Event::Morale {
        unit: target,
        roll,
        holds,
        why: "charged".into(),
    });
    if !holds {
        mark_fought(ctx, id);
        rout::rout(ctx, target, "it broke before the charge");
        return;
    }
    let may_fire = !flank
        && matches!(t.arm(), Arm::Infantry | Arm::Artillery)
        && fire::check(ctx.state, &t, &charger, false).is_ok();
    let may_square = t.arm() == Arm::Infantry && matches!(t.order, Order::Line | Order::Column);
    if may_fire || may_square {
        ctx.emit(Event::Pending {
            pending: Some(Pending::Charged {
                charger: id,
                target,
                flank,
                may_fire,
                may_square,
            }),
        });
    } else {
        fight(ctx, id, target, flank);
    }
}

fn mark_fought(ctx: &mut Ctx, id: UnitId) {
    let mut done = ctx.state.unit(id).done;
    done.fought = true;
    done.moved = true;
    ctx.emit(Event::Done { unit: id, done });
}

/// Why the side charged may not answer so, if it may not.
pub fn check_respond(state: &State, fire_back: bool, square: bool) -> Result<(), Illegal> {
    match &state.pending {
        Some(Pending::Charged {
            may_fire,
            may_square,
            ..
        }) => {
            if fire_back && !may_fire {
                return Err(no("the unit charged may not fire: the charge is on its flank or rear, or it has fired"));
            }
            if square && !may_square {
                return Err(Illegal::new(
                    "B&P Infantry Squares",
                    "only infantry in line or column that held may form square",
                ));
            }
            Ok(())
        }
        _ => Err(no("no unit is waiting on a charge")),
    }
}

/// The unit charged answers: it forms square, fires, or both; then the charger, if fired
/// on, checks its morale, and the melee is fought.
pub fn respond(ctx: &mut Ctx, fire_back: bool, square: bool) {
    let Some(Pending::Charged {
        charger,
        target,
        flank,
        ..
    }) = ctx.state.pending.clone()
    else {
        return;
    };
    ctx.emit(Event::Pending { pending: None });
    if square {
        ctx.emit(Event::Formed {
            unit: target,
            order: Order::Square,
        });
    }
    if fire_back {
        let (t, c) = (
            ctx.state.unit(target).clone(),
            ctx.state.unit(charger).clone(),
        );
        if let Ok(plan) = fire::check(ctx.state, &t, &c, false) {
            let thrown = fire::throw(ctx, target, charger, &plan, true);
            fire::land(ctx, thrown);
        }
        let c = ctx.state.unit(charger).clone();
        if c.gone {
            return;
        }
        let s = morale::Situation {
            kind: c.kind(),
            commander: measure::led(ctx.state, &c),
            disrupted: c.disrupted(ctx.state.clock.turn),
            green: c.green,
            ..Default::default()
        };
        let tables = ctx.state.tables().clone();
        let (roll, check) = morale::roll(&tables, &s, ctx.dice);
        let holds = check == morale::Check::Holds;
        ctx.emit(Event::Morale {
            unit: charger,
            roll,
            holds,
            why: "fired on as it charged".into(),
        });
        if !holds {
            mark_fought(ctx, charger);
            rout::rout(ctx, charger, "it broke under fire as it charged");
            return;
        }
    }
    fight(ctx, charger, target, flank);
}

/// The melee itself.
fn fight(ctx: &mut Ctx, a: UnitId, d: UnitId, flank: bool) {
    let (au, du) = (ctx.state.unit(a).clone(), ctx.state.unit(d).clone());
    let s = melee_situation(ctx.state, &au, &du, flank);
    let tables = ctx.state.tables().clone();
    let mut rolls = Vec::new();
    let result = melee::roll(&tables, &s, ctx.dice, &mut rolls);
    ctx.emit(Event::Melee {
        attacker: a,
        defender: d,
        rolls,
        result,
    });
    mark_fought(ctx, a);
    ctx.lose(a, result.attacker_lost, "melee");
    ctx.lose(d, result.defender_lost, "melee");
    let loser = if result.attacker_wins { d } else { a };
    rout::rout(ctx, loser, "it lost the melee");
}

/// An assault on a building ("B&P Fighting in Buildings"): no morale checks; each attacking
/// stand, one to a side of the building, rolls on the Building Melee Results in turn, with a
/// point for each further stand attacking and each casualty of the defender, until the
/// defender or the attack is done (rulings B8, B9). Command figures have no influence.
fn storm(ctx: &mut Ctx, id: UnitId, target: UnitId) {
    use crate::resolve::buildings::{Assault, BuildingMeleeRoll};
    use grognard_engine::resolution::Resolution;
    let stands = ctx.state.unit(id).stands().min(4) as u32;
    for _ in 0..stands {
        let (a, d) = (ctx.state.unit(id), ctx.state.unit(target));
        if a.gone || d.gone || a.status != Status::Effective || d.status != Status::Effective {
            break;
        }
        let s = Assault {
            attacking_stands: stands,
            defender_casualties: measure::stand_casualties(d),
        };
        let tables = ctx.state.tables().clone();
        let mut rolls = Vec::new();
        let result = BuildingMeleeRoll.resolve(&tables, &s, ctx.dice, &mut rolls);
        ctx.emit(Event::BuildingMelee {
            attacker: id,
            defender: target,
            roll: rolls.pop().unwrap_or_default(),
            result,
        });
        for (unit, r) in [(target, result.defender), (id, result.attacker)] {
            if r.eliminated {
                ctx.remove(unit, "destroyed fighting for the building");
                continue;
            }
            ctx.lose(unit, r.figures, "fighting for the building");
            if r.routs {
                rout::rout(ctx, unit, "it broke in the fight for the building");
            }
        }
    }
    mark_fought(ctx, id);
}
