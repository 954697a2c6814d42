//! The tables the module refers to but does not print: the Movement Rates Chart and the
//! Maneuver Table ("NFF Maneuver:
//! General 2"), the Musketry & Cannonade Table with the fire points it is read by, leader
//! casualties, the Charge Table ("NFF Charge 5") and the chart of brigade effectiveness
//! ("NFF Prepare for Battle 6"). Every one here is Grognard's own design
//! (docs/fire-and-fury-design.md, part 4), kept as data in `tables/grognard.toml`, and says
//! so in its `provenance`, which goes with every result read from it.
//!
//! A player who owns the published rules loads their values instead ([`load`]): a file
//! gives whole tables, each with a provenance of the player's words, and the tables it
//! leaves out stay Grognard's.

use crate::modifiers::{Modifiers, ModifiersFile};
use grognard_engine::files::{FileError, Problem};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The label every table of Grognard's own design carries.
pub const OURS: &str = "Grognard's table, not the published one";

/// Grognard's tables, as shipped.
const GROGNARD: &str = include_str!("../tables/grognard.toml");

/// Every table the rule set reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// The Movement Rates Chart ("NFF Maneuver: General 2").
    pub movement: Movement,
    /// The Maneuver Table ("NFF Maneuver: Reserve Movement", "Tactical Movement").
    pub maneuver: Maneuver,
    /// The Musketry & Cannonade Table ("NFF Musketry and Cannonade").
    pub fire: Fire,
    /// Fire points by arm and range ("NFF Musketry and Cannonade").
    pub fire_points: FirePoints,
    /// Leader casualties ("NFF Musketry and Cannonade 8").
    pub leader_casualty: LeaderCasualty,
    /// The Charge Table ("NFF Charge 5").
    pub charge: Charge,
    /// Brigade effectiveness: when a brigade is Worn and Spent ("NFF Prepare for Battle 6").
    pub effectiveness: Effectiveness,
    /// The module's own modifiers to every roll, with their sections: not Grognard's.
    #[serde(default)]
    pub modifiers: Modifiers,
}

impl Default for Tables {
    /// Grognard's tables.
    fn default() -> Self {
        static BUILT: OnceLock<Tables> = OnceLock::new();
        BUILT
            .get_or_init(|| match shipped() {
                Ok(t) => t,
                // The shipped file is checked by the crate's tests; nothing a user gives
                // reaches this.
                Err(e) => panic!("the shipped tables do not read: {e:?}"),
            })
            .clone()
    }
}

/// Grognard's tables read from the shipped file, every table required.
pub fn shipped() -> Result<Tables, Vec<FileError>> {
    grognard_engine::files::load_checked("tables/grognard.toml", GROGNARD, tables_problems)
}

impl Tables {
    /// Each table's name and provenance, for every place that shows a result read from it.
    pub fn provenances(&self) -> [(&'static str, &str); 7] {
        [
            ("movement", &self.movement.provenance),
            ("maneuver", &self.maneuver.provenance),
            ("fire", &self.fire.provenance),
            ("fire_points", &self.fire_points.provenance),
            ("leader_casualty", &self.leader_casualty.provenance),
            ("charge", &self.charge.provenance),
            ("effectiveness", &self.effectiveness.provenance),
        ]
    }
}

/// Tables a player gives (a file of their own, or a scenario's `[tables]`): each table
/// named is given whole, and each group of modifiers.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TablesGiven {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Movement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maneuver: Option<Maneuver>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fire: Option<Fire>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fire_points: Option<FirePoints>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader_casualty: Option<LeaderCasualty>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge: Option<Charge>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effectiveness: Option<Effectiveness>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub modifiers: Option<ModifiersFile>,
}

impl TablesGiven {
    /// `base` with the given tables and groups of modifiers in place of its own.
    pub fn over(self, base: Tables) -> Tables {
        Tables {
            movement: self.movement.unwrap_or(base.movement),
            maneuver: self.maneuver.unwrap_or(base.maneuver),
            fire: self.fire.unwrap_or(base.fire),
            fire_points: self.fire_points.unwrap_or(base.fire_points),
            leader_casualty: self.leader_casualty.unwrap_or(base.leader_casualty),
            charge: self.charge.unwrap_or(base.charge),
            effectiveness: self.effectiveness.unwrap_or(base.effectiveness),
            modifiers: match self.modifiers {
                Some(m) => m.over(base.modifiers),
                None => base.modifiers,
            },
        }
    }

