//! A match that keeps no history (`Match::without_history`, as `grognard batch` plays)
//! plays the same battle as one that keeps every step: the same end, the same number of
//! commands, the same last events.

use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::driver::Match;
use grognard_engine::{Player, Ruleset};
use grognard_rules_two_by_two::{Command, TwoByTwo};

#[test]
fn a_match_without_history_plays_the_same_battle() {
    for seed in [3, 8] {
        let (scenario, _) = TwoByTwo.default_scenario(seed);
        let mut kept = Match::new(&TwoByTwo, scenario.clone(), seed);
        let mut bare = Match::new(&TwoByTwo, scenario, seed).without_history();
        for m in [&mut kept, &mut bare] {
            let mut a = General::<Command>::default();
            let mut b = RandomPlayer::<Command>::default();
            let mut players: [&mut dyn Player<TwoByTwo>; 2] = [&mut a, &mut b];
            m.play(&mut players, 100_000).expect("a legal battle");
        }
        assert!(bare.steps.is_empty());
        assert_eq!(kept.commands(), kept.steps.len());
        assert_eq!(bare.commands(), kept.commands(), "seed {seed}");
        assert_eq!(bare.state, kept.state, "seed {seed}");
        assert_eq!(TwoByTwo.outcome(&bare.state), TwoByTwo.outcome(&kept.state));
        // The last command's events are at hand either way.
        let last = kept.steps.last().unwrap();
        let (side, command) = (last.side, last.command.clone());
        let mut again = Match::new(&TwoByTwo, kept.scenario.clone(), seed).without_history();
        for step in &kept.steps[..kept.steps.len() - 1] {
            again.submit(step.side, step.command.clone()).unwrap();
        }
        assert_eq!(again.submit(side, command).unwrap(), &last.events[..]);
    }
}
