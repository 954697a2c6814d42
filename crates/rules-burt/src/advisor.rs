//! The general: commands worth considering, each scored. It reads only what its side may
//! see ([`crate::state::State::seen_by`]): the other side's face-down orders are blank to
//! it, as to a player.
//!
//! The book gives little tactical advice, and what it says of reserves is a rule (a reserve
//! committed to support stays committed, so a feint may draw it, "Burt 5"), not counsel.
//! The rest is the project's own, weighed against army morale ("Burt 10"), which decides a
//! battle that runs to its last turn: every rout and every reserve committed costs a point.
//! So the general keeps its reserves back and commits none to support (a certain point
//! against a rout that may not come), orders an assault where the odds of the whole of it
//! (the target's test, the assaulters' test to go in, the melee) are about even or better,
//! and sends its horse from reserve only for a charge the odds favour. Foot closes to
//! 5" (medium musket range, inside its own charge reach) in column and deploys into line
//! to fire, forms square when horse comes near; guns fire from where they stand, units in
//! disorder regroup out of reach, and command elements keep with their brigades. A unit
//! keeps its orders unless its command element touches it ("Burt 4"): where horse in
//! reserve has a charge worth making and its brigade staff is too far off to send it, the
//! commander-in-chief rides over and takes it over ("Burt 12"). Fire falls first where one
//! of our assaults falls, since a target with losses this turn tests the worse for them.

use crate::command::{Command, Reaction};
use crate::measure;
use crate::offer;
use crate::phases::{assault, movement, orders};
use crate::resolve::fire::Situation as Shot;
use crate::resolve::melee;
use crate::state::{Arm, Cohesion, Formation, Order, Phase, State, Troop, Unit};
use grognard_engine::resolution::ratio_f64;
use grognard_engine::{Candidate, Side};
use grognard_geometry::distance::base_base;
use grognard_geometry::{dir, Base, Pose, Vec2};

fn cand(command: Command, score: f64, why: &'static str) -> Candidate<Command> {
    Candidate {
        command,
        score,
        why,
        checked: false,
    }
}

pub fn candidates(view: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    if view.outcome.is_some() {
        return;
    }
    if view.choosing == Some(side) {
        out.push(cand(
            Command::GoFirst { first: false },
            1.0,
            "let the enemy show his hand",
        ));
        out.push(cand(Command::GoFirst { first: true }, 0.5, "take the lead"));
        return;
    }
    match view.phase() {
        Phase::Orders => each_unit(view, side, out, orders_for),
        Phase::Declare => declare(view, side, out),
        Phase::Manoeuvre => each_unit(view, side, out, manoeuvre_for),
        Phase::Reserve => reserve(view, side, out),
        Phase::Command => each_unit(view, side, out, command_for),
        Phase::Fire => firing(view, side, out),
        Phase::Reaction => reaction(view, side, out),
        _ => {}
    }
    out.push(cand(Command::Done, 1.0, "done with the phase"));
}

type ForUnit = fn(&State, Side, &Unit, &mut Vec<Candidate<Command>>);

/// The phase's advice for each of the side's units in turn.
fn each_unit(view: &State, side: Side, out: &mut Vec<Candidate<Command>>, f: ForUnit) {
    for u in own(view, side) {
        f(view, side, u, out);
    }
}

/// The phases whose advice is each unit's own, with what gives it and whether it is the
/// officers' (which read the fighting troops, and a general the command elements too).
fn per_unit(phase: Phase) -> Option<(ForUnit, bool)> {
    match phase {
        Phase::Orders => Some((orders_for, false)),
        Phase::Manoeuvre => Some((manoeuvre_for, false)),
        Phase::Command => Some((command_for, true)),
        _ => None,
    }
}

/// What the general keeps from one decision to the next within a phase: each unit's advice,
/// with the distance within which a change to any unit could alter it. In the change of
/// orders and the manoeuvres, a unit's advice reads only the unit, the nearest enemy and
/// what stands within the farthest anyone moves or charges of it; so a command changes the
/// advice of the units near what it changed, and the rest is kept.
#[derive(Default)]
pub struct Memo {
    at: Option<(grognard_engine::sequence::Clock, Side)>,
    seen: Vec<Unit>,
    kept: Vec<Option<(f64, Vec<Candidate<Command>>)>>,
}

