//! The general's advice: commands for the side to act, each scored. Fire goes where the
//! exact odds of the Musketry & Cannonade Table take most stands; a charge is announced
//! where the exact odds of the Maneuver and Charge Tables favour it; brigades close to musket
//! range, reserves come up by Reserve Movement, division commanders ride with the brigade
//! nearest the enemy.

use crate::command::Command;
use crate::facts::Formation;
use crate::measure;
use crate::phases::{self, charge, fire, maneuver};
use crate::resolve::charge::ChargeRoll;
use crate::resolve::fire::FireRoll;
use crate::resolve::maneuver::TacticalMovement;
use crate::scenario::Rank;
use crate::state::{Phase, State, Unit, UnitId, What};
use grognard_engine::resolution::{ratio_f64, Resolution};
use grognard_engine::sequence::Clock;
use grognard_engine::{Candidate, Side};
use grognard_geometry::distance::base_base;
use grognard_geometry::{Pose, Vec2};

/// A candidate the general need not settle again: `command` is checked here, and offered
/// only if it may be given. The memo keeps such a candidate only while nothing it rests on
/// has changed.
fn sure(
    state: &State,
    side: Side,
    command: Command,
    score: f64,
    why: &'static str,
) -> Option<Candidate<Command>> {
    phases::check(state, side, &command)
        .is_ok()
        .then_some(Candidate {
            command,
            score,
            why,
            checked: true,
        })
}

fn cand(command: Command, score: f64, why: &'static str) -> Candidate<Command> {
    Candidate {
        command,
        score,
        why,
        checked: false,
    }
}

pub fn candidates(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    if phases::to_act(state) != Some(side) {
        return;
    }
    if state.choosing == Some(side) {
        out.push(cand(Command::GoFirst { first: true }, 1.0, "go first"));
        out.push(cand(Command::GoFirst { first: false }, 0.5, "go second"));
        return;
    }
    out.push(cand(Command::Done, 0.0, "done"));
    match state.phase() {
        Phase::Initiative => {}
        Phase::Charge => breakthroughs(state, side, out),
        Phase::Attach | Phase::Leaders => leaders(state, side, out),
        Phase::Reserve => reserve(state, side, out),
        Phase::Tactical => tactical(state, side, out),
        Phase::DefensiveFire | Phase::OffensiveFire => fires(state, side, out),
    }
}

/// What the general keeps from one decision to the next: each unit's own candidates in the
/// Reserve Movement, Tactical Maneuver and fire phases, and the battle as it stood when they
/// were weighed. A unit is weighed again when it changed, or when a unit that others may
/// reckon with (where it stands, its formation, its stands, its leaders) changed within
/// the unit's reach: its moves and the fire at every place they lead to.
#[derive(Debug, Default)]
pub struct Memo {
    at: Option<(Clock, Side)>,
    seen: Vec<Unit>,
    /// The stamp of each unit seen ([`State::stamp`]): a unit whose stamp is unchanged and
    /// known is as it was seen.
    stamps: Vec<u64>,
    kept: Vec<Option<Kept>>,
    /// At least the widest footprint's radius among the fighting units of both sides:
    /// worked out when the memo starts afresh, widened by each unit that changes.
    spread: f64,
    leading: Leading,
}

#[derive(Debug)]
struct Kept {
    /// Inches from the unit's centre within which another's change may change its advice.
    reach: f64,
    /// The enemy nearest it then (its moves go toward it), if its advice looked for one,
    /// and how near the unit's centre another enemy's circle must come to be nearer: the gap
    /// to it, the unit's spread and an inch to spare.
    nearest: Option<Option<(UnitId, f64)>>,
    candidates: Vec<Candidate<Command>>,
}

/// A unit as other units' advice sees it: without what only its own orders read (its
/// Maneuver Table result and the move used, its announced charge, its Reserve Movement
/// record, whether it fired, a battery's functions).
fn outward(u: &Unit) -> Unit {
    let mut v = u.clone();
    match &mut v.what {
        What::Brigade(b) => {
            let m = &mut b.marks;
            m.maneuver = None;
            m.used = 0.0;
            m.announced = None;
            m.used_rm = false;
            m.fired = false;
            m.fired_early = false;
            m.rm_succeeded = false;
            m.rm_failures = 0;
            m.rm_this_turn = None;
        }
        What::Battery(b) => {
            b.functions = 0;
            b.used_rm = false;
            b.fired = false;
            b.fired_early = false;
        }
        What::Company(c) => {
            c.functions = 0;
            c.used_rm = false;
        }
        What::Leader(_) => {}
    }
    v
}

