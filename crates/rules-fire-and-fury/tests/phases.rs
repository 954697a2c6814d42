//! The phases played with scripted dice on small battles of our own: fire read off the
//! table, a charge from its announcement to its result, Reserve Movement's record from turn
//! to turn, leaders' modifiers, and the order of play.

use grognard_engine::ctx::Applies;
use grognard_engine::dice::Scripted;
use grognard_engine::{Ruleset, Side};
use grognard_rules_fire_and_fury::command::Command;
use grognard_rules_fire_and_fury::design::{setup, validate};
use grognard_rules_fire_and_fury::event::Event;
use grognard_rules_fire_and_fury::facts::{Condition, Formation};
use grognard_rules_fire_and_fury::phases::{fire, maneuver};
use grognard_rules_fire_and_fury::state::{Phase, State, UnitId};
use grognard_rules_fire_and_fury::tables::ManeuverResult;
use grognard_rules_fire_and_fury::FireAndFury;

/// Two small armies: a French brigade and an Allied one facing it across `gap` inches of
/// open ground (north is the Allied side), each with a leader far behind.
fn battle(french: &str, allied: &str, gap: f64) -> State {
    battle_with("", french, allied, gap)
}

/// [`battle`], with `options` (TOML keys of the scenario's `[options]`).
fn battle_with(options: &str, french: &str, allied: &str, gap: f64) -> State {
    let y_french = 20.0;
    let text = format!(
        r#"
rules = "fire-and-fury"
name = "test"
year = 1815
[options]
{options}
[table]
width = 48
depth = 48

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Ney"
rank = "army"
at = [20, 12, 90]
[[sides.brigades]]
name = "French brigade"
commander = "Ney"
{french}
at = [24, {y_french}, 90]

[[sides]]
name = "Allies"
nation = "british_allied"
commander = "steady"
[[sides.leaders]]
name = "Wellington"
rank = "army"
at = [5, 46, 270]
[[sides.brigades]]
name = "Allied brigade"
commander = "Wellington"
{allied}
at = [24, {}, 270]
"#,
        y_french + 1.0 + gap
    );
    let s = validate::load("test.toml", &text).unwrap_or_else(|e| panic!("{e:?}"));
    FireAndFury.start(&s)
}

const FRENCH: UnitId = 1;
const ALLIED: UnitId = 3;

/// Give `command`, with these dice, and return the events.
fn give(s: &mut State, side: Side, command: Command, faces: &[u8]) -> Vec<Event> {
    let mut dice = Scripted::new(faces);
    let mut events = Vec::new();
    FireAndFury
        .execute(s, side, &command, &mut dice, &mut events)
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        dice.remaining().is_empty(),
        "dice left over after {command:?}"
    );
    events
}

/// Pass until `phase` comes.
fn until(s: &mut State, phase: Phase) {
    while s.phase() != phase {
        let side = FireAndFury.to_act(s).expect("the battle goes on");
        give(s, side, Command::Done, &[]);
    }
}

#[test]
fn the_first_army_opens_and_the_phases_follow_in_order() {
    let mut s = battle(
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        1.5,
    );
    assert_eq!(
        (s.clock.turn, s.phase(), s.phasing()),
        (1, Phase::Attach, Side(0))
    );
    let mut seen = vec![s.phase()];
    let mut dice = grognard_engine::dice::Seeded::new(5);
    while s.clock.turn == 1 {
        let side = FireAndFury.to_act(&s).unwrap();
        FireAndFury
            .execute(&mut s, side, &Command::Done, &mut dice, &mut Vec::new())
            .unwrap();
        if s.clock.turn == 1 && seen.last() != Some(&s.phase()) {
            seen.push(s.phase());
        }
    }
    // Both player turns pass through every phase with something to decide; the fire phases
    // are there because the brigades stand in musket range.
    assert!(seen.contains(&Phase::DefensiveFire) && seen.contains(&Phase::OffensiveFire));
    // The second turn opens with the initiative: the winner chooses.
    assert_eq!(s.phase(), Phase::Initiative);
    assert!(s.choosing.is_some());
}

