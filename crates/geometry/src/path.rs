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

/// Does a base shifting straight from `from` to `to` (same facing) pass over `other` by more
/// than `tolerance`? The ground swept is the convex hull of both footprints; its edge normals
/// are the base's two axes and the normal of the shift, so the separating-axis test needs
/// only those and the other base's two axes, and no hull is built.
pub fn sweep_hits(from: &Base, to: &Base, other: &Base, tolerance: f64) -> bool {
    let shift = to.pose.pos - from.pose.pos;
    // Quick rejection: the other base is further from the path than the two radii.
    let reach = from.radius() + other.radius();
    if crate::distance::point_segment(other.pose.pos, from.pose.pos, to.pose.pos) > reach {
        return false;
    }
    let mut axes = [
        from.forward(),
        from.left(),
        other.forward(),
        other.left(),
        Vec2::ZERO,
    ];
    let n = if shift.length_squared() > 1e-18 {
        let d = shift.normalize();
        axes[4] = Vec2::new(-d.y, d.x);
        5
    } else {
        4
    };
    // Each footprint's extent along an axis comes from its half sizes; the ground swept
    // spans both footprints' extents. Where an overlap comes within a rounding of
    // `tolerance`, the corners decide, as they always have.
    let extent = |base: &Base, axis: Vec2| {
        let h = base.half();
        let c = base.pose.pos.dot(axis);
        let e = h.x * base.forward().dot(axis).abs() + h.y * base.left().dot(axis).abs();
        (c - e, c + e)
    };
    let mut undecided = false;
    for axis in &axes[..n] {
        let (a0, a1) = extent(from, *axis);
        let (b0, b1) = extent(to, *axis);
        let (o0, o1) = extent(other, *axis);
        let o = (a1.max(b1)).min(o1) - (a0.min(b0)).max(o0);
        if (o - tolerance).abs() < 1e-9 {
            undecided = true;
            break;
        }
        if o <= tolerance {
            return false;
        }
    }
    if !undecided {
        return true;
    }
    let a = from.corners();
    let b = to.corners();
    let o = other.corners();
    for axis in &axes[..n] {
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in a.iter().chain(b.iter()) {
            let d = p.dot(*axis);
            lo = lo.min(d);
            hi = hi.max(d);
        }
        let (mut olo, mut ohi) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in &o {
            let d = p.dot(*axis);
            olo = olo.min(d);
            ohi = ohi.max(d);
        }
        if hi.min(ohi) - lo.max(olo) <= tolerance {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The corners' answer: every footprint projected corner by corner on each axis.
    fn sweep_hits_by_corners(from: &Base, to: &Base, other: &Base, tolerance: f64) -> bool {
        let shift = to.pose.pos - from.pose.pos;
        let mut axes = vec![from.forward(), from.left(), other.forward(), other.left()];
        if shift.length_squared() > 1e-18 {
            let d = shift.normalize();
            axes.push(Vec2::new(-d.y, d.x));
        }
        let (a, b, o) = (from.corners(), to.corners(), other.corners());
        axes.iter().all(|axis| {
            let span = |ps: &[Vec2]| {
                ps.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        (lo.min(p.dot(*axis)), hi.max(p.dot(*axis)))
                    })
            };
            let (lo, hi) = span(&[a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3]]);
            let (olo, ohi) = span(&o);
            hi.min(ohi) - lo.max(olo) > tolerance
        })
    }

    #[test]
    fn half_size_extents_answer_as_the_corners_do() {
        let mut u = crate::uniform(77);
        let mut hits = 0;
        for _ in 0..20_000 {
            let from = crate::random_base(&mut u, 2.0);
            let mut r = |lo: f64, hi: f64| lo + (hi - lo) * u();
            let to = Base::new(
                from.pose.advanced(r(-4.0, 4.0), r(-1.0, 1.0)),
                from.width,
                from.depth,
            );
            let other = crate::random_base(&mut u, 4.0);
            // Some placements set exactly side by side, where only the tolerance decides.
            let other = if u() < 0.2 {
                Base::new(
                    from.pose.advanced(0.0, 0.5 * (from.width + other.width)),
                    other.width,
                    from.depth,
                )
            } else {
                other
            };
            for tol in [0.0, 0.01] {
                let fast = sweep_hits(&from, &to, &other, tol);
                assert_eq!(
                    fast,
                    sweep_hits_by_corners(&from, &to, &other, tol),
                    "{from:?} {to:?} {other:?} {tol}"
                );
                hits += usize::from(fast);
            }
        }
        assert!(hits > 2000, "{hits} sweeps met the other base");
    }

    #[test]
    fn sweep_agrees_with_the_hull() {
        let mut hull = Vec::new();
        let from = Base::new(Pose::new(0.0, 0.0, 0.3), 1.0, 0.5);
        for (ox, oy, of) in [
            (2.0, 0.9, 0.0),
            (2.0, 1.6, 1.0),
            (4.5, 1.2, 0.2),
            (1.0, -1.2, 2.0),
            (5.5, 2.1, 0.7),
        ] {
            let to = Base::new(from.pose.advanced(5.0, 0.0), 1.0, 0.5);
            let other = Base::new(Pose::new(ox, oy, of), 1.0, 0.5);
            swept(&from, &to, &mut hull);
            let by_hull = crate::overlap::penetration(&hull, &other.corners()) > 0.01;
            assert_eq!(
                sweep_hits(&from, &to, &other, 0.01),
                by_hull,
                "{ox},{oy},{of}"
            );
        }
    }

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