/// [`candidates`] through the general's memo: the same candidates in the same order.
pub fn candidates_with(
    state: &State,
    side: Side,
    memo: &mut Memo,
    out: &mut Vec<Candidate<Command>>,
) {
    let phase = state.phase();
    if phases::to_act(state) != Some(side) || state.choosing == Some(side) {
        return candidates(state, side, out);
    }
    if matches!(phase, Phase::Attach | Phase::Leaders) {
        return leaders_with(state, side, memo, out);
    }
    let per_unit: fn(&State, &Unit, &Nearest<'_>, &mut Vec<Candidate<Command>>) = match phase {
        Phase::Reserve => reserve_unit,
        Phase::Tactical => tactical_unit,
        Phase::DefensiveFire | Phase::OffensiveFire => fire_unit,
        _ => return candidates(state, side, out),
    };
    out.push(cand(Command::Done, 0.0, "done"));
    if phase == Phase::Tactical {
        grand_battery_candidates(state, side, out);
    }
    let units = state.units();
    let n = units.len();
    if memo.at != Some((state.clock, side)) || memo.seen.len() != n {
        memo.at = Some((state.clock, side));
        memo.seen = units.to_vec();
        memo.stamps = units.iter().map(|u| state.stamp(u.id)).collect();
        memo.kept = (0..n).map(|_| None).collect();
        memo.spread = measure::fighting(state, side.other())
            .chain(measure::fighting(state, side))
            .map(|u| state.print(u).radius())
            .fold(0.0, f64::max);
    } else {
        // What changed that others reckon with: where it stood and stands, how far it
        // spreads, and its side.
        let mut changed: Vec<(Vec2, Vec2, f64, Side, UnitId)> = Vec::new();
        for (i, u) in units.iter().enumerate() {
            let stamp = state.stamp(u.id);
            if stamp != 0 && stamp == memo.stamps[i] {
                continue;
            }
            memo.stamps[i] = stamp;
            let was = &memo.seen[i];
            if u == was {
                continue;
            }
            memo.kept[i] = None;
            if outward(u) != outward(was) {
                let r = was.footprint().radius().max(state.print(u).radius());
                if u.on_table() && u.fights() {
                    memo.spread = memo.spread.max(r);
                }
                changed.push((was.pose.pos, u.pose.pos, r, u.side, u.id));
            }
            memo.seen[i] = u.clone();
        }
        for (i, u) in units.iter().enumerate() {
            let Some(k) = &memo.kept[i] else { continue };
            let here = u.pose.pos;
            let stale = changed.iter().any(|&(a, b, r, s, id)| {
                let near = a.distance(here).min(b.distance(here));
                near <= k.reach + r
                    || (s != u.side
                        && match k.nearest {
                            None => false,
                            Some(None) => true,
                            Some(Some((e, gap))) => e == id || b.distance(here) <= gap + r,
                        })
            });
            if stale {
                memo.kept[i] = None;
            }
        }
    }
    let spread = memo.spread;
    for u in measure::maneuvering(state, side) {
        let i = usize::from(u.id);
        // A Grand Battery's batteries fire and act together, and engineers look for a
        // brigade anywhere on the table: weighed afresh each time.
        if u.battery().is_some_and(|b| b.grand_battery.is_some()) || u.company().is_some() {
            per_unit(state, u, &Nearest::new(state, u), out);
            continue;
        }
        if memo.kept[i].is_none() {
            let mut mine = Vec::new();
            let near = Nearest::new(state, u);
            per_unit(state, u, &near, &mut mine);
            // Only advice that looked for the nearest enemy rests on which it is.
            let nearest = near
                .found
                .get()
                .map(|e| e.map(|e| (e.id, measure::gap(u, e) + state.print(u).radius() + 1.0)));
            memo.kept[i] = Some(Kept {
                reach: reach(state, u, spread),
                nearest,
                candidates: mine,
            });
        }
        if let Some(k) = &memo.kept[i] {
            out.extend(k.candidates.iter().cloned());
        }
    }
}

/// [`leaders`] through the memo: the brigade each division commander would lead is kept
/// while no brigade or battery has changed (leaders attaching and moving change none).
fn leaders_with(state: &State, side: Side, memo: &mut Memo, out: &mut Vec<Candidate<Command>>) {
    out.push(cand(Command::Done, 0.0, "done"));
    let units = state.units();
    let fresh = memo.leading.at != Some((state.clock, side))
        || memo.leading.stamps.len() != units.len()
        || units.iter().any(|u| {
            let s = state.stamp(u.id);
            u.fights() && (s == 0 || s != memo.leading.stamps[usize::from(u.id)])
        });
    if fresh {
        memo.leading = Leading {
            at: Some((state.clock, side)),
            stamps: units.iter().map(|u| state.stamp(u.id)).collect(),
            best: vec![None; units.len()],
        };
    }
    let kept = &mut memo.leading.best;
    leaders_by(
        state,
        side,
        &mut |l, mine| *kept[usize::from(l)].get_or_insert_with(|| nearest_in_zone(state, mine)),
        out,
    );
}

/// What the general keeps in the leaders' steps: for each division commander, the brigade
/// he would lead, while the stamps of the brigades and batteries are as they were.
#[derive(Debug, Default)]
struct Leading {
    at: Option<(Clock, Side)>,
    stamps: Vec<u64>,
    best: Vec<Option<Option<UnitId>>>,
}

