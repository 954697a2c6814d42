//! A rectangular base in a pose: corners, faces and their centres.

use crate::{Pose, Vec2};
use serde::{Deserialize, Serialize};

/// One of the four edges of a base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    Front,
    Left,
    Right,
    Rear,
}

impl Face {
    pub const ALL: [Face; 4] = [Face::Front, Face::Left, Face::Right, Face::Rear];
}

/// A rectangle `width` wide (frontage) and `depth` deep, centred on its pose. The unit
/// vectors ahead and to the left are computed once, on construction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(from = "BaseSpec", into = "BaseSpec")]
pub struct Base {
    pub pose: Pose,
    pub width: f64,
    pub depth: f64,
    fwd: Vec2,
    left: Vec2,
}

#[derive(Serialize, Deserialize)]
struct BaseSpec {
    pose: Pose,
    width: f64,
    depth: f64,
}

impl From<BaseSpec> for Base {
    fn from(s: BaseSpec) -> Base {
        Base::new(s.pose, s.width, s.depth)
    }
}

impl From<Base> for BaseSpec {
    fn from(b: Base) -> BaseSpec {
        BaseSpec {
            pose: b.pose,
            width: b.width,
            depth: b.depth,
        }
    }
}

impl Base {
    pub fn new(pose: Pose, width: f64, depth: f64) -> Self {
        let fwd = pose.forward();
        Base {
            pose,
            width,
            depth,
            fwd,
            left: Vec2::new(-fwd.y, fwd.x),
        }
    }

    /// Unit vector straight ahead.
    #[inline]
    pub fn forward(&self) -> Vec2 {
        self.fwd
    }

    /// Unit vector to the left.
    #[inline]
    pub fn left(&self) -> Vec2 {
        self.left
    }

    #[inline]
    fn local_point(&self, local: Vec2) -> Vec2 {
        self.pose.pos + self.fwd * local.x + self.left * local.y
    }

    /// A table point in the base's own frame (`x` ahead, `y` to the left).
    #[inline]
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        let d = p - self.pose.pos;
        Vec2::new(d.dot(self.fwd), d.dot(self.left))
    }

    #[inline]
    pub fn half(&self) -> Vec2 {
        Vec2::new(self.depth * 0.5, self.width * 0.5)
    }

    /// Corners in order front-left, front-right, rear-right, rear-left (clockwise seen from above).
    #[inline]
    pub fn corners(&self) -> [Vec2; 4] {
        let h = self.half();
        let f = self.fwd * h.x;
        let l = self.left * h.y;
        let c = self.pose.pos;
        [c + f + l, c + f - l, c - f - l, c - f + l]
    }

    /// The two end points of a face, left to right as seen from inside the base looking out.
    pub fn face(&self, face: Face) -> (Vec2, Vec2) {
        let [fl, fr, rr, rl] = self.corners();
        match face {
            Face::Front => (fl, fr),
            Face::Right => (fr, rr),
            Face::Rear => (rr, rl),
            Face::Left => (rl, fl),
        }
    }

    /// The centre point of a face.
    pub fn face_centre(&self, face: Face) -> Vec2 {
        let h = self.half();
        let local = match face {
            Face::Front => Vec2::new(h.x, 0.0),
            Face::Rear => Vec2::new(-h.x, 0.0),
            Face::Left => Vec2::new(0.0, h.y),
            Face::Right => Vec2::new(0.0, -h.y),
        };
        self.local_point(local)
    }

    /// Outward unit normal of a face.
    pub fn face_normal(&self, face: Face) -> Vec2 {
        match face {
            Face::Front => self.fwd,
            Face::Rear => -self.fwd,
            Face::Left => self.left,
            Face::Right => -self.left,
        }
    }

    /// True if the point lies inside the base (edges included).
    pub fn contains(&self, p: Vec2) -> bool {
        let l = self.to_local(p);
        let h = self.half();
        l.x.abs() <= h.x + 1e-9 && l.y.abs() <= h.y + 1e-9
    }

    /// Axis-aligned bounding box (min, max).
    pub fn bounds(&self) -> (Vec2, Vec2) {
        let c = self.corners();
        let mut lo = c[0];
        let mut hi = c[0];
        for p in &c[1..] {
            lo = lo.min(*p);
            hi = hi.max(*p);
        }
        (lo, hi)
    }

    /// Radius of the circle through the corners.
    pub fn radius(&self) -> f64 {
        self.half().length()
    }

    /// The pose that puts this base's front edge flush against `face` of `other`, centred on it,
    /// facing into `other`.
    pub fn aligned_against(&self, other: &Base, face: Face) -> Pose {
        let normal = other.face_normal(face);
        let centre = other.face_centre(face) + normal * (self.depth * 0.5);
        Pose::at(centre, crate::angle_of(-normal))
    }
}
