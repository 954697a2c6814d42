//! The corpus of bad files in `tests/bad/`: each `NAME.toml` must be refused, and the first
//! error must read exactly as `NAME.expected` says (`{file}` standing for the file name),
//! with a hint. `scenario-*` files are scenarios (they hold `[[sides]]`), `oob-*` files
//! orders of battle for `grognard design`. The good example files, the built-in battle and
//! the scale test's battles must pass the same checks.
//!
//! To add a case, write the `.toml` (its first line a comment saying what is wrong), run
//! `grognard check --rules napoleons-wars` on it, and copy the first line of what it prints
//! into the `.expected` file with the file name replaced by `{file}`.

use grognard_engine::book::Files;
use grognard_engine::conformance::bad_file_corpus;
use grognard_engine::files::NoIncludes;
use grognard_engine::Ruleset;
use grognard_rules_napoleons_wars::design::{setup, validate};
use grognard_rules_napoleons_wars::scenario::Scenario;
use grognard_rules_napoleons_wars::{book, NapoleonsWars};
use std::path::Path;

#[test]
fn every_bad_file_gives_its_expected_first_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    match bad_file_corpus(&NapoleonsWars, &dir, "tests/bad") {
        Ok(n) => assert!(n >= 125, "only {n} cases in tests/bad"),
        Err(e) => panic!("{e}"),
    }
}

fn check(name: &str, text: &str) -> String {
    match NapoleonsWars.check_file(name, text, &NoIncludes) {
        Ok(c) => c.kind,
        Err(errors) => panic!(
            "{name} refused:\n{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        ),
    }
}

#[test]
fn the_example_orders_of_battle_are_good() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/napoleons-wars");
    for file in ["army-of-italy-1809.toml", "army-of-germany-1809.toml"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(check(file, &text), "order of battle", "{file}");
    }
}

/// The built-in battle and the scale test's battles, written out as scenario files and read
/// back, pass every check and come back the same.
#[test]
fn built_in_and_scale_scenarios_pass_the_checks_as_files() {
    let cases = [
        ("built-in.toml", book::default_scenario()),
        ("large-16.toml", book::large_scenario(16)),
        ("large-300.toml", book::large_scenario(300)),
    ];
    for (name, s) in cases {
        let problems = validate::problems(&s);
        assert!(problems.is_empty(), "{name}: {problems:?}");
        let text = toml::to_string(&s).expect("a scenario writes as TOML");
        assert_eq!(check(name, &text), "scenario", "{name}");
        let back: Scenario = setup::load(name, &text, &NoIncludes)
            .map(|(s, _)| s)
            .expect("it reads back");
        assert_eq!(back, s, "{name} changed on the way through a file");
        let state = NapoleonsWars.start(&back);
        NapoleonsWars
            .invariants(&state)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// Ruling N46: a brigade may start below its fresh level, already worn or spent, but never
/// above it.
#[test]
fn a_brigade_may_start_below_its_fresh_level() {
    use grognard_rules_napoleons_wars::Fatigue;
    let mut s = book::default_scenario();
    let b = &mut s.sides[0].army.commands[0].divisions[0].brigades[0];
    assert_eq!((b.fatigue.fresh, b.fatigue.worn), (7, Some(5)));
    b.sp = 5;
    let label = b.label.clone();
    let problems = validate::problems(&s);
    assert!(problems.is_empty(), "{problems:?}");
    let state = NapoleonsWars.start(&s);
    let u = state.units.iter().find(|u| u.label == label).unwrap();
    assert_eq!((u.sp, u.fatigue()), (5, Some(Fatigue::Worn)));
    s.sides[0].army.commands[0].divisions[0].brigades[0].sp = 8;
    let paths: Vec<String> = validate::problems(&s).into_iter().map(|p| p.path).collect();
    assert_eq!(
        paths,
        ["sides[0].army.commands[0].divisions[0].brigades[0].sp"]
    );
}

/// Table overrides within bounds are accepted, and reach the battle.
#[test]
fn sensible_table_overrides_are_accepted() {
    let mut s = book::default_scenario();
    s.tables.combat.fall_back = 4.0;
    s.tables.artillery.rocket_dice = [2, 3];
    s.tables.terrain.mud_multiplier = 1.5;
    s.tables.design.units_per_general = [4.0, 10.0, 8.0];
    let problems = validate::problems(&s);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(NapoleonsWars.start(&s).field.tables.combat.fall_back, 4.0);
}

/// The positions of the numbers written in a TOML text, outside quoted strings.
fn numbers(text: &str) -> Vec<std::ops::Range<usize>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut quoted, mut comment) = (0, false, false);
    while i < b.len() {
        let c = b[i];
        if comment {
            comment = c != b'\n';
        } else if c == b'"' {
            quoted = !quoted;
        } else if !quoted && c == b'#' {
            comment = true;
        } else if !quoted
            && (c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit)))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let start = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_digit() || matches!(b[i], b'.' | b'e' | b'-')) {
                i += 1;
            }
            out.push(start..i);
            continue;
        }
        i += 1;
    }
    out
}

