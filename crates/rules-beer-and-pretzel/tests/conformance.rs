//! The engine's conformance kit on "Beer and Pretzel": seeded full battles between random
//! and AI players on the built-in battle, every invariant checked after every command, the
//! offers and candidates settled, states saved and loaded, and each battle's replay
//! re-run to the same end. A thousand by default; `GROGNARD_BP_BATTLES=N` runs N. A few
//! more on a battle large enough that questions of what is near go to the grid of units.

use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::conformance::{check_battle, Checks};
use grognard_engine::dice::derive_seed;
use grognard_engine::Player;
use grognard_rules_beer_and_pretzel::{BeerAndPretzel, Command};

fn battle(index: u64) -> Result<grognard_engine::Outcome, String> {
    let seed = derive_seed(0xB0B, index);
    let (scenario, _) = BeerAndPretzel.default_scenario(seed);
    battle_on(index, scenario)
}

fn battle_on(
    index: u64,
    scenario: grognard_rules_beer_and_pretzel::scenario::Scenario,
) -> Result<grognard_engine::Outcome, String> {
    let rules = BeerAndPretzel;
    let seed = derive_seed(0xB0B, index);
    let mut ai_a = General::<Command>::default();
    let mut ai_b = General::<Command>::default();
    let mut rnd_a = RandomPlayer::<Command>::default();
    let mut rnd_b = RandomPlayer::<Command>::default();
    let mut players: [&mut dyn Player<BeerAndPretzel>; 2] = match index % 4 {
        0 => [&mut rnd_a, &mut rnd_b],
        1 => [&mut ai_a, &mut rnd_b],
        2 => [&mut rnd_a, &mut ai_b],
        _ => [&mut ai_a, &mut ai_b],
    };
    let checks = Checks {
        round_trip_every: 7,
        candidates_every: 3,
        ..Checks::default()
    };
    check_battle(&rules, scenario, seed, &mut players, checks)
        .map_err(|e| format!("battle {index}: {e}"))
}

fn battles() -> u64 {
    std::env::var("GROGNARD_BP_BATTLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

fn shard(part: u64, of: u64) {
    let n = battles();
    let failures: Vec<String> = (0..n)
        .filter(|i| i % of == part)
        .filter_map(|i| battle(i).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn conformance_bp_shard_0() {
    shard(0, 2);
}

#[test]
fn conformance_bp_shard_1() {
    shard(1, 2);
}

#[test]
fn conformance_bp_on_a_large_battle() {
    use grognard_rules_beer_and_pretzel::design::setup;
    // 70 units a side: more than the 64 below which the grid is not asked.
    let mut scenario = setup::large(70);
    scenario.turns = 4;
    for index in [1, 3] {
        if let Err(e) = battle_on(index, scenario.clone()) {
            panic!("{e}");
        }
    }
}
