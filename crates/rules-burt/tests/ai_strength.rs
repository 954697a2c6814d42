//! The AI general against a random legal player on the built-in battle, 200 seeded battles,
//! the players swapping sides every other battle: it must win nine in ten.
//! `GROGNARD_BURT_STRENGTH_GAMES` plays more battles on the same seeds.

use grognard_ai::general_wins_against_random;
use grognard_rules_burt::Burt;

#[test]
fn the_general_beats_a_random_player_nine_times_in_ten() {
    let games: u64 = std::env::var("GROGNARD_BURT_STRENGTH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let wins = general_wins_against_random(&Burt, games, 0xB0E7, 400_000);
    eprintln!("the AI won {wins} of {games} battles against the random player");
    assert!(wins * 100 >= games * 90, "the AI won {wins} of {games}");
}
