//! Drawing a scene as SVG.

use grognard_engine::scene::Scene;
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::shape::ShapeSpec;
use grognard_geometry::{Base, Vec2};
use svg::node::element::{Circle, Group, Line, Polygon, Polyline, Rectangle, Text};
use svg::Document;

const MARGIN: f64 = 20.0;
const SIDE_COLOURS: [&str; 2] = ["#2c5aa0", "#b22b2b"];

struct Frame {
    depth: f64,
    /// Pixels an inch.
    scale: f64,
}

impl Frame {
    fn x(&self, x: f64) -> f64 {
        MARGIN + x * self.scale
    }
    fn y(&self, y: f64) -> f64 {
        MARGIN + (self.depth - y) * self.scale
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
        TerrainKind::Building => ("#8c5a3c", "#3a2418", 1.0),
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
        TerrainKind::Building => 7,
    }
}

/// The width the table is drawn at, in pixels, whatever its size in inches: a picture is
/// read at about the width of a page, so its text is sized for that.
const TABLE_PIXELS: f64 = 960.0;

/// How wide a text of `chars` characters at `size` pixels is, near enough to keep it clear
/// of the table's edges and of other labels.
fn text_width(chars: usize, size: f64) -> f64 {
    chars as f64 * size * 0.56
}

/// Labels placed so far, as boxes, so that a unit's name is not written over another's.
#[derive(Default)]
struct Placed(Vec<[f64; 4]>);

impl Placed {
    fn free(&self, r: [f64; 4]) -> bool {
        self.0.iter().all(|q| {
            r[0] + r[2] <= q[0] || q[0] + q[2] <= r[0] || r[1] + r[3] <= q[1] || q[1] + q[3] <= r[1]
        })
    }
}

