//! Terrain features, a schema part shared by every rule set. What a feature does is each
//! book's business; what it is and where it lies is common ground.

use grognard_geometry::shape::{Shape, ShapeSpec};
use serde::{Deserialize, Serialize};

/// The kinds of feature the books place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TerrainKind {
    /// A small watercourse, drawn as a band: slows a crossing.
    Stream,
    /// A large watercourse, drawn as a band: crossed only where a book allows (bridges, fords).
    River,
    /// Rising ground, an area with an `elevation` in levels.
    Hill,
    /// A road, drawn as a band: faster going for a move along it.
    Road,
    /// Where a road crosses water, an area.
    Bridge,
    /// A shallow place where water may be crossed, an area.
    Ford,
    /// A village or town, an area.
    Town,
    /// Thick woods, an area: closed to most troops.
    DenseWood,
    /// Open woods or orchards, an area.
    LightWood,
    /// A small wood, an area.
    Copse,
    /// A hedge, drawn as a band: a linear obstacle and cover.
    Hedge,
    /// A wall, drawn as a band: a linear obstacle and cover.
    Wall,
    /// Hasty works, a shallow trench or breastwork thrown up on the day: an obstacle.
    HastyWorks,
    /// Prepared field works or a redoubt: an obstacle, and stronger cover.
    FieldWorks,
}

impl TerrainKind {
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::Stream => "stream",
            TerrainKind::River => "river",
            TerrainKind::Hill => "hill",
            TerrainKind::Road => "road",
            TerrainKind::Bridge => "bridge",
            TerrainKind::Ford => "ford",
            TerrainKind::Town => "town",
            TerrainKind::DenseWood => "dense wood",
            TerrainKind::LightWood => "light wood",
            TerrainKind::Copse => "copse",
            TerrainKind::Hedge => "hedge",
            TerrainKind::Wall => "wall",
            TerrainKind::HastyWorks => "hasty works",
            TerrainKind::FieldWorks => "field works",
        }
    }
}

/// One feature on the table: its kind, its outline (by `shape`), and for hills their height
/// and steep edges.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Feature {
    /// What the feature is; what it does is each book's own rule.
    pub kind: TerrainKind,
    #[serde(flatten)]
    pub shape: Shape,
    /// Height of a hill in levels (1 = one level above the table).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub elevation: u8,
    /// Edges of a hill's outline (index `i` is the edge from point `i` to point `i+1`) too
    /// steep to climb.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steep_edges: Vec<usize>,
    /// A name for pictures and the narrative ("Hougoumont").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A feature's schema as a reference page shows it.
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(Feature)).unwrap_or_default()
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl Feature {
    pub fn new(kind: TerrainKind, spec: ShapeSpec) -> Self {
        Feature {
            kind,
            shape: Shape::new(spec),
            elevation: if kind == TerrainKind::Hill { 1 } else { 0 },
            steep_edges: Vec::new(),
            name: None,
        }
    }
}
