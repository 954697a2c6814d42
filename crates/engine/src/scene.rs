//! A drawable description of a battle at one moment, produced by a rule set and rendered by
//! the command line (or a browser) without knowing any rule.

use crate::terrain::Feature;
use crate::Side;
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneBase {
    /// The unit's number in its book (what [`crate::book::Book::order_unit`] names).
    #[serde(default)]
    pub id: u32,
    /// The unit's full name ("6th Ligne"), for a reader looking for it.
    #[serde(default)]
    pub name: String,
    pub side: Side,
    pub pose: Pose,
    pub width: f64,
    pub depth: f64,
    /// Short label drawn on the base.
    pub label: String,
    /// Kind of troops, for the symbol: "infantry", "cavalry", "artillery", "hq".
    pub arm: String,
    /// Status marker text, if any ("pinned", "disrupted").
    pub marker: Option<String>,
    /// The stands of a unit made of several, each with its figures; empty for a unit of
    /// one base.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stands: Vec<SceneStand>,
}

/// One stand of a unit of several, for pictures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneStand {
    pub pose: Pose,
    pub width: f64,
    pub depth: f64,
    /// Figures on the stand.
    pub figures: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenePoint {
    pub side: Side,
    pub x: f64,
    pub y: f64,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scene {
    pub title: String,
    pub width: f64,
    pub depth: f64,
    pub side_names: [String; 2],
    pub terrain: Vec<Feature>,
    pub bases: Vec<SceneBase>,
    pub points: Vec<ScenePoint>,
    pub caption: Vec<String>,
}
