//! The two fire phases on the table ("NW 7.0"-"NW 8.6"): who may skirmish or fire at whom,
//! the declarations, and their simultaneous resolution: every roll is made first, then every
//! result is applied.

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::design::army::Ordnance;
use crate::event::Event;
use crate::measure::{self, distance, in_front};
use crate::phases::fallback;
use crate::resolve::facts::UnitFacts;
use crate::resolve::{final_fire, fire, skirmish};
use crate::state::{Gone, Role, State, Unit, UnitId};
use crate::tables::FireEffect;
use grognard_engine::terrain::TerrainKind;
use grognard_engine::{Illegal, Side};
use grognard_geometry::line_of_sight::Corridor;
use grognard_geometry::Vec2;

const R_SK: &str = "NW 7.3 Skirmishing restrictions";
const R_ART: &str = "NW 8.1 Facing and firing";

/// A unit's skirmish value if it may skirmish attack now ("NW 7.1", "NW 7.3", "NW 7.8").
pub fn skirmish_value(state: &State, u: &Unit) -> Option<u8> {
    let b = u.brigade()?;
    let (weather, _) = state.field.spell(state.clock.turn);
    if !u.on_table() || u.routed || b.sk == 0 || weather.rain_or_snow() {
        return None;
    }
    // Cavalry skirmishes only if it is of the irregular kinds ("NW 7.9").
    if u.is_cavalry() && !b.irregular {
        return None;
    }
    // From a town a unit defends, it does not skirmish ("NW 7.3").
    if measure::hard_cover(state, u) {
        return None;
    }
    Some(b.sk)
}

/// The reach of an SK1 or SK2 unit this turn, shorter in fog ("NW 7.2", "NW 7.8"). Only fog
/// shortens it: twilight hinders sight and command ("NW 9.51"), not the skirmishers, who need
/// no sight of their target ("NW 7.2").
fn skirmish_range(state: &State, sk: u8) -> f64 {
    let (weather, _) = state.field.spell(state.clock.turn);
    skirmish::range(
        &state.field.tables.skirmish,
        sk,
        weather == crate::scenario::Weather::Fog,
        false,
    )
    .unwrap_or(0.0)
}

/// May `a` skirmish attack `t` ("NW 7.2", "NW 7.4", "NW 7.6")? No sight is needed.
pub fn may_skirmish(state: &State, a: &Unit, t: &Unit) -> Result<(), Illegal> {
    let sk = skirmish_value(state, a)
        .ok_or_else(|| Illegal::new(R_SK, format!("{} cannot skirmish attack now", a.label)))?;
    let range = skirmish_range(state, sk);
    if !t.on_table() || t.side == a.side || t.is_officer() || t.routed {
        return Err(Illegal::new(
            R_SK,
            "the target must be an enemy unit in good order or disorder, not routed",
        ));
    }
    // Cavalry is never skirmished, except irregular horse that has itself chosen to
    // skirmish, and then only by infantry (ruling N30).
    if t.is_cavalry() && !(t.open_to_skirmish > 0 && a.is_infantry()) {
        return Err(if t.brigade().is_some_and(|b| b.irregular && b.sk > 0) {
            Illegal::new(
                "NW 7.9 Cossack, Yuruk, Bedouin and Arab cavalry",
                "irregular horse may be skirmished only by infantry, and only after it has skirmished itself",
            )
        } else {
            Illegal::new("NW 7.4 Cavalry", "no unit may skirmish attack cavalry")
        });
    }
    if t.is_artillery() {
        if let Some(inf) = t.attached {
            let screened = state.unit(inf).brigade().is_some_and(|b| b.sk > 0);
            if screened {
                return Err(Illegal::new(
                    "NW 7.6 Resolving skirmish attacks",
                    "the infantry's skirmishers screen the battery attached to it",
                ));
            }
        }
    }
    if distance(&a.base(), &t.base()) > range + 1e-9 {
        return Err(Illegal::new(
            R_SK,
            format!("{} is beyond {range}\"", t.label),
        ));
    }
    if !in_front(&a.base(), &t.base()) {
        return Err(Illegal::new(
            R_SK,
            format!("{} is not in the front perspective", t.label),
        ));
    }
    Ok(())
}

/// Enemies of `u` whose bases may lie within `reach` inches of its base: a cheap first
/// sieve by the circles around the bases, before the exact tests.
fn enemies_within<'a>(state: &'a State, u: &'a Unit, reach: f64) -> impl Iterator<Item = &'a Unit> {
    state.near_unit_of(u.side.other(), u, reach)
}