/// How far from a unit's centre another unit's change may reach its advice in this phase.
/// Each adds the unit's own spread and twice the widest unit's (a target's breadth, and a
/// unit in a line of sight):
/// - fire: the 16" within which targets are looked for;
/// - Reserve Movement: a full move and the 15" of the Tactical Zone beyond it;
/// - Tactical Maneuver: a full move and the 4" beyond it where charges are looked for,
///   the 16" within which fire at and from each place is reckoned, and a little for
///   leaders riding behind their brigades; nothing for a brigade that used Reserve
///   Movement, which has nothing to do.
fn reach(state: &State, u: &Unit, spread: f64) -> f64 {
    let own = state.print(u).radius() + 2.0 * spread + 1.0;
    let full = measure::full_move(state, u).max(0.0);
    match state.phase() {
        Phase::DefensiveFire | Phase::OffensiveFire => 16.0 + own,
        Phase::Reserve => full + measure::ZONE + own,
        _ if u.brigade().is_some_and(|b| b.marks.used_rm) => 0.0,
        _ => full + 4.0 + 16.0 + own + 3.0,
    }
}

/// A unit's nearest enemy, looked for once, when first needed.
struct Nearest<'a> {
    state: &'a State,
    unit: &'a Unit,
    found: std::cell::OnceCell<Option<&'a Unit>>,
}

impl<'a> Nearest<'a> {
    fn new(state: &'a State, unit: &'a Unit) -> Self {
        Nearest {
            state,
            unit,
            found: std::cell::OnceCell::new(),
        }
    }

    fn get(&self) -> Option<&'a Unit> {
        *self
            .found
            .get_or_init(|| measure::nearest_enemy(self.state, self.unit))
    }
}

fn heading(from: Vec2, to: Vec2) -> f64 {
    let d = to - from;
    d.y.atan2(d.x)
}

/// A breakthrough where the exact odds of the combat favour it.
fn breakthroughs(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for u in state.on_table().filter(|u| u.side == side) {
        let Some(b) = u.brigade() else { continue };
        if !b.marks.may_break {
            continue;
        }
        for t in charge::breakthrough_targets(state, u) {
            let mut sit = charge::would_be(state, u, b.stands(), t, measure::gap(u, t));
            sit.breakthrough = true;
            if !ChargeRoll.problems(state.tables(), &sit).is_empty() {
                continue;
            }
            let gain: f64 = ChargeRoll
                .odds(state.tables(), &sit)
                .outcomes
                .iter()
                .map(|(r, p)| {
                    (f64::from(r.defender.stands) - f64::from(r.attacker.stands)) * ratio_f64(*p)
                })
                .sum();
            if gain > 0.2 {
                out.push(cand(
                    Command::Breakthrough {
                        unit: u.id,
                        target: t.id,
                    },
                    1.0 + gain,
                    "break through",
                ));
            }
        }
    }
}

/// Division commanders join the brigade of their command nearest the enemy in the
/// Tactical Zone; detached leaders ride toward the middle of their command.
fn leaders(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    leaders_by(
        state,
        side,
        &mut |_, mine| nearest_in_zone(state, mine),
        out,
    );
}

/// Of a division's brigades, the one in the Tactical Zone nearest the enemy (the first of
/// those as near).
fn nearest_in_zone(state: &State, mine: &[&Unit]) -> Option<UnitId> {
    mine.iter()
        .filter(|u| measure::tactical(state, u))
        .map(|u| {
            let d = measure::nearest_enemy(state, u).map_or(99.0, |e| measure::gap(u, e));
            (d, u.id)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, id)| id)
}

/// [`leaders`], each division commander's brigade to lead given by `best`.
fn leaders_by(
    state: &State,
    side: Side,
    best: &mut dyn FnMut(UnitId, &[&Unit]) -> Option<UnitId>,
    out: &mut Vec<Candidate<Command>>,
) {
    // Each division's brigades, gathered in one pass over the side.
    let mut commands: Vec<Vec<&Unit>> = vec![Vec::new(); state.units().len()];
    for u in measure::fighting(state, side) {
        if let Some(b) = u.brigade() {
            commands[usize::from(b.commander)].push(u);
        }
    }
    for l in state.units().iter().filter(|u| u.side == side && !u.gone) {
        let Some(ld) = l.leader() else { continue };
        if ld.rank != Rank::Division {
            continue;
        }
        let mine = &commands[usize::from(l.id)];
        match best(l.id, mine) {
            Some(b) if ld.attached != Some(b) => out.push(cand(
                Command::Attach {
                    leader: l.id,
                    to: Some(b),
                },
                0.6,
                "lead the brigade nearest the enemy",
            )),
            None if ld.attached.is_none()
                && state.phase() == Phase::Leaders
                && !mine.is_empty() =>
            {
                let n = mine.len() as f64;
                let centre = mine.iter().fold(Vec2::ZERO, |a, u| a + u.pose.pos) / n;
                let here = l.pose.pos;
                let d = here.distance(centre);
                if d > 3.0 {
                    let step = (d - 2.0)
                        .min(measure::leader_move(state) - ld.moved)
                        .max(0.0);
                    let to = here + (centre - here).normalize_or_zero() * step;
                    out.push(cand(
                        Command::Move {
                            unit: l.id,
                            to: Pose::at(to, heading(here, centre)),
                        },
                        0.3,
                        "keep up with the command",
                    ));
                }
            }
            _ => {}
        }
    }
}

