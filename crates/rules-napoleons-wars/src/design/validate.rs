//! Checking a "Napoleon's Wars" scenario before a battle starts: every field of the
//! scenario, of its two armies and of its table overrides, each problem with its field path
//! and a hint. Every count a file gives is bounded before anything is built from it, and no
//! number that is not finite gets into a battle (a replay would write it as `null` and could
//! not be read back).

use crate::design::army::{Army, Battery, Brigade, Ordnance};
use crate::levels::{Arm, GunWeight};
use crate::nation::Nation;
use crate::scenario::Scenario;
use crate::tables::{FirePoints, Tables, TerrainRow};
use grognard_engine::files::Problem;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_geometry::shape::ShapeSpec;
use std::collections::{HashMap, HashSet};

/// Most game turns a scenario may last: fifty hours of battle at half an hour a turn
/// ("NW 1.2").
pub const MAX_TURNS: u32 = 100;
/// The smallest table edge, in inches: room for a few brigades.
pub const MIN_TABLE: f64 = 12.0;
/// The largest table edge, in inches (83 feet): beyond any club's table, and room for the
/// scale test's thirty corps a side side by side.
pub const MAX_TABLE: f64 = 1000.0;
/// Most brigades and batteries in one army.
pub const MAX_UNITS: usize = 1000;
/// Most commands (corps, wings or divisions) in one army.
pub const MAX_COMMANDS: usize = 64;
/// Most brigades and batteries under one commander.
pub const MAX_COMMAND_UNITS: usize = 100;
/// Most divisions in one command.
pub const MAX_DIVISIONS: usize = 16;
/// Most brigades in one division.
pub const MAX_BRIGADES: usize = 24;
/// Most batteries on their own bases in one command.
pub const MAX_BATTERIES: usize = 32;
/// Most brigades under the CinC alone.
pub const MAX_INDEPENDENT: usize = 64;
/// Most generals assigned to one division.
pub const MAX_GENERALS: usize = 4;
/// Most ADCs an army may have: the book's most is 3 (an Excellent CinC's 2 and Napoleon's
/// one more, "NW II 3.3"); a scenario's special rules may give a few more.
pub const MAX_ADCS: u32 = 10;
/// Most objectives in a scenario, and the most one may be worth.
pub const MAX_OBJECTIVES: usize = 50;
pub const MAX_OBJECTIVE_VALUE: u32 = 100;
/// Most terrain features, and the most points in one outline or centre line.
pub const MAX_FEATURES: usize = 500;
pub const MAX_POINTS: usize = 1000;
/// The highest hill, in levels.
pub const MAX_ELEVATION: u8 = 10;
/// Terrain may reach this far beyond the table's edges (a road drawn off the table).
pub const TERRAIN_MARGIN: f64 = 12.0;
/// Longest name or label, in characters.
pub const MAX_TEXT: usize = 120;
/// Longest movement allowance, in inches: the book's longest is an officer's 18"
/// ("NW 9.1"), before the road bonus.
pub const MAX_MOVE: f64 = 30.0;
/// Longest command range, in inches: a French corps of a hundred units reaches 104"
/// ("NW II 3.1").
pub const MAX_RANGE: f64 = 120.0;
/// Most strength points of a brigade ("NW II 2.2": larger brigades are split).
pub const MAX_SP: u32 = 12;
/// The years the book covers ("NW", 1792-1815).
pub const YEARS: std::ops::RangeInclusive<u32> = 1792..=1815;
/// A modifier to a 2d6 roll may be no larger than this either way (the book's run from -4
/// to +3).
pub const MAX_MODIFIER: i32 = 12;
/// A roll needed on 2d6, after modifiers, lies within this range (13 or more: never).
pub const NEEDED: std::ops::RangeInclusive<i32> = -12..=24;
/// Any other distance a table gives, in inches.
pub const MAX_DISTANCE: f64 = 48.0;

/// Problems with a piece of text a person wrote: a name or a label; `true` if there are
/// none. Names reach the terminal, the pictures and the roster as written, so control
/// characters (an escaped NUL, an ANSI escape sequence, a line break) and direction
/// overrides are refused.
pub fn text(out: &mut Vec<Problem>, path: impl Into<String>, value: &str, what: &str) -> bool {
    let path = path.into();
    if value.trim().is_empty() {
        out.push(Problem::new(
            path,
            format!("{what} is empty"),
            "write a few words: it names this on the table, in the narrative and on the roster",
        ));
        return false;
    }
    let n = value.chars().count();
    if n > MAX_TEXT {
        out.push(Problem::new(
            path,
            format!("{what} is {n} characters long, more than {MAX_TEXT}"),
            "shorten it",
        ));
        return false;
    }
    let Some((i, c)) = value.chars().enumerate().find(|(_, c)| unprintable(*c)) else {
        return true;
    };
    out.push(Problem::new(
        path,
        format!(
            "{what} holds the control character {:?} (character {})",
            c,
            i + 1
        ),
        "remove it: names and labels are plain text, shown as written on the terminal and the roster",
    ));
    false
}

/// A name as it may be shown in a message: as written if it is plain text, escaped
/// otherwise.
pub fn shown(s: &str) -> String {
    if s.chars().any(unprintable) {
        format!("{s:?}")
    } else {
        s.to_string()
    }
}

