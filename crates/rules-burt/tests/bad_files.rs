//! The corpus of bad files in `tests/bad/`: each `NAME.toml` must be refused, and the first
//! error must read exactly as `NAME.expected` says (`{file}` standing for the file name),
//! with a hint. The example scenario and the built-in battle pass the same checks.

use grognard_engine::book::Files;
use grognard_engine::conformance::bad_file_corpus;
use grognard_engine::files::NoIncludes;
use grognard_rules_burt::design::{setup, validate};
use grognard_rules_burt::Burt;
use std::path::Path;

#[test]
fn every_bad_file_gives_its_expected_first_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    match bad_file_corpus(&Burt, &dir, "tests/bad") {
        Ok(n) => assert!(n >= 20, "only {n} cases in tests/bad"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_example_scenario_and_the_built_in_battle_pass() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/burt/the-bridge-at-barba-del-puerco.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let checked = Burt
        .check_file("the-bridge-at-barba-del-puerco.toml", &text, &NoIncludes)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        checked
            .summary
            .contains("French (6 units) against British (3 units)"),
        "{}",
        checked.summary
    );
    assert!(validate::problems(&setup::built_in()).is_empty());
    // The built-in battle written out reads back the same.
    let toml = toml::to_string(&setup::built_in()).unwrap();
    let back = validate::load("built-in.toml", &toml).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(back, setup::built_in());
}
