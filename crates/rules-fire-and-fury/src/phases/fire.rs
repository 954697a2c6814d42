//! The Musketry & Cannonade phase ("NFF M&C", design 4.3): the other side's defensive fire,
//! then the player's offensive fire. A brigade's front-rank stands fire at an enemy within
//! their range and arc and in sight; a battery fires as one stand.

use super::no;
use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::facts::{Formation, Level};
use crate::measure::{self, TOUCH};
use crate::resolve::fire::{FireRoll, Firers, Kind, Situation, Target};
use crate::state::{Front, Phase, State, Unit, UnitId, What};
use grognard_engine::resolution::Resolution;
use grognard_engine::terrain::TerrainKind;
use grognard_engine::{Illegal, Side};
use grognard_geometry::aspect::{aspect_of, Aspect};
use grognard_geometry::distance::base_base;
use grognard_geometry::Base;

pub const R_FIRE: &str = "NFF M&C 1";

/// Targets are looked for this far beyond a firer's spread: beyond the longest range.
pub const TARGETS: f64 = 16.0;

/// The cover a unit stands in (the module gives -1 to -3 by scenario; the levels by ground
/// are Grognard's): woods and copses light; dense woods, towns, buildings and hasty works
/// medium; field works heavy.
pub fn cover(state: &State, u: &Unit) -> Level {
    let p = u.pose.pos;
    let mut best = Level::None;
    for f in &state.field.terrain {
        if !f.shape.contains(p) {
            continue;
        }
        let l = match f.kind {
            TerrainKind::LightWood | TerrainKind::Copse => Level::Light,
            TerrainKind::DenseWood
            | TerrainKind::Town
            | TerrainKind::Building
            | TerrainKind::HastyWorks => Level::Medium,
            TerrainKind::FieldWorks => Level::Heavy,
            _ => Level::None,
        };
        let rank = |l: Level| l as u8;
        if rank(l) > rank(best) {
            best = l;
        }
    }
    best
}

/// Whether the unit may fire now at all, whatever its target.
pub fn may_fire(state: &State, u: &Unit) -> Result<(), Illegal> {
    let offensive = state.phase() == Phase::OffensiveFire;
    match &u.what {
        What::Brigade(b) => {
            if b.marks.fired {
                return Err(no(R_FIRE, "the brigade has fired in this phase"));
            }
            if b.cavalry && (b.heavy || b.irregular) {
                return Err(no(
                    "NFF M&C 6",
                    "only light cavalry fires mounted; heavy and irregular horse never do",
                ));
            }
            if offensive && b.marks.used_rm {
                return Err(no(
                    "NFF Maneuver: Reserve Movement 3d",
                    "a brigade that used Reserve Movement may not start fire this turn",
                ));
            }
            if offensive && b.marks.charging.is_some() {
                return Err(no(
                    R_FIRE,
                    "a brigade that charged fights in the charge phase",
                ));
            }
            Ok(())
        }
        What::Battery(b) => {
            if b.fired {
                return Err(no(R_FIRE, "the battery has fired in this phase"));
            }
            if b.limbered {
                return Err(no(R_FIRE, "a battery fires unlimbered"));
            }
            if b.silenced > 0 {
                return Err(no(R_FIRE, "the battery is out of action this turn"));
            }
            if offensive && b.used_rm {
                return Err(no(
                    "NFF Maneuver: Reserve Movement 3d",
                    "a battery that used Reserve Movement may not start fire this turn",
                ));
            }
            if offensive && b.functions >= b.functions_allowed() {
                return Err(no(
                    "Grognard's artillery functions (design 4.8)",
                    "the battery has used its functions this turn",
                ));
            }
            Ok(())
        }
        What::Leader(_) | What::Company(_) => Err(no(R_FIRE, "leaders and engineers do not fire")),
    }
}

