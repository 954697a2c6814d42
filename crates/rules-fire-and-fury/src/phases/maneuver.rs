//! The Maneuver phase's moves ("NFF Maneuver"): Reserve Movement in the Reserve Zone,
//! Tactical Movement in the Tactical Zone, each brigade moving only as its throw on the
//! Maneuver Table allows; batteries without a throw, by their functions (design 4.8);
//! formation changes, charges into contact, rallies.

use super::no;
use crate::ctx::{Ctx, Effects};
use crate::event::Event;
use crate::facts::Formation;
use crate::measure::{self, CLEAR, TOUCH};
use crate::resolve::maneuver::{Reserve, ReserveMovement, Tactical, TacticalMovement};
use crate::scenario::Rank;
use crate::state::{Brigade, Phase, State, Unit, UnitId, What};
use crate::tables::ManeuverResult;
use grognard_engine::resolution::Resolution;
use grognard_engine::{Illegal, Side};
use grognard_geometry::distance::base_base;
use grognard_geometry::overlap::{base_overlaps_convex, bases_overlap, convex_hull};
use grognard_geometry::{Base, Face, Pose, Vec2};

pub const R_RESERVE: &str = "NFF Maneuver: Reserve Movement";
pub const R_TACTICAL: &str = "NFF Maneuver: Tactical Movement";
pub const R_MOVE: &str = "Grognard's movement (design 4.1)";
pub const R_CHARGE: &str = "NFF Charge 1";
pub const R_ARTILLERY: &str = "Grognard's artillery functions (design 4.8)";
pub const R_ENGINEERS: &str = "NFF Additional 1";

/// How near a company must stand to a brigade to join it, and an enemy to a lone company to
/// take it (ruling R13).
pub const TOUCH_ENGINEERS: f64 = 1.0;

/// An about-face costs this many inches and marks the brigade as about-facing (design 4.1).
const ABOUT_FACE: f64 = 2.0;
/// Passing through a friendly brigade costs this many inches more (design 4.1).
const THROUGH: f64 = 2.0;

/// What a move or a charge takes.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePlan {
    /// The share of a full move used.
    pub used: f64,
    /// Inches from where it stood to where it ends (a charge's length, "NFF Charge 5d").
    pub distance: f64,
    /// The ground disorders it.
    pub disorders: bool,
    /// Friendly brigades it passes through.
    pub through: Vec<UnitId>,
    /// It turned about.
    pub about_face: bool,
}

fn own<'a>(
    state: &'a State,
    side: Side,
    unit: UnitId,
    rule: &'static str,
) -> Result<&'a Unit, Illegal> {
    let u = state
        .units()
        .get(usize::from(unit))
        .ok_or_else(|| no(rule, "no such unit"))?;
    if u.side != side {
        return Err(no(rule, "that unit is the enemy's"));
    }
    if u.gone {
        return Err(no(rule, "that unit has left the field"));
    }
    Ok(u)
}

/// The result a brigade moves under: the option without a rally where it has a choice.
fn moving(r: &ManeuverResult) -> ManeuverResult {
    if r.choose.is_empty() {
        return r.clone();
    }
    r.choose
        .iter()
        .find(|o| !o.rally)
        .or(r.choose.last())
        .cloned()
        .unwrap_or_default()
}

fn functions(b: &crate::state::Battery) -> u8 {
    b.functions_allowed()
}

pub fn check_reserve(state: &State, side: Side, unit: UnitId) -> Result<(), Illegal> {
    let u = own(state, side, unit, R_RESERVE)?;
    match &u.what {
        What::Brigade(b) => {
            if b.marks.maneuver.is_some() || b.marks.used_rm {
                return Err(no(
                    R_RESERVE,
                    "the brigade has thrown for its movement this turn",
                ));
            }
            if b.formation == Formation::Square {
                return Err(no(
                    R_RESERVE,
                    "a square must leave square by Tactical Movement",
                ));
            }
            Ok(())
        }
        What::Battery(b) => {
            if b.used_rm || b.functions > 0 || b.grand_battery.is_some() {
                return Err(no(
                    R_RESERVE,
                    "the battery has acted this turn, or stands in a Grand Battery",
                ));
            }
            if b.silenced > 0 {
                return Err(no(R_ARTILLERY, "the battery is out of action this turn"));
            }
            if !measure::in_command(state, u) {
                return Err(no(
                    R_ARTILLERY,
                    "a battery beyond its commander's radius may not move (NFF Maneuver: Reserve Movement 7)",
                ));
            }
            Ok(())
        }
        What::Company(c) => {
            if c.attached.is_some() {
                return Err(no(
                    R_ENGINEERS,
                    "attached engineers move with their brigade",
                ));
            }
            if c.used_rm || c.functions > 0 {
                return Err(no(R_RESERVE, "the company has acted this turn"));
            }
            if !measure::in_command(state, u) {
                return Err(no(
                    R_ENGINEERS,
                    "engineers beyond their commander's radius may not move",
                ));
            }
            if measure::tactical(state, u) {
                return Err(no(
                    R_RESERVE,
                    "engineers in the Tactical Zone move by Tactical Movement",
                ));
            }
            Ok(())
        }
        What::Leader(_) => Err(no(R_RESERVE, "leaders move in their own steps")),
    }
}

