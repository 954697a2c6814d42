//! What each command may do and what it does: whose turn it is, the check of every command
//! against the sequence of play and its phase, and its carrying out, with the phase walk
//! that follows.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::Event;
use crate::measure::distance;
use crate::phases::firing;
use crate::phases::movement;
use crate::resolve::maneuver;
use crate::sequence::{phase_key, SEQUENCE};
use crate::state::{FireOrder, Gone, Pending, Place, Role, State, Unit, UnitId};
use grognard_engine::sequence::Actor;
use grognard_engine::{Illegal, Side};

fn wrong(why: &'static str) -> Illegal {
    Illegal::new("NW 5.0 Game sequence", why)
}

/// Check a command against the sequence of play and the rules of its phase: what
/// [`grognard_engine::Ruleset::check`] answers for this book.
pub fn check(state: &State, side: Side, command: &Command) -> Result<(), Illegal> {
    check_inner(state, side, command, &mut None, false)
}

/// Whether [`check`] lets `side` give `command` now, asked by a player trying commands:
/// a refusal's reason is not written out.
pub fn allows(state: &State, side: Side, command: &Command) -> bool {
    check_inner(state, side, command, &mut None, true).is_ok()
}

/// [`allows`], with the plan of a legal move ([`crate::rules::Plan`]): `None` if refused.
pub fn allows_planned(state: &State, side: Side, command: &Command) -> Option<crate::rules::Plan> {
    let mut planned = None;
    check_inner(state, side, command, &mut planned, true).ok()?;
    Some(planned)
}

pub fn to_act_side(state: &State) -> Option<Side> {
    if state.outcome.is_some() {
        return None;
    }
    if let Some(p) = &state.pending {
        return Some(p.side());
    }
    let spec = state.clock.spec(&SEQUENCE);
    if spec.key == "initiative" {
        return Some(Side(0));
    }
    let phasing = state.clock.phasing(&SEQUENCE);
    Some(match spec.actor {
        Actor::Both => {
            if state.done[phasing.index()] {
                phasing.other()
            } else {
                phasing
            }
        }
        _ => state.clock.actor(&SEQUENCE),
    })
}

