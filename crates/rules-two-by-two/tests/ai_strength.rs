//! The AI general against a random legal player ("2x2 The Flow of Battle" as advice): it must
//! win at least 90% of 200 seeded battles, the players swapping sides every other battle.
//! Over eight sets of 200 it wins 90.5% to 95% (92.6% of all 1,600): the margin is thin, and
//! a change to the advisor or to the generated terrain must be checked against several sets.

use grognard_ai::general_wins_against_random;
use grognard_rules_two_by_two::TwoByTwo;

const GAMES: u64 = 200;

#[test]
fn the_general_beats_a_random_player_nine_times_in_ten() {
    let wins = general_wins_against_random(&TwoByTwo, GAMES, 0xA1, 200_000);
    eprintln!("the AI won {wins} of {GAMES} battles against the random player");
    assert!(wins * 10 >= GAMES * 9, "the AI won {wins} of {GAMES}");
}
