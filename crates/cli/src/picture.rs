//! Drawing a scene as SVG.

use grognard_engine::scene::Scene;
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::shape::ShapeSpec;
use grognard_geometry::{Base, Vec2};
use svg::node::element::{Circle, Group, Line, Polygon, Polyline, Rectangle, Text};
use svg::Document;

const SCALE: f64 = 30.0;
const MARGIN: f64 = 20.0;
const SIDE_COLOURS: [&str; 2] = ["#2c5aa0", "#b22b2b"];

struct Frame {
    depth: f64,
}

impl Frame {
    fn x(&self, x: f64) -> f64 {
        MARGIN + x * SCALE
    }
    fn y(&self, y: f64) -> f64 {
        MARGIN + (self.depth - y) * SCALE
    }
    fn pts(&self, pts: &[Vec2]) -> String {
        pts.iter()
            .map(|p| format!("{:.1},{:.1}", self.x(p.x), self.y(p.y)))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

fn terrain_style(kind: TerrainKind, elevation: u8) -> (&'static str, &'static str, f64) {
    // (fill, stroke, opacity)
    match kind {
        TerrainKind::Hill => (
            if elevation > 1 { "#c9b27c" } else { "#ddcc9a" },
            "#a08a55",
            1.0,
        ),
        TerrainKind::Town => ("#a9846a", "#6b4f3a", 1.0),
        TerrainKind::DenseWood => ("#2f6b34", "#1f4a23", 1.0),
        TerrainKind::LightWood => ("#7fb07a", "#4f8a4a", 1.0),
        TerrainKind::Copse => ("#3f7f3f", "#2a5a2a", 1.0),
        TerrainKind::Stream => ("none", "#4f86c6", 1.0),
        TerrainKind::River => ("none", "#2f62a8", 1.0),
        TerrainKind::Road => ("none", "#c2a878", 1.0),
        TerrainKind::Bridge => ("#7a5a3a", "#4a3520", 1.0),
        TerrainKind::Ford => ("#9cc3e6", "#4f86c6", 0.9),
        TerrainKind::Hedge => ("none", "#3e6b2e", 1.0),
        TerrainKind::Wall => ("none", "#7d7d7d", 1.0),
        TerrainKind::HastyWorks => ("none", "#8a6d3b", 1.0),
        TerrainKind::FieldWorks => ("#b89c6a", "#5c4424", 0.8),
    }
}

fn layer(kind: TerrainKind) -> u8 {
    match kind {
        TerrainKind::Hill => 0,
        TerrainKind::Stream | TerrainKind::River => 1,
        TerrainKind::Ford => 2,
        TerrainKind::Road => 3,
        TerrainKind::Bridge => 4,
        TerrainKind::Town
        | TerrainKind::DenseWood
        | TerrainKind::LightWood
        | TerrainKind::Copse => 5,
        TerrainKind::Hedge
        | TerrainKind::Wall
        | TerrainKind::HastyWorks
        | TerrainKind::FieldWorks => 6,
    }
}

/// Render a scene to an SVG document.
pub fn render(scene: &Scene) -> String {
    let f = Frame { depth: scene.depth };
    let w = scene.width * SCALE + 2.0 * MARGIN;
    let h = scene.depth * SCALE + 2.0 * MARGIN + 20.0 + 16.0 * scene.caption.len() as f64;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, w, h))
        .set("width", w)
        .set("height", h)
        .set("font-family", "sans-serif");
    doc = doc.add(
        Rectangle::new()
            .set("width", w)
            .set("height", h)
            .set("fill", "#ffffff"),
    );
    doc = doc.add(
        Rectangle::new()
            .set("x", MARGIN)
            .set("y", MARGIN)
            .set("width", scene.width * SCALE)
            .set("height", scene.depth * SCALE)
            .set("fill", "#cfe0a8")
            .set("stroke", "#555")
            .set("stroke-width", 1.5),
    );
    let mut features: Vec<_> = scene.terrain.iter().collect();
    features.sort_by_key(|t| layer(t.kind));
    for t in features {
        let (fill, stroke, opacity) = terrain_style(t.kind, t.elevation);
        match t.shape.spec() {
            ShapeSpec::Band { width, .. } => {
                doc = doc.add(
                    Polyline::new()
                        .set("points", f.pts(t.shape.points()))
                        .set("fill", "none")
                        .set("stroke", stroke)
                        .set("stroke-width", (width * SCALE).max(1.5))
                        .set("stroke-linecap", "round")
                        .set("stroke-linejoin", "round")
                        .set("opacity", opacity),
                );
            }
            _ => {
                doc = doc.add(
                    Polygon::new()
                        .set("points", f.pts(t.shape.points()))
                        .set("fill", fill)
                        .set("stroke", stroke)
                        .set("stroke-width", 1)
                        .set("opacity", opacity),
                );
            }
        }
    }
    for p in &scene.points {
        let c = SIDE_COLOURS[p.side.index() % 2];
        doc = doc.add(
            Circle::new()
                .set("cx", f.x(p.x))
                .set("cy", f.y(p.y))
                .set("r", 6)
                .set("fill", "white")
                .set("stroke", c)
                .set("stroke-width", 2),
        );
        let (tx, ty) = (
            f.x(p.x).clamp(MARGIN + 4.0, w - 110.0),
            f.y(p.y)
                .clamp(MARGIN + 12.0, MARGIN + scene.depth * SCALE - 4.0),
        );
        doc = doc.add(
            Text::new(p.label.clone())
                .set("x", tx + 8.0)
                .set("y", ty - 6.0)
                .set("font-size", 10)
                .set("fill", c),
        );
    }
    for b in &scene.bases {
        let base = Base::new(b.pose, b.width, b.depth);
        let c = SIDE_COLOURS[b.side.index() % 2];
        let corners = base.corners();
        let mut g = Group::new();
        g = g.add(
            Polygon::new()
                .set("points", f.pts(&corners))
                .set("fill", c)
                .set("stroke", "#111")
                .set("stroke-width", 0.8),
        );
        // The front edge, thick.
        g = g.add(
            Line::new()
                .set("x1", f.x(corners[0].x))
                .set("y1", f.y(corners[0].y))
                .set("x2", f.x(corners[1].x))
                .set("y2", f.y(corners[1].y))
                .set("stroke", "#f5e663")
                .set("stroke-width", 2.5),
        );
        let centre = b.pose.pos;
        g = g.add(
            Text::new(b.label.clone())
                .set("x", f.x(centre.x))
                .set("y", f.y(centre.y) + 3.5)
                .set("font-size", 9)
                .set("text-anchor", "middle")
                .set("fill", "white"),
        );
        if let Some(m) = &b.marker {
            let r = if m.starts_with('D') { 5.5 } else { 3.5 };
            g = g.add(
                Circle::new()
                    .set("cx", f.x(corners[3].x))
                    .set("cy", f.y(corners[3].y))
                    .set("r", r)
                    .set("fill", "white")
                    .set("stroke", "#444")
                    .set("stroke-width", 0.8),
            );
        }
        doc = doc.add(g);
    }
    let mut y = MARGIN + scene.depth * SCALE + 16.0;
    doc = doc.add(
        Text::new(format!(
            "{}  (blue: {}, red: {}; yellow edge = front; white puff = Pinned, large puff = Disrupted)",
            scene.title, scene.side_names[0], scene.side_names[1]
        ))
        .set("x", MARGIN)
        .set("y", y)
        .set("font-size", 11),
    );
    for line in &scene.caption {
        y += 16.0;
        doc = doc.add(
            Text::new(line.clone())
                .set("x", MARGIN)
                .set("y", y)
                .set("font-size", 11),
        );
    }
    doc.to_string()
}
