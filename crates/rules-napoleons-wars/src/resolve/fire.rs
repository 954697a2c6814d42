//! Artillery fire ("NW 8.4", "NW Artillery Fire Points Table", "NW Fire Affects Table", "NW
//! Fire Modifiers"); the same roll serves for final fire at an attacker ("NW 8.5").

use super::{add, natural, roll_2d6};
use crate::levels::GunWeight;
use crate::round::book_round;
use crate::tables::{Artillery, FireEffect};
use grognard_engine::dice::{distribution, Distribution};
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
        p *= 0.5;
    }
    if b.suppressed {
        p *= 0.5;
    }
    Some(p)
}

/// The total fire points of a group of batteries on one target: summed, then rounded the
/// book's way, except that a lone half point keeps the table's "1/2" row (ruling N14).
pub fn total_points(t: &Artillery, batteries: &[Battery]) -> f64 {
    let sum: f64 = batteries.iter().filter_map(|b| battery_points(t, b)).sum();
    if (sum - 0.5).abs() < 1e-9 {
        0.5
    } else {
        book_round(sum) as f64
    }
}

/// The modifiers: each applies if any one of the batteries qualifies ("NW 8.4").
pub fn modifiers(t: &Artillery, batteries: &[Battery], target: &Target) -> Vec<Modifier> {
    let any = |f: fn(&Battery) -> bool| batteries.iter().any(f);
    let shielded = target.hard_cover;
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
}

/// What an effect does to the target ("NW Fire Effects").
pub fn effect_text(effect: FireEffect, artillery: bool) -> &'static str {
    match (effect, artillery) {
        (FireEffect::Desultory, _) => "no effect",
        (FireEffect::Effective, false) => "disordered",
        (FireEffect::Effective, true) => "suppressed",
        (FireEffect::Damaging, false) => "loses 1 s.p. and is disordered",
        (FireEffect::Damaging, true) => "driven back a full move and suppressed",
        (FireEffect::Horrendous, false) => "loses 1 s.p., is disordered and retreats 6\"",
        (FireEffect::Horrendous, true) => "damaged and retreats a full move",
        (FireEffect::Destructive, false) => "loses 2 s.p., is disordered and retreats a full move",
        (FireEffect::Destructive, true) => "destroyed",
    }
}

/// Resolve fire by `batteries` on `target`; `None` if none of them can fire on it.
pub fn resolve(
    t: &Artillery,
    batteries: &[Battery],
    target: &Target,
    dice: &mut dyn Dice,
) -> Option<Fire> {
    let points = total_points(t, batteries);
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
        effect_text(effect, target.artillery)
    )
    .into();
    let general_killed = natural(&roll) == t.general_killed_on as i32;
    Some(Fire {
        roll,
        points,
        effect,
        general_killed,
    })
}

fn fmt_points(_row: f64, points: f64) -> String {
    if points == 0.5 {
        "1/2".into()
    } else {
        format!("{points}")
    }
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
