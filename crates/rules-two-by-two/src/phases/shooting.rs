//! Shooting ("2x2 Artillery & small-arms fire", "Shooting ranges", "Shooting modifiers",
//! "Resolving shooting", "Defensive fire against contact"; optional "Grand Battery").
//!
//! Prediction and execution share one path: [`plan`] works out who may fire at whom and
//! every modifier; [`resolve`] turns a plan and dice into a result; [`odds`] walks every
//! face of the die through the same code.

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::{Cause, Event};
use crate::measure::{self, sight_blocked};
use crate::phases::rout::{RoutEnd, RoutPath};
use crate::resolve::facts::{Condition, UnitFacts};
use crate::state::Pending;
use crate::state::{ShotResult, State, Status, Unit, UnitId};
use crate::tables::Shooting;
use crate::units::{Size, UnitType};
use grognard_engine::dice::Distribution;
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::files::Problem;
use grognard_engine::{Dice, Illegal};
use grognard_geometry::aspect::sector_of_point;
use grognard_geometry::Face;
use grognard_geometry::{Base, Pose};
use serde::{Deserialize, Serialize};

pub const RULE: &str = "2x2 Resolving shooting";
const R_FIRE: &str = "2x2 Artillery & small-arms fire";
const R_RANGE: &str = "2x2 Shooting ranges";
const R_LOS: &str = "2x2 Shooting line of sight";
/// The most other units a target group may name: more bases than this cannot touch one
/// aspect of a 1" x 1/2" base.
const MAX_GROUP: usize = 8;

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

/// An artillery shot's range band ("2x2 Shooting ranges", "Shooting modifiers", ruling R5).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum RangeBand {
    /// 1" or less: +1.
    Short,
    /// Within the first range (3" foot, 2" horse artillery): no modifier.
    #[default]
    Normal,
    /// Beyond it, up to 8" (foot) or 5" (horse): -1.
    Long,
}

/// What a shot depends on, as a player at the table states it ("2x2 Artillery & small-arms
/// fire", "Shooting modifiers", "Resolving shooting"; optional "Grand Battery", "Light Woods /
/// Orchards", "Multi-Corps HQs"). Range, line of sight and aspects are measured on the table;
/// here they are stated.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The unit that fires: infantry that shoots (small arms) or artillery; never Disrupted.
    pub shooter: UnitFacts,
    /// The unit shot at, which takes the result. In a target group, the unit of the group the
    /// shooter's player gives the result to.
    pub target: UnitFacts,
    /// The other units of a target group: units that contacted the shooter from the same
    /// aspect as the target. Target-type modifiers (cavalry, cover, light infantry in dense
    /// woods, Disrupted) count only if every unit of the group qualifies (ruling R8).
    pub group: Vec<UnitFacts>,
    /// Artillery only: the range band, short (1" or less, +1), normal or long (-1). Leave it
    /// out for small arms. Left out for artillery, it is normal, or short in defensive fire.
    pub range: Option<RangeBand>,
    /// The target lies off the shooter's front, so it fires out of a flank or its rear (-2).
    pub out_of_flank_or_rear: bool,
    /// The shooter stands off the target's front, in its flank or rear (+1, ruling R6).
    pub on_target_flank: bool,
    /// The target (every unit of its group) is in a town or behind a hedge or wall within 1"
    /// of it (-1; counts for infantry only, never for woods; ruling R7).
    pub cover: bool,
    /// The target (every unit of its group) is in dense woods (-1; counts for light infantry
    /// only).
    pub dense_woods: bool,
    /// The target stands lower than the shooter, downhill of it (+1).
    pub downhill: bool,
    /// A friendly HQ touches the shooter, base to base (+1).
    pub hq_in_contact: bool,
    /// The optional "Multi-Corps HQs" rule is in use: an HQ touching the shooter adds nothing.
    pub multi_corps_hqs: bool,
    /// Optional "Light Woods / Orchards": the shooter stands in light woods (-1, and no first
    /// volley).
    pub shooter_in_light_woods: bool,
    /// Optional "Light Woods / Orchards": the target stands in light woods (-1).
    pub target_in_light_woods: bool,
    /// Optional "Grand Battery": a second battery touching the shooter, able to shoot the same
    /// target, fires with it as one shot (+1). The shooter must be artillery.
    pub grand_battery: bool,
    /// If the target routs and survives its rout roll, what its rout move meets on the way its
    /// player takes (straight back, or directly away from the shooter): the table decides it,
    /// so state it as you see it.
    pub target_rout: RoutPath,
}

