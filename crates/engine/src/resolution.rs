//! Resolutions: every roll a book asks a player to make, as a function of a *situation* (the
//! facts a player at the table can state) and the dice.
//!
//! A book writes each roll once, typed ([`Resolution`]): the facts it takes, their checks,
//! the modifiers that apply, the roll itself through any [`Dice`] source, and, where walking
//! every throw would be slow, a faster count of its exact odds. The battle builds the same
//! situation from its state and calls the same code, so a prediction and the roll it
//! predicts cannot disagree. [`AnyResolution`] erases the types, so that the command line,
//! the table companion and a server ask any book alike, in JSON.

use crate::dice::Dice;
use crate::explain::{Explanation, Modifier};
use crate::files::Problem;
use num_rational::Ratio;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde::Serialize;
use serde_json::{Map, Value};
use std::fmt::Display;

/// An exact chance.
pub type Chance = Ratio<u128>;

/// A roll a book asks for: its name on the command line, its title, where the book gives
/// it, what it decides, and the dice it throws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct About {
    /// The name a player types, e.g. "shooting".
    pub name: &'static str,
    pub title: &'static str,
    /// The section of the book, e.g. "2x2 Resolving shooting".
    pub section: &'static str,
    /// Where the book lists the modifiers of the roll, e.g. "2x2 Shooting modifiers".
    pub modifiers: &'static str,
    /// What the roll decides, in a sentence.
    pub summary: &'static str,
    /// The dice thrown first, e.g. "1d6" or "2d6 each side".
    pub dice: &'static str,
}

/// The exact distribution of a resolution's final outcomes.
#[derive(Debug, Clone, PartialEq)]
pub struct Exact<T> {
    /// Each distinct outcome with its chance, in the order first met.
    pub outcomes: Vec<(T, Chance)>,
}

impl<T: PartialEq> Exact<T> {
    pub fn new() -> Self {
        Exact {
            outcomes: Vec::new(),
        }
    }

    /// Add `p` to the chance of `outcome`.
    pub fn add(&mut self, outcome: T, p: Chance) {
        match self.outcomes.iter_mut().find(|(o, _)| *o == outcome) {
            Some(slot) => slot.1 += p,
            None => self.outcomes.push((outcome, p)),
        }
    }

    /// Add `p` to the chance of an outcome known by reference, copying it only if new.
    fn add_ref(&mut self, outcome: &T, p: Chance)
    where
        T: Clone,
    {
        match self.outcomes.iter_mut().find(|(o, _)| o == outcome) {
            Some(slot) => slot.1 += p,
            None => self.outcomes.push((outcome.clone(), p)),
        }
    }

    /// The chance of outcomes satisfying `pred`.
    pub fn chance(&self, pred: impl Fn(&T) -> bool) -> Chance {
        self.outcomes
            .iter()
            .filter(|(t, _)| pred(t))
            .map(|(_, p)| *p)
            .sum()
    }

    /// The outcomes of `count` throws of dice with `faces` each, by how each throw comes out:
    /// every throw is equally likely, so each counts 1 over the number of throws.
    pub fn of_throws(faces: &[u8], outcome: impl Fn(&[u8]) -> T) -> Exact<T> {
        let total: u128 = faces.iter().map(|f| *f as u128).product();
        let mut counts: Vec<(T, u128)> = Vec::new();
        crate::dice::each_throw(faces, |throw| {
            let o = outcome(throw);
            match counts.iter_mut().find(|(t, _)| *t == o) {
                Some(slot) => slot.1 += 1,
                None => counts.push((o, 1)),
            }
        });
        Exact {
            outcomes: counts
                .into_iter()
                .map(|(t, n)| (t, Chance::new(n, total)))
                .collect(),
        }
    }

    /// Replace each outcome by the distribution it leads to (a further roll it calls for),
    /// weighted by its chance: for rolls that chain into others.
    pub fn then<U: PartialEq>(self, mut next: impl FnMut(T) -> Exact<U>) -> Exact<U> {
        let mut out = Exact::new();
        for (t, p) in self.outcomes {
            for (u, q) in next(t).outcomes {
                out.add(u, p * q);
            }
        }
        out
    }

    /// An outcome that is certain.
    pub fn certain(outcome: T) -> Exact<T> {
        Exact {
            outcomes: vec![(outcome, Chance::from_integer(1))],
        }
    }

    /// Outcomes that cannot happen (chance zero) are left out.
    pub fn without_impossible(mut self) -> Self {
        self.outcomes.retain(|(_, p)| *p != Chance::from_integer(0));
        self
    }
}

