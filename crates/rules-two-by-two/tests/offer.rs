//! The move generator's offers in a movement phase: listed as places and made into
//! commands only when drawn. The random player still draws uniformly among the legal
//! commands the places hold, a place that holds none counting as a refused offer; and no
//! move longer than any the unit could make ("2x2 Movement rates") is offered.

mod common;

use common::{Battle, AUSTRIA, FRANCE};
use grognard_ai::RandomPlayer;
use grognard_engine::dice::Seeded;
use grognard_engine::{Player, Ruleset};
use grognard_geometry::Leg;
use grognard_rules_two_by_two::orders::Plan;
use grognard_rules_two_by_two::units::UnitType;
use grognard_rules_two_by_two::{Command, TwoByTwo};
use std::collections::BTreeMap;

#[test]
fn the_random_player_draws_uniformly_among_the_legal_commands_offered() {
    // Two Austrian battalions, one behind the other, 2" from a French line: some advances
    // and charges are legal, some run into the friend or the enemy, and some places (the
    // far enemy's charges) hold no command at all.
    let mut t = Battle::new()
        .unit(AUSTRIA, "IR 1", UnitType::Line, [12.0, 8.0, 90.0])
        .unit(AUSTRIA, "IR 2", UnitType::Line, [12.0, 7.0, 90.0])
        .unit(FRANCE, "1e Ligne", UnitType::Line, [12.0, 10.5, 270.0])
        .unit(FRANCE, "2e Ligne", UnitType::Line, [15.5, 10.5, 270.0])
        .unit(FRANCE, "3e Ligne", UnitType::Line, [2.0, 20.0, 270.0])
        .start();
    t.phase(1, "move", AUSTRIA);
    let state = &t.state;
    let mut offers = Vec::new();
    TwoByTwo.offer(&state, AUSTRIA, &mut offers);
    let legal: Vec<String> = offers
        .iter()
        .filter(|c| TwoByTwo.settle(&state, AUSTRIA, c))
        .map(|c| format!("{c:?}"))
        .collect();
    let refused = offers.len() - legal.len();
    assert!(legal.len() >= 10, "{} legal offers", legal.len());
    assert!(refused >= 3, "{refused} offers refused");
    let charges = offers
        .iter()
        .filter_map(|c| match TwoByTwo.plan(state, AUSTRIA, c) {
            Ok(Plan::Move(plan)) => Some(plan),
            _ => None,
        })
        .filter(|plan| !plan.touches.is_empty())
        .count();
    assert!(charges >= 1, "no legal charge offered: {legal:?}");
    // Many draws from the same battle: every legal offer is drawn, nothing else, each about
    // as often as the others.
    let mut player = RandomPlayer::<Command>::default();
    let mut drawn: BTreeMap<String, u32> = BTreeMap::new();
    let draws = 200 * legal.len() as u32;
    for seed in 0..u64::from(draws) {
        let mut dice = Seeded::new(seed);
        let c = player.choose(&TwoByTwo, &state, AUSTRIA, &mut dice);
        *drawn.entry(format!("{c:?}")).or_default() += 1;
    }
    let mut expected: BTreeMap<String, u32> = BTreeMap::new();
    for c in &legal {
        *expected.entry(c.clone()).or_default() += 1;
    }
    assert_eq!(
        drawn.keys().collect::<Vec<_>>(),
        expected.keys().collect::<Vec<_>>(),
        "the commands drawn are not the legal offers"
    );
    for (c, n) in &drawn {
        // A command offered twice is drawn twice as often; each draw is binomial with
        // p = k/legal, so six standard deviations bound it.
        let p = f64::from(expected[c]) / legal.len() as f64;
        let mean = f64::from(draws) * p;
        let sd = (mean * (1.0 - p)).sqrt();
        assert!(
            (f64::from(*n) - mean).abs() <= 6.0 * sd,
            "{c} drawn {n} times, about {mean:.0} expected"
        );
    }
}

#[test]
fn no_move_is_offered_that_is_longer_than_any_move() {
    let mut seen = 0;
    let mut offers = Vec::new();
    for seed in 0..6 {
        common::random_battle(seed, |state, side, _| {
            let tables = &state.field.tables;
            offers.clear();
            TwoByTwo.offer(&state, side, &mut offers);
            for c in &offers {
                let Command::Move { unit, legs, .. } = c else {
                    continue;
                };
                let length: f64 = legs.iter().map(Leg::length).sum();
                let most =
                    tables.move_allowance(state.unit(*unit).kind) + tables.movement.road_bonus;
                assert!(
                    length <= most + 1e-6,
                    "seed {seed}: {c:?} goes {length:.2}\" where at most {most}\" is possible"
                );
                seen += 1;
            }
        });
    }
    assert!(seen > 1000, "only {seen} moves offered");
}