/// Check a command. A move is planned by its check; the plan is left in `planned` for
/// carrying it out, so that a move is planned once.
pub fn check_inner(
    state: &State,
    side: Side,
    cmd: &Command,
    planned: &mut Option<movement::MovePlan>,
    quietly: bool,
) -> Result<(), Illegal> {
    if state.outcome.is_some() {
        return Err(wrong("the battle is over"));
    }
    if to_act_side(state) != Some(side) {
        return Err(wrong("it is not this side's turn to decide"));
    }
    if let Some(p) = &state.pending {
        return match (p, cmd) {
            (Pending::Reroll { .. }, Command::Reroll { .. }) => Ok(()),
            (Pending::ChooseFirst { .. }, Command::ChooseFirst { first }) if first.0 < 2 => Ok(()),
            (
                Pending::Move {
                    unit, allowance, ..
                },
                Command::Move { unit: u, steps },
            ) if u == unit => {
                *planned = Some(movement::plan_as(
                    state,
                    state.unit(*unit),
                    steps,
                    *allowance,
                    quietly,
                )?);
                Ok(())
            }
            (Pending::Move { .. }, Command::Hold) => Ok(()),
            (Pending::Reaction { .. }, Command::Hold) => Ok(()),
            (
                Pending::Reaction {
                    charged_by: Some(_),
                    ..
                },
                Command::Countercharge | Command::Evade,
            ) => Ok(()),
            (
                Pending::Reaction {
                    unit,
                    toward: Some(t),
                    ..
                },
                Command::ChargeInto,
            ) => {
                let cav = state.unit(*unit);
                let target = state.unit(*t);
                let steps = crate::phases::reaction::charge_steps(cav, target);
                let full = movement::full_allowance(state, cav);
                match movement::plan(state, cav, &steps, full) {
                    Ok(p) if p.contact == Some(*t) => Ok(()),
                    Ok(_) => Err(Illegal::new(
                        "NW 10.2 Reaction options",
                        "the charge would not reach its target",
                    )),
                    Err(e) => Err(e),
                }
            }
            _ => Err(wrong("another decision is waiting")),
        };
    }
    let own = |id: UnitId| -> Result<&Unit, Illegal> {
        let u = state
            .units
            .get(id as usize)
            .ok_or_else(|| wrong("there is no such unit"))?;
        if u.side != side {
            return Err(wrong("that unit belongs to the enemy"));
        }
        if !u.on_table() {
            return Err(wrong("that unit is not on the table"));
        }
        Ok(u)
    };
    match (phase_key(state), cmd) {
        ("initiative", Command::RollInitiative) => Ok(()),
        ("skirmish", Command::Skirmish { attackers, target }) => {
            firing::check_skirmish(state, side, attackers, *target)
        }
        ("skirmish", Command::EndPhase) => match firing::must_still_skirmish(state, side) {
            Some((a, t)) => Err(Illegal::new(
                "NW 7.5 Skirmish attacks",
                format!("{} can skirmish {} and must", state.name(a), state.name(t)),
            )),
            None => Ok(()),
        },
        ("artillery", Command::Fire { batteries, target }) => {
            firing::check_fire(state, side, batteries, *target)
        }
        ("artillery", Command::EndPhase) => Ok(()),
        ("maneuver", Command::Attach { officer, unit }) => {
            let o = own(*officer)?;
            check_attach(state, o, *unit)
        }
        ("maneuver", Command::AttachBattery { battery, infantry }) => {
            let b = own(*battery)?;
            check_attach_battery(state, b, *infantry)
        }
        ("maneuver", Command::Roll { unit }) => {
            let u = own(*unit)?;
            if u.is_officer() || u.routed || u.moved || u.arrived {
                return Err(Illegal::new(
                    "NW 9.0 Maneuver phase",
                    format!("{} does not roll now", u.label),
                ));
            }
            if u.is_artillery() && u.attached.is_some() {
                return Err(Illegal::new(
                    R_ATTACH,
                    format!(
                        "{} moves with the infantry it is attached to; detach it first",
                        u.label
                    ),
                ));
            }
            Ok(())
        }
        ("maneuver", Command::Move { unit, steps }) => {
            let u = own(*unit)?;
            let allowance = if u.is_officer() {
                if !officers_may_move(state, side) {
                    return Err(Illegal::new(
                        "NW 9.0 C Resolving movement",
                        "commanders and the CinC move after every unit",
                    ));
                }
                if u.moved {
                    return Err(wrong("that officer has moved"));
                }
                state.field.tables.movement.officers
            } else if u.arrived && !u.moved {
                movement::maneuver_allowance(state, u)
            } else {
                return Err(Illegal::new(
                    "NW 9.0 C Resolving movement",
                    "a unit rolls on the maneuver table before it moves",
                ));
            };
            *planned = Some(movement::plan_as(state, u, steps, allowance, quietly)?);
            Ok(())
        }
        ("maneuver", Command::EndPhase) => {
            if let Some(u) = state
                .friends_of(side)
                .find(|u| u.disordered && !u.routed && !u.moved && !u.is_officer() && !u.arrived)
            {
                return Err(Illegal::new(
                    "NW 9.0 C Resolving movement",
                    format!(
                        "{} is disordered and must roll on the maneuver table",
                        u.label
                    ),
                ));
            }
            Ok(())
        }
        ("reaction", Command::React { unit }) => {
            let u = own(*unit)?;
            crate::phases::reaction::check_react(state, u)
        }
        ("reaction", Command::EndPhase) => Ok(()),
        ("combat", Command::Fight { defender }) => {
            if state.combats.iter().any(|c| c.defender == *defender) {
                Ok(())
            } else {
                Err(Illegal::new(
                    "NW 11.0 Combat phase",
                    "no combat against that unit",
                ))
            }
        }
        ("combat", Command::EndPhase) => {
            if state.combats.is_empty() {
                Ok(())
            } else {
                Err(Illegal::new(
                    "NW 11.0 Combat phase",
                    "every contact made must be fought",
                ))
            }
        }
        _ => Err(wrong("that is not done in this phase")),
    }
}

