//! Artillery fire ("NW 8.4", "NW Artillery Fire Points Table", "NW Fire Affects Table", "NW
//! Fire Modifiers"); the same roll serves for final fire at an attacker ("NW 8.5").

use super::{add, natural, roll_2d6};
use crate::design::army::Ordnance;
use crate::design::round::book_round;
use crate::levels::{Arm, GunWeight};
use crate::nation::Nation;
use crate::resolve::facts::UnitFacts;
use crate::tables::{Artillery, FireEffect, Tables};
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Effect, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

const RULE: &str = "NW 8.4 Resolving artillery fire";

/// One battery firing at the target.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Battery {
    pub weight: GunWeight,
    /// Range to the target in inches.
    pub range: f64,
    pub damaged: bool,
    pub suppressed: bool,
    /// British or French guns.
    pub british_french: bool,
    /// Russian heavy guns.
    pub russian_heavy: bool,
    /// Ottoman or Cossack guns.
    pub ottoman_cossack: bool,
    /// On a different elevation from the target.
    pub different_elevation: bool,
    /// Firing into the target's flank or rear.
    pub into_flank_or_rear: bool,
}

/// The target and the day.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub artillery: bool,
    pub soft_cover: bool,
    /// In a town or redoubt, or behind field works.
    pub hard_cover: bool,
    /// Behind works of any kind: the nations' bonuses do not apply ("NW 8.4").
    #[serde(default)]
    pub behind_works: bool,
    /// Fording, on a bridge, or moved by road in its last maneuver phase.
    pub vulnerable: bool,
    /// Rain, or mud on the ground.
    pub rain_or_mud: bool,
}

/// The fire points one battery brings ("NW 8.4"): its weight's points at the range, halved
/// when damaged and halved when suppressed; a damaged battery that is suppressed cannot fire.
pub fn battery_points(t: &Artillery, b: &Battery) -> Option<f64> {
    if b.damaged && b.suppressed {
        return None;
    }
    let mut p = t.points(b.weight, b.range)?;
    if b.damaged {
        p *= t.reduced_share;
    }
    if b.suppressed {
        p *= t.reduced_share;
    }
    Some(p)
}

/// The total fire points of a group of batteries on one target: summed, then rounded the
/// book's way, except that a lone half point keeps the table's "1/2" row (ruling N14).
pub fn total_points(t: &Artillery, batteries: &[Battery]) -> f64 {
    round_points(batteries.iter().filter_map(|b| battery_points(t, b)).sum())
}

/// A group's summed fire points rounded the book's way (ruling N14).
pub fn round_points(sum: f64) -> f64 {
    if (sum - 0.5).abs() < 1e-9 {
        0.5
    } else {
        book_round(sum) as f64
    }
}

/// Rolled fire points: `dice` d6 for a rocket battery each time it fires, halved as a gun
/// battery's are; `None` beyond the rockets' reach or when it cannot fire ("NW Optional
/// rules 4.0", ruling N33).
fn rocket_points(
    t: &Artillery,
    b: &Battery,
    dice_n: u8,
    dice: &mut dyn Dice,
) -> Option<(f64, Vec<u8>)> {
    if (b.damaged && b.suppressed) || b.range > t.rocket_reach + 1e-9 {
        return None;
    }
    let faces: Vec<u8> = (0..dice_n)
        .map(|_| dice.roll(6, "rocket fire points"))
        .collect();
    let mut p: f64 = faces.iter().map(|f| *f as f64).sum();
    if b.damaged {
        p *= t.reduced_share;
    }
    if b.suppressed {
        p *= t.reduced_share;
    }
    Some((p, faces))
}