/// Every modifier of a shot, in the order the explanation lists them, handed to `f` with
/// its reason ("2x2 Shooting modifiers"; optional "Grand Battery", "Light Woods / Orchards",
/// "Multi-Corps HQs", "Irregular Shooters").
fn each_modifier(t: &Shooting, s: &Situation, mut f: impl FnMut(i32, &'static str)) {
    let sh = &s.shooter;
    if sh.kind.is_artillery() {
        match s.range.unwrap_or_default() {
            RangeBand::Short => f(t.short_range_bonus, "artillery at short range"),
            RangeBand::Long => f(t.long_range, "artillery at long range"),
            RangeBand::Normal => {}
        }
    }
    if s.out_of_flank_or_rear {
        f(t.out_of_flank_or_rear, "shooting out of flank or rear");
    }
    let all = |pred: &dyn Fn(&UnitFacts) -> bool| pred(&s.target) && s.group.iter().all(pred);
    if all(&|u| u.kind.is_cavalry()) {
        f(t.target_cavalry, "target is cavalry");
    }
    if s.cover && all(&|u| u.kind.is_infantry()) {
        f(t.target_in_cover, "target is infantry in cover");
    }
    if s.dense_woods && all(&|u| u.kind == UnitType::LightInfantry) {
        f(
            t.target_light_infantry_in_dense_wood,
            "target is light infantry in dense woods",
        );
    }
    if s.downhill {
        f(t.target_downhill, "target is downhill of the shooter");
    }
    if all(&|u| u.status == Condition::Disrupted) {
        f(t.target_disrupted, "target is Disrupted");
    }
    if !s.multi_corps_hqs && s.hq_in_contact {
        f(t.hq_in_contact, "HQ in base-to-base contact with the firer");
    }
    if sh.kind.small_arms() && sh.status == Condition::Ready && !s.shooter_in_light_woods {
        f(t.first_volley, "first volley");
    }
    if s.on_target_flank {
        f(
            t.target_fired_on_flank,
            "target is fired on in flank or rear",
        );
    }
    if sh.kind.size_counts_for_fire() {
        match sh.size {
            Size::Large => f(t.large, "firer is Large"),
            Size::Small => f(t.small, "firer is Small"),
            Size::Common => {}
        }
    }
    if sh.kind == UnitType::IrregularShooters {
        f(t.irregular_shooters, "irregular shooters");
    }
    if s.shooter_in_light_woods || s.target_in_light_woods {
        f(t.light_wood, "shooting into or out of light woods");
    }
    if s.grand_battery {
        f(t.grand_battery, "grand battery");
    }
}

/// The modifiers of a shot ("2x2 Shooting modifiers").
pub fn modifiers(t: &Shooting, s: &Situation) -> Vec<Modifier> {
    let mut m = Vec::new();
    each_modifier(t, s, |v, why| m.push(Modifier::new(v, why)));
    m
}

/// The sum of a shot's modifiers.
pub fn modifier_sum(t: &Shooting, s: &Situation) -> i32 {
    let mut sum = 0;
    each_modifier(t, s, |v, _| sum += v);
    sum
}

/// What the book forbids in a shot's facts, each named by its fact. `defensive`: the target
/// is a unit that contacted the shooter, which artillery fires at at short range.
pub fn problems(s: &Situation, defensive: bool) -> Vec<Problem> {
    let mut p = Vec::new();
    let sh = &s.shooter;
    if !sh.kind.can_shoot() {
        p.push(Problem::new(
            "shooter.kind",
            format!("{} may not shoot (\"{R_RANGE}\")", sh.kind.name()),
            "name a unit that fires: infantry with small arms, or artillery",
        ));
    }
    if sh.status == Condition::Disrupted {
        p.push(Problem::new(
            "shooter.status",
            "a Disrupted unit may not fire (\"2x2 Effects: Disrupted\")",
            "it must rally first; a Pinned unit may fire",
        ));
    }
    match s.range {
        Some(_) if !sh.kind.is_artillery() => p.push(Problem::new(
            "range",
            "range bands are for artillery: small arms reach 1\" and take no range modifier",
            "leave range out",
        )),
        Some(r) if defensive && r != RangeBand::Short => p.push(Problem::new(
            "range",
            "a battery fires at a unit touching it at short range (1\" or less)",
            "write range=short, or leave it out",
        )),
        _ => {}
    }
    if s.grand_battery && !sh.kind.is_artillery() {
        p.push(Problem::new(
            "grand_battery",
            "a grand battery is two batteries firing as one (\"2x2 Grand Battery\"); the shooter is not artillery",
            "name a foot or horse artillery shooter, or write grand_battery=no",
        ));
    }
    if s.group.len() > MAX_GROUP {
        p.push(Problem::new(
            "group",
            format!(
                "{} other units in a target group; at most {} can touch one aspect",
                s.group.len(),
                MAX_GROUP
            ),
            "list only the units that contacted the shooter from the target's aspect",
        ));
    }
    p
}

/// The result of a modified roll ("2x2 Resolving shooting").
pub fn result_of(t: &Shooting, total: i32) -> ShotResult {
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

fn row(t: &Shooting, total: i32) -> String {
    if total >= t.destroyed_at {
        format!("{}+", t.destroyed_at)
    } else if total < t.pinned_at {
        format!("{} or less", t.pinned_at - 1)
    } else {
        total.to_string()
    }
}

/// Roll a shot: the battle's and the table companion's one roll of "2x2 Resolving shooting".
pub fn roll(t: &Shooting, s: &Situation, dice: &mut dyn Dice) -> (Explanation, ShotResult) {
    let mut e = Explanation::new(RULE);
    e.dice = vec![dice.roll(6, "shooting")];
    e.modifiers = modifiers(t, s);
    let total = e.tally();
    let result = result_of(t, total);
    e.row = row(t, total).into();
    e.result = result.name().into();
    (e, result)
}

/// Roll a planned shot.
pub fn resolve(state: &State, plan: &ShotPlan, dice: &mut dyn Dice) -> (Explanation, ShotResult) {
    roll(&state.field.tables.shooting, &plan.situation, dice)
}

/// The effect a result has on a unit of this type: light infantry takes any shooting result
/// as Pinned ("2x2 The Units: Light Infantry", ruling R9).
pub fn effect_of(kind: UnitType, result: ShotResult) -> ShotResult {
    if kind == UnitType::LightInfantry && result != ShotResult::NoEffect {
        ShotResult::Pinned
    } else {
        result
    }
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

/// What a shot does to its target in the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    Untouched,
    /// It carries this marker, having carried `was` (a unit carries one marker, and Disrupted
    /// outranks Pinned, ruling R10).
    Marked {
        was: Condition,
        now: Condition,
    },
    Routed(RoutEnd),
    Destroyed,
}

impl Fate {
    pub fn destroyed(self) -> bool {
        matches!(
            self,
            Fate::Destroyed | Fate::Routed(RoutEnd::DestroyedOnRoll | RoutEnd::DestroyedOnMove(_))
        )
    }
}

/// A shot's final outcome: the target's fate, and for defensive fire whether the charger is
/// thrown back and its melee called off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shot {
    pub fate: Fate,
    pub thrown_back: bool,
}

impl std::fmt::Display for Shot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.fate {
            Fate::Untouched => write!(f, "no effect")?,
            Fate::Marked { was, now } if was == now => write!(f, "target stays {}", now.name())?,
            Fate::Marked { now, .. } => write!(f, "target {}", now.name())?,
            Fate::Routed(RoutEnd::DestroyedOnRoll) => {
                write!(f, "target routs and is destroyed on its rout roll")?
            }
            Fate::Routed(RoutEnd::DestroyedOnMove(p)) => write!(
                f,
                "target routs, survives its rout roll and is destroyed as its rout {}",
                p.ending()
            )?,
            Fate::Routed(RoutEnd::Survives) => {
                write!(f, "target routs, survives its rout roll and ends Disrupted")?
            }
            Fate::Destroyed => write!(f, "target destroyed")?,
        }
        if self.thrown_back {
            write!(f, ": thrown back, its melee off this turn")?;
        }
        Ok(())
    }
}

