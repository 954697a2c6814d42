//! Candidate commands, each scored by simple tactical sense: fire at what hurts most, close
//! with the enemy when the odds favour it, keep units within their commander's range, bring
//! generals to the units about to fight. Every candidate is a legal command.

use crate::command::Command;
use crate::measure::{distance, in_front};
use crate::moves::Step;
use crate::resolve::{combat as rcombat, fire as rfire};
use crate::sequence::phase_key;
use crate::state::{Combat, Pending, Role, State, Unit, UnitId};
use crate::tables::{CombatResult, FireEffect};
use grognard_engine::{Candidate, Side};
use grognard_geometry::{angle_of, wrap, Pose, Vec2};

/// Each of `units` (of `side`) with the squared distance from its centre to the nearest
/// enemy troops' centre (infinite if the enemy has none on the table).
fn nearness<'a>(
    state: &State,
    side: Side,
    units: impl Iterator<Item = &'a Unit>,
) -> Vec<(f64, &'a Unit)> {
    let key = (side, state.clock, state.shifts(side.other()));
    let mut notes = state.notes();
    if notes.nearness.as_ref().is_none_or(|n| n.key != key) {
        // The enemies sorted by x: each search starts at the unit's own x and stops once
        // the gap in x alone exceeds the nearest found.
        let mut enemies: Vec<Vec2> = state
            .enemies_of(side)
            .filter(|e| !e.is_officer())
            .map(|e| e.pose.pos)
            .collect();
        enemies.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
        notes.nearness = Some(crate::state::Nearness {
            key,
            enemies,
            known: vec![None; state.units.len()],
        });
    }
    let Some(crate::state::Nearness { enemies, known, .. }) = notes.nearness.as_mut() else {
        return Vec::new();
    };
    let sweep = |p: Vec2| -> f64 {
        let start = enemies.partition_point(|e| e.x < p.x);
        let mut best = f64::INFINITY;
        for e in &enemies[start..] {
            let dx = e.x - p.x;
            if dx * dx > best {
                break;
            }
            best = best.min(e.distance_squared(p));
        }
        for e in enemies[..start].iter().rev() {
            let dx = p.x - e.x;
            if dx * dx > best {
                break;
            }
            best = best.min(e.distance_squared(p));
        }
        best
    };
    units
        .map(|u| {
            let p = u.pose.pos;
            let d = match known[u.id as usize] {
                Some((d, at)) if at == p => d,
                _ => {
                    let d = sweep(p);
                    known[u.id as usize] = Some((d, p));
                    d
                }
            };
            (d, u)
        })
        .collect()
}

fn push(
    state: &State,
    side: Side,
    out: &mut Vec<Candidate<Command>>,
    command: Command,
    score: f64,
    why: &'static str,
) {
    if crate::orders::allows(state, side, &command) {
        out.push(Candidate {
            command,
            score,
            why,
            checked: true,
        });
    }
}

/// A move offered unchecked: its score does not rest on its plan, so the player checks it
/// ([`settle`]) only if its choice could fall on it.
fn push_move(out: &mut Vec<Candidate<Command>>, command: Command, score: f64, why: &'static str) {
    debug_assert!(matches!(command, Command::Move { .. }));
    out.push(Candidate {
        command,
        score,
        why,
        checked: false,
    });
}

/// Whether a candidate is legal: moves were offered unchecked; everything else was checked
/// as it was offered.
pub fn settle(state: &State, side: Side, command: &Command) -> bool {
    !matches!(command, Command::Move { .. }) || crate::orders::allows(state, side, command)
}

/// [`settle`], keeping a move's plan for carrying it out.
pub fn settle_planned(
    state: &State,
    side: Side,
    command: &Command,
) -> Option<grognard_engine::Settled<crate::rules::Plan>> {
    if !matches!(command, Command::Move { .. }) {
        return Some(grognard_engine::Settled::Legal);
    }
    crate::orders::allows_planned(state, side, command).map(grognard_engine::Settled::Planned)
}

/// What the advisor keeps from a decision for the player that asked
/// ([`grognard_engine::Ruleset::Memo`]): the plans of the charges it checked as it offered
/// them, so that the one chosen is carried out without being planned again.
#[derive(Debug, Default)]
pub struct Memo {
    plans: Vec<(Command, crate::phases::movement::MovePlan)>,
}

/// The plan kept in `memo` for `command`, given out once.
pub fn kept_plan(memo: &mut Memo, command: &Command) -> Option<crate::rules::Plan> {
    let i = memo.plans.iter().position(|(c, _)| c == command)?;
    Some(Some(memo.plans.swap_remove(i).1))
}

