//! Fire ("B&P Fire Combat"): muskets to the front, round shot along a line through four
//! ranks, canister into a 60-degree blast; return fire answered at once and thrown with it,
//! so that each side fires with the figures it had (ruling B11).

use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::measure;
use crate::resolve::{artillery as guns, fire as muskets};
use crate::state::{Arm, Order, State, Status, Unit, UnitId};
use grognard_engine::{Explanation, Illegal};
use grognard_geometry::{dir, Vec2};

pub const RULE: &str = "B&P Fire Combat";

fn no(why: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(RULE, why)
}

/// How a unit fires at a target.
#[derive(Debug, Clone, PartialEq)]
pub enum Plan {
    /// Muskets: the figures that fire, as skirmishers or not.
    Musket { figures: u32, skirmish: bool },
    /// Round shot at every unit its line touches, nearest first.
    RoundShot { targets: Vec<UnitId> },
    /// Canister: each enemy unit inside the blast and its figures there.
    Canister { targets: Vec<(UnitId, u32)> },
    /// One stand firing from a building (`from_inside`) or into one: 2d6 against the
    /// number that hits, less a point for each casualty of the firing stand ("B&P
    /// Fighting in Buildings").
    Building { from_inside: bool, casualties: u32 },
}

/// The figures of a unit that fire a volley: the front rank only; skirmishers and isolated
/// stands fire as skirmishers ("B&P Fire Combat").
pub fn firing_figures(u: &Unit) -> (u32, bool) {
    let per = u.troop.per_stand();
    if u.isolated() || u.order == Order::Skirmish {
        return (u.figures, true);
    }
    match u.order {
        Order::Line | Order::Skirmish => (u.figures, false),
        Order::Column => (u.figures.min(2 * per), false),
        Order::Square => (u.figures.min((u.stands() as u32).div_ceil(4) * per), false),
    }
}

/// How `u` would fire at `target`, or why it may not. `initiate` is false for fire given
/// back: return fire and fire at a charger.
pub fn check(state: &State, u: &Unit, target: &Unit, initiate: bool) -> Result<Plan, Illegal> {
    let t = state.tables();
    if !u.effective() {
        return Err(no("a routed, halted or reforming unit does not fire"));
    }
    if target.side == u.side || target.gone || target.is_commander() {
        return Err(no("fire only at an enemy unit on the table"));
    }
    if u.done.fired {
        return Err(no("no unit fires more than once in a move period"));
    }
    if initiate && u.done.fought {
        return Err(no("the unit has fought a melee in this move period"));
    }
    match u.arm() {
        Arm::Cavalry | Arm::Command => Err(no("cavalry does not shoot")),
        Arm::Infantry => {
            // A stand holding a building is its garrison, not isolated: it fires once a
            // move period from it ("B&P Fighting in Buildings").
            if initiate && u.isolated() && measure::garrison(state, u).is_none() {
                return Err(Illegal::new(
                    "B&P Skirmishers",
                    "an isolated stand fires only in its own defence",
                ));
            }
            // Moving and changing formation leaves no fire, save for a unit that broke into
            // skirmishers before its move ("B&P Skirmishers", change of formation).
            if initiate && u.done.moved && u.done.changed_formation && u.order != Order::Skirmish {
                return Err(no(
                    "skirmishers forming up at the end of a move do not fire",
                ));
            }
            musket(state, u, target)
        }
        Arm::Artillery => {
            if u.figures < t.artillery.least_crew {
                return Err(no(
                    "a gun with fewer than three gunners neither moves nor fires",
                ));
            }
            if state.clock.turn < u.ready_turn {
                return Err(no(
                    "the gun's new gunners are still settling in: it neither moves nor fires yet",
                ));
            }
            if initiate && u.done.moved {
                return Err(Illegal::new(
                    "B&P Movement",
                    "a gun moves or fires in a move, not both",
                ));
            }
            if !initiate && u.gun_moved {
                return Err(Illegal::new(
                    "B&P Movement",
                    "a gun that moved in its own move does not fire back before it moves again",
                ));
            }
            artillery(state, u, target)
        }
    }
}

