//! Assaults ("Burt 5", "Burt 9"): declared by units with ASSAULT orders and moved half way
//! at once; reserves committed in support; the assaulted unit tests, then reacts; the
//! assaulters test, then close and fight a melee.

use super::morale::{test, Facts};
use super::no;
use crate::command::Reaction;
use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::resolve::melee::{self, Fighter, Verdict};
use crate::resolve::morale::{Reason, Result as Test};
use crate::state::{Cohesion, Formation, Order, State, Status, Troop, Unit, UnitId};
use grognard_engine::{Illegal, Side};
use grognard_geometry::aspect::Aspect;
use grognard_geometry::Pose;

pub const R_ASSAULT: &str = "Burt 9 Assault";
pub const R_ASSAULT_ORDER: &str = "Burt 4 Orders (ASSAULT)";
pub const R_RESERVE: &str = "Burt 5 Movement (reserves)";
/// Inches a unit pushed back in melee gives ground (ruling R23).
pub const PUSH_BACK: f64 = 2.0;

fn get(state: &State, id: UnitId) -> Result<&Unit, Illegal> {
    state
        .units
        .get(usize::from(id))
        .filter(|u| u.on_table())
        .ok_or_else(|| no(R_ASSAULT, "no such unit on the table"))
}

/// Whether `u` may declare an assault on `t`.
pub fn declarable(state: &State, u: &Unit, t: &Unit) -> Result<(), Illegal> {
    if u.order() != Some(Order::Assault) {
        return Err(no(
            R_ASSAULT_ORDER,
            "only units with ASSAULT orders assault",
        ));
    }
    if u.routing() || u.status != Status::Steady {
        return Err(no(R_ASSAULT, "routing or pursuing troops do not assault"));
    }
    if u.marks.assaulted {
        return Err(no(R_ASSAULT, "the unit has declared its assault"));
    }
    if t.side == u.side || !t.fights() || !t.on_table() {
        return Err(no(R_ASSAULT, "the target must be an enemy unit of troops"));
    }
    if !measure::in_charge_reach(state, u, t) {
        return Err(no(
            R_ASSAULT,
            "the target is not in the unit's charge reach (its charge move, in its front)",
        ));
    }
    Ok(())
}

pub fn check_declare(
    state: &State,
    side: Side,
    unit: UnitId,
    target: UnitId,
) -> Result<(), Illegal> {
    let u = get(state, unit)?;
    if u.side != side {
        return Err(no(R_ASSAULT, "that unit is the enemy's"));
    }
    declarable(state, u, get(state, target)?)
}

/// The half-way place of an assault: facing the target, half the gap nearer.
pub fn half_way(u: &Unit, t: &Unit, share: f64) -> Pose {
    let gap = measure::gap(u, t);
    let facing = measure::heading(u.pose.pos, t.pose.pos);
    let to = measure::toward(u.pose.pos, t.pose.pos, gap * share);
    Pose::at(to, facing)
}

pub fn perform_declare(ctx: &mut Ctx, unit: UnitId, target: UnitId) {
    ctx.reveal(unit);
    ctx.emit(Event::Declared { unit, target });
    let (u, t) = (ctx.state.unit(unit), ctx.state.unit(target));
    let share = ctx.state.tables().movement.assault_declared_share;
    let to = half_way(u, t, share);
    let clear = measure::room(ctx.state, u, &to, &[unit]);
    if clear {
        ctx.emit(Event::Moved {
            unit,
            to,
            used: 0.0,
        });
    }
    if ctx.state.unit(target).chit.is(Order::Reserve) {
        ctx.leave_reserve(target, Order::Manoeuvre, "assaulted, it leaves reserve");
    }
}

/// A unit of `side` with ASSAULT orders, an enemy in reach and no assault declared.
pub fn must_declare(state: &State, side: Side) -> Option<UnitId> {
    state
        .on_table()
        .filter(|u| u.side == side && u.order() == Some(Order::Assault))
        .find(|u| {
            measure::charge_reach(state, u).is_some_and(|reach| {
                measure::enemies_within(state, u, reach).any(|t| declarable(state, u, t).is_ok())
            })
        })
        .map(|u| u.id)
}

pub fn any_declare(state: &State, side: Side) -> bool {
    must_declare(state, side).is_some()
}

