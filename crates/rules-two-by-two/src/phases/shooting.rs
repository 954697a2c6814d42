//! Shooting ("2x2 Artillery & small-arms fire", "Shooting ranges", "Shooting modifiers",
//! "Resolving shooting", "Defensive fire against contact"; optional "Grand Battery").
//!
//! Prediction and execution share one path: [`plan`] works out who may fire at whom and
//! every modifier; [`resolve`] turns a plan and dice into a result; [`odds`] walks every
//! face of the die through the same code. The roll itself (its situation, modifiers and
//! throw) is `resolve/shooting.rs`'s.

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::{Cause, Event};
use crate::measure::{self, sight_blocked};
use crate::phases::rout::RoutPath;
use crate::resolve::facts::UnitFacts;
use crate::resolve::shooting::R_RANGE;
pub use crate::resolve::shooting::{
    effect_of, effects, exact, follow, modifier_sum, modifiers, problems, result_of, roll, Fate,
    RangeBand, Shot, Situation, RULE,
};
use crate::state::Pending;
use crate::state::{ShotResult, State, Status, Unit, UnitId};
use crate::units::UnitType;
use grognard_engine::dice::Distribution;
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::{Dice, Illegal};
use grognard_geometry::aspect::sector_of_point;
use grognard_geometry::Face;
use grognard_geometry::{Base, Pose};

const R_FIRE: &str = "2x2 Artillery & small-arms fire";
const R_LOS: &str = "2x2 Shooting line of sight";

/// A shot ready to roll.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotPlan {
    pub shooter: UnitId,
    pub with: Option<UnitId>,
    pub target: UnitId,
    /// The target group (the target alone, or every charger from the same aspect).
    pub group: Vec<UnitId>,
    /// The facts of the shot, as a player at the table states them.
    pub situation: Situation,
    pub modifiers: Vec<Modifier>,
    pub range: f64,
}

/// The target group of a shot at `target` ("2x2 Artillery & small-arms fire"): units that
/// moved into contact with the firer from the same aspect count as one target.
pub fn target_group(state: &State, shooter: &Unit, target: UnitId) -> Vec<UnitId> {
    let charged_by = |id: UnitId| {
        state
            .contacts
            .iter()
            .any(|c| c.defender == shooter.id && c.attacker == id)
    };
    if !charged_by(target) {
        return vec![target];
    }
    let sb = shooter.base();
    let face = sector_of_point(&sb, state.unit(target).pose.pos);
    let mut group: Vec<UnitId> = state
        .contacts
        .iter()
        .filter(|c| c.defender == shooter.id)
        .map(|c| c.attacker)
        .filter(|id| sector_of_point(&sb, state.unit(*id).pose.pos) == face)
        .collect();
    group.sort_unstable();
    group.dedup();
    group
}

/// May `shooter` fire now at all?
pub fn may_fire(state: &State, shooter: &Unit) -> Result<(), Illegal> {
    if !shooter.on_table() {
        return Err(Illegal::new(R_FIRE, "the unit is not on the table"));
    }
    if !shooter.kind.can_shoot() {
        return Err(Illegal::new(R_RANGE, cannot_shoot(shooter.kind)));
    }
    if shooter.status == Status::Disrupted {
        return Err(Illegal::new(
            "2x2 Effects: Disrupted",
            "a Disrupted unit may not fire",
        ));
    }
    if shooter.fired {
        return Err(Illegal::new(
            R_FIRE,
            "a unit may shoot only once in its turn",
        ));
    }
    if measure::hidden_in_wood(state, shooter) {
        return Err(Illegal::new(
            "2x2 Visibility at the wood edge",
            "light infantry more than 1\" inside dense woods cannot fire out",
        ));
    }
    Ok(())
}

/// Why a unit of a type that never shoots may not ("its name may not shoot"), written once
/// for each type rather than at every question.
fn cannot_shoot(kind: UnitType) -> &'static str {
    match kind {
        UnitType::Hq => "HQ may not shoot",
        UnitType::HeavyCavalry => "Heavy Cavalry may not shoot",
        UnitType::LightCavalry => "Light Cavalry may not shoot",
        UnitType::IrregularWarband => "Irregular Warband may not shoot",
        UnitType::IrregularCavalry => "Irregular Cavalry may not shoot",
        UnitType::Lancers => "Lancers may not shoot",
        _ => "the unit may not shoot",
    }
}

/// Work out a shot, or why it may not be taken.
pub fn plan(
    state: &State,
    shooter: UnitId,
    target: UnitId,
    with: Option<UnitId>,
) -> Result<ShotPlan, Illegal> {
    plan_with(state, shooter, target, with, false)
}

/// [`plan`] for a caller that only asks whether the shot may be taken: a shot out of range
/// or out of sight is refused without its reason written out.
pub fn plan_quietly(
    state: &State,
    shooter: UnitId,
    target: UnitId,
    with: Option<UnitId>,
) -> Result<ShotPlan, Illegal> {
    plan_with(state, shooter, target, with, true)
}

