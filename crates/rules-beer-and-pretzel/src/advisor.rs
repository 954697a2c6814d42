//! Legal moves apart from advice. The move generator ([`offers`]) lists what each unit
//! might do, unchecked and cheaply: moves toward and away from the enemy, turns, changes of
//! formation, fire and charges at the enemy within reach. The advisor ([`candidates`])
//! scores them as the book's author plays: fire at once when in range, charge when the
//! odds favour it (he writes that the cascading attack favours the attacker), screen with
//! skirmishers, move in column and fight in line, form square against cavalry.

use crate::command::Command;
use crate::measure;
use crate::phases::{charge, fire, movement};
use crate::resolve::{melee, morale};
use crate::state::{Arm, Order, Pending, State, Status, Unit};
use grognard_engine::resolution::Resolution;
use grognard_engine::{Candidate, Side};
use grognard_geometry::{angle_of, dir, Pose, Vec2};

/// How far the generator looks for targets.
const REACH: f64 = 20.0;

fn answers(state: &State, out: &mut Vec<Command>) -> bool {
    match &state.pending {
        Some(Pending::ReturnFire { .. }) => {
            out.push(Command::ReturnFire { fire: true });
            out.push(Command::ReturnFire { fire: false });
            true
        }
        Some(Pending::Charged {
            may_fire,
            may_square,
            ..
        }) => {
            for fire in [false, true] {
                for square in [false, true] {
                    if (!fire || *may_fire) && (!square || *may_square) {
                        out.push(Command::Respond { fire, square });
                    }
                }
            }
            true
        }
        None => false,
    }
}

/// Places a unit might move to: its full move and half of it toward the nearest enemy and
/// straight ahead, half back, a turn to face the enemy.
fn places(state: &State, u: &Unit) -> Vec<Pose> {
    let reach = movement::allowance(state, u);
    let mut out = Vec::new();
    if reach <= 0.0 {
        return out;
    }
    let ahead = dir(u.pose.facing);
    for share in [1.0, 0.5] {
        out.push(Pose::at(u.pose.pos + ahead * reach * share, u.pose.facing));
    }
    out.push(Pose::at(u.pose.pos - ahead * reach * 0.25, u.pose.facing));
    if let Some(e) = measure::nearest_enemy(state, u) {
        let to = e.pose.pos - u.pose.pos;
        let facing = angle_of(to);
        out.push(Pose::at(u.pose.pos, facing));
        let d = to.length();
        for keep in [1.0, 0.5] {
            let go = (reach * keep).min((d - 4.0).max(0.0));
            if go > 0.1 {
                out.push(Pose::at(u.pose.pos + to.normalize_or_zero() * go, facing));
            }
        }
    }
    out
}

/// The move generator: each offer legal unless [`crate::orders::check`] refuses it.
pub fn offers(state: &State, side: Side, out: &mut Vec<Command>) {
    if answers(state, out) {
        return;
    }
    out.push(Command::EndMove);
    for u in state
        .on_table()
        .filter(|u| u.side == side && u.status == Status::Effective)
    {
        for to in places(state, u) {
            out.push(Command::Move { unit: u.id, to });
        }
        for order in Order::ALL {
            if order != u.order {
                out.push(Command::Form { unit: u.id, order });
            }
        }
        if u.arm() == Arm::Artillery {
            for g in state
                .on_table()
                .filter(|g| g.side == side && g.arm() == Arm::Artillery && g.id != u.id)
            {
                out.push(Command::Reman {
                    unit: u.id,
                    gun: g.id,
                });
            }
        }
        for e in state.near_side(side.other(), u.pose.pos, REACH) {
            if e.side == side || e.is_commander() || e.pose.pos.distance(u.pose.pos) > REACH {
                continue;
            }
            out.push(Command::Fire {
                unit: u.id,
                target: e.id,
            });
            out.push(Command::Charge {
                unit: u.id,
                target: e.id,
            });
        }
    }
}

/// The chance a charge breaks or beats its target: it routs before the charge, or loses the
/// melee that follows.
pub fn charge_value(state: &State, u: &Unit, target: &Unit, at: Pose) -> f64 {
    let t = state.tables();
    let flank = measure::from_flank(target, at.pos);
    if target.status != Status::Effective {
        return 1.0;
    }
    let check = charge::charged_check(state, u, target, flank);
    let holds = morale::MoraleCheck
        .odds(t, &check)
        .chance(|c| *c == morale::Check::Holds);
    let holds = *holds.numer() as f64 / *holds.denom() as f64;
    let fight = charge::melee_situation(state, u, target, flank);
    let wins = melee::MeleeRoll.odds(t, &fight).chance(|r| r.attacker_wins);
    let wins = *wins.numer() as f64 / *wins.denom() as f64;
    (1.0 - holds) + holds * wins
}