fn musket(state: &State, u: &Unit, target: &Unit) -> Result<Plan, Illegal> {
    let range = state.tables().fire.musket_range;
    if measure::gap(u, target) > range + 1e-9 {
        return Err(no(format!(
            "{} is beyond musket range ({range}\")",
            target.name
        )));
    }
    if u.order != Order::Square {
        let me = u.footprint();
        let ahead = |e: &Unit| measure::straight_ahead(&me, &state.footprint_of(e.id), range);
        if !ahead(target) {
            let reach = me.radius() + range;
            let any_ahead = state
                .near_side(u.side.other(), me.pose.pos, reach)
                .any(|e| !e.is_commander() && ahead(e));
            let oblique = state.tables().fire.oblique_degrees;
            if any_ahead || measure::off_front(&u.pose, target.pose.pos) > oblique + 1e-9 {
                return Err(no(format!(
                    "{} is not to the unit's front: muskets fire straight ahead, or up to {oblique} degrees off it when nothing is straight ahead",
                    target.name
                )));
            }
        }
    }
    let from = if u.order == Order::Square {
        u.pose.pos
    } else {
        measure::front(u)
    };
    if let Some(o) = measure::line_blocked(state, from, target.pose.pos, &[u.id, target.id]) {
        return Err(no(format!(
            "{} stands between: fire does not pass through a unit or a skirmish screen",
            o.name
        )));
    }
    if measure::garrison(state, target).is_some() || measure::garrison(state, u).is_some() {
        return Ok(Plan::Building {
            from_inside: measure::garrison(state, u).is_some(),
            casualties: measure::stand_casualties(u),
        });
    }
    let (figures, skirmish) = firing_figures(u);
    Ok(Plan::Musket { figures, skirmish })
}

fn artillery(state: &State, u: &Unit, target: &Unit) -> Result<Plan, Illegal> {
    let a = &state.tables().artillery;
    let gap = measure::gap(u, target);
    if gap > a.round_shot_range + 1e-9 {
        return Err(no(format!(
            "{} is beyond round shot's range ({}\")",
            target.name, a.round_shot_range
        )));
    }
    let half = a.canister_degrees * 0.5;
    if measure::off_front(&u.pose, target.pose.pos) > half + 1e-9 {
        return Err(no(format!(
            "{} is more than {half} degrees off the gun's front: pivot the gun first",
            target.name
        )));
    }
    let muzzle = measure::front(u);
    if gap <= a.canister_range + 1e-9 {
        let targets = blast(state, u, muzzle);
        if !targets.iter().any(|(id, _)| *id == target.id) {
            return Err(no(format!(
                "no stand of {} is inside the canister's blast",
                target.name
            )));
        }
        if let Some(o) = measure::line_blocked(state, muzzle, target.pose.pos, &[u.id, target.id]) {
            if o.side == u.side {
                return Err(no(format!("{} is in front of the gun", o.name)));
            }
        }
        return Ok(Plan::Canister { targets });
    }
    // Round shot: the line from the muzzle through the target, out to the range.
    let along = (target.pose.pos - muzzle).normalize_or_zero();
    let end = muzzle + along * a.round_shot_range;
    let up =
        measure::elevation_at(state, target.pose.pos) > measure::elevation_at(state, u.pose.pos);
    let mut touched: Vec<(f64, &Unit)> = Vec::new();
    for o in state.along(muzzle, end, 1e-6) {
        if o.id == u.id || o.is_commander() {
            continue;
        }
        let fp = state.footprint_of(o.id);
        if grognard_geometry::distance::segment_base(muzzle, end, &fp) > 1e-6 {
            continue;
        }
        let d = grognard_geometry::distance::point_base(muzzle, &fp);
        if o.side == u.side {
            // Over the heads of friends 6" or more ahead when the target is higher;
            // through skirmishers with a clear path; never through formed troops.
            let over = up && d >= a.fire_over_friends;
            if o.order != Order::Skirmish && !over {
                return Err(no(format!(
                    "{} is in the line of fire: guns do not fire through formed friends",
                    o.name
                )));
            }
            continue;
        }
        touched.push((d, o));
    }
    touched.sort_by(|x, y| x.0.total_cmp(&y.0));
    let targets: Vec<UnitId> = touched
        .iter()
        .take(a.ranks_penetrated as usize)
        .map(|(_, o)| o.id)
        .collect();
    if !targets.contains(&target.id) {
        return Err(no(format!(
            "{} lies beyond the four ranks the shot passes",
            target.name
        )));
    }
    Ok(Plan::RoundShot { targets })
}

