//! Players that work through the [`Ruleset`] trait only: they see a view, ask the rule set
//! for its candidate commands, and choose.
//!
//! Key decision: a rule set knows its book's tactics and scores its candidates with them
//! (Wesnoth's candidate actions); the players here know nothing of any book. The random
//! player picks uniformly among the legal candidates; the general takes the best-scored one,
//! breaking near-ties with its own dice so seeded batches vary.

use grognard_engine::{Candidate, Dice, Player, Ruleset, Side};

/// The rule set's candidates for `side` now, in `buf`.
fn gather<R: Ruleset>(
    rules: &R,
    view: &R::View<'_>,
    side: Side,
    buf: &mut Vec<Candidate<R::Command>>,
) {
    buf.clear();
    rules.candidates(view, side, buf);
    assert!(
        !buf.is_empty(),
        "the rule set offered no candidates to the side to act"
    );
}

/// Picks uniformly among the legal candidates.
pub struct RandomPlayer<C> {
    buf: Vec<Candidate<C>>,
}

impl<C> Default for RandomPlayer<C> {
    fn default() -> Self {
        RandomPlayer { buf: Vec::new() }
    }
}

impl<R: Ruleset> Player<R> for RandomPlayer<R::Command> {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(
        &mut self,
        rules: &R,
        view: &R::View<'_>,
        side: Side,
        dice: &mut dyn Dice,
    ) -> R::Command {
        gather(rules, view, side, &mut self.buf);
        let i = dice.below(self.buf.len() as u64, "random player's choice") as usize;
        self.buf.swap_remove(i).command
    }
}

/// Takes the candidate the rule set scores highest ("the general").
pub struct General<C> {
    buf: Vec<Candidate<C>>,
    /// Scores within this of the best are treated as equal and chosen among at random.
    pub tolerance: f64,
}

impl<C> Default for General<C> {
    fn default() -> Self {
        General {
            buf: Vec::new(),
            tolerance: 0.05,
        }
    }
}

impl<R: Ruleset> Player<R> for General<R::Command> {
    fn name(&self) -> String {
        "ai".into()
    }

    fn choose(
        &mut self,
        rules: &R,
        view: &R::View<'_>,
        side: Side,
        dice: &mut dyn Dice,
    ) -> R::Command {
        gather(rules, view, side, &mut self.buf);
        let best = self
            .buf
            .iter()
            .map(|c| c.score)
            .fold(f64::NEG_INFINITY, f64::max);
        let near: Vec<usize> = (0..self.buf.len())
            .filter(|i| self.buf[*i].score >= best - self.tolerance)
            .collect();
        let pick = near[dice.below(near.len() as u64, "general's tie-break") as usize];
        self.buf.swap_remove(pick).command
    }
}

/// A player by name, as the command line names them: "ai" or "random".
pub fn by_name<R: Ruleset>(name: &str) -> Option<Box<dyn Player<R>>> {
    match name {
        "ai" => Some(Box::new(General::<R::Command>::default())),
        "random" => Some(Box::new(RandomPlayer::<R::Command>::default())),
        _ => None,
    }
}