/// The modifiers: each applies if any one of the batteries qualifies ("NW 8.4").
pub fn modifiers(t: &Artillery, batteries: &[Battery], target: &Target) -> Vec<Modifier> {
    let any = |f: fn(&Battery) -> bool| batteries.iter().any(f);
    let shielded = target.hard_cover || target.behind_works;
    let mut m = Vec::new();
    add(
        &mut m,
        !shielded && any(|b| b.british_french),
        t.british_french,
        "British or French artillery",
    );
    add(
        &mut m,
        !shielded && any(|b| b.russian_heavy),
        t.russian_heavy,
        "Russian heavy artillery",
    );
    let vulnerable = target.vulnerable || any(|b| b.into_flank_or_rear);
    add(&mut m, vulnerable, t.vulnerable, "target is vulnerable");
    add(
        &mut m,
        !shielded && any(|b| b.ottoman_cossack),
        t.ottoman_cossack,
        "Ottoman or Cossack artillery",
    );
    add(
        &mut m,
        target.soft_cover,
        t.soft_cover,
        "target in or behind soft cover",
    );
    add(&mut m, target.rain_or_mud, t.rain_or_mud, "rain or mud");
    add(
        &mut m,
        any(|b| b.different_elevation),
        t.different_elevation,
        "artillery and target on different elevations",
    );
    add(
        &mut m,
        target.artillery,
        t.target_artillery,
        "target is artillery",
    );
    add(
        &mut m,
        target.hard_cover,
        t.hard_cover,
        "target in or behind hard cover",
    );
    m
}

/// One resolved fire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fire {
    pub roll: Explanation,
    pub points: f64,
    pub effect: FireEffect,
    /// A natural 12: a general attached to the target is killed.
    pub general_killed: bool,
    /// The dice rolled for rocket batteries' fire points, if any fired.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rocket_dice: Vec<u8>,
}

/// What an effect does to the target ("NW Fire Effects").
pub fn effect_text(t: &Artillery, effect: FireEffect, artillery: bool) -> String {
    let [damaging, horrendous, destructive] = t.losses;
    match (effect, artillery) {
        (FireEffect::Desultory, _) => "no effect".into(),
        (FireEffect::Effective, false) => "disordered".into(),
        (FireEffect::Effective, true) => "suppressed".into(),
        (FireEffect::Damaging, false) => format!("loses {damaging} s.p. and is disordered"),
        (FireEffect::Damaging, true) => "driven back a full move and suppressed".into(),
        (FireEffect::Horrendous, false) => format!(
            "loses {horrendous} s.p., is disordered and retreats {}\"",
            t.horrendous_retreat
        ),
        (FireEffect::Horrendous, true) => "damaged and retreats a full move".into(),
        (FireEffect::Destructive, false) => {
            format!("loses {destructive} s.p., is disordered and retreats a full move")
        }
        (FireEffect::Destructive, true) => "destroyed".into(),
    }
}

/// Resolve fire by `batteries` on `target`; `None` if none of them can fire on it.
pub fn resolve(
    t: &Artillery,
    batteries: &[Battery],
    target: &Target,
    dice: &mut dyn Dice,
) -> Option<Fire> {
    resolve_rolled(t, batteries, &[], target, dice)
}

/// Resolve fire by `batteries` on `target`, where `rocket_dice[i]` (if given and not 0) says
/// battery `i` is a rocket battery rolling that many d6 for its fire points ("NW Optional
/// rules 4.0"): those dice are rolled first, then the fire roll.
pub fn resolve_rolled(
    t: &Artillery,
    batteries: &[Battery],
    rocket_dice: &[u8],
    target: &Target,
    dice: &mut dyn Dice,
) -> Option<Fire> {
    let mut sum = 0.0;
    let mut rolled = Vec::new();
    for (i, b) in batteries.iter().enumerate() {
        match rocket_dice.get(i).copied().unwrap_or(0) {
            0 => sum += battery_points(t, b).unwrap_or(0.0),
            n => {
                if let Some((p, faces)) = rocket_points(t, b, n, dice) {
                    sum += p;
                    rolled.extend(faces);
                }
            }
        }
    }
    let points = round_points(sum);
    let row = *t.row(points)?;
    let mut roll = roll_2d6(
        dice,
        RULE,
        "artillery fire",
        modifiers(t, batteries, target),
    );
    let effect = t.effect(&row, roll.total);
    roll.row = format!(
        "{} fire points, roll {}",
        fmt_points(row.points, points),
        roll.total
    )
    .into();
    roll.result = format!(
        "{}: {}",
        effect.name(),
        effect_text(t, effect, target.artillery)
    )
    .into();
    let general_killed = natural(&roll) == t.general_killed_on as i32;
    Some(Fire {
        roll,
        points,
        effect,
        general_killed,
        rocket_dice: rolled,
    })
}