/// The facts of a brigade's Reserve Movement throw.
pub fn reserve_situation(state: &State, u: &Unit, b: &Brigade) -> Reserve {
    let side = u.side;
    let army = state
        .units()
        .iter()
        .find(|l| l.side == side && l.leader().is_some_and(|ld| ld.rank == Rank::Army));
    let commander_attached =
        army.is_some_and(|a| a.gone || a.leader().is_some_and(|l| l.attached.is_some()));
    let adc_attached = state.units().iter().any(|l| {
        l.side == side
            && !l.gone
            && l.leader().is_some_and(|ld| {
                matches!(ld.rank, Rank::Army | Rank::Adc) && ld.attached == Some(b.commander)
            })
    });
    Reserve {
        commander: super::turn::commander_class(state, side),
        commander_attached,
        adc_attached,
        set_battle_first_turn: state.field.set_battle && state.clock.turn == 1,
        succeeded_last_turn: b.marks.rm_succeeded,
        failures_in_a_row: b.marks.rm_failures,
        disengaging: measure::tactical(state, u),
        disordered: b.disordered,
        irregular: b.irregular,
    }
}

pub fn perform_reserve(ctx: &mut Ctx, unit: UnitId) {
    let s = &*ctx.state;
    let u = s.unit(unit);
    match &u.what {
        What::Brigade(b) => {
            let sit = reserve_situation(s, u, b);
            // One throw serves every brigade of the division not yet thrown for whose
            // modifiers are the same ("NFF Maneuver: Reserve Movement 8"), when the
            // scenario plays it so.
            let mut also: Vec<UnitId> = Vec::new();
            if s.field.options.rm_roll_by_division {
                for o in measure::fighting(s, u.side) {
                    let Some(ob) = o.brigade() else { continue };
                    if o.id != unit
                        && ob.commander == b.commander
                        && ob.marks.maneuver.is_none()
                        && !ob.marks.used_rm
                        && ob.formation != Formation::Square
                        && !measure::tactical(s, o)
                        && reserve_situation(s, o, ob) == sit
                    {
                        also.push(o.id);
                    }
                }
            }
            let mut rolls = Vec::new();
            let result = ReserveMovement.resolve(s.tables(), &sit, ctx.dice, &mut rolls);
            ctx.emit(Event::Maneuver {
                unit,
                reserve: true,
                result: result.clone(),
                rolls,
            });
            for o in also {
                ctx.emit(Event::Maneuver {
                    unit: o,
                    reserve: true,
                    result: result.clone(),
                    rolls: Vec::new(),
                });
            }
        }
        What::Battery(_) | What::Company(_) => ctx.emit(Event::Reserve { unit }),
        What::Leader(_) => {}
    }
}

/// Whether an unsecured flank lies open (design 4.7): an enemy brigade beyond a flank edge
/// whose full move would reach it, and no friend within 2" of that edge.
pub fn unsecured_flank(state: &State, u: &Unit) -> bool {
    let f = u.footprint();
    for face in [Face::Left, Face::Right] {
        let (a, b) = f.face(face);
        let friend = state
            .near_side(u.side, f.pose.pos, f.radius() + 2.0)
            .any(|o| {
                o.id != u.id && {
                    let ob = o.footprint();
                    grognard_geometry::distance::segment_base(a, b, &ob) <= 2.0
                }
            });
        if friend {
            continue;
        }
        let reach = 14.0;
        let threat = state
            .near_side(u.side.other(), f.pose.pos, f.radius() + reach)
            .any(|e| {
                e.brigade().is_some()
                    && grognard_geometry::aspect::sector_of_point(&f, e.pose.pos) == face
                    && grognard_geometry::distance::segment_base(a, b, &e.footprint())
                        <= measure::full_move(state, e)
            });
        if threat {
            return true;
        }
    }
    false
}

/// The facts of a brigade's Tactical Movement throw.
pub fn tactical_situation(state: &State, u: &Unit, b: &Brigade, charge: bool) -> Tactical {
    let (leaders, charismatic_leaders) = measure::attached_leaders(state, u);
    Tactical {
        cavalry: b.cavalry,
        class: b.class,
        formation: b.formation,
        state: b.condition,
        disordered: b.disordered,
        irregular: b.irregular,
        out_of_command: !measure::in_command(state, u),
        leaders,
        charismatic_leaders,
        unsecured_flank: unsecured_flank(state, u),
        charge,
        guard_band: near_band(state, u),
    }
}

