//! `cargo bench -p grognard-rules-burt --bench scale`: battles a second on the built-in
//! battle, AI against AI, and how the time of a turn grows with the size of the armies,
//! from 12 to 150 battalions a side (one thread). Sizes named after `--` replace the
//! default list.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_ai::General;
use grognard_engine::driver::Match;
use grognard_engine::Player;
use grognard_rules_burt::command::Command;
use grognard_rules_burt::design::{setup, validate};
use grognard_rules_burt::Burt;
use std::time::Instant;

/// Plays `turns` turns (or to the end) and gives the seconds taken, the turns played and
/// the commands given.
fn play(
    scenario: grognard_rules_burt::scenario::Scenario,
    seed: u64,
    turns: u32,
) -> (f64, u32, usize) {
    let rules = Burt;
    let mut m = Match::new(&rules, scenario, seed);
    let mut a = General::<Command>::default();
    let mut b = General::<Command>::default();
    let mut players: [&mut dyn Player<Burt>; 2] = [&mut a, &mut b];
    let start = Instant::now();
    while m.state.clock.turn <= turns && m.state.outcome.is_none() {
        if !m.step(&mut players).expect("a legal battle") {
            break;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    (elapsed, m.state.clock.turn.min(turns), m.steps.len())
}

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
        commands += play(setup::built_in(), seed, u32::MAX).2;
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
            .map(|_| play(scenario.clone(), 7, 3))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .expect("a run");
        println!("{n:>4} {:>8.4} s {:>7}", best.0 / f64::from(best.1), best.2);
    }
}
