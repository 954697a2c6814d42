//! Checking a move on the table ("NW 9.0"-"NW 9.93"): the steps' own costs, terrain, mud,
//! roads, passing through friends, never through enemies, never ending on another base,
//! the presence of the enemy, and moving to contact with squaring up.

use crate::measure::{self, distance, in_front, overlapping, touching};
use crate::moves::{self, MoverClass, Step};
use crate::state::{Role, State, Unit, UnitId};
use grognard_engine::terrain::TerrainKind;
use grognard_engine::Illegal;
use grognard_geometry::{Base, Face, Pose};

const R_MOVE: &str = "NW 9.0 Maneuver phase";
const R_TERRAIN: &str = "NW 9.5 Terrain effects";
const R_THROUGH: &str = "NW 9.3 Interpenetration";
const R_PRESENCE: &str = "NW 9.9 Moving in the presence of the enemy";
const R_CONTACT: &str = "NW 9.92 Who may contact whom";

/// A checked move.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePlan {
    pub end: Pose,
    /// Allowance spent.
    pub cost: f64,
    /// The whole move was by road, away from the enemy: the road bonus applied.
    pub road: bool,
    /// The enemy unit contacted, if any, and the attacker's squared-up pose.
    pub contact: Option<UnitId>,
    /// Enemy officers the move passed through ("NW 9.3" note 2).
    pub through_officers: Vec<UnitId>,
}

pub fn class_of(u: &Unit) -> MoverClass {
    match &u.role {
        Role::Brigade(b) if b.arm == crate::Arm::Cavalry => MoverClass::Cavalry,
        Role::Brigade(_) => MoverClass::Infantry,
        Role::Battery(_) => MoverClass::Artillery,
        _ => MoverClass::Officer,
    }
}

/// The terrain table row for a unit ("NW 9.5").
fn terrain_row(state: &State, u: &Unit) -> crate::tables::TerrainRow {
    let t = &state.field.tables.terrain;
    match &u.role {
        Role::Brigade(b) if b.arm == crate::Arm::Infantry => t.infantry,
        Role::Brigade(b) if b.weight == Some(crate::CavalryWeight::Heavy) => t.heavy_cavalry,
        Role::Brigade(_) => t.other_cavalry,
        Role::Battery(b) if b.horse => t.heavy_cavalry,
        Role::Battery(_) => t.foot_artillery,
        _ => t.other_cavalry,
    }
}

/// The unit's full movement allowance ("NW 9.1"): also the "full move" of a retreat or an
/// evasion, whatever the unit did in the fire phase.
pub fn full_allowance(state: &State, u: &Unit) -> f64 {
    match &u.role {
        Role::Brigade(b) => b.movement,
        Role::Battery(b) => b.movement,
        _ => state.field.tables.movement.officers,
    }
}

/// The unit's whole allowance for a move in this maneuver phase ("NW 9.1", "NW 9.2"): a foot
/// battery that fired in its own side's artillery phase moves only its share of it, half, or
/// nothing if Ottoman; French Old Guard foot artillery moves its whole allowance.
pub fn maneuver_allowance(state: &State, u: &Unit) -> f64 {
    let full = full_allowance(state, u);
    match &u.role {
        Role::Battery(b) if !b.horse && !b.old_guard && u.fired_in_own_phase => {
            let share = &state.field.tables.movement.fired_foot_artillery;
            full * share[usize::from(b.nation == crate::Nation::Ottoman)]
        }
        _ => full,
    }
}

/// A move refused for its cost before the whole of it is reckoned: `so_far` is what it has
/// cost already, more than `at_most`, the most it could be allowed.
fn too_dear(quietly: bool, so_far: f64, at_most: f64) -> Illegal {
    refusal(quietly, R_MOVE, || {
        format!("the move costs at least {so_far:.1}\", more than the {at_most:.1}\" it could be allowed")
    })
}