/// The enemy units with stands inside a canister blast from `muzzle`, and the figures of
/// those stands.
fn blast(state: &State, gun: &Unit, muzzle: Vec2) -> Vec<(UnitId, u32)> {
    let a = &state.tables().artillery;
    let half = (a.canister_degrees * 0.5).to_radians();
    let facing = gun.pose.facing;
    let inside = |p: Vec2| {
        let d = p - muzzle;
        let ahead = d.dot(dir(facing));
        ahead > 0.0
            && ahead <= a.canister_range + 1e-9
            && grognard_geometry::wrap(grognard_geometry::angle_of(d) - facing).abs() <= half + 1e-9
    };
    let mut out = Vec::new();
    // A point inside the cone lies no farther from the muzzle than its reach ahead over
    // the cosine of the half angle.
    let reach = if half.cos() > 1e-3 {
        a.canister_range / half.cos() + 1e-6
    } else {
        f64::INFINITY
    };
    for e in state.near_side(gun.side.other(), muzzle, reach) {
        if e.is_commander() {
            continue;
        }
        let per = e.troop.per_stand();
        let stands = e.stand_bases();
        let n = stands.len();
        let mut figures = 0;
        for (i, s) in stands.iter().enumerate() {
            if inside(s.pose.pos) {
                // The last stand holds what the others leave.
                figures += if i + 1 == n {
                    e.figures - per * (n as u32 - 1)
                } else {
                    per
                };
            }
        }
        if figures > 0 {
            out.push((e.id, figures.min(guns::MOST_IN_BLAST)));
        }
    }
    out
}

/// A volley of `figures` from `shooter` at `target`, as the battle throws it and the odds
/// weigh it.
pub fn musket_situation(
    state: &State,
    shooter: &Unit,
    target: &Unit,
    figures: u32,
    skirmish: bool,
) -> muskets::Situation {
    muskets::Situation {
        figures,
        skirmish,
        cover: measure::cover(state, target, shooter),
        disrupted: shooter.disrupted(state.clock.turn),
        green: shooter.green,
    }
}

/// A stand of `shooter` firing from a building or into one.
pub fn building_situation(
    state: &State,
    shooter: &Unit,
    from_inside: bool,
    casualties: u32,
) -> crate::resolve::buildings::Fire {
    use crate::resolve::buildings::{Fire, Firer};
    Fire {
        firer: if from_inside {
            Firer::Defender
        } else {
            Firer::Attacker
        },
        casualties,
        disrupted: shooter.disrupted(state.clock.turn),
        green: shooter.green,
    }
}

/// One unit's fire thrown: the roll and what each target loses, not yet taken off.
pub struct Thrown {
    pub event: Event,
    pub losses: Vec<(UnitId, u32)>,
}

/// Throw `u`'s fire at `target` by `plan`.
pub fn throw(ctx: &mut Ctx, u: UnitId, target: UnitId, plan: &Plan, returned: bool) -> Thrown {
    let state = &*ctx.state;
    let t = state.tables();
    let shooter = state.unit(u);
    let aim = state.unit(target);
    match plan {
        Plan::Musket { figures, skirmish } => {
            let s = musket_situation(state, shooter, aim, *figures, *skirmish);
            let t = t.clone();
            let (roll, hits) = muskets::roll(&t, &s, ctx.dice);
            Thrown {
                event: Event::Volley {
                    unit: u,
                    target,
                    roll,
                    hits: hits.0,
                    returned,
                },
                losses: vec![(target, hits.0)],
            }
        }
        Plan::Building {
            from_inside,
            casualties,
        } => {
            use crate::resolve::buildings::BuildingFireRoll;
            use grognard_engine::resolution::Resolution;
            let s = building_situation(state, shooter, *from_inside, *casualties);
            let t = t.clone();
            let mut rolls = Vec::new();
            let shot = BuildingFireRoll.resolve(&t, &s, ctx.dice, &mut rolls);
            let roll = rolls.pop().unwrap_or_default();
            Thrown {
                event: Event::BuildingFire {
                    unit: u,
                    target,
                    roll,
                    hit: shot.hit,
                },
                losses: vec![(target, u32::from(shot.hit))],
            }
        }
        Plan::RoundShot { .. } | Plan::Canister { .. } => {
            let canister = matches!(plan, Plan::Canister { .. });
            let list: Vec<(UnitId, u32)> = match plan {
                Plan::RoundShot { targets } => targets.iter().map(|id| (*id, 1)).collect(),
                Plan::Canister { targets } => targets.clone(),
                Plan::Musket { .. } | Plan::Building { .. } => Vec::new(),
            };
            let t = t.clone();
            let mut roll = Explanation::new(guns::RULE);
            let mut hits = Vec::new();
            for (id, dice) in &list {
                let cover = measure::cover(ctx.state, ctx.state.unit(*id), ctx.state.unit(u));
                let on = t.artillery.hits_on(cover);
                let mut h = 0;
                for _ in 0..*dice {
                    let face = ctx
                        .dice
                        .roll(6, if canister { "canister" } else { "round shot" });
                    roll.dice.push(face);
                    h += u32::from(face <= on);
                }
                hits.push(h);
            }
            roll.tally();
            roll.row = if canister {
                "a die a figure in the blast".into()
            } else {
                "a die a unit along the shot".into()
            };
            roll.result = format!("{} hit", hits.iter().sum::<u32>()).into();
            Thrown {
                losses: list
                    .iter()
                    .map(|(id, _)| *id)
                    .zip(hits.iter().copied())
                    .collect(),
                event: Event::Gunfire {
                    unit: u,
                    targets: list.iter().map(|(id, _)| *id).collect(),
                    roll,
                    hits,
                    canister,
                },
            }
        }
    }
}