/// Targets `a` may skirmish attack.
pub fn skirmish_targets(state: &State, a: &Unit) -> Vec<UnitId> {
    let Some(sk) = skirmish_value(state, a) else {
        return Vec::new();
    };
    enemies_within(state, a, skirmish_range(state, sk) + 0.01)
        .filter(|t| may_skirmish(state, a, t).is_ok())
        .map(|t| t.id)
        .collect()
}

fn declared_by(state: &State, side: Side) -> impl Iterator<Item = &crate::state::FireOrder> {
    state.fire_orders.iter().filter(move |o| o.side == side)
}

/// Check a skirmish declaration ("NW 7.3", "NW 7.6").
pub fn check_skirmish(
    state: &State,
    side: Side,
    attackers: &[UnitId],
    target: UnitId,
) -> Result<(), Illegal> {
    if attackers.is_empty() {
        return Err(Illegal::new(R_SK, "name at least one attacker"));
    }
    let t = state
        .units
        .get(target as usize)
        .ok_or_else(|| Illegal::new(R_SK, "there is no such unit"))?;
    if declared_by(state, side).any(|o| o.target == target) {
        return Err(Illegal::new(
            R_SK,
            "no unit is the target of more than one skirmish attack a phase",
        ));
    }
    for (i, id) in attackers.iter().enumerate() {
        let a = state
            .units
            .get(*id as usize)
            .ok_or_else(|| Illegal::new(R_SK, "there is no such unit"))?;
        if a.side != side {
            return Err(Illegal::new(R_SK, "that unit belongs to the enemy"));
        }
        if attackers[..i].contains(id) || a.fired {
            return Err(Illegal::new(
                R_SK,
                format!("{} skirmishes only once a phase", a.label),
            ));
        }
        may_skirmish(state, a, t)?;
        // Doubling up is allowed only for a unit with no other target left to attack.
        if attackers.len() > 1 {
            let other = skirmish_targets(state, a)
                .into_iter()
                .any(|o| o != target && !declared_by(state, side).any(|d| d.target == o));
            if other {
                return Err(Illegal::new(
                    R_SK,
                    format!("{} has another target of its own; units join against one target only when they have no other", a.label),
                ));
            }
        }
    }
    Ok(())
}

/// A unit that must still skirmish before its side may end the phase ("NW 7.5"). Irregular
/// cavalry skirmishes only if its owner chooses ("NW 7.9").
pub fn must_still_skirmish(state: &State, side: Side) -> Option<(UnitId, UnitId)> {
    for a in state
        .friends_of(side)
        .filter(|u| !u.fired && !u.is_cavalry())
    {
        for t in state.targets_noted(side, a, || skirmish_targets(state, a)) {
            if !declared_by(state, side).any(|d| d.target == t) {
                return Some((a.id, t));
            }
        }
    }
    None
}

/// How far a battery can fire this turn: its longest range band, or rockets' reach, and
/// never beyond sight ("NW 8.4", "NW 9.51", "NW Optional rules 4.0").
fn battery_reach(state: &State, bat: &crate::design::army::Battery) -> f64 {
    let t = &state.field.tables.artillery;
    let reach = match (bat.ordnance, bat.weight) {
        (Ordnance::Rockets, _) => t.rocket_reach,
        (_, crate::GunWeight::Light) => t.light.reach[2],
        (_, crate::GunWeight::Medium) => t.medium.reach[2],
        (_, crate::GunWeight::Heavy) => t.heavy.reach[2],
    };
    reach.min(sight(state))
}

/// How far a unit sees this turn, less for each visibility hindrance ("NW 9.51").
pub fn sight(state: &State) -> f64 {
    let (weather, _) = state.field.spell(state.clock.turn);
    state.field.tables.visibility.sight(weather.hindrances())
}

/// The farthest any battery reaches now.
pub fn longest_reach(state: &State) -> f64 {
    let t = &state.field.tables.artillery;
    let reach = [
        t.rocket_reach,
        t.light.reach[2],
        t.medium.reach[2],
        t.heavy.reach[2],
    ]
    .into_iter()
    .fold(0.0, f64::max);
    reach.min(sight(state))
}

/// Can the battery fire at the target: range, front perspective, a clear alley (as wide as
/// the battery's frontage in the book) from its front to the target, no town or wood in the
/// way, sight ("NW 8.1", "NW 8.3", "NW 9.51")?
pub fn may_fire(state: &State, b: &Unit, t: &Unit) -> Result<f64, Illegal> {
    fire_line(state, b, t, false)
}

