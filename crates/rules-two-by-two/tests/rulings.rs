//! One test per ruling of the README ("Rulings" R1..R32) and per row of the coverage table
//! that names this file. Each sets up the smallest battle that shows the ruling and checks
//! numbers, events, statuses or positions that would change if the ruling were read
//! differently.

mod common;

use common::legs::{back, fwd, side, turn};
use common::*;
use grognard_engine::terrain::TerrainKind::*;
use grognard_engine::{Ruleset, Side};
use grognard_geometry::Leg;
use grognard_rules_two_by_two::event::{Cause, Event};
use grognard_rules_two_by_two::phases::melee;
use grognard_rules_two_by_two::phases::movement;
use grognard_rules_two_by_two::phases::rally;
use grognard_rules_two_by_two::phases::shooting;
use grognard_rules_two_by_two::scenario::{Edge, GameKind};
use grognard_rules_two_by_two::sequence::phase_key;
use grognard_rules_two_by_two::state::{Contact, Pending, Place, ShotResult, Status};
use grognard_rules_two_by_two::units::{Size, UnitType, UnitType::*};
use grognard_rules_two_by_two::{Command, TwoByTwo};

const R_CONTACT: &str = "2x2 Moving to contact";

/// The cost of a move by `name`, or why it is refused.
fn cost(t: &Table, name: &str, legs: &[Leg]) -> Result<f64, String> {
    movement::plan(&t.state, t.unit(name), legs, false)
        .map(|p| p.cost)
        .map_err(|e| e.to_string())
}

fn routed_to(events: &[Event], unit: u16) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::Routed { unit: u, .. } if *u == unit))
}

// R5 "2x2 Shooting ranges": foot artillery 3/8" is a normal band to 3" and a long band (-1)
// to 8"; 1" or less is short (+1); horse artillery 2/5"; small arms 1".
// Actions: plan shots at a target straight ahead at measured distances.
// Expected: the band modifiers switch exactly at 1", 3" (2"), 8" (5"); beyond is illegal.
#[test]
fn r5_artillery_range_bands() {
    fn shot_at(kind: UnitType, d: f64) -> Result<Vec<(i32, String)>, String> {
        // Front edge of the gun at y = 4.25; the target's near edge `d` beyond it.
        let t = Battle::new()
            .unit(FRANCE, "gun", kind, [12.0, 4.0, 90.0])
            .unit(AUSTRIA, "target", Line, [12.0, 4.5 + d, 270.0])
            .start();
        shooting::plan(&t.state, t.id("gun"), t.id("target"), None)
            .map(|p| {
                assert!(near(p.range, d, 1e-9));
                mods(&p.modifiers)
            })
            .map_err(|e| {
                assert_eq!(e.rule, "2x2 Shooting ranges");
                e.reason.into_owned()
            })
    }
    let short = || Ok(vec![(1, "artillery at short range".to_string())]);
    let long = || Ok(vec![(-1, "artillery at long range".to_string())]);
    let none = || Ok(vec![]);
    assert_eq!(shot_at(FootArtillery, 0.5), short());
    assert_eq!(shot_at(FootArtillery, 1.0), short());
    assert_eq!(shot_at(FootArtillery, 1.1), none());
    assert_eq!(shot_at(FootArtillery, 3.0), none());
    assert_eq!(shot_at(FootArtillery, 3.1), long());
    assert_eq!(shot_at(FootArtillery, 8.0), long());
    assert!(shot_at(FootArtillery, 8.1).is_err());
    assert_eq!(shot_at(HorseArtillery, 1.0), short());
    assert_eq!(shot_at(HorseArtillery, 2.0), none());
    assert_eq!(shot_at(HorseArtillery, 2.1), long());
    assert_eq!(shot_at(HorseArtillery, 5.0), long());
    assert!(shot_at(HorseArtillery, 5.1).is_err());
    assert_eq!(
        shot_at(Line, 1.0),
        Ok(vec![(1, "first volley".to_string())])
    );
    assert!(shot_at(Line, 1.1).is_err());
    // Cavalry and HQs do not shoot at all.
    let t = Battle::new()
        .unit(FRANCE, "hussars", LightCavalry, [12.0, 4.0, 90.0])
        .unit(AUSTRIA, "target", Line, [12.0, 5.0, 270.0])
        .start();
    assert!(shooting::plan(&t.state, t.id("hussars"), t.id("target"), None).is_err());
}

/// An Austrian Line battalion facing south with its front edge at y = 10.75, and one French
/// attacker.
fn charge(at: [f64; 3]) -> Table {
    let mut t = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 11.0, 270.0])
        .unit(FRANCE, "attacker", Line, at)
        .start();
    t.phase(1, "move", FRANCE);
    t
}

// R11 "2x2 Moving to contact": contact only ends a move, after the last 2" (or the whole
// move, if shorter) straight ahead, with the front edge touching.
// Actions: several French approaches that all end touching the defender's front.
// Expected: a 2" straight run and a 1" straight move are allowed and make the contact; a
// move whose last leg is 1" after a wheel, a sideways step before a 1" run, and a move
// that goes on after touching are refused under "Moving to contact".
#[test]
fn r11_contact_needs_a_straight_run() {
    let mut t = charge([12.0, 8.5, 90.0]);
    let a = t.id("attacker");
    let events = t.run(FRANCE, &mv(a, vec![fwd(2.0)]), &[]);
    assert!(events.contains(&Event::Contacted {
        attacker: a,
        defender: t.id("defender")
    }));
    assert_eq!(t.state.contacts.len(), 1);

    let mut t = charge([12.0, 9.5, 90.0]);
    t.run(FRANCE, &mv(a, vec![fwd(1.0)]), &[]);
    assert_eq!(
        t.state.contacts.len(),
        1,
        "a whole move under 2\" may be the run"
    );

    let mut t = charge([11.0, 9.5, 90.0]);
    let e = t.refused(
        FRANCE,
        &mv(a, vec![turn(0.0), fwd(1.0), turn(90.0), fwd(1.0)]),
    );
    assert_eq!(e.rule, R_CONTACT);
    assert!(e.reason.contains("last 2.0\""), "{e}");

    let mut t = charge([11.5, 9.5, 90.0]);
    let e = t.refused(FRANCE, &mv(a, vec![side(-0.5), fwd(1.0)]));
    assert_eq!(e.rule, R_CONTACT);
    assert!(e.reason.contains("last 1.5\""), "{e}");

    let mut t = charge([12.0, 8.0, 90.0]);
    let e = t.refused(FRANCE, &mv(a, vec![fwd(2.5), back(0.5)]));
    assert_eq!(e.rule, R_CONTACT);
    assert!(e.reason.contains("must end the move"), "{e}");
}

// R11 "2x2 Movement": sideways costs double, straight back costs its length, turns are free.
// Actions: price moves of an infantry battalion (3") and heavy cavalry (4").
// Expected: 1.5" sideways costs 3"; 1.6" sideways (3.2") is refused; 3" back, 1" ahead + 1"
// sideways, and a turn then 3" ahead all cost exactly 3"; the event carries the cost.
#[test]
fn r11_sideways_costs_double() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "line", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "cuirassiers", HeavyCavalry, [6.0, 12.0, 90.0])
        .unit(FRANCE, "far", Line, [12.0, 22.0, 270.0])
        .start();
    assert_eq!(cost(&t, "line", &[side(1.5)]), Ok(3.0));
    let e = cost(&t, "line", &[side(1.6)]).unwrap_err();
    assert!(e.contains("costs 3.20\""), "{e}");
    assert_eq!(cost(&t, "line", &[back(3.0)]), Ok(3.0));
    assert_eq!(cost(&t, "line", &[fwd(1.0), side(1.0)]), Ok(3.0));
    assert_eq!(cost(&t, "line", &[turn(270.0), fwd(3.0)]), Ok(3.0));
    assert_eq!(cost(&t, "cuirassiers", &[side(-2.0)]), Ok(4.0));
    assert!(cost(&t, "cuirassiers", &[side(-2.1)]).is_err());

    let id = t.id("line");
    let events = t.run(AUSTRIA, &mv(id, vec![side(1.5)]), &[]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Moved { unit, cost, road: false, .. } if *unit == id && near(*cost, 3.0, 1e-9)
    )));
    assert_at(&t, "line", 10.5, 12.0, 1e-9);
    assert!(
        t.check(AUSTRIA, &mv(id, vec![fwd(0.1)])).is_err(),
        "moved once already"
    );
}

// R11: units do not pass through other units (routs excepted); turning about the centre
// needs room.
// Actions: a battalion tries to advance through a friend 1.5" ahead of it, and to turn
// while touching a friend's flank.
// Expected: both refused; stepping round the friend is allowed.
#[test]
fn r11_moves_do_not_pass_through_units() {
    let t = Battle::new()
        .unit(AUSTRIA, "mover", Line, [12.0, 8.0, 90.0])
        .unit(AUSTRIA, "friend", Line, [12.0, 9.5, 90.0])
        .unit(AUSTRIA, "beside", Line, [13.0, 9.5, 90.0])
        .unit(FRANCE, "far", Line, [12.0, 22.0, 270.0])
        .start();
    let e = cost(&t, "mover", &[fwd(3.0)]).unwrap_err();
    assert!(e.contains("runs through friend"), "{e}");
    let e = cost(&t, "friend", &[turn(0.0)]).unwrap_err();
    assert!(e.contains("no room to turn"), "{e}");
    assert_eq!(cost(&t, "mover", &[side(1.0), fwd(1.0)]), Ok(3.0));
}

