//! Terrain outlines: areas (polygons, circles, rectangles) and bands (a centre line with a
//! width, for roads, streams, rivers, hedges and walls).

use crate::distance::{point_segment, segment_intersection, segment_segment};
use crate::{dir, Vec2};
use geo::{Coord, Distance, Euclidean, LineString, Point, Polygon};
use serde::{Deserialize, Serialize};

/// How a terrain outline is written in a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum ShapeSpec {
    /// A closed outline through these points.
    Polygon {
        /// The corners `[x, y]` in inches, in order round the outline.
        points: Vec<[f64; 2]>,
    },
    /// A circle (drawn as a 24-sided polygon).
    Circle {
        /// `[x, y]` in inches.
        centre: [f64; 2],
        /// In inches.
        radius: f64,
    },
    /// A rectangle `width` by `height` centred on `centre`, rotated by `angle` degrees.
    Rect {
        /// `[x, y]` in inches.
        centre: [f64; 2],
        /// Along x before turning, in inches.
        width: f64,
        /// Along y before turning, in inches.
        height: f64,
        /// Degrees, counter-clockwise.
        #[serde(default)]
        angle: f64,
    },
    /// A strip `width` wide along a polyline.
    Band {
        /// The centre line's points `[x, y]` in inches.
        points: Vec<[f64; 2]>,
        /// In inches.
        width: f64,
    },
}

/// A shape is written as its [`ShapeSpec`].
impl schemars::JsonSchema for Shape {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        ShapeSpec::schema_name()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        ShapeSpec::json_schema(generator)
    }
}

/// A terrain outline ready for queries.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(from = "ShapeSpec", into = "ShapeSpec")]
pub struct Shape {
    spec: ShapeSpec,
    /// Outline points (area) or centre line (band).
    points: Vec<Vec2>,
    /// Half width of a band; zero for areas.
    half_width: f64,
    poly: Option<Polygon<f64>>,
    lo: Vec2,
    hi: Vec2,
}

impl PartialEq for Shape {
    fn eq(&self, other: &Self) -> bool {
        self.spec == other.spec
    }
}

impl From<Shape> for ShapeSpec {
    fn from(s: Shape) -> ShapeSpec {
        s.spec
    }
}

impl From<ShapeSpec> for Shape {
    fn from(spec: ShapeSpec) -> Shape {
        Shape::new(spec)
    }
}

fn v(p: [f64; 2]) -> Vec2 {
    Vec2::new(p[0], p[1])
}

impl Shape {
    pub fn new(spec: ShapeSpec) -> Shape {
        let (points, half_width) = match &spec {
            ShapeSpec::Polygon { points } => (points.iter().map(|p| v(*p)).collect(), 0.0),
            ShapeSpec::Circle { centre, radius } => (
                (0..24)
                    .map(|i| v(*centre) + dir(i as f64 * std::f64::consts::TAU / 24.0) * *radius)
                    .collect(),
                0.0,
            ),
            ShapeSpec::Rect {
                centre,
                width,
                height,
                angle,
            } => {
                let a = angle.to_radians();
                let x = dir(a) * (*width * 0.5);
                let y = dir(a + std::f64::consts::FRAC_PI_2) * (*height * 0.5);
                let c = v(*centre);
                (vec![c - x - y, c + x - y, c + x + y, c - x + y], 0.0)
            }
            ShapeSpec::Band { points, width } => {
                (points.iter().map(|p| v(*p)).collect(), width * 0.5)
            }
        };
        let poly = if matches!(spec, ShapeSpec::Band { .. }) || points.len() < 3 {
            None
        } else {
            let ring: Vec<Coord<f64>> = points
                .iter()
                .map(|p: &Vec2| Coord { x: p.x, y: p.y })
                .collect();
            Some(Polygon::new(LineString::from(ring), vec![]))
        };
        let mut lo = Vec2::splat(f64::INFINITY);
        let mut hi = Vec2::splat(f64::NEG_INFINITY);
        for p in &points {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        lo -= Vec2::splat(half_width);
        hi += Vec2::splat(half_width);
        Shape {
            spec,
            points,
            half_width,
            poly,
            lo,
            hi,
        }
    }

    pub fn spec(&self) -> &ShapeSpec {
        &self.spec
    }

    /// True for a strip along a line (road, stream, river, hedge, wall).
    pub fn is_band(&self) -> bool {
        self.poly.is_none()
    }

    /// Outline (areas) or centre line (bands).
    pub fn points(&self) -> &[Vec2] {
        &self.points
    }

    pub fn half_width(&self) -> f64 {
        self.half_width
    }

    pub fn bounds(&self) -> (Vec2, Vec2) {
        (self.lo, self.hi)
    }

    /// Whether `p` lies within `margin` of the bounding box on each axis.
    pub fn near_bounds(&self, p: Vec2, margin: f64) -> bool {
        p.x >= self.lo.x - margin
            && p.y >= self.lo.y - margin
            && p.x <= self.hi.x + margin
            && p.y <= self.hi.y + margin
    }

    fn segments(&self) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
        let n = self.points.len();
        let closed = !self.is_band();
        let count = if closed { n } else { n.saturating_sub(1) };
        (0..count).map(move |i| (self.points[i], self.points[(i + 1) % n]))
    }

