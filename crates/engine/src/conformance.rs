//! The conformance kit every rule set runs (after OpenSpiel's basic tests): seeded full
//! battles with invariants checked at every step.
//!
//! Checked after every command: no panic; the rule set's own invariants (no overlapping
//! bases, valid unit states, ...); only the side to act may act (the command just given is
//! refused for the other side); a candidate of the advisor, and an offer of the move
//! generator, settles exactly when it passes the check, and some of each settle; a
//! candidate marked checked passes the check; the candidates through a memo kept from step
//! to step are the candidates, and settle through it as they settle without it; the
//! candidates within a general's tolerance leave out only what scores more than it below a
//! legal candidate kept; a clone equals the original; a save/load round trip (JSON)
//! gives an equal state; `to_act` is `None` exactly when there is an outcome. At the end, the replay reproduces every event.

use crate::book::Book;
use crate::driver::Match;
use crate::replay::verify;
use crate::{Candidate, Outcome, Player, Ruleset, Side};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// What to check and how hard.
#[derive(Debug, Clone, Copy)]
pub struct Checks {
    /// Commands after which a battle is declared endless.
    pub limit: usize,
    /// Check the save/load round trip every this many steps (1 = every step).
    pub round_trip_every: usize,
    /// Check every offered candidate is legal every this many steps.
    pub candidates_every: usize,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            limit: 20_000,
            round_trip_every: 1,
            candidates_every: 1,
        }
    }
}

/// Play one battle with every check; `Err` says what broke, with the step.
pub fn check_battle<R: Ruleset>(
    rules: &R,
    scenario: R::Scenario,
    seed: u64,
    players: &mut [&mut dyn Player<R>; 2],
    checks: Checks,
) -> Result<Outcome, String> {
    let run = catch_unwind(AssertUnwindSafe(|| {
        run_checked(rules, scenario, seed, players, checks)
    }));
    match run {
        Ok(r) => r.map_err(|e| format!("seed {seed}: {e}")),
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("seed {seed}: panic: {msg}"))
        }
    }
}

/// The tolerance of the general the kit stands in for when it asks for the candidates
/// within one ([`Ruleset::candidates_within`]): the general's own by default.
const WITHIN: f64 = 0.05;

/// Whether `kept` is `all` but for candidates each scoring more than `within` below a
/// checked candidate of `kept`, in the same order: what a player taking candidates within
/// `within` of the best legal one could not take.
fn left_out_beyond<C: PartialEq + std::fmt::Debug>(
    all: &[Candidate<C>],
    kept: &[Candidate<C>],
    within: f64,
) -> Result<(), String> {
    let best_checked = kept
        .iter()
        .filter(|c| c.checked)
        .map(|c| c.score)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut rest = kept.iter().peekable();
    for c in all {
        if rest.peek().is_some_and(|k| *k == c) {
            rest.next();
        } else if c.score >= best_checked - within {
            return Err(format!(
                "the candidates within {within} leave out {:?} ({}, scored {}), which a legal candidate kept does not outscore by more",
                c.command, c.why, c.score
            ));
        }
    }
    match rest.next() {
        Some(k) => Err(format!(
            "the candidates within {within} hold {:?} ({}), which is not among the candidates, or not in their order",
            k.command, k.why
        )),
        None => Ok(()),
    }
}

