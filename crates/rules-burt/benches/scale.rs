//! `cargo bench -p grognard-rules-burt --bench scale`: battles a second on the built-in
//! battle, AI against AI, and how the time of a turn grows with the size of the armies,
//! from 12 to 150 battalions a side (one thread). Sizes named after `--` replace the
//! default list.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_rules_burt::design::setup;
use grognard_rules_burt::Burt;

fn main() {
    grognard_ai::scale_bench(
        &Burt,
        setup::built_in,
        setup::large,
        &[12, 25, 50, 100, 150],
        "battalions",
    );
}
