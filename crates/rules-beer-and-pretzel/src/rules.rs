//! The rule set as the engine sees it: [`BeerAndPretzel`] and its [`Ruleset`].

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::scenario::Scenario;
use crate::sequence::SEQUENCE;
use crate::state::State;
use grognard_engine::sequence::SequenceOfPlay;
use grognard_engine::{Candidate, Illegal, Ruleset, Side};

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
    type Plan = ();

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

    fn plan(&self, state: &State, side: Side, command: &Command) -> Result<(), Illegal> {
        crate::orders::check(state, side, command)
    }

    fn perform(&self, ctx: &mut Ctx, _side: Side, command: &Command, _plan: ()) {
        crate::orders::perform(ctx, command)
    }

    fn offer(&self, view: &&State, side: Side, out: &mut Vec<Command>) {
        crate::advisor::offers(view, side, out)
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

    fn scene(&self, state: &State) -> grognard_engine::scene::Scene {
        crate::picture::scene(state)
    }
}
