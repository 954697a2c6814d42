//! The contract between the engine and a rule book.
//!
//! After OpenSpiel's game/state split and Zemeroth's command → check → execute → events:
//! a side issues a command; `check` says in words why it is illegal, if it is; `execute`
//! rolls the dice the book asks for and emits events, each applied to the state the moment
//! it is emitted. `apply` is the only code that changes a state.

use crate::dice::Dice;
use crate::scene::Scene;
use crate::sequence::SequenceOfPlay;
use crate::Side;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt::Debug;
use thiserror::Error;

/// Why a command may not be carried out, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize, Deserialize)]
#[error("{reason} [{rule}]")]
pub struct Illegal {
    pub reason: Cow<'static, str>,
    /// The rule section that forbids it.
    pub rule: Cow<'static, str>,
}

impl Illegal {
    /// A refusal. Sections and most reasons are fixed text, kept without copying, so a
    /// move generator may try and refuse many commands cheaply.
    pub fn new(rule: impl Into<Cow<'static, str>>, reason: impl Into<Cow<'static, str>>) -> Self {
        Illegal {
            reason: reason.into(),
            rule: rule.into(),
        }
    }

    /// A refusal whose reason is written out only if someone will read it: asked `quietly`
    /// (by a player trying commands, who needs only whether each is legal), it names the
    /// section alone and `why` is never called.
    pub fn unless_quiet(
        quietly: bool,
        rule: impl Into<Cow<'static, str>>,
        why: impl FnOnce() -> String,
    ) -> Self {
        if quietly {
            Illegal::new(rule, "")
        } else {
            Illegal::new(rule, why())
        }
    }
}

/// How a battle ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning side, or `None` for a draw.
    pub winner: Option<Side>,
    /// Short machine-readable result, e.g. "fast_victory", "draw_by_exit", "turn_limit".
    pub result: String,
    /// Why, in words.
    pub reason: String,
}

/// A command a player might give, with the rule set's opinion of it.
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate<C> {
    pub command: C,
    /// Higher is better, in the rule set's tactical judgement (the book's own advice).
    pub score: f64,
    /// Which piece of advice produced it.
    pub why: &'static str,
    /// The advisor has checked it already (a charge it planned to value it, a command it
    /// checked as it offered it): a player takes it as legal without settling it again.
    /// The conformance kit checks that every such candidate passes the check.
    pub checked: bool,
}

/// What the engine reads of every book's state, whatever else the book keeps in it.
pub trait Battle {
    /// Where the battle stands in the sequence of play.
    fn clock(&self) -> &crate::sequence::Clock;
    /// How the battle ended, once it has.
    fn outcome(&self) -> Option<&Outcome>;
    /// A side's name, e.g. "French".
    fn side_name(&self, side: Side) -> &str;
}

