//! A "Beer and Pretzel" scenario: the table, the turns, the optional rules in play, the
//! terrain, and each side's units with where they stand.

use crate::state::{Order, Troop};
use crate::tables::{Control, Tables};
use grognard_engine::terrain::Feature;
use serde::{Deserialize, Serialize};

/// The table's size in inches.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    pub width: f64,
    pub depth: f64,
}

impl Default for TableSize {
    /// A six-by-four-foot table (ruling B2).
    fn default() -> Self {
        TableSize {
            width: 72.0,
            depth: 48.0,
        }
    }
}

/// One unit and where it starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// Its name in the narrative ("1/21e Ligne").
    pub name: String,
    /// `line_infantry`, `guard_infantry`, `light_cavalry`, `medium_cavalry`,
    /// `heavy_cavalry`, `guard_cavalry`, `foot_artillery`, `horse_artillery`,
    /// `guard_artillery` or `commander`.
    pub troop: Troop,
    /// Centre x, y in inches and facing in degrees (0 is east, counter-clockwise).
    pub at: [f64; 3],
    /// `line`, `column`, `square` or `skirmish`.
    #[serde(default)]
    pub order: Order,
    /// Figures; a full unit of its kind when left out (twelve a battalion, eight a
    /// regiment, four gunners a gun).
    #[serde(default)]
    pub figures: Option<u32>,
    /// Control class `A`, `B` or `C` (optional rule; `A` when left out).
    #[serde(default)]
    pub control: Control,
    /// Levies, militia, landwehr or troops of poor morale (optional rule).
    #[serde(default)]
    pub green: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub name: String,
    pub units: Vec<UnitSpec>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// `beer-and-pretzel`.
    #[serde(default)]
    pub rules: Option<String>,
    pub name: String,
    #[serde(default)]
    pub table: TableSize,
    /// Turns to play before the battle is judged (ruling B13).
    #[serde(default = "default_turns")]
    pub turns: u32,
    /// The optional control rule is in play.
    #[serde(default)]
    pub control: bool,
    /// The side that moves first each turn: 0 or 1.
    #[serde(default)]
    pub first: u8,
    pub sides: [SideSpec; 2],
    #[serde(default)]
    pub terrain: Vec<Feature>,
    /// Changes to the book's tables.
    #[serde(default)]
    pub tables: Tables,
}

fn default_turns() -> u32 {
    12
}