#[test]
fn a_moves_room_caught_up_from_the_units_changed_since_agrees_with_a_new_room_test() {
    use grognard_rules_two_by_two::phases::movement;
    // The same battle three times over: the second has a friend step into the way of the
    // first battalion's advance, the third has the far enemy gone from the neighbourhood.
    let battle = |friend_x: f64, far: [f64; 3]| {
        Battle::new()
            .unit(AUSTRIA, "IR 1", UnitType::Line, [12.0, 6.0, 90.0])
            .unit(AUSTRIA, "IR 2", UnitType::Line, [friend_x, 8.0, 90.0])
            .unit(FRANCE, "1e Ligne", UnitType::Line, [12.0, 14.0, 270.0])
            .unit(FRANCE, "2e Ligne", UnitType::Line, far)
            .start()
    };
    let before = battle(16.0, [14.0, 9.0, 270.0]);
    let moved = battle(12.0, [14.0, 9.0, 270.0]);
    let gone = battle(16.0, [2.0, 22.0, 270.0]);
    let id = before.id("IR 1");
    let legs = [Leg::Forward { d: 4.0 }];
    fn near(t: &common::Table) -> movement::Near<'_> {
        movement::neighbourhood(&t.state, t.unit("IR 1"), 7.0)
    }
    let seen = near(&before).units().to_vec();
    assert_eq!(
        seen.len(),
        3,
        "both friends and enemies within reach are gathered"
    );
    assert_eq!(
        movement::room_blocker(before.unit("IR 1"), &legs, &near(&before)),
        None
    );

    // Nothing changed: nothing to test again.
    let mut changed = Vec::new();
    movement::changed_since(&seen, &near(&before), &mut changed);
    assert!(changed.is_empty());

    // The friend now stands in the way: it alone is changed, and testing it alone finds
    // what a new test of every base finds.
    let now = near(&moved);
    movement::changed_since(&seen, &now, &mut changed);
    assert_eq!(
        changed.iter().map(|c| c.0).collect::<Vec<_>>(),
        [moved.id("IR 2")]
    );
    let whole = movement::room_blocker(moved.unit("IR 1"), &legs, &now);
    assert_eq!(whole, Some(moved.id("IR 2")));
    assert_eq!(
        movement::room_blocker_among(moved.unit("IR 1"), &legs, &now, &changed),
        whole
    );

    // A unit gone from the neighbourhood is no change to test, but the list is shorter.
    changed.clear();
    let now = near(&gone);
    movement::changed_since(&seen, &now, &mut changed);
    assert!(changed.is_empty());
    assert_eq!(now.units().len(), seen.len() - 1);
    assert!(now.units().iter().all(|u| u.0 != id));
}

