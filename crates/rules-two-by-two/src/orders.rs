//! What each command may do and what it does: the check of every command against the
//! sequence of play and the rules of its phase, and its carrying out.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::{Cause, Event};
use crate::phases::melee::{self, follow_up, follow_up_to, run_melee};
use crate::phases::movement::{self, face_poses, ExitKind};
use crate::phases::reinforcements::arrival_pose;
use crate::phases::rout::{rout, RoutOrder};
use crate::phases::shooting::{self, fire, hit};
use crate::phases::{end_phase, next_phase};
use crate::sequence::{phase_key, SEQUENCE};
use crate::state::{Contact, MeleeWork, Pending, State, Status, UnitId};
use crate::units::UnitType;
use grognard_engine::{Illegal, Side};
use grognard_geometry::Pose;

const R_SEQ: &str = "2x2 Sequence of play";
const R_REINF: &str = "2x2 Reinforcements";
const R_CONTACT: &str = "2x2 Moving to contact";
const R_MELEE: &str = "2x2 Multiple melees";

fn wrong(reason: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(R_SEQ, reason)
}

/// Check a command against the sequence of play and the rules of its phase: what
/// [`grognard_engine::Ruleset::check`] answers for this book.
pub fn check(state: &State, side: Side, cmd: &Command) -> Result<(), Illegal> {
    check_inner(state, side, cmd, &mut Plan::Nothing, false)
}

/// Whether a command is legal, as [`check`] finds it, without writing the reason for a
/// refusal (a player settling an offer only asks whether).
pub fn allows(state: &State, side: Side, cmd: &Command) -> bool {
    check_inner(state, side, cmd, &mut Plan::Nothing, true).is_ok()
}

/// What checking a command works out that carrying it out needs, so that it is worked out
/// once: a move's path, a shot ready to roll, how far a follow-up goes and whom it
/// touches there ([`melee::follow_up_reach`]), or where an arriving unit stands.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum Plan {
    #[default]
    Nothing,
    Move(movement::MovePlan),
    Shot(shooting::ShotPlan),
    FollowUp(f64, Vec<UnitId>),
    Place(Pose),
}

/// Check a command. A move is planned by its check; the plan is left in `planned` for
/// carrying it out, so that a move is planned once.
pub fn check_inner(
    state: &State,
    side: Side,
    cmd: &Command,
    planned: &mut Plan,
    quietly: bool,
) -> Result<(), Illegal> {
    if state.outcome.is_some() {
        return Err(wrong("the battle is over"));
    }
    if let Some(p) = &state.pending {
        if p.side() != side {
            return Err(wrong("the other side must decide first"));
        }
        check_pending(state, side, p, cmd, planned)?;
        if let (Pending::FollowUp { unit, .. }, Command::FollowUp { distance }) = (p, cmd) {
            if *distance > 0.0 {
                let (d, touches) = melee::follow_up_reach(state, *unit, *distance);
                *planned = Plan::FollowUp(d, touches);
            }
        }
        return Ok(());
    }
    let actor = state.clock.actor(&SEQUENCE);
    if side != actor {
        return Err(wrong("it is not this side's phase"));
    }
    let key = phase_key(state);
    let own = |id: UnitId| -> Result<&crate::state::Unit, Illegal> {
        let u = state
            .units
            .get(id as usize)
            .ok_or_else(|| wrong("there is no such unit"))?;
        if u.side != side {
            return Err(wrong("that unit belongs to the enemy"));
        }
        Ok(u)
    };
    match cmd {
        Command::EndPhase => {
            if key == "melee" && !state.contacts.is_empty() {
                return Err(Illegal::new(
                    "2x2 Melee results",
                    "every melee must be fought before the phase ends",
                ));
            }
            Ok(())
        }
        Command::Move { unit, legs, exit } => {
            need(key, "move")?;
            let u = own(*unit)?;
            movement::may_move(state, u)?;
            *planned = Plan::Move(if quietly {
                // No reason written for a refusal.
                movement::plan_quietly(state, u, legs, *exit)
                    .map_err(|_| Illegal::new("2x2 Movement", ""))?
            } else {
                movement::plan(state, u, legs, *exit)?
            });
            Ok(())
        }
        Command::Reinforce { point } => {
            need(key, "move")?;
            let p = state
                .field
                .points
                .get(*point as usize)
                .ok_or_else(|| Illegal::new(R_REINF, "there is no such reinforcement point"))?;
            if p.side != side {
                return Err(Illegal::new(
                    R_REINF,
                    "that is an enemy reinforcement point",
                ));
            }
            let dice = state.field.tables.arrival.rolls_per_phase;
            if state.reinforcement_dice(side) >= u32::from(dice) {
                return Err(Illegal::new(
                    R_REINF,
                    format!("this side has thrown its {dice} reinforcement dice for this phase"),
                ));
            }
            if state.queues[*point as usize].is_empty() {
                return Err(Illegal::new(R_REINF, "no units wait at this point"));
            }
            Ok(())
        }
        Command::VoluntaryRout { unit } => {
            need(key, "move")?;
            let u = own(*unit)?;
            if !matches!(
                u.kind,
                UnitType::LightInfantry | UnitType::LightCavalry | UnitType::Lancers
            ) {
                return Err(Illegal::new(
                    "2x2 The Units",
                    "only light infantry and light cavalry may rout of their own accord",
                ));
            }
            if !u.on_table() || u.moved {
                return Err(Illegal::new(
                    "2x2 The Units",
                    "the unit must be on the table and not yet moved",
                ));
            }
            Ok(())
        }
        Command::Rally { unit } => {
            need(key, "rally")?;
            let u = own(*unit)?;
            crate::phases::rally::plan(state, u).map(|_| ())
        }
        Command::Fire {
            shooter,
            target,
            with,
        } => {
            need(key, "shoot")?;
            own(*shooter)?;
            *planned = Plan::Shot(if quietly {
                shooting::plan_quietly(state, *shooter, *target, *with)?
            } else {
                shooting::plan(state, *shooter, *target, *with)?
            });
            Ok(())
        }
        Command::Melee { order, columns } => {
            need(key, "melee")?;
            check_melee_order(state, order)?;
            check_columns(state, order, columns)
        }
        Command::Pass { unit } => {
            let u = own(*unit)?;
            let done = match key {
                "move" => u.moved,
                "shoot" => u.fired,
                "rally" => u.rallied,
                _ => return Err(wrong("units pass only in the move, rally and shoot phases")),
            };
            if !u.on_table() || done {
                return Err(wrong("that unit has no action left in this phase"));
            }
            Ok(())
        }
        _ => Err(wrong("there is no decision of that kind to make now")),
    }
}

