//! The corpus of bad files in `tests/bad/`: each `NAME.toml` must be refused, and the first
//! error must read exactly as `NAME.expected` says (`{file}` standing for the file name),
//! with a hint. The example scenario and the built-in battle pass the same checks.
//!
//! To add a case, write the `.toml` (its first line a comment saying what is wrong), run
//! `grognard check --rules beer-and-pretzel` on it, and copy the first line of what it
//! prints into the `.expected` file with the file name replaced by `{file}`.

use grognard_engine::book::Files;
use grognard_engine::conformance::bad_file_corpus;
use grognard_engine::files::NoIncludes;
use grognard_rules_beer_and_pretzel::design::{setup, validate};
use grognard_rules_beer_and_pretzel::BeerAndPretzel;
use std::path::Path;

#[test]
fn every_bad_file_gives_its_expected_first_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    match bad_file_corpus(&BeerAndPretzel, &dir, "tests/bad") {
        Ok(n) => assert!(n >= 18, "only {n} cases in tests/bad"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_example_scenario_and_the_built_in_battle_pass() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/beer-and-pretzel/landwehr-at-the-mill.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let checked = BeerAndPretzel
        .check_file("landwehr-at-the-mill.toml", &text, &NoIncludes)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(checked
        .summary
        .contains("French (7 units) against Austrians (7 units)"));
    assert!(validate::problems(&setup::built_in()).is_empty());
    // The built-in battle written out reads back the same.
    let toml = toml::to_string(&setup::built_in()).unwrap();
    let back = validate::load("built-in.toml", &toml).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(back, setup::built_in());
}
