//! The movement geometry of one unit's maneuver ("NW 9.0"-"NW 9.8"): the steps a move is
//! made of, where each leaves the base, how much of the movement allowance each spends before
//! terrain, and the intermediate footprints a caller checks for collisions.
//!
//! Key decision: this module is pure geometry and arithmetic over a pose and a base size. It
//! knows nothing of the table, terrain or other units, so everything that depends on them is
//! the caller's: terrain multipliers and obstacle costs ("NW 9.5"), the 2" to pass through
//! friends and never ending a move overlapping another base ("NW 9.3"), the road bonus, the
//! 6" presence-of-the-enemy restriction ("NW 9.9"), and contact and squaring up ("NW 9.91"-
//! "NW 9.93"). [`multiplier`] says how many times its plain cost a step costs, so the caller
//! multiplies the terrain it crosses by the same ("NW 9.4", "NW 9.8"). [`may_contact`]
//! records which steps the book lets carry a unit into contact, so the caller can refuse the
//! others.
//!
//! Conventions follow `grognard_geometry`: inches, radians counter-clockwise from `+x`, and a
//! [`Pose`] that places the centre of a base `width` wide (frontage) and `depth` deep.

use grognard_geometry::{dir, Base, Pose, Vec2};
use serde::{Deserialize, Serialize};

/// Most steps one move may be made of; [`plan`] refuses longer moves. The book sets no limit;
/// this bounds the search space of callers such as the AI.
pub const MAX_STEPS: usize = 8;

/// The most a sweep may turn between two consecutive footprints, in degrees.
const SWEEP_MAX_TURN_DEG: f64 = 15.0;

/// Upper bound on the footprints one [`sweep`] returns, whatever `every` is asked for.
const SWEEP_MAX_SAMPLES: usize = 4096;

/// One part of a unit's maneuver ("NW 9.6"-"NW 9.8").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Pivot in place 90 or 180 degrees (quarter_turns: 1 = 90 deg left/counter-clockwise, -1 = 90 deg right, 2 or -2 = 180); allowed only as the first step of a move ("NW 9.7").
    ChangeFace { quarter_turns: i8 },
    /// Swing about a front corner: `left = true` pivots on the front-left corner (the unit turns left, counter-clockwise); `degrees` > 0 ("NW 9.6").
    Wheel { left: bool, degrees: f64 },
    /// Straight ahead, inches.
    Forward { d: f64 },
    /// Up to 45 degrees off straight ahead, facing unchanged; `degrees` positive to the left ("NW 9.8").
    Oblique { degrees: f64, d: f64 },
    /// Straight back, facing unchanged ("NW 9.8").
    Retrograde { d: f64 },
    /// Sideways, facing unchanged; positive to the unit's left ("NW 9.8").
    Flank { d: f64 },
}

/// How a step moves the base, in the base's own frame at the start of the step.
#[derive(Debug, Clone, Copy)]
enum Motion {
    /// A shift by `x` ahead and `y` to the left, facing unchanged.
    Shift(Vec2),
    /// A rotation by `angle` radians (counter-clockwise positive) about a point given in the
    /// base's frame (`x` ahead, `y` to the left).
    Rotate { pivot: Vec2, angle: f64 },
}

impl Step {
    /// True if the step's numbers make sense: all finite; forward, oblique and retrograde
    /// distances not negative (a flank distance is signed, its sign picks the side); an oblique
    /// at most 45 degrees either side of straight ahead ("NW 9.8"); a wheel of more than 0 and
    /// at most 360 degrees ("NW 9.6"); a change of face of one or two quarter turns either way
    /// ("NW 9.7").
    pub fn is_valid(&self) -> bool {
        match *self {
            Step::ChangeFace { quarter_turns } => matches!(quarter_turns, -2 | -1 | 1 | 2),
            Step::Wheel { degrees, .. } => degrees.is_finite() && degrees > 0.0 && degrees <= 360.0,
            Step::Forward { d } | Step::Retrograde { d } => d.is_finite() && d >= 0.0,
            Step::Oblique { degrees, d } => {
                degrees.is_finite() && degrees.abs() <= 45.0 && d.is_finite() && d >= 0.0
            }
            Step::Flank { d } => d.is_finite(),
        }
    }