/// What a unit's figures are worth to the advisor.
fn worth(u: &Unit) -> f64 {
    f64::from(u.figures)
        * match u.arm() {
            Arm::Cavalry => 2.0,
            Arm::Artillery => 3.0,
            _ => 1.0,
        }
}

/// The advisor: every offer scored as the author plays.
pub fn candidates(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    let mut offered = Vec::new();
    if answers(state, &mut offered) {
        for command in offered {
            let score = match (&state.pending, &command) {
                (_, Command::ReturnFire { fire }) => f64::from(u8::from(*fire)),
                (Some(Pending::Charged { charger, .. }), Command::Respond { fire, square }) => {
                    let cavalry = state.unit(*charger).arm() == Arm::Cavalry;
                    f64::from(u8::from(*fire)) + if *square == cavalry { 0.5 } else { 0.0 }
                }
                _ => 0.0,
            };
            out.push(Candidate {
                command,
                score,
                why: "answer",
                checked: false,
            });
        }
        return;
    }
    out.push(Candidate {
        command: Command::EndMove,
        score: 0.0,
        why: "end the move",
        checked: true,
    });
    let centre = centre(state, side);
    for u in state
        .on_table()
        .filter(|u| u.side == side && u.status == Status::Effective)
    {
        advise(state, u, measure::nearest_enemy(state, u), centre, out);
    }
}

/// What of a unit its own and its neighbours' advice depends on.
#[derive(Debug, Clone, PartialEq)]
struct Look {
    pose: Pose,
    figures: u32,
    order: Order,
    status: Status,
    done: crate::state::Done,
    disrupted_until: Option<u32>,
    gone: bool,
    gun_moved: bool,
    halved: bool,
    ready_turn: u32,
    assaulted: bool,
}

fn look(u: &Unit) -> Look {
    Look {
        pose: u.pose,
        figures: u.figures,
        order: u.order,
        status: u.status,
        done: u.done,
        disrupted_until: u.disrupted_until,
        gone: u.gone,
        gun_moved: u.gun_moved,
        halved: u.halved,
        ready_turn: u.ready_turn,
        assaulted: u.assaulted,
    }
}

/// How far from a unit a change on its own side can alter its advice: the targets it weighs
/// and what stands along their lines of fire out to round shot's range, the pieces along its
/// moves and charges, the command figures near those. A change on the enemy's side can
/// alter it from farther, while its nearest enemy is farther, since its advance heads for
/// that one.
fn horizon(t: &crate::tables::Tables) -> f64 {
    let m = &t.movement;
    let fastest = [m.infantry, m.cavalry, m.artillery]
        .iter()
        .flat_map(|r| [r.line, r.column, r.skirmish, r.square.unwrap_or(0.0)])
        .fold(0.0, f64::max)
        + m.road_bonus.max(0.0);
    [
        30.0,
        REACH + t.command.radius + 6.0,
        t.artillery.round_shot_range + 12.0,
        fastest + 15.0,
    ]
    .into_iter()
    .fold(0.0, f64::max)
}

/// The advisor's memo: each unit's advice as it was last given, and what the battle looked
/// like then, so that only the units near a change are advised afresh. The advice is the
/// same with the memo as without it (the conformance kit checks it).
#[derive(Debug, Default)]
pub struct Memo {
    clock: Option<grognard_engine::sequence::Clock>,
    looks: Vec<Look>,
    /// Each unit's candidates and how far a change on the enemy's side must come to alter
    /// them.
    advice: Vec<Option<(Vec<Candidate<Command>>, f64)>>,
    /// How often each side's units have been seen to change.
    changes: [u64; 2],
    /// Each unit's nearest enemy as last found: from where, at which count of the enemy's
    /// changes, and which it was.
    nearest: Vec<Option<(Vec2, u64, Option<crate::state::UnitId>)>>,
}