/// Places along the way to the nearest enemy, stopping with `keep` inches between them,
/// at shares of the `inches` it may go.
fn toward(u: &Unit, enemy: &Unit, keep: f64, inches: f64) -> Vec<Pose> {
    let here = u.pose.pos;
    let goal = enemy.pose.pos;
    let go = (measure::gap(u, enemy) - keep).min(inches);
    if go < 0.3 {
        return Vec::new();
    }
    let dir = (goal - here).normalize_or_zero();
    let facing = heading(here, goal);
    [1.0, 0.7, 0.4]
        .iter()
        .map(|k| Pose::at(here + dir * (go * k), facing))
        .collect()
}

fn moves(
    state: &State,
    u: &Unit,
    nearest: &Nearest<'_>,
    keep: f64,
    share: f64,
    score: f64,
    out: &mut Vec<Candidate<Command>>,
) {
    let Some(e) = nearest.get() else {
        return;
    };
    let inches = share * measure::full_move(state, u);
    for (i, to) in toward(u, e, keep, inches).into_iter().enumerate() {
        let c = Command::Move { unit: u.id, to };
        if maneuver::check_move(state, u.side, u.id, &to).is_ok() {
            out.push(Candidate {
                command: c,
                score: score - 0.05 * i as f64,
                why: "close with the enemy",
                checked: true,
            });
            return;
        }
    }
}

/// Whether the battery, unlimbered where it stands (turned toward its nearest enemy if
/// need be), would have a target.
fn would_have_target(state: &State, u: &Unit, facing: f64) -> bool {
    let mut v = u.clone();
    v.pose = Pose::at(u.pose.pos, facing);
    if let What::Battery(b) = &mut v.what {
        b.limbered = false;
    }
    let (fp, front) = (v.footprint(), std::cell::OnceCell::new());
    state
        .near_side(u.side.other(), u.pose.pos, 16.0)
        .any(|t| fire::situation_from(state, &v, &fp, &front, t, &state.print(t)).is_ok())
}

fn reserve(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for u in measure::maneuvering(state, side) {
        reserve_unit(state, u, &Nearest::new(state, u), out);
    }
}

fn reserve_unit(state: &State, u: &Unit, nearest: &Nearest<'_>, out: &mut Vec<Candidate<Command>>) {
    match &u.what {
        What::Brigade(b) => match &b.marks.maneuver {
            None if !b.marks.used_rm && !measure::tactical(state, u) => out.extend(sure(
                state,
                u.side,
                Command::Reserve { unit: u.id },
                1.0,
                "bring the reserve up",
            )),
            Some(r) if b.marks.used_rm => {
                let share = (r.moves - b.marks.used).max(0.0);
                if share > 0.0 {
                    moves(state, u, nearest, measure::ZONE - 2.0, share, 0.8, out);
                }
            }
            _ => {}
        },
        What::Battery(b) => {
            if !b.used_rm && b.functions == 0 && !measure::tactical(state, u) {
                out.extend(sure(
                    state,
                    u.side,
                    Command::Reserve { unit: u.id },
                    0.7,
                    "bring the guns up",
                ));
            } else if b.used_rm {
                if !b.limbered {
                    out.extend(sure(
                        state,
                        u.side,
                        Command::Limber {
                            unit: u.id,
                            limbered: true,
                        },
                        0.6,
                        "limber to move",
                    ));
                } else {
                    moves(state, u, nearest, measure::ZONE - 4.0, 1.0, 0.6, out);
                }
            }
        }
        What::Company(c) => engineers_unit(state, u, c, out),
        What::Leader(_) => {}
    }
}

/// The chances of the Tactical Movement throws that let `u` charge, with the share of a
/// full move each allows, in the order of the throw's odds.
fn charge_allowances(state: &State, u: &Unit, b: &crate::state::Brigade) -> Vec<(f64, f64)> {
    let sit = maneuver::tactical_situation(state, u, b, true);
    TacticalMovement
        .odds(state.tables(), &sit)
        .outcomes
        .iter()
        .filter_map(|(r, p)| {
            let m = if r.choose.is_empty() {
                r
            } else {
                r.choose.last()?
            };
            m.charge.then(|| (m.moves, ratio_f64(*p)))
        })
        .collect()
}

