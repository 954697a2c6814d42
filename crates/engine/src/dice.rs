//! Dice: the only source of randomness in Grognard.
//!
//! A resolution asks a [`Dice`] for each die it needs and names why. Sources:
//! - [`Seeded`]: a PCG generator from a `u64` seed, for battles and Monte Carlo;
//! - [`Scripted`]: faces given in advance, for tests and the books' worked examples;
//! - [`distribution`]: walks every branch of the rolls a resolution asks for and returns
//!   each outcome with its exact probability;
//! - [`Logged`]: wraps any source and keeps every roll with its purpose.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// A source of die faces.
pub trait Dice {
    /// Roll one die with `sides` faces and return a face in `1..=sides`. `purpose` says what
    /// the roll decides ("shooting", "rout survival", ...).
    fn roll(&mut self, sides: u8, purpose: &'static str) -> u8;

    /// A uniform choice in `0..n` (n > 0), for players choosing among many options.
    /// Built from d128 rolls unless a source has a faster way.
    fn below(&mut self, n: u64, purpose: &'static str) -> u64 {
        let mut x: u64 = 0;
        for _ in 0..8 {
            x = (x << 7) | (self.roll(128, purpose) as u64 - 1);
        }
        x % n.max(1)
    }

    /// A repeated round of rolls begins: a drawn melee fought again, a tie thrown again.
    /// Dice that walk every throw may stop a branch here; others take no notice.
    fn round(&mut self) {}
}

/// One roll, as logged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub sides: u8,
    pub face: u8,
    pub purpose: std::borrow::Cow<'static, str>,
}

/// Derive the seed of item `index` (a battle in a batch, a player's stream) from a master
/// seed, so that any split of the work gives the same results.
pub fn derive_seed(master: u64, index: u64) -> u64 {
    // SplitMix64 finaliser over the pair.
    let mut z = master
        ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x6A09_E667_F3BC_C909);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Dice from a seeded PCG generator. Faces are drawn from raw 64-bit outputs by rejection,
/// in this crate's own code, so a seed gives the same faces whatever `rand` version is used.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Seeded {
    rng: Pcg64Mcg,
}

impl Seeded {
    pub fn new(seed: u64) -> Self {
        Seeded {
            rng: Pcg64Mcg::seed_from_u64(seed),
        }
    }

