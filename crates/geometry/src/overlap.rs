//! Do two convex outlines overlap? The separating-axis test, without allocation.

use crate::{Base, Vec2};
use smallvec::SmallVec;

/// Depth of overlap of two convex polygons (points in order, either winding): the smallest
/// overlap of their projections over every edge normal. Positive means they overlap by that
/// much; zero or negative means a separating axis exists (its magnitude is a lower bound on
/// the gap).
pub fn penetration(a: &[Vec2], b: &[Vec2]) -> f64 {
    let mut best = f64::INFINITY;
    for poly in [a, b] {
        for axis in edge_normals(poly) {
            let (a0, a1) = project(a, axis);
            let (b0, b1) = project(b, axis);
            let o = a1.min(b1) - a0.max(b0);
            if o < best {
                best = o;
                if best <= 0.0 {
                    return best;
                }
            }
        }
    }
    best
}

/// The unit normal of each edge of a polygon (points in order), edges too short to have one
/// left out.
fn edge_normals(poly: &[Vec2]) -> impl Iterator<Item = Vec2> + '_ {
    let n = poly.len();
    (0..n).filter_map(move |i| {
        let e = poly[(i + 1) % n] - poly[i];
        let len = e.length();
        if len < 1e-12 {
            None
        } else {
            Some(Vec2::new(-e.y, e.x) / len)
        }
    })
}

#[inline]
fn project(poly: &[Vec2], axis: Vec2) -> (f64, f64) {
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for p in poly {
        let d = p.dot(axis);
        lo = lo.min(d);
        hi = hi.max(d);
    }
    (lo, hi)
}

/// True if two bases overlap by more than `tolerance` inches (touching is not overlapping).
pub fn bases_overlap(a: &Base, b: &Base, tolerance: f64) -> bool {
    let r = a.radius() + b.radius();
    if a.pose.pos.distance_squared(b.pose.pos) > r * r {
        return false;
    }
    // Two rectangles are separated, if at all, along one of their own sides' directions:
    // the separating-axis test on those four, each footprint's extent along an axis taken
    // from its half sizes rather than from its corners.
    let extent = |base: &Base, axis: Vec2| {
        let h = base.half();
        let c = base.pose.pos.dot(axis);
        let e = h.x * base.forward().dot(axis).abs() + h.y * base.left().dot(axis).abs();
        (c - e, c + e)
    };
    for axis in [a.forward(), a.left(), b.forward(), b.left()] {
        let (a0, a1) = extent(a, axis);
        let (b0, b1) = extent(b, axis);
        let o = a1.min(b1) - a0.max(b0);
        if (o - tolerance).abs() < 1e-9 {
            // On the edge, where the two ways of measuring could part by a rounding, the
            // corners decide, as they always have: a recorded battle plays the same.
            return penetration(&a.corners(), &b.corners()) > tolerance;
        }
        if o <= tolerance {
            return false;
        }
    }
    true
}

/// How far `a` may travel along the unit vector `dir` before it and `b` come within
/// `margin` of each other along every one of their four side directions (a negative
/// `margin` asks for an overlap of more than `-margin` along each); 0 if they already do,
/// infinite if they never will. Two bases apart by no more than `margin`, or overlapping by
/// more than `-margin`, are so along every direction, so `a` comes no nearer `b` than that
/// before this distance: it bounds from below where [`bases_overlap`] or a gap test would
/// first answer true.
pub fn travel_before_near(a: &Base, dir: Vec2, b: &Base, margin: f64) -> f64 {
    let extent = |base: &Base, axis: Vec2| {
        let h = base.half();
        h.x * base.forward().dot(axis).abs() + h.y * base.left().dot(axis).abs()
    };
    let (mut enter, mut leave) = (0.0f64, f64::INFINITY);
    for axis in [a.forward(), a.left(), b.forward(), b.left()] {
        // Along this axis, `a` is within reach of `b` while the gap between their centres,
        // closed by `v` an inch travelled, is at most `reach`.
        let gap = (b.pose.pos - a.pose.pos).dot(axis);
        let reach = extent(a, axis) + extent(b, axis) + margin;
        let v = dir.dot(axis);
        if v.abs() < 1e-12 {
            if gap.abs() > reach {
                return f64::INFINITY;
            }
            continue;
        }
        let (t0, t1) = ((gap - reach) / v, (gap + reach) / v);
        enter = enter.max(t0.min(t1));
        leave = leave.min(t0.max(t1));
        if enter > leave {
            return f64::INFINITY;
        }
    }
    enter
}