#[test]
fn a_charges_value_counts_a_friend_come_beside_where_it_ends_with_or_without_the_memo() {
    use grognard_geometry::Pose;
    use grognard_rules_two_by_two::advisor::{self, Memo};
    use grognard_rules_two_by_two::Event;
    // A battalion 2.1" from a French line may charge it; its HQ stands far off.
    let mut t = Battle::new()
        .unit(AUSTRIA, "IR 1", UnitType::Line, [12.0, 10.0, 90.0])
        .unit(AUSTRIA, "Staff", UnitType::Hq, [3.0, 2.0, 90.0])
        .unit(FRANCE, "1e Ligne", UnitType::Line, [12.0, 12.6, 270.0])
        .start();
    t.phase(1, "move", AUSTRIA);
    let ir = t.id("IR 1");
    let charge = |cands: &[grognard_engine::Candidate<Command>]| {
        cands
            .iter()
            .find(|c| {
                c.why == "charge" && matches!(c.command, Command::Move { unit, .. } if unit == ir)
            })
            .map(|c| c.score)
            .expect("a charge is weighed")
    };
    let mut memo = Memo::default();
    let mut kept = Vec::new();
    advisor::candidates_with(&t.state, AUSTRIA, &mut memo, &mut kept);
    let alone = charge(&kept);
    // The HQ moves: the same battle, the enemy as it was, and the HQ, having moved, is not
    // weighed again this phase.
    let hq = t.id("Staff");
    let place = |t: &mut common::Table, x: f64, y: f64| {
        t.apply(Event::Moved {
            unit: hq,
            to: Pose::at(grognard_geometry::Vec2::new(x, y), 90f64.to_radians()),
            cost: 0.0,
            road: false,
        })
    };
    let mut fresh = Vec::new();
    let mut far = t.clone();
    // Further off still: the charge is worth what it was, and the general with a memo
    // finds what one without finds.
    place(&mut far, 20.0, 2.0);
    let mut far_memo = Memo::default();
    advisor::candidates_with(&t.state, AUSTRIA, &mut far_memo, &mut Vec::new());
    kept.clear();
    advisor::candidates_with(&far.state, AUSTRIA, &mut far_memo, &mut kept);
    advisor::candidates(&far.state, AUSTRIA, &mut fresh);
    assert_eq!(kept, fresh);
    assert_eq!(charge(&kept), alone);
    // Beside where the charge ends, in contact with the battalion there ("HQ in contact",
    // +1 in the melee): the charge is worth more, with the memo or without.
    place(&mut t, 11.0, 11.9);
    kept.clear();
    fresh.clear();
    advisor::candidates_with(&t.state, AUSTRIA, &mut memo, &mut kept);
    advisor::candidates(&t.state, AUSTRIA, &mut fresh);
    assert_eq!(kept, fresh);
    assert!(
        charge(&kept) > alone,
        "with the HQ in contact {} against {alone} alone",
        charge(&kept)
    );
}

#[test]
fn a_checked_candidates_kept_plan_is_the_plan_a_fresh_check_makes() {
    use grognard_rules_two_by_two::advisor::Memo;
    // A battalion 2.1" from a French line may charge it or advance; a gun beside it may
    // fire at the line.
    let mut t = Battle::new()
        .unit(AUSTRIA, "IR 1", UnitType::Line, [12.0, 10.0, 90.0])
        .unit(AUSTRIA, "Guns", UnitType::FootArtillery, [6.0, 10.0, 90.0])
        .unit(FRANCE, "1e Ligne", UnitType::Line, [12.0, 12.6, 270.0])
        .start();
    t.phase(1, "move", AUSTRIA);
    let state = t.state.clone();
    let mut memo = Memo::default();
    let mut cands = Vec::new();
    TwoByTwo.candidates_with(&&state, AUSTRIA, &mut memo, &mut cands);
    let mut kept = 0;
    for c in cands.iter().filter(|c| c.checked) {
        if let Some(plan) = TwoByTwo.kept_plan(&&state, AUSTRIA, &mut memo, &c.command) {
            assert_eq!(
                Ok(plan),
                TwoByTwo.plan(&state, AUSTRIA, &c.command),
                "{:?}",
                c.why
            );
            assert!(matches!(c.command, Command::Move { .. }));
            kept += 1;
        }
    }
    let moves = cands
        .iter()
        .filter(|c| c.checked && matches!(c.command, Command::Move { .. }))
        .count();
    assert!(
        kept > 0 && kept == moves,
        "{kept} of {moves} checked moves kept their plans"
    );
    // Another battle, not the one the memo weighed: nothing is kept for it.
    let mut other = t.clone();
    other.phase(1, "shoot", AUSTRIA);
    let first_move = cands.iter().find(|c| c.why == "charge").expect("a charge");
    assert_eq!(
        TwoByTwo.kept_plan(&&other.state, AUSTRIA, &mut memo, &first_move.command),
        None
    );

    // In the fire phase the gun's shot is planned as it is offered, to the general and to the
    // random player alike, and each memo gives that plan out once.
    t.phase(1, "shoot", AUSTRIA);
    let state = t.state.clone();
    let fire = Command::Fire {
        shooter: t.id("Guns"),
        target: t.id("1e Ligne"),
        with: None,
    };
    let fresh = TwoByTwo
        .plan(&state, AUSTRIA, &fire)
        .expect("the gun may fire");
    assert!(matches!(fresh, Plan::Shot(_)));
    let mut memo = Memo::default();
    cands.clear();
    TwoByTwo.candidates_with(&&state, AUSTRIA, &mut memo, &mut cands);
    assert!(cands.iter().any(|c| c.checked && c.command == fire));
    let once = TwoByTwo.kept_plan(&&state, AUSTRIA, &mut memo, &fire);
    assert_eq!(once.as_ref(), Some(&fresh));
    assert_eq!(TwoByTwo.kept_plan(&&state, AUSTRIA, &mut memo, &fire), None);
    let mut offered = Memo::default();
    let n = TwoByTwo
        .offers_in_memo(&&state, AUSTRIA, &mut offered)
        .expect("the offers are listed in the memo");
    assert!((0..n).any(|i| TwoByTwo.kept_offer(&&state, &mut offered, i) == Some(fire.clone())));
    assert_eq!(
        TwoByTwo.kept_plan(&&state, AUSTRIA, &mut offered, &fire),
        Some(fresh)
    );
}