    /// A uniform integer in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - (u64::MAX % n) - 1;
        loop {
            let x = self.rng.next_u64();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// A uniform float in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

impl Dice for Seeded {
    #[inline]
    fn roll(&mut self, sides: u8, _purpose: &'static str) -> u8 {
        Seeded::below(self, sides.max(1) as u64) as u8 + 1
    }

    fn below(&mut self, n: u64, _purpose: &'static str) -> u64 {
        Seeded::below(self, n.max(1))
    }
}

/// Dice whose faces are given in advance. Running out is a bug in the test that set it up,
/// so it panics with the purpose of the roll that found the script empty.
#[derive(Debug, Clone, Default)]
pub struct Scripted {
    faces: Vec<u8>,
    next: usize,
}

impl Scripted {
    pub fn new(faces: &[u8]) -> Self {
        Scripted {
            faces: faces.to_vec(),
            next: 0,
        }
    }

    /// Faces not yet used.
    pub fn remaining(&self) -> &[u8] {
        &self.faces[self.next..]
    }
}

impl Dice for Scripted {
    fn roll(&mut self, sides: u8, purpose: &'static str) -> u8 {
        let face = *self.faces.get(self.next).unwrap_or_else(|| {
            panic!(
                "scripted dice ran out at roll {} ({purpose})",
                self.next + 1
            )
        });
        assert!(
            (1..=sides).contains(&face),
            "scripted face {face} is not on a d{sides} ({purpose})"
        );
        self.next += 1;
        face
    }
}

/// Dice a player threw by hand, given in the order the rolls are made. It never panics: a
/// roll asked for past the last face given, or a face its die does not have, is noted and
/// answered with a 1, and [`Entered::problem`] says afterwards what was wrong.
#[derive(Debug, Clone, Default)]
pub struct Entered {
    faces: Vec<u8>,
    /// Each roll asked for: the die's sides and what it decided.
    pub asked: Vec<(u8, &'static str)>,
}

impl Entered {
    pub fn new(faces: &[u8]) -> Self {
        Entered {
            faces: faces.to_vec(),
            asked: Vec::new(),
        }
    }

    /// What was wrong with the faces given, once the rolls are made: too few, too many, or a
    /// face that is not on its die.
    pub fn problem(&self) -> Option<String> {
        let dice: Vec<String> = self
            .asked
            .iter()
            .map(|(s, why)| format!("d{s} for {why}"))
            .collect();
        let needed = format!(
            "{} {} thrown ({})",
            self.asked.len(),
            if self.asked.len() == 1 {
                "die is"
            } else {
                "dice are"
            },
            dice.join(", ")
        );
        if self.faces.len() != self.asked.len() {
            return Some(format!("{needed}; {} given", self.faces.len()));
        }
        for (i, ((sides, why), face)) in self.asked.iter().zip(&self.faces).enumerate() {
            if !(1..=*sides).contains(face) {
                return Some(format!(
                    "die {} is a d{sides} for {why}: {face} is not one of its faces",
                    i + 1
                ));
            }
        }
        None
    }
}

impl Dice for Entered {
    fn roll(&mut self, sides: u8, purpose: &'static str) -> u8 {
        let i = self.asked.len();
        self.asked.push((sides, purpose));
        match self.faces.get(i) {
            Some(f) if (1..=sides).contains(f) => *f,
            _ => 1,
        }
    }
}

/// Any source, with every roll kept.
#[derive(Debug, Clone)]
pub struct Logged<D> {
    pub inner: D,
    pub log: Vec<Roll>,
}

impl<D: Dice> Logged<D> {
    pub fn new(inner: D) -> Self {
        Logged {
            inner,
            log: Vec::new(),
        }
    }
}

impl<D: Dice> Dice for Logged<D> {
    fn roll(&mut self, sides: u8, purpose: &'static str) -> u8 {
        let face = self.inner.roll(sides, purpose);
        self.log.push(Roll {
            sides,
            face,
            purpose: purpose.into(),
        });
        face
    }
}

/// The exact outcome distribution of a resolution.
#[derive(Debug, Clone, PartialEq)]
pub struct Distribution<T> {
    /// Each distinct outcome with its probability.
    pub outcomes: Vec<(T, f64)>,
    /// Probability mass of branches deeper than the depth limit (re-rolls without end).
    pub unresolved: f64,
}

impl<T: PartialEq> Distribution<T> {
    /// Add `p` to the chance of `outcome`; an outcome not seen before goes last.
    pub fn add(&mut self, outcome: T, p: f64) {
        match self.outcomes.iter_mut().find(|(o, _)| *o == outcome) {
            Some(slot) => slot.1 += p,
            None => self.outcomes.push((outcome, p)),
        }
    }

    /// The exact distribution of `outcome` over every throw of dice with these numbers of
    /// faces, counted directly. The throws are taken in the order [`distribution`] walks
    /// them, so for a resolution that rolls exactly these dice the two give the same outcomes
    /// in the same order with the same sums; this is for resolutions whose outcome is cheap
    /// to find from the faces alone.
    pub fn of_throws(faces: &[u8], outcome: impl Fn(&[u8]) -> T) -> Distribution<T> {
        let p: f64 = faces.iter().map(|s| 1.0 / *s as f64).product();
        let mut dist = Distribution {
            outcomes: Vec::new(),
            unresolved: 0.0,
        };
        each_throw(faces, |throw| dist.add(outcome(throw), p));
        dist
    }

    /// The exact distribution of `outcome` over throws of dice with these numbers of faces,
    /// a throw that decides nothing (`None`, a drawn round) being thrown again until one
    /// does. Counted directly, in the order [`distribution`] walks the throws, it equals
    /// walking the same resolution one throw deep and taking [`Distribution::conditional`].
    pub fn of_throws_again(faces: &[u8], outcome: impl Fn(&[u8]) -> Option<T>) -> Distribution<T>
    where
        T: Clone,
    {
        let p: f64 = faces.iter().map(|s| 1.0 / *s as f64).product();
        let mut dist = Distribution {
            outcomes: Vec::new(),
            unresolved: 0.0,
        };
        each_throw(faces, |throw| match outcome(throw) {
            Some(o) => dist.add(o, p),
            None => dist.unresolved += p,
        });
        dist.conditional()
    }

    /// Probability of outcomes satisfying `pred`.
    pub fn probability(&self, pred: impl Fn(&T) -> bool) -> f64 {
        self.outcomes
            .iter()
            .filter(|(t, _)| pred(t))
            .map(|(_, p)| p)
            .sum()
    }

    /// The distribution given that the resolution ended within the depth limit. For a
    /// resolution that re-rolls identical rounds until one decides (a drawn melee), this is
    /// its exact distribution.
    pub fn conditional(&self) -> Distribution<T>
    where
        T: Clone,
    {
        let total = 1.0 - self.unresolved;
        Distribution {
            outcomes: self
                .outcomes
                .iter()
                .map(|(t, p)| (t.clone(), p / total))
                .collect(),
            unresolved: 0.0,
        }
    }
}

/// Every throw of dice with `faces` each, in order, the last die changing fastest (the
/// order a [`Walker`] takes them in).
pub fn each_throw(faces: &[u8], mut f: impl FnMut(&[u8])) {
    let mut throw: Vec<u8> = vec![1; faces.len()];
    loop {
        f(&throw);
        let mut i = faces.len();
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if throw[i] < faces[i] {
                throw[i] += 1;
                break;
            }
            throw[i] = 1;
        }
    }
}

/// Dice that take every branch of a resolution in turn: each run of the resolution follows
/// the faces of the current branch, and [`Walker::next_branch`] moves to the next one.
pub(crate) struct Walker {
    path: Vec<(u8, u8)>,
    pos: usize,
    max_depth: usize,
    /// The rounds a branch may start before it is stopped at the start of the next.
    max_rounds: usize,
    rounds: usize,
    overflow: bool,
    /// The branch was stopped at the start of a round: the dice it throws after count
    /// for nothing.
    stopped: bool,
    scramble: u64,
}

/// How a branch of a walk ended.
pub(crate) struct Branch<'a> {
    /// The sides of every die the branch threw, to the point where it was stopped if it was.
    pub sides: &'a mut dyn Iterator<Item = u8>,
    /// It went past the dice limit and was abandoned.
    pub too_deep: bool,
    /// It was stopped at the start of the round after the last one walked.
    pub stopped: bool,
    /// The rounds it started.
    pub rounds: usize,
}

impl Walker {
    pub(crate) fn new(max_depth: usize, max_rounds: usize) -> Walker {
        Walker {
            path: Vec::new(),
            pos: 0,
            max_depth,
            max_rounds,
            rounds: 0,
            overflow: false,
            stopped: false,
            scramble: 0x2545_F491_4F6C_DD1D,
        }
    }

