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
    /// A single house, farm or mill, an area: held by one stand where a book fights for
    /// buildings.
    Building,
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
            TerrainKind::Building => "building",
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

/// The keys each terrain shape takes besides those every feature has.
fn shape_keys(shape: &str) -> Option<&'static [&'static str]> {
    Some(match shape {
        "polygon" => &["points"],
        "circle" => &["centre", "radius"],
        "rect" => &["centre", "width", "height", "angle"],
        "band" => &["points", "width"],
        _ => return None,
    })
}

/// Unknown keys in the `[[terrain]]` features of a file's text. A feature's shape is read
/// through a flattened, internally tagged enum, where serde cannot refuse unknown fields,
/// so a misspelt `raduis` would otherwise be dropped without a word.
pub fn unknown_keys(text: &str) -> Vec<crate::files::Problem> {
    let mut out = Vec::new();
    let Ok(doc) = text.parse::<toml::Table>() else {
        return out;
    };
    let Some(features) = doc.get("terrain").and_then(|t| t.as_array()) else {
        return out;
    };
    const COMMON: [&str; 5] = ["kind", "shape", "elevation", "steep_edges", "name"];
    for (i, f) in features.iter().enumerate() {
        let Some(table) = f.as_table() else { continue };
        let shape = table.get("shape").and_then(|v| v.as_str()).unwrap_or("");
        let Some(own) = shape_keys(shape) else {
            continue;
        };
        for key in table.keys() {
            if !COMMON.contains(&key.as_str()) && !own.contains(&key.as_str()) {
                let allowed: Vec<String> =
                    COMMON.iter().chain(own).map(|k| format!("`{k}`")).collect();
                out.push(crate::files::Problem::new(
                    format!("terrain[{i}].{key}"),
                    format!(
                        "unknown field `{key}` for a {shape}, expected one of {}",
                        allowed.join(", ")
                    ),
                    "remove the field or correct its spelling; the fields allowed here are listed above",
                ));
            }
        }
    }
    out
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_misspelt_shape_key_is_named_with_the_keys_allowed() {
        let text =
            "[[terrain]]\nkind = \"town\"\nshape = \"circle\"\ncentre = [1.0, 2.0]\nraduis = 3.0\n";
        let found = super::unknown_keys(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].path, "terrain[0].raduis");
        assert!(
            found[0].message.contains("`centre`, `radius`"),
            "{}",
            found[0].message
        );
        assert!(super::unknown_keys(
            "[[terrain]]\nkind = \"town\"\nshape = \"circle\"\ncentre = [1.0, 2.0]\nradius = 3.0\n"
        )
        .is_empty());
    }
}
