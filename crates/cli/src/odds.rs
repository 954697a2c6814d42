//! The table companion on the command line: the exact odds of any roll of a book
//! (`grognard odds`), and a roll resolved with dice thrown by hand or by the program
//! (`grognard resolve`).

use grognard_engine::book::Book;
use grognard_engine::dice::{Entered, Seeded};
use grognard_engine::files::Problem;
use grognard_engine::reference;
use grognard_engine::resolution::{situation_from_pairs, AnyResolution, Odds, Resolved};
use serde_json::{json, Map, Value};
use std::fmt::Write;

/// Why an odds or resolve request cannot be answered: said to the person, exit status 1.
#[derive(Debug)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The roll named `name` of a book, or a refusal listing the rolls there are.
pub fn find<R: Book>(rules: &R, name: &str) -> Result<Box<dyn AnyResolution>, Refusal> {
    let all = rules.resolutions();
    let names: Vec<&str> = all.iter().map(|r| r.about().name).collect();
    let names = names.join(", ");
    all.into_iter()
        .find(|r| r.about().name == name)
        .ok_or_else(|| {
            Refusal(format!(
                "{} has no roll called {name:?}\n  hint: its rolls are {names}; `grognard odds --rules {} --list` describes each",
                rules.name(),
                rules.name()
            ))
        })
}

/// Every roll of a book, a line each.
pub fn list<R: Book>(rules: &R) -> String {
    let mut out = format!(
        "The rolls of {} (`--rules {}`):\n",
        rules.title(),
        rules.name()
    );
    for r in rules.resolutions() {
        let a = r.about();
        let _ = writeln!(
            out,
            "  {:<18} {} ({}): {} [{}]",
            a.name, a.title, a.dice, a.summary, a.section
        );
    }
    let _ = write!(
        out,
        "Ask for one with `grognard odds --rules {} ROLL key=value ...`; `grognard odds --rules {} ROLL --help` lists the facts it takes.",
        rules.name(),
        rules.name()
    );
    out
}

/// The facts a roll takes, a line each, made from the same definitions the roll reads.
pub fn help(r: &dyn AnyResolution, rules: &str) -> String {
    let a = r.about();
    let mut out = format!(
        "{} ({}, {}): {}\n\nFacts (key=value; each has a default):\n",
        a.title, a.section, a.dice, a.summary
    );
    let facts = reference::facts(&r.schema());
    let width = facts.iter().map(|f| f.key.len()).max().unwrap_or(0);
    for f in &facts {
        let _ = writeln!(
            out,
            "  {:<width$}  {}; default {}{}",
            f.key,
            f.value,
            f.default,
            if f.meaning.is_empty() {
                String::new()
            } else {
                format!("\n  {:<width$}  {}", "", f.meaning)
            }
        );
    }
    let _ = write!(
        out,
        "\nExample: grognard odds --rules {rules} {} {}",
        a.name,
        facts
            .iter()
            .filter(|f| !f.value.starts_with("a list") && !f.value.starts_with("a part"))
            .take(2)
            .map(|f| format!("{}={}", f.key, f.default))
            .collect::<Vec<_>>()
            .join(" ")
    );
    out
}

/// Merge a situation file's facts and the command line's `key=value` facts, the command
/// line's winning.
pub fn situation(
    r: &dyn AnyResolution,
    file: Option<(String, String)>,
    pairs: &[String],
) -> Result<Value, Refusal> {
    let mut base = match file {
        None => Value::Object(Map::new()),
        Some((name, text)) => {
            let trimmed = text.trim_start();
            if trimmed.starts_with('{') {
                serde_json::from_str::<Value>(&text).map_err(|e| {
                    Refusal(format!(
                        "{name}:{}:{}: not a JSON situation: {e}\n  hint: a situation file holds the facts, as a JSON object or as TOML key = value lines",
                        e.line(),
                        e.column()
                    ))
                })?
            } else {
                let table: toml::Table = grognard_engine::files::parse_toml(&name, &text)
                    .map_err(|e| Refusal(e.to_string()))?;
                serde_json::to_value(table).map_err(|e| Refusal(e.to_string()))?
            }
        }
    };
    let given = situation_from_pairs(&r.schema(), pairs).map_err(|p| refusal(r, &[p]))?;
    merge(&mut base, given);
    Ok(base)
}

/// Lay the facts of `over` onto `base`, part by part.
pub fn merge(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                match b.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (b, o) => *b = o,
    }
}

