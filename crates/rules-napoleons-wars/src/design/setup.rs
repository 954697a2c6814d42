//! Setting a scenario up from its file: armies read from the files it names (rosters, or
//! orders of battle designed on the spot), and armies laid out along their edge where the
//! file does not place every piece.
//!
//! The book gives no deployment procedure; the layout along an edge is the project's own
//! (ruling N48).

use crate::design::army::Army;
use crate::design::oob::{self, OrderOfBattle};
use crate::design::validate;
use crate::scenario::{ArmySource, Edge, Placement, Scenario, ScenarioFile, SideSpec, TableSize};
use crate::state::{BATTERY_SIZE, BRIGADE_SIZE};
use crate::tables::Tables;
use grognard_engine::files::{parse_toml, FileError, Header, Includes, Problem};

/// Inches from a side's edge to its line of infantry.
pub const FRONT: f64 = 20.0;

/// Lay an army out along `edge`: batteries in front, infantry in a line behind them,
/// cavalry behind the infantry, commanders and the CinC at the back; each command has an
/// equal share of the table's width, in the order the army lists them.
pub fn along(army: &Army, table: &TableSize, edge: Edge) -> Vec<Placement> {
    let (front, dir) = match edge {
        Edge::South => (FRONT, 1.0),
        Edge::North => (table.depth - FRONT, -1.0),
    };
    let width = table.width;
    let facing = if dir > 0.0 { 90.0 } else { 270.0 };
    let mut out = Vec::new();
    let n = army.commands.len().max(1) as f64;
    let sector = width / n;
    let mut place = |unit: &str, x: f64, y: f64| {
        out.push(Placement {
            unit: unit.to_string(),
            at: [x, y, facing],
            turn: 1,
        })
    };
    for (ci, c) in army.commands.iter().enumerate() {
        let centre = sector * (ci as f64 + 0.5);
        let of_arm = |arm| -> Vec<&str> {
            c.divisions
                .iter()
                .flat_map(|d| &d.brigades)
                .filter(|b| b.arm == arm)
                .map(|b| b.label.as_str())
                .collect()
        };
        let infantry = of_arm(crate::Arm::Infantry);
        let cavalry = of_arm(crate::Arm::Cavalry);
        let row = |labels: &[&str], y: f64, gap: f64, place: &mut dyn FnMut(&str, f64, f64)| {
            let span = (labels.len() as f64 - 1.0) * gap;
            for (i, l) in labels.iter().enumerate() {
                place(l, centre - span / 2.0 + i as f64 * gap, y);
            }
        };
        row(&infantry, front, BRIGADE_SIZE + 1.5, &mut place);
        row(
            &cavalry,
            front - dir * (BRIGADE_SIZE + 2.0),
            BRIGADE_SIZE + 2.0,
            &mut place,
        );
        let guns: Vec<&str> = c.batteries.iter().map(|b| b.label.as_str()).collect();
        row(
            &guns,
            front + dir * (BRIGADE_SIZE * 0.5 + BATTERY_SIZE),
            6.0,
            &mut place,
        );
        place(
            &c.commander.name,
            centre,
            front - dir * (BRIGADE_SIZE * 2.0 + 4.5),
        );
    }
    let independent: Vec<&str> = army.independent.iter().map(|b| b.label.as_str()).collect();
    let span = (independent.len() as f64 - 1.0) * (BRIGADE_SIZE + 1.5);
    for (i, l) in independent.iter().enumerate() {
        place(
            l,
            width / 2.0 - span / 2.0 + i as f64 * (BRIGADE_SIZE + 1.5),
            front - dir * (BRIGADE_SIZE * 2.0 + 1.0),
        );
    }
    place(
        &army.cinc.name,
        width / 2.0,
        front - dir * (BRIGADE_SIZE * 2.0 + 8.0),
    );
    out
}

