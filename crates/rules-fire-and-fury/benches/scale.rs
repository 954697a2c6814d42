//! `cargo bench -p grognard-rules-fire-and-fury --bench scale`: battles a second on the
//! built-in battle (Quatre Bras), AI against AI, and how the time of a turn grows with the
//! size of the armies, from 12 to 150 brigades a side (one thread). Sizes named after `--`
//! replace the default list.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_rules_fire_and_fury::design::setup;
use grognard_rules_fire_and_fury::FireAndFury;

fn main() {
    grognard_ai::scale_bench(
        &FireAndFury,
        setup::built_in,
        setup::large,
        &[12, 25, 50, 100, 150],
        "brigades",
    );
}
