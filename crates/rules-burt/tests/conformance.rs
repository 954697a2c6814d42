//! The engine's conformance kit on Burt's rules: seeded full battles between random
//! and AI players on the built-in battle, every invariant checked after every command, the
//! offers and candidates settled, states saved and loaded, and each battle's replay
//! re-run to the same end. A thousand by default; `GROGNARD_BURT_BATTLES=N` runs N. A few
//! more on a larger battle, where the grid of units answers "what is near".

use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::conformance::{check_battle, Checks};
use grognard_engine::dice::derive_seed;
use grognard_engine::Player;
use grognard_rules_burt::{Burt, Command};

fn battle(index: u64) -> Result<grognard_engine::Outcome, String> {
    let seed = derive_seed(0xB0E7, index);
    let (scenario, _) = Burt.default_scenario(seed);
    battle_on(index, scenario)
}

fn battle_on(
    index: u64,
    scenario: grognard_rules_burt::scenario::Scenario,
) -> Result<grognard_engine::Outcome, String> {
    let rules = Burt;
    let seed = derive_seed(0xB0E7, index);
    let mut ai_a = General::<Command>::default();
    let mut ai_b = General::<Command>::default();
    let mut rnd_a = RandomPlayer::<Command>::default();
    let mut rnd_b = RandomPlayer::<Command>::default();
    let mut players: [&mut dyn Player<Burt>; 2] = match index % 4 {
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
    std::env::var("GROGNARD_BURT_BATTLES")
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
fn conformance_burt_shard_0() {
    shard(0, 2);
}

#[test]
fn conformance_burt_shard_1() {
    shard(1, 2);
}

/// Thirty battalions a side, with their command elements and generals: more units than
/// the grid of units leaves to a plain scan, so its answers are the ones checked.
#[test]
fn conformance_burt_on_a_larger_battle() {
    use grognard_rules_burt::design::setup;
    let mut scenario = setup::large(30);
    scenario.turns = 4;
    let units: usize = scenario.sides.iter().map(|s| s.units.len()).sum();
    assert!(units > 64, "{units} units");
    for index in [0, 1, 3] {
        if let Err(e) = battle_on(index, scenario.clone()) {
            panic!("{e}");
        }
    }
}

#[test]
fn conformance_burt_on_the_example_scenario() {
    use grognard_engine::files::NoIncludes;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../scenarios/burt/the-bridge-at-barba-del-puerco.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let (scenario, _) = Burt
        .load_scenario("the-bridge-at-barba-del-puerco.toml", &text, &NoIncludes, 1)
        .unwrap_or_else(|e| panic!("{e:?}"));
    for index in 0..8 {
        if let Err(e) = battle_on(index, scenario.clone()) {
            panic!("{e}");
        }
    }
}
