//! A "Napoleon's Wars" scenario: the table, the weather by turn, the terrain, and two armies
//! (rosters as `grognard design` writes them) with where each unit and officer starts or
//! arrives.

use crate::army::Army;
use crate::tables::Tables;
use grognard_engine::terrain::Feature;
use serde::{Deserialize, Serialize};

/// The weather of a turn ("NW 7.8", "NW 9.4", "NW 9.51").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Weather {
    #[default]
    Clear,
    Rain,
    Snow,
    Fog,
    /// Dusk or dawn: visibility is hindered like fog.
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
    pub from_turn: u32,
    #[serde(default)]
    pub weather: Weather,
    /// The ground is mud: movement costs double ("NW 9.4").
    #[serde(default)]
    pub mud: bool,
}

/// The table's size in inches (1" is 100 yards, "NW II 1.0").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSize {
    pub width: f64,
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
    pub name: String,
    /// Centre x, y in inches.
    pub at: [f64; 2],
    #[serde(default = "objective_radius")]
    pub radius: f64,
    /// What holding it is worth against the other objectives.
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

/// One side of a scenario. `A` is how the army is given: whole, in a scenario ready to play
/// (and in every replay); whole or as the name of a file, in a scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Side")]
pub struct SideSpec<A = Army> {
    pub name: String,
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
            "anyOf": [
                {
                    "type": "string",
                    "description": "The path, from the scenario's folder, of a roster or an order of battle."
                },
                roster
            ]
        })
    }
}

/// A scenario as a file gives it, its armies perhaps in files of their own.
pub type ScenarioFile = Scenario<ArmySource>;

/// A whole scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Scenario")]
pub struct Scenario<A = Army> {
    pub rules: String,
    pub name: String,
    /// Game turns; a battle not decided by then is a draw ("NW 13.0").
    pub turns: u32,
    #[serde(default)]
    pub table: TableSize,
    /// Weather spells in turn order; before the first, clear and dry.
    #[serde(default)]
    pub weather: Vec<Spell>,
    /// The side that chooses who goes first on turn 1, if the scenario says ("NW 6.0").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_initiative: Option<usize>,
    #[serde(default)]
    pub terrain: Vec<Feature>,
    /// Places to hold: if neither army breaks, the side holding more of their value at the
    /// end wins a marginal victory; otherwise the battle is drawn.
    #[serde(default)]
    pub objectives: Vec<Objective>,
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
