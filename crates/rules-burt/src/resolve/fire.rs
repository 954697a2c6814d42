//! Fire ("Burt 6"): a die for every four figures firing or for every gun (two with
//! canister), each hitting on 5 or 6 with the score needed moved by the modifiers, then a
//! saving throw for every hit.

use super::{add, Strike};
use crate::tables::{Tables, Weapon};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "Burt 6 Firing";

/// The range band the target stands in.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    Short,
    #[default]
    Medium,
    Long,
}

/// The cover the target stands in.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    #[default]
    None,
    Soft,
    Hard,
}

/// A unit's or battery's fire as a player states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    pub weapon: Weapon,
    /// Figures firing, of the ranks that may (small arms).
    pub figures: u32,
    /// Guns firing (artillery).
    pub guns: u32,
    pub range: Band,
    /// The firers moved this turn.
    pub moving: bool,
    pub cover: Cover,
    pub firers_shaken: bool,
    /// Artillery firing at a target more than two ranks deep.
    pub deep_target: bool,
    /// The firers' first volley of the day.
    pub first_volley: bool,
    /// The firers are skirmishers (their first volley is no better).
    pub skirmishers: bool,
    /// The target is skirmishers or a gun's crew, who save more easily.
    pub target_skirmishers_or_crew: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            weapon: Weapon::Musket,
            figures: 12,
            guns: 1,
            range: Band::Medium,
            moving: false,
            cover: Cover::None,
            firers_shaken: false,
            deep_target: false,
            first_volley: false,
            skirmishers: false,
            target_skirmishers_or_crew: false,
        }
    }
}

/// Hits scored and the casualties left once the saves are thrown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Volley {
    pub hits: u32,
    pub casualties: u32,
}

impl fmt::Display for Volley {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} hits, {} casualties", self.hits, self.casualties)
    }
}

/// The dice thrown: those at the usual score and those of one or two figures left over,
/// which need one more (ruling R3).
pub fn dice(t: &Tables, s: &Situation) -> (u32, u32) {
    let f = &t.fire;
    if s.weapon.is_artillery() {
        let each = if s.weapon.is_canister() {
            f.dice_a_gun_canister
        } else {
            f.dice_a_gun
        };
        return (s.guns * each, 0);
    }
    let per = f.figures_a_die.max(1);
    let (full, left) = (s.figures / per, s.figures % per);
    if left >= f.remainder_counts_from {
        (full + 1, 0)
    } else if left > 0 {
        (full, 1)
    } else {
        (full, 0)
    }
}

/// The modifiers to the score that hits, for the dice at the usual score.
pub fn modifiers(t: &Tables, s: &Situation) -> Vec<Modifier> {
    let f = &t.fire;
    let mut m = Vec::new();
    add(&mut m, s.range == Band::Long, f.long_range, "long range");
    add(&mut m, s.moving, f.moving, "moving");
    add(&mut m, s.cover != Cover::None, f.cover, "target in cover");
    add(&mut m, s.firers_shaken, f.firers_shaken, "firers shaken");
    add(
        &mut m,
        s.deep_target && s.weapon.is_artillery(),
        f.deep_target,
        "artillery at more than two ranks",
    );
    add(
        &mut m,
        s.first_volley && !s.skirmishers,
        f.first_volley,
        "first volley of the day",
    );
    add(&mut m, s.range == Band::Short, f.short_range, "short range");
    m
}

/// The modifiers to the score that saves.
pub fn save_modifiers(t: &Tables, s: &Situation) -> Vec<Modifier> {
    let f = &t.fire;
    let mut m = Vec::new();
    add(
        &mut m,
        s.weapon.is_artillery() && s.cover != Cover::Hard,
        f.save_artillery,
        "shot at by artillery, not in hard cover",
    );
    add(
        &mut m,
        s.cover == Cover::Hard && (s.weapon.is_small_arms() || s.weapon.is_canister()),
        f.save_hard_cover,
        "in hard cover against small arms or canister",
    );
    add(
        &mut m,
        s.target_skirmishers_or_crew,
        f.save_skirmishers_or_crew,
        "skirmishers or gun crew",
    );
    m
}

fn few_modifiers(t: &Tables, s: &Situation) -> Vec<Modifier> {
    let mut m = modifiers(t, s);
    add(&mut m, true, t.fire.few_figures, "1 or 2 figures firing");
    m
}

/// The dice of a volley at its target, with their modifiers.
fn strike<'a>(t: &Tables, s: &Situation, who: &'a str) -> Strike<'a> {
    Strike {
        rule: RULE,
        purpose: "fire",
        who,
        dice: dice(t, s),
        hit: t.fire.hit,
        m: modifiers(t, s),
        few_m: few_modifiers(t, s),
        save: t.fire.save,
        save_m: save_modifiers(t, s),
    }
}

pub fn roll(t: &Tables, s: &Situation, dice: &mut dyn Dice) -> (Vec<Explanation>, Volley) {
    let mut out = Vec::new();
    let (hits, casualties) = strike(t, s, s.weapon.name()).roll(t.dice, dice, &mut out);
    (out, Volley { hits, casualties })
}

/// Fire, for the odds and the table companion.
pub struct FireRoll;

impl Resolution<Tables> for FireRoll {
    type Situation = Situation;
    type Outcome = Volley;

    fn about(&self) -> About {
        About {
            name: "fire",
            title: "Fire",
            section: RULE,
            modifiers: RULE,
            summary:
                "the hits of a unit's or battery's fire and the casualties left after the saves",
            dice: "1d6 a 4 figures or a gun (2 with canister), then 1d6 a hit",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.weapon.is_small_arms() && !(1..=200).contains(&s.figures) {
            out.push(Problem::new(
                "figures",
                format!("{} figures", s.figures),
                "give the figures firing, 1 to 200",
            ));
        }
        if s.weapon.is_artillery() && !(1..=24).contains(&s.guns) {
            out.push(Problem::new(
                "guns",
                format!("{} guns", s.guns),
                "give the guns firing, 1 to 24",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        modifiers(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Volley {
        let (e, v) = roll(t, s, dice);
        rolls.extend(e);
        v
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Volley> {
        strike(t, s, "")
            .odds_of_hits(t.dice)
            .then(|(hits, casualties)| Exact::certain(Volley { hits, casualties }))
    }

    fn counts(&self, v: &Volley) -> Vec<(&'static str, f64)> {
        vec![("casualties", f64::from(v.casualties))]
    }
}
