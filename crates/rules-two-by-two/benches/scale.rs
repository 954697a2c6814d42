//! `cargo bench -p grognard-rules-two-by-two --bench scale`: battles a second on the
//! built-in battle (the book's set-up for seed 1), AI against AI, and how the time of a turn
//! grows with the size of the armies, from 12 to 150 units a side (one thread). Sizes named
//! after `--` replace the default list.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_engine::book::Book;
use grognard_rules_two_by_two::design::setup;
use grognard_rules_two_by_two::TwoByTwo;

fn main() {
    grognard_ai::scale_bench(
        &TwoByTwo,
        || TwoByTwo.default_scenario(1).0,
        setup::large,
        &[12, 25, 50, 100, 150],
        "units",
    );
}
