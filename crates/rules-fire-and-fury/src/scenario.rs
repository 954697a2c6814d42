//! A scenario: the table, the date, the turns, the optional rules, the terrain, and each
//! army's leaders, brigades and batteries with where they stand (docs/fire-and-fury-design.md,
//! part 5). The module has no scenarios of its own; its section on forces says what a
//! brigade, a battery and a leader are ("NFF Prepare for Battle 2, 3").

use crate::facts::{Formation, InfantryClass, Quality, Skirmish};
use crate::modifiers::Commander;
use crate::tables::{Rating, TablesGiven, Weight};
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
    /// A six-by-four-foot table: 8,640 by 5,760 yards at 120 yards an inch.
    fn default() -> Self {
        TableSize {
            width: 72.0,
            depth: 48.0,
        }
    }
}

/// The army's nation, which with the year sets its infantry's class and skirmishers
/// (design 5.3, 5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    French,
    /// British and King's German Legion.
    British,
    /// Wellington's allies of 1815 (Dutch-Belgian, Hanoverian, Brunswick, Nassau).
    BritishAllied,
    Prussian,
    Austrian,
    Russian,
    Spanish,
    Portuguese,
    /// France's allies organised in French-style battalions (Italy, Westphalia...).
    FrenchAllied,
    /// Any other army.
    Other,
}

/// Which part of the French Imperial Guard a brigade belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Guard {
    Old,
    Middle,
    Young,
}

/// A leader's rank ("NFF Prepare for Battle 3", "NFF Mustering 2e").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    Army,
    /// Corps, wing, Russian ArmeeKorps or Corps d'Armee.
    Corps,
    /// Division, or its equivalents, and independent brigade commanders.
    Division,
    /// Commands batteries only (ranks as a division commander).
    ArtilleryCommander,
    /// One of Napoleon's aides-de-camp (ranks as a division commander).
    Adc,
}

/// One leader and where he starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaderSpec {
    /// His name: brigades and batteries name him as their commander.
    pub name: String,
    pub rank: Rank,
    /// The leader he answers to, by name; none for the army commander.
    #[serde(default)]
    pub superior: Option<String>,
    #[serde(default)]
    pub charismatic: bool,
    /// He may form a Grand Battery ("NFF Maneuver: Grand Batteries 3": French corps and
    /// army chiefs of artillery, the artillery ADC, Napoleon, Kutaisov, Archduke Charles
    /// from 1809, and the Russian, Austrian and Prussian army artillery commanders named
    /// there). Every artillery commander may.
    #[serde(default)]
    pub grand_battery: bool,
    /// Centre x, y in inches and facing in degrees (0 is east, counter-clockwise).
    pub at: [f64; 3],
}

/// A run of like stands in a brigade.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StandSpec {
    /// `infantry`, `regimental_guns` (an infantry stand in every respect, "NFF Prepare
    /// for Battle 5"), `light_cavalry` or `heavy_cavalry`.
    pub kind: StandKind,
    /// How many such stands.
    pub count: u32,
    /// `conscript`, `regular` or `elite` ("NFF Prepare for Battle 6").
    pub rating: Rating,
    /// Armoured heavy cavalry ("NFF Charge 1c").
    #[serde(default)]
    pub armoured: bool,
    /// Lance-armed cavalry ("NFF Charge 1e").
    #[serde(default)]
    pub lance: bool,
    /// French Old Guard ("NFF Charge 1d").
    #[serde(default)]
    pub old_guard: bool,
}

/// What a stand of a brigade is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StandKind {
    Infantry,
    RegimentalGuns,
    LightCavalry,
    HeavyCavalry,
}

impl StandKind {
    pub fn cavalry(self) -> bool {
        matches!(self, StandKind::LightCavalry | StandKind::HeavyCavalry)
    }
}

/// One brigade, or brigade equivalent, and where it starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BrigadeSpec {
    /// Its name in the narrative ("Gauthier's brigade").
    pub name: String,
    /// Its division commander (or the independent brigade's commander), by name.
    pub commander: String,
    /// Its stands, in runs of like stands; a brigade with stands of both arms is a mixed
    /// brigade ("NFF Prepare for Battle 7").
    pub stands: Vec<StandSpec>,
    /// Centre x, y in inches and facing in degrees (0 is east, counter-clockwise).
    pub at: [f64; 3],
    /// `single_echelon`, `double_echelon`, `brigade_masse` or `march_column`; single
    /// echelon when left out. Square is never chosen ("NFF Maneuver: Formations 3b").
    #[serde(default)]
    pub formation: Formation,
    /// Infantry's class; left out, the army's by nation and year (design 5.3).
    #[serde(default)]
    pub class: Option<InfantryClass>,
    /// Skirmishers; left out, the army's by nation and year (design 5.4).
    #[serde(default)]
    pub skirmish: Option<Skirmish>,
    /// Irregulars (Cossacks, Landwehr 1813-14, Opolchenie...: "NFF Mustering 2h").
    #[serde(default)]
    pub irregular: bool,
    /// Two-rank infantry ("NFF Mustering 2f"); left out, British from 1809 and Wellington's
    /// army of 1815.
    #[serde(default)]
    pub two_rank: Option<bool>,
    /// Part of the French Imperial Guard.
    #[serde(default)]
    pub guard: Option<Guard>,
    /// Davout's corps in 1812 (impulse infantry: "NFF Maneuver: General 4c").
    #[serde(default)]
    pub davout_1812: bool,
    /// A company of combat engineers attached from the start, under the brigade's
    /// commander ("NFF Additional 1"); the same as an `[[sides.engineers]]` with `with`
    /// naming this brigade (Guard engineers if the brigade is of the Guard).
    #[serde(default)]
    pub engineers: bool,
    /// The Imperial Guard's band marches with this brigade (the optional rule of "NFF
    /// Additional 2", played when `options.guard_band` is set; the band goes where the
    /// brigade goes: ruling R12).
    #[serde(default)]
    pub band: bool,
}

