//! The charge phase ("NFF Charge", design 4.6): every charge made this player turn is
//! fought, each side throwing with its own modifiers; the results are applied, the losers
//! fall back, and horse that charged or countercharged ends Disordered ("NFF Charge 2, 4d").

use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::facts::{Condition, Engineers, Formation};
use crate::measure::{self, TOUCH};
use crate::resolve::charge::{ChargeRoll, Party, Situation};
use crate::resolve::losses::{Company, EngineerLoss, Fate};
use crate::state::{State, Unit, UnitId, What};
use crate::tables::{Arm, ChargeEffect, Rating};
use grognard_engine::resolution::Resolution;
use grognard_geometry::overlap::bases_overlap;
use grognard_geometry::{Pose, Vec2};
use std::collections::BTreeMap;

/// One side of a combat, from the brigade (or battery) that leads it.
fn party(state: &State, u: &Unit, stands: u32) -> Party {
    match &u.what {
        What::Brigade(b) => {
            let (leaders, charismatic_leaders) = measure::attached_leaders(state, u);
            Party {
                arm: if b.cavalry {
                    Arm::Cavalry
                } else {
                    Arm::Infantry
                },
                stands,
                rating: b.rating,
                state: b.condition,
                leaders,
                charismatic_leaders,
                heavy: b.heavy,
                armoured: b.armoured,
                lance: b.lance,
                supported: b.formation == Formation::DoubleEchelon && b.stands() > 1,
                disordered: b.disordered,
                irregular: b.irregular,
                countercharged: false,
                stands_lost_to_fire: b.marks.lost_to_fire,
                old_guard: b.old_guard,
                square: b.formation == Formation::Square,
            }
        }
        _ => Party {
            arm: Arm::Artillery,
            stands: stands.max(1),
            rating: Rating::Regular,
            state: Condition::Worn,
            ..Party::default()
        },
    }
}

/// The facts of the combat of `attackers` (the first leading) against `defender`.
pub fn situation(
    state: &State,
    attackers: &[UnitId],
    defender: UnitId,
    breakthrough: bool,
) -> Situation {
    let lead = state.unit(attackers[0]);
    let stands: u32 = attackers
        .iter()
        .filter_map(|a| state.unit(*a).brigade().map(|b| b.stands()))
        .sum();
    let distance = lead.brigade().map_or(0.0, |b| b.marks.charge_distance);
    let mut s = would_be(state, lead, stands, state.unit(defender), distance);
    s.breakthrough = breakthrough;
    if state.field.options.averaged_charge_rating && attackers.len() > 1 {
        // The optional average over the participating stands ("NFF Charge 5b", by the
        // arithmetic of "NFF Prepare for Battle 6").
        let ratings: Vec<Rating> = attackers
            .iter()
            .filter_map(|a| state.unit(*a).brigade())
            .flat_map(|b| std::iter::repeat_n(b.rating, b.stands() as usize))
            .collect();
        if let Some(r) = state.tables().effectiveness.rating(&ratings) {
            s.attacker.rating = r;
        }
    }
    s
}

/// The facts of a charge `lead` (with `stands` in all) would make on `d` from `distance`.
pub fn would_be(state: &State, lead: &Unit, stands: u32, d: &Unit, distance: f64) -> Situation {
    let mut attacker = party(state, lead, stands.max(1));
    attacker.square = false;
    // A Grand Battery fights as one brigade of so many stands ("NFF M&C 10c").
    let dstands = match (&d.what, d.battery().and_then(|b| b.grand_battery)) {
        (What::Brigade(b), _) => b.stands(),
        (_, Some(gb)) => super::grand::members(state, gb).count() as u32,
        _ => 1,
    };
    let mut def = party(state, d, dstands.max(1));
    // Horse charged by horse that rode out to meet it countercharged (NFF Charge 4); horse
    // that could not stood still.
    def.countercharged = d.brigade().is_some_and(|b| b.marks.countercharged);
    def.supported = false;
    let lb = lead.brigade();
    let terrain = super::fire::cover(state, d);
    Situation {
        attacker,
        defender: def,
        distance,
        flank_or_rear: !d
            .brigade()
            .is_some_and(|b| b.formation == Formation::Square)
            && measure::flank_or_rear(d, &lead.footprint()),
        terrain,
        engineers: match lb
            .and_then(|b| b.engineers)
            .and_then(|c| state.unit(c).company())
        {
            Some(c) if c.guard && state.field.options.guard_engineers => Engineers::Guard,
            Some(_) => Engineers::Engineers,
            None => Engineers::None,
        },
        breakthrough: false,
    }
}

