//! `cargo bench -p grognard-rules-napoleons-wars`: how the time of a turn grows with the size
//! of the armies, AI against AI, from 16 to 300 units a side (one thread). Sizes named after
//! `--` replace the default list; `--to-end` plays each battle to its end.

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
    if to_end {
        println!("units a side, seconds a turn (AI against AI, to the end)");
    } else {
        println!("units a side, seconds a turn (AI against AI, {turns} turns)");
    }
    for &n in sizes {
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
        let played = m.state.clock.turn.min(turns);
        let per_turn = start.elapsed().as_secs_f64() / played as f64;
        print!("{n:>4} {per_turn:>8.3} s ({} commands)", m.steps.len());
        match &m.state.outcome {
            Some(o) if to_end => println!(", {played} turns: {}", o.reason),
            _ => println!(),
        }
    }
}
