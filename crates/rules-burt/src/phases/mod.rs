//! The flow of a turn ("Burt 3"): twelve phases, in each of which the sides alternate,
//! the side that goes first this turn acting first. Phases with nothing to decide (the
//! throw for the initiative, compulsory moves, regrouping, resolving assaults and morale
//! tests) are carried out by the book as they begin.

pub mod assault;
pub mod compulsory;
pub mod fire;
pub mod morale;
pub mod movement;
pub mod orders;

use crate::command::Command;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::sequence::SEQUENCE;
use crate::state::{Phase, State};
use grognard_engine::{Illegal, Side};

pub const R_SEQUENCE: &str = "Burt 3 Sequence of play";

pub fn no(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(rule, why)
}

pub fn to_act(state: &State) -> Option<Side> {
    if state.outcome.is_some() {
        return None;
    }
    Some(state.choosing.unwrap_or(state.next))
}

pub fn check(state: &State, side: Side, command: &Command) -> Result<(), Illegal> {
    match to_act(state) {
        None => return Err(no(R_SEQUENCE, "the battle is over")),
        Some(s) if s != side => return Err(no(R_SEQUENCE, "it is the other side's turn to act")),
        _ => {}
    }
    if state.choosing.is_some() {
        return match command {
            Command::GoFirst { .. } => Ok(()),
            _ => Err(no(
                R_SEQUENCE,
                "the winner of the initiative first chooses who goes first",
            )),
        };
    }
    let phase = state.phase();
    match (phase, command) {
        (_, Command::Done) => done_allowed(state, side),
        (Phase::Orders, Command::Order { unit, order }) => {
            orders::check(state, side, *unit, *order)
        }
        (Phase::Declare, Command::Assault { unit, target }) => {
            assault::check_declare(state, side, *unit, *target)
        }
        (Phase::Manoeuvre | Phase::Reserve | Phase::Command, Command::Move { unit, to }) => {
            movement::check_move(state, side, *unit, to).map(|_| ())
        }
        (Phase::Manoeuvre, Command::Form { unit, formation }) => {
            movement::check_form(state, side, *unit, *formation).map(|_| ())
        }
        (Phase::Reserve, Command::Support { unit, friend }) => {
            assault::check_support(state, side, *unit, *friend)
        }
        (Phase::Command, Command::Join { general, unit }) => {
            movement::check_join(state, side, *general, *unit)
        }
        (Phase::Fire, Command::Fire { unit, target }) => {
            fire::check(state, side, *unit, *target).map(|_| ())
        }
        (Phase::Reaction, Command::React { unit, reaction }) => {
            assault::check_react(state, side, *unit, *reaction)
        }
        _ => Err(no(
            R_SEQUENCE,
            format!("that is not an order of the {} phase", title(phase)),
        )),
    }
}

pub fn title(p: Phase) -> &'static str {
    SEQUENCE.phases[p as usize].title
}

