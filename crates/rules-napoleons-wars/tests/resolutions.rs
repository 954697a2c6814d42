//! Every roll of the book as the table companion asks it: exact odds that agree, outcome by
//! outcome, with walking every throw through the roll itself, and figures worked by hand
//! from the book's tables.

use grognard_engine::book::Book;
use grognard_engine::conformance::odds_agree;
use grognard_engine::resolution::Resolution;
use grognard_rules_napoleons_wars::facts::UnitFacts;
use grognard_rules_napoleons_wars::resolutions::book_tables;
use grognard_rules_napoleons_wars::resolve::maneuver::{ManeuverRoll, Situation};
use grognard_rules_napoleons_wars::{Arm, Fatigue, NapoleonsWars, Quality, Rating};

fn chance(o: &grognard_engine::resolution::Odds, outcome: &str) -> (u128, u128) {
    let c = o
        .outcomes
        .iter()
        .find(|c| c.outcome == outcome)
        .unwrap_or_else(|| panic!("no {outcome:?} in {:?}", o.outcomes));
    (c.numerator, c.denominator)
}

#[test]
fn maneuver_odds_agree_with_every_throw() {
    let t = book_tables();
    for commander in [
        Rating::Excellent,
        Rating::Good,
        Rating::Average,
        Rating::Poor,
    ] {
        for in_range in [true, false] {
            for disordered in [false, true] {
                for fatigue in [Some(Fatigue::Fresh), Some(Fatigue::Spent), None] {
                    for quality in [Quality::Guard, Quality::Militia] {
                        let unit = UnitFacts {
                            arm: if fatigue.is_some() {
                                Arm::Infantry
                            } else {
                                Arm::Artillery
                            },
                            fatigue: fatigue.unwrap_or(Fatigue::Fresh),
                            quality,
                            disordered,
                            general_attached: disordered,
                            suppressed: fatigue.is_none() && !in_range,
                            ..UnitFacts::default()
                        };
                        let f = Situation {
                            unit,
                            commander,
                            in_range,
                            cinc_near: in_range.then_some(2),
                            ..Situation::default()
                        };
                        assert!(ManeuverRoll.problems(t, &f).is_empty(), "{f:?}");
                        odds_agree(&ManeuverRoll, t, &f).unwrap();
                    }
                }
            }
        }
    }
}

// "NW 9.0 C", "NW Maneuver Table": a Fresh (+2) Line brigade under an Average commander, in
// range and in good order, reads the Average column with 2d6 + 2. Its rows end at 3, 5, 7, 9
// and 10: 4-5 (2d6 of 2-3) a quarter move, 3 in 36; 6-7 (4-5) half, 7 in 36; 8-9 (6-7) three
// quarters, 11 in 36; 10 and up (8-12) a full move, 15 in 36; it never holds.
#[test]
fn maneuver_by_hand() {
    let r = NapoleonsWars
        .resolutions()
        .into_iter()
        .find(|r| r.about().name == "maneuver")
        .unwrap();
    let o = r.odds(&serde_json::json!({})).unwrap();
    assert_eq!(chance(&o, "full move allowed"), (5, 12));
    assert_eq!(chance(&o, "3/4 move allowed"), (11, 36));
    assert_eq!(chance(&o, "1/2 move allowed"), (7, 36));
    assert_eq!(chance(&o, "1/4 move allowed"), (1, 12));
    assert_eq!(o.outcomes.len(), 4);
    assert_eq!(o.modifiers.len(), 1);
}

// A battle builds the same situation from its state and resolves it with the same code: at
// every roll a resolution covers, the companion's explanation with the battle's own dice is
// the battle's, word for word.
#[test]
fn the_battle_and_the_companion_explain_each_roll_alike() {
    use grognard_ai::{General, RandomPlayer};
    use grognard_engine::conformance::predictions_match;
    use grognard_engine::Player;
    use grognard_rules_napoleons_wars::Command;
    let mut compared = 0;
    for seed in 0..4 {
        let (scenario, _) = NapoleonsWars.default_scenario(seed);
        let mut a = General::<Command>::default();
        let mut b = RandomPlayer::<Command>::default();
        let mut players: [&mut dyn Player<NapoleonsWars>; 2] = [&mut a, &mut b];
        compared += predictions_match(&NapoleonsWars, scenario, seed, &mut players, 5_000)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert!(compared > 20, "only {compared} rolls compared");
}

// "NW 9.0 C", "NW Maneuver Table": a disordered unit that re-orders is in good order again,
// which is what the companion sets on its record; one that holds keeps its disorder.
#[test]
fn maneuver_reordering_clears_disorder_on_the_record() {
    use grognard_engine::dice::Scripted;
    let r = NapoleonsWars
        .resolutions()
        .into_iter()
        .find(|r| r.about().name == "maneuver")
        .unwrap();
    let s = serde_json::json!({"unit": {"disordered": true}});
    let done = r.resolve(&s, &mut Scripted::new(&[6, 6])).unwrap();
    assert_eq!(done.outcome, "re-order and full move");
    assert_eq!(done.effects.len(), 1);
    assert_eq!(done.effects[0].role, "unit");
    assert_eq!(done.effects[0].set["disordered"], false);
    let done = r.resolve(&s, &mut Scripted::new(&[1, 1])).unwrap();
    assert!(!done.outcome.starts_with("re-order"), "{}", done.outcome);
    assert!(done.effects.is_empty());
    assert_eq!(r.roles(), ["unit"]);
    let e = r
        .odds(&serde_json::json!({"unit": {"sk": 3}, "cinc_near": 9}))
        .unwrap_err();
    let paths: Vec<&str> = e.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["unit.sk", "cinc_near"]);
}