/// The assaults on `t` still to be resolved, by their assaulters.
pub fn assaulters(state: &State, t: UnitId) -> impl Iterator<Item = &Unit> {
    state
        .on_table()
        .filter(move |a| a.marks.assaulting == Some(t) && !a.routing())
}

pub fn is_assaulted(state: &State, t: UnitId) -> bool {
    assaulters(state, t).next().is_some()
}

pub fn check_support(
    state: &State,
    side: Side,
    unit: UnitId,
    friend: UnitId,
) -> Result<(), Illegal> {
    let u = get(state, unit)?;
    let f = get(state, friend)?;
    if u.side != side || f.side != side || u.id == f.id {
        return Err(no(
            R_RESERVE,
            "a reserve supports another unit of its own side",
        ));
    }
    if u.order() != Some(Order::Reserve) || u.routing() {
        return Err(no(
            R_RESERVE,
            "only units with RESERVE orders are committed in support",
        ));
    }
    if u.marks.reserve_moved {
        return Err(no(R_RESERVE, "the reserve has had its move this turn"));
    }
    if !is_assaulted(state, friend) {
        return Err(no(
            R_RESERVE,
            "reserves are committed to support an assaulted unit",
        ));
    }
    let reach = measure::rates(state, u)
        .reserve
        .unwrap_or(measure::rates(state, u).normal);
    if measure::gap(u, f) > reach + 1e-9 {
        return Err(no(R_RESERVE, "the friend is beyond the reserve's move"));
    }
    Ok(())
}

/// Where a supporting reserve stands: behind the friend it supports.
pub fn support_place(u: &Unit, f: &Unit) -> Pose {
    let back = f.footprint().depth * 0.5 + u.footprint_at(f.pose, u.formation).depth * 0.5 + 0.5;
    f.pose.advanced(-back, 0.0)
}

pub fn perform_support(ctx: &mut Ctx, unit: UnitId, friend: UnitId) {
    ctx.reveal(unit);
    ctx.emit(Event::Supporting { unit, friend });
    let (u, f) = (ctx.state.unit(unit), ctx.state.unit(friend));
    let to = support_place(u, f);
    if measure::room(ctx.state, u, &to, &[unit]) {
        ctx.emit(Event::Moved {
            unit,
            to,
            used: 0.0,
        });
    }
    // Committed, its order becomes FIRE (foot with firearms) or ASSAULT ("Burt 11").
    let u = ctx.state.unit(unit);
    let to = if u.is_cavalry() || u.weapon.is_none() {
        Order::Assault
    } else {
        Order::Fire
    };
    ctx.leave_reserve(unit, to, "committed in support");
}

/// The reaction phase begins: every assaulted unit tests, and so does every reserve
/// committed to support one ("Burt 9").
pub fn defenders_test(ctx: &mut Ctx) {
    let targets: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|t| is_assaulted(ctx.state, t.id) && !t.routing())
        .map(|t| t.id)
        .collect();
    for t in targets {
        test(
            ctx,
            t,
            Reason::BeingAssaulted,
            Facts {
                charging: None,
                charged: true,
            },
        );
    }
    let supporters: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|s| s.marks.supporting.is_some() && !s.routing())
        .map(|s| s.id)
        .collect();
    for s in supporters {
        let r = test(ctx, s, Reason::SupportingAssaulted, Facts::default());
        if r != Test::Passes {
            ctx.emit(Event::Called {
                unit: s,
                why: "it gives no support".into(),
            });
        }
    }
}