    /// These tables given, and `before`'s where these give none.
    pub fn over_given(self, before: TablesGiven) -> TablesGiven {
        TablesGiven {
            movement: self.movement.or(before.movement),
            maneuver: self.maneuver.or(before.maneuver),
            fire: self.fire.or(before.fire),
            fire_points: self.fire_points.or(before.fire_points),
            leader_casualty: self.leader_casualty.or(before.leader_casualty),
            charge: self.charge.or(before.charge),
            effectiveness: self.effectiveness.or(before.effectiveness),
            modifiers: self.modifiers.or(before.modifiers),
        }
    }

    /// What is wrong with the tables given, each problem by its field path.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let given: [Option<&dyn Table>; 7] = [
            self.movement.as_ref().map(|x| x as &dyn Table),
            self.maneuver.as_ref().map(|x| x as &dyn Table),
            self.fire.as_ref().map(|x| x as &dyn Table),
            self.fire_points.as_ref().map(|x| x as &dyn Table),
            self.leader_casualty.as_ref().map(|x| x as &dyn Table),
            self.charge.as_ref().map(|x| x as &dyn Table),
            self.effectiveness.as_ref().map(|x| x as &dyn Table),
        ];
        for table in given.into_iter().flatten() {
            table.problems(&mut out);
        }
        if let Some(m) = &self.modifiers {
            m.problems(&mut out);
        }
        out
    }
}

/// Read a file of tables: the tables it gives replace Grognard's whole, each checked; the
/// others stay Grognard's. Errors name the file, line, column and field.
pub fn load(file: &str, text: &str) -> Result<Tables, Vec<FileError>> {
    let given: TablesGiven =
        grognard_engine::files::load_checked(file, text, TablesGiven::problems)?;
    Ok(given.over(Tables::default()))
}

/// A table that can say what is wrong with it, each problem by its field path.
trait Table {
    fn problems(&self, out: &mut Vec<Problem>);
}

fn tables_problems(t: &Tables) -> Vec<Problem> {
    let mut out = Vec::new();
    let all: [&dyn Table; 7] = [
        &t.movement,
        &t.maneuver,
        &t.fire,
        &t.fire_points,
        &t.leader_casualty,
        &t.charge,
        &t.effectiveness,
    ];
    for table in all {
        table.problems(&mut out);
    }
    t.modifiers.problems(&mut out);
    out
}

fn provenance_problem(table: &str, provenance: &str, out: &mut Vec<Problem>) {
    if provenance.trim().is_empty() {
        out.push(Problem::new(
            format!("{table}.provenance"),
            "a table must say where its values come from",
            format!("e.g. provenance = {OURS:?}, or the title of your copy of the rules"),
        ));
    }
}

/// The Movement Rates Chart: inches of a full move, and what ground costs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// Where the values come from: [`OURS`] for Grognard's.
    pub provenance: String,
    /// A leader's move.
    pub leader: f64,
    /// Engineers' and bands' move.
    pub engineers: f64,
    /// Infantry by its class ("NFF Maneuver: General 4").
    pub infantry: InfantryRates,
    pub cavalry: CavalryRates,
    pub artillery: ArtilleryRates,
    /// Ground, by the engine's name of its kind ("light_wood", "stream", ...); ground not
    /// named costs nothing.
    pub terrain: std::collections::BTreeMap<String, Ground>,
}

/// Infantry rates by movement class.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct InfantryRates {
    pub linear: Rates,
    pub columnar: Rates,
    pub impulse: Rates,
}

/// Cavalry rates; irregular cavalry moves at the heavy rate ("NFF Maneuver: Irregulars").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CavalryRates {
    pub light: Rates,
    pub heavy: Rates,
}

/// A full move by formation ("NFF Maneuver: Formations").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    pub single_echelon: f64,
    pub double_echelon: f64,
    pub brigade_masse: f64,
    pub march_column: f64,
    /// In march column along a road.
    pub road: f64,
}

impl Rates {
    fn all(&self) -> [(&'static str, f64); 5] {
        [
            ("single_echelon", self.single_echelon),
            ("double_echelon", self.double_echelon),
            ("brigade_masse", self.brigade_masse),
            ("march_column", self.march_column),
            ("road", self.road),
        ]
    }
}

/// Batteries' moves: limbered, on and off roads, and unlimbered by prolonge.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArtilleryRates {
    pub foot: f64,
    pub foot_road: f64,
    pub horse: f64,
    pub horse_road: f64,
    pub prolonge: f64,
}

