//! Every roll of the book as a pure function of a situation's facts and the dice.
//!
//! Each roll takes a small struct of facts (what a player at the table states, or what the
//! battle measures), throws through a [`Dice`] source, explains every throw with its
//! modifiers and section, and returns the final outcome. Its exact odds come from the same
//! facts, counted.

pub mod evade;
pub mod fire;
pub mod guns;
pub mod initiative;
pub mod melee;
pub mod morale;
pub mod resolutions;

use crate::dice::{self, Reading};
use grognard_engine::resolution::Chance;
use grognard_engine::{Dice, Explanation, Modifier};

/// Push `value` with `reason` when `cond` holds and the value is not zero.
pub(crate) fn add(m: &mut Vec<Modifier>, cond: bool, value: i32, reason: &'static str) {
    if cond && value != 0 {
        m.push(Modifier::new(value, reason));
    }
}

/// The score needed: the book's `base` with every modifier added to it.
pub(crate) fn needed(base: i32, modifiers: &[Modifier]) -> i32 {
    base + modifiers.iter().map(|m| m.value).sum::<i32>()
}

/// Throw the book's die `n` times, each needing `need`: how many reach it, explained.
pub(crate) fn throws(
    reading: Reading,
    n: u32,
    need: i32,
    dice: &mut dyn Dice,
    rule: &'static str,
    purpose: &'static str,
    modifiers: Vec<Modifier>,
) -> (Explanation, u32) {
    let mut e = Explanation::new(rule);
    e.modifiers = modifiers;
    let mut reached = 0;
    for _ in 0..n {
        let (ok, faces) = dice::reaches(reading, need, dice, purpose);
        e.dice.extend(faces);
        reached += u32::from(ok);
    }
    e.tally();
    (e, reached)
}

/// The chance the book's die reaches `need`, as an exact chance.
pub(crate) fn chance(reading: Reading, need: i32) -> Chance {
    let c = dice::chance(reading, need);
    Chance::new(u128::from(*c.numer()), u128::from(*c.denom()))
}