/// Whether a French brigade stands within reach of the Imperial Guard's band (the optional
/// rule of "NFF Additional 2"): within 1 1/2" of the brigade the band marches with.
fn near_band(state: &State, u: &Unit) -> bool {
    if !state.field.options.guard_band
        || state.field.nations[u.side.index()] != crate::scenario::Nation::French
    {
        return false;
    }
    let reach = state.tables().modifiers.tactical.guard_band_range.value;
    measure::fighting(state, u.side)
        .filter(|o| o.brigade().is_some_and(|b| b.band))
        .any(|o| o.id == u.id || measure::gap(o, u) <= reach)
}

pub fn check_maneuver(
    state: &State,
    side: Side,
    unit: UnitId,
    charge: Option<UnitId>,
) -> Result<(), Illegal> {
    let u = own(state, side, unit, R_TACTICAL)?;
    let Some(b) = u.brigade() else {
        return Err(no(
            R_TACTICAL,
            "batteries maneuver by their functions, without a throw",
        ));
    };
    if b.marks.used_rm {
        return Err(no(
            R_TACTICAL,
            "the brigade used Reserve Movement this turn (NFF Maneuver: Reserve Movement 3)",
        ));
    }
    if b.marks.maneuver.is_some() {
        return Err(no(
            R_TACTICAL,
            "the brigade has thrown for its movement this turn",
        ));
    }
    if !measure::tactical(state, u) {
        return Err(no(
            R_TACTICAL,
            "the brigade is in the Reserve Zone: it moves by Reserve Movement",
        ));
    }
    if let Some(t) = charge {
        check_target(state, u, b, t)?;
    }
    Ok(())
}

fn check_target(state: &State, u: &Unit, b: &Brigade, t: UnitId) -> Result<(), Illegal> {
    let target = state
        .units()
        .get(usize::from(t))
        .ok_or_else(|| no(R_CHARGE, "no such enemy"))?;
    if target.side == u.side || target.gone || !target.fights() {
        return Err(no(
            R_CHARGE,
            "a charge is made on an enemy brigade or battery on the field",
        ));
    }
    if !b.cavalry && target.brigade().is_some_and(|tb| tb.cavalry) {
        return Err(no("NFF Charge 1g", "infantry may never charge cavalry"));
    }
    if b.condition == crate::facts::Condition::Spent
        && !state.tables().effectiveness.spent_may_charge
    {
        return Err(no(
            "Grognard's effectiveness (design 4.5)",
            "a Spent brigade may not announce a charge",
        ));
    }
    Ok(())
}

/// Move a brigade back `share` of a move, straight away from its nearest enemy and keeping
/// its facing, as far as the way is clear.
fn fall_back(ctx: &mut Ctx, unit: UnitId, share: f64) {
    let s = &*ctx.state;
    let u = s.unit(unit);
    let Some(e) = measure::nearest_enemy(s, u) else {
        return;
    };
    let away = (u.pose.pos - e.pose.pos).normalize_or_zero();
    let inches = share * measure::full_move(s, u);
    let mut step = inches;
    while step > 0.25 {
        let to = Pose::at(u.pose.pos + away * step, u.pose.facing);
        let end = u.footprint_at(to);
        if measure::on_table(s, &end)
            && !s
                .near(to.pos, end.radius() + 1.0)
                .any(|o| o.id != unit && bases_overlap(&o.footprint(), &end, TOUCH))
        {
            ctx.emit(Event::Moved {
                unit,
                to,
                used: 0.0,
            });
            return;
        }
        step -= 0.5;
    }
}

pub fn perform_maneuver(ctx: &mut Ctx, unit: UnitId, charge: Option<UnitId>) {
    let s = &*ctx.state;
    let u = s.unit(unit);
    let Some(b) = u.brigade() else { return };
    let sit = tactical_situation(s, u, b, charge.is_some());
    let mut rolls = Vec::new();
    let result = TacticalMovement.resolve(s.tables(), &sit, ctx.dice, &mut rolls);
    if let Some(target) = charge {
        ctx.emit(Event::Announced { unit, target });
    }
    let (disorder, back) = (result.disorder, result.fall_back);
    ctx.emit(Event::Maneuver {
        unit,
        reserve: false,
        result,
        rolls,
    });
    if disorder {
        ctx.disorder(unit, "it faltered");
    }
    if back > 0.0 {
        fall_back(ctx, unit, back);
    }
}

