//! The rule set as the engine sees it: [`FireAndFury`] and its [`Ruleset`].

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::phases::Plan;
use crate::scenario::Scenario;
use crate::sequence::SEQUENCE;
use crate::state::State;
use grognard_engine::scene::Scene;
use grognard_engine::sequence::SequenceOfPlay;
use grognard_engine::{Candidate, Illegal, Ruleset, Side};

/// "Napoleonic Fire & Fury" (Wilbur E. Gray).
#[derive(Debug, Clone, Default)]
pub struct FireAndFury;

impl Ruleset for FireAndFury {
    type Scenario = Scenario;
    type State = State;
    type Command = Command;
    type Event = Event;
    /// Nothing is hidden in this book: a side sees the battle itself.
    type View<'a> = &'a State;
    type Memo = crate::advisor::Memo;
    type Plan = Plan;

    fn name(&self) -> &'static str {
        "fire-and-fury"
    }

    /// 2: companies of engineers are units of their own (ruling R13): a brigade's
    /// `engineers = true` gives it a company, which may leave it, and the events of
    /// engineers name the company.
    fn version(&self) -> u32 {
        2
    }

    fn sequence(&self) -> &'static SequenceOfPlay {
        &SEQUENCE
    }

    /// The battle opens with the first army's player turn: the scenario lists first the
    /// army that moves first, and the initiative is thrown from the second turn on
    /// (ruling R2).
    fn start(&self, scenario: &Scenario) -> State {
        let mut s = crate::design::setup::start(scenario);
        s.clock.phase = 1;
        s
    }

    fn view<'a>(&self, state: &'a State, _side: Side) -> &'a State {
        state
    }

    fn to_act(&self, state: &State) -> Option<Side> {
        crate::phases::to_act(state)
    }

    fn plan(&self, state: &State, side: Side, command: &Command) -> Result<Plan, Illegal> {
        crate::phases::check(state, side, command)
    }

    fn perform(&self, ctx: &mut Ctx, side: Side, command: &Command, plan: Plan) {
        crate::phases::perform(ctx, side, command, plan)
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

    fn offer(&self, view: &&State, side: Side, out: &mut Vec<Command>) {
        crate::advisor::offer(view, side, out)
    }

    fn invariants(&self, state: &State) -> Result<(), String> {
        crate::invariants::check(state)
    }

    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        crate::narrate::line_for(state, event)
    }

    fn headline(&self, state: &State) -> String {
        crate::narrate::headline(state)
    }

    fn losses(&self, state: &State) -> [u32; 2] {
        [state.stands_lost(Side(0)).0, state.stands_lost(Side(1)).0]
    }

    fn scene(&self, state: &State) -> Scene {
        crate::picture::scene(state)
    }
}