/// Whether `u` may react with `r`.
pub fn reaction_allowed(state: &State, u: &Unit, r: Reaction) -> Result<(), Illegal> {
    if !is_assaulted(state, u.id) {
        return Err(no(R_ASSAULT, "the unit is not being assaulted"));
    }
    if u.marks.reacted || u.routing() {
        return Err(no(R_ASSAULT, "the unit has reacted, or is routing"));
    }
    let order = u.order();
    let first = assaulters(state, u.id).next();
    let must = order == Some(Order::Assault)
        && first.is_some_and(|a| measure::in_charge_reach(state, u, a));
    if must && r != Reaction::Countercharge {
        return Err(no(
            R_ASSAULT_ORDER,
            "a unit with ASSAULT orders must countercharge",
        ));
    }
    match r {
        Reaction::Fire => {
            if !matches!(order, Some(Order::Fire | Order::Reserve)) {
                return Err(no(
                    R_ASSAULT,
                    "only units with FIRE or RESERVE orders fire in reaction",
                ));
            }
            let Some(a) = first else {
                return Err(no(R_ASSAULT, "no assaulter"));
            };
            let d = measure::gap(u, a);
            let musket = state.tables().ranges.musket.long;
            if d > musket + 1e-9 {
                return Err(no(R_ASSAULT, "the assaulters are beyond musket range"));
            }
            if u.marks.fired {
                return Err(no(R_ASSAULT, "the unit has fired this turn"));
            }
            super::fire::situation(state, u, a).map(|_| ())
        }
        Reaction::Countercharge => {
            if !matches!(
                order,
                Some(Order::Manoeuvre | Order::Reserve | Order::Assault)
            ) {
                return Err(no(
                    R_ASSAULT,
                    "only units with MANOEUVRE, RESERVE or ASSAULT orders countercharge",
                ));
            }
            match first {
                Some(a) if measure::in_charge_reach(state, u, a) => Ok(()),
                _ => Err(no(
                    R_ASSAULT,
                    "the assaulters are not in the unit's charge reach",
                )),
            }
        }
        Reaction::Evade => {
            if !matches!(order, Some(Order::Manoeuvre | Order::Reserve)) {
                return Err(no(
                    R_ASSAULT,
                    "only units with RESERVE or MANOEUVRE orders evade",
                ));
            }
            if u.is_guns() && u.formation != Formation::Limbered {
                return Err(no(R_ASSAULT, "unlimbered guns cannot evade"));
            }
            Ok(())
        }
        Reaction::Hold => Ok(()),
    }
}

pub fn check_react(state: &State, side: Side, unit: UnitId, r: Reaction) -> Result<(), Illegal> {
    let u = get(state, unit)?;
    if u.side != side {
        return Err(no(R_ASSAULT, "that unit is the enemy's"));
    }
    reaction_allowed(state, u, r)
}

pub fn perform_react(ctx: &mut Ctx, unit: UnitId, r: Reaction) {
    ctx.reveal(unit);
    ctx.emit(Event::Reacted { unit, reaction: r });
    let first = assaulters(ctx.state, unit).next().map(|a| a.id);
    match r {
        Reaction::Fire => {
            if let Some(a) = first {
                let (u, t) = (ctx.state.unit(unit), ctx.state.unit(a));
                if let Ok(s) = super::fire::situation(ctx.state, u, t) {
                    super::fire::volley(ctx, unit, a, &s);
                }
            }
        }
        Reaction::Countercharge => ctx.emit(Event::Countercharging { unit }),
        Reaction::Evade => evade(ctx, unit),
        Reaction::Hold => {}
    }
}

/// Turn about and go back a normal move, plus a die and less another; the unit comes out
/// with REGROUP orders ("Burt 11"), and the assaults on it are spent (ruling R26).
fn evade(ctx: &mut Ctx, unit: UnitId) {
    let u = ctx.state.unit(unit);
    let normal = measure::rates(ctx.state, u).normal;
    let s = crate::resolve::evade::Situation {
        normal_move: normal,
    };
    let (roll, d) = crate::resolve::evade::roll(&s, ctx.dice);
    let away = match assaulters(ctx.state, unit).next() {
        Some(a) => measure::heading(a.pose.pos, u.pose.pos),
        None => u.pose.facing + std::f64::consts::PI,
    };
    let mut to = Pose::at(u.pose.pos, away);
    // Go as far as the ground allows, an inch at a time short of the full distance.
    let mut step = d;
    while step > 0.0 {
        let p = Pose::at(
            measure::toward(
                u.pose.pos,
                u.pose.pos + grognard_geometry::dir(away) * step,
                step,
            ),
            away,
        );
        if measure::room(ctx.state, u, &p, &[unit]) {
            to = p;
            break;
        }
        step -= 1.0;
    }
    ctx.emit(Event::Evaded { unit, to, roll });
    let spent: Vec<UnitId> = assaulters(ctx.state, unit).map(|a| a.id).collect();
    for a in spent {
        ctx.emit(Event::Called {
            unit: a,
            why: "its target evaded".into(),
        });
    }
    ctx.force(unit, Order::Regroup, "it evaded");
}

