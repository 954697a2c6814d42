//! `cargo bench -p grognard-rules-napoleons-wars`: how the time of a turn grows with the size
//! of the armies, AI against AI, from 16 to 300 units a side (one thread).

use grognard_ai::General;
use grognard_engine::driver::Match;
use grognard_engine::Player;
use grognard_rules_napoleons_wars::{book, Command, NapoleonsWars};
use std::time::Instant;

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let sizes: &[usize] = if quick {
        &[16]
    } else {
        &[16, 50, 100, 200, 300]
    };
    let turns = if quick { 1 } else { 2 };
    println!("units a side, seconds a turn (AI against AI, {turns} turns)");
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
        let per_turn = start.elapsed().as_secs_f64() / turns as f64;
        println!("{n:>4} {per_turn:>8.3} s ({} commands)", m.steps.len());
    }
}
