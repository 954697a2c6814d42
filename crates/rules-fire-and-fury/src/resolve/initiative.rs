//! Roll-offs: the initiative interphase ("NFF Sequence 1", optional), where each army
//! commander throws a d10 with his modifier and the higher total chooses to be first or
//! second player; and the Prime Directive ("NFF Prime Directive"), a plain d10 each to
//! settle a dispute. Equal totals are thrown again (Grognard's ruling; the module is
//! silent).

use super::d10;
use crate::modifiers::Commander;
use crate::tables::Tables;
use grognard_engine::resolution::{About, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "NFF Sequence 1 (initiative)";
pub const DISPUTE: &str = "NFF Prime Directive";

/// The two army commanders.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The first army's commander, by the module's lists.
    pub a: Commander,
    /// The second army's commander.
    pub b: Commander,
}

/// Which army won the roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    A,
    B,
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Winner::A => write!(f, "the first army wins"),
            Winner::B => write!(f, "the second army wins"),
        }
    }
}

/// Throw a d10 each, with these modifiers, until the totals differ.
fn roll_off(
    rule: &'static str,
    a: &[Modifier],
    b: &[Modifier],
    dice: &mut dyn Dice,
    rolls: &mut Vec<Explanation>,
) -> Winner {
    loop {
        dice.round();
        let mut x = d10(rule, "first army", a.to_vec(), dice);
        let mut y = d10(rule, "second army", b.to_vec(), dice);
        let w = match x.total.cmp(&y.total) {
            std::cmp::Ordering::Greater => Some(Winner::A),
            std::cmp::Ordering::Less => Some(Winner::B),
            std::cmp::Ordering::Equal => None,
        };
        x.row = "first army".into();
        y.row = "second army".into();
        let said = w.map_or("equal: thrown again".to_string(), |w| w.to_string());
        x.result = said.clone().into();
        y.result = said.into();
        rolls.extend([x, y]);
        if let Some(w) = w {
            return w;
        }
    }
}

/// Each army commander's modifier.
fn commander(t: &Tables, c: Commander, whose: &str) -> Vec<Modifier> {
    vec![t.modifiers.commanders.modifier(c, whose)]
}

pub struct Initiative;

impl Resolution<Tables> for Initiative {
    type Situation = Situation;
    type Outcome = Winner;

    fn about(&self) -> About {
        About {
            name: "initiative",
            title: "Initiative (optional)",
            section: RULE,
            modifiers: "NFF Sequence 1a-f",
            summary: "which army chooses to be first or second player this turn",
            dice: "1d10 each army commander, the higher total chooses, equal totals again",
        }
    }

    /// The first army's modifiers, and the second's counted against it: their sum is how
    /// far the first army's die is ahead.
    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        let mut m = commander(t, s.a, "the first army's commander");
        m.extend(super::against(commander(
            t,
            s.b,
            "the second army's commander",
        )));
        m
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Winner {
        let a = commander(t, s.a, "the first army's commander");
        let b = commander(t, s.b, "the second army's commander");
        roll_off(RULE, &a, &b, dice, rolls)
    }

    fn rounds(&self, _: &Tables, _: &Situation) -> Option<usize> {
        Some(1)
    }
}

/// A dispute has no facts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Dispute {}

pub struct PrimeDirective;

impl Resolution<Tables> for PrimeDirective {
    type Situation = Dispute;
    type Outcome = Winner;

    fn about(&self) -> About {
        About {
            name: "dispute",
            title: "The Prime Directive",
            section: DISPUTE,
            modifiers: DISPUTE,
            summary: "settles a question the rules do not: the higher die has it its way",
            dice: "1d10 each side, equal throws again",
        }
    }

    fn modifiers(&self, _: &Tables, _: &Dispute) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        _: &Tables,
        _: &Dispute,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Winner {
        roll_off(DISPUTE, &[], &[], dice, rolls)
    }

    fn rounds(&self, _: &Tables, _: &Dispute) -> Option<usize> {
        Some(1)
    }
}
