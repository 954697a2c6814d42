//! Artillery fire ("B&P Fire Combat", artillery). Round shot, from 6" to 18": one die for
//! each unit the shot's line touches, through at most four ranks. Canister, within 6": one
//! die for each figure inside the blast, a 60-degree triangle from the muzzle. Either way a
//! face of 3 or less hits, 2 or less against a defended target, 1 against a strong one, and
//! each hit is one figure lost (ruling B5).

use super::{figures, throw};
use crate::tables::{Cover, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "B&P Fire Combat, artillery";

/// Round shot as a player states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RoundShot {
    /// Units the shot's line touches, in its first four ranks.
    pub targets: u32,
    /// Where the targets stand: `open`, `defended` or `strong`.
    pub cover: Cover,
}

impl Default for RoundShot {
    fn default() -> Self {
        RoundShot {
            targets: 1,
            cover: Cover::Open,
        }
    }
}

/// Canister as a player states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Canister {
    /// Figures inside the blast.
    pub figures: u32,
    /// Where they stand: `open`, `defended` or `strong`.
    pub cover: Cover,
}

impl Default for Canister {
    fn default() -> Self {
        Canister {
            figures: 6,
            cover: Cover::Open,
        }
    }
}

/// Hits scored: one figure lost for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hits {
    pub hits: u32,
    /// Dice thrown.
    pub of: u32,
}

impl fmt::Display for Hits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} of {} dice hit: {} lost",
            self.hits,
            self.of,
            figures(self.hits)
        )
    }
}

/// One die for each target or figure; each face of `hits_on` or less is a hit.
fn roll(
    t: &Tables,
    n: u32,
    cover: Cover,
    purpose: &'static str,
    dice: &mut dyn Dice,
) -> (Explanation, Hits) {
    let on = t.artillery.hits_on(cover);
    let mut e = throw(dice, n as usize, RULE, purpose, Vec::new());
    let hits = e.dice.iter().filter(|d| **d <= on).count() as u32;
    e.row = format!("{on} or less hits, {}", cover.name()).into();
    e.result = format!("{hits} hit").into();
    (e, Hits { hits, of: n })
}

/// The chance of each number of hits among `n` dice, each hitting on `on` or less: the
/// binomial count, exact, however many dice.
fn binomial(n: u32, on: u8) -> Exact<Hits> {
    grognard_engine::resolution::binomial(n, Chance::new(u128::from(on.min(6)), 6))
        .then(|hits| Exact::certain(Hits { hits, of: n }))
}

fn count_problem(path: &str, n: u32, most: u32, what: &str) -> Option<Problem> {
    (n == 0 || n > most).then(|| {
        Problem::new(
            path.to_string(),
            format!("{n} {what}"),
            format!("give 1 to {most} {what}"),
        )
    })
}

/// Round shot, for the odds and the table companion.
pub struct RoundShotRoll;

impl Resolution<Tables> for RoundShotRoll {
    type Situation = RoundShot;
    type Outcome = Hits;

    fn about(&self) -> About {
        About {
            name: "round_shot",
            title: "Round shot",
            section: RULE,
            modifiers: RULE,
            summary: "which of the units along the shot's line (four ranks at most) lose a figure",
            dice: "1d6 a target",
        }
    }

    fn problems(&self, t: &Tables, s: &RoundShot) -> Vec<Problem> {
        count_problem(
            "targets",
            s.targets,
            t.artillery.ranks_penetrated,
            "targets",
        )
        .into_iter()
        .collect()
    }

    fn modifiers(&self, _: &Tables, _: &RoundShot) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &RoundShot,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Hits {
        let (e, h) = roll(t, s.targets, s.cover, "round shot", dice);
        rolls.push(e);
        h
    }

    fn odds(&self, t: &Tables, s: &RoundShot) -> Exact<Hits> {
        binomial(s.targets, t.artillery.hits_on(s.cover))
    }

    fn counts(&self, o: &Hits) -> Vec<(&'static str, f64)> {
        vec![("figures lost", o.hits as f64)]
    }
}

/// The most figures one canister blast may hold: exact odds of more dice than this would
/// need fractions larger than the odds are counted in (six to the power of the dice).
pub const MOST_IN_BLAST: u32 = 48;

/// Canister, for the odds and the table companion.
pub struct CanisterRoll;

impl Resolution<Tables> for CanisterRoll {
    type Situation = Canister;
    type Outcome = Hits;

    fn about(&self) -> About {
        About {
            name: "canister",
            title: "Canister",
            section: RULE,
            modifiers: RULE,
            summary: "how many of the figures inside the canister's blast are hit",
            dice: "1d6 a figure",
        }
    }

    fn problems(&self, _: &Tables, s: &Canister) -> Vec<Problem> {
        count_problem("figures", s.figures, MOST_IN_BLAST, "figures")
            .into_iter()
            .collect()
    }

    fn modifiers(&self, _: &Tables, _: &Canister) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Canister,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Hits {
        let (e, h) = roll(t, s.figures, s.cover, "canister", dice);
        rolls.push(e);
        h
    }

    fn odds(&self, t: &Tables, s: &Canister) -> Exact<Hits> {
        binomial(s.figures, t.artillery.hits_on(s.cover))
    }

    fn counts(&self, o: &Hits) -> Vec<(&'static str, f64)> {
        vec![("figures lost", o.hits as f64)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The binomial count and the walk of every throw agree.
    #[test]
    fn counted_odds_are_the_walked_odds() {
        let t = Tables::default();
        for cover in [Cover::Open, Cover::Defended, Cover::Strong] {
            for targets in 1..=4 {
                let s = RoundShot { targets, cover };
                let walked = grognard_engine::resolution::walk(8, |d| {
                    RoundShotRoll.resolve(&t, &s, d, &mut Vec::new())
                });
                let counted = RoundShotRoll.odds(&t, &s);
                for (o, p) in &walked.outcomes {
                    assert_eq!(counted.chance(|c| c == o), *p, "{s:?} {o}");
                }
                assert_eq!(walked.outcomes.len(), counted.outcomes.len());
            }
        }
    }

    #[test]
    fn a_big_blast_is_counted_exactly() {
        let t = Tables::default();
        let odds = CanisterRoll.odds(
            &t,
            &Canister {
                figures: 48,
                cover: Cover::Open,
            },
        );
        let all: Chance = odds.outcomes.iter().map(|(_, p)| *p).sum();
        assert_eq!(all, Chance::from_integer(1));
        // Half the figures hit on average.
        let mean: Chance = odds
            .outcomes
            .iter()
            .map(|(h, p)| *p * Chance::from_integer(u128::from(h.hits)))
            .sum();
        assert_eq!(mean, Chance::from_integer(24));
    }
}
