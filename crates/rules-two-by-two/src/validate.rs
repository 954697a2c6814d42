//! Checking a scenario before a battle starts: every problem with its field path and a hint.

use crate::army::{self, Nation};
use crate::measure::overlapping;
use crate::scenario::{Deployment, Edge, Role, Scenario};
use crate::setup::point_pos;
use crate::state::{BASE_DEPTH, BASE_WIDTH};
use crate::units::{Size, UnitType};
use grognard_engine::files::{parse_toml, FileError, Problem};
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::distance::point_base;
use grognard_geometry::shape::ShapeSpec;
use grognard_geometry::{Base, Pose};

/// Most units a side may field; far above any army of the book, low enough that unit and
/// point numbers stay small.
pub const MAX_UNITS_PER_SIDE: usize = 1000;

/// Parse and check a scenario file.
pub fn load(file: &str, text: &str) -> Result<Scenario, Vec<FileError>> {
    let s: Scenario = parse_toml(file, text).map_err(|e| vec![e])?;
    let mut problems = terrain_fields(text);
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
        .map(|p| p.locate(file, text))
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

/// The keys each terrain shape takes besides those every feature has.
fn shape_keys(shape: &str) -> Option<&'static [&'static str]> {
    Some(match shape {
        "polygon" => &["points"],
        "circle" => &["centre", "radius"],
        "rect" => &["centre", "width", "height", "angle"],
        "band" => &["points", "width"],
        _ => return None,
    })
}

/// Unknown keys in terrain features. A feature's shape is read through a flattened,
/// internally tagged enum, and serde cannot refuse unknown fields there, so a misspelt
/// `raduis` would otherwise be dropped without a word.
fn terrain_fields(text: &str) -> Vec<Problem> {
    let mut out = Vec::new();
    let Ok(doc) = text.parse::<toml::Table>() else {
        return out;
    };
    let Some(features) = doc.get("terrain").and_then(|t| t.as_array()) else {
        return out;
    };
    const COMMON: [&str; 5] = ["kind", "shape", "elevation", "steep_edges", "name"];
    for (i, f) in features.iter().enumerate() {
        let Some(table) = f.as_table() else { continue };
        let shape = table.get("shape").and_then(|v| v.as_str()).unwrap_or("");
        let Some(own) = shape_keys(shape) else {
            continue;
        };
        for key in table.keys() {
            if !COMMON.contains(&key.as_str()) && !own.contains(&key.as_str()) {
                let allowed: Vec<String> =
                    COMMON.iter().chain(own).map(|k| format!("`{k}`")).collect();
                out.push(Problem::new(
                    format!("terrain[{i}].{key}"),
                    format!(
                        "unknown field `{key}` for a {shape}, expected one of {}",
                        allowed.join(", ")
                    ),
                    "remove the field or correct its spelling; the fields allowed here are listed above",
                ));
            }
        }
    }
    out
}

/// Paths of the numbers under `value` that are not finite (serialised as JSON null). Used on
/// [`crate::tables::Tables`], which holds numbers only, so every null is a bad number.
fn not_finite(value: &serde_json::Value, path: String, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Null => out.push(path),
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                not_finite(v, format!("{path}.{k}"), out);
            }
        }
        serde_json::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                not_finite(v, format!("{path}[{i}]"), out);
            }
        }
        _ => {}
    }
}

fn finite(v: &[f64]) -> bool {
    v.iter().all(|x| x.is_finite())
}

