//! The rule set as the engine sees it: [`TwoByTwo`] and its [`Ruleset`], each part of play
//! handed to the module that owns it.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::Event;
use crate::scenario::Scenario;
use crate::sequence::SEQUENCE;
use crate::state::State;
use grognard_engine::sequence::SequenceOfPlay;
use grognard_engine::{Candidate, Illegal, Ruleset, Side};

/// What checking a command learns that carrying it out needs: a move's path.
pub use crate::orders::Plan;

/// "2 by 2 Napoleonic's" v3.01.
#[derive(Debug, Clone, Default)]
pub struct TwoByTwo;

impl Ruleset for TwoByTwo {
    type Scenario = Scenario;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View<'a> = &'a State;
    type Memo = crate::advisor::Memo;
    type Plan = Plan;

    fn name(&self) -> &'static str {
        "two-by-two"
    }

    fn sequence(&self) -> &'static SequenceOfPlay {
        &SEQUENCE
    }

    fn start(&self, scenario: &Scenario) -> State {
        crate::design::setup::start(scenario)
    }

    fn view<'a>(&self, state: &'a State, _side: Side) -> &'a State {
        // Nothing is hidden in this book.
        state
    }

    fn to_act(&self, state: &State) -> Option<Side> {
        if state.outcome.is_some() {
            return None;
        }
        if let Some(p) = &state.pending {
            return Some(p.side());
        }
        Some(state.clock.actor(&SEQUENCE))
    }

    fn plan(&self, state: &State, side: Side, command: &Command) -> Result<Plan, Illegal> {
        let mut planned = Plan::Nothing;
        crate::orders::check_inner(state, side, command, &mut planned, false)?;
        Ok(planned)
    }

    fn perform(&self, ctx: &mut Ctx, side: Side, command: &Command, plan: Plan) {
        let from = ctx.events.len();
        crate::orders::perform(ctx, side, command, plan);
        // Contacts can come apart only where a base moved or a contact was made.
        if !ctx.events[from..].iter().all(Event::keeps_contacts) {
            ctx.prune_contacts();
        }
        ctx.check_victory();
    }

    fn offer(&self, view: &&State, side: Side, out: &mut Vec<Command>) {
        crate::advisor::offers(view, side, out)
    }

    fn offer_with(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        out: &mut Vec<Command>,
    ) {
        crate::advisor::offers_with(view, side, memo, out)
    }

    fn offers_in_memo(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
    ) -> Option<usize> {
        Some(crate::advisor::offers_in_memo(view, side, memo))
    }

    fn kept_offer(
        &self,
        view: &&State,
        memo: &mut crate::advisor::Memo,
        i: usize,
    ) -> Option<Command> {
        crate::advisor::kept_offer(view, memo, i)
    }

    fn settle(&self, view: &&State, side: Side, command: &Command) -> bool {
        crate::advisor::settle(view, side, command)
    }

    fn settle_planned(
        &self,
        view: &&State,
        side: Side,
        command: &Command,
    ) -> Option<grognard_engine::Settled<Plan>> {
        // Nothing is hidden, so the view is the state and its plan is the one to carry out.
        let mut planned = Plan::Nothing;
        crate::orders::check_inner(view, side, command, &mut planned, true).ok()?;
        Some(grognard_engine::Settled::Planned(planned))
    }

    fn kept_plan(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        command: &Command,
    ) -> Option<Plan> {
        let kept = crate::advisor::kept_plan(view, side, memo, command);
        grognard_engine::ruleset::kept_as_fresh(self, view, side, command, kept)
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

    fn candidates_within(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        within: f64,
        out: &mut Vec<Candidate<Command>>,
    ) {
        crate::advisor::candidates_within(view, side, memo, within, out)
    }

    fn invariants(&self, state: &State) -> Result<(), String> {
        crate::invariants::check(state)
    }

    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        crate::narrate::line(state, event)
    }

    fn headline(&self, state: &State) -> String {
        let spec = state.clock.spec(&SEQUENCE);
        let side = state.clock.actor(&SEQUENCE);
        format!(
            "Turn {}: {} {}",
            state.clock.turn,
            state.field.side_name(side),
            spec.title
        )
    }

    fn losses(&self, state: &State) -> [u32; 2] {
        state.lost
    }

    fn scene(&self, state: &State) -> grognard_engine::scene::Scene {
        crate::picture::scene(state)
    }
}