pub fn candidates(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    list(state, side, out, None, true)
}

/// [`candidates`], keeping in `memo` the plans of the charges checked.
pub fn candidates_with(
    state: &State,
    side: Side,
    memo: &mut Memo,
    out: &mut Vec<Candidate<Command>>,
) {
    memo.plans.clear();
    list(state, side, out, Some(&mut memo.plans), true)
}

/// The move generator: the commands of [`candidates`], in the same order, unscored. What
/// only weighs a command (the odds of a fight or a shot, a gun's field of fire, the ground
/// given up) is not worked out; what decides which commands there are (a charge's path
/// that passes its check) is.
pub fn offers(state: &State, side: Side, out: &mut Vec<Command>) {
    let mut listed = Vec::new();
    list(state, side, &mut listed, None, false);
    out.extend(listed.into_iter().map(|c| c.command));
}

/// A value that only weighs a command, worked out when the list is `scored` (0 otherwise).
fn worth(scored: bool, value: impl FnOnce() -> f64) -> f64 {
    if scored {
        value()
    } else {
        0.0
    }
}

/// Where the plans of the moves checked as they are offered are kept, if anywhere.
type Keep<'a> = Option<&'a mut Vec<(Command, crate::phases::movement::MovePlan)>>;

/// The candidates for `side` now, scored if `scored` (otherwise each scores 0), the plans of
/// charges checked kept in `keep`.
fn list(
    state: &State,
    side: Side,
    out: &mut Vec<Candidate<Command>>,
    mut keep: Keep,
    scored: bool,
) {
    match &state.pending {
        Some(Pending::Reroll { .. }) => {
            push(
                state,
                side,
                out,
                Command::Reroll { reroll: true },
                1.0,
                "Napoleon re-rolls",
            );
            push(
                state,
                side,
                out,
                Command::Reroll { reroll: false },
                0.0,
                "let it stand",
            );
        }
        Some(Pending::ChooseFirst { .. }) => {
            push(
                state,
                side,
                out,
                Command::ChooseFirst { first: side },
                1.0,
                "go first",
            );
            push(
                state,
                side,
                out,
                Command::ChooseFirst {
                    first: side.other(),
                },
                0.5,
                "let the enemy go first",
            );
        }
        Some(Pending::Reaction {
            unit,
            charged_by,
            toward,
            ..
        }) => {
            let cav = state.unit(*unit).clone();
            if let Some(by) = charged_by {
                // Meet the charge if the fight looks good; otherwise get away.
                let v = worth(scored, || attack_value(state, &cav, state.unit(*by), None));
                push(
                    state,
                    side,
                    out,
                    Command::Countercharge,
                    0.5 + v,
                    "countercharge",
                );
                push(state, side, out, Command::Evade, 0.3, "evade");
            }
            if let Some(t) = toward {
                let v = worth(scored, || attack_value(state, &cav, state.unit(*t), None));
                push(
                    state,
                    side,
                    out,
                    Command::ChargeInto,
                    0.2 + v,
                    "charge into the enemy",
                );
            }
            push(state, side, out, Command::Hold, 0.0, "stand");
        }
        Some(Pending::Move {
            unit, allowance, ..
        }) => {
            let u = state.unit(*unit).clone();
            moves_for(
                state,
                side,
                &u,
                *allowance,
                out,
                keep.as_deref_mut(),
                scored,
            );
            push(state, side, out, Command::Hold, 0.0, "hold");
        }
        None => match phase_key(state) {
            "initiative" => push(
                state,
                side,
                out,
                Command::RollInitiative,
                1.0,
                "roll for the initiative",
            ),
            "skirmish" => skirmish(state, side, out),
            "artillery" => artillery(state, side, out, scored),
            "maneuver" => maneuver(state, side, out, keep, scored),
            "reaction" => {
                for c in state.friends_of(side) {
                    if crate::phases::reaction::eligible(state, c).is_some() {
                        push(
                            state,
                            side,
                            out,
                            Command::React { unit: c.id },
                            1.0,
                            "cavalry reacts",
                        );
                    }
                }
            }
            "combat" => {
                for c in &state.combats {
                    push(
                        state,
                        side,
                        out,
                        Command::Fight {
                            defender: c.defender,
                        },
                        1.0,
                        "fight",
                    );
                }
            }
            _ => {}
        },
    }
    if state.pending.is_none() && phase_key(state) != "initiative" {
        let end = if out.is_empty() { 0.0 } else { -1.0 };
        push(state, side, out, Command::EndPhase, end, "end the phase");
    }
}