/// Everything wrong with a scenario.
pub fn problems(s: &Scenario) -> Vec<Problem> {
    let mut out = Vec::new();
    let p = |path: String, msg: String, hint: &str| Problem::new(path, msg, hint);
    if s.rules != "two-by-two" {
        out.push(p(
            "rules".into(),
            format!("this file is for \"{}\", not two-by-two", s.rules),
            "write rules = \"two-by-two\"",
        ));
    }
    let (w, d) = (s.table.width, s.table.depth);
    let mut table_ok = true;
    for (field, v) in [("width", w), ("depth", d)] {
        if !(6.0..=240.0).contains(&v) {
            table_ok = false;
            out.push(p(
                format!("table.{field}"),
                format!("a table {v}\" in {field}"),
                "the book's table is 24\" by 24\"; sizes from 6\" to 240\" are accepted",
            ));
        }
    }
    if !table_ok {
        return out;
    }
    if !s.game.initial_ap.is_finite() || s.game.initial_ap < 0.0 {
        out.push(p(
            "game.initial_ap".into(),
            format!("{} AP on table at the start", s.game.initial_ap),
            "10 is the book's figure, plus 10 per tied roll-off",
        ));
    }
    if let Ok(t) = serde_json::to_value(&s.tables) {
        let mut bad = Vec::new();
        not_finite(&t, "tables".into(), &mut bad);
        for path in bad {
            out.push(p(
                path,
                "a table entry that is not a number".into(),
                "give a finite number, or leave the entry out to keep the book's value",
            ));
        }
    }
    if s.game.turn_limit == 0 || s.game.turn_limit > 1000 {
        out.push(p(
            "game.turn_limit".into(),
            "the turn limit must be from 1 to 1000".into(),
            "30 is ample for a 40 AP battle",
        ));
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
    if s.sides[0].role == s.sides[1].role {
        out.push(p(
            "sides[1].role".into(),
            "both sides have the same role".into(),
            "one side is the attacker, the other the defender",
        ));
    }
    for (i, f) in s.terrain.iter().enumerate() {
        let pts = f.shape.points();
        if pts.iter().any(|q| !q.is_finite()) || pts.is_empty() {
            out.push(p(
                format!("terrain[{i}]"),
                "a terrain outline has a point that is not a number".into(),
                "give every point as [x, y] in inches",
            ));
        }
        if !f.shape.is_band() && pts.len() < 3 {
            out.push(p(
                format!("terrain[{i}]"),
                "an area needs at least three points".into(),
                "use shape = \"circle\" or \"rect\" for simple areas",
            ));
        }
        let sizes: Vec<(&str, f64)> = match f.shape.spec() {
            ShapeSpec::Polygon { .. } => Vec::new(),
            ShapeSpec::Circle { radius, .. } => vec![("radius", *radius)],
            ShapeSpec::Rect {
                width,
                height,
                angle,
                ..
            } => {
                if !angle.is_finite() {
                    out.push(p(
                        format!("terrain[{i}].angle"),
                        "an angle that is not a number".into(),
                        "give the rotation in degrees",
                    ));
                }
                vec![("width", *width), ("height", *height)]
            }
            ShapeSpec::Band { width, .. } => vec![("width", *width)],
        };
        for (field, v) in sizes {
            // Written so that NaN fails too.
            if !(v > 0.0 && v <= 1000.0) {
                out.push(p(
                    format!("terrain[{i}].{field}"),
                    format!("a {field} of {v}"),
                    "sizes are in inches, more than 0",
                ));
            }
        }
        let edges = pts.len();
        for (k, e) in f.steep_edges.iter().enumerate() {
            if f.shape.is_band() || *e >= edges {
                out.push(p(
                    format!("terrain[{i}].steep_edges[{k}]"),
                    format!("there is no edge {e} on this outline"),
                    &format!(
                        "edge i runs from point i to point i + 1; this outline has {edges} edge(s), numbered from 0"
                    ),
                ));
            }
        }
        if f.kind == TerrainKind::Hill && f.elevation == 0 {
            out.push(p(
                format!("terrain[{i}].elevation"),
                "a hill of elevation 0".into(),
                "give hills an elevation of 1 or more",
            ));
        }
        if f.kind == TerrainKind::LightWood && !s.options.light_woods {
            out.push(p(
                format!("terrain[{i}].kind"),
                "light woods need the optional rule".into(),
                "set options.light_woods = true",
            ));
        }
    }
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
                format!("more than {MAX_UNITS_PER_SIDE} units in one side"),
                "a 40 AP army of the book has about 16",
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
        for (pi, pt) in side.points.iter().enumerate() {
            let len = match pt.edge {
                Edge::South | Edge::North => w,
                _ => d,
            };
            if !pt.at.is_finite() || pt.at < 0.0 || pt.at > len {
                out.push(p(
                    format!("{sp}.points[{pi}].at"),
                    format!("{} is off the {:?} edge", pt.at, pt.edge),
                    "measure along the edge from its west or south end",
                ));
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
        if side.points.len() > 2 {
            out.push(p(
                format!("{sp}.points"),
                format!("{} reinforcement points", side.points.len()),
                "the book gives each side two",
            ));
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
                        format!("no HQ of this side is named \"{c}\""),
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
                }
                if s.game.deployment == Deployment::Book {
                    let depth = match side.edge {
                        Edge::South => y,
                        Edge::North => d - y,
                        Edge::West => x,
                        Edge::East => w - x,
                    };
                    let side_gap = match side.edge {
                        Edge::South | Edge::North => x.min(w - x),
                        _ => y.min(d - y),
                    };
                    let edge = format!("{:?}", side.edge).to_lowercase();
                    let why = if depth > 6.0 + 1e-9 {
                        Some(format!("{depth}\" from the {edge} edge, more than 6\""))
                    } else if side_gap < 3.0 - 1e-9 {
                        Some(format!(
                            "{side_gap}\" from a side of the table, less than 3\""
                        ))
                    } else {
                        None
                    };
                    if let Some(why) = why {
                        out.push(p(format!("{up}.at"), format!("{} is outside the deployment zone: its centre is {why}", u.name), "within 6\" of the side's edge and no closer than 3\" to the table's sides (\"2x2 Deployment\"), or set game.deployment = \"free\""));
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
                    format!("no army list named \"{n}\""),
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