pub(crate) fn perform(
    ctx: &mut Ctx,
    side: Side,
    cmd: &Command,
    planned: Option<movement::MovePlan>,
) {
    match cmd {
        Command::RollInitiative => roll_initiative(ctx, None),
        Command::Reroll { reroll } => {
            let Some(Pending::Reroll { side: loser }) = ctx.state.pending.clone() else {
                return;
            };
            if *reroll {
                roll_initiative(ctx, Some(loser));
            } else {
                ctx.emit(Event::RollStands {
                    winner: loser.other(),
                });
            }
        }
        Command::ChooseFirst { first } => {
            ctx.emit(Event::FirstChosen { first: *first });
            finish_phase(ctx);
        }
        Command::Skirmish { attackers, target }
        | Command::Fire {
            batteries: attackers,
            target,
        } => {
            ctx.emit(Event::Declared {
                order: FireOrder {
                    side,
                    shooters: attackers.clone(),
                    target: *target,
                },
            });
        }
        Command::Attach { officer, unit } => {
            ctx.emit(Event::Attached {
                officer: *officer,
                unit: *unit,
            });
            if let Some(b) = unit {
                let to = ctx.state.unit(*b).pose;
                ctx.emit(Event::OfficerMoved { unit: *officer, to });
            }
        }
        Command::AttachBattery { battery, infantry } => {
            let pose = match infantry {
                Some(i) => crate::state::attached_battery_pose(ctx.state.unit(*i).pose),
                None => ctx.state.unit(*battery).pose,
            };
            ctx.emit(Event::BatteryAttached {
                battery: *battery,
                infantry: *infantry,
                pose,
            });
        }
        Command::Roll { unit } => roll_maneuver(ctx, *unit),
        Command::Move { unit, .. } => {
            let u = ctx.state.unit(*unit).clone();
            let allowance = move_allowance(ctx.state, &u);
            let plan = planned.expect("a checked move is planned");
            ctx.emit(Event::Moved {
                unit: *unit,
                to: plan.end,
                cost: plan.cost,
                road: plan.road,
            });
            // Enemy officers run over: killed on a 12, otherwise they step 3" aside
            // ("NW 9.3" note 2).
            let aside = ctx.state.field.tables.movement.officer_moved_aside;
            for o in &plan.through_officers {
                let test = crate::resolve::officer::roll(
                    &ctx.state.field.tables,
                    crate::resolve::officer::Case::RunOver,
                    ctx.dice,
                );
                let killed = test.passed;
                ctx.emit(Event::OfficerRisk { unit: *o, test });
                if killed {
                    ctx.eliminate(*o, Gone::Killed, "ridden down by enemy troops");
                } else {
                    let op = ctx.state.unit(*o).pose;
                    let away = (op.pos - plan.end.pos).normalize_or_zero();
                    let mut to = grognard_geometry::Pose::at(op.pos + away * aside, op.facing);
                    to.pos.x = to.pos.x.clamp(1.0, ctx.state.field.width - 1.0);
                    to.pos.y = to.pos.y.clamp(1.0, ctx.state.field.depth - 1.0);
                    let to = grognard_geometry::Pose::at(to.pos, op.facing);
                    ctx.emit(Event::MovedAside { officer: *o, to });
                }
            }
            if let Some(d) = plan.contact {
                let a = ctx.state.unit(*unit).clone();
                let du = ctx.state.unit(d).clone();
                // Against a brigade with guns attached, the attacker that reached the guns
                // squares up on them ("NW 8.6").
                let guns = ctx.state.battery_on(d).cloned();
                let on = guns
                    .clone()
                    .filter(|g| crate::measure::touching(&a.base(), &g.base()))
                    .unwrap_or_else(|| du.clone());
                let sq = movement::squared(ctx.state, &a, plan.end, &on);
                if sq != plan.end {
                    ctx.emit(Event::Moved {
                        unit: *unit,
                        to: sq,
                        cost: 0.0,
                        road: false,
                    });
                }
                // A battery charged gets its final shot and tries to get away ("NW 8.5");
                // one attached to infantry shoots from its front but stays with the
                // infantry, which fights ("NW 8.6").
                let stands = if let Some(g) = guns {
                    !firing::final_fire(ctx, *unit, g.id)
                } else {
                    !du.is_artillery()
                        || firing::final_fire_and_evasion(
                            ctx,
                            *unit,
                            d,
                            (allowance - plan.cost).max(0.0),
                        )
                };
                if stands {
                    let first = !ctx.state.combats.iter().any(|c| c.defender == d);
                    ctx.emit(Event::Contact {
                        attacker: *unit,
                        defender: d,
                    });
                    // The defender turns to face its first attacker ("NW 9.93").
                    if first && !du.is_artillery() {
                        face_attacker(ctx, d, *unit);
                    }
                }
            }
        }
        Command::React { unit } => crate::phases::reaction::react(ctx, *unit),
        Command::Countercharge => {
            if let Some((unit, Some(by), _)) = crate::phases::reaction::pending_of(ctx.state) {
                crate::phases::reaction::countercharge(ctx, unit, by);
            }
        }
        Command::Evade => {
            if let Some((unit, Some(by), _)) = crate::phases::reaction::pending_of(ctx.state) {
                crate::phases::reaction::evade(ctx, unit, by);
            }
        }
        Command::ChargeInto => {
            if let Some((unit, _, Some(t))) = crate::phases::reaction::pending_of(ctx.state) {
                let cav = ctx.state.unit(unit).clone();
                let target = ctx.state.unit(t).clone();
                let steps = crate::phases::reaction::charge_steps(&cav, &target);
                let full = movement::full_allowance(ctx.state, &cav);
                let plan = movement::plan(ctx.state, &cav, &steps, full).expect("checked");
                ctx.emit(Event::Moved {
                    unit,
                    to: plan.end,
                    cost: plan.cost,
                    road: false,
                });
                let a = ctx.state.unit(unit).clone();
                let sq = movement::squared(ctx.state, &a, plan.end, &target);
                if sq != plan.end {
                    ctx.emit(Event::Moved {
                        unit,
                        to: sq,
                        cost: 0.0,
                        road: false,
                    });
                }
                let first = !ctx.state.combats.iter().any(|c| c.defender == t);
                ctx.emit(Event::Contact {
                    attacker: unit,
                    defender: t,
                });
                if first && !target.is_artillery() {
                    face_attacker(ctx, t, unit);
                }
            }
        }
        Command::Hold => {
            if let Some((unit, _, _)) = crate::phases::reaction::pending_of(ctx.state) {
                let pose = ctx.state.unit(unit).pose;
                ctx.emit(Event::Moved {
                    unit,
                    to: pose,
                    cost: 0.0,
                    road: false,
                });
            }
            if let Some(Pending::Move { unit, .. }) = ctx.state.pending.clone() {
                let pose = ctx.state.unit(unit).pose;
                ctx.emit(Event::Moved {
                    unit,
                    to: pose,
                    cost: 0.0,
                    road: false,
                });
            }
        }
        Command::Fight { defender } => crate::phases::fight::fight(ctx, *defender),
        Command::EndPhase => {
            let both = SEQUENCE.phases[ctx.state.clock.phase as usize].actor == Actor::Both;
            ctx.emit(Event::SideDone { side });
            if !both || ctx.state.done.iter().all(|d| *d) {
                finish_phase(ctx);
            }
        }
    }
    crate::victory::check(ctx);
}

