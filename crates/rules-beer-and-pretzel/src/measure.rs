//! What the book's rules measure on the table: ground, cover, what stands in front of a
//! unit, whose path is blocked, and where a charger meets its target.

use crate::state::{Arm, Order, State, Unit};
use crate::tables::Cover;
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::distance::{base_base, segment_base};
use grognard_geometry::overlap::bases_overlap;
use grognard_geometry::{angle_of, wrap, Base, Face, Pose, Vec2};

/// Two footprints closer than this touch.
pub const TOUCH: f64 = 0.05;

/// The standing building (not burnt) at `p`, by its index among the terrain.
pub fn building_at(state: &State, p: Vec2) -> Option<usize> {
    let burn = state.tables().artillery.hits_to_burn;
    state.field.terrain.iter().enumerate().find_map(|(i, f)| {
        (f.kind == TerrainKind::Building
            && f.shape.contains(p)
            && state.building_hits.get(i).copied().unwrap_or(0) < burn)
            .then_some(i)
    })
}

/// The standing building a footprint lies on, if any.
pub fn building_under(state: &State, b: &Base) -> Option<usize> {
    let burn = state.tables().artillery.hits_to_burn;
    let corners = b.corners();
    state.field.terrain.iter().enumerate().find_map(|(i, f)| {
        (f.kind == TerrainKind::Building
            && state.building_hits.get(i).copied().unwrap_or(0) < burn
            && (f.shape.contains(b.pose.pos) || f.shape.overlaps_convex(&corners, 0.0)))
        .then_some(i)
    })
}

/// The building `u` holds, if it holds one: a single stand of infantry standing in it
/// ("B&P Fighting in Buildings").
pub fn garrison(state: &State, u: &Unit) -> Option<usize> {
    if u.gone || u.arm() != Arm::Infantry || u.stands() != 1 {
        return None;
    }
    building_at(state, u.pose.pos)
}

/// Casualties on a unit's stand that fires or fights alone: the figures its last stand
/// lacks.
pub fn stand_casualties(u: &Unit) -> u32 {
    let per = u.troop.per_stand();
    (per - u.figures % per) % per
}

/// Woods, streams and hills: each inch costs two ("B&P Movement").
pub fn rough_at(state: &State, p: Vec2) -> bool {
    state.field.terrain.iter().any(|f| {
        matches!(
            f.kind,
            TerrainKind::LightWood
                | TerrainKind::DenseWood
                | TerrainKind::Copse
                | TerrainKind::Stream
                | TerrainKind::Hill
        ) && f.shape.contains(p)
    })
}

/// Heavy woods, where only skirmishers can go ("B&P Skirmishers").
pub fn dense_wood_at(state: &State, p: Vec2) -> bool {
    state
        .field
        .terrain
        .iter()
        .any(|f| f.kind == TerrainKind::DenseWood && f.shape.contains(p))
}

pub fn road_at(state: &State, p: Vec2) -> bool {
    state
        .field
        .terrain
        .iter()
        .any(|f| matches!(f.kind, TerrainKind::Road | TerrainKind::Bridge) && f.shape.contains(p))
}

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

fn in_kind(state: &State, p: Vec2, kinds: &[TerrainKind]) -> bool {
    state
        .field
        .terrain
        .iter()
        .any(|f| kinds.contains(&f.kind) && f.shape.contains(p))
}

/// Where `target` stands against fire or attack from `from`: in a wood or one contour up
/// is defended; more than one contour up or behind works is strong ("B&P Fire Combat",
/// "B&P Morale and Point Table").
pub fn cover(state: &State, target: &Unit, from: &Unit) -> Cover {
    let p = target.pose.pos;
    let up = i32::from(elevation_at(state, p)) - i32::from(elevation_at(state, from.pose.pos));
    if up > 1
        || in_kind(
            state,
            p,
            &[TerrainKind::FieldWorks, TerrainKind::HastyWorks],
        )
    {
        Cover::Strong
    } else if up == 1
        || in_kind(
            state,
            p,
            &[
                TerrainKind::LightWood,
                TerrainKind::DenseWood,
                TerrainKind::Copse,
            ],
        )
    {
        Cover::Defended
    } else {
        Cover::Open
    }
}

/// True if `target` is attacked from 45 degrees or more off its front ("B&P Melee Combat",
/// flank and rear attacks).
pub fn from_flank(target: &Unit, from: Vec2) -> bool {
    let to = from - target.pose.pos;
    wrap(angle_of(to) - target.pose.facing).abs() >= std::f64::consts::FRAC_PI_4 - 1e-9
}

/// Whether `b` lies straight ahead of `firer`: its footprint meets the band as wide as the
/// firer's front running `range` inches forward ("B&P Fire Combat").
pub fn straight_ahead(firer: &Base, b: &Base, range: f64) -> bool {
    let band = Base::new(
        Pose::at(
            firer.pose.pos + firer.forward() * (firer.depth * 0.5 + range * 0.5),
            firer.pose.facing,
        ),
        firer.width,
        range,
    );
    bases_overlap(&band, b, 0.0)
}

