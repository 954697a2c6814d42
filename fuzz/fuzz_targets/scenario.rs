//! Feeds arbitrary text to the 2 by 2 file readers. Nothing may panic; every error must
//! carry a position inside the text and a hint; and a scenario that passes the checks must
//! start a battle whose state keeps every invariant.

#![no_main]

use grognard_engine::book::Book;
use grognard_engine::files::FileError;
use grognard_engine::Ruleset;
use grognard_rules_two_by_two::design::validate;
use grognard_rules_two_by_two::TwoByTwo;
use libfuzzer_sys::fuzz_target;

const FILE: &str = "fuzz.toml";

/// An error must point somewhere inside the text (one line past the end is allowed, for
/// "missing" errors at the end of the file) and say what to do.
fn well_formed(text: &str, errors: &[FileError]) {
    assert!(!errors.is_empty(), "refused without an error");
    let lines = text.split('\n').count();
    for e in errors {
        assert_eq!(e.file, FILE);
        assert!(
            e.line >= 1 && e.line <= lines + 1 && e.column >= 1,
            "error at {}:{} in a text of {lines} lines: {e}",
            e.line,
            e.column
        );
        assert!(!e.hint.trim().is_empty(), "error without a hint: {e}");
        // Display must not panic either.
        let _ = e.to_string();
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(errors) = TwoByTwo.check_file(FILE, text, &grognard_engine::files::NoIncludes) {
        well_formed(text, &errors);
    }
    match validate::load(FILE, text) {
        Ok(scenario) => {
            let state = TwoByTwo.start(&scenario);
            if let Err(e) = TwoByTwo.invariants(&state) {
                panic!("a scenario that passed the checks starts in a broken state: {e}");
            }
        }
        Err(errors) => well_formed(text, &errors),
    }
});