fn check_pending(
    state: &State,
    side: Side,
    p: &Pending,
    cmd: &Command,
    planned: &mut Plan,
) -> Result<(), Illegal> {
    match (p, cmd) {
        (Pending::TurnToFace { defenders, .. }, Command::Face { unit, toward }) => {
            if defenders.first() != Some(unit) {
                return Err(Illegal::new(R_CONTACT, "another defender decides first"));
            }
            if let Some(a) = toward {
                face_poses(state, *unit, *a)?;
            }
            Ok(())
        }
        (Pending::PlaceReinforcement { point, .. }, Command::Place { offset }) => {
            *planned = Plan::Place(arrival_pose(state, *point, *offset)?);
            Ok(())
        }
        (Pending::PlaceReinforcement { point, .. }, Command::Exchange { enemy }) => {
            let p = &state.field.points[*point as usize];
            let e = state
                .units
                .get(*enemy as usize)
                .ok_or_else(|| Illegal::new(R_REINF, "there is no such unit"))?;
            if e.side == side || !e.on_table() {
                return Err(Illegal::new(
                    R_REINF,
                    "only an enemy unit on the table can be exchanged",
                ));
            }
            let d = grognard_geometry::distance::point_base(p.pos, &e.base());
            if d > state.field.tables.arrival.radius + 1e-9 {
                return Err(Illegal::new(
                    R_REINF,
                    format!(
                        "{} is {d:.1}\" from the point; it must be within 3\"",
                        state.name(*enemy)
                    ),
                ));
            }
            Ok(())
        }
        (Pending::PlaceReinforcement { .. }, Command::Hold) => Ok(()),
        (Pending::ChooseVictim { group, .. }, Command::Victim { unit }) => {
            if group.contains(unit) {
                Ok(())
            } else {
                Err(Illegal::new(
                    shooting::RULE,
                    "the result must fall on a unit of the target group",
                ))
            }
        }
        (Pending::RoutDirection { .. }, Command::RoutWay { .. }) => Ok(()),
        (
            Pending::FollowUp {
                unit, mandatory, ..
            },
            Command::FollowUp { distance },
        ) => {
            let full = state.field.tables.move_allowance(state.unit(*unit).kind);
            if !distance.is_finite() || *distance < 0.0 || *distance > full + 1e-9 {
                return Err(Illegal::new(
                    melee::RULE,
                    format!("a follow-up is from 0 to {full}\" straight ahead"),
                ));
            }
            if *mandatory && (*distance - full).abs() > 1e-9 {
                return Err(Illegal::new(
                    melee::RULE,
                    "this follow-up is mandatory: the full move",
                ));
            }
            Ok(())
        }
        _ => {
            let _ = side;
            Err(wrong("a pending decision must be answered first"))
        }
    }
}

