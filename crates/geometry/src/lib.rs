//! Tabletop geometry for Grognard.
//!
//! Conventions, stated once and used everywhere:
//! - lengths are in inches;
//! - the table frame is right-handed: `x` runs to the right along the near (south) edge,
//!   `y` runs away from it, the origin is the near left corner;
//! - angles are radians, counter-clockwise from the `+x` axis; a facing is the direction
//!   the front of a base points;
//! - a [`Pose`] places the **centre** of a base; the base's front edge lies half its depth
//!   ahead of that point.
//!
//! Key decision: bases are oriented rectangles handled with `glam` vectors and the
//! separating-axis test, because base-against-base queries run in the innermost loops of
//! the AI and must not allocate. Terrain is built once per battle and uses `geo` polygons
//! for containment, intersection and distance. The crate knows nothing of games, rules or
//! dice: each rule set composes these primitives into the measurements its book asks for.

pub mod aspect;
pub mod base;
pub mod distance;
pub mod formation;
pub mod grid;
pub mod line_of_sight;
pub mod overlap;
pub mod path;
pub mod pose;
pub mod shape;

/// A base placed at random for tests: its centre within `spread` of the origin each way,
/// any facing, 0.2" to 3" wide and 0.2" to 2" deep.
#[cfg(test)]
pub(crate) fn random_base(next: &mut impl FnMut() -> f64, spread: f64) -> Base {
    let mut r = |lo: f64, hi: f64| lo + (hi - lo) * next();
    Base::new(
        Pose::new(r(-spread, spread), r(-spread, spread), r(-4.0, 4.0)),
        r(0.2, 3.0),
        r(0.2, 2.0),
    )
}

/// A small seeded generator of numbers in [0, 1) for tests that try many placements.
#[cfg(test)]
pub(crate) fn uniform(seed: u64) -> impl FnMut() -> f64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
}

pub use aspect::Aspect;
pub use base::{Base, Face};
pub use glam::DVec2 as Vec2;
pub use path::{Leg, LegKind};
pub use pose::Pose;
pub use shape::Shape;

/// Two bases closer than this are touching ("in base-to-base contact").
pub const CONTACT: f64 = 0.02;

/// Unit vector of an angle (radians, counter-clockwise from `+x`).
#[inline]
pub fn dir(angle: f64) -> Vec2 {
    let (s, c) = angle.sin_cos();
    Vec2::new(c, s)
}

/// The angle of a vector, counter-clockwise from `+x`.
#[inline]
pub fn angle_of(v: Vec2) -> f64 {
    v.y.atan2(v.x)
}

/// Normalise an angle into `(-pi, pi]`.
#[inline]
pub fn wrap(a: f64) -> f64 {
    // The remainder of an angle already less than a turn is the angle itself, exactly: only
    // a larger one needs the division (done in software, and slow).
    let mut a = if a.abs() < std::f64::consts::TAU {
        a
    } else {
        a % std::f64::consts::TAU
    };
    if a <= -std::f64::consts::PI {
        a += std::f64::consts::TAU;
    } else if a > std::f64::consts::PI {
        a -= std::f64::consts::TAU;
    }
    a
}
