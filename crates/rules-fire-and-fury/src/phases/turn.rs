//! The turn's frame: the initiative interphase ("NFF Sequence 1") and who has won (design
//! 4.11, Grognard's: the module has no victory rules of its own).

use crate::ctx::Ctx;
use crate::event::Event;
use crate::facts::Condition;
use crate::resolve::initiative::{Initiative, Situation, Winner};
use crate::state::State;
use grognard_engine::resolution::Resolution;
use grognard_engine::{Outcome, Side};

pub const R_VICTORY: &str = "Grognard's victory (design 4.11)";

/// Throw for the initiative, if the scenario plays it: the winner is then to choose. Without
/// it, the first army is first player every turn. Whether a choice now awaits.
pub fn initiative(ctx: &mut Ctx) -> bool {
    if !ctx.state.field.options.initiative {
        ctx.emit(Event::FirstPlayer { side: Side(0) });
        return false;
    }
    let s = Situation {
        a: commander_class(ctx.state, Side(0)),
        b: commander_class(ctx.state, Side(1)),
    };
    let mut rolls = Vec::new();
    let w = Initiative.resolve(ctx.state.tables(), &s, ctx.dice, &mut rolls);
    let winner = match w {
        Winner::A => Side(0),
        Winner::B => Side(1),
    };
    ctx.emit(Event::Initiative { winner, rolls });
    true
}

/// At the end of a turn each leader lost is replaced, of the same rank and not
/// charismatic, with the unit of his command nearest where he fell (design 4.10); a leader
/// with no unit of his command left is not.
pub fn replacements(ctx: &mut Ctx) {
    let s = &*ctx.state;
    let mut todo = Vec::new();
    for l in s.units().iter().filter(|l| l.gone && l.leader().is_some()) {
        let near = s
            .on_table()
            .filter(|u| {
                u.side == l.side
                    && u.fights()
                    && crate::measure::commander_of(u)
                        .is_some_and(|c| crate::measure::chain(s, c).any(|x| x.id == l.id))
            })
            .min_by(|a, b| {
                a.pose
                    .pos
                    .distance(l.pose.pos)
                    .total_cmp(&b.pose.pos.distance(l.pose.pos))
            });
        if let Some(u) = near {
            todo.push((l.id, crate::measure::behind(s, u)));
        }
    }
    for (leader, at) in todo {
        ctx.emit(Event::Replaced { leader, at });
    }
}

/// An army commander's class for the initiative and Reserve Movement: his own, or an
/// ordinary general's for a replacement (design 4.10).
pub fn commander_class(state: &State, side: Side) -> crate::modifiers::Commander {
    let replaced = state.units().iter().any(|l| {
        l.side == side
            && l.leader()
                .is_some_and(|ld| ld.rank == crate::scenario::Rank::Army && ld.replacement)
    });
    if replaced {
        crate::modifiers::Commander::Ordinary
    } else {
        state.field.commanders[side.index()]
    }
}

/// Brigades a side started with, and those of them Spent or gone.
fn spent(state: &State, side: Side) -> (usize, usize) {
    state
        .units()
        .iter()
        .filter(|u| u.side == side)
        .filter_map(|u| u.brigade().map(|b| (u.gone, b)))
        .fold((0, 0), |(all, out), (gone, b)| {
            (
                all + 1,
                out + usize::from(gone || b.condition == Condition::Spent),
            )
        })
}

/// A battle decided at any moment: a side with no brigade left has lost.
pub fn decided(state: &State) -> Option<Outcome> {
    let left = |s: Side| {
        state
            .units()
            .iter()
            .any(|u| u.side == s && !u.gone && u.brigade().is_some())
    };
    match (left(Side(0)), left(Side(1))) {
        (true, true) => None,
        (false, false) => Some(Outcome {
            winner: None,
            result: "mutual_destruction".into(),
            reason: "neither army has a brigade left".into(),
        }),
        (a, _) => {
            let winner = if a { Side(0) } else { Side(1) };
            Some(Outcome {
                winner: Some(winner),
                result: "destroyed".into(),
                reason: format!(
                    "the {} have no brigade left",
                    state.field.side_names[winner.other().index()]
                ),
            })
        }
    }
}

/// At the end of a turn: a side with half or more of its brigades Spent or gone has lost
/// (both at once, a draw); at the last turn, the side that lost the smaller share of its
/// stands wins.
pub fn judge(state: &State) -> Option<Outcome> {
    let names = &state.field.side_names;
    let broken = |s: Side| {
        let (all, out) = spent(state, s);
        all > 0 && out * 2 >= all
    };
    match (broken(Side(0)), broken(Side(1))) {
        (true, true) => {
            return Some(Outcome {
                winner: None,
                result: "both_broken".into(),
                reason: "both armies have half their brigades Spent or gone".into(),
            })
        }
        (true, false) | (false, true) => {
            let loser = if broken(Side(0)) { Side(0) } else { Side(1) };
            return Some(Outcome {
                winner: Some(loser.other()),
                result: "army_broken".into(),
                reason: format!(
                    "the {} have half their brigades Spent or gone",
                    names[loser.index()]
                ),
            });
        }
        _ => {}
    }
    if state.clock.turn < state.field.turns {
        return None;
    }
    let share = |s: Side| {
        let (lost, all) = state.stands_lost(s);
        f64::from(lost) / f64::from(all.max(1))
    };
    let (a, b) = (share(Side(0)), share(Side(1)));
    let winner = if (a - b).abs() < 1e-9 {
        None
    } else if a < b {
        Some(Side(0))
    } else {
        Some(Side(1))
    };
    Some(Outcome {
        winner,
        result: "turn_limit".into(),
        reason: format!(
            "after {} turns the {} have lost {:.0}% of their stands and the {} {:.0}%",
            state.field.turns,
            names[0],
            a * 100.0,
            names[1],
            b * 100.0
        ),
    })
}