/// The arms ground treats apart.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
}

/// What a kind of ground costs each arm: a factor on every inch inside an area, or inches
/// added to cross a linear feature; an arm with neither given may not enter it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Ground {
    pub infantry: Option<f64>,
    pub cavalry: Option<f64>,
    pub artillery: Option<f64>,
    /// Inches added to cross, by arm.
    pub cross: Option<Crossing>,
    /// The arms that end a move through it Disordered.
    pub disorders: Vec<Arm>,
}

/// Inches added to cross a linear feature, by arm; an arm left out may not cross.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Crossing {
    pub infantry: Option<f64>,
    pub cavalry: Option<f64>,
    pub artillery: Option<f64>,
}

impl Ground {
    /// What the ground costs `arm`: `Some(factor)` on each inch inside, or `None` where it
    /// may not enter; a linear feature costs nothing inside (see [`Ground::crossing`]).
    pub fn factor(&self, arm: Arm) -> Option<f64> {
        let f = match arm {
            Arm::Infantry => self.infantry,
            Arm::Cavalry => self.cavalry,
            Arm::Artillery => self.artillery,
        };
        match (f, self.cross) {
            (Some(f), _) => Some(f),
            (None, Some(_)) => Some(1.0),
            (None, None) => None,
        }
    }

    /// Inches `arm` adds to cross a linear feature; `None` where it may not cross, and
    /// `Some(0)` for ground that is an area.
    pub fn crossing(&self, arm: Arm) -> Option<f64> {
        match self.cross {
            None => Some(0.0),
            Some(c) => match arm {
                Arm::Infantry => c.infantry,
                Arm::Cavalry => c.cavalry,
                Arm::Artillery => c.artillery,
            },
        }
    }
}

impl Table for Movement {
    fn problems(&self, out: &mut Vec<Problem>) {
        provenance_problem("movement", &self.provenance, out);
        let mut rate = |path: String, v: f64| {
            if !(v > 0.0 && v <= 100.0) {
                out.push(Problem::new(
                    path,
                    format!("{v} is not a move in inches"),
                    "give inches above nothing, e.g. 8",
                ));
            }
        };
        rate("movement.leader".into(), self.leader);
        rate("movement.engineers".into(), self.engineers);
        for (class, r) in [
            ("infantry.linear", self.infantry.linear),
            ("infantry.columnar", self.infantry.columnar),
            ("infantry.impulse", self.infantry.impulse),
            ("cavalry.light", self.cavalry.light),
            ("cavalry.heavy", self.cavalry.heavy),
        ] {
            for (key, v) in r.all() {
                rate(format!("movement.{class}.{key}"), v);
            }
        }
        let a = self.artillery;
        for (key, v) in [
            ("foot", a.foot),
            ("foot_road", a.foot_road),
            ("horse", a.horse),
            ("horse_road", a.horse_road),
            ("prolonge", a.prolonge),
        ] {
            rate(format!("movement.artillery.{key}"), v);
        }
        for (name, g) in &self.terrain {
            if serde_json::from_value::<grognard_engine::terrain::TerrainKind>(
                serde_json::Value::String(name.clone()),
            )
            .is_err()
            {
                out.push(Problem::new(
                    format!("movement.terrain.{name}"),
                    format!("{name:?} is not a kind of ground"),
                    "name a kind of ground such as light_wood, dense_wood, town, stream, ford, hedge, wall, hasty_works or field_works",
                ));
            }
            let cross = g.cross.unwrap_or_default();
            for (key, v) in [
                ("infantry", g.infantry),
                ("cavalry", g.cavalry),
                ("artillery", g.artillery),
                ("cross.infantry", cross.infantry),
                ("cross.cavalry", cross.cavalry),
                ("cross.artillery", cross.artillery),
            ] {
                if let Some(v) = v {
                    if !(0.0..=20.0).contains(&v) {
                        out.push(Problem::new(
                            format!("movement.terrain.{name}.{key}"),
                            format!("{v} is not a cost of ground"),
                            "give a factor from 0 up (1 is open ground), or inches added to cross",
                        ));
                    }
                }
            }
        }
    }
}