fn unprintable(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Problems with a number of inches: it must be finite and within `lo..=hi` (`lo` itself
/// refused when `zero_ok` is false).
fn inches(
    out: &mut Vec<Problem>,
    path: impl Into<String>,
    v: f64,
    lo: f64,
    hi: f64,
    zero_ok: bool,
    hint: &str,
) {
    let ok = v.is_finite() && v <= hi && if zero_ok { v >= lo } else { v > lo };
    if !ok {
        let bounds = if zero_ok {
            format!("{lo} to {hi}")
        } else {
            format!("more than {lo} and at most {hi}")
        };
        out.push(Problem::new(
            path,
            format!("{v} inches, where {bounds} are allowed"),
            hint,
        ));
    }
}

/// Problems with a share of a movement allowance: it must be a number from 0 to 1.
fn share(out: &mut Vec<Problem>, path: impl Into<String>, v: f64, hint: &str) {
    if !(v.is_finite() && (0.0..=1.0).contains(&v)) {
        out.push(Problem::new(
            path,
            format!("a share of {v} of the movement allowance"),
            hint,
        ));
    }
}

/// Problems with a loss of strength points: no more than a brigade can have.
fn sp_loss(out: &mut Vec<Problem>, path: impl Into<String>, n: u32, book: &str) {
    if n > MAX_SP {
        out.push(Problem::new(
            path,
            format!("a loss of {n} s.p."),
            format!("a brigade has at most {MAX_SP} s.p.: {book}"),
        ));
    }
}

/// Problems with a multiplier of movement costs: from 1 (no extra cost) to 4.
fn cost_multiplier(out: &mut Vec<Problem>, path: impl Into<String>, v: f64, hint: &str) {
    if !(v.is_finite() && (1.0..=4.0).contains(&v)) {
        out.push(Problem::new(
            path,
            format!("movement costs multiplied by {v}"),
            hint,
        ));
    }
}

fn modifier(out: &mut Vec<Problem>, path: impl Into<String>, v: i32) {
    if !(-MAX_MODIFIER..=MAX_MODIFIER).contains(&v) {
        out.push(Problem::new(
            path,
            format!("a modifier of {v:+} to a 2d6 roll"),
            format!(
                "modifiers run from -{MAX_MODIFIER} to +{MAX_MODIFIER}; the book's own are from -4 to +3"
            ),
        ));
    }
}

fn needed(out: &mut Vec<Problem>, path: impl Into<String>, v: i32) {
    if !NEEDED.contains(&v) {
        out.push(Problem::new(
            path,
            format!("a roll of {v} needed on 2d6"),
            format!(
                "give a roll from {} to {}; 2 to 12 are the dice, 13 or more is never",
                NEEDED.start(),
                NEEDED.end()
            ),
        ));
    }
}

fn natural(out: &mut Vec<Problem>, path: impl Into<String>, v: i64) {
    if !(2..=13).contains(&v) {
        out.push(Problem::new(
            path,
            format!("a natural 2d6 roll of {v}"),
            "two dice throw 2 to 12; give 13 for never",
        ));
    }
}

/// Everything wrong with a scenario, by field path.
pub fn problems(s: &Scenario) -> Vec<Problem> {
    let mut out = Vec::new();
    if s.rules != "napoleons-wars" {
        out.push(Problem::new(
            "rules",
            format!("this reader is for \"napoleons-wars\", not {:?}", s.rules),
            "set rules = \"napoleons-wars\", or check the file with the rules it was written for (--rules)",
        ));
    }
    text(&mut out, "name", &s.name, "the scenario's name");
    if !(1..=MAX_TURNS).contains(&s.turns) {
        out.push(Problem::new(
            "turns",
            format!("{} turns; a battle lasts 1 to {MAX_TURNS}", s.turns),
            "a turn is half an hour (\"NW 1.2\"): 12 to 20 make a day's battle",
        ));
    }
    let mut table_ok = true;
    for (field, v) in [("width", s.table.width), ("depth", s.table.depth)] {
        if !(v.is_finite() && (MIN_TABLE..=MAX_TABLE).contains(&v)) {
            table_ok = false;
            out.push(Problem::new(
                format!("table.{field}"),
                format!("a table {v}\" in {field}"),
                format!(
                    "give the table's size in inches, from {MIN_TABLE} to {MAX_TABLE}: 96 by 72 is a table of 8 feet by 6"
                ),
            ));
        }
    }
    if let Some(f) = s.first_initiative {
        if f > 1 {
            out.push(Problem::new(
                "first_initiative",
                "the side is 0 or 1",
                "0 is the first [[sides]], 1 the second",
            ));
        }
    }
    weather(&mut out, s);
    tables(&mut out, &s.tables);
    if s.sides.len() != 2 {
        out.push(Problem::new(
            "sides",
            format!("a battle has two sides, not {}", s.sides.len()),
            "give exactly two [[sides]]",
        ));
        return out;
    }
    if !table_ok {
        // Places on the table mean nothing until the table has a size.
        return out;
    }
    objectives(&mut out, s);
    terrain(&mut out, s);
    let mut pieces = Vec::new();
    let mut counts_ok = true;
    for (si, side) in s.sides.iter().enumerate() {
        let path = format!("sides[{si}]");
        text(
            &mut out,
            format!("{path}.name"),
            &side.name,
            "a side's name",
        );
        match army(&mut out, &side.army, &format!("{path}.army")) {
            Some(p) => pieces.push(p),
            None => counts_ok = false,
        }
    }
    if s.sides[0].name.trim() == s.sides[1].name.trim() {
        out.push(Problem::new(
            "sides[1].name",
            format!("both sides are called {:?}", s.sides[1].name),
            "give each side a name of its own: the narrative tells them apart by it",
        ));
    }
    if !counts_ok {
        return out;
    }
    for (si, side) in s.sides.iter().enumerate() {
        deploy(&mut out, s, si, &pieces[si]);
        for p in &pieces[si] {
            if p.troops && !side.deploy.iter().any(|d| d.unit == p.name) {
                out.push(Problem::new(
                    format!("sides[{si}].deploy"),
                    format!("{:?} of the {} army is not placed", p.name, shown(&side.name)),
                    "give the side an edge = \"south\" or \"north\" to lay its army out along, or add a [[sides.deploy]] with its label, at = [x, y, facing] and, for a reinforcement, turn",
                ));
            }
        }
    }
    if out.is_empty() {
        let state = crate::start::start(s);
        let troops: Vec<_> = state.on_table().filter(|u| !u.is_officer()).collect();
        // Where a piece's placement is written.
        let at = |u: &crate::state::Unit| {
            let si = u.side.index();
            match s.sides[si].deploy.iter().position(|p| p.unit == u.label) {
                Some(pi) => format!("sides[{si}].deploy[{pi}].at"),
                None => format!("sides[{si}].deploy"),
            }
        };
        for (i, a) in troops.iter().enumerate() {
            if !state.field.contains(&a.base()) {
                out.push(Problem::new(
                    at(a),
                    format!("{} hangs off the table", a.label),
                    "move it inward: x and y are the centre of the base",
                ));
            }
            for b in &troops[i + 1..] {
                if crate::measure::overlapping(&a.base(), &b.base()) {
                    out.push(Problem::new(
                        at(b),
                        format!("{} and {} overlap", a.label, b.label),
                        "brigades are 3\" square and batteries 1.5\": leave room between them",
                    ));
                }
            }
        }
    }
    out
}

fn weather(out: &mut Vec<Problem>, s: &Scenario) {
    if s.weather.len() > MAX_TURNS as usize {
        out.push(Problem::new(
            format!("weather[{MAX_TURNS}]"),
            format!(
                "{} weather spells, more than the {MAX_TURNS} turns a battle may last",
                s.weather.len()
            ),
            "give one spell for each change of weather, in turn order",
        ));
        return;
    }
    let mut last = 0;
    for (i, w) in s.weather.iter().enumerate() {
        let path = format!("weather[{i}].from_turn");
        if w.from_turn == 0 || w.from_turn > s.turns {
            out.push(Problem::new(
                path,
                format!(
                    "turn {} is not a turn of this {}-turn battle",
                    w.from_turn, s.turns
                ),
                "turns are numbered from 1",
            ));
        } else if w.from_turn <= last {
            out.push(Problem::new(
                path,
                format!(
                    "this spell starts on turn {}, not after the one before it (turn {last})",
                    w.from_turn
                ),
                "list the spells in turn order, each starting later than the one before",
            ));
        }
        last = last.max(w.from_turn);
    }
}

fn on_table(s: &Scenario, x: f64, y: f64) -> bool {
    x.is_finite()
        && y.is_finite()
        && (0.0..=s.table.width).contains(&x)
        && (0.0..=s.table.depth).contains(&y)
}

fn objectives(out: &mut Vec<Problem>, s: &Scenario) {
    if s.objectives.len() > MAX_OBJECTIVES {
        out.push(Problem::new(
            format!("objectives[{MAX_OBJECTIVES}]"),
            format!(
                "{} objectives, more than {MAX_OBJECTIVES}",
                s.objectives.len()
            ),
            "a battle turns on a few places: a village, a hill, a bridge",
        ));
        return;
    }
    let mut names = HashSet::new();
    for (i, o) in s.objectives.iter().enumerate() {
        let path = format!("objectives[{i}]");
        text(out, format!("{path}.name"), &o.name, "an objective's name");
        if !names.insert(o.name.trim()) {
            out.push(Problem::new(
                format!("{path}.name"),
                format!("two objectives are called {:?}", o.name),
                "give each objective a name of its own",
            ));
        }
        if !on_table(s, o.at[0], o.at[1]) {
            out.push(Problem::new(
                format!("{path}.at"),
                format!(
                    "({}, {}) is not on the {}\" by {}\" table",
                    o.at[0], o.at[1], s.table.width, s.table.depth
                ),
                "x runs from 0 to the width, y from 0 to the depth",
            ));
        }
        if !(o.radius.is_finite() && o.radius > 0.0) {
            out.push(Problem::new(
                format!("{path}.radius"),
                format!("a radius of {}", o.radius),
                "give a radius in inches, more than 0: 4 say",
            ));
        } else if o.radius > MAX_DISTANCE {
            out.push(Problem::new(
                format!("{path}.radius"),
                format!("a radius of {}\", more than {MAX_DISTANCE}\"", o.radius),
                "an objective is a place a brigade can stand on: give a few inches",
            ));
        }
        if o.value == 0 {
            out.push(Problem::new(
                format!("{path}.value"),
                "an objective worth 0 decides nothing",
                "give a value of 1 or more",
            ));
        } else if o.value > MAX_OBJECTIVE_VALUE {
            out.push(Problem::new(
                format!("{path}.value"),
                format!(
                    "an objective worth {}, more than {MAX_OBJECTIVE_VALUE}",
                    o.value
                ),
                "values only weigh objectives against each other: 1, 2 or 3 say",
            ));
        }
    }
}

fn terrain(out: &mut Vec<Problem>, s: &Scenario) {
    if s.terrain.len() > MAX_FEATURES {
        out.push(Problem::new(
            format!("terrain[{MAX_FEATURES}]"),
            format!(
                "{} terrain features, more than {MAX_FEATURES}",
                s.terrain.len()
            ),
            "join small features into larger outlines",
        ));
        return;
    }
    for (i, f) in s.terrain.iter().enumerate() {
        feature(out, s, &format!("terrain[{i}]"), f);
    }
}

fn feature(out: &mut Vec<Problem>, s: &Scenario, path: &str, f: &Feature) {
    if let Some(n) = &f.name {
        text(out, format!("{path}.name"), n, "a terrain feature's name");
    }
    let (w, d) = (s.table.width, s.table.depth);
    let near = |p: [f64; 2]| {
        p.iter().all(|v| v.is_finite())
            && (-TERRAIN_MARGIN..=w + TERRAIN_MARGIN).contains(&p[0])
            && (-TERRAIN_MARGIN..=d + TERRAIN_MARGIN).contains(&p[1])
    };
    let far = |field: &str, p: [f64; 2]| {
        Problem::new(
            format!("{path}.{field}"),
            format!(
                "({}, {}) is not on or near the {w}\" by {d}\" table",
                p[0], p[1]
            ),
            format!(
                "give points in inches from the table's south-west corner; a feature may reach {TERRAIN_MARGIN}\" past an edge"
            ),
        )
    };
    let size_hint = "give a size in inches, more than 0";
    match f.shape.spec() {
        ShapeSpec::Polygon { points } | ShapeSpec::Band { points, .. } => {
            let band = matches!(f.shape.spec(), ShapeSpec::Band { .. });
            if points.len() > MAX_POINTS {
                out.push(Problem::new(
                    format!("{path}.points[{MAX_POINTS}]"),
                    format!("{} points, more than {MAX_POINTS}", points.len()),
                    "a few dozen points draw any outline on a wargames table",
                ));
                return;
            }
            if let Some((k, p)) = points.iter().enumerate().find(|(_, p)| !near(**p)) {
                out.push(far(&format!("points[{k}]"), *p));
                return;
            }
            let distinct: Vec<[f64; 2]> = points.iter().fold(Vec::new(), |mut v, p| {
                if !v
                    .iter()
                    .any(|q: &[f64; 2]| (q[0] - p[0]).hypot(q[1] - p[1]) < 1e-6)
                {
                    v.push(*p);
                }
                v
            });
            if band {
                if distinct.len() < 2 {
                    out.push(Problem::new(
                        format!("{path}.points"),
                        format!(
                            "a line through {} distinct point(s) has no length",
                            distinct.len()
                        ),
                        "give the centre line as two or more different points [x, y]",
                    ));
                }
            } else {
                let area = points
                    .iter()
                    .zip(points.iter().cycle().skip(1))
                    .map(|(a, b)| a[0] * b[1] - b[0] * a[1])
                    .sum::<f64>()
                    .abs()
                    / 2.0;
                if distinct.len() < 3 || area < 0.01 {
                    out.push(Problem::new(
                        format!("{path}.points"),
                        format!(
                            "an outline through {} distinct point(s) with no area",
                            distinct.len()
                        ),
                        "give three or more points [x, y] round the area, or use shape = \"circle\" or \"rect\"",
                    ));
                }
            }
            if let ShapeSpec::Band { width, .. } = f.shape.spec() {
                inches(
                    out,
                    format!("{path}.width"),
                    *width,
                    0.0,
                    MAX_DISTANCE,
                    false,
                    size_hint,
                );
            }
        }
        ShapeSpec::Circle { centre, radius } => {
            if !near(*centre) {
                out.push(far("centre", *centre));
            }
            inches(
                out,
                format!("{path}.radius"),
                *radius,
                0.0,
                MAX_TABLE,
                false,
                size_hint,
            );
        }
        ShapeSpec::Rect {
            centre,
            width,
            height,
            angle,
        } => {
            if !near(*centre) {
                out.push(far("centre", *centre));
            }
            inches(
                out,
                format!("{path}.width"),
                *width,
                0.0,
                MAX_TABLE,
                false,
                size_hint,
            );
            inches(
                out,
                format!("{path}.height"),
                *height,
                0.0,
                MAX_TABLE,
                false,
                size_hint,
            );
            if !(angle.is_finite() && angle.abs() <= 360.0) {
                out.push(Problem::new(
                    format!("{path}.angle"),
                    format!("an angle of {angle}"),
                    "give the rotation in degrees, from -360 to 360",
                ));
            }
        }
    }
    if f.kind == TerrainKind::Building {
        out.push(Problem::new(
            format!("{path}.kind"),
            "\"Napoleon's Wars\" has no single buildings",
            "draw a village or farm as a town (\"NW 9.5\")",
        ));
    }
    match (f.kind, f.elevation) {
        (TerrainKind::Hill, 0) => out.push(Problem::new(
            format!("{path}.elevation"),
            "a hill of elevation 0",
            "give hills an elevation of 1 or more",
        )),
        (TerrainKind::Hill, e) if e > MAX_ELEVATION => out.push(Problem::new(
            format!("{path}.elevation"),
            format!("a hill {e} levels high, more than {MAX_ELEVATION}"),
            "each level costs a climbing unit more movement (\"NW 9.5\"): 1 to 3 levels are usual",
        )),
        (TerrainKind::Hill, _) | (_, 0) => {}
        (kind, e) => out.push(Problem::new(
            format!("{path}.elevation"),
            format!("a {} with elevation {e}", kind.name()),
            "only hills have an elevation: remove it, or make the feature a hill",
        )),
    }
    if !f.steep_edges.is_empty() {
        out.push(Problem::new(
            format!("{path}.steep_edges"),
            "\"Napoleon's Wars\" has no steep edges: a hill's sides are climbed at the elevation cost",
            "remove steep_edges; draw a steep or broken slope as rough ground instead (\"NW 9.5\" note 3)",
        ));
    }
}

/// A piece of an army as the battle will hold it: its name (a label, or an officer's name),
/// where that name is written, and whether it is troops (a brigade or battery) that must be
/// placed.
pub struct Piece {
    pub name: String,
    pub path: String,
    pub troops: bool,
}

/// The army's counts, bounded before anything walks them.
fn counts(out: &mut Vec<Problem>, a: &Army, path: &str) -> bool {
    let before = out.len();
    fn over(out: &mut Vec<Problem>, p: String, n: usize, max: usize, what: &str, hint: &str) {
        if n > max {
            out.push(Problem::new(
                p,
                format!("{n} {what}, more than {max}"),
                hint.to_string(),
            ));
        }
    }
    over(
        out,
        format!("{path}.commands"),
        a.commands.len(),
        MAX_COMMANDS,
        "commands",
        "an army has a few corps or wings; split a larger host into two scenarios",
    );
    over(
        out,
        format!("{path}.independent"),
        a.independent.len(),
        MAX_INDEPENDENT,
        "independent brigades",
        "put brigades under commanders in [[sides.army.commands]]",
    );
    if a.adcs > MAX_ADCS {
        out.push(Problem::new(
            format!("{path}.adcs"),
            format!("{} ADCs, more than {MAX_ADCS}", a.adcs),
            "the book gives an Excellent CinC 2 ADCs, a Good one 1, and Napoleon one more (\"NW II 3.3\")",
        ));
    }
    if out.len() > before {
        return false;
    }
    for (ci, c) in a.commands.iter().enumerate() {
        let cp = format!("{path}.commands[{ci}]");
        over(
            out,
            format!("{cp}.divisions"),
            c.divisions.len(),
            MAX_DIVISIONS,
            "divisions",
            "split the command in two",
        );
        over(
            out,
            format!("{cp}.batteries"),
            c.batteries.len(),
            MAX_BATTERIES,
            "batteries",
            "give batteries to other commands, or split the command",
        );
        for (di, d) in c.divisions.iter().enumerate().take(MAX_DIVISIONS) {
            let dp = format!("{cp}.divisions[{di}]");
            over(
                out,
                format!("{dp}.brigades"),
                d.brigades.len(),
                MAX_BRIGADES,
                "brigades",
                "split the division",
            );
            over(
                out,
                format!("{dp}.generals"),
                d.generals.len(),
                MAX_GENERALS,
                "generals",
                "a division has one general, or a few by special rules (\"NW II 3.3\")",
            );
        }
    }
    if out.len() > before {
        return false;
    }
    for (ci, c) in a.commands.iter().enumerate() {
        let n = c.units() as usize;
        if n > MAX_COMMAND_UNITS {
            out.push(Problem::new(
                format!("{path}.commands[{ci}]"),
                format!(
                    "{n} brigades and batteries under one commander, more than {MAX_COMMAND_UNITS}"
                ),
                "split the command in two",
            ));
        }
    }
    let n = a.units() as usize;
    if n > MAX_UNITS {
        out.push(Problem::new(
            format!("{path}.commands"),
            format!("{n} brigades and batteries in one army, more than {MAX_UNITS}"),
            "split the host into two armies or two scenarios",
        ));
    }
    out.len() == before
}

/// Problems with an army, by field path under `path`; its pieces in the order the battle
/// sets them up, or `None` when its counts are out of bounds.
pub fn army(out: &mut Vec<Problem>, a: &Army, path: &str) -> Option<Vec<Piece>> {
    if !counts(out, a, path) {
        return None;
    }
    if let Some(r) = a.rules.as_deref().filter(|r| *r != "napoleons-wars") {
        out.push(Problem::new(
            format!("{path}.rules"),
            format!("a roster for {:?} cannot serve in a \"napoleons-wars\" battle", shown(r)),
            "a Napoleon's Wars roster says rules = \"napoleons-wars\"; design one with `grognard design`",
        ));
    }
    text(out, format!("{path}.name"), &a.name, "the army's name");
    if !YEARS.contains(&a.year) {
        out.push(Problem::new(
            format!("{path}.year"),
            format!("{} is not a year of the wars the book covers", a.year),
            format!(
                "the book's wars run from {} to {}",
                YEARS.start(),
                YEARS.end()
            ),
        ));
    }
    text(
        out,
        format!("{path}.cinc.name"),
        &a.cinc.name,
        "the CinC's name",
    );
    let top = if a.cinc.napoleon { 4 } else { 3 };
    if !(0..=top).contains(&a.cinc.presence) {
        out.push(Problem::new(
            format!("{path}.cinc.presence"),
            format!("a presence bonus of {:+}", a.cinc.presence),
            format!(
                "the bonus is 0 to +3 by the CinC's rating (Poor 0, Average +1, Good +2, Excellent +3), and Napoleon +1 more (\"NW II 3.1\"); this CinC's most is +{top}"
            ),
        ));
    }
    let units = a.units();
    if units == 0 {
        out.push(Problem::new(
            format!("{path}.commands"),
            "an army with no brigades or batteries",
            "give the army its commands, each with divisions of brigades ([[sides.army.commands]])",
        ));
    } else if a.fatigue == 0 || a.fatigue > 2 * units {
        out.push(Problem::new(
            format!("{path}.fatigue"),
            format!(
                "an army of {units} units breaking after {} losses",
                a.fatigue
            ),
            format!(
                "the breaking point is the units times the morale's multiplier, rounded, at least 1 (\"NW II 4.0\"): {} for this army at its morale; at most {} (Guard counting double)",
                crate::design::fatigue_threshold(&Tables::default().design, a.morale, units),
                2 * units
            ),
        ));
    }
    let mut pieces = vec![Piece {
        name: a.cinc.name.clone(),
        path: format!("{path}.cinc.name"),
        troops: false,
    }];
    for k in 0..a.adcs {
        pieces.push(Piece {
            name: format!("ADC {}", k + 1),
            path: format!("{path}.adcs"),
            troops: false,
        });
    }
    let mut names = HashMap::new();
    let mut shorts = HashMap::new();
    for (ci, c) in a.commands.iter().enumerate() {
        let cp = format!("{path}.commands[{ci}]");
        text(out, format!("{cp}.name"), &c.name, "a command's name");
        text(
            out,
            format!("{cp}.short"),
            &c.short,
            "a command's short name",
        );
        if let Some(first) = names.insert(c.name.trim(), ci) {
            out.push(Problem::new(
                format!("{cp}.name"),
                format!("commands {first} and {ci} are both called {:?}", c.name),
                "give each command a name of its own",
            ));
        }
        if let Some(first) = shorts.insert(c.short.trim(), ci) {
            out.push(Problem::new(
                format!("{cp}.short"),
                format!(
                    "commands {first} and {ci} both have the short name {:?}",
                    c.short
                ),
                "labels are made from the short name (\"1B/1/IV\"): give each command its own",
            ));
        }
        text(
            out,
            format!("{cp}.commander.name"),
            &c.commander.name,
            "a commander's name",
        );
        pieces.push(Piece {
            name: c.commander.name.clone(),
            path: format!("{cp}.commander.name"),
            troops: false,
        });
        let range_hint = "a commander's range is 3\" or 4\" and half an inch or an inch a unit of his command (\"NW II 3.1\")";
        inches(
            out,
            format!("{cp}.commander.basic_range"),
            c.commander.basic_range,
            0.0,
            MAX_RANGE,
            false,
            range_hint,
        );
        let (basic, range) = (c.commander.basic_range, c.commander.range);
        if !(range.is_finite() && range <= MAX_RANGE && range >= basic.max(0.0)) {
            out.push(Problem::new(
                format!("{cp}.commander.range"),
                format!("a range of {range}\" with a basic range of {basic}\""),
                format!(
                    "the range is at least the basic range and at most {MAX_RANGE}\"; {range_hint}"
                ),
            ));
        }
        let n = c.units();
        if n == 0 {
            out.push(Problem::new(
                format!("{cp}.divisions"),
                format!("the command {:?} has no brigades or batteries", c.name),
                "give the command divisions of brigades, or batteries, or remove it",
            ));
        } else if c.fatigue == 0 || c.fatigue > n {
            out.push(Problem::new(
                format!("{cp}.fatigue"),
                format!("a command of {n} units fatigued after {} losses", c.fatigue),
                format!(
                    "the level is the units times the morale's multiplier, rounded, at least 1 (\"NW II 4.0\"): {} for this command at its morale",
                    crate::design::fatigue_threshold(&Tables::default().design, c.morale, n)
                ),
            ));
        }
        let mut divisions = HashMap::new();
        for (di, d) in c.divisions.iter().enumerate() {
            let dp = format!("{cp}.divisions[{di}]");
            text(out, format!("{dp}.name"), &d.name, "a division's name");
            if let Some(first) = divisions.insert(d.name.trim(), di) {
                out.push(Problem::new(
                    format!("{dp}.name"),
                    format!(
                        "divisions {first} and {di} of {:?} are both called {:?}",
                        c.name, d.name
                    ),
                    "give each division of a command a name of its own",
                ));
            }
            if d.brigades.is_empty() {
                out.push(Problem::new(
                    format!("{dp}.brigades"),
                    format!("the division {:?} has no brigades", d.name),
                    "give it [[sides.army.commands.divisions.brigades]], or remove it",
                ));
            }
            for (bi, b) in d.brigades.iter().enumerate() {
                let bp = format!("{dp}.brigades[{bi}]");
                brigade(out, b, &bp);
                pieces.push(Piece {
                    name: b.label.clone(),
                    path: format!("{bp}.label"),
                    troops: true,
                });
            }
            for (gi, g) in d.generals.iter().enumerate() {
                let gp = format!("{dp}.generals[{gi}]");
                text(out, gp.clone(), g, "a general's name");
                pieces.push(Piece {
                    name: g.clone(),
                    path: gp,
                    troops: false,
                });
            }
        }
        for (bi, b) in c.batteries.iter().enumerate() {
            let bp = format!("{cp}.batteries[{bi}]");
            battery(out, b, &bp);
            pieces.push(Piece {
                name: b.label.clone(),
                path: format!("{bp}.label"),
                troops: true,
            });
        }
    }
    for (bi, b) in a.independent.iter().enumerate() {
        let bp = format!("{path}.independent[{bi}]");
        brigade(out, b, &bp);
        pieces.push(Piece {
            name: b.label.clone(),
            path: format!("{bp}.label"),
            troops: true,
        });
    }
    let mut seen: HashMap<&str, &str> = HashMap::new();
    for p in &pieces {
        if let Some(first) = seen.insert(p.name.as_str(), p.path.as_str()) {
            out.push(Problem::new(
                p.path.clone(),
                format!("{:?} is also the name at {first}", p.name),
                "every brigade, battery and officer of a side needs a name of its own: placements find them by it",
            ));
        }
    }
    Some(pieces)
}

const MOVE_HINT: &str = "movement allowances are in inches: 8 to 10 for infantry and foot guns, 12 to 16 for cavalry and horse guns (\"NW 9.1\")";

fn brigade(out: &mut Vec<Problem>, b: &Brigade, path: &str) {
    text(out, format!("{path}.label"), &b.label, "a brigade's label");
    if let Some(n) = &b.name {
        text(out, format!("{path}.name"), n, "a brigade's name");
    }
    if b.arm == Arm::Artillery {
        out.push(Problem::new(
            format!("{path}.arm"),
            "a brigade is infantry or cavalry",
            "batteries go under [[sides.army.commands.batteries]]",
        ));
    }
    let f = b.fatigue;
    if !(2..=MAX_SP).contains(&f.fresh) {
        out.push(Problem::new(
            format!("{path}.fatigue.fresh"),
            format!("a brigade fresh at {} s.p.", f.fresh),
            format!("the fatigue chart runs from 2 to {MAX_SP} s.p. (\"NW II 2.6\")"),
        ));
    } else if let Some(w) = f.worn.filter(|w| *w == 0 || *w >= f.fresh) {
        out.push(Problem::new(
            format!("{path}.fatigue.worn"),
            format!("worn at {w} s.p. when fresh at {}", f.fresh),
            "a brigade becomes worn below its fresh strength and above 0: fresh > worn > spent (\"NW II 2.6\")",
        ));
    } else if let Some(s) = f
        .spent
        .filter(|s| *s == 0 || *s >= f.worn.unwrap_or(f.fresh))
    {
        out.push(Problem::new(
            format!("{path}.fatigue.spent"),
            format!(
                "spent at {s} s.p. when {} at {}",
                if f.worn.is_some() { "worn" } else { "fresh" },
                f.worn.unwrap_or(f.fresh)
            ),
            "a brigade becomes spent below its worn level and above 0: fresh > worn > spent (\"NW II 2.6\")",
        ));
    } else if f.worn.is_none() && f.spent.is_none() {
        out.push(Problem::new(
            format!("{path}.fatigue"),
            format!("a brigade of {} s.p. never worn nor spent", f.fresh),
            "give worn, spent or both from the fatigue chart (\"NW II 2.6\")",
        ));
    }
    if b.sp == 0 {
        out.push(Problem::new(
            format!("{path}.sp"),
            "a brigade of 0 strength points",
            "a brigade with no s.p. left is gone (\"NW 3.0\"): give its strength, or leave it out",
        ));
    } else if b.sp > f.fresh {
        out.push(Problem::new(
            format!("{path}.sp"),
            format!("{} s.p., more than its fresh level of {}", b.sp, f.fresh),
            "a brigade starts at its fresh level, or below it when it comes to the battle worn (ruling N46)",
        ));
    }
    if b.sk > 2 {
        out.push(Problem::new(
            format!("{path}.sk"),
            format!("a skirmish rating of SK{}", b.sk),
            "ratings are 0, 1 or 2 (\"NW II 2.8\")",
        ));
    }
    match b.arm {
        Arm::Cavalry => {
            if b.weight.is_none() {
                out.push(Problem::new(
                    format!("{path}.weight"),
                    "cavalry without a weight",
                    "add weight = \"Light\", \"Medium\" or \"Heavy\"",
                ));
            }
            if b.irregular
                && b.quality != crate::Quality::Militia
                && b.weight.is_some_and(|w| w != crate::CavalryWeight::Light)
            {
                out.push(Problem::new(
                    format!("{path}.irregular"),
                    format!(
                        "irregular cavalry of {} weight and {} class",
                        b.weight.map_or(String::new(), |w| w.to_string()),
                        b.quality
                    ),
                    "irregular horse is the light horse of Cossacks, Yuruks, Bedouin and Arabs, or militia cavalry of any weight (ruling N19): set weight = \"Light\", quality = \"Militia\" or irregular = false",
                ));
            }
            if b.mixed {
                out.push(Problem::new(
                    format!("{path}.mixed"),
                    "a mixed brigade of cavalry",
                    "only infantry with a few squadrons is mixed (MX, \"NW II 2.4\"): set mixed = false",
                ));
            }
        }
        Arm::Infantry => {
            for (field, set) in [
                ("weight", b.weight.is_some()),
                ("armored", b.armored),
                ("irregular", b.irregular),
            ] {
                if set {
                    out.push(Problem::new(
                        format!("{path}.{field}"),
                        format!("infantry with the cavalry's {field}"),
                        format!("remove {field}, or make the brigade arm = \"cavalry\""),
                    ));
                }
            }
        }
        Arm::Artillery => {}
    }
    inches(
        out,
        format!("{path}.movement"),
        b.movement,
        0.0,
        MAX_MOVE,
        false,
        MOVE_HINT,
    );
}

/// The pounds the book's fire points table has a row for: light 3-4, medium 6-9, heavy 10 or
/// more ("NW Artillery Fire Points Table"), up to the 24 lb guns of a siege train brought
/// to the field (ruling N45).
pub fn pounds_ok(pounds: u32) -> bool {
    matches!(pounds, 3..=4 | 6..=9 | 10..=24)
}

pub const POUNDS_HINT: &str = "the fire points table has rows for light guns of 3-4 lb, medium of 6-9 lb and heavy of 10 lb or more; 24 lb is the heaviest taken (ruling N45)";

fn battery(out: &mut Vec<Problem>, b: &Battery, path: &str) {
    text(out, format!("{path}.label"), &b.label, "a battery's label");
    if !pounds_ok(b.pounds) {
        out.push(Problem::new(
            format!("{path}.pounds"),
            format!("{} lb guns", b.pounds),
            POUNDS_HINT,
        ));
    } else {
        let want = match b.ordnance {
            Ordnance::Howitzers if b.horse => GunWeight::Light,
            Ordnance::Howitzers => GunWeight::Heavy,
            _ => GunWeight::from_pounds(b.pounds),
        };
        if b.weight != want {
            out.push(Problem::new(
                format!("{path}.weight"),
                format!(
                    "a {} battery of {} lb weighed as {}",
                    match b.ordnance {
                        Ordnance::Guns => "gun",
                        Ordnance::Howitzers => "howitzer",
                        Ordnance::Rockets => "rocket",
                    },
                    b.pounds,
                    b.weight
                ),
                format!(
                    "set weight = \"{want}\": guns weigh by their pounds, howitzers are heavy on foot and light with horse (ruling N33)"
                ),
            ));
        }
    }
    if b.ordnance == Ordnance::Rockets && !b.horse {
        out.push(Problem::new(
            format!("{path}.horse"),
            "a rocket battery on foot",
            "rockets move as horse artillery (\"NW Optional rules 4.0\"): set horse = true",
        ));
    }
    battery_markings(out, path, b.nation, b.horse, b.cossack, b.old_guard);
    inches(
        out,
        format!("{path}.movement"),
        b.movement,
        0.0,
        MAX_MOVE,
        false,
        MOVE_HINT,
    );
}

/// Problems with a battery's markings: Cossack guns are Russian horse artillery (ruling
/// N52), Old Guard guns French foot artillery ("NW 9.2").
pub fn battery_markings(
    out: &mut Vec<Problem>,
    path: &str,
    nation: Nation,
    horse: bool,
    cossack: bool,
    old_guard: bool,
) {
    if cossack && (nation != Nation::Russia || !horse) {
        out.push(Problem::new(
            format!("{path}.cossack"),
            format!(
                "a {} battery of {nation} marked as Cossack artillery",
                if horse { "horse" } else { "foot" }
            ),
            "Cossack guns are Russian horse artillery (ruling N52): give a Russian horse battery, or set cossack = false",
        ));
    }
    if old_guard && (nation != Nation::France || horse) {
        out.push(Problem::new(
            format!("{path}.old_guard"),
            format!(
                "a {} battery of {nation} marked as Old Guard foot artillery",
                if horse { "horse" } else { "foot" }
            ),
            "only French Old Guard foot artillery is spared the penalty for firing (\"NW 9.2\"): give a French foot battery, or set old_guard = false",
        ));
    }
}

fn deploy(out: &mut Vec<Problem>, s: &Scenario, si: usize, pieces: &[Piece]) {
    let side = &s.sides[si];
    if side.deploy.len() > pieces.len() {
        out.push(Problem::new(
            format!("sides[{si}].deploy[{}]", pieces.len()),
            format!(
                "{} placements for the {} pieces of the {} army",
                side.deploy.len(),
                pieces.len(),
                shown(&side.name)
            ),
            "place each brigade, battery and officer at most once",
        ));
        return;
    }
    let names: HashSet<&str> = pieces.iter().map(|p| p.name.as_str()).collect();
    let mut seen = HashSet::new();
    for (pi, p) in side.deploy.iter().enumerate() {
        let path = format!("sides[{si}].deploy[{pi}]");
        if !names.contains(p.unit.as_str()) {
            out.push(Problem::new(
                format!("{path}.unit"),
                format!(
                    "the {} army has no unit or officer {:?}",
                    shown(&side.name),
                    p.unit
                ),
                "use a brigade's or battery's label, or an officer's name, as in the army",
            ));
        } else if !seen.insert(p.unit.as_str()) {
            out.push(Problem::new(
                format!("{path}.unit"),
                format!("{:?} is placed twice", p.unit),
                "place each unit once",
            ));
        }
        if p.turn == 0 || p.turn > s.turns {
            out.push(Problem::new(
                format!("{path}.turn"),
                format!(
                    "turn {} is not a turn of this {}-turn battle",
                    p.turn, s.turns
                ),
                "1 is on the table from the start; a reinforcement arrives on a later turn, up to the last",
            ));
        }
        let [x, y, facing] = p.at;
        if !(facing.is_finite() && facing.abs() <= 360.0) {
            out.push(Problem::new(
                format!("{path}.at"),
                format!("a facing of {facing} degrees"),
                "at = [x, y, facing]: the facing runs from -360 to 360 degrees, 0 east, 90 north",
            ));
            continue;
        }
        if !on_table(s, x, y) {
            out.push(Problem::new(
                format!("{path}.at"),
                format!(
                    "({x}, {y}) is off the {}\" by {}\" table",
                    s.table.width, s.table.depth
                ),
                "x runs from 0 to the width, y from 0 to the depth",
            ));
        }
    }
}

/// Every table a scenario may override, each value within what makes sense for it.
pub fn tables(out: &mut Vec<Problem>, t: &Tables) {
    let before = out.len();
    let m = &t.maneuver;
    for (r, tops) in m.row_tops.iter().enumerate() {
        for (k, v) in tops.iter().enumerate() {
            let p = format!("tables.maneuver.row_tops[{r}][{k}]");
            needed(out, p.clone(), *v);
            if k > 0 && *v < tops[k - 1] {
                out.push(Problem::new(
                    p,
                    format!("a row top of {v} below the row above it ({})", tops[k - 1]),
                    "each rating's row tops rise from the first row to the fifth (\"NW Maneuver Table\")",
                ));
            }
        }
    }
    let mods = |out: &mut Vec<Problem>, table: &str, list: &[(&str, i32)]| {
        for (f, v) in list {
            modifier(out, format!("tables.{table}.{f}"), *v);
        }
    };
    mods(
        out,
        "maneuver",
        &[
            ("fresh", m.fresh),
            ("spent", m.spent),
            ("general_attached", m.general_attached),
            ("valorous_near", m.valorous_near),
            ("suppressed_artillery", m.suppressed_artillery),
            ("command_fatigued", m.command_fatigued),
            ("outside_poor_range", m.outside_poor_range),
        ],
    );
    for (i, v) in m.quality.iter().enumerate() {
        modifier(out, format!("tables.maneuver.quality[{i}]"), *v);
    }
    let near = "give a distance in inches, or leave the entry out to keep the book's value";
    for (f, v) in [
        ("presence_radius", m.presence_radius),
        ("reattach_within", m.reattach_within),
    ] {
        inches(
            out,
            format!("tables.maneuver.{f}"),
            v,
            0.0,
            MAX_DISTANCE,
            true,
            near,
        );
    }

    let mv = &t.movement;
    for (f, v) in [
        ("fast_infantry", mv.fast_infantry),
        ("other_infantry", mv.other_infantry),
        ("foot_artillery", mv.foot_artillery),
        ("heavy_cavalry", mv.heavy_cavalry),
        ("horse_artillery", mv.horse_artillery),
        ("other_cavalry", mv.other_cavalry),
        ("officers", mv.officers),
    ] {
        inches(
            out,
            format!("tables.movement.{f}"),
            v,
            0.0,
            MAX_MOVE,
            false,
            MOVE_HINT,
        );
    }
    for (f, v) in [
        ("road_bonus", mv.road_bonus),
        ("road_enemy_distance", mv.road_enemy_distance),
        ("interpenetration", mv.interpenetration),
        ("officer_moved_aside", mv.officer_moved_aside),
        ("oblique_cost", mv.oblique_cost),
        ("presence_of_enemy", mv.presence_of_enemy),
    ] {
        inches(
            out,
            format!("tables.movement.{f}"),
            v,
            0.0,
            MAX_DISTANCE,
            true,
            near,
        );
    }
    natural(
        out,
        "tables.movement.officer_overrun_killed_on",
        mv.officer_overrun_killed_on.into(),
    );
    let shares = "a share of the allowance from 0 to 1: the book's are 1/4 and 1/2 (\"NW 9.2\", \"NW 9.6\", \"NW 9.7\")";
    for (i, v) in mv.fired_foot_artillery.iter().enumerate() {
        share(
            out,
            format!("tables.movement.fired_foot_artillery[{i}]"),
            *v,
            "a share of the allowance from 0 to 1: a foot battery that fired moves half, an Ottoman one not at all (\"NW 9.2\")",
        );
    }
    share(out, "tables.movement.wheel_per_45", mv.wheel_per_45, shares);
    for (i, v) in mv.infantry_change_face.iter().enumerate() {
        share(
            out,
            format!("tables.movement.infantry_change_face[{i}]"),
            *v,
            shares,
        );
    }
    share(
        out,
        "tables.movement.change_face_in_mud",
        mv.change_face_in_mud,
        shares,
    );
    cost_multiplier(
        out,
        "tables.movement.retrograde_multiplier",
        mv.retrograde_multiplier,
        "from 1 to 4: the book doubles the cost of stepping back or to a flank (\"NW 9.8\")",
    );

    let tc = &t.terrain;
    let row = |out: &mut Vec<Problem>, name: &str, r: &TerrainRow| {
        let p = |f: &str| format!("tables.terrain.{name}.{f}");
        let extra = "extra inches paid: the book's are 1\" to 4\"";
        inches(
            out,
            p("obstacle"),
            r.obstacle,
            0.0,
            MAX_DISTANCE,
            true,
            extra,
        );
        inches(
            out,
            p("elevation"),
            r.elevation,
            0.0,
            MAX_DISTANCE,
            true,
            extra,
        );
        for (f, v) in [
            ("hindering", r.hindering),
            ("rough", r.rough),
            ("fording", r.fording),
        ] {
            if !(v.is_finite() && (1.0..=10.0).contains(&v)) {
                out.push(Problem::new(
                    p(f),
                    format!("a cost of {v} inches an inch"),
                    "inches of allowance for each inch of ground, from 1 (open ground) to 10: the book's are 1.5 to 4",
                ));
            }
        }
    };
    row(out, "infantry", &tc.infantry);
    row(out, "foot_artillery", &tc.foot_artillery);
    row(out, "heavy_cavalry", &tc.heavy_cavalry);
    row(out, "other_cavalry", &tc.other_cavalry);
    cost_multiplier(
        out,
        "tables.terrain.mud_multiplier",
        tc.mud_multiplier,
        "from 1 to 4: the book doubles costs in mud (\"NW 9.4\")",
    );

    let v = &t.visibility;
    inches(
        out,
        "tables.visibility.normal",
        v.normal,
        0.0,
        MAX_RANGE,
        false,
        "how far a unit sees, in inches: 24\" in the book (\"NW 9.51\")",
    );
    inches(
        out,
        "tables.visibility.per_hindrance",
        v.per_hindrance,
        0.0,
        MAX_RANGE,
        true,
        "inches of sight lost to each hindrance: 6\" in the book (\"NW 9.51\")",
    );

    let sk = &t.skirmish;
    for i in 0..2 {
        let reach =
            "a skirmisher's reach in inches: the book's are 4\" and 6\", 2\" and 4\" in fog";
        inches(
            out,
            format!("tables.skirmish.range[{i}]"),
            sk.range[i],
            0.0,
            MAX_DISTANCE,
            false,
            reach,
        );
        inches(
            out,
            format!("tables.skirmish.fog_range[{i}]"),
            sk.fog_range[i],
            0.0,
            MAX_DISTANCE,
            true,
            reach,
        );
    }
    mods(
        out,
        "skirmish",
        &[
            ("mixed_brigade", sk.mixed_brigade),
            ("soft_cover", sk.soft_cover),
            ("near_cavalry", sk.near_cavalry),
            ("hard_cover", sk.hard_cover),
            ("artillery", sk.artillery),
            ("ottoman_artillery", sk.ottoman_artillery),
            ("vulnerable", sk.vulnerable),
        ],
    );
    inches(
        out,
        "tables.skirmish.near_cavalry_radius",
        sk.near_cavalry_radius,
        0.0,
        MAX_DISTANCE,
        true,
        near,
    );
    natural(
        out,
        "tables.skirmish.general_killed_on",
        sk.general_killed_on.into(),
    );
    if !(1..=10).contains(&sk.loss_multiple) {
        out.push(Problem::new(
            "tables.skirmish.loss_multiple",
            format!("a loss when the attack is {} times the target's total", sk.loss_multiple),
            "from 1 to 10: the book's skirmishers cost a s.p. at twice the target's total (\"NW 7.6\")",
        ));
    }
    sp_loss(
        out,
        "tables.skirmish.loss",
        sk.loss,
        "the book's skirmishers take 1 (\"NW 7.6\")",
    );

    let a = &t.artillery;
    let guns = |out: &mut Vec<Problem>, name: &str, fp: &FirePoints| {
        for i in 0..3 {
            let p = format!("tables.artillery.{name}.reach[{i}]");
            inches(
                out,
                p.clone(),
                fp.reach[i],
                0.0,
                MAX_DISTANCE,
                false,
                "the outer edge of a range band, in inches: the book's run from 3\" to 16\"",
            );
            if i > 0 && fp.reach[i] <= fp.reach[i - 1] {
                out.push(Problem::new(
                    p,
                    format!("a band reaching {}\", no further than the band before ({}\")", fp.reach[i], fp.reach[i - 1]),
                    "canister, medium and long range reach further each (\"NW Artillery Fire Points Table\")",
                ));
            }
            let q = format!("tables.artillery.{name}.points[{i}]");
            if !(fp.points[i].is_finite() && (0.0..=100.0).contains(&fp.points[i])) {
                out.push(Problem::new(
                    q,
                    format!("{} fire points", fp.points[i]),
                    "fire points run from 0 to 100: the book's are 1 to 10",
                ));
            }
        }
    };
    guns(out, "light", &a.light);
    guns(out, "medium", &a.medium);
    guns(out, "heavy", &a.heavy);
    if a.rows.is_empty() || a.rows.len() > 64 {
        out.push(Problem::new(
            "tables.artillery.rows",
            format!("a fire effects table of {} rows", a.rows.len()),
            "give 1 to 64 rows, fewest fire points first (\"NW Fire Affects Table\" has 16)",
        ));
    } else {
        let mut last = 0.0;
        for (i, r) in a.rows.iter().enumerate() {
            let p = format!("tables.artillery.rows[{i}]");
            if !(r.points.is_finite() && r.points > last && r.points <= 1000.0) {
                out.push(Problem::new(
                    format!("{p}.points"),
                    format!(
                        "a row from {} fire points after a row from {last}",
                        r.points
                    ),
                    "rows start from more fire points each, above 0 and up to 1000",
                ));
            }
            if r.points.is_finite() {
                last = r.points;
            }
            let cells: Vec<(usize, i32)> = r
                .from
                .iter()
                .enumerate()
                .filter_map(|(k, c)| c.map(|c| (k, c)))
                .collect();
            for w in cells.windows(2) {
                if w[1].1 < w[0].1 {
                    out.push(Problem::new(
                        format!("{p}.from[{}]", w[1].0),
                        format!("a worse effect from {}, below the milder effect's {}", w[1].1, w[0].1),
                        "each effect of a row needs a roll at least as high as the milder ones before it",
                    ));
                }
            }
        }
    }
    mods(
        out,
        "artillery",
        &[
            ("british_french", a.british_french),
            ("russian_heavy", a.russian_heavy),
            ("vulnerable", a.vulnerable),
            ("ottoman_cossack", a.ottoman_cossack),
            ("soft_cover", a.soft_cover),
            ("rain_or_mud", a.rain_or_mud),
            ("different_elevation", a.different_elevation),
            ("target_artillery", a.target_artillery),
            ("hard_cover", a.hard_cover),
        ],
    );
    share(
        out,
        "tables.artillery.reduced_share",
        a.reduced_share,
        "a share of the fire points from 0 to 1: damaged or suppressed guns fire with half (\"NW 8.4\")",
    );
    for (i, n) in a.losses.iter().enumerate() {
        sp_loss(
            out,
            format!("tables.artillery.losses[{i}]"),
            *n,
            "the book's fire costs 1, 1 and 2 (\"NW Fire Effects\")",
        );
    }
    inches(
        out,
        "tables.artillery.horrendous_retreat",
        a.horrendous_retreat,
        0.0,
        MAX_DISTANCE,
        true,
        near,
    );
    inches(
        out,
        "tables.artillery.alley_width",
        a.alley_width,
        0.0,
        MAX_DISTANCE,
        false,
        "the width of a battery's line of fire: 1.5\" in the book (\"NW 8.3\")",
    );
    for (f, v) in [
        ("closest_target_within", a.closest_target_within),
        ("into_woods", a.into_woods),
        ("battery_spacing", a.battery_spacing),
    ] {
        inches(
            out,
            format!("tables.artillery.{f}"),
            v,
            0.0,
            MAX_DISTANCE,
            true,
            near,
        );
    }
    inches(
        out,
        "tables.artillery.rocket_reach",
        a.rocket_reach,
        0.0,
        MAX_DISTANCE,
        false,
        "rockets reach 12\" in the book (\"NW Optional rules 4.0\")",
    );
    natural(
        out,
        "tables.artillery.general_killed_on",
        a.general_killed_on.into(),
    );
    for (i, n) in a.rocket_dice.iter().enumerate() {
        if !(1..=3).contains(n) {
            out.push(Problem::new(
                format!("tables.artillery.rocket_dice[{i}]"),
                format!("{n} dice for rocket fire points"),
                "roll 1 to 3 dice: the book rolls 1 against infantry and artillery, 2 against cavalry",
            ));
        }
    }

    let e = &t.evasion;
    for i in 0..2 {
        needed(out, format!("tables.evasion.foot[{i}]"), e.foot[i]);
        needed(out, format!("tables.evasion.horse[{i}]"), e.horse[i]);
    }
    mods(
        out,
        "evasion",
        &[
            ("bad_weather", e.bad_weather),
            ("suppressed", e.suppressed),
            ("rough", e.rough),
            ("obstacle_or_higher", e.obstacle_or_higher),
        ],
    );
    inches(
        out,
        "tables.evasion.attacker_cost",
        e.attacker_cost,
        0.0,
        MAX_DISTANCE,
        true,
        near,
    );

    let r = &t.reaction;
    needed(out, "tables.reaction.needed", r.needed);
    for i in 0..2 {
        inches(
            out,
            format!("tables.reaction.zone[{i}]"),
            r.zone[i],
            0.0,
            MAX_DISTANCE,
            false,
            "a reaction zone in inches: 6\" for heavy cavalry, 8\" for the rest (\"NW 10.0\")",
        );
    }
    mods(
        out,
        "reaction",
        &[
            ("fresh", r.fresh),
            ("worn", r.worn),
            ("spent", r.spent),
            ("general_attached", r.general_attached),
            ("valorous_near", r.valorous_near),
            ("disordered", r.disordered),
            ("command_fatigued", r.command_fatigued),
            ("target_of_charge", r.target_of_charge),
        ],
    );
    for (i, v) in r.quality.iter().enumerate() {
        modifier(out, format!("tables.reaction.quality[{i}]"), *v);
    }
    inches(
        out,
        "tables.reaction.countercharge_setback",
        r.countercharge_setback,
        0.0,
        MAX_DISTANCE,
        true,
        near,
    );

    let c = &t.combat;
    let bands = [
        ("crushed_from", c.crushed_from),
        ("broken_from", c.broken_from),
        ("driven_back_from", c.driven_back_from),
        ("gives_ground_from", c.gives_ground_from),
        ("checked_from", c.checked_from),
        ("repulsed_from", c.repulsed_from),
    ];
    for (k, (f, v)) in bands.iter().enumerate() {
        let p = format!("tables.combat.{f}");
        if !(-30..=30).contains(v) {
            out.push(Problem::new(
                p,
                format!("a band from a difference of {v}"),
                "differences of the two rolls run from about -20 to 20: the book's bands are from 10 down to -6",
            ));
        } else if k == 3 && *v < 1 {
            out.push(Problem::new(
                p,
                format!("\"defender gives ground\" from {v}"),
                "a difference of 0 is a desperate struggle: the attacker's bands start at 1 or more",
            ));
        } else if k == 4 && *v > -1 {
            out.push(Problem::new(
                p,
                format!("\"assault checked\" from {v}"),
                "a difference of 0 is a desperate struggle: the defender's bands start at -1 or less",
            ));
        } else if k > 0 && k != 4 && *v > bands[k - 1].1 {
            out.push(Problem::new(
                p,
                format!("{f} {v} above {} {}", bands[k - 1].0, bands[k - 1].1),
                "the bands run down from crushed to repulsed, each from a lower difference than the one before",
            ));
        }
    }
    mods(
        out,
        "combat",
        &[
            ("fresh", c.fresh),
            ("spent", c.spent),
            ("hard_cover", c.hard_cover),
            ("spanish_hard_cover", c.spanish_hard_cover),
            ("disordered", c.disordered),
            ("disordered_with_loss", c.disordered_with_loss),
            ("combined_arms", c.combined_arms),
            ("outnumbered_step", c.outnumbered_step),
            ("general_attached", c.general_attached),
            ("light_vs_heavy_cavalry", c.light_vs_heavy_cavalry),
            ("valorous_near", c.valorous_near),
            ("medium_vs_heavy_cavalry", c.medium_vs_heavy_cavalry),
            ("french_infantry_attacking", c.french_infantry_attacking),
            ("cavalry_at_the_halt", c.cavalry_at_the_halt),
            (
                "soft_cover_obstacle_or_higher",
                c.soft_cover_obstacle_or_higher,
            ),
            ("versus_armored_cavalry", c.versus_armored_cavalry),
            (
                "russian_british_infantry_defending",
                c.russian_british_infantry_defending,
            ),
            ("outflanked", c.outflanked),
            ("defender_vulnerable", c.defender_vulnerable),
            ("cavalry_vs_infantry", c.cavalry_vs_infantry),
        ],
    );
    let crt = "the book's losses are from 1 to 3 (\"NW Combat Results Table\")";
    for (f, list) in [
        ("defender_losses", &c.defender_losses[..]),
        ("attacker_losses", &c.attacker_losses[..]),
        ("routed_contacted_loss", &c.routed_contacted_loss[..]),
    ] {
        for (i, n) in list.iter().enumerate() {
            sp_loss(out, format!("tables.combat.{f}[{i}]"), *n, crt);
        }
    }
    for (f, n) in [
        ("struggle_loss", c.struggle_loss),
        ("pursuit_loss", c.pursuit_loss),
        ("squares_loss_cap", c.squares_loss_cap),
        ("retreat_short_loss", c.retreat_short_loss),
    ] {
        sp_loss(out, format!("tables.combat.{f}"), n, crt);
    }
    for i in 0..2 {
        inches(
            out,
            format!("tables.combat.rout_move[{i}]"),
            c.rout_move[i],
            0.0,
            MAX_DISTANCE,
            false,
            "rout moves in inches: 12\" for infantry, 24\" for cavalry (\"NW 11.5\")",
        );
    }
    inches(
        out,
        "tables.combat.fall_back",
        c.fall_back,
        0.0,
        MAX_DISTANCE,
        true,
        near,
    );
    for i in 0..3 {
        inches(
            out,
            format!("tables.combat.advance[{i}]"),
            c.advance[i],
            0.0,
            MAX_DISTANCE,
            true,
            near,
        );
    }
    for (f, v) in [
        ("routed_advance", c.routed_advance),
        ("advance_short_of_enemy", c.advance_short_of_enemy),
    ] {
        inches(
            out,
            format!("tables.combat.{f}"),
            v,
            0.0,
            MAX_DISTANCE,
            true,
            near,
        );
    }
    natural(
        out,
        "tables.combat.officer_killed_from",
        c.officer_killed_from.into(),
    );

    let ra = &t.rally;
    for (i, v) in ra.needed.iter().enumerate() {
        needed(out, format!("tables.rally.needed[{i}]"), *v);
    }
    mods(
        out,
        "rally",
        &[
            ("fresh", ra.fresh),
            ("spent", ra.spent),
            ("outside_command", ra.outside_command),
            ("general_attached", ra.general_attached),
            ("valorous_or_cinc_near", ra.valorous_or_cinc_near),
        ],
    );
    inches(
        out,
        "tables.rally.failed_move",
        ra.failed_move,
        0.0,
        MAX_DISTANCE,
        true,
        near,
    );

    let ca = &t.campaign;
    mods(
        out,
        "campaign",
        &[
            ("pursuit_bad_weather", ca.pursuit_bad_weather),
            ("pursuit_late", ca.pursuit_late),
        ],
    );
    if !(0..=6).contains(&ca.pursuit_die_least) {
        out.push(Problem::new(
            "tables.campaign.pursuit_die_least",
            format!("a pursuit die counting at least {}", ca.pursuit_die_least),
            "a die counts at least 0 to 6 s.p.; the book's least is 1",
        ));
    }
    for (f, [n, d]) in [
        ("winner_regains", ca.winner_regains),
        ("loser_regains", ca.loser_regains),
    ] {
        if d == 0 || n > d {
            out.push(Problem::new(
                format!("tables.campaign.{f}"),
                format!("regaining {n}/{d} of the s.p. lost"),
                "give a fraction from [0, 1] to [1, 1]; the book's are [1, 3] for the victor and [1, 2] for the defeated",
            ));
        }
    }

    design_tables(out, &t.design);

    // Any number not finite that the checks above do not name (a field added later).
    if let Ok(v) = serde_json::to_value(t) {
        let mut bad = Vec::new();
        not_finite(&v, "tables".into(), &mut bad);
        for path in bad {
            if !out[before..].iter().any(|p| p.path == path) {
                out.push(Problem::new(
                    path,
                    "a table entry that is not a number",
                    "give a finite number, or leave the entry out to keep the book's value",
                ));
            }
        }
    }
}

fn design_tables(out: &mut Vec<Problem>, d: &crate::tables::DesignTables) {
    for (name, list) in [
        ("infantry_men_per_sp", &d.infantry_men_per_sp),
        ("cavalry_men_per_sp", &d.cavalry_men_per_sp),
    ] {
        for (i, v) in list.iter().enumerate() {
            if !(v.is_finite() && *v >= 10.0 && *v <= 10_000.0) {
                out.push(Problem::new(
                    format!("tables.design.{name}[{i}]"),
                    format!("{v} men to a strength point"),
                    "from 10 to 10,000: the book's run from 150 to 700 (\"NW II 2.1\")",
                ));
            }
        }
    }
    if !(2..=MAX_SP).contains(&d.max_sp) {
        out.push(Problem::new(
            "tables.design.max_sp",
            format!("brigades of up to {} s.p.", d.max_sp),
            format!("from 2 to {MAX_SP}: the fatigue chart ends at {MAX_SP} (\"NW II 2.2\", \"NW II 2.6\")"),
        ));
    }
    for (col, rows) in d.fatigue.iter().enumerate() {
        for (i, (worn, spent)) in rows.iter().enumerate() {
            let sp = i as u32 + 2;
            let p = format!("tables.design.fatigue[{col}][{i}]");
            let bad_worn = worn.is_some_and(|w| w == 0 || w >= sp);
            let bad_spent = spent.is_some_and(|s| s == 0 || s >= worn.unwrap_or(sp));
            if bad_worn || bad_spent || (worn.is_none() && spent.is_none()) {
                out.push(Problem::new(
                    p,
                    format!(
                        "levels {}/{}/{} for a brigade of {sp} s.p.",
                        sp,
                        worn.map_or("-".into(), |w| w.to_string()),
                        spent.map_or("-".into(), |s| s.to_string())
                    ),
                    "fresh > worn > spent > 0, one of worn and spent at least (\"NW II 2.6\")",
                ));
            }
        }
    }
    for (i, v) in d.battery_sp.iter().enumerate() {
        if *v > 6 {
            out.push(Problem::new(
                format!("tables.design.battery_sp[{i}]"),
                format!("{v} s.p. for a divisional battery"),
                "from 0 to 6: the book gives 1 for a light battery and 2 for a medium (\"NW II 2.5\")",
            ));
        }
    }
    for (name, (base, per)) in [
        ("corps_range_fast", d.corps_range_fast),
        ("corps_range_other", d.corps_range_other),
        ("division_range_excellent", d.division_range_excellent),
        ("division_range_other", d.division_range_other),
    ] {
        let hint = "a base range of 2\" to 4\" and half an inch or an inch a unit in the book (\"NW II 3.1\")";
        inches(
            out,
            format!("tables.design.{name}[0]"),
            base,
            0.0,
            MAX_DISTANCE,
            false,
            hint,
        );
        inches(
            out,
            format!("tables.design.{name}[1]"),
            per,
            0.0,
            4.0,
            true,
            hint,
        );
    }
    for (i, v) in d.presence.iter().enumerate() {
        if !(0..=4).contains(v) {
            out.push(Problem::new(
                format!("tables.design.presence[{i}]"),
                format!("a presence bonus of {v:+}"),
                "from 0 to +4: the book's are +3, +2, +1 and 0 (\"NW II 3.1\")",
            ));
        }
    }
    if !(0..=2).contains(&d.napoleon_bonus) {
        out.push(Problem::new(
            "tables.design.napoleon_bonus",
            format!("Napoleon's bonus of {:+}", d.napoleon_bonus),
            "from 0 to +2: the book gives him +1 (\"NW II 3.1\")",
        ));
    }
    for (i, v) in d.adcs.iter().enumerate() {
        if *v > 4 {
            out.push(Problem::new(
                format!("tables.design.adcs[{i}]"),
                format!("{v} ADCs"),
                "from 0 to 4: the book's are 2, 1, 0 and 0 (\"NW II 3.3\")",
            ));
        }
    }
    if d.napoleon_adcs > 3 {
        out.push(Problem::new(
            "tables.design.napoleon_adcs",
            format!("{} more ADCs for Napoleon", d.napoleon_adcs),
            "from 0 to 3: the book gives him 1 (\"NW II 3.3\")",
        ));
    }
    for (i, v) in d.units_per_general.iter().enumerate() {
        if !(v.is_finite() && (1.0..=100.0).contains(v)) {
            out.push(Problem::new(
                format!("tables.design.units_per_general[{i}]"),
                format!("a general for every {v} units"),
                "from 1 to 100: the book's are 6, 16 and 12 (\"NW II 3.3\")",
            ));
        }
    }
    for (i, v) in d.morale_multiplier.iter().enumerate() {
        if !(v.is_finite() && *v > 0.0 && *v <= 1.0) {
            out.push(Problem::new(
                format!("tables.design.morale_multiplier[{i}]"),
                format!("a morale multiplier of {v}"),
                "more than 0 and up to 1: the book's are .40, .35 and .30 (\"NW II 4.0\")",
            ));
        }
    }
    for (i, v) in d.partial_losses.iter().enumerate() {
        if !(v.is_finite() && (0.0..=1.0).contains(v)) {
            out.push(Problem::new(
                format!("tables.design.partial_losses[{i}]"),
                format!("a unit counting {v} of a loss"),
                "from 0 to 1: the book counts a Spent unit, one routed off and a lost battery as half a loss (\"NW II 4.0\")",
            ));
        }
    }
    if !(d.guard_army_multiplier.is_finite() && (1.0..=4.0).contains(&d.guard_army_multiplier)) {
        out.push(Problem::new(
            "tables.design.guard_army_multiplier",
            format!("Guard losses counted {} times", d.guard_army_multiplier),
            "from 1 to 4: the book counts a Guard unit twice for the army (\"NW II 4.0\")",
        ));
    }
    for (i, v) in d.sk2_share.iter().enumerate() {
        if !(v.is_finite() && *v > 0.0 && *v <= 1.0) {
            out.push(Problem::new(
                format!("tables.design.sk2_share[{i}]"),
                format!("SK2 from a share of {v} light battalions"),
                "more than 0 and up to 1: the book's are a third for the French and a half for others (\"NW II 2.8\")",
            ));
        }
    }
    for (f, v) in [
        ("hindered_range_cut", d.hindered_range_cut),
        ("replacement_range_cut", d.replacement_range_cut),
    ] {
        inches(
            out,
            format!("tables.design.{f}"),
            v,
            0.0,
            MAX_DISTANCE,
            true,
            "inches taken off a command range: 3\" and 2\" in the book (\"NW 9.51\", \"NW 11.7\")",
        );
    }
}

/// Paths of the numbers under `value` that are not finite (serialised as JSON null). Used on
/// [`Tables`], whose only other nulls are the empty cells of the fire effects table and of
/// the fatigue chart.
fn not_finite(value: &serde_json::Value, path: String, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Null
            if !path.contains(".from[") && !path.starts_with("tables.design.fatigue[") =>
        {
            out.push(path)
        }
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