    /// Walk every branch of `resolve`, up to `max_depth` dice deep and `max_rounds` rounds
    /// (as [`Dice::round`] marks them): `seen` gets each outcome and how its branch ended.
    pub(crate) fn walk<T>(
        max_depth: usize,
        max_rounds: usize,
        mut resolve: impl FnMut(&mut dyn Dice) -> T,
        mut seen: impl FnMut(T, Branch),
    ) {
        let mut w = Walker::new(max_depth, max_rounds);
        loop {
            w.pos = 0;
            w.overflow = false;
            w.stopped = false;
            w.rounds = 0;
            let t = resolve(&mut w);
            w.path.truncate(w.pos.min(w.path.len()));
            seen(
                t,
                Branch {
                    sides: &mut w.path.iter().map(|(_, s)| *s),
                    too_deep: w.overflow,
                    stopped: w.stopped,
                    rounds: w.rounds,
                },
            );
            // Advance the odometer.
            while let Some(&(f, s)) = w.path.last() {
                if f < s {
                    break;
                }
                w.path.pop();
            }
            match w.path.last_mut() {
                Some(last) => last.0 += 1,
                None => return,
            }
        }
    }

    /// A face that ends nothing in particular, for dice thrown past the walk's limits: a
    /// re-roll loop still ends.
    fn any_face(&mut self, sides: u8) -> u8 {
        self.scramble ^= self.scramble << 13;
        self.scramble ^= self.scramble >> 7;
        self.scramble ^= self.scramble << 17;
        (self.scramble % sides.max(1) as u64) as u8 + 1
    }
}

impl Dice for Walker {
    fn roll(&mut self, sides: u8, _purpose: &'static str) -> u8 {
        if self.stopped {
            return self.any_face(sides);
        }
        if self.pos < self.path.len() {
            let f = self.path[self.pos].0;
            self.pos += 1;
            return f;
        }
        if self.path.len() >= self.max_depth {
            // Past the limit the branch is abandoned.
            self.overflow = true;
            return self.any_face(sides);
        }
        self.path.push((1, sides));
        self.pos += 1;
        1
    }