/// How far a `Move` may take `u`: the allowance its maneuver roll gave, an officer's move,
/// or a newly arrived unit's.
pub fn move_allowance(state: &State, u: &Unit) -> f64 {
    match &state.pending {
        Some(Pending::Move { allowance, .. }) => *allowance,
        _ if u.is_officer() => state.field.tables.movement.officers,
        _ => movement::maneuver_allowance(state, u),
    }
}

fn roll_initiative(ctx: &mut Ctx, reroll_by: Option<Side>) {
    let s = crate::resolve::initiative::situation(ctx.state);
    let (rolls, ours) = crate::resolve::initiative::roll_off(&s, ctx.dice);
    let w = if ours { 0 } else { 1 };
    ctx.emit(Event::Initiative {
        rolls,
        winner: Side(w as u8),
        reroll_by,
    });
}

fn check_attach(state: &State, o: &Unit, unit: Option<UnitId>) -> Result<(), Illegal> {
    const R: &str = "NW 9.0 A Attach generals";
    let division = match o.role {
        Role::General { command, division } => Some((command, division)),
        Role::Adc => None,
        _ => return Err(Illegal::new(R, "only generals and ADCs attach")),
    };
    // Attachments are made first, before any unit rolls; once made they hold for the phase.
    if state.friends_of(o.side).any(|u| u.moved && !u.is_officer()) {
        return Err(Illegal::new(
            R,
            "generals attach at the start of the maneuver phase, before any unit rolls",
        ));
    }
    let Some(b) = unit else {
        return Ok(());
    };
    let bu = state
        .units
        .get(b as usize)
        .ok_or_else(|| Illegal::new(R, "there is no such unit"))?;
    if bu.side != o.side || !bu.on_table() || bu.brigade().is_none() {
        return Err(Illegal::new(
            R,
            "a general attaches to a friendly infantry or cavalry brigade",
        ));
    }
    if let Some((c, d)) = division {
        if bu.command != Some(c) || crate::apply::division_of(&bu.label) != Some(d) {
            return Err(Illegal::new(
                R,
                "a general attaches only to units of his own division",
            ));
        }
    }
    if o.attached == Some(b) {
        return Err(Illegal::new(R, "he is already with that unit"));
    }
    if state.general_on(b).is_some() {
        return Err(Illegal::new(R, "a unit takes one general at a time"));
    }
    if let Some(old) = o.attached {
        let within = state.field.tables.maneuver.reattach_within;
        if distance(&state.unit(old).base(), &bu.base()) > within + 1e-9 {
            return Err(Illegal::new(
                R,
                format!("a general re-attaches only to a unit within {within}\" of his old one"),
            ));
        }
    }
    Ok(())
}

