//! Checking a scenario before a battle starts: every problem with its field path and a hint.

use crate::design::army::{self, Nation};
use crate::design::limits::{
    name_problem, num, printable, MAX_DEGREES, MAX_ELEVATION, MAX_OUTLINE_POINTS, MAX_POINTS,
    MAX_TERRAIN, MIN_EXTENT, NAME_HINT,
};
use crate::design::setup::{deployment_fault, inches, point_pos};
use crate::measure::overlapping;
use crate::scenario::{Deployment, Edge, Role, Scenario};
use crate::state::{BASE_DEPTH, BASE_WIDTH};
use crate::units::{Size, UnitType};
use grognard_engine::files::{parse_toml, FileError, Problem};
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_geometry::distance::point_base;
use grognard_geometry::shape::ShapeSpec;
use grognard_geometry::{Base, Pose};

pub use crate::design::limits::MAX_UNITS_PER_SIDE;

/// Parse and check a scenario file.
pub fn load(file: &str, text: &str) -> Result<Scenario, Vec<FileError>> {
    let s: Scenario = parse_toml(file, text).map_err(|e| vec![e])?;
    let mut problems = grognard_engine::terrain::unknown_keys(text);
    problems.extend(self::problems(&s));
    finish(s, problems, file, text)
}

/// Parse and check an army list file.
pub fn load_army(file: &str, text: &str) -> Result<army::ArmyList, Vec<FileError>> {
    let a: army::ArmyList = parse_toml(file, text).map_err(|e| vec![e])?;
    let problems = a.problems(&crate::tables::Tables::default());
    let entries: Vec<_> = a.units.iter().map(|e| (e.kind, e.size)).collect();
    let problems = pin_to_rows(problems, a.nation, "units", &entries);
    finish(a, problems, file, text)
}

/// The value, or its problems located in the text, each reported once (an entry with
/// `count = 3` would otherwise repeat a problem three times).
fn finish<T>(
    value: T,
    problems: Vec<Problem>,
    file: &str,
    text: &str,
) -> Result<T, Vec<FileError>> {
    if problems.is_empty() {
        return Ok(value);
    }
    let mut seen = std::collections::HashSet::new();
    Err(problems
        .into_iter()
        .filter(|p| seen.insert((p.path.clone(), p.message.clone())))
        .map(|mut p| {
            // A message may quote a name (or a path a key) that is itself refused for its
            // control characters.
            p.message = printable(&p.message);
            let mut e = p.locate(file, text);
            e.path = printable(&e.path);
            e
        })
        .collect())
}

/// The allowance checks report a row that has too many or too few units against the list
/// as a whole (`base`). Where the message names a row and some entry belongs to it, point
/// at the first such entry instead, so the line shown is one of the units concerned.
fn pin_to_rows(
    problems: Vec<Problem>,
    nation: Nation,
    base: &str,
    entries: &[(UnitType, Size)],
) -> Vec<Problem> {
    let rows = nation.allowances();
    let in_row = |row: &army::Allowance, kind: UnitType, size: Size| {
        if row.kind != kind {
            return false;
        }
        if row.large_only {
            return size == Size::Large;
        }
        // Large units go to a Large-only row of their type when the list has one.
        size != Size::Large || !rows.iter().any(|r| r.kind == kind && r.large_only)
    };
    problems
        .into_iter()
        .map(|mut p| {
            if p.path != base {
                return p;
            }
            let row = rows
                .iter()
                .find(|r| p.message.contains(&format!("({})", r.notation())));
            if let Some(row) = row {
                if let Some(i) = entries.iter().position(|(k, s)| in_row(row, *k, *s)) {
                    p.path = format!("{base}[{i}]");
                }
            }
            p
        })
        .collect()
}

fn finite(v: &[f64]) -> bool {
    v.iter().all(|x| x.is_finite())
}

/// A name's problem, if any, under `path`.
fn check_name(out: &mut Vec<Problem>, path: String, name: &str, required: bool) {
    if let Some(why) = name_problem(name, required) {
        out.push(Problem::new(path, why, NAME_HINT));
    }
}

/// Twice signed area of a closed outline (shoelace).
fn twice_area(points: &[[f64; 2]]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a[0] * b[1] - b[0] * a[1]
        })
        .sum()
}