/// Move a unit back `share` of its full move, straight away from `from` and keeping its
/// facing; where the way is blocked it stops, and loses a stand more (design 4.6).
fn retreat(ctx: &mut Ctx, unit: UnitId, from: Vec2, share: f64) {
    let s = &*ctx.state;
    let u = s.unit(unit);
    if u.gone || share <= 0.0 {
        return;
    }
    let away = (u.pose.pos - from).normalize_or_zero();
    let rate = measure::full_move(s, u).max(s.tables().movement.infantry.linear.single_echelon);
    let want = share * rate;
    let mut step = want;
    let clear = |to: Pose| {
        let end = u.footprint_at(to);
        measure::on_table(s, &end)
            && !s
                .near(to.pos, end.radius() + 1.0)
                .any(|o| o.id != unit && bases_overlap(&o.footprint(), &end, TOUCH))
    };
    while step > 0.25 {
        let to = Pose::at(u.pose.pos + away * step, u.pose.facing);
        if clear(to) {
            ctx.emit(Event::Moved {
                unit,
                to,
                used: 0.0,
            });
            if step + 0.5 < want {
                ctx.lose(unit, 1, false, "its retreat was blocked");
            }
            return;
        }
        step -= 0.5;
    }
    ctx.lose(unit, 1, false, "its retreat was blocked");
}

fn apply_effect(ctx: &mut Ctx, unit: UnitId, e: &ChargeEffect, from: Vec2) {
    if e.stands > 0 {
        ctx.lose(unit, e.stands, false, "lost in the charge");
    }
    if e.disorder {
        ctx.disorder(unit, "the charge went against it");
    }
    if e.retreat > 0.0 {
        retreat(ctx, unit, from, e.retreat);
    }
}

fn combat(ctx: &mut Ctx, attackers: &[UnitId], defender: UnitId, breakthrough: bool) {
    let sit = situation(ctx.state, attackers, defender, breakthrough);
    let mut rolls = Vec::new();
    let r = ChargeRoll.resolve(ctx.state.tables(), &sit, ctx.dice, &mut rolls);
    let differential = rolls.first().map_or(0, |a| a.total) - rolls.get(1).map_or(0, |d| d.total);
    let lead = attackers[0];
    ctx.emit(Event::Charge {
        attacker: lead,
        defender,
        differential,
        rolls,
    });
    let (apos, dpos) = (
        ctx.state.unit(lead).pose.pos,
        ctx.state.unit(defender).pose.pos,
    );
    if r.square {
        ctx.emit(Event::Square { unit: defender });
    }
    if let Some(b) = ctx.state.unit(defender).battery() {
        // Batteries that do not hold are lost, the one in contact first, then those of its
        // Grand Battery nearest the charger.
        let n = r.defender.stands.max(u32::from(r.defender.capture_guns));
        let mut lost = vec![defender];
        if let Some(gb) = b.grand_battery {
            let mut rest: Vec<&Unit> = super::grand::members(ctx.state, gb)
                .filter(|m| m.id != defender)
                .collect();
            rest.sort_by(|a, b| {
                a.pose
                    .pos
                    .distance(apos)
                    .total_cmp(&b.pose.pos.distance(apos))
            });
            lost.extend(rest.iter().map(|m| m.id));
        }
        for u in lost.into_iter().take(n as usize) {
            ctx.lose(u, 1, false, "its guns were taken");
        }
    } else {
        apply_effect(ctx, defender, &r.defender, apos);
    }
    apply_effect(ctx, lead, &r.attacker, dpos);
    for u in [lead, defender] {
        ctx.leaders_at_risk(u);
    }
    // Horse that beat its enemy, and is not Spent, may break through; not twice.
    if !breakthrough {
        for (u, e) in [(lead, &r.attacker), (defender, &r.defender)] {
            let able = ctx
                .state
                .unit(u)
                .brigade()
                .is_some_and(|b| b.cavalry && b.condition != Condition::Spent)
                && !ctx.state.unit(u).gone;
            if e.breakthrough && able {
                ctx.emit(Event::MayBreak { unit: u, may: true });
            }
        }
    }
    for u in attackers {
        let company = match ctx.state.unit(*u) {
            a if a.gone => None,
            a => a.brigade().and_then(|b| b.engineers),
        };
        if let Some(company) = company {
            let mut rolls = Vec::new();
            let fate = EngineerLoss.resolve(ctx.state.tables(), &Company {}, ctx.dice, &mut rolls);
            if fate == Fate::Lost {
                ctx.emit(Event::EngineersLost { unit: *u, company });
            }
        }
    }
}

