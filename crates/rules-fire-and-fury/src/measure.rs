//! Measurements on the table (docs/fire-and-fury-design.md, 4.7): zones, command, rates,
//! what ground costs, arcs, sight, contact and flanks.

use crate::facts::{Formation, InfantryClass};
use crate::state::{Brigade, State, Unit, UnitId, What};
use crate::tables::{Arm, Rates};
use grognard_engine::terrain::TerrainKind;
use grognard_engine::Side;
use grognard_geometry::aspect::{aspect_of, Aspect};
use grognard_geometry::distance::base_base;
use grognard_geometry::line_of_sight::Corridor;
use grognard_geometry::{Base, Face, Pose, Vec2};

/// The Tactical Zone reaches this far from an enemy brigade or battery ("NFF Maneuver:
/// Reserve Movement 2").
pub const ZONE: f64 = 15.0;
/// Every leader's command radius ("NFF Maneuver: General 3").
pub const COMMAND: f64 = 12.0;
/// A move that is not a charge may not end nearer an enemy than this (design 4.1).
pub const CLEAR: f64 = 1.0;
/// Stands in contact are within this.
pub const TOUCH: f64 = 0.05;
/// Sight is blocked by more than this much town or wood ("NFF M&C 2").
pub const SIGHT: f64 = 1.0;
/// A leader's move in a player turn, both steps together (design 4.1).
pub fn leader_move(state: &State) -> f64 {
    state.tables().movement.leader
}

/// Nearest edge to nearest edge.
pub fn gap(a: &Unit, b: &Unit) -> f64 {
    base_base(&a.footprint(), &b.footprint())
}

/// Whether a unit at `at` would stand in the Tactical Zone: within 15" of an enemy brigade
/// or battery.
pub fn tactical_at(state: &State, u: &Unit, at: &Base) -> bool {
    state
        .near_side(u.side.other(), at.pose.pos, ZONE + at.radius())
        .any(|e| base_base(&state.print(e), at) <= ZONE)
}

/// Whether the unit stands in the Tactical Zone.
pub fn tactical(state: &State, u: &Unit) -> bool {
    tactical_at(state, u, &state.print(u))
}

/// The leaders a unit answers to, nearest first: its commander and his superiors.
pub fn chain(state: &State, commander: UnitId) -> impl Iterator<Item = &Unit> {
    std::iter::successors(Some(state.unit(commander)), move |l| {
        l.leader().and_then(|l| l.superior).map(|s| state.unit(s))
    })
}

/// The commander a brigade, battery or company answers to.
pub fn commander_of(u: &Unit) -> Option<UnitId> {
    match &u.what {
        What::Brigade(b) => Some(b.commander),
        What::Battery(b) => Some(b.commander),
        What::Company(c) => Some(c.commander),
        What::Leader(l) => l.superior,
    }
}

/// Within 12" of its commander or a superior of his who is still on the field (design 4.7).
pub fn in_command(state: &State, u: &Unit) -> bool {
    let Some(c) = commander_of(u) else {
        return true;
    };
    let f = u.footprint();
    chain(state, c)
        .any(|l| !l.gone && grognard_geometry::distance::point_base(l.pose.pos, &f) <= COMMAND)
}

/// Leaders of the unit's chain of command attached to it: (plain, charismatic).
pub fn attached_leaders(state: &State, u: &Unit) -> (u32, u32) {
    let Some(c) = commander_of(u) else {
        return (0, 0);
    };
    let mut out = (0, 0);
    for l in chain(state, c) {
        if let Some(ld) = l.leader() {
            if !l.gone && ld.attached == Some(u.id) {
                if ld.charismatic {
                    out.1 += 1;
                } else {
                    out.0 += 1;
                }
            }
        }
    }
    out
}

