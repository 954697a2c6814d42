//! The AI general against a random legal player on the built-in battle: it must win at least
//! 90% of 200 seeded battles, the players swapping sides every other battle. A battle is won
//! by breaking the enemy army ("NW 13.0") or, when neither breaks in the day, by holding more
//! of the scenario's objectives at the end (ruling N35). `grognard batch --rules
//! napoleons-wars --games 200 --players ai:random --seed N` gives 96.5% to 97.5% for seeds 1,
//! 2 and 161.

use grognard_ai::general_wins_against_random;
use grognard_rules_napoleons_wars::NapoleonsWars;

const GAMES: u64 = 200;

#[test]
fn the_general_beats_a_random_player_nine_times_in_ten() {
    let wins = general_wins_against_random(&NapoleonsWars, GAMES, 0x4E57, 400_000);
    eprintln!("the AI won {wins} of {GAMES} battles against the random player");
    assert!(wins * 10 >= GAMES * 9, "the AI won {wins} of {GAMES}");
}
