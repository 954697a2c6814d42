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
    /// Inches from the west edge to the east (x runs from 0 to the width).
    pub width: f64,
    /// Inches from the south edge to the north (y runs from 0 to the depth).
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
    /// The side's name in the narrative and the result ("French").
    pub name: String,
    /// Its battalions, regiments, batteries and command figures.
    pub units: Vec<UnitSpec>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// `beer-and-pretzel`.
    #[serde(default)]
    pub rules: Option<String>,
    /// The battle's name, for the narrative and pictures.
    pub name: String,
    /// The table's size; 72" by 48" when left out (ruling B2).
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
    /// The two sides, the first moving first unless `first` says otherwise.
    pub sides: [SideSpec; 2],
    /// Woods, streams and hills (2" for each 1" crossed), roads (+3"), works and the rest.
    #[serde(default)]
    pub terrain: Vec<Feature>,
    /// Changes to the book's tables.
    #[serde(default)]
    pub tables: Tables,
}

fn default_turns() -> u32 {
    12
}