fn fmt_points(_row: f64, points: f64) -> String {
    if points == 0.5 {
        "1/2".into()
    } else {
        format!("{points}")
    }
}

/// Exact odds of each effect with rocket batteries among the guns: the rolled fire points
/// are part of the distribution. `None` when no battery can fire at all.
pub fn odds_rolled(
    t: &Artillery,
    batteries: &[Battery],
    rocket_dice: &[u8],
    target: &Target,
) -> Option<Distribution<Option<FireEffect>>> {
    if rocket_dice.iter().all(|n| *n == 0) {
        return odds_guns(t, batteries, target);
    }
    let depth = 2 + rocket_dice.iter().map(|n| *n as usize).sum::<usize>();
    let d = distribution(depth, |d| {
        resolve_rolled(t, batteries, rocket_dice, target, d).map(|f| f.effect)
    });
    d.outcomes.iter().any(|(o, _)| o.is_some()).then_some(d)
}

/// [`odds_rolled`] with guns alone: the fire points are fixed, so the modifiers are summed
/// once and the 36 throws counted directly (`guns_odds_walk` in the tests checks this
/// against resolving every throw).
fn odds_guns(
    t: &Artillery,
    batteries: &[Battery],
    target: &Target,
) -> Option<Distribution<Option<FireEffect>>> {
    let sum: f64 = batteries
        .iter()
        .map(|b| battery_points(t, b).unwrap_or(0.0))
        .sum();
    let row = *t.row(round_points(sum))?;
    let m: i32 = modifiers(t, batteries, target)
        .iter()
        .map(|m| m.value)
        .sum();
    Some(Distribution::of_throws(&[6, 6], |d| {
        Some(t.effect(&row, d[0] as i32 + d[1] as i32 + m))
    }))
}

/// Exact odds of each effect.
pub fn odds(
    t: &Artillery,
    batteries: &[Battery],
    target: &Target,
) -> Option<Distribution<FireEffect>> {
    t.row(total_points(t, batteries))?;
    Some(distribution(2, |d| {
        resolve(t, batteries, target, d)
            .map(|f| f.effect)
            .unwrap_or(FireEffect::Desultory)
    }))
}

/// Read a battery's facts, which are a battery's unless they say otherwise: `arm` defaults
/// to artillery here, so that `battery.damaged=yes` alone describes a damaged battery.
pub fn as_battery<'de, D: serde::Deserializer<'de>>(d: D) -> Result<UnitFacts, D::Error> {
    grognard_engine::files::with_default_key(d, "arm", "artillery")
}

/// A range band of the fire points table ("NW Artillery Fire Points Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    /// Canister range: out to 3" (light), 4" (medium), 5" (heavy).
    Canister,
    /// Medium range: out to 6", 8", 10".
    Medium,
    /// Long range: out to 9", 12", 16".
    Long,
}

/// How far a battery fires: inches (`range=7.5`) or the band they fall in (`range=long`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum Range {
    /// Inches from the battery to the nearest part of the target.
    Inches(f64),
    /// A range band.
    Band(Band),
}

impl<'de> Deserialize<'de> for Range {
    /// A number is inches, a word a band; read without buffering, as an untagged enum would.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Either;
        impl serde::de::Visitor<'_> for Either {
            type Value = Range;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("inches, or a band: canister, medium or long")
            }
            fn visit_f64<E: serde::de::Error>(self, x: f64) -> Result<Range, E> {
                Ok(Range::Inches(x))
            }
            fn visit_u64<E: serde::de::Error>(self, x: u64) -> Result<Range, E> {
                Ok(Range::Inches(x as f64))
            }
            fn visit_i64<E: serde::de::Error>(self, x: i64) -> Result<Range, E> {
                Ok(Range::Inches(x as f64))
            }
            fn visit_str<E: serde::de::Error>(self, w: &str) -> Result<Range, E> {
                use serde::de::IntoDeserializer;
                Band::deserialize(w.into_deserializer()).map(Range::Band)
            }
        }
        d.deserialize_any(Either)
    }
}

