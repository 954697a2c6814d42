//! The rule set as the command line sees it: default battle, files, completeness.

use crate::army::Nation;
use crate::scenario::{GameKind, Scenario};
use crate::setup::{generate, Army};
use crate::validate;
use crate::TwoByTwo;
use grognard_engine::book::{Book, Checked};
use grognard_engine::dice::{derive_seed, Seeded};
use grognard_engine::files::{FileError, Header, Includes};

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

    fn load_scenario(
        &self,
        file: &str,
        text: &str,
        _includes: &dyn Includes,
        _seed: u64,
    ) -> Result<(Scenario, Vec<String>), Vec<FileError>> {
        validate::load(file, text).map(|s| (s, Vec::new()))
    }

    fn scenario_problems(&self, scenario: &Scenario) -> Vec<String> {
        validate::problems(scenario)
            .into_iter()
            .map(|p| format!("scenario.{}: {} (hint: {})", p.path, p.message, p.hint))
            .collect()
    }

    fn file_kind(&self, header: &Header) -> Option<&'static str> {
        if header.has("sides") {
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
        _includes: &dyn Includes,
    ) -> Result<Checked, Vec<FileError>> {
        let header = Header::read(file, text).map_err(|e| vec![e])?;
        if self.file_kind(&header) == Some("army list") {
            let a = validate::load_army(file, text)?;
            let units = a.expand();
            let cost = crate::army::cost(&crate::tables::Tables::default(), &units);
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
        let s = validate::load(file, text)?;
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

    fn title(&self) -> &'static str {
        "2 by 2 Napoleonic's v3.01 (Rod Humble)"
    }

    fn completeness(&self) -> &'static str {
        "whole book: every rule, army list and optional rule (see crates/rules-two-by-two/README.md)"
    }
}