/// The row of a column of `rows` that a modified score reads, the first row serving `low`
/// and below, the last every score past it.
fn row(score: i32, low: i32, rows: usize) -> usize {
    let last = rows.saturating_sub(1);
    usize::try_from(score.saturating_sub(low)).map_or(0, |i| i.min(last))
}

/// One column of a d10 table: the cells for the modified scores `low`, `low + 1`, ...; a
/// score below `low` reads the first cell, one past the last cell reads the last.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Column<C> {
    /// The modified score the first cell is for.
    pub low: i32,
    /// One cell for each modified score from `low` up.
    pub cells: Vec<C>,
}

impl<C> Column<C> {
    /// The cell a modified score reads.
    pub fn read(&self, score: i32) -> &C {
        &self.cells[row(score, self.low, self.cells.len())]
    }

    /// The cell each face of a d10 reads, thrown with `modifier`, faces 1 to 10 in order.
    pub fn faces(&self, modifier: i32) -> impl Iterator<Item = &C> + '_ {
        (1..=10).map(move |face| self.read(face + modifier))
    }

    fn problems(&self, path: &str, out: &mut Vec<Problem>) {
        if self.cells.is_empty() {
            out.push(Problem::new(
                format!("{path}.cells"),
                "a column needs at least one cell",
                "give one cell for each modified score from `low` up",
            ));
        }
    }
}

/// The Maneuver Table's three columns ("NFF Maneuver: General 2").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Maneuver {
    /// Where the values come from: [`OURS`] for Grognard's.
    pub provenance: String,
    /// Brigades moving in the Reserve Zone ("NFF Maneuver: Reserve Movement").
    pub reserve: Column<ManeuverResult>,
    /// Brigades in good order moving in the Tactical Zone ("Tactical Movement").
    pub good_order: Column<ManeuverResult>,
    /// Disordered brigades, and every irregular one, in the Tactical Zone.
    pub disorder: Column<ManeuverResult>,
}

impl Table for Maneuver {
    fn problems(&self, out: &mut Vec<Problem>) {
        provenance_problem("maneuver", &self.provenance, out);
        for (name, c) in [
            ("reserve", &self.reserve),
            ("good_order", &self.good_order),
            ("disorder", &self.disorder),
        ] {
            let path = format!("maneuver.{name}");
            c.problems(&path, out);
            for (i, cell) in c.cells.iter().enumerate() {
                cell.problems(&format!("{path}.cells[{i}]"), out);
            }
        }
    }
}

/// What a brigade may do on one score of the Maneuver Table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ManeuverResult {
    /// The share of a full move it may make: 0, a half (0.5) or all of it (1).
    #[serde(rename = "move")]
    pub moves: f64,
    /// The share of a move it must fall back, facing the enemy.
    pub fall_back: f64,
    /// It may change formation.
    pub formation: bool,
    /// It may charge, if it announced one.
    pub charge: bool,
    /// It becomes Disordered.
    pub disorder: bool,
    /// It recovers good order (where it stands, unless it may also move).
    pub rally: bool,
    /// A disordered brigade may recover good order where it stands instead of moving.
    pub rally_instead: bool,
    /// A Reserve Movement that failed (which the next turn's modifiers remember).
    pub failure: bool,
    /// The player chooses one of these instead.
    pub choose: Vec<ManeuverResult>,
}

impl ManeuverResult {
    fn problems(&self, path: &str, out: &mut Vec<Problem>) {
        for (key, v) in [("move", self.moves), ("fall_back", self.fall_back)] {
            if !(0.0..=1.0).contains(&v) {
                out.push(Problem::new(
                    format!("{path}.{key}"),
                    format!("{v} is not a share of a move"),
                    "give a share from 0 to 1, e.g. 0.5 for a half move",
                ));
            }
        }
        for (i, c) in self.choose.iter().enumerate() {
            c.problems(&format!("{path}.choose[{i}]"), out);
        }
    }
}

/// The Musketry & Cannonade Table: a column by total fire points, a row by modified d10.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fire {
    /// Where the values come from: [`OURS`] for Grognard's.
    pub provenance: String,
    /// The modified score of each column's first row (that score or less).
    pub low: i32,
    /// Totals of fire points below this are no fire.
    pub minimum: f64,
    /// The columns, by the least total each serves, rising.
    pub columns: Vec<FireColumn>,
}

/// One column of the Musketry & Cannonade Table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FireColumn {
    /// The least total of fire points the column serves, up to the next column's.
    pub fp: u32,
    /// One result for each modified score from the table's `low` up.
    pub cells: Vec<FireResult>,
}