    fn round(&mut self) {
        if self.stopped || self.overflow {
            return;
        }
        self.rounds += 1;
        if self.rounds > self.max_rounds {
            self.stopped = true;
            self.rounds = self.max_rounds;
        }
    }
}

/// Walk every branch of the dice `resolve` asks for, up to `max_depth` dice deep, and
/// return each outcome with its probability.
pub fn distribution<T: PartialEq>(
    max_depth: usize,
    resolve: impl FnMut(&mut dyn Dice) -> T,
) -> Distribution<T> {
    let mut dist = Distribution {
        outcomes: Vec::new(),
        unresolved: 0.0,
    };
    Walker::walk(max_depth, usize::MAX, resolve, |t, b| {
        let p: f64 = b.sides.map(|s| 1.0 / s as f64).product();
        if b.too_deep {
            dist.unresolved += p;
        } else {
            dist.add(t, p);
        }
    });
    dist
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting throws gives what walking a resolution that rolls the same dice gives:
    /// the same outcomes, in the same order, with the same sums.
    #[test]
    fn counting_throws_matches_walking_them() {
        let faces = [6u8, 4, 6];
        let outcome = |d: &[u8]| (d[0] as i32 * 3 + d[1] as i32 - d[2] as i32).rem_euclid(5);
        let walked = distribution(3, |dice| {
            let d: Vec<u8> = faces.iter().map(|f| dice.roll(*f, "test")).collect();
            outcome(&d)
        });
        let counted = Distribution::of_throws(&faces, outcome);
        assert_eq!(walked.outcomes, counted.outcomes);
        assert_eq!(counted.outcomes.len(), 5);
        let total: f64 = counted.outcomes.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    /// Counting throws and throwing again on a draw gives what walking a resolution that
    /// loops until a throw decides gives, conditioned on ending: the same outcomes, in the
    /// same order, with the same chances.
    #[test]
    fn counting_throws_again_matches_walking_them() {
        let decide = |a: i32, b: i32| (a != b).then_some((a > b, (a - b).abs().min(3)));
        let walked = distribution(2, |dice| loop {
            let (a, b) = (dice.roll(6, "a") as i32, dice.roll(6, "b") as i32 + 1);
            if let Some(o) = decide(a, b) {
                return o;
            }
        })
        .conditional();
        let counted =
            Distribution::of_throws_again(&[6, 6], |d| decide(d[0] as i32, d[1] as i32 + 1));
        assert_eq!(walked, counted);
        let total: f64 = counted.outcomes.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // Five throws in 36 are drawn (a = b + 1) and thrown again.
        let win: f64 = counted.probability(|(won, _)| *won);
        assert!((win - 10.0 / 31.0).abs() < 1e-12, "{win}");
    }

    #[test]
    fn seeded_sequence_is_stable() {
        // A snapshot: if this changes, every stored replay breaks.
        let mut d = Seeded::new(42);
        let faces: Vec<u8> = (0..12).map(|_| d.roll(6, "test")).collect();
        let mut again = Seeded::new(42);
        let faces2: Vec<u8> = (0..12).map(|_| again.roll(6, "test")).collect();
        assert_eq!(faces, faces2);
        assert_eq!(faces, SNAPSHOT.to_vec(), "seeded faces changed: {faces:?}");
    }

    const SNAPSHOT: [u8; 12] = [2, 6, 5, 6, 2, 2, 2, 5, 6, 6, 3, 1];

    #[test]
    fn seeded_faces_are_roughly_uniform() {
        let mut d = Seeded::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[d.roll(6, "test") as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    #[test]
    fn two_dice_total_distribution() {
        let dist = distribution(10, |d| d.roll(6, "a") + d.roll(6, "b"));
        let p7 = dist.probability(|t| *t == 7);
        assert!((p7 - 6.0 / 36.0).abs() < 1e-12);
        assert_eq!(dist.outcomes.len(), 11);
        assert_eq!(dist.unresolved, 0.0);
    }

    #[test]
    fn reroll_on_tie_is_exact_after_conditioning() {
        // Opposed d6, re-roll ties: P(first wins) = 1/2 exactly.
        let dist = distribution(12, |d| loop {
            let a = d.roll(6, "a");
            let b = d.roll(6, "b");
            if a != b {
                break a > b;
            }
        });
        assert!(dist.unresolved > 0.0 && dist.unresolved < 1e-4);
        let c = dist.conditional();
        assert!((c.probability(|w| *w) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn scripted_dice_follow_the_script() {
        let mut d = Scripted::new(&[3, 5]);
        assert_eq!(d.roll(6, "x"), 3);
        assert_eq!(d.roll(6, "y"), 5);
        assert!(d.remaining().is_empty());
    }

    #[test]
    fn entered_dice_say_what_was_wrong() {
        let throw = |faces: &[u8]| {
            let mut d = Entered::new(faces);
            d.roll(6, "shooting");
            if d.asked.len() == 1 && faces.first() == Some(&6) {
                d.roll(6, "rout survival");
            }
            d.problem()
        };
        assert_eq!(throw(&[3]), None);
        assert_eq!(throw(&[6, 2]), None);
        assert_eq!(
            throw(&[6]).as_deref(),
            Some("2 dice are thrown (d6 for shooting, d6 for rout survival); 1 given")
        );
        assert_eq!(
            throw(&[3, 4]).as_deref(),
            Some("1 die is thrown (d6 for shooting); 2 given")
        );
        assert_eq!(
            throw(&[7]).as_deref(),
            Some("die 1 is a d6 for shooting: 7 is not one of its faces")
        );
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
    }
}
