//! A "Napoleon's Wars" scenario: the table, the weather by turn, the terrain, and two armies
//! (rosters as `grognard design` writes them) with where each unit and officer starts or
//! arrives.

use crate::design::army::Army;
use crate::tables::Tables;
use grognard_engine::terrain::Feature;
use serde::{Deserialize, Serialize};

/// The weather of a turn ("NW 7.8", "NW 9.4", "NW 9.51").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Weather {
    /// Fair weather: no weather modifiers.
    #[default]
    Clear,
    /// No skirmishing ("NW 7.8"); -1 to artillery fire ("NW 8.4") and to evasion ("NW 8.5").
    Rain,
    /// No skirmishing ("NW 7.8"); -1 to evasion ("NW 8.5").
    Snow,
    /// Hindered visibility: skirmish ranges cut to the fog ranges ("NW 7.8"), sight 6"
    /// shorter and command ranges 3" shorter ("NW 9.51").
    Fog,
    /// Dusk or dawn: hindered visibility, sight 6" shorter and command ranges 3" shorter ("NW
    /// 9.51"); unlike fog, skirmish ranges stay as they are ("NW 7.8").
    Twilight,
}

impl Weather {
    pub fn rain_or_snow(self) -> bool {
        matches!(self, Weather::Rain | Weather::Snow)
    }

    /// Visibility hindrances this weather brings ("NW 9.51").
    pub fn hindrances(self) -> u32 {
        u32::from(matches!(self, Weather::Fog | Weather::Twilight))
    }
}

/// The weather and ground from a turn on ("NW 9.4", scenario special rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    /// The first turn of this spell (turns count from 1); it lasts until the next spell.
    pub from_turn: u32,
    /// The weather from that turn on.
    #[serde(default)]
    pub weather: Weather,
    /// The ground is mud: movement costs double, obstacles excepted ("NW 9.4"), and
    /// artillery fire and evasion take -1 ("NW 8.4", "NW 8.5").
    #[serde(default)]
    pub mud: bool,
}

/// The table's size in inches (1" is 100 yards, "NW II 1.0").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    /// Inches from the west edge to the east (x runs from 0 to the width).
    pub width: f64,
    /// Inches from the south edge to the north (y runs from 0 to the depth).
    pub depth: f64,
}

impl Default for TableSize {
    fn default() -> Self {
        TableSize {
            width: 96.0,
            depth: 72.0,
        }
    }
}

/// Where a unit or officer starts, or arrives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// A brigade's or battery's label, or an officer's name ("1/V" for a general, "ADC 1").
    pub unit: String,
    /// Centre x, y in inches and facing in degrees (0 is east, counter-clockwise).
    pub at: [f64; 3],
    /// The turn it arrives at `at`, for reinforcements ("NW 9.0 C" step 8); 1 = on the
    /// table from the start.
    #[serde(default = "first_turn")]
    pub turn: u32,
}

fn first_turn() -> u32 {
    1
}

/// A place a scenario makes worth holding ("NW 13.0" leaves victory short of a broken army
/// to the scenario). The holding rule is the project's own (ruling N35): a side holds it at
/// the end when one of its brigades, not routed, stands with its centre within `radius` and
/// no enemy brigade does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Its name in the narrative and the result ("the village").
    pub name: String,
    /// Centre x, y in inches.
    pub at: [f64; 2],
    /// Inches from `at` within which a brigade's centre must stand to hold it (ruling N35).
    #[serde(default = "objective_radius")]
    pub radius: f64,
    /// What holding it is worth against the other objectives: the side holding more value
    /// at the end wins (ruling N35).
    #[serde(default = "objective_value")]
    pub value: u32,
}

impl Objective {
    pub fn centre(&self) -> grognard_geometry::Vec2 {
        grognard_geometry::Vec2::new(self.at[0], self.at[1])
    }

    /// Is `p` within the objective's radius?
    pub fn covers(&self, p: grognard_geometry::Vec2) -> bool {
        p.distance(self.centre()) <= self.radius + 1e-9
    }
}

fn objective_radius() -> f64 {
    4.0
}

fn objective_value() -> u32 {
    1
}

/// The long edge of the table a side is laid out along, facing the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Edge {
    /// y = 0; the side faces north.
    South,
    /// y = the table's depth; the side faces south.
    North,
}

