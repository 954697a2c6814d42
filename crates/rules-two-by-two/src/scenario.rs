//! The scenario file: what a battle starts from. Written by people in TOML, produced by the
//! set-up procedure, embedded in every replay.

use crate::tables::Tables;
use crate::units::{Size, UnitType};
use grognard_engine::terrain::Feature;
use serde::{Deserialize, Serialize};

/// Fast or Decisive ("2x2 Victory conditions").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Lost by the first side with 5 units destroyed.
    #[default]
    Fast,
    /// Lost by the first side with 5 or more destroyed and 2 more than the enemy.
    Decisive,
}

/// How strictly the starting positions follow the book's deployment ("2x2 Deployment").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Deployment {
    /// Within 6" of the home edge, 3" from the side edges, at most the initial AP on table.
    #[default]
    Book,
    /// Anywhere on the table (historical set-ups).
    Free,
}

/// A table edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    South,
    North,
    West,
    East,
}

impl Edge {
    pub const ALL: [Edge; 4] = [Edge::South, Edge::North, Edge::West, Edge::East];
}

/// The optional rules ("2x2 Optional rules, chrome & additions"), all off by default.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    pub irregular_shooters: bool,
    pub irregular_warband: bool,
    pub irregular_cavalry: bool,
    pub lancers: bool,
    pub grand_battery: bool,
    pub multi_corps_hq: bool,
    pub light_woods: bool,
    pub column_of_attack: bool,
}

impl Options {
    pub fn allows(&self, switch: &str) -> bool {
        match switch {
            "irregular_shooters" => self.irregular_shooters,
            "irregular_warband" => self.irregular_warband,
            "irregular_cavalry" => self.irregular_cavalry,
            "lancers" => self.lancers,
            _ => false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    pub width: f64,
    pub depth: f64,
}

impl Default for TableSize {
    fn default() -> Self {
        TableSize {
            width: 24.0,
            depth: 24.0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Game {
    #[serde(default)]
    pub kind: GameKind,
    /// Turns after which an undecided battle is called a draw (the book sets no limit).
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u32,
    #[serde(default)]
    pub deployment: Deployment,
    /// AP each side set up on table at the start (10, plus 10 per tied roll-off).
    #[serde(default = "default_initial_ap")]
    pub initial_ap: f64,
}

fn default_turn_limit() -> u32 {
    30
}
fn default_initial_ap() -> f64 {
    10.0
}

impl Default for Game {
    fn default() -> Self {
        Game {
            kind: GameKind::Fast,
            turn_limit: default_turn_limit(),
            deployment: Deployment::Book,
            initial_ap: default_initial_ap(),
        }
    }
}

/// Attacker or defender ("2x2 Game setup"). The defender moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Attacker,
    Defender,
}

/// A reinforcement point.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointSpec {
    pub edge: Edge,
    /// Distance along the edge from its low end (west for north/south edges, south for
    /// east/west edges), inches.
    pub at: f64,
}

/// One unit of a side.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub name: String,
    pub kind: UnitType,
    #[serde(default)]
    pub size: Size,
    /// On table at the start: `[x, y, facing in degrees]` of the base's centre.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[f64; 3]>,
    /// Waiting at this reinforcement point (index into the side's `points`), arriving in the
    /// order listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<usize>,
    /// Name of the HQ whose chain of command the unit belongs to; by default every HQ of the
    /// side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub name: String,
    /// An army list from the book ("austrian", "french", "british") to validate against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<String>,
    pub role: Role,
    /// The side's own table edge.
    pub edge: Edge,
    #[serde(default)]
    pub points: Vec<PointSpec>,
    pub units: Vec<UnitSpec>,
}

/// An army a scenario brings to a battle set up by the book's procedure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmyEntry {
    /// The side's name; by default, its nation's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The path, from the scenario's folder, of an army list ("2x2 Army lists").
    pub list: String,
}

/// A whole scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Must be "two-by-two".
    pub rules: String,
    pub name: String,
    #[serde(default)]
    pub table: TableSize,
    #[serde(default)]
    pub game: Game,
    #[serde(default)]
    pub options: Options,
    #[serde(default)]
    pub terrain: Vec<Feature>,
    #[serde(default)]
    pub sides: Vec<SideSpec>,
    /// Instead of `sides`: two army lists, set up by the book's procedure with the battle's
    /// seed (roll-off, terrain unless `terrain` is given, deployment, reinforcement points).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub armies: Vec<ArmyEntry>,
    #[serde(default, skip_serializing_if = "is_default_tables")]
    pub tables: Tables,
}

fn is_default_tables(t: &Tables) -> bool {
    *t == Tables::default()
}
