//! What the command line needs of this rule set: the built-in battle, reading scenario and
//! order-of-battle files with precise errors, and how complete the rule set is.

use crate::army::Army;
use crate::oob::{self, OrderOfBattle};
use crate::rules::NapoleonsWars;
use crate::scenario::{Objective, Placement, Scenario, SideSpec, Spell, TableSize, Weather};
use crate::state::{BATTERY_SIZE, BRIGADE_SIZE};
use crate::tables::Tables;
use grognard_engine::book::{Book, Checked};
use grognard_engine::files::{parse_toml, FileError, Header, Includes};
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_geometry::shape::ShapeSpec;

const FRENCH: &str = include_str!("../../../scenarios/napoleons-wars/army-of-italy-1809.toml");
const AUSTRIAN: &str = include_str!("../../../scenarios/napoleons-wars/army-of-germany-1809.toml");

fn designed(name: &str, text: &str) -> Army {
    let o: OrderOfBattle = parse_toml(name, text).expect("the built-in order of battle parses");
    oob::design(&Tables::default(), &o)
        .expect("the built-in order of battle designs")
        .army
}

/// Lay an army out along its edge: batteries in front, infantry in a line behind them,
/// cavalry behind the infantry, commanders and the CinC at the back. `front` is the y of the
/// infantry line; `dir` is +1 facing north (up the table), -1 facing south.
fn deploy(army: &Army, width: f64, front: f64, dir: f64) -> Vec<Placement> {
    let facing = if dir > 0.0 { 90.0 } else { 270.0 };
    let mut out = Vec::new();
    let n = army.commands.len().max(1) as f64;
    let sector = width / n;
    let mut place = |unit: &str, x: f64, y: f64| {
        out.push(Placement {
            unit: unit.to_string(),
            at: [x, y, facing],
            turn: 1,
        })
    };
    for (ci, c) in army.commands.iter().enumerate() {
        let centre = sector * (ci as f64 + 0.5);
        let infantry: Vec<&str> = c
            .divisions
            .iter()
            .flat_map(|d| &d.brigades)
            .filter(|b| b.arm == crate::Arm::Infantry)
            .map(|b| b.label.as_str())
            .collect();
        let cavalry: Vec<&str> = c
            .divisions
            .iter()
            .flat_map(|d| &d.brigades)
            .filter(|b| b.arm == crate::Arm::Cavalry)
            .map(|b| b.label.as_str())
            .collect();
        let row = |labels: &[&str], y: f64, gap: f64, place: &mut dyn FnMut(&str, f64, f64)| {
            let span = (labels.len() as f64 - 1.0) * gap;
            for (i, l) in labels.iter().enumerate() {
                place(l, centre - span / 2.0 + i as f64 * gap, y);
            }
        };
        row(&infantry, front, BRIGADE_SIZE + 1.5, &mut place);
        row(
            &cavalry,
            front - dir * (BRIGADE_SIZE + 2.0),
            BRIGADE_SIZE + 2.0,
            &mut place,
        );
        let guns: Vec<&str> = c.batteries.iter().map(|b| b.label.as_str()).collect();
        row(
            &guns,
            front + dir * (BRIGADE_SIZE * 0.5 + BATTERY_SIZE),
            6.0,
            &mut place,
        );
        place(
            &c.commander.name,
            centre,
            front - dir * (BRIGADE_SIZE * 2.0 + 4.5),
        );
    }
    place(
        &army.cinc.name,
        width / 2.0,
        front - dir * (BRIGADE_SIZE * 2.0 + 8.0),
    );
    out
}