/// [`candidates`] through the general's memo: the same candidates in the same order.
pub fn candidates_with(
    view: &State,
    side: Side,
    memo: &mut Memo,
    out: &mut Vec<Candidate<Command>>,
) {
    let (f, officers) = match per_unit(view.phase()) {
        Some(f) if view.outcome.is_none() && view.choosing != Some(side) => f,
        _ => return candidates(view, side, out),
    };
    let n = view.units.len();
    if memo.at != Some((view.clock, side)) || memo.seen.len() != n {
        memo.at = Some((view.clock, side));
        memo.seen = view.units.clone();
        memo.kept = vec![None; n];
    } else {
        // Where something changed, before and after, and how far its stands spread.
        let mut changed: Vec<(Vec2, Vec2, f64)> = Vec::new();
        let mut troops_changed = false;
        for (i, u) in view.units.iter().enumerate() {
            if *u != memo.seen[i] {
                troops_changed |= u.fights() || memo.seen[i].fights();
                let was = &memo.seen[i];
                changed.push((
                    was.pose.pos,
                    u.pose.pos,
                    measure::spread(was).max(measure::spread(u)),
                ));
                memo.seen[i] = u.clone();
                memo.kept[i] = None;
            }
        }
        for (i, u) in view.units.iter().enumerate() {
            let stale = memo.kept[i].as_ref().is_some_and(|(r, _)| {
                (officers && (troops_changed || (u.is_general() && !changed.is_empty())))
                    || changed.iter().any(|(a, b, s)| {
                        a.distance(u.pose.pos).min(b.distance(u.pose.pos)) <= r + s
                    })
            });
            if stale {
                memo.kept[i] = None;
            }
        }
    }
    let farthest = view.tables().movement.farthest();
    for u in own(view, side) {
        let i = usize::from(u.id);
        if memo.kept[i].is_none() {
            let mut mine = Vec::new();
            f(view, side, u, &mut mine);
            // An officer's advice changes with the troops; a general's, which reads where
            // the command elements stand, with any change.
            let r = if officers {
                -f64::INFINITY
            } else {
                horizon(view, u, farthest)
            };
            memo.kept[i] = Some((r, mine));
        }
        if let Some((_, mine)) = &memo.kept[i] {
            out.extend(mine.iter().cloned());
        }
    }
    out.push(cand(Command::Done, 1.0, "done with the phase"));
}

/// How far from `u` a change may alter its advice: past its nearest enemy (any enemy
/// nearer would take its place), and past the farthest anyone moves or charges, with the
/// spread of its own stands and some inches to spare for the margins the advice keeps
/// (cavalry within 16", a standoff, the 1" kept from the enemy).
fn horizon(view: &State, u: &Unit, farthest: f64) -> f64 {
    let enemy =
        measure::nearest_enemy(view, u).map_or(f64::INFINITY, |e| e.pose.pos.distance(u.pose.pos));
    enemy.max(farthest.max(16.0)) + measure::spread(u) + 4.0
}

fn own(view: &State, side: Side) -> impl Iterator<Item = &Unit> {
    view.on_table().filter(move |u| u.side == side)
}

/// The expected casualties of a shot.
fn shot_value(view: &State, s: &Shot) -> f64 {
    let t = view.tables();
    let (n, few) = crate::resolve::fire::dice(t, s);
    let p = |m: &[grognard_engine::Modifier], base: i32| {
        ratio_f64(crate::resolve::chance(
            t.dice,
            crate::resolve::needed(base, m),
        ))
    };
    let hit = p(&crate::resolve::fire::modifiers(t, s), t.fire.hit);
    let mut few_m = crate::resolve::fire::modifiers(t, s);
    few_m.push(grognard_engine::Modifier::new(t.fire.few_figures, "few"));
    let hit_few = p(&few_m, t.fire.hit);
    let save = p(&crate::resolve::fire::save_modifiers(t, s), t.fire.save);
    (f64::from(n) * hit + f64::from(few) * hit_few) * (1.0 - save)
}

