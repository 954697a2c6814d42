//! The match driver: asks the side to act for a command, executes it, keeps the log.

use crate::dice::{derive_seed, Logged, Seeded};
use crate::replay::{Replay, Step};
use crate::{Illegal, Outcome, Player, Ruleset, Side};
use thiserror::Error;

#[derive(Debug, Error)]
pub enum MatchError {
    #[error("{player} ({side}) gave an illegal command at step {step}: {illegal}")]
    Illegal {
        player: String,
        side: String,
        step: usize,
        illegal: Illegal,
    },
    #[error("the battle did not end within {0} commands")]
    TooLong(usize),
}

/// A battle in progress.
pub struct Match<'r, R: Ruleset> {
    pub rules: &'r R,
    pub scenario: R::Scenario,
    pub seed: u64,
    pub state: R::State,
    /// The battle's dice; every roll is kept, with its purpose, in the step that made it.
    pub dice: Logged<Seeded>,
    /// Every command carried out, with its rolls and events, unless the match keeps no
    /// history ([`Match::without_history`]).
    pub steps: Vec<Step<R::Command, R::Event>>,
    player_dice: [Seeded; 2],
    /// Whether each step is kept in `steps`.
    keep: bool,
    /// Commands carried out so far.
    played: usize,
    /// The last command's events where no history is kept, the buffer used again.
    last: Vec<R::Event>,
}

impl<'r, R: Ruleset> Match<'r, R> {
    pub fn new(rules: &'r R, scenario: R::Scenario, seed: u64) -> Self {
        let state = rules.start(&scenario);
        Match {
            rules,
            scenario,
            seed,
            state,
            dice: Logged::new(Seeded::new(seed)),
            steps: Vec::new(),
            player_dice: [
                Seeded::new(derive_seed(seed, 0x5151_0000)),
                Seeded::new(derive_seed(seed, 0x5151_0001)),
            ],
            keep: true,
            played: 0,
            last: Vec::new(),
        }
    }

    /// The same match, keeping no step once it is carried out (and so no replay): for
    /// studies that want only how battles end, which then spend nothing on keeping every
    /// roll and event. The battle is the same.
    pub fn without_history(mut self) -> Self {
        self.keep = false;
        self
    }

    /// How many commands have been carried out.
    pub fn commands(&self) -> usize {
        self.played
    }

    /// Carry out one command for `side`, logging it and its events.
    pub fn submit(&mut self, side: Side, command: R::Command) -> Result<&[R::Event], Illegal> {
        self.submit_quiet(side, command)?;
        Ok(match self.steps.last() {
            Some(step) if self.keep => &step.events,
            _ => &self.last,
        })
    }

    fn submit_quiet(&mut self, side: Side, command: R::Command) -> Result<(), Illegal> {
        self.submit_planned(side, command, None)
    }

    /// [`Match::submit_quiet`], on the plan the player's settling made of this state if
    /// there is one ([`Ruleset::settle_planned`]).
    fn submit_planned(
        &mut self,
        side: Side,
        command: R::Command,
        plan: Option<R::Plan>,
    ) -> Result<(), Illegal> {
        let mut events = if self.keep {
            Vec::new()
        } else {
            let mut kept = std::mem::take(&mut self.last);
            kept.clear();
            kept
        };
        self.dice.log.clear();
        match plan {
            Some(plan) => self.rules.execute_planned(
                &mut self.state,
                side,
                &command,
                plan,
                &mut self.dice,
                &mut events,
            ),
            None => {
                self.rules
                    .execute(&mut self.state, side, &command, &mut self.dice, &mut events)?
            }
        }
        self.played += 1;
        if self.keep {
            self.steps.push(Step {
                side,
                command,
                rolls: std::mem::take(&mut self.dice.log),
                events,
            });
        } else {
            self.last = events;
        }
        Ok(())
    }

    /// Ask the side to act for one command and carry it out. Returns `Ok(false)` when the
    /// battle is over.
    pub fn step(&mut self, players: &mut [&mut dyn Player<R>; 2]) -> Result<bool, MatchError> {
        let Some(side) = self.rules.to_act(&self.state) else {
            return Ok(false);
        };
        let (command, plan) = {
            let view = self.rules.view(&self.state, side);
            players[side.index()].choose_planned(
                self.rules,
                &view,
                side,
                &mut self.player_dice[side.index()],
            )
        };
        let step = self.played;
        if let Err(illegal) = self.submit_planned(side, command, plan) {
            return Err(MatchError::Illegal {
                player: players[side.index()].name(),
                side: self.rules.side_name(&self.state, side),
                step,
                illegal,
            });
        }
        Ok(true)
    }

    /// Play to the end, or fail after `limit` commands.
    pub fn play(
        &mut self,
        players: &mut [&mut dyn Player<R>; 2],
        limit: usize,
    ) -> Result<Outcome, MatchError> {
        while self.step(players)? {
            if self.played >= limit {
                return Err(MatchError::TooLong(limit));
            }
        }
        Ok(self
            .rules
            .outcome(&self.state)
            .expect("no side to act means the battle is over"))
    }

    /// The replay of everything so far (no steps where the match keeps no history).
    pub fn replay(&self) -> Replay<R::Scenario, R::Command, R::Event> {
        Replay {
            rules: self.rules.name().to_string(),
            version: self.rules.version(),
            seed: self.seed,
            scenario: self.scenario.clone(),
            steps: self.steps.clone(),
            outcome: self.rules.outcome(&self.state),
        }
    }
}