/// [`candidates`], reusing through `memo` the advice of units nothing near has changed for.
pub fn candidates_with(
    state: &State,
    side: Side,
    memo: &mut Memo,
    out: &mut Vec<Candidate<Command>>,
) {
    if state.pending.is_some() {
        return candidates(state, side, out);
    }
    let n = state.units().len();
    if memo.clock != Some(state.clock) || memo.looks.len() != n {
        memo.clock = Some(state.clock);
        memo.looks = state.units().iter().map(look).collect();
        memo.advice = vec![None; n];
        memo.nearest = vec![None; n];
    } else {
        // The places where something changed, before and after, and whose it was.
        let mut moved: Vec<(Vec2, Side)> = Vec::new();
        for (i, u) in state.units().iter().enumerate() {
            let now = look(u);
            if now != memo.looks[i] {
                memo.changes[u.side.index() & 1] += 1;
                moved.push((memo.looks[i].pose.pos, u.side));
                moved.push((now.pose.pos, u.side));
                memo.looks[i] = now;
                memo.advice[i] = None;
            }
        }
        if !moved.is_empty() {
            let own = horizon(state.tables());
            // A change on a unit's own side reaches the units within the horizon of it, found
            // on the grid; the enemy's changes (return fire, a charge answered) are few and
            // reach farther, so each unit is asked.
            for (p, s) in &moved {
                for u in state.near_side(*s, *p, own) {
                    if u.pose.pos.distance(*p) <= own {
                        memo.advice[usize::from(u.id)] = None;
                    }
                }
            }
            let enemy_changed = moved.iter().any(|(_, s)| *s != side);
            for (i, u) in state.units().iter().enumerate() {
                if let Some((_, theirs)) = &memo.advice[i] {
                    let stale = u.is_commander()
                        || enemy_changed
                            && moved
                                .iter()
                                .any(|(p, s)| *s != u.side && p.distance(u.pose.pos) <= *theirs);
                    if stale {
                        memo.advice[i] = None;
                    }
                }
            }
        }
    }
    out.push(Candidate {
        command: Command::EndMove,
        score: 0.0,
        why: "end the move",
        checked: true,
    });
    let centre = centre(state, side);
    let own = horizon(state.tables());
    for u in state.units().iter() {
        if u.side != side || !u.on_table() || u.status != Status::Effective {
            continue;
        }
        let i = usize::from(u.id);
        if memo.advice[i].is_none() {
            // The nearest enemy stays the same while the unit stands where it did and no
            // enemy has changed.
            let theirs = memo.changes[u.side.other().index() & 1];
            let near = match memo.nearest[i] {
                Some((at, seen, e)) if at == u.pose.pos && seen == theirs => {
                    e.map(|e| state.unit(e))
                }
                _ => {
                    let e = measure::nearest_enemy(state, u);
                    memo.nearest[i] = Some((u.pose.pos, theirs, e.map(|e| e.id)));
                    e
                }
            };
            let mut mine = Vec::new();
            advise(state, u, near, centre, &mut mine);
            let far = near.map_or(0.0, |e| e.pose.pos.distance(u.pose.pos));
            memo.advice[i] = Some((mine, own.max(far + 1.0)));
        }
        if let Some((mine, _)) = &memo.advice[i] {
            out.extend(mine.iter().cloned());
        }
    }
}

fn push(out: &mut Vec<Candidate<Command>>, command: Command, score: f64, why: &'static str) {
    out.push(Candidate {
        command,
        score,
        why,
        checked: true,
    });
}

/// The middle of `side`'s effective troops, command figures apart, which its command
/// figures keep near.
fn centre(state: &State, side: Side) -> Option<Vec2> {
    let friends: Vec<Vec2> = state
        .on_table()
        .filter(|f| f.side == side && !f.is_commander() && f.effective())
        .map(|f| f.pose.pos)
        .collect();
    (!friends.is_empty()).then(|| friends.iter().copied().sum::<Vec2>() / friends.len() as f64)
}

