//! The flow of a turn (design 4.9): the initiative, then each player turn's phases, in each
//! of which one side acts until it is done. What the book carries out by itself (the throw
//! for the initiative, charge combat, the end of a turn) happens as its phase begins.

pub mod charge;
pub mod fire;
pub mod grand;
pub mod leaders;
pub mod maneuver;
pub mod turn;

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::sequence::SEQUENCE;
use crate::state::{Phase, State};
use grognard_engine::{Illegal, Side};

pub const R_SEQUENCE: &str = "NFF Sequence";

pub fn no(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(rule, why)
}

pub fn title(p: Phase) -> &'static str {
    match p {
        Phase::Initiative => "initiative",
        Phase::Attach => "leader attachment",
        Phase::Reserve => "Reserve Movement",
        Phase::Tactical => "Tactical Movement",
        Phase::Leaders => "detached leader movement",
        Phase::DefensiveFire => "defensive fire",
        Phase::OffensiveFire => "offensive fire",
        Phase::Charge => "charge",
    }
}

pub fn to_act(state: &State) -> Option<Side> {
    if state.outcome.is_some() {
        return None;
    }
    if let Some(s) = state.choosing {
        return Some(s);
    }
    if state.phase() == Phase::Charge {
        // Winners declare their breakthroughs, the player's first.
        let p = state.phasing();
        if !charge::pending(state, p) && charge::pending(state, p.other()) {
            return Some(p.other());
        }
        return Some(p);
    }
    Some(state.clock.actor(&SEQUENCE))
}

/// Whether `side` may give `command` now, and what carrying a move out takes.
pub fn check(state: &State, side: Side, command: &Command) -> Result<Plan, Illegal> {
    match to_act(state) {
        None => return Err(no(R_SEQUENCE, "the battle is over")),
        Some(s) if s != side => return Err(no(R_SEQUENCE, "it is the other side's turn to act")),
        _ => {}
    }
    if state.choosing.is_some() {
        return match command {
            Command::GoFirst { .. } => Ok(Plan::None),
            _ => Err(no(
                R_SEQUENCE,
                "the winner of the initiative first chooses to be first or second player",
            )),
        };
    }
    let phase = state.phase();
    let none = |r: Result<(), Illegal>| r.map(|_| Plan::None);
    match (phase, command) {
        (_, Command::Done) => Ok(Plan::None),
        (Phase::Attach | Phase::Leaders, Command::Attach { leader, to }) => {
            none(leaders::check_attach(state, side, *leader, *to))
        }
        (Phase::Leaders, Command::Move { unit, to }) if state.unit(*unit).leader().is_some() => {
            leaders::check_move(state, side, *unit, to).map(|_| Plan::None)
        }
        (Phase::Reserve, Command::Reserve { unit }) => {
            none(maneuver::check_reserve(state, side, *unit))
        }
        (Phase::Tactical, Command::Maneuver { unit, charge }) => {
            none(maneuver::check_maneuver(state, side, *unit, *charge))
        }
        (Phase::Reserve | Phase::Tactical, Command::Rally { unit }) => {
            none(maneuver::check_rally(state, side, *unit))
        }
        (Phase::Reserve | Phase::Tactical, Command::Move { unit, to }) => {
            maneuver::check_move(state, side, *unit, to).map(Plan::Move)
        }
        (Phase::Reserve | Phase::Tactical, Command::Form { unit, formation }) => {
            none(maneuver::check_form(state, side, *unit, *formation))
        }
        (Phase::Reserve | Phase::Tactical, Command::Limber { unit, limbered }) => {
            none(maneuver::check_limber(state, side, *unit, *limbered))
        }
        (
            Phase::Tactical,
            Command::GrandBattery {
                commander,
                batteries,
            },
        ) => none(grand::check_form(state, side, *commander, batteries)),
        (Phase::Tactical, Command::Engineers { company, to }) => {
            maneuver::check_engineers(state, side, *company, *to).map(Plan::At)
        }
        (Phase::Tactical, Command::Charge { unit }) => {
            maneuver::check_charge(state, side, *unit).map(Plan::Move)
        }
        (Phase::Charge, Command::Breakthrough { unit, target }) => {
            charge::check_breakthrough(state, side, *unit, *target).map(Plan::Move)
        }
        (Phase::DefensiveFire | Phase::OffensiveFire, Command::Fire { unit, target }) => {
            fire::check(state, side, *unit, *target).map(|s| Plan::Fire(Box::new(s)))
        }
        _ => Err(no(
            R_SEQUENCE,
            format!("that is not an order of the {} phase", title(phase)),
        )),
    }
}

