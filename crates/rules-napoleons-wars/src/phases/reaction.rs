//! The reaction phase ("NW 10.0"-"NW 10.2"): the non-phasing side's cavalry answers enemies
//! that charged it or came into its zone.

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::Event;
use crate::measure::{distance, face_toward, in_front, overlapping, touching};
use crate::moves::Step;
use crate::state::{Pending, State, Unit, UnitId};
use grognard_engine::Illegal;
use grognard_geometry::{angle_of, wrap, Face};

const R: &str = "NW 10.0 Reaction phase";

/// Why a cavalry unit may react: the enemy that charged it, or the one it must react to in
/// its zone ("NW 10.0", "NW 10.1").
pub fn eligible(state: &State, cav: &Unit) -> Option<(Option<UnitId>, Option<UnitId>)> {
    if !cav.on_table() || !cav.is_cavalry() || cav.routed || cav.reacted {
        return None;
    }
    if let Some(c) = state.combats.iter().find(|c| c.defender == cav.id) {
        return Some((Some(c.attackers[0]), None));
    }
    let weight = cav.brigade()?.weight?;
    let zone = state.field.tables.reaction.zone_of(weight);
    let cb = cav.base();
    // The closest enemy in the zone; it must be one that moved, and none may be passed.
    let closest = state
        .near_unit(cav, zone)
        .filter(|e| e.side != cav.side && !e.is_officer() && in_front(&cb, &e.base()))
        .map(|e| (e, distance(&cb, &e.base())))
        .filter(|(_, d)| *d <= zone)
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.id.cmp(&b.0.id)))?;
    closest.0.shifted.then_some((None, Some(closest.0.id)))
}

pub fn check_react(state: &State, cav: &Unit) -> Result<(), Illegal> {
    eligible(state, cav)
        .map(|_| ())
        .ok_or_else(|| Illegal::new(R, format!("{} has nothing to react to", cav.label)))
}

/// The facts of a cavalry brigade's reaction roll on the table.
pub fn facts(state: &State, cav: &Unit, charged: bool) -> crate::resolve::reaction::Situation {
    crate::resolve::reaction::situation(state, cav, charged)
}

pub fn react(ctx: &mut Ctx, unit: UnitId) {
    let cav = ctx.state.unit(unit).clone();
    let Some((charged_by, toward)) = eligible(ctx.state, &cav) else {
        return;
    };
    let f = facts(ctx.state, &cav, charged_by.is_some());
    let t = ctx.state.field.tables.reaction.clone();
    let test = crate::resolve::reaction::roll(&t, &f, ctx.dice);
    ctx.emit(Event::ReactionRoll {
        unit,
        test,
        charged_by,
        toward,
    });
}

/// The steps that carry `cav` straight at `target`: turn to face it, then forward to touch.
pub fn charge_steps(cav: &Unit, target: &Unit) -> Vec<Step> {
    let want = angle_of(target.pose.pos - cav.pose.pos);
    let turn = wrap(want - cav.pose.facing).to_degrees();
    let mut steps = Vec::new();
    let mut pose = cav.pose;
    if turn.abs() > 0.5 {
        let s = Step::Wheel {
            left: turn > 0.0,
            degrees: turn.abs(),
        };
        pose = s.apply(pose, cav.size(), cav.size());
        steps.push(s);
    }
    // Conservative advancement to the first touch.
    let mut d = 0.0;
    let tb = target.base();
    for _ in 0..40 {
        let b = cav.at(pose.advanced(d, 0.0));
        let gap = distance(&b, &tb);
        if gap <= 0.02 {
            break;
        }
        d += gap;
    }
    if d > 0.0 {
        steps.push(Step::Forward { d });
    }
    steps
}

/// Cavalry charged meets the charge with its own ("NW 10.2"): it no longer meets it at the
/// halt, and the attacker is set back the table's 1" while the cavalry comes forward as far
/// to meet it again. The two shift only when they meet front to front, the attacker alone
/// against the cavalry, and both have room on the table clear of other units; otherwise the
/// contact stays as it is (ruling N27).
pub fn countercharge(ctx: &mut Ctx, unit: UnitId, by: UnitId) {
    ctx.emit(Event::Countercharged { unit });
    let setback = ctx.state.field.tables.reaction.countercharge_setback;
    let cav = ctx.state.unit(unit).clone();
    let a = ctx.state.unit(by).clone();
    let alone = ctx
        .state
        .combats
        .iter()
        .find(|c| c.defender == unit)
        .is_some_and(|c| c.attackers == [by]);
    let face_to_face = face_toward(&cav.base(), a.pose.pos) == Face::Front
        && face_toward(&a.base(), cav.pose.pos) == Face::Front;
    if setback <= 0.0 || !alone || !face_to_face {
        return;
    }
    let (a_to, cav_to) = (
        a.pose.advanced(-setback, 0.0),
        cav.pose.advanced(setback, 0.0),
    );
    let (ab, cb) = (a.at(a_to), cav.at(cav_to));
    let clear = |b: &grognard_geometry::Base| {
        ctx.state.field.contains(b)
            && ctx.state.near(b.pose.pos, b.radius()).all(|o| {
                o.id == unit
                    || o.id == by
                    || o.is_officer()
                    || o.attached == Some(unit)
                    || o.attached == Some(by)
                    || !overlapping(b, &o.base())
            })
    };
    if !(clear(&ab) && clear(&cb) && touching(&ab, &cb) && !overlapping(&ab, &cb)) {
        return;
    }
    ctx.emit(Event::Moved {
        unit: by,
        to: a_to,
        cost: 0.0,
        road: a.road_moved,
    });
    ctx.emit(Event::Moved {
        unit,
        to: cav_to,
        cost: 0.0,
        road: false,
    });
}

pub fn evade(ctx: &mut Ctx, unit: UnitId, from: UnitId) {
    let full = crate::phases::movement::full_allowance(ctx.state, ctx.state.unit(unit));
    crate::phases::fallback::fall_back(ctx, unit, from, full, "evades a full move", false);
    let sk = ctx.state.unit(unit).brigade().is_some_and(|b| b.sk > 0);
    if !sk {
        ctx.disorder(unit, "evaded");
    }
    ctx.emit(Event::ContactBroken { defender: unit });
}

pub fn pending_of(state: &State) -> Option<(UnitId, Option<UnitId>, Option<UnitId>)> {
    match &state.pending {
        Some(Pending::Reaction {
            unit,
            charged_by,
            toward,
            ..
        }) => Some((*unit, *charged_by, *toward)),
        _ => None,
    }
}
