//! What the rules measure on the table: distances, arcs, sight, cover, ground along a path
//! and where a unit stands against another.

use crate::resolve::fire::{Band, Cover};
use crate::state::{Formation, State, Troop, Unit};
use crate::tables::Weapon;
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::aspect::{aspect_of, Aspect};
use grognard_geometry::distance::{base_base, segment_base};
use grognard_geometry::overlap::{base_overlaps_convex, bases_overlap, convex_hull};
use grognard_geometry::{angle_of, Base, Pose, Vec2};

/// Footprints nearer than this touch.
pub const TOUCH: f64 = 0.05;
/// A unit is "in contact" with its command element, or a general with a unit, when their
/// stands are within this many inches (ruling R16).
pub const COMMAND_CONTACT: f64 = 1.0;
/// No move other than an assault ends nearer an enemy than this (ruling R14).
pub const CLEAR_OF_ENEMY: f64 = 1.0;
/// Sight carries this far over open ground (ruling R11, for "no enemy in sight" and
/// "seeing friends routing").
pub const SIGHT: f64 = 36.0;
/// Woods and towns hide what lies more than this deep inside them (ruling R15).
pub const SEE_INTO: f64 = 2.0;

pub fn gap(a: &Unit, b: &Unit) -> f64 {
    base_base(&a.footprint(), &b.footprint())
}

/// Whether `p` lies within 45 degrees of the unit's front (ruling R15: the arc of fire and of
/// a charge); a square and skirmishers face every way.
pub fn in_arc(u: &Unit, p: Vec2) -> bool {
    if matches!(u.formation, Formation::Square | Formation::Open) {
        return true;
    }
    let fp = u.footprint();
    let local = fp.to_local(p);
    if local.x <= 0.0 {
        return false;
    }
    // Ahead of the front, within the frontage widened by 45 degrees each way.
    let ahead = local.x - fp.depth * 0.5;
    local.y.abs() <= fp.width * 0.5 + ahead.max(0.0)
}

/// Whether `target` is within the arc of `u`: its nearest corner or centre in the arc.
pub fn target_in_arc(u: &Unit, target: &Unit) -> bool {
    let t = target.footprint();
    in_arc(u, t.pose.pos) || t.corners().iter().any(|c| in_arc(u, *c))
}

/// Terrain features of a kind that blocks sight (woods and towns).
fn hides(k: TerrainKind) -> bool {
    matches!(
        k,
        TerrainKind::DenseWood
            | TerrainKind::LightWood
            | TerrainKind::Copse
            | TerrainKind::Town
            | TerrainKind::Building
    )
}

/// Whether `a` sees `b`: no other unit stands across the line between their centres, and
/// the line runs no more than [`SEE_INTO`] through woods or towns (ruling R15).
pub fn sees(state: &State, a: &Unit, b: &Unit) -> bool {
    let (p, q) = (a.pose.pos, b.pose.pos);
    if p.distance(q) > SIGHT {
        return false;
    }
    for o in state.on_table() {
        if o.id == a.id || o.id == b.id || o.is_officer() {
            continue;
        }
        if segment_base(p, q, &o.footprint()) < 1e-6 {
            return false;
        }
    }
    state
        .field
        .terrain
        .iter()
        .filter(|f| hides(f.kind))
        .all(|f| f.shape.length_inside(p, q) <= SEE_INTO + 1e-9)
}

/// Whether any enemy of `u` is in sight.
pub fn enemy_in_sight(state: &State, u: &Unit) -> bool {
    state
        .on_table()
        .any(|e| e.side != u.side && e.fights() && sees(state, u, e))
}

