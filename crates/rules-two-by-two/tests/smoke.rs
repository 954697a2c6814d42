use grognard_ai::{General, RandomPlayer};
use grognard_engine::dice::{derive_seed, Seeded};
use grognard_engine::driver::Match;
use grognard_engine::Player;
use grognard_rules_two_by_two::army::Nation;
use grognard_rules_two_by_two::scenario::GameKind;
use grognard_rules_two_by_two::setup::{generate, Army};
use grognard_rules_two_by_two::{Command, TwoByTwo};

#[test]
fn ai_plays_a_default_battle() {
    let rules = TwoByTwo;
    for seed in 0..3u64 {
        let mut d = Seeded::new(seed);
        let mut c = Seeded::new(derive_seed(seed, 99));
        let (s, _) = generate(
            [
                Army::standard(Nation::French),
                Army::standard(Nation::Austrian),
            ],
            GameKind::Fast,
            &mut d,
            &mut c,
        );
        let mut m = Match::new(&rules, s, seed);
        let mut a = General::<Command>::default();
        let mut b = RandomPlayer::<Command>::default();
        let mut players: [&mut dyn Player<TwoByTwo>; 2] = [&mut a, &mut b];
        let o = m.play(&mut players, 20000).unwrap();
        eprintln!(
            "seed {seed}: {o:?} steps {} lost {:?} turn {}",
            m.steps.len(),
            m.state.lost,
            m.state.clock.turn
        );
    }
}
