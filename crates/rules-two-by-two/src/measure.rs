//! The book's measurements, composed from the geometry crate.
//!
//! "2x2 Measuring ranges": a distance is taken from the centre of the measuring unit's face
//! nearest the other unit to the nearest point of the other unit's base.
//! "2x2 Shooting line of sight": sight runs from the two ends of the shooter's face to the
//! two outermost corners of the target; anything standing in that corridor blocks it.

use crate::state::{State, Unit, UnitId, BASE_RADIUS};
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::distance::{bases_within, point_base, segment_base};
use grognard_geometry::line_of_sight::Corridor;
use grognard_geometry::overlap::bases_overlap;
use grognard_geometry::{Base, Face, Vec2, CONTACT};

/// Overlap below this is treated as touching.
pub const OVERLAP_TOLERANCE: f64 = 0.01;

/// The face of `from` nearest to `to`, and the distance from its centre to `to`.
pub fn measure(from: &Base, to: &Base) -> (Face, f64) {
    let mut best = (Face::Front, f64::INFINITY);
    for face in Face::ALL {
        let d = point_base(from.face_centre(face), to);
        if d < best.1 - 1e-12 {
            best = (face, d);
        }
    }
    best
}

pub fn distance(from: &Base, to: &Base) -> f64 {
    measure(from, to).1
}

/// Whether `to` lies certainly further than `r` from `from` by [`distance`], judged from the
/// centres alone: a face centre of `from` is within half its longer side of its centre,
/// and every point of `to` within half its diagonal. Cheap, and never true of a base
/// within `r`, so it may pass over bases before they are measured.
#[inline]
pub fn beyond(from: &Base, to: &Base, r: f64) -> bool {
    beyond_by(from, to, half_diagonal(to), r)
}

/// Half the diagonal of `b`: no point of it lies further from its centre.
#[inline]
pub fn half_diagonal(b: &Base) -> f64 {
    0.5 * (b.width * b.width + b.depth * b.depth).sqrt()
}

/// [`beyond`] with `to`'s [`half_diagonal`] worked out beforehand, for many bases `from`
/// judged against one `to`.
#[inline]
pub fn beyond_by(from: &Base, to: &Base, to_half_diagonal: f64, r: f64) -> bool {
    centre_beyond(from, to.pose.pos, to_half_diagonal, r)
}

/// [`beyond_by`] for a base centred at `to` whose half diagonal is `to_half_diagonal`, asked
/// before that base is drawn.
#[inline]
pub fn centre_beyond(from: &Base, to: Vec2, to_half_diagonal: f64, r: f64) -> bool {
    square_beyond(
        from,
        from.pose.pos.distance_squared(to),
        to_half_diagonal,
        r,
    )
}

/// [`centre_beyond`] for a base whose centre lies `d2`, squared, from `from`'s: so for every
/// such base at least as far as one found beyond.
#[inline]
pub fn square_beyond(from: &Base, d2: f64, to_half_diagonal: f64, r: f64) -> bool {
    let reach = r + 0.5 * from.width.max(from.depth) + to_half_diagonal + 1e-9;
    d2 > reach * reach
}

/// [`beyond`] for `to` a unit's base, judged from the unit's centre before its base is
/// drawn: every base is the same size, so its half diagonal is [`BASE_RADIUS`].
#[inline]
pub fn beyond_unit(from: &Base, to: &Unit, r: f64) -> bool {
    centre_beyond(from, to.pose.pos, BASE_RADIUS, r)
}

/// Whether a unit's base lies within `r` of `from` by [`distance`], its base drawn only if
/// [`beyond_unit`] leaves the question open.
#[inline]
pub fn unit_within(from: &Base, to: &Unit, r: f64) -> bool {
    !beyond_unit(from, to, r) && distance(from, &to.base()) <= r
}

/// Base-to-base contact.
#[inline]
pub fn touching(a: &Base, b: &Base) -> bool {
    bases_within(a, b, CONTACT)
}