/// The chance of each count of successes among `n` tries, each succeeding with `p`: the
/// binomial count, exact however many tries, the counts from 0 up, those that cannot happen
/// left out.
pub fn binomial(n: u32, p: Chance) -> Exact<u32> {
    let q = Chance::from_integer(1) - p;
    let pow = |c: Chance, k: u32| (0..k).fold(Chance::from_integer(1), |a, _| a * c);
    let mut out = Exact::new();
    let mut ways: u128 = 1;
    for k in 0..=n {
        if k > 0 {
            ways = ways * u128::from(n - k + 1) / u128::from(k);
        }
        out.add(k, Chance::from_integer(ways) * pow(p, k) * pow(q, n - k));
    }
    out.without_impossible()
}

impl<T: PartialEq> Default for Exact<T> {
    fn default() -> Self {
        Exact::new()
    }
}

/// Walk every branch of the dice `resolve` asks for, up to `max_depth` dice deep, and give
/// each outcome its exact chance. Branches deeper than the limit (rolls repeated without
/// end, such as drawn rounds fought again) are left out and the rest conditioned on ending
/// within it, which is exact when the repeated rounds are alike: what a round decides, it
/// decides with the same chances however many rounds came before.
pub fn walk<T: PartialEq + Clone>(
    max_depth: usize,
    resolve: impl FnMut(&mut dyn Dice) -> T,
) -> Exact<T> {
    walk_rounds(max_depth, usize::MAX, resolve)
}

/// Walk as [`walk`] does, and stop each branch at the start of round `max_rounds + 1` (as
/// [`Dice::round`] marks rounds). A stopped branch goes on as a branch that started round
/// `max_rounds` does, which is exact when that round and every one after are alike, however
/// the rounds before them differ (ties that change what the next round decides) and however
/// many dice a round's ending throws.
pub fn walk_rounds<T: PartialEq + Clone>(
    max_depth: usize,
    max_rounds: usize,
    resolve: impl FnMut(&mut dyn Dice) -> T,
) -> Exact<T> {
    let zero = Chance::from_integer(0);
    let mut exact = Exact::new();
    let mut last_round: Exact<T> = Exact::new();
    let (mut too_deep, mut stopped) = (zero, zero);
    crate::dice::Walker::walk(max_depth, max_rounds, resolve, |t, b| {
        let p = Chance::new(1, b.sides.map(u128::from).product());
        if b.too_deep {
            too_deep += p;
        } else if b.stopped {
            stopped += p;
        } else {
            if b.rounds == max_rounds {
                last_round.add_ref(&t, p);
            }
            exact.add(t, p);
        }
    });
    if stopped != zero {
        // What a stopped branch comes to: what the branches that started the last round
        // walked and ended in it came to, in proportion. Branches stopped at its end are
        // alike those, so they share the rest in the same proportion.
        let ended: Chance = last_round.outcomes.iter().map(|(_, p)| *p).sum();
        if ended != zero {
            for (t, p) in last_round.outcomes {
                exact.add(t, stopped * p / ended);
            }
        } else {
            too_deep += stopped;
        }
    }
    if too_deep != zero {
        let resolved = Chance::from_integer(1) - too_deep;
        for (_, p) in exact.outcomes.iter_mut() {
            *p /= resolved;
        }
    }
    exact
}

/// A roll of a book, typed. `T` is the book's tables, from which every number comes.
pub trait Resolution<T: ?Sized + Sync>: Sync {
    /// The facts a player states; every field has a default, so a player states only what
    /// differs from the usual case.
    type Situation: DeserializeOwned + Serialize + schemars::JsonSchema + Default;
    /// A final outcome: what happens to each unit once every roll it leads to is made.
    type Outcome: Clone + PartialEq + Display;

    fn about(&self) -> About;

    /// What is wrong with a situation: a value out of range, or facts the book does not
    /// allow together. Each problem is named by its fact's path.
    fn problems(&self, tables: &T, situation: &Self::Situation) -> Vec<Problem> {
        let _ = (tables, situation);
        Vec::new()
    }

    /// The modifiers of the first roll, each with its reason.
    fn modifiers(&self, tables: &T, situation: &Self::Situation) -> Vec<Modifier>;