const R_ATTACH: &str = "NW 8.6 Artillery attachment";

/// May battery `b` attach to `infantry` (or detach, for `None`) ("NW 8.6")? A single battery
/// attaches to an infantry brigade of its own command, both within their commander's range;
/// it must already touch the brigade's front, and is squared up in the middle of it (ruling
/// N31). Never to cavalry.
fn check_attach_battery(state: &State, b: &Unit, infantry: Option<UnitId>) -> Result<(), Illegal> {
    if !b.is_artillery() {
        return Err(Illegal::new(R_ATTACH, "only a battery attaches this way"));
    }
    let Some(i) = infantry else {
        return if b.attached.is_some() {
            Ok(())
        } else {
            Err(Illegal::new(
                R_ATTACH,
                format!("{} is not attached", b.label),
            ))
        };
    };
    if b.attached.is_some() {
        return Err(Illegal::new(
            R_ATTACH,
            format!("{} is already attached; detach it first", b.label),
        ));
    }
    let iu = state
        .units
        .get(i as usize)
        .ok_or_else(|| Illegal::new(R_ATTACH, "there is no such unit"))?;
    if iu.side != b.side || !iu.on_table() || iu.brigade().is_none() {
        return Err(Illegal::new(
            R_ATTACH,
            "a battery attaches to a friendly infantry brigade on the table",
        ));
    }
    if iu.is_cavalry() {
        return Err(Illegal::new(
            R_ATTACH,
            "artillery may not attach to cavalry",
        ));
    }
    if iu.routed {
        return Err(Illegal::new(R_ATTACH, format!("{} is routed", iu.label)));
    }
    if b.command.is_none() || iu.command != b.command {
        return Err(Illegal::new(
            R_ATTACH,
            "a battery attaches only to infantry of its own command",
        ));
    }
    if let Some(other) = state.battery_on(i) {
        return Err(Illegal::new(
            R_ATTACH,
            format!(
                "{} already has {} attached: one battery a brigade",
                iu.label, other.label
            ),
        ));
    }
    for u in [b, iu] {
        if !crate::measure::in_command_range(state, u) {
            return Err(Illegal::new(
                R_ATTACH,
                format!("{} is not within its commander's range", u.label),
            ));
        }
    }
    let ib = iu.base();
    if !crate::measure::touching(&ib, &b.base())
        || crate::measure::face_toward(&ib, b.pose.pos) != grognard_geometry::Face::Front
    {
        return Err(Illegal::new(
            R_ATTACH,
            format!("{} must stand touching the front of {}", b.label, iu.label),
        ));
    }
    let nb = b.at(crate::state::attached_battery_pose(iu.pose));
    if !state.field.contains(&nb) {
        return Err(Illegal::new(
            R_ATTACH,
            "there is no room in front of it on the table",
        ));
    }
    if let Some(o) = state.near(nb.pose.pos, nb.radius()).find(|o| {
        o.id != b.id && o.id != i && !o.is_officer() && crate::measure::overlapping(&nb, &o.base())
    }) {
        return Err(Illegal::new(
            R_ATTACH,
            format!("{} is in the way in front of {}", o.label, iu.label),
        ));
    }
    Ok(())
}

