//! Whole phases played with scripted dice: a volley in the firing phase with its hits,
//! saves and what small-arms casualties do to a reserve ("Burt 6", "Burt 10", "Burt 11"),
//! and the 10% test it brings in the morale phase ("Burt 8"), which follows at once when
//! nobody has anything left to decide.

use grognard_engine::dice::{Scripted, Seeded};
use grognard_engine::{Dice, Ruleset, Side};
use grognard_rules_burt::command::Command;
use grognard_rules_burt::design::validate;
use grognard_rules_burt::event::Event;
use grognard_rules_burt::state::{Cohesion, Order, Phase, State};
use grognard_rules_burt::Burt;

/// A French battalion of 24 in line with FIRE orders, 4 1/4" (musket medium range) from a
/// British battalion of 20 in line held in RESERVE.
const FACING: &str = r#"
rules = "burt"
name = "a volley"
turns = 1

[[sides]]
name = "French"
army_morale = 4
[[sides.units]]
name = "1/8e Ligne"
troop = "infantry"
figures = 24
order = "fire"
at = [36, 20, 90]

[[sides]]
name = "British"
army_morale = 4
[[sides.units]]
name = "1/52nd Foot"
troop = "infantry"
figures = 20
order = "reserve"
at = [36, 25, 270]
"#;

/// Every side passes every phase, taking the lead when it wins the initiative, until
/// `until` says stop.
fn pass_until(state: &mut State, dice: &mut dyn Dice, until: impl Fn(&State, Side) -> bool) {
    for _ in 0..500 {
        let Some(side) = Burt.to_act(state) else {
            panic!("the battle ended");
        };
        if until(state, side) {
            return;
        }
        let command = if state.choosing == Some(side) {
            Command::GoFirst { first: true }
        } else {
            Command::Done
        };
        let mut events = Vec::new();
        Burt.execute(state, side, &command, dice, &mut events)
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    }
    panic!("never reached");
}

#[test]
fn a_first_volley_at_a_reserve_breaks_its_reserve_and_brings_a_test() {
    let scenario = validate::load("volley.toml", FACING).unwrap_or_else(|e| panic!("{e:?}"));
    let mut state = Burt.start(&scenario);
    let mut dice = Seeded::new(1);
    pass_until(&mut state, &mut dice, |s, side| {
        s.phase() == Phase::Fire && side == Side(0)
    });
    let before = state.armies[1].morale;
    // Six dice for 24 figures; a first volley at medium range hits on 4 or more: 6, 5, 4, 4
    // hit and 2, 1 miss. Each hit is saved on 5 or 6: 6 and 5 save, 1 and 2 do not. Two of
    // twenty is a tenth, so the British test in the morale phase: class C passes on 4, and
    // casualties this turn take one off the die, so it needs a 5 and the 4 thrown fails.
    let mut scripted = Scripted::new(&[6, 5, 4, 4, 2, 1, 6, 5, 1, 2, 4]);
    let mut events = Vec::new();
    Burt.execute(
        &mut state,
        Side(0),
        &Command::Fire { unit: 0, target: 1 },
        &mut scripted,
        &mut events,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(scripted.remaining().is_empty(), "every die thrown");
    let volley = events.iter().find_map(|e| match e {
        Event::Volley {
            hits, casualties, ..
        } => Some((*hits, *casualties)),
        _ => None,
    });
    assert_eq!(volley, Some((4, 2)));
    assert_eq!(state.unit(1).figures, 18);
    // Small-arms casualties end a reserve: MANOEUVRE orders, and the army's morale falls.
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Forced {
            unit: 1,
            order: Order::Manoeuvre,
            ..
        }
    )));
    assert_eq!(state.unit(1).order(), Some(Order::Manoeuvre));
    assert_eq!(state.armies[1].morale, before.map(|m| m - 1));
    let roll = events
        .iter()
        .find_map(|e| match e {
            Event::Morale { unit: 1, roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .expect("the British battalion tested");
    assert_eq!(roll.dice, vec![4], "{roll:?}");
    let reasons: Vec<(i32, &str)> = roll
        .modifiers
        .iter()
        .map(|m| (m.value, m.reason.as_ref()))
        .collect();
    assert_eq!(reasons, vec![(-1, "casualties this turn")], "{roll:?}");
    assert_eq!(roll.row, "class C passes on 4, so the die needs 5");
    assert_eq!(state.unit(1).cohesion, Cohesion::Unformed, "{roll:?}");
}