pub fn check_rally(state: &State, side: Side, unit: UnitId) -> Result<(), Illegal> {
    let u = own(state, side, unit, R_TACTICAL)?;
    let b = u
        .brigade()
        .ok_or_else(|| no(R_TACTICAL, "only brigades rally"))?;
    if !b.disordered || b.irregular {
        return Err(no(
            R_TACTICAL,
            "only a Disordered brigade rallies, and irregulars never do",
        ));
    }
    let Some(r) = &b.marks.maneuver else {
        return Err(no(
            R_TACTICAL,
            "the brigade has not thrown for its movement",
        ));
    };
    if b.marks.used > 0.0 {
        return Err(no(
            R_TACTICAL,
            "the brigade has moved: it rallies instead of moving",
        ));
    }
    let can = r.rally_instead && r.moves > 0.0 || r.choose.iter().any(|o| o.rally);
    if !can {
        return Err(no(
            R_TACTICAL,
            "its result offers no rally (Grognard's Maneuver Table)",
        ));
    }
    Ok(())
}

pub fn perform_rally(ctx: &mut Ctx, unit: UnitId) {
    let Some(r) = ctx
        .state
        .unit(unit)
        .brigade()
        .and_then(|b| b.marks.maneuver.clone())
    else {
        return;
    };
    let now = if r.rally_instead {
        ManeuverResult::default()
    } else {
        r.choose
            .iter()
            .find(|o| o.rally)
            .cloned()
            .unwrap_or_default()
    };
    ctx.emit(Event::Order {
        unit,
        disordered: false,
        why: "it rallied".into(),
    });
    ctx.emit(Event::Chose { unit, result: now });
}

/// How much of a full move a brigade has left this phase, and whether it may move now.
fn allowance(state: &State, u: &Unit, b: &Brigade) -> Result<ManeuverResult, Illegal> {
    let phase = state.phase();
    let Some(r) = &b.marks.maneuver else {
        return Err(no(
            R_TACTICAL,
            "a brigade moves only as its throw on the Maneuver Table allows: throw first",
        ));
    };
    match phase {
        Phase::Reserve if !b.marks.used_rm => {
            Err(no(R_RESERVE, "the brigade did not use Reserve Movement"))
        }
        Phase::Tactical if b.marks.used_rm => Err(no(
            R_RESERVE,
            "the brigade used Reserve Movement this turn (NFF Maneuver: Reserve Movement 3c)",
        )),
        _ => {
            let _ = u;
            Ok(moving(r))
        }
    }
}

fn wrap(a: f64) -> f64 {
    let t = std::f64::consts::TAU;
    let r = a.rem_euclid(t);
    if r > std::f64::consts::PI {
        r - t
    } else {
        r
    }
}

/// The sweep of a footprint from one place to another.
fn sweep(from: &Base, to: &Base) -> Vec<Vec2> {
    let mut pts: Vec<Vec2> = from.corners().to_vec();
    pts.extend(to.corners());
    let mut hull = Vec::new();
    convex_hull(&pts, &mut hull);
    hull
}

/// Check a move (or a charge's move into contact with `target`) of a brigade or battery.
pub(crate) fn plan_move(
    state: &State,
    u: &Unit,
    to: &Pose,
    share_left: f64,
    target: Option<UnitId>,
) -> Result<MovePlan, Illegal> {
    if !(to.pos.x.is_finite() && to.pos.y.is_finite() && to.facing.is_finite()) {
        return Err(no(R_MOVE, "the place to move to is not a number"));
    }
    let from = u.footprint();
    let end = u.footprint_at(*to);
    let arm = measure::arm(u);
    let going = measure::going(state, arm, u.pose.pos, to.pos)
        .ok_or_else(|| no(R_MOVE, "the ground is impassable to it there"))?;
    let turn = wrap(to.facing - u.pose.facing).abs();
    // A charge's wheel into line with its target is part of the charge.
    let about_face = target.is_none() && turn > 0.75 * std::f64::consts::PI;
    let turning = if target.is_some() {
        0.0
    } else if about_face {
        ABOUT_FACE
    } else {
        turn * from.width * 0.5
    };
    let mut rate = measure::full_move(state, u);
    if going.road {
        if let Some(r) = measure::road_move(state, u) {
            rate = r;
        }
    }
    if rate <= 0.0 {
        return Err(no(R_MOVE, "a square does not move; it leaves square first"));
    }
    if !measure::on_table(state, &end) {
        return Err(no(R_MOVE, "the unit would leave the table"));
    }
    let hull = sweep(&from, &end);
    let mid = from.pose.pos.lerp(end.pose.pos, 0.5);
    let reach = 0.5 * from.pose.pos.distance(end.pose.pos) + from.radius().max(end.radius()) + 1.0;
    let mut through = Vec::new();
    for o in state.near(mid, reach) {
        if o.id == u.id || Some(o.id) == target {
            continue;
        }
        let ob = o.footprint();
        if bases_overlap(&ob, &end, TOUCH) {
            return Err(no(
                R_MOVE,
                format!("the move would end on {}", state.name(o.id)),
            ));
        }
        if !base_overlaps_convex(&ob, &hull, TOUCH) {
            continue;
        }
        if o.side != u.side {
            return Err(no(
                R_MOVE,
                format!("the move would pass through {}", state.name(o.id)),
            ));
        }
        // Batteries pass and are passed freely (design 4.1).
        if o.brigade().is_some() && u.brigade().is_some() {
            through.push(o.id);
        }
    }
    if target.is_none() {
        if let Some(e) = state
            .near_side(u.side.other(), end.pose.pos, end.radius() + CLEAR + 1.0)
            .find(|e| base_base(&e.footprint(), &end) < CLEAR - 1e-9)
        {
            return Err(no(
                R_MOVE,
                format!(
                    "the move would end within {CLEAR}\" of {}: only a charge closes with the enemy",
                    state.name(e.id)
                ),
            ));
        }
    }
    let cost = going.cost + turning + THROUGH * through.len() as f64;
    let used = cost / rate;
    if used > share_left + 1e-6 {
        return Err(no(
            R_MOVE,
            format!(
                "the move costs {cost:.1}\" of the {:.1}\" it has left",
                share_left * rate
            ),
        ));
    }
    Ok(MovePlan {
        used,
        distance: u.pose.pos.distance(to.pos),
        disorders: going.disorders,
        through,
        about_face,
    })
}