/// The fire of `u` at `target`: its situation, or why it may not.
pub fn situation(state: &State, u: &Unit, target: &Unit) -> Result<Situation, Illegal> {
    situation_of(state, u, &state.print(u), target, &state.print(target))
}

/// [`situation`] for a firer and target whose footprints are known: `fp` of `u` and `tb`
/// of `target` (a caller weighing many fires measures each unit once).
pub fn situation_of(
    state: &State,
    u: &Unit,
    fp: &Base,
    target: &Unit,
    tb: &Base,
) -> Result<Situation, Illegal> {
    situation_from(state, u, fp, &std::cell::OnceCell::new(), target, tb)
}

/// The stands of `u` that may fire: a brigade's front rank, a battery's one base (`fp`,
/// its footprint).
pub fn front_stands(u: &Unit, fp: &Base) -> Front {
    match &u.what {
        What::Brigade(_) => u.front_stands(),
        _ => smallvec::smallvec![*fp],
    }
}

/// [`situation_of`], the firer's [`front_stands`] kept in `front` when first needed (a
/// caller weighing one firer against many targets lays its stands out once).
pub fn situation_from(
    state: &State,
    u: &Unit,
    fp: &Base,
    front: &std::cell::OnceCell<Front>,
    target: &Unit,
    tb: &Base,
) -> Result<Situation, Illegal> {
    if target.side == u.side || target.gone || !target.fights() {
        return Err(no(
            R_FIRE,
            "fire is at an enemy brigade or battery on the field",
        ));
    }
    let t = state.tables();
    let (kind, tan, reach, all_round) = match &u.what {
        What::Brigade(b) => {
            let square = b.formation == Formation::Square;
            let (kind, reach) = if b.cavalry {
                (Kind::LightCavalry, t.fire_points.light_cavalry_range)
            } else if b.skirmish != crate::facts::Skirmish::None && !square {
                (Kind::Infantry, t.modifiers.fire.skirmish_fire_band.value[1])
            } else {
                (Kind::Infantry, t.fire_points.musket_range)
            };
            (
                kind,
                measure::arc_tan(std::f64::consts::FRAC_PI_4),
                reach,
                square,
            )
        }
        What::Battery(b) => (
            Kind::Battery,
            measure::arc_tan(std::f64::consts::FRAC_PI_6),
            t.fire_points.battery_reach(b.fires_as()),
            false,
        ),
        What::Leader(_) | What::Company(_) => {
            return Err(no(R_FIRE, "leaders and engineers do not fire"))
        }
    };
    let out_of_reach = || {
        no(
            R_FIRE,
            "the target is not within the range and arc of its stands",
        )
    };
    // Every stand lies within the footprint: when the circles round the two footprints are
    // beyond reach of each other, no stand is within range.
    let tr = tb.radius();
    if fp.pose.pos.distance(tb.pose.pos) - fp.radius() - tr > reach + 1e-9 {
        return Err(out_of_reach());
    }
    let stands = match state.front(u) {
        Some(kept) => kept,
        None => front.get_or_init(|| front_stands(u, fp)),
    };
    let mut ranges: smallvec::SmallVec<[f64; 16]> = stands
        .iter()
        // A stand whose circle is beyond reach of the target's is out of range.
        .filter(|s| s.pose.pos.distance(tb.pose.pos) - s.radius() - tr <= reach + 1e-9)
        .filter(|s| all_round || measure::target_in_arc_tan(s, tb, tan))
        .map(|s| base_base(s, tb))
        .filter(|d| *d <= reach + 1e-9)
        .collect();
    if ranges.is_empty() {
        return Err(out_of_reach());
    }
    if !measure::sees(state, fp, target, tb, u.id) {
        return Err(no("NFF M&C 2", "the target cannot be seen from there"));
    }
    // Stands within musket range fire together; without any, the skirmishers do.
    let musket = t
        .fire_points
        .musket_range
        .max(t.fire_points.light_cavalry_range);
    if kind != Kind::Battery && ranges.iter().any(|d| *d <= musket + 1e-9) {
        ranges.retain(|d| *d <= musket + 1e-9);
    }
    let range = ranges.iter().cloned().fold(0.0, f64::max).max(0.0);
    let enfilade = aspect_of(tb, fp) != Aspect::Front;
    let (firers, disordered, irregular, square) = match &u.what {
        What::Brigade(b) => (
            Firers {
                kind,
                stands: ranges.len() as u32,
                class: b.class,
                two_rank: b.two_rank,
                skirmish: b.skirmish,
                enfilade,
                ..Firers::default()
            },
            b.disordered,
            b.irregular,
            b.formation == Formation::Square,
        ),
        What::Battery(b) => (
            Firers {
                kind,
                stands: 1,
                weight: b.fires_as(),
                quality: b.quality,
                enfilade,
                ..Firers::default()
            },
            false,
            false,
            false,
        ),
        What::Leader(_) | What::Company(_) => {
            unreachable!("leaders and engineers were refused above")
        }
    };
    let mut firers = vec![firers];
    let mut grand_battery = false;
    let mut commander_down = false;
    if let Some(gb) = u.battery().and_then(|b| b.grand_battery) {
        // The whole Grand Battery fires as one, each battery that reaches the target.
        grand_battery = true;
        commander_down = super::grand::commander_down(state, gb);
        for m in super::grand::members(state, gb).filter(|m| m.id != u.id) {
            let Some(mb) = m.battery() else { continue };
            let reach_m = t.fire_points.battery_reach(mb.fires_as());
            let mf = m.footprint();
            if measure::target_in_arc(&mf, tb, std::f64::consts::FRAC_PI_6)
                && base_base(&mf, tb) <= reach_m + 1e-9
            {
                firers.push(Firers {
                    kind: Kind::Battery,
                    stands: 1,
                    weight: mb.fires_as(),
                    quality: mb.quality,
                    enfilade: aspect_of(tb, &mf) != Aspect::Front,
                    ..Firers::default()
                });
            }
        }
    }
    let changing = match &target.what {
        What::Brigade(b) => b.marks.changing,
        What::Battery(b) => b.limbered,
        What::Leader(_) | What::Company(_) => false,
    };
    Ok(Situation {
        firers,
        range: (range * 10.0).ceil() / 10.0,
        square,
        grand_battery,
        commander_down,
        disordered,
        irregular,
        target: Target {
            formation: target
                .brigade()
                .map_or(Formation::SingleEchelon, |b| b.formation),
            skirmish: target
                .brigade()
                .map_or(crate::facts::Skirmish::None, |b| b.skirmish),
            changing,
            cover: cover(state, target),
        },
    })
}

