//! Every roll of the book as the table companion asks it: exact odds that agree, outcome by
//! outcome, with walking every throw through the roll itself, and figures worked by hand
//! from the book.

use grognard_engine::book::Book;
use grognard_engine::conformance::odds_agree;
use grognard_engine::resolution::{Chance, Resolution};
use grognard_rules_two_by_two::facts::{Condition, UnitFacts};
use grognard_rules_two_by_two::rally::{RallyRoll, Situation as Rally};
use grognard_rules_two_by_two::resolutions::book_tables;
use grognard_rules_two_by_two::units::{Size, UnitType};
use grognard_rules_two_by_two::TwoByTwo;

fn chance(o: &grognard_engine::resolution::Odds, outcome: &str) -> (u128, u128) {
    let c = o
        .outcomes
        .iter()
        .find(|c| c.outcome == outcome)
        .unwrap_or_else(|| panic!("no {outcome:?} in {:?}", o.outcomes));
    (c.numerator, c.denominator)
}

#[test]
fn rally_odds_agree_with_every_throw() {
    let t = book_tables();
    for unit in [
        UnitType::Line,
        UnitType::Guards,
        UnitType::Militia,
        UnitType::Hq,
    ] {
        for size in [Size::Large, Size::Common, Size::Small] {
            for status in [Condition::Pinned, Condition::Disrupted] {
                for (hq_in_contact, enemy_near) in [(false, false), (true, false), (true, true)] {
                    let s = Rally {
                        unit: UnitFacts {
                            kind: unit,
                            size,
                            status,
                        },
                        hq_in_contact,
                        enemy_near,
                        ..Rally::default()
                    };
                    if RallyRoll.problems(t, &s).is_empty() {
                        odds_agree(&RallyRoll, t, &s).unwrap();
                    }
                }
            }
        }
    }
}

// "2x2 Rallying", "Rally modifiers": a Disrupted line battalion (-1) with its HQ in contact
// (+1) rallies on 5+ of 1d6: 2 in 6. Guards (+1) Pinned with an enemy within 2" (-2) and no
// HQ touching: the enemy does not bar Guards; 6 on the die, 1 in 6. Militia (-1) Disrupted
// (-1): 7+, never.
#[test]
fn rally_by_hand() {
    let r = TwoByTwo
        .resolutions()
        .into_iter()
        .find(|r| r.about().name == "rally")
        .unwrap();
    let o = r
        .odds(&serde_json::json!({"unit": {"status": "disrupted"}, "hq_in_contact": true}))
        .unwrap();
    assert_eq!(chance(&o, "rallies: no longer Disrupted"), (1, 3));
    assert_eq!(chance(&o, "fails to rally: stays Disrupted"), (2, 3));
    let guards = RallyRoll.odds(
        book_tables(),
        &Rally {
            unit: UnitFacts {
                kind: UnitType::Guards,
                status: Condition::Pinned,
                ..UnitFacts::default()
            },
            enemy_near: true,
            ..Rally::default()
        },
    );
    let g: Chance = guards.chance(|o| o.success);
    let expected = {
        let t = &book_tables().rally;
        let need = t.succeeds_at - t.guards - t.enemy_within;
        Chance::new((7 - need).clamp(0, 6) as u128, 6)
    };
    assert_eq!(g, expected);
    assert_eq!(g, Chance::new(1, 6));
    let militia = r
        .odds(&serde_json::json!({"unit": {"kind": "militia", "status": "disrupted"}}))
        .unwrap();
    assert_eq!(militia.outcomes.len(), 1);
    assert_eq!(chance(&militia, "fails to rally: stays Disrupted"), (1, 1));
}

// The book bars a rally with an enemy within 2" unless the unit is Guards or touched by its
// HQ, and any rally without an HQ of the chain within 6": the companion says so, naming the
// fact, rather than giving odds.
#[test]
fn a_barred_rally_is_refused_with_its_fact() {
    let r = TwoByTwo
        .resolutions()
        .into_iter()
        .find(|r| r.about().name == "rally")
        .unwrap();
    let e = r
        .odds(&serde_json::json!({"enemy_near": true}))
        .unwrap_err();
    assert_eq!(e[0].path, "enemy_near");
    let e = r
        .odds(&serde_json::json!({"hq_in_range": false}))
        .unwrap_err();
    assert_eq!(e[0].path, "hq_in_range");
    // An HQ rallying itself needs no other HQ near.
    assert!(r
        .odds(
            &serde_json::json!({"unit": {"kind": "hq", "status": "pinned"}, "hq_in_range": false})
        )
        .is_ok());
    // Only a unit with a marker rallies.
    let e = r
        .odds(&serde_json::json!({"unit": {"status": "ready"}}))
        .unwrap_err();
    assert_eq!(e[0].path, "unit.status");
}

// A battle builds the same situation from its state and resolves it with the same code: at
// every roll a resolution covers, the companion's explanation with the battle's own dice is
// the battle's, word for word.
#[test]
fn the_battle_and_the_companion_explain_each_roll_alike() {
    use grognard_ai::{General, RandomPlayer};
    use grognard_engine::conformance::predictions_match;
    use grognard_engine::Player;
    use grognard_rules_two_by_two::Command;
    let mut compared = 0;
    for seed in 0..6 {
        let (scenario, _) = TwoByTwo.default_scenario(seed);
        let mut a = General::<Command>::default();
        let mut b = RandomPlayer::<Command>::default();
        let mut players: [&mut dyn Player<TwoByTwo>; 2] = [&mut a, &mut b];
        compared += predictions_match(&TwoByTwo, scenario, seed, &mut players, 5_000)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert!(compared > 20, "only {compared} rolls compared");
}