fn run_checked<R: Ruleset>(
    rules: &R,
    scenario: R::Scenario,
    seed: u64,
    players: &mut [&mut dyn Player<R>; 2],
    checks: Checks,
) -> Result<Outcome, String> {
    let mut m = Match::new(rules, scenario, seed);
    let mut cands: Vec<Candidate<R::Command>> = Vec::new();
    let mut offers: Vec<R::Command> = Vec::new();
    let mut kept: Vec<Candidate<R::Command>> = Vec::new();
    let mut memos = [R::Memo::default(), R::Memo::default()];
    // The random player's memos, kept apart from the general's as the players keep theirs.
    let mut offer_memos = [R::Memo::default(), R::Memo::default()];
    let mut kept_offers: Vec<R::Command> = Vec::new();
    // The memos of a general taking candidates within `WITHIN` of the best legal one.
    let mut within_memos = [R::Memo::default(), R::Memo::default()];
    let mut within: Vec<Candidate<R::Command>> = Vec::new();
    rules
        .invariants(&m.state)
        .map_err(|e| format!("at start: {e}"))?;
    loop {
        let n = m.steps.len();
        let to_act = rules.to_act(&m.state);
        let outcome = rules.outcome(&m.state);
        if to_act.is_none() != outcome.is_some() {
            return Err(format!(
                "step {n}: to_act {to_act:?} but outcome {outcome:?}"
            ));
        }
        let Some(side) = to_act else {
            break;
        };
        if n >= checks.limit {
            return Err(format!("no end after {n} commands"));
        }
        if n.is_multiple_of(checks.candidates_every) {
            // The advisor and the move generator: each command settles exactly when it
            // passes the check, and some of each settle.
            let view = rules.view(&m.state, side);
            cands.clear();
            rules.candidates(&view, side, &mut cands);
            // A memo kept from decision to decision never changes the candidates.
            kept.clear();
            rules.candidates_with(&view, side, &mut memos[side.index()], &mut kept);
            if kept != cands {
                return Err(format!(
                    "step {n}: the candidates through the advisor's memo differ from its candidates:\n{:?}\n{:?}",
                    kept.iter().map(|c| (&c.command, c.score)).collect::<Vec<_>>(),
                    cands.iter().map(|c| (&c.command, c.score)).collect::<Vec<_>>()
                ));
            }
            // Within a general's tolerance, the advisor leaves out only what it could never
            // take.
            within.clear();
            rules.candidates_within(
                &view,
                side,
                &mut within_memos[side.index()],
                WITHIN,
                &mut within,
            );
            left_out_beyond(&cands, &within, WITHIN).map_err(|e| format!("step {n}: {e}"))?;
            for c in &kept {
                let memo = &mut memos[side.index()];
                if rules.settle_with(&view, side, memo, &c.command)
                    != rules.settle(&view, side, &c.command)
                {
                    return Err(format!(
                        "step {n}: {:?} ({}) settles otherwise through the memo",
                        c.command, c.why
                    ));
                }
            }
            // A plan kept for a checked candidate carries it out as a fresh plan would.
            for (list, memo) in [(&kept, &mut memos), (&within, &mut within_memos)] {
                let checked = list.iter().filter(|c| c.checked);
                let memo = &mut memo[side.index()];
                let commands = checked.map(|c| (&c.command, c.why));
                kept_plans_hold(rules, &m.state, &view, side, memo, commands)
                    .map_err(|e| format!("step {n}: {e}"))?;
            }
            offers.clear();
            rules.offer(&view, side, &mut offers);
            kept_offers.clear();
            let memo = &mut offer_memos[side.index()];
            // Listed in the memo where the book keeps them there, as the random player
            // takes them; else through `offer_with`.
            match rules.offers_in_memo(&view, side, memo) {
                Some(n) => {
                    kept_offers.extend((0..n).filter_map(|i| rules.kept_offer(&view, memo, i)))
                }
                None => rules.offer_with(&view, side, memo, &mut kept_offers),
            }
            if kept_offers != offers {
                return Err(format!(
                    "step {n}: the offers through the move generator's memo differ from its offers:\n{kept_offers:?}\n{offers:?}"
                ));
            }
            let listed = kept_offers.iter().map(|c| (c, "offer"));
            kept_plans_hold(rules, &m.state, &view, side, memo, listed)
                .map_err(|e| format!("step {n}: {e}"))?;
            if let Some(c) = cands
                .iter()
                .find(|c| c.checked && rules.check(&m.state, side, &c.command).is_err())
            {
                return Err(format!(
                    "step {n}: candidate {:?} ({}) is marked checked but fails the check",
                    c.command, c.why
                ));
            }
            let advised = cands.iter().map(|c| (&c.command, c.why));
            let offered = offers.iter().map(|c| (c, "offer"));
            for (what, list) in [
                ("candidate", advised.collect::<Vec<_>>()),
                ("offer", offered.collect()),
            ] {
                let mut any = false;
                for (c, why) in list {
                    let settled = rules.settle(&view, side, c);
                    let checked = rules.check(&m.state, side, c);
                    if settled != checked.is_ok() {
                        return Err(format!(
                            "step {n}: {what} {c:?} ({why}) settles {settled} but checks {checked:?}"
                        ));
                    }
                    any |= settled;
                }
                if !any {
                    return Err(format!("step {n}: no legal {what} for the side to act"));
                }
            }
        }
        let before = m.state.clone();
        m.step(players).map_err(|e| e.to_string())?;
        let last = m.steps.last().expect("a step was taken");
        if rules.check(&before, side.other(), &last.command).is_ok() {
            return Err(format!(
                "step {n}: the side not to act could also give {:?}",
                last.command
            ));
        }
        rules
            .invariants(&m.state)
            .map_err(|e| format!("step {n} after {:?}: {e}", last.command))?;
        let copy = m.state.clone();
        if copy != m.state {
            return Err(format!("step {n}: a clone differs from its original"));
        }
        if n.is_multiple_of(checks.round_trip_every) {
            let json = serde_json::to_string(&m.state)
                .map_err(|e| format!("step {n}: save failed: {e}"))?;
            let back: R::State =
                serde_json::from_str(&json).map_err(|e| format!("step {n}: load failed: {e}"))?;
            if back != m.state {
                return Err(format!(
                    "step {n}: the state changed in a save/load round trip"
                ));
            }
        }
    }
    let replay = m.replay();
    let json = serde_json::to_string(&replay).map_err(|e| format!("replay save failed: {e}"))?;
    let replay = serde_json::from_str(&json).map_err(|e| format!("replay load failed: {e}"))?;
    let end = verify(rules, &replay).map_err(|d| format!("replay diverged: {d}"))?;
    if end != m.state {
        return Err("the replay ended in a different state".into());
    }
    Ok(rules.outcome(&m.state).expect("ended"))
}