    /// The step as a shift or a rotation in the base's frame.
    fn motion(&self, width: f64, depth: f64) -> Motion {
        match *self {
            // The book turns the base where it stands ("NW 9.7"); we turn it about its centre.
            Step::ChangeFace { quarter_turns } => Motion::Rotate {
                pivot: Vec2::ZERO,
                angle: f64::from(quarter_turns) * std::f64::consts::FRAC_PI_2,
            },
            // One front corner stays put while the rest of the base swings round it ("NW 9.6").
            Step::Wheel { left, degrees } => {
                let side = if left { 1.0 } else { -1.0 };
                Motion::Rotate {
                    pivot: Vec2::new(depth * 0.5, side * width * 0.5),
                    angle: side * degrees.to_radians(),
                }
            }
            Step::Forward { d } => Motion::Shift(Vec2::new(d, 0.0)),
            Step::Oblique { degrees, d } => Motion::Shift(dir(degrees.to_radians()) * d),
            Step::Retrograde { d } => Motion::Shift(Vec2::new(-d, 0.0)),
            Step::Flank { d } => Motion::Shift(Vec2::new(0.0, d)),
        }
    }

    /// The pose after this step, for a base `width` wide and `depth` deep starting at `pose`.
    /// A wheel rotates the base about the chosen front corner, so that corner ends exactly
    /// where it began; a change of face turns it about its centre; the other steps shift it
    /// without turning.
    pub fn apply(&self, pose: Pose, width: f64, depth: f64) -> Pose {
        partial(pose, self.motion(width, depth), 1.0)
    }

    /// Inches of ground the step covers: the distance for a straight step (a flank step's
    /// distance without its sign); for a wheel, the arc the outer front corner travels (the
    /// frontage times the angle in radians, "NW 9.6"); nothing for a change of face, which
    /// turns the base where it stands ("NW 9.7").
    pub fn ground(&self, width: f64, _depth: f64) -> f64 {
        match *self {
            Step::ChangeFace { .. } => 0.0,
            Step::Wheel { degrees, .. } => width * degrees.to_radians(),
            Step::Forward { d } | Step::Oblique { d, .. } | Step::Retrograde { d } => d,
            Step::Flank { d } => d.abs(),
        }
    }
}

/// The pose after a fraction `t` (0 to 1) of a motion from `pose`.
fn partial(pose: Pose, motion: Motion, t: f64) -> Pose {
    match motion {
        Motion::Shift(v) => pose.advanced(v.x * t, v.y * t),
        Motion::Rotate { pivot, angle } => {
            let a = angle * t;
            let p = pose.to_table(pivot);
            let (s, c) = a.sin_cos();
            let r = pose.pos - p;
            let rotated = Vec2::new(r.x * c - r.y * s, r.x * s + r.y * c);
            Pose::at(p + rotated, pose.facing + a)
        }
    }
}

/// What moves, for pricing
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoverClass {
    Infantry,
    Cavalry,
    Artillery,
    /// A general's, commander's or CinC's stand.
    Officer,
}

/// The numbers a step's cost is reckoned by ("NW 9.4", "NW 9.6"-"NW 9.8"): the tables'
/// values, and whether the ground is mud.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Costs {
    /// Share of the allowance a wheel costs for every 45 degrees.
    pub wheel_per_45: f64,
    /// Share of the allowance an infantry change of face costs, for 90 and 180 degrees.
    pub infantry_change_face: [f64; 2],
    /// Share of the allowance any other change of face costs in mud (free on dry ground).
    pub change_face_in_mud: f64,
    /// Inches an oblique step pays before its distance.
    pub oblique: f64,
    /// How many times its ground an infantry or cavalry retrograde or flank step costs.
    pub retrograde: f64,
    /// The mud multiplier if the ground is mud; `None` on dry ground.
    pub mud: Option<f64>,
}

impl Costs {
    /// The costs of `tables` on ground that is `mud` or not.
    pub fn new(tables: &crate::tables::Tables, mud: bool) -> Costs {
        let m = &tables.movement;
        Costs {
            wheel_per_45: m.wheel_per_45,
            infantry_change_face: m.infantry_change_face,
            change_face_in_mud: m.change_face_in_mud,
            oblique: m.oblique_cost,
            retrograde: m.retrograde_multiplier,
            mud: mud.then_some(tables.terrain.mud_multiplier),
        }
    }
}