impl Range {
    /// The range in inches: a band is read at its outer edge for the battery's weight.
    pub fn inches(self, t: &Artillery, weight: GunWeight) -> f64 {
        match self {
            Range::Inches(x) => x,
            Range::Band(b) => {
                let p = match weight {
                    GunWeight::Light => &t.light,
                    GunWeight::Medium => &t.medium,
                    GunWeight::Heavy => &t.heavy,
                };
                p.reach[b as usize]
            }
        }
    }
}

/// One battery of those firing together at the target ("NW 8.2").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Firing {
    /// The battery: its gun weight and ordnance (howitzers fire as guns of their weight,
    /// rockets roll their fire points), its nation (British and French guns +1, Russian
    /// heavy guns +1, Ottoman guns -1), Cossack guns (-1, ruling N52), damaged or
    /// suppressed (fire points halved; both, it cannot fire).
    #[serde(deserialize_with = "as_battery")]
    pub battery: UnitFacts,
    /// How far it fires: inches, or a band (`canister`, `medium`, `long`).
    pub range: Range,
    /// It fires into the target's flank or rear (the target is vulnerable, +2).
    pub flank_or_rear: bool,
    /// It stands on a different elevation from the target (-1).
    pub different_elevation: bool,
}

impl Default for Firing {
    fn default() -> Self {
        Firing {
            battery: UnitFacts {
                arm: Arm::Artillery,
                ..UnitFacts::default()
            },
            range: Range::Band(Band::Medium),
            flank_or_rear: false,
            different_elevation: false,
        }
    }
}

/// What artillery fire depends on, as a player at the table states it ("NW 8.2", "NW 8.4",
/// "NW Fire Modifiers").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The batteries firing together at the target, each with its range
    /// (`batteries.0.battery.guns=Heavy batteries.0.range=4`); their fire points are
    /// summed, then rounded (ruling N14), and a modifier applies if any one qualifies.
    pub batteries: Vec<Firing>,
    /// The unit fired at: a battery takes -1 and the artillery column of the effects; a
    /// general attached is killed on a natural 12.
    pub target: UnitFacts,
    /// The target is in or behind soft cover (walls, woods, sunken roads, hasty works, a
    /// village): -1.
    pub soft_cover: bool,
    /// The target is in or behind hard cover (a town, a redoubt, field works): -2, and no
    /// nation's modifier.
    pub hard_cover: bool,
    /// The target is behind works of any kind: no nation's modifier.
    pub behind_works: bool,
    /// The target is vulnerable: fording, on a bridge, or moved by road in its last
    /// maneuver phase (+2).
    pub vulnerable: bool,
    /// Rain, or mud on the ground (-1).
    pub rain_or_mud: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            batteries: vec![Firing::default()],
            target: UnitFacts::default(),
            soft_cover: false,
            hard_cover: false,
            behind_works: false,
            vulnerable: false,
            rain_or_mud: false,
        }
    }
}

impl Situation {
    /// The fire facts of each battery.
    pub fn battery_facts(&self, t: &Artillery) -> Vec<Battery> {
        self.batteries.iter().map(|f| f.facts(t)).collect()
    }

    /// The fire facts of the target.
    pub fn target_facts(&self) -> Target {
        Target {
            artillery: self.target.is_battery(),
            soft_cover: self.soft_cover,
            hard_cover: self.hard_cover,
            behind_works: self.behind_works,
            vulnerable: self.vulnerable,
            rain_or_mud: self.rain_or_mud,
        }
    }

    /// The d6 each battery rolls for its fire points: none for guns and howitzers, for
    /// rockets as many as the target's arm calls for ("NW Optional rules 4.0").
    pub fn rocket_dice(&self, t: &Artillery) -> Vec<u8> {
        let n = t.rocket_dice[usize::from(self.target.arm == Arm::Cavalry)];
        self.batteries
            .iter()
            .map(|f| {
                if f.battery.ordnance == Ordnance::Rockets {
                    n
                } else {
                    0
                }
            })
            .collect()
    }
}

