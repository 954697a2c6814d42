//! Players that work through the [`Ruleset`] trait only: they see a view, ask the rule set
//! for its candidate commands, and choose.
//!
//! Key decision: a rule set knows its book's tactics and scores its candidates with them
//! (Wesnoth's candidate actions); the players here know nothing of any book. The random
//! player picks uniformly among the legal candidates; the general takes the best-scored one,
//! breaking near-ties with its own dice so seeded batches vary.

use grognard_engine::{Candidate, Dice, Player, Ruleset, Side};
use smallvec::SmallVec;
use std::any::Any;

/// The rule set's candidates for `side` now, in `buf`, through the player's memo: those a
/// player taking only candidates within `within` of the best legal one might take.
fn gather<R: Ruleset>(
    rules: &R,
    view: &R::View<'_>,
    side: Side,
    memo: &mut R::Memo,
    within: f64,
    buf: &mut Vec<Candidate<R::Command>>,
) {
    buf.clear();
    rules.candidates_within(view, side, memo, within, buf);
    assert!(
        !buf.is_empty(),
        "the rule set offered no candidates to the side to act"
    );
}

/// The player's memo of the rule set's own type ([`Ruleset::Memo`]), made on its first
/// decision.
fn memo_in<R: Ruleset>(slot: &mut Option<Box<dyn Any + Send>>) -> &mut R::Memo {
    if !slot.as_ref().is_some_and(|m| m.is::<R::Memo>()) {
        *slot = Some(Box::new(R::Memo::default()));
    }
    slot.as_mut()
        .and_then(|m| m.downcast_mut::<R::Memo>())
        .expect("the memo was just made for this rule set")
}

/// Picks uniformly among the legal commands the book's move generator offers, without
/// asking its advisor to score them: it draws an offer ([`Ruleset::offer_with`], or
/// [`Ruleset::offers_in_memo`] where the book keeps its offers there) and, if the book
/// refuses it ([`Ruleset::settle`]), draws again among the rest.
pub struct RandomPlayer<C> {
    buf: Vec<C>,
    /// The places of the offers not yet drawn.
    places: Vec<usize>,
    /// The rule set's memo ([`Ruleset::Memo`]), made on the first decision.
    memo: Option<Box<dyn Any + Send>>,
}

impl<C> Default for RandomPlayer<C> {
    fn default() -> Self {
        RandomPlayer {
            buf: Vec::new(),
            places: Vec::new(),
            memo: None,
        }
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
        self.choose_planned(rules, view, side, dice).0
    }

    fn choose_planned(
        &mut self,
        rules: &R,
        view: &R::View<'_>,
        side: Side,
        dice: &mut dyn Dice,
    ) -> (R::Command, Option<R::Plan>) {
        let memo = memo_in::<R>(&mut self.memo);
        // Offers the book keeps in the memo are copied out only when drawn; otherwise they
        // are listed here. Either way a place is drawn, as the offers themselves would be.
        let listed = rules.offers_in_memo(view, side, memo);
        if listed.is_none() {
            self.buf.clear();
            rules.offer_with(view, side, memo, &mut self.buf);
        }
        // Each draw takes the place at a position of the places not yet drawn, the last
        // moving into it (`Vec::swap_remove`). Until a draw is refused they are `0..n` in
        // order, so position `i` holds place `i`: the list is written out only when the
        // first draw is refused, most decisions drawing once among dozens of places.
        let n = listed.unwrap_or(self.buf.len());
        const NONE_LEGAL: &str = "the rule set offered no legal command to the side to act";
        assert!(n != 0, "{NONE_LEGAL}");
        let mut place = dice.below(n as u64, "random player's choice") as usize;
        let mut written = false;
        loop {
            let command = match listed {
                // A place that holds no command is drawn as a refused offer.
                Some(_) => rules.kept_offer(view, memo, place),
                None => Some(self.buf[place].clone()),
            };
            if let Some(command) = command {
                // An offer checked as it was made may have left its plan in the memo.
                if let Some(plan) = rules.kept_plan(view, side, memo, &command) {
                    return (command, Some(plan));
                }
                if let Some(settled) = rules.settle_planned(view, side, &command) {
                    return (command, settled.plan());
                }
            }
            if !written {
                self.places.clear();
                self.places.extend(0..n);
                self.places.swap_remove(place);
                written = true;
            }
            assert!(!self.places.is_empty(), "{NONE_LEGAL}");
            let i = dice.below(self.places.len() as u64, "random player's choice") as usize;
            place = self.places.swap_remove(i);
        }
    }
}

/// Takes the candidate the rule set scores highest ("the general").
pub struct General<C> {
    buf: Vec<Candidate<C>>,
    /// The places of `buf`, best first.
    order: Vec<usize>,
    /// The rule set's memo ([`Ruleset::Memo`]), made on the first decision.
    memo: Option<Box<dyn Any + Send>>,
    /// Scores within this of the best are treated as equal and chosen among at random.
    pub tolerance: f64,
}

