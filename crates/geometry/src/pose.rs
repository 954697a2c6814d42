//! Where a base stands and which way it faces.

use crate::{dir, wrap, Vec2};
use serde::{Deserialize, Serialize};

/// The position of a base's centre and its facing (radians, counter-clockwise from `+x`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, Default)]
pub struct Pose {
    pub pos: Vec2,
    pub facing: f64,
}

impl Pose {
    pub fn new(x: f64, y: f64, facing: f64) -> Self {
        Pose {
            pos: Vec2::new(x, y),
            facing: wrap(facing),
        }
    }

    /// Unit vector straight ahead.
    #[inline]
    pub fn forward(&self) -> Vec2 {
        dir(self.facing)
    }

    /// Unit vector to the base's left.
    #[inline]
    pub fn left(&self) -> Vec2 {
        let f = self.forward();
        Vec2::new(-f.y, f.x)
    }

    /// A point given in the base's own frame (`x` ahead, `y` to the left) in table coordinates.
    #[inline]
    pub fn to_table(&self, local: Vec2) -> Vec2 {
        self.pos + self.forward() * local.x + self.left() * local.y
    }

    /// A table point in the base's own frame (`x` ahead, `y` to the left).
    #[inline]
    pub fn to_local(&self, p: Vec2) -> Vec2 {
        let d = p - self.pos;
        Vec2::new(d.dot(self.forward()), d.dot(self.left()))
    }

    /// The same pose moved by `ahead` inches forward and `left` inches to the left.
    pub fn advanced(&self, ahead: f64, left: f64) -> Pose {
        Pose {
            pos: self.to_table(Vec2::new(ahead, left)),
            facing: self.facing,
        }
    }

    /// The same position with a new facing.
    pub fn turned_to(&self, facing: f64) -> Pose {
        Pose {
            pos: self.pos,
            facing: wrap(facing),
        }
    }
}
