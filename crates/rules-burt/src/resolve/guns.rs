//! Guns put out of action ("Burt 6", hits on artillery): the crew is not counted figure by
//! figure. After each casualty a die is thrown, and a score above the gun's crew puts the
//! gun out of action; a hit by ball or shell destroys the gun on a score equal to or above
//! its crew. A battery's casualties fall on one gun after another (ruling R5).

use grognard_engine::files::Problem;
use grognard_engine::resolution::{binomial, About, Chance, Exact, Resolution};
use grognard_engine::{Dice, Explanation};
use serde::{Deserialize, Serialize};

use crate::tables::Tables;

pub const RULE: &str = "Burt 6 Firing (hits on artillery)";

/// The dice a battery throws after it is hit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The crew of one of its guns (3 for a 4pdr, 4 for a 6 or 9pdr, 5 for a 12pdr).
    pub crew: u32,
    /// Casualties by small arms or canister, after the saves.
    pub casualties: u32,
    /// Hits by ball or shell.
    pub ball_hits: u32,
    /// Guns in the battery: no more can be lost.
    pub guns: u32,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            crew: 4,
            casualties: 1,
            ball_hits: 0,
            guns: 2,
        }
    }
}

fn p_casualty(crew: u32) -> Chance {
    Chance::new(6u128.saturating_sub(u128::from(crew.min(6))), 6)
}

fn p_ball(crew: u32) -> Chance {
    Chance::new(7u128.saturating_sub(u128::from(crew.clamp(1, 7))), 6)
}

/// Guns lost, each die explained.
pub fn roll(s: &Situation, dice: &mut dyn Dice) -> (Vec<Explanation>, u32) {
    let mut out = Vec::new();
    let mut lost = 0;
    for (n, ball) in [(s.casualties, false), (s.ball_hits, true)] {
        if n == 0 {
            continue;
        }
        let mut e = Explanation::new(RULE);
        let mut here = 0;
        for _ in 0..n {
            let d = dice.roll(
                6,
                if ball {
                    "ball on a gun"
                } else {
                    "casualty on a gun"
                },
            );
            e.dice.push(d);
            let out = if ball {
                u32::from(d) >= s.crew
            } else {
                u32::from(d) > s.crew
            };
            here += u32::from(out);
        }
        e.tally();
        e.row = if ball {
            format!(
                "{n} ball hits on guns of {} crew: each destroys on {} or more",
                s.crew, s.crew
            )
        } else {
            format!(
                "{n} casualties on guns of {} crew: each silences on more than {}",
                s.crew, s.crew
            )
        }
        .into();
        e.result = format!("{here} guns out of action").into();
        lost += here;
        out.push(e);
    }
    (out, lost.min(s.guns))
}

pub struct GunsOut;

impl Resolution<Tables> for GunsOut {
    type Situation = Situation;
    type Outcome = u32;

    fn about(&self) -> About {
        About {
            name: "guns_out",
            title: "Guns out of action",
            section: RULE,
            modifiers: RULE,
            summary: "how many of a battery's guns its casualties and ball hits put out of action",
            dice: "1d6 a casualty (above the crew) or a ball hit (the crew or above)",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if !(1..=9).contains(&s.crew) {
            out.push(Problem::new(
                "crew",
                format!("{} crew", s.crew),
                "give 3 to 5",
            ));
        }
        if s.casualties + s.ball_hits > 60 {
            out.push(Problem::new(
                "casualties",
                format!("{} dice", s.casualties + s.ball_hits),
                "give at most 60 casualties and hits together",
            ));
        }
        out
    }

    fn modifiers(&self, _: &Tables, _: &Situation) -> Vec<grognard_engine::Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        _: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> u32 {
        let (e, n) = roll(s, dice);
        rolls.extend(e);
        n
    }

    fn odds(&self, _: &Tables, s: &Situation) -> Exact<u32> {
        let most = s.guns;
        binomial(s.casualties, p_casualty(s.crew)).then(|a| {
            binomial(s.ball_hits, p_ball(s.crew)).then(move |b| Exact::certain((a + b).min(most)))
        })
    }

    fn counts(&self, n: &u32) -> Vec<(&'static str, f64)> {
        vec![("guns lost", f64::from(*n))]
    }
}