/// Everything wrong with one terrain feature.
fn feature_problems(s: &Scenario, i: usize, f: &Feature, out: &mut Vec<Problem>) {
    let p = |path: String, msg: String, hint: &str| Problem::new(path, msg, hint);
    let (w, d) = (s.table.width, s.table.depth);
    let longest = 2.0 * w.max(d);
    let fp = format!("terrain[{i}]");
    if let Some(name) = &f.name {
        check_name(out, format!("{fp}.name"), name, false);
    }
    // Every coordinate written: on or near the table.
    let near_table = |q: [f64; 2]| {
        q[0].is_finite()
            && q[1].is_finite()
            && (-w..=2.0 * w).contains(&q[0])
            && (-d..=2.0 * d).contains(&q[1])
    };
    let place_hint = format!(
        "give points as [x, y] in inches from the table's south-west corner, from [-{w}, -{d}] to [{}, {}] on this table",
        2.0 * w,
        2.0 * d
    );
    let far = |q: [f64; 2]| {
        if q[0].is_finite() && q[1].is_finite() {
            format!(
                "the point [{}, {}] lies far off the table",
                num(q[0]),
                num(q[1])
            )
        } else {
            "a point that is not a number".to_string()
        }
    };
    let size = |out: &mut Vec<Problem>, field: &str, v: f64| {
        // Written so that NaN fails too.
        if !(v > 0.0 && v <= longest) {
            out.push(p(
                format!("{fp}.{field}"),
                format!(
                    "a {field} of {}\": a size must be more than 0 and at most {longest}\" on this table",
                    num(v)
                ),
                &format!(
                    "sizes are in inches, more than 0 and at most {longest} (twice the table's longer side)"
                ),
            ));
        }
    };
    match f.shape.spec() {
        ShapeSpec::Polygon { points } | ShapeSpec::Band { points, .. } => {
            let band = matches!(f.shape.spec(), ShapeSpec::Band { .. });
            if points.len() > MAX_OUTLINE_POINTS {
                out.push(p(
                    format!("{fp}.points"),
                    format!(
                        "{} points, more than the {MAX_OUTLINE_POINTS} an outline may have",
                        points.len()
                    ),
                    "draw the feature with fewer points",
                ));
                return;
            }
            if let Some(k) = points.iter().position(|q| !near_table(*q)) {
                out.push(p(format!("{fp}.points[{k}]"), far(points[k]), &place_hint));
                return;
            }
            if band {
                if points.len() < 2 {
                    out.push(p(
                        format!("{fp}.points"),
                        format!("a band along {} point(s)", points.len()),
                        "a band runs along a line of at least two points",
                    ));
                    return;
                }
                let length: f64 = points
                    .windows(2)
                    .map(|q| ((q[1][0] - q[0][0]).powi(2) + (q[1][1] - q[0][1]).powi(2)).sqrt())
                    .sum();
                if length < MIN_EXTENT {
                    out.push(p(
                        format!("{fp}.points"),
                        format!(
                            "a band {}\" long: its points all lie together",
                            crate::design::setup::inches(length)
                        ),
                        &format!(
                            "a band runs along a line at least {MIN_EXTENT}\" long; give points apart from each other"
                        ),
                    ));
                }
            } else if points.len() < 3 {
                out.push(p(
                    format!("{fp}.points"),
                    format!("an area of {} point(s)", points.len()),
                    "an area needs at least three points; use shape = \"circle\" or \"rect\" for simple areas",
                ));
                return;
            } else {
                let area = twice_area(points).abs() / 2.0;
                if area < MIN_EXTENT {
                    out.push(p(
                        format!("{fp}.points"),
                        format!(
                            "an outline with no area ({}): its points lie together or on one line, or its edges cross so that the area cancels out",
                            if area == 0.0 {
                                "0 square inches".to_string()
                            } else {
                                format!("{area:.4} square inches")
                            }
                        ),
                        &format!(
                            "an area must cover at least {MIN_EXTENT} square inches; spread its points round the ground it covers"
                        ),
                    ));
                }
            }
            if let ShapeSpec::Band { width, .. } = f.shape.spec() {
                size(out, "width", *width);
            }
        }
        ShapeSpec::Circle { centre, radius } => {
            if !near_table(*centre) {
                out.push(p(format!("{fp}.centre"), far(*centre), &place_hint));
            }
            size(out, "radius", *radius);
        }
        ShapeSpec::Rect {
            centre,
            width,
            height,
            angle,
        } => {
            if !near_table(*centre) {
                out.push(p(format!("{fp}.centre"), far(*centre), &place_hint));
            }
            if !(angle.is_finite() && angle.abs() <= MAX_DEGREES) {
                out.push(p(
                    format!("{fp}.angle"),
                    format!(
                        "an angle of {} degrees: from -{MAX_DEGREES} to {MAX_DEGREES} are accepted",
                        num(*angle)
                    ),
                    &format!("give the rotation in degrees, from -{MAX_DEGREES} to {MAX_DEGREES}"),
                ));
            }
            size(out, "width", *width);
            size(out, "height", *height);
        }
    }
    let edges = f.shape.points().len();
    if f.steep_edges.len() > edges {
        out.push(p(
            format!("{fp}.steep_edges"),
            format!(
                "{} steep edges on an outline of {edges} edges",
                f.steep_edges.len()
            ),
            "name each edge once",
        ));
        return;
    }
    for (k, e) in f.steep_edges.iter().enumerate() {
        if matches!(f.shape.spec(), ShapeSpec::Band { .. }) || *e >= edges {
            out.push(p(
                format!("{fp}.steep_edges[{k}]"),
                format!("there is no edge {e} on this outline"),
                &format!(
                    "edge i runs from point i to point i + 1; this outline has {edges} edge(s), numbered from 0"
                ),
            ));
        }
    }
    if f.kind == TerrainKind::Hill && f.elevation == 0 {
        out.push(p(
            format!("{fp}.elevation"),
            "a hill of elevation 0".into(),
            "give hills an elevation of 1 or more",
        ));
    }
    if f.kind == TerrainKind::Hill && f.elevation > MAX_ELEVATION {
        out.push(p(
            format!("{fp}.elevation"),
            format!(
                "a hill of elevation {}, more than the {MAX_ELEVATION} levels allowed",
                f.elevation
            ),
            "elevation counts levels above the table: 1 for a hill, 2 for a hill on a hill",
        ));
    }
    if f.kind != TerrainKind::Hill && f.elevation != 0 {
        out.push(p(
            format!("{fp}.elevation"),
            format!("a {} with an elevation", f.kind.name()),
            "only hills have an elevation; leave it out, or make the feature a hill",
        ));
    }
    if f.kind == TerrainKind::Building {
        out.push(p(
            format!("{fp}.kind"),
            "\"2 by 2\" has no single buildings".into(),
            "draw a village as a town",
        ));
    }
    if matches!(f.kind, TerrainKind::HastyWorks | TerrainKind::FieldWorks) {
        out.push(p(
            format!("{fp}.kind"),
            format!("\"2 by 2\" has no {}", f.kind.name()),
            "the book's obstacles are hedges and walls (\"2x2 Movement modifiers\"); draw works as a wall",
        ));
    }
    if f.kind == TerrainKind::LightWood && !s.options.light_woods {
        out.push(p(
            format!("{fp}.kind"),
            "light woods need the optional rule".into(),
            "set options.light_woods = true",
        ));
    }
}

