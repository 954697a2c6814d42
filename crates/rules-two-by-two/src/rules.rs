//! The rule set: the sequence of play, and check / execute for every command.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::{Cause, Event};
use crate::measure::{self, overlapping, touching};
use crate::melee;
use crate::movement::{self, ExitKind};
use crate::rout::{rout, RoutOrder};
use crate::scenario::Scenario;
use crate::shooting;
use crate::state::{Contact, MeleeWork, Pending, ShotResult, State, Status, UnitId};
use crate::units::UnitType;
use grognard_engine::sequence::{Actor, PhaseSpec, SequenceOfPlay};
use grognard_engine::{Candidate, Dice, Illegal, Outcome, Ruleset, Side};
use grognard_geometry::{angle_of, Base, Pose};

/// "2x2 Sequence of play": each half-turn, the phasing player moves and dices for
/// reinforcements, then rallies; the other player shoots; the phasing player resolves
/// melees.
pub static SEQUENCE: SequenceOfPlay = SequenceOfPlay {
    book: "2 by 2 Napoleonic's v3.01",
    phases: &[
        PhaseSpec {
            key: "move",
            title: "moves and dices for reinforcements",
            actor: Actor::Phasing,
            half: 0,
        },
        PhaseSpec {
            key: "rally",
            title: "rallies",
            actor: Actor::Phasing,
            half: 0,
        },
        PhaseSpec {
            key: "shoot",
            title: "shoots",
            actor: Actor::NonPhasing,
            half: 0,
        },
        PhaseSpec {
            key: "melee",
            title: "resolves melees",
            actor: Actor::Phasing,
            half: 0,
        },
        PhaseSpec {
            key: "move",
            title: "moves and dices for reinforcements",
            actor: Actor::Phasing,
            half: 1,
        },
        PhaseSpec {
            key: "rally",
            title: "rallies",
            actor: Actor::Phasing,
            half: 1,
        },
        PhaseSpec {
            key: "shoot",
            title: "shoots",
            actor: Actor::NonPhasing,
            half: 1,
        },
        PhaseSpec {
            key: "melee",
            title: "resolves melees",
            actor: Actor::Phasing,
            half: 1,
        },
    ],
};

const R_SEQ: &str = "2x2 Sequence of play";
const R_REINF: &str = "2x2 Reinforcements";
const R_CONTACT: &str = "2x2 Moving to contact";
const R_MELEE: &str = "2x2 Multiple melees";

/// "2 by 2 Napoleonic's" v3.01.
#[derive(Debug, Clone, Default)]
pub struct TwoByTwo;

pub fn phase_key(state: &State) -> &'static str {
    state.clock.spec(&SEQUENCE).key
}

fn wrong(reason: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(R_SEQ, reason)
}

impl TwoByTwo {
    /// Whether a command is legal, as [`Ruleset::check`] finds it, without writing the
    /// reason for a refusal (a player settling an offer only asks whether).
    pub(crate) fn allows(&self, state: &State, side: Side, cmd: &Command) -> bool {
        self.check_inner(state, side, cmd, &mut None, true).is_ok()
    }

