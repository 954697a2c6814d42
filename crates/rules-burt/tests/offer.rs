//! The move generator (`offer.rs`), apart from the general's advice: what the random
//! player draws among. Where a phase's commands form a finite list (orders, assaults,
//! support, fire, reactions, generals taking over), it offers every legal one and no
//! other; moves are a fixed set, among them one that closes on the enemy as far as the
//! unit may go.

use grognard_engine::dice::{derive_seed, Seeded};
use grognard_engine::{Dice, Ruleset, Side};
use grognard_rules_burt::command::{Command, Reaction};
use grognard_rules_burt::design::setup;
use grognard_rules_burt::state::{Order, Phase, State};
use grognard_rules_burt::Burt;
use std::collections::BTreeSet;

/// Every command of the finite kinds that the book allows `side` now, found by asking it
/// about each one there could be.
fn legal_by_trial(view: &State, side: Side) -> BTreeSet<String> {
    let ids: Vec<_> = view.units().iter().map(|u| u.id).collect();
    let mut all = Vec::new();
    for &unit in &ids {
        for order in Order::ALL {
            all.push(Command::Order { unit, order });
        }
        for reaction in Reaction::ALL {
            all.push(Command::React { unit, reaction });
        }
        all.push(Command::Join {
            general: unit,
            unit: None,
        });
        for &other in &ids {
            all.push(Command::Assault {
                unit,
                target: other,
            });
            all.push(Command::Fire {
                unit,
                target: other,
            });
            all.push(Command::Support {
                unit,
                friend: other,
            });
            all.push(Command::Join {
                general: unit,
                unit: Some(other),
            });
        }
    }
    all.into_iter()
        .filter(|c| Burt.check(view, side, c).is_ok())
        .map(|c| format!("{c:?}"))
        .collect()
}

fn play(state: &mut State, side: Side, c: &Command, dice: &mut Seeded) {
    let mut events = Vec::new();
    Burt.execute(state, side, c, dice as &mut dyn Dice, &mut events)
        .unwrap_or_else(|e| panic!("{c:?}: {e:?}"));
}

fn finite(c: &Command) -> bool {
    !matches!(
        c,
        Command::Move { .. } | Command::Form { .. } | Command::Done | Command::GoFirst { .. }
    )
}

#[test]
fn the_generator_offers_every_legal_command_of_the_finite_kinds_and_no_other() {
    let mut phases = BTreeSet::new();
    for seed in 0..12u64 {
        let mut state = Burt.start(&setup::built_in());
        let mut dice = Seeded::new(seed);
        let mut step = 0u64;
        while let Some(side) = Burt.to_act(&state) {
            let view = Burt.view(&state, side);
            let mut offers = Vec::new();
            Burt.offer(&view, side, &mut offers);
            let offered: BTreeSet<String> = offers
                .iter()
                .filter(|c| finite(c))
                .map(|c| format!("{c:?}"))
                .collect();
            if view.choosing.is_none() {
                let legal = legal_by_trial(&view, side);
                assert_eq!(
                    offered,
                    legal,
                    "seed {seed}, turn {}, {:?}",
                    state.clock.turn,
                    state.phase()
                );
                if !legal.is_empty() {
                    phases.insert(format!("{:?}", state.phase()));
                }
            }
            // Play on: a uniform draw among the offers that settle, as the random player.
            let settled: Vec<&Command> = offers
                .iter()
                .filter(|c| Burt.settle(&view, side, c))
                .collect();
            assert!(!settled.is_empty(), "seed {seed}: nothing legal offered");
            step += 1;
            let c = settled[(derive_seed(seed, step) % settled.len() as u64) as usize].clone();
            play(&mut state, side, &c, &mut dice);
        }
    }
    // The comparison reached every phase with a finite list.
    for p in [
        Phase::Orders,
        Phase::Declare,
        Phase::Reserve,
        Phase::Command,
        Phase::Fire,
        Phase::Reaction,
    ] {
        assert!(phases.contains(&format!("{p:?}")), "{p:?} never compared");
    }
}

#[test]
fn units_free_to_manoeuvre_are_offered_a_long_move_at_the_enemy() {
    let mut state = Burt.start(&setup::built_in());
    let mut dice = Seeded::new(3);
    // Every unit that may be given MANOEUVRE orders gets them; the rest is left alone.
    while let Some(side) = Burt.to_act(&state) {
        if state.phase() == Phase::Manoeuvre {
            break;
        }
        let c = if state.choosing == Some(side) {
            Command::GoFirst { first: true }
        } else if state.phase() == Phase::Orders {
            state
                .on_table()
                .filter(|u| u.side == side && u.order() != Some(Order::Manoeuvre))
                .map(|u| Command::Order {
                    unit: u.id,
                    order: Order::Manoeuvre,
                })
                .find(|c| Burt.check(&state, side, c).is_ok())
                .unwrap_or(Command::Done)
        } else {
            Command::Done
        };
        play(&mut state, side, &c, &mut dice);
    }
    let side = Burt.to_act(&state).unwrap();
    let view = Burt.view(&state, side);
    let mut offers = Vec::new();
    Burt.offer(&view, side, &mut offers);
    let mut closed = 0;
    for u in view.on_table().filter(|u| {
        u.side == side && u.order() == Some(Order::Manoeuvre) && u.fights() && !u.is_guns()
    }) {
        let enemy = grognard_rules_burt::measure::nearest_enemy(&view, u).unwrap();
        let rate = grognard_rules_burt::measure::rates(&view, u).normal;
        let before = u.pose.pos.distance(enemy.pose.pos);
        let best = offers
            .iter()
            .filter_map(|c| match c {
                Command::Move { unit, to } if *unit == u.id && Burt.settle(&view, side, c) => {
                    Some(before - to.pos.distance(enemy.pose.pos))
                }
                _ => None,
            })
            .fold(0.0, f64::max);
        assert!(best <= rate + 1e-6, "{}: {best} > {rate}", view.name(u.id));
        if best > 0.75 * rate {
            closed += 1;
        }
    }
    assert!(
        closed >= 3,
        "only {closed} units offered a long move at the enemy"
    );
}
