//! Sight corridors: the strip of table a line of sight crosses.
//!
//! A rule set decides which points bound the corridor (2 by 2 takes the two ends of the
//! shooter's facing edge and the two outermost corners of the target) and what blocks it;
//! this module builds the corridor and tests blockers against it.

use crate::overlap::{base_overlaps_convex, convex_hull_small};
use crate::{Base, Vec2};
use smallvec::SmallVec;

/// The two corners of `target` that lie furthest apart as seen from `eye`: the outermost
/// corners of its silhouette.
pub fn silhouette(eye: Vec2, target: &Base) -> (Vec2, Vec2) {
    let c = target.corners();
    let dir = c.map(|p| (p - eye).normalize_or_zero());
    let mut best = (c[0], c[1]);
    let mut widest = f64::NEG_INFINITY;
    for i in 0..4 {
        for j in (i + 1)..4 {
            // Wider angle means smaller cosine.
            let w = -dir[i].dot(dir[j]);
            if w > widest {
                widest = w;
                best = (c[i], c[j]);
            }
        }
    }
    best
}

/// A convex corridor from the segment `from_a`..`from_b` to the target's silhouette.
///
/// Its bounding box is known at once; its outline is worked out when first asked for, so a
/// corridor no base comes near costs only its four points.
#[derive(Debug, Clone)]
pub struct Corridor {
    points: [Vec2; 4],
    /// The middles of the near and far ends, and the larger of their half lengths: every
    /// point of the corridor lies within `spread` of the segment between the middles.
    eye: Vec2,
    aim: Vec2,
    spread: f64,
    outline: std::cell::OnceCell<SmallVec<[Vec2; 8]>>,
    /// The bounding box of the points (and so of the outline), lower and upper corners.
    lo: Vec2,
    hi: Vec2,
}

impl Corridor {
    pub fn new(from_a: Vec2, from_b: Vec2, target: &Base) -> Corridor {
        let eye = (from_a + from_b) * 0.5;
        let (t1, t2) = silhouette(eye, target);
        let points = [from_a, from_b, t1, t2];
        let (mut lo, mut hi) = (Vec2::splat(f64::INFINITY), Vec2::splat(f64::NEG_INFINITY));
        for p in &points {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        let aim = (t1 + t2) * 0.5;
        let spread = (from_a.distance(from_b) * 0.5).max(t1.distance(t2) * 0.5);
        Corridor {
            points,
            eye,
            aim,
            spread,
            outline: std::cell::OnceCell::new(),
            lo,
            hi,
        }
    }

    /// The corridor's outline: the convex hull of its ends, counter-clockwise.
    pub fn outline(&self) -> &[Vec2] {
        self.outline.get_or_init(|| {
            let mut hull = SmallVec::new();
            convex_hull_small(&self.points, &mut hull);
            hull
        })
    }

    /// The outline's bounding box: its lower and upper corners.
    pub fn bounds(&self) -> (Vec2, Vec2) {
        (self.lo, self.hi)
    }

    /// The band the whole corridor lies in: the segment between the middles of its ends,
    /// and how far from that segment the corridor reaches. A base whose circle stays
    /// further than that from the segment cannot intrude.
    pub fn band(&self) -> (Vec2, Vec2, f64) {
        (self.eye, self.aim, self.spread)
    }

    /// True if a base intrudes into the corridor by more than `tolerance`.
    pub fn blocked_by_base(&self, base: &Base, tolerance: f64) -> bool {
        // A base whose bounding circle clears the corridor's bounding box cannot intrude.
        let (c, r) = (base.pose.pos, base.radius());
        if c.x + r < self.lo.x || c.y + r < self.lo.y || c.x - r > self.hi.x || c.y - r > self.hi.y
        {
            return false;
        }
        // Nor one whose circle stays clear of the band round the corridor's middle line
        // (each end lies within its half length of its middle, and the distance to a
        // segment is convex, so the whole corridor lies within that band).
        if tolerance >= 0.0
            && crate::distance::point_segment(c, self.eye, self.aim) > r + self.spread + 1e-9
        {
            return false;
        }
        base_overlaps_convex(base, self.outline(), tolerance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pose;

    #[test]
    fn a_base_between_shooter_and_target_blocks() {
        let target = Base::new(Pose::new(0.0, 6.0, -std::f64::consts::FRAC_PI_2), 1.0, 0.5);
        let corridor = Corridor::new(Vec2::new(-0.5, 0.25), Vec2::new(0.5, 0.25), &target);
        let between = Base::new(Pose::new(0.2, 3.0, 0.0), 1.0, 0.5);
        let aside = Base::new(Pose::new(3.0, 3.0, 0.0), 1.0, 0.5);
        assert!(corridor.blocked_by_base(&between, 0.01));
        assert!(!corridor.blocked_by_base(&aside, 0.01));
    }

    /// The box and band that turn bases away early never turn away one the corner test on
    /// the outline finds intruding.
    #[test]
    fn the_early_refusals_agree_with_the_corner_test() {
        let mut next = crate::uniform(0x9E37_79B9_7F4A_7C15);
        let mut blocked = 0;
        for _ in 0..4_000 {
            let mut base = |spread: f64| {
                Base::new(
                    Pose::new(spread * next(), spread * next(), 7.0 * next()),
                    0.3 + 3.0 * next(),
                    0.2 + 1.0 * next(),
                )
            };
            let (from, target) = (base(20.0), base(20.0));
            let (a, b) = from.face(crate::Face::Front);
            let corridor = Corridor::new(a, b, &target);
            for _ in 0..10 {
                let o = base(20.0);
                for tolerance in [0.0, 0.01, 0.05] {
                    let plain =
                        crate::overlap::penetration(corridor.outline(), &o.corners()) > tolerance;
                    assert_eq!(corridor.blocked_by_base(&o, tolerance), plain);
                    blocked += usize::from(plain);
                }
            }
        }
        assert!(blocked > 1_000 && blocked < 60_000, "{blocked}");
    }
}