/// The value of a charge by `u` on `t`: the chance the throw allows it times what the
/// combat is worth in stands, by the exact odds. `allowances` are
/// [`charge_allowances`] for `u`, worked out when first needed.
fn charge_value(
    state: &State,
    u: &Unit,
    t: &Unit,
    allowances: &mut Option<Vec<(f64, f64)>>,
) -> f64 {
    let Some(b) = u.brigade() else { return 0.0 };
    let d = measure::gap(u, t);
    let reach = measure::full_move(state, u);
    if d > reach {
        return 0.0;
    }
    let tables = state.tables();
    let allow: f64 = allowances
        .get_or_insert_with(|| charge_allowances(state, u, b))
        .iter()
        .filter(|(moves, _)| moves * reach >= d)
        .map(|(_, p)| p)
        .sum();
    if allow <= 0.0 {
        return 0.0;
    }
    let csit = charge::would_be(state, u, b.stands(), t, d);
    if ChargeRoll.problems(tables, &csit).iter().any(|_| true) {
        return 0.0;
    }
    let gain = ChargeRoll::mean(tables, &csit, charge_worth);
    // The fire it will meet at the end of its charge, before the combat.
    let at = measure::contact_pose(u, t);
    let mut v = u.clone();
    v.pose = at;
    let vf = v.footprint();
    let risk: f64 = state
        .near_side(u.side.other(), at.pos, 16.0)
        .filter_map(|e| fire::situation_of(state, &unlimbered(e), &state.print(e), &v, &vf).ok())
        .map(|sit| fire_worth(state, &sit))
        .sum();
    allow * (gain - risk)
}

/// What a charge's result is worth to the attacker: stands taken less stands lost, each
/// retreat (a share of a move) counted at 0.4, and a square formed against it 0.3 off.
fn charge_worth(r: &crate::resolve::charge::Result) -> f64 {
    f64::from(r.defender.stands) - f64::from(r.attacker.stands)
        + 0.4 * (r.defender.retreat - r.attacker.retreat)
        + if r.square { -0.3 } else { 0.0 }
}

/// The unit as it would fire: a limbered battery unlimbered.
fn unlimbered(e: &Unit) -> std::borrow::Cow<'_, Unit> {
    match &e.what {
        What::Battery(b) if b.limbered => {
            let mut ev = e.clone();
            if let What::Battery(b) = &mut ev.what {
                b.limbered = false;
            }
            std::borrow::Cow::Owned(ev)
        }
        _ => std::borrow::Cow::Borrowed(e),
    }
}

/// Mean stands a fire takes, a Disorder counted as a third of one.
fn fire_worth(state: &State, sit: &crate::resolve::fire::Situation) -> f64 {
    FireRoll::mean(state.tables(), sit, |r| {
        f64::from(r.stands) + if r.disorder { 0.3 } else { 0.0 }
    })
}

/// What standing at `pose` is worth to `u`: the most its fire would take from one enemy,
/// less what every enemy in reach would take from it (counted a fifth heavier, since the
/// enemy's defensive fire comes first).
pub fn position_value(state: &State, u: &Unit, pose: Pose) -> f64 {
    let mut v = u.clone();
    v.pose = pose;
    if let What::Battery(b) = &mut v.what {
        b.limbered = false;
    }
    let vf = v.footprint();
    let front = std::cell::OnceCell::new();
    let mut gain: f64 = 0.0;
    let mut risk = 0.0;
    for e in state.near_side(u.side.other(), pose.pos, 16.0) {
        let ef = state.print(e);
        if let Ok(sit) = fire::situation_from(state, &v, &vf, &front, e, &ef) {
            gain = gain.max(fire_worth(state, &sit));
        }
        let firer_ok = match &e.what {
            What::Brigade(b) => !(b.cavalry && (b.heavy || b.irregular)),
            What::Battery(b) => !b.limbered || base_base(&ef, &vf) < 8.0,
            What::Leader(_) | What::Company(_) => false,
        };
        if firer_ok {
            if let Ok(sit) = fire::situation_of(state, &unlimbered(e), &ef, &v, &vf) {
                risk += fire_worth(state, &sit);
            }
        }
    }
    gain - 1.2 * risk
}

/// The best place within `share` of a move among a few along the way to the nearest
/// enemy (and where it stands), by [`position_value`]; a little is added for closing
/// while far off, so that a quiet front still comes on.
fn best_position(
    state: &State,
    u: &Unit,
    nearest: &Nearest<'_>,
    share: f64,
    out: &mut Vec<Candidate<Command>>,
) {
    let Some(e) = nearest.get() else {
        return;
    };
    let gap = measure::gap(u, e);
    let inches = share * measure::full_move(state, u);
    let here = u.pose.pos;
    let dir = (e.pose.pos - here).normalize_or_zero();
    let facing = heading(here, e.pose.pos);
    let closing = |g: f64| if g > 6.0 { 0.02 * (gap - g) } else { 0.0 };
    let stay = position_value(state, u, u.pose) + closing(gap);
    // Value each place first (once: a short move reaches the same place for several
    // distances kept); check only the best until one is legal.
    let mut places: Vec<(f64, Pose)> = Vec::new();
    let mut gone: smallvec::SmallVec<[f64; 6]> = smallvec::SmallVec::new();
    for keep in [1.3, 2.5, 3.5, 5.0, 8.0, 11.0] {
        let go = (gap - keep).min(inches);
        if go < 0.3 || gone.contains(&go) {
            continue;
        }
        gone.push(go);
        let to = Pose::at(here + dir * go, facing);
        let v = position_value(state, u, to) + closing(gap - go);
        if v > stay + 0.02 {
            places.push((v, to));
        }
    }
    places.sort_by(|a, b| b.0.total_cmp(&a.0));
    if let Some((v, to)) = places
        .into_iter()
        .find(|(_, to)| maneuver::check_move(state, u.side, u.id, to).is_ok())
    {
        out.push(Candidate {
            command: Command::Move { unit: u.id, to },
            score: 0.5 + (v - stay).min(1.0),
            why: "a better place to fight from",
            checked: true,
        });
    }
}

