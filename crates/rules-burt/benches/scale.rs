//! `cargo bench -p grognard-rules-burt --bench scale`: battles a second on the built-in
//! battle, AI against AI, and how the time of a turn grows with the size of the armies,
//! from 12 to 150 battalions a side (one thread). Sizes named after `--` replace the
//! default list.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_ai::general_against_itself;
use grognard_rules_burt::design::{setup, validate};
use grognard_rules_burt::Burt;
use std::time::Instant;

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let named: Vec<usize> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    let sizes: &[usize] = if !named.is_empty() {
        &named
    } else if quick {
        &[12]
    } else {
        &[12, 25, 50, 100, 150]
    };
    let battles = if quick { 5 } else { 200 };
    let start = Instant::now();
    let mut commands = 0;
    for seed in 0..battles {
        commands += general_against_itself(&Burt, setup::built_in(), seed, u32::MAX).2;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "built-in battle, AI against AI: {:.0} battles a second ({battles} battles, {:.0} commands a battle)",
        battles as f64 / secs,
        commands as f64 / battles as f64
    );
    let runs = if quick { 1 } else { 3 };
    println!(
        "battalions a side, seconds a turn, commands (AI against AI, 3 turns, fastest of {runs})"
    );
    for &n in sizes {
        let scenario = setup::large(n);
        let problems = validate::problems(&scenario);
        assert!(problems.is_empty(), "{problems:?}");
        let best = (0..runs)
            .map(|_| general_against_itself(&Burt, scenario.clone(), 7, 3))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("a run");
        println!("{n:>4} {:>8.4} s {:>7}", best.0 / f64::from(best.1), best.2);
    }
}
