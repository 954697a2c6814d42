//! Replays: scenario + seed + commands, with the dice each command rolled and the events it
//! produced, so that a re-run can prove it reproduces them.

use crate::dice::{Logged, Roll, Seeded};
use crate::{Outcome, Ruleset, Side};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One command, the dice it rolled (each with its purpose) and the events it produced.
/// Every step records its rolls, an empty list when it rolled none, so that a replay whose
/// dice were deleted is refused rather than taken on trust.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step<C, E> {
    pub side: Side,
    pub command: C,
    pub rolls: Vec<Roll>,
    pub events: Vec<E>,
}

/// A whole battle, re-playable.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay<S, C, E> {
    pub rules: String,
    /// The version of the rule set's play that recorded it ([`crate::Ruleset::version`]);
    /// replays from before versions were written are of version 1.
    #[serde(default = "first_version")]
    pub version: u32,
    pub seed: u64,
    pub scenario: S,
    pub steps: Vec<Step<C, E>>,
    pub outcome: Option<Outcome>,
}

fn first_version() -> u32 {
    1
}

/// Where and how a re-run first departs from a replay, told for a person.
#[derive(Debug, Clone, PartialEq)]
pub struct Divergence {
    /// The step (command) at which it departs, from 0; the number of steps for the outcome.
    pub step: usize,
    /// Which side gave the command, and the command, in words.
    pub context: String,
    /// What the replay records there.
    pub expected: String,
    /// What the re-run gives instead.
    pub found: String,
    /// The first field in which the two differ, with both values.
    pub detail: Option<String>,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "step {} ({})", self.step, self.context)?;
        writeln!(f, "  the replay records: {}", self.expected)?;
        write!(f, "  the re-run gives:   {}", self.found)?;
        if let Some(d) = &self.detail {
            write!(f, "\n  first difference:   {d}")?;
        }
        Ok(())
    }
}

/// A value as compact JSON, cut short if long.
fn brief<T: Serialize>(value: &T) -> String {
    let s = serde_json::to_string(value).unwrap_or_default();
    if s.chars().count() > 160 {
        let cut: String = s.chars().take(157).collect();
        format!("{cut}...")
    } else {
        s
    }
}

fn show_value(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        Value::Array(_) | Value::Object(_) => brief(v),
        other => other.to_string(),
    }
}

/// The first place (a field path) where two values differ, with what each holds there.
fn first_difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                let p = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                match y.get(k) {
                    Some(vb) => {
                        if let Some(d) = first_difference(va, vb, &p) {
                            return Some(d);
                        }
                    }
                    None => {
                        return Some(format!(
                            "{p}: {} in the replay, absent in the re-run",
                            show_value(va)
                        ))
                    }
                }
            }
            y.keys().find(|k| !x.contains_key(*k)).map(|k| {
                format!(
                    "{path}.{k}: absent in the replay, {} in the re-run",
                    show_value(&y[k])
                )
            })
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                if let Some(d) = first_difference(va, vb, &format!("{path}[{i}]")) {
                    return Some(d);
                }
            }
            (x.len() != y.len()).then(|| {
                format!(
                    "{path}: {} items in the replay, {} in the re-run",
                    x.len(),
                    y.len()
                )
            })
        }
        _ if a == b => None,
        _ => Some(format!(
            "{}: {} in the replay, {} in the re-run",
            if path.is_empty() { "the value" } else { path },
            show_value(a),
            show_value(b)
        )),
    }
}