/// A result of fire: stands lost, and whether the target is Disordered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct FireResult {
    pub stands: u32,
    pub disorder: bool,
}

impl schemars::JsonSchema for FireResult {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "FireResult".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "description": "\"-\" no effect, \"D\" Disordered, a number of stands lost (\"1\"), or stands lost and Disordered (\"1D\")",
            "pattern": "^(-|D|[0-9]+D?)$"
        })
    }
}

impl TryFrom<String> for FireResult {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        let t = s.trim();
        let bad = || {
            format!(
                "{t:?} is not a result: write \"-\", \"D\", a number of stands such as \"1\", or \"1D\""
            )
        };
        match t {
            "-" => Ok(FireResult::default()),
            "D" => Ok(FireResult {
                stands: 0,
                disorder: true,
            }),
            _ => {
                let (n, disorder) = match t.strip_suffix('D') {
                    Some(n) => (n, true),
                    None => (t, false),
                };
                let stands = n.parse::<u32>().map_err(|_| bad())?;
                if stands > 20 {
                    return Err(bad());
                }
                Ok(FireResult { stands, disorder })
            }
        }
    }
}

impl From<FireResult> for String {
    fn from(r: FireResult) -> String {
        match (r.stands, r.disorder) {
            (0, false) => "-".into(),
            (0, true) => "D".into(),
            (n, false) => n.to_string(),
            (n, true) => format!("{n}D"),
        }
    }
}

impl Fire {
    /// The column a total of fire points reads, once rounded to the nearest whole number
    /// (halves up); `None` for a total under the minimum, which is no fire.
    pub fn column(&self, total: f64) -> Option<&FireColumn> {
        if total.is_nan() || total < self.minimum {
            return None;
        }
        let points = (total + 0.5).floor();
        self.columns
            .iter()
            .rev()
            .find(|c| f64::from(c.fp) <= points)
            .or_else(|| self.columns.first())
    }

    /// A column's heading: the totals of fire points it serves, e.g. "7-9" or "26+".
    pub fn heading(&self, column: &FireColumn) -> String {
        match self.columns.iter().find(|c| c.fp > column.fp) {
            Some(next) if next.fp == column.fp + 1 => column.fp.to_string(),
            Some(next) => format!("{}-{}", column.fp, next.fp - 1),
            None => format!("{}+", column.fp),
        }
    }

    /// The result a column gives for a modified score: below `low` the first row, past the
    /// last row the last.
    pub fn read(&self, column: &FireColumn, score: i32) -> FireResult {
        column
            .cells
            .get(row(score, self.low, column.cells.len()))
            .copied()
            .unwrap_or_default()
    }
}

impl Table for Fire {
    fn problems(&self, out: &mut Vec<Problem>) {
        provenance_problem("fire", &self.provenance, out);
        if !(self.minimum.is_finite() && self.minimum >= 0.0) {
            out.push(Problem::new(
                "fire.minimum",
                format!("{} is not a total of fire points", self.minimum),
                "give the least total that fires, e.g. 0.5",
            ));
        }
        if self.columns.is_empty() {
            out.push(Problem::new(
                "fire.columns",
                "the table needs its columns",
                "give one [[fire.columns]] for each band of fire points, rising",
            ));
        }
        for (i, c) in self.columns.iter().enumerate() {
            if c.cells.is_empty() {
                out.push(Problem::new(
                    format!("fire.columns[{i}].cells"),
                    "a column needs its results",
                    "give one result for each modified score from `low` up",
                ));
            }
            if i > 0 && c.fp <= self.columns[i - 1].fp {
                out.push(Problem::new(
                    format!("fire.columns[{i}].fp"),
                    format!(
                        "{} does not rise above the column before ({})",
                        c.fp,
                        self.columns[i - 1].fp
                    ),
                    "list the columns by their least fire points, rising",
                ));
            }
        }
    }
}

/// Fire points a stand brings, before the module's multipliers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FirePoints {
    /// Where the values come from: [`OURS`] for Grognard's.
    pub provenance: String,
    /// An infantry stand within musket range.
    pub infantry: f64,
    /// Musket range, inches.
    pub musket_range: f64,
    /// A mounted light cavalry stand within its range.
    pub light_cavalry: f64,
    /// Light cavalry's range, inches.
    pub light_cavalry_range: f64,
    /// A battery's fire points by its weight and the target's range.
    pub artillery: Batteries,
}

