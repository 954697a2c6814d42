//! The rule set as the engine sees it: [`NapoleonsWars`] and its [`Ruleset`], each part of
//! play handed to the module that owns it.

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::scenario::Scenario;
use crate::sequence::SEQUENCE;
use crate::state::{Gone, Place, State};
use grognard_engine::sequence::{Actor, SequenceOfPlay};
use grognard_engine::{Candidate, Illegal, Ruleset, Side};

/// What checking a command learns that carrying it out needs: a move's path.
pub type Plan = Option<crate::phases::movement::MovePlan>;

/// The rule set.
#[derive(Debug, Clone, Copy, Default)]
pub struct NapoleonsWars;

impl Ruleset for NapoleonsWars {
    type Scenario = Scenario;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View<'a> = &'a State;
    type Memo = crate::advisor::Memo;
    type Plan = Plan;

    fn name(&self) -> &'static str {
        "napoleons-wars"
    }

    /// 2: a valorous commander's bonus holds through a combat's desperate struggles (N56).
    /// 3: a battery's move is measured against every battery within 1.5" of where it ends
    /// ("NW 8.6", N37), not only those near its path.
    fn version(&self) -> u32 {
        3
    }

    fn sequence(&self) -> &'static SequenceOfPlay {
        &SEQUENCE
    }

    fn start(&self, scenario: &Scenario) -> State {
        crate::start::start(scenario)
    }

    fn view<'a>(&self, state: &'a State, _side: Side) -> &'a State {
        state
    }

    fn to_act(&self, state: &State) -> Option<Side> {
        crate::orders::to_act_side(state)
    }

    fn plan(&self, state: &State, side: Side, command: &Command) -> Result<Plan, Illegal> {
        let mut planned = None;
        crate::orders::check_inner(state, side, command, &mut planned, false)?;
        Ok(planned)
    }

    fn perform(&self, ctx: &mut Ctx, side: Side, command: &Command, plan: Plan) {
        crate::orders::perform(ctx, side, command, plan)
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

    fn kept_plan(
        &self,
        view: &&State,
        side: Side,
        memo: &mut crate::advisor::Memo,
        command: &Command,
    ) -> Option<Plan> {
        let kept = crate::advisor::kept_plan(memo, command);
        grognard_engine::ruleset::kept_as_fresh(self, view, side, command, kept)
    }

    fn settle(&self, view: &&State, side: Side, command: &Command) -> bool {
        crate::advisor::settle(view, side, command)
    }

    /// A move settled keeps the plan its check made: the state is the view, so it is the
    /// plan carrying the move out would make.
    fn settle_planned(
        &self,
        view: &&State,
        side: Side,
        command: &Command,
    ) -> Option<grognard_engine::Settled<Plan>> {
        crate::advisor::settle_planned(view, side, command)
    }

    fn invariants(&self, state: &State) -> Result<(), String> {
        crate::invariants::check(state)
    }

    fn narrate(&self, state: &State, event: &Event) -> Option<String> {
        crate::narrate::line(state, event)
    }

    fn headline(&self, state: &State) -> String {
        let spec = state.clock.spec(&SEQUENCE);
        let who = match spec.actor {
            Actor::Both => "both sides".to_string(),
            _ => state.field.sides[state.clock.phasing(&SEQUENCE).index()]
                .name
                .clone(),
        };
        if spec.key == "initiative" || spec.key == "rally" {
            format!("Turn {}: {}", state.clock.turn, spec.title)
        } else {
            format!("Turn {}: {} ({})", state.clock.turn, spec.title, who)
        }
    }

    fn losses(&self, state: &State) -> [u32; 2] {
        let gone = |s: Side| {
            state
                .units
                .iter()
                .filter(|u| {
                    u.side == s
                        && !u.is_officer()
                        && matches!(u.place, Place::Gone(g) if g != Gone::Removed)
                })
                .count() as u32
        };
        [gone(Side(0)), gone(Side(1))]
    }

    fn scene(&self, state: &State) -> grognard_engine::scene::Scene {
        crate::picture::scene(state)
    }
}