fn skirmish(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    // The first few units with targets are weighed each decision (see `artillery`).
    const LEADS: usize = 4;
    let mut leads = 0;
    for a in state.friends_of(side).filter(|u| !u.fired) {
        if leads == LEADS {
            break;
        }
        let before = out.len();
        let targets = state.targets_noted(side, a, || {
            crate::phases::firing::skirmish_targets(state, a)
        });
        for t in targets {
            let tu = state.unit(t);
            // Weaker defenders first: their skirmish value and cover.
            let score = 2.0 - tu.brigade().map_or(0.0, |b| b.sk as f64) * 0.3;
            push(
                state,
                side,
                out,
                Command::Skirmish {
                    attackers: vec![a.id],
                    target: t,
                },
                score,
                "skirmish",
            );
        }
        if out.len() > before {
            leads += 1;
        }
    }
}

fn artillery(state: &State, side: Side, out: &mut Vec<Candidate<Command>>, scored: bool) {
    // A decision weighs the targets of the first few ready batteries with a shot they may
    // take, each to be fired on by every ready battery that can reach it; the rest wait for the next
    // decision. So the work of one decision does not grow with the size of the armies.
    const LEADS: usize = 4;
    // Each battery's targets, worked out once a phase.
    let mut targets_of =
        |b: &Unit| state.targets_noted(side, b, || crate::phases::firing::fire_targets(state, b));
    let reach = crate::phases::firing::longest_reach(state) + 0.01;
    let ready: Vec<&Unit> = state
        .friends_of(side)
        .filter(|u| u.is_artillery() && !u.fired)
        .collect();
    let mut weighed: Vec<UnitId> = Vec::new();
    let mut leads = 0;
    for b in ready {
        if leads == LEADS {
            break;
        }
        let before = out.len();
        for t in targets_of(b) {
            if weighed.contains(&t) {
                continue;
            }
            weighed.push(t);
            fire_at(state, side, t, reach, &mut targets_of, out, scored);
        }
        if out.len() > before {
            leads += 1;
        }
    }
}

/// Offer fire at `t` by every ready battery of `side` that can reach it.
fn fire_at(
    state: &State,
    side: Side,
    t: UnitId,
    reach: f64,
    targets_of: &mut impl FnMut(&Unit) -> Vec<UnitId>,
    out: &mut Vec<Candidate<Command>>,
    scored: bool,
) {
    let tu = state.unit(t);
    let group: Vec<UnitId> = state
        .near_unit_of(side, tu, reach)
        .filter(|b| b.is_artillery() && !b.fired)
        .filter(|b| targets_of(b).contains(&t))
        .map(|b| b.id)
        .collect();
    let value = if scored {
        let shooters: Vec<&Unit> = group.iter().map(|b| state.unit(*b)).collect();
        fire_value(state, &shooters, state.unit(t))
    } else {
        0.0
    };
    push(
        state,
        side,
        out,
        Command::Fire {
            batteries: group,
            target: t,
        },
        0.5 + value,
        "fire",
    );
}