/// A rule book.
///
/// A book writes what is its own: its start, who is to act, the plan of a command (its
/// check) and how it is carried out, its advice, narrative and pictures. Checking and
/// carrying out share the plan, so `check` and `execute` follow from `plan` and
/// `perform`; the outcome, the turn and the sides' names are read from the state's
/// [`Battle`].
pub trait Ruleset: Send + Sync + 'static {
    type Scenario: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// The state of a battle, changed only by applying the book's events to it.
    type State: Clone
        + PartialEq
        + Debug
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + Battle
        + crate::ctx::Applies<Event = Self::Event>;
    type Command: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    type Event: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// What one side may see of a state: the state itself, or a copy with what the side
    /// may not see taken out.
    type View<'a>: std::borrow::Borrow<Self::State>;
    /// What checking a command learns that carrying it out needs (the path of a move), so
    /// that it is worked out once; `()` where there is nothing.
    type Plan;
    /// What the advisor or the move generator keeps between one decision of a player and
    /// the next ([`Ruleset::candidates_with`], [`Ruleset::offer_with`]); each player keeps
    /// its own. `()` for an advisor that
    /// keeps nothing.
    type Memo: Default + Send + 'static;

    /// The name used on the command line, e.g. "two-by-two".
    fn name(&self) -> &'static str;
    /// The version of the book's play, raised whenever a change to its rules can make a
    /// recorded battle play differently; a replay of another version is refused, not
    /// replayed wrong.
    fn version(&self) -> u32 {
        1
    }
    fn sequence(&self) -> &'static SequenceOfPlay;

    /// The state at the start of a battle.
    fn start(&self, scenario: &Self::Scenario) -> Self::State;
    /// What `side` may see.
    fn view<'a>(&self, state: &'a Self::State, side: Side) -> Self::View<'a>;
    /// The side that must decide now, or `None` when the battle is over.
    fn to_act(&self, state: &Self::State) -> Option<Side>;
    /// Whether `side` may give `command` now, and if so its plan; if not, why not.
    fn plan(
        &self,
        state: &Self::State,
        side: Side,
        command: &Self::Command,
    ) -> Result<Self::Plan, Illegal>;
    /// Carry out a command already planned: roll the dice, emit the events (each applied
    /// to the state as it is emitted).
    fn perform(
        &self,
        ctx: &mut crate::ctx::Ctx<'_, Self::State>,
        side: Side,
        command: &Self::Command,
        plan: Self::Plan,
    );
    /// Whether `side` may give `command` now; if not, why not.
    fn check(
        &self,
        state: &Self::State,
        side: Side,
        command: &Self::Command,
    ) -> Result<(), Illegal> {
        self.plan(state, side, command).map(|_| ())
    }
    /// Check, then carry out a command: roll dice, emit events into `events`, applying each
    /// to `state` as it is emitted. Kept out of line, as is [`Ruleset::execute_planned`], so
    /// that a profile can count what each command costs (`tools/measure-battles.py`).
    #[inline(never)]
    fn execute(
        &self,
        state: &mut Self::State,
        side: Side,
        command: &Self::Command,
        dice: &mut dyn Dice,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Illegal> {
        let plan = self.plan(state, side, command)?;
        let mut ctx = crate::ctx::Ctx::new(state, dice, events);
        self.perform(&mut ctx, side, command, plan);
        Ok(())
    }
    /// The one place a state changes: the state's own [`crate::ctx::Applies`].
    fn apply(&self, state: &mut Self::State, event: &Self::Event) {
        crate::ctx::Applies::apply(state, event)
    }
    fn outcome(&self, state: &Self::State) -> Option<Outcome> {
        state.outcome().cloned()
    }

    /// The move generator's offer: commands for `side` now, cheap to list, each of which is
    /// legal unless [`Ruleset::settle`] says otherwise. Checking is most of what generating
    /// costs, so a player that takes one command settles only the one it takes: the random
    /// player draws an offer, settles it, and draws again among the rest if it is refused,
    /// which is a uniform draw among the legal commands. By default it is the commands of
    /// [`Ruleset::candidates`].
    fn offer(&self, view: &Self::View<'_>, side: Side, out: &mut Vec<Self::Command>) {
        let mut scored = Vec::new();
        self.candidates(view, side, &mut scored);
        out.extend(scored.into_iter().map(|c| c.command));
    }

    /// [`Ruleset::offer`] for a player that keeps `memo` from one of its decisions to the
    /// next, so that the move generator may reuse what nothing since has changed (the
    /// offers of a unit whose own state and surroundings are as they were). The offers must
    /// be exactly those of `offer` for the same view and side, in the same order (the
    /// conformance kit checks it). By default the memo is not used.
    fn offer_with(
        &self,
        view: &Self::View<'_>,
        side: Side,
        memo: &mut Self::Memo,
        out: &mut Vec<Self::Command>,
    ) {
        let _ = memo;
        self.offer(view, side, out)
    }

    /// [`Ruleset::offer_with`] for a player that takes one offer at a time: the offers are
    /// listed in `memo` as places, and only their number is handed back, so that no command
    /// is made until its place is drawn ([`Ruleset::kept_offer`]). A place may prove to
    /// hold no command (an order the generator counted without working out its move); the
    /// commands the places hold are the offers of `offer_with`, in the same order. `None`
    /// (the default) where the book lists none in its memo; the player then asks
    /// `offer_with`.
    fn offers_in_memo(
        &self,
        view: &Self::View<'_>,
        side: Side,
        memo: &mut Self::Memo,
    ) -> Option<usize> {
        let _ = (view, side, memo);
        None
    }

    /// The command at place `i` of those the last [`Ruleset::offers_in_memo`] listed in
    /// `memo` for `view`; `None` if that place holds none, which a player treats as an offer
    /// refused.
    fn kept_offer(
        &self,
        view: &Self::View<'_>,
        memo: &mut Self::Memo,
        i: usize,
    ) -> Option<Self::Command> {
        let _ = (view, memo, i);
        None
    }

    /// Whether an offered command (of [`Ruleset::offer`] or [`Ruleset::candidates`]) is
    /// legal. By default it is checked against the view.
    fn settle(&self, view: &Self::View<'_>, side: Side, command: &Self::Command) -> bool {
        self.check(std::borrow::Borrow::borrow(view), side, command)
            .is_ok()
    }

    /// [`Ruleset::settle`], handing back the plan its check made when that plan is the one
    /// [`Ruleset::plan`] would make of the state now (a book whose view hides nothing), so
    /// that the driver carries the command out without planning it again
    /// ([`Ruleset::execute_planned`]). `None` when the command is refused. By default no
    /// plan is handed back.
    fn settle_planned(
        &self,
        view: &Self::View<'_>,
        side: Side,
        command: &Self::Command,
    ) -> Option<Settled<Self::Plan>> {
        self.settle(view, side, command).then_some(Settled::Legal)
    }

    /// Carry out a command on the plan [`Ruleset::settle_planned`] made of this same state.
    #[inline(never)]
    fn execute_planned(
        &self,
        state: &mut Self::State,
        side: Side,
        command: &Self::Command,
        plan: Self::Plan,
        dice: &mut dyn Dice,
        events: &mut Vec<Self::Event>,
    ) {
        let mut ctx = crate::ctx::Ctx::new(state, dice, events);
        self.perform(&mut ctx, side, command, plan);
    }

    /// The move generator: the legal commands for `side` now, unscored, never empty while
    /// `side` is to act. It is the offers that settle.
    fn legal(&self, view: &Self::View<'_>, side: Side, out: &mut Vec<Self::Command>) {
        let from = out.len();
        self.offer(view, side, out);
        let mut i = from;
        while i < out.len() {
            if self.settle(view, side, &out[i]) {
                i += 1;
            } else {
                out.remove(i);
            }
        }
    }

    /// The advisor: commands worth considering for `side` now, each scored by the book's
    /// advice. A candidate is legal unless [`Ruleset::settle`] refuses it: an advisor whose
    /// scores do not rest on a move's plan may leave the checking to the player, which
    /// settles only the candidates its choice could fall on. At least one candidate settles
    /// while `side` is to act.
    fn candidates(
        &self,
        view: &Self::View<'_>,
        side: Side,
        out: &mut Vec<Candidate<Self::Command>>,
    );

    /// [`Ruleset::candidates`] for a player that keeps `memo` from one of its decisions to
    /// the next, so that the advisor may reuse what nothing since has changed (a unit's
    /// candidates, while the battle is as it was but for other units having stood). The
    /// candidates must be exactly those of `candidates` for the same view and side, in the
    /// same order: a memo saves time and never changes a choice (the conformance kit checks
    /// it). By default the memo is not used.
    fn candidates_with(
        &self,
        view: &Self::View<'_>,
        side: Side,
        memo: &mut Self::Memo,
        out: &mut Vec<Candidate<Self::Command>>,
    ) {
        let _ = memo;
        self.candidates(view, side, out)
    }

    /// [`Ruleset::candidates_with`] for a player that takes only candidates scoring within
    /// `within` of the best legal one (the general's tolerance). The advisor may then leave
    /// out a candidate that scores more than `within` below a legal (`checked`) candidate it
    /// does offer, and skip the work of scoring it: such a player could never take it. The
    /// rest are those of `candidates_with`, in the same order (the conformance kit checks
    /// both). By default nothing is left out.
    fn candidates_within(
        &self,
        view: &Self::View<'_>,
        side: Side,
        memo: &mut Self::Memo,
        within: f64,
        out: &mut Vec<Candidate<Self::Command>>,
    ) {
        let _ = within;
        self.candidates_with(view, side, memo, out)
    }

    /// [`Ruleset::settle`] for one of the candidates the last call of
    /// [`Ruleset::candidates_with`] gave for this view and side, through the same memo, which
    /// may remember what was settled at earlier decisions (a move another unit blocked
    /// then, and blocks still). The answer must be that of `settle`. By default the memo is
    /// not used.
    fn settle_with(
        &self,
        view: &Self::View<'_>,
        side: Side,
        memo: &mut Self::Memo,
        command: &Self::Command,
    ) -> bool {
        let _ = memo;
        self.settle(view, side, command)
    }

    /// [`Ruleset::settle_with`], handing back the plan its check made as
    /// [`Ruleset::settle_planned`] does, so that the general's choice is carried out without
    /// planning it again. `None` when the command is refused. By default the memo is not
    /// used and this is `settle_planned`; a book whose `settle_with` uses its memo answers
    /// this through it too.
    fn settle_with_planned(
        &self,
        view: &Self::View<'_>,
        side: Side,
        memo: &mut Self::Memo,
        command: &Self::Command,
    ) -> Option<Settled<Self::Plan>> {
        let _ = memo;
        self.settle_planned(view, side, command)
    }

    /// The plan made as the last call through `memo` for this view and side checked a
    /// command it gave: a `checked` candidate of [`Ruleset::candidates_with`] (or
    /// [`Ruleset::candidates_within`]), or an offer of [`Ruleset::offers_in_memo`] (or
    /// [`Ruleset::offer_with`]) that the move generator checked as it listed it. A plan handed
    /// back says the command is legal and is the plan [`Ruleset::plan`] would make of the
    /// state now, so the player carries the command out on it without checking or planning
    /// it again ([`Ruleset::execute_planned`]); the memo may give it out only once. `None`
    /// (the default) where none was kept. The conformance kit checks that carrying a command
    /// out on a kept plan does exactly what carrying it out afresh does.
    fn kept_plan(
        &self,
        view: &Self::View<'_>,
        side: Side,
        memo: &mut Self::Memo,
        command: &Self::Command,
    ) -> Option<Self::Plan> {
        let _ = (view, side, memo, command);
        None
    }

    /// Everything that must hold of any reachable state; the conformance kit checks it after
    /// every step.
    fn invariants(&self, state: &Self::State) -> Result<(), String>;

    /// The narrative line for an event, if it deserves one.
    fn narrate(&self, state: &Self::State, event: &Self::Event) -> Option<String>;
    /// The narrative line for an event as `side` may read it. A book that hides anything
    /// from a side (an order not yet revealed) leaves it out here; by default a side reads
    /// every line.
    fn narrate_for(&self, state: &Self::State, event: &Self::Event, side: Side) -> Option<String> {
        let _ = side;
        self.narrate(state, event)
    }
    /// Heading for the current point in the sequence, e.g. "Turn 3, French movement".
    fn headline(&self, state: &Self::State) -> String;
    /// A side's name, e.g. "French".
    fn side_name(&self, state: &Self::State, side: Side) -> String {
        state.side_name(side).to_string()
    }
    /// Units each side has lost (destroyed), for summaries.
    fn losses(&self, state: &Self::State) -> [u32; 2];
    /// Turns begun so far.
    fn turn(&self, state: &Self::State) -> u32 {
        state.clock().turn
    }
    fn scene(&self, state: &Self::State) -> Scene;
    /// The table as `side` may see it: what a seat in play is shown. A book that hides
    /// anything from a side draws it here without it; by default a side sees everything.
    fn scene_for(&self, state: &Self::State, side: Side) -> Scene {
        let _ = side;
        self.scene(state)
    }
}