/// Render a scene to an SVG document: the table at true scale with an inch grid and a scale
/// bar, terrain with its names, every unit with its front, its label and its name, and a
/// legend of what the picture shows.
pub fn render(scene: &Scene) -> String {
    let scale = TABLE_PIXELS / scene.width.max(scene.depth).max(1.0);
    let f = Frame {
        depth: scene.depth,
        scale,
    };
    let font = 13.0;
    let table_w = scene.width * scale;
    let table_h = scene.depth * scale;
    let w = table_w + 2.0 * MARGIN + 30.0;
    let h = table_h + 2.0 * MARGIN + 70.0 + 18.0 * scene.caption.len() as f64;
    // Keeps a label of `width` pixels centred at `x` inside the table.
    let inside = |x: f64, width: f64| -> f64 {
        let lo = f.x(0.0) + width / 2.0 + 2.0;
        let hi = f.x(scene.width) - width / 2.0 - 2.0;
        if hi > lo {
            x.clamp(lo, hi)
        } else {
            x
        }
    };
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
            .set("x", f.x(0.0))
            .set("y", f.y(scene.depth))
            .set("width", table_w)
            .set("height", table_h)
            .set("fill", "#cfe0a8")
            .set("stroke", "#555")
            .set("stroke-width", 1.5),
    );
    let mut features: Vec<_> = scene.terrain.iter().collect();
    features.sort_by_key(|t| layer(t.kind));
    for t in &features {
        let (fill, stroke, opacity) = terrain_style(t.kind, t.elevation);
        match t.shape.spec() {
            ShapeSpec::Band { width, .. } => {
                doc = doc.add(
                    Polyline::new()
                        .set("points", f.pts(t.shape.points()))
                        .set("fill", "none")
                        .set("stroke", stroke)
                        .set("stroke-width", (width * scale).max(1.5))
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
    // The inch grid, darker every six inches, numbered along two edges.
    let mut grid = Group::new().set("id", "grid");
    let mut i = 0;
    while f64::from(i) <= scene.width + 1e-9 {
        let x = f.x(f64::from(i));
        let major = i % 6 == 0;
        grid = grid.add(
            Line::new()
                .set("x1", x)
                .set("y1", f.y(0.0))
                .set("x2", x)
                .set("y2", f.y(scene.depth))
                .set("stroke", "#000")
                .set("stroke-opacity", if major { 0.22 } else { 0.07 })
                .set("stroke-width", if major { 1.0 } else { 0.5 }),
        );
        if major {
            grid = grid.add(
                Text::new(format!("{i}\""))
                    .set("x", x)
                    .set("y", f.y(0.0) + font + 2.0)
                    .set("font-size", font - 2.0)
                    .set("text-anchor", "middle")
                    .set("fill", "#444"),
            );
        }
        i += 1;
    }
    let mut i = 0;
    while f64::from(i) <= scene.depth + 1e-9 {
        let y = f.y(f64::from(i));
        let major = i % 6 == 0;
        grid = grid.add(
            Line::new()
                .set("x1", f.x(0.0))
                .set("y1", y)
                .set("x2", f.x(scene.width))
                .set("y2", y)
                .set("stroke", "#000")
                .set("stroke-opacity", if major { 0.22 } else { 0.07 })
                .set("stroke-width", if major { 1.0 } else { 0.5 }),
        );
        if major {
            grid = grid.add(
                Text::new(format!("{i}\""))
                    .set("x", f.x(scene.width) + 4.0)
                    .set("y", y + 4.0)
                    .set("font-size", font - 2.0)
                    .set("fill", "#444"),
            );
        }
        i += 1;
    }
    doc = doc.add(grid);
    for t in &features {
        let Some(name) = &t.name else { continue };
        let pts = t.shape.points();
        if pts.is_empty() {
            continue;
        }
        let at = match t.shape.spec() {
            ShapeSpec::Band { .. } => pts[pts.len() / 2],
            _ => pts.iter().fold(Vec2::ZERO, |a, p| a + *p) / pts.len() as f64,
        };
        let tw = text_width(name.chars().count(), font);
        doc = doc.add(halo(
            Text::new(name.clone())
                .set("x", inside(f.x(at.x), tw))
                .set("y", f.y(at.y))
                .set("font-size", font)
                .set("font-style", "italic")
                .set("text-anchor", "middle")
                .set("fill", "#3b2f1a"),
            font,
        ));
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
        let tw = text_width(p.label.chars().count(), font - 1.0);
        let y = (f.y(p.y) - 9.0).clamp(f.y(scene.depth) + font, f.y(0.0) - 4.0);
        doc = doc.add(halo(
            Text::new(p.label.clone())
                .set("x", inside(f.x(p.x), tw))
                .set("y", y)
                .set("font-size", font - 1.0)
                .set("text-anchor", "middle")
                .set("fill", c),
            font - 1.0,
        ));
    }
    let mut markers: Vec<&str> = Vec::new();
    let mut placed = Placed::default();
    let mut names = Vec::new();
    for b in &scene.bases {
        let base = Base::new(b.pose, b.width, b.depth);
        let c = SIDE_COLOURS[b.side.index() % 2];
        let corners = base.corners();
        let mut g = Group::new();
        if b.stands.is_empty() {
            g = stand(g, &f, &corners, c);
        } else {
            // A unit of several stands: its footprint faint, each stand with its front
            // edge and a dot for each figure on it.
            g = g.add(
                Polygon::new()
                    .set("points", f.pts(&corners))
                    .set("fill", "none")
                    .set("stroke", c)
                    .set("stroke-dasharray", "3 2")
                    .set("stroke-width", 0.8),
            );
            for s in &b.stands {
                let sb = Base::new(s.pose, s.width, s.depth);
                g = stand(g, &f, &sb.corners(), c);
                let n = s.figures.max(1) as f64;
                let r = (s.width / n).min(s.depth) * scale * 0.22;
                for i in 0..s.figures {
                    let along = (i as f64 + 0.5) / n - 0.5;
                    let p = s.pose.to_table(Vec2::new(0.0, -along * s.width));
                    g = g.add(
                        Circle::new()
                            .set("cx", f.x(p.x))
                            .set("cy", f.y(p.y))
                            .set("r", r.max(0.8))
                            .set("fill", "#f4f1e8"),
                    );
                }
            }
        }
        let centre = b.pose.pos;
        let size = (b.width.min(b.depth) * scale * 0.55).clamp(8.0, font);
        // A unit of stands shows its figures as dots; its name, placed beside it, says
        // the rest.
        let label = if b.stands.is_empty() {
            b.label.clone()
        } else {
            String::new()
        };
        g = g.add(
            Text::new(label)
                .set("x", f.x(centre.x))
                .set("y", f.y(centre.y) + size * 0.35)
                .set("font-size", size)
                .set("text-anchor", "middle")
                .set("fill", "white")
                .set("stroke", "#111")
                .set("stroke-width", 2)
                .set("paint-order", "stroke"),
        );
        if let Some(m) = &b.marker {
            if !markers.contains(&m.as_str()) {
                markers.push(m);
            }
            g = g.add(halo(
                Text::new(m.clone())
                    .set("x", f.x(centre.x))
                    .set("y", f.y(centre.y) + size * 0.35 + font)
                    .set("font-size", font - 2.0)
                    .set("text-anchor", "middle")
                    .set("fill", "#7a1500"),
                font - 2.0,
            ));
        }
        doc = doc.add(g);
        let r = base.radius() * scale;
        let (cx, cy) = (f.x(centre.x), f.y(centre.y));
        placed.0.push([cx - r, cy - r, 2.0 * r, 2.0 * r]);
        if let Some(m) = &b.marker {
            let mw = text_width(m.chars().count(), font - 2.0);
            placed
                .0
                .push([cx - mw / 2.0, cy + size * 0.35 + 2.0, mw, font]);
        }
        if !b.name.is_empty() {
            names.push((b, r));
        }
    }
    // Unit names above their units, or below when that place is taken, or left out when
    // both are (the label on the base still tells the unit).
    for (b, r) in names {
        let size = font - 2.0;
        let tw = text_width(b.name.chars().count(), size);
        let x = inside(f.x(b.pose.pos.x), tw);
        for y in [
            f.y(b.pose.pos.y) - r - 3.0,
            f.y(b.pose.pos.y) + r + size + 1.0,
        ] {
            let rect = [x - tw / 2.0, y - size, tw, size + 2.0];
            if placed.free(rect) {
                placed.0.push(rect);
                doc = doc.add(halo(
                    Text::new(b.name.clone())
                        .set("x", x)
                        .set("y", y)
                        .set("font-size", size)
                        .set("text-anchor", "middle")
                        .set("fill", "#222"),
                    size,
                ));
                break;
            }
        }
    }
    // A scale bar of six inches, then the legend and the caption.
    let mut y = f.y(0.0) + font + 22.0;
    doc = doc.add(
        Line::new()
            .set("x1", f.x(0.0))
            .set("y1", y - 4.0)
            .set("x2", f.x(6.0))
            .set("y2", y - 4.0)
            .set("stroke", "#000")
            .set("stroke-width", 3),
    );
    doc = doc.add(
        Text::new("6 inches; grid lines every inch")
            .set("x", f.x(6.0) + 8.0)
            .set("y", y)
            .set("font-size", font - 1.0),
    );
    y += font + 8.0;
    let mut legend = format!(
        "{}  (blue: {}, red: {}; yellow edge: the front",
        scene.title, scene.side_names[0], scene.side_names[1]
    );
    if !markers.is_empty() {
        legend.push_str(&format!(
            "; under a unit, its state: {}",
            markers.join(", ")
        ));
    }
    legend.push(')');
    doc = doc.add(
        Text::new(legend)
            .set("x", f.x(0.0))
            .set("y", y)
            .set("font-size", font),
    );
    for line in &scene.caption {
        y += 18.0;
        doc = doc.add(
            Text::new(line.clone())
                .set("x", f.x(0.0))
                .set("y", y)
                .set("font-size", font),
        );
    }
    doc.to_string()
}

/// A text with a pale outline, readable over terrain and grid.
/// A base or stand: filled in its side's colour, its front edge thick.
fn stand(g: Group, f: &Frame, corners: &[Vec2; 4], colour: &str) -> Group {
    g.add(
        Polygon::new()
            .set("points", f.pts(corners))
            .set("fill", colour)
            .set("stroke", "#111")
            .set("stroke-width", 0.8),
    )
    .add(
        Line::new()
            .set("x1", f.x(corners[0].x))
            .set("y1", f.y(corners[0].y))
            .set("x2", f.x(corners[1].x))
            .set("y2", f.y(corners[1].y))
            .set("stroke", "#f5e663")
            .set("stroke-width", 2.5),
    )
}

fn halo(t: Text, size: f64) -> Text {
    t.set("stroke", "white")
        .set("stroke-width", (size * 0.25).max(2.0))
        .set("stroke-linejoin", "round")
        .set("paint-order", "stroke")
}

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_engine::book::Book;

    fn picture_of<R: Book>(rules: &R, seed: u64) -> (Scene, String) {
        let (scenario, _) = rules.default_scenario(seed);
        let scene = rules.scene(&rules.start(&scenario));
        let svg = render(&scene);
        (scene, svg)
    }

    // A unit of several stands is drawn stand by stand, a dot for each figure, each stand
    // with its front edge; a square's stands face out on its four sides.
    #[test]
    fn stands_and_figures_are_drawn() {
        use grognard_engine::Ruleset;
        let rules = grognard_rules_beer_and_pretzel::BeerAndPretzel;
        let (mut scenario, _) = rules.default_scenario(1);
        scenario.sides[0].units[0].order = grognard_rules_beer_and_pretzel::state::Order::Square;
        let scene = rules.scene(&rules.start(&scenario));
        let svg = render(&scene);
        let figures: u32 = scene
            .bases
            .iter()
            .flat_map(|b| b.stands.iter().map(|s| s.figures))
            .sum();
        let starting: u32 = scenario
            .sides
            .iter()
            .flat_map(|s| s.units.iter().map(|u| u.troop.full()))
            .sum();
        assert_eq!(figures, starting);
        assert_eq!(svg.matches(r##"fill="#f4f1e8""##).count() as u32, figures);
        let square = &scene.bases[0];
        assert_eq!(square.stands.len(), 4);
        let mut facings: Vec<i64> = square
            .stands
            .iter()
            .map(|s| (s.pose.facing - square.pose.facing).to_degrees().round() as i64)
            .map(|d| d.rem_euclid(360))
            .collect();
        facings.sort();
        assert_eq!(facings, vec![0, 90, 180, 270]);
    }

    #[test]
    fn a_picture_names_units_and_terrain_and_shows_an_inch_grid_with_a_scale() {
        let (scene, svg) = picture_of(&grognard_rules_napoleons_wars::NapoleonsWars, 5);
        // The grid is numbered every six inches up to the table's width.
        assert!(svg.contains(r#"<g id="grid">"#));
        let last = (scene.width / 6.0).floor() as u32 * 6;
        assert!(
            texts(&svg).iter().any(|(_, w)| *w == format!("{last}\"")),
            "{last}\" is marked"
        );
        assert!(svg.contains("6 inches; grid lines every inch"));
        // Named terrain is written on the table, and units by their names.
        let words: Vec<String> = texts(&svg).into_iter().map(|(_, w)| w).collect();
        for t in scene.terrain.iter().filter_map(|t| t.name.as_ref()) {
            assert!(words.contains(t), "terrain {t} is named");
        }
        let named = scene
            .bases
            .iter()
            .filter(|b| words.contains(&b.name))
            .count();
        assert!(
            named * 2 >= scene.bases.len(),
            "most units are named: {named}"
        );
    }

    #[test]
    fn the_legend_names_only_the_states_the_units_show() {
        let (_, svg) = picture_of(&grognard_rules_napoleons_wars::NapoleonsWars, 5);
        assert!(
            !svg.contains("Pinned"),
            "Napoleon's Wars has no Pinned state"
        );
        // A 2x2 unit that is Pinned is marked and the legend names it.
        let (mut scene, _) = picture_of(&grognard_rules_two_by_two::TwoByTwo, 3);
        scene.bases[1].marker = Some("Pinned".into());
        let svg = render(&scene);
        assert!(svg.contains("its state: Pinned"));
        assert!(!svg.contains("Disrupted"));
    }

    #[test]
    fn labels_stay_inside_the_table_and_text_is_sized_for_a_page() {
        for (scene, svg) in [
            picture_of(&grognard_rules_napoleons_wars::NapoleonsWars, 5),
            picture_of(&grognard_rules_two_by_two::TwoByTwo, 3),
        ] {
            // The table is drawn the same width whatever its size in inches.
            let scale = TABLE_PIXELS / scene.width.max(scene.depth);
            assert!((scene.width.max(scene.depth) * scale - TABLE_PIXELS).abs() < 1e-9);
            let right = MARGIN + scene.width * scale;
            // The grid's numbers stand on the edges on purpose; every other text is checked.
            let start = svg.find(r#"<g id="grid">"#).unwrap();
            let end = start + svg[start..].find("</g>").unwrap();
            let rest = format!("{}{}", &svg[..start], &svg[end..]);
            for (t, words) in texts(&rest) {
                let x: f64 = attr(&t, "x");
                let size: f64 = attr(&t, "font-size");
                assert!(size >= 8.0, "text of {size}px is too small");
                if t.contains(r#"text-anchor="middle""#) {
                    let half = text_width(words.chars().count(), size) / 2.0;
                    assert!(
                        x - half >= MARGIN - 1e-6 || x + half <= right + 1e-6,
                        "{words} hangs over both edges"
                    );
                    if half * 2.0 < right - MARGIN {
                        assert!(x - half >= MARGIN - 1e-6, "{words} hangs off the left edge");
                        assert!(x + half <= right + 1e-6, "{words} hangs off the right edge");
                    }
                }
            }
        }
    }

    /// Every text of a picture: its tag's attributes and its words.
    fn texts(svg: &str) -> Vec<(String, String)> {
        svg.split("<text")
            .skip(1)
            .map(|t| {
                let (tag, rest) = t.split_once('>').unwrap();
                let words = rest.split("</text>").next().unwrap().trim();
                (
                    tag.to_string(),
                    words.replace("&quot;", "\"").replace("&amp;", "&"),
                )
            })
            .collect()
    }

    fn attr(tag: &str, name: &str) -> f64 {
        let key = format!(" {name}=\"");
        let at = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
        tag[at..].split('"').next().unwrap().parse().unwrap()
    }
}
