//! Replays: scenario + seed + commands, with the events each produced so that a re-run can
//! prove it reproduces them.

use crate::dice::{Logged, Roll, Seeded};
use crate::{Outcome, Ruleset, Side};
use serde::{Deserialize, Serialize};

/// One command, the dice it rolled (each with its purpose) and the events it produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Step<C, E> {
    pub side: Side,
    pub command: C,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    pub events: Vec<E>,
}

/// A whole battle, re-playable.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Replay<S, C, E> {
    pub rules: String,
    pub seed: u64,
    pub scenario: S,
    pub steps: Vec<Step<C, E>>,
    pub outcome: Option<Outcome>,
}

/// Where a re-run first departs from a replay.
#[derive(Debug, Clone, PartialEq)]
pub struct Divergence {
    pub step: usize,
    /// Index of the first differing event within the step (or the count if one ran short).
    pub event: usize,
    pub expected: String,
    pub found: String,
}

impl std::fmt::Display for Divergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "step {}, event {}: expected {}, found {}",
            self.step, self.event, self.expected, self.found
        )
    }
}

/// Re-run a replay and compare every event. Returns the final state on success.
pub fn verify<R: Ruleset>(
    rules: &R,
    replay: &Replay<R::Scenario, R::Command, R::Event>,
) -> Result<R::State, Divergence> {
    let mut state = rules.start(&replay.scenario);
    let mut dice = Logged::new(Seeded::new(replay.seed));
    for (i, step) in replay.steps.iter().enumerate() {
        let mut events = Vec::new();
        dice.log.clear();
        if let Err(e) = rules.execute(&mut state, step.side, &step.command, &mut dice, &mut events)
        {
            return Err(Divergence {
                step: i,
                event: 0,
                expected: format!("{:?}", step.command),
                found: format!("command refused: {e}"),
            });
        }
        if !step.rolls.is_empty() && step.rolls != dice.log {
            return Err(Divergence {
                step: i,
                event: 0,
                expected: format!("rolls {:?}", step.rolls),
                found: format!("rolls {:?}", dice.log),
            });
        }
        let n = events.len().max(step.events.len());
        for j in 0..n {
            let (a, b) = (step.events.get(j), events.get(j));
            if a != b {
                return Err(Divergence {
                    step: i,
                    event: j,
                    expected: a.map_or("no event".into(), |e| format!("{e:?}")),
                    found: b.map_or("no event".into(), |e| format!("{e:?}")),
                });
            }
        }
    }
    let outcome = rules.outcome(&state);
    if outcome != replay.outcome {
        return Err(Divergence {
            step: replay.steps.len(),
            event: 0,
            expected: format!("outcome {:?}", replay.outcome),
            found: format!("outcome {outcome:?}"),
        });
    }
    Ok(state)
}