/// A plan a book kept for `command` ([`Ruleset::kept_plan`]), handed on as it is; in a
/// debug build it is first checked to be the plan a fresh check of the state makes.
pub fn kept_as_fresh<R: Ruleset>(
    rules: &R,
    state: &R::State,
    side: Side,
    command: &R::Command,
    kept: Option<R::Plan>,
) -> Option<R::Plan>
where
    R::Plan: PartialEq + std::fmt::Debug,
    R::Command: std::fmt::Debug,
{
    #[cfg(debug_assertions)]
    if let Some(kept) = &kept {
        assert_eq!(
            Ok(kept),
            rules.plan(state, side, command).as_ref(),
            "{command:?}"
        );
    }
    #[cfg(not(debug_assertions))]
    let _ = (rules, state, side, command);
    kept
}

/// Something that chooses commands for one side: a person, an AI, a random player.
pub trait Player<R: Ruleset>: Send {
    fn name(&self) -> String;
    /// Choose a command for `side` now. `dice` is this player's own source for any random
    /// choice; it never touches the battle's dice.
    fn choose(
        &mut self,
        rules: &R,
        view: &R::View<'_>,
        side: Side,
        dice: &mut dyn Dice,
    ) -> R::Command;
    /// [`Player::choose`], with the plan of the command when the player settled it through
    /// [`Ruleset::settle_planned`] and the book kept it. By default there is none.
    fn choose_planned(
        &mut self,
        rules: &R,
        view: &R::View<'_>,
        side: Side,
        dice: &mut dyn Dice,
    ) -> (R::Command, Option<R::Plan>) {
        (self.choose(rules, view, side, dice), None)
    }
}

/// What settling a command found, when it is legal ([`Ruleset::settle_planned`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Settled<P> {
    /// Legal; carrying it out plans it afresh.
    Legal,
    /// Legal, with the plan to carry it out on.
    Planned(P),
}

impl<P> Settled<P> {
    /// The plan, if one was kept.
    pub fn plan(self) -> Option<P> {
        match self {
            Settled::Legal => None,
            Settled::Planned(p) => Some(p),
        }
    }
}