#[inline]
pub fn overlapping(a: &Base, b: &Base) -> bool {
    bases_overlap(a, b, OVERLAP_TOLERANCE)
}

/// Does the front edge of `a` touch `b`?
pub fn front_touches(a: &Base, b: &Base) -> bool {
    let (p, q) = a.face(Face::Front);
    segment_base(p, q, b) <= CONTACT
}

/// Is any on-table base other than those in `ignore` overlapping `base`?
pub fn blocked_by(state: &State, base: &Base, ignore: &[UnitId]) -> Option<UnitId> {
    // A base overlapping this one reaches within its half diagonal of its centre.
    state
        .near(base.pose.pos, base.radius() + 1e-6)
        .filter(|u| !ignore.contains(&u.id))
        .find(|u| overlapping(base, &u.base()))
        .map(|u| u.id)
}

/// A friendly HQ of `unit`'s side in base-to-base contact with it (not the unit itself).
pub fn hq_in_contact(state: &State, unit: &Unit) -> Option<UnitId> {
    let b = unit.base();
    state
        .friends_of(unit.side)
        .filter(|u| u.id != unit.id && u.kind == crate::units::UnitType::Hq)
        .find(|u| touching(&b, &u.base()))
        .map(|u| u.id)
}

/// Is `p` inside a dense wood, and if so how far from its edge or from a road?
pub fn dense_wood_depth(state: &State, p: Vec2) -> Option<f64> {
    let f = &state.field;
    let wood = f
        .features(TerrainKind::DenseWood)
        .filter(|w| w.shape.contains(p))
        .map(|w| w.shape.distance_to_edge(p))
        .fold(None, |acc: Option<f64>, d| {
            Some(acc.map_or(d, |a| a.min(d)))
        })?;
    let road = f
        .terrain
        .iter()
        .filter(|r| r.kind == TerrainKind::Road)
        .map(|r| {
            if r.shape.contains(p) {
                0.0
            } else {
                r.shape.distance_to_edge(p)
            }
        })
        .fold(f64::INFINITY, f64::min);
    Some(wood.min(road))
}

/// A unit in dense woods more than 1" from its edge or a road is hidden: it may not shoot
/// out, be shot at or be assaulted from outside ("2x2 Visibility at the wood edge").
pub fn hidden_in_wood(state: &State, unit: &Unit) -> bool {
    let b = unit.base();
    // Nearest point of the base to the outside: the base's centre and corners, the centre
    // first since most units stand in no wood at all.
    let deep = |p: Vec2| dense_wood_depth(state, p).is_some_and(|d| d > 1.0);
    deep(b.pose.pos) && b.corners().into_iter().all(deep)
}

/// Is the unit's centre in a dense wood?
pub fn in_dense_wood(state: &State, unit: &Unit) -> bool {
    state.field.in_kind(TerrainKind::DenseWood, unit.pose.pos)
}

pub fn in_light_wood(state: &State, unit: &Unit) -> bool {
    state.field.options.light_woods && state.field.in_kind(TerrainKind::LightWood, unit.pose.pos)
}

pub fn in_town(state: &State, unit: &Unit) -> bool {
    state.field.in_kind(TerrainKind::Town, unit.pose.pos)
}

pub fn elevation(state: &State, unit: &Unit) -> u8 {
    state.field.elevation(unit.pose.pos)
}

/// What stands in a line of sight ([`sight_blocked`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Blocker {
    Unit(UnitId),
    Ground(TerrainKind),
}

impl Blocker {
    /// Why the line is blocked, in words.
    pub fn why(self, state: &State) -> String {
        match self {
            Blocker::Unit(id) => format!("{} stands in the line of sight", state.name(id)),
            Blocker::Ground(kind) => format!("a {} blocks the line of sight", kind.name()),
        }
    }
}