/// A unit of `side` with ASSAULT orders that is assaulted and has not countercharged.
pub fn must_countercharge(state: &State, side: Side) -> Option<UnitId> {
    state
        .on_table()
        .filter(|u| u.side == side && !u.marks.reacted && !u.routing())
        .find(|u| {
            reaction_allowed(state, u, Reaction::Countercharge).is_ok()
                && reaction_allowed(state, u, Reaction::Hold).is_err()
        })
        .map(|u| u.id)
}

pub fn any_react(state: &State, side: Side) -> bool {
    state
        .on_table()
        .any(|u| u.side == side && !u.marks.reacted && !u.routing() && is_assaulted(state, u.id))
}

/// One side of the melee, as `u` fights `enemy`.
pub fn fighter(
    state: &State,
    u: &Unit,
    enemy: &Unit,
    charging: bool,
    supporters: &[&Unit],
) -> Fighter {
    let cover = measure::cover(state, enemy, u.pose.pos) != crate::resolve::fire::Cover::None;
    let square = enemy.formation == Formation::Square;
    let open = |x: &Unit| x.troop == Troop::Skirmishers;
    Fighter {
        figures: measure::front_figures(u)
            + supporters
                .iter()
                .map(|s| measure::front_figures(s))
                .sum::<u32>(),
        charging,
        deeper: u.depth_in_stands() > enemy.depth_in_stands(),
        close_against_open: !open(u) && open(enemy),
        flank_or_rear: measure::aspect(u, enemy) != Aspect::Front,
        enemy_in_cover: cover,
        enemy_cancels_impetus: square || cover,
        disordered: u.cohesion == Cohesion::Disordered,
        shaken_or_routing: u.cohesion >= Cohesion::Shaken,
        cavalry_against_square: u.is_cavalry() && square,
        light_cavalry_against_formed: u.troop == Troop::LightCavalry
            && enemy.cohesion == Cohesion::Formed,
        opponents_shaken: enemy.cohesion == Cohesion::Shaken,
        opponents_routing: enemy.routing(),
        cavalry_against_broken: u.is_cavalry() && enemy.cohesion >= Cohesion::Disordered,
        armoured_or_lancers: (u.armoured || u.lancers) && u.is_cavalry() && charging,
        out_of_order: matches!(
            u.cohesion,
            Cohesion::Unformed | Cohesion::Disordered | Cohesion::Shaken
        ),
        downhill: measure::downhill_of(state, u, enemy),
        armoured: u.armoured && u.is_cavalry(),
    }
}

/// The melee of `attacker` on `defender` as it stands.
pub fn melee_situation(state: &State, attacker: &Unit, defender: &Unit) -> melee::Situation {
    let support: Vec<&Unit> = state
        .on_table()
        .filter(|s| s.marks.supporting == Some(defender.id) && !s.routing())
        .collect();
    melee::Situation {
        attacker: fighter(state, attacker, defender, true, &[]),
        defender: fighter(
            state,
            defender,
            attacker,
            defender.marks.countercharged,
            &support,
        ),
    }
}

/// The resolve assaults phase: each assault in turn, by its assaulter's number.
pub fn resolve_all(ctx: &mut Ctx) {
    let list: Vec<(UnitId, UnitId)> = ctx
        .state
        .on_table()
        .filter_map(|a| a.marks.assaulting.map(|t| (a.id, t)))
        .collect();
    for (a, t) in list {
        resolve(ctx, a, t);
        if ctx.state.outcome.is_some() {
            return;
        }
    }
}

