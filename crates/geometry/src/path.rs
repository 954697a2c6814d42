//! Movement paths: a base moves as a chain of legs, each a straight shift or a turn in place.

use crate::overlap::convex_hull;
use crate::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};

/// The kinds of leg; rule sets price each kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LegKind {
    Forward,
    Back,
    Side,
    Turn,
}

/// One leg of a move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "leg", rename_all = "snake_case")]
pub enum Leg {
    /// Straight ahead, inches.
    Forward { d: f64 },
    /// Straight back, facing unchanged, inches.
    Back { d: f64 },
    /// Sideways, facing unchanged, inches; positive is to the base's left.
    Side { d: f64 },
    /// Turn in place about the base's centre to an absolute facing (radians).
    Turn { facing: f64 },
}

impl Leg {
    pub fn kind(&self) -> LegKind {
        match self {
            Leg::Forward { .. } => LegKind::Forward,
            Leg::Back { .. } => LegKind::Back,
            Leg::Side { .. } => LegKind::Side,
            Leg::Turn { .. } => LegKind::Turn,
        }
    }

    /// Distance travelled by the base's centre.
    pub fn length(&self) -> f64 {
        match *self {
            Leg::Forward { d } | Leg::Back { d } | Leg::Side { d } => d.abs(),
            Leg::Turn { .. } => 0.0,
        }
    }

    /// The pose after this leg.
    pub fn apply(&self, pose: Pose) -> Pose {
        match *self {
            Leg::Forward { d } => pose.advanced(d, 0.0),
            Leg::Back { d } => pose.advanced(-d, 0.0),
            Leg::Side { d } => pose.advanced(0.0, d),
            Leg::Turn { facing } => pose.turned_to(facing),
        }
    }

    /// True if every number in the leg is finite and distances are not negative.
    pub fn is_valid(&self) -> bool {
        match *self {
            Leg::Forward { d } | Leg::Back { d } => d.is_finite() && d >= 0.0,
            Leg::Side { d } => d.is_finite(),
            Leg::Turn { facing } => facing.is_finite(),
        }
    }
}

/// Poses along a path: the start and the pose after each leg.
pub fn poses(start: Pose, legs: &[Leg]) -> Vec<Pose> {
    let mut out = Vec::with_capacity(legs.len() + 1);
    let mut p = start;
    out.push(p);
    for leg in legs {
        p = leg.apply(p);
        out.push(p);
    }
    out
}

/// The ground a base covers while shifting straight from `from` to `to` (same facing): the
/// convex hull of both footprints.
pub fn swept(from: &Base, to: &Base, out: &mut Vec<Vec2>) {
    let a = from.corners();
    let b = to.corners();
    let pts = [a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]];
    convex_hull(&pts, out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legs_move_the_centre() {
        let start = Pose::new(0.0, 0.0, std::f64::consts::FRAC_PI_2);
        let end = poses(
            start,
            &[
                Leg::Forward { d: 2.0 },
                Leg::Side { d: 1.0 },
                Leg::Back { d: 0.5 },
            ],
        );
        let p = end.last().unwrap().pos;
        assert!(
            (p.x + 1.0).abs() < 1e-9 && (p.y - 1.5).abs() < 1e-9,
            "{p:?}"
        );
    }
}