fn worse(a: Condition, b: Condition) -> Condition {
    let rank = |c: Condition| match c {
        Condition::Ready => 0,
        Condition::Pinned => 1,
        Condition::Disrupted => 2,
    };
    if rank(b) > rank(a) {
        b
    } else {
        a
    }
}

/// Where a result leaves the target before any rout roll: its marker, a rout to roll for,
/// or its end.
fn landing(s: &Situation, result: ShotResult) -> Option<Fate> {
    let was = s.target.status;
    match effect_of(s.target.kind, result) {
        ShotResult::NoEffect => Some(Fate::Untouched),
        ShotResult::Pinned => Some(Fate::Marked {
            was,
            now: worse(was, Condition::Pinned),
        }),
        ShotResult::Disrupted => Some(Fate::Marked {
            was,
            now: worse(was, Condition::Disrupted),
        }),
        ShotResult::Routs => None,
        ShotResult::Destroyed => Some(Fate::Destroyed),
    }
}

fn shot(fate: Fate, defensive: bool) -> Shot {
    Shot {
        fate,
        thrown_back: defensive && matches!(fate, Fate::Marked { .. }),
    }
}

/// Roll a shot and every roll it leads to (the target's rout roll), explaining each.
pub fn follow(
    t: &crate::tables::Tables,
    s: &Situation,
    defensive: bool,
    dice: &mut dyn Dice,
    rolls: &mut Vec<Explanation>,
) -> Shot {
    let (e, result) = roll(&t.shooting, s, dice);
    rolls.push(e);
    let fate = landing(s, result).unwrap_or_else(|| {
        let (e, survived) = crate::phases::rout::survival_roll(&t.arrival, false, dice);
        rolls.push(e);
        Fate::Routed(crate::phases::rout::end_of(survived, s.target_rout))
    });
    shot(fate, defensive)
}