#[test]
fn defensive_fire_reads_the_table_and_costs_a_stand() {
    let mut s = battle(
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        1.5,
    );
    until(&mut s, Phase::DefensiveFire);
    assert_eq!(FireAndFury.to_act(&s), Some(Side(1)));
    // Four two-rank impulse stands at 1.5": 4 x 2.5 = 10 fire points.
    let sit = fire::check(&s, Side(1), ALLIED, FRENCH).unwrap();
    assert_eq!(sit.firers[0].stands, 4);
    assert_eq!(sit.range, 1.5);
    let pts = grognard_rules_fire_and_fury::resolve::fire::points(s.tables(), &sit);
    assert_eq!(pts.total, 10.0);
    // A 7 on the 10-13 column of Grognard's table: one stand.
    let events = give(
        &mut s,
        Side(1),
        Command::Fire {
            unit: ALLIED,
            target: FRENCH,
        },
        &[7],
    );
    assert!(events.iter().any(
        |e| matches!(e, Event::Fired { result, .. } if result.stands == 1 && !result.disorder)
    ));
    let b = s.unit(FRENCH).brigade().unwrap();
    assert_eq!(b.stands(), 3);
    // Four regular stands are Worn after one lost (Grognard's chart).
    assert_eq!(b.condition, Condition::Worn);
    assert_eq!(b.marks.lost_to_fire, 1);
    // It may not fire twice in the phase.
    assert!(FireAndFury
        .check(
            &s,
            Side(1),
            &Command::Fire {
                unit: ALLIED,
                target: FRENCH
            }
        )
        .is_err());
}

#[test]
fn a_cavalry_charge_from_its_announcement_to_the_square_that_beats_it() {
    let mut s = battle(
        r#"stands = [{ kind = "light_cavalry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        3.0,
    );
    until(&mut s, Phase::Tactical);
    // Infantry may not charge cavalry, but cavalry may charge infantry; the charge is
    // announced before the throw. Fresh +2: a 6 reads 8, which allows a charge.
    let events = give(
        &mut s,
        Side(0),
        Command::Maneuver {
            unit: FRENCH,
            charge: Some(ALLIED),
        },
        &[6],
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Announced { target: ALLIED, .. })));
    let r = s
        .unit(FRENCH)
        .brigade()
        .unwrap()
        .marks
        .maneuver
        .clone()
        .unwrap();
    assert!(r.charge && r.moves == 1.0);
    give(&mut s, Side(0), Command::Charge { unit: FRENCH }, &[]);
    let b = s.unit(FRENCH).brigade().unwrap();
    assert_eq!(b.marks.charging, Some(ALLIED));
    assert!(
        (b.marks.charge_distance - 3.0).abs() < 0.6,
        "{}",
        b.marks.charge_distance
    );
    assert!(fire::touching(s.unit(FRENCH), s.unit(ALLIED)));
    // The Allies' defensive fire: a 1 on the 10-13 column does nothing. Nothing else is
    // left to decide, so the charge is fought at once: the horse throws 1, +2 Fresh, +2
    // close = 5; the foot 10, +2 Fresh = 12. A differential of -7: the horse routed, the
    // infantry in square.
    until(&mut s, Phase::DefensiveFire);
    let events = give(
        &mut s,
        Side(1),
        Command::Fire {
            unit: ALLIED,
            target: FRENCH,
        },
        &[1, 1, 10],
    );
    assert_eq!(s.phasing(), Side(1), "the French player turn is over");
    let charge = events
        .iter()
        .find_map(|e| match e {
            Event::Charge { differential, .. } => Some(*differential),
            _ => None,
        })
        .expect("the charge was fought");
    assert_eq!(charge, -7);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Square { unit: ALLIED })));
    let horse = s.unit(FRENCH).brigade().unwrap();
    assert_eq!(horse.stands(), 2);
    assert!(horse.disordered);
    assert_eq!(
        s.unit(ALLIED).brigade().unwrap().formation,
        Formation::Square
    );
    assert!(!fire::touching(s.unit(FRENCH), s.unit(ALLIED)));
}