/// Everything wrong with a scenario.
fn terrain_problems(s: &Scenario, out: &mut Vec<Problem>) {
    if s.terrain.len() > MAX_TERRAIN {
        out.push(Problem::new(
            format!("terrain[{MAX_TERRAIN}]"),
            format!(
                "{} terrain features, more than the {MAX_TERRAIN} a table may hold",
                s.terrain.len()
            ),
            "the book suggests four to six features on a 24\" table",
        ));
    } else {
        for (i, f) in s.terrain.iter().enumerate() {
            feature_problems(s, i, f, out);
        }
    }
}

/// A scenario of army lists, whose sides the set-up procedure makes when it is read.
fn army_entries(s: &Scenario, out: &mut Vec<Problem>) {
    if !s.sides.is_empty() {
        out.push(Problem::new(
            "sides",
            "a scenario gives either [[sides]] or [[armies]], not both",
            "with [[armies]], the book's set-up procedure places the units; remove the [[sides]], or the [[armies]] to place them yourself",
        ));
    }
    if s.armies.len() != 2 {
        out.push(Problem::new(
            if s.armies.len() > 2 {
                "armies[2]"
            } else {
                "armies"
            },
            format!("{} armies given", s.armies.len()),
            "a battle has exactly two [[armies]], each naming an army list",
        ));
        return;
    }
    for (i, a) in s.armies.iter().enumerate() {
        if let Some(name) = &a.name {
            check_name(out, format!("armies[{i}].name"), name, true);
        }
        if a.list.trim().is_empty() || a.list.chars().any(char::is_control) {
            out.push(Problem::new(
                format!("armies[{i}].list"),
                "an army list's path is needed",
                "list = \"french-40ap.toml\", the path from this scenario's folder",
            ));
        }
    }
    if let [Some(a), Some(b)] = [&s.armies[0].name, &s.armies[1].name] {
        if a == b {
            out.push(Problem::new(
                "armies[1].name",
                format!("both armies are named {a:?}"),
                "give the sides different names: results, losses and replays are told by side name",
            ));
        }
    }
}