/// Whether battery `b` may fire at `t` now ([`may_fire`] asked without its reasons).
pub fn can_fire(state: &State, b: &Unit, t: &Unit) -> bool {
    fire_line(state, b, t, true).is_ok()
}

/// [`may_fire`], a refusal's reason left unwritten when asked `quietly`.
fn fire_line(state: &State, b: &Unit, t: &Unit, quietly: bool) -> Result<f64, Illegal> {
    let Role::Battery(bat) = &b.role else {
        return Err(Illegal::unless_quiet(quietly, R_ART, || {
            format!("{} is not a battery", b.label)
        }));
    };
    if !b.on_table() || b.fired {
        return Err(Illegal::unless_quiet(
            quietly,
            "NW 8.0 Artillery fire phase",
            || format!("{} fires once a phase", b.label),
        ));
    }
    if b.damaged() && b.suppressed {
        return Err(Illegal::new(
            "NW 8.4 Resolving artillery fire",
            "a damaged battery that is suppressed cannot fire",
        ));
    }
    if !t.on_table() || t.side == b.side || t.is_officer() {
        return Err(Illegal::new(R_ART, "the target must be an enemy unit"));
    }
    let bb = b.base();
    let tb = t.base();
    let range = distance(&bb, &tb);
    if range > battery_reach(state, bat) + 1e-9 {
        return Err(Illegal::unless_quiet(quietly, R_ART, || {
            format!("{} is {range:.1}\" away, beyond reach or sight", t.label)
        }));
    }
    if !in_front(&bb, &tb) {
        return Err(Illegal::unless_quiet(quietly, R_ART, || {
            format!("{} is outside the battery's front", t.label)
        }));
    }
    // The alley starts as wide as the table says, centred on the battery's front ("NW 8.3").
    let (fl, fr) = bb.face(grognard_geometry::Face::Front);
    let mid = (fl + fr) * 0.5;
    let half = (fl - mid).normalize_or_zero() * state.field.tables.artillery.alley_width * 0.5;
    let corridor = Corridor::new(mid + half, mid - half, &tb);
    // The corridor lies within the shooter's circle (widened by the alley) and the target's,
    // swept along the line between their centres: a base whose circle misses that band
    // cannot block it.
    let band = bb.radius() + state.field.tables.artillery.alley_width * 0.5 + tb.radius();
    for o in state.along(bb.pose.pos, tb.pose.pos, band) {
        // A battery attached to infantry and its infantry do not screen each other: fire at
        // either reaches it ("NW 8.6").
        let pair = (o.is_artillery() && o.attached == Some(t.id)) || t.attached == Some(o.id);
        // Howitzers fire over any unit, rockets over enemy units ("NW Optional rules 3.0,
        // 4.0").
        let over = match bat.ordnance {
            Ordnance::Guns => false,
            Ordnance::Howitzers => true,
            Ordnance::Rockets => o.side != b.side,
        };
        if o.id == b.id
            || o.id == t.id
            || o.is_officer()
            || o.attached == Some(b.id)
            || pair
            || over
        {
            continue;
        }
        if corridor.blocked_by_base(&o.base(), 0.01) {
            return Err(Illegal::unless_quiet(
                quietly,
                "NW 8.3 Line of fire",
                || format!("{} is in the line of fire", o.label),
            ));
        }
    }
    let from = bb.face_centre(grognard_geometry::Face::Front);
    let to = tb.pose.pos;
    for f in &state.field.terrain {
        let blocks = match f.kind {
            // A town blocks fire through it, not at a unit in it ("NW 8.1").
            TerrainKind::Town => !f.shape.contains(to) && f.shape.length_inside(from, to) > 1e-6,
            // Fire reaches 1" into a wood ("NW 8.1").
            TerrainKind::DenseWood | TerrainKind::LightWood | TerrainKind::Copse => {
                f.shape.length_inside(from, to) > state.field.tables.artillery.into_woods + 1e-9
            }
            TerrainKind::Hill => {
                // A hill higher than both ends blocks the line.
                let top = f.elevation;
                top > measure::elevation(state, b)
                    && top > measure::elevation(state, t)
                    && f.shape.length_inside(from, to) > 0.0
            }
            _ => false,
        };
        if blocks {
            return Err(Illegal::unless_quiet(
                quietly,
                "NW 8.3 Line of fire",
                || format!("the {} blocks the line of fire", f.kind.name()),
            ));
        }
    }
    Ok(range)
}