/// For each leader who may form a Grand Battery, the batteries that might make it: his
/// side's unlimbered batteries within his command radius and not in one already.
fn grand_batteries(
    state: &State,
    side: Side,
) -> Vec<(crate::state::UnitId, Vec<crate::state::UnitId>)> {
    state
        .on_table()
        .filter(|l| {
            l.side == side
                && l.leader()
                    .is_some_and(|ld| ld.grand_battery && ld.commands_battery.is_none())
        })
        .map(|l| {
            let at = phases::leaders::at(state, l);
            let batteries = measure::fighting(state, side)
                .filter(|u| {
                    u.battery()
                        .is_some_and(|b| !b.limbered && b.grand_battery.is_none())
                        && u.pose.pos.distance(at) <= measure::COMMAND
                })
                .map(|u| u.id)
                .collect();
            (l.id, batteries)
        })
        .collect()
}

fn tactical(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    grand_battery_candidates(state, side, out);
    for u in measure::maneuvering(state, side) {
        tactical_unit(state, u, &Nearest::new(state, u), out);
    }
}

/// The Grand Batteries the side's leaders may form now.
fn grand_battery_candidates(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for (commander, batteries) in grand_batteries(state, side) {
        let c = Command::GrandBattery {
            commander,
            batteries,
        };
        if phases::check(state, side, &c).is_ok() {
            out.push(Candidate {
                command: c,
                score: 1.2,
                why: "form a Grand Battery",
                checked: true,
            });
        }
    }
}

/// A unit's own candidates in the Tactical Maneuver phase.
fn tactical_unit(
    state: &State,
    u: &Unit,
    nearest: &Nearest<'_>,
    out: &mut Vec<Candidate<Command>>,
) {
    let side = u.side;
    match &u.what {
        What::Brigade(b) => {
            if b.marks.used_rm {
                return;
            }
            match &b.marks.maneuver {
                None => {
                    if !measure::tactical(state, u) {
                        return;
                    }
                    let mut allowances = None;
                    let best = state
                        .near_side(side.other(), u.pose.pos, measure::full_move(state, u) + 4.0)
                        .filter(|t| t.fights())
                        .map(|t| (t.id, charge_value(state, u, t, &mut allowances)))
                        .max_by(|a, b| a.1.total_cmp(&b.1));
                    if let Some((t, v)) = best {
                        if v > 0.25 {
                            out.extend(sure(
                                state,
                                u.side,
                                Command::Maneuver {
                                    unit: u.id,
                                    charge: Some(t),
                                },
                                1.0 + v,
                                "announce a charge the odds favour",
                            ));
                            return;
                        }
                    }
                    let near = nearest.get().map_or(99.0, |e| measure::gap(u, e));
                    let wants = if b.cavalry { near > 6.0 } else { near > 2.0 };
                    if wants || b.disordered || b.formation == Formation::Square {
                        out.extend(sure(
                            state,
                            u.side,
                            Command::Maneuver {
                                unit: u.id,
                                charge: None,
                            },
                            0.7,
                            "move up to fire",
                        ));
                    }
                }
                Some(r) => {
                    if maneuver::check_charge(state, side, u.id).is_ok() {
                        out.extend(sure(
                            state,
                            u.side,
                            Command::Charge { unit: u.id },
                            2.0,
                            "charge home",
                        ));
                        return;
                    }
                    if maneuver::check_rally(state, side, u.id).is_ok() {
                        out.extend(sure(
                            state,
                            u.side,
                            Command::Rally { unit: u.id },
                            0.8,
                            "rally",
                        ));
                    }
                    if b.formation == Formation::Square
                        && maneuver::check_form(state, side, u.id, Formation::SingleEchelon).is_ok()
                    {
                        out.extend(sure(
                            state,
                            u.side,
                            Command::Form {
                                unit: u.id,
                                formation: Formation::SingleEchelon,
                            },
                            0.6,
                            "leave square",
                        ));
                    }
                    let m = if r.choose.is_empty() {
                        r.clone()
                    } else {
                        r.choose
                            .iter()
                            .find(|o| !o.rally)
                            .cloned()
                            .unwrap_or_default()
                    };
                    let share = (m.moves - b.marks.used).max(0.0);
                    if share > 0.0 {
                        best_position(state, u, nearest, share, out);
                    }
                }
            }
        }
        What::Battery(b) => {
            if b.used_rm || b.silenced > 0 || b.functions >= 2 {
                return;
            }
            let Some(e) = nearest.get() else {
                return;
            };
            let face = heading(u.pose.pos, e.pose.pos);
            if b.limbered {
                if would_have_target(state, u, u.pose.facing) {
                    out.extend(sure(
                        state,
                        u.side,
                        Command::Limber {
                            unit: u.id,
                            limbered: false,
                        },
                        0.9,
                        "unlimber with a target in range",
                    ));
                } else if would_have_target(state, u, face) {
                    let to = Pose::at(u.pose.pos, face);
                    if maneuver::check_move(state, side, u.id, &to).is_ok() {
                        out.extend(sure(
                            state,
                            u.side,
                            Command::Move { unit: u.id, to },
                            0.8,
                            "turn to the enemy",
                        ));
                    }
                } else {
                    moves(state, u, nearest, 6.0, 1.0, 0.5, out);
                }
            } else if fire::targets(state, u).next().is_none() {
                let to = Pose::at(u.pose.pos, face);
                if would_have_target(state, u, face) {
                    if maneuver::check_move(state, side, u.id, &to).is_ok() {
                        out.extend(sure(
                            state,
                            u.side,
                            Command::Move { unit: u.id, to },
                            0.8,
                            "turn to the enemy",
                        ));
                    }
                } else if b.functions == 0 && measure::gap(u, e) > 10.0 {
                    out.extend(sure(
                        state,
                        u.side,
                        Command::Limber {
                            unit: u.id,
                            limbered: true,
                        },
                        0.3,
                        "limber to find a target",
                    ));
                }
            }
        }
        What::Company(c) => engineers_unit(state, u, c, out),
        What::Leader(_) => {}
    }
}