pub fn check_move(state: &State, side: Side, unit: UnitId, to: &Pose) -> Result<MovePlan, Illegal> {
    let u = own(state, side, unit, R_MOVE)?;
    match &u.what {
        What::Brigade(b) => {
            let r = allowance(state, u, b)?;
            let left = (r.moves - b.marks.used).max(0.0);
            if left <= 1e-9 {
                return Err(no(
                    R_TACTICAL,
                    "its result allows no more movement this phase",
                ));
            }
            let plan = plan_move(state, u, to, left, None)?;
            let end = u.footprint_at(*to);
            let in_tz = measure::tactical_at(state, u, &end);
            if b.marks.used_rm {
                // Disengaging: out of the Tactical Zone and not back (RM 3e).
                let started_tz = b.marks.used <= 1e-9 && measure::tactical(state, u);
                if started_tz && in_tz {
                    return Err(no(
                        R_RESERVE,
                        "a brigade disengaging by Reserve Movement must end in the Reserve Zone",
                    ));
                }
            } else if !in_tz {
                return Err(no(
                    R_TACTICAL,
                    "Tactical Movement stays in the Tactical Zone: a move into the Reserve Zone is Reserve Movement",
                ));
            }
            Ok(plan)
        }
        What::Battery(b) => {
            check_battery(state, u, b)?;
            if b.limbered {
                plan_move(state, u, to, 1.0, None)
            } else {
                let d = u.pose.pos.distance(to.pos);
                if d > state.tables().movement.artillery.prolonge + 1e-6 {
                    return Err(no(
                        R_ARTILLERY,
                        "an unlimbered battery moves only by prolonge: limber first",
                    ));
                }
                let mut p = plan_move(state, u, to, 10.0, None)?;
                p.used = 0.0;
                Ok(p)
            }
        }
        What::Company(c) => {
            check_company(state, u, c)?;
            plan_move(state, u, to, 1.0, None)
        }
        What::Leader(_) => Err(no(R_MOVE, "leaders move in their own steps")),
    }
}

/// Whether a company of engineers may use a function now: as a battery, within its
/// commander's radius, two functions a turn ("NFF Additional 1").
fn check_company(state: &State, u: &Unit, c: &crate::state::Company) -> Result<(), Illegal> {
    check_functions(
        state,
        u,
        R_ENGINEERS,
        (c.functions, crate::state::Company::FUNCTIONS, c.used_rm),
        [
            "the company has used its functions this turn",
            "announce the company's Reserve Movement first",
            "the company used Reserve Movement this turn",
            "engineers beyond their commander's radius may not move or attach",
        ],
    )
}