/// What a melee is worth to the assaulter, from its exact odds: the chance the defenders
/// break less the chance the assaulters do (a rout costs army morale, "Burt 10"), with a
/// push back counting for a little.
fn melee_edge(view: &State, s: &melee::Situation) -> f64 {
    use grognard_engine::resolution::Resolution;
    use melee::Verdict;
    let odds = melee::MeleeRoll.odds(view.tables(), s);
    odds.outcomes
        .iter()
        .map(|(v, p)| {
            let worth = match v {
                Verdict::AttackerBreaks => 1.0,
                Verdict::AttackerPushesBack => 0.25,
                Verdict::Indecisive => 0.0,
                Verdict::DefenderPushesBack => -0.25,
                Verdict::DefenderBreaks => -1.0,
            };
            worth * ratio_f64(*p)
        })
        .sum()
}

/// What an assault is worth to the assaulter, from exact odds of the whole of it: the
/// target's test on being assaulted (a failure routs it), the assaulters' test to go in
/// (a failure keeps them back, a class of order down), then the melee ("Burt 8", "Burt 9").
fn assault_edge(view: &State, u: &Unit, t: &Unit) -> f64 {
    let (holds, goes) = assault_tests(view, u, t);
    edge_of(
        holds,
        goes,
        melee_edge(view, &melee_situation_for(view, u, t)),
    )
}

/// An assault's worth from the chances that the target holds and that the assaulters go
/// in, and the melee's worth ([`melee_edge`], between -1 and 1).
fn edge_of(holds: f64, goes: f64, melee: f64) -> f64 {
    (1.0 - holds) + holds * (goes * melee - (1.0 - goes) * BALK)
}

/// The chances that the target of an assault passes its test on being assaulted, and that
/// the assaulters pass theirs to go in.
fn assault_tests(view: &State, u: &Unit, t: &Unit) -> (f64, f64) {
    use crate::phases::morale::{situation, Facts};
    use crate::resolve::morale::{need, Reason};
    let tables = view.tables();
    let pass = |s: &crate::resolve::morale::Situation| {
        ratio_f64(crate::resolve::chance(tables.dice, need(tables, s)))
    };
    let holds = pass(&situation(
        view,
        t,
        Reason::BeingAssaulted,
        Facts {
            charging: None,
            charged: true,
        },
    ));
    let goes = pass(&situation(
        view,
        u,
        Reason::TryingToAssault,
        Facts {
            charging: Some(t.id),
            charged: false,
        },
    ));
    (holds, goes)
}

/// What a failed test to go in costs the assaulters: a class of order, and the turn.
const BALK: f64 = 0.1;

/// What a weak target (out of order, guns, skirmishers) adds to an assault's worth: a
/// beaten target is easier to reach again.
const WEAK_TARGET: f64 = 0.3;

/// Whether `u` has an assault worth more than `bar` on a target within `within` (squares
/// apart, and horse unless `horse`), by [`assault_edge`], weak targets counted a little
/// better. The melee's odds, the dear part, are worked out only where the tests alone leave
/// the answer open.
fn assault_worth(view: &State, u: &Unit, within: f64, horse: bool, bar: f64) -> bool {
    measure::enemies_within(view, u, within)
        .filter(|t| t.fights() && !t.routing() && t.formation != Formation::Square)
        .filter(|t| horse || !t.is_cavalry())
        .filter(|t| measure::gap(u, t) <= within)
        .any(|t| {
            let weak =
                t.cohesion >= Cohesion::Disordered || t.is_guns() || t.troop == Troop::Skirmishers;
            let bonus = if weak { WEAK_TARGET } else { 0.0 };
            let (holds, goes) = assault_tests(view, u, t);
            if edge_of(holds, goes, -1.0) + bonus > bar + 1e-9 {
                return true;
            }
            if edge_of(holds, goes, 1.0) + bonus + 1e-9 <= bar {
                return false;
            }
            edge_of(
                holds,
                goes,
                melee_edge(view, &melee_situation_for(view, u, t)),
            ) + bonus
                > bar
        })
}

fn enemy_cavalry_near(view: &State, u: &Unit, within: f64) -> bool {
    measure::enemies_within(view, u, within)
        .any(|e| e.is_cavalry() && !e.routing() && measure::gap(u, e) <= within)
}