/// Where a unit should go: the nearest enemy troops, counting a weakened enemy as nearer
/// (routed, spent, worn or disordered units are the cheapest losses to inflict), or an
/// objective its side does not hold, if that is nearer still by its worth.
fn objective(state: &State, u: &Unit) -> Option<Vec2> {
    let effort = |e: &Unit| {
        let weak = if e.routed {
            8.0
        } else {
            match e.fatigue() {
                Some(crate::Fatigue::Spent) => 6.0,
                Some(crate::Fatigue::Worn) => 3.0,
                Some(crate::Fatigue::Fresh) | None => 0.0,
            }
        } + if e.disordered { 2.0 } else { 0.0 };
        distance(&u.base(), &e.base()) - weak
    };
    // An effort is never less than the distance less the largest weakness allowance.
    const MOST_WEAK: f64 = 10.0;
    let enemy = state
        .nearest_by(u, MOST_WEAK, |e| {
            (e.side != u.side && !e.is_officer()).then(|| effort(e))
        })
        .map(|(effort, e)| (effort, e.pose.pos));
    // An objective the side does not hold is worth going for, the more so the more it is
    // worth (scenario objectives, ruling N35).
    let place = state
        .field
        .objectives
        .iter()
        .filter(|o| crate::victory::holder(state, o) != Some(u.side))
        .map(|o| {
            (
                u.pose.pos.distance(o.centre()) - 6.0 * o.value as f64,
                o.centre(),
            )
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match (enemy, place) {
        (Some(e), Some(p)) if p.0 < e.0 => Some(p.1),
        (Some(e), _) => Some(e.1),
        (None, p) => p.map(|p| p.1),
    }
}

/// How much a move ending at `p` would cost by giving up an objective that `u` alone holds
/// for its side.
fn abandon_cost(state: &State, u: &Unit, p: Vec2) -> f64 {
    if u.brigade().is_none() {
        return 0.0;
    }
    state
        .field
        .objectives
        .iter()
        .filter(|o| {
            o.covers(u.pose.pos)
                && !o.covers(p)
                && !state.near(o.centre(), o.radius).any(|f| {
                    f.side == u.side
                        && f.id != u.id
                        && f.brigade().is_some()
                        && !f.routed
                        && o.covers(f.pose.pos)
                })
        })
        .map(|o| 0.6 * o.value as f64)
        .sum()
}

/// How far beyond its commander's range a unit would stand at `p` (0 within it).
fn out_of_range(state: &State, u: &Unit, p: Vec2) -> f64 {
    let Some(c) = u.command else {
        return 0.0;
    };
    let Some(cm) = state.commander_of(u.side, c) else {
        return 0.0;
    };
    let range = crate::measure::command_range_now(state, u.side, c);
    let b = u.at(Pose::at(p, u.pose.facing));
    (distance(&cm.base(), &b) - range).max(0.0)
}

fn maneuver(
    state: &State,
    side: Side,
    out: &mut Vec<Candidate<Command>>,
    mut keep: Keep,
    scored: bool,
) {
    // Units roll one at a time, those nearest the enemy first.
    let mut ready = nearness(
        state,
        side,
        state
            .friends_of(side)
            .filter(|u| !u.is_officer() && !u.routed && !u.moved),
    );
    // Distances are finite only when the enemy has troops on the table.
    let any_enemy = ready.iter().any(|(d, _)| d.is_finite());
    let nearer = |a: &(f64, &Unit), b: &(f64, &Unit)| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id));
    let started = state.friends_of(side).any(|u| u.moved && !u.is_officer());
    // Generals choose among all the units before any has rolled; after that only the few
    // nearest the enemy are weighed.
    if started && ready.len() > 4 {
        ready.select_nth_unstable_by(4, nearer);
        ready.truncate(4);
    }
    ready.sort_by(nearer);
    for (_, u) in ready.iter().take(4) {
        if u.arrived {
            moves_for(
                state,
                side,
                u,
                crate::phases::movement::maneuver_allowance(state, u),
                out,
                keep.as_deref_mut(),
                scored,
            );
        } else {
            push(
                state,
                side,
                out,
                Command::Roll { unit: u.id },
                1.0,
                "roll to maneuver",
            );
        }
    }
    // Generals go, before any unit rolls ("NW 9.0 A"), to the brigade nearest the enemy that
    // they may join (+1 to its maneuver roll and in combat); one already with a brigade at
    // least as near stays.
    if any_enemy && !started {
        // Brigades already led by a general, and each division's brigades nearest first.
        let mut led = vec![false; state.units.len()];
        let mut divisions: std::collections::BTreeMap<(u8, Option<u8>), Vec<&Unit>> =
            Default::default();
        for g in state.friends_of(side) {
            if let (Role::General { .. } | Role::Adc, Some(b)) = (&g.role, g.attached) {
                led[b as usize] = true;
            }
        }
        for (_, b) in ready.iter().filter(|(_, b)| b.brigade().is_some()) {
            let key = (
                b.command.unwrap_or(u8::MAX),
                crate::apply::division_of(&b.label),
            );
            divisions.entry(key).or_default().push(b);
        }
        for g in state
            .friends_of(side)
            .filter(|g| matches!(g.role, Role::General { .. } | Role::Adc))
        {
            // A general looks over his own division's brigades; an ADC over all.
            let own: Vec<&Unit> = match g.role {
                Role::General { command, division } => divisions
                    .get(&(command, Some(division)))
                    .cloned()
                    .unwrap_or_default(),
                _ => ready.iter().map(|(_, b)| *b).collect(),
            };
            let best = own
                .iter()
                .filter(|b| b.brigade().is_some())
                .find(|b| {
                    g.attached == Some(b.id)
                        || (!led[b.id as usize]
                            && crate::orders::allows(
                                state,
                                side,
                                &Command::Attach {
                                    officer: g.id,
                                    unit: Some(b.id),
                                },
                            ))
                })
                .filter(|b| g.attached != Some(b.id));
            if let Some(b) = best {
                out.push(Candidate {
                    command: Command::Attach {
                        officer: g.id,
                        unit: Some(b.id),
                    },
                    score: 1.2,
                    why: "general to the front",
                    checked: true,
                });
            }
        }
    }
    // Batteries attach to infantry they touch ("NW 8.6") where that infantry holds an
    // objective (a brigade carrying guns may not attack, so elsewhere they stay free), and
    // leave it when it no longer does.
    let on_objective = |u: &Unit| state.field.objectives.iter().any(|o| o.covers(u.pose.pos));
    for b in state
        .friends_of(side)
        .filter(|b| b.is_artillery() && !b.moved)
    {
        match b.attached {
            // The two offers exclude each other, so they never undo one another.
            Some(i) if !on_objective(state.unit(i)) => push(
                state,
                side,
                out,
                Command::AttachBattery {
                    battery: b.id,
                    infantry: None,
                },
                1.1,
                "battery leaves its brigade",
            ),
            Some(_) => {}
            None => {
                for i in state.near_unit(b, 0.1).filter(|i| {
                    i.side == side
                        && i.is_infantry()
                        && i.command == b.command
                        && on_objective(i)
                        && grognard_geometry::distance::bases_within(&b.base(), &i.base(), 0.1)
                }) {
                    push(
                        state,
                        side,
                        out,
                        Command::AttachBattery {
                            battery: b.id,
                            infantry: Some(i.id),
                        },
                        1.1,
                        "battery attaches to the brigade holding the ground",
                    );
                }
            }
        }
    }
    // Commanders follow their command's centre; the CinC the army's. They move once their
    // troops have (a roll to maneuver outranks them), so those are not worked out sooner.
    if !ready.is_empty() {
        return;
    }
    // Where each command's troops stand on average, and the whole army's (for the CinC).
    // Slot 0 is the army's, slot c + 1 command c's.
    let mut sums = vec![(Vec2::ZERO, 0usize); 257];
    for u in state.friends_of(side).filter(|u| !u.is_officer()) {
        sums[0].0 += u.pose.pos;
        sums[0].1 += 1;
        if let Some(c) = u.command {
            let e = &mut sums[c as usize + 1];
            e.0 += u.pose.pos;
            e.1 += 1;
        }
    }
    // The first few officers with somewhere to go are weighed each decision.
    const LEADS: usize = 4;
    let mut leads = 0;
    for o in state
        .friends_of(side)
        .filter(|o| !o.moved && matches!(o.role, Role::Commander { .. } | Role::Cinc))
    {
        if leads == LEADS {
            break;
        }
        let slot = o.command.map_or(0, |c| c as usize + 1);
        let Some(&(sum, n)) = sums.get(slot).filter(|(_, n)| *n > 0) else {
            continue;
        };
        let centre = sum / n as f64;
        // Stand a little behind the centre, away from the enemy.
        let back =
            objective(state, o).map_or(Vec2::ZERO, |p| (centre - p).normalize_or_zero() * 3.0);
        let goal = centre + back;
        let d = o.pose.pos.distance(goal);
        if d < 1.0 {
            continue;
        }
        let legs = path_to(o, goal, d.min(state.field.tables.movement.officers - 0.5));
        let before = out.len();
        push(
            state,
            side,
            out,
            Command::Move {
                unit: o.id,
                steps: legs,
            },
            0.2,
            "officer keeps with his command",
        );
        if out.len() > before {
            leads += 1;
        }
    }
}

