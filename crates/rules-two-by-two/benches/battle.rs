//! `cargo bench -p grognard-rules-two-by-two`: plays default battles (the standard template
//! on both sides, set up by the book's procedure) AI against AI on one thread and reports
//! battles per second, and the cost of the pieces that dominate a battle.

/// The allocator the `grognard` binary uses, so that the figures here are its figures.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use grognard_ai::General;
use grognard_engine::book::Book;
use grognard_engine::dice::derive_seed;
use grognard_engine::driver::Match;
use grognard_engine::{Candidate, Player, Ruleset};
use grognard_rules_two_by_two::{Command, TwoByTwo};
use std::hint::black_box;
use std::time::{Duration, Instant};

fn play(seed: u64) -> usize {
    let rules = TwoByTwo;
    let (scenario, _) = rules.default_scenario(seed);
    let mut m = Match::new(&rules, scenario, seed).without_history();
    let mut a = General::<Command>::default();
    let mut b = General::<Command>::default();
    let mut players: [&mut dyn Player<TwoByTwo>; 2] = [&mut a, &mut b];
    m.play(&mut players, 200_000).expect("a legal battle");
    m.commands()
}

/// Run `f` repeatedly for about `budget`, returning (runs, elapsed).
fn measure(budget: Duration, mut f: impl FnMut(u64)) -> (u64, Duration) {
    let start = Instant::now();
    let mut n = 0;
    while start.elapsed() < budget {
        f(n);
        n += 1;
    }
    (n, start.elapsed())
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` passes nothing: run briefly then.
    let quick = !std::env::args().any(|a| a == "--bench");
    let budget = Duration::from_millis(if quick { 200 } else { 10_000 });

    let mut commands = 0;
    let (n, t) = measure(budget, |i| commands += play(derive_seed(42, i)));
    let per_sec = n as f64 / t.as_secs_f64();
    println!(
        "default battle, AI vs AI, one thread: {per_sec:.1} battles/s ({:.2} ms each, {:.0} commands a battle)",
        1000.0 / per_sec,
        commands as f64 / n as f64
    );

    // The advisor's work for one decision, on a mid-battle state: the first after command
    // 150 with several candidates (a movement decision, as a rule).
    let rules = TwoByTwo;
    let (scenario, _) = rules.default_scenario(7);
    let mut m = Match::new(&rules, scenario, 7);
    let mut a = General::<Command>::default();
    let mut b = General::<Command>::default();
    {
        let mut players: [&mut dyn Player<TwoByTwo>; 2] = [&mut a, &mut b];
        let mut out: Vec<Candidate<Command>> = Vec::new();
        loop {
            if m.steps.len() >= 150 {
                if let Some(side) = rules.to_act(&m.state) {
                    out.clear();
                    rules.candidates(&&m.state, side, &mut out);
                    if out.len() >= 8 {
                        break;
                    }
                }
            }
            if !m.step(&mut players).expect("legal") {
                break;
            }
        }
    }
    let state = m.state.clone();
    if let Some(side) = rules.to_act(&state) {
        let mut out: Vec<Candidate<Command>> = Vec::new();
        let (n, t) = measure(budget / 4, |_| {
            out.clear();
            rules.candidates(&&state, side, &mut out);
            black_box(out.len());
        });
        println!(
            "candidates for one decision: {:.1} us ({} candidates)",
            t.as_secs_f64() * 1e6 / n as f64,
            out.len()
        );
    }
}
