//! The AI general against a random legal player on the built-in battle (Quatre Bras), 200
//! seeded battles, the players swapping sides every other battle: it must win nine in ten.

use grognard_ai::general_wins_against_random;
use grognard_rules_fire_and_fury::FireAndFury;

const GAMES: u64 = 200;

#[test]
fn the_general_beats_a_random_player_nine_times_in_ten() {
    let wins = general_wins_against_random(&FireAndFury, GAMES, 0xF1AE, 200_000);
    eprintln!("the AI won {wins} of {GAMES} battles against the random player");
    assert!(wins * 10 >= GAMES * 9, "the AI won {wins} of {GAMES}");
}