/// Steps to turn toward `goal` (a change of face, then a wheel for the rest) and go `d`.
fn path_to(u: &Unit, goal: Vec2, d: f64) -> Vec<Step> {
    let mut steps = Vec::new();
    turn_toward(&mut steps, u.pose.facing, angle_of(goal - u.pose.pos));
    if d > 0.05 {
        steps.push(Step::Forward { d });
    }
    steps
}

/// Steps that turn a unit facing `facing` to face `want`: a change of face for the bulk of a
/// large turn, then a wheel for the rest.
fn turn_toward(steps: &mut Vec<Step>, facing: f64, want: f64) {
    let mut rest = wrap(want - facing).to_degrees();
    if rest.abs() > 135.0 {
        steps.push(Step::ChangeFace { quarter_turns: 2 });
        rest = wrap(want - (facing + std::f64::consts::PI)).to_degrees();
    } else if rest.abs() > 60.0 {
        steps.push(Step::ChangeFace {
            quarter_turns: if rest > 0.0 { 1 } else { -1 },
        });
        rest -= if rest > 0.0 { 90.0 } else { -90.0 };
    }
    if rest.abs() > 1.0 {
        steps.push(Step::Wheel {
            left: rest > 0.0,
            degrees: rest.abs(),
        });
    }
}

