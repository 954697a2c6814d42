//! The rule set as the command line sees it: the built-in battle, scenario files, and how
//! complete it is.

use crate::design::{setup, validate};
use crate::scenario::Scenario;
use crate::state::State;
use crate::Burt;
use grognard_engine::book::{Book, Checked};
use grognard_engine::files::{FileError, Header, Includes};

impl Book for Burt {
    fn default_scenario(&self, _seed: u64) -> (Scenario, Vec<String>) {
        (
            setup::built_in(),
            vec![
                "the built-in battle: two divisions meet across a stream (the project's own, ruling R28)"
                    .into(),
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
        validate::load(file, text).map(|s| (s, Vec::new()))
    }

    fn scenario_problems(&self, scenario: &Scenario) -> Vec<String> {
        validate::problems(scenario)
            .into_iter()
            .map(|p| p.line("scenario"))
            .collect()
    }

    fn file_kind(&self, header: &Header) -> Option<&'static str> {
        header.has("sides").then_some("scenario")
    }

    fn check_file(
        &self,
        file: &str,
        text: &str,
        _includes: &dyn Includes,
    ) -> Result<Checked, Vec<FileError>> {
        let s = validate::load(file, text)?;
        Ok(Checked {
            kind: "scenario".into(),
            summary: grognard_engine::files::scenario_summary(
                &s.name,
                [
                    (&s.sides[0].name, s.sides[0].units.len()),
                    (&s.sides[1].name, s.sides[1].units.len()),
                ],
                s.terrain.len(),
                s.turns,
            ),
        })
    }

    fn file_schemas(&self) -> Vec<(&'static str, serde_json::Value)> {
        vec![("scenario", grognard_engine::files::schema_of::<Scenario>())]
    }

    fn resolutions(&self) -> Vec<Box<dyn grognard_engine::resolution::AnyResolution>> {
        crate::resolve::resolutions::all()
    }

    fn roll_of(
        &self,
        state: &State,
        side: grognard_engine::Side,
        command: &crate::Command,
    ) -> Option<(&'static str, serde_json::Value)> {
        crate::seat::roll_of(state, side, command)
    }

    fn order_text(&self, state: &State, command: &crate::Command) -> String {
        crate::seat::order_text(state, command)
    }

    fn order_unit(&self, command: &crate::Command) -> Option<u32> {
        crate::seat::order_unit(command)
    }

    fn move_to(
        &self,
        state: &State,
        side: grognard_engine::Side,
        unit: u32,
        to: grognard_geometry::Pose,
    ) -> Option<crate::Command> {
        crate::seat::move_to(state, side, unit, to)
    }

    fn title(&self) -> &'static str {
        "Napoleonic Wargames Rules (Steve Burt)"
    }

    fn completeness(&self) -> &'static str {
        "the whole book: concealed orders, the twelve phases, fire, assault, morale, cohesion and army morale, with rulings where the text is silent; the AI wins about 88% against the random player, and time a turn grows nearly in proportion to the armies' size (see crates/rules-burt/README.md)"
    }
}