/// Range bands of each weight of battery.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Batteries {
    /// 3 to 6 pounders, and every horse battery.
    pub light: Vec<RangeBand>,
    /// 8 and 9 pounders.
    pub medium: Vec<RangeBand>,
    /// 12 pounders.
    pub heavy: Vec<RangeBand>,
}

/// Fire points at ranges up to `to` inches (beyond the band before).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RangeBand {
    pub to: f64,
    pub fp: f64,
}

/// A battery's weight.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Weight {
    Light,
    #[default]
    Medium,
    Heavy,
}

impl FirePoints {
    /// A battery's fire points at a range, `None` beyond its longest band.
    pub fn battery(&self, weight: Weight, range: f64) -> Option<f64> {
        self.bands(weight)
            .iter()
            .find(|b| range <= b.to)
            .map(|b| b.fp)
    }

    /// The range bands of a battery of `weight`.
    pub fn bands(&self, weight: Weight) -> &[RangeBand] {
        match weight {
            Weight::Light => &self.artillery.light,
            Weight::Medium => &self.artillery.medium,
            Weight::Heavy => &self.artillery.heavy,
        }
    }

    /// A battery's longest reach, inches.
    pub fn battery_reach(&self, weight: Weight) -> f64 {
        self.bands(weight).last().map_or(0.0, |b| b.to)
    }
}

impl Table for FirePoints {
    fn problems(&self, out: &mut Vec<Problem>) {
        provenance_problem("fire_points", &self.provenance, out);
        let positive = |out: &mut Vec<Problem>, path: String, v: f64| {
            if !(v > 0.0 && v <= 100.0) {
                out.push(Problem::new(
                    path,
                    format!("{v} is not a number of fire points or inches"),
                    "give a number above nothing, e.g. 1",
                ));
            }
        };
        positive(out, "fire_points.infantry".into(), self.infantry);
        positive(out, "fire_points.musket_range".into(), self.musket_range);
        positive(out, "fire_points.light_cavalry".into(), self.light_cavalry);
        positive(
            out,
            "fire_points.light_cavalry_range".into(),
            self.light_cavalry_range,
        );
        for (name, bands) in [
            ("light", &self.artillery.light),
            ("medium", &self.artillery.medium),
            ("heavy", &self.artillery.heavy),
        ] {
            for (i, b) in bands.iter().enumerate() {
                positive(out, format!("fire_points.artillery.{name}[{i}].to"), b.to);
                positive(out, format!("fire_points.artillery.{name}[{i}].fp"), b.fp);
            }
            for (i, w) in bands.windows(2).enumerate() {
                if w[1].to <= w[0].to {
                    out.push(Problem::new(
                        format!("fire_points.artillery.{name}[{}].to", i + 1),
                        format!(
                            "{} does not reach past the band before ({})",
                            w[1].to, w[0].to
                        ),
                        "list the bands from the nearest out",
                    ));
                }
            }
        }
    }
}

/// Leader casualties: a d10, modified, at or below the figure the leader falls.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderCasualty {
    /// Where the values come from: [`OURS`] for Grognard's.
    pub provenance: String,
    pub casualty_at_or_below: i32,
    /// Added to a charismatic leader's throw (the module's value).
    pub charismatic: i32,
}

impl Table for LeaderCasualty {
    fn problems(&self, out: &mut Vec<Problem>) {
        provenance_problem("leader_casualty", &self.provenance, out);
    }
}

impl LeaderCasualty {
    /// Whether a leader throwing `face` falls.
    pub fn falls(&self, face: i32, charismatic: bool) -> bool {
        face + if charismatic { self.charismatic } else { 0 } <= self.casualty_at_or_below
    }
}

/// The Charge Table ("NFF Charge 5"): the attacker's total less the defender's picks a
/// band.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Charge {
    /// Where the values come from: [`OURS`] for Grognard's.
    pub provenance: String,
    /// Infantry charged by cavalry is in square when the differential is at most this
    /// ("NFF Maneuver: Formations 3").
    pub infantry_square_at_or_below: i32,
    /// The bands, highest first; each is for differentials from its `from` up to the band
    /// above; the last has no `from` and takes everything below.
    pub bands: Vec<ChargeBand>,
}