/// How good a battery's position would be: the best expected fire it would have there.
fn gun_spot_value(state: &State, u: &Unit, steps: &[Step]) -> f64 {
    let end = steps
        .iter()
        .fold(u.pose, |p, s| s.apply(p, u.size(), u.size()));
    // The battery as it would stand there, ready to fire; the rest of the table as it is
    // (the battery's own old place is never in its way: a piece never screens itself).
    let mut bu = u.clone();
    bu.pose = end;
    bu.fired = false;
    let best = crate::phases::firing::fire_targets(state, &bu)
        .into_iter()
        .map(|t| fire_value(state, &[&bu], state.unit(t)))
        .fold(0.0, f64::max);
    // Guns too close to enemy infantry or cavalry are overrun.
    let danger = state
        .near_unit_of(u.side.other(), &bu, 5.0)
        .filter(|e| e.brigade().is_some() && !e.routed)
        .any(|e| distance(&bu.base(), &e.base()) < 5.0);
    best - if danger { 0.6 } else { 0.0 }
}

/// What the fire of `shooters` at `t` is worth, from its exact odds (the batteries' own
/// modifiers, and rockets' rolled fire points, included).
fn fire_value(state: &State, shooters: &[&Unit], t: &Unit) -> f64 {
    let facts: Vec<rfire::Battery> = shooters
        .iter()
        .map(|bu| {
            crate::phases::firing::battery_facts(state, bu, t, distance(&bu.base(), &t.base()))
        })
        .collect();
    let from: Vec<Vec2> = shooters.iter().map(|b| b.pose.pos).collect();
    let target = crate::phases::firing::fire_target_facts(state, t, &from);
    let ids: Vec<UnitId> = shooters.iter().map(|b| b.id).collect();
    let rockets = crate::phases::firing::rocket_dice(state, &ids, t);
    rfire::odds_rolled(&state.field.tables.artillery, &facts, &rockets, &target).map_or(0.0, |d| {
        d.outcomes
            .iter()
            .map(|(e, p)| {
                p * match e {
                    None | Some(FireEffect::Desultory) => 0.0,
                    Some(FireEffect::Effective) => 0.3,
                    Some(FireEffect::Damaging) => 1.0,
                    Some(FireEffect::Horrendous) => 1.5,
                    Some(FireEffect::Destructive) => 2.5,
                }
            })
            .sum()
    })
}

/// What losing `sp` strength points would add to the unit's army losses ("NW II 4.0"): a
/// brigade reaching Spent counts half a loss, one destroyed a whole one.
fn loss_if(t: &crate::tables::DesignTables, u: &Unit, sp: u32) -> f64 {
    if sp == 0 {
        return 0.0;
    }
    let mut after = u.clone();
    after.sp = u.sp.saturating_sub(sp);
    if after.sp == 0 {
        after.place = crate::state::Place::Gone(crate::state::Gone::Eliminated);
    }
    after.loss(t, true) - u.loss(t, true)
}

/// How good a fight would be for the attackers, from the exact odds of a first round: the
/// army losses each side would take (what breaks an army), the strength points behind them,
/// and a little for ground gained or given.
fn combat_value(state: &State, attackers: &[UnitId], d: &Unit, moved: Option<&Unit>) -> f64 {
    const LOSS: f64 = 4.0;
    const SP: f64 = 0.3;
    // A routed unit caught is overrun without a roll ("NW 11.2" #8).
    let t = &state.field.tables.combat;
    if d.routed {
        let by_cavalry = attackers.iter().any(|a| state.unit(*a).is_cavalry());
        let sp = t.routed_contacted_loss[usize::from(by_cavalry)];
        return 1.5 + LOSS * loss_if(&state.field.tables.design, d, sp);
    }
    let c = Combat {
        attackers: crate::phases::fight::primary_first(state, attackers),
        defender: d.id,
    };
    let primary = state.unit(c.attackers[0]);
    let s = crate::phases::fight::situation_with(state, &c, moved);
    let cavalry = s.attackers().any(|a| a.arm == crate::Arm::Cavalry);
    let cut_down = if cavalry && d.is_infantry() {
        t.pursuit_loss
    } else {
        0
    };
    let cap = |n: u32| {
        if s.squares() {
            n.min(t.squares_loss_cap)
        } else {
            n
        }
    };
    let [crushed, broken, driven_back] = t.defender_losses;
    let [repulsed, recule] = t.attacker_losses;
    let struggle = t.struggle_loss;
    let dist = rcombat::round_odds(t, &s);
    dist.outcomes
        .iter()
        .map(|(r, p)| {
            use CombatResult::*;
            // Strength lost by the defender and the primary attacker, and the ground.
            let (dl, al, ground) = match r {
                DefenderCrushed => (crushed + cut_down, 0, 1.0),
                DefenderBroken if d.disordered => (broken + cut_down, 0, 1.0),
                DefenderBroken => (broken, 0, 0.6),
                DefenderDrivenBack => (driven_back, 0, 0.4),
                DefenderGivesGround => (0, 0, 0.3),
                DesperateStruggle => (struggle, cap(struggle), 0.0),
                AssaultChecked => (0, 0, -0.2),
                AssaultRepulsed => (0, cap(repulsed), -0.3),
                LeGuardRecule => (0, cap(recule), -0.6),
            };
            let design = &state.field.tables.design;
            p * (LOSS * (loss_if(design, d, dl) - loss_if(design, primary, al))
                + SP * (dl as f64 - al as f64)
                + ground)
        })
        .sum()
}