// R12 "2x2 Movement modifiers: Road, Towns": the +1" road bonus needs the centre on the
// road for the whole move and no town.
// Actions: price moves on, off, partly off a north-south road, and through a town on it.
// Expected: 4" wholly on road is allowed (road column); 4" off road is not; leaving the
// road part way (3.5") is not; a move into the town along the road is at half rate with no
// road bonus (R34): 2" is refused, 1.5" is allowed.
#[test]
fn r12_road_bonus_needs_the_whole_move() {
    let mut t = Battle::new()
        .band(Road, &[[12.0, 0.0], [12.0, 24.0]], 0.5)
        .rect(Town, 12.0, 18.0, 2.0, 2.0)
        .unit(AUSTRIA, "column", Line, [12.0, 5.0, 90.0])
        .unit(AUSTRIA, "fields", Line, [14.0, 5.0, 90.0])
        .unit(AUSTRIA, "leaver", Line, [12.0, 10.0, 90.0])
        .unit(AUSTRIA, "townsmen", Line, [12.0, 16.5, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    let plan = movement::plan(&t.state, t.unit("column"), &[fwd(4.0)], false).unwrap();
    assert!(plan.road);
    assert_eq!((plan.cost, plan.allowance), (4.0, 4.0));
    assert!(cost(&t, "fields", &[fwd(4.0)]).is_err());
    assert_eq!(cost(&t, "fields", &[fwd(3.0)]), Ok(3.0));
    let e = cost(&t, "leaver", &[fwd(2.0), turn(0.0), fwd(1.5)]).unwrap_err();
    assert!(e.contains("may move only 3.00\""), "{e}");
    let e = cost(&t, "townsmen", &[fwd(2.0)]).unwrap_err();
    assert!(e.contains("may move only 1.50\" (half rate"), "{e}");
    let plan = movement::plan(&t.state, t.unit("townsmen"), &[fwd(1.5)], false).unwrap();
    assert!(!plan.road);
    assert_eq!((plan.cost, plan.allowance), (1.5, 1.5));

    let id = t.id("column");
    t.run(AUSTRIA, &mv(id, vec![fwd(4.0)]), &[]);
    assert_at(&t, "column", 12.0, 9.0, 1e-9);
    assert!(t.unit("column").road_column, "R23: caught in road column");
}

// R12 "Stream", "Bridge": a stream costs 1" more to cross; a stream crossed at a bridge is
// no stream crossing, but a bridge is crossed at half rate unless the whole move is on road.
// Actions: price moves across a stream in the open, at a bridge off road, and at a bridge
// carrying a road.
// Expected: 2" in the open costs 3" (2.1" is refused); at the bridge off road the move is
// at half rate (R34) with no stream crossing, so 1.5" costs 1.5" and 1.6" is refused; on the
// road bridge 3" ahead costs 3" and 4" is allowed.
#[test]
fn r12_stream_costs_an_inch() {
    let t = Battle::new()
        .band(Stream, &[[0.0, 10.0], [24.0, 10.0]], 0.25)
        .rect(Bridge, 18.0, 10.0, 0.8, 1.0)
        .band(Road, &[[6.0, 0.0], [6.0, 24.0]], 0.5)
        .rect(Bridge, 6.0, 10.0, 0.8, 1.0)
        .unit(AUSTRIA, "open", Line, [12.0, 8.5, 90.0])
        .unit(AUSTRIA, "bridge", Line, [18.0, 8.5, 90.0])
        .unit(AUSTRIA, "road", Line, [6.0, 7.5, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    assert_eq!(cost(&t, "open", &[fwd(1.0)]), Ok(1.0));
    assert!(near(cost(&t, "open", &[fwd(2.0)]).unwrap(), 3.0, 1e-9));
    assert!(cost(&t, "open", &[fwd(2.1)]).is_err());
    assert!(near(cost(&t, "bridge", &[fwd(1.5)]).unwrap(), 1.5, 1e-9));
    let e = cost(&t, "bridge", &[fwd(1.6)]).unwrap_err();
    assert!(e.contains("may move only 1.50\" (half rate"), "{e}");
    assert!(near(cost(&t, "road", &[fwd(3.0)]).unwrap(), 3.0, 1e-9));
    assert!(near(cost(&t, "road", &[fwd(4.0)]).unwrap(), 4.0, 1e-9));
}

// R12 "Streams ... Rivers": a river may be crossed only at a bridge or a ford; a ford
// counts as a stream.
// Actions: try to cross a river in the open, at a ford, at a bridge.
// Expected: refused in the open (the reason names the river); 2" across the ford costs 3"
// (2.1" is refused); the bridge is crossed at half rate (R34): 1.5" onto it is allowed, 2"
// across it is not.
#[test]
fn r12_river_only_at_bridge_or_ford() {
    let t = Battle::new()
        .band(River, &[[0.0, 10.0], [24.0, 10.0]], 0.5)
        .rect(Ford, 6.0, 10.0, 1.5, 1.5)
        .rect(Bridge, 18.0, 10.0, 1.0, 1.0)
        .unit(AUSTRIA, "open", Line, [12.0, 8.5, 90.0])
        .unit(AUSTRIA, "ford", Line, [6.0, 8.5, 90.0])
        .unit(AUSTRIA, "bridge", Line, [18.0, 8.5, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    let e = cost(&t, "open", &[fwd(2.0)]).unwrap_err();
    assert!(e.contains("river"), "{e}");
    assert!(near(cost(&t, "ford", &[fwd(2.0)]).unwrap(), 3.0, 1e-9));
    assert!(cost(&t, "ford", &[fwd(2.1)]).is_err());
    assert!(near(cost(&t, "bridge", &[fwd(1.5)]).unwrap(), 1.5, 1e-9));
    assert!(cost(&t, "bridge", &[fwd(2.0)]).is_err());
}

// R12 "2x2 Movement modifiers: Dense woods": only light infantry may enter a dense wood off
// a road, anywhere along its move, not only where it ends.
// Actions: price a battalion's 3" move straight across a small wood, starting and ending
// clear of it; the same for light infantry across a wood like it; and a battalion passing beside a wood turned
// 45 degrees, whose bounding box its path crosses, stopping short of it and then going on
// into it.
// Expected: across the wood the battalion is refused ("only along a road") and the light
// infantry is not; beside the turned wood 2.5" is allowed, its base still 0.14" clear of
// the wood's nearest edge, and 3" is refused, the base then 0.11" into it.
#[test]
fn r12_dense_woods_bar_the_whole_path() {
    let t = Battle::new()
        .rect(DenseWood, 12.0, 11.5, 0.6, 0.6)
        .rect(DenseWood, 8.0, 11.5, 0.6, 0.6)
        .feature(
            DenseWood,
            grognard_geometry::shape::ShapeSpec::Rect {
                centre: [16.0, 12.0],
                width: 1.0,
                height: 1.0,
                angle: 45.0,
            },
        )
        .unit(AUSTRIA, "across", Line, [12.0, 10.0, 90.0])
        .unit(AUSTRIA, "jaegers", LightInfantry, [8.0, 10.0, 90.0])
        .unit(AUSTRIA, "beside", Line, [14.9, 9.0, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    let e = cost(&t, "across", &[fwd(3.0)]).unwrap_err();
    assert!(e.contains("only along a road"), "{e}");
    // The light infantry crosses a wood like the first.
    assert_eq!(cost(&t, "jaegers", &[fwd(3.0)]), Ok(3.0));
    assert_eq!(cost(&t, "beside", &[fwd(2.5)]), Ok(2.5));
    let e = cost(&t, "beside", &[fwd(3.0)]).unwrap_err();
    assert!(e.contains("only along a road"), "{e}");
}

// R34 "2x2 Movement modifiers: Towns, Bridge": a move through any part of a town is made at
// half rate with no road bonus; so is a move over a bridge, unless the unit is in road
// column (the whole move on road), when it crosses at full rate with the road bonus.
// Actions: price moves of a battalion (3") standing in a town, of heavy cavalry (4")
// crossing a corner of it, of a battalion stopping short of it, and of battalions reaching
// a bridge off the road and crossing a road bridge in column.
// Expected: leaving the town, 1.5" is allowed and 1.6" is refused under "Movement
// modifiers"; the cavalry has 4" for 1.4" short of the town's corner, and may make 2" into
// it but not 2.1"; 2.4" short of the
// town costs 2.4" at full rate; the battalion reaching the bridge has 1.5"; the column
// crosses the road bridge with 4".
#[test]
fn r34_towns_and_bridges_at_half_rate() {
    let t = Battle::new()
        .rect(Town, 12.0, 12.0, 2.0, 2.0)
        .band(Stream, &[[0.0, 18.0], [24.0, 18.0]], 0.25)
        .band(Road, &[[20.0, 0.0], [20.0, 24.0]], 0.5)
        .rect(Bridge, 20.0, 18.0, 0.8, 1.0)
        .rect(Bridge, 4.0, 18.0, 0.8, 1.0)
        .unit(AUSTRIA, "burghers", Line, [12.0, 12.5, 90.0])
        .unit(AUSTRIA, "cuirassiers", HeavyCavalry, [10.0, 10.0, 45.0])
        .unit(AUSTRIA, "short", Line, [15.5, 12.0, 180.0])
        .unit(AUSTRIA, "off road", Line, [4.0, 16.5, 90.0])
        .unit(AUSTRIA, "column", Line, [20.0, 14.0, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 23.0, 270.0])
        .start();
    let plan = movement::plan(&t.state, t.unit("burghers"), &[fwd(1.5)], false).unwrap();
    assert_eq!((plan.cost, plan.allowance, plan.road), (1.5, 1.5, false));
    let e = movement::plan(&t.state, t.unit("burghers"), &[fwd(1.6)], false).unwrap_err();
    assert_eq!(e.rule, "2x2 Movement modifiers");
    assert!(
        e.reason.contains("half rate: it moves through a town"),
        "{e}"
    );
    // The cavalry's path reaches the town's south-west corner (11, 11) after 1.41".
    let plan = movement::plan(&t.state, t.unit("cuirassiers"), &[fwd(1.4)], false).unwrap();
    assert_eq!(plan.allowance, 4.0);
    assert!(near(
        cost(&t, "cuirassiers", &[fwd(2.0)]).unwrap(),
        2.0,
        1e-9
    ));
    assert!(cost(&t, "cuirassiers", &[fwd(2.1)]).is_err());
    let plan = movement::plan(&t.state, t.unit("short"), &[fwd(2.4)], false).unwrap();
    assert_eq!(plan.allowance, 3.0);
    let plan = movement::plan(&t.state, t.unit("off road"), &[fwd(1.5)], false).unwrap();
    assert_eq!(plan.allowance, 1.5);
    let plan = movement::plan(&t.state, t.unit("column"), &[fwd(4.0)], false).unwrap();
    assert!(plan.road);
    assert_eq!((plan.cost, plan.allowance), (4.0, 4.0));
}

// R13 "2x2 Reinforcements": two dice per movement phase; 3+ from the rear, 4+ from a
// flank; the first unit queued arrives, rear edge on the table edge, facing in, within 3"
// of the point, not on another unit; it may move in the same phase.
// Actions: turn 1 the rear point rolls 2 and the flank point 3; turn 2 they roll 3 and 4;
// turn 3 the rear point rolls 6 and its unit is offered a place taken by a picket.
// Expected: nothing arrives on turn 1 and a third die is refused; on turn 2 "first"
// arrives at (13, 0.25) facing north and moves 3", the hussars arrive at (0.25, 4) facing
// east; a place 3.5" from the point, or on the picket, is refused; with both points empty
// no die may be thrown.
#[test]
fn r13_reinforcement_rolls() {
    let mut t = Battle::new()
        .point(AUSTRIA, Edge::South, 12.0)
        .point(AUSTRIA, Edge::West, 6.0)
        .waiting(AUSTRIA, "first", Line, 0)
        .waiting(AUSTRIA, "second", Line, 0)
        .waiting(AUSTRIA, "hussars", LightCavalry, 1)
        .unit(AUSTRIA, "picket", Line, [9.0, 0.25, 90.0])
        .unit(FRANCE, "far", Line, [12.0, 22.0, 270.0])
        .start();
    assert!(t.state.field.points[1].flank && !t.state.field.points[0].flank);

    let ev = t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[2]);
    match &ev[..] {
        [Event::ReinforcementRolled { roll, arrives, .. }] => {
            assert_eq!(roll.row, "3+ from the rear");
            assert_eq!(*arrives, None);
        }
        other => panic!("{other:?}"),
    }
    let ev = t.run(AUSTRIA, &Command::Reinforce { point: 1 }, &[3]);
    assert!(matches!(
        &ev[..],
        [Event::ReinforcementRolled { arrives: None, roll, .. }] if roll.row == "4+ from a flank"
    ));
    assert!(t.state.pending.is_none());
    for point in [0, 1] {
        let e = t.refused(AUSTRIA, &Command::Reinforce { point });
        assert!(e.reason.contains("thrown its 2 reinforcement dice"), "{e}");
    }

    t.phase(2, "move", AUSTRIA);
    let first = t.id("first");
    let ev = t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[3]);
    assert!(matches!(
        &ev[..],
        [Event::ReinforcementRolled { arrives: Some(u), .. }, Event::Pending { .. }] if *u == first
    ));
    assert!(t.check(AUSTRIA, &Command::Place { offset: 3.5 }).is_err());
    t.run(AUSTRIA, &Command::Place { offset: 1.0 }, &[]);
    assert_eq!(t.unit("first").place, Place::Table);
    assert_at(&t, "first", 13.0, 0.25, 1e-9);
    assert!(near(t.at("first")[2], 90.0, 1e-9));
    t.run(AUSTRIA, &mv(first, vec![fwd(3.0)]), &[]);
    assert_at(&t, "first", 13.0, 3.25, 1e-9);

    t.run(AUSTRIA, &Command::Reinforce { point: 1 }, &[4]);
    t.run(AUSTRIA, &Command::Place { offset: -2.0 }, &[]);
    assert_at(&t, "hussars", 0.25, 4.0, 1e-9);
    assert!(near(t.at("hussars")[2], 0.0, 1e-9));
    assert_eq!(t.state.queues[0], vec![t.id("second")]);

    t.phase(3, "move", AUSTRIA);
    t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[6]);
    let e = t.refused(AUSTRIA, &Command::Place { offset: -3.0 });
    assert!(e.reason.contains("picket stands there"), "{e}");
    t.run(AUSTRIA, &Command::Place { offset: 0.0 }, &[]);
    assert_at(&t, "second", 12.0, 0.25, 1e-9);
    assert!(t.state.queues.iter().all(|q| q.is_empty()));
    let e = t.refused(AUSTRIA, &Command::Reinforce { point: 0 });
    assert!(e.reason.contains("no units wait"), "{e}");
}

// R13 "2x2 Reinforcements": the phasing player dices twice a phase whatever its points hold:
// with one point empty both dice go to the other, and with both points holding units a
// player may throw both at one of them.
// Actions: the Austrian flank point is empty (its hussars lost) and three battalions wait
// at the rear point, which is diced twice (5, then 4), each arrival placed. In a second
// battle hussars wait at the flank point and a battalion at the rear point, and the rear
// point is diced twice on turn 2 (2, then 3).
// Expected: "a" and "b" arrive and a third die is refused; in the second battle the first
// die fails, the second brings "c", and the flank point may no longer be diced.
#[test]
fn r13_two_dice_whatever_the_points_hold() {
    let mut t = Battle::new()
        .point(AUSTRIA, Edge::South, 12.0)
        .point(AUSTRIA, Edge::West, 6.0)
        .waiting(AUSTRIA, "a", Line, 0)
        .waiting(AUSTRIA, "b", Line, 0)
        .waiting(AUSTRIA, "c", Line, 0)
        .waiting(AUSTRIA, "hussars", LightCavalry, 1)
        .unit(FRANCE, "far", Line, [12.0, 22.0, 270.0])
        .start();
    // Empty the flank point for the first turn.
    t.destroy("hussars");
    assert!(t.state.queues[1].is_empty());
    let e = t.refused(AUSTRIA, &Command::Reinforce { point: 1 });
    assert!(e.reason.contains("no units wait"), "{e}");
    t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[5]);
    t.run(AUSTRIA, &Command::Place { offset: -2.0 }, &[]);
    t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[4]);
    t.run(AUSTRIA, &Command::Place { offset: 2.0 }, &[]);
    assert_eq!(t.unit("a").place, Place::Table);
    assert_eq!(t.unit("b").place, Place::Table);
    assert_eq!(t.state.rolled, vec![2, 0]);
    let e = t.refused(AUSTRIA, &Command::Reinforce { point: 0 });
    assert!(e.reason.contains("thrown its 2 reinforcement dice"), "{e}");

    // Turn 2: both points hold units; both dice may still go to the rear point.
    let mut t = Battle::new()
        .point(AUSTRIA, Edge::South, 12.0)
        .point(AUSTRIA, Edge::West, 6.0)
        .waiting(AUSTRIA, "c", Line, 0)
        .waiting(AUSTRIA, "hussars", LightCavalry, 1)
        .unit(FRANCE, "far", Line, [12.0, 22.0, 270.0])
        .start();
    t.phase(2, "move", AUSTRIA);
    let ev = t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[2]);
    assert!(matches!(
        &ev[..],
        [Event::ReinforcementRolled { arrives: None, .. }]
    ));
    let ev = t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[3]);
    let c = t.id("c");
    assert!(matches!(
        &ev[..],
        [Event::ReinforcementRolled { arrives: Some(u), .. }, Event::Pending { .. }] if *u == c
    ));
    t.run(AUSTRIA, &Command::Place { offset: 0.0 }, &[]);
    assert_eq!(t.state.rolled, vec![2, 0]);
    assert!(t.check(AUSTRIA, &Command::Reinforce { point: 1 }).is_err());
    assert_eq!(t.unit("hussars").place, Place::Waiting { point: 1 });
}

// R16 "2x2 Moving to contact" (turning to face): decided by the defender at the end of the
// movement phase for infantry in good order; it pivots on its centre to face the attacker,
// which lines up front to front.
// Actions: a French battalion charges the left flank of an Austrian battalion; the French
// end their movement; the Austrians turn to face.
// Expected: the decision is offered to the Austrians; the defender faces west at (12, 12);
// the attacker stands at (11.5, 12) facing east, still in contact; play passes to the rally
// phase. With a second attacker on its front, that one steps back about 0.25" and keeps
// its contact. A Pinned defender is offered nothing.
#[test]
fn r16_defender_turns_to_face() {
    let battle = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "attacker", Line, [9.25, 12.0, 0.0])
        .unit(FRANCE, "bystander", Line, [3.0, 20.0, 270.0]);
    let mut t = battle.start();
    t.phase(1, "move", FRANCE);
    let (d, a) = (t.id("defender"), t.id("attacker"));
    t.run(FRANCE, &mv(a, vec![fwd(2.0)]), &[]);
    assert_eq!(
        t.state.contacts,
        vec![Contact {
            attacker: a,
            defender: d
        }]
    );
    t.run(FRANCE, &Command::EndPhase, &[]);
    assert_eq!(
        t.state.pending,
        Some(Pending::TurnToFace {
            side: AUSTRIA,
            defenders: vec![d]
        })
    );
    assert_eq!(TwoByTwo.to_act(&t.state), Some(AUSTRIA));
    let bystander = t.id("bystander");
    assert!(t
        .check(
            AUSTRIA,
            &Command::Face {
                unit: d,
                toward: Some(bystander)
            }
        )
        .is_err());
    t.run(
        AUSTRIA,
        &Command::Face {
            unit: d,
            toward: Some(a),
        },
        &[],
    );
    assert_at(&t, "defender", 12.0, 12.0, 1e-9);
    assert!(near(t.at("defender")[2].abs(), 180.0, 1e-9));
    assert_at(&t, "attacker", 11.5, 12.0, 1e-9);
    assert!(near(t.at("attacker")[2], 0.0, 1e-9));
    assert_eq!(t.state.contacts.len(), 1);
    assert!(t.state.pending.is_none());
    assert_eq!(phase_key(&t.state), "rally");
    assert_eq!(t.state.clock.phase, 5);

    // Two attackers, front and flank: facing the flank one swings the defender's base into
    // the front one, which steps straight back just enough to stay in touch.
    let mut t = battle
        .clone()
        .unit(FRANCE, "front", Line, [12.0, 12.5, 270.0])
        .start();
    t.contact("front", "defender");
    t.phase(1, "move", FRANCE);
    t.run(FRANCE, &mv(a, vec![fwd(2.0)]), &[]);
    t.run(FRANCE, &Command::EndPhase, &[]);
    t.run(
        AUSTRIA,
        &Command::Face {
            unit: d,
            toward: Some(a),
        },
        &[],
    );
    let y = t.at("front")[1];
    assert!((12.73..=12.77).contains(&y), "{y}");
    assert!(near(t.at("front")[0], 12.0, 1e-9));
    assert_eq!(t.state.contacts.len(), 2);
    assert!(grognard_rules_two_by_two::measure::touching(
        &t.unit("front").base(),
        &t.unit("defender").base()
    ));

    let mut t = battle.start();
    t.set_status("defender", Status::Pinned);
    t.phase(1, "move", FRANCE);
    t.run(FRANCE, &mv(a, vec![fwd(2.0)]), &[]);
    t.run(FRANCE, &Command::EndPhase, &[]);
    assert!(t.state.pending.is_none());
    assert_eq!(phase_key(&t.state), "rally");
    assert!(near(t.at("defender")[2], 90.0, 1e-9));
}

// R17 "2x2 Effects: Routs": the full move in a straight line; the table edge, or dense
// woods for any but light infantry, destroy the unit.
// Actions: a battalion 1.5" from its own edge is shot (6 + 1 = 7, routs) and routs straight
// back (survival 5); then a light cavalry regiment and a light infantry battalion rout
// voluntarily into a dense wood behind them, and other light infantry into a river away
// from any bridge or ford (survival 4 each).
// Expected: the battalion is destroyed off the table; the cavalry is destroyed by the wood;
// the light infantry ends 3" back inside the wood, Disrupted; the river destroys the
// other light infantry. Three units lost.
#[test]
fn r17_rout_off_table_destroys() {
    let mut t = Battle::new()
        .rect(DenseWood, 12.0, 6.0, 16.0, 2.0)
        .band(River, &[[0.0, 8.0], [3.5, 8.0]], 0.5)
        .unit(AUSTRIA, "swimmers", LightInfantry, [2.0, 10.0, 90.0])
        .unit(AUSTRIA, "target", Line, [12.0, 1.5, 90.0])
        .unit(AUSTRIA, "hussars", LightCavalry, [6.0, 10.0, 90.0])
        .unit(AUSTRIA, "jaegers", LightInfantry, [18.0, 10.0, 90.0])
        .unit(FRANCE, "line", Line, [12.0, 2.4, 270.0])
        .start();
    t.phase(1, "shoot", FRANCE);
    let target = t.id("target");
    let (_, result) = shot(&t.run(FRANCE, &fire(t.id("line"), target), &[6]));
    assert_eq!(result, ShotResult::Routs);
    let ev = t.run(AUSTRIA, &Command::RoutWay { away: false }, &[5]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::RoutTest { survived: true, .. })));
    assert_eq!(destroyed(&ev), vec![(target, Cause::OffTable)]);
    assert!(!routed_to(&ev, target));

    t.phase(2, "move", AUSTRIA);
    let hussars = t.id("hussars");
    let ev = t.run(AUSTRIA, &Command::VoluntaryRout { unit: hussars }, &[4]);
    assert_eq!(destroyed(&ev), vec![(hussars, Cause::ImpassableGround)]);
    let jaegers = t.id("jaegers");
    let ev = t.run(AUSTRIA, &Command::VoluntaryRout { unit: jaegers }, &[4]);
    assert!(destroyed(&ev).is_empty());
    assert_at(&t, "jaegers", 18.0, 7.0, 1e-6);
    assert_eq!(t.status("jaegers"), Status::Disrupted);
    let swimmers = t.id("swimmers");
    let ev = t.run(AUSTRIA, &Command::VoluntaryRout { unit: swimmers }, &[4]);
    assert_eq!(destroyed(&ev), vec![(swimmers, Cause::ImpassableGround)]);
    assert_eq!(t.state.lost, [3, 0]);
}

