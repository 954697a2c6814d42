//! Concealed orders ("Burt 4"): while a unit's chit lies face down, the other side learns
//! its order from nothing it is shown: not its view of the battle, not the narrative, not
//! the picture of the table. Checked at every step of seeded battles, for every order.

use grognard_ai::{General, RandomPlayer};
use grognard_engine::book::Book;
use grognard_engine::driver::Match;
use grognard_engine::{Player, Ruleset, Side};
use grognard_rules_burt::state::{Chit, Order};
use grognard_rules_burt::{Burt, Command};

fn check_battle(seed: u64) -> (usize, [bool; 5]) {
    let rules = Burt;
    let (scenario, _) = rules.default_scenario(seed);
    let mut m = Match::new(&rules, scenario, seed);
    let mut a = General::<Command>::default();
    let mut b = RandomPlayer::<Command>::default();
    let mut players: [&mut dyn Player<Burt>; 2] = [&mut a, &mut b];
    let mut hidden_checked = 0;
    let mut orders_seen = [false; 5];
    while m.step(&mut players).expect("a legal battle") {
        let state = &m.state;
        let step = m.steps.last().expect("a step");
        for reader in Side::ALL {
            let view = rules.view(state, reader);
            let scene = serde_json::to_string(&rules.scene_for(state, reader)).unwrap();
            for (u, seen) in state.units().iter().zip(view.units()) {
                let Chit::Secret(order) = u.chit else {
                    continue;
                };
                if u.side == reader || state.outcome.is_some() {
                    continue;
                }
                hidden_checked += 1;
                orders_seen[Order::ALL.iter().position(|o| *o == order).unwrap()] = true;
                assert_eq!(
                    seen.chit,
                    Chit::Hidden,
                    "seed {seed}: the view shows an order"
                );
                let name = state.name(u.id);
                let marker = scene
                    .split("\"name\":")
                    .find(|s| s.starts_with(&format!("\"{name}\"")))
                    .unwrap_or("");
                let marker = marker.split("\"stands\"").next().unwrap_or("");
                assert!(
                    !marker.contains(order.name()),
                    "seed {seed}: the picture for the other side shows {name}'s {}",
                    order.name()
                );
                for e in &step.events {
                    if let Some(line) = rules.narrate_for(state, e, reader) {
                        assert!(
                            !(line.contains(name) && line.contains(order.name())),
                            "seed {seed}: the other side reads {line:?}"
                        );
                    }
                }
            }
            assert!(
                view.armies[reader.other().index()].morale.is_none() || state.outcome.is_some(),
                "seed {seed}: the other army's morale is shown"
            );
        }
    }
    (hidden_checked, orders_seen)
}

#[test]
fn the_other_side_never_learns_a_face_down_order() {
    let mut total = 0;
    let mut seen = [false; 5];
    for seed in 0..12 {
        let (n, s) = check_battle(seed);
        total += n;
        for i in 0..5 {
            seen[i] |= s[i];
        }
    }
    assert!(total > 1000, "only {total} hidden orders were checked");
    assert_eq!(
        seen, [true; 5],
        "every order was hidden at some point: {seen:?}"
    );
}

#[test]
fn a_finished_battle_shows_everything() {
    let rules = Burt;
    let (scenario, _) = rules.default_scenario(3);
    let mut m = Match::new(&rules, scenario, 3);
    let mut a = General::<Command>::default();
    let mut b = General::<Command>::default();
    let mut players: [&mut dyn Player<Burt>; 2] = [&mut a, &mut b];
    m.play(&mut players, 20_000).expect("a legal battle");
    let view = rules.view(&m.state, Side(0));
    assert!(view.units().iter().all(|u| u.chit != Chit::Hidden));
    assert!(view.armies[1].morale.is_some());
}