/// The closest enemy a battery must fire at, when any non-routed enemy is within 6" of its
/// front ("NW 8.3").
pub fn forced_target(state: &State, b: &Unit) -> Option<UnitId> {
    let bb = b.base();
    let within = state.field.tables.artillery.closest_target_within;
    let near: Vec<(&Unit, f64)> = enemies_within(state, b, within + 0.01)
        .filter(|e| !e.is_officer() && !e.routed && in_front(&bb, &e.base()))
        .map(|e| (e, distance(&bb, &e.base())))
        .filter(|(_, d)| *d <= state.field.tables.artillery.closest_target_within)
        .collect();
    if near.is_empty() {
        return None;
    }
    let mut clear: Vec<(&Unit, f64)> = near
        .into_iter()
        .filter(|(e, _)| can_fire(state, b, e))
        .collect();
    clear.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.id.cmp(&b.0.id)));
    clear.first().map(|(e, _)| e.id)
}

pub fn check_fire(
    state: &State,
    side: Side,
    batteries: &[UnitId],
    target: UnitId,
) -> Result<(), Illegal> {
    if batteries.is_empty() {
        return Err(Illegal::new(R_ART, "name at least one battery"));
    }
    let t = state
        .units
        .get(target as usize)
        .ok_or_else(|| Illegal::new(R_ART, "there is no such unit"))?;
    if declared_by(state, side).any(|o| o.target == target) {
        return Err(Illegal::new(
            "NW 8.2 Targets",
            "every battery firing at a target fires together; it is fired on once a phase",
        ));
    }
    for (i, id) in batteries.iter().enumerate() {
        let b = state
            .units
            .get(*id as usize)
            .ok_or_else(|| Illegal::new(R_ART, "there is no such unit"))?;
        if b.side != side {
            return Err(Illegal::new(R_ART, "that battery belongs to the enemy"));
        }
        if batteries[..i].contains(id) {
            return Err(Illegal::new(R_ART, "a battery is named once"));
        }
        may_fire(state, b, t)?;
        if let Some(f) = forced_target(state, b) {
            if f != target && !attached_pair(state, f, target) {
                return Err(Illegal::new(
                    "NW 8.3 Line of fire",
                    format!(
                        "{} has {} within {}\" of its front and must fire at it",
                        b.label,
                        state.name(f),
                        state.field.tables.artillery.closest_target_within
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// A battery attached to infantry and that infantry: for the closest-target rule they are
/// one target, and the gunners may fire at either ("NW 8.6", ruling N31).
pub fn attached_pair(state: &State, a: UnitId, b: UnitId) -> bool {
    let (ua, ub) = (state.unit(a), state.unit(b));
    (ua.is_artillery() && ua.attached == Some(b)) || (ub.is_artillery() && ub.attached == Some(a))
}

/// Targets a battery may fire at now.
pub fn fire_targets(state: &State, b: &Unit) -> Vec<UnitId> {
    if let Some(f) = forced_target(state, b) {
        // The forced target's partner, if it is one of a battery and its infantry.
        let mut pair: Vec<UnitId> = state
            .riders(f)
            .map(|r| r.id)
            .chain(state.unit(f).attached)
            .filter(|t| {
                let tu = state.unit(*t);
                tu.on_table()
                    && tu.side != b.side
                    && attached_pair(state, f, *t)
                    && can_fire(state, b, tu)
            })
            .collect();
        pair.sort_unstable();
        pair.dedup();
        let mut v = vec![f];
        v.extend(pair);
        return v;
    }
    let Some(bat) = b.battery() else {
        return Vec::new();
    };
    enemies_within(state, b, battery_reach(state, bat) + 0.01)
        .filter(|t| !t.is_officer() && can_fire(state, b, t))
        .map(|t| t.id)
        .collect()
}

/// The facts of battery `b` firing at `t` from `range` inches ("NW 8.4" modifiers).
pub fn battery_facts(state: &State, b: &Unit, t: &Unit, range: f64) -> fire::Battery {
    let bat = b.battery().expect("a battery");
    let tb = t.base();
    let flank = measure::face_toward(&tb, b.pose.pos) != grognard_geometry::Face::Front;
    fire::Battery {
        weight: bat.weight,
        range,
        damaged: b.damaged(),
        suppressed: b.suppressed,
        british_french: matches!(bat.nation, crate::Nation::Britain | crate::Nation::France),
        russian_heavy: bat.nation == crate::Nation::Russia && bat.weight == crate::GunWeight::Heavy,
        ottoman_cossack: bat.nation == crate::Nation::Ottoman || bat.cossack,
        different_elevation: measure::elevation(state, b) != measure::elevation(state, t),
        into_flank_or_rear: flank,
    }
}

/// The facts of target `t` for fire from batteries standing at `from` (works and walls cover
/// it only against fire that crosses them, ruling N34).
pub fn fire_target_facts(state: &State, t: &Unit, from: &[Vec2]) -> fire::Target {
    let (weather, mud) = state.field.spell(state.clock.turn);
    fire::Target {
        artillery: t.is_artillery(),
        soft_cover: measure::soft_cover(state, t, from),
        hard_cover: measure::holds_hard_cover(state, t, from),
        behind_works: measure::behind_works(state, t, from),
        vulnerable: measure::vulnerable(state, t),
        rain_or_mud: weather == crate::scenario::Weather::Rain || mud,
    }
}

/// The target's side of a skirmish attack on `t` from skirmishers standing at `from`
/// (ruling N34 as for fire); its `skirmishers` are left empty for the caller to name.
pub fn skirmish_target_facts(state: &State, t: &Unit, from: &[Vec2]) -> skirmish::Situation {
    let tb = t.base();
    let near_cav = state
        .near_unit_of(t.side, t, state.field.tables.skirmish.near_cavalry_radius)
        .any(|c| {
            c.is_cavalry()
                && !c.routed
                && (c.id == t.id
                    || distance(&tb, &c.base()) <= state.field.tables.skirmish.near_cavalry_radius)
        });
    skirmish::Situation {
        skirmishers: Vec::new(),
        target: UnitFacts::of(state, t).unwrap_or_default(),
        soft_cover: measure::soft_cover(state, t, from),
        near_friendly_cavalry: near_cav,
        hard_cover: measure::holds_hard_cover(state, t, from),
        vulnerable: measure::vulnerable(state, t),
    }
}

/// The situation of a skirmish attack by `attackers` on `target`, as the table has it.
pub fn skirmish_situation(
    state: &State,
    attackers: &[UnitId],
    target: UnitId,
) -> skirmish::Situation {
    let from: Vec<Vec2> = attackers.iter().map(|a| state.unit(*a).pose.pos).collect();
    skirmish::Situation {
        skirmishers: attackers
            .iter()
            .map(|a| state.unit(*a).brigade().map_or(0, |b| b.sk))
            .collect(),
        ..skirmish_target_facts(state, state.unit(target), &from)
    }
}

/// The situation of the fire of `shooters` on `target`, as the table has it: each battery's
/// range measured, the target's cover as seen from where they all stand (ruling N34).
pub fn artillery_situation(state: &State, shooters: &[UnitId], target: UnitId) -> fire::Situation {
    let t = state.unit(target);
    let from: Vec<Vec2> = shooters.iter().map(|a| state.unit(*a).pose.pos).collect();
    let batteries = shooters
        .iter()
        .map(|b| {
            let bu = state.unit(*b);
            let f = battery_facts(state, bu, t, distance(&bu.base(), &t.base()));
            fire::Firing {
                battery: UnitFacts::of(state, bu).unwrap_or_default(),
                range: fire::Range::Inches(f.range),
                flank_or_rear: f.into_flank_or_rear,
                different_elevation: f.different_elevation,
            }
        })
        .collect();
    let tf = fire_target_facts(state, t, &from);
    fire::Situation {
        batteries,
        target: UnitFacts::of(state, t).unwrap_or_default(),
        soft_cover: tf.soft_cover,
        hard_cover: tf.hard_cover,
        behind_works: tf.behind_works,
        vulnerable: tf.vulnerable,
        rain_or_mud: tf.rain_or_mud,
    }
}

/// For each battery, the d6 it rolls for its fire points at `t`: none for guns and
/// howitzers; for rockets one against infantry or artillery, two against cavalry ("NW
/// Optional rules 4.0").
pub fn rocket_dice(state: &State, shooters: &[UnitId], t: &Unit) -> Vec<u8> {
    let n = state.field.tables.artillery.rocket_dice[usize::from(t.is_cavalry())];
    shooters
        .iter()
        .map(|b| match state.unit(*b).battery() {
            Some(bat) if bat.ordnance == Ordnance::Rockets => n,
            _ => 0,
        })
        .collect()
}

/// What one roll did to its target, applied after every roll of the phase.
enum Hit {
    Skirmish(UnitId, skirmish::Outcome, bool),
    Artillery(UnitId, FireEffect, bool, UnitId),
}

/// Roll every declared fire of the phase, then apply every result ("NW 7.0", "NW 8.0").
pub fn resolve_phase(ctx: &mut Ctx, artillery: bool) {
    let orders = ctx.state.fire_orders.clone();
    let mut hits = Vec::new();
    for o in &orders {
        if artillery {
            let situation = artillery_situation(ctx.state, &o.shooters, o.target);
            let tables = ctx.state.field.tables.artillery.clone();
            if let Some(f) = fire::resolve_situation(&tables, &situation, ctx.dice) {
                hits.push(Hit::Artillery(
                    o.target,
                    f.effect,
                    f.general_killed,
                    o.shooters[0],
                ));
                ctx.emit(Event::ArtilleryFire {
                    batteries: o.shooters.clone(),
                    target: o.target,
                    fire: f,
                    final_fire: false,
                });
            }
        } else {
            let situation = skirmish_situation(ctx.state, &o.shooters, o.target);
            let tables = ctx.state.field.tables.skirmish.clone();
            let a = skirmish::resolve(&tables, &situation, ctx.dice);
            hits.push(Hit::Skirmish(o.target, a.outcome, a.general_shot));
            ctx.emit(Event::Skirmish {
                attackers: o.shooters.clone(),
                target: o.target,
                attack: a,
            });
        }
    }
    // Suppression from before this artillery phase wears off at its end ("NW 11.6").
    if artillery {
        let worn: Vec<UnitId> = ctx
            .state
            .units
            .iter()
            .filter(|u| u.suppressed)
            .map(|u| u.id)
            .collect();
        for u in worn {
            ctx.emit(Event::Unsuppressed { unit: u });
        }
    }
    for h in hits {
        match h {
            Hit::Skirmish(t, outcome, shot) => {
                if shot {
                    kill_general_on(ctx, t, "shot by skirmishers on a natural 12");
                }
                let art = ctx.state.unit(t).is_artillery();
                match outcome {
                    skirmish::Outcome::NoEffect => {}
                    skirmish::Outcome::Disorder => ctx.disorder(t, "skirmish fire"),
                    skirmish::Outcome::LossAndDisorder => {
                        // A brigade loses the table's s.p., a battery one of its two steps.
                        let (n, why) = if art {
                            (1, "damaged by skirmishers")
                        } else {
                            (ctx.state.field.tables.skirmish.loss, "skirmish fire")
                        };
                        ctx.lose(t, n, why);
                        ctx.disorder(t, "skirmish fire");
                    }
                }
            }
            Hit::Artillery(t, effect, killed, from) => {
                if killed {
                    kill_general_on(ctx, t, "killed by artillery on a natural 12");
                }
                apply_fire_effect(ctx, t, effect, from);
            }
        }
    }
}

/// The fire effects table applied to a unit ("NW Fire Effects").
pub fn apply_fire_effect(ctx: &mut Ctx, t: UnitId, effect: FireEffect, from: UnitId) {
    if !ctx.state.unit(t).on_table() {
        return;
    }
    let art = ctx.state.unit(t).is_artillery();
    let full = crate::phases::movement::full_allowance(ctx.state, ctx.state.unit(t));
    let table = &ctx.state.field.tables.artillery;
    let [damaging, horrendous, destructive] = table.losses;
    let back = table.horrendous_retreat;
    match (effect, art) {
        (FireEffect::Desultory, _) => {}
        (FireEffect::Effective, _) => ctx.disorder(t, "artillery fire"),
        (FireEffect::Damaging, false) => {
            ctx.lose(t, damaging, "artillery fire");
            ctx.disorder(t, "artillery fire");
        }
        (FireEffect::Damaging, true) => {
            fallback::retreat(ctx, t, from, full, "driven back by artillery fire");
            ctx.disorder(t, "artillery fire");
        }
        (FireEffect::Horrendous, false) => {
            ctx.lose(t, horrendous, "artillery fire");
            ctx.disorder(t, "artillery fire");
            let why = format!("retreats {back}\" under artillery fire");
            fallback::retreat(ctx, t, from, back, &why);
        }
        (FireEffect::Horrendous, true) => {
            // A battery has two steps: horrendous fire costs it one ("NW Fire Effects").
            ctx.lose(t, 1, "damaged by artillery fire");
            fallback::retreat(ctx, t, from, full, "retreats under artillery fire");
        }
        (FireEffect::Destructive, false) => {
            ctx.lose(t, destructive, "artillery fire");
            ctx.disorder(t, "artillery fire");
            fallback::retreat(ctx, t, from, full, "retreats under artillery fire");
        }
        (FireEffect::Destructive, true) => {
            ctx.eliminate(t, Gone::Eliminated, "destroyed by artillery fire")
        }
    }
}

/// A general or ADC attached to `unit` is killed.
pub fn kill_general_on(ctx: &mut Ctx, unit: UnitId, why: &str) {
    if let Some(g) = ctx.state.general_on(unit).map(|g| g.id) {
        ctx.eliminate(g, Gone::Killed, why);
    }
}

/// The situation of a charged battery's roll to get away from `attacker`, as the table has
/// it. Whether the attacker still reaches it after its escape is for the table to show
/// once it has moved; it is given as not.
pub fn evasion_situation(
    state: &State,
    attacker: UnitId,
    battery: UnitId,
) -> final_fire::EvasionSituation {
    let a = state.unit(attacker);
    let b = state.unit(battery);
    let (weather, mud) = state.field.spell(state.clock.turn);
    final_fire::EvasionSituation {
        battery: UnitFacts::of(state, b).unwrap_or_default(),
        attacker: UnitFacts::of(state, a).unwrap_or_default(),
        weather,
        mud,
        rough: measure::in_kind(state, TerrainKind::DenseWood, b.pose.pos),
        obstacle_or_higher: measure::elevation(state, b) > measure::elevation(state, a)
            || measure::soft_cover(state, b, &[a.pose.pos])
            || measure::crossed_works(state, a.pose.pos, b),
        still_reached: false,
    }
}

/// The situation of a charged battery's final shot at `attacker` and of its roll to get
/// away after it, as the table has it; `None` if the attacker does not come at its front,
/// where alone it may shoot ("NW 8.5").
pub fn final_fire_situation(
    state: &State,
    attacker: UnitId,
    battery: UnitId,
) -> Option<final_fire::FinalFireSituation> {
    let a = state.unit(attacker);
    let b = state.unit(battery);
    if measure::face_toward(&b.base(), a.pose.pos) != grognard_geometry::Face::Front {
        return None;
    }
    let f = battery_facts(state, b, a, 0.0);
    let t = fire_target_facts(state, a, &[b.pose.pos]);
    let e = evasion_situation(state, attacker, battery);
    Some(final_fire::FinalFireSituation {
        battery: e.battery,
        attacker: e.attacker,
        attached: b.attached.is_some(),
        flank_or_rear: f.into_flank_or_rear,
        different_elevation: f.different_elevation,
        soft_cover: t.soft_cover,
        hard_cover: t.hard_cover,
        behind_works: t.behind_works,
        vulnerable: t.vulnerable,
        weather: e.weather,
        mud: e.mud,
        rough: e.rough,
        obstacle_or_higher: e.obstacle_or_higher,
        still_reached: false,
    })
}

/// A charged battery's final shot at its attacker, taken only if the attacker comes at its
/// front, suppressed or not ("NW 8.5"); a battery attached to infantry takes it too ("NW
/// 8.6"). Returns `true` if the shot stopped the attack: the attacker is gone or has been
/// driven off (ruling N26).
pub fn final_fire(ctx: &mut Ctx, attacker: UnitId, battery: UnitId) -> bool {
    let Some(s) = final_fire_situation(ctx.state, attacker, battery) else {
        return false;
    };
    let tables = ctx.state.field.tables.artillery.clone();
    let Some(f) = final_fire::shoot(&tables, &s, ctx.dice) else {
        return false;
    };
    let fired = fire::Fired::of(&tables, &s.attacker, f.effect, f.general_killed);
    let effect = f.effect;
    let killed = f.general_killed;
    ctx.emit(Event::ArtilleryFire {
        batteries: vec![battery],
        target: attacker,
        fire: f,
        final_fire: true,
    });
    if killed {
        kill_general_on(ctx, attacker, "killed by final fire on a natural 12");
    }
    apply_fire_effect(ctx, attacker, effect, battery);
    final_fire::stops(&fired)
}

/// A battery charged by infantry or cavalry ("NW 8.5"): from its front it first takes a final
/// shot at the attacker; then, unless the shot stopped the attack, it rolls to evade. A
/// battery that escapes falls back a full move; if the attacker, 1" poorer, could still reach
/// it, it is overrun. Returns `true` if the contact stands and a combat follows.
pub fn final_fire_and_evasion(ctx: &mut Ctx, attacker: UnitId, battery: UnitId, left: f64) -> bool {
    if final_fire(ctx, attacker, battery) {
        return false;
    }
    let bat = ctx
        .state
        .unit(battery)
        .battery()
        .expect("a battery")
        .clone();
    let facts = evasion_situation(ctx.state, attacker, battery);
    let t = ctx.state.field.tables.evasion.clone();
    let test = final_fire::evade(&t, &facts, ctx.dice);
    let escaped = test.passed;
    ctx.emit(Event::Evasion {
        unit: battery,
        test,
    });
    let on = left - t.attacker_cost;
    if !escaped {
        if bat.ordnance != Ordnance::Rockets {
            return true;
        }
        // Rockets that fail to get away are overrun; the attacker pays 1" and moves on.
        ctx.eliminate(
            battery,
            Gone::Eliminated,
            "rockets overrun where they stood",
        );
        move_on(ctx, attacker, on);
        return false;
    }
    let full = crate::phases::movement::full_allowance(ctx.state, ctx.state.unit(battery));
    fallback::retreat(
        ctx,
        battery,
        attacker,
        full,
        "escapes a full move to the rear",
    );
    let bu = ctx.state.unit(battery);
    if bu.on_table() {
        let gap = distance(&ctx.state.unit(attacker).base(), &bu.base());
        if gap <= on {
            ctx.eliminate(battery, Gone::Eliminated, "overrun as it tried to get away");
        }
    }
    move_on(ctx, attacker, on);
    false
}

/// The first roll a charge by `unit` along `steps` throws at a battery, with its situation:
/// the final shot (and the evasion after it) or, with no shot, the evasion alone. `None`
/// when the move charges no battery, or an officer ridden down is rolled for first.
pub fn charge_roll(
    state: &State,
    unit: UnitId,
    steps: &[crate::moves::Step],
) -> Option<(&'static str, serde_json::Value)> {
    let u = state.unit(unit).clone();
    let allowance = match &state.pending {
        Some(crate::state::Pending::Move { allowance, .. }) => *allowance,
        _ if u.is_officer() => state.field.tables.movement.officers,
        _ => crate::phases::movement::maneuver_allowance(state, &u),
    };
    let plan = crate::phases::movement::plan(state, &u, steps, allowance).ok()?;
    let d = plan.contact?;
    if !plan.through_officers.is_empty() {
        return None;
    }
    // Where the attacker stands when the guns shoot: at the end of its move, squared up.
    let mut s = state.clone();
    crate::apply::apply(
        &mut s,
        &Event::Moved {
            unit,
            to: plan.end,
            cost: plan.cost,
            road: plan.road,
        },
    );
    let a = s.unit(unit).clone();
    let du = s.unit(d).clone();
    let guns = s.battery_on(d).cloned();
    let on = guns
        .clone()
        .filter(|g| measure::touching(&a.base(), &g.base()))
        .unwrap_or_else(|| du.clone());
    let sq = crate::phases::movement::squared(&s, &a, plan.end, &on);
    if sq != plan.end {
        crate::apply::apply(
            &mut s,
            &Event::Moved {
                unit,
                to: sq,
                cost: 0.0,
                road: false,
            },
        );
    }
    let shot = |b: UnitId| {
        final_fire_situation(&s, unit, b)
            .filter(|f| f.no_shot().is_none())
            .and_then(|f| serde_json::to_value(f).ok())
            .map(|f| ("final_fire", f))
    };
    match guns {
        Some(g) => shot(g.id),
        None if du.is_artillery() => shot(d).or_else(|| {
            serde_json::to_value(evasion_situation(&s, unit, d))
                .ok()
                .map(|e| ("evasion", e))
        }),
        None => None,
    }
}

/// The attacker whose quarry got away or was overrun may go on with what is left of its
/// move, less the 1" it paid ("NW 8.5"); only in its own maneuver phase.
fn move_on(ctx: &mut Ctx, attacker: UnitId, allowance: f64) {
    let a = ctx.state.unit(attacker);
    if allowance > 0.0 && a.on_table() && crate::sequence::phase_key(ctx.state) == "maneuver" {
        ctx.emit(Event::MovesOn {
            unit: attacker,
            allowance,
        });
    }
}