/// Every number of the built-in battle's file (and of some table overrides), replaced in
/// turn by a value no battle can use: each file is refused with a located error and a hint,
/// or accepted only if its battle starts with its invariants whole and the scenario comes
/// back unchanged from a replay's JSON (where a number that is not finite would be `null`).
#[test]
fn no_number_in_a_scenario_can_break_a_battle() {
    let mut text = toml::to_string(&book::default_scenario()).unwrap();
    text.push_str("\n[tables.combat]\nfall_back = 6.0\nfresh = 2\n\n[tables.artillery]\nrocket_dice = [1, 2]\nrocket_reach = 12.0\n");
    let spots = numbers(&text);
    assert!(spots.len() > 200, "only {} numbers", spots.len());
    let lines = text.lines().count() + 1;
    let mut accepted = 0;
    for spot in spots {
        for bad in [
            "nan",
            "inf",
            "-inf",
            "-1",
            "0",
            "1e12",
            "4294967295",
            "-2147483648",
        ] {
            let mutated = format!("{}{bad}{}", &text[..spot.start], &text[spot.end..]);
            let what = format!(
                "{:?} at byte {} made {bad}",
                &text[spot.clone()],
                spot.start
            );
            match NapoleonsWars.check_file("m.toml", &mutated, &NoIncludes) {
                Err(errors) => {
                    for e in &errors {
                        assert!(
                            !e.hint.is_empty() && e.line >= 1 && e.line <= lines && e.column >= 1,
                            "{what}: {e}"
                        );
                    }
                }
                Ok(_) => {
                    accepted += 1;
                    let s = setup::load("m.toml", &mutated, &NoIncludes)
                        .map(|(s, _)| s)
                        .unwrap();
                    let json = serde_json::to_string(&s).unwrap();
                    let back: Scenario = serde_json::from_str(&json).unwrap_or_else(|e| {
                        panic!("{what}: the replay's scenario is unreadable: {e}")
                    });
                    assert_eq!(back, s, "{what}");
                    let state = NapoleonsWars.start(&s);
                    NapoleonsWars
                        .invariants(&state)
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                }
            }
        }
    }
    // Some replacements are harmless (a zero elevation on flat ground, a coordinate of 0).
    assert!(accepted > 0);
}

/// The same for an order of battle: every number of the example file, replaced in turn by
/// a value no army can use, is refused with a located error and a hint, or designs an army
/// that a scenario accepts.
#[test]
fn no_number_in_an_order_of_battle_can_break_the_designer() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/napoleons-wars");
    let text = std::fs::read_to_string(dir.join("army-of-italy-1809.toml")).unwrap();
    let lines = text.lines().count() + 1;
    let spots = numbers(&text);
    assert!(spots.len() > 10, "only {} numbers", spots.len());
    for spot in spots {
        for bad in ["nan", "-1", "0", "1", "5", "4294967295", "-2147483648"] {
            let mutated = format!("{}{bad}{}", &text[..spot.start], &text[spot.end..]);
            let what = format!(
                "{:?} at byte {} made {bad}",
                &text[spot.clone()],
                spot.start
            );
            match NapoleonsWars.check_file("m.toml", &mutated, &NoIncludes) {
                Err(errors) => {
                    for e in &errors {
                        assert!(
                            !e.hint.is_empty() && e.line >= 1 && e.line <= lines && e.column >= 1,
                            "{what}: {e}"
                        );
                    }
                }
                Ok(c) => assert_eq!(c.kind, "order of battle", "{what}"),
            }
        }
    }
}

/// An army of more than a thousand brigades and batteries is refused before a piece is set
/// up, with the path of its commands (a file of that size is built here rather than kept in
/// `tests/bad/`).
#[test]
fn an_army_of_more_than_a_thousand_units_is_refused() {
    let mut s = book::large_scenario(100);
    let army = &mut s.sides[0].army;
    // A corps of twice the built-in one's brigades, so that the army passes the count of
    // units before that of commands.
    let mut template = army.commands[0].clone();
    let more = template.divisions.clone();
    template
        .divisions
        .extend(more.into_iter().enumerate().map(|(i, mut d)| {
            d.name = format!("{} (second)", d.name);
            for b in &mut d.brigades {
                b.label = format!("{} ({i})", b.label);
            }
            d
        }));
    let per = template.units() as usize;
    assert!(validate::MAX_UNITS / per < validate::MAX_COMMANDS, "{per}");
    army.commands.clear();
    for k in 0..validate::MAX_UNITS / per + 1 {
        let mut c = template.clone();
        c.name = format!("Corps {k}");
        c.short = format!("C{k}");
        c.commander.name = format!("General {k}");
        army.commands.push(c);
    }
    assert!(army.units() as usize > validate::MAX_UNITS);
    let problems = validate::problems(&s);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].path, "sides[0].army.commands");
    assert!(
        problems[0]
            .message
            .ends_with("brigades and batteries in one army, more than 1000"),
        "{problems:?}"
    );
}
