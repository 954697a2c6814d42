//! Scenario files: the example battle reads and its brigades come out as the module's rules
//! for forces say; every file of the bad-file corpus in `tests/bad/` is refused with the
//! first error its `.expected` file gives (`{file}` standing for the file's name).

use grognard_rules_fire_and_fury::design::derive::{self, BrigadeArm};
use grognard_rules_fire_and_fury::design::validate;
use grognard_rules_fire_and_fury::facts::{InfantryClass, Skirmish};
use grognard_rules_fire_and_fury::scenario::{
    BrigadeSpec, Guard, Nation, Scenario, StandKind, StandSpec,
};
use grognard_rules_fire_and_fury::tables::{Rating, Tables};
use std::path::Path;

fn quatre_bras() -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/fire-and-fury/quatre-bras-1815.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    validate::load("quatre-bras-1815.toml", &text).unwrap_or_else(|e| panic!("{e:?}"))
}

fn brigade<'a>(s: &'a Scenario, name: &str) -> (Nation, &'a BrigadeSpec) {
    for side in &s.sides {
        if let Some(b) = side.brigades.iter().find(|b| b.name.starts_with(name)) {
            return (side.nation, b);
        }
    }
    panic!("no brigade {name}")
}

#[test]
fn quatre_bras_reads_and_its_brigades_are_what_the_module_makes_them() {
    let s = quatre_bras();
    let summary = grognard_engine::book::ScenarioFile::summary(&s);
    assert!(
        summary.contains("French (14 units) against Allies (14 units)"),
        "{summary}"
    );
    let t = Tables::default();
    let of = |name| {
        let (nation, b) = brigade(&s, name);
        derive::brigade(&t, nation, s.year, b)
    };
    // French infantry of 1815 is impulse with full skirmishers (design 5.3, 5.4).
    let husson = of("Husson");
    assert_eq!(husson.class, InfantryClass::Impulse);
    assert_eq!(husson.skirmish, Skirmish::Full);
    assert!(!husson.two_rank);
    // Three Highland stands among six: 15 points over 6 is 2.5, Regular.
    let pack = of("Pack");
    assert_eq!(pack.rating, Rating::Regular);
    assert!(pack.two_rank);
    // The cuirassiers are heavy, armoured and elite; the lancers are lancers; one squadron
    // of Uhlans does not make the Brunswick horse lancers.
    let guiton = of("Guiton");
    assert!(guiton.heavy && guiton.armoured);
    assert_eq!(guiton.rating, Rating::Elite);
    assert_eq!(guiton.arm, BrigadeArm::Cavalry);
    assert!(of("Wathiez").lance);
    assert!(!of("Brunswick cavalry").lance);
    assert_eq!(of("Hubert").skirmish, Skirmish::None);
    // The Landwehr is given no skirmishers.
    assert_eq!(of("Best").skirmish, Skirmish::None);
}

fn stands(kind: StandKind, count: u32) -> StandSpec {
    StandSpec {
        kind,
        count,
        rating: Rating::Regular,
        armoured: false,
        lance: false,
        old_guard: false,
    }
}

#[test]
fn a_brigade_is_heavy_when_more_than_half_its_stands_are() {
    // "NFF Charge 1b": four heavy stands of seven make a heavy brigade, four of eight do not.
    let t = Tables::default();
    let qb = quatre_bras();
    let (_, base) = brigade(&qb, "Guiton");
    let mixed = |light| BrigadeSpec {
        stands: vec![
            stands(StandKind::HeavyCavalry, 4),
            stands(StandKind::LightCavalry, light),
        ],
        ..base.clone()
    };
    assert!(derive::brigade(&t, Nation::French, 1815, &mixed(3)).heavy);
    assert!(!derive::brigade(&t, Nation::French, 1815, &mixed(4)).heavy);
    // A brigade of foot with one stand of horse is mixed, mainly infantry
    // ("NFF Prepare for Battle 7b").
    let one_horse = BrigadeSpec {
        stands: vec![
            stands(StandKind::Infantry, 6),
            stands(StandKind::LightCavalry, 1),
        ],
        ..base.clone()
    };
    assert_eq!(
        derive::brigade(&t, Nation::Prussian, 1815, &one_horse).arm,
        BrigadeArm::Mixed { cavalry: false }
    );
}

#[test]
fn infantry_classes_follow_the_army_and_the_year() {
    use InfantryClass::*;
    use Nation::*;
    let c = |n, y, g, d| derive::class(n, y, g, d);
    // "NFF Maneuver: General 4": the module's own example is a Prussian brigade of 1806,
    // which moves at the linear rate.
    assert_eq!(c(Prussian, 1806, None, false), Linear);
    assert_eq!(c(Prussian, 1813, None, false), Columnar);
    assert_eq!(c(French, 1796, None, false), Columnar);
    assert_eq!(c(French, 1807, None, false), Impulse);
    assert_eq!(c(French, 1812, None, false), Columnar);
    assert_eq!(c(French, 1812, None, true), Impulse);
    assert_eq!(c(French, 1813, Some(Guard::Young), false), Columnar);
    assert_eq!(c(French, 1813, Some(Guard::Old), false), Impulse);
    assert_eq!(c(British, 1808, None, false), Linear);
    assert_eq!(c(British, 1811, None, false), Impulse);
    assert_eq!(c(Austrian, 1809, None, false), Columnar);
    assert_eq!(c(BritishAllied, 1815, None, false), Impulse);
    // Two ranks: the British always, the Portuguese after 1809 ("NFF Mustering 2f").
    assert!(derive::two_rank(British, 1805));
    assert!(!derive::two_rank(Portuguese, 1809));
    assert!(derive::two_rank(Portuguese, 1810));
}

#[test]
fn every_bad_file_gives_its_expected_first_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad");
    let mut n = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    entries.sort();
    for path in entries {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let expected = std::fs::read_to_string(path.with_extension("expected"))
            .unwrap_or_else(|_| panic!("{file} has no .expected"))
            .trim()
            .replace("{file}", &file);
        let errors = validate::load(&file, &text).expect_err(&file);
        let first = &errors[0];
        let shown = first.to_string();
        let head = shown.lines().next().unwrap_or_default();
        assert_eq!(head, expected, "{file}: {shown}");
        assert!(!first.hint.is_empty(), "{file}: no hint");
        n += 1;
    }
    assert!(n >= 20, "only {n} cases");
}
