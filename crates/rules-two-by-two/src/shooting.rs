//! Shooting ("2x2 Artillery & small-arms fire", "Shooting ranges", "Shooting modifiers",
//! "Resolving shooting", "Defensive fire against contact"; optional "Grand Battery").
//!
//! Prediction and execution share one path: [`plan`] works out who may fire at whom and
//! every modifier; [`resolve`] turns a plan and dice into a result; [`odds`] walks every
//! face of the die through the same code.

use crate::measure::{self, sight_blocked};
use crate::state::{ShotResult, State, Status, Unit, UnitId};
use crate::units::{Size, UnitType};
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::{Dice, Illegal};
use grognard_geometry::aspect::sector_of_point;
use grognard_geometry::Face;

pub const RULE: &str = "2x2 Resolving shooting";
const R_FIRE: &str = "2x2 Artillery & small-arms fire";
const R_RANGE: &str = "2x2 Shooting ranges";
const R_LOS: &str = "2x2 Shooting line of sight";

/// A shot ready to roll.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotPlan {
    pub shooter: UnitId,
    pub with: Option<UnitId>,
    pub target: UnitId,
    /// The target group (the target alone, or every charger from the same aspect).
    pub group: Vec<UnitId>,
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
        return Err(Illegal::new(
            R_RANGE,
            format!("{} may not shoot", shooter.kind.name()),
        ));
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

/// Work out a shot, or why it may not be taken.
pub fn plan(
    state: &State,
    shooter: UnitId,
    target: UnitId,
    with: Option<UnitId>,
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
    let group = target_group(state, s, target);
    let (max, band) = f.tables.range(s.kind).expect("may_fire checked the type");
    let sb = s.base();
    let tb = t.base();
    // The target's aspect decides the face shot from, and range is measured from that face's
    // centre ("2x2 Measuring ranges", Plate III; rulings R2, R3).
    let face = sector_of_point(&sb, tb.pose.pos);
    let range = grognard_geometry::distance::point_base(sb.face_centre(face), &tb);
    if range > max + 1e-9 {
        return Err(Illegal::new(
            R_RANGE,
            format!(
                "{} is {range:.2}\" away; {} reaches {max}\"",
                state.name(target),
                s.kind.name()
            ),
        ));
    }
    if let Some(why) = sight_blocked(state, s, t, &group) {
        return Err(Illegal::new(R_LOS, why));
    }
    let mut m = Vec::new();
    if let Some(normal) = band {
        if range <= tables.short_range + 1e-9 {
            m.push(Modifier::new(
                tables.short_range_bonus,
                "artillery at short range",
            ));
        } else if range > normal + 1e-9 {
            m.push(Modifier::new(tables.long_range, "artillery at long range"));
        }
    }
    if face != Face::Front {
        m.push(Modifier::new(
            tables.out_of_flank_or_rear,
            "shooting out of flank or rear",
        ));
    }
    let all = |pred: &dyn Fn(&Unit) -> bool| group.iter().all(|id| pred(state.unit(*id)));
    if all(&|u| u.kind.is_cavalry()) {
        m.push(Modifier::new(tables.target_cavalry, "target is cavalry"));
    }
    if all(&|u| {
        u.kind.is_infantry()
            && (measure::in_town(state, u) || measure::behind_hedge_or_wall(state, s, u))
    }) {
        m.push(Modifier::new(
            tables.target_in_cover,
            "target is infantry in cover",
        ));
    }
    if all(&|u| u.kind == UnitType::LightInfantry && measure::in_dense_wood(state, u)) {
        m.push(Modifier::new(
            tables.target_light_infantry_in_dense_wood,
            "target is light infantry in dense woods",
        ));
    }
    if measure::elevation(state, s) > measure::elevation(state, t) {
        m.push(Modifier::new(
            tables.target_downhill,
            "target is downhill of the shooter",
        ));
    }
    if all(&|u| u.status == Status::Disrupted) {
        m.push(Modifier::new(
            tables.target_disrupted,
            "target is Disrupted",
        ));
    }
    if !f.options.multi_corps_hq && measure::hq_in_contact(state, s).is_some() {
        m.push(Modifier::new(
            tables.hq_in_contact,
            "HQ in base-to-base contact with the firer",
        ));
    }
    if s.kind.small_arms() && s.status == Status::Ready && !measure::in_light_wood(state, s) {
        m.push(Modifier::new(tables.first_volley, "first volley"));
    }
    let target_face = sector_of_point(&tb, sb.pose.pos);
    if target_face != Face::Front {
        m.push(Modifier::new(
            tables.target_fired_on_flank,
            "target is fired on in flank or rear",
        ));
    }
    if s.kind.size_counts_for_fire() {
        match s.size {
            Size::Large => m.push(Modifier::new(tables.large, "firer is Large")),
            Size::Small => m.push(Modifier::new(tables.small, "firer is Small")),
            Size::Common => {}
        }
    }
    if s.kind == UnitType::IrregularShooters {
        m.push(Modifier::new(
            tables.irregular_shooters,
            "irregular shooters",
        ));
    }
    if f.options.light_woods
        && (measure::in_light_wood(state, s) || measure::in_light_wood(state, t))
    {
        m.push(Modifier::new(
            tables.light_wood,
            "shooting into or out of light woods",
        ));
    }
    if let Some(w) = with {
        grand_battery(state, s, w, target)?;
        m.push(Modifier::new(tables.grand_battery, "grand battery"));
    }
    Ok(ShotPlan {
        shooter,
        with,
        target,
        group,
        modifiers: m,
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

/// The result of a modified roll ("2x2 Resolving shooting").
pub fn result_of(state: &State, total: i32) -> ShotResult {
    let t = &state.field.tables.shooting;
    if total >= t.destroyed_at {
        ShotResult::Destroyed
    } else if total >= t.routs_at {
        ShotResult::Routs
    } else if total >= t.disrupted_at {
        ShotResult::Disrupted
    } else if total >= t.pinned_at {
        ShotResult::Pinned
    } else {
        ShotResult::NoEffect
    }
}

fn row(total: i32, state: &State) -> String {
    let t = &state.field.tables.shooting;
    if total >= t.destroyed_at {
        format!("{}+", t.destroyed_at)
    } else if total < t.pinned_at {
        format!("{} or less", t.pinned_at - 1)
    } else {
        total.to_string()
    }
}

/// Roll a planned shot.
pub fn resolve(state: &State, plan: &ShotPlan, dice: &mut dyn Dice) -> (Explanation, ShotResult) {
    let mut e = Explanation::new(RULE);
    e.dice = vec![dice.roll(6, "shooting")];
    e.modifiers = plan.modifiers.clone();
    let total = e.tally();
    let result = result_of(state, total);
    e.row = row(total, state).into();
    e.result = result.name().into();
    (e, result)
}

/// The effect a result has on a particular unit: light infantry takes any shooting result
/// as Pinned ("2x2 The Units: Light Infantry").
pub fn effect_on(unit: &Unit, result: ShotResult) -> ShotResult {
    if unit.kind == UnitType::LightInfantry && result != ShotResult::NoEffect {
        ShotResult::Pinned
    } else {
        result
    }
}

/// Exact odds of each result of a planned shot.
pub fn odds(state: &State, plan: &ShotPlan) -> Distribution<ShotResult> {
    // The same die and table as `resolve`, without building the explanation.
    let sum: i32 = plan.modifiers.iter().map(|m| m.value).sum();
    distribution(1, |d| result_of(state, d.roll(6, "shooting") as i32 + sum))
}