#[test]
fn a_reckoning_carried_over_an_enemy_move_weighs_as_a_new_one() {
    use grognard_geometry::Pose;
    use grognard_rules_two_by_two::advisor::{self, Memo};
    use grognard_rules_two_by_two::Event;
    // A battalion that may charge the nearer of two French battalions; the far one moves
    // (the enemy's mark changes, the battalion stands), and then a friend steps into the
    // way of the battalion's charge.
    let mut t = Battle::new()
        .unit(AUSTRIA, "IR 1", UnitType::Line, [12.0, 10.0, 90.0])
        .unit(AUSTRIA, "IR 2", UnitType::Line, [20.0, 4.0, 90.0])
        .unit(FRANCE, "1e Ligne", UnitType::Line, [12.0, 12.6, 270.0])
        .unit(FRANCE, "2e Ligne", UnitType::Line, [3.0, 20.0, 270.0])
        .start();
    t.phase(1, "move", AUSTRIA);
    let mut memo = Memo::default();
    let mut kept = Vec::new();
    let mut fresh = Vec::new();
    advisor::candidates_with(&t.state, AUSTRIA, &mut memo, &mut kept);
    let place = |t: &mut common::Table, name: &str, x: f64, y: f64, facing: f64| {
        let unit = t.id(name);
        t.apply(Event::Placed {
            unit,
            pose: Pose::at(grognard_geometry::Vec2::new(x, y), facing.to_radians()),
            why: "test".into(),
        })
    };
    let ir = t.id("IR 1");
    let charges = |cands: &[grognard_engine::Candidate<Command>]| {
        cands
            .iter()
            .filter(|c| {
                c.why == "charge" && matches!(c.command, Command::Move { unit, .. } if unit == ir)
            })
            .count()
    };
    let before = charges(&kept);
    assert!(before > 0, "IR 1 may charge");
    // Each time the far enemy moves too, so that IR 1 is reckoned again from what was
    // reckoned before.
    let mut found = Vec::new();
    for (far_x, friend) in [(4.0, [20.0, 4.0]), (5.0, [12.0, 11.3])] {
        place(&mut t, "2e Ligne", far_x, 19.0, 270.0);
        place(&mut t, "IR 2", friend[0], friend[1], 90.0);
        kept.clear();
        fresh.clear();
        advisor::candidates_with(&t.state, AUSTRIA, &mut memo, &mut kept);
        advisor::candidates(&t.state, AUSTRIA, &mut fresh);
        assert_eq!(kept, fresh, "with IR 2 at {friend:?}");
        found.push(charges(&kept));
    }
    assert_eq!(found[0], before, "nothing in the way: the same charges");
    assert!(
        found[1] < before,
        "IR 2 in the way blocks a charge: {found:?}"
    );
}

