//! The book's rules on small tables, with scripted dice: each test names the section it
//! shows.

use grognard_engine::dice::Scripted;
use grognard_engine::{Ruleset, Side};
use grognard_geometry::Pose;
use grognard_rules_beer_and_pretzel::event::Event;
use grognard_rules_beer_and_pretzel::scenario::{Scenario, SideSpec, TableSize, UnitSpec};
use grognard_rules_beer_and_pretzel::state::{Order, State, Status, Troop};
use grognard_rules_beer_and_pretzel::tables::{Control, Tables};
use grognard_rules_beer_and_pretzel::{BeerAndPretzel, Command};

const A: Side = Side(0);
const B: Side = Side(1);

/// A bare table with the units given as (side, name, troop, x, y, facing, order).
fn table(units: &[(u8, &str, Troop, f64, f64, f64, Order)]) -> State {
    let spec = |u: &(u8, &str, Troop, f64, f64, f64, Order)| UnitSpec {
        name: u.1.into(),
        troop: u.2,
        at: [u.3, u.4, u.5],
        order: u.6,
        figures: None,
        control: Control::A,
        green: false,
    };
    let side = |s: u8, name: &str| SideSpec {
        name: name.into(),
        units: units.iter().filter(|u| u.0 == s).map(spec).collect(),
    };
    let scenario = Scenario {
        rules: None,
        name: "test".into(),
        table: TableSize::default(),
        turns: 12,
        control: false,
        first: 0,
        sides: [side(0, "Blue"), side(1, "Red")],
        terrain: Vec::new(),
        tables: Tables::default(),
    };
    BeerAndPretzel.start(&scenario)
}

fn id(s: &State, name: &str) -> u16 {
    s.units().iter().find(|u| u.name == name).unwrap().id
}

fn run(s: &mut State, side: Side, c: Command, dice: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut d = Scripted::new(dice);
    BeerAndPretzel
        .execute(s, side, &c, &mut d, &mut events)
        .unwrap_or_else(|e| panic!("{c:?}: {e}"));
    assert!(
        d.remaining().is_empty(),
        "dice left over: {:?}",
        d.remaining()
    );
    events
}

fn refused(s: &State, side: Side, c: &Command) -> String {
    BeerAndPretzel.check(s, side, c).unwrap_err().to_string()
}

fn ahead(s: &State, unit: u16, d: f64) -> Pose {
    let u = s.unit(unit);
    u.pose.advanced(d, 0.0)
}

// "B&P Movement": infantry moves 4" in line, 6" in column, 9" as skirmishers; backing away
// costs double.
#[test]
fn movement_rates_by_formation() {
    let s = table(&[
        (
            0,
            "line",
            Troop::LineInfantry,
            10.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            0,
            "column",
            Troop::LineInfantry,
            20.0,
            10.0,
            90.0,
            Order::Column,
        ),
        (
            0,
            "skirmishers",
            Troop::LineInfantry,
            35.0,
            10.0,
            90.0,
            Order::Skirmish,
        ),
        (
            1,
            "enemy",
            Troop::LineInfantry,
            60.0,
            40.0,
            270.0,
            Order::Line,
        ),
    ]);
    for (name, full) in [("line", 4.0), ("column", 6.0), ("skirmishers", 9.0)] {
        let u = id(&s, name);
        let ok = Command::Move {
            unit: u,
            to: ahead(&s, u, full),
        };
        assert!(BeerAndPretzel.check(&s, A, &ok).is_ok(), "{name}");
        let far = Command::Move {
            unit: u,
            to: ahead(&s, u, full + 0.2),
        };
        assert!(refused(&s, A, &far).contains("costs"), "{name}");
        let back = Command::Move {
            unit: u,
            to: ahead(&s, u, -full / 2.0 - 0.2),
        };
        assert!(refused(&s, A, &back).contains("costs"), "{name} backing");
    }
}