/// Whether an enemy that may assault has the unit within its charge reach.
fn threatened(view: &State, u: &Unit) -> bool {
    let farthest = view.tables().movement.farthest() + 0.5;
    measure::enemies_within(view, u, farthest).any(|e| {
        e.fights()
            && !e.routing()
            && !e.is_guns()
            && e.troop != Troop::Skirmishers
            && measure::rates(view, e)
                .charge
                .is_some_and(|reach| measure::gap(u, e) <= reach + 0.5)
    })
}

/// Turns before the end when leaving reserve to charge is no longer worth its cost.
const LATE: u32 = 3;

/// The order the general wants for a unit.
fn wanted(view: &State, u: &Unit) -> Order {
    let Some(e) = measure::nearest_enemy(view, u) else {
        return Order::Manoeuvre;
    };
    let gap = measure::gap(u, e);
    let musket = view.tables().ranges.musket.long;
    if u.cohesion >= Cohesion::Disordered && u.cohesion != Cohesion::Routing && !threatened(view, u)
    {
        return Order::Regroup;
    }
    // Close-order foot already unformed will not cross rough going (it would fall into
    // disorder): where such going bars its way, it regroups first.
    if u.cohesion == Cohesion::Unformed
        && u.troop == Troop::Infantry
        && !threatened(view, u)
        && rough_ahead(view, u, e)
    {
        return Order::Regroup;
    }
    if let Some(c) = u.calibre {
        let reach = view.tables().ranges.of(c.ball()).medium;
        return if gap <= reach {
            Order::Fire
        } else {
            Order::Manoeuvre
        };
    }
    if u.is_cavalry() {
        let reach = measure::rates(view, u).charge.unwrap_or(0.0);
        // Leaving reserve costs army morale: late in the day a charge cannot repay it.
        let late = !u.left_reserve && view.clock.turn + LATE > view.field.turns;
        // Any charge the odds favour, within a few inches of reach (the target may come
        // on): routs are what bring an army down.
        if !late && assault_worth(view, u, reach + 4.0, true, 0.0) {
            return Order::Assault;
        }
        if !u.left_reserve {
            // Leaving reserve costs army morale: only for a charge worth making.
            return Order::Reserve;
        }
        return Order::Manoeuvre;
    }
    if u.troop == Troop::Skirmishers {
        // Under FIRE orders skirmishers may not evade: not where a charge could reach them.
        if threatened(view, u) {
            return Order::Manoeuvre;
        }
        return if gap <= musket + 3.0 {
            Order::Fire
        } else {
            Order::Manoeuvre
        };
    }
    let reach = measure::rates(view, u).charge.unwrap_or(0.0);
    // An assault whose whole course (the tests, then the melee) is about even or better.
    if assault_worth(view, u, reach, false, -0.2) {
        return Order::Assault;
    }
    // FIRE orders allow only part of a move ("Burt 5"): foot keeps its MANOEUVRE orders
    // until it is well inside musket range, so as to close to short range at full pace.
    if gap <= musket - 1.0 {
        return Order::Fire;
    }
    Order::Manoeuvre
}

/// Whether rough going lies within an inch of `u` on its way to `e`.
fn rough_ahead(view: &State, u: &Unit, e: &Unit) -> bool {
    let d = 1.0;
    measure::gap(u, e) > view.tables().ranges.musket.short + d
        && movement::check_move(view, u.side, u.id, &step_toward(u, e.pose.pos, d))
            .is_ok_and(|plan| plan.rough)
}

/// A unit's orders for the turn, the one the general wants scored above the rest.
fn orders_for(view: &State, side: Side, u: &Unit, out: &mut Vec<Candidate<Command>>) {
    if orders::may_change(view, u).is_err() {
        return;
    }
    let w = wanted(view, u);
    for o in Order::ALL {
        if orders::check(view, side, u.id, o).is_err() {
            continue;
        }
        let score = if o == w && u.order() != Some(w) {
            3.0
        } else {
            0.1
        };
        out.push(cand(
            Command::Order {
                unit: u.id,
                order: o,
            },
            score,
            "orders for the turn",
        ));
    }
}