/// The table width `along` needs for an army: each command gets an equal share, as wide as
/// the widest command's widest row of bases.
pub fn frontage(army: &Army) -> f64 {
    let row = |n: usize, gap: f64, size: f64| {
        if n == 0 {
            0.0
        } else {
            (n as f64 - 1.0) * gap + size
        }
    };
    let widest = army
        .commands
        .iter()
        .map(|c| {
            let of_arm = |arm| {
                c.divisions
                    .iter()
                    .flat_map(|d| &d.brigades)
                    .filter(|b| b.arm == arm)
                    .count()
            };
            row(
                of_arm(crate::Arm::Infantry),
                BRIGADE_SIZE + 1.5,
                BRIGADE_SIZE,
            )
            .max(row(
                of_arm(crate::Arm::Cavalry),
                BRIGADE_SIZE + 2.0,
                BRIGADE_SIZE,
            ))
            .max(row(c.batteries.len(), 6.0, BATTERY_SIZE))
        })
        .fold(0.0, f64::max);
    let independent = row(army.independent.len(), BRIGADE_SIZE + 1.5, BRIGADE_SIZE);
    (widest * army.commands.len() as f64).max(independent)
}

/// Problems found in a file of their own, located in it.
fn located(problems: Vec<Problem>, file: &str, text: &str) -> Vec<FileError> {
    problems
        .into_iter()
        .map(|mut p| {
            p.path = p.path.trim_start_matches('.').to_string();
            p.locate(file, text)
        })
        .collect()
}

/// An army file: a roster as `grognard design --out` writes it, or an order of battle,
/// designed with `tables`. Its problems are located in the file itself.
pub fn army_file(
    file: &str,
    text: &str,
    tables: &Tables,
) -> Result<(Army, &'static str), Vec<FileError>> {
    let header = Header::read(file, text).map_err(|e| vec![e])?;
    if !header.has("commands") {
        if let Some(r) = header.rules.as_deref().filter(|r| *r != "napoleons-wars") {
            let (line, column) = header.rules_at;
            return Err(vec![FileError {
                file: file.to_string(),
                line,
                column,
                path: "rules".into(),
                message: format!(
                    "this file is for {:?}: a Napoleon's Wars side needs an army of this book",
                    validate::shown(r)
                ),
                hint: "name a roster written by `grognard design --out`, or an order of battle for `grognard design`".into(),
            }]);
        }
        return Err(vec![FileError {
            file: file.to_string(),
            line: 1,
            column: 1,
            path: String::new(),
            message: "this is neither an army roster nor an order of battle: it has no [[commands]]".into(),
            hint: "name a roster written by `grognard design --out`, or an order of battle for `grognard design`".into(),
        }]);
    }
    if header.has("adcs") {
        let army: Army = parse_toml(file, text).map_err(|e| vec![e])?;
        let mut problems = Vec::new();
        validate::army(&mut problems, &army, "");
        if problems.is_empty() {
            Ok((army, "army roster"))
        } else {
            Err(located(problems, file, text))
        }
    } else {
        let o: OrderOfBattle = parse_toml(file, text).map_err(|e| vec![e])?;
        oob::design(tables, &o)
            .map(|d| (d.army, "order of battle"))
            .map_err(|ps| located(ps, file, text))
    }
}

