//! The melee of an assault ("Burt 9"): each side throws a die for every four figures in
//! contact, hitting on 5 or 6 with the score needed moved by the modifiers, then a saving
//! throw for every hit. The side with more casualties is pushed back, or breaks if the
//! other scored at least twice as many; with neither broken, the melee is indecisive and
//! both sides test morale.

use super::{add, Strike};
use crate::tables::Tables;
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "Burt 9 Assault";

/// One side of a melee as a player states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Fighter {
    /// Figures in contact.
    pub figures: u32,
    /// Charging or following up: the impetus.
    pub charging: bool,
    /// In a deeper formation than the enemy at first contact.
    pub deeper: bool,
    /// Close order troops fighting open order.
    pub close_against_open: bool,
    /// Fighting the enemy's flank or rear.
    pub flank_or_rear: bool,
    /// The enemy stands in cover (any).
    pub enemy_in_cover: bool,
    /// The enemy is in square or behind cover: no impetus or first-contact bonus.
    pub enemy_cancels_impetus: bool,
    pub disordered: bool,
    /// Shaken or routing itself.
    pub shaken_or_routing: bool,
    pub cavalry_against_square: bool,
    pub light_cavalry_against_formed: bool,
    pub opponents_shaken: bool,
    pub opponents_routing: bool,
    /// Cavalry against disordered, shaken or routing troops.
    pub cavalry_against_broken: bool,
    /// Armoured cavalry or lancers at first contact.
    pub armoured_or_lancers: bool,
    /// Saving: unformed, disordered or shaken.
    pub out_of_order: bool,
    /// Saving: downhill of the enemy.
    pub downhill: bool,
    /// Saving: armoured cavalry.
    pub armoured: bool,
}

impl Default for Fighter {
    fn default() -> Self {
        Fighter {
            figures: 12,
            charging: false,
            deeper: false,
            close_against_open: false,
            flank_or_rear: false,
            enemy_in_cover: false,
            enemy_cancels_impetus: false,
            disordered: false,
            shaken_or_routing: false,
            cavalry_against_square: false,
            light_cavalry_against_formed: false,
            opponents_shaken: false,
            opponents_routing: false,
            cavalry_against_broken: false,
            armoured_or_lancers: false,
            out_of_order: false,
            downhill: false,
            armoured: false,
        }
    }
}

/// A melee: the assaulters against the assaulted.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    pub attacker: Fighter,
    pub defender: Fighter,
}

/// How a melee ends ("Burt 9").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Neither side broke: both test morale.
    Indecisive,
    /// The side named scored more, but less than twice as many: the other is pushed back.
    AttackerPushesBack,
    DefenderPushesBack,
    /// The side named scored at least twice as many: the other breaks.
    AttackerBreaks,
    DefenderBreaks,
}

impl Verdict {
    /// The verdict from each side's casualties inflicted. More but less than twice as many
    /// pushes back; at least twice as many breaks, and any casualty against none is that
    /// (ruling R6).
    pub fn of(t: &Tables, by_attacker: u32, by_defender: u32) -> Verdict {
        let k = t.assault.break_ratio.max(1);
        if by_attacker > by_defender {
            if by_attacker >= k * by_defender {
                Verdict::AttackerBreaks
            } else {
                Verdict::AttackerPushesBack
            }
        } else if by_defender > by_attacker {
            if by_defender >= k * by_attacker {
                Verdict::DefenderBreaks
            } else {
                Verdict::DefenderPushesBack
            }
        } else {
            Verdict::Indecisive
        }
    }
}

/// Casualties each side inflicted, and the verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Melee {
    /// Casualties the attacker inflicted on the defender.
    pub by_attacker: u32,
    pub by_defender: u32,
    pub verdict: Verdict,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Indecisive => "indecisive",
            Verdict::AttackerPushesBack => "the defenders are pushed back",
            Verdict::DefenderPushesBack => "the assaulters are pushed back",
            Verdict::AttackerBreaks => "the defenders break",
            Verdict::DefenderBreaks => "the assaulters break",
        })
    }
}

impl fmt::Display for Melee {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} casualties to {}: {}",
            self.by_attacker, self.by_defender, self.verdict
        )
    }
}

/// Dice at the usual score and dice of one or two figures left over (ruling R3, as for
/// fire).
pub fn dice(t: &Tables, f: &Fighter) -> (u32, u32) {
    let per = t.assault.figures_a_die.max(1);
    let (full, left) = (f.figures / per, f.figures % per);
    if left >= t.assault.remainder_counts_from {
        (full + 1, 0)
    } else if left > 0 {
        (full, 1)
    } else {
        (full, 0)
    }
}