/// How many times its plain cost a step costs, terrain included ("NW 9.4", "NW 9.8"): a
/// retrograde or flank step of infantry or cavalry by the retrograde multiplier, any step in
/// mud by the mud multiplier, and a step that is both by the larger of the two only, since a
/// cost is multiplied once (ruling N49).
pub fn multiplier(step: &Step, class: MoverClass, costs: &Costs) -> f64 {
    let sideways_or_back = matches!(step, Step::Retrograde { .. } | Step::Flank { .. })
        && matches!(class, MoverClass::Infantry | MoverClass::Cavalry);
    match (sideways_or_back, costs.mud) {
        (true, Some(m)) => costs.retrograde.max(m),
        (true, None) => costs.retrograde,
        (false, Some(m)) => m,
        (false, None) => 1.0,
    }
}

/// The movement allowance a step spends by itself, before any terrain ("NW 9.4", "NW 9.6"-
/// "NW 9.8"). `allowance` is the unit's allowance for this move as the caller reckons it
/// ("NW 9.1", "NW 9.2"); `costs` holds the tables' numbers and the ground condition; `first`
/// says whether this is the first step of the move.
///
/// The rules, and the choices made where the book is silent:
/// - **Wheel** ("NW 9.6"): a share of the allowance (a quarter) for every 45 degrees, in
///   proportion for other angles (so 90 degrees is half the allowance). The book says nothing
///   of wheels in mud; we apply the general multiplier of "NW 9.4".
/// - **Change of face** ("NW 9.7"): an error unless it is the first step. Free for cavalry and
///   artillery, or a quarter of the allowance in mud whether the turn is 90 or 180 degrees.
///   Infantry pay a quarter for 90 degrees and a half for 180, multiplied in mud. The book
///   does not price officers' changes of face; we treat officers like cavalry (the terrain
///   table groups them with light cavalry).
/// - **Oblique** ("NW 9.8"): the 1" charged on setting off plus the distance. In mud the whole
///   of it is multiplied, the 1" included, since the book calls that 1" a movement cost and
///   only exempts obstacle crossings from the mud doubling.
/// - **Retrograde and flank** ("NW 9.8"): twice the distance for infantry and cavalry, the
///   plain distance for artillery. The book names only artillery as exempt; we exempt
///   officers too, since a single stand has no formation to keep.
/// - **Forward**: the distance.
/// - **Mud** ("NW 9.4") multiplies each cost above unless said otherwise, but a cost is
///   multiplied once: a retrograde or flank step takes the larger of its own multiplier and
///   the mud's ([`multiplier`]), not both.
///
/// Errors: the step is not valid ([`Step::is_valid`]), the allowance is negative or not
/// finite, or a change of face is not the first step.
pub fn step_cost(
    step: &Step,
    class: MoverClass,
    allowance: f64,
    costs: &Costs,
    first: bool,
) -> Result<f64, &'static str> {
    if !step.is_valid() {
        return Err("the step's numbers are out of range");
    }
    if !(allowance.is_finite() && allowance >= 0.0) {
        return Err("the movement allowance must be a finite number of inches, not negative");
    }
    let times = multiplier(step, class, costs);
    let cost = match *step {
        Step::ChangeFace { quarter_turns } => {
            if !first {
                return Err("a change of face must be the first step of a move (NW 9.7)");
            }
            match class {
                MoverClass::Infantry => {
                    let share = costs.infantry_change_face[usize::from(quarter_turns.abs() == 2)];
                    allowance * share * times
                }
                MoverClass::Cavalry | MoverClass::Artillery | MoverClass::Officer => {
                    if costs.mud.is_some() {
                        allowance * costs.change_face_in_mud
                    } else {
                        0.0
                    }
                }
            }
        }
        Step::Wheel { degrees, .. } => allowance * costs.wheel_per_45 * (degrees / 45.0) * times,
        Step::Forward { d } => d * times,
        Step::Oblique { d, .. } => (costs.oblique + d) * times,
        Step::Retrograde { .. } | Step::Flank { .. } => step.ground(0.0, 0.0) * times,
    };
    Ok(cost)
}

