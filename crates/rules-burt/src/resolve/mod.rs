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

/// One side's dice at a target: `n` dice needing `hit` with `m`, `few` more for the
/// figures left over needing `hit` with `few_m` (ruling R3), then a save needing `save`
/// with `save_m` for every hit. `who` heads each row ("muskets", "the assaulters").
pub(crate) struct Strike<'a> {
    pub rule: &'static str,
    pub purpose: &'static str,
    pub who: &'a str,
    pub dice: (u32, u32),
    pub hit: i32,
    pub m: Vec<Modifier>,
    pub few_m: Vec<Modifier>,
    pub save: i32,
    pub save_m: Vec<Modifier>,
}

impl Strike<'_> {
    /// The hits and the casualties left after the saves, each throw explained into `out`.
    pub(crate) fn roll(
        self,
        reading: Reading,
        dice: &mut dyn Dice,
        out: &mut Vec<Explanation>,
    ) -> (u32, u32) {
        let (n, few) = self.dice;
        let who = self.who;
        let need = needed(self.hit, &self.m);
        let (mut e, mut hits) = throws(reading, n, need, dice, self.rule, self.purpose, self.m);
        e.row = format!("{who}: {n} dice, hit on {need}").into();
        e.result = format!("{hits} hits").into();
        out.push(e);
        if few > 0 {
            let need = needed(self.hit, &self.few_m);
            let (mut e, h) = throws(
                reading,
                few,
                need,
                dice,
                self.rule,
                self.purpose,
                self.few_m,
            );
            e.row = format!("{who}: the figures left over, hit on {need}").into();
            e.result = format!("{h} hits").into();
            hits += h;
            out.push(e);
        }
        let need = needed(self.save, &self.save_m);
        let (mut e, saved) = throws(reading, hits, need, dice, self.rule, "save", self.save_m);
        e.row = format!("{hits} saves against {who}, each on {need}").into();
        let casualties = hits - saved;
        e.result = format!("{casualties} casualties").into();
        out.push(e);
        (hits, casualties)
    }

    /// The casualties, exactly.
    pub(crate) fn odds(&self, reading: Reading) -> grognard_engine::resolution::Exact<u32> {
        self.odds_of_hits(reading)
            .then(|(_, c)| grognard_engine::resolution::Exact::certain(c))
    }

    /// Hits and casualties, exactly.
    pub(crate) fn odds_of_hits(
        &self,
        reading: Reading,
    ) -> grognard_engine::resolution::Exact<(u32, u32)> {
        use grognard_engine::resolution::{binomial, Exact};
        let (n, few) = self.dice;
        let p = chance(reading, needed(self.hit, &self.m));
        let p_few = chance(reading, needed(self.hit, &self.few_m));
        let lost = Chance::from_integer(1) - chance(reading, needed(self.save, &self.save_m));
        binomial(n, p)
            .then(|a| binomial(few, p_few).then(move |b| Exact::certain(a + b)))
            .then(|hits| binomial(hits, lost).then(move |c| Exact::certain((hits, c))))
    }
}