/// The built-in battle: the French Army of Italy against the Austrian Army of Germany,
/// 1809, two corps a side, across open ground with a village, a wood, a hill and a road.
pub fn default_scenario() -> Scenario {
    let width = 100.0;
    let depth = 72.0;
    let french = designed("army-of-italy-1809.toml", FRENCH);
    let austrian = designed("army-of-germany-1809.toml", AUSTRIAN);
    let rect = |kind, x: f64, y: f64, w: f64, h: f64| {
        Feature::new(
            kind,
            ShapeSpec::Rect {
                centre: [x + w / 2.0, y + h / 2.0],
                width: w,
                height: h,
                angle: 0.0,
            },
        )
    };
    let mut hill = rect(TerrainKind::Hill, 70.0, 30.0, 14.0, 10.0);
    hill.elevation = 1;
    let terrain = vec![
        Feature::new(
            TerrainKind::Road,
            ShapeSpec::Band {
                points: vec![[50.0, 0.0], [50.0, 72.0]],
                width: 1.0,
            },
        ),
        rect(TerrainKind::Town, 46.0, 34.0, 8.0, 4.0),
        rect(TerrainKind::LightWood, 12.0, 30.0, 12.0, 10.0),
        hill,
    ];
    Scenario {
        rules: "napoleons-wars".into(),
        name: "Army of Italy against Army of Germany, 1809 (built-in)".into(),
        turns: 20,
        table: TableSize { width, depth },
        weather: vec![Spell {
            from_turn: 19,
            weather: Weather::Twilight,
            mud: false,
        }],
        first_initiative: None,
        terrain,
        objectives: vec![
            Objective {
                name: "the village".into(),
                at: [50.0, 36.0],
                radius: 5.0,
                value: 2,
            },
            Objective {
                name: "the hill".into(),
                at: [77.0, 35.0],
                radius: 5.0,
                value: 1,
            },
            Objective {
                name: "the wood".into(),
                at: [18.0, 35.0],
                radius: 5.0,
                value: 1,
            },
        ],
        sides: vec![
            SideSpec {
                name: "French".into(),
                deploy: deploy(&french, width, 20.0, 1.0),
                army: french,
            },
            SideSpec {
                name: "Austrians".into(),
                deploy: deploy(&austrian, width, depth - 20.0, -1.0),
                army: austrian,
            },
        ],
        tables: Tables::default(),
    }
}

/// Problems with a scenario, by field path; the checks live in [`crate::validate`].
pub use crate::validate::problems;

/// Parse and check a scenario file.
pub use crate::validate::load;

impl Book for NapoleonsWars {
    fn default_scenario(&self, _seed: u64) -> (Scenario, Vec<String>) {
        (
            default_scenario(),
            vec![
                "the built-in battle: two corps a side, designed from the example orders of battle in scenarios/napoleons-wars/".into(),
                "objectives: the village (2), the hill (1) and the wood (1); if neither army breaks, the side holding more of them at the end wins (ruling N35)".into(),
            ],
        )
    }

    fn load_scenario(
        &self,
        file: &str,
        text: &str,
        _includes: &dyn Includes,
        _seed: u64,
    ) -> Result<(Scenario, Vec<String>), Vec<FileError>> {
        load(file, text).map(|s| (s, Vec::new()))
    }

    fn scenario_problems(&self, scenario: &Scenario) -> Vec<String> {
        problems(scenario)
            .into_iter()
            .map(|p| format!("scenario.{}: {} (hint: {})", p.path, p.message, p.hint))
            .collect()
    }

    fn file_kind(&self, header: &Header) -> Option<&'static str> {
        if header.has("sides") {
            Some("scenario")
        } else if header.has("commands") && header.has("adcs") {
            Some("army roster")
        } else if header.has("commands") {
            Some("order of battle")
        } else {
            None
        }
    }

    fn check_file(
        &self,
        file: &str,
        text: &str,
        _includes: &dyn Includes,
    ) -> Result<Checked, Vec<FileError>> {
        let header = Header::read(file, text).map_err(|e| vec![e])?;
        if self.file_kind(&header) == Some("order of battle") {
            let o: OrderOfBattle = parse_toml(file, text).map_err(|e| vec![e])?;
            let d = oob::design(&Tables::default(), &o).map_err(|ps| {
                ps.into_iter()
                    .map(|p| p.locate(file, text))
                    .collect::<Vec<_>>()
            })?;
            return Ok(Checked {
                kind: "order of battle".into(),
                summary: format!(
                    "{}: {} units in {} commands, breaks after {} losses",
                    d.army.name,
                    d.army.units(),
                    d.army.commands.len(),
                    d.army.fatigue
                ),
            });
        }
        if self.file_kind(&header) == Some("army roster") {
            let a: Army = parse_toml(file, text).map_err(|e| vec![e])?;
            return Ok(Checked {
                kind: "army roster".into(),
                summary: format!(
                    "{}: {} units in {} commands, breaks after {} losses",
                    a.name,
                    a.units(),
                    a.commands.len(),
                    a.fatigue
                ),
            });
        }
        let s = load(file, text)?;
        Ok(Checked {
            kind: "scenario".into(),
            summary: format!(
                "\"{}\": {} ({} units) against {} ({} units), {} turns",
                s.name,
                s.sides[0].name,
                s.sides[0].army.units(),
                s.sides[1].name,
                s.sides[1].army.units(),
                s.turns
            ),
        })
    }

    fn title(&self) -> &'static str {
        "Napoleon's Wars (David Bush, 2003)"
    }

    fn completeness(&self) -> &'static str {
        "chapters I and II and the optional rules, with rulings where the text is silent; time per turn grows faster than linearly with the armies' size (see crates/rules-napoleons-wars/README.md)"
    }
}