fn declare(view: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for (u, t) in offer::assaults(view, side) {
        let v = assault_edge(view, u, t);
        out.push(cand(
            Command::Assault {
                unit: u.id,
                target: t.id,
            },
            3.0 + v,
            "assault where the odds favour us",
        ));
    }
}

fn melee_situation_for(view: &State, u: &Unit, t: &Unit) -> melee::Situation {
    melee::Situation {
        attacker: assault::fighter(view, u, t, true, &[]),
        defender: assault::fighter(view, t, u, false, &[]),
    }
}

/// A pose `d` inches from `u` toward `p`, facing `p`.
fn step_toward(u: &Unit, p: Vec2, d: f64) -> Pose {
    let to = measure::toward(u.pose.pos, p, d);
    Pose::at(to, measure::heading(u.pose.pos, p))
}

/// As much of the move to `to` as the unit may make now: all of it if that is legal, else
/// the largest share of the way there (with the new facing), else nothing.
fn fitted(view: &State, u: &Unit, to: Pose) -> Option<Pose> {
    // Close-order troops lose a class of order on rough going: once, to cross the stream,
    // is worth it; not when the unit is already out of order.
    let careful = u.fights() && u.troop != Troop::Skirmishers && u.cohesion >= Cohesion::Unformed;
    let legal = |p: &Pose| {
        movement::check_move(view, u.side, u.id, p).is_ok_and(|plan| !(careful && plan.rough))
    };
    if legal(&to) {
        return Some(to);
    }
    let part = |t: f64| Pose::at(u.pose.pos + (to.pos - u.pose.pos) * t, to.facing);
    if !legal(&part(0.0)) {
        return None;
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    for _ in 0..7 {
        let mid = 0.5 * (lo + hi);
        if legal(&part(mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(part(lo))
}

/// A unit's moves and changes of formation in the manoeuvres phase.
fn manoeuvre_for(view: &State, _side: Side, u: &Unit, out: &mut Vec<Candidate<Command>>) {
    if !u.fights() || u.marks.moved {
        return;
    }
    let order = u.order();
    if !matches!(order, Some(Order::Manoeuvre | Order::Fire | Order::Assault)) {
        return;
    }
    let Some(e) = measure::nearest_enemy(view, u) else {
        return;
    };
    let gap = measure::gap(u, e);
    let rate = measure::rates(view, u).normal;
    // Formations.
    if order == Some(Order::Manoeuvre) {
        let mut forms: Vec<(Formation, f64)> = Vec::new();
        if u.troop == Troop::Infantry {
            if enemy_cavalry_near(view, u, 16.0) && u.formation != Formation::Square {
                forms.push((Formation::Square, 5.0));
            } else if gap > 18.0 && u.formation == Formation::Line {
                forms.push((Formation::Column, 2.5));
            } else if gap <= 12.0
                && u.formation != Formation::Line
                && !enemy_cavalry_near(view, u, 16.0)
            {
                forms.push((Formation::Line, 2.5));
            }
        }
        if let Some(c) = u.calibre {
            let reach = view.tables().ranges.of(c.ball()).medium;
            if u.formation == Formation::Limbered && gap <= reach {
                forms.push((Formation::Line, 4.0));
            } else if u.formation == Formation::Line && gap > reach {
                forms.push((Formation::Limbered, 2.0));
            }
        }
        for f in Formation::ALL {
            if u.troop.takes(f) && f != u.formation {
                let score = forms.iter().find(|(x, _)| *x == f).map_or(0.05, |x| x.1);
                out.push(cand(
                    Command::Form {
                        unit: u.id,
                        formation: f,
                    },
                    score,
                    "formation",
                ));
            }
        }
    }
    // Facing the enemy where it stands (a FIRE unit whose target is out of its arc).
    if !measure::target_in_arc(u, e) {
        out.push(cand(
            Command::Move {
                unit: u.id,
                to: Pose::at(u.pose.pos, measure::heading(u.pose.pos, e.pose.pos)),
            },
            2.0,
            "face the enemy",
        ));
    }
    // Advances, to musket range for foot and guns, to charge reach for horse.
    let standoff = if u.is_cavalry() {
        measure::rates(view, u).charge.unwrap_or(rate) - 1.0
    } else if u.is_guns() {
        u.calibre
            .map_or(6.0, |c| view.tables().ranges.of(c.ball()).medium * 0.8)
    } else if u.troop == Troop::Skirmishers {
        // Skirmishers fire from long range, out of the reach of a charge by foot.
        view.tables().ranges.musket.long - 0.4
    } else {
        // Foot closes to 5" with the book's ranges: medium musket range, and inside its
        // own charge reach in line, so that it may assault where the odds allow.
        view.tables().ranges.musket.short + 2.0
    };
    let want = (gap - standoff).max(0.0);
    if want > 0.0 {
        // Ways forward, each cut to what the unit may legally go: straight at the
        // enemy, straight on, and half turned toward him.
        let ahead = u.pose.advanced(rate, 0.0);
        let straight = step_toward(u, e.pose.pos, want.min(rate));
        let half = Pose::at(
            (ahead.pos + straight.pos) * 0.5,
            u.pose.facing + grognard_geometry::wrap(straight.facing - u.pose.facing) * 0.5,
        );
        let from = u.pose.pos.distance(e.pose.pos);
        for goal in [straight, ahead, half] {
            let Some(to) = fitted(view, u, goal) else {
                continue;
            };
            let progress = from - to.pos.distance(e.pose.pos);
            if progress <= 0.1 {
                continue;
            }
            let score = 2.5 - (want.min(rate) - progress).abs() / rate.max(1.0);
            out.push(Candidate {
                checked: true,
                ..cand(Command::Move { unit: u.id, to }, score, "advance")
            });
        }
    } else {
        out.push(cand(
            Command::Move {
                unit: u.id,
                to: u.pose,
            },
            0.2,
            "hold the ground",
        ));
    }
    // Sideways and back, for variety.
    for (ahead, left) in [(0.0, rate * 0.3), (0.0, -rate * 0.3), (-rate * 0.25, 0.0)] {
        out.push(cand(
            Command::Move {
                unit: u.id,
                to: u.pose.advanced(ahead, left),
            },
            0.1,
            "shift",
        ));
    }
}

fn reserve(view: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    let centre = side_centre(view, side);
    for u in own(view, side) {
        if u.order() != Some(Order::Reserve) || u.marks.reserve_moved {
            continue;
        }
        for f in own(view, side) {
            if assault::check_support(view, side, u.id, f.id).is_ok() {
                // Committing costs a point of army morale for certain, and the friend's rout
                // would cost no more: the general offers it but does not take it.
                out.push(cand(
                    Command::Support {
                        unit: u.id,
                        friend: f.id,
                    },
                    0.2,
                    "commit the reserve where the assault falls",
                ));
            }
        }
        let r = measure::rates(view, u);
        let d = r.reserve.unwrap_or(r.normal) * 0.5;
        if let Some(c) = centre {
            let behind = c + view.field.home[side.index()] * 8.0;
            if u.pose.pos.distance(behind) > 3.0 {
                let facing = u.pose.facing;
                let to = measure::toward(u.pose.pos, behind, d);
                out.push(cand(
                    Command::Move {
                        unit: u.id,
                        to: Pose::at(to, facing),
                    },
                    1.2,
                    "keep the reserve behind the centre",
                ));
            }
        }
        out.push(cand(
            Command::Move {
                unit: u.id,
                to: u.pose.advanced(d, 0.0),
            },
            0.1,
            "reserve move",
        ));
    }
}

fn side_centre(view: &State, side: Side) -> Option<Vec2> {
    let pts: Vec<Vec2> = own(view, side)
        .filter(|u| u.fights() && !u.routing())
        .map(|u| u.pose.pos)
        .collect();
    (!pts.is_empty()).then(|| pts.iter().copied().sum::<Vec2>() / pts.len() as f64)
}

/// Where a command element should stand for the next orders: behind its brigade, touching
/// as many of its units as it can, those whose orders want changing counting double.
fn brigade_post(view: &State, side: Side, o: &Unit) -> Option<Vec2> {
    let brigade: Vec<&Unit> = own(view, side)
        .filter(|u| u.brigade == o.brigade && u.fights() && !u.routing())
        .collect();
    let mut posts: Vec<Vec2> = brigade.iter().map(|u| measure::behind(u)).collect();
    for (i, a) in brigade.iter().enumerate() {
        for b in &brigade[i + 1..] {
            posts.push((measure::behind(a) + measure::behind(b)) * 0.5);
        }
    }
    let reach = measure::rates(view, o).normal;
    let weights: Vec<(Base, f64)> = brigade
        .iter()
        .map(|u| {
            let w = if u.order() != Some(wanted(view, u)) {
                2.0
            } else {
                1.0
            };
            (u.footprint(), w)
        })
        .collect();
    let worth = |p: Vec2| -> f64 {
        let mut at = o.clone();
        at.pose = Pose::at(p, o.pose.facing);
        let fp = at.footprint();
        let touched: f64 = weights
            .iter()
            .filter(|(b, _)| base_base(&fp, b) <= measure::COMMAND_CONTACT - 0.05)
            .map(|(_, w)| w)
            .sum();
        let far = o.pose.pos.distance(p);
        touched - if far > reach { 10.0 } else { 0.01 * far }
    };
    posts
        .into_iter()
        .map(|p| (worth(p), p))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, p)| p)
}

/// How far a command element must be from its horse before a general takes the horse over.
const OUT_OF_COMMAND: f64 = 6.0;

/// Horse still in reserve, with a charge the general would make, that its brigade's command
/// element is too far off to touch (the farthest from it first): without a general its
/// chit cannot change, and the charge is lost.
fn horse_out_of_command(view: &State, side: Side) -> Option<&Unit> {
    let to_staff = |u: &Unit| {
        own(view, side)
            .filter(|c| c.troop == Troop::CommandElement && c.brigade == u.brigade)
            .map(|c| base_base(&c.footprint(), &u.footprint()))
            .fold(f64::INFINITY, f64::min)
    };
    // The gap to the staff first: it is cheap, and the charge's odds are not.
    own(view, side)
        .filter(|u| u.is_cavalry() && !u.routing() && !u.left_reserve)
        .map(|u| (to_staff(u), u))
        .filter(|(gap, u)| *gap > OUT_OF_COMMAND && wanted(view, u) == Order::Assault)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, u)| u)
}