#[test]
fn a_brigade_remembers_its_reserve_movement_from_turn_to_turn() {
    let mut s = battle(
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        25.0,
    );
    until(&mut s, Phase::Reserve);
    // In the Reserve Zone it may not throw for Tactical Movement.
    assert!(maneuver::check_maneuver(&s, Side(0), FRENCH, None).is_err());
    // A 3 with a steady commander: no movement, a failure.
    give(&mut s, Side(0), Command::Reserve { unit: FRENCH }, &[3]);
    let b = s.unit(FRENCH).brigade().unwrap();
    assert!(b.marks.used_rm);
    assert_eq!(b.marks.rm_this_turn, Some(false));
    assert!(maneuver::check_move(&s, Side(0), FRENCH, &s.unit(FRENCH).pose).is_err());
    // The next turn remembers one failure: +1 (NFF Maneuver: Reserve Movement 5j).
    s.apply(&Event::Clock {
        clock: grognard_engine::sequence::Clock {
            turn: 2,
            phase: 0,
            first: Side(0),
        },
    });
    let u = s.unit(FRENCH);
    let sit = maneuver::reserve_situation(&s, u, u.brigade().unwrap());
    assert_eq!(sit.failures_in_a_row, 1);
    let m = grognard_rules_fire_and_fury::resolve::maneuver::ReserveMovement::modifiers_of(
        s.tables(),
        &sit,
    );
    assert!(m.iter().any(|m| m.value == 1 && m.reason.contains("5j")));
}

#[test]
fn an_attached_division_commander_adds_to_the_tactical_throw() {
    let mut s = battle(
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        6.0,
    );
    let u = s.unit(FRENCH);
    let before = maneuver::tactical_situation(&s, u, u.brigade().unwrap(), false);
    assert_eq!(before.leaders, 0);
    // Ney is 9" away, within his 24".
    give(
        &mut s,
        Side(0),
        Command::Attach {
            leader: 0,
            to: Some(FRENCH),
        },
        &[],
    );
    let u = s.unit(FRENCH);
    let after = maneuver::tactical_situation(&s, u, u.brigade().unwrap(), false);
    assert_eq!(after.leaders, 1);
    assert!(!after.out_of_command);
    let m = grognard_rules_fire_and_fury::resolve::maneuver::TacticalMovement::modifiers_of(
        s.tables(),
        &after,
    );
    assert!(m.iter().any(|m| m.value == 2 && m.reason.contains("2b")));
}

#[test]
fn a_move_is_costed_and_may_not_close_with_the_enemy() {
    let mut s = battle(
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        8.0,
    );
    until(&mut s, Phase::Tactical);
    // A 4 +1 impulse +2 Fresh = 7: a full move of 8" (impulse in Single Echelon).
    give(
        &mut s,
        Side(0),
        Command::Maneuver {
            unit: FRENCH,
            charge: None,
        },
        &[4],
    );
    assert_eq!(
        s.unit(FRENCH).brigade().unwrap().marks.maneuver,
        Some(ManeuverResult {
            moves: 1.0,
            formation: true,
            ..Default::default()
        })
    );
    let p = s.unit(FRENCH).pose;
    let ahead = |d: f64| {
        grognard_geometry::Pose::at(p.pos + grognard_geometry::Vec2::new(0.0, d), p.facing)
    };
    // Into the enemy's last inch: refused.
    assert!(maneuver::check_move(&s, Side(0), FRENCH, &ahead(7.5)).is_err());
    // 6" of the 8": allowed, three quarters of the move used.
    give(
        &mut s,
        Side(0),
        Command::Move {
            unit: FRENCH,
            to: ahead(6.0),
        },
        &[],
    );
    let used = s.unit(FRENCH).brigade().unwrap().marks.used;
    assert!((used - 0.75).abs() < 1e-9, "{used}");
    // 3" more is beyond what is left.
    assert!(maneuver::check_move(&s, Side(0), FRENCH, &ahead(6.0 + 3.0)).is_err());
    let _ = setup::built_in;
}

