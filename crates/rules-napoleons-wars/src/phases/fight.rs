//! The combat phase on the table ("NW 11.0"-"NW 11.7"): the facts of a combat from the
//! table, rounds until a decision, and the Combat Results Table applied to the units.

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::Event;
use crate::measure::{self, distance};
use crate::phases::fallback;
use crate::phases::firing::kill_general_on;
use crate::resolve::combat::{self, Cover, Situation};
use crate::resolve::facts::UnitFacts;
use crate::resolve::officer;
use crate::state::{Combat, Gone, State, Unit, UnitId};
use crate::tables::CombatResult;
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::{Face, Pose};

/// The facts of a combat as it stands ("NW 11.0", "NW 11.2").
pub fn situation(state: &State, c: &Combat) -> Situation {
    situation_with(state, c, None)
}

/// The situation of combat `c` with one attacker, `moved`, standing where it is given rather
/// than where the state has it (to weigh an attack before it is made).
pub fn situation_with(state: &State, c: &Combat, moved: Option<&Unit>) -> Situation {
    let unit = |id: UnitId| match moved {
        Some(m) if m.id == id => m,
        _ => state.unit(id),
    };
    let d = state.unit(c.defender);
    let db = d.base();
    let facts = |u: &Unit| UnitFacts::of(state, u).unwrap_or_default();
    // One unit a phase has a valorous commander's bonus: the primary attacker's first, if
    // near.
    let valour = !state.valour_used;
    let primary = unit(c.attackers[0]);
    let attacker_valorous_near = valour && measure::valorous_near(state, primary);
    let defender_valorous_near =
        valour && !attacker_valorous_near && measure::valorous_near(state, d);
    let second = c.attackers.get(1).map(|a| unit(*a));
    let higher = measure::elevation(state, d) > measure::elevation(state, primary);
    let outflanked = c
        .attackers
        .iter()
        .any(|a| measure::face_toward(&db, unit(*a).pose.pos) != Face::Front);
    let from: Vec<grognard_geometry::Vec2> =
        c.attackers.iter().map(|a| unit(*a).pose.pos).collect();
    // Works turned by an attacker who did not cross them give no hard cover (ruling N34).
    let cover = if measure::holds_hard_cover(state, d, &from) {
        Cover::Hard
    } else if measure::soft_cover(state, d, &from) || higher {
        Cover::Soft
    } else {
        Cover::None
    };
    Situation {
        attacker: facts(primary),
        second: second.map(facts),
        defender: facts(d),
        cover,
        forest: measure::in_kind(
            state,
            grognard_engine::terrain::TerrainKind::DenseWood,
            d.pose.pos,
        ),
        vulnerable: measure::vulnerable(state, d),
        // The defender turns to face its first attacker, so only a second one outflanks it
        // ("NW 11.1").
        outflanked: outflanked && c.attackers.len() > 1,
        countercharged: d.countercharged,
        attacker_lost_sp_in_fire: primary.lost_in_fire,
        second_lost_sp_in_fire: second.is_some_and(|u| u.lost_in_fire),
        defender_lost_sp_in_fire: d.lost_in_fire,
        attacker_valorous_near,
        defender_valorous_near,
    }
}

