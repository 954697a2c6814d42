//! The corpus of bad files in `tests/bad/`: each `NAME.toml` must be refused, and the first
//! error must read exactly as `NAME.expected` says (`{file}` standing for the file name),
//! with a hint. The good example files in `scenarios/two-by-two/` must pass.
//!
//! To add a case, write the `.toml`, run `grognard check` on it, and copy the first line of
//! what it prints into the `.expected` file with the file name replaced by `{file}`.

use grognard_engine::book::Book;
use grognard_rules_two_by_two::TwoByTwo;
use std::path::{Path, PathBuf};

fn bad_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad")
}

/// Every `.toml` in the corpus, sorted by name.
fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(bad_dir())
        .expect("tests/bad exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_bad_file_gives_its_expected_first_error() {
    let cases = cases();
    assert!(cases.len() >= 15, "only {} cases in tests/bad", cases.len());
    let mut failures = Vec::new();
    for path in &cases {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let name = format!("tests/bad/{stem}.toml");
        let text = std::fs::read_to_string(path).unwrap();
        let expected_path = path.with_extension("expected");
        let Ok(expected) = std::fs::read_to_string(&expected_path) else {
            failures.push(format!("{name}: no {stem}.expected beside it"));
            continue;
        };
        let expected = expected.trim_end().replace("{file}", &name);
        let errors = match TwoByTwo.check_file(&name, &text) {
            Ok(c) => {
                failures.push(format!("{name}: accepted as a {} ({})", c.kind, c.summary));
                continue;
            }
            Err(errors) => errors,
        };
        let Some(first) = errors.first() else {
            failures.push(format!("{name}: refused with no error"));
            continue;
        };
        let shown = first.to_string();
        let line = shown.lines().next().unwrap_or_default();
        if line != expected {
            failures.push(format!("{name}:\n  expected {expected}\n  got      {line}"));
        }
        for e in &errors {
            if e.hint.trim().is_empty() {
                failures.push(format!("{name}: an error without a hint: {e}"));
            }
            let lines = text.lines().count().max(1);
            if e.line == 0 || e.line > lines + 1 || e.column == 0 {
                failures.push(format!(
                    "{name}: an error at {}:{} in a file of {lines} lines: {e}",
                    e.line, e.column
                ));
            }
            if e.file != name {
                failures.push(format!("{name}: an error naming {}", e.file));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} bad files:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn every_expected_file_has_its_case() {
    for entry in std::fs::read_dir(bad_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "expected") {
            assert!(
                path.with_extension("toml").exists(),
                "{} has no .toml beside it",
                path.display()
            );
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                text.starts_with("{file}:") && text.trim_end().lines().count() == 1,
                "{} must hold one line starting with {{file}}:",
                path.display()
            );
        }
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
        match TwoByTwo.check_file(file, &text) {
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
    let s = grognard_rules_two_by_two::validate::load("ligny-skirmish.toml", &text)
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
    for seed in 0..40 {
        let (s, _) = TwoByTwo.default_scenario(seed);
        let problems = grognard_rules_two_by_two::validate::problems(&s);
        assert!(problems.is_empty(), "seed {seed}: {problems:?}");
        let text = toml::to_string(&s).expect("a scenario serialises to TOML");
        if let Err(errors) = TwoByTwo.check_file("generated.toml", &text) {
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
}
