//! How this book measures on the table: distances between bases, the front perspective,
//! terrain underfoot, and elevation.

use crate::state::{Role, State, Unit, UnitId};
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::Side;
use grognard_geometry::aspect::sector_of_point;
use grognard_geometry::distance::base_base;
use grognard_geometry::{Base, Face, Vec2};
use smallvec::SmallVec;

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
    elevation_among(state.field.terrain.iter(), p)
}

fn elevation_among<'a>(terrain: impl Iterator<Item = &'a Feature>, p: Vec2) -> u8 {
    terrain
        .filter(|f| f.kind == TerrainKind::Hill && f.shape.contains(p))
        .map(|f| f.elevation)
        .max()
        .unwrap_or(0)
}

pub fn elevation(state: &State, u: &Unit) -> u8 {
    elevation_at(state, u.pose.pos)
}

pub fn in_kind(state: &State, kind: TerrainKind, p: Vec2) -> bool {
    kind_among(state.field.terrain.iter(), kind, p)
}

fn kind_among<'a>(
    mut terrain: impl Iterator<Item = &'a Feature>,
    kind: TerrainKind,
    p: Vec2,
) -> bool {
    terrain.any(|f| f.kind == kind && f.shape.contains(p))
}

/// Roads, and bridges and towns, which movement treats as road ("NW 9.5" notes 6, 7).
pub fn on_road(state: &State, p: Vec2) -> bool {
    road_among(state.field.terrain.iter(), p)
}

fn road_among<'a>(mut terrain: impl Iterator<Item = &'a Feature>, p: Vec2) -> bool {
    terrain.any(|f| {
        matches!(
            f.kind,
            TerrainKind::Road | TerrainKind::Bridge | TerrainKind::Town
        ) && f.shape.contains(p)
    })
}

/// The terrain of a square of the table, gathered once for many questions about the ground
/// at points inside it (the samples along a move): the same answers as [`in_kind`],
/// [`on_road`] and [`elevation_at`] give for those points, from only the features whose
/// bounds meet the square.
pub struct Ground<'a> {
    features: SmallVec<[&'a Feature; 16]>,
}

impl<'a> Ground<'a> {
    /// The features that can lie under any point within `r` of `centre` (in either axis).
    pub fn around(state: &'a State, centre: Vec2, r: f64) -> Ground<'a> {
        let (lo, hi) = (centre - Vec2::splat(r), centre + Vec2::splat(r));
        let features = state
            .field
            .terrain
            .iter()
            .filter(|f| {
                let (flo, fhi) = f.shape.bounds();
                hi.x >= flo.x && hi.y >= flo.y && lo.x <= fhi.x && lo.y <= fhi.y
            })
            .collect();
        Ground { features }
    }

    pub fn features(&self) -> impl Iterator<Item = &'a Feature> + '_ {
        self.features.iter().copied()
    }

    pub fn in_kind(&self, kind: TerrainKind, p: Vec2) -> bool {
        kind_among(self.features(), kind, p)
    }

    pub fn on_road(&self, p: Vec2) -> bool {
        road_among(self.features(), p)
    }

    pub fn elevation_at(&self, p: Vec2) -> u8 {
        elevation_among(self.features(), p)
    }

    /// Everything a move asks about the ground at one point, found in one pass over the
    /// features.
    pub fn underfoot(&self, p: Vec2) -> Underfoot {
        let mut u = Underfoot::default();
        for f in self.features() {
            let k = f.kind;
            let asked = matches!(
                k,
                TerrainKind::River
                    | TerrainKind::Ford
                    | TerrainKind::Stream
                    | TerrainKind::Bridge
                    | TerrainKind::Road
                    | TerrainKind::Town
                    | TerrainKind::DenseWood
                    | TerrainKind::LightWood
                    | TerrainKind::Copse
                    | TerrainKind::Hill
            );
            if !asked || !f.shape.contains(p) {
                continue;
            }
            match k {
                TerrainKind::River => u.river = true,
                TerrainKind::Ford | TerrainKind::Stream => u.ford = true,
                TerrainKind::Bridge => {
                    u.bridge = true;
                    u.road = true;
                }
                TerrainKind::Road | TerrainKind::Town => u.road = true,
                TerrainKind::DenseWood => u.dense_wood = true,
                TerrainKind::LightWood | TerrainKind::Copse => u.hindering = true,
                TerrainKind::Hill => u.level = u.level.max(f.elevation),
                _ => {}
            }
        }
        u
    }
}

/// The ground at one point, as movement asks about it ([`Ground::underfoot`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Underfoot {
    pub river: bool,
    /// A ford or a stream.
    pub ford: bool,
    pub bridge: bool,
    /// A road, bridge or town: road for movement ([`on_road`]).
    pub road: bool,
    pub dense_wood: bool,
    /// Light wood or copse.
    pub hindering: bool,
    /// Hill levels ([`elevation_at`]).
    pub level: u8,
}

