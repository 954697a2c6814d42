//! Musket fire ("B&P Fire Combat"): one die times the figures firing, over ten, fractions
//! dropped, is the number of figures the target loses. Skirmishers, a target in cover, a
//! disrupted or green firer take from the die.

use super::{add, figures, throw};
use crate::tables::{Cover, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "B&P Fire Combat";

/// A volley or skirmish fire as a player states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// Figures firing: those of the stands in the front rank (a column's lead stands).
    pub figures: u32,
    /// The firers are in skirmish order (or stand too far apart to fire a volley).
    pub skirmish: bool,
    /// Where the target stands: `open`, `defended` (uphill or in a wood) or `strong`
    /// (more than one contour up, or behind breastworks).
    pub cover: Cover,
    /// The firers are disrupted ("B&P Rout, Disruption, and Rally").
    pub disrupted: bool,
    /// The firers are green troops (optional rule).
    pub green: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            figures: 12,
            skirmish: false,
            cover: Cover::Open,
            disrupted: false,
            green: false,
        }
    }
}

/// Figures the target loses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hits(pub u32);

impl fmt::Display for Hits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the target loses {}", figures(self.0))
    }
}

pub fn modifiers(t: &Tables, s: &Situation) -> Vec<Modifier> {
    let mut m = Vec::new();
    add(&mut m, s.skirmish, t.fire.skirmish, "skirmish fire");
    add(
        &mut m,
        s.cover == Cover::Defended,
        t.fire.cover(Cover::Defended),
        "target uphill or in a wood",
    );
    add(
        &mut m,
        s.cover == Cover::Strong,
        t.fire.cover(Cover::Strong),
        "target more than one contour up or behind breastworks",
    );
    add(&mut m, s.disrupted, t.fire.disrupted, "firers disrupted");
    add(&mut m, s.green, t.optional.green, "green troops");
    m
}

/// The hits a modified die scores: never below nothing.
pub fn hits(t: &Tables, figures: u32, die: i32) -> u32 {
    (die.max(0) as u32 * figures) / t.fire.divisor.max(1)
}

pub fn roll(t: &Tables, s: &Situation, dice: &mut dyn Dice) -> (Explanation, Hits) {
    let mut e = throw(dice, 1, RULE, "musket fire", modifiers(t, s));
    let n = hits(t, s.figures, e.total);
    e.row = format!("{} x {} / {}", e.total.max(0), s.figures, t.fire.divisor).into();
    e.result = format!("{} hit", figures(n)).into();
    (e, Hits(n))
}

/// Musket fire, for the odds and the table companion.
pub struct MusketRoll;

impl Resolution<Tables> for MusketRoll {
    type Situation = Situation;
    type Outcome = Hits;

    fn about(&self) -> About {
        About {
            name: "musket",
            title: "Musket fire",
            section: RULE,
            modifiers: RULE,
            summary: "how many figures a volley or skirmish fire kills: the die times the figures firing, over ten",
            dice: "1d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.figures == 0 || s.figures > 1000 {
            out.push(Problem::new(
                "figures",
                format!("{} figures firing", s.figures),
                "give the figures of the firing stands, 1 to 1000",
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
    ) -> Hits {
        let (e, h) = roll(t, s, dice);
        rolls.push(e);
        h
    }

    fn counts(&self, o: &Hits) -> Vec<(&'static str, f64)> {
        vec![("figures lost", o.0 as f64)]
    }

    fn roles(&self) -> &'static [&'static str] {
        &[]
    }
}