/// A battle of `per_side` units a side, for measuring how the rules scale ("a multi-corps
/// day"): each army is the built-in one's first corps repeated (eight brigades and two
/// batteries a corps, relabelled), the corps side by side on a table wide enough for them.
pub fn large_scenario(per_side: usize) -> Scenario {
    let base = default_scenario();
    let corps_units = 10usize;
    let corps = per_side.div_ceil(corps_units).max(1);
    let width = (corps as f64 * 32.0).max(100.0);
    let mut sides = Vec::new();
    for (si, spec) in base.sides.iter().enumerate() {
        let mut army = spec.army.clone();
        let template = army.commands[0].clone();
        army.commands.clear();
        let mut left = per_side;
        for k in 0..corps {
            let mut c = template.clone();
            c.name = format!("Corps {}", k + 1);
            c.short = format!("C{}", k + 1);
            c.commander.name = format!("{} {}", template.commander.name, k + 1);
            let mut units = Vec::new();
            for d in c.divisions.iter_mut() {
                d.generals.clear();
                d.brigades.retain(|_| {
                    let keep = units.len() < left.min(corps_units);
                    if keep {
                        units.push(());
                    }
                    keep
                });
            }
            c.divisions.retain(|d| !d.brigades.is_empty());
            for (di, d) in c.divisions.iter_mut().enumerate() {
                for (bi, b) in d.brigades.iter_mut().enumerate() {
                    b.label = format!("{}B/{}/{}", bi + 1, di + 1, c.short);
                }
            }
            let room = left.min(corps_units).saturating_sub(units.len());
            c.batteries.truncate(room);
            for (bi, b) in c.batteries.iter_mut().enumerate() {
                b.label = format!("{} battery {}", c.short, bi + 1);
            }
            left = left.saturating_sub(c.units() as usize);
            army.commands.push(c);
            if left == 0 {
                break;
            }
        }
        army.adcs = 0;
        army.fatigue =
            crate::design::fatigue_threshold(&Tables::default().design, army.morale, army.units());
        let (front, dir) = if si == 0 { (20.0, 1.0) } else { (52.0, -1.0) };
        sides.push(SideSpec {
            name: spec.name.clone(),
            deploy: deploy(&army, width, front, dir),
            army,
        });
    }
    Scenario {
        name: format!("{per_side} units a side (scale test)"),
        table: TableSize { width, depth: 72.0 },
        terrain: Vec::new(),
        sides,
        ..base
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_battle_has_no_problems() {
        assert!(problems(&default_scenario()).is_empty());
    }

    #[test]
    fn a_bad_objective_is_named_by_its_field_path() {
        let mut s = default_scenario();
        s.objectives[1].at = [140.0, 10.0];
        s.objectives[2].radius = 0.0;
        s.objectives[2].value = 0;
        let paths: Vec<String> = problems(&s).into_iter().map(|p| p.path).collect();
        assert_eq!(
            paths,
            [
                "objectives[1].at",
                "objectives[2].radius",
                "objectives[2].value"
            ]
        );
    }
}