    /// Distance from a point to a band's centre line (areas: to the outline).
    fn line_distance(&self, p: Vec2) -> f64 {
        self.segments()
            .map(|(a, b)| point_segment(p, a, b))
            .fold(f64::INFINITY, f64::min)
    }

    /// True if the point lies on the shape.
    pub fn contains(&self, p: Vec2) -> bool {
        if !self.near_bounds(p, 0.0) {
            return false;
        }
        match &self.poly {
            Some(_) => {
                winds_round(&self.points, p)
                    || self.segments().any(|(a, b)| point_segment(p, a, b) < 1e-9)
            }
            None => self
                .segments()
                .any(|(a, b)| point_segment(p, a, b) <= self.half_width),
        }
    }

    /// Distance from a point to the edge of the shape (for a point inside, how deep it is).
    pub fn distance_to_edge(&self, p: Vec2) -> f64 {
        match &self.poly {
            Some(poly) => Euclidean.distance(&Point::new(p.x, p.y), poly.exterior()),
            None => (self.line_distance(p) - self.half_width).abs(),
        }
    }

    /// True if the convex polygon `outline` shares any ground with the shape, beyond
    /// `tolerance` for bands.
    pub fn overlaps_convex(&self, outline: &[Vec2], tolerance: f64) -> bool {
        let (mut lo, mut hi) = (outline[0], outline[0]);
        for p in outline {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        if hi.x < self.lo.x || hi.y < self.lo.y || lo.x > self.hi.x || lo.y > self.hi.y {
            return false;
        }
        match &self.poly {
            Some(_) => {
                let mut buf = [Vec2::ZERO; 12];
                let outline = if tolerance > 0.0 {
                    let n = crate::overlap::inset_convex_into(outline, tolerance, &mut buf);
                    if n == 0 {
                        return false;
                    }
                    &buf[..n]
                } else {
                    outline
                };
                let n = outline.len();
                // Overlap: a corner of either inside the other, or crossing edges. (A corner
                // on the shape's outline, which the winding test may count either way, is an
                // overlap of exactly the tolerance.)
                outline
                    .iter()
                    .any(|p| self.near_bounds(*p, 0.0) && winds_round(&self.points, *p))
                    || self.points.iter().any(|p| inside_convex(outline, *p, 0.0))
                    || self.segments().any(|(a, b)| {
                        (0..n).any(|k| {
                            segment_intersection(a, b, outline[k], outline[(k + 1) % n]).is_some()
                        })
                    })
            }
            None => {
                let n = outline.len();
                if self.points.iter().any(|p| inside_convex(outline, *p, 0.0)) {
                    return true;
                }
                let reach = self.half_width - tolerance;
                self.segments().any(|(a, b)| {
                    (0..n).any(|i| segment_segment(a, b, outline[i], outline[(i + 1) % n]) < reach)
                })
            }
        }
    }

    /// Where a segment can meet the shape: `None` when it is too short to measure or its box
    /// misses the shape's, else its length.
    fn reaches(&self, a: Vec2, b: Vec2) -> Option<f64> {
        let len = a.distance(b);
        if len < 1e-12 {
            return None;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        if hi.x < self.lo.x || hi.y < self.lo.y || lo.x > self.hi.x || lo.y > self.hi.y {
            return None;
        }
        Some(len)
    }

    /// A band is measured by sampling finely (bands are narrow and the answer is used for
    /// costs only): this many samples, each at the middle of its share of the segment.
    fn band_steps(len: f64) -> usize {
        (len / 0.05).ceil().max(1.0) as usize
    }

    /// Whether a band's centre line stays further than its half width from the whole
    /// segment `a`..`b`, so that no sample of it falls on the band.
    fn band_clear_of(&self, a: Vec2, b: Vec2) -> bool {
        self.segments()
            .all(|(c, d)| segment_segment(a, b, c, d) > self.half_width + 1e-9)
    }

    fn band_sample(&self, a: Vec2, b: Vec2, i: usize, steps: usize) -> bool {
        self.contains(a.lerp(b, (i as f64 + 0.5) / steps as f64))
    }

    /// Whether no more than `slack` of the segment `a`..`b` lies off the shape, as
    /// [`Shape::length_inside`] measures it; a band's samples are looked at only until the
    /// answer is known.
    pub fn lies_along(&self, a: Vec2, b: Vec2, slack: f64) -> bool {
        let whole = a.distance(b);
        match self.reaches(a, b) {
            Some(len) if self.poly.is_none() => {
                let steps = Self::band_steps(len);
                // What `length_inside` gives when `inside` samples are on the band.
                let measured = |inside: usize| len * inside as f64 / steps as f64;
                let mut inside = steps;
                for i in 0..steps {
                    if !self.band_sample(a, b, i, steps) {
                        inside -= 1;
                        // The most it could still come to falls short already.
                        if measured(inside) < len - slack {
                            return false;
                        }
                    }
                }
                measured(inside) >= len - slack
            }
            Some(_) => self.length_inside(a, b) >= whole - slack,
            None => 0.0 >= whole - slack,
        }
    }

    /// Whether any of the segment `a`..`b` lies on the shape, as [`Shape::length_inside`]
    /// measures it; a band's samples are looked at only until one is on it.
    pub fn meets_segment(&self, a: Vec2, b: Vec2) -> bool {
        match self.reaches(a, b) {
            Some(len) if self.poly.is_none() => {
                let steps = Self::band_steps(len);
                !self.band_clear_of(a, b) && (0..steps).any(|i| self.band_sample(a, b, i, steps))
            }
            Some(_) => self.length_inside(a, b) > 0.0,
            None => false,
        }
    }

    /// Length of the segment `a`..`b` lying on the shape.
    pub fn length_inside(&self, a: Vec2, b: Vec2) -> f64 {
        let Some(len) = self.reaches(a, b) else {
            return 0.0;
        };
        if self.poly.is_none() {
            if self.band_clear_of(a, b) {
                return 0.0;
            }
            let steps = Self::band_steps(len);
            let inside = (0..steps)
                .filter(|i| self.band_sample(a, b, *i, steps))
                .count();
            return len * inside as f64 / steps as f64;
        }
        let mut ts: smallvec::SmallVec<[f64; 8]> = smallvec::smallvec![0.0, 1.0];
        for (c, d) in self.segments() {
            if let Some((t, _)) = segment_intersection(a, b, c, d) {
                ts.push(t);
            }
        }
        ts.sort_by(f64::total_cmp);
        let mut total = 0.0;
        for w in ts.windows(2) {
            if w[1] - w[0] < 1e-12 {
                continue;
            }
            let mid = a.lerp(b, (w[0] + w[1]) * 0.5);
            if self.contains(mid) {
                total += (w[1] - w[0]) * len;
            }
        }
        total
    }

    /// How many times the segment `a`..`b` crosses the centre line of a band (or the outline
    /// of an area).
    pub fn crossings(&self, a: Vec2, b: Vec2) -> usize {
        self.segments()
            .filter(|(c, d)| segment_intersection(a, b, *c, *d).is_some())
            .count()
    }

    /// The points where segment `a`..`b` crosses the centre line or outline, as fractions of
    /// the segment. A few at most for the shapes of a table, so kept off the heap.
    pub fn crossing_params(&self, a: Vec2, b: Vec2) -> smallvec::SmallVec<[f64; 4]> {
        let mut out: smallvec::SmallVec<[f64; 4]> = self
            .segments()
            .filter_map(|(c, d)| segment_intersection(a, b, c, d).map(|(t, _)| t))
            .collect();
        out.sort_by(f64::total_cmp);
        out
    }
}

fn inside_convex(outline: &[Vec2], p: Vec2, tolerance: f64) -> bool {
    let n = outline.len();
    if n < 3 {
        return false;
    }
    // Works for either winding: all cross products share a sign.
    let mut sign = 0.0;
    for i in 0..n {
        let a = outline[i];
        let b = outline[(i + 1) % n];
        let e = b - a;
        let c = e.perp_dot(p - a) / e.length().max(1e-12);
        if c.abs() <= tolerance {
            return false;
        }
        if sign == 0.0 {
            sign = c.signum();
        } else if c.signum() != sign {
            return false;
        }
    }
    true
}

/// Whether `p` lies inside the closed outline `ring` (its last point joined to its first):
/// the winding number of the outline about `p` is not zero. The edges are counted as geo's
/// ring test counts them; which side of an edge `p` is on is read from the cross product of
/// differences from the edge's start, whose sign is exact for any point further than a
/// hair from the edge, so that for such points the answer is geo's. A point on the outline
/// may be answered either way: [`Shape::contains`] settles those by their distance.
fn winds_round(ring: &[Vec2], p: Vec2) -> bool {
    let Some(&last) = ring.last() else {
        return false;
    };
    let mut winding = 0i32;
    let mut a = last;
    for &b in ring {
        let side = (b - a).perp_dot(p - a);
        if a.y <= p.y {
            if b.y > p.y && side > 0.0 {
                winding += 1;
            }
        } else if b.y <= p.y && side < 0.0 {
            winding -= 1;
        }
        a = b;
    }
    winding != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::Contains;

    /// Over irregular outlines, each point of the box round them is inside by the winding
    /// test just as by geo's, unless it lies within a hair of the outline.
    #[test]
    fn the_winding_test_agrees_with_geo_off_the_outline() {
        let mut next = crate::uniform(0x5DEE_CE66_D1CE_4E5B);
        let mut inside = 0;
        for _ in 0..300 {
            let n = 3 + (next() * 10.0) as usize;
            let points: Vec<[f64; 2]> = (0..n).map(|_| [48.0 * next(), 36.0 * next()]).collect();
            let shape = Shape::new(ShapeSpec::Polygon { points });
            let poly = shape.poly.clone().expect("an area");
            let (lo, hi) = shape.bounds();
            for _ in 0..200 {
                let p = Vec2::new(lo.x + (hi.x - lo.x) * next(), lo.y + (hi.y - lo.y) * next());
                if shape.line_distance(p) < 1e-9 {
                    continue;
                }
                let geo = poly.contains(&Point::new(p.x, p.y));
                assert_eq!(
                    winds_round(shape.points(), p),
                    geo,
                    "{p} in {:?}",
                    shape.points()
                );
                inside += usize::from(geo);
            }
            // A vertex lies on the outline, and the shape holds it.
            assert!(shape.contains(shape.points()[0]));
        }
        assert!(inside > 5_000, "only {inside} points inside");
    }

    fn square() -> Shape {
        Shape::new(ShapeSpec::Rect {
            centre: [5.0, 5.0],
            width: 2.0,
            height: 2.0,
            angle: 0.0,
        })
    }

    #[test]
    fn length_inside_a_square() {
        let s = square();
        let l = s.length_inside(Vec2::new(0.0, 5.0), Vec2::new(10.0, 5.0));
        assert!((l - 2.0).abs() < 1e-9, "{l}");
        assert_eq!(s.crossings(Vec2::new(0.0, 5.0), Vec2::new(10.0, 5.0)), 2);
        assert!(s.contains(Vec2::new(5.5, 5.5)));
        assert!(!s.contains(Vec2::new(7.5, 5.5)));
    }

    #[test]
    fn band_contains_and_crossings() {
        let road = Shape::new(ShapeSpec::Band {
            points: vec![[0.0, 0.0], [10.0, 0.0]],
            width: 0.5,
        });
        assert!(road.contains(Vec2::new(3.0, 0.2)));
        assert!(!road.contains(Vec2::new(3.0, 0.3)));
        assert_eq!(road.crossings(Vec2::new(1.0, -1.0), Vec2::new(1.0, 1.0)), 1);
        let l = road.length_inside(Vec2::new(1.0, 0.0), Vec2::new(3.0, 0.0));
        assert!((l - 2.0).abs() < 1e-9);
    }

    /// The early answers agree with measuring the whole length, for bands and areas, along
    /// them, across them, off them and for segments too short to measure.
    #[test]
    fn early_answers_agree_with_the_length_inside() {
        let road = Shape::new(ShapeSpec::Band {
            points: vec![[0.0, 0.0], [10.0, 0.0], [14.0, 4.0]],
            width: 0.5,
        });
        for shape in [road, square()] {
            for i in 0..400 {
                let k = i as f64;
                let a = Vec2::new((k * 7.31) % 16.0 - 1.0, (k * 3.17) % 8.0 - 2.0);
                let b = match i % 4 {
                    0 => a,
                    1 => a + Vec2::new(3.0, 0.0),
                    2 => Vec2::new((k * 1.7) % 15.0, (k * 0.9) % 6.0 - 1.0),
                    _ => a + Vec2::new(1e-7, 0.0),
                };
                let len = a.distance(b);
                let inside = shape.length_inside(a, b);
                assert_eq!(
                    shape.lies_along(a, b, 1e-6),
                    inside >= len - 1e-6,
                    "{a} {b}"
                );
                assert_eq!(shape.meets_segment(a, b), inside > 0.0, "{a} {b}");
            }
            // Along the middle of the road, and off it at the end.
            assert_eq!(
                shape.lies_along(Vec2::new(1.0, 0.0), Vec2::new(9.0, 0.0), 1e-6),
                shape.length_inside(Vec2::new(1.0, 0.0), Vec2::new(9.0, 0.0)) >= 8.0 - 1e-6
            );
        }
    }

    /// A band far from a segment is passed over without sampling: the length is what the
    /// samples would have given, near the band and far from it.
    #[test]
    fn a_band_clear_of_a_segment_measures_as_its_samples() {
        let stream = Shape::new(ShapeSpec::Band {
            points: vec![[8.0, 22.0], [30.0, 26.0], [46.0, 29.0], [60.0, 30.0]],
            width: 0.5,
        });
        let mut met = 0;
        for i in 0..2_000 {
            let k = i as f64;
            let a = Vec2::new((k * 7.31) % 60.0, (k * 3.17) % 48.0);
            let b = a + Vec2::new((k * 1.37) % 12.0 - 6.0, (k * 2.91) % 12.0 - 6.0);
            let len = a.distance(b);
            let sampled = if stream.reaches(a, b).is_some() {
                let steps = Shape::band_steps(len);
                let on = (0..steps)
                    .filter(|j| stream.band_sample(a, b, *j, steps))
                    .count();
                len * on as f64 / steps as f64
            } else {
                0.0
            };
            assert_eq!(stream.length_inside(a, b), sampled, "{a} {b}");
            met += usize::from(sampled > 0.0);
        }
        assert!(met > 50 && met < 1_500, "{met}");
    }

    #[test]
    fn overlap_with_tolerance_ignores_grazing() {
        let s = square();
        let touching = [
            Vec2::new(6.0, 4.0),
            Vec2::new(7.0, 4.0),
            Vec2::new(7.0, 6.0),
            Vec2::new(6.0, 6.0),
        ];
        assert!(!s.overlaps_convex(&touching, 0.01));
        let into = [
            Vec2::new(5.5, 4.0),
            Vec2::new(7.0, 4.0),
            Vec2::new(7.0, 6.0),
            Vec2::new(5.5, 6.0),
        ];
        assert!(s.overlaps_convex(&into, 0.01));
    }
}