/// What checking a command worked out for carrying it out.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    None,
    Move(maneuver::MovePlan),
    /// The fire's situation, worked out once by the check.
    Fire(Box<crate::resolve::fire::Situation>),
    /// Where a company of engineers will stand.
    At(grognard_geometry::Pose),
}

/// Carry out a checked command.
pub fn perform(ctx: &mut Ctx, side: Side, command: &Command, plan: Plan) {
    match command {
        Command::Done if ctx.state.phase() == Phase::Charge => {
            if charge::side_done(ctx, side) {
                advance(ctx);
            }
            return;
        }
        Command::Done => {
            advance(ctx);
            return;
        }
        Command::GoFirst { first } => {
            let s = if *first { side } else { side.other() };
            ctx.emit(Event::FirstPlayer { side: s });
            advance(ctx);
            return;
        }
        Command::Attach { leader, to } => leaders::perform_attach(ctx, *leader, *to),
        Command::Move { unit, to } => match plan {
            Plan::Move(p) => maneuver::perform_move(ctx, *unit, to, p),
            _ => leaders::perform_move(ctx, *unit, to),
        },
        Command::Reserve { unit } => maneuver::perform_reserve(ctx, *unit),
        Command::Maneuver { unit, charge } => maneuver::perform_maneuver(ctx, *unit, *charge),
        Command::Rally { unit } => maneuver::perform_rally(ctx, *unit),
        Command::Form { unit, formation } => maneuver::perform_form(ctx, *unit, *formation),
        Command::Limber { unit, limbered } => ctx.emit(Event::Limbered {
            unit: *unit,
            limbered: *limbered,
        }),
        Command::Charge { unit } => {
            if let Plan::Move(p) = plan {
                maneuver::perform_charge(ctx, *unit, p)
            }
        }
        Command::Engineers { company, to } => {
            if let Plan::At(at) = plan {
                maneuver::perform_engineers(ctx, *company, *to, at)
            }
        }
        Command::Fire { unit, target } => {
            if let Plan::Fire(sit) = plan {
                fire::perform(ctx, *unit, *target, &sit)
            }
        }
        Command::GrandBattery {
            commander,
            batteries,
        } => grand::perform_form(ctx, *commander, batteries),
        Command::Breakthrough { unit, target } => {
            if let Plan::Move(p) = plan {
                charge::perform_breakthrough(ctx, *unit, *target, p.distance)
            }
        }
    }
    if !has_choice(ctx.state, side) {
        if ctx.state.phase() == Phase::Charge && !charge::side_done(ctx, side) {
            return;
        }
        advance(ctx);
    }
}

/// Whether the side to act has anything to decide in the current phase.
pub fn has_choice(state: &State, side: Side) -> bool {
    match state.phase() {
        Phase::Initiative => state.choosing == Some(side),
        Phase::Attach | Phase::Leaders => leaders::any(state, side),
        Phase::Reserve => maneuver::any_reserve(state, side),
        Phase::Tactical => maneuver::any_tactical(state, side),
        Phase::DefensiveFire | Phase::OffensiveFire => fire::any(state, side),
        Phase::Charge => charge::pending(state, side),
    }
}

/// End the phase and go on to the next in which the side to act has something to decide,
/// carrying out on the way what the book does by itself.
pub fn advance(ctx: &mut Ctx) {
    maneuver::capture_engineers(ctx);
    loop {
        if ctx.state.outcome.is_some() {
            return;
        }
        let clock = ctx.state.clock.next(&SEQUENCE);
        if clock.turn != ctx.state.clock.turn {
            if let Some(o) = turn::judge(ctx.state) {
                ctx.emit(Event::Ended { outcome: o });
                return;
            }
        }
        ctx.emit(Event::Clock { clock });
        match ctx.state.phase() {
            Phase::Initiative => {
                turn::replacements(ctx);
                if turn::initiative(ctx) {
                    return;
                }
            }
            Phase::Charge => {
                charge::resolve_all(ctx);
                if to_act(ctx.state).is_some_and(|s| has_choice(ctx.state, s)) {
                    return;
                }
                let p = ctx.state.phasing();
                charge::side_done(ctx, p);
            }
            _ => {}
        }
        if let Some(o) = turn::decided(ctx.state) {
            ctx.emit(Event::Ended { outcome: o });
            return;
        }
        if let Some(side) = to_act(ctx.state) {
            if has_choice(ctx.state, side) {
                return;
            }
        }
    }
}