// "B&P Movement": through formed friends costs 2"; skirmishers pass friends freely; no
// unit moves through the enemy.
#[test]
fn friends_and_enemies_in_the_way() {
    let s = table(&[
        (
            0,
            "column",
            Troop::LineInfantry,
            10.0,
            10.0,
            90.0,
            Order::Column,
        ),
        (
            0,
            "friends",
            Troop::LineInfantry,
            10.0,
            13.0,
            90.0,
            Order::Line,
        ),
        (
            0,
            "skirmishers",
            Troop::LineInfantry,
            30.0,
            10.0,
            90.0,
            Order::Skirmish,
        ),
        (
            0,
            "in front",
            Troop::LineInfantry,
            30.0,
            13.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "enemy",
            Troop::LineInfantry,
            50.0,
            13.0,
            270.0,
            Order::Line,
        ),
        (
            0,
            "blocked",
            Troop::LineInfantry,
            50.0,
            10.0,
            90.0,
            Order::Column,
        ),
    ]);
    let c = id(&s, "column");
    // Six inches through a line of friends: 6 + 2 is more than the column's 6".
    let through = Command::Move {
        unit: c,
        to: ahead(&s, c, 6.0),
    };
    assert!(refused(&s, A, &through).contains("costs 8.0"));
    let k = id(&s, "skirmishers");
    let past = Command::Move {
        unit: k,
        to: ahead(&s, k, 6.0),
    };
    assert!(BeerAndPretzel.check(&s, A, &past).is_ok());
    let b = id(&s, "blocked");
    let into = Command::Move {
        unit: b,
        to: ahead(&s, b, 6.0),
    };
    assert!(refused(&s, A, &into).contains("through the enemy"));
}

// "B&P Movement": infantry may change formation and fire, or move and fire, but not move
// and change formation, unless it breaks into skirmishers first.
#[test]
fn infantry_does_not_move_fire_and_change_formation() {
    let mut s = table(&[
        (
            0,
            "battalion",
            Troop::LineInfantry,
            10.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            0,
            "light",
            Troop::LineInfantry,
            30.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "enemy",
            Troop::LineInfantry,
            60.0,
            40.0,
            270.0,
            Order::Line,
        ),
    ]);
    let b = id(&s, "battalion");
    run(
        &mut s,
        A,
        Command::Form {
            unit: b,
            order: Order::Column,
        },
        &[],
    );
    let mv = Command::Move {
        unit: b,
        to: ahead(&s, b, 3.0),
    };
    assert!(refused(&s, A, &mv).contains("does not move"));
    let l = id(&s, "light");
    run(
        &mut s,
        A,
        Command::Form {
            unit: l,
            order: Order::Skirmish,
        },
        &[],
    );
    let to = ahead(&s, l, 9.0);
    run(&mut s, A, Command::Move { unit: l, to }, &[]);
    assert_eq!(s.unit(l).order, Order::Skirmish);
    // Broken into skirmishers before the move, it may still fire at its end.
    let e = id(&s, "enemy");
    s.unit_mut(e).pose = Pose::new(30.0, 23.0, 270f64.to_radians());
    assert!(BeerAndPretzel
        .check(&s, A, &Command::Fire { unit: l, target: e })
        .is_ok());
}

// "B&P Fire Combat" and "B&P Melee Combat" return fire: both fires are thrown with the
// figures each had, then the losses taken (ruling B11).
#[test]
fn return_fire_is_simultaneous() {
    let mut s = table(&[
        (
            0,
            "blue",
            Troop::LineInfantry,
            30.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "red",
            Troop::LineInfantry,
            30.0,
            15.0,
            270.0,
            Order::Line,
        ),
    ]);
    let (b, r) = (id(&s, "blue"), id(&s, "red"));
    let ev = run(&mut s, A, Command::Fire { unit: b, target: r }, &[]);
    assert!(matches!(
        ev.last(),
        Some(Event::Pending { pending: Some(_) })
    ));
    // Blue throws 5 (12 x 5 / 10 = 6), red answers with all 12 figures, 4 (4 hits).
    run(&mut s, B, Command::ReturnFire { fire: true }, &[5, 4]);
    assert_eq!(s.unit(r).figures, 6);
    assert_eq!(s.unit(b).figures, 8);
    assert!(s.unit(r).done.fired && s.unit(b).done.fired);
}

// "B&P Melee Combat": a unit charged that breaks routs its full move to the rear; one that
// holds fires into a frontal charger, which checks its own morale, and the melee follows;
// the loser routs.
#[test]
fn a_charge_from_morale_to_melee() {
    let mut s = table(&[
        (
            0,
            "attack",
            Troop::LineInfantry,
            30.0,
            10.0,
            90.0,
            Order::Column,
        ),
        (
            1,
            "defence",
            Troop::LineInfantry,
            30.0,
            14.0,
            270.0,
            Order::Line,
        ),
    ]);
    let (a, d) = (id(&s, "attack"), id(&s, "defence"));
    // The defender holds on 8, then fires (die 4: 12 x 4 / 10 = 4 hits), the charger
    // holds on 8, and the melee: attacker 1 x 16 points, defender 6 x 24.
    run(&mut s, A, Command::Charge { unit: a, target: d }, &[4, 4]);
    assert!(s.pending.is_some());
    let ev = run(
        &mut s,
        B,
        Command::Respond {
            fire: true,
            square: false,
        },
        &[4, 4, 4, 1, 6],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Melee { result, .. } if !result.attacker_wins)));
    assert_eq!(s.unit(a).status, Status::Routed);
    // The attacker lost 4 to fire and a quarter of 8, 2, in the melee.
    assert_eq!(s.unit(a).figures, 6);
    assert!(s.unit(d).done.won);
}

