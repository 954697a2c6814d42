//! The rule set as the engine sees it: [`BeerAndPretzel`] and its [`Ruleset`].

use crate::command::Command;
use crate::event::Event;
use crate::scenario::Scenario;
use crate::sequence::SEQUENCE;
use crate::state::State;
use grognard_engine::ctx::Ctx;
use grognard_engine::sequence::SequenceOfPlay;
use grognard_engine::{Candidate, Dice, Illegal, Outcome, Ruleset, Side};

/// "Beer and Pretzel Napoleonic Wargame Rules" (Robert Epstein, 1996).
#[derive(Debug, Clone, Default)]
pub struct BeerAndPretzel;

impl Ruleset for BeerAndPretzel {
    type Scenario = Scenario;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View<'a> = &'a State;
    type Memo = crate::advisor::Memo;

    fn name(&self) -> &'static str {
        "beer-and-pretzel"
    }

    fn sequence(&self) -> &'static SequenceOfPlay {
        &SEQUENCE
    }

    fn start(&self, scenario: &Scenario) -> State {
        crate::design::setup::start(scenario)
    }

    fn view<'a>(&self, state: &'a State, _side: Side) -> &'a State {
        state
    }

    fn to_act(&self, state: &State) -> Option<Side> {
        crate::orders::to_act(state)
    }

    fn check(&self, state: &State, side: Side, command: &Command) -> Result<(), Illegal> {
        crate::orders::check(state, side, command)
    }

    fn execute(
        &self,
        state: &mut State,
        side: Side,
        command: &Command,
        dice: &mut dyn Dice,
        events: &mut Vec<Event>,
    ) -> Result<(), Illegal> {
        crate::orders::check(state, side, command)?;
        let mut ctx = Ctx::new(state, dice, events);
        crate::orders::perform(&mut ctx, command);
        Ok(())
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        state.outcome.clone()
    }

    fn offer(&self, view: &&State, side: Side, out: &mut Vec<Command>) {
        crate::advisor::offers(view, side, out)
    }

    fn settle(&self, view: &&State, side: Side, command: &Command) -> bool {
        crate::orders::check(view, side, command).is_ok()
    }

    fn candidates(&self, view: &&State, side: Side, out: &mut Vec<Candidate<Command>>) {
        crate::advisor::candidates(view, side, out)
    }

    fn candidates_with(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        out: &mut Vec<Candidate<Command>>,
    ) {
        crate::advisor::candidates_with(view, side, memo, out)
    }

    fn invariants(&self, state: &State) -> Result<(), String> {
        crate::invariants::check(state)
    }

    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        crate::narrate::line(state, event)
    }

    fn headline(&self, state: &State) -> String {
        format!(
            "Turn {}: {} move period",
            state.clock.turn,
            state.field.side_names[state.mover().index()]
        )
    }

    fn side_name(&self, state: &State, side: Side) -> String {
        state.field.side_names[side.index()].clone()
    }

    fn losses(&self, state: &State) -> [u32; 2] {
        let gone = |s: Side| {
            state
                .units
                .iter()
                .filter(|u| u.side == s && u.gone && !u.is_commander())
                .count() as u32
        };
        [gone(Side(0)), gone(Side(1))]
    }

    fn turn(&self, state: &State) -> u32 {
        state.clock.turn
    }

    fn scene(&self, state: &State) -> grognard_engine::scene::Scene {
        crate::picture::scene(state)
    }
}