impl Charge {
    /// The band a differential falls in.
    pub fn band(&self, differential: i32) -> &ChargeBand {
        self.bands
            .iter()
            .find(|b| b.from.is_none_or(|f| differential >= f))
            .unwrap_or_else(|| &self.bands[self.bands.len() - 1])
    }
}

impl Table for Charge {
    fn problems(&self, out: &mut Vec<Problem>) {
        provenance_problem("charge", &self.provenance, out);
        let n = self.bands.len();
        if n == 0 {
            out.push(Problem::new(
                "charge.bands",
                "the Charge Table needs its bands",
                "give [[charge.bands]] from the highest differential down",
            ));
            return;
        }
        for (i, b) in self.bands.iter().enumerate() {
            match (b.from, i + 1 == n) {
                (Some(_), true) => out.push(Problem::new(
                    format!("charge.bands[{i}].from"),
                    "the last band takes every differential below the others",
                    "leave `from` out of the last band",
                )),
                (None, false) => out.push(Problem::new(
                    format!("charge.bands[{i}].from"),
                    "only the last band may leave out `from`",
                    "give the lowest differential of this band",
                )),
                _ => {}
            }
            if let (Some(a), Some(Some(b))) = (b.from, self.bands.get(i + 1).map(|n| n.from)) {
                if b >= a {
                    out.push(Problem::new(
                        format!("charge.bands[{}].from", i + 1),
                        format!("{b} is not below the band above it ({a})"),
                        "list the bands from the highest differential down",
                    ));
                }
            }
            for (side, e) in [("attacker", &b.attacker), ("defender", &b.defender)] {
                if !(0.0..=1.0).contains(&e.retreat) {
                    out.push(Problem::new(
                        format!("charge.bands[{i}].{side}.retreat"),
                        format!("{} is not a share of a move", e.retreat),
                        "give a share from 0 to 1, e.g. 0.5 for half a move",
                    ));
                }
            }
        }
    }
}

/// One band of the Charge Table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChargeBand {
    /// The lowest differential of the band; none for the last band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<i32>,
    pub attacker: ChargeEffect,
    pub defender: ChargeEffect,
}

/// What a band does to one side.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ChargeEffect {
    /// Stands lost.
    pub stands: u32,
    /// The share of a full move it falls back.
    pub retreat: f64,
    /// It ends Disordered.
    pub disorder: bool,
    /// Its cavalry may make a breakthrough charge.
    pub breakthrough: bool,
    /// Batteries in contact are taken.
    pub capture_guns: bool,
}

/// A brigade's effectiveness rating ("NFF Prepare for Battle 6").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    Conscript,
    Regular,
    Elite,
}

/// The stands lost at which a brigade is Worn, and Spent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Thresholds {
    pub worn: u32,
    pub spent: u32,
}

/// One row of the effectiveness chart: a brigade's starting stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChartRow {
    pub stands: u32,
    pub conscript: Thresholds,
    pub regular: Thresholds,
    pub elite: Thresholds,
}

impl ChartRow {
    pub fn of(&self, r: Rating) -> Thresholds {
        match r {
            Rating::Conscript => self.conscript,
            Rating::Regular => self.regular,
            Rating::Elite => self.elite,
        }
    }
}

/// Points a stand of each rating brings to its brigade's average ("NFF Prepare for Battle
/// 6": the average, rounded down, is the brigade's rating).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Points {
    pub conscript: u32,
    pub regular: u32,
    pub elite: u32,
}

/// Brigade effectiveness: the chart, and the rating's points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Effectiveness {
    /// Where the values come from: [`OURS`] for Grognard's.
    pub provenance: String,
    pub points: Points,
    /// Whether a Spent brigade may announce a charge.
    pub spent_may_charge: bool,
    /// One row for each starting size, from 1 stand up without a gap.
    pub chart: Vec<ChartRow>,
}

impl Effectiveness {
    /// The thresholds of a brigade of `stands` starting stands and rating `r`; one larger
    /// than the chart's last row takes that row's shares of its size.
    pub fn thresholds(&self, stands: u32, r: Rating) -> Thresholds {
        let last = self.chart[self.chart.len() - 1];
        match self.chart.iter().find(|row| row.stands == stands) {
            Some(row) => row.of(r),
            None => {
                let t = last.of(r);
                let scale = |x: u32| (x * stands).div_ceil(last.stands.max(1));
                let worn = scale(t.worn).max(1);
                Thresholds {
                    worn,
                    spent: scale(t.spent).max(worn + 1).min(stands),
                }
            }
        }
    }