/// The cover a unit stands in against fire from `from` ("Burt 6": any cover, hard cover):
/// a town, building or works is hard; woods are soft; a wall or hedge the line of fire
/// crosses within an inch of the target is hard or soft.
pub fn cover(state: &State, target: &Unit, from: Vec2) -> Cover {
    let mut best = Cover::None;
    let at = target.pose.pos;
    for f in &state.field.terrain {
        let c = match f.kind {
            TerrainKind::Town | TerrainKind::Building | TerrainKind::FieldWorks => Cover::Hard,
            TerrainKind::DenseWood | TerrainKind::LightWood | TerrainKind::Copse => Cover::Soft,
            TerrainKind::Wall | TerrainKind::HastyWorks => Cover::Hard,
            TerrainKind::Hedge => Cover::Soft,
            _ => continue,
        };
        let inside = if f.shape.is_band() {
            let near = at + (from - at).normalize_or_zero() * (target.footprint().radius() + 1.0);
            f.shape.crossings(at, near) > 0 || f.shape.contains(at)
        } else {
            f.shape.contains(at)
        };
        if inside {
            best = match (best, c) {
                (Cover::Hard, _) | (_, Cover::Hard) => Cover::Hard,
                _ => Cover::Soft,
            };
        }
    }
    best
}

/// The height of the ground at `p`, in levels.
pub fn height(state: &State, p: Vec2) -> u8 {
    state
        .field
        .terrain
        .iter()
        .filter(|f| f.kind == TerrainKind::Hill && f.shape.contains(p))
        .map(|f| f.elevation)
        .max()
        .unwrap_or(0)
}

/// The range band of `weapon` that `d` inches falls in, or `None` beyond long range.
pub fn band(state: &State, weapon: Weapon, d: f64) -> Option<Band> {
    let b = state.tables().ranges.of(weapon);
    if d <= b.short + 1e-9 {
        Some(Band::Short)
    } else if d <= b.medium + 1e-9 {
        Some(Band::Medium)
    } else if d <= b.long + 1e-9 {
        Some(Band::Long)
    } else {
        None
    }
}

/// The unit's rates from the movement table ("Burt 5"): its row by troop type and, for
/// infantry, formation; limbered or not, guns read their own row.
pub fn rates(state: &State, u: &Unit) -> crate::tables::Rates {
    let m = &state.tables().movement;
    match u.troop {
        Troop::Infantry => match u.formation {
            Formation::Column => m.infantry_column,
            Formation::Square => m.infantry_square,
            _ => m.infantry_line,
        },
        Troop::Skirmishers => m.skirmishers,
        Troop::HeavyCavalry => m.heavy_cavalry,
        Troop::LightCavalry => m.light_cavalry,
        Troop::FootGuns => m.foot_guns,
        Troop::HorseGuns => m.horse_guns,
        Troop::CommandElement | Troop::General | Troop::CommanderInChief => m.staff_officers,
        Troop::Wagon => m.wagons,
    }
}

/// How far the unit reaches with an assault: its charge rate, if it has one.
pub fn charge_reach(state: &State, u: &Unit) -> Option<f64> {
    if u.troop == Troop::Skirmishers || u.is_guns() || !u.fights() {
        return None;
    }
    rates(state, u).charge
}

/// Whether `target` is in the charge reach of `u`: in its arc and within its charge rate.
pub fn in_charge_reach(state: &State, u: &Unit, target: &Unit) -> bool {
    charge_reach(state, u).is_some_and(|r| gap(u, target) <= r + 1e-9 && target_in_arc(u, target))
}

/// Where `attacker` comes to stand against `target`: its front against the target's face
/// that the attacker stands before, squarely.
pub fn contact_pose(attacker: &Unit, target: &Unit) -> Pose {
    let t = target.footprint();
    let face = grognard_geometry::aspect::sector_of_point(&t, attacker.pose.pos);
    attacker.footprint().aligned_against(&t, face)
}

/// Which aspect of `target` the attacker strikes.
pub fn aspect(attacker: &Unit, target: &Unit) -> Aspect {
    aspect_of(&target.footprint(), &attacker.footprint())
}

/// The point `d` inches from `from` toward `to`.
pub fn toward(from: Vec2, to: Vec2, d: f64) -> Vec2 {
    let v = to - from;
    let len = v.length();
    if len < 1e-9 {
        from
    } else {
        from + v * (d.min(len) / len)
    }
}

/// The heading from `a` to `b`.
pub fn heading(a: Vec2, b: Vec2) -> f64 {
    angle_of(b - a)
}

/// Whether a footprint lies wholly on the table.
pub fn on_table(state: &State, b: &Base) -> bool {
    let (lo, hi) = b.bounds();
    lo.x >= -1e-9
        && lo.y >= -1e-9
        && hi.x <= state.field.width + 1e-9
        && hi.y <= state.field.depth + 1e-9
}

