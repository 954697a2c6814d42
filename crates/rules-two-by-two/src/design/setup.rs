//! Starting a battle: from a scenario, or by the book's set-up procedure ("2x2 Game setup",
//! "Terrain placement", "Deployment").

use crate::design::army::{self, Nation};
use crate::scenario::{
    Deployment, Edge, Game, GameKind, Options, PointSpec, Role, Scenario, SideSpec, TableSize,
    UnitSpec,
};
use crate::state::{
    Field, MeleeWork, Place, Point, SideInfo, State, Status, Unit, BASE_DEPTH, BASE_RADIUS,
    BASE_WIDTH,
};
use crate::tables::Tables;
use crate::units::{Size, UnitType};
use grognard_engine::dice::Seeded;
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::{Dice, Side};
use grognard_geometry::distance::point_segment;
use grognard_geometry::shape::ShapeSpec;
use grognard_geometry::{Base, Pose, Vec2};
use std::sync::Arc;

/// The position of a reinforcement point.
pub fn point_pos(table: &TableSize, edge: Edge, at: f64) -> Vec2 {
    match edge {
        Edge::South => Vec2::new(at, 0.0),
        Edge::North => Vec2::new(at, table.depth),
        Edge::West => Vec2::new(0.0, at),
        Edge::East => Vec2::new(table.width, at),
    }
}