fn plan_with(
    state: &State,
    shooter: UnitId,
    target: UnitId,
    with: Option<UnitId>,
    quietly: bool,
) -> Result<ShotPlan, Illegal> {
    let s = state.unit(shooter);
    let t = state.unit(target);
    let f = &state.field;
    let tables = &f.tables.shooting;
    may_fire(state, s)?;
    if !t.on_table() || t.side == s.side {
        return Err(Illegal::new(
            R_FIRE,
            "the target must be an enemy unit on the table",
        ));
    }
    if measure::hidden_in_wood(state, t) {
        return Err(Illegal::new(
            "2x2 Visibility at the wood edge",
            "light infantry more than 1\" inside dense woods cannot be seen",
        ));
    }
    let (max, band) = f.tables.range(s.kind).expect("may_fire checked the type");
    let sb = s.base();
    let tb = t.base();
    // The target's aspect decides the face shot from, and range is measured from that face's
    // centre ("2x2 Measuring ranges", Plate III; rulings R2, R3).
    let face = sector_of_point(&sb, tb.pose.pos);
    let range = grognard_geometry::distance::point_base(sb.face_centre(face), &tb);
    let refused =
        |rule: &'static str, why: &dyn Fn() -> String| Illegal::unless_quiet(quietly, rule, why);
    if range > max + 1e-9 {
        return Err(refused(R_RANGE, &|| {
            format!(
                "{} is {range:.2}\" away; {} reaches {max}\"",
                state.name(target),
                s.kind.name()
            )
        }));
    }
    // The group is gathered only for a target in range.
    let group = target_group(state, s, target);
    if let Some(blocker) = sight_blocked(state, s, t, &group) {
        return Err(refused(R_LOS, &|| blocker.why(state)));
    }
    let all = |pred: &dyn Fn(&Unit) -> bool| group.iter().all(|id| pred(state.unit(*id)));
    let range_band = band.map(|normal| {
        if range <= tables.short_range + 1e-9 {
            RangeBand::Short
        } else if range > normal + 1e-9 {
            RangeBand::Long
        } else {
            RangeBand::Normal
        }
    });
    if let Some(w) = with {
        grand_battery(state, s, w, target)?;
    }
    let situation = Situation {
        shooter: UnitFacts::of(s),
        target: UnitFacts::of(t),
        group: group
            .iter()
            .filter(|id| **id != target)
            .map(|id| UnitFacts::of(state.unit(*id)))
            .collect(),
        range: range_band,
        out_of_flank_or_rear: face != Face::Front,
        on_target_flank: sector_of_point(&tb, sb.pose.pos) != Face::Front,
        // Cover counts for infantry only, and dense woods for light infantry only: each is
        // looked for only where it could count.
        cover: all(&|u| u.kind.is_infantry())
            && all(&|u| measure::in_town(state, u) || measure::behind_hedge_or_wall(state, s, u)),
        dense_woods: all(&|u| u.kind == UnitType::LightInfantry)
            && all(&|u| measure::in_dense_wood(state, u)),
        downhill: measure::elevation(state, s) > measure::elevation(state, t),
        hq_in_contact: measure::hq_in_contact(state, s).is_some(),
        multi_corps_hqs: f.options.multi_corps_hq,
        shooter_in_light_woods: measure::in_light_wood(state, s),
        target_in_light_woods: measure::in_light_wood(state, t),
        grand_battery: with.is_some(),
        target_rout: RoutPath::Clear,
    };
    let modifiers = modifiers(tables, &situation);
    Ok(ShotPlan {
        shooter,
        with,
        target,
        group,
        situation,
        modifiers,
        range,
    })
}

fn grand_battery(state: &State, s: &Unit, w: UnitId, target: UnitId) -> Result<(), Illegal> {
    const R: &str = "2x2 Grand Battery";
    if !state.field.options.grand_battery {
        return Err(Illegal::new(R, "the Grand Battery rule is not in use"));
    }
    let p = state.unit(w);
    if w == s.id || p.side != s.side || !s.kind.is_artillery() || !p.kind.is_artillery() {
        return Err(Illegal::new(
            R,
            "a grand battery is two friendly artillery units",
        ));
    }
    if !measure::touching(&s.base(), &p.base()) {
        return Err(Illegal::new(
            R,
            "the two batteries must be in base-to-base contact",
        ));
    }
    plan(state, w, target, None)
        .map_err(|e| Illegal::new(R, format!("the second battery cannot shoot: {}", e.reason)))?;
    Ok(())
}

/// Roll a planned shot.
pub fn resolve(state: &State, plan: &ShotPlan, dice: &mut dyn Dice) -> (Explanation, ShotResult) {
    roll(&state.field.tables.shooting, &plan.situation, dice)
}

/// The effect a result has on a particular unit.
pub fn effect_on(unit: &Unit, result: ShotResult) -> ShotResult {
    effect_of(unit.kind, result)
}

/// Exact odds of each result of a planned shot.
pub fn odds(state: &State, plan: &ShotPlan) -> Distribution<ShotResult> {
    // The same die and table as `roll`, without building the explanation.
    let sum: i32 = plan.modifiers.iter().map(|m| m.value).sum();
    let t = &state.field.tables.shooting;
    Distribution::of_throws(&[6], |d| result_of(t, d[0] as i32 + sum))
}

pub(crate) fn fire(
    ctx: &mut Ctx,
    shooter: UnitId,
    target: UnitId,
    with: Option<UnitId>,
    planned: Option<ShotPlan>,
) {
    let plan = planned.unwrap_or_else(|| plan(ctx.state, shooter, target, with).expect("checked"));
    let (roll, result) = resolve(ctx.state, &plan, ctx.dice);
    ctx.emit(Event::Fired {
        shooter,
        with,
        target,
        group: plan.group.clone(),
        roll: Box::new(roll),
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
pub(crate) fn hit(ctx: &mut Ctx, shooter: UnitId, victim: UnitId, result: ShotResult) {
    let v = ctx.state.unit(victim).clone();
    let effect = effect_on(&v, result);
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
pub(crate) fn repulse_pose(state: &State, id: UnitId) -> Pose {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_that_never_shoots_is_named_in_its_refusal() {
        for kind in UnitType::ALL.into_iter().filter(|k| !k.can_shoot()) {
            assert_eq!(
                cannot_shoot(kind),
                format!("{} may not shoot", kind.name()),
                "{kind:?}"
            );
        }
    }
}