impl Firing {
    /// The fire facts of this battery.
    pub fn facts(&self, t: &Artillery) -> Battery {
        let b = &self.battery;
        Battery {
            weight: b.guns,
            range: self.range.inches(t, b.guns),
            damaged: b.damaged,
            suppressed: b.suppressed,
            british_french: matches!(b.nation, Nation::Britain | Nation::France),
            russian_heavy: b.nation == Nation::Russia && b.guns == GunWeight::Heavy,
            ottoman_cossack: b.nation == Nation::Ottoman || b.cossack,
            different_elevation: self.different_elevation,
            into_flank_or_rear: self.flank_or_rear,
        }
    }
}

/// What artillery fire does to its target in the end ("NW Fire Effects").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fired {
    /// The band of the fire effects table.
    pub effect: FireEffect,
    /// The target is a battery (the effects' artillery column).
    pub artillery: bool,
    /// Strength points (a battery's steps) lost.
    pub lost: u32,
    /// The target is gone: its last strength point or step lost, or a battery destroyed.
    pub destroyed: bool,
    /// The general attached to the target is killed (a natural 12).
    pub general_killed: bool,
    /// The table's retreat, in tenths of an inch (`None` for no retreat, 0 for a full move),
    /// kept for the words.
    retreat_tenths: Option<u32>,
}

impl Fired {
    /// The end of fire with `effect` on the target `target`.
    pub fn of(t: &Artillery, target: &UnitFacts, effect: FireEffect, natural_12: bool) -> Fired {
        let artillery = target.is_battery();
        let [damaging, horrendous, destructive] = t.losses;
        let steps = if target.damaged { 1 } else { 2 };
        let (lost, retreat) = match (effect, artillery) {
            (FireEffect::Desultory | FireEffect::Effective, _) => (0, None),
            (FireEffect::Damaging, false) => (damaging, None),
            (FireEffect::Damaging, true) => (0, Some(0)),
            (FireEffect::Horrendous, false) => (
                horrendous,
                Some((t.horrendous_retreat * 10.0).round() as u32),
            ),
            (FireEffect::Horrendous, true) => (1, Some(0)),
            (FireEffect::Destructive, false) => (destructive, Some(0)),
            (FireEffect::Destructive, true) => (steps, None),
        };
        let (lost, destroyed) = if artillery {
            (lost.min(steps), lost >= steps)
        } else {
            (lost.min(target.sp), lost > 0 && lost >= target.sp)
        };
        Fired {
            effect,
            artillery,
            lost,
            destroyed,
            general_killed: natural_12 && target.general_attached,
            retreat_tenths: if destroyed { None } else { retreat },
        }
    }

    /// The counts the book keeps of an end of fire.
    pub fn counts(&self) -> Vec<(&'static str, f64)> {
        vec![
            (
                if self.artillery {
                    "battery steps lost"
                } else {
                    "s.p. lost"
                },
                self.lost as f64,
            ),
            ("units destroyed", f64::from(u8::from(self.destroyed))),
            ("generals killed", f64::from(u8::from(self.general_killed))),
        ]
    }

    /// What the fire does to the record of the unit in `role` with `facts`.
    pub fn effects(&self, role: &'static str, facts: &UnitFacts) -> Vec<Effect> {
        if self.destroyed {
            return vec![Effect::gone(role)];
        }
        let mut set = serde_json::Map::new();
        match (self.effect, self.artillery) {
            (FireEffect::Desultory, _) => {}
            (FireEffect::Horrendous, true) => {
                set.insert("damaged".into(), true.into());
            }
            (_, true) => {
                set.insert("suppressed".into(), true.into());
            }
            (_, false) => {
                set.insert("disordered".into(), true.into());
                if self.lost > 0 {
                    set.insert("sp".into(), (facts.sp - self.lost).into());
                }
            }
        }
        if self.general_killed {
            set.insert("general_attached".into(), false.into());
        }
        if set.is_empty() {
            Vec::new()
        } else {
            vec![Effect::set(role, serde_json::Value::Object(set))]
        }
    }
}