/// A general takes over unit `u` ("Burt 12"): under him it may change orders each turn
/// ("Burt 4") and tests its morale with him in contact ("Burt 8"). He rides to it, then
/// takes it over, in the same phase if he reaches it.
fn take_over(view: &State, side: Side, o: &Unit, u: &Unit, out: &mut Vec<Candidate<Command>>) {
    if movement::check_join(view, side, o.id, Some(u.id)).is_ok() {
        out.push(cand(
            Command::Join {
                general: o.id,
                unit: Some(u.id),
            },
            3.0,
            "take over horse out of command",
        ));
    } else if !o.marks.moved {
        let behind = measure::behind(u);
        let rate = measure::rates(view, o).normal;
        // Turned toward the horse (a move sideways costs more, "Burt 5"), as far as the
        // move allows.
        let goal = Pose::at(
            measure::toward(o.pose.pos, behind, rate),
            measure::heading(o.pose.pos, behind),
        );
        if let Some(to) = fitted(view, o, goal) {
            out.push(cand(
                Command::Move { unit: o.id, to },
                2.5,
                "ride to horse out of command",
            ));
        }
    }
}

/// An officer's or a wagon's moves in the command elements phase, and a general's
/// schemes: an officer reads only itself and the fighting troops, a general where the
/// command elements stand too.
fn command_for(view: &State, side: Side, o: &Unit, out: &mut Vec<Candidate<Command>>) {
    if o.is_general() && o.with.is_none() {
        if let Some(u) = horse_out_of_command(view, side) {
            take_over(view, side, o, u, out);
        }
    }
    officer_moves(view, side, o, out);
}

