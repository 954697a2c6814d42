//! Skirmish fire ("NW 7.6", "NW 7.7", "NW Skirmish Table"): opposed 2d6 rolls. Only the
//! target's roll is modified; the attackers add their SK values.

use super::{add, natural, roll_2d6};
use crate::levels::Arm;
use crate::nation::Nation;
use crate::resolve::facts::UnitFacts;
use crate::tables::{Skirmish, Tables};
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Effect, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

const RULE: &str = "NW 7.6 Resolving skirmish attacks";

/// What a skirmish attack depends on, as a player at the table states it ("NW 7.6", "NW
/// 7.7").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The skirmish value (1 or 2) of each unit attacking together, added to the attack
    /// roll ("NW 7.6"): `skirmishers.0=2 skirmishers.1=1` for two.
    pub skirmishers: Vec<u8>,
    /// The unit attacked: its SK value (added to its roll), whether it is a mixed (MX)
    /// brigade or a battery (an Ottoman one defends better), and whether a general is
    /// attached (shot on an attacker's natural 12). Cavalry may be attacked only when it is
    /// irregular horse that has skirmished itself ("NW 7.4", "NW 7.9").
    pub target: UnitFacts,
    /// The target is fully in or behind soft cover.
    pub soft_cover: bool,
    /// The target is within 3" of friendly cavalry (irregular horse counts itself, "NW
    /// 7.9").
    pub near_friendly_cavalry: bool,
    /// The target defends hard cover (a town or redoubt, "NW 7.3").
    pub hard_cover: bool,
    /// The target is vulnerable: fording, on a bridge, or moved by road in its last
    /// maneuver phase.
    pub vulnerable: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            skirmishers: vec![2],
            target: UnitFacts::default(),
            soft_cover: false,
            near_friendly_cavalry: false,
            hard_cover: false,
            vulnerable: false,
        }
    }
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
pub fn target_modifiers(t: &Skirmish, s: &Situation) -> Vec<Modifier> {
    let target = &s.target;
    let artillery = target.is_battery();
    let mut m = Vec::new();
    add(
        &mut m,
        !artillery && target.mixed,
        t.mixed_brigade,
        "mixed (MX) brigade",
    );
    add(
        &mut m,
        s.soft_cover,
        t.soft_cover,
        "fully behind or in soft cover",
    );
    add(
        &mut m,
        s.near_friendly_cavalry || target.arm == Arm::Cavalry,
        t.near_cavalry,
        "within 3\" of friendly cavalry",
    );
    add(&mut m, s.hard_cover, t.hard_cover, "defending hard cover");
    if artillery {
        if target.nation == Nation::Ottoman {
            m.push(Modifier::new(t.ottoman_artillery, "Ottoman artillery"));
        } else {
            m.push(Modifier::new(t.artillery, "target is artillery"));
        }
    }
    if !artillery && target.sk > 0 {
        m.push(Modifier::new(
            target.sk as i32,
            format!("its skirmish value SK{}", target.sk),
        ));
    }
    add(&mut m, s.vulnerable, t.vulnerable, "target is vulnerable");
    m
}