pub fn problems(s: &Scenario) -> Vec<Problem> {
    let mut out = Vec::new();
    let p = |path: String, msg: String, hint: &str| Problem::new(path, msg, hint);
    if s.rules != "two-by-two" {
        out.push(p(
            "rules".into(),
            format!("this file is for {:?}, not two-by-two", s.rules),
            "write rules = \"two-by-two\"",
        ));
    }
    check_name(&mut out, "name".into(), &s.name, true);
    let (w, d) = (s.table.width, s.table.depth);
    let mut table_ok = true;
    for (field, v) in [("width", w), ("depth", d)] {
        if !(6.0..=240.0).contains(&v) {
            table_ok = false;
            out.push(p(
                format!("table.{field}"),
                format!(
                    "a table {}\" in {field}, outside the 6\" to 240\" accepted",
                    num(v)
                ),
                "the book's table is 24\" by 24\"; sizes from 6\" to 240\" are accepted",
            ));
        }
    }
    if !table_ok {
        return out;
    }
    // Written so that NaN fails too.
    if !(s.game.initial_ap >= 0.0 && s.game.initial_ap <= MAX_POINTS) {
        out.push(p(
            "game.initial_ap".into(),
            format!(
                "{} AP on table at the start: from 0 to {MAX_POINTS} AP are accepted",
                num(s.game.initial_ap)
            ),
            &format!(
                "10 is the book's figure, plus 10 per tied roll-off; from 0 to {MAX_POINTS} AP are accepted"
            ),
        ));
    }
    out.extend(s.tables.problems());
    if s.game.turn_limit == 0 || s.game.turn_limit > 1000 {
        out.push(p(
            "game.turn_limit".into(),
            "the turn limit must be from 1 to 1000".into(),
            "30 is ample for a 40 AP battle",
        ));
    }
    if !s.armies.is_empty() {
        army_entries(s, &mut out);
        terrain_problems(s, &mut out);
        return out;
    }
    if s.sides.len() > 2 {
        out.push(p(
            "sides[2]".into(),
            format!("a third side ({} sides given)", s.sides.len()),
            "a battle has exactly two [[sides]]; remove this one and any after it",
        ));
        return out;
    }
    if s.sides.len() < 2 {
        out.push(p(
            "sides".into(),
            format!("{} side(s) given", s.sides.len()),
            "a battle has exactly two [[sides]]",
        ));
        return out;
    }
    for (si, side) in s.sides.iter().enumerate() {
        check_name(&mut out, format!("sides[{si}].name"), &side.name, true);
    }
    if s.sides[0].name == s.sides[1].name {
        out.push(p(
            "sides[1].name".into(),
            format!("both sides are named {:?}", s.sides[1].name),
            "give the sides different names: results, losses and replays are told by side name",
        ));
    }
    if s.sides[0].role == s.sides[1].role {
        out.push(p(
            "sides[1].role".into(),
            "both sides have the same role".into(),
            "one side is the attacker, the other the defender",
        ));
    }
    terrain_problems(s, &mut out);
    let tables = &s.tables;
    let mut bases: Vec<(String, Base, usize)> = Vec::new();
    for (si, side) in s.sides.iter().enumerate() {
        let sp = format!("sides[{si}]");
        if side.units.is_empty() {
            out.push(p(
                format!("{sp}.units"),
                "a side with no units".into(),
                "add [[sides.units]] entries",
            ));
        }
        if side.units.len() > MAX_UNITS_PER_SIDE {
            out.push(p(
                format!("{sp}.units[{MAX_UNITS_PER_SIDE}]"),
                format!(
                    "{} units in one side, more than the {MAX_UNITS_PER_SIDE} allowed",
                    side.units.len()
                ),
                "a 40 AP army of the book has about 16",
            ));
            continue;
        }
        if side.points.len() > 2 {
            out.push(p(
                format!("{sp}.points[2]"),
                format!(
                    "{} reinforcement points, more than the 2 allowed",
                    side.points.len()
                ),
                "the book gives each side two",
            ));
            continue;
        }
        if !side.units.iter().any(|u| u.kind == UnitType::Hq) {
            out.push(p(
                format!("{sp}.units"),
                "a side needs at least one HQ to rally (\"2x2 Rallying\")".into(),
                "add a unit with kind = \"hq\"",
            ));
        }
        let mut names: std::collections::HashMap<&str, usize> = Default::default();
        for (ui, u) in side.units.iter().enumerate() {
            check_name(&mut out, format!("{sp}.units[{ui}].name"), &u.name, true);
            if let Some(c) = &u.command {
                check_name(&mut out, format!("{sp}.units[{ui}].command"), c, true);
            }
            if let Some(first) = names.insert(&u.name, ui) {
                names.insert(&u.name, first);
                out.push(p(
                    format!("{sp}.units[{ui}].name"),
                    format!(
                        "a second unit named {:?} in this side (the first is units[{first}])",
                        u.name
                    ),
                    "give every unit of a side its own name: orders, chains of command and the narrative tell units apart by name",
                ));
            }
        }
        for (pi, pt) in side.points.iter().enumerate() {
            let len = match pt.edge {
                Edge::South | Edge::North => w,
                _ => d,
            };
            if !pt.at.is_finite() || pt.at < 0.0 || pt.at > len {
                out.push(p(
                    format!("{sp}.points[{pi}].at"),
                    format!("{} is off the {:?} edge", num(pt.at), pt.edge),
                    &format!("measure along the edge from its west or south end, from 0 to {len}"),
                ));
                continue;
            }
            let flank = pt.edge != side.edge;
            let opposite = matches!(
                (side.edge, pt.edge),
                (Edge::South, Edge::North)
                    | (Edge::North, Edge::South)
                    | (Edge::West, Edge::East)
                    | (Edge::East, Edge::West)
            );
            if flank && (side.role == Role::Defender || opposite) {
                out.push(p(format!("{sp}.points[{pi}].edge"), "this reinforcement point is not on an edge the side may use".into(), "defenders use their own edge; attackers their own edge or a flank (\"2x2 Deployment\")"));
            }
            if flank && side.role == Role::Attacker && s.game.deployment == Deployment::Book {
                let pos = point_pos(&s.table, pt.edge, pt.at);
                let other = &s.sides[1 - si];
                let clearance = tables.arrival.flank_clearance;
                // The nearest defending unit or point closer than the clearance, if any.
                let units = other.units.iter().filter_map(|u| {
                    let [x, y, f] = u.at?;
                    if !finite(&[x, y, f]) {
                        return None;
                    }
                    let b = Base::new(Pose::new(x, y, f.to_radians()), BASE_WIDTH, BASE_DEPTH);
                    Some((format!("{} ({})", u.name, other.name), point_base(pos, &b)))
                });
                let points = other.points.iter().enumerate().map(|(qi, q)| {
                    (
                        format!("{}'s point {qi}", other.name),
                        point_pos(&s.table, q.edge, q.at).distance(pos),
                    )
                });
                let nearest = units
                    .chain(points)
                    .filter(|(_, dist)| *dist < clearance)
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                if let Some((what, dist)) = nearest {
                    out.push(p(
                        format!("{sp}.points[{pi}]"),
                        format!(
                            "this flank point is {dist:.1}\" from {what}; an attacker's flank point must be at least {clearance}\" from every defending unit and point"
                        ),
                        "move the point further along the edge, away from the defenders (\"2x2 Deployment\")",
                    ));
                }
            }
        }
        let mut on_table_ap = 0.0;
        // The first unit set up beyond the AP allowed on table.
        let mut over: Option<usize> = None;
        for (ui, u) in side.units.iter().enumerate() {
            let up = format!("{sp}.units[{ui}]");
            if let Some(sw) = u.kind.optional_rule() {
                if !s.options.allows(sw) {
                    out.push(p(
                        format!("{up}.kind"),
                        format!("{} belongs to an optional rule", u.kind.name()),
                        &format!("set options.{sw} = true"),
                    ));
                }
            }
            if (u.kind == UnitType::Hq || u.kind.is_artillery()) && u.size != Size::Common {
                out.push(p(
                    format!("{up}.size"),
                    format!("size does not apply to {}", u.kind.name()),
                    "leave size out (Common)",
                ));
            }
            if let Some(c) = &u.command {
                if !side
                    .units
                    .iter()
                    .any(|h| h.kind == UnitType::Hq && &h.name == c)
                {
                    out.push(p(
                        format!("{up}.command"),
                        format!("no HQ of this side is named {c:?}"),
                        "name one of the side's HQs",
                    ));
                }
            }
            match (u.at, u.point) {
                (Some(_), Some(_)) => out.push(p(
                    up.clone(),
                    "a unit both on table and waiting".into(),
                    "give either `at` or `point`, not both",
                )),
                (None, None) => out.push(p(
                    up.clone(),
                    "a unit with no place".into(),
                    "give `at = [x, y, facing]` or `point = N`",
                )),
                (None, Some(n)) if n >= side.points.len() => out.push(p(
                    format!("{up}.point"),
                    format!("there is no reinforcement point {n}"),
                    &format!(
                        "this side has {} point(s), numbered from 0",
                        side.points.len()
                    ),
                )),
                _ => {}
            }
            if let Some([x, y, f]) = u.at {
                if !finite(&[x, y, f]) {
                    out.push(p(
                        format!("{up}.at"),
                        "a position that is not a number".into(),
                        "give [x, y, facing in degrees]",
                    ));
                    continue;
                }
                if f.abs() > MAX_DEGREES {
                    out.push(p(
                        format!("{up}.at"),
                        format!(
                            "a facing of {} degrees: from -{MAX_DEGREES} to {MAX_DEGREES} are accepted",
                            num(f)
                        ),
                        &format!(
                            "give the facing in degrees, from -{MAX_DEGREES} to {MAX_DEGREES}: 90 faces north, -90 south"
                        ),
                    ));
                    continue;
                }
                let b = Base::new(Pose::new(x, y, f.to_radians()), BASE_WIDTH, BASE_DEPTH);
                let inside = b
                    .corners()
                    .iter()
                    .all(|c| c.x >= -1e-9 && c.y >= -1e-9 && c.x <= w + 1e-9 && c.y <= d + 1e-9);
                if !inside {
                    out.push(p(
                        format!("{up}.at"),
                        format!("{} stands off the table", u.name),
                        "x and y are the centre of the base, in inches",
                    ));
                    continue;
                }
                if s.game.deployment == Deployment::Book {
                    if let Some(why) = deployment_fault(&s.table, side.edge, &b, tables) {
                        out.push(p(format!("{up}.at"), format!("{} is outside the deployment zone: {why}", u.name), &format!("set the whole base up within {}\" of the side's edge and no closer than {}\" to the table's sides (\"2x2 Deployment\"), or set game.deployment = \"free\"", inches(tables.arrival.deploy_depth), inches(tables.arrival.deploy_side_gap))));
                    }
                    on_table_ap += tables.cost(u.kind, u.size);
                    if over.is_none() && on_table_ap > s.game.initial_ap + 1e-9 {
                        over = Some(ui);
                    }
                }
                for (oname, ob, _) in &bases {
                    if overlapping(&b, ob) {
                        out.push(p(
                            format!("{up}.at"),
                            format!("{} overlaps {oname}", u.name),
                            "bases may not overlap",
                        ));
                    }
                }
                bases.push((u.name.clone(), b, si));
            }
        }
        if let Some(ui) = over {
            out.push(p(
                format!("{sp}.units[{ui}]"),
                format!(
                    "{on_table_ap} AP set up on table, where the book allows {}; {} is the unit that passes the limit",
                    s.game.initial_ap, side.units[ui].name
                ),
                "queue the rest at reinforcement points (point = N), or raise game.initial_ap (10 more per tied roll-off)",
            ));
        }
        if let Some(n) = &side.nation {
            match Nation::parse(n) {
                None => out.push(p(
                    format!("{sp}.nation"),
                    format!("no army list named {n:?}"),
                    "use \"austrian\", \"french\" or \"british\", or leave it out",
                )),
                Some(nation) => {
                    let units: Vec<_> = side.units.iter().map(|u| (u.kind, u.size)).collect();
                    let base = format!("{sp}.units");
                    let found = army::validate(nation, &units, None, tables, &base, &|i| {
                        format!("{sp}.units[{i}]")
                    });
                    out.extend(pin_to_rows(found, nation, &base, &units));
                }
            }
        }
    }
    out
}