    /// Make every roll the outcome needs, through `dice`, explaining each in `rolls` as
    /// the battle's narrative would.
    fn resolve(
        &self,
        tables: &T,
        situation: &Self::Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Self::Outcome;

    /// The exact odds of every final outcome. By default every throw is walked through
    /// [`Resolution::resolve`]; a book may count them faster, and its tests then hold the
    /// two equal.
    fn odds(&self, tables: &T, situation: &Self::Situation) -> Exact<Self::Outcome> {
        let mut rolls = Vec::new();
        let rounds = self.rounds(tables, situation).unwrap_or(usize::MAX);
        walk_rounds(self.depth(), rounds, |dice| {
            rolls.clear();
            self.resolve(tables, situation, dice, &mut rolls)
        })
    }

    /// How many dice deep [`Resolution::odds`] walks before it takes a branch for one
    /// repeated without end.
    fn depth(&self) -> usize {
        16
    }

    /// For a roll whose rounds repeat (marked by [`Dice::round`]), how many rounds
    /// [`Resolution::odds`] walks: enough that the last one walked is alike every round
    /// after it. `None` walks by dice alone, to [`Resolution::depth`].
    fn rounds(&self, tables: &T, situation: &Self::Situation) -> Option<usize> {
        let _ = (tables, situation);
        None
    }

    /// Quantities the book counts for an outcome (strength points lost, units destroyed),
    /// each named; their expectations are given with the odds.
    fn counts(&self, outcome: &Self::Outcome) -> Vec<(&'static str, f64)> {
        let _ = outcome;
        Vec::new()
    }

    /// Where the units a roll concerns stand in its situation (`unit`, `shooter`, `target`,
    /// or a list: `batteries[].battery`), written as `Role` reads them. A unit's facts are
    /// named alike in every roll of the book, so the table companion fills each role from
    /// the record of the unit a player names.
    fn roles(&self) -> &'static [&'static str] {
        &[]
    }

    /// What an outcome does to each unit of the situation, by role: the facts of its record
    /// that change, or that it is gone.
    fn effects(&self, situation: &Self::Situation, outcome: &Self::Outcome) -> Vec<Effect> {
        let _ = (situation, outcome);
        Vec::new()
    }
}

/// What an outcome does to one unit of a situation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Effect {
    /// The role of the unit in the situation (`target`, `attacker`...).
    pub role: &'static str,
    /// Facts of the unit's record to set, e.g. `status = "disrupted"`.
    pub set: Map<String, Value>,
    /// The unit is destroyed, routed off or otherwise out of the battle.
    pub gone: bool,
}

impl Effect {
    /// Facts of `role` to set.
    pub fn set(role: &'static str, facts: Value) -> Effect {
        Effect {
            role,
            set: match facts {
                Value::Object(m) => m,
                _ => Map::new(),
            },
            gone: false,
        }
    }

    /// The unit of `role` is out of the battle.
    pub fn gone(role: &'static str) -> Effect {
        Effect {
            role,
            set: Map::new(),
            gone: true,
        }
    }
}

/// One final outcome and its chance, for people and for JSON.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OutcomeChance {
    pub outcome: String,
    pub numerator: u128,
    pub denominator: u128,
    /// The chance as a percentage.
    pub percent: f64,
}

/// The odds of a roll in a situation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    pub about: About,
    pub modifiers: Vec<Modifier>,
    /// Every final outcome, likeliest first.
    pub outcomes: Vec<OutcomeChance>,
    /// The expectation of each quantity the book counts.
    pub expected: Vec<(String, f64)>,
}

/// A roll made: its explanations, its final outcome and what it does to each unit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Resolved {
    pub about: About,
    pub rolls: Vec<Explanation>,
    pub outcome: String,
    pub effects: Vec<Effect>,
}

/// A resolution of any book, asked in JSON.
pub trait AnyResolution: Sync {
    fn about(&self) -> About;
    /// The JSON schema of the situation: every fact, its type, values, default and meaning.
    fn schema(&self) -> Value;
    /// The situation with every fact at its default.
    fn defaults(&self) -> Value;
    fn odds(&self, situation: &Value) -> Result<Odds, Vec<Problem>>;
    /// The situation with every fact it takes, defaults filled in: what the odds were
    /// given for, to show beside them.
    fn filled(&self, situation: &Value) -> Result<Value, Vec<Problem>>;
    fn resolve(&self, situation: &Value, dice: &mut dyn Dice) -> Result<Resolved, Vec<Problem>>;
    /// Where the units a roll concerns stand in its situation, as `Role` reads them.
    fn roles(&self) -> &'static [&'static str];
    /// Whether a situation reads (every fact known, every value of its kind), without the
    /// book's judgement of it: for facts given before the rest of a situation is.
    fn reads(&self, situation: &Value) -> Result<(), Vec<Problem>>;
}

/// A typed resolution bound to the tables it reads.
pub struct Bound<R, T: 'static> {
    pub resolution: R,
    pub tables: &'static T,
}

impl<R, T> Bound<R, T>
where
    T: Sync,
    R: Resolution<T>,
{
    /// A situation read, every fact known and of its kind.
    fn read(&self, value: &Value) -> Result<R::Situation, Vec<Problem>> {
        // Read straight first; only a situation that does not read is read again to find
        // the path of what is wrong.
        if let Ok(s) = R::Situation::deserialize(value) {
            return Ok(s);
        }
        serde_path_to_error::deserialize(value).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." { String::new() } else { path };
            let message = e.into_inner().to_string();
            vec![Problem::new(
                path,
                message,
                "the facts this roll takes, with their values, are listed by its --help",
            )]
        })
    }

    /// A situation read and judged by the book.
    fn situation(&self, value: &Value) -> Result<R::Situation, Vec<Problem>> {
        let s = self.read(value)?;
        let problems = self.resolution.problems(self.tables, &s);
        if problems.is_empty() {
            Ok(s)
        } else {
            Err(problems)
        }
    }
}

