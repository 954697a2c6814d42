//! Morale ("Burt 8"), regrouping ("Burt 7"), army morale ("Burt 10") and how a battle ends
//! (ruling R13: the book has no victory conditions).

use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::resolve::fire::Cover;
use crate::resolve::morale::{self, Reason, Result as Test, Situation, Strength};
use crate::state::{Cohesion, Formation, Order, State, Status, Troop, Unit, UnitId};
use grognard_engine::{Outcome, Side};
use grognard_geometry::distance::base_base;

/// What the test's situation cannot read from the unit alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct Facts {
    /// The unit it is trying to assault.
    pub charging: Option<UnitId>,
    /// It is being assaulted.
    pub charged: bool,
}

/// The morale test of unit `u` for `reason`, as the table reads it.
pub fn situation(state: &State, u: &Unit, reason: Reason, facts: Facts) -> Situation {
    let near = |troop: Troop| {
        state.on_table().any(|g| {
            g.side == u.side
                && g.troop == troop
                && (g.with == Some(u.id)
                    || base_base(&g.footprint(), &u.footprint()) <= measure::COMMAND_CONTACT)
        })
    };
    let target = facts.charging.map(|t| state.unit(t));
    let cover = measure::cover(
        state,
        u,
        measure::nearest_enemy(state, u).map_or(u.pose.pos, |e| e.pose.pos),
    );
    let supported = state
        .on_table()
        .any(|s| s.side == u.side && s.marks.supporting == Some(u.id));
    Situation {
        class: u.class,
        reason,
        no_enemy_in_sight: !measure::enemy_in_sight(state, u),
        charging_skirmishers_or_routers: target
            .is_some_and(|t| t.troop == Troop::Skirmishers || t.routing()),
        charging_flank_or_rear: target.is_some_and(|t| measure::strikes_flank_or_rear(u, t)),
        commander_in_chief: near(Troop::CommanderInChief),
        charged_in_square: facts.charged && u.formation == Formation::Square,
        supported,
        hard_cover: cover == Cover::Hard,
        advancing: u.marks.advanced,
        subordinate_general: near(Troop::General),
        charged_in_column: facts.charged && u.formation == Formation::Column,
        secure_flank: measure::secure_flank(state, u),
        soft_cover: cover == Cover::Soft,
        strength: Strength::of(u.figures, u.start_figures),
        casualties_this_turn: u.marks.lost > 0,
        retiring: u.marks.retired,
        order: u.cohesion.morale(),
        army_demoralised: state.armies[u.side.index()].demoralised,
    }
}

/// Test `unit` for `reason`, and carry out what failing does (but for calling off an
/// assault or a support, which the caller does on the result).
pub fn test(ctx: &mut Ctx, unit: UnitId, reason: Reason, facts: Facts) -> Test {
    let s = situation(ctx.state, ctx.state.unit(unit), reason, facts);
    let field = ctx.state.field.clone();
    let (roll, result) = morale::roll(&field.tables, &s, ctx.dice);
    ctx.emit(Event::Morale {
        unit,
        reason,
        roll,
        result,
    });
    match result {
        Test::LosesOrder | Test::LosesOrderNoAssault | Test::LosesOrderNoSupport => {
            ctx.lose_order(unit, "a failed morale test")
        }
        Test::Routs => ctx.rout(unit, "a failed morale test"),
        Test::Passes | Test::ContinuesRout | Test::ContinuesPursuit => {}
    }
    result
}

/// The regroup phase: every unit with REGROUP orders that has not fought this turn regains
/// a class of order ("Burt 7"); artillery and skirmishers are never better than unformed.
pub fn regroup(ctx: &mut Ctx) {
    let ids: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|u| u.chit.is(Order::Regroup) && !u.routing() && !u.marks.fought)
        .map(|u| u.id)
        .collect();
    for id in ids {
        ctx.reveal(id);
        let u = ctx.state.unit(id);
        let to = u.cohesion.better(!u.troop.never_formed());
        let retreat_due = u.retreat_due;
        if to != u.cohesion {
            ctx.emit(Event::Cohesion {
                unit: id,
                cohesion: to,
                why: "regrouping".into(),
            });
            if retreat_due && to < Cohesion::Shaken {
                ctx.emit(Event::RetreatDue {
                    unit: id,
                    due: false,
                });
            }
        }
    }
}