impl std::fmt::Display for Fired {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: ", self.effect.name())?;
        let back = |f: &mut std::fmt::Formatter<'_>| match self.retreat_tenths {
            Some(0) => f.write_str(" and retreats a full move"),
            Some(n) => write!(f, " and retreats {}\"", n as f64 / 10.0),
            None => Ok(()),
        };
        match (self.effect, self.artillery) {
            (FireEffect::Desultory, _) => f.write_str("no effect")?,
            (_, true) if self.destroyed => f.write_str("battery destroyed")?,
            (_, false) if self.destroyed => write!(
                f,
                "target loses its last {} s.p. and is destroyed",
                self.lost
            )?,
            (FireEffect::Effective, false) => f.write_str("target disordered")?,
            (FireEffect::Effective, true) => f.write_str("battery suppressed")?,
            (FireEffect::Damaging, true) => {
                f.write_str("battery suppressed and driven back a full move")?
            }
            (FireEffect::Horrendous, true) => {
                f.write_str("battery damaged")?;
                back(f)?
            }
            (_, false) if self.retreat_tenths.is_some() => {
                write!(f, "target loses {} s.p., is disordered", self.lost)?;
                back(f)?
            }
            (_, false) => write!(f, "target loses {} s.p. and is disordered", self.lost)?,
            (FireEffect::Destructive, true) => f.write_str("battery destroyed")?,
        }
        if self.general_killed {
            f.write_str("; the attached general is killed")?;
        }
        Ok(())
    }
}

/// Why `s` cannot be fired as stated, each problem named by its fact.
pub fn problems(t: &Artillery, s: &Situation) -> Vec<Problem> {
    let mut out = Vec::new();
    if s.batteries.is_empty() {
        out.push(Problem::new(
            "batteries",
            "no battery fires",
            "give at least one, e.g. batteries.0.range=4",
        ));
    }
    if s.batteries.len() > 6 {
        out.push(Problem::new(
            "batteries",
            format!("{} batteries at one target", s.batteries.len()),
            "give at most 6 batteries firing together",
        ));
    }
    for (i, f) in s.batteries.iter().enumerate() {
        let at = format!("batteries[{i}]");
        let b = &f.battery;
        if b.arm != Arm::Artillery {
            out.push(Problem::new(
                format!("{at}.battery.arm"),
                "a brigade among the batteries",
                format!("only batteries fire here: give {at}.battery.arm=artillery"),
            ));
            continue;
        }
        out.extend(b.problems(&format!("{at}.battery")));
        if b.damaged && b.suppressed {
            out.push(Problem::new(
                format!("{at}.battery.suppressed"),
                "a damaged battery that is suppressed",
                "it cannot fire (\"NW 8.4\"): leave it out",
            ));
        }
        let inches = f.range.inches(t, b.guns);
        let reach = if b.ordnance == Ordnance::Rockets {
            t.rocket_reach
        } else {
            Range::Band(Band::Long).inches(t, b.guns)
        };
        if !inches.is_finite() || inches < 0.0 {
            out.push(Problem::new(
                format!("{at}.range"),
                format!("a range of {inches}"),
                "give inches from 0 up, or canister, medium or long",
            ));
        } else if inches > reach + 1e-9 {
            out.push(Problem::new(
                format!("{at}.range"),
                format!("{inches}\" is beyond its reach of {reach}\""),
                "a battery fires only at targets within its long range (rockets 12\")",
            ));
        }
    }
    out.extend(s.target.problems("target"));
    out
}

/// Resolve the fire of situation `s`: the rocket batteries' fire points are rolled first,
/// then the fire roll. `None` only if no battery can fire (which [`problems`] refuses).
pub fn resolve_situation(t: &Artillery, s: &Situation, dice: &mut dyn Dice) -> Option<Fire> {
    resolve_rolled(
        t,
        &s.battery_facts(t),
        &s.rocket_dice(t),
        &s.target_facts(),
        dice,
    )
}

