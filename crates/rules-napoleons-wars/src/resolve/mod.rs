//! The book's resolutions as pure functions of a situation's facts and the dice.
//!
//! Each takes a small struct of facts (what the battle measured, or what a player at the
//! table says), rolls through a [`Dice`](grognard_engine::Dice) source, and returns the
//! explanation of every roll with the result read from the table. The same functions give
//! exact odds through [`grognard_engine::dice::distribution`], so the battle, the table
//! companion and the AI share one reading of each table.

pub mod combat;
pub mod facts;
pub mod final_fire;
pub mod fire;
pub mod initiative;
pub mod maneuver;
pub mod morale;
pub mod officer;
pub mod pursuit;
pub mod rally;
pub mod reaction;
pub mod resolutions;
pub mod skirmish;

use grognard_engine::{Dice, Explanation, Modifier};

/// Roll 2d6 for `purpose` into a fresh explanation of `rule` carrying `modifiers`.
pub(crate) fn roll_2d6(
    dice: &mut dyn Dice,
    rule: &'static str,
    purpose: &'static str,
    modifiers: Vec<Modifier>,
) -> Explanation {
    let mut e = Explanation::new(rule);
    e.dice = vec![dice.roll(6, purpose), dice.roll(6, purpose)];
    e.modifiers = modifiers;
    e.tally();
    e
}

/// The natural (unmodified) total of an explanation's dice.
pub(crate) fn natural(e: &Explanation) -> i32 {
    e.dice.iter().map(|d| *d as i32).sum()
}

/// Push `value` with `reason` when `cond` holds and the value is not zero.
pub(crate) fn add(m: &mut Vec<Modifier>, cond: bool, value: i32, reason: &'static str) {
    if cond && value != 0 {
        m.push(Modifier::new(value, reason));
    }
}