/// Obstacles: what a unit pays to cross and must clear, and what covers a unit directly
/// behind it ("NW 9.5" note 1, "NW 9.91").
pub fn is_obstacle(kind: TerrainKind) -> bool {
    matches!(
        kind,
        TerrainKind::Hedge | TerrainKind::Wall | TerrainKind::HastyWorks | TerrainKind::FieldWorks
    )
}

/// How near an obstacle a base must come to stand directly behind it.
const AT_OBSTACLE: f64 = 0.3;

/// The outline of a unit's base grown by [`AT_OBSTACLE`] all round.
fn reach_outline(u: &Unit) -> [Vec2; 4] {
    let s = u.size() + 2.0 * AT_OBSTACLE;
    Base::new(u.pose, s, s).corners()
}

/// A unit is at an obstacle (directly behind it, or inside a redoubt's outline) when its base
/// comes within 0.3" of it.
fn at_feature(f: &grognard_engine::terrain::Feature, outline: &[Vec2]) -> bool {
    f.shape.overlaps_convex(outline, 0.0)
}

/// Does obstacle `f` stand between `u` and every one of `from`: is `u` at it, with each line
/// from one of them to `u` crossing it, or inside a redoubt each of them is outside ("behind"
/// it, ruling N34)?
fn behind(
    f: &grognard_engine::terrain::Feature,
    u: &Unit,
    outline: &[Vec2],
    from: &[Vec2],
) -> bool {
    at_feature(f, outline)
        && from.iter().all(|p| {
            f.shape.crossings(*p, u.pose.pos) > 0
                || (!f.shape.is_band() && f.shape.contains(u.pose.pos) && !f.shape.contains(*p))
        })
}

/// Soft cover against fire or attack from `from`: woods, light woods and copses from any
/// side; a hedge, wall or hasty works when the unit stands behind it as seen from every one of
/// them ("NW 7.7", "NW 8.4": walls, woods, forest, sunken roads, hasty works; ruling N34).
pub fn soft_cover(state: &State, u: &Unit, from: &[Vec2]) -> bool {
    let b = u.base();
    let outline = reach_outline(u);
    state.field.terrain.iter().any(|f| match f.kind {
        TerrainKind::DenseWood | TerrainKind::LightWood | TerrainKind::Copse => {
            f.shape.contains(b.pose.pos)
        }
        TerrainKind::Hedge | TerrainKind::Wall | TerrainKind::HastyWorks => {
            behind(f, u, &outline, from)
        }
        _ => false,
    })
}

/// In a town, or behind works of either kind as seen from every one of `from` (the nations'
/// fire bonuses do not reach such a target, "NW 8.4").
pub fn behind_works(state: &State, u: &Unit, from: &[Vec2]) -> bool {
    let outline = reach_outline(u);
    in_town(state, u)
        || state.field.terrain.iter().any(|f| {
            matches!(f.kind, TerrainKind::HastyWorks | TerrainKind::FieldWorks)
                && behind(f, u, &outline, from)
        })
}

/// Hard cover: a town, or field works and redoubts ("NW 8.4", "NW 11.3").
pub fn hard_cover(state: &State, u: &Unit) -> bool {
    in_town(state, u) || in_field_works(state, u)
}

pub fn in_town(state: &State, u: &Unit) -> bool {
    town_at(state, u.pose.pos)
}

pub fn town_at(state: &State, p: Vec2) -> bool {
    in_kind(state, TerrainKind::Town, p)
}

/// At field works or in a redoubt.
pub fn in_field_works(state: &State, u: &Unit) -> bool {
    let corners = reach_outline(u);
    state
        .field
        .terrain
        .iter()
        .any(|f| f.kind == TerrainKind::FieldWorks && at_feature(f, &corners))
}

