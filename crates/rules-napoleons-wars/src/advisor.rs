//! Candidate commands, each scored by simple tactical sense: fire at what hurts most, close
//! with the enemy when the odds favour it, keep units within their commander's range, bring
//! generals to the units about to fight. Every candidate is a legal command.

use crate::command::Command;
use crate::measure::{distance, in_front};
use crate::moves::Step;
use crate::resolve::{combat as rcombat, fire as rfire};
use crate::rules::{phase_key, NapoleonsWars};
use crate::state::{Combat, Pending, Role, State, Unit};
use crate::tables::{CombatResult, FireEffect};
use grognard_engine::{Candidate, Ruleset, Side};
use grognard_geometry::{angle_of, wrap, Vec2};

fn push(
    state: &State,
    side: Side,
    out: &mut Vec<Candidate<Command>>,
    command: Command,
    score: f64,
    why: &'static str,
) {
    if NapoleonsWars.check(state, side, &command).is_ok() {
        out.push(Candidate {
            command,
            score,
            why,
        });
    }
}

pub fn candidates(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
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
                let v = attack_value(state, &cav, state.unit(*by));
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
                let v = attack_value(state, &cav, state.unit(*t));
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
            moves_for(state, side, &u, *allowance, out);
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
            "artillery" => artillery(state, side, out),
            "maneuver" => maneuver(state, side, out),
            "reaction" => {
                for c in state.friends_of(side) {
                    if crate::reaction::eligible(state, c).is_some() {
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
    for a in state.friends_of(side).filter(|u| !u.fired) {
        for t in crate::firing::skirmish_targets(state, a) {
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
    }
}

fn artillery(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    let ready: Vec<&Unit> = state
        .friends_of(side)
        .filter(|u| u.is_artillery() && !u.fired)
        .collect();
    let mut targets: Vec<u16> = Vec::new();
    for b in &ready {
        for t in crate::firing::fire_targets(state, b) {
            if !targets.contains(&t) {
                targets.push(t);
            }
        }
    }
    for t in targets {
        let group: Vec<u16> = ready
            .iter()
            .filter(|b| crate::firing::fire_targets(state, b).contains(&t))
            .map(|b| b.id)
            .collect();
        let tu = state.unit(t);
        let facts: Vec<rfire::Battery> = group
            .iter()
            .map(|b| {
                let bu = state.unit(*b);
                let bat = bu.battery().expect("battery");
                rfire::Battery {
                    weight: bat.weight,
                    range: distance(&bu.base(), &tu.base()),
                    damaged: bu.damaged(),
                    suppressed: bu.suppressed,
                    british_french: false,
                    russian_heavy: false,
                    ottoman_cossack: false,
                    different_elevation: false,
                    into_flank_or_rear: false,
                }
            })
            .collect();
        let target = crate::firing::fire_target_facts(state, tu);
        let value = fire_value(state, &facts, &target);
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
}

/// The enemy a unit should go for: the nearest enemy troops.
fn objective(state: &State, u: &Unit) -> Option<Vec2> {
    state
        .enemies_of(u.side)
        .filter(|e| !e.is_officer())
        .min_by(|a, b| {
            distance(&u.base(), &a.base())
                .total_cmp(&distance(&u.base(), &b.base()))
                .then(a.id.cmp(&b.id))
        })
        .map(|e| e.pose.pos)
}

fn maneuver(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    // How near each friendly unit is to the enemy (centre to nearest enemy centre), worked
    // out once for this decision.
    let enemies: Vec<Vec2> = state
        .enemies_of(side)
        .filter(|e| !e.is_officer())
        .map(|e| e.pose.pos)
        .collect();
    let near = |u: &Unit| -> f64 {
        enemies
            .iter()
            .map(|p| p.distance_squared(u.pose.pos))
            .fold(f64::INFINITY, f64::min)
    };
    // Units roll one at a time, those nearest the enemy first.
    let mut ready: Vec<(f64, &Unit)> = state
        .friends_of(side)
        .filter(|u| !u.is_officer() && !u.routed && !u.moved)
        .map(|u| (near(u), u))
        .collect();
    ready.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    for (_, u) in ready.iter().take(4) {
        if u.arrived {
            moves_for(
                state,
                side,
                u,
                crate::movement::full_allowance(state, u),
                out,
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
    // Generals go to the brigade of their division nearest the enemy: the closest of the
    // units still to move that they may join.
    if !enemies.is_empty() {
        for g in state
            .friends_of(side)
            .filter(|g| matches!(g.role, Role::General { .. } | Role::Adc))
        {
            let best = ready
                .iter()
                .filter(|(_, b)| b.brigade().is_some())
                .find(|(_, b)| {
                    NapoleonsWars
                        .check(
                            state,
                            side,
                            &Command::Attach {
                                officer: g.id,
                                unit: Some(b.id),
                            },
                        )
                        .is_ok()
                });
            if let Some((_, b)) = best {
                out.push(Candidate {
                    command: Command::Attach {
                        officer: g.id,
                        unit: Some(b.id),
                    },
                    score: 0.6,
                    why: "general to the front",
                });
            }
        }
    }
    // Commanders follow their command's centre; the CinC the army's.
    for o in state
        .friends_of(side)
        .filter(|o| !o.moved && matches!(o.role, Role::Commander { .. } | Role::Cinc))
    {
        let members: Vec<Vec2> = state
            .friends_of(side)
            .filter(|u| !u.is_officer() && (o.command.is_none() || u.command == o.command))
            .map(|u| u.pose.pos)
            .collect();
        if members.is_empty() {
            continue;
        }
        let centre = members.iter().copied().sum::<Vec2>() / members.len() as f64;
        // Stand a little behind the centre, away from the enemy.
        let back =
            objective(state, o).map_or(Vec2::ZERO, |p| (centre - p).normalize_or_zero() * 3.0);
        let goal = centre + back;
        let d = o.pose.pos.distance(goal);
        if d < 1.0 {
            continue;
        }
        let legs = path_to(o, goal, d.min(state.field.tables.movement.officers - 0.5));
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
    }
}

/// Steps to turn toward `goal` (a change of face, then a wheel for the rest) and go `d`.
fn path_to(u: &Unit, goal: Vec2, d: f64) -> Vec<Step> {
    let want = angle_of(goal - u.pose.pos);
    let turn = wrap(want - u.pose.facing).to_degrees();
    let mut steps = Vec::new();
    let mut rest = turn;
    if rest.abs() > 135.0 {
        steps.push(Step::ChangeFace { quarter_turns: 2 });
        rest = wrap(want - (u.pose.facing + std::f64::consts::PI)).to_degrees();
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
    if d > 0.05 {
        steps.push(Step::Forward { d });
    }
    steps
}

/// How good a battery's position would be: the best expected fire it would have there.
fn gun_spot_value(state: &State, u: &Unit, steps: &[Step]) -> f64 {
    let end = steps
        .iter()
        .fold(u.pose, |p, s| s.apply(p, u.size(), u.size()));
    let mut sim = state.clone();
    sim.units[u.id as usize].pose = end;
    sim.units[u.id as usize].fired = false;
    let bu = sim.unit(u.id).clone();
    let mut best: f64 = 0.0;
    for t in crate::firing::fire_targets(&sim, &bu) {
        let tu = sim.unit(t);
        let facts = [rfire::Battery {
            weight: bu.battery().expect("battery").weight,
            range: distance(&bu.base(), &tu.base()),
            damaged: bu.damaged(),
            suppressed: false,
            british_french: false,
            russian_heavy: false,
            ottoman_cossack: false,
            different_elevation: false,
            into_flank_or_rear: false,
        }];
        let target = crate::firing::fire_target_facts(&sim, tu);
        best = best.max(fire_value(&sim, &facts, &target));
    }
    // Guns too close to enemy infantry or cavalry are overrun.
    let danger = sim
        .enemies_of(u.side)
        .filter(|e| e.brigade().is_some() && !e.routed)
        .any(|e| distance(&bu.base(), &e.base()) < 5.0);
    best - if danger { 0.6 } else { 0.0 }
}

fn fire_value(state: &State, facts: &[rfire::Battery], target: &rfire::Target) -> f64 {
    rfire::odds(&state.field.tables.artillery, facts, target).map_or(0.0, |d| {
        d.outcomes
            .iter()
            .map(|(e, p)| {
                p * match e {
                    FireEffect::Desultory => 0.0,
                    FireEffect::Effective => 0.3,
                    FireEffect::Damaging => 1.0,
                    FireEffect::Horrendous => 1.5,
                    FireEffect::Destructive => 2.5,
                }
            })
            .sum()
    })
}

/// How good a fight would be for the attacker, from the exact odds of a first round.
fn attack_value(state: &State, a: &Unit, d: &Unit) -> f64 {
    // A routed unit caught is overrun without a roll ("NW 11.2" #8).
    if d.routed {
        return 2.5;
    }
    let c = Combat {
        attackers: vec![a.id],
        defender: d.id,
    };
    let s = crate::fight::situation(state, &c);
    let dist = rcombat::odds(&state.field.tables.combat, &s);
    dist.outcomes
        .iter()
        .map(|(r, p)| {
            p * match r {
                CombatResult::DefenderCrushed => 3.0,
                CombatResult::DefenderBroken => 2.0,
                CombatResult::DefenderDrivenBack => 1.0,
                CombatResult::DefenderGivesGround => 0.4,
                CombatResult::DesperateStruggle => 0.0,
                CombatResult::AssaultChecked => -0.5,
                CombatResult::AssaultRepulsed => -1.0,
                CombatResult::LeGuardRecule => -2.0,
            }
        })
        .sum()
}

fn moves_for(
    state: &State,
    side: Side,
    u: &Unit,
    allowance: f64,
    out: &mut Vec<Candidate<Command>>,
) {
    if allowance <= 0.0 {
        return;
    }
    let mv = |steps: Vec<Step>| Command::Move { unit: u.id, steps };
    let goal = objective(state, u);
    // Charges: an enemy to the front within reach.
    if !u.is_artillery() {
        for e in state
            .enemies_of(side)
            .filter(|e| !e.is_officer() && in_front(&u.base(), &e.base()))
        {
            let gap = distance(&u.base(), &e.base());
            if gap > allowance + 0.1 {
                continue;
            }
            for d in [gap, gap + 0.02, gap + 0.05] {
                let cmd = mv(vec![Step::Forward { d }]);
                if NapoleonsWars.check(state, side, &cmd).is_ok() {
                    let v = attack_value(state, u, e);
                    push(state, side, out, cmd, 0.45 + v, "attack");
                    break;
                }
            }
        }
    }
    if let Some(g) = goal {
        let here = u.pose.pos.distance(g);
        if u.is_artillery() {
            // Guns look for a spot with a clear shot: ahead, or out to either side.
            let here_value = gun_spot_value(state, u, &[]);
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
                let v = gun_spot_value(state, u, &steps);
                push(
                    state,
                    side,
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
                let score = if end.pos.distance(g) < 1.0 {
                    -0.2
                } else {
                    0.3 + 0.05 * progress
                };
                push(state, side, out, mv(steps), score, "advance");
            }
        }
    }
    // A Spent brigade is pulled back out of the fight: it counts half a loss already, and a
    // whole one if it is destroyed.
    if u.fatigue() == crate::Fatigue::Spent && !u.is_artillery() {
        push(
            state,
            side,
            out,
            mv(vec![Step::Retrograde {
                d: allowance * 0.45,
            }]),
            1.2,
            "pull a spent brigade back",
        );
    }
    // A plain step back, for variety and to get out of trouble.
    push(
        state,
        side,
        out,
        mv(vec![Step::Retrograde { d: allowance * 0.3 }]),
        -0.3,
        "fall back",
    );
}