/// The morale tests phase ("Burt 8", "Burt 10").
pub fn tests(ctx: &mut Ctx) {
    // An army whose morale has reached nothing: every unit tests, once.
    for side in Side::ALL {
        let a = ctx.state.armies[side.index()];
        if !a.demoralised && a.morale.is_some_and(|m| m <= 0) {
            ctx.emit(Event::Demoralised { side });
            for id in ids(ctx.state, |u| u.side == side && !u.routing()) {
                test(ctx, id, Reason::ArmyMorale, Facts::default());
            }
        }
    }
    // A tenth of its figures lost to fire this turn.
    let share = ctx.state.tables().morale.fire_casualty_share;
    for id in ids(ctx.state, |u| {
        let had = u.figures + u.marks.lost;
        !u.routing()
            && u.marks.lost_to_fire > 0
            && f64::from(u.marks.lost_to_fire) >= share * f64::from(had) - 1e-9
    }) {
        if !ctx.state.unit(id).routing() {
            test(ctx, id, Reason::FireCasualties, Facts::default());
        }
    }
    // Seeing friends rout.
    let routed: Vec<UnitId> = ids(ctx.state, |u| u.marks.routed);
    if !routed.is_empty() {
        for id in ids(ctx.state, |u| !u.routing()) {
            let u = ctx.state.unit(id);
            let sees = routed.iter().any(|r| {
                let f = ctx.state.unit(*r);
                f.side == u.side && f.id != u.id && measure::sees(ctx.state, u, f)
            });
            if sees && !ctx.state.unit(id).routing() {
                test(ctx, id, Reason::SeeingFriendsRout, Facts::default());
            }
        }
    }
    // Rallying from rout (units that routed before this turn) and from pursuit.
    for id in ids(ctx.state, |u| u.routing() && !u.marks.routed) {
        if test(ctx, id, Reason::RallyFromRout, Facts::default()) == Test::Passes {
            ctx.emit(Event::Cohesion {
                unit: id,
                cohesion: Cohesion::Shaken,
                why: "rallying".into(),
            });
            ctx.force(id, Order::Regroup, "rallied from rout");
        }
    }
    for id in ids(ctx.state, |u| matches!(u.status, Status::Pursuing(_))) {
        if test(ctx, id, Reason::RallyFromPursuit, Facts::default()) == Test::Passes {
            ctx.emit(Event::Status {
                unit: id,
                status: Status::Steady,
            });
            ctx.force(id, Order::Regroup, "rallied from pursuit");
        }
    }
}

fn ids(state: &State, f: impl Fn(&Unit) -> bool) -> Vec<UnitId> {
    state
        .on_table()
        .filter(|u| u.fights() && f(u))
        .map(|u| u.id)
        .collect()
}

/// Whether a side's troops are all gone or routing: the other wins (ruling R13).
pub fn decided(state: &State) -> Option<Outcome> {
    let standing = |s: Side| {
        state
            .on_table()
            .any(|u| u.side == s && u.fights() && !u.routing())
    };
    let names = &state.field.side_names;
    match (standing(Side(0)), standing(Side(1))) {
        (true, true) => None,
        (false, false) => Some(Outcome {
            winner: None,
            result: "mutual_rout".into(),
            reason: "neither army has a unit left in order".into(),
        }),
        (a, _) => {
            let w = if a { Side(0) } else { Side(1) };
            Some(Outcome {
                winner: Some(w),
                result: "field_held".into(),
                reason: format!(
                    "the {} have no unit left in order: the {} hold the field",
                    names[w.other().index()],
                    names[w.index()]
                ),
            })
        }
    }
}

/// At the end of the last turn, the side whose army morale fell by the smaller share wins
/// (ruling R13).
pub fn at_turn_end(state: &State) -> Option<Outcome> {
    if state.clock.turn < state.field.turns {
        return None;
    }
    let fallen = |s: Side| {
        let a = state.armies[s.index()];
        let (m, st) = (a.morale.unwrap_or(0), a.start.unwrap_or(1).max(1));
        f64::from(st - m) / f64::from(st)
    };
    let (a, b) = (fallen(Side(0)), fallen(Side(1)));
    let names = &state.field.side_names;
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
        reason: match winner {
            None => format!(
                "after {} turns both armies' morale has fallen alike: a draw",
                state.field.turns
            ),
            Some(w) => format!(
                "after {} turns the {} have lost less of their army morale ({:.0}% against {:.0}%)",
                state.field.turns,
                names[w.index()],
                100.0 * a.min(b),
                100.0 * a.max(b)
            ),
        },
    })
}
