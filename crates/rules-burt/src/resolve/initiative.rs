//! The throw for the initiative ("Burt 3", phase 2): each side throws a die and the higher
//! chooses who goes first; equal throws are thrown again (ruling R7).

use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

use crate::tables::Tables;

pub const RULE: &str = "Burt 3 Sequence of play (initiative)";

/// Nothing changes the throw: the situation has no facts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {}

/// Which side chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Winner(pub u8);

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "side {} chooses", self.0)
    }
}

/// Throw until the dice differ: the side with the higher die, and each throw explained.
pub fn roll(dice: &mut dyn Dice) -> (Explanation, Winner) {
    let mut e = Explanation::new(RULE);
    loop {
        dice.round();
        let a = dice.roll(6, "initiative, first side");
        let b = dice.roll(6, "initiative, second side");
        e.dice.extend([a, b]);
        if a != b {
            let w = Winner(u8::from(b > a));
            e.row = format!("{a} against {b}").into();
            e.result = w.to_string().into();
            return (e, w);
        }
    }
}

pub struct Initiative;

impl Resolution<Tables> for Initiative {
    type Situation = Situation;
    type Outcome = Winner;

    fn about(&self) -> About {
        About {
            name: "initiative",
            title: "Initiative",
            section: RULE,
            modifiers: RULE,
            summary: "which side chooses who goes first this turn",
            dice: "1d6 each side, the higher chooses, equal throws again",
        }
    }

    fn modifiers(&self, _: &Tables, _: &Situation) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        _: &Tables,
        _: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Winner {
        let (e, w) = roll(dice);
        rolls.push(e);
        w
    }

    fn odds(&self, _: &Tables, _: &Situation) -> Exact<Winner> {
        // Each unequal throw has its mirror: the sides are alike.
        let mut out = Exact::new();
        let (a, b) = (Winner(0), Winner(1));
        let once = Exact::of_throws(&[6, 6], |f| match f[0].cmp(&f[1]) {
            std::cmp::Ordering::Greater => Some(a),
            std::cmp::Ordering::Less => Some(b),
            std::cmp::Ordering::Equal => None,
        });
        let decided: grognard_engine::resolution::Chance = once
            .outcomes
            .iter()
            .filter(|(w, _)| w.is_some())
            .map(|(_, p)| *p)
            .sum();
        for (w, p) in once.outcomes {
            if let Some(w) = w {
                out.add(w, p / decided);
            }
        }
        out
    }
}