/// Fight the combat against `defender` to its end.
pub fn fight(ctx: &mut Ctx, defender: UnitId) {
    let Some(c) = ctx
        .state
        .combats
        .iter()
        .find(|c| c.defender == defender)
        .cloned()
    else {
        return;
    };
    let c = Combat {
        attackers: primary_first(ctx.state, &c.attackers),
        defender,
    };
    let d = ctx.state.unit(defender).clone();
    // A victor over a defender holding a town advances to occupy it ("NW 11.3").
    let in_town = measure::in_town(ctx.state, &d);
    // A routed defender is overrun without a roll ("NW 11.2" #8).
    if d.routed {
        let by_cavalry = c.attackers.iter().any(|a| ctx.state.unit(*a).is_cavalry());
        let t = &ctx.state.field.tables.combat;
        let loss = t.routed_contacted_loss[usize::from(by_cavalry)];
        let adv = t.routed_advance;
        ctx.lose(defender, loss, "caught while routed");
        fallback::rout(ctx, defender, c.attackers[0]);
        advance(ctx, c.attackers[0], adv, false);
        ctx.emit(Event::CombatOver { defender });
        return;
    }
    let from: Vec<grognard_geometry::Vec2> = c
        .attackers
        .iter()
        .map(|a| ctx.state.unit(*a).pose.pos)
        .collect();
    let town = measure::holds_hard_cover(ctx.state, &d, &from);
    let guns0 = ctx.state.battery_on(defender).map(|g| g.id);
    // The valour each side took in the first round, and the unit that took the attacker's:
    // it holds through the desperate struggles (ruling N56).
    let mut valour: Option<(UnitId, bool, bool)> = None;
    for _round in 0..20 {
        let live: Vec<UnitId> = c
            .attackers
            .iter()
            .copied()
            .filter(|a| ctx.state.unit(*a).on_table())
            .collect();
        if live.is_empty() || !ctx.state.unit(defender).on_table() {
            break;
        }
        let now = Combat {
            attackers: live.clone(),
            defender,
        };
        let mut s = situation(ctx.state, &now);
        match valour {
            Some((first, a, d)) => {
                s.attacker_valorous_near = a && first == live[0];
                s.defender_valorous_near = d;
            }
            None => {
                valour = Some((live[0], s.attacker_valorous_near, s.defender_valorous_near));
                if s.attacker_valorous_near || s.defender_valorous_near {
                    ctx.emit(Event::ValourUsed);
                }
            }
        }
        // The valorous commander whose bonus a side took shares its leaders' risks ("NW II
        // 3.2", ruling N32).
        let hero_of = |ctx: &Ctx, used: bool, u: UnitId| {
            used.then(|| measure::valorous_commander_near(ctx.state, ctx.state.unit(u)))
                .flatten()
        };
        let attacker_hero = hero_of(ctx, s.attacker_valorous_near, live[0]);
        let defender_hero = hero_of(ctx, s.defender_valorous_near, defender);
        let tables = ctx.state.field.tables.combat.clone();
        let round = combat::round(&tables, &s, ctx.dice);
        let result = round.result;
        // A battery attached to the defending infantry shares its fate ("NW 8.6").
        let guns = ctx.state.battery_on(defender).map(|g| g.id);
        let share = |ctx: &mut Ctx| {
            if let Some(g) = guns {
                guns_share_fate(ctx, g, defender, live[0], result);
            }
        };
        ctx.emit(Event::Fought {
            attackers: live.clone(),
            defender,
            round,
        });
        let primary = live[0];
        let squares = s.squares();
        let cap = |n: u32| {
            if squares {
                n.min(tables.squares_loss_cap)
            } else {
                n
            }
        };
        let [crushed, broken, driven_back] = tables.defender_losses;
        let [repulsed, recule] = tables.attacker_losses;
        let (struggle, pursuit) = (tables.struggle_loss, tables.pursuit_loss);
        let fall_back = tables.fall_back;
        let attacker_cavalry = live.iter().any(|a| ctx.state.unit(*a).is_cavalry());
        let full = |ctx: &Ctx, u: UnitId| {
            crate::phases::movement::full_allowance(ctx.state, ctx.state.unit(u))
        };
        match result {
            CombatResult::DesperateStruggle => {
                ctx.lose(primary, cap(struggle), "desperate struggle");
                ctx.lose(defender, struggle, "desperate struggle");
                ctx.disorder(primary, "desperate struggle");
                ctx.disorder(defender, "desperate struggle");
                continue;
            }
            CombatResult::DefenderCrushed => {
                ctx.lose(defender, crushed, "crushed");
                kill_general_on(ctx, defender, "killed as the defence was crushed");
                if let Some(v) = defender_hero {
                    ctx.eliminate(v, Gone::Killed, "killed leading a defence that was crushed");
                }
                destroy_attached_battery(ctx, defender);
                if ctx.state.unit(defender).on_table()
                    && attacker_cavalry
                    && ctx.state.unit(defender).is_infantry()
                {
                    ctx.lose(defender, pursuit, "cut down by pursuing cavalry");
                }
                fallback::rout(ctx, defender, primary);
                advance(ctx, primary, tables.advance[0], in_town);
            }
            CombatResult::DefenderBroken => {
                let was_disordered = ctx.state.unit(defender).disordered;
                ctx.lose(defender, broken, "broken");
                destroy_attached_battery(ctx, defender);
                officer_risk(ctx, defender);
                hero_risk(ctx, defender_hero);
                if was_disordered {
                    if ctx.state.unit(defender).on_table()
                        && attacker_cavalry
                        && ctx.state.unit(defender).is_infantry()
                    {
                        ctx.lose(defender, pursuit, "cut down by pursuing cavalry");
                    }
                    fallback::rout(ctx, defender, primary);
                } else {
                    let f = full(ctx, defender);
                    fallback::retreat(ctx, defender, primary, f, "broken, retreats a full move");
                }
                advance(ctx, primary, tables.advance[1], in_town);
            }
            CombatResult::DefenderDrivenBack => {
                ctx.lose(defender, driven_back, "driven back");
                ctx.disorder(defender, "driven back");
                let f = full(ctx, defender);
                fallback::retreat(ctx, defender, primary, f, "driven back a full move");
                share(ctx);
                advance(ctx, primary, tables.advance[2], in_town);
            }
            CombatResult::DefenderGivesGround => {
                ctx.disorder(defender, "gives ground");
                let why = format!("gives ground {fall_back}\"");
                fallback::retreat(ctx, defender, primary, fall_back, &why);
                share(ctx);
                for a in &live {
                    if ctx.state.unit(*a).is_cavalry() {
                        ctx.disorder(*a, "cavalry disordered by its own success");
                    }
                }
            }
            CombatResult::AssaultChecked => {
                let why = format!("assault checked, falls back {fall_back}\"");
                for a in &live {
                    ctx.disorder(*a, "assault checked");
                    fallback::retreat(ctx, *a, defender, fall_back, &why);
                }
                if ctx.state.unit(defender).is_cavalry() {
                    ctx.disorder(defender, "defending cavalry disordered");
                }
            }
            CombatResult::AssaultRepulsed => {
                ctx.lose(primary, cap(repulsed), "assault repulsed");
                for a in &live {
                    let f = full(ctx, *a);
                    fallback::retreat(ctx, *a, defender, f, "repulsed, retreats a full move");
                }
            }
            CombatResult::LeGuardRecule => {
                let was_disordered = ctx.state.unit(primary).disordered;
                ctx.lose(primary, cap(recule), "la Garde recule");
                officer_risk(ctx, primary);
                hero_risk(ctx, attacker_hero);
                for a in &live {
                    if was_disordered && *a == primary {
                        fallback::rout(ctx, *a, defender);
                    } else {
                        let f = full(ctx, *a);
                        fallback::retreat(ctx, *a, defender, f, "thrown back a full move");
                    }
                }
            }
        }
        break;
    }
    // Guns whose infantry is gone or routed are lost with it.
    if let Some(g) = guns0 {
        guns_share_fate(
            ctx,
            g,
            defender,
            c.attackers[0],
            CombatResult::AssaultRepulsed,
        );
    }
    // Attacking a town disorders the attackers ("NW 11.3").
    if town {
        for a in &c.attackers {
            ctx.disorder(*a, "attacked a town");
        }
    }
    ctx.emit(Event::CombatOver { defender });
}

