//! The scenario file: what a battle starts from. Written by people in TOML, produced by the
//! set-up procedure, embedded in every replay.

use crate::tables::Tables;
use crate::units::{Size, UnitType};
use grognard_engine::terrain::Feature;
use serde::{Deserialize, Serialize};

/// How a battle is won ("2x2 Victory conditions"). Either way a side that leaves by its own
/// edge with every unit it has left, once either side has no reinforcements waiting, draws.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    /// Lost by the first side to have 5 units destroyed.
    #[default]
    Fast,
    /// Lost by the first side to have 5 or more units destroyed and 2 more than the enemy.
    Decisive,
}

/// Whether the units a scenario sets up on the table must keep to the book's deployment
/// ("2x2 Deployment").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Deployment {
    /// The book's: whole bases within 6" of the side's own edge and 3" or more from the table's
    /// sides, at most `initial_ap` of units on table, attacker flank points 6" from defenders.
    #[default]
    Book,
    /// Anywhere on the table and any number of AP, for historical set-ups: the project's own,
    /// not the book's.
    Free,
}

/// A table edge. `x` runs from the west edge eastward, `y` from the south edge northward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    /// The edge where `y` is 0.
    South,
    /// The edge where `y` is the table's depth.
    North,
    /// The edge where `x` is 0.
    West,
    /// The edge where `x` is the table's width.
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
    /// "Irregular Shooters": allows units of kind `irregular_shooters`.
    pub irregular_shooters: bool,
    /// "Irregular Warband": allows units of kind `irregular_warband`.
    pub irregular_warband: bool,
    /// "Irregular Cavalry": allows units of kind `irregular_cavalry`, with their 2" rout chain.
    pub irregular_cavalry: bool,
    /// "Lancers": allows units of kind `lancers`.
    pub lancers: bool,
    /// "Grand Battery": two touching artillery units may fire at one target as a single shot
    /// with a bonus (`tables.shooting.grand_battery`).
    pub grand_battery: bool,
    /// "Multi-Corps HQs": an HQ touching a firing unit adds nothing to its shooting; its rally
    /// and melee bonuses stay.
    pub multi_corps_hq: bool,
    /// "Light Woods / Orchards": allows `light_wood` terrain, which only infantry may enter off
    /// road (at half rate and Pinned, but for light infantry); fire into or out of it is at -1.
    pub light_woods: bool,
    /// "Column of Attack": an attacking infantry unit with an identical unit squarely behind
    /// it may take +1 in melee, the support sharing its result (ruling R33).
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

/// The size of the table, in inches; the book's is 24" by 24" ("2x2 Scale").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    /// From the west edge to the east edge (along `x`), in inches, from 6 to 240.
    pub width: f64,
    /// From the south edge to the north edge (along `y`), in inches, from 6 to 240.
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

/// How the battle is decided and how strictly its set-up is checked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Fast or Decisive victory ("2x2 Victory conditions"), agreed before the battle.
    #[serde(default)]
    pub kind: GameKind,
    /// Turns, from 1 to 1000, after which an undecided battle ends as a draw: the project's
    /// own limit, as the book sets none (ruling R27).
    #[serde(default = "default_turn_limit")]
    pub turn_limit: u32,
    /// Whether units set up on the table are held to the book's deployment zones and AP.
    /// With `[[armies]]` the set-up always deploys by the book.
    #[serde(default)]
    pub deployment: Deployment,
    /// AP of units each side may set up on the table at the start ("2x2 Game setup": 10, and 10
    /// more per tied roll-off); the rest wait at reinforcement points. With `[[armies]]` the
    /// roll-off sets it.
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

/// Attacker or defender ("2x2 Game setup"): the higher set-up roll attacks. The defender
/// moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// May put its reinforcement points on a flank edge as well as its own ("2x2 Deployment").
    Attacker,
    /// Moves first; its reinforcement points are on its own edge ("2x2 Deployment").
    Defender,
}

