//! The rule set as the command line sees it: the built-in battle, the rolls and orders a
//! person is shown, and how complete it is (its scenario files are read through
//! [`grognard_engine::book::ScenarioFile`], in `design/validate.rs`).

use crate::design::setup;
use crate::scenario::Scenario;
use crate::state::State;
use crate::Burt;
use grognard_engine::book::Book;

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
        "the whole book: concealed orders, the twelve phases, fire, assault, morale, cohesion and army morale, with rulings where the text is silent; the AI wins about 96 battles in 100 against the random player, and time a turn grows nearly in proportion to the armies' size (see crates/rules-burt/README.md)"
    }
}
