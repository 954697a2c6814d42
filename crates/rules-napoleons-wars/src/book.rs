//! What the command line needs of this rule set: the built-in battle, reading scenario and
//! order-of-battle files with precise errors, and how complete the rule set is.

use crate::design::setup;
use crate::rules::NapoleonsWars;
use crate::scenario::{Edge, Scenario, SideSpec, TableSize};
use crate::tables::Tables;
use grognard_engine::book::{Book, Checked, Files};
use grognard_engine::files::{FileError, Header, Includes};

const FRENCH: &str = include_str!("../../../scenarios/napoleons-wars/army-of-italy-1809.toml");
const AUSTRIAN: &str = include_str!("../../../scenarios/napoleons-wars/army-of-germany-1809.toml");

/// The built-in battle: the French Army of Italy against the Austrian Army of Germany,
/// 1809, two corps a side, across open ground with a village, a wood, a hill and a road. It
/// is the example scenario file, read with the example orders of battle it names.
pub fn default_scenario() -> Scenario {
    // Read and checked once: a batch of battles would otherwise read the three files again
    // for every battle.
    static BUILT: std::sync::OnceLock<Scenario> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(|| {
            setup::load(BUILT_IN_NAME, BUILT_IN, &BuiltIn)
                .expect("the built-in scenario passes its checks")
                .0
        })
        .clone()
}

const BUILT_IN_NAME: &str = "italy-against-germany-1809.toml";
const BUILT_IN: &str =
    include_str!("../../../scenarios/napoleons-wars/italy-against-germany-1809.toml");

/// The files the built-in scenario names, built into the program.
struct BuiltIn;

impl Includes for BuiltIn {
    fn read(&self, name: &str) -> Result<(String, String), String> {
        match name {
            "army-of-italy-1809.toml" => Ok((name.into(), FRENCH.into())),
            "army-of-germany-1809.toml" => Ok((name.into(), AUSTRIAN.into())),
            _ => Err(format!("the built-in battle has no file {name:?}")),
        }
    }
}

/// Problems with a scenario, by field path; the checks live in [`crate::design::validate`].
pub use crate::design::validate::problems;

impl Files for NapoleonsWars {
    fn load_scenario(
        &self,
        file: &str,
        text: &str,
        includes: &dyn Includes,
        _seed: u64,
    ) -> Result<(Scenario, Vec<String>), Vec<FileError>> {
        setup::load(file, text, includes)
    }

    fn scenario_problems(&self, scenario: &Scenario) -> Vec<String> {
        problems(scenario)
            .into_iter()
            .map(|p| p.line("scenario"))
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
        includes: &dyn Includes,
    ) -> Result<Checked, Vec<FileError>> {
        let header = Header::read(file, text).map_err(|e| vec![e])?;
        if let Some(kind @ ("army roster" | "order of battle")) = self.file_kind(&header) {
            let (a, _) = setup::army_file(file, text, &Tables::default())?;
            return Ok(Checked {
                kind: kind.into(),
                summary: format!(
                    "{}: {} units in {} commands, breaks after {} losses",
                    a.name,
                    a.units(),
                    a.commands.len(),
                    a.fatigue
                ),
            });
        }
        let (s, _) = setup::load(file, text, includes)?;
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

    fn file_schemas(&self) -> Vec<(&'static str, serde_json::Value)> {
        let schema = |s: schemars::Schema| serde_json::to_value(s).unwrap_or_default();
        vec![
            (
                "scenario",
                schema(schemars::schema_for!(crate::scenario::ScenarioFile)),
            ),
            (
                "army roster",
                schema(schemars::schema_for!(crate::design::army::Army)),
            ),
            (
                "order of battle",
                schema(schemars::schema_for!(crate::design::oob::OrderOfBattle)),
            ),
        ]
    }
}

impl Book for NapoleonsWars {
    fn default_scenario(&self, _seed: u64) -> (Scenario, Vec<String>) {
        (
            default_scenario(),
            vec![
                "the built-in battle, scenarios/napoleons-wars/italy-against-germany-1809.toml: two corps a side, designed from the example orders of battle beside it".into(),
                "objectives: the village (2), the hill (1) and the wood (1); if neither army breaks, the side holding more of them at the end wins (ruling N35)".into(),
            ],
        )
    }

    /// Two armies of the players' own (rosters or orders of battle, as a scenario names
    /// them) on the built-in battle's field, with its objectives and turns, each side named
    /// after its file.
    fn scenario_of_army_files(
        &self,
        files: [(&str, &str); 2],
        _seed: u64,
    ) -> Option<grognard_engine::book::SetUpFrom<Scenario>> {
        struct Given<'a>([(&'a str, &'a str); 2]);
        impl Includes for Given<'_> {
            fn read(&self, name: &str) -> Result<(String, String), String> {
                let i = match name {
                    "army-of-italy-1809.toml" => 0,
                    "army-of-germany-1809.toml" => 1,
                    _ => return Err(format!("no army file {name:?} was given")),
                };
                Ok((self.0[i].0.to_string(), self.0[i].1.to_string()))
            }
        }
        let named = |file: &str| {
            std::path::Path::new(file)
                .file_stem()
                .map_or(file.to_string(), |s| s.to_string_lossy().into_owned())
        };
        let (mut first, mut second) = (named(files[0].0), named(files[1].0));
        if first == second {
            first.push_str(" (south)");
            second.push_str(" (north)");
        }
        let text = BUILT_IN
            .replacen(
                "name = \"French\"\narmy = \"army-of-italy-1809.toml\"",
                &format!("name = {first:?}\narmy = \"army-of-italy-1809.toml\""),
                1,
            )
            .replacen(
                "name = \"Austrians\"\narmy = \"army-of-germany-1809.toml\"",
                &format!("name = {second:?}\narmy = \"army-of-germany-1809.toml\""),
                1,
            );
        Some(setup::load(BUILT_IN_NAME, &text, &Given(files)))
    }

    fn resolutions(&self) -> Vec<Box<dyn grognard_engine::resolution::AnyResolution>> {
        crate::resolve::resolutions::all()
    }

    fn roll_of(
        &self,
        state: &crate::state::State,
        side: grognard_engine::Side,
        command: &crate::Command,
    ) -> Option<(&'static str, serde_json::Value)> {
        crate::seat::roll_of(state, side, command)
    }

    fn order_text(&self, state: &crate::state::State, command: &crate::Command) -> String {
        crate::seat::order_text(state, command)
    }

    fn order_unit(&self, command: &crate::Command) -> Option<u32> {
        crate::seat::order_unit(command)
    }

    fn move_to(
        &self,
        state: &crate::state::State,
        side: grognard_engine::Side,
        unit: u32,
        to: grognard_geometry::Pose,
    ) -> Option<crate::Command> {
        crate::seat::move_to(state, side, unit, to)
    }

    fn title(&self) -> &'static str {
        "Napoleon's Wars (David Bush, 2003)"
    }

    fn completeness(&self) -> &'static str {
        "chapters I and II and the optional rules, with rulings where the text is silent; time a turn grows in proportion to the armies' size (see crates/rules-napoleons-wars/README.md)"
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
        let edge = if si == 0 { Edge::South } else { Edge::North };
        let table = TableSize { width, depth: 72.0 };
        sides.push(SideSpec {
            name: spec.name.clone(),
            deploy: setup::along(&army, &table, edge),
            edge: Some(edge),
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
