//! The engine's conformance kit on "Napoleon's Wars": seeded full battles between random and
//! AI players on the built-in scenario, with every invariant checked after every command.

use grognard_ai::conformance_battles;
use grognard_engine::conformance::Checks;
use grognard_rules_napoleons_wars::NapoleonsWars;

fn shard(from: u64, to: u64) {
    conformance_battles(
        &NapoleonsWars,
        0x4E57,
        from..to,
        |i| i,
        |i| Checks {
            round_trip_every: if i.is_multiple_of(4) { 3 } else { 11 },
            ..Checks::default()
        },
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