/// The moves an officer or a wagon is offered in the command elements phase.
fn officer_moves(view: &State, side: Side, o: &Unit, out: &mut Vec<Candidate<Command>>) {
    if !(o.is_officer() || o.arm() == Arm::Train) || o.marks.moved {
        return;
    }
    if o.with.is_some() {
        if movement::check_join(view, side, o.id, None).is_ok() {
            out.push(cand(
                Command::Join {
                    general: o.id,
                    unit: None,
                },
                0.5,
                "leave the unit",
            ));
        }
        return;
    }
    let target = if o.troop == Troop::CommandElement {
        match brigade_post(view, side, o) {
            Some(p) => p,
            None => return,
        }
    } else {
        // A general in contact steadies a unit's morale ("Burt 8"): behind the unit
        // nearest the enemy.
        let front = own(view, side)
            .filter(|u| u.fights() && !u.routing() && !u.is_guns())
            .filter_map(|u| Some((u, measure::gap(u, measure::nearest_enemy(view, u)?))))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        match (front, side_centre(view, side)) {
            (Some((u, _)), _) => measure::behind(u),
            (None, Some(c)) => c + view.field.home[side.index()] * 5.0,
            (None, None) => return,
        }
    };
    let d = o.pose.pos.distance(target);
    if d > 0.3 {
        let rate = measure::rates(view, o).normal;
        let to = measure::toward(o.pose.pos, target, rate);
        out.push(cand(
            Command::Move {
                unit: o.id,
                to: Pose::at(to, o.pose.facing),
            },
            2.0,
            "keep with the troops",
        ));
    }
    out.push(cand(
        Command::Move {
            unit: o.id,
            to: Pose::at(o.pose.pos + dir(o.pose.facing) * 3.0, o.pose.facing),
        },
        0.1,
        "ride forward",
    ));
}