fn resolve(ctx: &mut Ctx, a: UnitId, t: UnitId) {
    let (au, tu) = (ctx.state.unit(a), ctx.state.unit(t));
    if au.gone || au.routing() || au.marks.assaulting != Some(t) {
        return;
    }
    if tu.gone || tu.marks.evaded {
        ctx.emit(Event::Called {
            unit: a,
            why: "its target is gone".into(),
        });
        return;
    }
    if tu.routing() {
        // The assaulted broke before contact: the assaulters take the ground, and pursue.
        ctx.emit(Event::Called {
            unit: a,
            why: "its target broke before contact".into(),
        });
        ctx.emit(Event::Status {
            unit: a,
            status: Status::Pursuing(t),
        });
        return;
    }
    let r = test(
        ctx,
        a,
        Reason::TryingToAssault,
        Facts {
            charging: Some(t),
            charged: false,
        },
    );
    if r != Test::Passes {
        ctx.emit(Event::Called {
            unit: a,
            why: "it would not go in".into(),
        });
        return;
    }
    // Into contact.
    let (au, tu) = (ctx.state.unit(a), ctx.state.unit(t));
    let to = measure::contact_pose(au, tu);
    if measure::room(ctx.state, au, &to, &[a, t]) {
        ctx.emit(Event::Moved {
            unit: a,
            to,
            used: 0.0,
        });
    }
    let (au, tu) = (ctx.state.unit(a), ctx.state.unit(t));
    let s = melee_situation(ctx.state, au, tu);
    let field = ctx.state.field.clone();
    let (rolls, m) = melee::roll(&field.tables, &s, ctx.dice);
    ctx.emit(Event::Melee {
        attacker: a,
        defender: t,
        rolls,
        by_attacker: m.by_attacker,
        by_defender: m.by_defender,
        verdict: m.verdict,
    });
    ctx.emit(Event::Called {
        unit: a,
        why: "the melee is fought".into(),
    });
    super::fire::hit(ctx, t, None, m.by_attacker, m.by_attacker, false);
    super::fire::hit(ctx, a, None, m.by_defender, m.by_defender, false);
    let supporters: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|s| s.marks.supporting == Some(t))
        .map(|s| s.id)
        .collect();
    let countercharged = ctx.state.unit(t).marks.countercharged;
    match m.verdict {
        Verdict::AttackerBreaks => {
            ctx.rout(t, "broken in melee");
            if !ctx.state.unit(a).gone {
                ctx.emit(Event::Status {
                    unit: a,
                    status: Status::Pursuing(t),
                });
            }
        }
        Verdict::DefenderBreaks => {
            ctx.rout(a, "broken in melee");
            if countercharged && !ctx.state.unit(t).gone {
                ctx.emit(Event::Status {
                    unit: t,
                    status: Status::Pursuing(a),
                });
            }
        }
        Verdict::AttackerPushesBack => push_back(ctx, t, a),
        Verdict::DefenderPushesBack => push_back(ctx, a, t),
        Verdict::Indecisive => {
            give_ground(ctx, a, t, 1.0);
            for u in [a, t] {
                if !ctx.state.unit(u).gone && !ctx.state.unit(u).routing() {
                    test(ctx, u, Reason::IndecisiveMelee, Facts::default());
                }
            }
        }
    }
    // Out of melee with REGROUP orders ("Burt 11").
    for u in [a, t].into_iter().chain(supporters) {
        let x = ctx.state.unit(u);
        if !x.gone && !x.routing() {
            ctx.force(u, Order::Regroup, "it has been in melee");
        }
    }
}

/// `loser` gives ground before `winner` ([`PUSH_BACK`] inches, ruling R23).
fn push_back(ctx: &mut Ctx, loser: UnitId, winner: UnitId) {
    give_ground(ctx, loser, winner, PUSH_BACK);
    if !ctx.state.unit(winner).gone {
        ctx.emit(Event::Advanced { unit: winner });
    }
}

/// Move `unit` straight back from `from`, keeping its facing, as far as `d` allows.
fn give_ground(ctx: &mut Ctx, unit: UnitId, from: UnitId, d: f64) {
    let (u, f) = (ctx.state.unit(unit), ctx.state.unit(from));
    if u.gone {
        return;
    }
    let away = u.pose.pos - f.pose.pos;
    let dir = if away.length() < 1e-9 {
        -u.pose.forward()
    } else {
        away.normalize()
    };
    let mut step = d;
    while step > 0.05 {
        let to = Pose::at(u.pose.pos + dir * step, u.pose.facing);
        if measure::room(ctx.state, u, &to, &[unit]) {
            ctx.emit(Event::Moved {
                unit,
                to,
                used: 0.0,
            });
            ctx.emit(Event::Pushed { unit });
            return;
        }
        step -= 0.5;
    }
    ctx.emit(Event::Pushed { unit });
}