impl<R, T> AnyResolution for Bound<R, T>
where
    T: Sync,
    R: Resolution<T>,
{
    fn about(&self) -> About {
        self.resolution.about()
    }

    fn schema(&self) -> Value {
        serde_json::to_value(schemars::schema_for!(R::Situation)).unwrap_or_default()
    }

    fn defaults(&self) -> Value {
        serde_json::to_value(R::Situation::default()).unwrap_or_default()
    }

    fn odds(&self, situation: &Value) -> Result<Odds, Vec<Problem>> {
        let s = self.situation(situation)?;
        let r = &self.resolution;
        let exact = r.odds(self.tables, &s);
        let mut expected: Vec<(String, f64)> = Vec::new();
        for (o, p) in &exact.outcomes {
            let p = ratio_f64(*p);
            for (name, n) in r.counts(o) {
                match expected.iter_mut().find(|(k, _)| k == name) {
                    Some(slot) => slot.1 += p * n,
                    None => expected.push((name.to_string(), p * n)),
                }
            }
        }
        let mut outcomes: Vec<OutcomeChance> = exact
            .outcomes
            .iter()
            .filter(|(_, p)| *p.numer() != 0)
            .map(|(o, p)| OutcomeChance {
                outcome: o.to_string(),
                numerator: *p.numer(),
                denominator: *p.denom(),
                percent: 100.0 * ratio_f64(*p),
            })
            .collect();
        // Likeliest first; equal chances keep the order the book's table gives them.
        outcomes.sort_by(|a, b| (b.numerator * a.denominator).cmp(&(a.numerator * b.denominator)));
        Ok(Odds {
            about: r.about(),
            modifiers: r.modifiers(self.tables, &s),
            outcomes,
            expected,
        })
    }

    fn filled(&self, situation: &Value) -> Result<Value, Vec<Problem>> {
        let s = self.read(situation)?;
        Ok(serde_json::to_value(&s).unwrap_or_default())
    }

    fn resolve(&self, situation: &Value, dice: &mut dyn Dice) -> Result<Resolved, Vec<Problem>> {
        let s = self.situation(situation)?;
        let mut rolls = Vec::new();
        let outcome = self.resolution.resolve(self.tables, &s, dice, &mut rolls);
        Ok(Resolved {
            about: self.resolution.about(),
            rolls,
            outcome: outcome.to_string(),
            effects: self.resolution.effects(&s, &outcome),
        })
    }

    fn roles(&self) -> &'static [&'static str] {
        self.resolution.roles()
    }

    fn reads(&self, situation: &Value) -> Result<(), Vec<Problem>> {
        self.read(situation).map(|_| ())
    }
}

/// Where a unit named for a roll stands in the roll's situation, as a book writes it in
/// `Resolution::roles`:
/// - `target`: the unit's facts are the part `target`;
/// - `batteries[].battery`: each unit named is a further entry of the list `batteries`,
///   its facts the entry's part `battery`;
/// - `skirmishers[]:sk`: each unit named is a further entry of the list `skirmishers`,
///   which holds the unit's fact `sk` alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Role<'a> {
    /// What a player calls the role (`target=NAME`, `batteries=NAME`).
    pub key: &'a str,
    /// Whether it takes any number of units, one list entry each.
    pub list: bool,
    /// The part of a list entry that holds the unit's facts.
    pub part: Option<&'a str>,
    /// The one fact of the unit a list entry holds.
    pub fact: Option<&'a str>,
}

