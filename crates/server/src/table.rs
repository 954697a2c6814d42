//! A game in play, whatever its book: the server sees every battle through [`Table`], made
//! once for each book from its [`Book`] and [`Ruleset`].

use crate::draw::Drawn;
use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::dice::{derive_seed, Seeded};
use grognard_engine::driver::Match;
use grognard_engine::resolution::{AnyResolution, Odds};
use grognard_engine::{Illegal, Outcome, Player, Side};
use grognard_geometry::Pose;
use serde::Serialize;
use serde_json::Value;

/// Why a command from a seat was not carried out.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
pub enum Refusal {
    /// The book forbids it, with the section that does.
    #[error("{0}")]
    Illegal(Illegal),
    /// It is not this seat's turn, or the battle is over.
    #[error("{0}")]
    NotYourTurn(String),
    /// The command is not one of this book's commands.
    #[error("{0}")]
    Unreadable(String),
}

/// One line of the log a seat reads: the step that gave it and what happened, in words.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogLine {
    pub step: usize,
    pub heading: String,
    pub text: String,
}

/// An order a seat may give now, as the book's command, with the advice that suggests it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Order {
    pub command: Value,
    /// The order in words.
    pub text: String,
    /// The unit it is given to, as the scene numbers it; none for an order of the side.
    pub unit: Option<u32>,
    /// The advice it comes from ("advance", "charge", "stand", ...).
    pub why: &'static str,
    /// The AI's choice among them.
    pub suggested: bool,
    /// The exact odds of the dice it throws, if it throws any.
    pub odds: Option<Odds>,
}

/// A command a seat might give, judged without carrying it out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Judged {
    pub command: Value,
    pub text: String,
    pub unit: Option<u32>,
    /// Whether the book allows it now; when not, `refusal` says why.
    pub legal: bool,
    pub refusal: Option<Illegal>,
    pub odds: Option<Odds>,
}

/// One step of the game as a seat may know it: who gave it and whether it threw dice.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct StepFact {
    pub side: Side,
    pub rolled: bool,
}

/// What one seat is shown: the table as that side may see it, whose turn it is, the orders
/// it may give when it is its turn, and the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatView {
    pub rules: &'static str,
    pub side: Side,
    pub side_names: [String; 2],
    pub headline: String,
    pub to_act: Option<Side>,
    pub steps: usize,
    pub outcome: Option<Outcome>,
    pub scene: Drawn,
    pub orders: Vec<Order>,
    pub log: Vec<LogLine>,
}

/// A battle in play, of any book.
pub trait Table: Send {
    fn rules(&self) -> &'static str;
    fn to_act(&self) -> Option<Side>;
    fn steps(&self) -> usize;
    /// What `side`'s seat is shown now.
    fn seat_view(&self, side: Side) -> SeatView;
    /// The game in a line of the list of games: book, sides, steps, headline, whose turn
    /// and outcome.
    fn summary(&self) -> Value;
    /// Carry out `command` (the book's JSON) for `side`; the command as it is kept.
    fn submit(&mut self, side: Side, command: &Value) -> Result<Value, Refusal>;
    /// Let the machine playing `side` choose and carry out one command; the command as it
    /// is kept.
    fn machine_step(&mut self, side: Side, kind: &str) -> Result<Value, Refusal>;
    /// The replay of the game so far, as `grognard replay` reads it.
    fn replay(&self) -> Value;
    /// Judge `command` for `side` as things stand, without carrying it out.
    fn judge(&self, side: Side, command: &Value) -> Result<Judged, Refusal>;
    /// The move that takes `unit` of `side` to `to`, as the book's command.
    fn move_to(&self, side: Side, unit: u32, to: Pose) -> Option<Value>;
    /// Every step so far: who gave it and whether it threw dice.
    fn step_facts(&self) -> Vec<StepFact>;
    /// What `side` was shown after the first `step` steps: the headline and the scene.
    fn scene_at(&self, side: Side, step: usize) -> Option<(String, Drawn)>;
    /// The first step of each turn, with its headline, for stepping through the game.
    fn turns(&self) -> Vec<(usize, String)>;
}

/// A game of book `R`.
pub struct Live<R: Book> {
    m: Match<'static, R>,
    general: [General<R::Command>; 2],
    random: [RandomPlayer<R::Command>; 2],
    /// The log as each side reads it.
    log: [Vec<LogLine>; 2],
    /// The step each turn began at, with its headline.
    turns: Vec<(usize, String)>,
}

