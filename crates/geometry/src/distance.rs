//! Distances between points, segments and bases.

use crate::{Base, Vec2};

/// Closest point on segment `ab` to `p`.
#[inline]
pub fn closest_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 < 1e-18 {
        return a;
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    a + ab * t
}

/// Distance from `p` to segment `ab`.
#[inline]
pub fn point_segment(p: Vec2, a: Vec2, b: Vec2) -> f64 {
    p.distance(closest_on_segment(p, a, b))
}

/// Whether `p` lies within `reach` of segment `ab`, whose bounding box runs from `lo` to
/// `hi` (`a.min(b)` and `a.max(b)`): a point that does lies inside that box widened by
/// `reach`, so four comparisons turn most points away before the distance is measured. The
/// box is widened a hair more, so that rounding never turns away a point the distance keeps.
#[inline]
pub fn within_of_segment(
    p: Vec2,
    (a, b): (Vec2, Vec2),
    (lo, hi): (Vec2, Vec2),
    reach: f64,
) -> bool {
    let pad = reach + 1e-6;
    p.x >= lo.x - pad
        && p.x <= hi.x + pad
        && p.y >= lo.y - pad
        && p.y <= hi.y + pad
        && point_segment(p, a, b) <= reach
}

/// Parameter `(t, u)` where segments `ab` and `cd` cross, if they do.
pub fn segment_intersection(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> Option<(f64, f64)> {
    let r = b - a;
    let s = d - c;
    let denom = r.perp_dot(s);
    if denom.abs() < 1e-14 {
        return None;
    }
    let t = (c - a).perp_dot(s) / denom;
    let u = (c - a).perp_dot(r) / denom;
    if (0.0..=1.0).contains(&t) && (0.0..=1.0).contains(&u) {
        Some((t, u))
    } else {
        None
    }
}

/// Distance between segments `ab` and `cd` (zero if they cross).
pub fn segment_segment(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> f64 {
    if segment_intersection(a, b, c, d).is_some() {
        return 0.0;
    }
    point_segment(a, c, d)
        .min(point_segment(b, c, d))
        .min(point_segment(c, a, b))
        .min(point_segment(d, a, b))
}

/// Distance from a point to the nearest point of a base (zero inside).
pub fn point_base(p: Vec2, base: &Base) -> f64 {
    point_base_squared(p, base).sqrt()
}

/// The square of [`point_base`].
#[inline]
fn point_base_squared(p: Vec2, base: &Base) -> f64 {
    let l = base.to_local(p);
    let h = base.half();
    let dx = (l.x.abs() - h.x).max(0.0);
    let dy = (l.y.abs() - h.y).max(0.0);
    dx * dx + dy * dy
}

/// True if two bases are no more than `d` apart (cheap for bases far from each other).
#[inline]
pub fn bases_within(a: &Base, b: &Base, d: f64) -> bool {
    let r = a.radius() + b.radius() + d;
    if a.pose.pos.distance_squared(b.pose.pos) > r * r {
        return false;
    }
    base_base(a, b) <= d
}

/// Shortest distance between two bases (zero if they touch or overlap).
pub fn base_base(a: &Base, b: &Base) -> f64 {
    if crate::overlap::bases_overlap(a, b, 0.0) {
        return 0.0;
    }
    // Apart, the gap between two convex shapes is reached at a corner of one of them, so the
    // corners' distances to the other rectangle (cheap in its own frame) give it. The root
    // is taken once, of the least square: rounding keeps roots in the order of squares.
    let mut best = f64::INFINITY;
    for c in &a.corners() {
        best = best.min(point_base_squared(*c, b));
    }
    for c in &b.corners() {
        best = best.min(point_base_squared(*c, a));
    }
    best.sqrt()
}

/// Shortest distance from a segment to a base.
pub fn segment_base(a: Vec2, b: Vec2, base: &Base) -> f64 {
    if base.contains(a) || base.contains(b) {
        return 0.0;
    }
    let c = base.corners();
    (0..4)
        .map(|i| segment_segment(a, b, c[i], c[(i + 1) % 4]))
        .fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pose;

    #[test]
    fn distance_between_parallel_bases() {
        let a = Base::new(Pose::new(0.0, 0.0, 0.0), 1.0, 0.5);
        let b = Base::new(Pose::new(3.0, 0.0, 0.0), 1.0, 0.5);
        assert!((base_base(&a, &b) - 2.5).abs() < 1e-9);
        assert!((point_base(Vec2::new(0.0, 2.0), &a) - 1.5).abs() < 1e-9);
    }

    /// The corner rule agrees with the edge-against-edge minimum over many placements,
    /// rotated, apart, touching and overlapping.
    #[test]
    fn corner_distances_match_edge_distances() {
        let mut next = crate::uniform(0x9E37_79B9_7F4A_7C15);
        for _ in 0..5000 {
            let a = Base::new(
                Pose::new(0.0, 0.0, next() * 6.3),
                1.0 + next() * 3.0,
                1.0 + next() * 3.0,
            );
            let b = Base::new(
                Pose::new(next() * 12.0 - 6.0, next() * 12.0 - 6.0, next() * 6.3),
                1.0 + next() * 3.0,
                1.0 + next() * 3.0,
            );
            let (ca, cb) = (a.corners(), b.corners());
            let mut edges = f64::INFINITY;
            for i in 0..4 {
                for j in 0..4 {
                    edges = edges.min(segment_segment(
                        ca[i],
                        ca[(i + 1) % 4],
                        cb[j],
                        cb[(j + 1) % 4],
                    ));
                }
            }
            let inside = crate::overlap::penetration(&ca, &cb) > 0.0;
            let want = if inside { 0.0 } else { edges };
            assert!((base_base(&a, &b) - want).abs() < 1e-9, "{a:?} {b:?}");
        }
    }

    #[test]
    fn crossing_segments_have_zero_distance() {
        let d = segment_segment(
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
            Vec2::new(2.0, 0.0),
        );
        assert_eq!(d, 0.0);
    }
}
