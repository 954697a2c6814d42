//! `cargo bench -p grognard-rules-beer-and-pretzel --bench scale`: battles a second on the
//! built-in battle, AI against AI, and how the time of a turn grows with the size of the
//! armies, from 11 to 400 units a side (one thread). Sizes named after `--` replace the
//! default list.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_rules_beer_and_pretzel::design::setup;
use grognard_rules_beer_and_pretzel::BeerAndPretzel;

fn main() {
    grognard_ai::scale_bench(
        &BeerAndPretzel,
        setup::built_in,
        setup::large,
        &[11, 25, 50, 100, 200, 400],
        "units",
    );
}