/// Commanders and the CinC move once every unit that will roll has had its chance: here,
/// once no unit is waiting to move ("NW 9.0 C" step 7).
fn officers_may_move(state: &State, _side: Side) -> bool {
    state.pending.is_none()
}

fn roll_maneuver(ctx: &mut Ctx, unit: UnitId) {
    let u = ctx.state.unit(unit).clone();
    let facts = maneuver_facts(ctx.state, &u);
    let t = ctx.state.field.tables.maneuver.clone();
    let roll = maneuver::resolve(&t, &facts, ctx.dice);
    let full = movement::maneuver_allowance(ctx.state, &u);
    let allowance = match roll.allowed {
        maneuver::Allowed::GoodOrder(g) => full * g.fraction(),
        maneuver::Allowed::Disordered(d) => full * d.reorders().unwrap_or(0.0),
    };
    let retreat = match roll.allowed {
        maneuver::Allowed::Disordered(d) => d.retreats(),
        maneuver::Allowed::GoodOrder(_) => None,
    };
    ctx.emit(Event::ManeuverRoll {
        unit,
        roll,
        allowance,
    });
    if let Some(share) = retreat {
        // Falls back its share of a full move, away from the nearest enemy.
        if let Some(e) = crate::measure::nearest_enemy(ctx.state, &u) {
            let back = movement::full_allowance(ctx.state, &u) * share;
            crate::phases::fallback::retreat(
                ctx,
                unit,
                e,
                back,
                "falls back half a move in disorder",
            );
        }
    }
}

/// The facts of a maneuver roll for `u` ("NW 9.0 C", "NW Maneuver table modifiers").
pub fn maneuver_facts(state: &State, u: &Unit) -> maneuver::Situation {
    let side = &state.field.sides[u.side.index()];
    let (rating, in_range, fatigued) = match u.command {
        Some(c) => {
            let (rating, ..) = state.leader(u.side, c);
            (
                rating,
                crate::measure::in_command_range(state, u),
                state.command_fatigued(u.side, c),
            )
        }
        // Independent brigades use the CinC's rating ("NW 9.0 C" step 6).
        None => (side.cinc_rating, state.cinc_of(u.side).is_some(), false),
    };
    let near =
        |o: &Unit| distance(&o.base(), &u.base()) <= state.field.tables.maneuver.presence_radius;
    let cinc_near = state
        .cinc_of(u.side)
        .filter(|c| near(c))
        .map(|_| side.presence);
    maneuver::Situation {
        unit: crate::resolve::facts::UnitFacts::of(state, u).unwrap_or_default(),
        commander: rating,
        in_range,
        valorous_near: crate::measure::valorous_near(state, u),
        cinc_near,
        command_fatigued: fatigued,
    }
}

fn face_attacker(ctx: &mut Ctx, defender: UnitId, attacker: UnitId) {
    let d = ctx.state.unit(defender).clone();
    let a = ctx.state.unit(attacker).clone();
    let db = d.base();
    if crate::measure::face_toward(&db, a.pose.pos) == grognard_geometry::Face::Front {
        return;
    }
    // Turn to face the attacker squarely, and the attacker lines up on the new front; if
    // either would land on another unit, the defender stays as it is (ruling N25).
    let facing = a.pose.facing + std::f64::consts::PI;
    let pose = grognard_geometry::Pose::at(d.pose.pos, facing);
    let nb = d.at(pose);
    let ap = a
        .base()
        .aligned_against(&nb, grognard_geometry::Face::Front);
    let ab = a.at(ap);
    let clear = |b: &grognard_geometry::Base, me: UnitId| {
        ctx.state.near(b.pose.pos, b.radius()).all(|o| {
            o.id == defender
                || o.id == attacker
                || o.is_officer()
                || o.attached == Some(me)
                || !crate::measure::overlapping(b, &o.base())
        })
    };
    if clear(&nb, defender) && clear(&ab, attacker) && ctx.state.field.contains(&ab) {
        ctx.emit(Event::Faced {
            unit: defender,
            pose,
        });
        ctx.emit(Event::Moved {
            unit: attacker,
            to: ap,
            cost: 0.0,
            road: false,
        });
    }
}