#[test]
fn a_full_follow_ups_reach_found_as_it_is_offered_is_the_plan_it_is_carried_out_on() {
    use common::melee_order;
    use grognard_rules_two_by_two::advisor::Memo;
    use grognard_rules_two_by_two::state::Pending;
    // The French line wins its melee by 3 (5 against 2 after a drawn round): a follow-up it
    // may make or not, straight on toward a second Austrian line 2.5" ahead.
    let mut t = Battle::new()
        .unit(AUSTRIA, "victim", UnitType::Line, [12.0, 10.5, 270.0])
        .unit(AUSTRIA, "second", UnitType::Line, [12.0, 13.0, 270.0])
        .unit(FRANCE, "line", UnitType::Line, [12.0, 10.0, 90.0])
        .start();
    t.contact("line", "victim");
    t.phase(1, "melee", FRANCE);
    let line = t.id("line");
    t.run(
        FRANCE,
        &melee_order(vec![(line, t.id("victim"))]),
        &[3, 3, 5, 2],
    );
    assert_eq!(
        t.state.pending,
        Some(Pending::FollowUp {
            side: FRANCE,
            unit: line,
            mandatory: false
        })
    );
    let state = t.state.clone();
    let full = Command::FollowUp {
        distance: state.field.tables.move_allowance(UnitType::Line),
    };
    let fresh = TwoByTwo.plan(&state, FRANCE, &full).expect("legal");
    let Plan::FollowUp(d, touches) = &fresh else {
        panic!("a follow-up is planned by its reach: {fresh:?}")
    };
    assert!(*d > 0.05 && *d < 2.5, "stops at the second line: {d}");
    assert_eq!(touches, &vec![t.id("second")]);
    // The general and the random player alike are handed the reach found as the follow-up
    // was offered, once, and only for the full follow-up it was found for.
    let mut general = Memo::default();
    let mut cands = Vec::new();
    TwoByTwo.candidates_with(&&state, FRANCE, &mut general, &mut cands);
    let follow_ups: Vec<_> = cands
        .iter()
        .filter(|c| matches!(c.command, Command::FollowUp { .. }))
        .collect();
    assert_eq!(follow_ups.len(), 3, "{follow_ups:?}");
    assert!(follow_ups.iter().all(|c| c.checked));
    let mut offered = Memo::default();
    let n = TwoByTwo
        .offers_in_memo(&&state, FRANCE, &mut offered)
        .unwrap_or(0);
    let mut offers = Vec::new();
    if n == 0 {
        TwoByTwo.offer_with(&&state, FRANCE, &mut offered, &mut offers);
    } else {
        offers.extend((0..n).filter_map(|i| TwoByTwo.kept_offer(&&state, &mut offered, i)));
    }
    assert!(offers.contains(&full));
    for memo in [&mut general, &mut offered] {
        for c in &follow_ups {
            if c.command != full {
                assert_eq!(TwoByTwo.kept_plan(&&state, FRANCE, memo, &c.command), None);
            }
        }
        let kept = TwoByTwo.kept_plan(&&state, FRANCE, memo, &full);
        assert_eq!(kept.as_ref(), Some(&fresh));
        assert_eq!(TwoByTwo.kept_plan(&&state, FRANCE, memo, &full), None);
        // Carried out on it, the follow-up does what it does carried out afresh.
        let (mut a, mut b) = (state.clone(), state.clone());
        let (mut ea, mut eb) = (Vec::new(), Vec::new());
        TwoByTwo.execute_planned(
            &mut a,
            FRANCE,
            &full,
            kept.expect("kept"),
            &mut Seeded::new(3),
            &mut ea,
        );
        TwoByTwo
            .execute(&mut b, FRANCE, &full, &mut Seeded::new(3), &mut eb)
            .expect("legal");
        assert_eq!(ea, eb);
        assert!(ea.iter().any(|e| matches!(
            e,
            grognard_rules_two_by_two::event::Event::Contacted { attacker, .. } if *attacker == line
        )));
    }
}

#[test]
fn offers_and_candidates_through_a_kept_memo_are_those_made_afresh() {
    use grognard_rules_two_by_two::advisor::{self, Memo};
    // Whole random battles: at every decision, the offers a memo kept from the side's
    // earlier decisions lists (the order of the units nearest the enemy among what it keeps)
    // are those a new memo lists, and so are the general's candidates.
    let mut decisions = 0;
    let mut moves = 0;
    let (mut kept, mut fresh) = (Vec::new(), Vec::new());
    let (mut kept_c, mut fresh_c) = (Vec::new(), Vec::new());
    for seed in 0..3 {
        let mut offered = [Memo::default(), Memo::default()];
        let mut weighed = [Memo::default(), Memo::default()];
        common::random_battle(seed, |state, side, c| {
            let s = side.index();
            kept.clear();
            fresh.clear();
            advisor::offers_with(state, side, &mut offered[s], &mut kept);
            advisor::offers(state, side, &mut fresh);
            assert_eq!(kept, fresh, "seed {seed}, decision {decisions}: offers");
            kept_c.clear();
            fresh_c.clear();
            advisor::candidates_with(state, side, &mut weighed[s], &mut kept_c);
            advisor::candidates(state, side, &mut fresh_c);
            assert_eq!(
                kept_c, fresh_c,
                "seed {seed}, decision {decisions}: candidates"
            );
            decisions += 1;
            moves += usize::from(matches!(c, Command::Move { .. }));
        });
    }
    assert!(
        decisions > 600 && moves > 200,
        "{decisions} decisions, {moves} moves"
    );
}
