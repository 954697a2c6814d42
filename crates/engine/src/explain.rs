//! The explanation every resolution carries: dice, modifiers with reasons, total, the table
//! row read, and the rule section it came from.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

pub type Text = Cow<'static, str>;

/// One modifier and why it applies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub value: i32,
    pub reason: Text,
}

impl Modifier {
    pub fn new(value: i32, reason: impl Into<Text>) -> Self {
        Modifier {
            value,
            reason: reason.into(),
        }
    }
}

/// How one roll was resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Explanation {
    /// The rule section, e.g. "2x2 Resolving shooting".
    pub rule: Text,
    /// The faces rolled.
    pub dice: Vec<u8>,
    pub modifiers: Vec<Modifier>,
    /// Dice plus modifiers.
    pub total: i32,
    /// The table row read, e.g. "7".
    pub row: Text,
    /// What the row says, e.g. "target routs".
    pub result: Text,
}

impl Explanation {
    pub fn new(rule: impl Into<Text>) -> Self {
        Explanation {
            rule: rule.into(),
            ..Default::default()
        }
    }

    pub fn modifier_sum(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }

    /// Set the total from the dice and modifiers.
    pub fn tally(&mut self) -> i32 {
        self.total = self.dice.iter().map(|d| *d as i32).sum::<i32>() + self.modifier_sum();
        self.total
    }
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.dice.as_slice() {
            [] => write!(f, "no roll")?,
            [d] => write!(f, "die {d}")?,
            ds => {
                let s: Vec<String> = ds.iter().map(|d| d.to_string()).collect();
                write!(f, "dice {}", s.join("+"))?
            }
        }
        for m in &self.modifiers {
            write!(f, ", {:+} {}", m.value, m.reason)?;
        }
        write!(f, " = {}", self.total)?;
        if !self.row.is_empty() {
            write!(f, " (row {})", self.row)?;
        }
        if !self.result.is_empty() {
            write!(f, ": {}", self.result)?;
        }
        write!(f, " [{}]", self.rule)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_dice_modifiers_total_and_rule() {
        let mut e = Explanation::new("2x2 Resolving shooting");
        e.dice = vec![4];
        e.modifiers.push(Modifier::new(1, "first volley"));
        e.modifiers.push(Modifier::new(2, "target is cavalry"));
        e.tally();
        e.row = "7".into();
        e.result = "target routs".into();
        assert_eq!(
            e.to_string(),
            "die 4, +1 first volley, +2 target is cavalry = 7 (row 7): target routs [2x2 Resolving shooting]"
        );
    }
}