#[test]
fn horse_that_routs_its_enemy_breaks_through_into_the_next() {
    let text = r#"
rules = "fire-and-fury"
name = "test"
year = 1815
[table]
width = 48
depth = 48

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Ney"
rank = "army"
at = [20, 12, 90]
[[sides.brigades]]
name = "Lancers"
commander = "Ney"
stands = [{ kind = "light_cavalry", count = 4, rating = "regular" }]
at = [24, 20, 90]

[[sides]]
name = "Allies"
nation = "british_allied"
commander = "steady"
[[sides.leaders]]
name = "Wellington"
rank = "army"
at = [5, 46, 270]
[[sides.brigades]]
name = "First line"
commander = "Wellington"
stands = [{ kind = "infantry", count = 4, rating = "regular" }]
at = [24, 24, 270]
[[sides.brigades]]
name = "Second line"
commander = "Wellington"
stands = [{ kind = "infantry", count = 4, rating = "regular" }]
at = [29.5, 25, 270]
"#;
    let s = validate::load("test.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = FireAndFury.start(&s);
    let (horse, first, second) = (1, 3, 4);
    until(&mut s, Phase::Tactical);
    give(
        &mut s,
        Side(0),
        Command::Maneuver {
            unit: horse,
            charge: Some(first),
        },
        &[6],
    );
    give(&mut s, Side(0), Command::Charge { unit: horse }, &[]);
    until(&mut s, Phase::DefensiveFire);
    // The Allies hold their fire. The charge: 10 +2 Fresh +2 close = 14 against 1 +2
    // Fresh = 3: +11, the first line routed; the horse may break through.
    let events = give(&mut s, Side(1), Command::Done, &[10, 1]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::MayBreak { unit, may: true } if *unit == horse)));
    assert_eq!(s.phase(), Phase::Charge);
    assert_eq!(FireAndFury.to_act(&s), Some(Side(0)));
    assert_eq!(s.unit(first).brigade().unwrap().stands(), 2);
    // Not into the line it has fought; into the second, ahead within half a move.
    assert!(FireAndFury
        .check(
            &s,
            Side(0),
            &Command::Breakthrough {
                unit: horse,
                target: first
            }
        )
        .is_err());
    // The wheel onto the second line's flank makes the path longer than 4": 5 +2 Fresh -3
    // from afar +1 breakthrough -1 blown = 4, against 5 +2 Fresh = 7. At -3 the horse is
    // repulsed, and the foot that held it off is in square.
    let events = give(
        &mut s,
        Side(0),
        Command::Breakthrough {
            unit: horse,
            target: second,
        },
        &[5, 5],
    );
    let fought = events.iter().find_map(|e| match e {
        Event::Charge {
            attacker,
            defender,
            differential,
            rolls,
        } if *attacker == horse && *defender == second => Some((*differential, rolls.clone())),
        _ => None,
    });
    let (differential, rolls) = fought.expect("the breakthrough was fought");
    assert_eq!(differential, -3);
    assert!(rolls[0]
        .modifiers
        .iter()
        .any(|m| m.value == 1 && m.reason.contains("breakthrough")));
    assert!(rolls[0]
        .modifiers
        .iter()
        .any(|m| m.value == -3 && m.reason.contains("afar")));
    let b = s.unit(second).brigade().unwrap();
    assert_eq!(b.formation, Formation::Square);
    assert_eq!(b.stands(), 4);
    // Horse breaks through once only.
    assert!(!s.unit(horse).brigade().unwrap().marks.may_break);
    assert_eq!(s.phasing(), Side(1), "the French player turn is over");
}