/// End the current phase, and begin the next (doing the work of phases with no decision).
pub fn finish_phase(ctx: &mut Ctx) {
    loop {
        if ctx.state.outcome.is_some() {
            return;
        }
        match phase_key(ctx.state) {
            "skirmish" => {
                firing::resolve_phase(ctx, false);
                ctx.emit(Event::FireMarksCleared);
            }
            "artillery" => {
                firing::resolve_phase(ctx, true);
                ctx.emit(Event::FireMarksCleared);
            }
            "rally" => crate::victory::rally_phase(ctx),
            _ => {}
        }
        if ctx.state.outcome.is_some() {
            return;
        }
        let next = ctx.state.clock.next(&SEQUENCE);
        if next.turn > ctx.state.field.turns {
            crate::victory::turn_limit(ctx);
            return;
        }
        ctx.emit(Event::Phase { clock: next });
        if !enter_phase(ctx) {
            return;
        }
    }
}

/// Do what a phase does on its own as it begins; `true` if the phase has nothing to decide
/// and should end at once.
fn enter_phase(ctx: &mut Ctx) -> bool {
    let phasing = ctx.state.clock.phasing(&SEQUENCE);
    match phase_key(ctx.state) {
        "initiative" => {
            let turn = ctx.state.clock.turn;
            let due: Vec<(Side, u8)> = ctx
                .state
                .replacements
                .iter()
                .filter(|(_, _, t)| *t <= turn)
                .map(|(s, c, _)| (*s, *c))
                .collect();
            for (s, c) in due {
                // He arrives beside a unit of his command ("NW 11.7": within 8").
                let unit = ctx
                    .state
                    .units
                    .iter()
                    .find(|u| {
                        matches!(u.role, Role::Commander { command } if command == c) && u.side == s
                    })
                    .map(|u| u.id);
                let spot = ctx
                    .state
                    .troops_of(s)
                    .find(|u| u.command == Some(c))
                    .map(|u| u.pose.advanced(-3.0, 0.0));
                if let (Some(unit), Some(pose)) = (unit, spot) {
                    ctx.emit(Event::CommanderReplaced {
                        side: s,
                        command: c,
                        unit,
                        pose,
                    });
                }
            }
            false
        }
        "skirmish" => {
            ctx.emit(Event::LossMarksCleared);
            !ctx.state
                .on_table()
                .any(|u| firing::skirmish_value(ctx.state, u).is_some())
        }
        "artillery" => !ctx
            .state
            .on_table()
            .any(|u| u.is_artillery() && !firing::fire_targets(ctx.state, u).is_empty()),
        "maneuver" => {
            ctx.emit(Event::MoveMarksCleared { side: phasing });
            let turn = ctx.state.clock.turn;
            let arriving: Vec<UnitId> = ctx
                .state
                .units
                .iter()
                .filter(|u| u.side == phasing && matches!(u.place, Place::Waiting(t) if t <= turn))
                .map(|u| u.id)
                .collect();
            for id in arriving {
                let pose = ctx.state.unit(id).pose;
                ctx.emit(Event::Arrived { unit: id, pose });
            }
            // A battery stays attached only while it and its brigade are within their
            // commander's range ("NW 8.6", ruling N31): one that is not leaves its brigade,
            // where it stands, as the maneuver phase begins.
            let parting: Vec<(UnitId, grognard_geometry::Pose)> = ctx
                .state
                .friends_of(phasing)
                .filter(|b| b.is_artillery())
                .filter_map(|b| {
                    let i = ctx.state.unit(b.attached?);
                    let apart = !crate::measure::in_command_range(ctx.state, b)
                        || !crate::measure::in_command_range(ctx.state, i);
                    apart.then_some((b.id, b.pose))
                })
                .collect();
            for (battery, pose) in parting {
                ctx.emit(Event::BatteryAttached {
                    battery,
                    infantry: None,
                    pose,
                });
            }
            false
        }
        "reaction" => {
            ctx.emit(Event::ReactionMarksCleared);
            let reacting = phasing.other();
            !ctx.state
                .friends_of(reacting)
                .any(|c| crate::phases::reaction::eligible(ctx.state, c).is_some())
        }
        "combat" => ctx.state.combats.is_empty(),
        "rally" => true,
        _ => false,
    }
}