/// A situation's problems, for the person.
pub fn refusal(r: &dyn AnyResolution, problems: &[Problem]) -> Refusal {
    let name = r.about().name;
    let lines: Vec<String> = problems
        .iter()
        .map(|p| {
            let at = if p.path.is_empty() {
                String::new()
            } else {
                format!("{}: ", p.path)
            };
            format!("{name}: {at}{}\n  hint: {}", p.message, p.hint)
        })
        .collect();
    Refusal(lines.join("\n"))
}

/// Odds for people, beside the situation they were given for (`AnyResolution::filled`).
pub fn show_odds(o: &Odds, situation: &Value) -> String {
    let a = &o.about;
    let mut out = format!("{} ({}, {}): {}\n", a.title, a.section, a.dice, a.summary);
    let facts: Vec<String> = flat(situation, "");
    let _ = writeln!(out, "Situation: {}", facts.join(" "));
    if o.modifiers.is_empty() {
        out.push_str("Modifiers: none\n");
    } else {
        out.push_str("Modifiers:\n");
        for m in &o.modifiers {
            let _ = writeln!(out, "  {:+}  {} [{}]", m.value, m.reason, a.modifiers);
        }
    }
    out.push_str("Outcomes:\n");
    let width = o
        .outcomes
        .iter()
        .map(|c| format!("{}/{}", c.numerator, c.denominator).len())
        .max()
        .unwrap_or(0);
    for c in &o.outcomes {
        let _ = writeln!(
            out,
            "  {:>width$}  {:>7.3}%  {}",
            format!("{}/{}", c.numerator, c.denominator),
            c.percent,
            c.outcome
        );
    }
    for (what, x) in &o.expected {
        let _ = writeln!(out, "Expected {what}: {x:.3}");
    }
    out.trim_end().to_string()
}

/// A situation as `key=value` words.
fn flat(v: &Value, prefix: &str) -> Vec<String> {
    match v {
        Value::Object(m) => m
            .iter()
            .flat_map(|(k, v)| flat(v, &format!("{prefix}{k}.")))
            .collect(),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .flat_map(|(i, v)| flat(v, &format!("{prefix}{i}.")))
            .collect(),
        Value::Null => Vec::new(),
        Value::Bool(b) => vec![format!(
            "{}={}",
            prefix.trim_end_matches('.'),
            if *b { "yes" } else { "no" }
        )],
        Value::String(s) => vec![format!("{}={s}", prefix.trim_end_matches('.'))],
        other => vec![format!("{}={other}", prefix.trim_end_matches('.'))],
    }
}

/// Odds as JSON, with the situation they were given for.
pub fn odds_json(rules: &str, o: &Odds, situation: &Value) -> Value {
    json!({
        "rules": rules,
        "roll": o.about.name,
        "section": o.about.section,
        "dice": o.about.dice,
        "situation": situation,
        "modifiers": o.modifiers.iter().map(|m| json!({"value": m.value, "reason": m.reason, "section": o.about.modifiers})).collect::<Vec<_>>(),
        "outcomes": o.outcomes,
        "expected": o.expected.iter().map(|(k, v)| json!({"quantity": k, "expected": v})).collect::<Vec<_>>(),
    })
}

/// Dice written by hand: faces separated by commas or spaces.
pub fn parse_dice(text: &str) -> Result<Vec<u8>, Refusal> {
    text.split([',', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<u8>().map_err(|_| {
                Refusal(format!(
                    "--dice: {w:?} is not a die's face\n  hint: give the faces thrown in order, e.g. --dice 4,3"
                ))
            })
        })
        .collect()
}

/// Resolve a roll with the faces a player threw, checking that they fit the dice the roll
/// throws, or with seeded dice.
pub fn resolve(
    r: &dyn AnyResolution,
    situation: &Value,
    faces: Option<&[u8]>,
    seed: u64,
) -> Result<Resolved, Refusal> {
    match faces {
        Some(faces) => {
            let mut dice = Entered::new(faces);
            let done = r
                .resolve(situation, &mut dice)
                .map_err(|p| refusal(r, &p))?;
            match dice.problem() {
                Some(why) => Err(Refusal(format!(
                    "{}: {why}\n  hint: give the faces in the order thrown with --dice, or leave --dice out to have them thrown",
                    r.about().name
                ))),
                None => Ok(done),
            }
        }
        None => r
            .resolve(situation, &mut Seeded::new(seed))
            .map_err(|p| refusal(r, &p)),
    }
}

/// A resolved roll for people: each roll explained as the battle's narrative explains it,
/// then the final outcome.
pub fn show_resolved(done: &Resolved) -> String {
    let mut out = String::new();
    for e in &done.rolls {
        let _ = writeln!(out, "{e}");
    }
    let _ = write!(out, "Outcome: {}", done.outcome);
    out
}
