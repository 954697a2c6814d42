//! The shooting roll ("2x2 Resolving shooting", "Shooting modifiers"; optional "Grand
//! Battery"), followed to the end: light infantry takes any result as Pinned, and a target
//! that routs throws its rout roll ("2x2 Effects: Routs"). The situation, its modifiers,
//! the throw and what follows it are here; the shooting phase (`phases/shooting.rs`) works
//! out the situation from the table and carries the result out.

use crate::resolve::facts::{Condition, UnitFacts};
use crate::resolve::rout_survival as rout;
use crate::resolve::rout_survival::{RoutEnd, RoutPath};
use crate::state::ShotResult;
use crate::tables::Shooting;
use crate::tables::Tables;
use crate::units::{Size, UnitType};
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Effect, Exact, Resolution};
use grognard_engine::Dice;
use serde::{Deserialize, Serialize};

pub(crate) const R_RANGE: &str = "2x2 Shooting ranges";
/// The most other units a target group may name: more bases than this cannot touch one
/// aspect of a 1" x 1/2" base.
pub(crate) const MAX_GROUP: usize = 8;

/// A shot at a unit that did not just contact the shooter (for that, `defensive_fire`).
pub struct ShootingRoll;

impl Resolution<Tables> for ShootingRoll {
    type Situation = Situation;
    type Outcome = Shot;

    fn about(&self) -> About {
        About {
            name: "shooting",
            title: "Shooting",
            section: RULE,
            modifiers: "2x2 Shooting modifiers",
            summary: "a unit fires at an enemy: no effect, Pinned, Disrupted, routs (then the \
                      target's rout roll) or destroyed",
            dice: "1d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        problems(s, false)
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        modifiers(&t.shooting, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Shot {
        follow(t, s, false, dice, rolls)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Shot> {
        exact(t, s, false)
    }

    fn counts(&self, o: &Shot) -> Vec<(&'static str, f64)> {
        vec![("units destroyed", f64::from(u8::from(o.fate.destroyed())))]
    }

    fn roles(&self) -> &'static [&'static str] {
        &["shooter", "target"]
    }

    fn effects(&self, s: &Situation, o: &Shot) -> Vec<Effect> {
        effects(s, o)
    }
}

pub const RULE: &str = "2x2 Resolving shooting";

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

/// The effect a result has on a unit of this type: light infantry takes any shooting result
/// as Pinned ("2x2 The Units: Light Infantry", ruling R9).
pub fn effect_of(kind: UnitType, result: ShotResult) -> ShotResult {
    if kind == UnitType::LightInfantry && result != ShotResult::NoEffect {
        ShotResult::Pinned
    } else {
        result
    }
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
        let (e, survived) = rout::survival_roll(&t.arrival, false, dice);
        rolls.push(e);
        Fate::Routed(rout::end_of(survived, s.target_rout))
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
        None => rout::survival_exact(&t.arrival).then(|survived| Exact {
            outcomes: vec![(
                shot(
                    Fate::Routed(rout::end_of(survived, s.target_rout)),
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
