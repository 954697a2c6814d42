//! How this book measures on the table: distances between bases, the front perspective,
//! terrain underfoot, and elevation.

use crate::state::{State, Unit};
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::aspect::sector_of_point;
use grognard_geometry::distance::base_base;
use grognard_geometry::{Base, Face, Vec2};

/// Bases closer than this touch.
pub const TOUCH: f64 = 0.05;
/// Bases may share this much of an edge without overlapping.
pub const OVERLAP_TOLERANCE: f64 = 0.02;

/// Nearest distance between two bases.
pub fn distance(a: &Base, b: &Base) -> f64 {
    base_base(a, b)
}

pub fn touching(a: &Base, b: &Base) -> bool {
    grognard_geometry::distance::bases_within(a, b, TOUCH)
}

pub fn overlapping(a: &Base, b: &Base) -> bool {
    grognard_geometry::overlap::bases_overlap(a, b, OVERLAP_TOLERANCE)
}

/// Is any part of `target` in `base`'s front perspective, the area between the 45-degree
/// lines from its front corners ("NW 1.1")? On a square base those lines are its extended
/// diagonals, so a corner or the centre of the target in the front sector decides it.
pub fn in_front(base: &Base, target: &Base) -> bool {
    sector_of_point(base, target.pose.pos) == Face::Front
        || target
            .corners()
            .iter()
            .any(|c| sector_of_point(base, *c) == Face::Front)
}

/// Which face of `base` a point lies off ("NW 11.1").
pub fn face_toward(base: &Base, p: Vec2) -> Face {
    sector_of_point(base, p)
}

/// Hill levels under a point (0 = the table).
pub fn elevation_at(state: &State, p: Vec2) -> u8 {
    state
        .field
        .terrain
        .iter()
        .filter(|f| f.kind == TerrainKind::Hill && f.shape.contains(p))
        .map(|f| f.elevation)
        .max()
        .unwrap_or(0)
}

pub fn elevation(state: &State, u: &Unit) -> u8 {
    elevation_at(state, u.pose.pos)
}

pub fn in_kind(state: &State, kind: TerrainKind, p: Vec2) -> bool {
    state
        .field
        .terrain
        .iter()
        .any(|f| f.kind == kind && f.shape.contains(p))
}

/// Roads, and bridges and towns, which movement treats as road ("NW 9.5" notes 6, 7).
pub fn on_road(state: &State, p: Vec2) -> bool {
    state.field.terrain.iter().any(|f| {
        matches!(
            f.kind,
            TerrainKind::Road | TerrainKind::Bridge | TerrainKind::Town
        ) && f.shape.contains(p)
    })
}

/// Soft cover: woods, light woods, copses, and bases touching a hedge or wall ("NW 7.7",
/// "NW 8.4": walls, woods, forest, sunken roads).
pub fn soft_cover(state: &State, u: &Unit) -> bool {
    let b = u.base();
    let corners = b.corners();
    state.field.terrain.iter().any(|f| match f.kind {
        TerrainKind::DenseWood | TerrainKind::LightWood | TerrainKind::Copse => {
            f.shape.contains(b.pose.pos)
        }
        TerrainKind::Hedge | TerrainKind::Wall => f.shape.overlaps_convex(&corners, -0.3),
        _ => false,
    })
}

/// Hard cover: a town ("NW 8.4", "NW 11.3").
pub fn hard_cover(state: &State, u: &Unit) -> bool {
    hard_cover_at(state, u.pose.pos)
}

pub fn hard_cover_at(state: &State, p: Vec2) -> bool {
    in_kind(state, TerrainKind::Town, p)
}

/// Fording or on a bridge, or moved by road in its last maneuver phase ("NW 7.7", "NW 8.4").
pub fn vulnerable(state: &State, u: &Unit) -> bool {
    u.road_moved
        || in_kind(state, TerrainKind::Ford, u.pose.pos)
        || in_kind(state, TerrainKind::Bridge, u.pose.pos)
        || in_kind(state, TerrainKind::Stream, u.pose.pos)
}