/// A brigade's rates by formation: its infantry class, or its cavalry; a mixed brigade the
/// slower of its arms ("NFF Prepare for Battle 7b"); irregular horse at the heavy rate.
pub fn rates(state: &State, b: &Brigade) -> Rates {
    let m = &state.tables().movement;
    let foot = match b.class {
        InfantryClass::Linear => m.infantry.linear,
        InfantryClass::Columnar => m.infantry.columnar,
        InfantryClass::Impulse => m.infantry.impulse,
    };
    let horse = if b.heavy || b.irregular {
        m.cavalry.heavy
    } else {
        m.cavalry.light
    };
    match (b.foot > 0, b.horse > 0 || b.cavalry) {
        (true, true) => Rates {
            single_echelon: foot.single_echelon.min(horse.single_echelon),
            double_echelon: foot.double_echelon.min(horse.double_echelon),
            brigade_masse: foot.brigade_masse.min(horse.brigade_masse),
            march_column: foot.march_column.min(horse.march_column),
            road: foot.road.min(horse.road),
        },
        (false, true) => horse,
        _ => foot,
    }
}

/// A unit's full move in its present formation, off roads; a battery's limbered.
pub fn full_move(state: &State, u: &Unit) -> f64 {
    match &u.what {
        What::Brigade(b) => {
            let r = rates(state, b);
            match b.formation {
                Formation::SingleEchelon => r.single_echelon,
                Formation::DoubleEchelon => r.double_echelon,
                Formation::BrigadeMasse => r.brigade_masse,
                Formation::MarchColumn => r.march_column,
                Formation::Square => 0.0,
            }
        }
        What::Battery(b) => {
            let a = &state.tables().movement.artillery;
            if b.horse {
                a.horse
            } else {
                a.foot
            }
        }
        What::Leader(_) => leader_move(state),
        What::Company(_) => state.tables().movement.engineers,
    }
}

/// The rate on a road, for a brigade in March Column or a limbered battery.
pub fn road_move(state: &State, u: &Unit) -> Option<f64> {
    match &u.what {
        What::Brigade(b) if b.formation == Formation::MarchColumn => Some(rates(state, b).road),
        What::Battery(b) if b.limbered => {
            let a = &state.tables().movement.artillery;
            Some(if b.horse { a.horse_road } else { a.foot_road })
        }
        _ => None,
    }
}

/// The arm ground treats a unit as.
pub fn arm(u: &Unit) -> Arm {
    match &u.what {
        What::Brigade(b) if b.cavalry => Arm::Cavalry,
        What::Brigade(_) => Arm::Infantry,
        What::Battery(_) => Arm::Artillery,
        What::Leader(_) => Arm::Cavalry,
        // They move as columnar infantry ("NFF Additional 1").
        What::Company(_) => Arm::Infantry,
    }
}

/// What a straight move over the ground from `a` to `b` costs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Going {
    /// Inches of movement it takes, ground included.
    pub cost: f64,
    /// The whole path lies along a road.
    pub road: bool,
    /// The ground disorders the unit.
    pub disorders: bool,
}

/// The name a kind of ground goes by in the tables (the engine's own spelling).
fn key(k: TerrainKind) -> &'static str {
    match k {
        TerrainKind::Stream => "stream",
        TerrainKind::River => "river",
        TerrainKind::Hill => "hill",
        TerrainKind::Road => "road",
        TerrainKind::Bridge => "bridge",
        TerrainKind::Ford => "ford",
        TerrainKind::Town => "town",
        TerrainKind::DenseWood => "dense_wood",
        TerrainKind::LightWood => "light_wood",
        TerrainKind::Copse => "copse",
        TerrainKind::Hedge => "hedge",
        TerrainKind::Wall => "wall",
        TerrainKind::HastyWorks => "hasty_works",
        TerrainKind::FieldWorks => "field_works",
        TerrainKind::Building => "building",
    }
}