pub(crate) fn perform(ctx: &mut Ctx, side: Side, cmd: &Command, planned: Plan) {
    match cmd {
        Command::EndPhase => end_phase(ctx),
        Command::Pass { unit } => ctx.emit(Event::Passed { unit: *unit }),
        Command::Move { unit, .. } => {
            let Plan::Move(plan) = planned else {
                unreachable!("a checked move is planned")
            };
            ctx.emit(Event::Moved {
                unit: *unit,
                to: plan.to,
                cost: plan.cost,
                road: plan.road,
            });
            if plan.pinned_by_light_wood {
                ctx.emit(Event::StatusChanged {
                    unit: *unit,
                    status: Status::Pinned,
                    why: "entered light woods".into(),
                });
            }
            match plan.exit {
                Some(ExitKind::Home) => {
                    ctx.emit(Event::Exited { unit: *unit });
                    ctx.check_victory();
                }
                Some(ExitKind::EnemyPoint(i)) => {
                    let enemy = ctx.state.queues[i as usize][0];
                    ctx.emit(Event::Exchanged { unit: *unit, enemy });
                    ctx.destroy(*unit, Cause::Exchange);
                    ctx.destroy(enemy, Cause::Exchange);
                }
                None => {}
            }
            for d in plan.touches {
                ctx.emit(Event::Contacted {
                    attacker: *unit,
                    defender: d,
                });
            }
        }
        Command::Reinforce { point } => {
            let s = crate::resolve::reinforcement::situation(ctx.state, side, *point);
            let (e, arrives) =
                crate::resolve::reinforcement::roll(&ctx.state.field.tables.arrival, &s, ctx.dice);
            let arrives = arrives.then(|| ctx.state.queues[*point as usize][0]);
            ctx.emit(Event::ReinforcementRolled {
                side,
                point: *point,
                roll: Box::new(e),
                arrives,
            });
            if let Some(unit) = arrives {
                ctx.emit(Event::Pending {
                    pending: Some(Pending::PlaceReinforcement {
                        side,
                        point: *point,
                        unit,
                    }),
                });
            }
        }
        Command::Place { offset } => {
            let Some(Pending::PlaceReinforcement { point, unit, .. }) = ctx.state.pending.clone()
            else {
                unreachable!("checked")
            };
            let pose = match planned {
                Plan::Place(pose) => pose,
                _ => arrival_pose(ctx.state, point, *offset).expect("checked"),
            };
            ctx.emit(Event::Pending { pending: None });
            ctx.emit(Event::Arrived { unit, pose });
        }
        Command::Exchange { enemy } => {
            let Some(Pending::PlaceReinforcement { unit, .. }) = ctx.state.pending.clone() else {
                unreachable!("checked")
            };
            ctx.emit(Event::Pending { pending: None });
            ctx.emit(Event::Exchanged {
                unit,
                enemy: *enemy,
            });
            ctx.destroy(unit, Cause::Exchange);
            ctx.destroy(*enemy, Cause::Exchange);
        }
        Command::Hold => {
            let Some(Pending::PlaceReinforcement { unit, .. }) = ctx.state.pending.clone() else {
                unreachable!("checked")
            };
            ctx.emit(Event::Pending { pending: None });
            ctx.emit(Event::HeldBack { unit });
        }
        Command::VoluntaryRout { unit } => {
            let order = RoutOrder::rear(ctx, *unit, Cause::Voluntary);
            rout(ctx, order);
        }
        Command::Face { unit, toward } => {
            if let Some(a) = toward {
                let (dp, ap, others) = face_poses(ctx.state, *unit, *a).expect("checked");
                ctx.emit(Event::Placed {
                    unit: *unit,
                    pose: dp,
                    why: format!("turns to face {}", ctx.state.name(*a)),
                });
                ctx.emit(Event::Placed {
                    unit: *a,
                    pose: ap,
                    why: "lines up front to front".into(),
                });
                for (o, pose) in others {
                    ctx.emit(Event::Placed {
                        unit: o,
                        pose,
                        why: "stays in contact at its aspect".into(),
                    });
                }
            }
            let Some(Pending::TurnToFace {
                side,
                mut defenders,
            }) = ctx.state.pending.clone()
            else {
                unreachable!("checked")
            };
            defenders.remove(0);
            if defenders.is_empty() {
                ctx.emit(Event::Pending { pending: None });
                next_phase(ctx);
            } else {
                ctx.emit(Event::Pending {
                    pending: Some(Pending::TurnToFace { side, defenders }),
                });
            }
        }
        Command::Rally { unit } => {
            let u = ctx.state.unit(*unit).clone();
            let s = crate::phases::rally::situation(ctx.state, &u).expect("checked");
            let (roll, success) =
                crate::phases::rally::roll(&ctx.state.field.tables.rally, &s, ctx.dice);
            ctx.emit(Event::Rallied {
                unit: *unit,
                roll: Box::new(roll),
                success,
            });
        }
        Command::Fire {
            shooter,
            target,
            with,
        } => fire(
            ctx,
            *shooter,
            *target,
            *with,
            match planned {
                Plan::Shot(plan) => Some(plan),
                _ => None,
            },
        ),
        Command::Victim { unit } => {
            let Some(Pending::ChooseVictim {
                shooter, result, ..
            }) = ctx.state.pending.clone()
            else {
                unreachable!("checked")
            };
            ctx.emit(Event::Pending { pending: None });
            hit(ctx, shooter, *unit, result);
        }
        Command::RoutWay { away } => {
            let Some(Pending::RoutDirection { unit, shooter, .. }) = ctx.state.pending.clone()
            else {
                unreachable!("checked")
            };
            ctx.emit(Event::Pending { pending: None });
            let order = if *away {
                RoutOrder::away_from(ctx, unit, ctx.state.unit(shooter).pose.pos, Cause::Shooting)
            } else {
                RoutOrder::rear(ctx, unit, Cause::Shooting)
            };
            rout(ctx, order);
        }
        Command::Melee { order, columns } => {
            let queue: Vec<Contact> = order
                .iter()
                .map(|(a, d)| Contact {
                    attacker: *a,
                    defender: *d,
                })
                .collect();
            let engaged = melee::engaged_counts(&queue);
            ctx.emit(Event::MeleeWork {
                work: MeleeWork {
                    queue,
                    engaged,
                    columns: columns.clone(),
                },
            });
            run_melee(ctx);
        }
        Command::FollowUp { distance } => {
            let Some(Pending::FollowUp { unit, .. }) = ctx.state.pending.clone() else {
                unreachable!("checked")
            };
            ctx.emit(Event::Pending { pending: None });
            match planned {
                Plan::FollowUp(d, touches) => follow_up_to(ctx, unit, d, touches),
                _ => follow_up(ctx, unit, *distance),
            }
            run_melee(ctx);
        }
    }
}