impl<C> Default for General<C> {
    fn default() -> Self {
        General {
            buf: Vec::new(),
            order: Vec::new(),
            memo: None,
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
        self.choose_planned(rules, view, side, dice).0
    }

    fn choose_planned(
        &mut self,
        rules: &R,
        view: &R::View<'_>,
        side: Side,
        dice: &mut dyn Dice,
    ) -> (R::Command, Option<R::Plan>) {
        let memo = memo_in::<R>(&mut self.memo);
        gather(rules, view, side, memo, self.tolerance, &mut self.buf);
        // The best first: a candidate offered unchecked is settled only when its score
        // could make it the choice, and the plan its settling made is kept for carrying it
        // out.
        let buf = &self.buf;
        self.order.clear();
        self.order.extend(0..buf.len());
        self.order
            .sort_by(|a, b| buf[*b].score.total_cmp(&buf[*a].score));
        let mut best = None;
        // Seldom more than a few come within the tolerance of the best.
        let mut near: SmallVec<[(usize, Option<R::Plan>); 4]> = SmallVec::new();
        for &i in &self.order {
            let score = self.buf[i].score;
            if best.is_some_and(|b: f64| score < b - self.tolerance) {
                break;
            }
            let c = &self.buf[i];
            let settled = if c.checked {
                Some(None)
            } else {
                rules
                    .settle_with_planned(view, side, memo, &c.command)
                    .map(|s| s.plan())
            };
            if let Some(plan) = settled {
                best.get_or_insert(score);
                near.push((i, plan));
            }
        }
        assert!(
            !near.is_empty(),
            "the rule set offered no legal candidate to the side to act"
        );
        near.sort_unstable_by_key(|(i, _)| *i);
        let pick = dice.below(near.len() as u64, "general's tie-break") as usize;
        let (i, plan) = near.swap_remove(pick);
        let chosen = self.buf.swap_remove(i);
        // A candidate checked as it was offered may have left its plan in the memo.
        let plan = match plan {
            None if chosen.checked => rules.kept_plan(view, side, memo, &chosen.command),
            plan => plan,
        };
        (chosen.command, plan)
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

/// A book's scale bench, the body of `cargo bench --bench scale`: the general against
/// itself on the book's built-in battle (200 battles, 5 without `--bench`), in battles a
/// second, then on `large(n)` for three turns at each size of `sizes` (only the first
/// without `--bench`; sizes named on the command line replace them), in seconds a turn,
/// fastest of three runs. `counted` names what a size counts ("units", "battalions").
pub fn scale_bench<B: grognard_engine::book::Book>(
    book: &B,
    built_in: impl Fn() -> B::Scenario,
    large: impl Fn(usize) -> B::Scenario,
    sizes: &[usize],
    counted: &str,
) {
    let quick = !std::env::args().any(|a| a == "--bench");
    let named: Vec<usize> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    let sizes: &[usize] = if !named.is_empty() {
        &named
    } else if quick {
        &sizes[..1]
    } else {
        sizes
    };
    let battles = if quick { 5 } else { 200 };
    let start = std::time::Instant::now();
    let mut commands = 0;
    for seed in 0..battles {
        commands += general_against_itself(book, built_in(), seed, u32::MAX).2;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "built-in battle, AI against AI: {:.0} battles a second ({battles} battles, {:.0} commands a battle)",
        battles as f64 / secs,
        commands as f64 / battles as f64
    );
    let runs = if quick { 1 } else { 3 };
    println!(
        "{counted} a side, seconds a turn, commands (AI against AI, 3 turns, fastest of {runs})"
    );
    for &n in sizes {
        let scenario = large(n);
        let problems = book.scenario_problems(&scenario);
        assert!(problems.is_empty(), "{problems:?}");
        let best = (0..runs)
            .map(|_| general_against_itself(book, scenario.clone(), 7, 3))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("a run");
        println!("{n:>4} {:>8.4} s {:>7}", best.0 / f64::from(best.1), best.2);
    }
}

/// One battle of the conformance kit ([`grognard_engine::conformance::check_battle`]), its
/// players chosen by `pairing % 4`: random against random, the general against the random
/// player on one side or the other, and the general against itself. `Err` names the
/// battle's `index`.
pub fn conformance_battle<R: Ruleset>(
    rules: &R,
    scenario: R::Scenario,
    seed: u64,
    (index, pairing): (u64, u64),
    checks: grognard_engine::conformance::Checks,
) -> Result<grognard_engine::Outcome, String> {
    let mut ai_a = General::<R::Command>::default();
    let mut ai_b = General::<R::Command>::default();
    let mut rnd_a = RandomPlayer::<R::Command>::default();
    let mut rnd_b = RandomPlayer::<R::Command>::default();
    let mut players: [&mut dyn Player<R>; 2] = match pairing % 4 {
        0 => [&mut rnd_a, &mut rnd_b],
        1 => [&mut ai_a, &mut rnd_b],
        2 => [&mut rnd_a, &mut ai_b],
        _ => [&mut ai_a, &mut ai_b],
    };
    grognard_engine::conformance::check_battle(rules, scenario, seed, &mut players, checks)
        .map_err(|e| format!("battle {index}: {e}"))
}

/// The conformance kit over the book's built-in field: battle `i` of `indices` is set up
/// and played with the seed `derive_seed(tag, i)`, its players chosen by `pairing(i)` (see
/// [`conformance_battle`]) and checked by `checks(i)`. Panics listing every battle that
/// failed.
pub fn conformance_battles<B: grognard_engine::book::Book>(
    book: &B,
    tag: u64,
    indices: impl IntoIterator<Item = u64>,
    pairing: impl Fn(u64) -> u64,
    checks: impl Fn(u64) -> grognard_engine::conformance::Checks,
) {
    let failures: Vec<String> = indices
        .into_iter()
        .filter_map(|i| {
            let seed = grognard_engine::dice::derive_seed(tag, i);
            let (scenario, _) = book.default_scenario(seed);
            conformance_battle(book, scenario, seed, (i, pairing(i)), checks(i)).err()
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The general against itself from `scenario`, until `turns` turns are played or the battle
/// ends: the seconds it took, the turns played and the commands given (for the books'
/// benches).
pub fn general_against_itself<R: Ruleset>(
    rules: &R,
    scenario: R::Scenario,
    seed: u64,
    turns: u32,
) -> (f64, u32, usize) {
    let mut m = grognard_engine::driver::Match::new(rules, scenario, seed);
    let mut a = General::<R::Command>::default();
    let mut b = General::<R::Command>::default();
    let mut players: [&mut dyn Player<R>; 2] = [&mut a, &mut b];
    let start = std::time::Instant::now();
    while rules.turn(&m.state) <= turns && rules.outcome(&m.state).is_none() {
        if !m.step(&mut players).expect("a legal battle") {
            break;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    (elapsed, rules.turn(&m.state).min(turns), m.steps.len())
}

/// Of `games` seeded battles on the book's built-in field, how many the general wins against
/// the random player, the two swapping sides every other battle; battle `i` is played with
/// the seed `derive_seed(tag, i)`, on two threads. A battle longer than `limit` commands is
/// an error in the rule set and panics.
pub fn general_wins_against_random<R>(rules: &R, games: u64, tag: u64, limit: usize) -> u64
where
    R: grognard_engine::book::Book + Sync,
{
    let wins = |index: u64| -> bool {
        let seed = grognard_engine::dice::derive_seed(tag, index);
        let (scenario, _) = rules.default_scenario(seed);
        let mut m = grognard_engine::driver::Match::new(rules, scenario, seed);
        let mut ai = General::<R::Command>::default();
        let mut rnd = RandomPlayer::<R::Command>::default();
        let ai_side = (index % 2) as usize;
        let mut players: [&mut dyn Player<R>; 2] = if ai_side == 0 {
            [&mut ai, &mut rnd]
        } else {
            [&mut rnd, &mut ai]
        };
        let outcome = m
            .play(&mut players, limit)
            .unwrap_or_else(|e| panic!("battle {index}: {e}"));
        outcome.winner.map(|s| s.index()) == Some(ai_side)
    };
    std::thread::scope(|s| {
        let halves: Vec<_> = (0..2u64)
            .map(|h| s.spawn(move || (h..games).step_by(2).filter(|i| wins(*i)).count() as u64))
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    })
}

/// Battles of the general against the random player on the book's built-in field, one for
/// each seed, checked with [`grognard_engine::conformance::predictions_match`]: at every
/// roll a resolution covers, the table companion's explanation with the battle's own dice
/// is the battle's. The number of rolls compared; panics at the first that differs.
pub fn companion_explains_as_the_battle<B: grognard_engine::book::Book>(
    book: &B,
    seeds: std::ops::Range<u64>,
    limit: usize,
) -> usize {
    let mut compared = 0;
    for seed in seeds {
        let (scenario, _) = book.default_scenario(seed);
        let mut a = General::<B::Command>::default();
        let mut b = RandomPlayer::<B::Command>::default();
        let mut players: [&mut dyn Player<B>; 2] = [&mut a, &mut b];
        compared += grognard_engine::conformance::predictions_match(
            book,
            scenario,
            seed,
            &mut players,
            limit,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
        .compared;
    }
    compared
}