// R17: a friend the rout ends on is pushed along the rout direction just clear, and Pinned;
// if it cannot be pushed clear the rout stops at the last free place on its path.
// Actions: a light cavalry regiment routs 5" straight back onto a friendly battalion; then,
// near the table edge, onto a friend that has no room behind it.
// Expected: the friend goes from y 5 to 4.5 and is Pinned, the cavalry ends at (12, 5)
// Disrupted; at the edge the cavalry stops at y 1.0 and the friend stays put, in good order.
#[test]
fn r17_rout_pushes_friends_and_pins_them() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "hussars", LightCavalry, [12.0, 10.0, 90.0])
        .unit(AUSTRIA, "friend", Line, [12.0, 5.0, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    let (h, f) = (t.id("hussars"), t.id("friend"));
    let ev = t.run(AUSTRIA, &Command::VoluntaryRout { unit: h }, &[4]);
    assert_at(&t, "hussars", 12.0, 5.0, 1e-6);
    assert!(near(t.at("hussars")[2], 90.0, 1e-9), "facing kept");
    assert_eq!(t.status("hussars"), Status::Disrupted);
    assert_at(&t, "friend", 12.0, 4.5, 1e-6);
    assert_eq!(t.status("friend"), Status::Pinned);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Placed { unit, .. } if *unit == f)));

    let mut t = Battle::new()
        .unit(AUSTRIA, "hussars", LightCavalry, [12.0, 5.3, 90.0])
        .unit(AUSTRIA, "friend", Line, [12.0, 0.5, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    t.run(AUSTRIA, &Command::VoluntaryRout { unit: h }, &[4]);
    assert_at(&t, "hussars", 12.0, 1.0, 1e-6);
    assert_eq!(t.status("hussars"), Status::Disrupted);
    assert_at(&t, "friend", 12.0, 0.5, 1e-9);
    assert_eq!(t.status("friend"), Status::Ready);
}

// R18 "Militia": a militia unit routs when a friend routs within 1" of it; the chain goes
// to the militia's own rear and touches friends only.
// Actions: an Austrian light cavalry regiment routs voluntarily (survival 4) beside an
// Austrian militia battalion 0.5" away facing south (survival 5).
// Expected: the militia routs north, its own rear, to (13.5, 13), Disrupted, with cause
// MilitiaChain; a French militia battalion 0.5" away, an Austrian Line battalion 0.5"
// away and an Austrian militia battalion 1.5" from every rout stay as they were.
#[test]
fn r18_militia_routs_with_a_neighbour() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "hussars", LightCavalry, [12.0, 10.0, 90.0])
        .unit(AUSTRIA, "militia", Militia, [13.5, 10.0, 270.0])
        .unit(AUSTRIA, "line", Line, [12.0, 11.0, 90.0])
        .unit(AUSTRIA, "far militia", Militia, [16.0, 10.0, 90.0])
        .unit(FRANCE, "enemy militia", Militia, [10.5, 10.0, 90.0])
        .start();
    let h = t.id("hussars");
    let ev = t.run(AUSTRIA, &Command::VoluntaryRout { unit: h }, &[4, 5]);
    let tests: Vec<(u16, Cause)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::RoutTest { unit, cause, .. } => Some((*unit, cause.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        tests,
        vec![
            (h, Cause::Voluntary),
            (t.id("militia"), Cause::MilitiaChain)
        ]
    );
    assert_at(&t, "hussars", 12.0, 5.0, 1e-6);
    assert_at(&t, "militia", 13.5, 13.0, 1e-6);
    assert_eq!(t.status("militia"), Status::Disrupted);
    for n in ["line", "far militia", "enemy militia"] {
        assert_eq!(t.status(n), Status::Ready, "{n}");
    }
    assert_at(&t, "enemy militia", 10.5, 10.0, 1e-9);
}

// R18 "Guards": a routing Guards unit routs every friend it passes within 1"; the chain goes
// on while the units it breaks are Guards.
// Actions: French fire routs an Austrian Guards battalion (6 + 1 = 7), which routs straight
// back (survival 3) past a second Guards battalion (survival 4), which routs past a Line
// battalion (survival 5); a further Line battalion stands 0.8" from that Line battalion's
// path.
// Expected: three routs in that order, the two chained ones with cause GuardsChain, each
// 3" to its own rear and Disrupted; the last Line battalion is untouched.
// R18 "Guards", "Militia", "Melee results": chains reach friends only, so a winner in contact
// with a routing Guards unit stands and may follow up, as the melee rules let any winner.
// Actions: a French militia battalion attacks an Austrian Guards battalion (5 against
// 3 + 1): the Guards rout (survival 4) beside an Austrian militia battalion 0.3" away
// (survival 5).
// Expected: the Guards rout 3" south, away from the winner; the Austrian militia routs by
// the Guards chain; the French militia, in contact with the Guards as they broke and itself
// militia, neither tests nor routs, stays in good order and is offered the follow-up.
#[test]
fn r18_chains_spare_the_enemy() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "guards", Guards, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "neighbour", Militia, [13.3, 12.0, 90.0])
        .unit(FRANCE, "militia", Militia, [12.0, 12.5, 270.0])
        .start();
    t.contact("militia", "guards");
    t.phase(1, "melee", FRANCE);
    let (g, n, m) = (t.id("guards"), t.id("neighbour"), t.id("militia"));
    let ev = t.run(FRANCE, &melee_order(vec![(m, g)]), &[5, 3, 4, 5]);
    let f = &melees(&ev)[0];
    assert_eq!((f.attack.total, f.defence.total, f.winner), (5, 4, m));
    let tests: Vec<(u16, Cause)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::RoutTest { unit, cause, .. } => Some((*unit, cause.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(tests, vec![(g, Cause::Melee), (n, Cause::GuardsChain)]);
    assert_at(&t, "guards", 12.0, 9.0, 1e-6);
    assert_at(&t, "neighbour", 13.3, 9.0, 1e-6);
    assert_eq!(t.status("militia"), Status::Ready);
    assert_at(&t, "militia", 12.0, 12.5, 1e-9);
    assert!(matches!(
        t.state.pending,
        Some(Pending::FollowUp { unit, mandatory: false, .. }) if unit == m
    ));
}

#[test]
fn r18_guards_rout_spreads() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "guards", Guards, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "grenadiers", Guards, [13.8, 10.0, 90.0])
        .unit(AUSTRIA, "line", Line, [15.6, 8.0, 90.0])
        .unit(AUSTRIA, "steady", Line, [17.4, 6.0, 90.0])
        .unit(FRANCE, "shooters", Line, [12.0, 12.9, 270.0])
        .start();
    t.phase(1, "shoot", FRANCE);
    let (_, result) = shot(&t.run(FRANCE, &fire(t.id("shooters"), t.id("guards")), &[6]));
    assert_eq!(result, ShotResult::Routs);
    let ev = t.run(AUSTRIA, &Command::RoutWay { away: false }, &[3, 4, 5]);
    let tests: Vec<(u16, Cause)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::RoutTest { unit, cause, .. } => Some((*unit, cause.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        tests,
        vec![
            (t.id("guards"), Cause::Shooting),
            (t.id("grenadiers"), Cause::GuardsChain),
            (t.id("line"), Cause::GuardsChain)
        ]
    );
    assert_at(&t, "guards", 12.0, 9.0, 1e-6);
    assert_at(&t, "grenadiers", 13.8, 7.0, 1e-6);
    assert_at(&t, "line", 15.6, 5.0, 1e-6);
    for n in ["guards", "grenadiers", "line"] {
        assert_eq!(t.status(n), Status::Disrupted, "{n}");
    }
    assert_eq!(t.status("steady"), Status::Ready);
    assert_at(&t, "steady", 17.4, 6.0, 1e-9);
}

// R19 "2x2 The Units" (voluntary rout): light infantry and light cavalry (lancers too) may
// rout of their own accord in their movement phase, straight to the rear; they still test.
// Actions: light infantry facing north-east routs (survival 3); lancers facing north rout
// (survival 6); a Line battalion tries; light infantry that has moved tries; light
// infantry rolls 2; Pinned light infantry tries (survival 5).
// Expected: the light infantry ends 3" behind along its facing line, facing kept,
// Disrupted; the lancers 5" back; the Line and the moved unit are refused; a 2 destroys;
// the Pinned unit may rout and ends 3" back.
#[test]
fn r19_voluntary_rout_goes_to_the_rear() {
    let mut t = Battle::new()
        .options(|o| o.lancers = true)
        .unit(AUSTRIA, "jaegers", LightInfantry, [12.0, 12.0, 45.0])
        .unit(AUSTRIA, "uhlans", Lancers, [18.0, 12.0, 90.0])
        .unit(AUSTRIA, "line", Line, [6.0, 12.0, 90.0])
        .unit(AUSTRIA, "walkers", LightInfantry, [3.0, 12.0, 90.0])
        .unit(AUSTRIA, "unlucky", LightInfantry, [21.0, 12.0, 90.0])
        .unit(AUSTRIA, "pinned", LightInfantry, [9.0, 18.0, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    t.set_status("pinned", Status::Pinned);
    let id = |n: &str| t.id(n);
    let (j, u, l, w, x) = (
        id("jaegers"),
        id("uhlans"),
        id("line"),
        id("walkers"),
        id("unlucky"),
    );
    t.run(AUSTRIA, &Command::VoluntaryRout { unit: j }, &[3]);
    let back = 3.0 / 2f64.sqrt();
    assert_at(&t, "jaegers", 12.0 - back, 12.0 - back, 1e-6);
    assert!(near(t.at("jaegers")[2], 45.0, 1e-9));
    assert_eq!(t.status("jaegers"), Status::Disrupted);
    t.run(AUSTRIA, &Command::VoluntaryRout { unit: u }, &[6]);
    assert_at(&t, "uhlans", 18.0, 7.0, 1e-6);
    let e = t.refused(AUSTRIA, &Command::VoluntaryRout { unit: l });
    assert_eq!(e.rule, "2x2 The Units");
    t.run(AUSTRIA, &mv(w, vec![fwd(1.0)]), &[]);
    assert!(t
        .check(AUSTRIA, &Command::VoluntaryRout { unit: w })
        .is_err());
    let ev = t.run(AUSTRIA, &Command::VoluntaryRout { unit: x }, &[2]);
    assert_eq!(destroyed(&ev), vec![(x, Cause::RoutRoll)]);
    // Pinned light infantry may still slip away (the book's reason for the rule).
    let p = t.id("pinned");
    t.run(AUSTRIA, &Command::VoluntaryRout { unit: p }, &[5]);
    assert_at(&t, "pinned", 9.0, 15.0, 1e-6);
    assert_eq!(t.status("pinned"), Status::Disrupted);
    // Not in the enemy's or another phase.
    t.phase(1, "rally", AUSTRIA);
    assert!(t
        .check(AUSTRIA, &Command::VoluntaryRout { unit: j })
        .is_err());
}

// R20 "2x2 Melee results" (follow-up): a difference of 4 or more makes the follow-up the
// full move; it stops before ground the winner may not enter.
// Actions: French heavy cavalry destroys a battalion 6 + 2 = 8 against 4; the French try a
// 2" follow-up, then the full 4". Again with a dense wood 1.75" ahead. Last, a French
// battalion wins after a drawn round and follows up toward Austrian cavalry 2" ahead.
// Expected: the follow-up is mandatory; 2" is refused; 4" takes it from y 10 to 14; with
// the wood it stops at y 11.75, its front on the wood's edge. The drawn round is rolled
// again and the explanation keeps the deciding one; the battalion stops just short of the
// cavalry without contact.
#[test]
fn r20_mandatory_follow_up_moves_full() {
    let battle = Battle::new()
        .unit(AUSTRIA, "victim", Line, [12.0, 10.5, 270.0])
        .unit(AUSTRIA, "reserve", Line, [3.0, 3.0, 90.0])
        .unit(FRANCE, "cuirassiers", HeavyCavalry, [12.0, 10.0, 90.0]);
    for wood in [false, true] {
        let b = if wood {
            battle.clone().rect(DenseWood, 12.0, 13.0, 4.0, 2.0)
        } else {
            battle.clone()
        };
        let mut t = b.start();
        t.contact("cuirassiers", "victim");
        t.phase(1, "melee", FRANCE);
        let hc = t.id("cuirassiers");
        let ev = t.run(FRANCE, &melee_order(vec![(hc, t.id("victim"))]), &[6, 4]);
        let f = &melees(&ev)[0];
        assert_eq!(f.difference, 4);
        assert_eq!(f.attack.result, "loser destroyed, follow-up mandatory");
        assert_eq!(
            t.state.pending,
            Some(Pending::FollowUp {
                side: FRANCE,
                unit: hc,
                mandatory: true
            })
        );
        let e = t.refused(FRANCE, &Command::FollowUp { distance: 2.0 });
        assert!(e.reason.contains("mandatory"), "{e}");
        let ev = t.run(FRANCE, &Command::FollowUp { distance: 4.0 }, &[]);
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::FollowedUp { unit, .. } if *unit == hc)));
        let y = if wood { 11.75 } else { 14.0 };
        assert_at(&t, "cuirassiers", 12.0, y, 1e-6);
        assert!(t.state.pending.is_none());
    }

    // Infantry may not charge cavalry, so its follow-up stops short of it. The first round
    // is drawn (3 against 3) and rolled again (5 against 2).
    let mut t = Battle::new()
        .unit(AUSTRIA, "victim", Line, [12.0, 10.5, 270.0])
        .unit(AUSTRIA, "hussars", LightCavalry, [12.0, 12.5, 270.0])
        .unit(FRANCE, "line", Line, [12.0, 10.0, 90.0])
        .start();
    t.contact("line", "victim");
    t.phase(1, "melee", FRANCE);
    let line = t.id("line");
    let ev = t.run(
        FRANCE,
        &melee_order(vec![(line, t.id("victim"))]),
        &[3, 3, 5, 2],
    );
    let f = &melees(&ev)[0];
    assert_eq!(
        (f.attack.dice.clone(), f.defence.dice.clone()),
        (vec![5], vec![2])
    );
    assert_eq!(f.difference, 3);
    assert_eq!(
        t.state.pending,
        Some(Pending::FollowUp {
            side: FRANCE,
            unit: line,
            mandatory: false
        })
    );
    let ev = t.run(FRANCE, &Command::FollowUp { distance: 3.0 }, &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Contacted { .. })));
    let y = t.at("line")[1];
    assert!(
        (11.9..11.99).contains(&y),
        "stops just short of the cavalry: {y}"
    );
    assert!(t.state.contacts.is_empty());
}

// R24 "2x2 Rallying": an HQ may always try to rally itself, even with an enemy within 2";
// the modifiers still apply.
// Actions: a Pinned HQ with an enemy 1" away and no other HQ rolls 5; a Pinned battalion
// beside it (not touching) with the same enemy near tries too.
// Expected: the HQ's roll is 5 - 2 (enemy within 2") + 2 (HQ rallying itself) = 5, it
// rallies; the battalion may not try.
#[test]
fn r24_hq_self_rally() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "general", Hq, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "line", Line, [14.0, 12.0, 90.0])
        .unit(FRANCE, "enemy", Line, [12.0, 13.5, 270.0])
        .start();
    t.set_status("general", Status::Pinned);
    t.set_status("line", Status::Pinned);
    t.phase(1, "rally", AUSTRIA);
    let g = t.id("general");
    let ev = t.run(AUSTRIA, &Command::Rally { unit: g }, &[5]);
    match &ev[..] {
        [Event::Rallied {
            unit,
            roll,
            success,
        }] => {
            assert_eq!(*unit, g);
            assert_eq!(
                mods(&roll.modifiers),
                vec![
                    (-2, "enemy within 2\"".into()),
                    (2, "HQ rallying itself".into())
                ]
            );
            assert_eq!(roll.total, 5);
            assert!(*success);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(t.status("general"), Status::Ready);
    let e = t.refused(AUSTRIA, &Command::Rally { unit: t.id("line") });
    assert!(e.reason.contains("enemy is within 2\""), "{e}");
}

// R25 "Defensive fire against contact": a Pinned or Disrupted result throws the charger
// straight back one base depth, as far as there is room, and its melee is off; other
// contacts remain.
// Actions: two French battalions charged an Austrian battalion (front and left flank); it
// fires at the front one, die 4 + 1 first volley = 5, Pinned. Again with a French
// battalion standing 0.25" behind the one shot.
// Expected: the charger is Pinned and goes from y 12.5 to 13.0; only the flank contact is
// left and the melee with the charger may not be fought. With the friend behind, it goes
// back only 0.26" (the overlap margin included).
#[test]
fn r25_defensive_fire_throws_back() {
    let battle = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "front", Line, [12.0, 12.5, 270.0])
        .unit(FRANCE, "flank", Line, [11.25, 12.0, 0.0]);
    let mut t = battle.start();
    t.contact("front", "defender");
    t.contact("flank", "defender");
    t.phase(1, "shoot", AUSTRIA);
    let (d, fr, fl) = (t.id("defender"), t.id("front"), t.id("flank"));
    let ev = t.run(AUSTRIA, &fire(d, fr), &[4]);
    assert_eq!(shot(&ev).1, ShotResult::Pinned);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Repulsed { unit, .. } if *unit == fr)));
    assert_eq!(t.status("front"), Status::Pinned);
    assert_at(&t, "front", 12.0, 13.0, 1e-9);
    assert_eq!(
        t.state.contacts,
        vec![Contact {
            attacker: fl,
            defender: d
        }]
    );
    t.phase(1, "melee", FRANCE);
    assert!(t.check(FRANCE, &melee_order(vec![(fr, d)])).is_err());
    assert!(t.check(FRANCE, &melee_order(vec![(fl, d)])).is_ok());

    let mut t = battle
        .clone()
        .unit(FRANCE, "behind", Line, [12.0, 13.25, 270.0])
        .start();
    t.contact("front", "defender");
    t.phase(1, "shoot", AUSTRIA);
    t.run(AUSTRIA, &fire(d, fr), &[4]);
    let y = t.at("front")[1];
    assert!((12.74..=12.77).contains(&y), "{y}");
    assert!(!t.state.contacts.iter().any(|c| c.attacker == fr));
}