fn need(key: &str, want: &str) -> Result<(), Illegal> {
    if key == want {
        Ok(())
    } else {
        Err(wrong(format!(
            "this is the {key} phase, not the {want} phase"
        )))
    }
}

fn check_melee_order(state: &State, order: &[(UnitId, UnitId)]) -> Result<(), Illegal> {
    if !state.melee.queue.is_empty() {
        return Err(Illegal::new(R_MELEE, "a melee group is still being fought"));
    }
    let Some(first) = order.first() else {
        return Err(Illegal::new(
            R_MELEE,
            "name the contacts of a melee group in the order to fight them",
        ));
    };
    let contacts: Vec<Contact> = order
        .iter()
        .map(|(a, d)| Contact {
            attacker: *a,
            defender: *d,
        })
        .collect();
    for (i, c) in contacts.iter().enumerate() {
        if !state.contacts.contains(c) {
            return Err(Illegal::new(R_MELEE, "every pair named must be in contact"));
        }
        if contacts[..i].contains(c) {
            return Err(Illegal::new(R_MELEE, "a contact is named twice"));
        }
    }
    let group = melee::group_of(
        &state.contacts,
        Contact {
            attacker: first.0,
            defender: first.1,
        },
    );
    if group.len() != contacts.len() {
        return Err(Illegal::new(
            R_MELEE,
            "name every contact of the group, and only those",
        ));
    }
    Ok(())
}

/// The attackers that take a column of attack ("Column of Attack", ruling R33): the rule in
/// use, each an infantry unit attacking in this group, named once, with a unit of its exact
/// type and size squarely behind it in full contact.
fn check_columns(
    state: &State,
    order: &[(UnitId, UnitId)],
    columns: &[UnitId],
) -> Result<(), Illegal> {
    const R: &str = "2x2 Column of Attack";
    if columns.is_empty() {
        return Ok(());
    }
    if !state.field.options.column_of_attack {
        return Err(Illegal::new(
            R,
            "the Column of Attack rule is not in use in this battle",
        ));
    }
    for (i, id) in columns.iter().enumerate() {
        if columns[..i].contains(id) {
            return Err(Illegal::new(R, "a unit is named twice as a column"));
        }
        if !order.iter().any(|(a, _)| a == id) {
            return Err(Illegal::new(
                R,
                "only a unit attacking in this melee group may take a column of attack",
            ));
        }
        let u = state.unit(*id);
        if melee::column_support(state, u).is_none() {
            return Err(Illegal::new(
                R,
                format!(
                    "no {} of the same size stands squarely behind {} in full contact",
                    u.kind.name(),
                    state.name(*id)
                ),
            ));
        }
    }
    Ok(())
}
