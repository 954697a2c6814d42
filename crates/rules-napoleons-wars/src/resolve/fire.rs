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

fn round_points(sum: f64) -> f64 {
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