// R26 "2x2 Victory conditions", "2x2 Reinforcements" (leaving the table): costs 1" and
// needs the front edge on the edge; by the own edge only once either side has no
// reinforcements waiting; at an enemy point while units wait there, both are destroyed.
// Actions: with both sides waiting, an Austrian battalion tries to leave by its own edge
// and another by the east edge; a third leaves at the French point; then the first leaves
// again; a fourth moves 2" toward the edge, then 3" off it. Last, a side whose only unit
// leaves by its own edge.
// Expected: refused, refused, exchanged (one loss each), exited (cost 2"), refused (front
// not on the edge), refused (costs 4"); the east edge stays closed; a draw by exit.
#[test]
fn r26_exit_rules() {
    let mut t = Battle::new()
        .point(AUSTRIA, Edge::South, 20.0)
        .waiting(AUSTRIA, "waiting austrians", Line, 0)
        .point(FRANCE, Edge::North, 12.0)
        .waiting(FRANCE, "waiting french", Line, 0)
        .unit(AUSTRIA, "u", Line, [5.0, 1.25, 270.0])
        .unit(AUSTRIA, "u2", Line, [8.0, 3.25, 270.0])
        .unit(AUSTRIA, "v", Line, [12.0, 22.75, 90.0])
        .unit(AUSTRIA, "x", Line, [23.25, 12.0, 0.0])
        .unit(FRANCE, "s", Line, [20.0, 20.0, 270.0])
        .start();
    let (u, u2, v, x) = (t.id("u"), t.id("u2"), t.id("v"), t.id("x"));
    let e = t.refused(AUSTRIA, &exit(u, vec![fwd(1.0)]));
    assert_eq!(e.rule, "2x2 Victory conditions");
    let e = t.refused(AUSTRIA, &exit(x, vec![fwd(0.5)]));
    assert!(e.reason.contains("only by their own edge"), "{e}");

    let ev = t.run(AUSTRIA, &exit(v, vec![fwd(1.0)]), &[]);
    let w = t.id("waiting french");
    assert!(ev.contains(&Event::Exchanged { unit: v, enemy: w }));
    assert_eq!(
        destroyed(&ev),
        vec![(v, Cause::Exchange), (w, Cause::Exchange)]
    );
    assert_eq!(t.state.lost, [1, 1]);
    assert_eq!(t.state.waiting(FRANCE), 0);

    let ev = t.run(AUSTRIA, &exit(u, vec![fwd(1.0)]), &[]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved { unit, cost, .. } if *unit == u && near(*cost, 2.0, 1e-9)
    )));
    assert!(ev.contains(&Event::Exited { unit: u }));
    assert_eq!(t.unit("u").place, Place::Exited);
    assert_eq!(t.state.exited, [1, 0]);
    let e = t.refused(AUSTRIA, &exit(u2, vec![fwd(2.0)]));
    assert!(e.reason.contains("lined up"), "{e}");
    let e = t.refused(AUSTRIA, &exit(u2, vec![fwd(3.0)]));
    assert!(e.reason.contains("costs 4.00\""), "{e}");
    assert!(t.check(AUSTRIA, &exit(x, vec![fwd(0.5)])).is_err());
    assert!(t.state.outcome.is_none());

    let mut t = Battle::new()
        .unit(AUSTRIA, "last", Line, [12.0, 1.25, 270.0])
        .unit(FRANCE, "s", Line, [12.0, 20.0, 270.0])
        .start();
    let last = t.id("last");
    t.run(AUSTRIA, &exit(last, vec![fwd(1.0)]), &[]);
    let o = t.state.outcome.clone().expect("the battle is over");
    assert_eq!((o.winner, o.result.as_str()), (None, "draw_by_exit"));
}

/// Four Austrian and four French battalions far from the action (to be destroyed by the
/// test), an Austrian reserve, an Austrian light cavalry regiment and a French battalion
/// 0.4" in front of it.
fn last_stand(kind: GameKind) -> Table {
    let mut b = Battle::new()
        .game(|g| g.kind = kind)
        .unit(AUSTRIA, "hussars", LightCavalry, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "reserve", Line, [20.0, 2.0, 90.0])
        .unit(FRANCE, "line", Line, [12.0, 12.9, 270.0]);
    for i in 0..4 {
        let x = 2.0 + 2.0 * i as f64;
        b = b
            .unit(AUSTRIA, &format!("a{i}"), Line, [x, 2.0, 90.0])
            .unit(FRANCE, &format!("f{i}"), Line, [x, 22.0, 270.0]);
    }
    let mut t = b.start();
    t.phase(1, "shoot", FRANCE);
    t
}

/// The French battalion destroys the hussars: 5 + 1 first volley + 2 cavalry = 8.
fn kill_hussars(t: &mut Table) -> Vec<Event> {
    let ev = t.run(FRANCE, &fire(t.id("line"), t.id("hussars")), &[5]);
    assert_eq!(shot(&ev).1, ShotResult::Destroyed);
    ev
}

// R27 "2x2 Victory conditions": Fast is lost at 5 destroyed; Decisive at 5 or more and 2
// more than the enemy; checked after every loss. A side with nothing left loses; the
// scenario's turn limit ends in a draw.
// Actions: with 4 Austrian losses, a fifth by shooting (Fast); the same in Decisive with 4
// and with 3 French losses; a side whose only unit is destroyed; the last phase of the
// last turn ends.
// Expected: fast_victory for the French; no result at 5 to 4; decisive_victory at 5 to 3;
// annihilation; a draw on the turn limit.
#[test]
fn r27_fast_and_decisive() {
    let mut t = last_stand(GameKind::Fast);
    for i in 0..4 {
        t.destroy(&format!("a{i}"));
    }
    assert_eq!(t.state.lost, [4, 0]);
    assert!(t.state.outcome.is_none());
    let ev = kill_hussars(&mut t);
    assert!(matches!(ev.last(), Some(Event::Ended { .. })));
    let o = t.state.outcome.clone().unwrap();
    assert_eq!(
        (o.winner, o.result.as_str()),
        (Some(FRANCE), "fast_victory")
    );
    assert_eq!(TwoByTwo.to_act(&t.state), None);

    let mut t = last_stand(GameKind::Decisive);
    for i in 0..4 {
        t.destroy(&format!("a{i}"));
        t.destroy(&format!("f{i}"));
    }
    kill_hussars(&mut t);
    assert_eq!(t.state.lost, [5, 4]);
    assert!(t.state.outcome.is_none());

    let mut t = last_stand(GameKind::Decisive);
    for i in 0..4 {
        t.destroy(&format!("a{i}"));
    }
    for i in 0..3 {
        t.destroy(&format!("f{i}"));
    }
    kill_hussars(&mut t);
    let o = t.state.outcome.clone().unwrap();
    assert_eq!(
        (o.winner, o.result.as_str()),
        (Some(FRANCE), "decisive_victory")
    );

    let mut t = Battle::new()
        .unit(AUSTRIA, "hussars", LightCavalry, [12.0, 12.0, 90.0])
        .unit(FRANCE, "line", Line, [12.0, 12.9, 270.0])
        .start();
    t.phase(1, "shoot", FRANCE);
    kill_hussars(&mut t);
    let o = t.state.outcome.clone().unwrap();
    assert_eq!(
        (o.winner, o.result.as_str()),
        (Some(FRANCE), "annihilation")
    );

    let mut t = Battle::new()
        .game(|g| g.turn_limit = 1)
        .unit(AUSTRIA, "a", Line, [12.0, 2.0, 90.0])
        .unit(FRANCE, "f", Line, [12.0, 22.0, 270.0])
        .start();
    t.phase(1, "melee", FRANCE);
    assert_eq!(t.state.clock.phase, 7);
    t.run(FRANCE, &Command::EndPhase, &[]);
    let o = t.state.outcome.clone().unwrap();
    assert_eq!((o.winner, o.result.as_str()), (None, "turn_limit"));
}

// R29 "2x2 Clearing dense woods": infantry outside a dense wood may assault light infantry
// within 1" of its edge: the attacker has -1 (unless light infantry), the light infantry
// loses its -3 (and has -1 if Pinned or Disrupted), the attacker is Pinned afterwards; cavalry may not
// clear woods and light infantry deeper than 1" cannot be reached or seen.
// Actions: a French battalion charges light infantry at the wood's edge and wins 6 - 1 = 5
// against 4 (the light infantry routs, survival 4, through the wood); heavy cavalry tries
// the same against other light infantry; the battalion tries to plan a shot at light
// infantry deep in the wood.
// Expected: the modifiers as above; the light infantry ends 3" back in the wood Disrupted;
// the battalion is Pinned and offered no follow-up; the cavalry's charge is refused under
// "Clearing dense woods"; the shot is refused under "Visibility at the wood edge".
#[test]
fn r29_clearing_dense_woods() {
    let mut t = Battle::new()
        .rect(DenseWood, 12.0, 16.0, 8.0, 6.0)
        .unit(AUSTRIA, "jaegers", LightInfantry, [12.0, 13.25, 270.0])
        .unit(AUSTRIA, "tirailleurs", LightInfantry, [10.0, 13.25, 270.0])
        .unit(AUSTRIA, "hidden", LightInfantry, [14.0, 16.5, 270.0])
        .unit(FRANCE, "line", Line, [12.0, 10.75, 90.0])
        .unit(FRANCE, "cuirassiers", HeavyCavalry, [10.0, 10.75, 90.0])
        .start();
    let (li, line, hc) = (t.id("jaegers"), t.id("line"), t.id("cuirassiers"));
    let e = shooting::plan(&t.state, line, t.id("hidden"), None).unwrap_err();
    assert_eq!(e.rule, "2x2 Visibility at the wood edge");

    t.phase(1, "move", FRANCE);
    let e = t.refused(FRANCE, &mv(hc, vec![fwd(2.0)]));
    assert_eq!(e.rule, "2x2 Clearing dense woods");
    t.run(FRANCE, &mv(line, vec![fwd(2.0)]), &[]);
    assert_eq!(
        t.state.contacts,
        vec![Contact {
            attacker: line,
            defender: li
        }]
    );

    t.phase(1, "melee", FRANCE);
    let c = Contact {
        attacker: line,
        defender: li,
    };
    let mut pinned = t.clone();
    pinned.set_status("jaegers", Status::Pinned);
    let m = melee::modifiers(
        &pinned.state,
        pinned.unit("jaegers"),
        pinned.unit("line"),
        &[],
        &c,
    );
    assert_eq!(
        mods(&m),
        vec![(-1, "Pinned light infantry holding a wood".into())]
    );
    // Disrupted carries Pinned's hold on the unit and more (R10, R32): the same -1.
    let mut disrupted = t.clone();
    disrupted.set_status("jaegers", Status::Disrupted);
    let m = melee::modifiers(
        &disrupted.state,
        disrupted.unit("jaegers"),
        disrupted.unit("line"),
        &[],
        &c,
    );
    assert_eq!(
        mods(&m),
        vec![(-1, "Pinned light infantry holding a wood".into())]
    );

    let ev = t.run(FRANCE, &melee_order(vec![(line, li)]), &[6, 4, 4]);
    let f = &melees(&ev)[0];
    assert_eq!(
        mods(&f.attack.modifiers),
        vec![(-1, "clearing dense woods".into())]
    );
    assert!(f.defence.modifiers.is_empty(), "{:?}", f.defence.modifiers);
    assert_eq!((f.attack.total, f.defence.total, f.winner), (5, 4, line));
    assert_at(&t, "jaegers", 12.0, 16.25, 1e-6);
    assert_eq!(t.status("jaegers"), Status::Disrupted);
    assert_eq!(t.status("line"), Status::Pinned);
    assert!(
        t.state.pending.is_none(),
        "a Pinned winner does not follow up"
    );
}

// R30 "2x2 Scale": Large and Small change infantry fire and melee and cavalry melee only;
// HQs and artillery are always Common.
// Actions: plan shots by Large and Small Line and a "Large" battery; take melee modifiers of
// Large Line, Large heavy cavalry, Small light cavalry, a "Large" HQ and the "Large"
// battery.
// Expected: +1 / -1 for the Line in fire and +1 in melee; +1 and -1 for the cavalry in
// melee; nothing for the battery or the HQ.
#[test]
fn r30_size_counts_for_infantry_fire_and_cavalry_melee() {
    let mut b = Battle::new();
    let units = [
        ("large line", Line, Size::Large),
        ("small line", Line, Size::Small),
        ("large gun", FootArtillery, Size::Large),
        ("large hc", HeavyCavalry, Size::Large),
        ("small lc", LightCavalry, Size::Small),
        ("large hq", Hq, Size::Large),
    ];
    for (i, (name, kind, size)) in units.iter().enumerate() {
        let x = 2.0 + 3.0 * i as f64;
        b = b.sized(AUSTRIA, name, *kind, *size, [x, 10.0, 90.0]).unit(
            FRANCE,
            &format!("{name} target"),
            Line,
            [x, 10.75, 270.0],
        );
    }
    let t = b.start();
    let fire_mod = |n: &str| {
        let p = shooting::plan(&t.state, t.id(n), t.id(&format!("{n} target")), None).unwrap();
        p.modifiers
            .iter()
            .filter(|m| m.reason.starts_with("firer is"))
            .map(|m| m.value)
            .sum::<i32>()
    };
    let melee_mod = |n: &str| {
        let (u, e) = (t.id(n), t.id(&format!("{n} target")));
        let c = Contact {
            attacker: u,
            defender: e,
        };
        let m = melee::modifiers(&t.state, t.state.unit(u), t.state.unit(e), &[], &c);
        m.iter()
            .filter(|m| m.reason.ends_with("Large unit") || m.reason.ends_with("Small unit"))
            .map(|m| m.value)
            .sum::<i32>()
    };
    assert_eq!(fire_mod("large line"), 1);
    assert_eq!(fire_mod("small line"), -1);
    assert_eq!(fire_mod("large gun"), 0);
    assert_eq!(melee_mod("large line"), 1);
    assert_eq!(melee_mod("small line"), -1);
    assert_eq!(melee_mod("large hc"), 1);
    assert_eq!(melee_mod("small lc"), -1);
    assert_eq!(melee_mod("large hq"), 0);
    assert_eq!(melee_mod("large gun"), 0);
}

// R31 "2x2 Reinforcements" (exchange): an enemy is within 3" of a point when the nearest
// point of its base is.
// Actions: an Austrian reinforcement arrives (die 3) at a point on the south edge; French
// cavalry stands with its centre 3.29" away but its nearest corner 2.75" away; another
// French unit's nearest corner is 3.44" away.
// Expected: the far one may not be exchanged; the near one is, and both it and the
// reinforcement are destroyed, one loss a side.
#[test]
fn r31_exchange_at_a_point() {
    let mut t = Battle::new()
        .point(AUSTRIA, Edge::South, 12.0)
        .waiting(AUSTRIA, "reinforcement", Line, 0)
        .unit(AUSTRIA, "reserve", Line, [3.0, 6.0, 90.0])
        .unit(FRANCE, "near", LightCavalry, [15.2, 0.75, 90.0])
        .unit(FRANCE, "far", Line, [15.6, 1.75, 90.0])
        .unit(FRANCE, "reserve f", Line, [20.0, 20.0, 270.0])
        .start();
    let p = t.state.field.points[0].pos;
    assert!(t.unit("near").pose.pos.distance(p) > 3.0);
    t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[3]);
    let e = t.refused(AUSTRIA, &Command::Exchange { enemy: t.id("far") });
    assert!(e.reason.contains("3.4\""), "{e}");
    let (r, n) = (t.id("reinforcement"), t.id("near"));
    let ev = t.run(AUSTRIA, &Command::Exchange { enemy: n }, &[]);
    assert!(ev.contains(&Event::Exchanged { unit: r, enemy: n }));
    assert_eq!(
        destroyed(&ev),
        vec![(r, Cause::Exchange), (n, Cause::Exchange)]
    );
    assert_eq!(t.state.lost, [1, 1]);
    assert_eq!(t.state.waiting(AUSTRIA), 0);
}