/// The cost of the ground between `a` and `b` for `arm` (design 4.1), or `None` where it may
/// not go: an area's factor on every inch inside it, a linear feature's inches to cross it,
/// a river only at a bridge or ford.
pub fn going(state: &State, arm: Arm, a: Vec2, b: Vec2) -> Option<Going> {
    let len = a.distance(b);
    let mut g = Going {
        cost: len,
        road: false,
        disorders: false,
    };
    let terrain = &state.tables().movement.terrain;
    let mut river = false;
    let mut crossing = false;
    for f in &state.field.terrain {
        match f.kind {
            TerrainKind::Road => {
                if len > 0.0 && f.shape.lies_along(a, b, 1e-6) {
                    g.road = true;
                }
                continue;
            }
            TerrainKind::River => {
                if f.shape.meets_segment(a, b) || f.shape.crossings(a, b) > 0 {
                    river = true;
                }
                continue;
            }
            TerrainKind::Bridge => {
                if f.shape.meets_segment(a, b) {
                    crossing = true;
                }
                continue;
            }
            _ => {}
        }
        let Some(ground) = terrain.get(key(f.kind)) else {
            continue;
        };
        let crossed = if f.shape.is_band() {
            f.shape.crossings(a, b)
        } else {
            0
        };
        // A linear feature asks only whether the move meets it; an area, how far the move
        // runs in it.
        let linear = ground.cross.is_some();
        let inside = if linear {
            0.0
        } else {
            f.shape.length_inside(a, b)
        };
        let meets = crossed > 0
            || if linear {
                f.shape.meets_segment(a, b)
            } else {
                inside > 0.0
            };
        if !meets && !f.shape.contains(b) {
            continue;
        }
        if f.kind == TerrainKind::Ford {
            crossing = true;
        }
        if linear {
            if meets {
                let per = ground.crossing(arm)?;
                g.cost += per * crossed.max(1) as f64;
                g.disorders |= ground.disorders.contains(&arm);
            }
        } else {
            let factor = ground.factor(arm)?;
            g.cost += inside * (factor - 1.0);
            if inside > 0.0 || f.shape.contains(b) {
                g.disorders |= ground.disorders.contains(&arm);
            }
        }
    }
    if river && !crossing {
        return None;
    }
    Some(g)
}

/// Whether `p` lies in the arc of fire of `stand`: ahead of its front edge, within lines
/// splayed outward from its front corners by `splay` radians (design 4.3).
fn in_arc_tan(stand: &Base, p: Vec2, tan: f64) -> bool {
    let l = stand.to_local(p);
    let h = stand.half();
    let ahead = l.x - h.x;
    ahead >= -1e-9 && l.y.abs() <= h.y + ahead * tan + 1e-9
}

/// Whether any of the target's corners, edge centres or centre lies in the arc.
pub fn target_in_arc(stand: &Base, target: &Base, splay: f64) -> bool {
    target_in_arc_tan(stand, target, arc_tan(splay))
}

/// The tangent of an arc's splay: a brigade's (a quarter turn halved) and a battery's (a
/// sixth of a half turn) worked out once, any other when asked.
pub fn arc_tan(splay: f64) -> f64 {
    use std::f64::consts::{FRAC_PI_4, FRAC_PI_6};
    static KNOWN: std::sync::LazyLock<[f64; 2]> =
        std::sync::LazyLock::new(|| [FRAC_PI_4.tan(), FRAC_PI_6.tan()]);
    if splay == FRAC_PI_4 {
        KNOWN[0]
    } else if splay == FRAC_PI_6 {
        KNOWN[1]
    } else {
        splay.tan()
    }
}

/// [`target_in_arc`] with the tangent of the arc's splay worked out by the caller.
pub fn target_in_arc_tan(stand: &Base, target: &Base, tan: f64) -> bool {
    let c = target.corners();
    c.iter()
        .copied()
        .chain(Face::ALL.iter().map(|f| target.face_centre(*f)))
        .chain(std::iter::once(target.pose.pos))
        .any(|p| in_arc_tan(stand, p, tan))
}

fn hides(k: TerrainKind) -> bool {
    matches!(
        k,
        TerrainKind::Town
            | TerrainKind::Building
            | TerrainKind::DenseWood
            | TerrainKind::LightWood
            | TerrainKind::Copse
    )
}