/// The attackers' modifiers: each one's SK value ("NW 7.6").
pub fn attack_modifiers(s: &Situation) -> Vec<Modifier> {
    s.skirmishers
        .iter()
        .map(|sk| Modifier::new(*sk as i32, format!("a skirmisher's SK{sk}")))
        .collect()
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

/// Resolve one attack.
pub fn resolve(t: &Skirmish, s: &Situation, dice: &mut dyn Dice) -> Attack {
    let artillery = s.target.is_battery();
    let attack = roll_2d6(dice, RULE, "skirmish attack", attack_modifiers(s));
    let defence = roll_2d6(dice, RULE, "skirmish defence", target_modifiers(t, s));
    let outcome = outcome(t, attack.total, defence.total);
    let general_shot = natural(&attack) == t.general_killed_on as i32;
    let mut attack = attack;
    let mut defence = defence;
    let (row, result) = match outcome {
        Outcome::NoEffect => ("attacker not higher".to_string(), "no effect".to_string()),
        Outcome::Disorder => (
            "attacker higher".to_string(),
            if artillery {
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
            if artillery {
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

/// Exact odds of each table result, through `resolve` itself.
pub fn odds(t: &Skirmish, s: &Situation) -> Distribution<Outcome> {
    distribution(4, |dice| resolve(t, s, dice).outcome)
}

/// What a skirmish attack does to its target in the end ("NW 7.6", "NW Skirmish Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skirmished {
    /// The table's result.
    pub outcome: Outcome,
    /// The target is a battery: suppressed rather than disordered, damaged rather than
    /// losing a strength point.
    pub artillery: bool,
    /// Strength points (a battery's steps) lost.
    pub lost: u32,
    /// The loss was the target's last: it is gone.
    pub destroyed: bool,
    /// The general attached to the target is shot (an attacker's natural 12).
    pub general_shot: bool,
}

impl Skirmished {
    /// The end of an attack on the target of `s` with the table's result `outcome`.
    pub fn of(t: &Skirmish, s: &Situation, outcome: Outcome, natural_12: bool) -> Skirmished {
        let artillery = s.target.is_battery();
        let (lost, destroyed) = match outcome {
            Outcome::LossAndDisorder if artillery => (1, s.target.damaged),
            Outcome::LossAndDisorder => {
                let lost = t.loss.min(s.target.sp);
                (lost, lost >= s.target.sp)
            }
            _ => (0, false),
        };
        Skirmished {
            outcome,
            artillery,
            lost,
            destroyed,
            general_shot: natural_12 && s.target.general_attached,
        }
    }
}

impl std::fmt::Display for Skirmished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.outcome, self.artillery) {
            (Outcome::NoEffect, _) => f.write_str("no effect")?,
            (Outcome::Disorder, false) => f.write_str("target disordered")?,
            (Outcome::Disorder, true) => f.write_str("battery suppressed")?,
            (Outcome::LossAndDisorder, true) if self.destroyed => {
                f.write_str("damaged battery loses its last step and is destroyed")?
            }
            (Outcome::LossAndDisorder, true) => f.write_str("battery damaged and suppressed")?,
            (Outcome::LossAndDisorder, false) if self.destroyed => write!(
                f,
                "target loses its last {} s.p. and is destroyed",
                self.lost
            )?,
            (Outcome::LossAndDisorder, false) => {
                write!(f, "target loses {} s.p. and is disordered", self.lost)?
            }
        }
        if self.general_shot {
            f.write_str("; the attached general is shot")?;
        }
        Ok(())
    }
}

/// A skirmish attack, for the table companion and the odds.
pub struct SkirmishRoll;

impl Resolution<Tables> for SkirmishRoll {
    type Situation = Situation;
    type Outcome = Skirmished;

    fn about(&self) -> About {
        About {
            name: "skirmish",
            title: "Skirmish attack",
            section: RULE,
            modifiers: "NW 7.7 Skirmish modifiers",
            summary:
                "skirmishers try to disorder a unit, cost it a strength point or shoot its general",
            dice: "2d6 each side",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.skirmishers.is_empty() {
            out.push(Problem::new(
                "skirmishers",
                "no skirmisher attacks",
                "give the SK value of each attacker, e.g. skirmishers.0=2",
            ));
        }
        if s.skirmishers.len() > 8 {
            out.push(Problem::new(
                "skirmishers",
                format!("{} skirmishers against one target", s.skirmishers.len()),
                "units join against one target only when they have no other (\"NW 7.3\"): give at most 8",
            ));
        }
        for (i, sk) in s.skirmishers.iter().enumerate() {
            if !(1..=2).contains(sk) {
                out.push(Problem::new(
                    format!("skirmishers[{i}]"),
                    format!("a skirmisher of SK{sk}"),
                    "only a unit of SK1 or SK2 skirmish attacks (\"NW 7.1\")",
                ));
            }
        }
        out.extend(s.target.problems("target"));
        if s.target.arm == Arm::Cavalry && !s.target.irregular {
            out.push(Problem::new(
                "target.arm",
                "a cavalry target",
                "no unit may skirmish attack cavalry (\"NW 7.4\"), save irregular horse that has skirmished itself: give `target.irregular=yes` for it",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        target_modifiers(&t.skirmish, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Skirmished {
        let a = resolve(&t.skirmish, s, dice);
        let end = Skirmished::of(&t.skirmish, s, a.outcome, a.general_shot);
        rolls.push(a.attack);
        rolls.push(a.defence);
        end
    }

    /// The two 2d6 sums counted against each other: 121 pairs of totals, weighted by their
    /// ways, in place of 1296 throws.
    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Skirmished> {
        const WAYS: [u128; 11] = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
        let k = &t.skirmish;
        let a_mod: i32 = s.skirmishers.iter().map(|x| *x as i32).sum();
        let d_mod: i32 = target_modifiers(k, s).iter().map(|m| m.value).sum();
        // Ways for each result, with and without a natural 12 on the attack.
        let mut ways = [[0u128; 2]; 3];
        for (ai, aw) in WAYS.iter().enumerate() {
            let a = ai as i32 + 2;
            let twelve = usize::from(a == k.general_killed_on as i32);
            for (di, dw) in WAYS.iter().enumerate() {
                let o = outcome(k, a + a_mod, di as i32 + 2 + d_mod);
                ways[o as usize][twelve] += aw * dw;
            }
        }
        let mut e = Exact::new();
        for (o, row) in [
            Outcome::NoEffect,
            Outcome::Disorder,
            Outcome::LossAndDisorder,
        ]
        .into_iter()
        .zip(ways)
        {
            for (twelve, n) in row.into_iter().enumerate() {
                if n > 0 {
                    e.add(Skirmished::of(k, s, o, twelve == 1), Chance::new(n, 1296));
                }
            }
        }
        e
    }

    fn counts(&self, o: &Skirmished) -> Vec<(&'static str, f64)> {
        vec![
            (
                if o.artillery {
                    "battery steps lost"
                } else {
                    "s.p. lost"
                },
                o.lost as f64,
            ),
            ("units destroyed", f64::from(u8::from(o.destroyed))),
            ("generals shot", f64::from(u8::from(o.general_shot))),
        ]
    }

    fn roles(&self) -> &'static [&'static str] {
        &["skirmishers[]:sk", "target"]
    }

    fn effects(&self, s: &Situation, o: &Skirmished) -> Vec<Effect> {
        if o.destroyed {
            return vec![Effect::gone("target")];
        }
        let mut set = serde_json::Map::new();
        match (o.outcome, o.artillery) {
            (Outcome::NoEffect, _) => {}
            (_, true) => {
                set.insert("suppressed".into(), true.into());
                if o.lost > 0 {
                    set.insert("damaged".into(), true.into());
                }
            }
            (_, false) => {
                set.insert("disordered".into(), true.into());
                if o.lost > 0 {
                    set.insert("sp".into(), (s.target.sp - o.lost).into());
                }
            }
        }
        if o.general_shot {
            set.insert("general_attached".into(), false.into());
        }
        if set.is_empty() {
            Vec::new()
        } else {
            vec![Effect::set("target", serde_json::Value::Object(set))]
        }
    }
}