fn illegal(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> Illegal {
    Illegal::new(rule, why)
}

/// A refusal whose reason is written only if someone will read it
/// ([`Illegal::unless_quiet`]).
fn refusal(quietly: bool, rule: &'static str, why: impl FnOnce() -> String) -> Illegal {
    Illegal::unless_quiet(quietly, rule, why)
}

/// The first piece, in id order, that a move of `u` ending at `end` would end on: a base it
/// may not end on ("NW 9.3"; officers only on officers, pieces only on pieces), not its own
/// nor one attached to it. A base overlapping the end lies within the end base's reach of
/// its centre.
pub fn ends_on<'a>(state: &'a State, u: &Unit, end: &Base) -> Option<&'a Unit> {
    let officer = u.is_officer();
    state.near(end.pose.pos, end.radius()).find(|o| {
        o.id != u.id
            && o.attached != Some(u.id)
            && o.is_officer() == officer
            && overlapping(end, &o.base())
    })
}

/// Check a move of `u` along `steps` with `allowance` inches to spend.
pub fn plan(state: &State, u: &Unit, steps: &[Step], allowance: f64) -> Result<MovePlan, Illegal> {
    plan_as(state, u, steps, allowance, false)
}

/// [`plan`], with the reason of a refusal left unwritten when asked `quietly`: the same moves
/// are refused.
pub fn plan_as(
    state: &State,
    u: &Unit,
    steps: &[Step],
    allowance: f64,
    quietly: bool,
) -> Result<MovePlan, Illegal> {
    let size = u.size();
    let poses =
        moves::plan(u.pose, size, size, steps).map_err(|e| refusal(quietly, R_MOVE, || e))?;
    let class = class_of(u);
    let (_, mud) = state.field.spell(state.clock.turn);
    let costs = moves::Costs::new(&state.field.tables, mud);
    let full = maneuver_allowance(state, u);
    let row = terrain_row(state, u);
    let officer = u.is_officer();
    let troops = !officer;

    // The presence of the enemy: near an enemy, infantry and cavalry move straight toward
    // or away from it, so no oblique or flank steps (ruling N22). The enemy is looked for
    // only when there are such steps.
    if troops
        && !u.is_artillery()
        && steps
            .iter()
            .any(|s| matches!(s, Step::Oblique { .. } | Step::Flank { .. }))
    {
        let presence = state.field.tables.movement.presence_of_enemy;
        let near = state
            .near_unit_of(u.side.other(), u, presence)
            .filter(|e| !e.is_officer())
            .any(|e| {
                let cavalry_ignores = u.is_cavalry() && measure::in_town_or_works(state, e);
                !cavalry_ignores && distance(&u.base(), &e.base()) <= presence
            });
        if near {
            return Err(refusal(quietly, R_PRESENCE, || {
                format!("within {presence}\" of the enemy a unit moves only straight toward or away from it: no oblique or flank steps")
            }));
        }
    }

    // What the steps cost by themselves, before any ground: if that already passes the
    // most the move could be allowed, the path need not be walked. Ground only adds to a
    // move's cost while the tables' multipliers are at least one, so the shortcut is taken
    // only then; it refuses exactly the moves the full reckoning below would refuse.
    let mut step_costs: smallvec::SmallVec<[f64; 8]> = smallvec::SmallVec::new();
    for (i, step) in steps.iter().enumerate() {
        step_costs.push(
            moves::step_cost(step, class, full, &costs, i == 0).map_err(|e| illegal(R_MOVE, e))?,
        );
    }
    let at_most = allowance + state.field.tables.movement.road_bonus.max(0.0);
    let ground_adds = row.rough >= 1.0
        && row.fording >= 1.0
        && row.hindering >= 1.0
        && row.elevation >= 0.0
        && row.obstacle >= 0.0
        && state.field.tables.movement.interpenetration >= 0.0;
    let steps_alone: f64 = step_costs.iter().fold(0.0, |a, c| a + c);
    if ground_adds && steps_alone > at_most + 1e-6 {
        return Err(too_dear(quietly, steps_alone, at_most));
    }

    let end = poses.last().copied().unwrap_or(u.pose);
    let end_base = u.at(end);
    if !state.field.contains(&end_base) {
        return Err(illegal(R_MOVE, "the base would leave the table"));
    }
    // Where it ends: never on another base. This is looked at before the path is walked,
    // since it is cheap and refuses many of the moves tried.
    if let Some(o) = ends_on(state, u, &end_base) {
        return Err(refusal(quietly, R_THROUGH, || {
            format!("the move would end on {}", o.label)
        }));
    }

    let mut cost = 0.0;
    // Terrain, charged on top of the steps, each step's multiplied as the step is.
    let mut extra = 0.0;
    let mut obstacles = 0.0;
    let mut through_friends = false;
    let mut through_officers: Vec<UnitId> = Vec::new();
    // A battery attached to the brigade goes with it, in front ("NW 8.6").
    let carried = state.battery_on(u.id).filter(|_| u.is_infantry());
    let mut pose = u.pose;
    // The pieces near enough to touch a footprint along the way: the rest of the table need
    // not be looked at. The footprints themselves
    // are made a step at a time as the path is walked; how far they can reach is known
    // from the steps alone.
    let reach = steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let from = if i == 0 { u.pose } else { poses[i - 1] };
            moves::sweep_reach(from, size, size, step, u.pose.pos)
        })
        .fold(0.0, f64::max)
        + u.base().radius();
    let mut sweep: Vec<Base> = Vec::new();
    let nearby: Vec<&Unit> = state.near(u.pose.pos, reach + 0.5).collect();
    // Their bases, measured once for every point of the path.
    let nearby_bases: Vec<Base> = nearby.iter().map(|o| o.base()).collect();
    // The ground under the whole path, gathered once for every point of it.
    let under = measure::Ground::around(state, u.pose.pos, reach + 0.5);
    let mut all_road = under.on_road(u.pose.pos);
    let mut level = under.elevation_at(pose.pos);
    let in_town = |p: grognard_geometry::Vec2| under.in_kind(TerrainKind::Town, p);
    // What the ground multiplies a move's cost by where it is crossed ("NW 9.5").
    let ground = |g: &measure::Underfoot| {
        if g.dense_wood {
            row.rough
        } else if g.ford && !g.bridge {
            row.fording
        } else if g.hindering {
            row.hindering
        } else {
            1.0
        }
    };
    for (i, step) in steps.iter().enumerate() {
        let step_cost = step_costs[i];
        cost += step_cost;
        let mut step_extra = 0.0;
        // A change of face in rough or hindering ground costs as that ground multiplies a
        // move (ruling N53); its price already holds any mud, so it is not multiplied again.
        if matches!(step, Step::ChangeFace { .. }) {
            let g = under.underfoot(pose.pos);
            if !g.road {
                extra += (ground(&g) - 1.0) * step_cost;
            }
        }
        if matches!(
            step,
            Step::Oblique { .. } | Step::Flank { .. } | Step::Wheel { .. }
        ) && (in_town(pose.pos) || in_town(poses[i].pos))
        {
            return Err(illegal(
                "NW 9.8 Flank, retrograde and oblique movement",
                "no wheel, flank or oblique move in, from or through a town",
            ));
        }
        // The pieces near enough this step's footprints to meet one: those whose centres
        // lie within both radii of the box round the footprints' centres.
        let (mut lo, mut hi) = (
            grognard_geometry::Vec2::splat(f64::INFINITY),
            grognard_geometry::Vec2::splat(f64::NEG_INFINITY),
        );
        moves::sweep_into(pose, size, size, step, 0.5, &mut sweep);
        for b in &sweep {
            lo = lo.min(b.pose.pos);
            hi = hi.max(b.pose.pos);
        }
        let mine = u.base().radius();
        let close: smallvec::SmallVec<[(&Unit, &Base); 16]> = nearby
            .iter()
            .zip(&nearby_bases)
            .filter(|(_, ob)| {
                let (c, m) = (ob.pose.pos, mine + ob.radius());
                c.x >= lo.x - m && c.x <= hi.x + m && c.y >= lo.y - m && c.y <= hi.y + m
            })
            .map(|(o, ob)| (*o, ob))
            .collect();
        let mut prev = pose.pos;
        for b in &sweep {
            let p = b.pose.pos;
            let seg = prev.distance(p);
            prev = p;
            // Terrain underfoot at the sample.
            let g = under.underfoot(p);
            if g.river && !g.ford && !g.bridge {
                return Err(illegal(
                    R_TERRAIN,
                    "a river is crossed only at a ford or bridge",
                ));
            }
            all_road &= g.road;
            if !g.road {
                step_extra += (ground(&g) - 1.0) * seg;
            }
            let lv = g.level;
            if lv != level {
                step_extra += row.elevation * (lv as f64 - level as f64).abs();
                level = lv;
            }
            if let Some(bat) = carried {
                let bb = bat.at(crate::state::attached_battery_pose(b.pose));
                if let Some(e) = state
                    .near(bb.pose.pos, bb.radius())
                    .find(|e| e.side != u.side && !e.is_officer() && overlapping(&bb, &e.base()))
                {
                    return Err(refusal(quietly, R_THROUGH, || {
                        format!("{} is in the way of the attached battery", e.label)
                    }));
                }
            }
            // Other pieces along the way.
            if troops {
                for &(o, ob) in &close {
                    if o.side != u.side
                        && o.is_officer()
                        && !through_officers.contains(&o.id)
                        && overlapping(b, ob)
                    {
                        through_officers.push(o.id);
                    }
                }
            }
            for &(o, ob) in &close {
                if o.id == u.id || o.attached == Some(u.id) || o.is_officer() {
                    continue;
                }
                if !overlapping(b, ob) {
                    continue;
                }
                if o.side != u.side {
                    return Err(refusal(quietly, R_THROUGH, || {
                        format!("{} is in the way: no unit moves through the enemy", o.label)
                    }));
                }
                if troops && !u.is_artillery() && !o.is_artillery() {
                    through_friends = true;
                }
            }
        }
        // Obstacles: hedges, walls and works crossed by the base's centre.
        for f in under.features().filter(|f| measure::is_obstacle(f.kind)) {
            let n = f.shape.crossings(pose.pos, poses[i].pos);
            obstacles += row.obstacle * n as f64;
        }
        // Woods, fords and climbs cost as the step does: doubled going back or in mud, and
        // only once for both (ruling N49); obstacles never (the sum above).
        extra += step_extra * moves::multiplier(step, class, &costs);
        pose = poses[i];
        if ground_adds && steps_alone + extra + obstacles > at_most + 1e-6 {
            return Err(too_dear(quietly, steps_alone + extra + obstacles, at_most));
        }
    }
    let mut total = cost + extra + obstacles;
    if through_friends {
        total += state.field.tables.movement.interpenetration;
    }
    // The road bonus: a whole move by road, never within 6" of a non-routed enemy.
    let road = troops
        && all_road
        && !steps.is_empty()
        && !steps.iter().any(|s| matches!(s, Step::Oblique { .. }))
        && {
            let far = state.field.tables.movement.road_enemy_distance;
            [u.base(), end_base].iter().all(|b| {
                state
                    .near(b.pose.pos, far + b.radius())
                    .filter(|e| e.side != u.side && !e.is_officer() && !e.routed)
                    .all(|e| distance(b, &e.base()) > far)
            })
        };
    let budget = allowance
        + if road {
            state.field.tables.movement.road_bonus
        } else {
            0.0
        };
    if total > budget + 1e-6 {
        return Err(refusal(quietly, R_MOVE, || {
            format!("the move costs {total:.1}\" of a {budget:.1}\" allowance")
        }));
    }
    // Batteries not attached keep 1.5" from one another ("NW 8.6"); one that ends nearer
    // another than that may only have come no nearer (ruling N37).
    if u.is_artillery() && u.attached.is_none() {
        let gap = state.field.tables.artillery.battery_spacing;
        // Looked for round the end, as far as the gap: a battery that near the end may lie
        // beyond the pieces gathered for the path.
        if let Some(o) = state.near(end.pos, gap + end_base.radius()).find(|o| {
            o.id != u.id
                && o.side == u.side
                && o.is_artillery()
                && o.attached.is_none()
                && distance(&end_base, &o.base()) + 1e-9 < gap
                && distance(&end_base, &o.base()) + 1e-9 < distance(&u.base(), &o.base())
        }) {
            return Err(illegal(
                "NW 8.6 Artillery attachment",
                format!(
                    "batteries keep {gap}\" apart: this would end nearer {}",
                    o.label
                ),
            ));
        }
    }
    if troops && !u.is_infantry() && measure::town_at(state, end.pos) {
        return Err(illegal(R_TERRAIN, "only infantry may end a move in a town"));
    }
    // The attached battery's place at the end: on the table, on no other base, and never in
    // contact with the enemy, since artillery never moves into contact (ruling N31).
    if let Some(bat) = carried {
        let bb = bat.at(crate::state::attached_battery_pose(end));
        if !state.field.contains(&bb) {
            return Err(illegal(
                R_MOVE,
                "the attached battery would leave the table",
            ));
        }
        for o in state.near(bb.pose.pos, bb.radius() + measure::TOUCH) {
            if o.id == u.id || o.id == bat.id || o.is_officer() {
                continue;
            }
            if overlapping(&bb, &o.base()) {
                return Err(refusal(quietly, R_THROUGH, || {
                    format!("the attached battery would end on {}", o.label)
                }));
            }
            if o.side != u.side && touching(&bb, &o.base()) {
                return Err(illegal(
                    R_CONTACT,
                    "artillery never moves into contact: a brigade with a battery attached does not attack",
                ));
            }
        }
    }
    // Contact. Touching a battery attached to a brigade is contacting the brigade, which
    // fights for both ("NW 8.6").
    let mut touched: Vec<&Unit> = Vec::new();
    for e in nearby
        .iter()
        .copied()
        .filter(|e| e.side != u.side && !e.is_officer() && touching(&end_base, &e.base()))
    {
        let e = match e.attached {
            Some(i) if e.is_artillery() && state.unit(i).on_table() => state.unit(i),
            _ => e,
        };
        if !touched.iter().any(|t| t.id == e.id) {
            touched.push(e);
        }
    }
    let contact = match touched.as_slice() {
        [] => None,
        [e] => {
            check_contact(state, u, steps, &end_base, e)?;
            Some(e.id)
        }
        _ => {
            return Err(illegal(
                R_CONTACT,
                "an attacker contacts only one defending unit",
            ))
        }
    };
    // An obstacle crossed must be cleared: the move may not end astride one, unless it
    // ends in contact with an enemy directly behind it ("NW 9.5" note 1, "NW 9.91").
    if contact.is_none() {
        let (from, to) = (u.base().corners(), end_base.corners());
        if let Some(f) = state.field.terrain.iter().find(|f| {
            measure::is_obstacle(f.kind)
                && measure::straddles(f, &to)
                && !measure::straddles(f, &from)
        }) {
            return Err(illegal(
                R_TERRAIN,
                format!(
                    "the move would end astride the {}: an obstacle is crossed only with the movement to clear it",
                    f.kind.name()
                ),
            ));
        }
    }
    Ok(MovePlan {
        end,
        cost: total,
        road,
        contact,
        through_officers,
    })
}