impl<R: Book> Live<R> {
    /// A game of `rules` on `scenario` with `seed`, with the commands already given carried
    /// out again; the first that fails names its number.
    pub fn new(
        rules: &'static R,
        scenario: R::Scenario,
        seed: u64,
        commands: &[(u8, Value)],
    ) -> Result<Self, String> {
        let m = Match::new(rules, scenario, seed);
        let turns = vec![(0, rules.headline(&m.state))];
        let mut live = Live {
            m,
            general: Default::default(),
            random: Default::default(),
            log: Default::default(),
            turns,
        };
        for (i, (side, command)) in commands.iter().enumerate() {
            let command: R::Command = serde_json::from_value(command.clone())
                .map_err(|e| format!("command {i} cannot be read: {e}"))?;
            live.carry_out(Side(*side), command)
                .map_err(|e| format!("command {i} is refused: {e}"))?;
        }
        Ok(live)
    }

    fn carry_out(&mut self, side: Side, command: R::Command) -> Result<Value, Refusal> {
        match self.m.rules.to_act(&self.m.state) {
            Some(s) if s == side => {}
            Some(s) => {
                let name = self.m.rules.side_name(&self.m.state, s);
                return Err(Refusal::NotYourTurn(format!(
                    "it is for the {name} to act now"
                )));
            }
            None => return Err(Refusal::NotYourTurn("the battle is over".into())),
        }
        let heading = self.m.rules.headline(&self.m.state);
        let turn_before = self.m.rules.turn(&self.m.state);
        let kept =
            serde_json::to_value(&command).map_err(|e| Refusal::Unreadable(e.to_string()))?;
        self.m.submit(side, command).map_err(Refusal::Illegal)?;
        let step = self.m.steps.len() - 1;
        let rules = self.m.rules;
        if rules.turn(&self.m.state) != turn_before {
            self.turns
                .push((self.m.steps.len(), rules.headline(&self.m.state)));
        }
        for e in &self.m.steps[step].events {
            for reader in Side::ALL {
                if let Some(text) = rules.narrate_for(&self.m.state, e, reader) {
                    self.log[reader.index()].push(LogLine {
                        step,
                        heading: heading.clone(),
                        text,
                    });
                }
            }
        }
        Ok(kept)
    }
}

impl<R: Book> Live<R> {
    /// The exact odds of the dice `command` throws from where the game stands.
    fn odds(
        &self,
        resolutions: &[Box<dyn AnyResolution>],
        side: Side,
        command: &R::Command,
    ) -> Option<Odds> {
        let (name, situation) = self.m.rules.roll_of(&self.m.state, side, command)?;
        let r = resolutions.iter().find(|r| r.about().name == name)?;
        r.odds(&situation).ok()
    }

    /// The machine's dice for the step about to be played: drawn afresh from the game's seed
    /// and the step, so a game made again from its commands goes on as it would have.
    fn machine_dice(&self, side: Side) -> Seeded {
        let step = self.m.steps.len() as u64;
        Seeded::new(derive_seed(
            self.m.seed,
            0x5eed_0000 ^ (step << 1) ^ side.0 as u64,
        ))
    }
}