/// The modifiers to the score a side needs to hit.
pub fn modifiers(t: &Tables, f: &Fighter) -> Vec<Modifier> {
    let a = &t.assault;
    let mut m = Vec::new();
    add(&mut m, f.enemy_in_cover, a.cover, "target in cover");
    add(&mut m, f.disordered, a.disordered, "disordered");
    add(
        &mut m,
        f.cavalry_against_square,
        a.cavalry_against_square,
        "cavalry attacking square",
    );
    add(
        &mut m,
        f.light_cavalry_against_formed,
        a.light_cavalry_against_formed,
        "light cavalry attacking formed troops",
    );
    add(
        &mut m,
        f.shaken_or_routing,
        a.shaken_or_routing,
        "shaken or routing",
    );
    let impetus = !f.enemy_cancels_impetus;
    add(
        &mut m,
        f.charging && impetus,
        a.charging,
        "charging or following up",
    );
    add(
        &mut m,
        f.deeper && impetus,
        a.deeper,
        "deeper formation at first contact",
    );
    add(
        &mut m,
        f.close_against_open,
        a.close_against_open,
        "close order against open order",
    );
    add(
        &mut m,
        f.flank_or_rear,
        a.flank_or_rear,
        "enemy flank or rear",
    );
    add(
        &mut m,
        f.opponents_shaken,
        a.opponents_shaken,
        "opponents shaken",
    );
    add(
        &mut m,
        f.cavalry_against_broken,
        a.cavalry_against_broken,
        "cavalry against disordered, shaken or routing troops",
    );
    add(
        &mut m,
        f.armoured_or_lancers && impetus,
        a.armoured_or_lancers,
        "armoured cavalry or lancers at first contact",
    );
    add(
        &mut m,
        f.opponents_routing,
        a.opponents_routing,
        "opponents routing",
    );
    m
}

fn few_modifiers(t: &Tables, f: &Fighter) -> Vec<Modifier> {
    let mut m = modifiers(t, f);
    add(
        &mut m,
        true,
        t.assault.few_figures,
        "1 or 2 figures assaulting",
    );
    m
}

/// The modifiers to the score a side's casualties need to be saved.
pub fn save_modifiers(t: &Tables, f: &Fighter) -> Vec<Modifier> {
    let a = &t.assault;
    let mut m = Vec::new();
    add(
        &mut m,
        f.out_of_order,
        a.save_out_of_order,
        "unformed, disordered or shaken",
    );
    add(&mut m, f.downhill, a.save_downhill, "downhill of the enemy");
    add(&mut m, f.armoured, a.save_armoured, "armoured cavalry");
    m
}

/// One side's dice at the other, with their modifiers and the other's saves.
fn strike<'a>(t: &Tables, by: &Fighter, on: &Fighter, who: &'a str) -> Strike<'a> {
    Strike {
        rule: RULE,
        purpose: "melee",
        who,
        dice: dice(t, by),
        hit: t.assault.hit,
        m: modifiers(t, by),
        few_m: few_modifiers(t, by),
        save: t.assault.save,
        save_m: save_modifiers(t, on),
    }
}

pub fn roll(t: &Tables, s: &Situation, dice: &mut dyn Dice) -> (Vec<Explanation>, Melee) {
    let mut out = Vec::new();
    let (_, by_attacker) =
        strike(t, &s.attacker, &s.defender, "the assaulters").roll(t.dice, dice, &mut out);
    let (_, by_defender) =
        strike(t, &s.defender, &s.attacker, "the assaulted").roll(t.dice, dice, &mut out);
    let melee = Melee {
        by_attacker,
        by_defender,
        verdict: Verdict::of(t, by_attacker, by_defender),
    };
    if let Some(last) = out.last_mut() {
        last.result = format!("{}; {melee}", last.result).into();
    }
    (out, melee)
}

/// The melee of an assault, for the odds and the table companion.
pub struct MeleeRoll;

impl Resolution<Tables> for MeleeRoll {
    type Situation = Situation;
    type Outcome = Verdict;

    fn about(&self) -> About {
        About {
            name: "melee",
            title: "Assault melee",
            section: RULE,
            modifiers: RULE,
            summary:
                "the casualties each side of a melee inflicts, and who is pushed back or breaks",
            dice: "1d6 a 4 figures in contact each side, then 1d6 a hit to save",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        for (path, f) in [("attacker", &s.attacker), ("defender", &s.defender)] {
            if !(1..=120).contains(&f.figures) {
                out.push(Problem::new(
                    format!("{path}.figures"),
                    format!("{} figures", f.figures),
                    "give the figures in contact, 1 to 120",
                ));
            }
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        modifiers(t, &s.attacker)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Verdict {
        let (e, m) = roll(t, s, dice);
        rolls.extend(e);
        m.verdict
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Verdict> {
        let theirs = strike(t, &s.defender, &s.attacker, "").odds(t.dice);
        strike(t, &s.attacker, &s.defender, "")
            .odds(t.dice)
            .then(|a| {
                let mut out = Exact::new();
                for (d, p) in &theirs.outcomes {
                    out.add(Verdict::of(t, a, *d), *p);
                }
                out
            })
    }
}
