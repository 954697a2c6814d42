//! Checking a scenario before a battle starts: every problem with its field path and a hint.

use crate::army::{self, Nation};
use crate::measure::overlapping;
use crate::scenario::{Deployment, Edge, Role, Scenario};
use crate::setup::point_pos;
use crate::state::{BASE_DEPTH, BASE_WIDTH};
use crate::units::UnitType;
use grognard_engine::files::{parse_toml, FileError, Problem};
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::distance::point_base;
use grognard_geometry::{Base, Pose};

/// Parse and check a scenario file.
pub fn load(file: &str, text: &str) -> Result<Scenario, Vec<FileError>> {
    let s: Scenario = parse_toml(file, text).map_err(|e| vec![e])?;
    let problems = problems(&s);
    if problems.is_empty() {
        Ok(s)
    } else {
        Err(problems.into_iter().map(|p| p.locate(file, text)).collect())
    }
}

/// Parse and check an army list file.
pub fn load_army(file: &str, text: &str) -> Result<army::ArmyList, Vec<FileError>> {
    let a: army::ArmyList = parse_toml(file, text).map_err(|e| vec![e])?;
    let problems = a.problems(&crate::tables::Tables::default());
    if problems.is_empty() {
        Ok(a)
    } else {
        Err(problems.into_iter().map(|p| p.locate(file, text)).collect())
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
    if !finite(&[w, d]) || !(6.0..=240.0).contains(&w) || !(6.0..=240.0).contains(&d) {
        out.push(p(
            "table".into(),
            format!("a table of {w}\" by {d}\""),
            "the book's table is 24\" by 24\"; sizes from 6\" to 240\" are accepted",
        ));
        return out;
    }
    if s.game.turn_limit == 0 || s.game.turn_limit > 1000 {
        out.push(p(
            "game.turn_limit".into(),
            "the turn limit must be from 1 to 1000".into(),
            "30 is ample for a 40 AP battle",
        ));
    }
    if s.sides.len() != 2 {
        out.push(p(
            "sides".into(),
            format!("{} sides given", s.sides.len()),
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
                let near_unit = other.units.iter().filter_map(|u| u.at).any(|[x, y, f]| {
                    point_base(
                        pos,
                        &Base::new(Pose::new(x, y, f.to_radians()), BASE_WIDTH, BASE_DEPTH),
                    ) < tables.arrival.flank_clearance
                });
                let near_point = other.points.iter().any(|q| {
                    point_pos(&s.table, q.edge, q.at).distance(pos) < tables.arrival.flank_clearance
                });
                if near_unit || near_point {
                    out.push(p(
                        format!("{sp}.points[{pi}]"),
                        "an attacker's flank point within 6\" of a defending unit or point".into(),
                        "move the point further from the defenders (\"2x2 Deployment\")",
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
            if (u.kind == UnitType::Hq || u.kind.is_artillery())
                && u.size != crate::units::Size::Common
            {
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
                    if depth > 6.0 + 1e-9 || side_gap < 3.0 - 1e-9 {
                        out.push(p(format!("{up}.at"), format!("{} is outside the deployment zone", u.name), "within 6\" of the side's edge and no closer than 3\" to the table's sides (\"2x2 Deployment\"), or set game.deployment = \"free\""));
                    }
                    on_table_ap += tables.cost(u.kind, u.size);
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
        if s.game.deployment == Deployment::Book && on_table_ap > s.game.initial_ap + 1e-9 {
            out.push(p(format!("{sp}.units"), format!("{on_table_ap} AP set up on table; the book allows {}", s.game.initial_ap), "queue the rest at reinforcement points, or raise game.initial_ap (10 more per tied roll-off)"));
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
                    out.extend(army::validate(
                        nation,
                        &units,
                        None,
                        tables,
                        &format!("{sp}.units"),
                        &|i| format!("{sp}.units[{i}]"),
                    ));
                }
            }
        }
    }
    out
}