impl<R: Book> Table for Live<R> {
    fn rules(&self) -> &'static str {
        self.m.rules.name()
    }

    fn to_act(&self) -> Option<Side> {
        self.m.rules.to_act(&self.m.state)
    }

    fn steps(&self) -> usize {
        self.m.steps.len()
    }

    fn seat_view(&self, side: Side) -> SeatView {
        let rules = self.m.rules;
        let state = &self.m.state;
        let to_act = rules.to_act(state);
        let mut orders = Vec::new();
        if to_act == Some(side) {
            let view = rules.view(state, side);
            let resolutions = rules.resolutions();
            let mut candidates = Vec::new();
            rules.candidates(&view, side, &mut candidates);
            candidates.retain(|c| c.checked || rules.settle(&view, side, &c.command));
            let best = candidates
                .iter()
                .enumerate()
                .max_by(|a, b| a.1.score.total_cmp(&b.1.score))
                .map(|(i, _)| i);
            orders = candidates
                .iter()
                .enumerate()
                .filter_map(|(i, c)| {
                    Some(Order {
                        command: serde_json::to_value(&c.command).ok()?,
                        text: rules.order_text(state, &c.command),
                        unit: rules.order_unit(&c.command),
                        why: c.why,
                        suggested: Some(i) == best,
                        odds: self.odds(&resolutions, side, &c.command),
                    })
                })
                .collect();
        }
        SeatView {
            rules: rules.name(),
            side,
            side_names: [
                rules.side_name(state, Side(0)),
                rules.side_name(state, Side(1)),
            ],
            headline: rules.headline(state),
            to_act,
            steps: self.m.steps.len(),
            outcome: rules.outcome(state),
            scene: rules.scene_for(state, side).into(),
            orders,
            log: self.log[side.index()].clone(),
        }
    }

    fn summary(&self) -> Value {
        let (rules, state) = (self.m.rules, &self.m.state);
        serde_json::json!({
            "rules": rules.name(),
            "sides": [rules.side_name(state, Side(0)), rules.side_name(state, Side(1))],
            "steps": self.m.steps.len(),
            "headline": rules.headline(state),
            "to_act": rules.to_act(state),
            "outcome": rules.outcome(state),
        })
    }

    fn submit(&mut self, side: Side, command: &Value) -> Result<Value, Refusal> {
        let command: R::Command = serde_json::from_value(command.clone()).map_err(|e| {
            Refusal::Unreadable(format!("not a command of {}: {e}", self.m.rules.title()))
        })?;
        self.carry_out(side, command)
    }

    fn machine_step(&mut self, side: Side, kind: &str) -> Result<Value, Refusal> {
        let rules = self.m.rules;
        let mut dice = self.machine_dice(side);
        let command = {
            let view = rules.view(&self.m.state, side);
            let player: &mut dyn Player<R> = match kind {
                "random" => &mut self.random[side.index()],
                _ => &mut self.general[side.index()],
            };
            player.choose(rules, &view, side, &mut dice)
        };
        self.carry_out(side, command)
    }

    fn replay(&self) -> Value {
        serde_json::to_value(self.m.replay()).unwrap_or(Value::Null)
    }

    fn judge(&self, side: Side, command: &Value) -> Result<Judged, Refusal> {
        let rules = self.m.rules;
        let state = &self.m.state;
        let command: R::Command = serde_json::from_value(command.clone())
            .map_err(|e| Refusal::Unreadable(format!("not a command of {}: {e}", rules.title())))?;
        let refusal = match rules.to_act(state) {
            Some(s) if s == side => rules.check(state, side, &command).err(),
            Some(s) => Some(Illegal::new(
                "Sequence of play",
                format!("it is for the {} to act now", rules.side_name(state, s)),
            )),
            None => Some(Illegal::new("Sequence of play", "the battle is over")),
        };
        Ok(Judged {
            command: serde_json::to_value(&command)
                .map_err(|e| Refusal::Unreadable(e.to_string()))?,
            text: rules.order_text(state, &command),
            unit: rules.order_unit(&command),
            legal: refusal.is_none(),
            odds: if refusal.is_none() {
                self.odds(&rules.resolutions(), side, &command)
            } else {
                None
            },
            refusal,
        })
    }

    fn move_to(&self, side: Side, unit: u32, to: Pose) -> Option<Value> {
        let command = self.m.rules.move_to(&self.m.state, side, unit, to)?;
        serde_json::to_value(&command).ok()
    }

    fn step_facts(&self) -> Vec<StepFact> {
        self.m
            .steps
            .iter()
            .map(|s| StepFact {
                side: s.side,
                rolled: !s.rolls.is_empty(),
            })
            .collect()
    }

    fn scene_at(&self, side: Side, step: usize) -> Option<(String, Drawn)> {
        if step > self.m.steps.len() {
            return None;
        }
        let rules = self.m.rules;
        let mut m = Match::new(rules, self.m.scenario.clone(), self.m.seed);
        for s in &self.m.steps[..step] {
            m.submit(s.side, s.command.clone()).ok()?;
        }
        Some((
            rules.headline(&m.state),
            rules.scene_for(&m.state, side).into(),
        ))
    }

    fn turns(&self) -> Vec<(usize, String)> {
        self.turns.clone()
    }
}
