//! The AI general against a random legal player ("2x2 The Flow of Battle" as advice): it must
//! win at least 90% of 200 seeded battles, the players swapping sides every other battle.
//! `GROGNARD_2X2_STRENGTH_GAMES` plays more battles on the same seeds, and
//! `GROGNARD_2X2_STRENGTH_TAG` draws another set of seeds.

use grognard_ai::general_wins_against_random;
use grognard_rules_two_by_two::TwoByTwo;

fn from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn the_general_beats_a_random_player_nine_times_in_ten() {
    let games = from_env("GROGNARD_2X2_STRENGTH_GAMES", 2000);
    let tag = from_env("GROGNARD_2X2_STRENGTH_TAG", 0xA1);
    let wins = general_wins_against_random(&TwoByTwo, games, tag, 200_000);
    eprintln!("the AI won {wins} of {games} battles against the random player");
    assert!(wins * 10 >= games * 9, "the AI won {wins} of {games}");
}