pub fn check(
    state: &State,
    side: Side,
    unit: UnitId,
    target: UnitId,
) -> Result<Situation, Illegal> {
    let u = state
        .units()
        .get(usize::from(unit))
        .ok_or_else(|| no(R_FIRE, "no such unit"))?;
    if u.side != side || u.gone {
        return Err(no(
            R_FIRE,
            "that is not one of the side's units on the field",
        ));
    }
    may_fire(state, u)?;
    let t = state
        .units()
        .get(usize::from(target))
        .ok_or_else(|| no(R_FIRE, "no such target"))?;
    situation(state, u, t)
}

pub fn perform(ctx: &mut Ctx, unit: UnitId, target: UnitId, sit: &Situation) {
    let mut rolls = Vec::new();
    let result = FireRoll.resolve(ctx.state.tables(), sit, ctx.dice, &mut rolls);
    ctx.emit(Event::Fired {
        unit,
        target,
        result,
        rolls,
    });
    // The rest of a Grand Battery fired in the same roll.
    if let Some(gb) = ctx.state.unit(unit).battery().and_then(|b| b.grand_battery) {
        let others: Vec<UnitId> = super::grand::members(ctx.state, gb)
            .filter(|m| m.id != unit)
            .map(|m| m.id)
            .collect();
        for m in others {
            ctx.emit(Event::Fired {
                unit: m,
                target,
                result: crate::tables::FireResult::default(),
                rolls: Vec::new(),
            });
        }
    }
    if result.stands > 0 {
        ctx.lose(target, result.stands, true, "lost to fire");
    }
    if result.disorder {
        ctx.disorder(target, "Disordered by fire");
    }
}