/// Every plan `rules` kept in `memo` for a command of `list` (checked candidates or offers
/// just given through it for `state` and `side`, each with why it was given) carries the
/// command out as a fresh plan does: the same events from the same dice, and the same state
/// after.
fn kept_plans_hold<'c, R: Ruleset>(
    rules: &R,
    state: &R::State,
    view: &R::View<'_>,
    side: Side,
    memo: &mut R::Memo,
    list: impl Iterator<Item = (&'c R::Command, &'c str)>,
) -> Result<(), String> {
    for (k, (command, why)) in list.enumerate() {
        let Some(plan) = rules.kept_plan(view, side, memo, command) else {
            continue;
        };
        let (mut fresh, mut fresh_events) = (state.clone(), Vec::new());
        rules
            .execute(
                &mut fresh,
                side,
                command,
                &mut crate::dice::Seeded::new(k as u64),
                &mut fresh_events,
            )
            .map_err(|e| format!("{command:?} ({why}) has a kept plan but is refused: {e}"))?;
        let (mut on_kept, mut kept_events) = (state.clone(), Vec::new());
        rules.execute_planned(
            &mut on_kept,
            side,
            command,
            plan,
            &mut crate::dice::Seeded::new(k as u64),
            &mut kept_events,
        );
        if kept_events != fresh_events || on_kept != fresh {
            return Err(format!(
                "{command:?} ({why}) carried out on its kept plan differs from a fresh plan:\n{kept_events:?}\n{fresh_events:?}"
            ));
        }
    }
    Ok(())
}

/// Is this corpus file one that cases name, rather than a case?
fn included(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|t| t.starts_with("# included"))
}

/// The files a corpus case names, read from the corpus folder.
struct Folder<'a> {
    dir: &'a Path,
    shown: &'a str,
}

impl crate::files::Includes for Folder<'_> {
    fn read(&self, name: &str) -> Result<(String, String), String> {
        std::fs::read_to_string(self.dir.join(name))
            .map(|text| (format!("{}/{name}", self.shown), text))
            .map_err(|e| format!("cannot read {}/{name}: {e}", self.shown))
    }
}