impl<'a> Role<'a> {
    pub fn parse(role: &'a str) -> Role<'a> {
        let (head, fact) = match role.split_once(':') {
            Some((h, f)) => (h, Some(f)),
            None => (role, None),
        };
        match head.split_once("[]") {
            Some((key, rest)) => Role {
                key,
                list: true,
                part: Some(rest.trim_start_matches('.')).filter(|p| !p.is_empty()),
                fact,
            },
            None => Role {
                key: head,
                list: false,
                part: None,
                fact,
            },
        }
    }

    /// The path the `index`th unit named for the role stands at (`batteries.1.battery`).
    pub fn path(&self, index: usize) -> String {
        match (self.list, self.part) {
            (false, _) => self.key.to_string(),
            (true, Some(part)) => format!("{}.{index}.{part}", self.key),
            (true, None) => format!("{}.{index}", self.key),
        }
    }

    /// Put a unit's facts in the situation as the `index`th unit of this role, beneath any
    /// fact already given there (a fact a player states for the roll outweighs the unit's
    /// record). Returns the path it stands at, or what the record lacks.
    pub fn place(
        &self,
        situation: &mut Value,
        index: usize,
        facts: &Map<String, Value>,
    ) -> Result<String, String> {
        let value = match self.fact {
            Some(f) => facts
                .get(f)
                .cloned()
                .ok_or_else(|| format!("its record has no `{f}`"))?,
            None => Value::Object(facts.clone()),
        };
        if !situation.is_object() {
            *situation = Value::Object(Map::new());
        }
        let map = situation.as_object_mut().expect("an object");
        let slot = if self.list {
            let list = map
                .entry(self.key.to_string())
                .or_insert_with(|| Value::Array(Vec::new()));
            if !list.is_array() {
                *list = Value::Array(Vec::new());
            }
            let list = list.as_array_mut().expect("a list");
            while list.len() <= index {
                list.push(if self.part.is_some() {
                    Value::Object(Map::new())
                } else {
                    Value::Null
                });
            }
            match self.part {
                Some(part) => {
                    let entry = &mut list[index];
                    if !entry.is_object() {
                        *entry = Value::Object(Map::new());
                    }
                    entry
                        .as_object_mut()
                        .expect("an object")
                        .entry(part.to_string())
                        .or_insert(Value::Null)
                }
                None => &mut list[index],
            }
        } else {
            map.entry(self.key.to_string()).or_insert(Value::Null)
        };
        beneath(slot, value);
        Ok(self.path(index))
    }
}

/// Fill `over` with what `below` holds and it does not.
fn beneath(over: &mut Value, below: Value) {
    match (over, below) {
        (Value::Object(o), Value::Object(b)) => {
            for (k, v) in b {
                match o.get_mut(&k) {
                    Some(slot) => beneath(slot, v),
                    None => {
                        o.insert(k, v);
                    }
                }
            }
        }
        (o @ Value::Null, b) => *o = b,
        _ => {}
    }
}

/// A chance as a floating-point number.
pub fn ratio_f64(p: Chance) -> f64 {
    *p.numer() as f64 / *p.denom() as f64
}

/// Follow a `$ref` of a schema to the definition it names.
fn follow<'a>(root: &'a Value, s: &'a Value) -> &'a Value {
    match s
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
    {
        Some(name) => root
            .get("$defs")
            .and_then(|d| d.get(name))
            .map(|d| follow(root, d))
            .unwrap_or(s),
        None => s,
    }
}

/// The schema of the property `key` of an object schema, looking into `allOf`, `anyOf` and
/// `oneOf` parts.
fn property<'a>(root: &'a Value, s: &'a Value, key: &str) -> Option<&'a Value> {
    let s = follow(root, s);
    if let Some(p) = s.get("properties").and_then(|p| p.get(key)) {
        return Some(p);
    }
    for part in ["allOf", "anyOf", "oneOf"] {
        if let Some(list) = s.get(part).and_then(Value::as_array) {
            for alt in list {
                if let Some(p) = property(root, alt, key) {
                    return Some(p);
                }
            }
        }
    }
    None
}

/// The kinds of value a schema accepts: "boolean", "integer", "number", "string",
/// "array", "object".
fn kinds(root: &Value, s: &Value) -> Vec<String> {
    let s = follow(root, s);
    let mut out = Vec::new();
    match s.get("type") {
        Some(Value::String(t)) => out.push(t.clone()),
        Some(Value::Array(ts)) => out.extend(ts.iter().filter_map(Value::as_str).map(String::from)),
        _ => {}
    }
    if s.get("enum").is_some() || s.get("const").is_some() {
        out.push("string".into());
    }
    for part in ["anyOf", "oneOf", "allOf"] {
        if let Some(list) = s.get(part).and_then(Value::as_array) {
            for alt in list {
                out.extend(kinds(root, alt));
            }
        }
    }
    out
}

/// The facts an object schema takes, for messages.
fn keys_of(root: &Value, s: &Value) -> Vec<String> {
    let s = follow(root, s);
    s.get("properties")
        .and_then(Value::as_object)
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_default()
}

/// Turn `key=value` words into a situation, reading each value as the schema says the
/// fact is written: `true`/`false` (or `yes`/`no`) for a yes-or-no fact, a number for a
/// count, a name for a choice. A dotted key sets a fact of a part (`attacker.kind=line`); a
/// part that is a list takes numbered entries (`batteries.0.pounds=12`).
pub fn situation_from_pairs(schema: &Value, pairs: &[String]) -> Result<Value, Problem> {
    let mut root = Value::Object(Map::new());
    for pair in pairs {
        let Some((key, raw)) = pair.split_once('=') else {
            return Err(Problem::new(
                pair.clone(),
                format!("{pair:?} is not a fact: facts are written key=value"),
                "e.g. range=long target=line",
            ));
        };
        let key = key.trim();
        let raw = raw.trim();
        let mut here = schema;
        let mut node = &mut root;
        let parts: Vec<&str> = key.split('.').collect();
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let at: String = parts[..=i].join(".");
            let kinds_here = kinds(schema, here);
            let is_array = kinds_here.iter().any(|k| k == "array");
            let next_schema = if is_array {
                let index: usize = part.parse().map_err(|_| {
                    Problem::new(
                        at.clone(),
                        format!(
                            "{} is a list: name an entry by its number, from 0",
                            parts[..i].join(".")
                        ),
                        format!("e.g. {}.0.{}", parts[..i].join("."), parts[i..].join(".")),
                    )
                })?;
                if index > 64 {
                    return Err(Problem::new(
                        at.clone(),
                        format!("entry {index} of a list of at most 64"),
                        "number entries from 0",
                    ));
                }
                let items = follow(schema, here).get("items").unwrap_or(&Value::Null);
                if !node.is_array() {
                    *node = Value::Array(Vec::new());
                }
                let list = node.as_array_mut().expect("a list");
                // Entries not given take their defaults, as the book's reading fills them.
                while list.len() <= index {
                    list.push(Value::Object(Map::new()));
                }
                here = items;
                node = &mut list[index];
                if last {
                    *node = typed(schema, here, raw, &at)?;
                }
                continue;
            } else {
                match property(schema, here, part) {
                    Some(p) => p,
                    None => {
                        let known = keys_of(schema, here);
                        return Err(Problem::new(
                            at.clone(),
                            format!(
                                "unknown fact `{part}`{}",
                                if known.is_empty() {
                                    String::new()
                                } else {
                                    format!(
                                        ", expected one of {}",
                                        known
                                            .iter()
                                            .map(|k| format!("`{k}`"))
                                            .collect::<Vec<_>>()
                                            .join(", ")
                                    )
                                }
                            ),
                            "the facts this roll takes are listed by its --help",
                        ));
                    }
                }
            };
            if !node.is_object() {
                *node = Value::Object(Map::new());
            }
            let map = node.as_object_mut().expect("an object");
            if last {
                map.insert(part.to_string(), typed(schema, next_schema, raw, &at)?);
                break;
            }
            node = map
                .entry(part.to_string())
                .or_insert_with(|| Value::Object(Map::new()));
            here = next_schema;
        }
    }
    Ok(root)
}