/// One battery and where it starts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BatterySpec {
    pub name: String,
    /// The leader who commands it, by name.
    pub commander: String,
    /// Historical guns: the base is an eighth of an inch wide a gun ("NFF Mustering 2c").
    pub guns: u32,
    /// `light` (3-6 pounders), `medium` (8-9) or `heavy` (12).
    pub weight: Weight,
    /// A horse battery (always light for fire).
    #[serde(default)]
    pub horse: bool,
    /// `ordinary`, `british_kgl`, `french_line`, `young_guard` or `old_guard` ("NFF M&C
    /// Modifiers e").
    #[serde(default)]
    pub quality: Quality,
    /// Limbered at the start.
    #[serde(default)]
    pub limbered: bool,
    /// Centre x, y in inches and facing in degrees.
    pub at: [f64; 3],
}

/// A company of combat engineers ("NFF Additional 1"): either attached to an infantry
/// brigade from the start (`with`) or standing on its own (`at`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EngineerSpec {
    /// Its name in the narrative ("II Corps sappers").
    pub name: String,
    /// The leader who controls it, by name: it moves, attaches and detaches only within his
    /// command radius.
    pub commander: String,
    /// The French Imperial Guard's engineers (two steps of ground with the optional rule).
    #[serde(default)]
    pub guard: bool,
    /// The infantry brigade it starts attached to, by name.
    #[serde(default)]
    pub with: Option<String>,
    /// Where it stands if it starts on its own: centre x, y in inches and facing in degrees.
    #[serde(default)]
    pub at: Option<[f64; 3]>,
}

/// One army.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    /// The side's name in the narrative and the result ("French").
    pub name: String,
    pub nation: Nation,
    /// The army commander's class for the initiative and Reserve Movement, by the module's
    /// lists ("NFF Sequence 1").
    pub commander: Commander,
    pub leaders: Vec<LeaderSpec>,
    pub brigades: Vec<BrigadeSpec>,
    #[serde(default)]
    pub batteries: Vec<BatterySpec>,
    /// Companies of combat engineers ("NFF Additional 1").
    #[serde(default)]
    pub engineers: Vec<EngineerSpec>,
}

/// The optional rules the module names, and Grognard's choices (design 5.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The initiative interphase ("NFF Sequence 1"); off, the first side is always first
    /// player.
    pub initiative: bool,
    /// Average the rating over participating stands in charges ("NFF Charge 5b").
    pub averaged_charge_rating: bool,
    /// Guard engineers lower favourable ground two steps ("NFF Additional 1").
    pub guard_engineers: bool,
    /// The Imperial Guard's band ("NFF Additional 2").
    pub guard_band: bool,
    /// One Reserve Movement roll for all of a division's brigades with the same modifiers
    /// ("NFF Maneuver: Reserve Movement 8").
    pub rm_roll_by_division: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            initiative: true,
            averaged_charge_rating: false,
            guard_engineers: false,
            guard_band: false,
            rm_roll_by_division: true,
        }
    }
}

/// A whole battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// `fire-and-fury`.
    #[serde(default)]
    pub rules: Option<String>,
    /// The battle's name, for the narrative and pictures.
    pub name: String,
    /// The year of the battle, which sets the infantry's classes (design 5.3).
    pub year: u32,
    /// The table's size; 72" by 48" when left out.
    #[serde(default)]
    pub table: TableSize,
    /// Turns of 30 minutes to play before the battle is judged (design 4.11).
    #[serde(default = "default_turns")]
    pub turns: u32,
    /// A prepared operation rather than a meeting engagement ("NFF Maneuver: Reserve
    /// Movement 5h").
    #[serde(default)]
    pub set_battle: bool,
    #[serde(default)]
    pub options: Options,
    /// The two armies.
    pub sides: [SideSpec; 2],
    /// Woods, rivers, fords, roads, walls, hedges, hills and towns.
    #[serde(default)]
    pub terrain: Vec<Feature>,
    /// A player's own tables or modifiers, each table given whole, in place of
    /// Grognard's.
    #[serde(default)]
    pub tables: Option<TablesGiven>,
}

fn default_turns() -> u32 {
    12
}