/// The primary attacker: the one with more s.p., cavalry on a tie ("NW 11.0" step 1).
pub(crate) fn primary_first(state: &State, attackers: &[UnitId]) -> Vec<UnitId> {
    let mut v = attackers.to_vec();
    v.sort_by(|a, b| {
        let ua = state.unit(*a);
        let ub = state.unit(*b);
        ub.sp
            .cmp(&ua.sp)
            .then(ub.is_cavalry().cmp(&ua.is_cavalry()))
            .then(a.cmp(b))
    });
    v
}

/// What the combat's result does to a battery that was attached to the defending infantry
/// ("NW 8.6", "NW Combat Results Table"): destroyed with infantry crushed, broken or gone;
/// damaged and back a full move with infantry driven back; back a full move and suppressed
/// with infantry giving ground; untouched when the attack fails.
fn guns_share_fate(
    ctx: &mut Ctx,
    guns: UnitId,
    infantry: UnitId,
    primary: UnitId,
    result: CombatResult,
) {
    if !ctx.state.unit(guns).on_table() {
        return;
    }
    if !ctx.state.unit(infantry).on_table() || ctx.state.unit(infantry).routed {
        ctx.eliminate(
            guns,
            Gone::Eliminated,
            "lost with the infantry it was attached to",
        );
        return;
    }
    let full = crate::phases::movement::full_allowance(ctx.state, ctx.state.unit(guns));
    match result {
        CombatResult::DefenderDrivenBack => {
            ctx.lose(guns, 1, "damaged as its infantry was driven back");
            if ctx.state.unit(guns).on_table() {
                fallback::retreat(
                    ctx,
                    guns,
                    primary,
                    full,
                    "retreats a full move with its infantry",
                );
            }
        }
        CombatResult::DefenderGivesGround => {
            fallback::retreat(
                ctx,
                guns,
                primary,
                full,
                "retreats a full move as its infantry gives ground",
            );
            ctx.disorder(guns, "its infantry gave ground");
        }
        _ => {}
    }
}

fn destroy_attached_battery(ctx: &mut Ctx, infantry: UnitId) {
    let bats: Vec<UnitId> = ctx
        .state
        .riders(infantry)
        .filter(|b| b.on_table() && b.is_artillery())
        .map(|b| b.id)
        .collect();
    for b in bats {
        ctx.eliminate(
            b,
            Gone::Eliminated,
            "lost with the infantry it was attached to",
        );
    }
}

