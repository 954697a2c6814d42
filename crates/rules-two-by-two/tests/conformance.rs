//! The engine's conformance kit on "2 by 2": seeded full battles between random and AI
//! players, with every invariant checked after every command.

use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::conformance::{check_battle, Checks};
use grognard_engine::dice::derive_seed;
use grognard_engine::Player;
use grognard_rules_two_by_two::{Command, TwoByTwo};

/// Battles per test function; the functions run in parallel.
const PER_SHARD: u64 = 125;

/// Battle `index` of the kit: its seed and its pairing of players follow from the index.
fn battle(index: u64) -> Result<(), String> {
    let rules = TwoByTwo;
    let seed = derive_seed(0xC0FFEE, index);
    let (scenario, _) = rules.default_scenario(seed);
    let mut ai_a = General::<Command>::default();
    let mut ai_b = General::<Command>::default();
    let mut rnd_a = RandomPlayer::<Command>::default();
    let mut rnd_b = RandomPlayer::<Command>::default();
    let pairing = (index / PER_SHARD) % 4 + index % PER_SHARD;
    let mut players: [&mut dyn Player<TwoByTwo>; 2] = match pairing % 4 {
        0 => [&mut rnd_a, &mut rnd_b],
        1 => [&mut ai_a, &mut rnd_b],
        2 => [&mut rnd_a, &mut ai_b],
        _ => [&mut ai_a, &mut ai_b],
    };
    // The JSON round trip is the costliest check: every step in one battle of four.
    let checks = Checks {
        round_trip_every: if index.is_multiple_of(4) { 1 } else { 7 },
        ..Checks::default()
    };
    check_battle(&rules, scenario, seed, &mut players, checks)
        .map(|_| ())
        .map_err(|e| format!("battle {index}: {e}"))
}

fn shard(shard: u64) {
    let failures: Vec<String> = (shard * PER_SHARD..(shard + 1) * PER_SHARD)
        .filter_map(|i| battle(i).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Battles that once broke an invariant, kept as regression tests.
#[test]
fn conformance_regressions() {
    for index in [63, 112, 465, 979] {
        battle(index).unwrap();
    }
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