    /// Check a command. A move is planned by its check; the plan is left in `planned` for
    /// carrying it out, so that a move is planned once.
    pub(crate) fn check_inner(
        &self,
        state: &State,
        side: Side,
        cmd: &Command,
        planned: &mut Option<movement::MovePlan>,
        quietly: bool,
    ) -> Result<(), Illegal> {
        if state.outcome.is_some() {
            return Err(wrong("the battle is over"));
        }
        if let Some(p) = &state.pending {
            if p.side() != side {
                return Err(wrong("the other side must decide first"));
            }
            return self.check_pending(state, side, p, cmd);
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
                if quietly {
                    // Only whether: no plan kept, no reason written.
                    return match movement::allows(state, u, legs, *exit) {
                        true => Ok(()),
                        false => Err(Illegal::new("2x2 Movement", "")),
                    };
                }
                *planned = Some(movement::plan(state, u, legs, *exit)?);
                Ok(())
            }
            Command::Reinforce { point } => {
                need(key, "move")?;
                let p =
                    state.field.points.get(*point as usize).ok_or_else(|| {
                        Illegal::new(R_REINF, "there is no such reinforcement point")
                    })?;
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
                        format!(
                            "this side has thrown its {dice} reinforcement dice for this phase"
                        ),
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
                crate::rally::plan(state, u).map(|_| ())
            }
            Command::Fire {
                shooter,
                target,
                with,
            } => {
                need(key, "shoot")?;
                own(*shooter)?;
                shooting::plan(state, *shooter, *target, *with).map(|_| ())
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
        &self,
        state: &State,
        side: Side,
        p: &Pending,
        cmd: &Command,
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
                arrival_pose(state, *point, *offset).map(|_| ())
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

    fn perform(
        &self,
        ctx: &mut Ctx,
        side: Side,
        cmd: &Command,
        planned: Option<movement::MovePlan>,
    ) {
        match cmd {
            Command::EndPhase => end_phase(ctx),
            Command::Pass { unit } => ctx.emit(Event::Passed { unit: *unit }),
            Command::Move { unit, .. } => {
                let plan = planned.expect("a checked move is planned");
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
                let (e, arrives) = crate::resolve::reinforcement::roll(
                    &ctx.state.field.tables.arrival,
                    &s,
                    ctx.dice,
                );
                let arrives = arrives.then(|| ctx.state.queues[*point as usize][0]);
                ctx.emit(Event::ReinforcementRolled {
                    side,
                    point: *point,
                    roll: e,
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
                let Some(Pending::PlaceReinforcement { point, unit, .. }) =
                    ctx.state.pending.clone()
                else {
                    unreachable!("checked")
                };
                let pose = arrival_pose(ctx.state, point, *offset).expect("checked");
                ctx.emit(Event::Pending { pending: None });
                ctx.emit(Event::Arrived { unit, pose });
            }
            Command::Exchange { enemy } => {
                let Some(Pending::PlaceReinforcement { unit, .. }) = ctx.state.pending.clone()
                else {
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
                let Some(Pending::PlaceReinforcement { unit, .. }) = ctx.state.pending.clone()
                else {
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
                let s = crate::rally::situation(ctx.state, &u).expect("checked");
                let (roll, success) =
                    crate::rally::roll(&ctx.state.field.tables.rally, &s, ctx.dice);
                ctx.emit(Event::Rallied {
                    unit: *unit,
                    roll,
                    success,
                });
            }
            Command::Fire {
                shooter,
                target,
                with,
            } => fire(ctx, *shooter, *target, *with),
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
                    RoutOrder::away_from(
                        ctx,
                        unit,
                        ctx.state.unit(shooter).pose.pos,
                        Cause::Shooting,
                    )
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
                follow_up(ctx, unit, *distance);
                run_melee(ctx);
            }
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

/// Where a reinforcement would stand: rear edge on the table edge, facing in, its centre
/// `offset` inches along the edge from the point ("2x2 Reinforcements").
pub fn arrival_pose(state: &State, point: u8, offset: f64) -> Result<Pose, Illegal> {
    let f = &state.field;
    let p = &f.points[point as usize];
    if !offset.is_finite() || offset.abs() > f.tables.arrival.radius + 1e-9 {
        return Err(Illegal::new(
            R_REINF,
            "a reinforcement is placed within 3\" of its point",
        ));
    }
    let (_, along, inward) = f.edge_frame(p.edge);
    let pose = Pose::at(
        p.pos + along * offset + inward * (crate::state::BASE_DEPTH * 0.5),
        angle_of(inward),
    );
    let b = Base::new(pose, crate::state::BASE_WIDTH, crate::state::BASE_DEPTH);
    if !f.contains(&b) {
        return Err(Illegal::new(R_REINF, "the base would hang off the table"));
    }
    if let Some(o) = measure::blocked_by(state, &b, &[]) {
        return Err(Illegal::new(
            R_REINF,
            format!(
                "{} stands there; a reinforcement may not start on another unit",
                state.name(o)
            ),
        ));
    }
    let u = state.unit(match &state.pending {
        Some(Pending::PlaceReinforcement { unit, .. }) => *unit,
        _ => state.queues[point as usize].first().copied().unwrap_or(0),
    });
    movement::woods_allow(state, u.kind, &b)?;
    if movement::in_river(state, pose.pos) {
        return Err(Illegal::new(
            "2x2 Movement modifiers",
            "a reinforcement may not be placed in a river",
        ));
    }
    Ok(pose)
}

/// The defender's pose, the chosen attacker's pose, and other attackers moved to stay in touch.
pub type FacePoses = (Pose, Pose, Vec<(UnitId, Pose)>);

/// Poses after a defender turns to face attacker `a` ("2x2 Moving to contact"): the defender
/// pivots on its centre to face the attacker squarely, the attacker lines up front to front,
/// and any other attacker that would now overlap steps back just enough to stay touching.
pub fn face_poses(state: &State, def: UnitId, a: UnitId) -> Result<FacePoses, Illegal> {
    let d = state.unit(def);
    if !state
        .contacts
        .iter()
        .any(|c| c.defender == def && c.attacker == a)
    {
        return Err(Illegal::new(
            R_CONTACT,
            "the defender may face only a unit that contacted it",
        ));
    }
    let att = state.unit(a);
    let dpose = d.pose.turned_to(att.pose.facing + std::f64::consts::PI);
    let db = Base::new(dpose, d.base().width, d.base().depth);
    let apose = att
        .base()
        .aligned_against(&db, grognard_geometry::Face::Front);
    let ab = Base::new(apose, att.base().width, att.base().depth);
    let attackers: Vec<UnitId> = state
        .contacts
        .iter()
        .filter(|c| c.defender == def)
        .map(|c| c.attacker)
        .collect();
    let mut others = Vec::new();
    for u in state.on_table() {
        if u.id == def || u.id == a {
            continue;
        }
        let ub = u.base();
        if attackers.contains(&u.id) {
            if overlapping(&ub, &db) || overlapping(&ub, &ab) {
                // Step straight back until clear, staying in touch.
                let mut moved = None;
                for s in 1..=60 {
                    let p = u.pose.advanced(-0.02 * s as f64, 0.0);
                    let b = Base::new(p, ub.width, ub.depth);
                    if !overlapping(&b, &db) && !overlapping(&b, &ab) {
                        moved = Some(p);
                        break;
                    }
                }
                let p = moved.ok_or_else(|| Illegal::new(R_CONTACT, "no room to turn"))?;
                let b = Base::new(p, ub.width, ub.depth);
                let clash = state.on_table().any(|o| {
                    o.id != u.id && o.id != def && o.id != a && overlapping(&b, &o.base())
                });
                if clash || !touching(&b, &db) || !state.field.contains(&b) {
                    return Err(Illegal::new(R_CONTACT, "no room to turn to face that unit"));
                }
                others.push((u.id, p));
            }
            continue;
        }
        if overlapping(&ub, &db) || overlapping(&ub, &ab) {
            return Err(Illegal::new(
                R_CONTACT,
                format!("no room to turn: {} is in the way", state.name(u.id)),
            ));
        }
    }
    if !state.field.contains(&db) || !state.field.contains(&ab) {
        return Err(Illegal::new(R_CONTACT, "no room to turn at the table edge"));
    }
    // Every contact must survive the turn (an attacker may touch two defenders).
    let pose_of = |id: UnitId| -> Pose {
        if id == def {
            dpose
        } else if id == a {
            apose
        } else {
            others
                .iter()
                .find(|(o, _)| *o == id)
                .map(|(_, p)| *p)
                .unwrap_or(state.unit(id).pose)
        }
    };
    for c in &state.contacts {
        let (pa, pd) = (pose_of(c.attacker), pose_of(c.defender));
        let ba = Base::new(pa, crate::state::BASE_WIDTH, crate::state::BASE_DEPTH);
        let bd = Base::new(pd, crate::state::BASE_WIDTH, crate::state::BASE_DEPTH);
        if !touching(&ba, &bd) {
            return Err(Illegal::new(
                R_CONTACT,
                "turning would break another unit's contact",
            ));
        }
    }
    Ok((dpose, apose, others))
}

fn end_phase(ctx: &mut Ctx) {
    if phase_key(ctx.state) == "move" {
        let phasing = ctx.phasing();
        let mut defenders: Vec<UnitId> = ctx
            .state
            .contacts
            .iter()
            .map(|c| c.defender)
            .filter(|id| {
                let u = ctx.state.unit(*id);
                u.side != phasing && u.kind.is_infantry() && u.status == Status::Ready
            })
            .collect();
        defenders.sort_unstable();
        defenders.dedup();
        if !defenders.is_empty() {
            ctx.emit(Event::Pending {
                pending: Some(Pending::TurnToFace {
                    side: phasing.other(),
                    defenders,
                }),
            });
            return;
        }
    }
    next_phase(ctx);
}

fn next_phase(ctx: &mut Ctx) {
    let clock = ctx.state.clock.next(&SEQUENCE);
    if clock.turn > ctx.state.field.turn_limit {
        ctx.end_with(Outcome {
            winner: None,
            result: "turn_limit".into(),
            reason: format!("no decision after {} turns", ctx.state.field.turn_limit),
        });
        return;
    }
    ctx.emit(Event::PhaseBegan { clock });
}

fn fire(ctx: &mut Ctx, shooter: UnitId, target: UnitId, with: Option<UnitId>) {
    let plan = shooting::plan(ctx.state, shooter, target, with).expect("checked");
    let (roll, result) = shooting::resolve(ctx.state, &plan, ctx.dice);
    ctx.emit(Event::Fired {
        shooter,
        with,
        target,
        group: plan.group.clone(),
        roll,
        result,
    });
    let s = ctx.state.unit(shooter);
    if s.kind.small_arms() && s.status == Status::Ready {
        ctx.emit(Event::StatusChanged {
            unit: shooter,
            status: Status::Pinned,
            why: "fired small arms".into(),
        });
    }
    if result == ShotResult::NoEffect {
        return;
    }
    if plan.group.len() > 1 {
        let side = ctx.state.unit(shooter).side;
        ctx.emit(Event::Pending {
            pending: Some(Pending::ChooseVictim {
                side,
                shooter,
                group: plan.group,
                result,
            }),
        });
    } else {
        hit(ctx, shooter, target, result);
    }
}

/// A shooting result lands on `victim`.
fn hit(ctx: &mut Ctx, shooter: UnitId, victim: UnitId, result: ShotResult) {
    let v = ctx.state.unit(victim).clone();
    let effect = shooting::effect_on(&v, result);
    ctx.emit(Event::Hit {
        unit: victim,
        result: effect,
    });
    let defensive = ctx
        .state
        .contacts
        .iter()
        .any(|c| c.attacker == victim && c.defender == shooter);
    match effect {
        ShotResult::NoEffect => {}
        ShotResult::Pinned | ShotResult::Disrupted => {
            let status = if effect == ShotResult::Pinned {
                Status::Pinned
            } else {
                Status::Disrupted
            };
            if status > v.status {
                ctx.emit(Event::StatusChanged {
                    unit: victim,
                    status,
                    why: "shot".into(),
                });
            }
            if defensive {
                let to = repulse_pose(ctx.state, victim);
                ctx.emit(Event::Repulsed { unit: victim, to });
            }
        }
        ShotResult::Routs => {
            ctx.emit(Event::Pending {
                pending: Some(Pending::RoutDirection {
                    side: v.side,
                    unit: victim,
                    shooter,
                }),
            });
        }
        ShotResult::Destroyed => ctx.destroy(victim, Cause::Shooting),
    }
}

/// Straight back up to one base depth, as far as there is room ("Defensive fire").
fn repulse_pose(state: &State, id: UnitId) -> Pose {
    let u = state.unit(id);
    let dist = state.field.tables.shooting.repulse_distance;
    let mut best = u.pose;
    for s in 1..=25 {
        let p = u.pose.advanced(-dist * s as f64 / 25.0, 0.0);
        let b = Base::new(p, u.base().width, u.base().depth);
        if !state.field.contains(&b) || measure::blocked_by(state, &b, &[id]).is_some() {
            break;
        }
        best = p;
    }
    best
}

/// Fight the queued contacts until the queue is empty or a decision is needed.
fn run_melee(ctx: &mut Ctx) {
    while ctx.state.pending.is_none() && ctx.state.outcome.is_none() {
        let Some(c) = ctx.state.melee.queue.first().copied() else {
            break;
        };
        let mut work = ctx.state.melee.clone();
        work.queue.remove(0);
        ctx.emit(Event::MeleeWork { work });
        if !ctx.state.contacts.contains(&c) {
            continue;
        }
        let engaged = ctx.state.melee.engaged.clone();
        let fight = melee::fight(ctx.state, &c, &engaged, ctx.dice);
        let (winner, loser) = if fight.attacker_won {
            (c.attacker, c.defender)
        } else {
            (c.defender, c.attacker)
        };
        let clearing = melee::clearing(ctx.state, &c);
        let support = (loser == c.attacker)
            .then(|| melee::column_taken(ctx.state, ctx.state.unit(loser), &c))
            .flatten();
        ctx.emit(Event::MeleeFought {
            attacker: c.attacker,
            defender: c.defender,
            attack: fight.attack,
            defence: fight.defence,
            winner,
            loser,
            difference: fight.difference,
        });
        ctx.emit(Event::ContactEnded {
            attacker: c.attacker,
            defender: c.defender,
        });
        let t = ctx.state.field.tables.melee.clone();
        if fight.difference >= t.destroyed_from {
            ctx.destroy(loser, Cause::Melee);
            if let Some(s) = support {
                ctx.destroy(s, Cause::ColumnSupport);
            }
        } else {
            let l = ctx.state.unit(loser).clone();
            let w = ctx.state.unit(winner).clone();
            let order = match melee::aligned(ctx.state, &l, &w, loser == c.attacker) {
                Some(pose) => {
                    ctx.emit(Event::Placed {
                        unit: loser,
                        pose,
                        why: format!("aligned to {}", ctx.state.name(winner)),
                    });
                    RoutOrder::rear(ctx, loser, Cause::Melee)
                }
                None => RoutOrder::away_from(ctx, loser, w.pose.pos, Cause::Melee),
            };
            rout(ctx, order);
            if let Some(s) = support {
                let o = RoutOrder::rear(ctx, s, Cause::ColumnSupport);
                rout(ctx, o);
            }
        }
        if ctx.state.outcome.is_some() {
            break;
        }
        if clearing
            && ctx.state.unit(c.attacker).on_table()
            && ctx.state.unit(c.attacker).status == Status::Ready
        {
            ctx.emit(Event::StatusChanged {
                unit: c.attacker,
                status: Status::Pinned,
                why: "cleared a wood".into(),
            });
        }
        let w = ctx.state.unit(winner);
        if melee::may_follow_up(ctx.state, w) {
            let mandatory = fight.difference >= t.mandatory_follow_up_from;
            ctx.emit(Event::Pending {
                pending: Some(Pending::FollowUp {
                    side: w.side,
                    unit: winner,
                    mandatory,
                }),
            });
        }
    }
}

/// How far straight ahead `unit` can go, up to `want` inches, and whom it touches there.
pub fn follow_up_reach(state: &State, unit: UnitId, want: f64) -> (f64, Vec<UnitId>) {
    let u = state.unit(unit);
    let b0 = u.base();
    // What lies within reach, gathered once for every distance tried.
    let near = movement::neighbourhood(state, u, want.max(0.0));
    let legal = |d: f64| {
        if d <= 0.0 {
            return true;
        }
        let b = Base::new(u.pose.advanced(d, 0.0), b0.width, b0.depth);
        if melee::follow_up_barred(state, u, &b) {
            return false;
        }
        let legs = [grognard_geometry::Leg::Forward { d }];
        movement::plan_near(state, u, &legs, false, Some(&near)).is_ok()
    };
    // Where the base would stand may be judged alone at each step (a wood it may not enter,
    // a river, the table's edge); the whole move is planned once, for the distance found.
    let stands = |d: f64| {
        let b = Base::new(u.pose.advanced(d, 0.0), b0.width, b0.depth);
        !melee::follow_up_barred(state, u, &b) && movement::may_stand(state, &near, u, &b)
    };
    let found = walk_follow_up(state, u, &near, want, &stands);
    if legal(found.0) {
        return found;
    }
    // Some step between was not a legal move of its own: walk again planning every one.
    walk_follow_up(state, u, &near, want, &legal)
}

/// The follow-up walk: straight ahead in steps of at most 0.05" while `ok` allows, up to
/// the first base it would meet, found to the hair; with the enemies touched there.
fn walk_follow_up(
    state: &State,
    u: &crate::state::Unit,
    near: &movement::Near,
    want: f64,
    ok: &dyn Fn(f64) -> bool,
) -> (f64, Vec<UnitId>) {
    let b0 = u.base();
    let at = |d: f64| Base::new(u.pose.advanced(d, 0.0), b0.width, b0.depth);
    let meets =
        |b: &Base| near.bases().any(|o| overlapping(b, o)) || melee::touches_enemy(state, u, b);
    let steps = (want / 0.05).ceil() as usize;
    let mut last_ok = 0.0;
    for s in 1..=steps {
        let d = want * s as f64 / steps as f64;
        if meets(&at(d)) {
            // Find the first touching distance between last_ok and d.
            let (mut lo, mut hi) = (last_ok, d);
            for _ in 0..30 {
                let mid = (lo + hi) * 0.5;
                if meets(&at(mid)) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            let contact = melee::touching_enemies(state, u, &at(hi));
            if !contact.is_empty() && ok(hi) {
                return (hi, contact);
            }
            return (if ok(lo) { lo } else { last_ok }, Vec::new());
        }
        if !ok(d) {
            return (last_ok, Vec::new());
        }
        last_ok = d;
    }
    (last_ok, Vec::new())
}

/// The state a follow-up command leaves just before the melee that comes next is fought:
/// the move made and any contact it makes queued first ("2x2 Melee results"). No die is
/// thrown on the way, so the table companion reads the next melee's facts from it.
pub fn after_follow_up(state: &State, distance: f64) -> Option<State> {
    let Some(Pending::FollowUp { unit, .. }) = state.pending.clone() else {
        return None;
    };
    let mut after = state.clone();
    let mut events = Vec::new();
    let mut dice = grognard_engine::dice::Entered::new(&[]);
    let mut ctx = Ctx {
        state: &mut after,
        dice: &mut dice,
        events: &mut events,
    };
    ctx.emit(Event::Pending { pending: None });
    follow_up(&mut ctx, unit, distance);
    Some(after)
}

/// The contact `run_melee` fights next: the first of the queue still standing.
pub fn next_fight(state: &State) -> Option<Contact> {
    state
        .melee
        .queue
        .iter()
        .find(|c| state.contacts.contains(c))
        .copied()
}

fn follow_up(ctx: &mut Ctx, unit: UnitId, distance: f64) {
    if distance <= 0.0 {
        return;
    }
    let (d, contacts) = follow_up_reach(ctx.state, unit, distance);
    if d <= 1e-9 {
        return;
    }
    let to = ctx.state.unit(unit).pose.advanced(d, 0.0);
    ctx.emit(Event::FollowedUp { unit, to });
    if contacts.is_empty() {
        return;
    }
    let mut new_pairs = Vec::new();
    for e in contacts {
        ctx.emit(Event::Contacted {
            attacker: unit,
            defender: e,
        });
        new_pairs.push(Contact {
            attacker: unit,
            defender: e,
        });
    }
    let mut work = ctx.state.melee.clone();
    let counts = melee::engaged_counts(&ctx.state.contacts);
    for (id, n) in counts {
        if new_pairs
            .iter()
            .any(|c| c.attacker == id || c.defender == id)
        {
            match work.engaged.iter_mut().find(|(u, _)| *u == id) {
                Some(slot) => slot.1 = n,
                None => work.engaged.push((id, n)),
            }
        }
    }
    new_pairs.extend(work.queue);
    work.queue = new_pairs;
    ctx.emit(Event::MeleeWork { work });
}

impl Ruleset for TwoByTwo {
    type Scenario = Scenario;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View<'a> = &'a State;
    type Memo = crate::advisor::Memo;

    fn name(&self) -> &'static str {
        "two-by-two"
    }

    fn sequence(&self) -> &'static SequenceOfPlay {
        &SEQUENCE
    }

    fn start(&self, scenario: &Scenario) -> State {
        crate::setup::start(scenario)
    }

    fn view<'a>(&self, state: &'a State, _side: Side) -> &'a State {
        // Nothing is hidden in this book.
        state
    }

    fn to_act(&self, state: &State) -> Option<Side> {
        if state.outcome.is_some() {
            return None;
        }
        if let Some(p) = &state.pending {
            return Some(p.side());
        }
        Some(state.clock.actor(&SEQUENCE))
    }

    fn check(&self, state: &State, side: Side, command: &Command) -> Result<(), Illegal> {
        self.check_inner(state, side, command, &mut None, false)
    }

    fn execute(
        &self,
        state: &mut State,
        side: Side,
        command: &Command,
        dice: &mut dyn Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        let mut planned = None;
        self.check_inner(state, side, command, &mut planned, false)?;
        let from = events.len();
        let mut ctx = Ctx {
            state,
            dice,
            events,
        };
        self.perform(&mut ctx, side, command, planned);
        // Contacts can come apart only where a base moved or a contact was made.
        if !ctx.events[from..].iter().all(Event::keeps_contacts) {
            ctx.prune_contacts();
        }
        ctx.check_victory();
        Ok(())
    }

    fn apply(&self, state: &mut State, event: &Event) {
        crate::apply::apply(state, event)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        state.outcome.clone()
    }

    fn offer(&self, view: &&State, side: Side, out: &mut Vec<Command>) {
        crate::advisor::offers(view, side, out)
    }

    fn offer_with(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        out: &mut Vec<Command>,
    ) {
        crate::advisor::offers_with(view, side, memo, out)
    }

    fn settle(&self, view: &&State, side: Side, command: &Command) -> bool {
        crate::advisor::settle(view, side, command)
    }

    fn settle_with(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        command: &Command,
    ) -> bool {
        crate::advisor::settle_with(view, side, memo, command)
    }

    fn candidates(&self, view: &&State, side: Side, out: &mut Vec<Candidate<Command>>) {
        crate::advisor::candidates(view, side, out)
    }

    fn candidates_with(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        out: &mut Vec<Candidate<Command>>,
    ) {
        crate::advisor::candidates_with(view, side, memo, out)
    }

    fn invariants(&self, state: &State) -> Result<(), String> {
        crate::invariants::check(state)
    }

    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        crate::narrate::line(state, event)
    }

    fn headline(&self, state: &State) -> String {
        let spec = state.clock.spec(&SEQUENCE);
        let side = state.clock.actor(&SEQUENCE);
        format!(
            "Turn {}: {} {}",
            state.clock.turn,
            state.field.side_name(side),
            spec.title
        )
    }

    fn side_name(&self, state: &State, side: Side) -> String {
        state.field.side_name(side).to_string()
    }

    fn losses(&self, state: &State) -> [u32; 2] {
        state.lost
    }

    fn turn(&self, state: &State) -> u32 {
        state.clock.turn
    }

    fn scene(&self, state: &State) -> grognard_engine::scene::Scene {
        crate::picture::scene(state)
    }
}
