//! The engine's conformance kit on "Napoleonic Fire & Fury": seeded full battles between
//! random and AI players on the built-in battle, every invariant checked after every
//! command, the offers and candidates settled, states saved and loaded, and each battle's
//! replay re-run to the same end. A hundred by default (a thousand are run by hand:
//! `GROGNARD_FF_BATTLES=1000 cargo test --release -p grognard-rules-fire-and-fury --test
//! conformance`); `GROGNARD_FF_BATTLES=N` runs N.

use grognard_ai::conformance_battles;
use grognard_engine::conformance::Checks;
use grognard_rules_fire_and_fury::FireAndFury;

const TAG: u64 = 0xF1AE;

fn checks() -> Checks {
    Checks {
        round_trip_every: 7,
        candidates_every: 3,
        ..Checks::default()
    }
}

fn battles() -> u64 {
    std::env::var("GROGNARD_FF_BATTLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100)
}

fn shard(part: u64, of: u64) {
    conformance_battles(
        &FireAndFury,
        TAG,
        (0..battles()).filter(|i| i % of == part),
        |i| i,
        |_| checks(),
    );
}

#[test]
fn conformance_fire_and_fury_shard_0() {
    shard(0, 2);
}

#[test]
fn conformance_fire_and_fury_shard_1() {
    shard(1, 2);
}

/// Quatre Bras with companies of engineers (ruling R13): one with a French brigade from the
/// start, the Guard's (the optional rule played) and an Allied one standing on their own.
fn with_engineers() -> grognard_rules_fire_and_fury::scenario::Scenario {
    use grognard_rules_fire_and_fury::scenario::EngineerSpec;
    let mut s = grognard_rules_fire_and_fury::design::setup::built_in();
    s.options.guard_engineers = true;
    s.sides[0].brigades[2].engineers = true;
    let alone = |name: &str, commander: &str, guard: bool, at: [f64; 3]| EngineerSpec {
        name: name.into(),
        commander: commander.into(),
        guard,
        with: None,
        at: Some(at),
    };
    s.sides[0]
        .engineers
        .push(alone("Guard sappers", "Reille", true, [33.0, 7.0, 90.0]));
    s.sides[1].engineers.push(alone(
        "Netherlands sappers",
        "the Prince of Orange",
        false,
        [31.0, 38.0, 270.0],
    ));
    s
}

#[test]
fn conformance_fire_and_fury_with_engineers() {
    use grognard_engine::book::Files;
    let scenario = with_engineers();
    assert!(FireAndFury.scenario_problems(&scenario).is_empty());
    let failures: Vec<String> = (0..16)
        .filter_map(|i| {
            let seed = grognard_engine::dice::derive_seed(TAG + 1, i);
            grognard_ai::conformance_battle(&FireAndFury, scenario.clone(), seed, (i, i), checks())
                .err()
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