// "2x2 Rallying": a unit must be within 6" of an HQ of its chain of command, with no enemy
// within 2" (unless Guards or touching the HQ); 5+ rallies.
// Actions: Pinned battalions 6.0" and 6.2" from the HQ, one under another HQ's command
// 1.5" away, one with an enemy 1" away, and one that rolls 4.
// Expected: at 6.0" die 5 rallies; at 6.2" refused; the other command refused; the enemy
// refused; die 4 fails and the unit stays Pinned.
#[test]
fn rally_needs_an_hq_within_six() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "hq", Hq, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "hq2", Hq, [3.0, 3.0, 90.0])
        .unit(AUSTRIA, "six", Line, [5.0, 12.0, 90.0])
        .unit(AUSTRIA, "beyond", Line, [19.2, 12.0, 90.0])
        .commanded(AUSTRIA, "other corps", Line, [14.0, 12.0, 90.0], "hq2")
        .unit(AUSTRIA, "pressed", Line, [12.0, 8.0, 90.0])
        .unit(AUSTRIA, "unlucky", Line, [12.0, 14.5, 90.0])
        .unit(FRANCE, "enemy", Line, [12.0, 6.5, 90.0])
        .start();
    for n in ["six", "beyond", "other corps", "pressed", "unlucky"] {
        t.set_status(n, Status::Pinned);
    }
    t.phase(1, "rally", AUSTRIA);
    let d =
        grognard_rules_two_by_two::measure::distance(&t.unit("six").base(), &t.unit("hq").base());
    assert!(near(d, 6.0, 1e-9), "{d}");
    let ev = t.run(AUSTRIA, &Command::Rally { unit: t.id("six") }, &[5]);
    assert!(matches!(&ev[..], [Event::Rallied { success: true, roll, .. }] if roll.total == 5));
    assert_eq!(t.status("six"), Status::Ready);
    for n in ["beyond", "other corps"] {
        let e = t.refused(AUSTRIA, &Command::Rally { unit: t.id(n) });
        assert!(e.reason.contains("within 6\""), "{n}: {e}");
    }
    let e = t.refused(
        AUSTRIA,
        &Command::Rally {
            unit: t.id("pressed"),
        },
    );
    assert!(e.reason.contains("enemy is within 2\""), "{e}");
    let ev = t.run(
        AUSTRIA,
        &Command::Rally {
            unit: t.id("unlucky"),
        },
        &[4],
    );
    assert!(matches!(&ev[..], [Event::Rallied { success: false, .. }]));
    assert_eq!(t.status("unlucky"), Status::Pinned);
    assert!(t
        .check(
            AUSTRIA,
            &Command::Rally {
                unit: t.id("unlucky")
            }
        )
        .is_err());
}

// "2x2 HQs and destroyed units": an HQ touching a unit that is destroyed is destroyed too.
// Actions: a French battery at short range fires at a Disrupted Austrian battalion with
// an HQ at its side: 6 + 1 (short range) + 1 (Disrupted) = 8.
// Expected: the battalion is destroyed by shooting, the HQ with it; an HQ further off
// survives; two Austrian losses.
#[test]
fn hq_dies_with_its_unit() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "line", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "general", Hq, [13.0, 12.0, 90.0])
        .unit(AUSTRIA, "other general", Hq, [5.0, 5.0, 90.0])
        .unit(FRANCE, "battery", FootArtillery, [12.0, 13.0, 270.0])
        .start();
    t.set_status("line", Status::Disrupted);
    t.phase(1, "shoot", FRANCE);
    let (l, g) = (t.id("line"), t.id("general"));
    let ev = t.run(FRANCE, &fire(t.id("battery"), l), &[6]);
    let (roll, result) = shot(&ev);
    assert_eq!((roll.total, result), (8, ShotResult::Destroyed));
    assert_eq!(
        destroyed(&ev),
        vec![(l, Cause::Shooting), (g, Cause::WithItsUnit)]
    );
    assert_eq!(t.state.lost, [2, 0]);
    assert_eq!(t.unit("other general").place, Place::Table);
}

// "2x2 Sequence of play": each half-turn the phasing side moves (and dices for
// reinforcements), rallies, the other side shoots, the phasing side fights melees; the
// defender has the first half.
// Actions: end every phase of two turns; start again with the roles swapped.
// Expected: the actors run 0 0 1 0 1 1 0 1 with keys move rally shoot melee twice; the
// turn number goes to 2 then 3; commands out of their phase are refused; with side 1
// defending, side 1 acts first.
#[test]
fn sequence_of_play_follows_the_book() {
    let battle = Battle::new()
        .unit(AUSTRIA, "a", Line, [12.0, 2.0, 90.0])
        .unit(FRANCE, "f", Line, [12.0, 22.0, 270.0]);
    let mut t = battle.start();
    let keys = ["move", "rally", "shoot", "melee"];
    for turn in 1..=2u32 {
        let mut seen = Vec::new();
        for _ in 0..8 {
            assert_eq!(t.state.clock.turn, turn);
            let side = TwoByTwo.to_act(&t.state).unwrap();
            seen.push((phase_key(&t.state), side.0));
            t.run(side, &Command::EndPhase, &[]);
        }
        let want: Vec<(&str, u8)> = keys
            .iter()
            .zip([0, 0, 1, 0])
            .chain(keys.iter().zip([1, 1, 0, 1]))
            .map(|(k, s)| (*k, s))
            .collect();
        assert_eq!(seen, want);
    }
    assert_eq!((t.state.clock.turn, t.state.clock.phase), (3, 0));
    let (a, f) = (t.id("a"), t.id("f"));
    assert!(
        t.check(AUSTRIA, &fire(a, f)).is_err(),
        "no shooting in the move phase"
    );
    assert!(
        t.check(FRANCE, &mv(f, vec![fwd(1.0)])).is_err(),
        "not the French move"
    );
    assert!(t.check(AUSTRIA, &mv(a, vec![fwd(1.0)])).is_ok());
    assert!(TwoByTwo.headline(&t.state).contains("Austrians moves"));

    let t = battle.side_zero_attacks().start();
    assert_eq!(t.state.clock.first, Side(1));
    assert_eq!(TwoByTwo.to_act(&t.state), Some(FRANCE));
}

// Optional "New Units": irregular shooters (-1 shooting), irregular warband (no shooting,
// +1 melee), irregular cavalry (routs with a rout within 2", may not charge infantry),
// lancers (+2 against Disrupted, -1 against cavalry).
// Actions: plan shots and take melee modifiers for each; French irregular cavalry tries
// to charge Austrian infantry; an Austrian light cavalry regiment routs voluntarily 1.5"
// from Austrian irregular cavalry (survival 4, then 5).
// Expected: the modifiers as listed; the charge refused; the irregular cavalry routs 5" to
// its rear with cause MilitiaChain.
#[test]
fn optional_units() {
    let mut t = Battle::new()
        .options(|o| {
            o.irregular_shooters = true;
            o.irregular_warband = true;
            o.irregular_cavalry = true;
            o.lancers = true;
        })
        .unit(AUSTRIA, "shooters", IrregularShooters, [3.0, 12.0, 90.0])
        .unit(AUSTRIA, "warband", IrregularWarband, [6.0, 12.0, 90.0])
        .unit(AUSTRIA, "foot", Line, [9.0, 12.5, 270.0])
        .unit(AUSTRIA, "hussars", LightCavalry, [15.0, 12.0, 90.0])
        .unit(AUSTRIA, "cossacks", IrregularCavalry, [17.5, 12.0, 90.0])
        .unit(AUSTRIA, "shaken", Line, [20.0, 12.0, 90.0])
        .unit(AUSTRIA, "dragoons", LightCavalry, [22.5, 12.0, 90.0])
        .unit(FRANCE, "t1", Line, [3.0, 12.9, 270.0])
        .unit(FRANCE, "t2", Line, [6.0, 12.9, 270.0])
        .unit(FRANCE, "bashkirs", IrregularCavalry, [9.0, 10.25, 90.0])
        .unit(FRANCE, "uhlans", Lancers, [20.0, 16.0, 270.0])
        .start();
    t.set_status("shaken", Status::Disrupted);
    let p = shooting::plan(&t.state, t.id("shooters"), t.id("t1"), None).unwrap();
    assert_eq!(
        mods(&p.modifiers),
        vec![
            (1, "first volley".into()),
            (-1, "irregular shooters".into())
        ]
    );
    assert!(shooting::plan(&t.state, t.id("warband"), t.id("t2"), None).is_err());
    let m = |u: &str, e: &str| {
        let (u, e) = (t.id(u), t.id(e));
        let c = Contact {
            attacker: u,
            defender: e,
        };
        mods(&melee::modifiers(
            &t.state,
            t.state.unit(u),
            t.state.unit(e),
            &[],
            &c,
        ))
    };
    assert_eq!(m("warband", "t2"), vec![(1, "irregular warband".into())]);
    assert_eq!(
        m("uhlans", "shaken"),
        vec![
            (-1, "light cavalry".into()),
            (2, "lancers against a Disrupted enemy".into()),
            (2, "enemy is Disrupted".into())
        ]
    );
    assert_eq!(
        m("uhlans", "dragoons"),
        vec![
            (-1, "light cavalry".into()),
            (-1, "lancers against cavalry".into())
        ]
    );

    t.phase(1, "move", FRANCE);
    let e = t.refused(FRANCE, &mv(t.id("bashkirs"), vec![fwd(1.75)]));
    assert_eq!(e.rule, R_CONTACT);
    assert!(
        e.reason
            .contains("Irregular Cavalry may not move into contact with Line"),
        "{e}"
    );

    t.phase(2, "move", AUSTRIA);
    let ev = t.run(
        AUSTRIA,
        &Command::VoluntaryRout {
            unit: t.id("hussars"),
        },
        &[4, 5],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::RoutTest { unit, cause: Cause::MilitiaChain, .. } if *unit == t.id("cossacks")
    )));
    assert_at(&t, "cossacks", 17.5, 7.0, 1e-6);
    assert_eq!(t.status("cossacks"), Status::Disrupted);
}

// Optional "New Rules": Grand Battery, Multi-Corps HQs, Light Woods / Orchards, Column of
// Attack.
// Actions and expectations, one battle each:
// - two batteries in contact fire as one: +1 "grand battery", 5 + 1 = 6 Disrupted, both
//   count as fired; without the option, or apart, refused;
// - an HQ touching a firer: +1 without the option, nothing with it, while its melee +1 and
//   rally +1 stay;
// - light woods (R36): a Line battalion moving into them has half its move, 1.5", and is
//   Pinned; 1.6" is refused, and so is 2.5" from further off; light infantry moves its whole
//   3" in and is not Pinned; cavalry may not enter; a firer inside has no first volley and
//   -1; firing into them is -1;
// - column of attack (R33): taken, +1 for the supported battalion; it loses 1 + 1 = 2
//   against 5 and is destroyed, and so is its support; not taken, no +1 and the support
//   stands; without the option, refused.
#[test]
fn optional_rules() {
    // Grand battery.
    let battle = Battle::new()
        .unit(FRANCE, "g1", FootArtillery, [11.5, 10.0, 90.0])
        .unit(FRANCE, "g2", FootArtillery, [12.5, 10.0, 90.0])
        .unit(FRANCE, "g3", FootArtillery, [16.0, 10.0, 90.0])
        .unit(AUSTRIA, "target", Line, [12.0, 13.0, 270.0]);
    let mut t = battle.clone().options(|o| o.grand_battery = true).start();
    t.phase(1, "shoot", FRANCE);
    let (g1, g2, g3, target) = (t.id("g1"), t.id("g2"), t.id("g3"), t.id("target"));
    let battery = Command::Fire {
        shooter: g1,
        target,
        with: Some(g2),
    };
    assert!(t
        .check(
            FRANCE,
            &Command::Fire {
                shooter: g1,
                target,
                with: Some(g3)
            }
        )
        .is_err());
    let ev = t.run(FRANCE, &battery, &[5]);
    let (roll, result) = shot(&ev);
    assert_eq!(mods(&roll.modifiers), vec![(1, "grand battery".into())]);
    assert_eq!((roll.total, result), (6, ShotResult::Disrupted));
    assert!(t.unit("g1").fired && t.unit("g2").fired);
    assert!(t.check(FRANCE, &fire(g2, target)).is_err());
    let mut off = battle.start();
    off.phase(1, "shoot", FRANCE);
    let e = off.check(FRANCE, &battery).unwrap_err();
    assert_eq!(e.rule, "2x2 Grand Battery");

    // Multi-corps HQs.
    let battle = Battle::new()
        .unit(AUSTRIA, "firer", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "hq", Hq, [13.0, 12.0, 90.0])
        .unit(FRANCE, "target", Line, [12.0, 12.9, 270.0]);
    for multi in [false, true] {
        let mut t = battle.clone().options(|o| o.multi_corps_hq = multi).start();
        let (f, tg) = (t.id("firer"), t.id("target"));
        let p = shooting::plan(&t.state, f, tg, None).unwrap();
        let hq_fire = modifier(&p.modifiers, "HQ in base-to-base contact");
        assert_eq!(hq_fire, if multi { None } else { Some(1) });
        let c = Contact {
            attacker: tg,
            defender: f,
        };
        let m = melee::modifiers(&t.state, t.unit("firer"), t.unit("target"), &[], &c);
        assert_eq!(modifier(&m, "HQ in base-to-base contact"), Some(1));
        t.set_status("firer", Status::Pinned);
        let r = rally::plan(&t.state, t.unit("firer")).unwrap();
        assert_eq!(modifier(&r, "HQ in base-to-base contact"), Some(1));
    }

    // Light woods: movement.
    let mut t = Battle::new()
        .options(|o| o.light_woods = true)
        .rect(LightWood, 12.0, 12.0, 4.0, 4.0)
        .unit(AUSTRIA, "line", Line, [12.0, 9.0, 90.0])
        .unit(AUSTRIA, "far line", Line, [10.5, 8.0, 90.0])
        .unit(AUSTRIA, "jaegers", LightInfantry, [13.5, 8.0, 90.0])
        .unit(AUSTRIA, "hussars", LightCavalry, [15.5, 12.0, 180.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    // The wood's edge is 1" ahead of "line": half of 3" takes it 0.5" in.
    assert!(near(cost(&t, "line", &[fwd(1.5)]).unwrap(), 1.5, 1e-9));
    let e = cost(&t, "line", &[fwd(1.6)]).unwrap_err();
    assert!(e.contains("half rate: it moves through light woods"), "{e}");
    // Outside the wood the same battalion has its whole move.
    assert!(near(cost(&t, "far line", &[fwd(1.9)]).unwrap(), 1.9, 1e-9));
    assert!(cost(&t, "far line", &[fwd(2.5)]).is_err());
    assert!(near(cost(&t, "jaegers", &[fwd(3.0)]).unwrap(), 3.0, 1e-9));
    assert_eq!(cost(&t, "hussars", &[fwd(1.0)]), Ok(1.0));
    let e = cost(&t, "hussars", &[fwd(1.5)]).unwrap_err();
    assert!(e.contains("light wood only along a road"), "{e}");
    let line = t.id("line");
    let ev = t.run(AUSTRIA, &mv(line, vec![fwd(1.5)]), &[]);
    assert!(ev.contains(&Event::StatusChanged {
        unit: line,
        status: Status::Pinned,
        why: "entered light woods".into()
    }));
    assert_eq!(t.status("line"), Status::Pinned);
    let jaegers = t.id("jaegers");
    t.run(AUSTRIA, &mv(jaegers, vec![fwd(3.0)]), &[]);
    assert_eq!(t.status("jaegers"), Status::Ready);
    // Once in, the battalion still has only half its move, going on or coming out.
    t.set_status("line", Status::Ready);
    t.phase(2, "move", AUSTRIA);
    assert!(cost(&t, "line", &[fwd(1.5)]).is_ok());
    assert!(cost(&t, "line", &[fwd(1.6)]).is_err());

    // Light woods: shooting.
    let battle = Battle::new()
        .rect(LightWood, 12.0, 11.0, 4.0, 2.0)
        .unit(AUSTRIA, "inside", Line, [12.0, 11.5, 90.0])
        .unit(FRANCE, "outside", Line, [12.0, 12.4, 270.0]);
    let t = battle.clone().options(|o| o.light_woods = true).start();
    let (i, o) = (t.id("inside"), t.id("outside"));
    let out = shooting::plan(&t.state, i, o, None).unwrap();
    assert_eq!(
        mods(&out.modifiers),
        vec![(-1, "shooting into or out of light woods".into())]
    );
    let into = shooting::plan(&t.state, o, i, None).unwrap();
    assert_eq!(
        mods(&into.modifiers),
        vec![
            (1, "first volley".into()),
            (-1, "shooting into or out of light woods".into())
        ]
    );
    let t = battle.start();
    let plain = shooting::plan(&t.state, i, o, None).unwrap();
    assert_eq!(mods(&plain.modifiers), vec![(1, "first volley".into())]);

    // Column of attack.
    let battle = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "head", Line, [12.0, 12.5, 270.0])
        .unit(FRANCE, "support", Line, [12.0, 13.0, 270.0])
        .unit(FRANCE, "reserve", Line, [3.0, 22.0, 270.0]);
    let mut t = battle
        .clone()
        .options(|o| o.column_of_attack = true)
        .start();
    t.contact("head", "defender");
    t.phase(1, "melee", FRANCE);
    let (h, s, d) = (t.id("head"), t.id("support"), t.id("defender"));
    let column = Command::Melee {
        order: vec![(h, d)],
        columns: vec![h],
    };
    let ev = t.run(FRANCE, &column, &[1, 5]);
    let f = &melees(&ev)[0];
    assert_eq!(
        mods(&f.attack.modifiers),
        vec![(1, "column of attack".into())]
    );
    assert_eq!((f.attack.total, f.defence.total, f.difference), (2, 5, 3));
    assert_eq!(
        destroyed(&ev),
        vec![(h, Cause::Melee), (s, Cause::ColumnSupport)]
    );
    assert_eq!(t.state.lost, [0, 2]);
    let mut t = battle.start();
    t.contact("head", "defender");
    let c = Contact {
        attacker: h,
        defender: d,
    };
    let m = melee::modifiers(&t.state, t.unit("head"), t.unit("defender"), &[], &c);
    assert!(m.is_empty(), "no column without the option: {m:?}");
    t.phase(1, "melee", FRANCE);
    let e = t.refused(FRANCE, &column);
    assert_eq!(e.rule, "2x2 Column of Attack");
    assert!(e.reason.contains("not in use"), "{e}");
}

// R33 "Column of Attack": the attacking player chooses, group by group, whether an attacker
// takes the support of the unit behind it; only an attacker may, and only with a unit of
// its exact type and size squarely behind it in full contact.
// Actions: with the option, a French column (head and support) is in contact with an
// Austrian battalion that has its own battalion behind it; a lone French battalion is in
// contact with a second Austrian battalion. The French fight the column without taking it
// (3 against 5, the head surviving its rout on a 4), after trying to name as columns the
// defender, the lone battalion, the head twice, and the head for the lone battalion's group.
// Expected: the advisor offers the fight both with and without the column; the four wrong
// namings are refused with reasons under "2x2 Column of Attack"; not taken, the head fights
// with no modifier and routs alone (the support keeps its place and its good order).
#[test]
fn r33_column_of_attack_is_the_attackers_choice() {
    let battle = Battle::new()
        .options(|o| o.column_of_attack = true)
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "second line", Line, [12.0, 11.5, 90.0])
        .unit(FRANCE, "head", Line, [12.0, 12.5, 270.0])
        .unit(FRANCE, "support", Line, [12.0, 13.0, 270.0])
        .unit(AUSTRIA, "other", Line, [6.0, 12.0, 90.0])
        .unit(FRANCE, "lone", Line, [6.0, 12.5, 270.0]);
    let mut t = battle.start();
    t.contact("head", "defender");
    t.contact("lone", "other");
    t.phase(1, "melee", FRANCE);
    let (h, s, d, lone, other) = (
        t.id("head"),
        t.id("support"),
        t.id("defender"),
        t.id("lone"),
        t.id("other"),
    );
    let mut offered = Vec::new();
    TwoByTwo.candidates(&&t.state, FRANCE, &mut offered);
    let columns: Vec<Vec<u16>> = offered
        .iter()
        .filter_map(|c| match &c.command {
            Command::Melee { order, columns } if order == &vec![(h, d)] => Some(columns.clone()),
            _ => None,
        })
        .collect();
    assert!(
        columns.contains(&vec![]) && columns.contains(&vec![h]),
        "{columns:?}"
    );

    let refused = |t: &mut Table, order: Vec<(u16, u16)>, columns: Vec<u16>, why: &str| {
        let e = t.refused(FRANCE, &Command::Melee { order, columns });
        assert_eq!(e.rule, "2x2 Column of Attack");
        assert!(e.reason.contains(why), "{e}");
    };
    refused(&mut t, vec![(h, d)], vec![d], "only a unit attacking");
    refused(
        &mut t,
        vec![(lone, other)],
        vec![lone],
        "stands squarely behind lone",
    );
    refused(&mut t, vec![(h, d)], vec![h, h], "named twice");
    refused(
        &mut t,
        vec![(lone, other)],
        vec![h],
        "only a unit attacking",
    );

    // Declined: no +1, and the support neither routs nor tests.
    let ev = t.run(FRANCE, &melee_order(vec![(h, d)]), &[3, 5, 4]);
    let f = &melees(&ev)[0];
    assert!(f.attack.modifiers.is_empty(), "{:?}", f.attack.modifiers);
    assert_eq!((f.attack.total, f.defence.total), (3, 5));
    let tested: Vec<u16> = ev
        .iter()
        .filter_map(|e| match e {
            Event::RoutTest { unit, .. } => Some(*unit),
            _ => None,
        })
        .collect();
    assert_eq!(tested, vec![h]);
    assert_eq!(t.unit("head").status, Status::Disrupted);
    assert_eq!(t.state.unit(s).place, Place::Table);
    assert_eq!(t.status("support"), Status::Ready);
    assert_at(&t, "support", 12.0, 13.0, 1e-9);
}

