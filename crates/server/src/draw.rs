//! The scene as the browser draws it: every terrain outline given as points, so the client
//! draws without knowing how a book's shapes are made.

use grognard_engine::scene::{Scene, SceneBase, ScenePoint};
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::shape::ShapeSpec;
use serde::Serialize;

/// A terrain feature as drawn: its outline (or, for a band such as a road or a stream, its
/// centre line and width), in inches.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Outline {
    pub kind: TerrainKind,
    pub name: Option<String>,
    pub elevation: u8,
    /// The width of a band; none for an area.
    pub band: Option<f64>,
    pub points: Vec<[f64; 2]>,
}

/// A scene ready for the browser.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Drawn {
    pub title: String,
    pub width: f64,
    pub depth: f64,
    pub side_names: [String; 2],
    pub terrain: Vec<Outline>,
    pub bases: Vec<SceneBase>,
    pub points: Vec<ScenePoint>,
    pub caption: Vec<String>,
}

impl From<Scene> for Drawn {
    fn from(s: Scene) -> Drawn {
        let terrain = s
            .terrain
            .iter()
            .map(|f| Outline {
                kind: f.kind,
                name: f.name.clone(),
                elevation: f.elevation,
                band: match f.shape.spec() {
                    ShapeSpec::Band { width, .. } => Some(*width),
                    _ => None,
                },
                points: f.shape.points().iter().map(|p| [p.x, p.y]).collect(),
            })
            .collect();
        Drawn {
            title: s.title,
            width: s.width,
            depth: s.depth,
            side_names: s.side_names,
            terrain,
            bases: s.bases,
            points: s.points,
            caption: s.caption,
        }
    }
}