/// What blocks `shooter`'s sight of `target`, if anything does. `group` lists the units of
/// the target group (never blockers). Terrain the shooter or target stands in does not
/// block.
pub fn sight_blocked(
    state: &State,
    shooter: &Unit,
    target: &Unit,
    group: &[UnitId],
) -> Option<Blocker> {
    let sb = shooter.base();
    let tb = target.base();
    let face = grognard_geometry::aspect::sector_of_point(&sb, tb.pose.pos);
    let (a, b) = sb.face(face);
    let corridor = Corridor::new(a, b, &tb);
    // The first unit in the corridor, the target group's own aside: most units lie well
    // clear of it, so that is asked first, and only of the units the grid finds near the
    // corridor's band.
    let (eye, aim, spread) = corridor.band();
    for u in state.along(eye, aim, spread + 1e-9) {
        if u.id == shooter.id
            || u.id == target.id
            || group.contains(&u.id)
            || !corridor.blocked_by_base(&u.base(), OVERLAP_TOLERANCE)
        {
            continue;
        }
        return Some(Blocker::Unit(u.id));
    }
    let top = elevation(state, shooter).max(elevation(state, target));
    for f in &state.field.terrain {
        let blocks = match f.kind {
            TerrainKind::Town | TerrainKind::DenseWood | TerrainKind::Copse => true,
            TerrainKind::Hill => f.elevation > top,
            _ => false,
        };
        // Only ground whose bounds meet the corridor's can lie across it.
        let ((lo, hi), (flo, fhi)) = (corridor.bounds(), f.shape.bounds());
        if !blocks || hi.x < flo.x || hi.y < flo.y || lo.x > fhi.x || lo.y > fhi.y {
            continue;
        }
        if f.kind != TerrainKind::Hill
            && (f.shape.contains(sb.pose.pos) || f.shape.contains(tb.pose.pos))
        {
            continue;
        }
        if f.shape
            .overlaps_convex(corridor.outline(), OVERLAP_TOLERANCE)
        {
            return Some(Blocker::Ground(f.kind));
        }
    }
    None
}

/// True if a hedge or wall crosses the line of sight within 1" of the target: the target is
/// "behind" it ("2x2 Shooting modifiers", ruling R7).
pub fn behind_hedge_or_wall(state: &State, shooter: &Unit, target: &Unit) -> bool {
    let tb = target.base();
    // Only a hedge or wall with a point within 1" of the target's base, so within 1" and
    // half its diagonal of its centre, can cross the line there: the line of sight is
    // drawn only if there is one.
    let (c, r) = (tb.pose.pos, 1.0 + half_diagonal(&tb) + 1e-9);
    let mut lines = state
        .field
        .terrain
        .iter()
        .filter(|f| {
            matches!(f.kind, TerrainKind::Hedge | TerrainKind::Wall) && f.shape.near_bounds(c, r)
        })
        .peekable();
    if lines.peek().is_none() {
        return false;
    }
    let face = grognard_geometry::aspect::sector_of_point(&shooter.base(), tb.pose.pos);
    let (a, b) = shooter.base().face(face);
    let eye = (a + b) * 0.5;
    let (t1, t2) = grognard_geometry::line_of_sight::silhouette(eye, &tb);
    let aim = (t1 + t2) * 0.5;
    lines.any(|f| {
        f.shape.crossing_params(eye, aim).iter().any(|t| {
            let p = eye.lerp(aim, *t);
            point_base(p, &tb) <= 1.0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{BASE_DEPTH, BASE_WIDTH};
    use grognard_geometry::Pose;

    /// [`beyond_unit`] stands for [`beyond`] only if a unit's base has exactly this half
    /// diagonal, to the last bit.
    #[test]
    fn a_units_half_diagonal_is_the_base_radius_to_the_bit() {
        let b = Base::new(Pose::at(Vec2::new(3.0, 4.0), 0.7), BASE_WIDTH, BASE_DEPTH);
        assert_eq!(half_diagonal(&b).to_bits(), BASE_RADIUS.to_bits());
    }
}