/// A rule set's corpus of bad files: every `NAME.toml` in `dir` must be refused by
/// [`Book::check_file`], and its first error must read exactly as the one line of
/// `NAME.expected` beside it, with `{file}` standing for `shown/NAME.toml` and `{dir}` for
/// `shown`. Files a case names are read from the same folder; only `.toml` files whose first
/// line is not `# included` are cases. Every error must
/// carry a hint, name the file and point inside it. Returns the number of cases, or every
/// failure found. This is test support: the one place the engine reads files itself.
pub fn bad_file_corpus<B: Book>(book: &B, dir: &Path, shown: &str) -> Result<usize, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut cases = Vec::new();
    let mut failures = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        match path.extension().and_then(|e| e.to_str()) {
            Some("toml") if !included(&path) => cases.push(path),
            Some("expected") if !path.with_extension("toml").exists() => {
                failures.push(format!("{} has no .toml beside it", path.display()))
            }
            _ => {}
        }
    }
    cases.sort();
    for path in &cases {
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        let name = format!("{shown}/{stem}.toml");
        let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
        let Ok(expected) = std::fs::read_to_string(path.with_extension("expected")) else {
            failures.push(format!("{name}: no {stem}.expected beside it"));
            continue;
        };
        if !(expected.starts_with("{file}:") || expected.starts_with("{dir}/"))
            || expected.trim_end().lines().count() != 1
        {
            failures.push(format!(
                "{stem}.expected must hold one line starting with {{file}}: or {{dir}}/"
            ));
        }
        let expected = expected
            .trim_end()
            .replace("{file}", &name)
            .replace("{dir}", shown);
        let includes = Folder { dir, shown };
        let errors = match book.check_file(&name, &text, &includes) {
            Ok(c) => {
                failures.push(format!("{name}: accepted as a {} ({})", c.kind, c.summary));
                continue;
            }
            Err(errors) => errors,
        };
        let Some(first) = errors.first() else {
            failures.push(format!("{name}: refused with no error"));
            continue;
        };
        let first = first.to_string();
        let line = first.lines().next().unwrap_or_default();
        if line != expected {
            failures.push(format!("{name}:\n  expected {expected}\n  got      {line}"));
        }
        for e in &errors {
            if e.hint.trim().is_empty() {
                failures.push(format!("{name}: an error without a hint: {e}"));
            }
            // An error is in the case itself or in a file of the corpus it names.
            let in_file = if e.file == name {
                Some(text.clone())
            } else {
                e.file
                    .strip_prefix(&format!("{shown}/"))
                    .and_then(|rest| std::fs::read_to_string(dir.join(rest)).ok())
            };
            let Some(in_file) = in_file else {
                failures.push(format!("{name}: an error naming {}", e.file));
                continue;
            };
            let lines = in_file.lines().count().max(1);
            if e.line == 0 || e.line > lines + 1 || e.column == 0 {
                failures.push(format!(
                    "{name}: an error at {}:{} in a file of {lines} lines: {e}",
                    e.line, e.column
                ));
            }
        }
    }
    if failures.is_empty() {
        Ok(cases.len())
    } else {
        Err(format!(
            "{} problem(s) in {} bad files:\n{}",
            failures.len(),
            cases.len(),
            failures.join("\n")
        ))
    }
}

/// A resolution's odds against walking every throw of its dice through its own `resolve`:
/// the same final outcomes with the same exact chances, outcome by outcome. `Err` says
/// where they part.
pub fn odds_agree<T, R>(resolution: &R, tables: &T, situation: &R::Situation) -> Result<(), String>
where
    T: Sync + ?Sized,
    R: crate::resolution::Resolution<T>,
    R::Outcome: std::fmt::Debug,
{
    let fast = resolution.odds(tables, situation);
    let mut rolls = Vec::new();
    let rounds = resolution.rounds(tables, situation).unwrap_or(usize::MAX);
    let walked = crate::resolution::walk_rounds(resolution.depth(), rounds, |dice| {
        rolls.clear();
        resolution.resolve(tables, situation, dice, &mut rolls)
    });
    let name = resolution.about().name;
    for (o, p) in &walked.outcomes {
        let q = fast.chance(|x| x == o);
        if q != *p {
            return Err(format!(
                "{name}: {o:?} has {p} walking the throws but {q} by its odds"
            ));
        }
    }
    for (o, q) in &fast.outcomes {
        if !walked.outcomes.iter().any(|(w, _)| w == o) && *q.numer() != 0 {
            return Err(format!(
                "{name}: its odds give {o:?} {q}, which no throw gives"
            ));
        }
    }
    let total: crate::resolution::Chance = fast.outcomes.iter().map(|(_, p)| *p).sum();
    if total != crate::resolution::Chance::from_integer(1) {
        return Err(format!("{name}: its odds sum to {total}"));
    }
    Ok(())
}

/// Does `needle` appear anywhere inside `hay` (as a whole JSON value)?
fn contains_value(hay: &serde_json::Value, needle: &serde_json::Value) -> bool {
    if hay == needle {
        return true;
    }
    match hay {
        serde_json::Value::Object(m) => m.values().any(|v| contains_value(v, needle)),
        serde_json::Value::Array(a) => a.iter().any(|v| contains_value(v, needle)),
        _ => false,
    }
}

/// What [`predictions_match`] compared.
#[derive(Debug, Default)]
pub struct Predicted {
    /// Explanations compared, word for word.
    pub compared: usize,
    /// The rolls met, by name, in the order first met.
    pub rolls: Vec<&'static str>,
}