/// The exact odds of every final outcome of a shot, counted: the die of the shot, then the
/// rout roll where the target routs.
pub fn exact(
    t: &crate::tables::Tables,
    s: &Situation,
    defensive: bool,
) -> grognard_engine::resolution::Exact<Shot> {
    use grognard_engine::resolution::Exact;
    let sum = modifier_sum(&t.shooting, s);
    let first = Exact::of_throws(&[6], |d| result_of(&t.shooting, d[0] as i32 + sum));
    first.then(|result| match landing(s, result) {
        Some(fate) => Exact {
            outcomes: vec![(
                shot(fate, defensive),
                grognard_engine::resolution::Chance::from_integer(1),
            )],
        },
        None => crate::phases::rout::survival_exact(&t.arrival).then(|survived| Exact {
            outcomes: vec![(
                shot(
                    Fate::Routed(crate::phases::rout::end_of(survived, s.target_rout)),
                    defensive,
                ),
                grognard_engine::resolution::Chance::from_integer(1),
            )],
        }),
    })
}

/// What a shot does to each unit, for the table companion: the shooter Pinned by firing
/// small arms, the target's new marker, or the target gone.
pub fn effects(s: &Situation, o: &Shot) -> Vec<grognard_engine::resolution::Effect> {
    use grognard_engine::resolution::Effect;
    let mut out = Vec::new();
    if s.shooter.kind.small_arms() && s.shooter.status == Condition::Ready {
        out.push(Effect::set(
            "shooter",
            serde_json::json!({"status": "pinned"}),
        ));
    }
    match o.fate {
        Fate::Marked { was, now } if was != now => {
            out.push(Effect::set("target", serde_json::json!({ "status": now })))
        }
        Fate::Routed(RoutEnd::Survives) => out.push(Effect::set(
            "target",
            serde_json::json!({"status": "disrupted"}),
        )),
        f if f.destroyed() => out.push(Effect::gone("target")),
        _ => {}
    }
    out
}

pub(crate) fn fire(ctx: &mut Ctx, shooter: UnitId, target: UnitId, with: Option<UnitId>) {
    let plan = plan(ctx.state, shooter, target, with).expect("checked");
    let (roll, result) = resolve(ctx.state, &plan, ctx.dice);
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
