//! The corpus of bad files in `tests/bad/`: each `NAME.toml` must be refused, and the first
//! error must read exactly as `NAME.expected` says (`{file}` standing for the file name),
//! with a hint. The good example files in `scenarios/two-by-two/` must pass.
//!
//! To add a case, write the `.toml`, run `grognard check` on it, and copy the first line of
//! what it prints into the `.expected` file with the file name replaced by `{file}`.

use grognard_engine::book::{Book, Files};
use grognard_engine::conformance::bad_file_corpus;
use grognard_engine::files::NoIncludes;
use grognard_rules_two_by_two::TwoByTwo;
use std::path::Path;

#[test]
fn every_bad_file_gives_its_expected_first_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    match bad_file_corpus(&TwoByTwo, &dir, "tests/bad") {
        Ok(n) => assert!(n >= 15, "only {n} cases in tests/bad"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_example_files_are_good() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/two-by-two");
    for (file, kind) in [
        ("ligny-skirmish.toml", "scenario"),
        ("french-40ap.toml", "army list"),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        match TwoByTwo.check_file(file, &text, &NoIncludes) {
            Ok(c) => assert_eq!(c.kind, kind, "{file}"),
            Err(errors) => panic!(
                "{file} refused:\n{}",
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        }
    }
}

#[test]
fn the_example_scenario_starts_and_holds_the_invariants() {
    use grognard_engine::Ruleset;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/two-by-two");
    let text = std::fs::read_to_string(dir.join("ligny-skirmish.toml")).unwrap();
    let s = grognard_rules_two_by_two::design::validate::load("ligny-skirmish.toml", &text)
        .expect("a valid scenario");
    let state = TwoByTwo.start(&s);
    TwoByTwo
        .invariants(&state)
        .expect("invariants hold at the start");
}

/// The checks must not refuse what the book's own set-up procedure produces, written out as
/// a scenario file.
#[test]
fn generated_scenarios_pass_the_checks() {
    use grognard_engine::terrain::TerrainKind;
    let mut kinds = std::collections::HashSet::new();
    for seed in 0..40 {
        let (s, _) = TwoByTwo.default_scenario(seed);
        kinds.extend(s.terrain.iter().map(|f| f.kind));
        let problems = grognard_rules_two_by_two::design::validate::problems(&s);
        assert!(problems.is_empty(), "seed {seed}: {problems:?}");
        let text = toml::to_string(&s).expect("a scenario serialises to TOML");
        if let Err(errors) = TwoByTwo.check_file("generated.toml", &text, &NoIncludes) {
            panic!(
                "seed {seed}: the written scenario is refused:\n{}",
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
    // Every kind of feature the set-up lays was among them, rivers and their fords too.
    for kind in [
        TerrainKind::River,
        TerrainKind::Ford,
        TerrainKind::Bridge,
        TerrainKind::Stream,
        TerrainKind::Wall,
        TerrainKind::Hedge,
        TerrainKind::Copse,
        TerrainKind::DenseWood,
    ] {
        assert!(kinds.contains(&kind), "no {kind:?} in 40 generated battles");
    }
}
