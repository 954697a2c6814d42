//! The rule set as the command line sees it: the built-in battle, the rolls and orders a
//! person is shown, and how complete it is (its scenario files are read through
//! [`grognard_engine::book::ScenarioFile`], in `design/validate.rs`).

use crate::design::setup;
use crate::scenario::Scenario;
use crate::BeerAndPretzel;
use grognard_engine::book::Book;

impl Book for BeerAndPretzel {
    fn default_scenario(&self, _seed: u64) -> (Scenario, Vec<String>) {
        (
            setup::built_in(),
            vec![
                "the built-in battle: two corps across the Vils (the project's own, ruling B14)"
                    .into(),
            ],
        )
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
        "Beer and Pretzel Napoleonic Wargame Rules (Robert Epstein, 1996)"
    }

    fn completeness(&self) -> &'static str {
        "the whole book with its optional rules, with rulings where the text is silent (see crates/rules-beer-and-pretzel/README.md)"
    }
}