/// May a unit of `class` end `step` in contact with an enemy ("NW 9.6", "NW 9.8", "NW 9.92")?
/// Artillery and officers never move to contact; a wheel or straight advance may; an oblique
/// may for infantry but not cavalry; a retrograde or flank step never may. A change of face
/// moves the base nowhere, so it does not count as moving into contact (the book is silent;
/// this is our choice).
pub fn may_contact(step: &Step, class: MoverClass) -> bool {
    if matches!(class, MoverClass::Artillery | MoverClass::Officer) {
        return false;
    }
    match step {
        Step::Wheel { .. } | Step::Forward { .. } => true,
        Step::Oblique { .. } => class == MoverClass::Infantry,
        Step::Retrograde { .. } | Step::Flank { .. } | Step::ChangeFace { .. } => false,
    }
}

/// The base's footprints along `step` from `pose`, for the caller's collision checks: the
/// footprint after each of a number of equal sub-steps, ending with the footprint at
/// [`Step::apply`]'s pose (the starting footprint is not included). Between consecutive
/// footprints, and between the start and the first, no point of the base moves more than
/// `every` inches and the base turns at most 15 degrees. For a turn that bound is on the
/// corner that swings furthest, which is stricter than the ground of [`Step::ground`].
///
/// A non-positive or non-finite `every` leaves only the 15-degree bound, and at most 4096
/// footprints are returned however small `every` is.
pub fn sweep(pose: Pose, width: f64, depth: f64, step: &Step, every: f64) -> Vec<Base> {
    let mut out = Vec::new();
    sweep_into(pose, width, depth, step, every, &mut out);
    out
}

/// How far from `origin` the centre of any footprint of [`sweep`] along `step` from `pose`
/// can be, at most: the farther end of a shift, or the far side of the circle a turn's
/// centre moves on. Found without making the footprints.
pub fn sweep_reach(pose: Pose, width: f64, depth: f64, step: &Step, origin: Vec2) -> f64 {
    match step.motion(width, depth) {
        Motion::Shift(v) => {
            let end = pose.advanced(v.x, v.y).pos;
            pose.pos.distance(origin).max(end.distance(origin))
        }
        Motion::Rotate { pivot, .. } => {
            let p = pose.to_table(pivot);
            p.distance(origin) + p.distance(pose.pos)
        }
    }
}

/// [`sweep`], writing the footprints into `out` (cleared first) so that a caller checking
/// many moves reuses one buffer.
pub fn sweep_into(
    pose: Pose,
    width: f64,
    depth: f64,
    step: &Step,
    every: f64,
    out: &mut Vec<Base>,
) {
    out.clear();
    let motion = step.motion(width, depth);
    let (travel, turn) = match motion {
        Motion::Shift(v) => (v.length(), 0.0),
        Motion::Rotate { pivot, angle } => {
            // The corner furthest from the pivot sweeps the longest arc.
            let reach = [
                Vec2::new(depth * 0.5, width * 0.5),
                Vec2::new(depth * 0.5, -width * 0.5),
                Vec2::new(-depth * 0.5, -width * 0.5),
                Vec2::new(-depth * 0.5, width * 0.5),
            ]
            .iter()
            .map(|c| (*c - pivot).length())
            .fold(0.0, f64::max);
            (reach * angle.abs(), angle.abs().to_degrees())
        }
    };
    let by_ground = if every.is_finite() && every > 0.0 {
        (travel / every).ceil()
    } else {
        1.0
    };
    let by_turn = (turn / SWEEP_MAX_TURN_DEG).ceil();
    let wanted = by_ground.max(by_turn).max(1.0);
    let n = if wanted.is_finite() {
        (wanted as usize).clamp(1, SWEEP_MAX_SAMPLES)
    } else {
        1
    };
    out.extend((1..=n).map(|i| {
        let t = if i == n { 1.0 } else { i as f64 / n as f64 };
        Base::new(partial(pose, motion, t), width, depth)
    }));
}