/// The exact odds of fire of `points` (summed, not yet rounded) with `modifier` at
/// `target`: counted over the 36 throws of the fire roll.
pub fn fire_odds(t: &Artillery, target: &UnitFacts, points: f64, modifier: i32) -> Exact<Fired> {
    let Some(row) = t.row(round_points(points)) else {
        return Exact {
            outcomes: vec![(
                Fired::of(t, target, FireEffect::Desultory, false),
                Chance::from_integer(1),
            )],
        };
    };
    let mut ways = [[0u128; 2]; 5];
    for a in 1..=6i32 {
        for b in 1..=6i32 {
            let e = t.effect(row, a + b + modifier);
            ways[e as usize][usize::from(a + b == t.general_killed_on as i32)] += 1;
        }
    }
    let mut out = Exact::new();
    for (e, row) in FireEffect::ALL.into_iter().zip(ways) {
        for (twelve, n) in row.into_iter().enumerate() {
            if n > 0 {
                out.add(Fired::of(t, target, e, twelve == 1), Chance::new(n, 36));
            }
        }
    }
    out
}

/// Artillery fire, for the table companion and the odds.
pub struct ArtilleryRoll;

impl Resolution<Tables> for ArtilleryRoll {
    type Situation = Situation;
    type Outcome = Fired;

    fn about(&self) -> About {
        About {
            name: "artillery",
            title: "Artillery fire",
            section: "NW 8.0-8.4 Artillery fire",
            modifiers: "NW 8.4 artillery fire modifiers",
            summary: "one or more batteries fire together at a target: its losses, disorder and retreat, or a battery suppressed, damaged or destroyed",
            dice: "2d6 (and 1d6 or 2d6 of fire points for each rocket battery)",
        }
    }

    fn problems(&self, t: &Tables, s: &Situation) -> Vec<Problem> {
        problems(&t.artillery, s)
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        modifiers(
            &t.artillery,
            &s.battery_facts(&t.artillery),
            &s.target_facts(),
        )
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Fired {
        let a = &t.artillery;
        match resolve_situation(a, s, dice) {
            Some(f) => {
                let end = Fired::of(a, &s.target, f.effect, f.general_killed);
                rolls.push(f.roll);
                end
            }
            None => Fired::of(a, &s.target, FireEffect::Desultory, false),
        }
    }

    /// The fire points of the guns are fixed; each rocket battery's are thrown first, and
    /// the fire roll's 36 throws are counted for each total they give.
    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Fired> {
        let a = &t.artillery;
        let batteries = s.battery_facts(a);
        let rockets = s.rocket_dice(a);
        let modifier: i32 = modifiers(a, &batteries, &s.target_facts())
            .iter()
            .map(|m| m.value)
            .sum();
        let mut fixed = 0.0;
        let mut rolled: Vec<(usize, u8)> = Vec::new();
        for (i, b) in batteries.iter().enumerate() {
            match rockets[i] {
                0 => fixed += battery_points(a, b).unwrap_or(0.0),
                n => rolled.push((i, n)),
            }
        }
        if rolled.is_empty() {
            return fire_odds(a, &s.target, fixed, modifier);
        }
        let faces: Vec<u8> = rolled
            .iter()
            .flat_map(|(_, n)| std::iter::repeat_n(6u8, *n as usize))
            .collect();
        // The rolled points, halved as each battery's state requires.
        let points = Exact::of_throws(&faces, |d| {
            let mut sum = 0.0;
            let mut k = 0;
            for (i, n) in &rolled {
                let b = &batteries[*i];
                let mut p: f64 = d[k..k + *n as usize].iter().map(|x| *x as f64).sum();
                k += *n as usize;
                if b.damaged {
                    p *= a.reduced_share;
                }
                if b.suppressed {
                    p *= a.reduced_share;
                }
                sum += p;
            }
            sum
        });
        points.then(|q| fire_odds(a, &s.target, fixed + q, modifier))
    }

    fn depth(&self) -> usize {
        16
    }

    fn counts(&self, o: &Fired) -> Vec<(&'static str, f64)> {
        o.counts()
    }

    fn roles(&self) -> &'static [&'static str] {
        &["batteries[].battery", "target"]
    }

