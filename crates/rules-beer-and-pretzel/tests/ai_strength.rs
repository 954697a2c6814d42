//! The AI general against a random legal player on the built-in battle: it must win at least
//! 90% of 200 seeded battles, the players swapping sides every other battle.

use grognard_ai::general_wins_against_random;
use grognard_rules_beer_and_pretzel::BeerAndPretzel;

const GAMES: u64 = 200;

#[test]
fn the_general_beats_a_random_player_nine_times_in_ten() {
    let wins = general_wins_against_random(&BeerAndPretzel, GAMES, 0xB0B, 400_000);
    eprintln!("the AI won {wins} of {GAMES} battles against the random player");
    assert!(wins * 10 >= GAMES * 9, "the AI won {wins} of {GAMES}");
}