/// A length in inches as people write it: at most two decimals, no trailing zeros.
pub fn inches(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// Why a base set up at the start stands outside its side's deployment zone, if it does
/// ("2x2 Deployment"): the whole base, every corner of it, must lie within
/// `deploy_depth` (6") of the side's own edge and no nearer than `deploy_side_gap` (3") to
/// the table's sides.
pub fn deployment_fault(
    table: &TableSize,
    edge: Edge,
    base: &Base,
    tables: &Tables,
) -> Option<String> {
    let a = &tables.arrival;
    let corners = base.corners();
    let from_edge = |c: Vec2| match edge {
        Edge::South => c.y,
        Edge::North => table.depth - c.y,
        Edge::West => c.x,
        Edge::East => table.width - c.x,
    };
    let from_sides = |c: Vec2| match edge {
        Edge::South | Edge::North => c.x.min(table.width - c.x),
        Edge::West | Edge::East => c.y.min(table.depth - c.y),
    };
    let depth = corners
        .iter()
        .map(|c| from_edge(*c))
        .fold(f64::NEG_INFINITY, f64::max);
    let gap = corners
        .iter()
        .map(|c| from_sides(*c))
        .fold(f64::INFINITY, f64::min);
    let edge_name = || format!("{edge:?}").to_lowercase();
    if depth > a.deploy_depth + 1e-9 {
        let edge_name = edge_name();
        Some(format!(
            "a corner of its base is {}\" from the {edge_name} edge, more than {}\"",
            inches(depth),
            inches(a.deploy_depth)
        ))
    } else if gap < a.deploy_side_gap - 1e-9 {
        Some(format!(
            "a corner of its base is {}\" from a side of the table, less than {}\"",
            inches(gap),
            inches(a.deploy_side_gap)
        ))
    } else {
        None
    }
}

/// The state at the start of a (validated) scenario.
pub fn start(s: &Scenario) -> State {
    let mut names = Vec::new();
    let mut units: Vec<Unit> = Vec::new();
    let mut points = Vec::new();
    let mut queues: Vec<Vec<u16>> = Vec::new();
    let mut commands: Vec<(u16, Side, String)> = Vec::new();
    for (si, spec) in s.sides.iter().enumerate().take(2) {
        let side = Side(si as u8);
        let first_point = points.len();
        for p in &spec.points {
            points.push(Point {
                side,
                edge: p.edge,
                pos: point_pos(&s.table, p.edge, p.at),
                flank: p.edge != spec.edge,
            });
            queues.push(Vec::new());
        }
        for u in &spec.units {
            let id = units.len() as u16;
            let (pose, place) = match (u.at, u.point) {
                (Some([x, y, f]), _) => (Pose::new(x, y, f.to_radians()), Place::Table),
                (None, Some(p)) if p < spec.points.len() => {
                    queues[first_point + p].push(id);
                    (
                        Pose::default(),
                        Place::Waiting {
                            point: (first_point + p) as u8,
                        },
                    )
                }
                _ if !spec.points.is_empty() => {
                    queues[first_point].push(id);
                    (
                        Pose::default(),
                        Place::Waiting {
                            point: first_point as u8,
                        },
                    )
                }
                _ => (
                    Pose::new(s.table.width / 2.0, s.table.depth / 2.0, 0.0),
                    Place::Table,
                ),
            };
            if let Some(c) = &u.command {
                commands.push((id, side, c.clone()));
            }
            names.push(u.name.clone());
            units.push(Unit {
                id,
                side,
                kind: u.kind,
                size: u.size,
                pose,
                status: Status::Ready,
                place,
                command: None,
                moved: false,
                fired: false,
                rallied: false,
                road_column: false,
                followed_up: false,
            });
        }
    }
    for (id, side, name) in commands {
        let hq = units
            .iter()
            .position(|u| u.side == side && u.kind == UnitType::Hq && names[u.id as usize] == name);
        units[id as usize].command = hq.map(|h| h as u16);
    }
    let info = |i: usize| {
        let sp = &s.sides[i];
        SideInfo {
            name: sp.name.clone(),
            role: sp.role,
            edge: sp.edge,
        }
    };
    let first = if s.sides.first().map(|x| x.role) == Some(Role::Defender) {
        Side(0)
    } else {
        Side(1)
    };
    let n_points = points.len();
    State {
        field: Arc::new(Field {
            name: s.name.clone(),
            width: s.table.width,
            depth: s.table.depth,
            terrain: s.terrain.clone(),
            points,
            sides: [info(0), info(1)],
            names,
            game: s.game.kind,
            turn_limit: s.game.turn_limit,
            options: s.options,
            tables: s.tables.clone(),
        }),
        units,
        clock: Clock::new(first),
        queues,
        rolled: vec![0; n_points],
        contacts: Vec::new(),
        pending: None,
        melee: MeleeWork::default(),
        lost: [0, 0],
        exited: [0, 0],
        outcome: None,
        kept: Default::default(),
        stamps: Default::default(),
        roster: Default::default(),
    }
}

/// An army to bring to a generated battle.
#[derive(Debug, Clone)]
pub struct Army {
    pub nation: Nation,
    pub units: Vec<(UnitType, Size)>,
}

impl Army {
    pub fn standard(nation: Nation) -> Army {
        Army {
            nation,
            units: army::standard_template(),
        }
    }
}

/// What the set-up procedure decided, for the narrative.
#[derive(Debug, Clone)]
pub struct SetupLog {
    pub lines: Vec<String>,
}

/// Generate a battle by the book's procedure. `dice` rolls what the book rolls; `choice`
/// makes the players' set-up decisions (terrain, deployment, reinforcement points), as an
/// AI general would.
pub fn generate(
    armies: [Army; 2],
    kind: GameKind,
    dice: &mut dyn Dice,
    choice: &mut Seeded,
) -> (Scenario, SetupLog) {
    let base = Scenario {
        rules: "two-by-two".into(),
        name: String::new(),
        table: TableSize::default(),
        game: Game {
            kind,
            ..Game::default()
        },
        options: Options::default(),
        terrain: Vec::new(),
        sides: Vec::new(),
        armies: Vec::new(),
        tables: Tables::default(),
    };
    generate_from(&base, armies, [None, None], dice, choice)
}

/// Set up a battle by the book's procedure for what a scenario file fixes: its name (if
/// any), table, game, optional rules and tables, and its terrain when it gives any (else
/// the terrain is placed by the book's procedure too). `names` are the sides' names, by
/// default their nations'.
pub fn generate_from(
    base: &Scenario,
    armies: [Army; 2],
    names: [Option<String>; 2],
    dice: &mut dyn Dice,
    choice: &mut Seeded,
) -> (Scenario, SetupLog) {
    let tables = base.tables.clone();
    let table = base.table.clone();
    let mut log = Vec::new();
    let names: [String; 2] = std::array::from_fn(|i| {
        names[i]
            .clone()
            .unwrap_or_else(|| armies[i].nation.name().to_string())
    });
    // Roll-off ("2x2 Game setup"): ties add 10 AP set up at the start, then re-roll.
    let (rounds, first_attacks) = crate::resolve::setup::roll_off(dice);
    for (i, (a, b)) in rounds.iter().enumerate() {
        log.push(format!("Roll-off: {} {a}, {} {b}", names[0], names[1]));
        if a == b {
            log.push(format!(
                "Tied: each side sets up {} AP at the start",
                crate::resolve::setup::initial_ap(i + 1)
            ));
        }
    }
    let initial_ap = crate::resolve::setup::initial_ap(rounds.len() - 1);
    let attacker = if first_attacks { 0 } else { 1 };
    let defender = 1 - attacker;
    log.push(format!(
        "{} attack, {} defend and move first",
        names[attacker], names[defender]
    ));
    let terrain = if base.terrain.is_empty() {
        place_terrain(&table, dice, choice, &mut log)
    } else {
        base.terrain.clone()
    };
    // Sides: index 0 is the defender (south edge), 1 the attacker (north edge).
    let order = [defender, attacker];
    let mut sides: Vec<SideSpec> = Vec::new();
    for (i, &a) in order.iter().enumerate() {
        let role = if i == 0 {
            Role::Defender
        } else {
            Role::Attacker
        };
        let edge = if i == 0 { Edge::South } else { Edge::North };
        sides.push(SideSpec {
            name: names[a].clone(),
            nation: Some(armies[a].nation.name().to_lowercase()),
            role,
            edge,
            points: Vec::new(),
            units: name_units(&armies[a]),
        });
    }
    // Deployment: initial AP on table, the rest queued at two points each.
    for side in sides.iter_mut() {
        deploy(side, &table, &terrain, &tables, initial_ap, choice);
    }
    // Reinforcement points: defender, attacker, defender, attacker ("2x2 Deployment").
    let mut points: [Vec<PointSpec>; 2] = [Vec::new(), Vec::new()];
    for _round in 0..2 {
        for i in 0..2 {
            let p = pick_point(i, &sides, &points, &table, &terrain, choice);
            points[i].push(p);
        }
    }
    for i in 0..2 {
        sides[i].points = points[i].clone();
        queue_reserves(&mut sides[i], choice);
        log.push(format!(
            "{} reinforcement points: {}",
            sides[i].name,
            sides[i]
                .points
                .iter()
                .map(|p| format!("{:?} edge at {:.1}\"", p.edge, p.at))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let name = if base.name.is_empty() {
        format!("{} attack {}", sides[1].name, sides[0].name)
    } else {
        base.name.clone()
    };
    let scenario = Scenario {
        rules: "two-by-two".into(),
        name,
        table,
        game: Game {
            initial_ap,
            deployment: Deployment::Book,
            ..base.game.clone()
        },
        options: base.options,
        terrain,
        sides,
        armies: Vec::new(),
        tables,
    };
    (scenario, SetupLog { lines: log })
}

fn name_units(army: &Army) -> Vec<UnitSpec> {
    // How many of each type are named so far: an army has few types, so a short list.
    let mut counts: smallvec::SmallVec<[(UnitType, usize); 8]> = smallvec::SmallVec::new();
    army.units
        .iter()
        .map(|(k, s)| {
            let at = match counts.iter().position(|(t, _)| t == k) {
                Some(at) => at,
                None => {
                    counts.push((*k, 0));
                    counts.len() - 1
                }
            };
            let n = &mut counts[at].1;
            *n += 1;
            UnitSpec {
                name: army::unit_name(army.nation, *k, *n),
                kind: *k,
                size: *s,
                at: None,
                point: None,
                command: None,
            }
        })
        .collect()
}

fn rand_in(choice: &mut Seeded, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * choice.unit()
}

/// The six terrain sectors ("2x2 Terrain placement"): 1-3 across the attacker's half (north)
/// from west to east, 4-6 across the defender's half.
pub fn sector_bounds(table: &TableSize, sector: u8) -> (Vec2, Vec2) {
    let w = table.width / 3.0;
    let h = table.depth / 2.0;
    let col = ((sector - 1) % 3) as f64;
    let y0 = if sector <= 3 { h } else { 0.0 };
    (Vec2::new(col * w, y0), Vec2::new((col + 1.0) * w, y0 + h))
}

fn point_in_sector(table: &TableSize, sector: u8, choice: &mut Seeded, margin: f64) -> Vec2 {
    let (lo, hi) = sector_bounds(table, sector);
    Vec2::new(
        rand_in(choice, lo.x + margin, hi.x - margin),
        rand_in(choice, lo.y + margin, hi.y - margin),
    )
}

fn blob(centre: Vec2, rx: f64, ry: f64, choice: &mut Seeded) -> ShapeSpec {
    let n = 9;
    let points = (0..n)
        .map(|i| {
            let a = i as f64 * std::f64::consts::TAU / n as f64;
            let k = rand_in(choice, 0.85, 1.1);
            [centre.x + rx * k * a.cos(), centre.y + ry * k * a.sin()]
        })
        .collect();
    ShapeSpec::Polygon { points }
}

/// An irregular area in the sector a die names, its half-widths drawn from the two ranges.
fn area_in_sector(
    table: &TableSize,
    dice: &mut dyn Dice,
    choice: &mut Seeded,
    log: &mut Vec<String>,
    what: &str,
    rx: (f64, f64),
    ry: (f64, f64),
) -> ShapeSpec {
    let s = dice.roll(6, "terrain sector");
    log.push(format!("{what}: sector {s}"));
    let c = point_in_sector(table, s, choice, 2.5);
    let (a, b) = (rand_in(choice, rx.0, rx.1), rand_in(choice, ry.0, ry.1));
    blob(c, a, b, choice)
}

/// The least distance from `p` to a polyline.
fn to_line(line: &[[f64; 2]], p: Vec2) -> f64 {
    line.windows(2)
        .map(|w| point_segment(p, v2(w[0]), v2(w[1])))
        .fold(f64::INFINITY, f64::min)
}

fn v2(p: [f64; 2]) -> Vec2 {
    Vec2::new(p[0], p[1])
}

/// The least distance from `p` to the centre line of a band feature.
fn to_line_of(f: &Feature, p: Vec2) -> f64 {
    let pts = f.shape.points();
    pts.windows(2)
        .map(|w| point_segment(p, w[0], w[1]))
        .fold(f64::INFINITY, f64::min)
}

/// A river laid in the set-up: its centre line and width.
#[derive(Debug, Clone)]
struct RiverLine {
    line: Vec<[f64; 2]>,
    width: f64,
}

/// The book's counts of each kind of feature ("2x2 Terrain placement"), as the defender's
/// general chooses them: streams (rivers among them) 0 to 2, hills 1 or 2, roads and towns
/// 1 or 2 each, dense woods 0 to 2, copses 0 to 6, hedges and walls 0 to 6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TerrainCounts {
    pub watercourses: usize,
    /// Of the watercourses, the one that is a river, if any.
    pub river: bool,
    pub hills: usize,
    pub roads: usize,
    pub towns: usize,
    pub woods: usize,
    pub copses: usize,
    pub hedges: usize,
}

impl TerrainCounts {
    /// The general's choice: each count drawn evenly over the book's range; one
    /// watercourse in three is a river, at most one a table (ruling R35).
    pub fn choose(choice: &mut Seeded) -> TerrainCounts {
        let watercourses = choice.below(3) as usize;
        let river = watercourses > 0 && choice.below(3) == 0;
        TerrainCounts {
            watercourses,
            river,
            hills: 1 + choice.below(2) as usize,
            roads: 1 + choice.below(2) as usize,
            towns: 1 + choice.below(2) as usize,
            woods: choice.below(3) as usize,
            copses: choice.below(7) as usize,
            hedges: choice.below(7) as usize,
        }
    }
}

/// A bridge or ford across a band at `p`, where a crossing line runs along `along`:
/// `span` inches along it and `breadth` across.
fn crossing(kind: TerrainKind, p: Vec2, along: Vec2, span: f64, breadth: f64) -> Feature {
    Feature::new(
        kind,
        ShapeSpec::Rect {
            centre: [p.x, p.y],
            width: span,
            height: breadth,
            angle: along.y.atan2(along.x).to_degrees(),
        },
    )
}

/// Terrain by the book's order: streams and rivers, hills, roads, towns, dense woods,
/// copses, hedges and walls, each in the sector a die roll names, in the numbers the book
/// gives (ruling R35). The defender's choices are made here as a general would.
fn place_terrain(
    table: &TableSize,
    dice: &mut dyn Dice,
    choice: &mut Seeded,
    log: &mut Vec<String>,
) -> Vec<Feature> {
    let counts = TerrainCounts::choose(choice);
    place_terrain_with(table, counts, dice, choice, log)
}

/// Terrain in the given numbers (see [`place_terrain`]).
pub fn place_terrain_with(
    table: &TableSize,
    counts: TerrainCounts,
    dice: &mut dyn Dice,
    choice: &mut Seeded,
    log: &mut Vec<String>,
) -> Vec<Feature> {
    let mut out: Vec<Feature> = Vec::new();
    let sector = |dice: &mut dyn Dice, what: &str, log: &mut Vec<String>| {
        let s = dice.roll(6, "terrain sector");
        log.push(format!("{what}: sector {s}"));
        s
    };
    let mut stream_lines: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut rivers: Vec<RiverLine> = Vec::new();
    for k in 0..counts.watercourses {
        let river = counts.river && k == 0;
        if river {
            // A river runs from the defender's edge to the attacker's through its sector,
            // clear of the flanks, impassable but at its bridges and fords.
            let s = sector(dice, "River", log);
            let c = point_in_sector(table, s, choice, 1.5);
            let lo = 4.0;
            let hi = table.width - 4.0;
            let x = c.x.clamp(lo, hi);
            let line = vec![
                [(x + rand_in(choice, -2.0, 2.0)).clamp(lo, hi), 0.0],
                [x, c.y],
                [(x + rand_in(choice, -2.0, 2.0)).clamp(lo, hi), table.depth],
            ];
            let width = rand_in(choice, 0.5, 0.8);
            out.push(Feature::new(
                TerrainKind::River,
                ShapeSpec::Band {
                    points: line.clone(),
                    width,
                },
            ));
            // One or two fords, between the deployment zones.
            let fords = 1 + choice.below(2) as usize;
            for f in 0..fords {
                let y = if fords == 1 {
                    rand_in(choice, 9.0, 15.0)
                } else if f == 0 {
                    rand_in(choice, 7.5, 10.5)
                } else {
                    rand_in(choice, 13.5, 16.5)
                };
                let seg = if y < c.y { &line[0..2] } else { &line[1..3] };
                let (a, b) = (v2(seg[0]), v2(seg[1]));
                let t = ((y - a.y) / (b.y - a.y)).clamp(0.0, 1.0);
                let p = a.lerp(b, t);
                log.push(format!("Ford at ({:.1}, {:.1})", p.x, p.y));
                out.push(crossing(
                    TerrainKind::Ford,
                    p,
                    (b - a).normalize(),
                    1.5,
                    width + 1.0,
                ));
            }
            rivers.push(RiverLine { line, width });
            continue;
        }
        let s = sector(dice, "Stream", log);
        let c = point_in_sector(table, s, choice, 1.5);
        // Across the table from west to east, bending through the sector, between the
        // deployment zones and at least 3" from another stream.
        let mut y = c.y.clamp(7.0, 17.0);
        let crowded = |y: f64, lines: &[Vec<[f64; 2]>]| {
            lines.iter().any(|l| to_line(l, Vec2::new(c.x, y)) < 3.0)
        };
        if crowded(y, &stream_lines) {
            y = if y < 12.0 { y + 4.0 } else { y - 4.0 };
        }
        let line = vec![
            [0.0, (y + rand_in(choice, -2.0, 2.0)).clamp(7.0, 17.0)],
            [c.x, y],
            [
                table.width,
                (y + rand_in(choice, -2.0, 2.0)).clamp(7.0, 17.0),
            ],
        ];
        stream_lines.push(line.clone());
        out.push(Feature::new(
            TerrainKind::Stream,
            ShapeSpec::Band {
                points: line,
                width: 0.25,
            },
        ));
    }
    for _ in 0..counts.hills {
        let spec = area_in_sector(table, dice, choice, log, "Hill", (1.5, 3.0), (1.2, 2.5));
        out.push(Feature::new(TerrainKind::Hill, spec));
    }
    let mut road_lines: Vec<Vec<[f64; 2]>> = Vec::new();
    for r in 0..counts.roads {
        let s = sector(dice, "Road", log);
        let c = point_in_sector(table, s, choice, 1.0);
        let line = if r == 0 {
            // Edge to opposite edge, south to north, through the sector.
            vec![
                [rand_in(choice, 6.0, 18.0), 0.0],
                [c.x, c.y],
                [rand_in(choice, 6.0, 18.0), table.depth],
            ]
        } else {
            vec![
                [0.0, rand_in(choice, 8.0, 16.0)],
                [c.x, c.y],
                [table.width, rand_in(choice, 8.0, 16.0)],
            ]
        };
        road_lines.push(line.clone());
        out.push(Feature::new(
            TerrainKind::Road,
            ShapeSpec::Band {
                points: line,
                width: 0.5,
            },
        ));
    }
    // Bridges wherever a road crosses a stream or a river, long enough to span it.
    let waters = stream_lines
        .iter()
        .map(|l| (l, 0.25))
        .chain(rivers.iter().map(|r| (&r.line, r.width)));
    let waters: Vec<(&Vec<[f64; 2]>, f64)> = waters.collect();
    for road in &road_lines {
        for (water, width) in &waters {
            for rw in road.windows(2) {
                for sw in water.windows(2) {
                    if let Some((t, _)) = grognard_geometry::distance::segment_intersection(
                        v2(rw[0]),
                        v2(rw[1]),
                        v2(sw[0]),
                        v2(sw[1]),
                    ) {
                        let p = v2(rw[0]).lerp(v2(rw[1]), t);
                        let d = (v2(rw[1]) - v2(rw[0])).normalize();
                        let flow = (v2(sw[1]) - v2(sw[0])).normalize();
                        // The road crosses the water at an angle: the span grows with it.
                        let sin = d.perp_dot(flow).abs().max(0.3);
                        let span = (width / sin + 0.6).max(1.0);
                        out.push(crossing(TerrainKind::Bridge, p, d, span, 1.0));
                    }
                }
            }
        }
    }
    let clear_of_rivers = |p: Vec2, margin: f64| {
        rivers
            .iter()
            .all(|r| to_line(&r.line, p) > r.width / 2.0 + margin)
    };
    for _ in 0..counts.towns {
        let s = sector(dice, "Town", log);
        let (lo, hi) = sector_bounds(table, s);
        let target = (lo + hi) * 0.5;
        // On the road point nearest the sector's centre, clear of other towns and rivers.
        let mut best = target;
        let mut best_d = f64::INFINITY;
        let towns_so_far: Vec<Vec2> = out
            .iter()
            .filter(|f| f.kind == TerrainKind::Town)
            .map(|f| {
                let (lo, hi) = f.shape.bounds();
                (lo + hi) * 0.5
            })
            .collect();
        // Apart from other towns if possible; never on a river.
        for apart in [true, false] {
            for road in &road_lines {
                for w in road.windows(2) {
                    let a = v2(w[0]);
                    let b = v2(w[1]);
                    let steps = (a.distance(b) / 0.5).ceil().max(1.0) as usize;
                    for k in 0..=steps {
                        let p = a.lerp(b, k as f64 / steps as f64);
                        let inside = p.x >= 2.0
                            && p.x <= table.width - 2.0
                            && p.y >= 7.5
                            && p.y <= table.depth - 7.5;
                        let clear = (!apart || towns_so_far.iter().all(|t| t.distance(p) >= 3.0))
                            && clear_of_rivers(p, 1.5);
                        if inside && clear && p.distance(target) < best_d {
                            best_d = p.distance(target);
                            best = p;
                        }
                    }
                }
            }
            if best_d.is_finite() {
                break;
            }
        }
        let p = best.clamp(
            Vec2::new(2.0, 7.5),
            Vec2::new(table.width - 2.0, table.depth - 7.5),
        );
        let size = rand_in(choice, 1.5, 2.0);
        out.push(Feature::new(
            TerrainKind::Town,
            ShapeSpec::Rect {
                centre: [p.x, p.y],
                width: size,
                height: size,
                angle: 0.0,
            },
        ));
    }
    for _ in 0..counts.woods {
        let spec = area_in_sector(
            table,
            dice,
            choice,
            log,
            "Dense wood",
            (1.2, 2.8),
            (1.2, 2.8),
        );
        out.push(Feature::new(TerrainKind::DenseWood, spec));
    }
    for _ in 0..counts.copses {
        let s = sector(dice, "Copse", log);
        let c = point_in_sector(table, s, choice, 1.0);
        out.push(Feature::new(
            TerrainKind::Copse,
            ShapeSpec::Circle {
                centre: [c.x, c.y],
                radius: rand_in(choice, 0.4, 0.9),
            },
        ));
    }
    for _ in 0..counts.hedges {
        let wall = choice.below(2) == 0;
        let s = sector(dice, if wall { "Wall" } else { "Hedge" }, log);
        let c = point_in_sector(table, s, choice, 1.0);
        let a = rand_in(choice, -0.3, 0.3);
        out.push(Feature::new(
            if wall {
                TerrainKind::Wall
            } else {
                TerrainKind::Hedge
            },
            ShapeSpec::Band {
                points: vec![
                    [c.x - 0.6 * a.cos(), c.y - 0.6 * a.sin()],
                    [c.x + 0.6 * a.cos(), c.y + 0.6 * a.sin()],
                ],
                width: 0.2,
            },
        ));
    }
    out
}

/// Which units start on table: HQ first, then infantry, then artillery, within the AP.
fn deploy(
    side: &mut SideSpec,
    table: &TableSize,
    terrain: &[Feature],
    tables: &Tables,
    ap: f64,
    choice: &mut Seeded,
) {
    let mut order: Vec<usize> = (0..side.units.len()).collect();
    let rank = |k: UnitType| match k {
        UnitType::Hq => 0,
        k if k.is_infantry() => 1,
        k if k.is_artillery() => 2,
        _ => 3,
    };
    order.sort_by_key(|&i| (rank(side.units[i].kind), i));
    let mut spent = 0.0;
    let mut chosen = Vec::new();
    for i in order {
        let c = tables.cost(side.units[i].kind, side.units[i].size);
        if spent + c <= ap + 1e-9 {
            spent += c;
            chosen.push(i);
        }
    }
    let south = side.edge == Edge::South;
    let facing: f64 = if south { 90.0 } else { -90.0 };
    let line_y = if south { 3.5 } else { table.depth - 3.5 };
    let hq_y = if south { 1.5 } else { table.depth - 1.5 };
    let centre = rand_in(choice, 8.0, 16.0);
    let mut placed: Vec<Base> = Vec::new();
    let mut slot = 0i32;
    for i in chosen {
        let is_hq = side.units[i].kind == UnitType::Hq;
        let y = if is_hq { hq_y } else { line_y };
        // Spread along the line, alternating either side of the centre, avoiding bad ground.
        let mut pose = None;
        for attempt in 0..40 {
            let k = if is_hq { attempt } else { slot + attempt };
            let off = if k % 2 == 0 { k / 2 } else { -(k + 1) / 2 } as f64 * 1.6;
            let x = (centre + off).clamp(3.5, table.width - 3.5);
            let p = Pose::new(x, y, facing.to_radians());
            let b = Base::new(p, BASE_WIDTH, BASE_DEPTH);
            if deployment_fault(table, side.edge, &b, tables).is_some() {
                continue;
            }
            let bad_ground = terrain.iter().any(|f| {
                matches!(
                    f.kind,
                    TerrainKind::DenseWood | TerrainKind::River | TerrainKind::LightWood
                ) && f.shape.overlaps_convex(&b.corners(), 0.0)
            });
            // Bases whose centres are further apart than their two circles and the gap
            // cannot come nearer than the gap.
            let clear = |o: &Base| {
                o.pose.pos.distance(p.pos) > 2.0 * BASE_RADIUS + 0.3 + 1e-9
                    || grognard_geometry::distance::base_base(o, &b) > 0.3
            };
            if !bad_ground && placed.iter().all(clear) {
                pose = Some(p);
                if !is_hq {
                    slot += attempt + 1;
                }
                break;
            }
        }
        if let Some(p) = pose {
            placed.push(Base::new(p, BASE_WIDTH, BASE_DEPTH));
            side.units[i].at = Some([p.pos.x, p.pos.y, facing]);
        }
    }
}

/// Pick a reinforcement point for side `i` (0 defender, 1 attacker).
fn pick_point(
    i: usize,
    sides: &[SideSpec],
    taken: &[Vec<PointSpec>; 2],
    table: &TableSize,
    terrain: &[Feature],
    choice: &mut Seeded,
) -> PointSpec {
    let own = sides[i].edge;
    let mine = &taken[i];
    if i == 1 && mine.is_empty() {
        // The attacker tries a flank: not within 6" of a defending unit or point.
        for _ in 0..20 {
            let edge = if choice.below(2) == 0 {
                Edge::West
            } else {
                Edge::East
            };
            let at = rand_in(choice, 8.0, 20.0);
            let pos = point_pos(table, edge, at);
            let clear_units = sides[0].units.iter().filter_map(|u| u.at).all(|[x, y, _]| {
                let b = Base::new(Pose::new(x, y, 0.0), BASE_WIDTH, BASE_DEPTH);
                grognard_geometry::distance::point_base(pos, &b) > 6.0
            });
            let clear_points = taken[0]
                .iter()
                .all(|p| point_pos(table, p.edge, p.at).distance(pos) > 6.0);
            if clear_units && clear_points {
                return PointSpec { edge, at };
            }
        }
    }
    // On the own edge, 6" from the side's other point and clear of rivers: a reinforcement
    // may not be placed in one.
    let radius = Tables::default().arrival.radius;
    let mut fallback = None;
    for _ in 0..200 {
        let at = rand_in(choice, 4.0, 20.0);
        if mine.iter().all(|p| (p.at - at).abs() > 6.0) {
            let pos = point_pos(table, own, at);
            let dry = terrain
                .iter()
                .filter(|f| f.kind == TerrainKind::River)
                .all(|r| to_line_of(r, pos) > r.shape.half_width() + radius + 0.6);
            if dry {
                return PointSpec { edge: own, at };
            }
            fallback.get_or_insert(at);
        }
    }
    PointSpec {
        edge: own,
        at: fallback.unwrap_or(if mine.is_empty() { 6.0 } else { 18.0 }),
    }
}

/// Split the units not on table between the two points, cheap units first at each so the
/// enemy gains little by exchanging them ("2x2 Reinforcements").
fn queue_reserves(side: &mut SideSpec, choice: &mut Seeded) {
    let mut reserve: Vec<usize> = (0..side.units.len())
        .filter(|i| side.units[*i].at.is_none())
        .collect();
    let n_points = side.points.len().max(1);
    // Cavalry prefers a flank point; the rest alternate.
    reserve.sort_by_key(|&i| (!side.units[i].kind.is_cavalry(), i));
    let flank = side.points.iter().position(|p| p.edge != side.edge);
    let mut next = choice.below(n_points as u64) as usize;
    for i in reserve {
        let p = match flank {
            Some(f) if side.units[i].kind.is_cavalry() => f,
            _ => {
                next = (next + 1) % n_points;
                next
            }
        };
        side.units[i].point = Some(p);
    }
    // Within each point, put a line battalion first so an exchange costs little.
    let mut ordered: Vec<UnitSpec> = side
        .units
        .iter()
        .filter(|u| u.at.is_some())
        .cloned()
        .collect();
    for p in 0..n_points {
        let mut q: Vec<UnitSpec> = side
            .units
            .iter()
            .filter(|u| u.at.is_none() && u.point == Some(p))
            .cloned()
            .collect();
        if let Some(k) = q.iter().position(|u| u.kind == UnitType::Line) {
            let first = q.remove(k);
            q.insert(0, first);
        }
        ordered.extend(q);
    }
    side.units = ordered;
}

/// A battle of `n` units a side, for measuring how time grows with size (the scale bench):
/// each side in two ranks along its own edge, foot in front and horse and guns behind, an
/// HQ for every six units, facing the other across an open table widened to fit them. It
/// is set up freely, every unit on the table (the project's own, not the book's set-up); up
/// to 230 units a side fit the widest table the book allows.
pub fn large(n: usize) -> Scenario {
    let per_rank = n.div_ceil(2);
    let width = (8.0 + per_rank as f64 * 2.0).clamp(24.0, 240.0);
    let depth = 24.0;
    let kinds = [
        UnitType::Hq,
        UnitType::Line,
        UnitType::Line,
        UnitType::Line,
        UnitType::LightCavalry,
        UnitType::FootArtillery,
    ];
    let side = |i: usize| {
        let (role, edge, name) = if i == 0 {
            (Role::Defender, Edge::South, "South")
        } else {
            (Role::Attacker, Edge::North, "North")
        };
        let units = (0..n)
            .map(|k| {
                let kind = kinds[k % kinds.len()];
                // Line in the front rank, the rest in the rank behind it.
                let rank = if kind == UnitType::Line { 0.0 } else { 1.5 };
                let x = 4.0 + (k / 2) as f64 * 2.0 + (k % 2) as f64;
                let (y, facing) = if i == 0 {
                    (5.5 - rank, 90.0)
                } else {
                    (depth - 5.5 + rank, -90.0)
                };
                UnitSpec {
                    name: format!("{name} {} {}", kind.name(), k + 1),
                    kind,
                    size: Size::default(),
                    at: Some([x, y, facing]),
                    point: None,
                    command: None,
                }
            })
            .collect();
        SideSpec {
            name: name.into(),
            nation: None,
            role,
            edge,
            points: Vec::new(),
            units,
        }
    };
    Scenario {
        rules: "two-by-two".into(),
        name: format!("{n} units a side"),
        table: TableSize { width, depth },
        game: Game {
            deployment: Deployment::Free,
            ..Game::default()
        },
        options: Options::default(),
        terrain: Vec::new(),
        sides: vec![side(0), side(1)],
        armies: Vec::new(),
        tables: Tables::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scale_battles_are_valid_and_place_every_unit_clear_of_the_others() {
        for n in [1, 12, 150] {
            let scenario = large(n);
            assert!(
                crate::design::validate::problems(&scenario).is_empty(),
                "{n}"
            );
            let s = start(&scenario);
            for side in [Side(0), Side(1)] {
                assert_eq!(s.friends_of(side).count(), n, "{n}");
                let hqs = s.friends_of(side).filter(|u| u.kind == UnitType::Hq);
                assert_eq!(hqs.count(), n.div_ceil(6), "{n}");
            }
            let units: Vec<_> = s.on_table().collect();
            for (i, a) in units.iter().enumerate() {
                assert!(s.field.contains(&a.base()), "{n}: {} is off", s.name(a.id));
                for b in &units[i + 1..] {
                    assert!(
                        !crate::measure::overlapping(&a.base(), &b.base()),
                        "{n}: {} and {}",
                        s.name(a.id),
                        s.name(b.id)
                    );
                }
            }
        }
    }

    #[test]
    fn sectors_follow_the_plate() {
        let t = TableSize::default();
        let (lo, hi) = sector_bounds(&t, 1);
        assert_eq!((lo, hi), (Vec2::new(0.0, 12.0), Vec2::new(8.0, 24.0)));
        let (lo, _) = sector_bounds(&t, 6);
        assert_eq!(lo, Vec2::new(16.0, 0.0));
    }

    #[test]
    fn tied_roll_off_adds_ten_ap() {
        // Scripted: tie 3-3, then 5-2 (first army attacks), then terrain dice.
        let mut faces = vec![3, 3, 5, 2];
        faces.extend(std::iter::repeat_n(4, 40));
        let mut dice = grognard_engine::dice::Scripted::new(&faces);
        let mut choice = Seeded::new(1);
        let (s, log) = generate(
            [
                Army::standard(Nation::French),
                Army::standard(Nation::Austrian),
            ],
            GameKind::Fast,
            &mut dice,
            &mut choice,
        );
        assert_eq!(s.game.initial_ap, 20.0);
        assert_eq!(s.sides[1].name, "French", "{:?}", log.lines);
        assert_eq!(s.sides[1].role, Role::Attacker);
        let on_table: f64 = s.sides[1]
            .units
            .iter()
            .filter(|u| u.at.is_some())
            .map(|u| Tables::default().cost(u.kind, u.size))
            .sum();
        assert!(on_table <= 20.0 && on_table > 10.0, "{on_table}");
    }
}