/// The values a choice fact allows, as written: its `enum` or its alternatives' `const`s.
fn choices(root: &Value, s: &Value) -> Vec<String> {
    let s = follow(root, s);
    let mut out: Vec<String> = s
        .get("enum")
        .and_then(Value::as_array)
        .map(|v| {
            v.iter()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    if let Some(c) = s.get("const").and_then(Value::as_str) {
        out.push(c.to_string());
    }
    for part in ["anyOf", "oneOf", "allOf"] {
        if let Some(list) = s.get(part).and_then(Value::as_array) {
            for alt in list {
                out.extend(choices(root, alt));
            }
        }
    }
    out
}

/// A bare word of a roll's situation as the `key=value` it stands for: the name of a
/// yes-or-no fact says it holds (`flank` is `flank=yes`), and a value that only one choice
/// fact allows sets that fact (`long` is `range=long`). Only facts at the top of the
/// situation are read so; a unit's facts are named in full.
pub fn pair_of_word(schema: &Value, word: &str) -> Option<String> {
    let top = follow(schema, schema);
    let props = top.get("properties").and_then(Value::as_object)?;
    let w = word.to_ascii_lowercase();
    if let Some((key, _)) = props.iter().find(|(k, p)| {
        k.eq_ignore_ascii_case(&w) && kinds(schema, p).iter().any(|t| t == "boolean")
    }) {
        return Some(format!("{key}=yes"));
    }
    let mut found = props.iter().filter_map(|(k, p)| {
        choices(schema, p)
            .into_iter()
            .find(|c| c.eq_ignore_ascii_case(&w))
            .map(|c| format!("{k}={c}"))
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// A raw word read as the schema `s` says the value is written.
fn typed(root: &Value, s: &Value, raw: &str, at: &str) -> Result<Value, Problem> {
    let k = kinds(root, s);
    let has = |t: &str| k.iter().any(|x| x == t);
    if has("boolean") {
        return match raw.to_ascii_lowercase().as_str() {
            "true" | "yes" | "y" | "1" | "on" => Ok(Value::Bool(true)),
            "false" | "no" | "n" | "0" | "off" => Ok(Value::Bool(false)),
            _ => Err(Problem::new(
                at,
                format!("{at} is yes or no, not {raw:?}"),
                format!("write {at}=yes or {at}=no"),
            )),
        };
    }
    if has("integer") {
        if let Ok(n) = raw.parse::<i64>() {
            return Ok(Value::from(n));
        }
        if !has("string") {
            return Err(Problem::new(
                at,
                format!("{at} is a whole number, not {raw:?}"),
                format!("write {at}=3, say"),
            ));
        }
    }
    if has("number") {
        if let Ok(x) = raw.parse::<f64>() {
            if x.is_finite() {
                return Ok(Value::from(x));
            }
        }
        if !has("string") {
            return Err(Problem::new(
                at,
                format!("{at} is a number, not {raw:?}"),
                format!("write {at}=2.5, say"),
            ));
        }
    }
    Ok(Value::String(raw.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    /// A test roll: 1d6 plus a bonus against a target number; on a 1 a second die is thrown,
    /// and a 6 on it turns the failure into a rout.
    #[derive(Debug, Clone, Default, Serialize, Deserialize, schemars::JsonSchema)]
    #[serde(default, deny_unknown_fields)]
    struct Facts {
        /// Added to the die.
        bonus: i32,
        /// Whether a second chance is had.
        veteran: bool,
        /// How close.
        range: Range,
    }

    #[derive(
        Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema,
    )]
    #[serde(rename_all = "lowercase")]
    enum Range {
        #[default]
        Short,
        Long,
    }

    #[derive(Debug, Clone, PartialEq)]
    enum Out {
        Hit,
        Miss,
        Rout,
    }

    impl Display for Out {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "{self:?}")
        }
    }

    struct Test;

    impl Resolution<()> for Test {
        type Situation = Facts;
        type Outcome = Out;
        fn about(&self) -> About {
            About {
                name: "test",
                title: "A test",
                section: "T 1",
                modifiers: "Test modifiers",
                summary: "hits on 4+",
                dice: "1d6",
            }
        }
        fn problems(&self, _: &(), s: &Facts) -> Vec<Problem> {
            if s.bonus.abs() > 5 {
                vec![Problem::new("bonus", "too big", "from -5 to 5")]
            } else {
                Vec::new()
            }
        }
        fn modifiers(&self, _: &(), s: &Facts) -> Vec<Modifier> {
            vec![Modifier::new(s.bonus, "bonus")]
        }
        fn resolve(&self, _: &(), s: &Facts, dice: &mut dyn Dice, _: &mut Vec<Explanation>) -> Out {
            let d = dice.roll(6, "test") as i32;
            if d + s.bonus >= 4 {
                Out::Hit
            } else if d == 1 && !s.veteran && dice.roll(6, "rout") == 6 {
                Out::Rout
            } else {
                Out::Miss
            }
        }
        fn counts(&self, o: &Out) -> Vec<(&'static str, f64)> {
            vec![("hits", f64::from(u8::from(*o == Out::Hit)))]
        }
    }

    static TABLES: () = ();

    fn bound() -> Bound<Test, ()> {
        Bound {
            resolution: Test,
            tables: &TABLES,
        }
    }

    #[test]
    fn a_bare_word_stands_for_the_fact_it_names() {
        let schema = bound().schema();
        assert_eq!(
            pair_of_word(&schema, "veteran").as_deref(),
            Some("veteran=yes")
        );
        assert_eq!(pair_of_word(&schema, "Long").as_deref(), Some("range=long"));
        assert_eq!(pair_of_word(&schema, "bonus"), None);
        assert_eq!(pair_of_word(&schema, "flank"), None);
    }

    #[test]
    fn walking_gives_exact_fractions_through_a_chained_roll() {
        let odds = bound().odds(&serde_json::json!({"bonus": 1})).unwrap();
        let got: Vec<(String, u128, u128)> = odds
            .outcomes
            .iter()
            .map(|o| (o.outcome.clone(), o.numerator, o.denominator))
            .collect();
        // Hits on 3+: 4/6; misses on 2, or on 1 with no 6 after: 1/6 + 5/36; routs 1/36.
        assert_eq!(
            got,
            [
                ("Hit".to_string(), 2, 3),
                ("Miss".to_string(), 11, 36),
                ("Rout".to_string(), 1, 36)
            ]
        );
        assert_eq!(odds.expected, [("hits".to_string(), 2.0 / 3.0)]);
        let filled = bound().filled(&serde_json::json!({"bonus": 1})).unwrap();
        assert_eq!(filled["range"], "short");
        assert_eq!(filled["bonus"], 1);
    }

    #[test]
    fn repeated_rounds_are_conditioned_exactly() {
        // Opposed d6, ties thrown again: the first wins exactly half the time.
        let e = walk(12, |d| loop {
            let (a, b) = (d.roll(6, "a"), d.roll(6, "b"));
            if a != b {
                break a > b;
            }
        });
        assert_eq!(e.chance(|w| *w), Chance::new(1, 2));
    }

    #[test]
    fn rounds_unlike_at_first_are_walked_exactly_round_by_round() {
        // Round 1: 1-2 A, 3 B, 4-6 again. Later rounds: 1 A, 2 B, 3-6 again. An A throws
        // one die more, so rounds do not start at a fixed depth. Exactly: A = 2/6 + 3/6 *
        // 1/2 = 7/12, B = 5/12.
        let roll = |d: &mut dyn Dice| {
            let mut first = true;
            loop {
                d.round();
                let f = d.roll(6, "round");
                let (a, b) = if first {
                    (f <= 2, f == 3)
                } else {
                    (f == 1, f == 2)
                };
                first = false;
                if a {
                    d.roll(6, "after A");
                    return 'A';
                }
                if b {
                    return 'B';
                }
            }
        };
        let exact = walk_rounds(16, 2, roll);
        assert_eq!(exact.chance(|o| *o == 'A'), Chance::new(7, 12));
        assert_eq!(exact.chance(|o| *o == 'B'), Chance::new(5, 12));
        assert_eq!(walk_rounds(16, 5, roll), exact);
        // By dice alone, the rounds past the cut are taken for the whole roll's mix.
        assert_ne!(walk(4, roll).chance(|o| *o == 'A'), Chance::new(7, 12));
    }

    #[test]
    fn counting_throws_agrees_with_walking_them() {
        let counted = Exact::of_throws(&[6, 6], |t| t[0] + t[1] >= 8);
        let walked = walk(4, |d| d.roll(6, "a") + d.roll(6, "b") >= 8);
        assert_eq!(counted, walked);
        assert_eq!(counted.chance(|w| *w), Chance::new(15, 36));
    }

    #[test]
    fn facts_come_from_words_typed_by_the_schema() {
        let b = bound();
        let v = situation_from_pairs(
            &b.schema(),
            &["bonus=-2".into(), "veteran=yes".into(), "range=long".into()],
        )
        .unwrap();
        assert_eq!(
            v,
            serde_json::json!({"bonus": -2, "veteran": true, "range": "long"})
        );
        let e = situation_from_pairs(&b.schema(), &["bonsu=2".into()]).unwrap_err();
        assert_eq!(e.path, "bonsu");
        assert!(
            e.message
                .contains("unknown fact `bonsu`, expected one of `bonus`, `veteran`, `range`"),
            "{e:?}"
        );
        let e = situation_from_pairs(&b.schema(), &["veteran=maybe".into()]).unwrap_err();
        assert!(e.message.contains("yes or no"), "{e:?}");
        let e = situation_from_pairs(&b.schema(), &["bonus".into()]).unwrap_err();
        assert!(e.message.contains("key=value"), "{e:?}");
    }

    #[test]
    fn roles_place_units_beneath_the_facts_given() {
        let facts: Map<String, Value> =
            serde_json::from_value(serde_json::json!({"guns": "Heavy", "sk": 2})).unwrap();
        let mut s = serde_json::json!({"batteries": [{}, {"battery": {"guns": "Light"}}]});
        let list = Role::parse("batteries[].battery");
        assert_eq!(
            (list.key, list.list, list.part),
            ("batteries", true, Some("battery"))
        );
        assert_eq!(
            list.place(&mut s, 0, &facts).unwrap(),
            "batteries.0.battery"
        );
        assert_eq!(
            list.place(&mut s, 1, &facts).unwrap(),
            "batteries.1.battery"
        );
        assert_eq!(s["batteries"][0]["battery"]["guns"], "Heavy");
        // A fact stated for the roll outweighs the unit's record.
        assert_eq!(s["batteries"][1]["battery"]["guns"], "Light");
        let one = Role::parse("skirmishers[]:sk");
        assert_eq!(one.place(&mut s, 1, &facts).unwrap(), "skirmishers.1");
        assert_eq!(s["skirmishers"], serde_json::json!([null, 2]));
        let lacking = Role::parse("firers[]:sp").place(&mut s, 0, &facts);
        assert_eq!(lacking.unwrap_err(), "its record has no `sp`");
        let plain = Role::parse("target");
        assert_eq!(plain.place(&mut s, 0, &facts).unwrap(), "target");
        assert_eq!(s["target"]["sk"], 2);
    }

    #[test]
    fn bad_situations_name_the_fact() {
        let b = bound();
        let e = b.odds(&serde_json::json!({"range": "far"})).unwrap_err();
        assert_eq!(e[0].path, "range");
        assert!(e[0].message.contains("unknown variant `far`"), "{e:?}");
        let e = b.odds(&serde_json::json!({"bonus": 9})).unwrap_err();
        assert_eq!(
            (e[0].path.as_str(), e[0].message.as_str()),
            ("bonus", "too big")
        );
    }
}