/// Checks a whole move and returns the pose after each of its steps, in order. A move is
/// refused if it has more than [`MAX_STEPS`] steps, if the base size is not positive and
/// finite, if any step is not valid ([`Step::is_valid`]), if a change of face comes anywhere
/// but first ("NW 9.7"), or if it mixes an oblique step with a retrograde or flank step,
/// which the book forbids ("NW 9.8"). Costs and terrain are the caller's ([`step_cost`]).
pub fn plan(pose: Pose, width: f64, depth: f64, steps: &[Step]) -> Result<Vec<Pose>, String> {
    if steps.len() > MAX_STEPS {
        return Err(format!(
            "a move has at most {MAX_STEPS} steps, this one has {}",
            steps.len()
        ));
    }
    if !(width.is_finite() && width > 0.0 && depth.is_finite() && depth > 0.0) {
        return Err(format!(
            "the base must have a positive size, not {width}\" by {depth}\""
        ));
    }
    for (i, step) in steps.iter().enumerate() {
        if !step.is_valid() {
            return Err(format!("step {} is not valid: {step:?}", i + 1));
        }
        if i > 0 && matches!(step, Step::ChangeFace { .. }) {
            return Err(format!(
                "step {}: a change of face must be the first step of a move (NW 9.7)",
                i + 1
            ));
        }
    }
    let oblique = steps.iter().any(|s| matches!(s, Step::Oblique { .. }));
    let sideways_or_back = steps
        .iter()
        .any(|s| matches!(s, Step::Retrograde { .. } | Step::Flank { .. }));
    if oblique && sideways_or_back {
        return Err(
            "a move may not combine oblique movement with retrograde or flank movement (NW 9.8)"
                .to_string(),
        );
    }
    let mut out = Vec::with_capacity(steps.len());
    let mut p = pose;
    for step in steps {
        p = step.apply(p, width, depth);
        out.push(p);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_geometry::wrap;
    use std::f64::consts::{FRAC_PI_2, PI};

    const EPS: f64 = 1e-9;

    /// The book's costs, on muddy ground or dry.
    fn book(mud: bool) -> Costs {
        Costs::new(&crate::tables::Tables::default(), mud)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < EPS
    }

    fn close_v(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < EPS
    }

    #[test]
    fn wheel_left_90_keeps_front_left_corner_and_turns_facing() {
        let start = Pose::new(10.0, 12.0, 0.3);
        let before = Base::new(start, 3.0, 3.0).corners();
        let step = Step::Wheel {
            left: true,
            degrees: 90.0,
        };
        let end = step.apply(start, 3.0, 3.0);
        let after = Base::new(end, 3.0, 3.0).corners();
        assert!(close_v(before[0], after[0]), "{before:?} vs {after:?}");
        assert!(close(wrap(end.facing - start.facing), FRAC_PI_2));
        // The old front-right corner has swung forward and round to the left.
        assert!(!close_v(before[1], after[1]));
        // A square base wheeled a quarter turn about its front-left corner ends directly
        // ahead of where it stood, one base depth on.
        let local = start.to_local(end.pos);
        assert!(close_v(local, Vec2::new(3.0, 0.0)), "{local:?}");
    }

    #[test]
    fn wheel_right_keeps_front_right_corner() {
        let start = Pose::new(-4.0, 7.0, -2.0);
        let step = Step::Wheel {
            left: false,
            degrees: 60.0,
        };
        let end = step.apply(start, 4.0, 2.0);
        let before = Base::new(start, 4.0, 2.0).corners();
        let after = Base::new(end, 4.0, 2.0).corners();
        assert!(close_v(before[1], after[1]));
        assert!(close(wrap(end.facing - start.facing), -60f64.to_radians()));
    }

    #[test]
    fn wheel_ground_is_outer_corner_arc() {
        let step = Step::Wheel {
            left: true,
            degrees: 90.0,
        };
        assert!(close(step.ground(3.0, 3.0), 3.0 * FRAC_PI_2));
        assert_eq!(Step::ChangeFace { quarter_turns: 2 }.ground(3.0, 3.0), 0.0);
        assert_eq!(Step::Flank { d: -2.5 }.ground(3.0, 3.0), 2.5);
    }

    #[test]
    fn wheel_costs_a_quarter_per_45_degrees() {
        let w45 = Step::Wheel {
            left: true,
            degrees: 45.0,
        };
        let w90 = Step::Wheel {
            left: false,
            degrees: 90.0,
        };
        let c45 = step_cost(&w45, MoverClass::Infantry, 10.0, &book(false), false).unwrap();
        let c90 = step_cost(&w90, MoverClass::Cavalry, 10.0, &book(false), true).unwrap();
        assert!(close(c45, 2.5), "{c45}");
        assert!(close(c90, 5.0), "{c90}");
    }

    #[test]
    fn infantry_change_face_costs_quarter_or_half_doubled_in_mud() {
        let half = Step::ChangeFace { quarter_turns: 2 };
        let quarter = Step::ChangeFace { quarter_turns: -1 };
        let inf = MoverClass::Infantry;
        assert!(close(
            step_cost(&half, inf, 10.0, &book(false), true).unwrap(),
            5.0
        ));
        assert!(close(
            step_cost(&quarter, inf, 10.0, &book(false), true).unwrap(),
            2.5
        ));
        assert!(close(
            step_cost(&quarter, inf, 10.0, &book(true), true).unwrap(),
            5.0
        ));
        assert!(close(
            step_cost(&half, inf, 10.0, &book(true), true).unwrap(),
            10.0
        ));
    }

    #[test]
    fn cavalry_change_face_free_but_only_as_first_step() {
        let cf = Step::ChangeFace { quarter_turns: 2 };
        let cav = MoverClass::Cavalry;
        assert_eq!(step_cost(&cf, cav, 16.0, &book(false), true), Ok(0.0));
        assert!(step_cost(&cf, cav, 16.0, &book(false), false).is_err());
        // In mud it costs a quarter, whatever the turn.
        assert!(close(
            step_cost(&cf, cav, 16.0, &book(true), true).unwrap(),
            4.0
        ));
        let art = MoverClass::Artillery;
        assert_eq!(step_cost(&cf, art, 8.0, &book(false), true), Ok(0.0));
    }

    #[test]
    fn retrograde_doubles_for_foot_and_horse_and_mud_doubles_only_once() {
        let r = Step::Retrograde { d: 2.0 };
        let cost = |class, mud| step_cost(&r, class, 10.0, &book(mud), false).unwrap();
        assert!(close(cost(MoverClass::Infantry, false), 4.0));
        assert!(close(cost(MoverClass::Cavalry, false), 4.0));
        assert!(close(cost(MoverClass::Artillery, false), 2.0));
        assert!(close(cost(MoverClass::Infantry, true), 4.0));
        assert!(close(cost(MoverClass::Artillery, true), 4.0));
        let f = Step::Flank { d: -1.5 };
        assert!(close(
            step_cost(&f, MoverClass::Infantry, 10.0, &book(false), false).unwrap(),
            3.0
        ));
    }

    #[test]
    fn forward_costs_distance_doubled_in_mud() {
        let f = Step::Forward { d: 3.0 };
        assert!(close(
            step_cost(&f, MoverClass::Infantry, 10.0, &book(false), false).unwrap(),
            3.0
        ));
        assert!(close(
            step_cost(&f, MoverClass::Infantry, 10.0, &book(true), false).unwrap(),
            6.0
        ));
    }

    #[test]
    fn oblique_30_for_3_moves_along_rotated_direction_and_costs_4() {
        let start = Pose::new(5.0, 5.0, 1.0);
        let step = Step::Oblique {
            degrees: 30.0,
            d: 3.0,
        };
        let end = step.apply(start, 3.0, 1.5);
        let expected = start.pos + dir(1.0 + 30f64.to_radians()) * 3.0;
        assert!(close_v(end.pos, expected), "{:?} vs {expected:?}", end.pos);
        assert!(close(end.facing, start.facing));
        let cost = step_cost(&step, MoverClass::Infantry, 10.0, &book(false), false).unwrap();
        assert!(close(cost, 4.0), "{cost}");
    }

    // The numbers come from the tables: a scenario that changes them changes the costs.
    #[test]
    fn costs_follow_the_tables() {
        let mut t = crate::tables::Tables::default();
        t.movement.oblique_cost = 2.0;
        t.movement.wheel_per_45 = 0.5;
        t.movement.infantry_change_face = [0.5, 1.0];
        t.movement.change_face_in_mud = 0.5;
        t.movement.retrograde_multiplier = 1.5;
        t.terrain.mud_multiplier = 3.0;
        let (dry, mud) = (Costs::new(&t, false), Costs::new(&t, true));
        let inf = MoverClass::Infantry;
        let ob = Step::Oblique {
            degrees: 20.0,
            d: 3.0,
        };
        assert!(close(step_cost(&ob, inf, 10.0, &dry, false).unwrap(), 5.0));
        assert!(close(step_cost(&ob, inf, 10.0, &mud, false).unwrap(), 15.0));
        let w = Step::Wheel {
            left: true,
            degrees: 45.0,
        };
        assert!(close(step_cost(&w, inf, 10.0, &dry, false).unwrap(), 5.0));
        let cf = Step::ChangeFace { quarter_turns: 2 };
        assert!(close(step_cost(&cf, inf, 10.0, &dry, true).unwrap(), 10.0));
        let cav = MoverClass::Cavalry;
        assert!(close(step_cost(&cf, cav, 16.0, &mud, true).unwrap(), 8.0));
        // Back in the dry at 1.5 times; in mud the larger multiplier, 3, and only that.
        let r = Step::Retrograde { d: 2.0 };
        assert!(close(step_cost(&r, inf, 10.0, &dry, false).unwrap(), 3.0));
        assert!(close(step_cost(&r, inf, 10.0, &mud, false).unwrap(), 6.0));
        assert!(close(multiplier(&r, inf, &mud), 3.0));
        assert!(close(multiplier(&r, MoverClass::Artillery, &dry), 1.0));
        assert!(close(multiplier(&Step::Forward { d: 1.0 }, inf, &mud), 3.0));
    }

    #[test]
    fn flank_positive_goes_left_negative_right() {
        let start = Pose::new(0.0, 0.0, FRAC_PI_2);
        let left = Step::Flank { d: 2.0 }.apply(start, 3.0, 3.0);
        let right = Step::Flank { d: -2.0 }.apply(start, 3.0, 3.0);
        // Facing +y, the unit's left is -x.
        assert!(close_v(left.pos, Vec2::new(-2.0, 0.0)));
        assert!(close_v(right.pos, Vec2::new(2.0, 0.0)));
        let back = Step::Retrograde { d: 1.0 }.apply(start, 3.0, 3.0);
        assert!(close_v(back.pos, Vec2::new(0.0, -1.0)));
    }

    #[test]
    fn change_face_turns_in_place() {
        let start = Pose::new(3.0, 4.0, 0.0);
        let end = Step::ChangeFace { quarter_turns: 2 }.apply(start, 3.0, 2.0);
        assert!(close_v(end.pos, start.pos));
        assert!(close(end.facing.abs(), PI));
        let end = Step::ChangeFace { quarter_turns: -1 }.apply(start, 3.0, 2.0);
        assert!(close(end.facing, -FRAC_PI_2));
    }

    #[test]
    fn sweep_forward_spaced_at_most_every_and_ends_at_final_pose() {
        let start = Pose::new(1.0, 2.0, 0.7);
        let step = Step::Forward { d: 4.0 };
        let bases = sweep(start, 3.0, 1.5, &step, 0.5);
        assert!(bases.len() >= 8, "{}", bases.len());
        let mut prev = start.pos;
        for b in &bases {
            assert!((b.pose.pos - prev).length() <= 0.5 + EPS);
            assert!(close(b.pose.facing, start.facing));
            prev = b.pose.pos;
        }
        assert_eq!(bases.last().unwrap().pose, step.apply(start, 3.0, 1.5));
    }

    #[test]
    fn sweep_wheel_limits_turn_and_corner_travel() {
        let start = Pose::new(0.0, 0.0, 0.0);
        let step = Step::Wheel {
            left: true,
            degrees: 90.0,
        };
        // A coarse spacing leaves the 15-degree bound in charge.
        let bases = sweep(start, 3.0, 3.0, &step, 100.0);
        assert_eq!(bases.len(), 6);
        let mut prev = Base::new(start, 3.0, 3.0);
        for b in &bases {
            assert!(wrap(b.pose.facing - prev.pose.facing).abs() <= 15f64.to_radians() + EPS);
            // The pivot corner never moves.
            assert!(close_v(b.corners()[0], prev.corners()[0]));
            prev = *b;
        }
        assert_eq!(bases.last().unwrap().pose, step.apply(start, 3.0, 3.0));
        // A fine spacing bounds every corner's travel.
        let bases = sweep(start, 3.0, 3.0, &step, 0.25);
        let mut prev = Base::new(start, 3.0, 3.0);
        for b in &bases {
            for (a, c) in prev.corners().iter().zip(b.corners()) {
                assert!((c - *a).length() <= 0.25 + EPS);
            }
            prev = *b;
        }
    }

    #[test]
    fn plan_returns_pose_after_each_step() {
        let start = Pose::new(0.0, 0.0, 0.0);
        let steps = [
            Step::ChangeFace { quarter_turns: 1 },
            Step::Forward { d: 2.0 },
            Step::Wheel {
                left: false,
                degrees: 90.0,
            },
        ];
        let poses = plan(start, 3.0, 3.0, &steps).unwrap();
        assert_eq!(poses.len(), 3);
        assert!(close(poses[0].facing, FRAC_PI_2));
        assert!(close_v(poses[1].pos, Vec2::new(0.0, 2.0)));
        assert_eq!(poses[2], steps[2].apply(poses[1], 3.0, 3.0));
        assert!(close(poses[2].facing, 0.0));
    }

    #[test]
    fn plan_rejects_late_change_of_face_and_wide_oblique() {
        let start = Pose::new(0.0, 0.0, 0.0);
        let late = [
            Step::Forward { d: 1.0 },
            Step::ChangeFace { quarter_turns: 2 },
        ];
        assert!(plan(start, 3.0, 3.0, &late).is_err());
        let wide = [Step::Oblique {
            degrees: 50.0,
            d: 2.0,
        }];
        assert!(plan(start, 3.0, 3.0, &wide).is_err());
        let ok = [Step::Oblique {
            degrees: -45.0,
            d: 2.0,
        }];
        assert!(plan(start, 3.0, 3.0, &ok).is_ok());
    }

    #[test]
    fn plan_rejects_too_many_steps_and_oblique_with_retrograde() {
        let start = Pose::new(0.0, 0.0, 0.0);
        let many = [Step::Forward { d: 0.5 }; MAX_STEPS + 1];
        assert!(plan(start, 3.0, 3.0, &many).is_err());
        assert!(plan(start, 3.0, 3.0, &many[..MAX_STEPS]).is_ok());
        let mixed = [
            Step::Oblique {
                degrees: 20.0,
                d: 1.0,
            },
            Step::Retrograde { d: 1.0 },
        ];
        assert!(plan(start, 3.0, 3.0, &mixed).is_err());
    }

    #[test]
    fn validity_bounds() {
        assert!(!Step::ChangeFace { quarter_turns: 0 }.is_valid());
        assert!(!Step::ChangeFace { quarter_turns: 3 }.is_valid());
        assert!(!Step::Wheel {
            left: true,
            degrees: 0.0
        }
        .is_valid());
        assert!(Step::Wheel {
            left: true,
            degrees: 360.0
        }
        .is_valid());
        assert!(!Step::Forward { d: -1.0 }.is_valid());
        assert!(!Step::Retrograde { d: f64::NAN }.is_valid());
        assert!(Step::Flank { d: -1.0 }.is_valid());
        assert!(!Step::Flank { d: f64::INFINITY }.is_valid());
        assert!(step_cost(
            &Step::Forward { d: -1.0 },
            MoverClass::Infantry,
            10.0,
            &book(false),
            true
        )
        .is_err());
    }

    #[test]
    fn contact_permissions_follow_the_book() {
        let ob = Step::Oblique {
            degrees: 10.0,
            d: 1.0,
        };
        assert!(may_contact(&ob, MoverClass::Infantry));
        assert!(!may_contact(&ob, MoverClass::Cavalry));
        assert!(!may_contact(
            &Step::Forward { d: 1.0 },
            MoverClass::Artillery
        ));
        assert!(!may_contact(
            &Step::Retrograde { d: 1.0 },
            MoverClass::Infantry
        ));
        assert!(may_contact(
            &Step::Wheel {
                left: true,
                degrees: 30.0
            },
            MoverClass::Cavalry
        ));
    }

    #[test]
    fn steps_serialise_with_a_step_tag() {
        let s = Step::Wheel {
            left: true,
            degrees: 45.0,
        };
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, r#"{"step":"wheel","left":true,"degrees":45.0}"#);
        let back: Step =
            serde_json::from_str(r#"{"step":"change_face","quarter_turns":-1}"#).unwrap();
        assert_eq!(back, Step::ChangeFace { quarter_turns: -1 });
    }
}