/// Whether `from` sees the target (its footprint `tb`): no brigade or battery between (the firer's own and the
/// target apart), and no more than 1" of town or wood along the line ("NFF M&C 2").
pub fn sees(state: &State, from: &Base, target: &Unit, tb: &Base, firer: UnitId) -> bool {
    let (a, b) = from.face(Face::Front);
    let c = Corridor::new(a, b, tb);
    let (lo, hi) = c.bounds();
    let mid = (lo + hi) * 0.5;
    let r = (hi - lo).length() * 0.5;
    if state
        .near(mid, r)
        .any(|o| o.id != firer && o.id != target.id && c.blocked_by_base(&state.print(o), TOUCH))
    {
        return false;
    }
    let eye = from.face_centre(Face::Front);
    let hidden: f64 = state
        .field
        .terrain
        .iter()
        .filter(|f| hides(f.kind))
        .map(|f| f.shape.length_inside(eye, tb.pose.pos))
        .sum();
    hidden <= SIGHT
}

/// Where a charger stands in contact with the face of the target it comes at.
pub fn contact_pose(charger: &Unit, target: &Unit) -> Pose {
    let t = target.footprint();
    let face = grognard_geometry::aspect::sector_of_point(&t, charger.pose.pos);
    charger.footprint().aligned_against(&t, face)
}

/// Whether a charger at `pose` hits the target's flank or rear (design 4.6); squares have
/// none ("NFF Maneuver: Formations 3d").
pub fn flank_or_rear(target: &Unit, charger_at: &Base) -> bool {
    if target
        .brigade()
        .is_some_and(|b| b.formation == Formation::Square)
    {
        return false;
    }
    aspect_of(&target.footprint(), charger_at) != Aspect::Front
}

/// The nearest enemy brigade or battery to a unit, by gap.
pub fn nearest_enemy<'a>(state: &'a State, u: &Unit) -> Option<&'a Unit> {
    // Look near first: the grid answers for every enemy whose footprint comes within the
    // radius, so the nearest found within it is the nearest of all.
    let f = state.print(u);
    let fr = f.radius();
    let mut r = 12.0;
    loop {
        let mut best: Option<(f64, &Unit)> = None;
        for e in state.near_side(u.side.other(), u.pose.pos, r + fr) {
            let ef = state.print(e);
            // The gap is at least the centres' distance less both radii: an enemy that
            // far is no nearer than the best found.
            let least = f.pose.pos.distance(ef.pose.pos) - fr - ef.radius();
            if best.is_some_and(|(d, _)| least > d + 1e-9) {
                continue;
            }
            let d = base_base(&f, &ef);
            if d <= r
                && best.is_none_or(|(bd, b): (f64, &Unit)| {
                    d.total_cmp(&bd).then(e.id.cmp(&b.id)).is_lt()
                })
            {
                best = Some((d, e));
            }
        }
        if let Some((_, e)) = best {
            return Some(e);
        }
        if r > state.field.width + state.field.depth {
            return None;
        }
        r *= 2.0;
    }
}

/// Whether a footprint lies wholly on the table.
pub fn on_table(state: &State, b: &Base) -> bool {
    b.corners().iter().all(|c| {
        c.x >= -1e-6
            && c.y >= -1e-6
            && c.x <= state.field.width + 1e-6
            && c.y <= state.field.depth + 1e-6
    })
}

/// The units of `side` on the table (brigades and batteries).
/// A side's units on the table that maneuver: brigades, batteries and companies of
/// engineers (attached or not).
pub fn maneuvering(state: &State, side: Side) -> impl Iterator<Item = &Unit> {
    state
        .on_table()
        .filter(move |u| u.side == side && u.leader().is_none())
}

pub fn fighting(state: &State, side: Side) -> impl Iterator<Item = &Unit> {
    state
        .on_table()
        .filter(move |u| u.side == side && u.fights())
}

/// Where a leader stands with a unit: an inch behind it, on the table.
pub fn behind(state: &State, u: &Unit) -> Pose {
    let p = u.pose.pos - u.pose.forward() * (u.footprint().depth * 0.5 + 1.0);
    let p = Vec2::new(
        p.x.clamp(0.0, state.field.width),
        p.y.clamp(0.0, state.field.depth),
    );
    Pose::at(p, u.pose.facing)
}