/// In a town or at works of either kind, which cavalry may pass by ("NW 9.9").
pub fn in_town_or_works(state: &State, u: &Unit) -> bool {
    let corners = reach_outline(u);
    in_town(state, u)
        || state.field.terrain.iter().any(|f| {
            matches!(f.kind, TerrainKind::HastyWorks | TerrainKind::FieldWorks)
                && at_feature(f, &corners)
        })
}

/// Has an attacker at `from` come across the field works that `d` holds: does the line from
/// it to the defender cross them, or is the defender inside a redoubt it is outside ("NW
/// 11.1", "NW 11.2" note 5)?
pub fn crossed_works(state: &State, from: Vec2, d: &Unit) -> bool {
    let corners = reach_outline(d);
    state
        .field
        .terrain
        .iter()
        .any(|f| f.kind == TerrainKind::FieldWorks && behind(f, d, &corners, &[from]))
}

/// Does the unit have the full benefit of hard cover against these attackers or firers: in a
/// town, or behind field works as seen from every one of them (ruling N34)?
pub fn holds_hard_cover(state: &State, d: &Unit, attackers: &[Vec2]) -> bool {
    in_town(state, d)
        || (in_field_works(state, d) && attackers.iter().all(|a| crossed_works(state, *a, d)))
}

/// Does the base straddle an obstacle: lie across a hedge, wall or works line, or across a
/// redoubt's outline ("NW 9.5" note 1)?
pub fn straddles(f: &grognard_engine::terrain::Feature, corners: &[Vec2]) -> bool {
    if f.shape.is_band() {
        f.shape.overlaps_convex(corners, 0.0)
    } else {
        let inside = corners.iter().filter(|c| f.shape.contains(**c)).count();
        inside > 0 && inside < corners.len()
    }
}

/// Fording or on a bridge, or moved by road in its last maneuver phase ("NW 7.7", "NW 8.4").
pub fn vulnerable(state: &State, u: &Unit) -> bool {
    u.road_moved
        || in_kind(state, TerrainKind::Ford, u.pose.pos)
        || in_kind(state, TerrainKind::Bridge, u.pose.pos)
        || in_kind(state, TerrainKind::Stream, u.pose.pos)
}

/// The nearest enemy unit other than an officer.
pub fn nearest_enemy(state: &State, u: &Unit) -> Option<UnitId> {
    state
        .nearest(u, |e| e.side != u.side && !e.is_officer())
        .map(|e| e.id)
}

/// Is the unit within its commander's (weather-hindered) range ("NW 9.0 C", "NW 9.51")?
/// Independent brigades count as in range while the CinC is on the table.
pub fn in_command_range(state: &State, u: &Unit) -> bool {
    match u.command {
        Some(c) => {
            let range = command_range_now(state, u.side, c);
            state
                .commander_of(u.side, c)
                .is_some_and(|cm| distance(&cm.base(), &u.base()) <= range + 1e-9)
        }
        None => state.cinc_of(u.side).is_some(),
    }
}

/// A command's range this turn: its leader's, shortened by hindered visibility ("NW 9.51").
pub fn command_range_now(state: &State, side: Side, command: u8) -> f64 {
    let (_, range, basic, _) = state.leader(side, command);
    let (weather, _) = state.field.spell(state.clock.turn);
    crate::design::hindered_range(
        &state.field.tables.design,
        range,
        basic,
        weather.hindrances() > 0,
    )
}

/// A valorous commander, or a valorous CinC, within 3" of `u` ("NW II 3.2", ruling N51).
pub fn valorous_near(state: &State, u: &Unit) -> bool {
    valorous_commander_near(state, u).is_some()
}

/// The valorous officer within 3" of `u` whose bonus it takes: the nearest commander or CinC
/// rated "V" ("NW 4.0", "NW II 3.2", ruling N51).
pub fn valorous_commander_near(state: &State, u: &Unit) -> Option<UnitId> {
    state
        .near_unit_of(u.side, u, state.field.tables.maneuver.presence_radius)
        .filter(|o| match o.role {
            Role::Commander { command } => state.leader(o.side, command).3,
            Role::Cinc => state.field.sides[o.side.index()].cinc_valorous,
            _ => false,
        })
        .map(|o| (o.id, distance(&o.base(), &u.base())))
        .filter(|(_, d)| *d <= state.field.tables.maneuver.presence_radius)
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map(|(id, _)| id)
}
