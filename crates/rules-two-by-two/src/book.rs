//! The rule set as the command line sees it: default battle, files, completeness.

use crate::design::army::Nation;
use crate::design::setup::{generate, generate_from, Army};
use crate::design::validate;
use crate::scenario::{GameKind, Scenario};
use crate::TwoByTwo;
use grognard_engine::book::{Book, Checked, Files};
use grognard_engine::dice::{derive_seed, Seeded};
use grognard_engine::files::{FileError, Header, Includes, Problem};

/// Read a scenario file. One that brings army lists is set up by the book's procedure with
/// `seed`, each list read through `includes` and its problems placed in it.
fn load(
    file: &str,
    text: &str,
    includes: &dyn Includes,
    seed: u64,
) -> Result<(Scenario, Vec<String>), Vec<FileError>> {
    let s = validate::load(file, text)?;
    if s.armies.is_empty() {
        return Ok((s, Vec::new()));
    }
    let mut errors = Vec::new();
    let mut armies = Vec::new();
    let mut notes = Vec::new();
    for (i, entry) in s.armies.iter().enumerate() {
        match includes.read(&entry.list) {
            Err(why) => errors.push(
                Problem::new(
                    format!("armies[{i}].list"),
                    why,
                    "name an army list by its path from this scenario's folder",
                )
                .locate(file, text),
            ),
            Ok((shown, list_text)) => match validate::load_army(&shown, &list_text) {
                Ok(list) => {
                    notes.push(format!(
                        "{}: the army list {shown}",
                        entry.name.as_deref().unwrap_or(list.nation.name())
                    ));
                    armies.push(Army {
                        nation: list.nation,
                        units: list.expand(),
                    });
                }
                Err(mut e) => errors.append(&mut e),
            },
        }
    }
    let Ok(armies) = <[Army; 2]>::try_from(armies) else {
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    if armies[0].nation == armies[1].nation
        && s.armies[0].name.is_none()
        && s.armies[1].name.is_none()
    {
        return Err(vec![Problem::new(
            "armies[1].name",
            format!(
                "both armies are {}, and so both sides would have one name",
                armies[1].nation.name()
            ),
            "give each army a name = \"...\" of its own",
        )
        .locate(file, text)]);
    }
    let names = [s.armies[0].name.clone(), s.armies[1].name.clone()];
    let mut dice = Seeded::new(derive_seed(seed, 1));
    let mut choice = Seeded::new(derive_seed(seed, 2));
    let (set_up, log) = generate_from(&s, armies, names, &mut dice, &mut choice);
    let problems = validate::problems(&set_up);
    if !problems.is_empty() {
        return Err(problems
            .into_iter()
            .map(|p| {
                Problem::new(
                    "armies",
                    format!(
                        "the set-up made a battle the checks refuse: {}: {}",
                        p.path, p.message
                    ),
                    p.hint,
                )
                .locate(file, text)
            })
            .collect());
    }
    notes.extend(log.lines);
    Ok((set_up, notes))
}

impl Files for TwoByTwo {
    fn load_scenario(
        &self,
        file: &str,
        text: &str,
        includes: &dyn Includes,
        seed: u64,
    ) -> Result<(Scenario, Vec<String>), Vec<FileError>> {
        load(file, text, includes, seed)
    }

    fn scenario_problems(&self, scenario: &Scenario) -> Vec<String> {
        let mut problems = validate::problems(scenario);
        if !scenario.armies.is_empty() {
            problems.push(Problem::new(
                "armies",
                "the scenario a battle starts from has its sides set up, not army lists",
                "a replay keeps the scenario as it was set up; this one was changed",
            ));
        }
        problems.into_iter().map(|p| p.line("scenario")).collect()
    }

    fn file_kind(&self, header: &Header) -> Option<&'static str> {
        if header.has("sides") || header.has("armies") {
            Some("scenario")
        } else if header.has("nation") && header.has("units") {
            Some("army list")
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
        if self.file_kind(&header) == Some("army list") {
            let a = validate::load_army(file, text)?;
            let units = a.expand();
            let cost = crate::design::army::cost(&crate::tables::Tables::default(), &units);
            return Ok(Checked {
                kind: "army list".into(),
                summary: format!(
                    "{} army of {} units, {cost} AP of {} allowed",
                    a.nation.name(),
                    units.len(),
                    a.points
                ),
            });
        }
        let (s, _) = load(file, text, includes, 0)?;
        Ok(Checked {
            kind: "scenario".into(),
            summary: format!(
                "\"{}\": {} ({} units) against {} ({} units), {} terrain features",
                s.name,
                s.sides[0].name,
                s.sides[0].units.len(),
                s.sides[1].name,
                s.sides[1].units.len(),
                s.terrain.len()
            ),
        })
    }

    fn file_schemas(&self) -> Vec<(&'static str, serde_json::Value)> {
        let schema = |s: schemars::Schema| serde_json::to_value(s).unwrap_or_default();
        vec![
            ("scenario", schema(schemars::schema_for!(Scenario))),
            (
                "army list",
                schema(schemars::schema_for!(crate::design::army::ArmyList)),
            ),
        ]
    }
}

impl Book for TwoByTwo {
    fn default_scenario(&self, seed: u64) -> (Scenario, Vec<String>) {
        let mut dice = Seeded::new(derive_seed(seed, 1));
        let mut choice = Seeded::new(derive_seed(seed, 2));
        // Two different nations, by the seed.
        let a = choice.below(3) as usize;
        let b = (a + 1 + choice.below(2) as usize) % 3;
        let armies = [
            Army::standard(Nation::ALL[a]),
            Army::standard(Nation::ALL[b]),
        ];
        let (s, log) = generate(armies, GameKind::Fast, &mut dice, &mut choice);
        (s, log.lines)
    }

    /// The three nations' lists ("2x2 Army lists"), each as the standard army of the book's
    /// set-up.
    fn army_lists(&self) -> Vec<&'static str> {
        Nation::ALL.iter().map(|n| n.name()).collect()
    }

    /// Two army list files, each checked against its nation's allowances, set up by the
    /// book's procedure.
    fn scenario_of_army_files(
        &self,
        files: [(&str, &str); 2],
        seed: u64,
    ) -> Option<grognard_engine::book::SetUpFrom<Scenario>> {
        let mut armies = Vec::new();
        let mut errors = Vec::new();
        for (file, text) in files {
            match validate::load_army(file, text) {
                Ok(list) => armies.push(Army {
                    nation: list.nation,
                    units: list.expand(),
                }),
                Err(mut e) => errors.append(&mut e),
            }
        }
        let Ok(armies) = <[Army; 2]>::try_from(armies) else {
            return Some(Err(errors));
        };
        let mut dice = Seeded::new(derive_seed(seed, 1));
        let mut choice = Seeded::new(derive_seed(seed, 2));
        let (s, log) = generate(armies, GameKind::Fast, &mut dice, &mut choice);
        Some(Ok((s, log.lines)))
    }

    fn scenario_of_lists(&self, lists: [&str; 2], seed: u64) -> Option<(Scenario, Vec<String>)> {
        let armies = [
            Army::standard(Nation::parse(lists[0])?),
            Army::standard(Nation::parse(lists[1])?),
        ];
        let mut dice = Seeded::new(derive_seed(seed, 1));
        let mut choice = Seeded::new(derive_seed(seed, 2));
        let (s, log) = generate(armies, GameKind::Fast, &mut dice, &mut choice);
        Some((s, log.lines))
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

    fn answers_roll(
        &self,
        state: &crate::state::State,
        side: grognard_engine::Side,
        command: &crate::Command,
        situation: &mut serde_json::Value,
    ) -> bool {
        crate::seat::answers_roll(state, side, command, situation)
    }

    fn title(&self) -> &'static str {
        "2 by 2 Napoleonic's v3.01 (Rod Humble)"
    }

    fn completeness(&self) -> &'static str {
        "whole book: every rule, army list and optional rule (see crates/rules-two-by-two/README.md)"
    }
}