/// A unit's candidates, given its nearest enemy and the middle of its side's troops.
fn advise(
    state: &State,
    u: &Unit,
    near: Option<&Unit>,
    centre: Option<Vec2>,
    out: &mut Vec<Candidate<Command>>,
) {
    let d = near.map_or(f64::INFINITY, |e| measure::gap(u, e));
    // Fire whenever a target is in reach: the more it kills, the better.
    if !u.done.fired {
        for e in state
            .near_side(u.side.other(), u.pose.pos, REACH)
            .filter(|e| !e.is_commander())
        {
            if e.pose.pos.distance(u.pose.pos) > REACH {
                continue;
            }
            if let Ok(plan) = fire::check(state, u, e, true) {
                let hits = match plan {
                    fire::Plan::Musket { figures, skirmish } => {
                        f64::from(figures) * (3.5 - if skirmish { 2.0 } else { 0.0 }) / 10.0
                    }
                    fire::Plan::RoundShot { targets } => targets.len() as f64 * 0.5,
                    fire::Plan::Canister { targets } => {
                        targets.iter().map(|(_, f)| f64::from(*f)).sum::<f64>() * 0.5
                    }
                    fire::Plan::Building { .. } => 0.3,
                };
                push(
                    out,
                    Command::Fire {
                        unit: u.id,
                        target: e.id,
                    },
                    10.0 + hits * worth(e) / f64::from(e.figures.max(1)),
                    "fire",
                );
            }
        }
    }
    // A crew too small to serve its gun joins the nearest gun that needs it, or takes one
    // that does.
    if u.arm() == Arm::Artillery && u.figures < state.tables().artillery.least_crew {
        for g in state
            .on_table()
            .filter(|g| g.side == u.side && g.arm() == Arm::Artillery && g.id != u.id)
        {
            if crate::phases::crews::check(state, u, g).is_ok() {
                push(
                    out,
                    Command::Reman {
                        unit: u.id,
                        gun: g.id,
                    },
                    9.0 - measure::gap(u, g) * 0.1,
                    "reman",
                );
            }
        }
    }
    // Charge when it is likely to break or beat the target.
    if matches!(u.arm(), Arm::Infantry | Arm::Cavalry) && !u.done.moved && !u.done.fought {
        let reach = movement::allowance(state, u);
        for e in state
            .near_side(u.side.other(), u.pose.pos, REACH)
            .filter(|e| !e.is_commander())
        {
            // Out of reach for certain: the charger's centre ends no nearer the target's
            // than the two footprints' half-diagonals (saves writing out the refusal).
            let apart = e.pose.pos.distance(u.pose.pos)
                - state.footprint_of(u.id).radius()
                - state.footprint_of(e.id).radius();
            if e.pose.pos.distance(u.pose.pos) > REACH || apart > reach + 1e-3 {
                continue;
            }
            if let Ok(at) = charge::check(state, u, e) {
                let v = charge_value(state, u, e, at);
                if v > 0.55 {
                    push(
                        out,
                        Command::Charge {
                            unit: u.id,
                            target: e.id,
                        },
                        12.0 + 10.0 * v + worth(e) * 0.1,
                        "charge",
                    );
                }
            }
        }
    }
    // Formations: column to march, line to fight, square against cavalry, skirmishers in
    // front.
    if u.arm() == Arm::Infantry && !u.done.changed_formation {
        let mine = state.footprint_of(u.id);
        let cavalry_near = state
            .near_side(u.side.other(), mine.pose.pos, mine.radius() + 12.0)
            .any(|e| {
                e.arm() == Arm::Cavalry
                    && e.status == Status::Effective
                    && measure::gap(u, e) < 12.0
            });
        let want = if cavalry_near && u.order != Order::Skirmish {
            Order::Square
        } else if u.order == Order::Skirmish {
            Order::Skirmish
        } else if d > 12.0 {
            Order::Column
        } else {
            Order::Line
        };
        if want != u.order && movement::check_form(state, u, want).is_ok() {
            push(
                out,
                Command::Form {
                    unit: u.id,
                    order: want,
                },
                8.0,
                "form",
            );
        }
    }
    // Moves: close with the enemy; guns and infantry to their range, cavalry to charging
    // distance; never stay in the open before guns within canister range.
    // A stand holding a building holds it.
    if u.done.moved
        || u.done.fought
        || u.is_commander() && near.is_none()
        || measure::garrison(state, u).is_some()
    {
        return;
    }
    let Some(e) = near else { return };
    let stop = match u.arm() {
        Arm::Infantry => 4.0,
        Arm::Cavalry => 8.0,
        Arm::Artillery => 14.0,
        Arm::Command => 6.0,
    };
    if u.is_commander() {
        // A command figure keeps near the middle of its side's troops.
        let Some(centre) = centre else { return };
        let to = centre - u.pose.pos;
        let go = to.length().min(movement::allowance(state, u));
        if go > 1.0 {
            let dest = Pose::at(u.pose.pos + to.normalize_or_zero() * go, u.pose.facing);
            if movement::check_move(state, u, &dest).is_ok() {
                push(
                    out,
                    Command::Move {
                        unit: u.id,
                        to: dest,
                    },
                    1.0,
                    "lead",
                );
            }
        }
        return;
    }
    if d > stop && !(u.arm() == Arm::Artillery && u.done.fired) {
        let reach = movement::allowance(state, u);
        let to = e.pose.pos - u.pose.pos;
        let facing = angle_of(to);
        for share in [1.0, 0.75, 0.5, 0.25] {
            let go = (reach * share).min(d - stop);
            if go <= 0.1 {
                continue;
            }
            let dest = Pose::at(u.pose.pos + to.normalize_or_zero() * go, facing);
            if movement::check_move(state, u, &dest).is_ok() {
                push(
                    out,
                    Command::Move {
                        unit: u.id,
                        to: dest,
                    },
                    5.0 + share,
                    "advance",
                );
                break;
            }
        }
    } else if !u.done.fired {
        // In range but nothing to fire at: turn to face the nearest enemy.
        let facing = angle_of(e.pose.pos - u.pose.pos);
        let dest = Pose::at(u.pose.pos, facing);
        if grognard_geometry::wrap(facing - u.pose.facing).abs() > 0.1
            && movement::check_move(state, u, &dest).is_ok()
        {
            push(
                out,
                Command::Move {
                    unit: u.id,
                    to: dest,
                },
                4.0,
                "face",
            );
        }
    }
}