/// True if a base overlaps a convex polygon by more than `tolerance`: the answer of
/// `penetration(&a.corners(), poly) > tolerance`.
///
/// The base's extent along each axis comes from its half sizes rather than from its
/// corners, and the first axis that separates them by `tolerance` decides. Where an
/// overlap comes within a rounding of `tolerance`, the corners decide, so the answer never
/// parts from the corner test's.
pub fn base_overlaps_convex(a: &Base, poly: &[Vec2], tolerance: f64) -> bool {
    let h = a.half();
    // A base without width or depth has edges the corner test passes over; a negative
    // tolerance makes its early answer differ from "every axis overlaps": both are left to
    // the corner test.
    if tolerance < 0.0 || h.x < 1e-9 || h.y < 1e-9 {
        return penetration(&a.corners(), poly) > tolerance;
    }
    let (fwd, left) = (a.forward(), a.left());
    // Some(answer) once an axis settles it, None while every axis so far overlaps.
    let settle = |axis: Vec2| -> Option<bool> {
        let c = a.pose.pos.dot(axis);
        let e = h.x * fwd.dot(axis).abs() + h.y * left.dot(axis).abs();
        let (p0, p1) = project(poly, axis);
        let o = (c + e).min(p1) - (c - e).max(p0);
        if (o - tolerance).abs() < 1e-9 {
            Some(penetration(&a.corners(), poly) > tolerance)
        } else if o <= tolerance {
            Some(false)
        } else {
            None
        }
    };
    if let Some(answer) = settle(fwd).or_else(|| settle(left)) {
        return answer;
    }
    edge_normals(poly).find_map(settle).unwrap_or(true)
}

/// Convex hull of a small set of points (Andrew's monotone chain), counter-clockwise, into
/// `out`. Up to 16 points are sorted on the stack.
pub fn convex_hull(points: &[Vec2], out: &mut Vec<Vec2>) {
    let mut hull = SmallVec::new();
    convex_hull_small(points, &mut hull);
    out.clear();
    out.extend_from_slice(&hull);
}

/// [`convex_hull`] into a small vector: a hull of up to eight points allocates nothing.
pub fn convex_hull_small(points: &[Vec2], out: &mut SmallVec<[Vec2; 8]>) {
    out.clear();
    let mut buf = [Vec2::ZERO; 16];
    let mut heap;
    let pts: &mut [Vec2] = if points.len() <= 16 {
        buf[..points.len()].copy_from_slice(points);
        &mut buf[..points.len()]
    } else {
        heap = points.to_vec();
        &mut heap[..]
    };
    pts.sort_unstable_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    let mut n = 0;
    for i in 0..pts.len() {
        if n == 0 || pts[n - 1].distance_squared(pts[i]) >= 1e-18 {
            pts[n] = pts[i];
            n += 1;
        }
    }
    let pts = &pts[..n];
    if pts.len() < 3 {
        out.extend_from_slice(pts);
        return;
    }
    let cross = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    for p in pts.iter() {
        while out.len() >= 2 && cross(out[out.len() - 2], out[out.len() - 1], *p) <= 0.0 {
            out.pop();
        }
        out.push(*p);
    }
    let lower = out.len() + 1;
    for p in pts.iter().rev().skip(1) {
        while out.len() >= lower && cross(out[out.len() - 2], out[out.len() - 1], *p) <= 0.0 {
            out.pop();
        }
        out.push(*p);
    }
    out.pop();
}