/// Prediction and execution agree: play a seeded battle and, at every command that throws
/// dice a resolution covers ([`crate::book::Book::roll_of`]), resolve that situation
/// with the faces the battle threw. A roll that waits on a decision (the way a routed unit
/// runs) goes on through the steps that answer it ([`crate::book::Book::answers_roll`]),
/// their faces and events included. Each explanation the resolution gives must be one the
/// battle's events carry, word for word.
pub fn predictions_match<B: Book>(
    rules: &B,
    scenario: B::Scenario,
    seed: u64,
    players: &mut [&mut dyn Player<B>; 2],
    limit: usize,
) -> Result<Predicted, String> {
    let resolutions = rules.resolutions();
    let mut m = Match::new(rules, scenario, seed);
    let mut before = Vec::new();
    while m.steps.len() < limit {
        let state = m.state.clone();
        if !m.step(players).map_err(|e| e.to_string())? {
            break;
        }
        before.push(state);
    }
    let mut met = Predicted::default();
    for (n, step) in m.steps.iter().enumerate() {
        let Some((name, mut situation)) = rules.roll_of(&before[n], step.side, &step.command)
        else {
            continue;
        };
        let r = resolutions
            .iter()
            .find(|r| r.about().name == name)
            .ok_or_else(|| format!("step {n}: roll_of names {name:?}, which is no resolution"))?;
        let mut faces: Vec<u8> = step.rolls.iter().map(|r| r.face).collect();
        let mut events = vec![serde_json::to_value(&step.events).map_err(|e| e.to_string())?];
        for (k, later) in m.steps.iter().enumerate().skip(n + 1) {
            if !rules.answers_roll(&before[k], later.side, &later.command, &mut situation) {
                break;
            }
            faces.extend(later.rolls.iter().map(|r| r.face));
            events.push(serde_json::to_value(&later.events).map_err(|e| e.to_string())?);
        }
        let mut dice = crate::dice::Entered::new(&faces);
        let done = r
            .resolve(&situation, &mut dice)
            .map_err(|p| format!("step {n}: {name}: the battle's situation is refused: {p:?}"))?;
        let events = serde_json::Value::Array(events);
        for e in &done.rolls {
            let e = serde_json::to_value(e).map_err(|e| e.to_string())?;
            if !contains_value(&events, &e) {
                return Err(format!(
                    "step {n}: {name} explains {e} but the battle's events are {events}"
                ));
            }
            met.compared += 1;
        }
        if !met.rolls.contains(&name) {
            met.rolls.push(name);
        }
    }
    Ok(met)
}

/// Values of the wrong kind or out of any range, tried on every fact.
const ODD_VALUES: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "7",
    "13",
    "99",
    "4294967296",
    "-2147483649",
    "1e300",
    "-0.5",
    "NaN",
    "inf",
    "yes",
    "no",
    "nonsense",
    "",
];

