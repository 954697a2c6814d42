//! The engine's conformance kit on "Napoleon's Wars": seeded full battles between random and
//! AI players on the built-in scenario, with every invariant checked after every command.

use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::conformance::{check_battle, Checks};
use grognard_engine::dice::derive_seed;
use grognard_engine::Player;
use grognard_rules_napoleons_wars::{Command, NapoleonsWars};

fn battle(index: u64) -> Result<grognard_engine::Outcome, String> {
    let rules = NapoleonsWars;
    let seed = derive_seed(0x4E57, index);
    let (scenario, _) = rules.default_scenario(seed);
    let mut ai_a = General::<Command>::default();
    let mut ai_b = General::<Command>::default();
    let mut rnd_a = RandomPlayer::<Command>::default();
    let mut rnd_b = RandomPlayer::<Command>::default();
    let mut players: [&mut dyn Player<NapoleonsWars>; 2] = match index % 4 {
        0 => [&mut rnd_a, &mut rnd_b],
        1 => [&mut ai_a, &mut rnd_b],
        2 => [&mut rnd_a, &mut ai_b],
        _ => [&mut ai_a, &mut ai_b],
    };
    let checks = Checks {
        round_trip_every: if index.is_multiple_of(4) { 3 } else { 11 },
        ..Checks::default()
    };
    check_battle(&rules, scenario, seed, &mut players, checks)
        .map_err(|e| format!("battle {index}: {e}"))
}

fn shard(from: u64, to: u64) {
    let failures: Vec<String> = (from..to).filter_map(|i| battle(i).err()).collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn conformance_nw_shard_0() {
    shard(0, 8);
}

#[test]
fn conformance_nw_shard_1() {
    shard(8, 16);
}

#[test]
fn conformance_nw_shard_2() {
    shard(16, 24);
}