    /// A brigade's rating from the ratings of its stands: the points' average, rounded
    /// down ("NFF Prepare for Battle 6").
    pub fn rating(&self, stands: &[Rating]) -> Option<Rating> {
        if stands.is_empty() {
            return None;
        }
        let p = |r: Rating| match r {
            Rating::Conscript => self.points.conscript,
            Rating::Regular => self.points.regular,
            Rating::Elite => self.points.elite,
        };
        let avg = stands.iter().map(|r| p(*r)).sum::<u32>() / stands.len() as u32;
        Some(if avg >= self.points.elite {
            Rating::Elite
        } else if avg >= self.points.regular {
            Rating::Regular
        } else {
            Rating::Conscript
        })
    }
}

impl Table for Effectiveness {
    fn problems(&self, out: &mut Vec<Problem>) {
        provenance_problem("effectiveness", &self.provenance, out);
        if self.chart.is_empty() {
            out.push(Problem::new(
                "effectiveness.chart",
                "the chart needs its rows",
                "give one [[effectiveness.chart]] row for each starting size from 1 up",
            ));
        }
        for (i, row) in self.chart.iter().enumerate() {
            if row.stands != i as u32 + 1 {
                out.push(Problem::new(
                    format!("effectiveness.chart[{i}].stands"),
                    format!("row {} is for {} stands", i + 1, row.stands),
                    "give one row for each starting size from 1 up, in order",
                ));
            }
            for (name, t) in [
                ("conscript", row.conscript),
                ("regular", row.regular),
                ("elite", row.elite),
            ] {
                if t.worn == 0 || t.worn > t.spent || t.spent > row.stands {
                    out.push(Problem::new(
                        format!("effectiveness.chart[{i}].{name}"),
                        format!(
                            "worn {} and spent {} do not fit a brigade of {} stands",
                            t.worn, t.spent, row.stands
                        ),
                        "give 1 <= worn <= spent <= the starting stands",
                    ));
                }
            }
        }
    }
}

/// A share of a move in words.
fn share(s: f64) -> String {
    if s == 1.0 {
        "a full move".into()
    } else if s == 0.5 {
        "half a move".into()
    } else {
        format!("{s} of a move")
    }
}

impl std::fmt::Display for ManeuverResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.choose.is_empty() {
            let options: Vec<String> = self.choose.iter().map(|c| c.to_string()).collect();
            return write!(f, "either {}", options.join(", or "));
        }
        let mut parts = Vec::new();
        if self.fall_back > 0.0 {
            parts.push(format!(
                "falls back {}, facing the enemy",
                share(self.fall_back)
            ));
        } else if self.moves > 0.0 {
            parts.push(share(self.moves));
        } else if self.failure {
            parts.push("no movement (the Reserve Movement failed)".into());
        } else if !self.rally {
            parts.push("no move".into());
        }
        if self.rally {
            parts.push("rallies to Good Order".into());
        }
        if self.formation {
            parts.push("may change formation".into());
        }
        if self.charge {
            parts.push("may charge".into());
        }
        if self.disorder {
            parts.push("Disordered".into());
        }
        if self.rally_instead {
            parts.push("a Disordered brigade may rally instead".into());
        }
        write!(f, "{}", parts.join("; "))
    }
}

impl std::fmt::Display for FireResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.stands, self.disorder) {
            (0, false) => write!(f, "no effect"),
            (0, true) => write!(f, "Disordered"),
            (1, d) => write!(f, "1 stand lost{}", if d { ", Disordered" } else { "" }),
            (n, d) => write!(f, "{n} stands lost{}", if d { ", Disordered" } else { "" }),
        }
    }
}

impl std::fmt::Display for ChargeEffect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts = Vec::new();
        match self.stands {
            0 => {}
            1 => parts.push("loses 1 stand".to_string()),
            n => parts.push(format!("loses {n} stands")),
        }
        if self.retreat > 0.0 {
            parts.push(format!("retreats {}", share(self.retreat)));
        }
        if self.disorder {
            parts.push("Disordered".into());
        }
        if self.capture_guns {
            parts.push("batteries in contact taken".into());
        }
        if self.breakthrough {
            parts.push("may make a breakthrough charge".into());
        }
        if parts.is_empty() {
            parts.push("holds".into());
        }
        write!(f, "{}", parts.join(", "))
    }
}
