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

fn shard(shard: u64, pairing: u64) {
    let rules = TwoByTwo;
    let mut failures = Vec::new();
    for i in 0..PER_SHARD {
        let index = shard * PER_SHARD + i;
        let seed = derive_seed(0xC0FFEE, index);
        let (scenario, _) = rules.default_scenario(seed);
        let mut ai_a = General::<Command>::default();
        let mut ai_b = General::<Command>::default();
        let mut rnd_a = RandomPlayer::<Command>::default();
        let mut rnd_b = RandomPlayer::<Command>::default();
        let mut players: [&mut dyn Player<TwoByTwo>; 2] = match (pairing + i) % 4 {
            0 => [&mut rnd_a, &mut rnd_b],
            1 => [&mut ai_a, &mut rnd_b],
            2 => [&mut rnd_a, &mut ai_b],
            _ => [&mut ai_a, &mut ai_b],
        };
        // The JSON round trip is the costliest check: every step in one battle of four.
        let checks = Checks {
            round_trip_every: if i % 4 == 0 { 1 } else { 7 },
            ..Checks::default()
        };
        if let Err(e) = check_battle(&rules, scenario, seed, &mut players, checks) {
            failures.push(format!("battle {index}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn conformance_shard_0() {
    shard(0, 0);
}
#[test]
fn conformance_shard_1() {
    shard(1, 1);
}
#[test]
fn conformance_shard_2() {
    shard(2, 2);
}
#[test]
fn conformance_shard_3() {
    shard(3, 3);
}
#[test]
fn conformance_shard_4() {
    shard(4, 0);
}
#[test]
fn conformance_shard_5() {
    shard(5, 1);
}
#[test]
fn conformance_shard_6() {
    shard(6, 2);
}
#[test]
fn conformance_shard_7() {
    shard(7, 3);
}