// R33 and replays: a column of attack formed in play (the head charges, its support closes
// up behind it) and taken in the melee is kept in the replay, which re-runs to the same
// events and state.
// Actions: with seeded dice, the French head moves 1.5" into contact, the support 1.5" up
// behind it; the Austrians keep their facing and hold fire; the French fight in column.
// Expected: the melee's attack carries "column of attack" +1; the replay, written to JSON
// and read back, reproduces every event and the final state.
#[test]
fn r33_a_column_of_attack_replays() {
    use grognard_engine::driver::Match;
    use grognard_engine::replay::{verify, Replay};
    let battle = Battle::new()
        .options(|o| o.column_of_attack = true)
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "hq", Hq, [12.0, 2.0, 90.0])
        .unit(FRANCE, "head", Line, [12.0, 14.0, 270.0])
        .unit(FRANCE, "support", Line, [12.0, 14.5, 270.0])
        .unit(FRANCE, "hq", Hq, [12.0, 22.0, 270.0]);
    let t = battle.start();
    let (h, s, d) = (t.id("head"), t.id("support"), t.id("defender"));
    let mut m = Match::new(&TwoByTwo, battle.scenario.clone(), 7);
    let mut go = |side, cmd: Command| {
        m.submit(side, cmd.clone())
            .unwrap_or_else(|e| panic!("{cmd:?}: {e}"))
            .to_vec()
    };
    for side in [AUSTRIA, AUSTRIA, FRANCE, AUSTRIA] {
        go(side, Command::EndPhase);
    }
    go(FRANCE, mv(h, vec![fwd(1.5)]));
    go(FRANCE, mv(s, vec![fwd(1.5)]));
    go(FRANCE, Command::EndPhase);
    go(
        AUSTRIA,
        Command::Face {
            unit: d,
            toward: None,
        },
    );
    go(FRANCE, Command::EndPhase);
    go(AUSTRIA, Command::EndPhase);
    let ev = go(
        FRANCE,
        Command::Melee {
            order: vec![(h, d)],
            columns: vec![h],
        },
    );
    let f = &melees(&ev)[0];
    assert_eq!(modifier(&f.attack.modifiers, "column of attack"), Some(1));
    let json = serde_json::to_string(&m.replay()).unwrap();
    let back: Replay<_, Command, Event> = serde_json::from_str(&json).unwrap();
    assert!(json.contains("\"columns\""), "{json}");
    let end = verify(&TwoByTwo, &back).unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(end, m.state);
}

// R1 "2x2 Measuring ranges": bases no more than 0.02" apart touch; bases overlapping by more
// than 0.01" overlap; the margins absorb rounding only.
// Actions: compare bases 0.015" and 0.03" apart and overlapping by 0.005" and 0.02"; move
// a French battalion to stop 0.015" short of an Austrian one.
// Expected: touching, not touching, touching but not overlapping, overlapping; the move
// makes contact.
#[test]
fn r1_contact_margins() {
    use grognard_geometry::{Base, Pose};
    use grognard_rules_two_by_two::measure::{overlapping, touching};
    let b = |y: f64| Base::new(Pose::new(0.0, y, 90.0f64.to_radians()), 1.0, 0.5);
    // Facing north, half depth 0.25: centres 0.5 apart touch exactly.
    // (Values just inside each margin: the margins themselves are float boundaries.)
    assert!(touching(&b(0.0), &b(0.515)));
    assert!(!touching(&b(0.0), &b(0.53)));
    assert!(!overlapping(&b(0.0), &b(0.495)));
    assert!(touching(&b(0.0), &b(0.495)));
    assert!(overlapping(&b(0.0), &b(0.48)));

    let mut t = charge([12.0, 8.485, 90.0]);
    let a = t.id("attacker");
    t.run(FRANCE, &mv(a, vec![fwd(2.0)]), &[]);
    assert_eq!(t.state.contacts.len(), 1, "0.015\" short is contact");
}

// R2 "Shooting modifiers" (aspects): a base's sectors run between its diagonals; another
// unit's aspect is judged by its centre. The shooter's own "out of flank" follows the face
// it measures from (R3, Plate III).
// Actions: a French battery fires at an Austrian battalion from just inside and just
// outside the battalion's front sector (diagonal at 2:1 ahead); the battery also plans a
// shot at a target 35 degrees off its own axis.
// Expected: +1 "fired on in flank" only from outside the sector; the 35-degree target is
// measured from the battery's right face and so is shot "out of flank" (-2), although its
// centre lies inside the battery's front sector.
#[test]
fn r2_aspects_judged_by_centre() {
    let flank_bonus = |x: f64| {
        let t = Battle::new()
            .unit(AUSTRIA, "target", Line, [12.0, 12.0, 90.0])
            .unit(FRANCE, "battery", FootArtillery, [x, 14.0, 0.0])
            .start();
        let p = shooting::plan(&t.state, t.id("battery"), t.id("target"), None).unwrap();
        modifier(&p.modifiers, "target is fired on in flank or rear")
    };
    // Target-local: 2" ahead, 3.9" / 4.1" to its left.
    assert_eq!(flank_bonus(12.0 - 3.9), None);
    assert_eq!(flank_bonus(12.0 - 4.1), Some(1));

    let a = 35f64.to_radians();
    let t = Battle::new()
        .unit(FRANCE, "battery", FootArtillery, [12.0, 4.0, 90.0])
        .unit(
            AUSTRIA,
            "target",
            Line,
            [12.0 + 5.0 * a.sin(), 4.0 + 5.0 * a.cos(), 235.0],
        )
        .start();
    let bat = t.unit("battery").base();
    assert_eq!(
        grognard_geometry::aspect::sector_of_point(&bat, t.unit("target").pose.pos),
        grognard_geometry::Face::Front
    );
    // 35 degrees off the axis is inside the front sector: no -2, and range is taken from the
    // front face's centre.
    let p = shooting::plan(&t.state, t.id("battery"), t.id("target"), None).unwrap();
    assert_eq!(
        modifier(&p.modifiers, "shooting out of flank or rear"),
        None
    );
    let front = bat.face_centre(grognard_geometry::Face::Front);
    let expected = grognard_geometry::distance::point_base(front, &t.unit("target").base());
    assert!(
        (p.range - expected).abs() < 1e-9,
        "{} vs {expected}",
        p.range
    );
}

// R3 "2x2 Measuring ranges": from the centre of the measuring unit's face nearest the other
// unit to the nearest point of the other base; every "within X" uses it.
// Actions: measure from a battalion to an HQ behind it and to one off its flank corner.
// Expected: the rear face and 2.75" (centre to centre would be 3.25"); the right face and
// the distance from its centre to the HQ's nearest corner.
#[test]
fn r3_measuring_from_the_nearest_face() {
    use grognard_geometry::Face;
    use grognard_rules_two_by_two::measure::measure;
    let t = Battle::new()
        .unit(AUSTRIA, "line", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "behind", Hq, [12.0, 8.75, 90.0])
        .unit(AUSTRIA, "corner", Hq, [15.0, 14.0, 90.0])
        .unit(FRANCE, "far", Line, [3.0, 22.0, 270.0])
        .start();
    let line = t.unit("line").base();
    let (face, d) = measure(&line, &t.unit("behind").base());
    assert_eq!(face, Face::Rear);
    assert!(near(d, 2.75, 1e-9), "{d}");
    let (face, d) = measure(&line, &t.unit("corner").base());
    assert_eq!(face, Face::Right);
    // Right face centre (12.5, 12); the HQ's nearest corner (14.5, 13.75).
    assert!(near(d, (2.0f64 * 2.0 + 1.75 * 1.75).sqrt(), 1e-9), "{d}");
}

// R4 "2x2 Shooting line of sight": other bases, towns, dense woods, copses and hills higher
// than both firer and target block the corridor; terrain the firer or target stands in
// does not.
// Actions: a battery shoots 2.5" past a copse; at a battalion inside a town; across a hill
// from the flat; across a hill of the same height from another hill.
// Expected: blocked by the copse; the town target may be shot (and is in cover, -1); the
// hill blocks from the flat; from the hill it does not (and the target is downhill, +1).
#[test]
fn r4_line_of_sight_blockers() {
    use grognard_geometry::shape::ShapeSpec;
    let gun_at = |b: Battle| {
        let t = b
            .unit(FRANCE, "gun", FootArtillery, [12.0, 4.0, 90.0])
            .unit(AUSTRIA, "target", Line, [12.0, 7.0, 270.0])
            .start();
        shooting::plan(&t.state, t.id("gun"), t.id("target"), None)
    };
    let copse = Battle::new().feature(
        Copse,
        ShapeSpec::Circle {
            centre: [12.0, 5.5],
            radius: 0.4,
        },
    );
    let e = gun_at(copse).unwrap_err();
    assert!(e.reason.contains("copse"), "{e}");
    let town = Battle::new().rect(Town, 12.0, 7.5, 2.0, 2.0);
    let p = gun_at(town).unwrap();
    assert_eq!(
        mods(&p.modifiers),
        vec![(-1, "target is infantry in cover".into())]
    );
    let ridge = Battle::new().rect(Hill, 12.0, 5.5, 3.0, 1.0);
    let e = gun_at(ridge.clone()).unwrap_err();
    assert!(e.reason.contains("hill"), "{e}");
    let p = gun_at(ridge.rect(Hill, 12.0, 4.0, 2.0, 1.5)).unwrap();
    assert_eq!(
        mods(&p.modifiers),
        vec![(1, "target is downhill of the shooter".into())]
    );
}

// R6 "Shooting modifiers": +1 for a target fired on in the flank applies to the rear too.
// Actions: a French battalion 0.4" behind an Austrian one fires at it.
// Expected: +1 first volley and +1 fired on in flank or rear.
#[test]
fn r6_fire_into_the_rear_counts_as_flank() {
    let t = Battle::new()
        .unit(AUSTRIA, "target", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "behind", Line, [12.0, 11.1, 90.0])
        .start();
    let p = shooting::plan(&t.state, t.id("behind"), t.id("target"), None).unwrap();
    assert_eq!(
        mods(&p.modifiers),
        vec![
            (1, "first volley".into()),
            (1, "target is fired on in flank or rear".into())
        ]
    );
}

// R7 "Shooting modifiers" (cover): an infantry target is behind a hedge or wall when one
// crosses the line of fire within 1" of it; cavalry never has cover.
// Actions: three batteries fire 3" at a battalion with a hedge 0.65" in front of it, a
// battalion with a wall 1.75" in front, and light cavalry with a hedge 0.65" in front.
// Expected: -1 for the first only; the cavalry gets the +2 and no cover.
#[test]
fn r7_cover_behind_hedges_and_walls() {
    let t = Battle::new()
        .band(Hedge, &[[11.0, 10.6], [13.0, 10.6]], 0.1)
        .band(Wall, &[[17.0, 9.5], [19.0, 9.5]], 0.1)
        .band(Hedge, &[[5.0, 10.6], [7.0, 10.6]], 0.1)
        .unit(FRANCE, "g1", FootArtillery, [12.0, 8.0, 90.0])
        .unit(FRANCE, "g2", FootArtillery, [18.0, 8.0, 90.0])
        .unit(FRANCE, "g3", FootArtillery, [6.0, 8.0, 90.0])
        .unit(AUSTRIA, "near hedge", Line, [12.0, 11.5, 270.0])
        .unit(AUSTRIA, "far wall", Line, [18.0, 11.5, 270.0])
        .unit(AUSTRIA, "hussars", LightCavalry, [6.0, 11.5, 270.0])
        .start();
    let m = |g: &str, n: &str| {
        let p = shooting::plan(&t.state, t.id(g), t.id(n), None).unwrap();
        assert!(near(p.range, 3.0, 1e-9));
        mods(&p.modifiers)
    };
    assert_eq!(
        m("g1", "near hedge"),
        vec![(-1, "target is infantry in cover".into())]
    );
    assert_eq!(m("g2", "far wall"), vec![]);
    assert_eq!(m("g3", "hussars"), vec![(2, "target is cavalry".into())]);
}