/// Take a throw's losses off, each unit hit losing its figures; a unit not yet effective
/// again that is fired on retreats and starts its rally again ("B&P Rout, Disruption, and
/// Rally").
pub fn land(ctx: &mut Ctx, thrown: Thrown) {
    let guns = matches!(thrown.event, Event::Gunfire { .. });
    ctx.emit(thrown.event);
    for (id, n) in thrown.losses {
        if guns && n > 0 {
            burn(ctx, id, n);
        }
        commanders_at_risk(ctx, id);
        ctx.lose(id, n, "fire");
        let u = ctx.state.unit(id);
        if !u.gone && u.status != Status::Effective {
            crate::phases::rout::rout(ctx, id, "fired on before it was effective again");
        }
    }
}

/// Artillery hits on a unit holding a building count toward its burning; at four the
/// building burns and the stand in it must leave, which it does as a routing unit would
/// (ruling B22).
fn burn(ctx: &mut Ctx, id: UnitId, hits: u32) {
    let Some(feature) = measure::garrison(ctx.state, ctx.state.unit(id)) else {
        return;
    };
    let total = ctx.state.building_hits.get(feature).copied().unwrap_or(0) + hits;
    ctx.emit(Event::BuildingHit {
        feature,
        hits: total,
    });
    if total >= ctx.state.tables().artillery.hits_to_burn {
        crate::phases::rout::rout(ctx, id, "its building burns");
    }
}

/// How near a unit a command figure stands to share its dangers (ruling B15).
pub const WITH_UNIT: f64 = 1.0;

/// The command figures standing with `unit`, fired on or charged: each dies on a 12 ("B&P
/// Command Figures").
pub fn commanders_at_risk(ctx: &mut Ctx, unit: UnitId) {
    let u = ctx.state.unit(unit);
    let fp = u.footprint();
    let at_risk: Vec<UnitId> = ctx
        .state
        .near(fp.pose.pos, fp.radius() + WITH_UNIT)
        .filter(|c| {
            c.is_commander()
                && c.side == u.side
                && grognard_geometry::distance::base_base(&ctx.state.footprint_of(c.id), &fp)
                    <= WITH_UNIT
        })
        .map(|c| c.id)
        .collect();
    let tables = ctx.state.tables().clone();
    for c in at_risk {
        use grognard_engine::resolution::Resolution;
        let mut rolls = Vec::new();
        let fate = crate::resolve::command::CommanderRisk.resolve(
            &tables,
            &Default::default(),
            ctx.dice,
            &mut rolls,
        );
        let (roll, killed) = (rolls.pop().unwrap_or_default(), fate.killed);
        ctx.emit(Event::CommanderRisk {
            unit: c,
            roll,
            killed,
        });
        if killed {
            ctx.remove(c, "killed with the unit he led");
        }
    }
}

/// Whether `target`, fired on by `firer`, may fire back at it now ("B&P Melee Combat",
/// return fire).
pub fn may_return(state: &State, target: &Unit, firer: &Unit) -> Option<Plan> {
    if !target.effective() || !matches!(target.arm(), Arm::Infantry | Arm::Artillery) {
        return None;
    }
    check(state, target, firer, false).ok()
}
