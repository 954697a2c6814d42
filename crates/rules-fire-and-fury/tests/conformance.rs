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
