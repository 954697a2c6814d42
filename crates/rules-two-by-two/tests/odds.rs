//! The exact odds the advisor and the table companion use agree with resolving every
//! combination of scripted dice through the rules themselves.

mod common;

use common::*;
use grognard_engine::dice::Scripted;
use grognard_rules_two_by_two::phases::melee;
use grognard_rules_two_by_two::phases::shooting;
use grognard_rules_two_by_two::state::{Contact, ShotResult};
use grognard_rules_two_by_two::units::Size;
use grognard_rules_two_by_two::units::UnitType::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

// "2x2 Resolving shooting": a Common foot battery firing at cavalry in the open: each face of
// the die is one sixth, and the odds must give each result the sixths that `resolve` does.
#[test]
fn shooting_odds_match_each_face() {
    let t = Battle::new()
        .unit(AUSTRIA, "battery", FootArtillery, [12.0, 4.0, 90.0])
        .unit(FRANCE, "hussars", LightCavalry, [12.0, 10.0, 270.0])
        .start();
    let plan = shooting::plan(&t.state, t.id("battery"), t.id("hussars"), None).expect("in range");
    let mut expected: Vec<(ShotResult, f64)> = Vec::new();
    for face in 1..=6u8 {
        let (_, r) = shooting::resolve(&t.state, &plan, &mut Scripted::new(&[face]));
        match expected.iter_mut().find(|(x, _)| *x == r) {
            Some(slot) => slot.1 += 1.0 / 6.0,
            None => expected.push((r, 1.0 / 6.0)),
        }
    }
    let odds = shooting::odds(&t.state, &plan);
    assert!(expected.len() > 1, "the die must matter: {expected:?}");
    assert_eq!(odds.outcomes.len(), expected.len(), "{:?}", odds.outcomes);
    for (r, p) in &expected {
        let got = odds
            .outcomes
            .iter()
            .find(|(x, _)| x == r)
            .map(|(_, q)| *q)
            .unwrap_or(0.0);
        assert!(close(got, *p), "{r:?}: odds {got}, faces {p}");
    }
}

// "2x2 Melee results": drawn rounds are rolled again, so the odds are the 36 first rounds with
// the draws left out and the rest scaled up. A Large line battalion charges a Small one:
// the attacker's +1 and the defender's -1 make a two-point edge.
#[test]
fn melee_odds_match_every_decided_round() {
    let mut t = Battle::new()
        .sized(AUSTRIA, "small", Line, Size::Small, [12.0, 12.0, 90.0])
        .sized(FRANCE, "large", Line, Size::Large, [12.0, 12.5, 270.0])
        .start();
    t.contact("large", "small");
    let c = Contact {
        attacker: t.id("large"),
        defender: t.id("small"),
    };
    let engaged = melee::engaged_counts(&t.state.contacts);
    let mut decided = 0.0;
    let mut expected: Vec<((bool, i32), f64)> = Vec::new();
    for ra in 1..=6u8 {
        for rd in 1..=6u8 {
            // A third and fourth die settle a draw; they are not counted below.
            let f = melee::fight(&t.state, &c, &engaged, &mut Scripted::new(&[ra, rd, 6, 1]));
            if f.attack.dice != vec![ra] {
                continue; // this first round was a draw
            }
            decided += 1.0;
            let key = (f.attacker_won, f.difference.min(4));
            match expected.iter_mut().find(|(k, _)| *k == key) {
                Some(slot) => slot.1 += 1.0,
                None => expected.push((key, 1.0)),
            }
        }
    }
    assert!(decided < 36.0, "some first rounds are drawn");
    let odds = melee::odds(&t.state, &c, &engaged);
    let total: f64 = odds.outcomes.iter().map(|(_, p)| p).sum();
    assert!(close(total, 1.0), "conditioned odds sum to one: {total}");
    assert_eq!(odds.outcomes.len(), expected.len());
    for (k, n) in &expected {
        let got = odds
            .outcomes
            .iter()
            .find(|(x, _)| x == k)
            .map(|(_, q)| *q)
            .unwrap_or(0.0);
        assert!(
            close(got, n / decided),
            "{k:?}: odds {got}, rounds {}",
            n / decided
        );
    }
    // The edge shows: the attacker wins more often than not.
    let won: f64 = odds
        .outcomes
        .iter()
        .filter(|((w, _), _)| *w)
        .map(|(_, p)| p)
        .sum();
    assert!(won > 0.6, "the attacker's edge: {won}");
}