#[test]
fn a_grand_battery_forms_of_thirty_two_guns_and_fires_as_one() {
    let battery = |name: &str, x: f64| {
        format!(
            r#"
[[sides.batteries]]
name = "{name}"
commander = "Senarmont"
guns = 8
weight = "medium"
at = [{x}, 10, 90]
"#
        )
    };
    let text = format!(
        r#"
rules = "fire-and-fury"
name = "test"
year = 1807
[table]
width = 48
depth = 48

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Victor"
rank = "army"
at = [30, 4, 90]
[[sides.leaders]]
name = "Senarmont"
rank = "artillery_commander"
superior = "Victor"
at = [21.5, 9, 90]
[[sides.brigades]]
name = "Line"
commander = "Victor"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [35, 6, 90]
{}{}{}{}
[[sides]]
name = "Russians"
nation = "russian"
commander = "steady"
[[sides.leaders]]
name = "Bennigsen"
rank = "army"
at = [5, 46, 270]
[[sides.brigades]]
name = "Target"
commander = "Bennigsen"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [21.5, 16.5, 270]
"#,
        battery("A", 20.0),
        battery("B", 21.0),
        battery("C", 22.0),
        battery("D", 23.0)
    );
    let s = validate::load("test.toml", &text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = FireAndFury.start(&s);
    let (senarmont, a, b, c, d, target) = (1, 3, 4, 5, 6, 8);
    until(&mut s, Phase::Tactical);
    // Three batteries are 24 guns: too few (NFF Maneuver: Grand Batteries 2).
    let few = FireAndFury.check(
        &s,
        Side(0),
        &Command::GrandBattery {
            commander: senarmont,
            batteries: vec![a, b, c],
        },
    );
    assert!(few.unwrap_err().reason.contains("24 guns"));
    give(
        &mut s,
        Side(0),
        Command::GrandBattery {
            commander: senarmont,
            batteries: vec![a, b, c, d],
        },
        &[],
    );
    assert_eq!(s.unit(d).battery().unwrap().grand_battery, Some(a));
    // Its batteries never leave it.
    assert!(FireAndFury
        .check(
            &s,
            Side(0),
            &Command::Limber {
                unit: b,
                limbered: true
            }
        )
        .is_err());
    until(&mut s, Phase::OffensiveFire);
    // Four medium batteries at 5.5", 3 fire points each, half as much again: 18.
    let sit = fire::check(&s, Side(0), a, target).unwrap();
    assert!(sit.grand_battery && !sit.commander_down);
    assert_eq!(sit.firers.len(), 4);
    let pts = grognard_rules_fire_and_fury::resolve::fire::points(s.tables(), &sit);
    assert_eq!(pts.total, 18.0);
    // A 7 on the 14-18 column: a stand and Disorder. The whole battery has fired.
    give(&mut s, Side(0), Command::Fire { unit: a, target }, &[7]);
    let t = s.unit(target).brigade().unwrap();
    assert_eq!((t.stands(), t.disordered), (3, true));
    assert!(FireAndFury
        .check(&s, Side(0), &Command::Fire { unit: c, target })
        .is_err());
}

#[test]
fn horse_charged_by_horse_rides_out_to_meet_it() {
    let mut s = battle(
        r#"stands = [{ kind = "light_cavalry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "light_cavalry", count = 4, rating = "regular" }]"#,
        6.0,
    );
    let start = s.unit(ALLIED).pose.pos;
    until(&mut s, Phase::Tactical);
    give(
        &mut s,
        Side(0),
        Command::Maneuver {
            unit: FRENCH,
            charge: Some(ALLIED),
        },
        &[6],
    );
    // Equal rates: the two meet halfway, the Allied horse 3" out from where it stood.
    let events = give(&mut s, Side(0), Command::Charge { unit: FRENCH }, &[]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Countercharged { unit: ALLIED })));
    let moved = s.unit(ALLIED).pose.pos.distance(start);
    assert!((moved - 3.0).abs() < 1e-6, "{moved}");
    assert!(fire::touching(s.unit(FRENCH), s.unit(ALLIED)));
    let b = s.unit(FRENCH).brigade().unwrap();
    assert!(
        (b.marks.charge_distance - 3.0).abs() < 0.1,
        "{}",
        b.marks.charge_distance
    );
    // In the combat the countercharger is not standing still; both end blown.
    until(&mut s, Phase::DefensiveFire);
    let events = give(&mut s, Side(1), Command::Done, &[5, 5]);
    let rolls = events
        .iter()
        .find_map(|e| match e {
            Event::Charge { rolls, .. } => Some(rolls.clone()),
            _ => None,
        })
        .expect("the charge was fought");
    assert!(!rolls[1]
        .modifiers
        .iter()
        .any(|m| m.reason.contains("standing still")));
    assert!(s.unit(ALLIED).brigade().is_none_or(|b| b.disordered));
    assert!(s.unit(FRENCH).brigade().is_none_or(|b| b.disordered));
}