fn check_contact(
    state: &State,
    u: &Unit,
    steps: &[Step],
    end: &Base,
    e: &Unit,
) -> Result<(), Illegal> {
    if u.is_officer() || u.is_artillery() {
        return Err(illegal(
            R_CONTACT,
            "artillery and officers never move into contact",
        ));
    }
    if u.routed {
        return Err(illegal(R_CONTACT, "a routed unit cannot attack"));
    }
    let last = steps.last().expect("a move has steps");
    if !moves::may_contact(last, class_of(u)) {
        return Err(illegal(
            "NW 9.8 Flank, retrograde and oblique movement",
            "a unit moves into contact only straight ahead, by a wheel, or (infantry) obliquely",
        ));
    }
    if !in_front(end, &e.base()) {
        return Err(illegal(
            "NW 11.1 Direction of contact",
            "an attacker makes contact with its front",
        ));
    }
    if u.is_cavalry() && measure::in_town(state, e) {
        return Err(illegal(
            "NW 11.3 Towns and hard cover",
            "cavalry may not attack a unit in a town",
        ));
    }
    // The closest enemy within 6" to its front, measured from where it started.
    let start = u.base();
    let d_target = distance(&start, &e.base());
    let closer = state
        .near_unit_of(
            u.side.other(),
            u,
            state.field.tables.movement.presence_of_enemy,
        )
        .filter(|o| !o.is_officer() && o.id != e.id && in_front(&start, &o.base()))
        .filter(|o| o.attached != Some(e.id))
        .filter(|o| !(u.is_cavalry() && measure::in_town_or_works(state, o)))
        .map(|o| distance(&start, &o.base()))
        .any(|d| d <= state.field.tables.movement.presence_of_enemy && d + 0.1 < d_target);
    if closer {
        return Err(illegal(
            "NW 11.1 Direction of contact",
            format!(
                "an attacker must contact the closest enemy within {}\" to its front",
                state.field.tables.movement.presence_of_enemy
            ),
        ));
    }
    // At most two attackers, and the second only on a flank or the rear; one to a side.
    if let Some(c) = state.combats.iter().find(|c| c.defender == e.id) {
        if c.attackers.len() >= 2 {
            return Err(illegal(
                R_CONTACT,
                "never more than two attackers on one defender",
            ));
        }
        let face = measure::face_toward(&e.base(), end.pose.pos);
        if face == Face::Front {
            return Err(illegal(
                R_CONTACT,
                "a second attacker may contact the defender only on a flank or the rear",
            ));
        }
        let taken = c
            .attackers
            .iter()
            .any(|a| measure::face_toward(&e.base(), state.unit(*a).pose.pos) == face);
        if taken {
            return Err(illegal(
                R_CONTACT,
                "only one attacker to a side of the defender",
            ));
        }
        if measure::in_town(state, e) {
            return Err(illegal(
                "NW 11.1 Direction of contact",
                "a unit in a town cannot be outflanked",
            ));
        }
        if measure::crossed_works(state, end.pose.pos, e) {
            return Err(illegal(
                "NW 11.1 Direction of contact",
                "a unit holding works is outflanked only by an attacker that does not cross them",
            ));
        }
    }
    Ok(())
}

/// The attacker's pose squared up against the face of the defender it touches ("NW 9.93"),
/// if that fits without touching another unit; otherwise where it stands.
pub fn squared(state: &State, attacker: &Unit, at: Pose, defender: &Unit) -> Pose {
    let ab = attacker.at(at);
    let db = defender.base();
    let face = measure::face_toward(&db, ab.pose.pos);
    let p = ab.aligned_against(&db, face);
    let nb = attacker.at(p);
    let clear = state
        .near(nb.pose.pos, nb.radius() + measure::TOUCH)
        .all(|o| {
            o.id == attacker.id
                || o.id == defender.id
                || o.is_officer()
                || o.attached == Some(attacker.id)
                || distance(&nb, &o.base()) > measure::TOUCH
        });
    if clear && state.field.contains(&nb) {
        p
    } else {
        at
    }
}