/// Like [`inset_convex`], writing into `out` (at least as long as `outline`); returns the
/// number of points, or 0 if the polygon vanishes.
pub fn inset_convex_into(outline: &[Vec2], by: f64, out: &mut [Vec2]) -> usize {
    let n = outline.len();
    if n < 3 || out.len() < n {
        return 0;
    }
    let area2: f64 = (0..n)
        .map(|i| outline[i].perp_dot(outline[(i + 1) % n]))
        .sum();
    let sign = if area2 >= 0.0 { 1.0 } else { -1.0 };
    for i in 0..n {
        let p0 = outline[(i + n - 1) % n];
        let p1 = outline[i];
        let p2 = outline[(i + 1) % n];
        let e1 = (p1 - p0).normalize_or_zero();
        let e2 = (p2 - p1).normalize_or_zero();
        let n1 = Vec2::new(-e1.y, e1.x) * sign;
        let n2 = Vec2::new(-e2.y, e2.x) * sign;
        let bis = n1 + n2;
        let cos = bis.dot(n1);
        if cos.abs() < 1e-9 {
            return 0;
        }
        out[i] = p1 + bis * (by / cos);
    }
    let area_after: f64 = (0..n).map(|i| out[i].perp_dot(out[(i + 1) % n])).sum();
    if area_after * area2 <= 0.0 {
        return 0;
    }
    n
}

