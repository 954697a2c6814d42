//! Where a base stands and which way it faces.

use crate::{dir, wrap, Vec2};
use serde::{Deserialize, Serialize};
use std::cell::Cell;

/// The position of a base's centre and its facing (radians, counter-clockwise from `+x`).
/// The unit vector of the facing is computed once, when the pose is made, because bases are
/// measured far more often than they move; make poses with [`Pose::new`] or [`Pose::at`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(from = "PoseSpec", into = "PoseSpec")]
pub struct Pose {
    pub pos: Vec2,
    pub facing: f64,
    fwd: Vec2,
}

#[derive(Serialize, Deserialize)]
struct PoseSpec {
    pos: Vec2,
    facing: f64,
}

impl From<PoseSpec> for Pose {
    fn from(s: PoseSpec) -> Pose {
        Pose::at(s.pos, s.facing)
    }
}

impl From<Pose> for PoseSpec {
    fn from(p: Pose) -> PoseSpec {
        PoseSpec {
            pos: p.pos,
            facing: p.facing,
        }
    }
}

impl Default for Pose {
    fn default() -> Self {
        Pose::at(Vec2::ZERO, 0.0)
    }
}

/// [`dir`] of a facing. The same few facings come up again and again (a unit's moves are
/// weighed anew, turns and all, each time a neighbour moves), so each thread keeps the
/// vectors of the facings it met last in a small table, one place for each facing by a hash
/// of its bits: a facing found there is the one asked for, bit for bit, and so is its vector.
#[inline]
fn facing_dir(facing: f64) -> Vec2 {
    const PLACES: usize = 64;
    thread_local! {
        // Every place starts holding facing 0 (the bits of +0.0) and its vector.
        static KEPT: [Cell<(u64, Vec2)>; PLACES] =
            const { [const { Cell::new((0, Vec2::X)) }; PLACES] };
    }
    let bits = facing.to_bits();
    let place = (bits.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize;
    KEPT.with(|kept| {
        let (held, v) = kept[place].get();
        if held == bits {
            return v;
        }
        let v = dir(facing);
        kept[place].set((bits, v));
        v
    })
}

impl Pose {
    pub fn new(x: f64, y: f64, facing: f64) -> Self {
        Pose::at(Vec2::new(x, y), facing)
    }

    /// A pose at a point with a facing (normalised into `(-pi, pi]`).
    pub fn at(pos: Vec2, facing: f64) -> Self {
        let facing = wrap(facing);
        Pose {
            pos,
            facing,
            fwd: facing_dir(facing),
        }
    }

    /// A pose at `pos` turned `turn` from this one's facing; with no turn the facing's unit
    /// vector is taken over rather than worked out again (the same pose [`Pose::at`] makes).
    #[inline]
    pub fn turned_at(&self, pos: Vec2, turn: f64) -> Self {
        if turn == 0.0 {
            Pose {
                pos,
                facing: self.facing,
                fwd: self.fwd,
            }
        } else {
            Pose::at(pos, self.facing + turn)
        }
    }

    /// Unit vector straight ahead.
    #[inline]
    pub fn forward(&self) -> Vec2 {
        self.fwd
    }

    /// Unit vector to the base's left.
    #[inline]
    pub fn left(&self) -> Vec2 {
        Vec2::new(-self.fwd.y, self.fwd.x)
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
            fwd: self.fwd,
        }
    }

    /// The same facing at another point.
    pub fn moved_to(&self, pos: Vec2) -> Pose {
        Pose { pos, ..*self }
    }

    /// The same position with a new facing.
    pub fn turned_to(&self, facing: f64) -> Pose {
        Pose::at(self.pos, facing)
    }
}
