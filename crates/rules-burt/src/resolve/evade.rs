//! Evading an assault ("Burt 9"): the unit turns about and goes back a normal move, plus
//! one die and less another.

use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation};
use serde::{Deserialize, Serialize};

use crate::tables::Tables;

pub const RULE: &str = "Burt 9 Assault (evading)";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The unit's normal move, in inches.
    pub normal_move: f64,
}

impl Default for Situation {
    fn default() -> Self {
        Situation { normal_move: 8.0 }
    }
}

/// Inches evaded: the normal move plus the first die less the second, never below none.
pub fn distance(normal: f64, plus: u8, minus: u8) -> f64 {
    (normal + f64::from(plus) - f64::from(minus)).max(0.0)
}

pub fn roll(s: &Situation, dice: &mut dyn Dice) -> (Explanation, f64) {
    let plus = dice.roll(6, "evasion, added");
    let minus = dice.roll(6, "evasion, taken away");
    let d = distance(s.normal_move, plus, minus);
    let mut e = Explanation::new(RULE);
    e.dice = vec![plus, minus];
    e.row = format!("a normal move of {}\" + {plus} - {minus}", s.normal_move).into();
    e.total = i32::from(plus) - i32::from(minus);
    e.result = format!("evades {d:.0}\"").into();
    (e, d)
}

pub struct Evasion;

impl Resolution<Tables> for Evasion {
    type Situation = Situation;
    /// Whole inches gone back (the normal move is whole in the book's table).
    type Outcome = i32;

    fn about(&self) -> About {
        About {
            name: "evade",
            title: "Evasion",
            section: RULE,
            modifiers: RULE,
            summary: "how far a unit evading an assault goes back",
            dice: "a normal move + 1d6 - 1d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        if s.normal_move.is_finite() && (0.0..=48.0).contains(&s.normal_move) {
            Vec::new()
        } else {
            vec![Problem::new(
                "normal_move",
                format!("{}\"", s.normal_move),
                "give the unit's normal move in inches, e.g. 6",
            )]
        }
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
    ) -> i32 {
        let (e, d) = roll(s, dice);
        rolls.push(e);
        d.round() as i32
    }

    fn odds(&self, _: &Tables, s: &Situation) -> Exact<i32> {
        Exact::of_throws(&[6, 6], |f| {
            distance(s.normal_move, f[0], f[1]).round() as i32
        })
    }

    fn counts(&self, n: &i32) -> Vec<(&'static str, f64)> {
        vec![("inches", f64::from(*n))]
    }
}