fn firing(view: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for (u, t, s) in offer::shots(view, side) {
        let v = shot_value(view, &s);
        // A tenth of its figures lost to fire this turn makes the target test its
        // morale: fire is best heaped on one target until it must, the more so
        // the nearer it stands to routing.
        let had = f64::from(t.figures + t.marks.lost);
        let short =
            view.tables().morale.fire_casualty_share * had - f64::from(t.marks.lost_to_fire);
        let brink = match t.cohesion {
            Cohesion::Formed => 0.5,
            Cohesion::Unformed => 0.8,
            Cohesion::Disordered => 1.2,
            _ => 2.0,
        };
        let mut bonus = if short > 0.0 && v >= 0.6 * short {
            brink
        } else {
            0.0
        };
        // A target that loses figures this turn tests on being assaulted a point
        // worse ("Burt 8"): one of our assaults falling on it makes any loss count.
        if t.marks.lost == 0 && assault::is_assaulted(view, t.id) {
            bonus += 1.0 - (-v).exp();
        }
        out.push(cand(
            Command::Fire {
                unit: u.id,
                target: t.id,
            },
            2.0 + v + bonus,
            "fire where it hurts most",
        ));
    }
}

/// How an assaulted unit meets the assault, from the exact odds of the melee each reaction
/// leads to: holding, countercharging (which fights as charging), a volley first (then the
/// melee as held), or evading (no melee, but the unit must regroup).
fn reaction(view: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for u in own(view, side) {
        if u.marks.reacted || u.routing() || !assault::is_assaulted(view, u.id) {
            continue;
        }
        let attacker = assault::assaulters(view, u.id).next();
        // The melee's worth to the defender, as it holds or as it countercharges.
        let worth = |charging: bool| {
            attacker.map_or(0.0, |a| {
                let mut d = u.clone();
                d.marks.countercharged = charging;
                -melee_edge(view, &assault::melee_situation(view, a, &d))
            })
        };
        let allowed: Vec<Reaction> = Reaction::ALL
            .into_iter()
            .filter(|r| assault::reaction_allowed(view, u, *r).is_ok())
            .collect();
        // Holding and firing first both fight the melee as held: worked out once.
        let hold = if allowed
            .iter()
            .any(|r| matches!(r, Reaction::Hold | Reaction::Fire))
        {
            worth(false)
        } else {
            0.0
        };
        for r in allowed {
            let value = match r {
                Reaction::Hold => hold,
                Reaction::Countercharge => worth(true),
                Reaction::Fire => hold + 0.3,
                Reaction::Evade => {
                    if u.troop == Troop::Skirmishers || u.is_guns() {
                        0.2
                    } else {
                        -0.2
                    }
                }
            };
            out.push(cand(
                Command::React {
                    unit: u.id,
                    reaction: r,
                },
                3.0 + value,
                "meet the assault",
            ));
        }
    }
}