/// Every roll holds under any facts a player could type. Each fact of each roll's
/// situation is set, one at a time, to every value it allows and to values of the wrong
/// kind or out of range; then `random` situations set every fact at once to values it
/// allows. Each situation must be refused with problems that name a fact, or answered with
/// odds that sum to exactly 1; and resolving it with thrown dice must give an outcome those
/// odds give a chance. A panic fails the test that calls this. Returns how many situations
/// were answered.
pub fn resolutions_hold(
    resolutions: &[Box<dyn crate::resolution::AnyResolution>],
    seed: u64,
    random: usize,
) -> Result<usize, String> {
    use crate::resolution::situation_from_pairs;
    use rand_core::Rng;
    let mut rng = rand_pcg::Pcg64Mcg::new(u128::from(seed) | 1);
    let mut answered = 0;
    for r in resolutions {
        let name = r.about().name;
        let schema = r.schema();
        let facts = crate::reference::facts(&schema);
        let allowed: Vec<Vec<String>> = facts
            .iter()
            .map(|f| {
                let mut v: Vec<String> = f
                    .value
                    .strip_prefix("one of ")
                    .map(|l| l.split(", ").map(String::from).collect())
                    .unwrap_or_default();
                if f.value.contains("yes or no") {
                    v.extend(["yes".to_string(), "no".to_string()]);
                }
                if f.value.contains("number") {
                    v.extend((0..=6).map(|n| n.to_string()));
                }
                v.push(f.default.clone());
                v
            })
            .collect();
        let mut trials: Vec<Vec<String>> = Vec::new();
        for (f, values) in facts.iter().zip(&allowed) {
            for v in values
                .iter()
                .map(String::as_str)
                .chain(ODD_VALUES.iter().copied())
            {
                trials.push(vec![format!("{}={v}", f.key)]);
            }
        }
        for _ in 0..random {
            trials.push(
                facts
                    .iter()
                    .zip(&allowed)
                    .map(|(f, values)| {
                        let v = &values[(rng.next_u64() % values.len() as u64) as usize];
                        format!("{}={v}", f.key)
                    })
                    .collect(),
            );
        }
        for pairs in trials {
            let Ok(situation) = situation_from_pairs(&schema, &pairs) else {
                continue;
            };
            let odds = match r.odds(&situation) {
                Ok(o) => o,
                Err(problems) => {
                    if problems.is_empty() || problems.iter().any(|p| p.message.is_empty()) {
                        return Err(format!("{name} {pairs:?}: refused without saying why"));
                    }
                    if r.resolve(&situation, &mut crate::dice::Seeded::new(seed))
                        .is_ok()
                    {
                        return Err(format!(
                            "{name} {pairs:?}: its odds refuse the situation but it resolves"
                        ));
                    }
                    continue;
                }
            };
            let total: crate::resolution::Chance = odds
                .outcomes
                .iter()
                .map(|o| crate::resolution::Chance::new(o.numerator, o.denominator))
                .sum();
            if total != crate::resolution::Chance::from_integer(1) {
                return Err(format!("{name} {pairs:?}: the odds sum to {total}"));
            }
            let dice_seed = rng.next_u64();
            let done = r
                .resolve(&situation, &mut crate::dice::Seeded::new(dice_seed))
                .map_err(|p| {
                    format!("{name} {pairs:?}: odds given, but resolving it refused: {p:?}")
                })?;
            if !odds
                .outcomes
                .iter()
                .any(|o| o.outcome == done.outcome && o.numerator != 0)
            {
                return Err(format!(
                    "{name} {pairs:?}: thrown with seed {dice_seed} it ends {:?}, which its odds never give ({:?})",
                    done.outcome,
                    odds.outcomes.iter().map(|o| &o.outcome).collect::<Vec<_>>()
                ));
            }
            answered += 1;
        }
    }
    Ok(answered)
}

/// The book's roll called `name` (as `grognard odds` names it); panics when there is none.
pub fn roll_named<B: Book>(book: &B, name: &str) -> Box<dyn crate::resolution::AnyResolution> {
    book.resolutions()
        .into_iter()
        .find(|r| r.about().name == name)
        .unwrap_or_else(|| panic!("{} has no roll named {name:?}", book.name()))
}

/// The chance of one final outcome among odds, as a fraction (numerator, denominator);
/// panics when the odds have no such outcome, listing those they have.
pub fn chance(odds: &crate::resolution::Odds, outcome: &str) -> (u128, u128) {
    let c = odds
        .outcomes
        .iter()
        .find(|c| c.outcome == outcome)
        .unwrap_or_else(|| panic!("no {outcome:?} in {:?}", odds.outcomes));
    (c.numerator, c.denominator)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(command: u8, score: f64, checked: bool) -> Candidate<u8> {
        Candidate {
            command,
            score,
            why: "test",
            checked,
        }
    }

    #[test]
    fn only_candidates_beyond_the_tolerance_may_be_left_out() {
        let all = [
            c(1, 0.3, true),
            c(2, 2.0, false),
            c(3, 1.0, true),
            c(4, 0.9, false),
        ];
        // 2 is unchecked, so it sets no mark; 3 (checked, 1.0) outscores 1 and 4 by more
        // than 0.05.
        let kept = [c(2, 2.0, false), c(3, 1.0, true)];
        assert_eq!(left_out_beyond(&all, &kept, 0.05), Ok(()));
        assert_eq!(left_out_beyond(&all, &all, 0.05), Ok(()));
        // 4 is within 0.2 of 3.
        assert!(left_out_beyond(&all, &kept, 0.2)
            .unwrap_err()
            .contains("leave out 4"));
        // Nothing checked is kept: nothing may be left out.
        let unmarked = [c(2, 2.0, false), c(4, 0.9, false)];
        assert!(left_out_beyond(&all, &unmarked, 0.05).is_err());
        // Out of order, or not among the candidates at all.
        let swapped = [c(3, 1.0, true), c(2, 2.0, false)];
        assert!(left_out_beyond(&all, &swapped, 0.05).is_err());
        let stranger = [c(2, 2.0, false), c(3, 1.0, true), c(5, 0.0, true)];
        assert!(left_out_beyond(&all, &stranger, 0.05)
            .unwrap_err()
            .contains("not among"));
    }
}
