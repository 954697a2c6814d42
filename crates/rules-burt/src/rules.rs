//! The rule set as the engine sees it: [`Burt`] and its [`Ruleset`].

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::scenario::Scenario;
use crate::sequence::SEQUENCE;
use crate::state::State;
use grognard_engine::scene::Scene;
use grognard_engine::sequence::SequenceOfPlay;
use grognard_engine::{Candidate, Illegal, Ruleset, Side};

/// "Napoleonic Wargames Rules" (Steve Burt).
#[derive(Debug, Clone, Default)]
pub struct Burt;

impl Ruleset for Burt {
    type Scenario = Scenario;
    type State = State;
    type Command = Command;
    type Event = Event;
    /// What a side sees: the state with the other side's face-down orders blank.
    type View<'a> = State;
    type Memo = crate::advisor::Memo;
    type Plan = ();

    fn name(&self) -> &'static str {
        "burt"
    }

    fn sequence(&self) -> &'static SequenceOfPlay {
        &SEQUENCE
    }

    fn start(&self, scenario: &Scenario) -> State {
        crate::design::setup::start(scenario)
    }

    fn view(&self, state: &State, side: Side) -> State {
        state.seen_by(side)
    }

    fn to_act(&self, state: &State) -> Option<Side> {
        crate::phases::to_act(state)
    }

    fn plan(&self, state: &State, side: Side, command: &Command) -> Result<(), Illegal> {
        crate::phases::check(state, side, command)
    }

    fn perform(&self, ctx: &mut Ctx, side: Side, command: &Command, _plan: ()) {
        crate::phases::perform(ctx, side, command)
    }

    fn candidates(&self, view: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
        crate::advisor::candidates(view, side, out)
    }

    fn offer(&self, view: &State, side: Side, out: &mut Vec<Command>) {
        crate::offer::offers(view, side, out)
    }

    fn candidates_with(
        &self,
        view: &State,
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
        crate::narrate::line_for(state, event, None)
    }

    fn narrate_for(&self, state: &State, event: &Event, side: Side) -> Option<String> {
        crate::narrate::line_for(state, event, Some(side))
    }

    fn headline(&self, state: &State) -> String {
        let phase = crate::phases::title(state.phase());
        match crate::phases::to_act(state) {
            Some(s) => format!(
                "Turn {}: {}, the {} to act",
                state.clock.turn,
                phase,
                state.field.side_names[s.index()]
            ),
            None => format!("Turn {}: the battle is over", state.clock.turn),
        }
    }

    fn losses(&self, state: &State) -> [u32; 2] {
        let gone = |s: Side| {
            state
                .units
                .iter()
                .filter(|u| u.side == s && u.gone && u.fights())
                .count() as u32
        };
        [gone(Side(0)), gone(Side(1))]
    }

    fn scene(&self, state: &State) -> Scene {
        crate::picture::scene(state, None)
    }

    fn scene_for(&self, state: &State, side: Side) -> Scene {
        crate::picture::scene(state, Some(side))
    }
}