/// A convex polygon moved inward by `by` inches on every edge (each vertex where the two
/// offset edges meet). Returns `None` if the polygon vanishes.
pub fn inset_convex(outline: &[Vec2], by: f64) -> Option<Vec<Vec2>> {
    let mut out = vec![Vec2::ZERO; outline.len()];
    let n = inset_convex_into(outline, by, &mut out);
    (n > 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pose;

    fn base(x: f64, y: f64, f: f64) -> Base {
        Base::new(Pose::new(x, y, f), 1.0, 0.5)
    }

    #[test]
    fn travel_before_near_head_on_and_alongside() {
        // Facing east, 0.5" deep: fronts meet after 10 - 0.5, within 0.02" 0.02 sooner.
        let a = base(0.0, 0.0, 0.0);
        let b = base(10.0, 0.0, 0.0);
        let t = travel_before_near(&a, a.forward(), &b, 0.02);
        assert!((t - 9.48).abs() < 1e-9, "{t}");
        // Side by side and touching, going straight on: within 0.02 already, never
        // overlapping by 0.01.
        let a = base(0.0, 0.0, std::f64::consts::FRAC_PI_2);
        let c = base(1.0, 0.0, std::f64::consts::FRAC_PI_2);
        assert_eq!(travel_before_near(&a, a.forward(), &c, 0.02), 0.0);
        assert_eq!(
            travel_before_near(&a, a.forward(), &c, -0.01),
            f64::INFINITY
        );
        // Going away never meets.
        assert_eq!(
            travel_before_near(&base(0.0, 0.0, 0.0), Vec2::new(-1.0, 0.0), &b, 0.02),
            f64::INFINITY
        );
    }

    #[test]
    fn nothing_comes_near_before_the_travel_found() {
        let mut u = crate::uniform(41);
        let mut finite = 0;
        for _ in 0..4000 {
            let a = crate::random_base(&mut u, 3.0);
            let b = crate::random_base(&mut u, 3.0);
            let dir = crate::dir(-4.0 + 8.0 * u());
            for margin in [0.02, -0.01] {
                let t = travel_before_near(&a, dir, &b, margin);
                let near = |d: f64| {
                    let moved = Base::new(
                        Pose::at(a.pose.pos + dir * d, a.pose.facing),
                        a.width,
                        a.depth,
                    );
                    if margin >= 0.0 {
                        crate::distance::base_base(&moved, &b) <= margin
                    } else {
                        bases_overlap(&moved, &b, -margin)
                    }
                };
                let upto = if t.is_finite() { t } else { 12.0 };
                finite += usize::from(t.is_finite() && t > 0.0);
                for k in 0..40 {
                    let d = upto * f64::from(k) / 40.0;
                    if d < t - 1e-9 {
                        assert!(
                            !near(d),
                            "near after {d} of {t}: {a:?} {b:?} {dir:?} {margin}"
                        );
                    }
                }
            }
        }
        assert!(finite > 500, "{finite} placements met ahead");
    }

    #[test]
    fn side_by_side_bases_touch_but_do_not_overlap() {
        let a = base(0.0, 0.0, std::f64::consts::FRAC_PI_2);
        let b = base(1.0, 0.0, std::f64::consts::FRAC_PI_2);
        assert!(!bases_overlap(&a, &b, 1e-6));
        let c = base(0.9, 0.0, std::f64::consts::FRAC_PI_2);
        assert!(bases_overlap(&a, &c, 1e-6));
    }

    #[test]
    fn rotated_base_overlap_uses_both_axes() {
        let a = base(0.0, 0.0, 0.0);
        // 45 degrees, near the corner but separated along the rotated axis.
        let b = base(0.95, 0.95, std::f64::consts::FRAC_PI_4);
        assert!(!bases_overlap(&a, &b, 0.0));
        let c = base(0.4, 0.4, std::f64::consts::FRAC_PI_4);
        assert!(bases_overlap(&a, &c, 0.0));
    }

    /// The rectangles' own test agrees with the general one on their corners, for bases of
    /// every size and facing, near and overlapping.
    #[test]
    fn the_rectangle_test_agrees_with_the_test_on_corners() {
        let mut next = crate::uniform(0x9E37_79B9_7F4A_7C15);
        let mut overlapping = 0;
        for _ in 0..20_000 {
            let mut b = || {
                Base::new(
                    Pose::new(3.0 * next(), 3.0 * next(), 7.0 * next()),
                    0.3 + 2.0 * next(),
                    0.2 + 1.0 * next(),
                )
            };
            let (a, c) = (b(), b());
            for tolerance in [0.0, 0.01, 0.02] {
                let general = penetration(&a.corners(), &c.corners());
                assert_eq!(
                    bases_overlap(&a, &c, tolerance),
                    general > tolerance,
                    "{a:?} {c:?} at {tolerance}"
                );
                overlapping += usize::from(general > tolerance);
            }
        }
        assert!(overlapping > 5_000 && overlapping < 55_000, "{overlapping}");
    }

    #[test]
    fn the_base_and_outline_test_agrees_with_the_test_on_corners() {
        let mut next = crate::uniform(0x2545_F491_4F6C_DD1D);
        let mut overlapping = 0;
        for i in 0..20_000 {
            let a = Base::new(
                Pose::new(3.0 * next(), 3.0 * next(), 7.0 * next()),
                0.3 + 2.0 * next(),
                0.2 + 1.0 * next(),
            );
            // Outlines of one to six points, thin slivers among them.
            let points: Vec<Vec2> = (0..1 + i % 6)
                .map(|_| Vec2::new(4.0 * next() - 0.5, 4.0 * next() - 0.5))
                .collect();
            let mut hull = Vec::new();
            convex_hull(&points, &mut hull);
            // A base touching an edge of the outline exactly, its extent straddling it.
            let touching = Base::new(Pose::new(hull[0].x + 0.5, hull[0].y, 0.0), 1.0, 1.0);
            for tolerance in [0.0, 0.01, 0.05] {
                for b in [&a, &touching] {
                    let general = penetration(&b.corners(), &hull);
                    assert_eq!(
                        base_overlaps_convex(b, &hull, tolerance),
                        general > tolerance,
                        "{b:?} {hull:?} at {tolerance}"
                    );
                    overlapping += usize::from(general > tolerance);
                }
            }
        }
        assert!(
            overlapping > 5_000 && overlapping < 100_000,
            "{overlapping}"
        );
    }

    #[test]
    fn hull_of_square_with_inner_point() {
        let pts = [
            Vec2::new(0.0, 0.0),
            Vec2::new(1.0, 0.0),
            Vec2::new(0.5, 0.5),
            Vec2::new(1.0, 1.0),
            Vec2::new(0.0, 1.0),
        ];
        let mut out = Vec::new();
        convex_hull(&pts, &mut out);
        assert_eq!(out.len(), 4);
    }
}