/// What `a` adds by attacking `d`, standing at `end` (where its move would leave it): the
/// value of the whole fight, less that of the attack already made on `d` if there is one. A
/// second attacker adds numbers, perhaps a flank and combined arms.
fn attack_value(state: &State, a: &Unit, d: &Unit, end: Option<Pose>) -> f64 {
    let before: Vec<UnitId> = state
        .combats
        .iter()
        .find(|c| c.defender == d.id)
        .map_or(Vec::new(), |c| c.attackers.clone());
    let there = end.filter(|p| *p != a.pose).map(|p| {
        let mut m = a.clone();
        m.pose = p;
        m
    });
    let mut with = before.clone();
    with.push(a.id);
    let whole = combat_value(state, &with, d, there.as_ref());
    if before.is_empty() {
        whole
    } else {
        whole - combat_value(state, &before, d, None)
    }
}

/// How much more an attack is worth as the day runs out without a decision: a draw is no
/// better than a defeat for a side that means to win.
fn urgency(state: &State) -> f64 {
    let t = state.clock.turn as f64 / state.field.turns.max(1) as f64;
    ((t - 0.3) * 0.6).max(0.0)
}

/// Steps that bring `u` to a spot 1.5" off the side of `e` that `side_dir` points to, turned
/// to face it, ready for a last step into contact.
fn approach(u: &Unit, e: &Unit, side_dir: Vec2) -> Vec<Step> {
    let off = (u.size() + e.size()) * 0.5 + 1.5;
    let spot = e.pose.pos + side_dir * off;
    let d = u.pose.pos.distance(spot);
    let mut steps = if d > 0.3 {
        path_to(u, spot, d)
    } else {
        Vec::new()
    };
    let mid = steps
        .iter()
        .fold(u.pose, |p, s| s.apply(p, u.size(), u.size()));
    turn_toward(&mut steps, mid.facing, angle_of(e.pose.pos - mid.pos));
    steps
}

