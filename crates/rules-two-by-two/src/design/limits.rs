//! The bounds on what a scenario or army-list file may give. Every count, size and number
//! read from a file is held to one of these before anything allocates or loops on it, and
//! every error that refuses a value names the bound it broke.

/// Most units a side may field, and most an army list may hold: far above any army of the
/// book (a 40 AP list has about 16), low enough that unit and point numbers stay small.
pub const MAX_UNITS_PER_SIDE: usize = 1000;

/// Most army points a list or a scenario may agree on: 25 times the book's standard 40 AP.
pub const MAX_POINTS: f64 = 1000.0;

/// Most terrain features on one table.
pub const MAX_TERRAIN: usize = 200;

/// Most points in one terrain outline or centre line.
pub const MAX_OUTLINE_POINTS: usize = 256;

/// Least area an area of terrain may cover, and least length a band may run, in square
/// inches and inches: anything smaller has no extent on the table.
pub const MIN_EXTENT: f64 = 0.01;

/// Highest a hill may stand, in levels above the table.
pub const MAX_ELEVATION: u8 = 9;

/// Most characters in a name (of the scenario, a side, a unit, an HQ or a terrain feature).
pub const MAX_NAME_CHARS: usize = 100;

/// Largest facing or rotation, in degrees either way.
pub const MAX_DEGREES: f64 = 360.0;

/// A number from a file as a message shows it: very large and very small ones in exponent
/// form ("1e300" rather than three hundred digits).
pub fn num(v: f64) -> String {
    let a = v.abs();
    if v.is_finite() && v != 0.0 && !(1e-4..1e6).contains(&a) {
        format!("{v:e}")
    } else {
        format!("{v}")
    }
}

/// Is this character one that changes what a terminal shows rather than being shown:
/// a control character (NUL, escape, ...) or a bidirectional formatting mark?
pub fn is_unprintable(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every unprintable character written as an escape (`\u{1b}`), so that a
/// message quoting a file never acts on the terminal it is shown on.
pub fn printable(text: &str) -> String {
    if !text.chars().any(is_unprintable) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if is_unprintable(c) {
                format!("\\u{{{:x}}}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// What is wrong with a name, if anything: empty (when one is required), too long, or
/// holding a character that is not shown but acts on the terminal.
pub fn name_problem(name: &str, required: bool) -> Option<String> {
    if required && name.trim().is_empty() {
        return Some("an empty name".into());
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Some(format!(
            "a name of {chars} characters, more than the {MAX_NAME_CHARS} allowed"
        ));
    }
    name.chars()
        .enumerate()
        .find(|(_, c)| is_unprintable(*c))
        .map(|(i, c)| {
            format!(
                "a name holding the control character U+{:04X} (character {} of the name)",
                c as u32,
                i + 1
            )
        })
}

/// The hint given with every name problem.
pub const NAME_HINT: &str =
    "write names in printable characters only, up to 100 of them: no escapes such as \\u0000 or \\u001b";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_people_write_them() {
        assert_eq!(num(1e300), "1e300");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(24.0), "24");
        assert_eq!(num(f64::NAN), "NaN");
        assert_eq!(num(f64::INFINITY), "inf");
    }

    #[test]
    fn messages_quote_control_characters_as_escapes() {
        assert_eq!(printable("1st Blue"), "1st Blue");
        assert_eq!(printable("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(printable("\u{0}"), "\\u{0}");
    }

    #[test]
    fn names_with_control_characters_are_refused() {
        assert_eq!(name_problem("1st Ligne", true), None);
        assert_eq!(name_problem("Kürassiere", true), None);
        let p = name_problem("a\u{0}b", true).unwrap();
        assert!(p.contains("U+0000") && p.contains("character 2"), "{p}");
        let p = name_problem("\u{1b}[2J", true).unwrap();
        assert!(p.contains("U+001B"), "{p}");
        assert!(name_problem("x\u{202E}y", true).is_some());
        assert!(name_problem("  ", true).is_some());
        assert_eq!(name_problem("", false), None);
        assert!(name_problem(&"x".repeat(101), true)
            .unwrap()
            .contains("more than the 100"));
    }
}