// R8 "2x2 Artillery & small-arms fire" (target groups): target-type modifiers count only if
// every unit of the group qualifies; a charger on another aspect is not in the group.
// Actions: two French battalions charged an Austrian battalion's front and one its flank;
// plan fire with both front chargers Disrupted, then with only one.
// Expected: the group is the two front chargers; +1 "target is Disrupted" only when both
// are.
#[test]
fn r8_target_groups() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "firer", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "a", Line, [11.5, 12.5, 270.0])
        .unit(FRANCE, "b", Line, [12.5, 12.5, 270.0])
        .unit(FRANCE, "flank", Line, [11.25, 11.74, 0.0])
        .start();
    for n in ["a", "b", "flank"] {
        t.contact(n, "firer");
    }
    t.set_status("a", Status::Disrupted);
    t.set_status("b", Status::Disrupted);
    let (f, a, b) = (t.id("firer"), t.id("a"), t.id("b"));
    let p = shooting::plan(&t.state, f, a, None).unwrap();
    assert_eq!(p.group, vec![a, b]);
    assert_eq!(modifier(&p.modifiers, "target is Disrupted"), Some(1));
    t.set_status("b", Status::Pinned);
    let p = shooting::plan(&t.state, f, a, None).unwrap();
    assert_eq!(modifier(&p.modifiers, "target is Disrupted"), None);
    let p = shooting::plan(&t.state, f, t.id("flank"), None).unwrap();
    assert_eq!(p.group, vec![t.id("flank")]);
}

// R9 "2x2 The Units: Light Infantry": every shooting effect on light infantry becomes
// Pinned; no effect stays no effect.
// Actions: a French battalion fires at Austrian light infantry with die 3 (3 + 1 = 4, no
// effect), then another with die 5 (5 + 1 = 6, Disrupted).
// Expected: no hit at all from the first; the second lands as Pinned.
#[test]
fn r9_light_infantry_under_fire() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "jaegers", LightInfantry, [12.0, 12.0, 90.0])
        .unit(FRANCE, "first", Line, [11.5, 12.9, 270.0])
        .unit(FRANCE, "second", Line, [12.5, 12.9, 270.0])
        .start();
    t.phase(1, "shoot", FRANCE);
    let li = t.id("jaegers");
    let ev = t.run(FRANCE, &fire(t.id("first"), li), &[3]);
    assert_eq!(shot(&ev).1, ShotResult::NoEffect);
    assert!(!ev.iter().any(|e| matches!(e, Event::Hit { .. })));
    assert_eq!(t.status("jaegers"), Status::Ready);
    let ev = t.run(FRANCE, &fire(t.id("second"), li), &[5]);
    assert_eq!(shot(&ev).1, ShotResult::Disrupted);
    assert!(ev.contains(&Event::Hit {
        unit: li,
        result: ShotResult::Pinned
    }));
    assert_eq!(t.status("jaegers"), Status::Pinned);
}

// R10 "2x2 Effects": one marker a unit; Disrupted outranks Pinned; a successful rally
// removes the marker whatever it was.
// Actions: a French battalion fires at a Disrupted Austrian battalion, die 3 (3 + 1 first
// volley + 1 Disrupted = 5, Pinned); elsewhere a Disrupted battalion near its HQ rallies
// with die 6 (6 - 1 = 5).
// Expected: the first stays Disrupted (no status change); the second is in good order.
#[test]
fn r10_one_marker_disrupted_outranks_pinned() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "shaken", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "hq", Hq, [4.0, 4.0, 90.0])
        .unit(AUSTRIA, "rallier", Line, [6.0, 4.0, 90.0])
        .unit(FRANCE, "line", Line, [12.0, 12.9, 270.0])
        .start();
    t.set_status("shaken", Status::Disrupted);
    t.set_status("rallier", Status::Disrupted);
    t.phase(1, "shoot", FRANCE);
    let s = t.id("shaken");
    let ev = t.run(FRANCE, &fire(t.id("line"), s), &[3]);
    assert_eq!(shot(&ev).1, ShotResult::Pinned);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::StatusChanged { unit, .. } if *unit == s)));
    assert_eq!(t.status("shaken"), Status::Disrupted);

    t.phase(2, "rally", AUSTRIA);
    let ev = t.run(
        AUSTRIA,
        &Command::Rally {
            unit: t.id("rallier"),
        },
        &[6],
    );
    assert!(
        matches!(&ev[..], [Event::Rallied { success: true, roll, .. }]
        if mods(&roll.modifiers) == vec![(-1, "Disrupted".to_string())])
    );
    assert_eq!(t.status("rallier"), Status::Ready);
}

// R14 "2x2 Army lists" (French "(4) Large Guards"): exactly four if any are bought.
// Actions: validate French armies of an HQ and 3, 4 and 5 Large Guards.
// Expected: 3 and 5 are refused, 4 is accepted.
#[test]
fn r14_french_large_guards_come_in_fours() {
    use grognard_rules_two_by_two::design::army::{validate, Nation};
    use grognard_rules_two_by_two::tables::Tables;
    let check = |n: usize| {
        let mut units = vec![(Hq, Size::Common)];
        units.extend(std::iter::repeat_n((Guards, Size::Large), n));
        validate(
            Nation::French,
            &units,
            None,
            &Tables::default(),
            "units",
            &|i| format!("units[{i}]"),
        )
        .into_iter()
        .map(|p| p.message)
        .collect::<Vec<_>>()
    };
    assert!(check(4).is_empty(), "{:?}", check(4));
    let three = check(3);
    assert_eq!(three.len(), 1, "{three:?}");
    assert!(three[0].contains("at least 4"), "{three:?}");
    let five = check(5);
    assert_eq!(five.len(), 1, "{five:?}");
    assert!(five[0].contains("at most 4"), "{five:?}");
}

// R15 "2x2 Army lists": a Large unit counts under its type's row, except where the list has
// a row of its own for the Large version.
// Actions: validate an Austrian HQ with one and with two Large Line; an Austrian HQ with
// one Large Guards; a British HQ with 12 and 13 Large Line.
// Expected: one Large Line breaks the Austrian "(2)-4 Large Line" bracket, two do not; one
// Large Guards breaks the Austrian "(2)-4 Guards" bracket; the British Large Line fill the
// ordinary Line row (12 allowed, 13 not).
#[test]
fn r15_large_units_in_the_lists() {
    use grognard_rules_two_by_two::design::army::{validate, Nation};
    use grognard_rules_two_by_two::tables::Tables;
    let check = |nation: Nation, kind: UnitType, n: usize| {
        let mut units = vec![(Hq, Size::Common)];
        units.extend(std::iter::repeat_n((kind, Size::Large), n));
        validate(nation, &units, None, &Tables::default(), "units", &|i| {
            format!("units[{i}]")
        })
        .into_iter()
        .map(|p| p.message)
        .collect::<Vec<_>>()
    };
    let one = check(Nation::Austrian, Line, 1);
    assert_eq!(one.len(), 1, "{one:?}");
    assert!(one[0].contains("(2)-4 \"Large\" Line Infantry"), "{one:?}");
    assert!(check(Nation::Austrian, Line, 2).is_empty());
    let guards = check(Nation::Austrian, Guards, 1);
    assert_eq!(guards.len(), 1, "{guards:?}");
    assert!(guards[0].contains("(2)-4 Guards"), "{guards:?}");
    assert!(check(Nation::British, Line, 12).is_empty());
    let many = check(Nation::British, Line, 13);
    assert!(many.iter().any(|m| m.contains("at most 12")), "{many:?}");
}

// R21 "2x2 Melee results" (alignment): the loser is aligned front to front with the
// winner (a losing attacker against the face it attacked) and routs from there; with no
// room to align it routs directly away from the winner from where it stands.
// Actions: a French battalion that struck an Austrian battalion's left flank off-centre
// loses 2 against 4 (survival 3); again with a French battalion standing where the
// alignment would put it.
// Expected: first it is placed square on the flank at (11.25, 12) and routs 3" west to
// (8.25, 12); then it is not placed and routs 3" along the line from the winner's centre
// through its own, facing back toward the winner.
#[test]
fn r21_alignment_before_the_rout() {
    let battle = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "attacker", Line, [11.25, 12.3, 0.0]);
    for crowded in [false, true] {
        let b = if crowded {
            battle
                .clone()
                .unit(FRANCE, "crowd", Line, [11.25, 11.1, 0.0])
        } else {
            battle.clone()
        };
        let mut t = b.start();
        t.contact("attacker", "defender");
        t.phase(1, "melee", FRANCE);
        let (a, d) = (t.id("attacker"), t.id("defender"));
        let ev = t.run(FRANCE, &melee_order(vec![(a, d)]), &[2, 4, 3]);
        let placed = ev
            .iter()
            .any(|e| matches!(e, Event::Placed { unit, .. } if *unit == a));
        assert_eq!(placed, !crowded);
        if crowded {
            let dir = (grognard_geometry::Vec2::new(11.25, 12.3)
                - grognard_geometry::Vec2::new(12.0, 12.0))
            .normalize();
            let end = grognard_geometry::Vec2::new(11.25, 12.3) + dir * 3.0;
            assert_at(&t, "attacker", end.x, end.y, 1e-6);
            let facing = grognard_geometry::angle_of(-dir).to_degrees();
            assert!(near(t.at("attacker")[2], facing, 1e-6));
        } else {
            assert_at(&t, "attacker", 8.25, 12.0, 1e-6);
            assert!(near(t.at("attacker")[2], 0.0, 1e-9));
        }
        assert_eq!(t.status("attacker"), Status::Disrupted);
        t.run(AUSTRIA, &Command::FollowUp { distance: 0.0 }, &[]);
    }
}

// R22 "2x2 Multiple melees": the count for a follow-up contact is taken from the contacts
// standing at that moment.
// Actions: French heavy cavalry destroys a battalion (4 + 2 against 3) and follows up into
// a second Austrian battalion already in contact with another French battalion; it rolls 3
// against 4.
// Expected: the cavalry fights at +2 heavy cavalry, +1 (enemy in melee with 2 units), -1
// follow-up = 5 against 4; the second battalion routs and the other French battalion's
// contact with it ends.
#[test]
fn r22_follow_up_counts_contacts_standing() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "first", Line, [12.0, 10.5, 270.0])
        .unit(AUSTRIA, "second", Line, [12.0, 12.5, 270.0])
        .unit(AUSTRIA, "reserve", Line, [3.0, 3.0, 90.0])
        .unit(FRANCE, "cuirassiers", HeavyCavalry, [12.0, 10.0, 90.0])
        .unit(FRANCE, "line", Line, [12.75, 12.5, 180.0])
        .start();
    t.contact("cuirassiers", "first");
    t.contact("line", "second");
    t.phase(1, "melee", FRANCE);
    let hc = t.id("cuirassiers");
    t.run(FRANCE, &melee_order(vec![(hc, t.id("first"))]), &[4, 3]);
    let ev = t.run(FRANCE, &Command::FollowUp { distance: 4.0 }, &[3, 4, 4]);
    let f = &melees(&ev)[0];
    assert_eq!(f.defender, t.id("second"));
    assert_eq!(
        mods(&f.attack.modifiers),
        vec![
            (2, "heavy cavalry".into()),
            (1, "enemy is in melee with 2 units".into()),
            (-1, "follow-up melee".into())
        ]
    );
    assert_eq!((f.attack.total, f.defence.total), (5, 4));
    assert_eq!(t.status("second"), Status::Disrupted);
    assert!(t.state.contacts.is_empty());
}

// R23 "2x2 Melee modifiers" (road column): -2 for a unit whose last move was wholly on road,
// until its side's next movement phase.
// Actions: an Austrian battalion marches 4" up a road; French heavy cavalry then stands
// against its front in contact; the Austrians' next movement phase begins.
// Expected: -2 "caught on the road in column" in its melee; gone once it may move again.
#[test]
fn r23_road_column_in_melee() {
    use grognard_geometry::Pose;
    let mut t = Battle::new()
        .band(Road, &[[12.0, 0.0], [12.0, 24.0]], 0.5)
        .unit(AUSTRIA, "column", Line, [12.0, 5.0, 90.0])
        .unit(FRANCE, "cuirassiers", HeavyCavalry, [20.0, 20.0, 270.0])
        .start();
    let col = t.id("column");
    t.run(AUSTRIA, &mv(col, vec![fwd(4.0)]), &[]);
    let hc = t.id("cuirassiers");
    t.apply(Event::Placed {
        unit: hc,
        pose: Pose::new(12.0, 9.5, 270f64.to_radians()),
        why: "test set-up".into(),
    });
    t.contact("cuirassiers", "column");
    let c = Contact {
        attacker: hc,
        defender: col,
    };
    let m = melee::modifiers(&t.state, t.unit("column"), t.unit("cuirassiers"), &[], &c);
    assert_eq!(mods(&m), vec![(-2, "caught on the road in column".into())]);
    t.phase(2, "move", AUSTRIA);
    let m = melee::modifiers(&t.state, t.unit("column"), t.unit("cuirassiers"), &[], &c);
    assert!(m.is_empty(), "{m:?}");
}

// R28 "2x2 Game setup" (generated set-up): the players' choices come from a seeded source
// separate from the dice.
// Actions: generate battles with the same dice and choice seeds, and with the same dice but
// another choice seed.
// Expected: the same seeds give the same scenario; another choice seed gives another
// set-up but the same roll-off (the same first rolls and the same attacker).
#[test]
fn r28_set_up_choices_apart_from_the_dice() {
    use grognard_engine::dice::{Logged, Seeded};
    use grognard_rules_two_by_two::design::army::Nation;
    use grognard_rules_two_by_two::design::setup::{generate, Army};
    let make = |dice_seed: u64, choice_seed: u64| {
        let mut dice = Logged::new(Seeded::new(dice_seed));
        let mut choice = Seeded::new(choice_seed);
        let armies = [
            Army::standard(Nation::French),
            Army::standard(Nation::Austrian),
        ];
        let (s, _) = generate(armies, GameKind::Fast, &mut dice, &mut choice);
        (s, dice.log)
    };
    let (a, log_a) = make(7, 11);
    let (b, log_b) = make(7, 11);
    assert_eq!(a, b);
    assert_eq!(log_a, log_b);
    let (c, log_c) = make(7, 12);
    assert_ne!(a, c);
    assert_eq!(log_a[..2], log_c[..2]);
    assert_eq!(a.sides[0].name, c.sides[0].name);
    assert!(log_a[0].purpose.contains("roll-off"));
}

// R32 "2x2 Effects": neither a Pinned nor a Disrupted unit may move or turn; a Disrupted
// unit may not fire; a Pinned one may (without its first volley).
// Actions: order moves and turns for a Pinned and a Disrupted battalion; plan their fire.
// Expected: all moves refused; the Pinned one fires with no modifier, the Disrupted one
// is refused.
#[test]
fn r32_pinned_and_disrupted() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "pinned", Line, [10.0, 12.0, 90.0])
        .unit(AUSTRIA, "disrupted", Line, [14.0, 12.0, 90.0])
        .unit(FRANCE, "t1", Line, [10.0, 12.9, 270.0])
        .unit(FRANCE, "t2", Line, [14.0, 12.9, 270.0])
        .start();
    t.set_status("pinned", Status::Pinned);
    t.set_status("disrupted", Status::Disrupted);
    for n in ["pinned", "disrupted"] {
        let id = t.id(n);
        for legs in [vec![fwd(1.0)], vec![turn(0.0)], vec![back(0.5)]] {
            let e = t.refused(AUSTRIA, &mv(id, legs));
            assert!(e.reason.contains("may not move"), "{n}: {e}");
        }
    }
    let p = shooting::plan(&t.state, t.id("pinned"), t.id("t1"), None).unwrap();
    assert!(p.modifiers.is_empty(), "{:?}", p.modifiers);
    let e = shooting::plan(&t.state, t.id("disrupted"), t.id("t2"), None).unwrap_err();
    assert!(e.reason.contains("Disrupted unit may not fire"), "{e}");
}