fn moves_for(
    state: &State,
    side: Side,
    u: &Unit,
    allowance: f64,
    out: &mut Vec<Candidate<Command>>,
    mut plans: Keep,
    scored: bool,
) {
    if allowance <= 0.0 {
        return;
    }
    let mv = |steps: Vec<Step>| Command::Move { unit: u.id, steps };
    let goal = objective(state, u);
    // Charges: every enemy within reach, straight ahead, after turning to face it, or (when
    // a friend already holds its front) around a flank or the rear.
    if !u.is_artillery() {
        let urgent = urgency(state);
        for e in state
            .near_unit_of(side.other(), u, allowance + 0.1)
            .filter(|e| !e.is_officer() && distance(&u.base(), &e.base()) <= allowance + 0.1)
        {
            let engaged = state.combats.iter().find(|c| c.defender == e.id);
            let mut ways: Vec<Vec<Step>> = Vec::new();
            match engaged {
                None => {
                    if in_front(&u.base(), &e.base()) {
                        ways.push(Vec::new());
                    }
                    ways.push(approach(
                        u,
                        e,
                        (u.pose.pos - e.pose.pos).normalize_or_zero(),
                    ));
                }
                Some(c) if c.attackers.len() == 1 && !c.attackers.contains(&u.id) => {
                    let f = e.pose.forward();
                    let left = Vec2::new(-f.y, f.x);
                    for n in [left, -left, -f] {
                        ways.push(approach(u, e, n));
                    }
                }
                Some(_) => {}
            }
            for lead in ways {
                // A change of face after the first step refuses the move whatever follows
                // ("NW 9.7").
                if lead
                    .iter()
                    .skip(1)
                    .any(|s| matches!(s, Step::ChangeFace { .. }))
                {
                    continue;
                }
                let mid = lead
                    .iter()
                    .fold(u.pose, |p, s| s.apply(p, u.size(), u.size()));
                let gap = distance(&u.at(mid), &e.base());
                for d in [gap, gap + 0.02, gap + 0.05] {
                    let step = Step::Forward { d };
                    let end = step.apply(mid, u.size(), u.size());
                    // Ending on another base refuses it too: looked at first, as it is cheap
                    // and refuses most of the charges tried.
                    if crate::phases::movement::ends_on(state, u, &u.at(end)).is_some() {
                        continue;
                    }
                    let mut steps = lead.clone();
                    steps.push(step);
                    let cmd = mv(steps);
                    // Checked here, as its value rests on where it ends: its plan is kept
                    // for the player that keeps a memo.
                    if let Some(plan) = crate::orders::allows_planned(state, side, &cmd) {
                        let v = worth(scored, || attack_value(state, u, e, Some(end)));
                        let keep = worth(scored, || abandon_cost(state, u, end.pos));
                        if let (Some(plans), Some(plan)) = (plans.as_deref_mut(), plan) {
                            plans.push((cmd.clone(), plan));
                        }
                        out.push(Candidate {
                            command: cmd,
                            score: 0.1 + v + urgent - keep,
                            why: "attack",
                            checked: true,
                        });
                        break;
                    }
                }
            }
        }
    }
    if let Some(g) = goal {
        let here = u.pose.pos.distance(g);
        if u.is_artillery() {
            // Guns look for a spot with a clear shot: ahead, or out to either side.
            let here_value = worth(scored, || gun_spot_value(state, u, &[]));
            for (dx, frac) in [
                (0.0, 1.0),
                (0.0, 0.5),
                (4.0, 0.6),
                (-4.0, 0.6),
                (8.0, 0.4),
                (-8.0, 0.4),
            ] {
                let right = grognard_geometry::dir(u.pose.facing - std::f64::consts::FRAC_PI_2);
                let aim = u.pose.pos
                    + right * dx
                    + (g - u.pose.pos).normalize_or_zero() * allowance * frac;
                let d = u.pose.pos.distance(aim).min(allowance * 0.8);
                let steps = path_to(u, aim, d);
                let v = worth(scored, || gun_spot_value(state, u, &steps));
                push_move(
                    out,
                    mv(steps),
                    0.2 + v - here_value * 0.5,
                    "guns find a clear shot",
                );
            }
        } else {
            for frac in [1.0, 0.6, 0.3] {
                let steps = path_to(u, g, allowance * frac * 0.8);
                let end = steps
                    .iter()
                    .fold(u.pose, |p, s| s.apply(p, u.size(), u.size()));
                let progress = here - end.pos.distance(g);
                // The commander follows his command's centre, so a little beyond his range
                // now is no harm; far beyond it, the next maneuver roll suffers.
                let stray = (worth(scored, || out_of_range(state, u, end.pos)) - 4.0).max(0.0);
                let score = if end.pos.distance(g) < 1.0 {
                    -0.2
                } else {
                    0.3 + 0.05 * progress - 0.05 * stray
                } - worth(scored, || abandon_cost(state, u, end.pos));
                push_move(out, mv(steps), score, "advance");
            }
        }
    }
    // Cavalry in good order with the enemy a few inches off stands facing it, ready to
    // charge whatever moves into its reaction zone ("NW 10.0") rather than walk into fire.
    if u.is_cavalry() && !u.disordered && u.fatigue() != Some(crate::Fatigue::Spent) {
        let zone = u
            .brigade()
            .and_then(|b| b.weight)
            .map_or(8.0, |w| state.field.tables.reaction.zone_of(w));
        let nearest = state
            .near_unit_of(side.other(), u, zone + 8.0)
            .filter(|e| !e.is_officer() && !e.routed)
            .map(|e| (distance(&u.base(), &e.base()), e))
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
        if let Some((d, e)) = nearest {
            if d > 3.0 && d <= zone + 8.0 {
                let turn = path_to(u, e.pose.pos, 0.0);
                let keep = worth(scored, || abandon_cost(state, u, u.pose.pos));
                if turn.is_empty() {
                    push(
                        state,
                        side,
                        out,
                        Command::Hold,
                        0.35 - keep,
                        "cavalry stands ready to react",
                    );
                } else {
                    push_move(
                        out,
                        mv(turn),
                        0.35 - keep,
                        "cavalry faces the enemy, ready to react",
                    );
                }
            }
        }
    }
    // A Spent brigade is pulled back out of the fight: it counts half a loss already, and a
    // whole one if it is destroyed.
    if u.fatigue() == Some(crate::Fatigue::Spent) {
        push_move(
            out,
            mv(vec![Step::Retrograde {
                d: allowance * 0.45,
            }]),
            1.2,
            "pull a spent brigade back",
        );
    }
    // A plain step back, for variety and to get out of trouble.
    push_move(
        out,
        mv(vec![Step::Retrograde { d: allowance * 0.3 }]),
        -0.3,
        "fall back",
    );
}