/// A side may be done with a phase unless the book still asks something of it.
fn done_allowed(state: &State, side: Side) -> Result<(), Illegal> {
    match state.phase() {
        Phase::Declare => {
            if let Some(u) = assault::must_declare(state, side) {
                return Err(no(
                    assault::R_ASSAULT_ORDER,
                    format!(
                        "{} has ASSAULT orders and an enemy in its charge reach: it must declare an assault",
                        state.name(u)
                    ),
                ));
            }
            Ok(())
        }
        Phase::Reaction => {
            if let Some(u) = assault::must_countercharge(state, side) {
                return Err(no(
                    assault::R_ASSAULT,
                    format!(
                        "{} has ASSAULT orders: it must countercharge",
                        state.name(u)
                    ),
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Carry out a checked command, then pass play on.
pub fn perform(ctx: &mut Ctx, side: Side, command: &Command) {
    match command {
        Command::Done => {
            ctx.emit(Event::Passed { side });
            if ctx.state.passed.iter().all(|p| *p) {
                advance(ctx);
                return;
            }
        }
        Command::GoFirst { first } => {
            let s = if *first { side } else { side.other() };
            ctx.emit(Event::First { side: s });
            return;
        }
        Command::Order { unit, order } => orders::perform(ctx, *unit, *order),
        Command::Assault { unit, target } => assault::perform_declare(ctx, *unit, *target),
        Command::Move { unit, to } => movement::perform_move(ctx, side, *unit, to),
        Command::Form { unit, formation } => movement::perform_form(ctx, side, *unit, *formation),
        Command::Support { unit, friend } => assault::perform_support(ctx, *unit, *friend),
        Command::Join { general, unit } => ctx.emit(Event::Joined {
            general: *general,
            unit: *unit,
        }),
        Command::Fire { unit, target } => fire::perform(ctx, *unit, *target),
        Command::React { unit, reaction } => assault::perform_react(ctx, *unit, *reaction),
    }
    if let Some(o) = morale::decided(ctx.state) {
        ctx.emit(Event::Ended { outcome: o });
        return;
    }
    // Alternate: the other side acts next unless it is done with the phase; a side with
    // nothing left to decide is done.
    let mut next = if ctx.state.passed[side.other().index()] {
        side
    } else {
        side.other()
    };
    loop {
        if ctx.state.next != next {
            ctx.emit(Event::Next { side: next });
        }
        if has_choice(ctx.state, next) {
            return;
        }
        ctx.emit(Event::Passed { side: next });
        if ctx.state.passed.iter().all(|p| *p) {
            advance(ctx);
            return;
        }
        next = next.other();
    }
}

/// Whether `side` has anything to decide in the current phase.
pub fn has_choice(state: &State, side: Side) -> bool {
    match state.phase() {
        Phase::Orders => orders::any(state, side),
        Phase::Declare => assault::any_declare(state, side),
        Phase::Manoeuvre => movement::any_manoeuvre(state, side),
        Phase::Reserve => movement::any_reserve(state, side),
        Phase::Command => movement::any_officer(state, side),
        Phase::Fire => fire::any(state, side),
        Phase::Reaction => assault::any_react(state, side),
        _ => false,
    }
}

/// End the phase and go on to the next in which anyone has something to decide, carrying
/// out on the way every phase the book resolves by itself.
pub fn advance(ctx: &mut Ctx) {
    loop {
        if ctx.state.outcome.is_some() {
            return;
        }
        let clock = ctx.state.clock.next(&SEQUENCE);
        if clock.turn != ctx.state.clock.turn {
            if let Some(o) = morale::at_turn_end(ctx.state) {
                ctx.emit(Event::Ended { outcome: o });
                return;
            }
        }
        ctx.emit(Event::Phase {
            clock,
            next: clock.first,
        });
        match ctx.state.phase() {
            Phase::Initiative => {
                let (roll, w) = crate::resolve::initiative::roll(ctx.dice);
                ctx.emit(Event::Initiative {
                    roll,
                    winner: Side(w.0),
                });
                return;
            }
            Phase::Compulsory => compulsory::run(ctx),
            Phase::Regroup => morale::regroup(ctx),
            Phase::Reaction => assault::defenders_test(ctx),
            Phase::Assaults => assault::resolve_all(ctx),
            Phase::Morale => morale::tests(ctx),
            _ => {}
        }
        if ctx.state.outcome.is_some() {
            return;
        }
        if let Some(o) = morale::decided(ctx.state) {
            ctx.emit(Event::Ended { outcome: o });
            return;
        }
        let first = ctx.state.clock.first;
        let has = [
            has_choice(ctx.state, first),
            has_choice(ctx.state, first.other()),
        ];
        if !has[0] && !has[1] {
            continue;
        }
        if !has[0] {
            ctx.emit(Event::Passed { side: first });
            ctx.emit(Event::Next {
                side: first.other(),
            });
        } else if !has[1] {
            ctx.emit(Event::Passed {
                side: first.other(),
            });
        }
        return;
    }
}
