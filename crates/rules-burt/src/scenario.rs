//! A scenario: the table, the turns, the terrain, and each side's units with where they
//! stand, their brigades and their first orders.

use crate::state::{Calibre, Formation, Order, Troop};
use crate::tables::{Class, Tables, Weapon};
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
    /// A six-by-four-foot table.
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
    /// Its name in the narrative ("1/8e Ligne").
    pub name: String,
    /// `infantry`, `skirmishers`, `heavy_cavalry`, `light_cavalry`, `foot_guns`,
    /// `horse_guns`, `command_element`, `general`, `commander_in_chief` or `wagon`.
    pub troop: Troop,
    /// Centre x, y in inches and facing in degrees (0 is east, counter-clockwise).
    pub at: [f64; 3],
    /// Figures: 20 to 30 a battalion, 12 to 18 a squadron ("Burt 2"); left out, 24
    /// infantry, 8 skirmishers, 15 cavalry. A battery's figures are its guns' crews.
    #[serde(default)]
    pub figures: Option<u32>,
    /// Morale class `A` to `E` ("Burt 8"); `C` when left out.
    #[serde(default)]
    pub class: Option<Class>,
    /// Small arms: `musket`, `rifle` or `carbine`. Left out, infantry and skirmishers carry
    /// muskets and cavalry none.
    #[serde(default)]
    pub weapon: Option<Weapon>,
    /// A battery's calibre: `4pdr`, `6pdr`, `9pdr`, `12pdr` or `howitzer`.
    #[serde(default)]
    pub calibre: Option<Calibre>,
    /// A battery's guns (4 when left out).
    #[serde(default)]
    pub guns: Option<u32>,
    /// Armoured cavalry (cuirassiers): the bonus at first contact and the better save
    /// ("Burt 9").
    #[serde(default)]
    pub armoured: bool,
    /// Lancers: the bonus at first contact, but no better save ("Burt 9").
    #[serde(default)]
    pub lancers: bool,
    /// The brigade it belongs to (1 and up; 0 or left out for none). A brigade's command
    /// element carries the same number.
    #[serde(default)]
    pub brigade: u8,
    /// `line`, `column`, `square`, `open` (skirmishers) or `limbered` (guns); line when left
    /// out, open order for skirmishers.
    #[serde(default)]
    pub formation: Option<Formation>,
    /// Its order at the start: `reserve`, `manoeuvre`, `fire`, `assault` or `regroup`;
    /// MANOEUVRE when left out.
    #[serde(default)]
    pub order: Option<Order>,
}

/// One side: its name, its army morale and its units.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// The side's name in the narrative and the result ("French").
    pub name: String,
    /// The army's secret morale rating ("Burt 10"); left out, the number of its units of
    /// troops, as for an average army.
    #[serde(default)]
    pub army_morale: Option<i32>,
    /// Its units, each with where it starts, its brigade and its first order ("Burt 2").
    pub units: Vec<UnitSpec>,
}

/// A whole battle: the table, the turns, the terrain, the two sides and any changes to the
/// book's tables (the book has no scenarios: ruling R28).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// `burt`.
    #[serde(default)]
    pub rules: Option<String>,
    /// The battle's name, for the narrative and pictures.
    pub name: String,
    /// The table's size; 72" by 48" when left out.
    #[serde(default)]
    pub table: TableSize,
    /// Turns to play before the battle is judged (ruling R13).
    #[serde(default = "default_turns")]
    pub turns: u32,
    /// The two sides.
    pub sides: [SideSpec; 2],
    /// Woods, rivers, fords, roads, walls, hedges, hills and towns.
    #[serde(default)]
    pub terrain: Vec<Feature>,
    /// Changes to the book's tables.
    #[serde(default)]
    pub tables: Tables,
}

fn default_turns() -> u32 {
    12
}
