//! The engine's conformance kit on Burt's rules: seeded full battles between random
//! and AI players on the built-in battle, every invariant checked after every command, the
//! offers and candidates settled, states saved and loaded, and each battle's replay
//! re-run to the same end. A thousand by default; `GROGNARD_BURT_BATTLES=N` runs N. A few
//! more on a larger battle, where the grid of units answers "what is near".

use grognard_ai::{conformance_battle, conformance_battles};
use grognard_engine::book::Files;
use grognard_engine::conformance::Checks;
use grognard_engine::dice::derive_seed;
use grognard_rules_burt::Burt;

const TAG: u64 = 0xB0E7;

fn checks() -> Checks {
    Checks {
        round_trip_every: 7,
        candidates_every: 3,
        ..Checks::default()
    }
}

/// Battle `index` of the kit on `scenario` rather than the built-in field.
fn battle_on(
    index: u64,
    scenario: grognard_rules_burt::scenario::Scenario,
) -> Result<grognard_engine::Outcome, String> {
    let seed = derive_seed(TAG, index);
    conformance_battle(&Burt, scenario, seed, (index, index), checks())
}

fn battles() -> u64 {
    std::env::var("GROGNARD_BURT_BATTLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

fn shard(part: u64, of: u64) {
    conformance_battles(
        &Burt,
        TAG,
        (0..battles()).filter(|i| i % of == part),
        |i| i,
        |_| checks(),
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