/// Fight every charge of the player whose turn it is, in the order of the targets' ids.
pub fn resolve_all(ctx: &mut Ctx) {
    let phasing = ctx.state.phasing();
    let mut by_target: BTreeMap<UnitId, Vec<UnitId>> = BTreeMap::new();
    for u in ctx.state.on_table() {
        if u.side != phasing {
            continue;
        }
        if let Some(t) = u.brigade().and_then(|b| b.marks.charging) {
            by_target.entry(t).or_default().push(u.id);
        }
    }
    let mut horse = Vec::new();
    for (target, mut list) in by_target {
        let s = &*ctx.state;
        if s.unit(target).gone {
            continue;
        }
        list.retain(|a| !s.unit(*a).gone);
        if list.is_empty() {
            continue;
        }
        list.sort_by_key(|a| std::cmp::Reverse(s.unit(*a).brigade().map_or(0, |b| b.stands())));
        let t_horse = s.unit(target).brigade().is_some_and(|b| b.cavalry);
        horse.extend(
            list.iter()
                .filter(|a| s.unit(**a).brigade().is_some_and(|b| b.cavalry)),
        );
        if t_horse
            && list
                .iter()
                .any(|a| s.unit(*a).brigade().is_some_and(|b| b.cavalry))
        {
            horse.push(target);
        }
        combat(ctx, &list, target, false);
    }
    for u in horse {
        ctx.disorder(u, "horse that charged is blown (NFF Charge 2, 4d)");
    }
}

pub const R_BREAKTHROUGH: &str = "NFF Sequence 2c (Grognard's breakthrough, design 4.6)";

/// The enemies a winner may break through into: not yet fought this phase, ahead of it,
/// within half its full move.
pub fn breakthrough_targets<'a>(
    state: &'a State,
    u: &'a Unit,
) -> impl Iterator<Item = &'a Unit> + 'a {
    let reach = 0.5 * measure::full_move(state, u);
    let f = u.footprint();
    state
        .near_side(u.side.other(), u.pose.pos, reach + f.radius() + 6.0)
        .filter(move |t| {
            let fought = match &t.what {
                What::Brigade(b) => b.marks.fought,
                What::Battery(b) => b.fought,
                What::Leader(_) | What::Company(_) => true,
            };
            !fought
                && grognard_geometry::aspect::sector_of_point(&f, t.pose.pos)
                    == grognard_geometry::Face::Front
                && measure::gap(u, t) <= reach
        })
}

/// Whether the side has a winner that may still break through.
pub fn pending(state: &State, side: grognard_engine::Side) -> bool {
    state.on_table().any(|u| {
        u.side == side
            && u.brigade().is_some_and(|b| b.marks.may_break)
            && breakthrough_targets(state, u).next().is_some()
    })
}

pub fn check_breakthrough(
    state: &State,
    side: grognard_engine::Side,
    unit: UnitId,
    target: UnitId,
) -> Result<super::maneuver::MovePlan, grognard_engine::Illegal> {
    let no = |why: &'static str| grognard_engine::Illegal::new(R_BREAKTHROUGH, why);
    let u = state
        .units()
        .get(usize::from(unit))
        .ok_or_else(|| no("no such unit"))?;
    if u.side != side || u.gone || !u.brigade().is_some_and(|b| b.marks.may_break) {
        return Err(no("only horse that has just won its charge breaks through"));
    }
    if !breakthrough_targets(state, u).any(|t| t.id == target) {
        return Err(no(
            "a breakthrough goes straight ahead, within half a move, into an enemy not yet fought this phase",
        ));
    }
    let to = measure::contact_pose(u, state.unit(target));
    super::maneuver::plan_move(state, u, &to, 0.5 + 1e-9, Some(target))
        .map_err(|e| grognard_engine::Illegal::new(R_BREAKTHROUGH, e.reason))
}

pub fn perform_breakthrough(ctx: &mut Ctx, unit: UnitId, target: UnitId, distance: f64) {
    let to = measure::contact_pose(ctx.state.unit(unit), ctx.state.unit(target));
    ctx.emit(Event::Moved {
        unit,
        to,
        used: 0.0,
    });
    ctx.emit(Event::Breaking {
        unit,
        target,
        distance,
    });
}

/// The side acting in the charge phase is done: let its remaining winners go; then, if
/// the other side has none to declare, fight every breakthrough. Whether the phase is over.
pub fn side_done(ctx: &mut Ctx, side: grognard_engine::Side) -> bool {
    let idle: Vec<UnitId> = ctx
        .state
        .on_table()
        .filter(|u| u.side == side && u.brigade().is_some_and(|b| b.marks.may_break))
        .map(|u| u.id)
        .collect();
    for unit in idle {
        ctx.emit(Event::MayBreak { unit, may: false });
    }
    if pending(ctx.state, side.other()) {
        return false;
    }
    let phasing = ctx.state.phasing();
    let mut breaking: Vec<(UnitId, UnitId)> = ctx
        .state
        .on_table()
        .filter_map(|u| {
            u.brigade()
                .and_then(|b| b.marks.breaking)
                .map(|t| (u.id, t))
        })
        .collect();
    breaking.sort_by_key(|(u, _)| (ctx.state.unit(*u).side != phasing, *u));
    for (u, t) in breaking {
        if !ctx.state.unit(u).gone && !ctx.state.unit(t).gone {
            combat(ctx, &[u], t, true);
        }
    }
    true
}