/// The units (not `skip`, not officers) whose footprints overlap `b`.
pub fn overlapping<'a>(
    state: &'a State,
    b: &'a Base,
    skip: &'a [u16],
) -> impl Iterator<Item = &'a Unit> + 'a {
    state.near(b.pose.pos, radius(b) + TOUCH).filter(move |o| {
        !skip.contains(&o.id) && !o.is_officer() && bases_overlap(&o.footprint(), b, TOUCH)
    })
}

/// The enemies of `u` on the table whose footprints may come within `reach` of its own
/// (every one that does, and a few a little further), in id order.
pub fn enemies_within<'a>(
    state: &'a State,
    u: &Unit,
    reach: f64,
) -> impl Iterator<Item = &'a Unit> {
    let fp = u.footprint();
    state.near_side(u.side.other(), fp.pose.pos, radius(&fp) + reach)
}

/// The farthest `u` fires: the long range of its small arms, or of its guns' canister or
/// ball.
pub fn fire_reach(state: &State, u: &Unit) -> Option<f64> {
    let r = &state.tables().ranges;
    match (u.calibre, u.weapon) {
        (Some(c), _) => Some(r.of(c.canister()).long.max(r.of(c.ball()).long)),
        (None, Some(w)) => Some(r.of(w).long),
        (None, None) => None,
    }
}

/// The distance from a base's centre to its corners.
pub fn radius(b: &Base) -> f64 {
    0.5 * b.width.hypot(b.depth)
}

/// Whether any of `u`'s footprint may lie within `within` of `p`: a cheap test, true for
/// every unit that is near, and false for most that are far, so that the exact geometry
/// is done only for those that may touch.
pub fn near(u: &Unit, p: Vec2, within: f64) -> bool {
    u.pose.pos.distance(p) <= spread(u) + within
}

/// A distance from a unit's position that no formation spreads its stands beyond.
pub fn spread(u: &Unit) -> f64 {
    let s = u.troop.stand();
    (u.stands() as f64 + 1.0) * s.width.max(s.depth)
}

/// Whether `u` has room to stand at `pose`: on the table and on no unit but those in
/// `skip` (itself among them).
pub fn room(state: &State, u: &Unit, pose: &Pose, skip: &[u16]) -> bool {
    let end = u.footprint_at(*pose, u.formation);
    on_table(state, &end) && overlapping(state, &end, skip).next().is_none()
}

/// The ground a move sweeps: the hull of the footprints at its start and end.
pub fn swept(from: &Base, to: &Base) -> Vec<Vec2> {
    let mut pts: Vec<Vec2> = from.corners().to_vec();
    pts.extend(to.corners());
    let mut hull = Vec::new();
    convex_hull(&pts, &mut hull);
    hull
}

/// Whether unit `o` stands in the ground swept.
pub fn in_sweep(hull: &[Vec2], o: &Unit) -> bool {
    base_overlaps_convex(&o.footprint(), hull, TOUCH)
}

/// What a move over the ground between `a` and `b` meets ("Burt 5").
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Going {
    /// Inches inside woods.
    pub wood: f64,
    /// Inches in fordable water (streams, fords).
    pub water: f64,
    /// Walls and hedges crossed, and works.
    pub obstacles: u32,
    /// A river crossed where there is no bridge or ford.
    pub impassable_water: bool,
    /// The whole path lies on a road.
    pub road: bool,
}

pub fn going(state: &State, a: Vec2, b: Vec2) -> Going {
    let mut g = Going::default();
    let mut on_road = false;
    let mut crossing_allowed = false;
    for f in &state.field.terrain {
        match f.kind {
            TerrainKind::DenseWood | TerrainKind::LightWood | TerrainKind::Copse => {
                g.wood += f.shape.length_inside(a, b)
            }
            TerrainKind::Stream => g.water += f.shape.length_inside(a, b),
            TerrainKind::Ford | TerrainKind::Bridge => {
                if f.shape.contains(a.lerp(b, 0.5)) || f.shape.length_inside(a, b) > 0.0 {
                    crossing_allowed = true;
                }
                if f.kind == TerrainKind::Ford {
                    g.water += f.shape.length_inside(a, b);
                }
            }
            TerrainKind::River
                if f.shape.length_inside(a, b) > 0.0 || f.shape.crossings(a, b) > 0 =>
            {
                g.impassable_water = true
            }
            TerrainKind::Hedge
            | TerrainKind::Wall
            | TerrainKind::HastyWorks
            | TerrainKind::FieldWorks => g.obstacles += f.shape.crossings(a, b) as u32,
            TerrainKind::Road => {
                let len = a.distance(b);
                if len > 0.0 && f.shape.length_inside(a, b) >= len - 1e-6 {
                    on_road = true;
                }
            }
            _ => {}
        }
    }
    if crossing_allowed {
        g.impassable_water = false;
    }
    g.road = on_road;
    g
}

