//! `cargo bench -p grognard-rules-napoleons-wars`: how the time of a turn grows with the size
//! of the armies, AI against AI, from 16 to 300 units a side (one thread). Sizes named after
//! `--` replace the default list; `--to-end` plays each battle to its end.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_ai::General;
use grognard_engine::driver::Match;
use grognard_engine::Player;
use grognard_rules_napoleons_wars::{book, Command, NapoleonsWars};
use std::time::Instant;

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    // Sizes may be named on the command line: `cargo bench --bench scale -- 150 250`.
    let named: Vec<usize> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    let sizes: &[usize] = if !named.is_empty() {
        &named
    } else if quick {
        &[16]
    } else {
        &[16, 50, 100, 200, 300]
    };
    // `--to-end` plays each battle to its end instead of two turns.
    let to_end = std::env::args().any(|a| a == "--to-end");
    let turns = if to_end {
        u32::MAX
    } else if quick {
        1
    } else {
        2
    };
    // Each battle is played three times (once when not benchmarking) and the fastest run
    // kept: the same seed gives the same battle, so only the machine's noise differs.
    let runs = if quick { 1 } else { 3 };
    println!(
        "units a side, seconds a turn, commands, microseconds a command (AI against AI, {}, fastest of {runs})",
        if to_end {
            "to the end".to_string()
        } else {
            format!("{turns} turns")
        }
    );
    for &n in sizes {
        let mut best = f64::INFINITY;
        let mut report = String::new();
        for _ in 0..runs {
            let scenario = book::large_scenario(n);
            let problems = book::problems(&scenario);
            assert!(problems.is_empty(), "{problems:?}");
            let rules = NapoleonsWars;
            let mut m = Match::new(&rules, scenario, 7);
            let mut a = General::<Command>::default();
            let mut b = General::<Command>::default();
            let mut players: [&mut dyn Player<NapoleonsWars>; 2] = [&mut a, &mut b];
            let start = Instant::now();
            while m.state.clock.turn <= turns && m.state.outcome.is_none() {
                if !m.step(&mut players).expect("a legal battle") {
                    break;
                }
            }
            let elapsed = start.elapsed().as_secs_f64();
            if elapsed >= best {
                continue;
            }
            best = elapsed;
            let played = m.state.clock.turn.min(turns);
            let commands = m.steps.len();
            report = format!(
                "{n:>4} {:>8.4} s {commands:>7} {:>6.1} us",
                elapsed / played as f64,
                elapsed * 1e6 / commands as f64
            );
            if let (Some(o), true) = (&m.state.outcome, to_end) {
                report += &format!(", {played} turns: {}", o.reason);
            }
        }
        println!("{report}");
    }
}