// "B&P Rout, Disruption, and Rally": a routed unit halts at its side's next move, turns to
// the enemy at the one after, and is effective at the third; charged before then it loses
// half its figures, and a second charge destroys it.
#[test]
fn rout_halt_reform_and_the_unready_charged() {
    let mut s = table(&[
        (
            0,
            "attack",
            Troop::LightCavalry,
            30.0,
            8.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "defence",
            Troop::LineInfantry,
            30.0,
            14.0,
            270.0,
            Order::Line,
        ),
        (
            0,
            "second",
            Troop::LightCavalry,
            38.0,
            18.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "reserve",
            Troop::GuardInfantry,
            60.0,
            44.0,
            270.0,
            Order::Column,
        ),
        (
            1,
            "reserve 2",
            Troop::GuardInfantry,
            66.0,
            44.0,
            270.0,
            Order::Column,
        ),
    ]);
    let (a, d) = (id(&s, "attack"), id(&s, "defence"));
    // The infantry breaks on 2+3.
    run(&mut s, A, Command::Charge { unit: a, target: d }, &[2, 3]);
    assert_eq!(s.unit(d).status, Status::Routed);
    let fled = s
        .unit(d)
        .pose
        .pos
        .distance(grognard_geometry::Vec2::new(30.0, 14.0));
    assert!((fled - 9.0).abs() < 1e-6, "{fled}");
    // The second cavalry catches it before it has reformed: half its 12 figures fall.
    let s2 = id(&s, "second");
    run(
        &mut s,
        A,
        Command::Charge {
            unit: s2,
            target: d,
        },
        &[],
    );
    assert_eq!(s.unit(d).figures, 6);
    run(&mut s, A, Command::EndMove, &[]);
    assert_eq!(s.unit(d).status, Status::Halted);
    run(&mut s, B, Command::EndMove, &[]);
    run(&mut s, A, Command::EndMove, &[]);
    assert_eq!(s.unit(d).status, Status::Reforming);
    run(&mut s, B, Command::EndMove, &[]);
    run(&mut s, A, Command::EndMove, &[]);
    assert_eq!(s.unit(d).status, Status::Effective);
}

// "B&P Infantry Squares": a square charged by cavalry holds on anything but 2 or 3.
#[test]
fn a_square_holds_against_cavalry_on_four() {
    let mut s = table(&[
        (
            0,
            "horse",
            Troop::HeavyCavalry,
            30.0,
            24.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "square",
            Troop::LineInfantry,
            30.0,
            32.0,
            270.0,
            Order::Square,
        ),
    ]);
    let (h, q) = (id(&s, "horse"), id(&s, "square"));
    // 1+3 holds; the square may fire (a frontal charge); it holds its fire and the melee
    // is fought: horse 2 x 32 points, square 3 x 36.
    run(&mut s, A, Command::Charge { unit: h, target: q }, &[1, 3]);
    let ev = run(
        &mut s,
        B,
        Command::Respond {
            fire: false,
            square: false,
        },
        &[2, 3],
    );
    assert_eq!(s.unit(h).status, Status::Routed, "{ev:#?}");
    assert_eq!(s.unit(q).status, Status::Effective);
}

// "B&P Fire Combat", artillery: a crew below three joins another gun, taking a move, and
// that gun neither moves nor fires until it has settled in (ruling B16).
#[test]
fn gunners_go_over_to_another_gun() {
    let mut s = table(&[
        (
            0,
            "gun one",
            Troop::FootArtillery,
            20.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            0,
            "gun two",
            Troop::FootArtillery,
            24.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "enemy",
            Troop::LineInfantry,
            22.0,
            24.0,
            270.0,
            Order::Line,
        ),
    ]);
    let (g1, g2) = (id(&s, "gun one"), id(&s, "gun two"));
    s.unit_mut(g1).figures = 2;
    s.unit_mut(g2).figures = 2;
    let fire = Command::Fire {
        unit: g1,
        target: id(&s, "enemy"),
    };
    assert!(refused(&s, A, &fire).contains("three gunners"));
    run(&mut s, A, Command::Reman { unit: g1, gun: g2 }, &[]);
    assert!(s.unit(g1).gone);
    assert_eq!(s.unit(g2).figures, 4);
    let fire = Command::Fire {
        unit: g2,
        target: id(&s, "enemy"),
    };
    assert!(refused(&s, A, &fire).contains("settling in"));
}