/// A company of engineers on its own makes for the nearest infantry brigade of its side
/// without engineers and joins it (by Reserve Movement while out of the Tactical Zone);
/// one with a brigade stays with it.
fn engineers_unit(
    state: &State,
    u: &Unit,
    c: &crate::state::Company,
    out: &mut Vec<Candidate<Command>>,
) {
    if c.attached.is_some() || c.functions >= crate::state::Company::FUNCTIONS {
        return;
    }
    let here = u.pose.pos;
    let Some(b) = measure::fighting(state, u.side)
        .filter(|b| {
            b.brigade()
                .is_some_and(|x| !x.cavalry && x.engineers.is_none())
        })
        .min_by(|a, b| {
            here.distance(a.pose.pos)
                .total_cmp(&here.distance(b.pose.pos))
        })
    else {
        return;
    };
    let side = u.side;
    let reserve = state.phase() == Phase::Reserve;
    let spot = measure::behind(state, b).pos;
    let d = here.distance(spot);
    // Reserve Movement only for a brigade too far to reach and join by Tactical Movement,
    // which a company that used Reserve Movement may not make.
    if reserve && !c.used_rm {
        if d <= measure::full_move(state, u) {
            return;
        }
        out.extend(sure(
            state,
            side,
            Command::Reserve { unit: u.id },
            0.5,
            "bring the engineers up",
        ));
        return;
    }
    let join = Command::Engineers {
        company: u.id,
        to: Some(b.id),
    };
    if !reserve {
        if let Some(c) = sure(state, side, join, 0.9, "join a brigade") {
            out.push(c);
            return;
        }
    }
    if d > 0.3 {
        let step = d.min(measure::full_move(state, u));
        let to = Pose::at(
            here + (spot - here).normalize_or_zero() * step,
            b.pose.facing,
        );
        out.extend(sure(
            state,
            side,
            Command::Move { unit: u.id, to },
            0.4,
            "take the engineers to a brigade",
        ));
    }
}

fn fires(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for u in measure::fighting(state, side) {
        fire_unit(state, u, &Nearest::new(state, u), out);
    }
}

/// A unit's fire at each target it may fire at.
fn fire_unit(state: &State, u: &Unit, _: &Nearest<'_>, out: &mut Vec<Candidate<Command>>) {
    let tables = state.tables();
    if fire::may_fire(state, u).is_err() {
        return;
    }
    // The targets in reach, each fire's situation worked out once (what `fire::check`
    // does for a unit that may fire).
    let fp = state.print(u);
    let reach = fire::TARGETS + fp.radius();
    let front = std::cell::OnceCell::new();
    for t in state.near_side(u.side.other(), u.pose.pos, reach) {
        let Ok(sit) = fire::situation_from(state, u, &fp, &front, t, &state.print(t)) else {
            continue;
        };
        let odds = FireRoll.odds(tables, &sit);
        let value: f64 = odds
            .outcomes
            .iter()
            .map(|(r, p)| {
                (f64::from(r.stands) + if r.disorder { 0.3 } else { 0.0 }) * ratio_f64(*p)
            })
            .sum();
        out.push(Candidate {
            command: Command::Fire {
                unit: u.id,
                target: t.id,
            },
            score: 0.5 + value,
            why: "fire where it takes most",
            checked: true,
        });
    }
}