/// Read a scenario file, with the army files it names, and set it up to play: every army
/// whole, every piece placed. Returns notes on what was read and laid out.
pub fn load(
    file: &str,
    text: &str,
    includes: &dyn Includes,
) -> Result<(Scenario, Vec<String>), Vec<FileError>> {
    let raw: ScenarioFile = parse_toml(file, text).map_err(|e| vec![e])?;
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    // Sides whose army came from a file that had problems of its own: those are reported
    // in that file, not again against the scenario.
    let mut reported = Vec::new();
    let mut sides = Vec::new();
    for (si, side) in raw.sides.iter().enumerate() {
        let army = match &side.army {
            ArmySource::Roster(a) => Some((**a).clone()),
            ArmySource::File(name) => {
                let at = format!("sides[{si}].army");
                match includes.read(name) {
                    Err(why) => {
                        errors.push(
                            Problem::new(
                                &at,
                                why,
                                "name a roster written by `grognard design --out`, or an order of battle, by its path from this scenario's folder",
                            )
                            .locate(file, text),
                        );
                        None
                    }
                    Ok((shown, army_text)) => match army_file(&shown, &army_text, &raw.tables) {
                        Ok((a, kind)) => {
                            notes.push(format!("{}: the {kind} {shown}", side.name));
                            Some(a)
                        }
                        Err(mut e) => {
                            errors.append(&mut e);
                            reported.push(si);
                            None
                        }
                    },
                }
            }
        };
        if let Some(army) = army {
            sides.push(SideSpec {
                name: side.name.clone(),
                army,
                edge: side.edge,
                deploy: side.deploy.clone(),
            });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut s = Scenario {
        rules: raw.rules,
        name: raw.name,
        turns: raw.turns,
        table: raw.table,
        weather: raw.weather,
        first_initiative: raw.first_initiative,
        terrain: raw.terrain,
        objectives: raw.objectives,
        sides,
        tables: raw.tables,
    };
    let mut problems = grognard_engine::terrain::unknown_keys(text);
    problems.extend(lay_out(&mut s, &mut notes));
    problems.extend(validate::problems(&s));
    problems.retain(|p| {
        !reported
            .iter()
            .any(|si| p.path.starts_with(&format!("sides[{si}].army")))
    });
    if problems.is_empty() {
        return Ok((s, notes));
    }
    // A place the layout chose is answered for by the side's edge.
    for p in problems.iter_mut() {
        for (si, side) in raw.sides.iter().enumerate() {
            let listed = side.deploy.len();
            let prefix = format!("sides[{si}].deploy");
            if side.edge.is_some() && p.path.starts_with(&prefix) {
                let index = p.path[prefix.len()..]
                    .strip_prefix('[')
                    .and_then(|r| r.split(']').next())
                    .and_then(|n| n.parse::<usize>().ok());
                if index.is_none_or(|i| i >= listed) {
                    p.path = format!("sides[{si}].edge");
                    p.hint = format!(
                        "{}; the army is laid out along its edge {FRONT}\" in: give a wider or deeper table, or list the pieces' places in deploy",
                        p.hint
                    );
                }
            }
        }
    }
    let mut seen = std::collections::HashSet::new();
    Err(problems
        .into_iter()
        .filter(|p| seen.insert((p.path.clone(), p.message.clone())))
        .map(|p| p.locate(file, text))
        .collect())
}

/// Place what the file leaves to the layout: every piece of a side with an edge that its
/// own `deploy` does not list. An army too wide for the table is a problem of its edge.
fn lay_out(s: &mut Scenario, notes: &mut Vec<String>) -> Vec<Problem> {
    let table = s.table;
    let mut problems = Vec::new();
    for (si, side) in s.sides.iter_mut().enumerate() {
        let Some(edge) = side.edge else { continue };
        let needed = frontage(&side.army);
        if !(table.width.is_finite() && needed <= table.width) {
            problems.push(Problem::new(
                format!("sides[{si}].edge"),
                format!(
                    "the {} army needs {}\" of frontage laid out along its edge, and the table is {}\" wide",
                    validate::shown(&side.name),
                    crate::design::army::fmt_inches(needed.ceil()),
                    table.width
                ),
                "give a wider table, or place the pieces yourself with [[sides.deploy]] entries",
            ));
            continue;
        }
        let listed: Vec<String> = side.deploy.iter().map(|p| p.unit.clone()).collect();
        let before = side.deploy.len();
        side.deploy.extend(
            along(&side.army, &table, edge)
                .into_iter()
                .filter(|p| !listed.contains(&p.unit)),
        );
        notes.push(format!(
            "{}: {} pieces laid out along the {} edge (ruling N48)",
            side.name,
            side.deploy.len() - before,
            match edge {
                Edge::South => "south",
                Edge::North => "north",
            }
        ));
    }
    problems
}