/// Whether the unit is on lower ground than `enemy` (a save in melee, "Burt 9").
pub fn downhill_of(state: &State, u: &Unit, enemy: &Unit) -> bool {
    height(state, u.pose.pos) < height(state, enemy.pose.pos)
}

/// Figures of the unit that fire ("Burt 6": two ranks of infantry, one of cavalry): those
/// on its front rank of stands (an infantry stand holds two ranks, a cavalry stand one).
pub fn front_figures(u: &Unit) -> u32 {
    if u.is_guns() {
        return u.figures;
    }
    let per = u.troop.per_stand();
    let front = match u.formation {
        Formation::Line | Formation::Open => return u.figures,
        Formation::Column | Formation::Limbered => 2,
        Formation::Square => (u.stands() as u32).div_ceil(4),
    };
    u.figures.min(front * per)
}

/// Figures that may fire: those of the front stands, of which only as many ranks as the
/// book allows ("Burt 6": two of infantry, one of cavalry; `fire.infantry_ranks`,
/// `fire.cavalry_ranks`).
pub fn firing_figures(t: &crate::tables::Tables, u: &Unit) -> u32 {
    let front = front_figures(u);
    let allowed = match u.troop {
        Troop::Infantry => t.fire.infantry_ranks,
        Troop::HeavyCavalry | Troop::LightCavalry => t.fire.cavalry_ranks,
        _ => return front,
    };
    let ranks = u.troop.ranks_a_stand();
    front * allowed.min(ranks) / ranks
}

/// Whether `u` has the enemy's flank or rear before it (for the morale test to charge).
pub fn strikes_flank_or_rear(attacker: &Unit, target: &Unit) -> bool {
    aspect(attacker, target) != Aspect::Front
}

/// Whether a friend in order stands at either flank: within 1" of the point 1" beyond it
/// (ruling R17, "at least one secure flank"); a square has no open flank.
pub fn secure_flank(state: &State, u: &Unit) -> bool {
    if u.formation == Formation::Square {
        return true;
    }
    let fp = u.footprint();
    let left = fp.pose.pos + fp.left() * (fp.width * 0.5 + 1.0);
    let right = fp.pose.pos - fp.left() * (fp.width * 0.5 + 1.0);
    // The points tested lie within the footprint's half-diagonal and 1" more of its
    // centre, and a friend counts within 1" of one of them.
    let reach = radius(&fp) + 2.0;
    state.near_side(u.side, fp.pose.pos, reach).any(|o| {
        o.id != u.id
            && o.fights()
            && !o.routing()
            && (o.footprint().contains(left)
                || o.footprint().contains(right)
                || grognard_geometry::distance::point_base(left, &o.footprint()) < 1.0
                || grognard_geometry::distance::point_base(right, &o.footprint()) < 1.0)
    })
}

/// The nearest enemy able to fight, by the gap between footprints.
pub fn nearest_enemy<'a>(state: &'a State, u: &Unit) -> Option<&'a Unit> {
    let me = u.footprint();
    // The gap to a footprint is never less than the distance from this centre to the
    // circle round it, less this footprint's own half-diagonal.
    state.least(u.side.other(), me.pose.pos, radius(&me), |e| {
        e.fights().then(|| base_base(&me, &e.footprint()))
    })
}

/// Where an officer stands just behind unit `u`, touching its rear.
pub fn behind(u: &Unit) -> Vec2 {
    u.pose.pos + u.pose.forward() * -(u.footprint().depth * 0.5 + 0.6)
}