#[test]
fn a_charge_across_a_brigade_s_front_draws_its_fire_on_the_way() {
    let text = r#"
rules = "fire-and-fury"
name = "test"
year = 1815
[table]
width = 48
depth = 48

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Ney"
rank = "army"
at = [20, 12, 90]
[[sides.brigades]]
name = "Chasseurs"
commander = "Ney"
stands = [{ kind = "light_cavalry", count = 4, rating = "regular" }]
at = [24, 20, 90]

[[sides]]
name = "Allies"
nation = "british_allied"
commander = "steady"
[[sides.leaders]]
name = "Wellington"
rank = "army"
at = [5, 46, 270]
[[sides.brigades]]
name = "Target"
commander = "Wellington"
stands = [{ kind = "infantry", count = 4, rating = "regular" }]
at = [24, 26, 270]
[[sides.brigades]]
name = "Flanker"
commander = "Wellington"
stands = [{ kind = "infantry", count = 4, rating = "regular" }]
at = [29, 23, 180]
"#;
    let s = validate::load("test.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = FireAndFury.start(&s);
    let (horse, target, flanker) = (1, 3, 4);
    until(&mut s, Phase::Tactical);
    give(
        &mut s,
        Side(0),
        Command::Maneuver {
            unit: horse,
            charge: Some(target),
        },
        &[6],
    );
    // On its way the horse crosses the flanker's front within musket range: a 10 on its
    // column costs the horse a stand at once.
    let events = give(&mut s, Side(0), Command::Charge { unit: horse }, &[10]);
    let shot = events.iter().find_map(|e| match e {
        Event::Fired {
            unit,
            target: t,
            result,
            rolls,
        } if *unit == flanker && *t == horse && !rolls.is_empty() => Some(*result),
        _ => None,
    });
    let r = shot.expect("the flanker fired as the horse passed");
    assert!(r.stands >= 1);
    assert_eq!(s.unit(horse).brigade().unwrap().stands(), 4 - r.stands);
    assert_eq!(
        s.unit(horse).brigade().unwrap().marks.charging,
        Some(target)
    );
    // Having fired, it does not fire again in the defensive fire that follows.
    until(&mut s, Phase::DefensiveFire);
    assert!(FireAndFury
        .check(
            &s,
            Side(1),
            &Command::Fire {
                unit: flanker,
                target: horse
            }
        )
        .is_err());
}

#[test]
fn a_lost_leader_is_replaced_at_the_end_of_the_turn_and_his_charisma_is_not() {
    let mut s = battle(
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#,
        6.0,
    );
    let ney = 0;
    s.apply(&Event::Gone {
        unit: ney,
        why: "test".into(),
    });
    // Before the turn ends the army is without him; at its end a replacement stands
    // behind the brigade of his command, rating as an ordinary general.
    let mut dice = grognard_engine::dice::Seeded::new(3);
    while s.clock.turn == 1 {
        let side = FireAndFury.to_act(&s).unwrap();
        FireAndFury
            .execute(&mut s, side, &Command::Done, &mut dice, &mut Vec::new())
            .unwrap();
    }
    let l = s.unit(ney);
    assert!(!l.gone);
    let ld = l.leader().unwrap();
    assert!(ld.replacement && !ld.charismatic);
    assert!(l.pose.pos.distance(s.unit(FRENCH).pose.pos) < 3.0);
    assert_eq!(
        grognard_rules_fire_and_fury::phases::turn::commander_class(&s, Side(0)),
        grognard_rules_fire_and_fury::modifiers::Commander::Ordinary
    );
}

#[test]
fn the_guard_band_plays_the_brigade_it_marches_with_forward() {
    let brigade = r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]
band = true"#;
    let plain = r#"stands = [{ kind = "infantry", count = 4, rating = "regular" }]"#;
    let with_band = |on: bool| {
        let s = battle_with(&format!("guard_band = {on}"), brigade, plain, 6.0);
        let u = s.unit(FRENCH);
        maneuver::tactical_situation(&s, u, u.brigade().unwrap(), false).guard_band
    };
    // Only when the optional rule is played (NFF Additional 2).
    assert!(with_band(true));
    assert!(!with_band(false));
}

