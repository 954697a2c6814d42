//! Every roll of every book holds under any facts a player could type: refused with a
//! problem that names a fact, or answered with odds summing to exactly 1 whose outcomes
//! include whatever thrown dice give.

use grognard_engine::book::Book;
use grognard_engine::conformance::resolutions_hold;

fn holds<B: Book>(rules: &B) {
    let rolls = rules.resolutions();
    assert!(!rolls.is_empty(), "{} lists no rolls", rules.name());
    for seed in [1, 2] {
        let answered = resolutions_hold(&rolls, seed, 150).unwrap_or_else(|e| panic!("{e}"));
        // Most single facts set to a value they allow give a situation the book answers.
        assert!(
            answered >= 10 * rolls.len(),
            "{}: only {answered} situations answered",
            rules.name()
        );
    }
}

#[test]
fn every_two_by_two_roll_holds_under_any_facts() {
    holds(&grognard_rules_two_by_two::TwoByTwo);
}

#[test]
fn every_napoleons_wars_roll_holds_under_any_facts() {
    holds(&grognard_rules_napoleons_wars::NapoleonsWars);
}
