//! The engine's conformance kit on "Beer and Pretzel": seeded full battles between random
//! and AI players on the built-in battle, every invariant checked after every command, the
//! offers and candidates settled, states saved and loaded, and each battle's replay
//! re-run to the same end. A thousand by default; `GROGNARD_BP_BATTLES=N` runs N. A few
//! more on a battle large enough that questions of what is near go to the grid of units.

use grognard_ai::{conformance_battle, conformance_battles};
use grognard_engine::conformance::Checks;
use grognard_engine::dice::derive_seed;
use grognard_rules_beer_and_pretzel::BeerAndPretzel;

const TAG: u64 = 0xB0B;

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
    scenario: grognard_rules_beer_and_pretzel::scenario::Scenario,
) -> Result<grognard_engine::Outcome, String> {
    let seed = derive_seed(TAG, index);
    conformance_battle(&BeerAndPretzel, scenario, seed, (index, index), checks())
}

fn battles() -> u64 {
    std::env::var("GROGNARD_BP_BATTLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

fn shard(part: u64, of: u64) {
    conformance_battles(
        &BeerAndPretzel,
        TAG,
        (0..battles()).filter(|i| i % of == part),
        |i| i,
        |_| checks(),
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