#[test]
fn one_reserve_movement_throw_serves_a_division_whose_modifiers_are_the_same() {
    let text = |by_division: bool| {
        format!(
            r#"
rules = "fire-and-fury"
name = "test"
year = 1815
[options]
rm_roll_by_division = {by_division}
[table]
width = 48
depth = 48

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Ney"
rank = "army"
at = [20, 3, 90]
[[sides.brigades]]
name = "First"
commander = "Ney"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [15, 5, 90]
[[sides.brigades]]
name = "Second"
commander = "Ney"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [25, 5, 90]

[[sides]]
name = "Allies"
nation = "british_allied"
commander = "steady"
[[sides.leaders]]
name = "Wellington"
rank = "army"
at = [5, 46, 270]
[[sides.brigades]]
name = "Far"
commander = "Wellington"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [24, 44, 270]
"#
        )
    };
    for by_division in [true, false] {
        let s = validate::load("test.toml", &text(by_division)).unwrap();
        let mut s = FireAndFury.start(&s);
        until(&mut s, Phase::Reserve);
        give(&mut s, Side(0), Command::Reserve { unit: 1 }, &[8]);
        let second = s.unit(2).brigade().unwrap().marks.maneuver.clone();
        if by_division {
            assert_eq!(second.map(|r| r.moves), Some(1.0));
        } else {
            assert!(second.is_none());
        }
    }
}

#[test]
fn brigades_charging_together_may_average_their_rating() {
    let text = |averaged: bool| {
        format!(
            r#"
rules = "fire-and-fury"
name = "test"
year = 1815
[options]
averaged_charge_rating = {averaged}
[table]
width = 48
depth = 48

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Ney"
rank = "army"
at = [20, 3, 90]
[[sides.brigades]]
name = "Guard"
commander = "Ney"
stands = [{{ kind = "infantry", count = 4, rating = "elite" }}]
at = [15, 20, 90]
[[sides.brigades]]
name = "Conscripts"
commander = "Ney"
stands = [{{ kind = "infantry", count = 4, rating = "conscript" }}]
at = [25, 20, 90]

[[sides]]
name = "Allies"
nation = "british_allied"
commander = "steady"
[[sides.leaders]]
name = "Wellington"
rank = "army"
at = [5, 46, 270]
[[sides.brigades]]
name = "Target"
commander = "Wellington"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [20, 25, 270]
"#
        )
    };
    use grognard_rules_fire_and_fury::phases::charge;
    use grognard_rules_fire_and_fury::tables::Rating;
    // Elite and Conscript stands, four each: 16 points over 8 stands, Regular ("NFF Charge
    // 5b" by "NFF Prepare for Battle 6"); without the option the leading brigade's.
    for (averaged, want) in [(true, Rating::Regular), (false, Rating::Elite)] {
        let s = FireAndFury.start(&validate::load("test.toml", &text(averaged)).unwrap());
        let sit = charge::situation(&s, &[1, 2], 4, false);
        assert_eq!(sit.attacker.rating, want, "averaged {averaged}");
        assert_eq!(sit.attacker.stands, 8);
    }
}