/// One side of a scenario: its name, its army, and where its pieces stand.
// `A` is how the army is given: whole, in a scenario ready to play (and in every replay);
// whole or as the name of a file, in a scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Side")]
pub struct SideSpec<A = Army> {
    /// The side's name ("French"), used in the narrative and the result.
    pub name: String,
    /// Its army: the name of a roster or order-of-battle file beside the scenario, or the
    /// roster written out in place.
    pub army: A,
    /// Lay the army out along this edge (the project's own deployment, ruling N48); any
    /// piece `deploy` lists is placed there instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edge: Option<Edge>,
    /// Where each piece starts or arrives. Without `edge`, every brigade and battery must
    /// be listed.
    #[serde(default)]
    pub deploy: Vec<Placement>,
}

/// An army as a scenario file gives it: the name of a file beside the scenario holding a
/// roster (as `grognard design --out` writes it) or an order of battle (designed when the
/// scenario is read), or a roster written out in the scenario itself.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ArmySource {
    File(String),
    Roster(Box<Army>),
}

impl<'de> Deserialize<'de> for ArmySource {
    // A string names a file; anything else is read as a roster, with the roster's own
    // errors (an untagged enum would lose their field paths).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = ArmySource;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the name of an army file in quotes, or an army roster table")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ArmySource, E> {
                Ok(ArmySource::File(v.to_string()))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                map: M,
            ) -> Result<ArmySource, M::Error> {
                Army::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(|a| ArmySource::Roster(Box::new(a)))
            }
        }
        d.deserialize_any(Visit)
    }
}

impl schemars::JsonSchema for ArmySource {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ArmySource".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let roster = generator.subschema_for::<Army>();
        schemars::json_schema!({
            "description": "A side's army: a file's name, or a roster written in the scenario.",
            "anyOf": [
                {
                    "type": "string",
                    "description": "The path, from the scenario's folder, of a roster (as `grognard design --out` writes it) or of an order of battle (designed as the scenario is read)."
                },
                roster
            ]
        })
    }
}

/// A scenario as a file gives it, its armies perhaps in files of their own.
pub type ScenarioFile = Scenario<ArmySource>;

/// A whole scenario: the table and its terrain, the weather, the length of the battle, what
/// decides it, and the two sides.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Scenario")]
pub struct Scenario<A = Army> {
    /// Always "napoleons-wars": the rule set the file is for.
    pub rules: String,
    /// The battle's title, shown in the narrative and the result.
    pub name: String,
    /// Game turns of about half an hour each ("NW 1.2"). A battle no army has broken by the
    /// last turn goes to the side holding more `objectives`, or is drawn ("NW 13.0").
    pub turns: u32,
    /// The table's size; 96" by 72" (8 feet by 6) when left out.
    #[serde(default)]
    pub table: TableSize,
    /// Weather spells in turn order; before the first, clear and dry.
    #[serde(default)]
    pub weather: Vec<Spell>,
    /// The side (0 for the first of `sides`, 1 for the second) that chooses who goes first
    /// on turn 1 ("NW 6.0"); left out, turn 1 is rolled for like any other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_initiative: Option<usize>,
    /// Features on the table ("NW 9.5"): light woods and copses are hindering ground, dense
    /// woods rough, streams and fords are forded, and hedges, walls and works are obstacles.
    #[serde(default)]
    pub terrain: Vec<Feature>,
    /// Places to hold: if neither army breaks, the side holding more of their value at the
    /// end wins a marginal victory; otherwise the battle is drawn.
    #[serde(default)]
    pub objectives: Vec<Objective>,
    /// The two sides; the first is side 0, the second side 1.
    pub sides: Vec<SideSpec<A>>,
    /// The book's tables, with any values the scenario replaces; left out of a file when
    /// they are the book's own.
    #[serde(default, skip_serializing_if = "is_book")]
    pub tables: Tables,
}

fn is_book(t: &Tables) -> bool {
    *t == Tables::default()
}

/// The weather and mud on `turn` under `spells` (in turn order; clear and dry before the
/// first).
pub fn spell_at(spells: &[Spell], turn: u32) -> (Weather, bool) {
    spells
        .iter()
        .rev()
        .find(|s| s.from_turn <= turn)
        .map_or((Weather::Clear, false), |s| (s.weather, s.mud))
}