/// Pass-through fire (design 4.6, "NFF Charge 4c"): each unit of the other side that could
/// fire at the mover somewhere along its straight path, and that the mover does not end in
/// contact with (`skip`), fires at once where along the path its fire is heaviest, and so
/// does not fire in the next defensive fire. A unit always takes the shot (ruling R10).
pub fn pass_through(
    ctx: &mut Ctx,
    mover: UnitId,
    from: grognard_geometry::Pose,
    to: grognard_geometry::Pose,
    skip: &[UnitId],
) {
    let s = &*ctx.state;
    let m = s.unit(mover);
    let len = from.pos.distance(to.pos);
    if len < 0.25 {
        return;
    }
    let mut shots = Vec::new();
    let steps = (len / 0.5).ceil() as usize;
    for e in s.along(from.pos, to.pos, 16.0) {
        if e.side == m.side || skip.contains(&e.id) || !e.fights() {
            continue;
        }
        let fired = match &e.what {
            What::Brigade(b) => b.marks.fired || b.marks.fired_early,
            What::Battery(b) => b.fired || b.fired_early,
            What::Leader(_) | What::Company(_) => true,
        };
        if fired || may_fire(s, e).is_err() {
            continue;
        }
        // Where along the path (not at its end, in contact with its enemy) its fire is
        // heaviest.
        let mut best: Option<(f64, Situation)> = None;
        for k in 1..steps {
            let at = grognard_geometry::Pose::at(
                from.pos.lerp(to.pos, k as f64 / steps as f64),
                to.facing,
            );
            let mut ghost = m.clone();
            ghost.pose = at;
            if let Ok(sit) = situation(s, e, &ghost) {
                let p = crate::resolve::fire::points_total(s.tables(), &sit);
                if best.as_ref().is_none_or(|(b, _)| p > *b) {
                    best = Some((p, sit));
                }
            }
        }
        if let Some((_, sit)) = best {
            shots.push((e.id, sit));
        }
    }
    for (e, sit) in shots {
        if ctx.state.unit(mover).gone {
            return;
        }
        let mut rolls = Vec::new();
        let result = FireRoll.resolve(ctx.state.tables(), &sit, ctx.dice, &mut rolls);
        ctx.emit(Event::Fired {
            unit: e,
            target: mover,
            result,
            rolls,
        });
        if result.stands > 0 {
            ctx.lose(mover, result.stands, true, "lost to fire on the way");
        }
        if result.disorder {
            ctx.disorder(mover, "Disordered by fire on the way");
        }
    }
}

/// The enemies `u` may fire at now.
pub fn targets<'a>(state: &'a State, u: &'a Unit) -> impl Iterator<Item = &'a Unit> + 'a {
    // The firer measured and its front stands laid out once for every target weighed.
    let fp = state.print(u);
    let front = std::cell::OnceCell::new();
    let reach = TARGETS + fp.radius();
    state
        .near_side(u.side.other(), u.pose.pos, reach)
        .filter(move |t| situation_from(state, u, &fp, &front, t, &state.print(t)).is_ok())
}

/// Whether the side has a unit that may fire at something.
pub fn any(state: &State, side: Side) -> bool {
    measure::fighting(state, side)
        .any(|u| may_fire(state, u).is_ok() && targets(state, u).next().is_some())
}

/// Whether two units touch (a charge combat's contact).
pub fn touching(a: &Unit, b: &Unit) -> bool {
    base_base(&a.footprint(), &b.footprint()) <= TOUCH * 2.0
}