/// An attached general may fall: 2d6, 10 or more ("NW Combat Results Table").
fn officer_risk(ctx: &mut Ctx, unit: UnitId) {
    let Some(g) = ctx.state.general_on(unit).map(|g| g.id) else {
        return;
    };
    let test = officer::roll(&ctx.state.field.tables, officer::Case::Attached, ctx.dice);
    let killed = test.passed;
    ctx.emit(Event::OfficerRisk { unit: g, test });
    if killed {
        ctx.eliminate(g, Gone::Killed, "killed leading the combat");
    }
}

/// A valorous commander whose bonus the beaten unit took is rolled for as if attached: 2d6,
/// 10 or more and he is killed ("NW II 3.2", "NW Combat Results Table").
fn hero_risk(ctx: &mut Ctx, hero: Option<UnitId>) {
    let Some(v) = hero else {
        return;
    };
    if !ctx.state.unit(v).on_table() {
        return;
    }
    let test = officer::roll(&ctx.state.field.tables, officer::Case::Valorous, ctx.dice);
    let killed = test.passed;
    ctx.emit(Event::OfficerRisk { unit: v, test });
    if killed {
        ctx.eliminate(
            v,
            Gone::Killed,
            "killed at the head of the troops he inspired",
        );
    }
}

/// The victor `unit` advances `distance_in` straight ahead, stopping 1" short of any other
/// enemy and never into contact ("NW 11.7"). Beating a defender that held a town (`town`), it
/// goes as far as it takes to stand wholly in the town ("NW 11.3", ruling N36).
fn advance(ctx: &mut Ctx, unit: UnitId, distance_in: f64, town: bool) {
    let u = ctx.state.unit(unit).clone();
    if !u.on_table() || u.routed || u.is_artillery() {
        return;
    }
    // An obstacle is crossed only if the advance clears it ("NW 11.7"); works may be crossed
    // with whatever more it takes to clear them, up to 3" ("NW 11.3", ruling N36).
    // (An attacker that struck across an obstacle stands astride it already.)
    let astride = |b: &grognard_geometry::Base| {
        let c = b.corners();
        ctx.state
            .field
            .terrain
            .iter()
            .filter(|f| measure::is_obstacle(f.kind) && measure::straddles(f, &c))
            .map(|f| f.kind)
            .collect::<Vec<_>>()
    };
    let works = |k: &TerrainKind| matches!(k, TerrainKind::HastyWorks | TerrainKind::FieldWorks);
    let mut best: Option<Pose> = None;
    let short = ctx.state.field.tables.combat.advance_short_of_enemy;
    let steps = (distance_in / 0.25).round() as usize;
    // Works are cleared within 3" more; a town is entered within a base's depth and 3" more.
    let works_extra = (3.0 / 0.25) as usize;
    let extra = ((3.0 + if town { u.size() } else { 0.0 }) / 0.25) as usize;
    // The advance over obstacles alone is settled once it is known.
    let mut settled = false;
    let in_town =
        |b: &grognard_geometry::Base| b.corners().iter().all(|c| measure::town_at(ctx.state, *c));
    // Poses wholly in the town: the last at or short of the advance, the first beyond it.
    let (mut town_short, mut town_beyond): (Option<Pose>, Option<Pose>) = (None, None);
    for s in 1..=steps + extra {
        let p = u.pose.advanced(s as f64 * 0.25, 0.0);
        let b = u.at(p);
        if !ctx.state.field.contains(&b) {
            break;
        }
        let blocked = ctx.state.near(b.pose.pos, b.radius() + short).any(|o| {
            o.id != unit
                && !o.is_officer()
                && o.attached != Some(unit)
                && if o.side == u.side {
                    measure::overlapping(&b, &o.base())
                } else {
                    distance(&b, &o.base()) < short
                }
        });
        if blocked {
            break;
        }
        let over = astride(&b);
        if town && over.is_empty() && in_town(&b) {
            if s <= steps {
                town_short = Some(p);
            } else if town_beyond.is_none() {
                town_beyond = Some(p);
            }
        }
        if !settled {
            if over.is_empty() {
                best = Some(p);
                settled = s >= steps;
            } else if s >= steps && !over.iter().all(works) || s >= steps + works_extra {
                // Past the distance only to clear works.
                settled = true;
            }
        }
        if settled && (!town || town_beyond.is_some()) {
            break;
        }
    }
    // Into a town: the advance if that ends wholly in it, else as far as it takes.
    let to = match (town_short, town_beyond) {
        (Some(p), _) if best == Some(p) => Some(p),
        (_, Some(p)) => Some(p),
        (Some(p), None) => Some(p),
        (None, None) => best,
    };
    if let Some(to) = to {
        ctx.emit(Event::Advanced { unit, to });
    }
}