    fn effects(&self, s: &Situation, o: &Fired) -> Vec<Effect> {
        o.effects("target", &s.target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_engine::dice::Scripted;

    fn rockets_at(range: f64) -> Battery {
        Battery {
            weight: GunWeight::Light,
            range,
            damaged: false,
            suppressed: false,
            british_french: true,
            russian_heavy: false,
            ottoman_cossack: false,
            different_elevation: false,
            into_flank_or_rear: false,
        }
    }

    /// Counting the throws of guns alone gives what walking every throw gives.
    #[test]
    fn guns_odds_walk() {
        let t = Artillery::default();
        let mut shown = 0;
        for weight in [GunWeight::Light, GunWeight::Medium, GunWeight::Heavy] {
            for range in [2.0, 7.0, 13.0, 20.0, 30.0] {
                for (damaged, suppressed) in [(false, false), (true, false), (true, true)] {
                    let b = Battery {
                        weight,
                        range,
                        damaged,
                        suppressed,
                        ..rockets_at(range)
                    };
                    let batteries = [b, b];
                    let target = Target::default();
                    let walked = distribution(2, |d| {
                        resolve_rolled(&t, &batteries, &[], &target, d).map(|f| f.effect)
                    });
                    let walked = walked
                        .outcomes
                        .iter()
                        .any(|(o, _)| o.is_some())
                        .then_some(walked);
                    let counted = odds_rolled(&t, &batteries, &[0, 0], &target);
                    assert_eq!(
                        walked.as_ref().map(|d| &d.outcomes),
                        counted.as_ref().map(|d| &d.outcomes),
                        "{weight:?} at {range}\", damaged {damaged}, suppressed {suppressed}"
                    );
                    shown += usize::from(counted.is_some_and(|d| d.outcomes.len() > 1));
                }
            }
        }
        assert!(shown > 10, "only {shown} cases had more than one effect");
    }

    // "NW Optional rules 4.0": rocket fire points are rolled each time (1d6 against infantry),
    // before the fire roll; beyond 12" they cannot fire.
    #[test]
    fn rocket_points_are_rolled_then_the_fire_roll_is_made() {
        let t = Artillery::default();
        let target = Target::default();
        // 5 fire points; 2+3 +1 (British) = 6 reads Effective on the 5 row.
        let f = resolve_rolled(
            &t,
            &[rockets_at(10.0)],
            &[1],
            &target,
            &mut Scripted::new(&[5, 2, 3]),
        )
        .unwrap();
        assert_eq!(
            (f.points, f.rocket_dice.clone(), f.roll.total),
            (5.0, vec![5], 6)
        );
        assert_eq!(f.effect, FireEffect::Effective);
        assert!(resolve_rolled(
            &t,
            &[rockets_at(12.5)],
            &[1],
            &target,
            &mut Scripted::new(&[5, 2, 3])
        )
        .is_none());
    }

    // The exact odds of rocket fire mix the six rows a d6 of fire points can give, evenly.
    #[test]
    fn rocket_odds_average_the_rolled_rows() {
        let t = Artillery::default();
        let target = Target::default();
        let rocket = rockets_at(10.0);
        let d = odds_rolled(&t, &[rocket], &[1], &target).unwrap();
        let total: f64 = d.outcomes.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // By hand: P(effective or better) = 1/6 * sum over p = 1..6 of P(2d6 + 1 >= from(p)).
        let two_d6_at_least = |n: i32| {
            let mut k = 0;
            for a in 1..=6 {
                for b in 1..=6 {
                    if a + b + 1 >= n {
                        k += 1;
                    }
                }
            }
            k as f64 / 36.0
        };
        let want: f64 = (1..=6)
            .map(|p| two_d6_at_least(t.row(p as f64).unwrap().from[0].unwrap()))
            .sum::<f64>()
            / 6.0;
        let got = d.probability(|e| e.is_some_and(|e| e >= FireEffect::Effective));
        assert!((got - want).abs() < 1e-12, "{got} vs {want}");
        // Against cavalry (2d6 of points) the walk goes four dice deep and still sums to one.
        let c = odds_rolled(&t, &[rocket], &[2], &target).unwrap();
        assert!((c.outcomes.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(c.unresolved.abs() < 1e-12);
        // More points, harder hits: damaging fire needs 3 points or more.
        let damaging = |x: &Distribution<Option<FireEffect>>| {
            x.probability(|e| e.is_some_and(|e| e >= FireEffect::Damaging))
        };
        assert!(damaging(&c) > damaging(&d));
    }
}