/// The angle off `firer`'s front at which `p` lies, in degrees.
pub fn off_front(firer: &Pose, p: Vec2) -> f64 {
    wrap(angle_of(p - firer.pos) - firer.facing)
        .abs()
        .to_degrees()
}

/// Another unit's footprint crosses the line from `a` to `b` (the units `skip` apart).
pub fn line_blocked<'a>(state: &'a State, a: Vec2, b: Vec2, skip: &[u16]) -> Option<&'a Unit> {
    state.along(a, b, 1e-6).find(|o| {
        !skip.contains(&o.id)
            && !o.is_commander()
            && segment_base(a, b, &state.footprint_of(o.id)) < 1e-6
    })
}

/// The front centre of a unit's footprint.
pub fn front(u: &Unit) -> Vec2 {
    let f = u.footprint();
    f.face_centre(Face::Front)
}

/// Where a charger's footprint stands when its front meets the face of `target` nearest
/// it, centred on that face.
pub fn contact_pose(charger: &Unit, target: &Unit) -> Pose {
    let t = target.footprint();
    let from = charger.pose.pos;
    let face = [Face::Front, Face::Left, Face::Right, Face::Rear]
        .into_iter()
        .min_by(|a, b| {
            t.face_centre(*a)
                .distance(from)
                .total_cmp(&t.face_centre(*b).distance(from))
        })
        .unwrap_or(Face::Front);
    let mine = charger.footprint();
    mine.aligned_against(&t, face)
}

/// The distance between two units' footprints.
pub fn gap(a: &Unit, b: &Unit) -> f64 {
    base_base(&a.footprint(), &b.footprint())
}

/// The first unit other than `skip` whose footprint `base` overlaps.
pub fn overlapping<'a>(state: &'a State, base: &Base, skip: &[u16]) -> Option<&'a Unit> {
    state.near(base.pose.pos, base.radius() + TOUCH).find(|o| {
        !skip.contains(&o.id)
            && !o.is_commander()
            && bases_overlap(base, &state.footprint_of(o.id), TOUCH)
    })
}

/// The pieces near a path, each with its footprint, gathered once for every footprint
/// along it: every unit but command figures whose footprint may come within `r` of `at`.
pub fn pieces_near(state: &State, at: Vec2, r: f64) -> Vec<(&Unit, Base)> {
    state
        .near(at, r)
        .filter(|o| !o.is_commander())
        .map(|o| (o, state.footprint_of(o.id)))
        .collect()
}

/// The first of `pieces` other than `skip` whose footprint `base` overlaps.
pub fn overlapping_in<'a>(
    pieces: &[(&'a Unit, Base)],
    base: &Base,
    skip: &[u16],
) -> Option<&'a Unit> {
    pieces
        .iter()
        .find(|(o, b)| !skip.contains(&o.id) && bases_overlap(base, b, TOUCH))
        .map(|(o, _)| *o)
}

/// Footprints along a straight move from `from` to `to`, one every half inch, the turn
/// made on the way.
pub fn sweep(u: &Unit, from: Pose, to: Pose, order: Order) -> Vec<Base> {
    let d = from.pos.distance(to.pos);
    let n = ((d / 0.5).ceil() as usize).clamp(1, 400);
    let turn = wrap(to.facing - from.facing);
    (1..=n)
        .map(|i| {
            let t = i as f64 / n as f64;
            let pose = Pose::at(from.pos.lerp(to.pos, t), from.facing + turn * t);
            u.footprint_at(pose, order)
        })
        .collect()
}

/// A command figure of `side` within the command radius of `u` ("B&P Command Figures").
pub fn led(state: &State, u: &Unit) -> bool {
    let r = state.tables().command.radius;
    let mine = u.footprint();
    state.near(mine.pose.pos, r + mine.radius()).any(|c| {
        c.is_commander() && c.side == u.side && base_base(&state.footprint_of(c.id), &mine) <= r
    })
}

/// Is the footprint on the table?
pub fn on_table(state: &State, b: &Base) -> bool {
    b.corners().iter().all(|c| {
        c.x >= -1e-9
            && c.y >= -1e-9
            && c.x <= state.field.width + 1e-9
            && c.y <= state.field.depth + 1e-9
    })
}

/// The nearest enemy of `u` that is on the table and not a command figure.
pub fn nearest_enemy<'a>(state: &'a State, u: &Unit) -> Option<&'a Unit> {
    state.nearest(u.side.other(), u.pose.pos, |e| !e.is_commander())
}

pub fn is_formed(u: &Unit) -> bool {
    u.order != Order::Skirmish && u.arm() != Arm::Command
}