/// Dice as a person reads them: "d6 = 3 (shooting), d6 = 5 (rout survival)".
fn show_rolls(rolls: &[Roll]) -> String {
    if rolls.is_empty() {
        return "no dice".into();
    }
    rolls
        .iter()
        .map(|r| format!("d{} = {} ({})", r.sides, r.face, r.purpose))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Re-run a replay and compare every roll and every event. Returns the final state on
/// success, or where and how the re-run departs from it.
pub fn verify<R: Ruleset>(
    rules: &R,
    replay: &Replay<R::Scenario, R::Command, R::Event>,
) -> Result<R::State, Divergence> {
    let state = state_at(rules, replay, replay.steps.len())?;
    let outcome = rules.outcome(&state);
    if outcome != replay.outcome {
        let tell = |o: &Option<Outcome>| match o {
            None => "the battle is not over".to_string(),
            Some(o) => match o.winner {
                Some(s) => format!("{} wins: {}", rules.side_name(&state, s), o.reason),
                None => format!("a draw: {}", o.reason),
            },
        };
        return Err(Divergence {
            step: replay.steps.len(),
            context: "after the last command".into(),
            expected: tell(&replay.outcome),
            found: tell(&outcome),
            detail: None,
        });
    }
    Ok(state)
}

/// The state before step `upto` of a replay (its first `upto` commands re-run, each roll
/// and event checked against the record), or where the re-run departs from it.
pub fn state_at<R: Ruleset>(
    rules: &R,
    replay: &Replay<R::Scenario, R::Command, R::Event>,
    upto: usize,
) -> Result<R::State, Divergence> {
    let mut state = rules.start(&replay.scenario);
    let mut dice = Logged::new(Seeded::new(replay.seed));
    for (i, step) in replay.steps.iter().enumerate().take(upto) {
        let context = format!(
            "{} gives {}",
            rules.side_name(&state, step.side),
            brief(&step.command)
        );
        let mut events = Vec::new();
        dice.log.clear();
        if let Err(e) = rules.execute(&mut state, step.side, &step.command, &mut dice, &mut events)
        {
            return Err(Divergence {
                step: i,
                context,
                expected: "the command is carried out".into(),
                found: format!("the command is refused: {e}"),
                detail: None,
            });
        }
        if step.rolls != dice.log {
            let detail = first_difference(
                &serde_json::to_value(&step.rolls).unwrap_or_default(),
                &serde_json::to_value(&dice.log).unwrap_or_default(),
                "rolls",
            );
            return Err(Divergence {
                step: i,
                context,
                expected: show_rolls(&step.rolls),
                found: show_rolls(&dice.log),
                detail,
            });
        }
        let n = events.len().max(step.events.len());
        for j in 0..n {
            let (a, b) = (step.events.get(j), events.get(j));
            if a != b {
                let tell = |e: Option<&R::Event>| match e {
                    None => "no more events".to_string(),
                    Some(e) => rules.narrate(&state, e).unwrap_or_else(|| brief(e)),
                };
                let detail = match (a, b) {
                    (Some(a), Some(b)) => first_difference(
                        &serde_json::to_value(a).unwrap_or_default(),
                        &serde_json::to_value(b).unwrap_or_default(),
                        "",
                    ),
                    _ => None,
                };
                return Err(Divergence {
                    step: i,
                    context: format!("{context}, event {j}"),
                    expected: tell(a),
                    found: tell(b),
                    detail,
                });
            }
        }
    }
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_difference_is_named_by_its_path() {
        let a = json!({"Moved": {"unit": 3, "to": [1.0, 2.0, 0.5]}});
        let b = json!({"Moved": {"unit": 3, "to": [1.0, 2.5, 0.5]}});
        assert_eq!(
            first_difference(&a, &b, "").as_deref(),
            Some("Moved.to[1]: 2.0 in the replay, 2.5 in the re-run")
        );
        let c = json!({"Routed": {"unit": 3}});
        assert_eq!(
            first_difference(&a, &c, "").as_deref(),
            Some("Moved: {\"unit\":3,\"to\":[1.0,2.0,0.5]} in the replay, absent in the re-run")
        );
        assert_eq!(first_difference(&a, &a, ""), None);
        assert_eq!(
            first_difference(&json!([1]), &json!([1, 2]), "rolls").as_deref(),
            Some("rolls: 1 items in the replay, 2 in the re-run")
        );
    }

    #[test]
    fn rolls_read_as_dice() {
        let r = |sides, face, purpose: &'static str| Roll {
            sides,
            face,
            purpose: purpose.into(),
        };
        assert_eq!(
            show_rolls(&[r(6, 3, "shooting"), r(6, 5, "rout survival")]),
            "d6 = 3 (shooting), d6 = 5 (rout survival)"
        );
        assert_eq!(show_rolls(&[]), "no dice");
    }
}