// "B&P Command Figures": a command figure with a unit that is fired on dies on a 12.
#[test]
fn a_command_figure_dies_on_twelve() {
    let mut s = table(&[
        (
            0,
            "blue",
            Troop::LineInfantry,
            30.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "red",
            Troop::LineInfantry,
            30.0,
            15.0,
            270.0,
            Order::Line,
        ),
        (
            1,
            "general",
            Troop::Commander,
            30.0,
            16.5,
            270.0,
            Order::Line,
        ),
    ]);
    let (b, r) = (id(&s, "blue"), id(&s, "red"));
    run(&mut s, A, Command::Fire { unit: b, target: r }, &[]);
    // Blue's fire (1: one hit), the general's risk (6+6), no return fire.
    run(&mut s, B, Command::ReturnFire { fire: false }, &[1, 6, 6]);
    assert!(s.unit(id(&s, "general")).gone);
    assert_eq!(s.unit(r).figures, 11);
}

// Ruling B13: an army that has lost half its figures at the end of a turn is beaten.
#[test]
fn half_the_figures_lost_ends_the_battle() {
    let mut s = table(&[
        (
            0,
            "blue",
            Troop::LineInfantry,
            30.0,
            10.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "red",
            Troop::LineInfantry,
            30.0,
            30.0,
            270.0,
            Order::Line,
        ),
    ]);
    s.unit_mut(1).figures = 6;
    run(&mut s, A, Command::EndMove, &[]);
    assert!(s.outcome.is_none());
    run(&mut s, B, Command::EndMove, &[]);
    let o = s.outcome.clone().expect("over");
    assert_eq!(o.winner, Some(A));
    assert_eq!(o.result, "army_broken");
}

/// A table with one building, a 2" square centred on (30, 30).
fn with_building(units: &[(u8, &str, Troop, f64, f64, f64, Order)]) -> State {
    let mut s = table(units);
    s.field.terrain.push(grognard_engine::terrain::Feature::new(
        grognard_engine::terrain::TerrainKind::Building,
        grognard_geometry::shape::ShapeSpec::Rect {
            centre: [30.0, 30.0],
            width: 2.0,
            height: 2.0,
            angle: 0.0,
        },
    ));
    s.building_hits.push(0);
    s
}

// "B&P Fighting in Buildings": one stand holds a building; fire into it hits on 9 with two
// dice, fire from it on 8, each less a point for a casualty of the firing stand.
#[test]
fn fire_into_and_out_of_a_building() {
    let mut s = with_building(&[
        (
            0,
            "battalion",
            Troop::LineInfantry,
            30.0,
            25.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "company",
            Troop::LineInfantry,
            30.0,
            30.0,
            270.0,
            Order::Line,
        ),
    ]);
    let (b, c) = (id(&s, "battalion"), id(&s, "company"));
    s.unit_mut(c).figures = 3;
    s.unit_mut(b).figures = 11;
    run(&mut s, A, Command::Fire { unit: b, target: c }, &[]);
    // The battalion's firing stand has one casualty: 5+4 = 9, less 1, misses; the company
    // fires back, 4+4 = 8, and hits.
    let ev = run(&mut s, B, Command::ReturnFire { fire: true }, &[5, 4, 4, 4]);
    let hits: Vec<bool> = ev
        .iter()
        .filter_map(|e| match e {
            Event::BuildingFire { hit, .. } => Some(*hit),
            _ => None,
        })
        .collect();
    assert_eq!(hits, vec![false, true]);
    assert_eq!((s.unit(c).figures, s.unit(b).figures), (3, 10));
}

