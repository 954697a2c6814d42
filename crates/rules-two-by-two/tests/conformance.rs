//! The engine's conformance kit on "2 by 2": seeded full battles between random and AI
//! players, with every invariant checked after every command.

use grognard_ai::conformance_battles;
use grognard_engine::conformance::Checks;
use grognard_rules_two_by_two::TwoByTwo;

/// Battles per test function; the functions run in parallel.
const PER_SHARD: u64 = 125;

/// Battles of the kit by number: each one's seed and pairing of players follow from it.
fn battles(indices: impl IntoIterator<Item = u64>) {
    conformance_battles(
        &TwoByTwo,
        0xC0FFEE,
        indices,
        |i| (i / PER_SHARD) % 4 + i % PER_SHARD,
        // The JSON round trip is the costliest check: every step in one battle of four.
        |i| Checks {
            round_trip_every: if i.is_multiple_of(4) { 1 } else { 7 },
            ..Checks::default()
        },
    );
}

fn shard(shard: u64) {
    battles(shard * PER_SHARD..(shard + 1) * PER_SHARD);
}

/// Battles that once broke an invariant, kept as regression tests.
#[test]
fn conformance_regressions() {
    battles([63, 112, 465, 979]);
}

#[test]
fn conformance_shard_0() {
    shard(0);
}
#[test]
fn conformance_shard_1() {
    shard(1);
}
#[test]
fn conformance_shard_2() {
    shard(2);
}
#[test]
fn conformance_shard_3() {
    shard(3);
}
#[test]
fn conformance_shard_4() {
    shard(4);
}
#[test]
fn conformance_shard_5() {
    shard(5);
}
#[test]
fn conformance_shard_6() {
    shard(6);
}
#[test]
fn conformance_shard_7() {
    shard(7);
}

/// Forty units a side, set up freely (the scale bench's battle): more units than the grid
/// of units leaves to a plain scan, so its cells are what the invariants check.
#[test]
fn conformance_on_a_larger_battle() {
    use grognard_rules_two_by_two::design::setup;
    let mut scenario = setup::large(40);
    scenario.game.turn_limit = 4;
    for index in [0, 1, 3] {
        let seed = grognard_engine::dice::derive_seed(0xC0FFEE, 10_000 + index);
        grognard_ai::conformance_battle(
            &TwoByTwo,
            scenario.clone(),
            seed,
            (index, index),
            Checks::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}