/// Every kind of command the side might give now, cheaply listed and not all legal (the
/// engine settles each before it is taken): the move generator the random player draws
/// from. Moves go eight ways at two lengths, facing the way they go or keeping the facing.
pub fn offer(state: &State, side: Side, out: &mut Vec<Command>) {
    if phases::to_act(state) != Some(side) {
        return;
    }
    if state.choosing == Some(side) {
        out.push(Command::GoFirst { first: true });
        out.push(Command::GoFirst { first: false });
        return;
    }
    out.push(Command::Done);
    let phase = state.phase();
    let mine = || {
        state
            .units()
            .iter()
            .filter(move |u| u.side == side && !u.gone)
    };
    let ways = |u: &Unit, inches: f64, out: &mut Vec<Command>| {
        for k in 0..8 {
            let a = u.pose.facing + f64::from(k) * std::f64::consts::FRAC_PI_4;
            let dir = Vec2::new(a.cos(), a.sin());
            for share in [1.0, 0.5] {
                let to = u.pose.pos + dir * (inches * share);
                out.push(Command::Move {
                    unit: u.id,
                    to: Pose::at(to, u.pose.facing),
                });
                if k != 0 {
                    out.push(Command::Move {
                        unit: u.id,
                        to: Pose::at(to, a),
                    });
                }
            }
        }
    };
    match phase {
        Phase::Initiative => {}
        Phase::Charge => {
            for u in mine().filter(|u| u.brigade().is_some_and(|b| b.marks.may_break)) {
                for t in charge::breakthrough_targets(state, u) {
                    out.push(Command::Breakthrough {
                        unit: u.id,
                        target: t.id,
                    });
                }
            }
        }
        Phase::Attach | Phase::Leaders => {
            for l in mine().filter(|u| u.leader().is_some()) {
                out.push(Command::Attach {
                    leader: l.id,
                    to: None,
                });
                for u in mine().filter(|u| u.id != l.id) {
                    out.push(Command::Attach {
                        leader: l.id,
                        to: Some(u.id),
                    });
                }
                if phase == Phase::Leaders {
                    ways(l, 8.0, out);
                }
            }
        }
        Phase::Reserve | Phase::Tactical => {
            if phase == Phase::Tactical {
                for (commander, batteries) in grand_batteries(state, side) {
                    out.push(Command::GrandBattery {
                        commander,
                        batteries,
                    });
                }
            }
            for u in mine().filter(|u| u.fights()) {
                if phase == Phase::Reserve {
                    out.push(Command::Reserve { unit: u.id });
                } else {
                    out.push(Command::Maneuver {
                        unit: u.id,
                        charge: None,
                    });
                    out.push(Command::Charge { unit: u.id });
                    let reach = measure::full_move(state, u) + 2.0;
                    for t in state.near_side(side.other(), u.pose.pos, reach + 6.0) {
                        out.push(Command::Maneuver {
                            unit: u.id,
                            charge: Some(t.id),
                        });
                    }
                }
                out.push(Command::Rally { unit: u.id });
                for f in [
                    Formation::SingleEchelon,
                    Formation::DoubleEchelon,
                    Formation::BrigadeMasse,
                    Formation::MarchColumn,
                ] {
                    out.push(Command::Form {
                        unit: u.id,
                        formation: f,
                    });
                }
                for limbered in [true, false] {
                    out.push(Command::Limber {
                        unit: u.id,
                        limbered,
                    });
                }
                let inches = match &u.what {
                    What::Brigade(b) => {
                        b.marks
                            .maneuver
                            .as_ref()
                            .map_or(0.0, |r| {
                                r.moves
                                    .max(r.choose.iter().map(|o| o.moves).fold(0.0, f64::max))
                                    - b.marks.used
                            })
                            .max(0.0)
                            * measure::full_move(state, u)
                    }
                    What::Battery(_) | What::Company(_) => measure::full_move(state, u),
                    What::Leader(_) => 0.0,
                };
                if inches > 0.2 {
                    ways(u, inches, out);
                }
            }
            // Companies of engineers: Reserve Movement, moves, joining a brigade near
            // them and leaving the one they are with.
            for u in mine().filter(|u| u.company().is_some()) {
                if phase == Phase::Reserve {
                    out.push(Command::Reserve { unit: u.id });
                } else {
                    out.push(Command::Engineers {
                        company: u.id,
                        to: None,
                    });
                    for b in state.near_side(side, u.pose.pos, 3.0) {
                        out.push(Command::Engineers {
                            company: u.id,
                            to: Some(b.id),
                        });
                    }
                }
                ways(u, measure::full_move(state, u), out);
            }
        }
        Phase::DefensiveFire | Phase::OffensiveFire => {
            for u in mine().filter(|u| u.fights()) {
                for t in state.near_side(side.other(), u.pose.pos, 16.0 + state.print(u).radius()) {
                    out.push(Command::Fire {
                        unit: u.id,
                        target: t.id,
                    });
                }
            }
        }
    }
}
