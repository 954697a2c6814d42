//! The AI general against a random legal player on the built-in battle: it must win at least
//! 90% of 200 seeded battles, the players swapping sides every other battle. A battle is won
//! by breaking the enemy army ("NW 13.0") or, when neither breaks in the day, by holding more
//! of the scenario's objectives at the end (ruling N35). `grognard batch --rules
//! napoleons-wars --games 200 --players ai:random --seed N` gives 93.5% to 96% for seeds 1, 2
//! and 161.

use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::dice::derive_seed;
use grognard_engine::driver::Match;
use grognard_engine::Player;
use grognard_rules_napoleons_wars::{Command, NapoleonsWars};

const GAMES: u64 = 200;

/// Did the AI win battle `index`?
fn ai_wins(index: u64) -> bool {
    let rules = NapoleonsWars;
    let seed = derive_seed(0x4E57, index);
    let (scenario, _) = rules.default_scenario(seed);
    let mut m = Match::new(&rules, scenario, seed);
    let mut ai = General::<Command>::default();
    let mut rnd = RandomPlayer::<Command>::default();
    let ai_side = (index % 2) as usize;
    let mut players: [&mut dyn Player<NapoleonsWars>; 2] = if ai_side == 0 {
        [&mut ai, &mut rnd]
    } else {
        [&mut rnd, &mut ai]
    };
    let outcome = m.play(&mut players, 400_000).expect("a legal battle");
    outcome.winner.map(|s| s.index()) == Some(ai_side)
}

#[test]
fn the_general_beats_a_random_player_nine_times_in_ten() {
    let wins: u64 = std::thread::scope(|s| {
        let halves: Vec<_> = (0..2u64)
            .map(|h| s.spawn(move || (h..GAMES).step_by(2).filter(|i| ai_wins(*i)).count() as u64))
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    });
    eprintln!("the AI won {wins} of {GAMES} battles against the random player");
    assert!(wins * 10 >= GAMES * 9, "the AI won {wins} of {GAMES}");
}