/// A reinforcement point: a place on a table edge where a side's waiting units come on
/// ("2x2 Deployment", "2x2 Reinforcements").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ReinforcementPoint")]
#[serde(deny_unknown_fields)]
pub struct PointSpec {
    /// The edge it lies on: the side's own edge, or for the attacker a flank edge too (at least
    /// 6" from every defending unit and point).
    pub edge: Edge,
    /// Distance along the edge from its low end (west for north/south edges, south for
    /// east/west edges), inches.
    pub at: f64,
}

/// One unit of a side: one 1" by 1/2" base ("2x2 Basing"), either on the table (`at`) or
/// waiting at a reinforcement point (`point`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "Unit")]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// The unit's name, unique in its side: orders, `command` and the narrative use it.
    pub name: String,
    /// The unit's type ("2x2 The Units").
    pub kind: UnitType,
    /// The unit's size ("2x2 Scale"); leave it out for HQs and artillery.
    #[serde(default)]
    pub size: Size,
    /// On the table at the start: `[x, y, facing]`, the base's centre in inches from the
    /// south-west corner and its facing in degrees counter-clockwise from east (90 faces north).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<[f64; 3]>,
    /// Waiting at this reinforcement point (its index in the side's `points`, from 0); units of
    /// a point arrive in the order listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<usize>,
    /// The name of the HQ whose chain of command the unit is in: only that HQ lets it rally
    /// ("2x2 Rallying"). Left out, any HQ of the side will do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
}

/// One of the two sides of a battle, its units placed by hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "Side")]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// The side's name, as results, losses and replays tell it; the two sides' names must differ.
    pub name: String,
    /// A national list of the book ("austrian", "french" or "british") whose allowances the
    /// side's units must keep to ("2x2 Army lists"); points are not counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<String>,
    /// Attacker or defender: one side attacks, the other defends ("2x2 Game setup").
    pub role: Role,
    /// The side's own table edge: it deploys along it, brings reinforcements on at it and
    /// may leave by it for a draw.
    pub edge: Edge,
    /// The side's reinforcement points, at most two ("2x2 Deployment"); units wait at them by
    /// `point`.
    #[serde(default)]
    pub points: Vec<PointSpec>,
    /// Every unit of the side, at least one of them an HQ.
    pub units: Vec<UnitSpec>,
}

/// An army a scenario brings by its army-list file, to be set up by the book's procedure: the
/// project's own way to start a battle from two lists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "Army")]
#[serde(deny_unknown_fields)]
pub struct ArmyEntry {
    /// The side's name; by default its nation's ("French"). Two armies of one nation need names of
    /// their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The path of an army-list file, from the scenario's folder ("french-40ap.toml").
    pub list: String,
}

/// A whole battle: the table, its terrain, the rules in use and the two sides, given either
/// unit by unit (`[[sides]]`) or as two army lists (`[[armies]]`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The rule set that reads the file: always "two-by-two".
    pub rules: String,
    /// The battle's name, shown in the narrative, pictures and replays.
    pub name: String,
    /// The table's size in inches.
    #[serde(default)]
    pub table: TableSize,
    /// Victory, turn limit and deployment checks.
    #[serde(default)]
    pub game: Game,
    /// The book's optional rules in use, each off unless switched on.
    #[serde(default)]
    pub options: Options,
    /// The terrain features on the table ("2x2 Terrain placement"). With `[[armies]]` and no
    /// terrain, the set-up places terrain by the book's procedure.
    #[serde(default)]
    pub terrain: Vec<Feature>,
    /// The two sides, their units placed by hand; leave out with `[[armies]]`.
    #[serde(default)]
    pub sides: Vec<SideSpec>,
    /// Instead of `sides`: two army-list files, set up by the book's procedure with the
    /// battle's seed (roll-off, terrain unless `terrain` is given, deployment, reinforcement
    /// points). The project's own device.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub armies: Vec<ArmyEntry>,
    /// House rules: numbers of the book this battle changes. Every entry left out keeps the
    /// book's value.
    #[serde(default, skip_serializing_if = "is_default_tables")]
    pub tables: Tables,
}

fn is_default_tables(t: &Tables) -> bool {
    *t == Tables::default()
}
