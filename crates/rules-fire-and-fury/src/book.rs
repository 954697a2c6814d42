//! The rule set as the command line sees it: the built-in battle, the rolls and orders a
//! person is shown, and how complete it is (its scenario files are read through
//! [`grognard_engine::book::ScenarioFile`], in `design/validate.rs`).

use crate::design::setup;
use crate::scenario::Scenario;
use crate::state::State;
use crate::FireAndFury;
use grognard_engine::book::Book;

impl Book for FireAndFury {
    fn default_scenario(&self, _seed: u64) -> (Scenario, Vec<String>) {
        (
            setup::built_in(),
            vec!["the built-in battle: Quatre Bras, 16 June 1815 (scenarios/fire-and-fury/quatre-bras-1815.toml)".into()],
        )
    }

    fn resolutions(&self) -> Vec<Box<dyn grognard_engine::resolution::AnyResolution>> {
        crate::resolve::all()
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

    /// A file of the player's own tables (`--tables FILE`), laid over any the scenario gives.
    fn with_tables(
        &self,
        mut scenario: Scenario,
        file: &str,
        text: &str,
    ) -> Option<Result<Scenario, Vec<grognard_engine::files::FileError>>> {
        let given: crate::tables::TablesGiven = match grognard_engine::files::load_checked(
            file,
            text,
            |t: &crate::tables::TablesGiven| t.problems(),
        ) {
            Ok(g) => g,
            Err(e) => return Some(Err(e)),
        };
        scenario.tables = Some(match scenario.tables.take() {
            None => given,
            Some(before) => given.over_given(before),
        });
        Some(Ok(scenario))
    }

    fn title(&self) -> &'static str {
        "Napoleonic Fire & Fury (Wilbur E. Gray)"
    }

    fn completeness(&self) -> &'static str {
        "the module, played on Grognard's own tables for those it does not print (labelled as not the published ones): Reserve and Tactical Movement, musketry and cannonade, charges with countercharges, pass-through fire and breakthroughs, Grand Batteries, leaders and their replacements, companies of engineers, effectiveness, the optional rules, with rulings where the text is silent; the AI wins 96% against the random player; the built-in battle plays more than 100 AI-vs-AI battles a second on one core (see crates/rules-fire-and-fury/README.md and docs/performance.md)"
    }
}
