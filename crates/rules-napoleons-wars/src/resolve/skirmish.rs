//! Skirmish fire ("NW 7.6", "NW 7.7", "NW Skirmish Table"): opposed 2d6 rolls. Only the
//! target's roll is modified; the attackers add their SK values.

use super::{add, natural, roll_2d6};
use crate::tables::Skirmish;
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

const RULE: &str = "NW 7.6 Resolving skirmish attacks";

/// What the target of a skirmish attack is and where it stands ("NW 7.7").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    /// Its own SK value, added to its roll.
    pub sk: u8,
    pub mixed_brigade: bool,
    pub soft_cover: bool,
    pub near_friendly_cavalry: bool,
    pub hard_cover: bool,
    pub artillery: bool,
    pub ottoman_artillery: bool,
    /// Fording, on a bridge, or moved by road in its last maneuver phase.
    pub vulnerable: bool,
}

/// The result of one skirmish attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    NoEffect,
    /// Disordered, or suppressed if artillery.
    Disorder,
    /// Loses a strength point and is disordered; artillery is damaged.
    LossAndDisorder,
}

/// One resolved skirmish attack.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attack {
    pub attack: Explanation,
    pub defence: Explanation,
    pub outcome: Outcome,
    /// The attacker rolled a natural 12: a general attached to the target is shot.
    pub general_shot: bool,
}

/// How far a unit of skirmish value `sk` may skirmish attack ("NW 7.1", "NW 7.8"): `None` if
/// it may not attack at all (SK0, or rain or snow).
pub fn range(t: &Skirmish, sk: u8, fog: bool, rain_or_snow: bool) -> Option<f64> {
    if sk == 0 || rain_or_snow {
        return None;
    }
    let i = (sk.min(2) - 1) as usize;
    Some(if fog { t.fog_range[i] } else { t.range[i] })
}

/// The target's modifiers ("NW 7.7").
pub fn target_modifiers(t: &Skirmish, target: &Target) -> Vec<Modifier> {
    let mut m = Vec::new();
    add(
        &mut m,
        target.mixed_brigade,
        t.mixed_brigade,
        "mixed (MX) brigade",
    );
    add(
        &mut m,
        target.soft_cover,
        t.soft_cover,
        "fully behind or in soft cover",
    );
    add(
        &mut m,
        target.near_friendly_cavalry,
        t.near_cavalry,
        "within 3\" of friendly cavalry",
    );
    add(
        &mut m,
        target.hard_cover,
        t.hard_cover,
        "defending hard cover",
    );
    if target.artillery {
        if target.ottoman_artillery {
            m.push(Modifier::new(t.ottoman_artillery, "Ottoman artillery"));
        } else {
            m.push(Modifier::new(t.artillery, "target is artillery"));
        }
    }
    if target.sk > 0 {
        m.push(Modifier::new(
            target.sk as i32,
            format!("its skirmish value SK{}", target.sk),
        ));
    }
    add(
        &mut m,
        target.vulnerable,
        t.vulnerable,
        "target is vulnerable",
    );
    m
}

/// The table: higher than the target disorders; at least twice the target (the table's
/// `loss_multiple`) also costs a strength point (ruling N13: "twice" is read as "twice or
/// more").
pub fn outcome(t: &Skirmish, attack: i32, defence: i32) -> Outcome {
    if attack > defence && attack >= t.loss_multiple * defence {
        Outcome::LossAndDisorder
    } else if attack > defence {
        Outcome::Disorder
    } else {
        Outcome::NoEffect
    }
}

/// Resolve one attack by `attackers` (each a name and SK value) on `target`.
pub fn resolve(
    t: &Skirmish,
    attackers: &[(&str, u8)],
    target: &Target,
    dice: &mut dyn Dice,
) -> Attack {
    let attack_mods = attackers
        .iter()
        .map(|(name, sk)| Modifier::new(*sk as i32, format!("SK{sk} of {name}")))
        .collect();
    let attack = roll_2d6(dice, RULE, "skirmish attack", attack_mods);
    let defence = roll_2d6(dice, RULE, "skirmish defence", target_modifiers(t, target));
    let outcome = outcome(t, attack.total, defence.total);
    let general_shot = natural(&attack) == t.general_killed_on as i32;
    let mut attack = attack;
    let mut defence = defence;
    let (row, result) = match outcome {
        Outcome::NoEffect => ("attacker not higher".to_string(), "no effect".to_string()),
        Outcome::Disorder => (
            "attacker higher".to_string(),
            if target.artillery {
                "suppressed"
            } else {
                "disordered"
            }
            .to_string(),
        ),
        Outcome::LossAndDisorder => (
            if t.loss_multiple == 2 {
                "attacker twice the target or more".to_string()
            } else {
                format!("attacker {} times the target or more", t.loss_multiple)
            },
            if target.artillery {
                "damaged".to_string()
            } else {
                format!("loses {} s.p. and is disordered", t.loss)
            },
        ),
    };
    for e in [&mut attack, &mut defence] {
        e.row = row.clone().into();
        e.result = result.clone().into();
    }
    Attack {
        attack,
        defence,
        outcome,
        general_shot,
    }
}

/// Exact odds of each outcome, through `resolve` itself.
pub fn odds(t: &Skirmish, attackers: &[(&str, u8)], target: &Target) -> Distribution<Outcome> {
    distribution(4, |dice| resolve(t, attackers, target, dice).outcome)
}