/// What a battery and a company of engineers are checked for alike before a function (a
/// company maneuvers "exactly like" a battery, "NFF Additional 1"): the functions used and
/// allowed, Reserve Movement announced in its phase and not used in Tactical Movement, and
/// the commander's radius. `why` gives each refusal in that order, `rule` the section of
/// the first and last.
fn check_functions(
    state: &State,
    u: &Unit,
    rule: &'static str,
    (used, allowed, used_rm): (u8, u8, bool),
    why: [&'static str; 4],
) -> Result<(), Illegal> {
    let phase = state.phase();
    if used >= allowed {
        return Err(no(rule, why[0]));
    }
    if phase == Phase::Reserve && !used_rm {
        return Err(no(R_RESERVE, why[1]));
    }
    if phase == Phase::Tactical && used_rm {
        return Err(no(R_RESERVE, why[2]));
    }
    if !measure::in_command(state, u) {
        return Err(no(rule, why[3]));
    }
    Ok(())
}

/// A company of engineers joins an infantry brigade beside it (`to`), or leaves the one it
/// is with for the ground an inch behind it ("NFF Additional 1", ruling R13): in Tactical
/// Movement, as one of its functions. Returns where it will stand.
pub fn check_engineers(
    state: &State,
    side: Side,
    company: UnitId,
    to: Option<UnitId>,
) -> Result<Pose, Illegal> {
    let u = own(state, side, company, R_ENGINEERS)?;
    let Some(c) = u.company() else {
        return Err(no(R_ENGINEERS, "that is not a company of engineers"));
    };
    if state.phase() != Phase::Tactical {
        return Err(no(
            R_ENGINEERS,
            "engineers attach and detach in Tactical Movement",
        ));
    }
    match (c.attached, to) {
        (Some(_), Some(_)) => Err(no(
            R_ENGINEERS,
            "the company is with a brigade already: detach it first",
        )),
        (None, None) => Err(no(R_ENGINEERS, "the company is with no brigade")),
        (None, Some(t)) => {
            let b = own(state, side, t, R_ENGINEERS)?;
            let Some(bb) = b.brigade() else {
                return Err(no(R_ENGINEERS, "engineers attach to a brigade of infantry"));
            };
            if bb.cavalry {
                return Err(no(R_ENGINEERS, "engineers attach to infantry only"));
            }
            if bb.engineers.is_some() {
                return Err(no(
                    R_ENGINEERS,
                    "the brigade has engineers already: one company at a time",
                ));
            }
            let gap = base_base(&state.print(u), &state.print(b));
            if gap > TOUCH_ENGINEERS + 1e-9 {
                return Err(no(
                    R_ENGINEERS,
                    format!(
                        "the company is {gap:.1}\" from the brigade: it joins one within {TOUCH_ENGINEERS}\""
                    ),
                ));
            }
            check_company(state, u, c)?;
            Ok(b.pose)
        }
        (Some(from), None) => {
            let b = state.unit(from);
            let at = measure::behind(state, b);
            let mut alone = u.clone();
            alone.pose = at;
            if let What::Company(x) = &mut alone.what {
                x.attached = None;
            }
            let f = alone.footprint();
            if f.corners().iter().any(|p| {
                p.x < 0.0 || p.y < 0.0 || p.x > state.field.width || p.y > state.field.depth
            }) {
                return Err(no(
                    R_ENGINEERS,
                    "there is no room behind the brigade on the table",
                ));
            }
            if state
                .near(at.pos, f.radius())
                .any(|o| bases_overlap(&state.print(o), &f, 1e-6))
            {
                return Err(no(R_ENGINEERS, "another unit stands behind the brigade"));
            }
            check_company(state, &alone, c)?;
            Ok(at)
        }
    }
}

pub fn perform_engineers(ctx: &mut Ctx, company: UnitId, to: Option<UnitId>, at: Pose) {
    let from = ctx.state.unit(company).company().and_then(|c| c.attached);
    ctx.emit(Event::Engineers {
        company,
        from,
        to,
        at,
    });
}

/// Companies standing alone with an enemy brigade or battery within an inch are taken
/// (ruling R13); checked as each phase ends.
pub fn capture_engineers(ctx: &mut Ctx) {
    let s = &*ctx.state;
    let taken: Vec<(UnitId, UnitId)> = s
        .units()
        .iter()
        .filter(|u| u.lone_company())
        .filter_map(|u| {
            let f = s.print(u);
            s.near_side(u.side.other(), u.pose.pos, f.radius() + TOUCH_ENGINEERS)
                .find(|e| base_base(&s.print(e), &f) <= TOUCH_ENGINEERS)
                .map(|e| (u.id, e.id))
        })
        .collect();
    for (company, by) in taken {
        ctx.emit(Event::Captured { company, by });
    }
}

fn check_battery(state: &State, u: &Unit, b: &crate::state::Battery) -> Result<(), Illegal> {
    if b.grand_battery.is_some() {
        return Err(no(
            "NFF Maneuver: Grand Batteries 5",
            "a Grand Battery's batteries never leave it",
        ));
    }
    if b.silenced > 0 {
        return Err(no(R_ARTILLERY, "the battery is out of action this turn"));
    }
    check_functions(
        state,
        u,
        R_ARTILLERY,
        (b.functions, functions(b), b.used_rm),
        [
            "the battery has used its functions this turn",
            "announce the battery's Reserve Movement first",
            "the battery used Reserve Movement this turn",
            "a battery beyond its commander's radius may not move (design 4.7)",
        ],
    )
}

pub fn perform_move(ctx: &mut Ctx, unit: UnitId, to: &Pose, plan: MovePlan) {
    let was_disordered = ctx
        .state
        .unit(unit)
        .brigade()
        .is_some_and(|b| b.is_disordered());
    ctx.emit(Event::Moved {
        unit,
        to: *to,
        used: plan.used,
    });
    if plan.about_face {
        ctx.emit(Event::Changing { unit });
    }
    if plan.disorders {
        ctx.disorder(unit, "the ground disordered it");
    }
    for o in plan.through {
        let other = ctx
            .state
            .unit(o)
            .brigade()
            .is_some_and(|b| b.is_disordered());
        if was_disordered || other {
            ctx.disorder(unit, "it passed through friends in disorder");
            ctx.disorder(o, "friends in disorder passed through it");
        }
    }
}

pub fn check_form(state: &State, side: Side, unit: UnitId, f: Formation) -> Result<(), Illegal> {
    let u = own(state, side, unit, R_MOVE)?;
    let b = u
        .brigade()
        .ok_or_else(|| no(R_MOVE, "only brigades change formation"))?;
    if f == Formation::Square {
        return Err(no(
            "NFF Maneuver: Formations 3b",
            "square is never chosen: it is a result of charge combat",
        ));
    }
    if b.formation == f {
        return Err(no(R_MOVE, "the brigade is in that formation already"));
    }
    let r = allowance(state, u, b)?;
    let leaving_square = b.formation == Formation::Square;
    if !(r.formation || leaving_square && r.moves > 0.0) {
        return Err(no(
            R_TACTICAL,
            "its result does not allow a change of formation (Grognard's Maneuver Table)",
        ));
    }
    if b.marks.changing {
        return Err(no(R_MOVE, "one change of formation a turn (design 4.1)"));
    }
    let mut after = u.clone();
    if let What::Brigade(nb) = &mut after.what {
        nb.formation = f;
    }
    let end = after.footprint();
    if !measure::on_table(state, &end) {
        return Err(no(
            R_MOVE,
            "in that formation it would not fit on the table",
        ));
    }
    if let Some(o) = state
        .near(end.pose.pos, end.radius() + 1.0)
        .find(|o| o.id != unit && bases_overlap(&o.footprint(), &end, TOUCH))
    {
        return Err(no(
            R_MOVE,
            format!("in that formation it would stand on {}", state.name(o.id)),
        ));
    }
    Ok(())
}

pub fn perform_form(ctx: &mut Ctx, unit: UnitId, formation: Formation) {
    let Some(b) = ctx.state.unit(unit).brigade() else {
        return;
    };
    let free = b.formation == Formation::Square;
    let left = b
        .marks
        .maneuver
        .as_ref()
        .map_or(0.0, |r| (moving(r).moves - b.marks.used).max(0.0));
    ctx.emit(Event::Formed { unit, formation });
    if !free && left > 0.0 {
        let to = ctx.state.unit(unit).pose;
        ctx.emit(Event::Moved {
            unit,
            to,
            used: left.min(0.5),
        });
    }
}

pub fn check_limber(
    state: &State,
    side: Side,
    unit: UnitId,
    limbered: bool,
) -> Result<(), Illegal> {
    let u = own(state, side, unit, R_ARTILLERY)?;
    let b = u
        .battery()
        .ok_or_else(|| no(R_ARTILLERY, "only batteries limber"))?;
    if b.limbered == limbered {
        return Err(no(R_ARTILLERY, "the battery is so already"));
    }
    check_battery(state, u, b)
}

pub fn check_charge(state: &State, side: Side, unit: UnitId) -> Result<MovePlan, Illegal> {
    let u = own(state, side, unit, R_CHARGE)?;
    let b = u
        .brigade()
        .ok_or_else(|| no(R_CHARGE, "only brigades charge"))?;
    let r = allowance(state, u, b)?;
    if !r.charge {
        return Err(no(
            "NFF Charge 2",
            "its result on the Maneuver Table does not allow a charge",
        ));
    }
    if b.marks.charging.is_some() {
        return Err(no(R_CHARGE, "the brigade has charged already"));
    }
    let Some(t) = b.marks.announced else {
        return Err(no(
            "NFF Charge 2",
            "a charge must be announced before the throw",
        ));
    };
    check_target(state, u, b, t)?;
    let target = state.unit(t);
    let to = measure::contact_pose(u, target);
    let left = (r.moves - b.marks.used).max(0.0);
    let mut plan = plan_move(state, u, &to, left + 1e-9, Some(t)).map_err(|e| {
        no(
            R_CHARGE,
            format!("it cannot reach {}: {}", state.name(t), e.reason),
        )
    })?;
    plan.about_face = false;
    Ok(plan)
}

/// Where horse charged by horse meets the charger, if it may countercharge ("NFF Charge 4",
/// ruling 4a): it turns to face the charger, needs 2" of clear ground straight ahead, and
/// the gap between them is shared in the ratio of their full moves.
fn countercharge(state: &State, charger: &Unit, target: &Unit) -> Option<(Pose, Pose, f64)> {
    let cb = charger.brigade()?;
    let tb = target.brigade()?;
    if !(cb.cavalry && tb.cavalry) || tb.marks.charging.is_some() {
        return None;
    }
    let here = target.pose.pos;
    let dir = (charger.pose.pos - here).normalize_or_zero();
    let facing = dir.y.atan2(dir.x);
    let two = Pose::at(here + dir * 2.0, facing);
    plan_move(state, target, &two, 100.0, Some(charger.id)).ok()?;
    let gap = measure::gap(charger, target);
    let (rc, rt) = (
        measure::full_move(state, charger),
        measure::full_move(state, target),
    );
    let share = rt / (rc + rt).max(1e-9);
    let step = (gap * share).min(rt).max(0.0);
    let meet = Pose::at(here + dir * step, facing);
    plan_move(state, target, &meet, 100.0, Some(charger.id)).ok()?;
    let mut moved = target.clone();
    moved.pose = meet;
    let contact = measure::contact_pose(charger, &moved);
    // The charger's path must still be clear of all but the countercharger.
    let mut there = state.clone();
    there.unit_mut(target.id).pose = meet;
    let left = 1.0 + 1e-9;
    plan_move(&there, charger, &contact, left, Some(target.id)).ok()?;
    Some((meet, contact, charger.pose.pos.distance(contact.pos)))
}

pub fn perform_charge(ctx: &mut Ctx, unit: UnitId, plan: MovePlan) {
    let s = &*ctx.state;
    let u = s.unit(unit);
    let Some(t) = u.brigade().and_then(|b| b.marks.announced) else {
        return;
    };
    let from = u.pose;
    if let Some((meet, contact, distance)) = countercharge(s, u, s.unit(t)) {
        let tfrom = s.unit(t).pose;
        ctx.emit(Event::Moved {
            unit: t,
            to: meet,
            used: 0.0,
        });
        ctx.emit(Event::Countercharged { unit: t });
        super::fire::pass_through(ctx, t, tfrom, meet, &[unit]);
        if ctx.state.unit(t).gone {
            return;
        }
        let p = MovePlan { distance, ..plan };
        perform_move(ctx, unit, &contact, p);
        super::fire::pass_through(ctx, unit, from, contact, &[t]);
        if !ctx.state.unit(unit).gone {
            ctx.emit(Event::Contact {
                unit,
                target: t,
                distance,
            });
        }
        return;
    }
    let to = measure::contact_pose(u, s.unit(t));
    let distance = plan.distance;
    perform_move(ctx, unit, &to, plan);
    super::fire::pass_through(ctx, unit, from, to, &[t]);
    if !ctx.state.unit(unit).gone {
        ctx.emit(Event::Contact {
            unit,
            target: t,
            distance,
        });
    }
}

/// Whether the side has a unit that may still act in the Reserve Movement subphase.
pub fn any_reserve(state: &State, side: Side) -> bool {
    measure::maneuvering(state, side).any(|u| match &u.what {
        What::Brigade(b) => match &b.marks.maneuver {
            None => !b.marks.used_rm && b.formation != Formation::Square,
            Some(r) => b.marks.used_rm && moving(r).moves > b.marks.used + 1e-9,
        },
        What::Battery(b) => {
            b.silenced == 0
                && ((!b.used_rm && b.functions == 0) || (b.used_rm && b.functions < functions(b)))
        }
        What::Company(c) => {
            c.attached.is_none()
                && ((!c.used_rm && c.functions == 0 && !measure::tactical(state, u))
                    || (c.used_rm && c.functions < crate::state::Company::FUNCTIONS))
        }
        What::Leader(_) => false,
    })
}

/// Whether the side has a unit that may still act in the Tactical Movement subphase.
pub fn any_tactical(state: &State, side: Side) -> bool {
    // Whether a unit stands in the Tactical Zone is asked of the grid: only when no unit
    // may act on its marks alone.
    let waiting = |u: &&Unit| {
        u.brigade()
            .is_some_and(|b| !b.marks.used_rm && b.marks.maneuver.is_none())
    };
    measure::maneuvering(state, side).any(|u| match &u.what {
        What::Brigade(b) => {
            !b.marks.used_rm
                && match &b.marks.maneuver {
                    None => false,
                    Some(r) => {
                        let m = moving(r);
                        m.moves > b.marks.used + 1e-9
                            || (m.formation && !b.marks.changing)
                            || (m.charge
                                && b.marks.announced.is_some()
                                && b.marks.charging.is_none())
                    }
                }
        }
        What::Battery(b) => !b.used_rm && b.silenced == 0 && b.functions < functions(b),
        What::Company(c) => !c.used_rm && c.functions < crate::state::Company::FUNCTIONS,
        What::Leader(_) => false,
    }) || measure::fighting(state, side)
        .filter(waiting)
        .any(|u| measure::tactical(state, u))
}
