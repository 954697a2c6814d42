//! Every roll of the book as a pure function of a situation's facts and the dice.
//!
//! Each roll takes a small struct of facts (what a player at the table states, or what the
//! battle measures), throws through a [`Dice`] source, explains every throw with its
//! modifiers and section, and returns the final outcome. Its exact odds come from the same
//! code, by walking every throw, or by counting where the dice are many.

pub mod artillery;
pub mod buildings;
pub mod command;
pub mod control;
pub mod fire;
pub mod melee;
pub mod morale;
pub mod resolutions;

use grognard_engine::{Dice, Explanation, Modifier};

/// Throw `n` six-sided dice for `purpose` into a fresh explanation of `rule` carrying
/// `modifiers`, its total tallied.
pub(crate) fn throw(
    dice: &mut dyn Dice,
    n: usize,
    rule: &'static str,
    purpose: &'static str,
    modifiers: Vec<Modifier>,
) -> Explanation {
    let mut e = Explanation::new(rule);
    e.dice = (0..n).map(|_| dice.roll(6, purpose)).collect();
    e.modifiers = modifiers;
    e.tally();
    e
}

/// Push `value` with `reason` when `cond` holds and the value is not zero.
pub(crate) fn add(m: &mut Vec<Modifier>, cond: bool, value: i32, reason: &'static str) {
    if cond && value != 0 {
        m.push(Modifier::new(value, reason));
    }
}

/// "N figure(s)".
pub(crate) fn figures(n: u32) -> String {
    if n == 1 {
        "1 figure".to_string()
    } else {
        format!("{n} figures")
    }
}
