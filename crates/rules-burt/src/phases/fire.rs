//! Firing ("Burt 6"): units with FIRE orders fire at an enemy in their arc, in sight and in
//! range; casualties fall at once, and a battery's casualties put guns out of action.

use super::no;
use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::resolve::fire::{self, Band, Situation};
use crate::resolve::guns;
use crate::state::{Formation, Order, State, Troop, Unit, UnitId};
use crate::tables::Weapon;
use grognard_engine::{Illegal, Side};

pub const R_FIRE: &str = "Burt 6 Firing";

/// The weapon a unit fires at a target `d` inches off, with the band: small arms, or a
/// battery's canister when the target is within its reach and ball beyond.
pub fn weapon_at(state: &State, u: &Unit, d: f64) -> Option<(Weapon, Band)> {
    if let Some(c) = u.calibre {
        if u.formation == Formation::Limbered {
            return None;
        }
        if let Some(b) = measure::band(state, c.canister(), d) {
            return Some((c.canister(), b));
        }
        return measure::band(state, c.ball(), d).map(|b| (c.ball(), b));
    }
    let w = u.weapon?;
    measure::band(state, w, d).map(|b| (w, b))
}

/// Why `u` may not fire at `t` now, or the situation of its fire.
pub fn situation(state: &State, u: &Unit, t: &Unit) -> Result<Situation, Illegal> {
    if t.side == u.side || !t.on_table() || !t.fights() {
        return Err(no(
            R_FIRE,
            "the target must be an enemy unit of troops on the table",
        ));
    }
    if !measure::target_in_arc(u, t) {
        return Err(no(R_FIRE, "the target is not in the unit's arc of fire"));
    }
    let d = measure::gap(u, t);
    let Some((weapon, range)) = weapon_at(state, u, d) else {
        return Err(no(
            R_FIRE,
            format!("the target is {d:.1}\" off, out of range"),
        ));
    };
    if !measure::sees(state, u, t) {
        return Err(no(R_FIRE, "the unit cannot see the target"));
    }
    Ok(Situation {
        weapon,
        figures: measure::firing_figures(state.tables(), u),
        guns: u.guns,
        range,
        moving: u.marks.moved,
        cover: measure::cover(state, t, u.pose.pos),
        firers_shaken: u.cohesion >= crate::state::Cohesion::Shaken,
        deep_target: t.depth_in_ranks() > 2,
        first_volley: !u.fired_today,
        skirmishers: u.troop == Troop::Skirmishers,
        target_skirmishers_or_crew: t.troop == Troop::Skirmishers || t.is_guns(),
    })
}

/// Whether `u` may fire at all in this phase.
pub fn may_fire(u: &Unit) -> Result<(), Illegal> {
    if !u.on_table() || !u.fights() {
        return Err(no(R_FIRE, "only troops fire"));
    }
    if u.order() != Some(Order::Fire) {
        return Err(no("Burt 4 Orders", "only units with FIRE orders fire"));
    }
    if u.marks.fired {
        return Err(no(R_FIRE, "the unit has fired this turn"));
    }
    if u.routing() || u.status != crate::state::Status::Steady {
        return Err(no(R_FIRE, "routing or pursuing troops do not fire"));
    }
    if u.weapon.is_none() && u.calibre.is_none() {
        return Err(no(R_FIRE, "the unit has no firearms"));
    }
    if u.formation == Formation::Limbered {
        return Err(no(R_FIRE, "limbered guns do not fire"));
    }
    Ok(())
}

pub fn check(
    state: &State,
    side: Side,
    unit: UnitId,
    target: UnitId,
) -> Result<Situation, Illegal> {
    let u = state
        .units
        .get(usize::from(unit))
        .ok_or_else(|| no(R_FIRE, "no such unit"))?;
    let t = state
        .units
        .get(usize::from(target))
        .ok_or_else(|| no(R_FIRE, "no such target"))?;
    if u.side != side {
        return Err(no(R_FIRE, "that unit is the enemy's"));
    }
    may_fire(u)?;
    situation(state, u, t)
}

pub fn perform(ctx: &mut Ctx, unit: UnitId, target: UnitId) {
    let side = ctx.state.unit(unit).side;
    let Ok(s) = check(ctx.state, side, unit, target) else {
        return;
    };
    ctx.reveal(unit);
    volley(ctx, unit, target, &s);
}

/// A volley with its casualties, in the fire phase or in reaction to an assault.
pub fn volley(ctx: &mut Ctx, unit: UnitId, target: UnitId, s: &Situation) {
    let tables = ctx.state.field.clone();
    let (rolls, v) = fire::roll(&tables.tables, s, ctx.dice);
    ctx.emit(Event::Volley {
        unit,
        target,
        rolls,
        hits: v.hits,
        casualties: v.casualties,
    });
    hit(ctx, target, Some(s.weapon), v.hits, v.casualties, true);
}

/// Casualties on a unit, by `weapon` or (`None`) in melee; on a battery, the dice for its
/// guns (ruling R5).
pub fn hit(
    ctx: &mut Ctx,
    target: UnitId,
    weapon: Option<Weapon>,
    hits: u32,
    casualties: u32,
    fire: bool,
) {
    let t = ctx.state.unit(target);
    if let Some(c) = t.calibre {
        let crew = c.crew(ctx.state.tables());
        let ball = weapon.is_some_and(Weapon::is_ball);
        let s = guns::Situation {
            crew,
            casualties: if ball { 0 } else { casualties },
            ball_hits: if ball { hits } else { 0 },
            guns: t.guns,
        };
        if s.casualties + s.ball_hits == 0 {
            return;
        }
        let (rolls, lost) = guns::roll(&s, ctx.dice);
        ctx.lose(target, lost * crew, lost, fire, rolls);
        return;
    }
    if casualties == 0 {
        return;
    }
    ctx.lose(target, casualties, 0, fire, Vec::new());
    if weapon.is_some_and(Weapon::is_small_arms) && ctx.state.unit(target).chit.is(Order::Reserve) {
        ctx.leave_reserve(
            target,
            Order::Manoeuvre,
            "casualties from small arms end its reserve",
        );
    }
}

/// Whether any unit of `side` has a target it may fire at.
pub fn any(state: &State, side: Side) -> bool {
    state.on_table().any(|u| {
        u.side == side
            && may_fire(u).is_ok()
            && measure::fire_reach(state, u).is_some_and(|reach| {
                measure::enemies_within(state, u, reach).any(|t| situation(state, u, t).is_ok())
            })
    })
}