// R35 "2x2 Terrain placement": the general chooses the book's numbers of each feature,
// evenly over its ranges, and one watercourse in three is a river, never two.
// Actions: draw the choices of 600 seeded generals.
// Expected: streams 0 to 2, hills, roads and towns 1 or 2, dense woods 0 to 2, copses and
// hedges or walls 0 to 6, each end of every range reached; rivers come, only with a
// watercourse to be, in about a third of the battles that have one.
#[test]
fn r35_terrain_counts_follow_the_book() {
    use grognard_engine::dice::Seeded;
    use grognard_rules_two_by_two::design::setup::TerrainCounts;
    let all: Vec<TerrainCounts> = (0..600)
        .map(|seed| TerrainCounts::choose(&mut Seeded::new(seed)))
        .collect();
    let range = |f: &dyn Fn(&TerrainCounts) -> usize| {
        let v: Vec<usize> = all.iter().map(f).collect();
        (*v.iter().min().unwrap(), *v.iter().max().unwrap())
    };
    assert_eq!(range(&|c| c.watercourses), (0, 2));
    assert_eq!(range(&|c| c.hills), (1, 2));
    assert_eq!(range(&|c| c.roads), (1, 2));
    assert_eq!(range(&|c| c.towns), (1, 2));
    assert_eq!(range(&|c| c.woods), (0, 2));
    assert_eq!(range(&|c| c.copses), (0, 6));
    assert_eq!(range(&|c| c.hedges), (0, 6));
    assert!(all.iter().all(|c| !c.river || c.watercourses > 0));
    let wet = all.iter().filter(|c| c.watercourses > 0).count() as f64;
    let rivers = all.iter().filter(|c| c.river).count() as f64;
    assert!((0.25..0.42).contains(&(rivers / wet)), "{rivers} of {wet}");
}

// R35 "2x2 Terrain placement" (rivers, fords, bridges): features go in the book's order,
// each in the sector its die names; a river runs edge to edge through its sector, wider than
// a stream, with one or two fords on it and a bridge wherever a road crosses it; it is
// impassable elsewhere; no town stands on it.
// Actions: lay a river, a stream, a hill, two roads, two towns, two dense woods, six copses
// and six hedges or walls with scripted sector dice (river 2, stream 4, hill 5, roads 1 and
// 6, towns 3 and 5, woods 1 and 3, copses 1 to 6, hedges and walls 6 to 1); then try to move
// a battalion across the river away from its crossings and at a ford, and to place a
// reinforcement in it.
// Expected: the features come in that order and number; the river's bend lies in sector
// 2, it is 0.5" to 0.8" wide; every ford lies on it; every crossing of a road and the river
// is covered by a bridge; each copse (radius under 1") and hedge or wall (thinner than
// 1/4", about an inch long) lies in its sector; no town touches the river; crossing away
// from bridges and fords is refused, crossing at a ford is allowed; the placement in the
// river is refused.
#[test]
fn r35_rivers_fords_and_bridges() {
    use grognard_engine::dice::{Scripted, Seeded};
    use grognard_geometry::shape::ShapeSpec;
    use grognard_geometry::Vec2;
    use grognard_rules_two_by_two::design::setup::{
        place_terrain_with, sector_bounds, TerrainCounts,
    };
    use grognard_rules_two_by_two::scenario::TableSize;
    let counts = TerrainCounts {
        watercourses: 2,
        river: true,
        hills: 1,
        roads: 2,
        towns: 2,
        woods: 2,
        copses: 6,
        hedges: 6,
    };
    let mut faces = vec![2, 4, 5, 1, 6, 3, 5, 1, 3];
    faces.extend([1, 2, 3, 4, 5, 6]);
    faces.extend([6, 5, 4, 3, 2, 1]);
    let table = TableSize::default();
    let mut dice = Scripted::new(&faces);
    let mut log = Vec::new();
    let terrain = place_terrain_with(&table, counts, &mut dice, &mut Seeded::new(5), &mut log);
    assert!(dice.remaining().is_empty());
    let kinds: Vec<_> = terrain
        .iter()
        .map(|f| f.kind)
        .filter(|k| !matches!(k, Ford | Bridge))
        .collect();
    let mut expected = vec![
        River, Stream, Hill, Road, Road, Town, Town, DenseWood, DenseWood,
    ];
    expected.extend([Copse; 6]);
    assert_eq!(kinds[..15], expected[..]);
    assert!(kinds[15..].iter().all(|k| matches!(k, Hedge | Wall)));
    assert_eq!(kinds.len(), 21);
    let inside = |p: Vec2, sector: u8| {
        let (lo, hi) = sector_bounds(&table, sector);
        p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y
    };
    let river = terrain.iter().find(|f| f.kind == River).unwrap();
    let line = river.shape.points();
    assert!(inside(line[1], 2), "{line:?}");
    assert_eq!((line[0].y, line[2].y), (0.0, 24.0));
    let width = 2.0 * river.shape.half_width();
    assert!((0.5..=0.8).contains(&width), "{width}");
    let fords: Vec<_> = terrain.iter().filter(|f| f.kind == Ford).collect();
    assert!((1..=2).contains(&fords.len()));
    let centre = |f: &grognard_engine::terrain::Feature| {
        let (lo, hi) = f.shape.bounds();
        (lo + hi) * 0.5
    };
    for f in &fords {
        assert!(river.shape.contains(centre(f)));
    }
    let bridges: Vec<_> = terrain.iter().filter(|f| f.kind == Bridge).collect();
    let mut crossings = 0;
    for road in terrain.iter().filter(|f| f.kind == Road) {
        for w in road.shape.points().windows(2) {
            for t in river.shape.crossing_params(w[0], w[1]) {
                crossings += 1;
                let p = w[0].lerp(w[1], t);
                assert!(bridges.iter().any(|b| b.shape.contains(p)), "{p:?}");
            }
        }
    }
    assert!(crossings >= 1, "the west-east road crosses the river");
    let copses: Vec<_> = terrain.iter().filter(|f| f.kind == Copse).collect();
    for (k, c) in copses.iter().enumerate() {
        let ShapeSpec::Circle { centre, radius } = c.shape.spec() else {
            panic!("{c:?}")
        };
        assert!(inside(Vec2::new(centre[0], centre[1]), k as u8 + 1));
        assert!(*radius < 1.0);
    }
    let hedges: Vec<_> = terrain
        .iter()
        .filter(|f| matches!(f.kind, Hedge | Wall))
        .collect();
    for (k, h) in hedges.iter().enumerate() {
        let ShapeSpec::Band { points, width } = h.shape.spec() else {
            panic!("{h:?}")
        };
        let (a, b) = (Vec2::from(points[0]), Vec2::from(points[1]));
        assert!(inside((a + b) * 0.5, 6 - k as u8));
        assert!(*width < 0.25 && (0.8..1.5).contains(&a.distance(b)));
    }
    for town in terrain.iter().filter(|f| f.kind == Town) {
        let (lo, hi) = town.shape.bounds();
        let corners = [lo, hi, Vec2::new(lo.x, hi.y), Vec2::new(hi.x, lo.y)];
        assert!(corners.iter().all(|c| !river.shape.contains(*c)));
        assert!(!river.shape.contains(centre(town)));
    }

    // The river in play: impassable but at its crossings.
    let ford = centre(fords[0]);
    // 3" from the south edge, far from the fords (which lie between the deployment zones).
    let bank = line[0].lerp(line[1], 3.0 / line[1].y);
    let mut battle = Battle::new()
        .point(AUSTRIA, Edge::South, line[0].x)
        .waiting(AUSTRIA, "late", Line, 0)
        .unit(AUSTRIA, "wader", Line, [ford.x - 1.2, ford.y, 0.0])
        .unit(AUSTRIA, "swimmer", Line, [bank.x - 1.2, bank.y, 0.0])
        .unit(FRANCE, "far", Line, [3.0, 23.0, 270.0]);
    battle.scenario.terrain = vec![river.clone(), fords[0].clone()];
    let mut t = battle.start();
    let e = cost(&t, "swimmer", &[fwd(2.4)]).unwrap_err();
    assert!(e.contains("river"), "{e}");
    assert!(near(cost(&t, "wader", &[fwd(2.0)]).unwrap(), 3.0, 1e-9));
    t.run(AUSTRIA, &Command::Reinforce { point: 0 }, &[6]);
    let e = t.refused(AUSTRIA, &Command::Place { offset: 0.0 });
    assert!(e.reason.contains("in a river"), "{e}");
}

/// The explanations the companion gives for a roll resolved with `faces`, as JSON.
fn companion_rolls(roll: &str, situation: &serde_json::Value, faces: &[u8]) -> serde_json::Value {
    let r = grognard_rules_two_by_two::resolve::resolutions::all()
        .into_iter()
        .find(|r| r.about().name == roll)
        .unwrap();
    let done = r
        .resolve(situation, &mut grognard_engine::dice::Scripted::new(faces))
        .unwrap();
    serde_json::to_value(&done.rolls).unwrap()
}

/// The explanations a battle's events carry, in order: melee rolls, then rout rolls.
fn battle_rolls(events: &[Event]) -> serde_json::Value {
    let mut out = Vec::new();
    for e in events {
        match e {
            Event::MeleeFought {
                attack, defence, ..
            } => {
                out.push(serde_json::to_value(attack).unwrap());
                out.push(serde_json::to_value(defence).unwrap());
            }
            Event::RoutTest { roll, .. } => out.push(serde_json::to_value(roll).unwrap()),
            _ => {}
        }
    }
    serde_json::Value::Array(out)
}

// R37 "2x2 Game setup": the roll-off is thrown again after every tie, each tie adding 10 AP
// to what both sides set up at the start, until one player is higher, even once the AP
// reaches a whole army (the dice must still name the attacker).
// Actions: generate a battle with the roll-off tied 3-3 and 4-4, then 5-2; resolve the
// companion's `setup` roll with the same dice for 40 AP and for 20 AP armies.
// Expected: 30 AP set up at the start, the first army attacks; the companion says the same,
// and for 20 AP armies that the whole army is set up.
#[test]
fn r37_roll_off_ties_add_ten_ap_until_decided() {
    use grognard_rules_two_by_two::design::army::Nation;
    use grognard_rules_two_by_two::design::setup::Army;
    use grognard_rules_two_by_two::scenario::Role;
    let mut faces = vec![3, 3, 4, 4, 5, 2];
    faces.extend(std::iter::repeat_n(4, 40));
    let mut dice = grognard_engine::dice::Scripted::new(&faces);
    let (s, log) = grognard_rules_two_by_two::design::setup::generate(
        [
            Army::standard(Nation::French),
            Army::standard(Nation::Austrian),
        ],
        GameKind::Fast,
        &mut dice,
        &mut grognard_engine::dice::Seeded::new(1),
    );
    assert_eq!(s.game.initial_ap, 30.0);
    assert_eq!(s.sides[1].name, "French", "{:?}", log.lines);
    assert_eq!(s.sides[1].role, Role::Attacker);
    let r = grognard_rules_two_by_two::resolve::resolutions::all()
        .into_iter()
        .find(|r| r.about().name == "setup")
        .unwrap();
    let done = r
        .resolve(
            &serde_json::json!({"army_ap": 40}),
            &mut grognard_engine::dice::Scripted::new(&faces[..6]),
        )
        .unwrap();
    assert_eq!(
        done.outcome,
        "first player attacks, second defends and moves first, after 2 ties; each side sets up 30 AP at the start"
    );
    assert_eq!(done.rolls.len(), 3);
    let done = r
        .resolve(
            &serde_json::json!({"army_ap": 20}),
            &mut grognard_engine::dice::Scripted::new(&faces[..6]),
        )
        .unwrap();
    assert_eq!(
        done.outcome,
        "first player attacks, second defends and moves first, after one tie or more; each side sets up its whole army at the start"
    );
}

// R38 "Column of Attack": a support that shares a routed attacker's result routs, and a
// routing unit always rolls to survive ("2x2 Effects: Routs"), so the support throws its own
// rout roll after the attacker's.
// Actions: a French column (head and support) takes its column against an Austrian
// battalion and loses 2+1 against 5; the head's rout roll is 1, the support's 5.
// Expected: the head is destroyed on its roll, the support routs and ends Disrupted; the
// companion's melee with a support, resolved with the same dice, explains the same four
// rolls word for word.
#[test]
fn r38_a_column_support_rolls_its_own_rout() {
    let mut t = Battle::new()
        .options(|o| o.column_of_attack = true)
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "head", Line, [12.0, 12.5, 270.0])
        .unit(FRANCE, "support", Line, [12.0, 13.0, 270.0])
        .start();
    t.contact("head", "defender");
    t.phase(1, "melee", FRANCE);
    let (h, s, d) = (t.id("head"), t.id("support"), t.id("defender"));
    let ev = t.run(
        FRANCE,
        &Command::Melee {
            order: vec![(h, d)],
            columns: vec![h],
        },
        &[2, 5, 1, 5],
    );
    let tested: Vec<(u16, bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::RoutTest { unit, survived, .. } => Some((*unit, *survived)),
            _ => None,
        })
        .collect();
    assert_eq!(tested, vec![(h, false), (s, true)]);
    assert_eq!(t.state.unit(h).place, Place::Destroyed);
    assert_eq!(t.status("support"), Status::Disrupted);
    assert_eq!(
        companion_rolls("melee", &serde_json::json!({"support": {}}), &[2, 5, 1, 5]),
        battle_rolls(&ev)
    );
}

// R39 "2x2 HQs and destroyed units": an HQ touching a melee's loser is destroyed with it
// when the loser's rout roll destroys it, as when the result does: the roll is made before
// the rout moves it away.
// Actions: a French battalion fights an Austrian one whose HQ touches its flank (+1): 4
// against 2+1, the defender routs, rout roll 1.
// Expected: the defender is destroyed on its rout roll and its HQ with it; the companion,
// told the HQ touches the defender, says so and explains the same rolls.
#[test]
fn r39_the_losers_hq_goes_with_it_on_a_rout_roll() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "general", Hq, [13.0, 12.0, 90.0])
        .unit(FRANCE, "attacker", Line, [12.0, 12.5, 270.0])
        .start();
    t.contact("attacker", "defender");
    t.phase(1, "melee", FRANCE);
    let (a, d, g) = (t.id("attacker"), t.id("defender"), t.id("general"));
    let ev = t.run(FRANCE, &melee_order(vec![(a, d)]), &[4, 2, 1]);
    assert_eq!(
        destroyed(&ev),
        vec![(d, Cause::RoutRoll), (g, Cause::WithItsUnit)]
    );
    let situation = serde_json::json!({"defender_hq_in_contact": true});
    assert_eq!(
        companion_rolls("melee", &situation, &[4, 2, 1]),
        battle_rolls(&ev)
    );
    let r = grognard_rules_two_by_two::resolve::resolutions::all()
        .into_iter()
        .find(|r| r.about().name == "melee")
        .unwrap();
    let done = r
        .resolve(
            &situation,
            &mut grognard_engine::dice::Scripted::new(&[4, 2, 1]),
        )
        .unwrap();
    assert_eq!(
        done.outcome,
        "attacker wins by 1-2: defender routs and is destroyed on its rout roll, and the HQ touching it with it; attacker may follow up"
    );
}

// "2x2 Melee results", "Effects: Routs": the companion reads from the table what a loser's
// rout would meet, and follows it to the end.
// Actions: a French battalion fights an Austrian one whose rear is 0.35" from its own table
// edge, its HQ touching its flank: 5 against 2+1, the defender routs, rout roll 5.
// Expected: the battle destroys the defender as it leaves the table, and its HQ with it
// (ruling R39); the melee's situation for that command says the defender's rout would
// leave the table (the attacker's is clear), and resolved with the same dice it ends the
// same way.
#[test]
fn the_melee_companion_follows_the_losers_rout_move() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 0.6, 90.0])
        .unit(AUSTRIA, "general", Hq, [13.0, 0.6, 90.0])
        .unit(FRANCE, "attacker", Line, [12.0, 1.1, 270.0])
        .start();
    t.contact("attacker", "defender");
    t.phase(1, "melee", FRANCE);
    let (a, d) = (t.id("attacker"), t.id("defender"));
    let cmd = melee_order(vec![(a, d)]);
    let (name, situation) =
        grognard_rules_two_by_two::seat::roll_of(&t.state, FRANCE, &cmd).unwrap();
    assert_eq!(name, "melee");
    assert_eq!(situation["defender_rout"], "table_edge");
    assert_eq!(situation["attacker_rout"], "clear");
    assert_eq!(situation["defender_hq_in_contact"], true);
    let g = t.id("general");
    let ev = t.run(FRANCE, &cmd, &[5, 2, 5]);
    assert_eq!(
        destroyed(&ev),
        vec![(d, Cause::OffTable), (g, Cause::WithItsUnit)]
    );
    assert_eq!(
        companion_rolls("melee", &situation, &[5, 2, 5]),
        battle_rolls(&ev)
    );
    let r = grognard_rules_two_by_two::resolve::resolutions::all()
        .into_iter()
        .find(|r| r.about().name == "melee")
        .unwrap();
    let done = r
        .resolve(
            &situation,
            &mut grognard_engine::dice::Scripted::new(&[4, 2, 5]),
        )
        .unwrap();
    assert_eq!(
        done.outcome,
        "attacker wins by 1-2: defender routs, survives its rout roll and is destroyed as its rout leaves the table, and the HQ touching it with it; attacker may follow up"
    );
    assert_eq!(
        serde_json::to_value(&done.effects).unwrap(),
        serde_json::json!([{"role": "defender", "set": {}, "gone": true}])
    );
}
