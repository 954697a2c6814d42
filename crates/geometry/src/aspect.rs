//! Front, flank or rear: which side of a base something lies on.

use crate::{Base, Face, Vec2};
use serde::{Deserialize, Serialize};

/// The three aspects of a base.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aspect {
    Front,
    Flank,
    Rear,
}

/// The face of `base` whose sector contains `p`. Sectors are bounded by the base's diagonals
/// extended outward; a point exactly on a diagonal counts as front or rear.
pub fn sector_of_point(base: &Base, p: Vec2) -> Face {
    let l = base.to_local(p);
    let h = base.half();
    // Compare |y|/hy against |x|/hx without dividing.
    if l.y.abs() * h.x <= l.x.abs() * h.y {
        if l.x >= 0.0 {
            Face::Front
        } else {
            Face::Rear
        }
    } else if l.y > 0.0 {
        Face::Left
    } else {
        Face::Right
    }
}

/// The aspect of `base` on which `p` lies.
pub fn aspect_of_point(base: &Base, p: Vec2) -> Aspect {
    match sector_of_point(base, p) {
        Face::Front => Aspect::Front,
        Face::Rear => Aspect::Rear,
        Face::Left | Face::Right => Aspect::Flank,
    }
}

/// The aspect of `base` on which `other` stands, judged by the other base's centre.
pub fn aspect_of(base: &Base, other: &Base) -> Aspect {
    aspect_of_point(base, other.pose.pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Pose;

    #[test]
    fn sectors_follow_the_diagonals() {
        // Facing +y: front is +y, left is -x.
        let b = Base::new(Pose::new(0.0, 0.0, std::f64::consts::FRAC_PI_2), 1.0, 0.5);
        assert_eq!(sector_of_point(&b, Vec2::new(0.0, 3.0)), Face::Front);
        assert_eq!(sector_of_point(&b, Vec2::new(0.0, -3.0)), Face::Rear);
        assert_eq!(sector_of_point(&b, Vec2::new(-3.0, 0.5)), Face::Left);
        assert_eq!(sector_of_point(&b, Vec2::new(3.0, 0.5)), Face::Right);
        // The diagonal runs at atan(0.5/0.25) from straight ahead: (1.9, 1.0) is in front.
        assert_eq!(sector_of_point(&b, Vec2::new(1.9, 1.0)), Face::Front);
        assert_eq!(sector_of_point(&b, Vec2::new(2.1, 1.0)), Face::Right);
    }
}