// "B&P Fighting in Buildings": storming a building, each attacking stand rolls in turn on
// the Building Melee Results with +1 for every other stand attacking; a unit of several
// stands does not enter a building.
#[test]
fn storming_a_building() {
    let mut s = with_building(&[
        (
            0,
            "battalion",
            Troop::LineInfantry,
            30.0,
            26.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "company",
            Troop::LineInfantry,
            30.0,
            30.0,
            270.0,
            Order::Line,
        ),
        (
            1,
            "reserve",
            Troop::GuardInfantry,
            60.0,
            44.0,
            270.0,
            Order::Column,
        ),
    ]);
    let (b, c) = (id(&s, "battalion"), id(&s, "company"));
    s.unit_mut(c).figures = 3;
    let into = Command::Move {
        unit: b,
        to: Pose::new(30.0, 28.7, 90f64.to_radians()),
    };
    assert!(refused(&s, A, &into).contains("holds one stand"));
    // The first stand: 2+2, +3 for three more stands = 7: the attacking stand loses two
    // figures and routs, and with it the battalion.
    run(&mut s, A, Command::Charge { unit: b, target: c }, &[2, 2]);
    assert_eq!(s.unit(b).figures, 10);
    assert_eq!(s.unit(b).status, Status::Routed);
    assert_eq!(s.unit(c).figures, 3);
}

// "B&P Fire Combat", artillery: four hits on a building set it burning, and the stand in it
// must leave (ruling B22).
#[test]
fn four_hits_burn_a_building() {
    let mut s = with_building(&[
        (
            0,
            "guns",
            Troop::FootArtillery,
            30.0,
            18.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "company",
            Troop::LineInfantry,
            30.0,
            30.0,
            270.0,
            Order::Line,
        ),
        (
            1,
            "reserve",
            Troop::GuardInfantry,
            60.0,
            44.0,
            270.0,
            Order::Column,
        ),
    ]);
    let (g, c) = (id(&s, "guns"), id(&s, "company"));
    s.unit_mut(c).figures = 3;
    s.building_hits[0] = 3;
    // Round shot: one die, a 2 hits (the target is in the open as cover goes: a building is
    // no wood or hill).
    run(&mut s, A, Command::Fire { unit: g, target: c }, &[2]);
    assert_eq!(s.building_hits[0], 4);
    assert_eq!(s.unit(c).status, Status::Routed);
}

// "B&P Rout, Disruption, and Rally": a routed unit that is pursued runs on (ruling B26:
// infantry or cavalry ending a move within 2" of it).
#[test]
fn a_pursued_unit_runs_on() {
    let mut s = table(&[
        (
            0,
            "hussars",
            Troop::LightCavalry,
            30.0,
            10.0,
            90.0,
            Order::Line,
        ),
        // Halted after its rout, still facing the way it ran.
        (
            1,
            "fleeing",
            Troop::LineInfantry,
            30.0,
            20.0,
            90.0,
            Order::Line,
        ),
        (
            1,
            "reserve",
            Troop::GuardInfantry,
            60.0,
            44.0,
            270.0,
            Order::Column,
        ),
    ]);
    let (h, f) = (id(&s, "hussars"), id(&s, "fleeing"));
    s.unit_mut(f).status = Status::Halted;
    let before = s.unit(f).pose.pos;
    let to = ahead(&s, h, 8.0);
    run(&mut s, A, Command::Move { unit: h, to }, &[]);
    assert_eq!(s.unit(f).status, Status::Routed);
    assert!((s.unit(f).pose.pos.distance(before) - 9.0).abs() < 1e-6);
}

// "B&P Skirmishers": skirmishers do not charge, save where the ground allows no other order
// (ruling B25: into a dense wood); cavalry skirmishers stand more than twice a stand's width
// apart.
#[test]
fn skirmishers_charge_only_into_heavy_woods() {
    let mut s = table(&[
        (
            0,
            "voltigeurs",
            Troop::LineInfantry,
            30.0,
            24.0,
            90.0,
            Order::Skirmish,
        ),
        (
            1,
            "in the wood",
            Troop::LineInfantry,
            30.0,
            28.0,
            270.0,
            Order::Line,
        ),
        (
            0,
            "chasseurs",
            Troop::LightCavalry,
            50.0,
            10.0,
            90.0,
            Order::Skirmish,
        ),
    ]);
    let (v, w) = (id(&s, "voltigeurs"), id(&s, "in the wood"));
    let charge = Command::Charge { unit: v, target: w };
    assert!(refused(&s, A, &charge).contains("only into a dense wood"));
    s.field.terrain.push(grognard_engine::terrain::Feature::new(
        grognard_engine::terrain::TerrainKind::DenseWood,
        grognard_geometry::shape::ShapeSpec::Circle {
            centre: [30.0, 28.0],
            radius: 4.0,
        },
    ));
    s.building_hits.push(0);
    assert!(BeerAndPretzel.check(&s, A, &charge).is_ok());
    let stands = s.unit(id(&s, "chasseurs")).stand_bases();
    let gap = grognard_geometry::distance::base_base(&stands[0], &stands[1]);
    assert!(gap > 2.0 * stands[0].width, "{gap}");
}
