//! Rules on the table, each set up on the built-in armies with only the units it needs, and
//! played with scripted dice.

use grognard_engine::dice::Scripted;
use grognard_engine::sequence::Clock;
use grognard_engine::{Ruleset, Side};
use grognard_geometry::Pose;
use grognard_rules_napoleons_wars::event::Event;
use grognard_rules_napoleons_wars::moves::Step;
use grognard_rules_napoleons_wars::state::{Gone, Pending, Place, Role, State};
use grognard_rules_napoleons_wars::{
    book, measure, phases::firing, sequence, start, Command, NapoleonsWars,
};

const FRENCH: Side = Side(0);
const AUSTRIANS: Side = Side(1);

/// The built-in battle with only `keep` on the table, each at (x, y, facing in degrees), in
/// the French maneuver phase of turn 1.
fn table(keep: &[(&str, f64, f64, f64)]) -> State {
    let mut s = start::start(&book::default_scenario());
    for u in s.units.iter_mut() {
        match keep.iter().find(|(l, ..)| *l == u.label) {
            Some((_, x, y, f)) => {
                u.place = Place::Table;
                u.pose = Pose::new(*x, *y, f.to_radians());
            }
            // Out of the way, and not counted as lost.
            None => u.place = Place::Waiting(u32::MAX),
        }
    }
    s.clock = Clock {
        turn: 1,
        phase: 3,
        first: FRENCH,
    };
    s
}

fn id(s: &State, label: &str) -> u16 {
    s.units.iter().find(|u| u.label == label).unwrap().id
}

/// The French unit has rolled and may move `allowance` inches.
fn to_move(s: &mut State, unit: u16, allowance: f64) {
    s.pending = Some(Pending::Move {
        side: FRENCH,
        unit,
        allowance,
        reordered: false,
    });
}

/// The French unit, free to move `allowance` inches, marches `d` straight ahead.
fn march(s: &mut State, unit: u16, allowance: f64, d: f64, faces: &[u8]) -> Vec<Event> {
    to_move(s, unit, allowance);
    run(
        s,
        FRENCH,
        Command::Move {
            unit,
            steps: vec![Step::Forward { d }],
        },
        faces,
    )
}

fn run(s: &mut State, side: Side, cmd: Command, faces: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut dice = Scripted::new(faces);
    NapoleonsWars
        .execute(s, side, &cmd, &mut dice, &mut events)
        .unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"));
    events
}

// "NW 8.5": a French line brigade charges an Austrian 12 lb foot battery from its front.
// The battery's final shot at canister range (10 fire points, heavy guns) rolls 1+2 = 3:
// desultory. Its evasion roll against infantry needs 7: 3+3 = 6 fails, so the contact stands
// and a combat is due.
#[test]
fn nw_8_5_final_fire_then_a_failed_evasion_leaves_the_battery_to_fight() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("VIII Corp, 12 lb, Foot", 30.0, 35.0, 270.0),
    ]);
    let inf = id(&s, "1B/2/V");
    let bat = id(&s, "VIII Corp, 12 lb, Foot");
    // The gap between the bases is 5 - 1.5 - 0.75 = 2.75".
    let events = march(&mut s, inf, 10.0, 2.75, &[1, 2, 3, 3]);
    let fire = events.iter().find_map(|e| match e {
        Event::ArtilleryFire {
            fire,
            final_fire: true,
            ..
        } => Some(fire.clone()),
        _ => None,
    });
    let fire = fire.expect("a final shot");
    assert_eq!(fire.points, 10.0);
    assert_eq!(fire.roll.total, 3);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Evasion { test, .. } if !test.passed && test.needed == 7)));
    assert!(s
        .combats
        .iter()
        .any(|c| c.defender == bat && c.attackers == vec![inf]));
}

// "NW 8.5": the same charge, but the battery escapes (4+4 = 8 against 7) and falls back a
// full move (8"); the attacker had 10" - 2.75" = 7.25" left, less 1", too little to reach it
// again, so there is no combat and the battery lives.
#[test]
fn nw_8_5_an_escaping_battery_falls_back_and_is_not_caught() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("VIII Corp, 12 lb, Foot", 30.0, 35.0, 270.0),
    ]);
    let inf = id(&s, "1B/2/V");
    let bat = id(&s, "VIII Corp, 12 lb, Foot");
    let events = march(&mut s, inf, 10.0, 2.75, &[1, 2, 4, 4]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Evasion { test, .. } if test.passed)));
    assert!(s.combats.is_empty());
    let b = s.unit(bat);
    assert!(b.on_table());
    assert!(
        (b.pose.pos.y - 43.0).abs() < 0.3,
        "fell back 8\": {:?}",
        b.pose.pos
    );
}

// "NW 8.5": horse artillery escapes more easily, but light cavalry close behind overruns it:
// the cavalry charges from 2" away with 16" of move, so it can reach the battery's new place.
#[test]
fn nw_8_5_an_escaping_battery_caught_again_is_overrun() {
    let mut s = table(&[
        ("1B/3/V", 30.0, 30.0, 90.0),
        ("VIII Corp, 6 lb, Horse", 30.0, 34.25, 270.0),
    ]);
    let cav = id(&s, "1B/3/V");
    let bat = id(&s, "VIII Corp, 6 lb, Horse");
    // Final fire 1+1: desultory. Evasion 5+4 = 9 against 8 (horse guns, light cavalry): escapes.
    let events = march(&mut s, cav, 16.0, 2.0, &[1, 1, 5, 4]);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Evasion { test, .. } if test.passed && test.needed == 8)));
    assert_eq!(s.unit(bat).place, Place::Gone(Gone::Eliminated));
    assert!(s.combats.is_empty());
    let _ = AUSTRIANS;
}

// "NW 10.0"-"NW 10.2": a French brigade ends its move 5" in front of Austrian hussars
// (light cavalry, reaction zone 8"). In the reaction phase the hussars (Elite +2, Fresh +2)
// roll 1+3 = 4 + 4 = 8 against 7 and charge into it: the combat is theirs to fight.
#[test]
fn nw_10_cavalry_reacts_to_an_enemy_moving_into_its_zone() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("1B/3/VIII", 30.0, 44.0, 270.0),
    ]);
    let inf = id(&s, "1B/2/V");
    let hussars = id(&s, "1B/3/VIII");
    march(&mut s, inf, 10.0, 6.0, &[]);
    // End the maneuver phase: the reaction phase begins, the Austrians to act.
    run(&mut s, FRENCH, Command::EndPhase, &[]);
    assert_eq!(sequence::phase_key(&s), "reaction");
    assert_eq!(NapoleonsWars.to_act(&s), Some(AUSTRIANS));
    let events = run(&mut s, AUSTRIANS, Command::React { unit: hussars }, &[1, 3]);
    let roll = events.iter().find_map(|e| match e {
        Event::ReactionRoll { test, .. } => Some(test.clone()),
        _ => None,
    });
    let roll = roll.expect("a reaction roll");
    assert_eq!(
        (roll.roll.total, roll.passed),
        (8, true),
        "{:?}",
        roll.roll.modifiers
    );
    run(&mut s, AUSTRIANS, Command::ChargeInto, &[]);
    assert!(s
        .combats
        .iter()
        .any(|c| c.defender == inf && c.attackers == vec![hussars]));
    // A unit that did not move in the enemy's zone gives nothing to react to.
    assert!(NapoleonsWars
        .check(&s, AUSTRIANS, &Command::React { unit: hussars })
        .is_err());
}

// "NW 9.3" note 2: a French brigade marches through the Austrian corps commander. On a 12
// he is killed; the command then reads one column worse until a replacement arrives.
#[test]
fn nw_9_3_troops_passing_through_an_enemy_officer_may_kill_him() {
    for (faces, killed) in [([6u8, 6u8], true), ([3, 4], false)] {
        let mut s = table(&[
            ("1B/2/V", 30.0, 30.0, 90.0),
            ("Chasteler", 30.0, 36.0, 270.0),
        ]);
        let inf = id(&s, "1B/2/V");
        let chasteler = id(&s, "Chasteler");
        let events = march(&mut s, inf, 10.0, 9.0, &faces);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::OfficerRisk { unit, .. } if *unit == chasteler)));
        let c = s.unit(chasteler);
        if killed {
            assert_eq!(c.place, Place::Gone(Gone::Killed));
        } else {
            assert!(c.on_table());
            assert!(
                (c.pose.pos.y - 36.0).abs() > 2.0,
                "stepped aside: {:?}",
                c.pose.pos
            );
            // The story says what happened: he is moved aside.
            let story: Vec<String> = events
                .iter()
                .filter_map(|e| NapoleonsWars.narrate(&s, e))
                .collect();
            assert!(
                story
                    .iter()
                    .any(|l| l.starts_with("Chasteler is unhurt and moved aside to")),
                "{story:?}"
            );
            assert!(!story.iter().any(|l| l.contains("detaches")), "{story:?}");
        }
    }
}

// "NW 11.7": a killed commander is replaced after 1d6 less the CinC's presence turns
// (Archduke Charles, Excellent, +3): a die of 6 brings him on turn 1 + 3 + 1 = 5. The
// replacement is a rating worse (Average to Poor) and 2" shorter in range (7.5" to 5.5").
#[test]
fn nw_11_7_a_lost_commander_is_replaced_one_rating_worse() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 20.0, 90.0),
        ("1B/1/VIII", 30.0, 50.0, 270.0),
        ("Charles (Archduke)", 30.0, 60.0, 270.0),
    ]);
    let chasteler = id(&s, "Chasteler");
    s.set_place(chasteler, Place::Gone(Gone::Killed));
    // The Austrians end their combat phase of turn 1; the rally phase follows.
    s.clock = Clock {
        turn: 1,
        phase: 10,
        first: FRENCH,
    };
    let events = run(&mut s, AUSTRIANS, Command::EndPhase, &[6]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ReplacementDue { turn: 5, .. })),
        "{events:?}"
    );
    assert_eq!(s.replacements, vec![(AUSTRIANS, 0, 5)]);
    // On turn 5 he arrives as the initiative phase begins.
    s.replacements = vec![(AUSTRIANS, 0, 2)];
    s.clock = Clock {
        turn: 1,
        phase: 10,
        first: FRENCH,
    };
    run(&mut s, AUSTRIANS, Command::EndPhase, &[]);
    assert!(s.unit(chasteler).on_table());
    let (rating, range, basic, valorous) = s.leader(AUSTRIANS, 0);
    assert_eq!(
        (rating, range, basic, valorous),
        (grognard_rules_napoleons_wars::Rating::Poor, 5.5, 3.0, false)
    );
}

/// The built-in battle in the last combat phase of its last turn, no combats to fight, with
/// only `keep` on the table.
fn last_rally(keep: &[(&str, f64, f64, f64)]) -> State {
    let mut s = table(keep);
    s.clock = Clock {
        turn: s.field.turns,
        phase: 10,
        first: FRENCH,
    };
    s
}

/// The Austrians (second this turn) end their combat phase; the rally phase follows, with
/// `faces` for its rolls, and the day is over.
fn end_the_day(s: &mut State, faces: &[u8]) {
    run(s, AUSTRIANS, Command::EndPhase, faces);
}

// Ruling N35 ("NW 13.0"): with neither army broken at the end of the last turn, the side
// holding more objective value wins a marginal victory. The French hold the village (2); the
// Austrians hold the hill (1); the wood is contested, so neither holds it.
#[test]
fn n35_objectives_decide_a_day_without_a_broken_army() {
    let mut s = last_rally(&[
        ("1B/1/V", 50.0, 36.0, 90.0),
        ("2B/1/VIII", 77.0, 35.0, 270.0),
        ("1B/2/V", 16.0, 35.0, 90.0),
        ("1B/2/VIII", 21.0, 35.0, 270.0),
    ]);
    assert_eq!(grognard_rules_napoleons_wars::victory::holdings(&s), [2, 1]);
    end_the_day(&mut s, &[]);
    let o = s.outcome.clone().expect("the day is over");
    assert_eq!(o.winner, Some(FRENCH));
    assert_eq!(o.result, "marginal_victory");
    assert!(o.reason.contains("the village (2)"), "{}", o.reason);
}

// Equal holdings, or troops routed off an objective, leave the day drawn: a routed brigade
// holds nothing.
#[test]
fn n35_equal_holdings_or_routed_holders_are_a_draw() {
    let mut s = last_rally(&[
        ("1B/1/V", 50.0, 36.0, 90.0),
        ("2B/1/VIII", 77.0, 35.0, 270.0),
    ]);
    let holder = id(&s, "1B/1/V");
    s.units[holder as usize].routed = true;
    let hill = id(&s, "2B/1/VIII");
    s.set_pose(hill, Pose::new(90.0, 60.0, 0.0));
    assert_eq!(grognard_rules_napoleons_wars::victory::holdings(&s), [0, 0]);
    // The routed brigade fails to rally (1+1).
    end_the_day(&mut s, &[1, 1]);
    let o = s.outcome.clone().expect("the day is over");
    assert_eq!(o.winner, None);
    assert_eq!(o.result, "turn_limit");
}

// "NW 9.0 A": generals attach first; once any unit of the side has rolled to maneuver, no
// general attaches or re-attaches for the rest of the phase.
#[test]
fn nw_9_0_a_generals_attach_before_any_unit_rolls() {
    let mut s = table(&[
        ("1/VI", 60.0, 24.0, 90.0),
        ("1B/1/VI", 60.0, 20.0, 90.0),
        ("2B/1/VI", 64.0, 20.0, 90.0),
    ]);
    let general = id(&s, "1/VI");
    let first = id(&s, "1B/1/VI");
    let second = id(&s, "2B/1/VI");
    let attach = |unit| Command::Attach {
        officer: general,
        unit: Some(unit),
    };
    // He starts the battle with the first brigade; he may still move to the second.
    assert_eq!(s.units[general as usize].attached, Some(first));
    assert!(NapoleonsWars.check(&s, FRENCH, &attach(second)).is_ok());
    // The first brigade rolls (6+6: a full move) and holds.
    run(&mut s, FRENCH, Command::Roll { unit: first }, &[6, 6]);
    run(&mut s, FRENCH, Command::Hold, &[]);
    let refused = NapoleonsWars
        .check(&s, FRENCH, &attach(second))
        .expect_err("too late to attach");
    assert!(
        refused.to_string().contains("before any unit rolls"),
        "{refused}"
    );
}

/// Make a cavalry brigade into Cossacks: irregular light horse rated SK2 ("NW 7.9").
fn cossacks(s: &mut State, unit: u16) {
    if let Role::Brigade(b) = &mut s.units[unit as usize].role {
        b.irregular = true;
        b.sk = 2;
    }
}

// "NW 7.9", ruling N30: Austrian hussars made Cossacks stand 2" in front of a French SK2
// brigade. The French may not skirmish them; the Austrians may choose not to skirmish. When
// the Cossacks do skirmish (the Austrians declare first, being the phasing side), the French
// brigade may, and must, skirmish them in return in the same phase. The Cossacks defend at
// +3 (SK2, and cavalry themselves); the French roll 6+6+2 = 14 against 2+1+3 = 6, twice as
// much: the Cossacks lose 1 s.p. and are disordered. They stay open to it through the next
// skirmish phase, and not after.
#[test]
fn nw_7_9_cossacks_that_skirmish_may_be_skirmished_in_return() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("1B/3/VIII", 30.0, 35.0, 270.0),
    ]);
    let inf = id(&s, "1B/2/V");
    let cos = id(&s, "1B/3/VIII");
    cossacks(&mut s, cos);
    s.clock = Clock {
        turn: 1,
        phase: 1,
        first: AUSTRIANS,
    };
    let refused = firing::may_skirmish(&s, s.unit(inf), s.unit(cos)).unwrap_err();
    assert!(refused.rule.starts_with("NW 7.9"), "{refused:?}");
    // Skirmishing is the Cossacks' choice: their side may end the phase without it.
    assert!(NapoleonsWars
        .check(&s, AUSTRIANS, &Command::EndPhase)
        .is_ok());
    let sp = s.unit(cos).sp;
    run(
        &mut s,
        AUSTRIANS,
        Command::Skirmish {
            attackers: vec![cos],
            target: inf,
        },
        &[],
    );
    run(&mut s, AUSTRIANS, Command::EndPhase, &[]);
    assert_eq!(NapoleonsWars.to_act(&s), Some(FRENCH));
    // Now the French brigade can skirmish them, and so it must.
    let must = NapoleonsWars.check(&s, FRENCH, &Command::EndPhase);
    assert!(must.is_err_and(|e| e.rule.starts_with("NW 7.5")));
    run(
        &mut s,
        FRENCH,
        Command::Skirmish {
            attackers: vec![inf],
            target: cos,
        },
        &[],
    );
    // The Cossacks' attack: 1+1+2 = 4 against 3+3+2 = 8, no effect; then the French one.
    let events = run(&mut s, FRENCH, Command::EndPhase, &[1, 1, 3, 3, 6, 6, 2, 1]);
    let defence = events.iter().find_map(|e| match e {
        Event::Skirmish { target, attack, .. } if *target == cos => Some(attack.clone()),
        _ => None,
    });
    let defence = defence.expect("the French skirmish the Cossacks");
    assert_eq!((defence.attack.total, defence.defence.total), (14, 6));
    assert_eq!(s.unit(cos).sp, sp - 1);
    assert!(s.unit(cos).disordered);
    assert!(!s.unit(inf).disordered);
    // Open through the next skirmish phase (the French half of turn 1), closed after.
    let next = Clock {
        turn: 1,
        phase: 6,
        first: AUSTRIANS,
    };
    NapoleonsWars.apply(&mut s, &Event::Phase { clock: next });
    assert!(firing::may_skirmish(&s, s.unit(inf), s.unit(cos)).is_ok());
    let after = Clock {
        turn: 2,
        phase: 1,
        first: AUSTRIANS,
    };
    NapoleonsWars.apply(&mut s, &Event::Phase { clock: after });
    assert!(firing::may_skirmish(&s, s.unit(inf), s.unit(cos)).is_err());
}

/// The Austrians' maneuver phase of turn 1 (they go first).
fn austrian_maneuver(s: &mut State) {
    s.clock = Clock {
        turn: 1,
        phase: 3,
        first: AUSTRIANS,
    };
}

/// Attach the battery to the infantry as the attach command leaves it.
fn attach(s: &mut State, battery: u16, infantry: u16) {
    let pose = rules_state::attached_battery_pose(s.unit(infantry).pose);
    s.set_attached(battery, Some(infantry));
    s.set_pose(battery, pose);
}

use grognard_rules_napoleons_wars::state as rules_state;

fn refused_by(s: &State, side: Side, cmd: Command) -> String {
    let e = NapoleonsWars.check(s, side, &cmd).unwrap_err();
    format!("{}: {}", e.rule, e.reason)
}

// "NW 8.6": an Austrian 6 lb horse battery stands touching the front of an Austrian line
// brigade, both near their commander. It attaches (squared up in the middle of the front),
// never to cavalry, only within range, only touching; attached, it does not roll on its own
// but goes where its brigade goes, and the brigade cannot carry it into contact.
#[test]
fn nw_8_6_a_battery_attaches_to_infantry_and_moves_with_it() {
    let mut s = table(&[
        ("1B/1/VIII", 30.0, 40.0, 270.0),
        ("VIII Corp, 6 lb, Horse", 30.4, 37.75, 270.0),
        ("1B/3/VIII", 40.0, 40.0, 270.0),
        ("Chasteler", 33.0, 44.0, 270.0),
        ("1B/2/V", 30.0, 26.0, 90.0),
    ]);
    austrian_maneuver(&mut s);
    let inf = id(&s, "1B/1/VIII");
    let bat = id(&s, "VIII Corp, 6 lb, Horse");
    let hussars = id(&s, "1B/3/VIII");
    let chasteler = id(&s, "Chasteler");
    let attach_to = |u| Command::AttachBattery {
        battery: bat,
        infantry: Some(u),
    };
    assert!(refused_by(&s, AUSTRIANS, attach_to(hussars)).contains("may not attach to cavalry"));
    // Out of the commander's 7.5" range, no attaching.
    s.set_pose(chasteler, Pose::new(60.0, 60.0, 0.0));
    assert!(refused_by(&s, AUSTRIANS, attach_to(inf)).contains("commander's range"));
    s.set_pose(chasteler, Pose::new(33.0, 44.0, 0.0));
    // Not touching the front, no attaching.
    s.set_pose(bat, Pose::new(30.0, 36.0, 270f64.to_radians()));
    assert!(refused_by(&s, AUSTRIANS, attach_to(inf)).starts_with("NW 8.6"));
    s.set_pose(bat, Pose::new(30.4, 37.75, 270f64.to_radians()));
    run(&mut s, AUSTRIANS, attach_to(inf), &[]);
    let b = s.unit(bat);
    assert_eq!(b.attached, Some(inf));
    assert!((b.pose.pos.x - 30.0).abs() < 1e-9 && (b.pose.pos.y - 37.75).abs() < 1e-9);
    assert!(refused_by(&s, AUSTRIANS, Command::Roll { unit: bat }).contains("detach it first"));
    // The brigade rolls 6+6 and marches 4" toward the French: the guns go with it.
    run(&mut s, AUSTRIANS, Command::Roll { unit: inf }, &[6, 6]);
    run(
        &mut s,
        AUSTRIANS,
        Command::Move {
            unit: inf,
            steps: vec![Step::Forward { d: 4.0 }],
        },
        &[],
    );
    let b = s.unit(bat);
    assert!((b.pose.pos.y - 33.75).abs() < 1e-6, "{:?}", b.pose.pos);
    assert_eq!(b.attached, Some(inf));
    // A second move may not carry the guns into the French brigade (its front is at 27.5",
    // the guns' at 33").
    s.units[inf as usize].moved = false;
    run(&mut s, AUSTRIANS, Command::Roll { unit: inf }, &[6, 6]);
    let into = NapoleonsWars
        .check(
            &s,
            AUSTRIANS,
            &Command::Move {
                unit: inf,
                steps: vec![Step::Forward { d: 5.5 }],
            },
        )
        .unwrap_err();
    assert!(into.rule.starts_with("NW 9.92"), "{into:?}");
    // Detached, the battery stays where it is.
    run(&mut s, AUSTRIANS, Command::Hold, &[]);
    run(
        &mut s,
        AUSTRIANS,
        Command::AttachBattery {
            battery: bat,
            infantry: None,
        },
        &[],
    );
    assert_eq!(s.unit(bat).attached, None);
}

// "NW 8.6": a French brigade charges the front of an Austrian brigade with a 6 lb horse
// battery attached. The guns take their final shot (6 points at canister, 1+1 = 2:
// desultory) but do not roll to evade; the combat is the brigade's. The French win by 4 to 6
// (driven back): the brigade loses 1 s.p. and retreats in disorder; the guns are damaged and
// retreat a full move, no longer attached.
#[test]
fn nw_8_6_attached_guns_shoot_stay_and_share_their_brigades_fate() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("1B/1/VIII", 30.0, 40.0, 270.0),
        ("VIII Corp, 6 lb, Horse", 30.0, 37.75, 270.0),
    ]);
    let fr = id(&s, "1B/2/V");
    let inf = id(&s, "1B/1/VIII");
    let bat = id(&s, "VIII Corp, 6 lb, Horse");
    attach(&mut s, bat, inf);
    // The guns' front edge is at 37", the French front at 31.5".
    let events = march(&mut s, fr, 10.0, 5.5, &[1, 1]);
    assert!(events.iter().any(
        |e| matches!(e, Event::ArtilleryFire { final_fire: true, fire, .. } if fire.points == 6.0)
    ));
    assert!(!events.iter().any(|e| matches!(e, Event::Evasion { .. })));
    assert_eq!(s.combats.len(), 1);
    assert_eq!(
        (s.combats[0].defender, s.combats[0].attackers.clone()),
        (inf, vec![fr])
    );
    let inf_sp = s.unit(inf).sp;
    s.clock.phase = 5;
    let events = run(
        &mut s,
        FRENCH,
        Command::Fight { defender: inf },
        &[5, 5, 3, 3],
    );
    let round = events
        .iter()
        .find_map(|e| match e {
            Event::Fought { round, .. } => Some(round.clone()),
            _ => None,
        })
        .expect("a combat round");
    assert!(
        (4..=6).contains(&round.difference),
        "{:?} / {:?}",
        round.attack,
        round.defence
    );
    assert_eq!(s.unit(inf).sp, inf_sp - 1);
    assert!(s.unit(inf).disordered);
    let b = s.unit(bat);
    assert!(b.on_table() && b.damaged(), "{b:?}");
    assert_eq!(b.attached, None);
    // A full move for horse guns, 12", away from the French.
    assert!(b.pose.pos.y > 37.75 + 11.5, "{:?}", b.pose.pos);
}

// "NW 8.6", combat results: when the brigade is broken the attached guns are destroyed with
// it; when the attack is repulsed they are untouched and stay attached.
#[test]
fn nw_8_6_attached_guns_lost_with_a_broken_brigade_and_safe_when_it_holds() {
    for (dice, lost) in [([6u8, 6, 1, 1], true), ([1, 1, 6, 6], false)] {
        let mut s = table(&[
            ("1B/2/V", 30.0, 35.5, 90.0),
            ("1B/1/VIII", 30.0, 40.0, 270.0),
            ("VIII Corp, 6 lb, Horse", 30.0, 37.75, 270.0),
        ]);
        let fr = id(&s, "1B/2/V");
        let inf = id(&s, "1B/1/VIII");
        let bat = id(&s, "VIII Corp, 6 lb, Horse");
        attach(&mut s, bat, inf);
        s.combats.push(rules_state::Combat {
            attackers: vec![fr],
            defender: inf,
        });
        s.clock.phase = 5;
        let events = run(&mut s, FRENCH, Command::Fight { defender: inf }, &dice);
        let round = events
            .iter()
            .find_map(|e| match e {
                Event::Fought { round, .. } => Some(round.clone()),
                _ => None,
            })
            .unwrap();
        if lost {
            assert!(round.difference >= 7, "{round:?}");
            assert_eq!(s.unit(bat).place, Place::Gone(Gone::Eliminated));
        } else {
            assert!(round.difference <= -4, "{round:?}");
            assert!(s.unit(bat).on_table() && !s.unit(bat).damaged());
            assert_eq!(s.unit(bat).attached, Some(inf));
        }
    }
}

// "NW 8.6": enemy gunners may single out the attached battery, or fire at the brigade past
// it; the two count as one for the closest-target rule.
#[test]
fn nw_8_6_enemy_guns_may_fire_at_the_battery_or_its_brigade() {
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 32.0, 90.0),
        ("1B/1/VIII", 30.0, 40.0, 270.0),
        ("VIII Corp, 6 lb, Horse", 30.0, 37.75, 270.0),
    ]);
    let guns = id(&s, "V Corp, 12 lb, Foot");
    let inf = id(&s, "1B/1/VIII");
    let bat = id(&s, "VIII Corp, 6 lb, Horse");
    attach(&mut s, bat, inf);
    s.clock.phase = 2;
    let mut targets = firing::fire_targets(&s, s.unit(guns));
    targets.sort();
    let mut want = vec![inf, bat];
    want.sort();
    assert_eq!(targets, want);
    for t in [inf, bat] {
        assert!(firing::check_fire(&s, FRENCH, &[guns], t).is_ok());
    }
    // Unattached, the battery in front screens the brigade.
    s.set_attached(bat, None);
    assert!(firing::check_fire(&s, FRENCH, &[guns], inf).is_err());
}

// "NW II 3.2", "NW Combat Results Table", ruling N32: Chasteler, made valorous, stands 2"
// behind an Austrian brigade that a French brigade attacks; the brigade takes his +1. When
// it is broken (6+6+3 = 15 against 2+1+3 = 6), he is rolled for as if attached: 5+5 = 10
// kills him, 3+4 leaves him unhurt. When it is crushed (15 against 1+1+3 = 5) he is killed
// without a roll.
#[test]
fn nw_ii_3_2_a_valorous_commander_shares_the_risk_of_the_unit_he_inspired() {
    for (dice, killed) in [
        (vec![6u8, 6, 2, 1, 5, 5], true),
        (vec![6, 6, 2, 1, 3, 4], false),
        (vec![6, 6, 1, 1], true),
    ] {
        let mut s = table(&[
            ("1B/2/V", 30.0, 35.0, 90.0),
            ("1B/1/VIII", 30.0, 38.0, 270.0),
            ("Chasteler", 30.0, 42.5, 270.0),
        ]);
        std::sync::Arc::make_mut(&mut s.field).sides[1].commands[0].valorous = true;
        let fr = id(&s, "1B/2/V");
        let inf = id(&s, "1B/1/VIII");
        let chasteler = id(&s, "Chasteler");
        s.combats.push(rules_state::Combat {
            attackers: vec![fr],
            defender: inf,
        });
        s.clock.phase = 5;
        let events = run(&mut s, FRENCH, Command::Fight { defender: inf }, &dice);
        let round = events
            .iter()
            .find_map(|e| match e {
                Event::Fought { round, .. } => Some(round.clone()),
                _ => None,
            })
            .unwrap();
        assert!(
            round.defence.modifiers.iter().any(|m| m.value == 1),
            "{:?}",
            round.defence
        );
        let rolled = events
            .iter()
            .any(|e| matches!(e, Event::OfficerRisk { unit, .. } if *unit == chasteler));
        assert_eq!(rolled, dice.len() == 6, "{round:?}");
        if killed {
            assert_eq!(s.unit(chasteler).place, Place::Gone(Gone::Killed));
        } else {
            assert!(s.unit(chasteler).on_table());
        }
    }
    // A brigade that did not take his bonus (it was given elsewhere this phase) puts him at
    // no risk, crushed or not: 15 against 2+1+2 = 5.
    let mut s = table(&[
        ("1B/2/V", 30.0, 35.0, 90.0),
        ("1B/1/VIII", 30.0, 38.0, 270.0),
        ("Chasteler", 30.0, 42.5, 270.0),
    ]);
    std::sync::Arc::make_mut(&mut s.field).sides[1].commands[0].valorous = true;
    let (fr, inf) = (id(&s, "1B/2/V"), id(&s, "1B/1/VIII"));
    s.combats.push(rules_state::Combat {
        attackers: vec![fr],
        defender: inf,
    });
    s.clock.phase = 5;
    s.valour_used = true;
    run(
        &mut s,
        FRENCH,
        Command::Fight { defender: inf },
        &[6, 6, 2, 1],
    );
    assert!(s.unit(id(&s, "Chasteler")).on_table());
    assert!(s.unit(inf).routed || !s.unit(inf).on_table());
}

fn ordnance(s: &mut State, unit: u16, o: grognard_rules_napoleons_wars::design::army::Ordnance) {
    if let Role::Battery(b) = &mut s.units[unit as usize].role {
        b.ordnance = o;
        if o == grognard_rules_napoleons_wars::design::army::Ordnance::Rockets {
            b.horse = true;
        }
    }
}

use grognard_rules_napoleons_wars::design::army::Ordnance;
use grognard_rules_napoleons_wars::tables::FireEffect;

// "NW Optional rules 3.0, 4.0": guns cannot fire through units; howitzers fire over friends
// and enemies alike; rockets over enemies only, and no further than 12".
#[test]
fn optional_3_4_howitzers_and_rockets_fire_over_units() {
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 10.0, 90.0),
        ("1B/3/VIII", 30.0, 19.0, 270.0),
        ("1B/1/VIII", 30.0, 22.5, 270.0),
    ]);
    s.clock.phase = 2;
    let guns = id(&s, "V Corp, 12 lb, Foot");
    let cav = id(&s, "1B/3/VIII");
    let inf = id(&s, "1B/1/VIII");
    let over_enemy = |s: &State| firing::check_fire(s, FRENCH, &[guns], inf);
    assert!(over_enemy(&s).is_err_and(|e| e.rule.starts_with("NW 8.3")));
    ordnance(&mut s, guns, Ordnance::Howitzers);
    assert!(over_enemy(&s).is_ok());
    ordnance(&mut s, guns, Ordnance::Rockets);
    assert!(over_enemy(&s).is_ok());
    // A friendly brigade in the way: howitzers fire over it, rockets do not.
    s.set_place(cav, Place::Waiting(u32::MAX));
    let fr = id(&s, "1B/2/V");
    s.set_place(fr, Place::Table);
    s.set_pose(fr, Pose::new(30.0, 15.0, 90f64.to_radians()));
    assert!(over_enemy(&s).is_err());
    ordnance(&mut s, guns, Ordnance::Howitzers);
    assert!(over_enemy(&s).is_ok());
    // Rockets reach 12": not 13" off, where heavy howitzers still do.
    s.set_place(fr, Place::Waiting(u32::MAX));
    s.set_pose(inf, Pose::new(30.0, 25.75, 270f64.to_radians()));
    assert!(over_enemy(&s).is_ok());
    ordnance(&mut s, guns, Ordnance::Rockets);
    assert!(over_enemy(&s).is_err_and(|e| e.rule.starts_with("NW 8.1")));
}

// "NW Optional rules 4.0": rockets roll their fire points each time: 1d6 against infantry,
// 2d6 against cavalry. Here 4 points against infantry, 3+4+1 (French) = 8: effective; then
// 6+5 = 11 points against cavalry, 4+4+1 = 9: damaging.
#[test]
fn optional_4_rocket_fire_points_are_rolled_each_time() {
    for (target, dice, points, effect) in [
        ("1B/1/VIII", vec![4u8, 3, 4], 4.0, FireEffect::Effective),
        ("1B/3/VIII", vec![6, 5, 4, 4], 11.0, FireEffect::Damaging),
    ] {
        let mut s = table(&[
            ("V Corp, 12 lb, Foot", 30.0, 10.0, 90.0),
            (target, 30.0, 20.0, 270.0),
        ]);
        s.clock.phase = 2;
        let guns = id(&s, "V Corp, 12 lb, Foot");
        let t = id(&s, target);
        ordnance(&mut s, guns, Ordnance::Rockets);
        run(
            &mut s,
            FRENCH,
            Command::Fire {
                batteries: vec![guns],
                target: t,
            },
            &[],
        );
        run(&mut s, FRENCH, Command::EndPhase, &[]);
        let events = run(&mut s, AUSTRIANS, Command::EndPhase, &dice);
        let fire = events
            .iter()
            .find_map(|e| match e {
                Event::ArtilleryFire { fire, .. } => Some(fire.clone()),
                _ => None,
            })
            .expect("the rockets fire");
        assert_eq!(fire.rocket_dice.len(), dice.len() - 2);
        assert_eq!((fire.points, fire.effect), (points, effect), "{fire:?}");
    }
}

// "NW Optional rules 4.0": charged rockets take no final shot; failing to evade (2+3 against
// 8, horse against light cavalry) they are overrun at once, no combat, and the hussars, 1"
// poorer, may move on: 16 - 2 - 1 = 13".
#[test]
fn optional_4_rockets_that_fail_to_evade_are_overrun() {
    let mut s = table(&[
        ("1B/3/V", 30.0, 30.0, 90.0),
        ("VIII Corp, 6 lb, Horse", 30.0, 34.25, 270.0),
    ]);
    let cav = id(&s, "1B/3/V");
    let rockets = id(&s, "VIII Corp, 6 lb, Horse");
    ordnance(&mut s, rockets, Ordnance::Rockets);
    let events = march(&mut s, cav, 16.0, 2.0, &[2, 3]);
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::ArtilleryFire { .. })));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Evasion { test, .. } if !test.passed && test.needed == 8)));
    assert_eq!(s.unit(rockets).place, Place::Gone(Gone::Eliminated));
    assert!(s.combats.is_empty());
    match s.pending {
        Some(Pending::Move {
            unit, allowance, ..
        }) => assert_eq!((unit, allowance), (cav, 13.0)),
        ref p => panic!("{p:?}"),
    }
}

use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_geometry::shape::ShapeSpec;

fn works(s: &mut State, kind: TerrainKind, spec: ShapeSpec) {
    std::sync::Arc::make_mut(&mut s.field)
        .terrain
        .push(Feature::new(kind, spec));
}

fn line_at(y: f64) -> ShapeSpec {
    ShapeSpec::Band {
        points: vec![[20.0, y], [40.0, y]],
        width: 0.4,
    }
}

// "NW 9.5" note 1, terrain effects table: a French brigade crosses a line of hasty works 4"
// ahead. The crossing costs infantry 1" on top of the distance, and the move must carry the
// whole base clear: ending astride the works is refused.
#[test]
fn nw_9_5_an_obstacle_costs_its_crossing_and_must_be_cleared() {
    let plan = |allowance: f64, d: f64| {
        let mut s = table(&[("1B/2/V", 30.0, 30.0, 90.0)]);
        works(&mut s, TerrainKind::HastyWorks, line_at(34.0));
        let inf = id(&s, "1B/2/V");
        to_move(&mut s, inf, allowance);
        NapoleonsWars.check(
            &s,
            FRENCH,
            &Command::Move {
                unit: inf,
                steps: vec![Step::Forward { d }],
            },
        )
    };
    // 3": the base would end across the works.
    assert!(plan(10.0, 3.0).is_err_and(|e| e.reason.contains("astride the hasty works")));
    // 5.8" clears them (the base's rear edge passes 34.3"): 5.8 + 1 = 6.8".
    assert!(plan(7.0, 5.8).is_ok());
    assert!(plan(6.5, 5.8).is_err_and(|e| e.reason.contains("costs 6.8")));
}

// "NW 9.91", "NW 11.1", "NW 11.2" note 5, "NW 11.3": Austrians directly behind field works are
// attacked across them: the attacker need only reach them, and they defend in hard cover
// (+2, no combined arms, no outflanking). A second attacker that comes round the end of the
// works without crossing them may strike the flank, and then the works are turned: no hard
// cover, outflanked, combined arms. Inside a redoubt closed all round, no second attacker
// can come in without crossing, so none may.
#[test]
fn nw_11_1_works_hold_against_attackers_who_cross_them() {
    let setup = |spec: ShapeSpec| {
        let mut s = table(&[
            ("1B/2/V", 30.0, 30.0, 90.0),
            ("1B/3/V", 22.0, 40.0, 0.0),
            ("1B/1/VIII", 30.0, 40.0, 270.0),
        ]);
        works(&mut s, TerrainKind::FieldWorks, spec);
        let (inf, cav, aus) = (id(&s, "1B/2/V"), id(&s, "1B/3/V"), id(&s, "1B/1/VIII"));
        march(&mut s, inf, 10.0, 7.0, &[]);
        assert_eq!(s.combats.len(), 1, "the attack across the works stands");
        (s, inf, cav, aus)
    };
    let (mut s, inf, cav, aus) = setup(line_at(38.2));
    let one = grognard_rules_napoleons_wars::phases::fight::situation(&s, &s.combats[0]);
    assert_eq!(
        one.cover,
        grognard_rules_napoleons_wars::resolve::combat::Cover::Hard
    );
    march(&mut s, cav, 16.0, 5.0, &[]);
    assert_eq!(s.combats[0].attackers, vec![inf, cav]);
    let two = grognard_rules_napoleons_wars::phases::fight::situation(&s, &s.combats[0]);
    assert_ne!(
        two.cover,
        grognard_rules_napoleons_wars::resolve::combat::Cover::Hard
    );
    assert!(two.outflanked && two.combined_arms());
    let _ = aus;
    // A redoubt all round the Austrians.
    let (mut s, _, cav, _) = setup(ShapeSpec::Rect {
        centre: [30.0, 40.0],
        width: 4.0,
        height: 4.4,
        angle: 0.0,
    });
    to_move(&mut s, cav, 16.0);
    let refused = NapoleonsWars
        .check(
            &s,
            FRENCH,
            &Command::Move {
                unit: cav,
                steps: vec![Step::Forward { d: 5.0 }],
            },
        )
        .unwrap_err();
    assert!(refused.reason.contains("holding works"), "{refused:?}");
}

// "NW 8.4", "NW 7.7", "NW 11.2", ruling N34: a brigade directly behind hasty works is in soft
// cover (fire -1, skirmish +1, combat +1) and the nations' fire bonuses do not reach it;
// behind field works it is in hard cover. That holds against fire across the works, from
// in front; from its flank or rear, or away from the works, neither.
#[test]
fn nw_8_4_works_give_cover_to_a_unit_directly_behind_them() {
    let front = [grognard_geometry::Vec2::new(30.0, 20.0)];
    let flank = [grognard_geometry::Vec2::new(50.0, 40.0)];
    let rear = [grognard_geometry::Vec2::new(30.0, 60.0)];
    for (kind, soft, hard) in [
        (TerrainKind::HastyWorks, true, false),
        (TerrainKind::FieldWorks, false, true),
    ] {
        let mut s = table(&[("1B/1/VIII", 30.0, 40.0, 270.0)]);
        works(&mut s, kind, line_at(38.2));
        let aus = id(&s, "1B/1/VIII");
        let t = firing::fire_target_facts(&s, s.unit(aus), &front);
        assert_eq!(
            (t.soft_cover, t.hard_cover, t.behind_works),
            (soft, hard, true)
        );
        let sk = firing::skirmish_target_facts(&s, s.unit(aus), &front);
        assert_eq!((sk.soft_cover, sk.hard_cover), (soft, hard));
        for from in [&flank, &rear] {
            let t = firing::fire_target_facts(&s, s.unit(aus), from);
            assert!(
                !t.soft_cover && !t.hard_cover && !t.behind_works,
                "{kind:?} {from:?}"
            );
            let sk = firing::skirmish_target_facts(&s, s.unit(aus), from);
            assert!(!sk.soft_cover && !sk.hard_cover, "{kind:?} {from:?}");
        }
        // Fired on from in front and from the flank together, it is not behind the works.
        let both = [front[0], flank[0]];
        let t = firing::fire_target_facts(&s, s.unit(aus), &both);
        assert!(!t.soft_cover && !t.hard_cover, "{kind:?}");
        s.set_pose(aus, Pose::new(30.0, 45.0, 270f64.to_radians()));
        let t = firing::fire_target_facts(&s, s.unit(aus), &front);
        assert!(!t.soft_cover && !t.hard_cover && !t.behind_works);
    }
}

// "NW 11.3", "NW 11.7", ruling N36: a French brigade attacks Austrians directly behind field
// works and drives them back (French 6+6 +2 Fresh +1 French infantry attacking = 15;
// Austrians 3+2 +2 Fresh +2 hard cover = 9; 6: driven back). Its advance of 1" would leave
// it astride the works, so it goes on until it has crossed them. Across a wall it may not
// advance at all: 1" does not clear the wall, and only works may be crossed with more.
#[test]
fn nw_11_3_a_winner_advances_across_works_but_not_astride_a_wall() {
    // Behind the wall the Austrians have +1 (an obstacle) rather than +2, so they roll 3+3.
    for (kind, crosses, dice) in [
        (TerrainKind::FieldWorks, true, [6, 6, 3, 2]),
        (TerrainKind::Wall, false, [6, 6, 3, 3]),
    ] {
        let mut s = table(&[
            ("1B/2/V", 30.0, 30.0, 90.0),
            ("1B/1/VIII", 30.0, 40.0, 270.0),
        ]);
        works(&mut s, kind, line_at(38.2));
        let (inf, aus) = (id(&s, "1B/2/V"), id(&s, "1B/1/VIII"));
        march(&mut s, inf, 10.0, 7.0, &[]);
        assert_eq!(s.combats.len(), 1);
        let before = s.unit(inf).pose.pos.y;
        s.clock.phase = 5;
        let events = run(&mut s, FRENCH, Command::Fight { defender: aus }, &dice);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Fought { round, .. } if round.result == grognard_rules_napoleons_wars::tables::CombatResult::DefenderDrivenBack)),
            "{kind:?}: {events:?}"
        );
        let after = s.unit(inf).pose.pos.y;
        // The base's rear edge must pass the works' far side (38.4") to clear them.
        if crosses {
            assert!(after - 1.5 > 38.4 - 1e-9, "{kind:?}: advanced to {after}");
        } else {
            assert!(
                (after - before).abs() < 1e-9,
                "{kind:?}: advanced to {after}"
            );
        }
    }
}

// "NW 11.3", ruling N36: a French brigade attacks Austrians holding the village (a town 4"
// deep, y 34" to 38") from the south and drives them back. The table's advance for that
// result is 1", which would leave the French half out of the village; they go on until they
// stand wholly in it (their rear edge at 34"), 2.5" in all.
#[test]
fn nw_11_3_a_winner_advances_to_occupy_a_town() {
    let mut s = table(&[
        ("1B/2/V", 50.0, 30.0, 90.0),
        ("1B/1/VIII", 50.0, 36.0, 270.0),
    ]);
    let (inf, aus) = (id(&s, "1B/2/V"), id(&s, "1B/1/VIII"));
    march(&mut s, inf, 10.0, 3.0, &[]);
    assert_eq!(s.combats.len(), 1);
    let before = s.unit(inf).pose.pos.y;
    s.clock.phase = 5;
    let events = run(
        &mut s,
        FRENCH,
        Command::Fight { defender: aus },
        &[6, 6, 3, 2],
    );
    assert!(
        events.iter().any(|e| matches!(e, Event::Fought { round, .. } if round.result == grognard_rules_napoleons_wars::tables::CombatResult::DefenderDrivenBack)),
        "{events:?}"
    );
    let after = s.unit(inf).pose.pos.y;
    assert!((before - 33.0).abs() < 1e-6, "contact at {before}");
    assert!(
        (after - before - 2.5).abs() < 1e-6,
        "advanced from {before} to {after}"
    );
    let town =
        |p: grognard_geometry::Vec2| (46.0..=54.0).contains(&p.x) && (34.0..=38.0).contains(&p.y);
    assert!(s.unit(inf).base().corners().iter().all(|c| town(*c)));
}

// "NW 8.6", ruling N31: a battery stays attached only while it and its brigade are within
// their commander's range. Chasteler rides off 30" during the artillery phase; as the
// Austrian maneuver phase begins the guns leave the brigade where they stand. With him near,
// they stay.
#[test]
fn nw_8_6_an_attached_battery_out_of_range_leaves_its_brigade() {
    for (away, stays) in [(false, true), (true, false)] {
        let mut s = table(&[
            ("1B/1/VIII", 30.0, 40.0, 270.0),
            ("VIII Corp, 6 lb, Horse", 30.0, 37.75, 270.0),
            ("Chasteler", 33.0, 44.0, 270.0),
            ("1B/2/V", 30.0, 10.0, 90.0),
        ]);
        let inf = id(&s, "1B/1/VIII");
        let bat = id(&s, "VIII Corp, 6 lb, Horse");
        attach(&mut s, bat, inf);
        if away {
            s.set_pose(id(&s, "Chasteler"), Pose::new(60.0, 60.0, 0.0));
        }
        s.clock = Clock {
            turn: 1,
            phase: 2,
            first: AUSTRIANS,
        };
        let where_before = s.unit(bat).pose;
        run(&mut s, AUSTRIANS, Command::EndPhase, &[]);
        let events = run(&mut s, FRENCH, Command::EndPhase, &[]);
        assert_eq!(sequence::phase_key(&s), "maneuver");
        let parted = events.iter().any(|e| {
            matches!(e, Event::BatteryAttached { battery, infantry: None, .. } if *battery == bat)
        });
        assert_eq!(parted, !stays, "{events:?}");
        assert_eq!(s.unit(bat).attached, stays.then_some(inf));
        assert_eq!(s.unit(bat).pose, where_before);
    }
}

// "NW 8.6", ruling N37: batteries not attached keep 1.5" apart. The French 12 lb battery
// stands 2.5" behind the 6 lb horse battery (base to base); 1.5" forward would leave 1" and is
// refused, 0.9" leaves 1.6" and is allowed.
#[test]
fn nw_8_6_batteries_keep_their_distance() {
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 30.0, 90.0),
        ("V Corp, 6 lb, Horse", 30.0, 34.0, 90.0),
    ]);
    let guns = id(&s, "V Corp, 12 lb, Foot");
    to_move(&mut s, guns, 8.0);
    let step = |d| Command::Move {
        unit: guns,
        steps: vec![Step::Forward { d }],
    };
    let refused = NapoleonsWars.check(&s, FRENCH, &step(1.5)).unwrap_err();
    assert!(refused.reason.contains("apart"), "{refused:?}");
    assert!(NapoleonsWars.check(&s, FRENCH, &step(0.9)).is_ok());
}

// The same rule for a short move: the other battery stands 1.9" ahead, farther than the
// pieces a 0.5" move has to look at along its way, and 0.5" forward would leave 1.4".
#[test]
fn nw_8_6_batteries_keep_their_distance_after_a_short_move() {
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 30.0, 90.0),
        ("V Corp, 6 lb, Horse", 30.0, 33.4, 90.0),
    ]);
    let guns = id(&s, "V Corp, 12 lb, Foot");
    to_move(&mut s, guns, 8.0);
    let step = |d| Command::Move {
        unit: guns,
        steps: vec![Step::Forward { d }],
    };
    let refused = NapoleonsWars.check(&s, FRENCH, &step(0.5)).unwrap_err();
    assert!(refused.reason.contains("apart"), "{refused:?}");
    assert!(NapoleonsWars.check(&s, FRENCH, &step(0.35)).is_ok());
}

// "NW 9.3" notes 1 and 3: officers and batteries pass through friends, and are passed
// through, at no cost; a brigade passing through another brigade pays 2".
#[test]
fn nw_9_3_officers_and_batteries_pass_friends_freely() {
    use grognard_rules_napoleons_wars::phases::movement::plan;
    let s = table(&[
        ("MacDonald", 30.0, 20.0, 90.0),
        ("1B/1/V", 30.0, 25.0, 90.0),
        ("V Corp, 12 lb, Foot", 40.0, 25.0, 90.0),
        ("1B/2/V", 40.0, 20.0, 90.0),
        ("2B/2/V", 50.0, 20.0, 90.0),
        ("2B/1/V", 50.0, 25.0, 90.0),
    ]);
    let cost = |label: &str| {
        let u = s.unit(id(&s, label));
        plan(&s, u, &[Step::Forward { d: 10.0 }], 24.0)
            .unwrap_or_else(|e| panic!("{label}: {e}"))
            .cost
    };
    // The commander through a brigade, a brigade through a battery: the distance only.
    assert!((cost("MacDonald") - 10.0).abs() < 1e-9);
    assert!((cost("1B/2/V") - 10.0).abs() < 1e-9);
    // A brigade through a brigade: 2" more.
    assert!((cost("2B/2/V") - 12.0).abs() < 1e-9);
}

/// The combat rounds of `events`, in order.
fn rounds(events: &[Event]) -> Vec<grognard_rules_napoleons_wars::resolve::combat::Round> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Fought { round, .. } => Some(round.clone()),
            _ => None,
        })
        .collect()
}

/// The modifiers of a roll as (value, reason) pairs.
fn mods(e: &grognard_engine::Explanation) -> Vec<(i32, String)> {
    e.modifiers
        .iter()
        .map(|m| (m.value, m.reason.to_string()))
        .collect()
}

// "NW 11.2" #1, ruling N39: the French 12 lb battery fires on the Austrian 1B/1/VIII in the
// artillery phase at canister range (10 points): 2+3 +1 (French guns) = 6, damaging fire: it
// loses 1 s.p. (7 left) and is disordered. In the combat phase the French 1B/2/V (6 s.p.)
// attacks it. Round one: attack 2+2 +2 (Fresh) +1 (French infantry attacking) = 7; defence
// 3+4 +2 (Fresh) -2 (disordered, with a loss to fire) = 7: a desperate struggle, both lose
// 1 s.p. and the French are disordered. The re-roll is the same combat: the Austrians still
// take -2, the French, disordered by the struggle and not by fire, -1. Once the combat is
// over the mark is gone.
#[test]
fn nw_11_2_a_loss_to_fire_makes_disorder_cost_two_for_that_combat() {
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 32.0, 90.0),
        ("1B/1/VIII", 30.0, 37.0, 270.0),
    ]);
    let guns = id(&s, "V Corp, 12 lb, Foot");
    let aus = id(&s, "1B/1/VIII");
    let fr = id(&s, "1B/2/V");
    s.clock.phase = 2;
    run(
        &mut s,
        FRENCH,
        Command::Fire {
            batteries: vec![guns],
            target: aus,
        },
        &[],
    );
    run(&mut s, FRENCH, Command::EndPhase, &[]);
    run(&mut s, AUSTRIANS, Command::EndPhase, &[2, 3]);
    assert_eq!(sequence::phase_key(&s), "maneuver");
    let a = s.unit(aus);
    assert!(a.sp == 7 && a.disordered && a.lost_in_fire, "{a:?}");
    // The French brigade stands in contact with the Austrian front; the guns are out of the way.
    s.set_place(guns, Place::Waiting(u32::MAX));
    s.set_place(fr, Place::Table);
    s.set_pose(fr, Pose::new(30.0, 34.0, 90f64.to_radians()));
    s.combats.push(rules_state::Combat {
        attackers: vec![fr],
        defender: aus,
    });
    s.clock.phase = 5;
    let events = run(
        &mut s,
        FRENCH,
        Command::Fight { defender: aus },
        &[2, 2, 3, 4, 3, 3, 3, 3],
    );
    let r = rounds(&events);
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!((r[0].attack.total, r[0].defence.total), (7, 7));
    assert!(mods(&r[0].defence).contains(&(-2, "disordered, with a loss to fire".into())));
    assert!(!mods(&r[0].attack)
        .iter()
        .any(|m| m.1.starts_with("disordered")));
    assert!(mods(&r[1].defence).contains(&(-2, "disordered, with a loss to fire".into())));
    assert!(
        mods(&r[1].attack).contains(&(-1, "disordered".into())),
        "{:?}",
        r[1].attack
    );
    assert!(!s.unit(aus).lost_in_fire && !s.unit(fr).lost_in_fire);
}

// "NW 11.2" #1, ruling N39: a loss to a battery's final shot comes in the maneuver phase,
// not in a fire phase. The French 1B/2/V charges the Austrian 12 lb foot battery from 2.75"
// off; the final shot (10 points at canister) rolls 3+4 = 7: damaging, the brigade loses
// 1 s.p. and is disordered. The battery fails to evade (1+1 against 7). In the combat the
// French are disordered at -1, not -2.
#[test]
fn nw_11_2_a_loss_to_final_fire_is_not_a_loss_in_the_fire_phases() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("VIII Corp, 12 lb, Foot", 30.0, 35.0, 270.0),
    ]);
    let inf = id(&s, "1B/2/V");
    let bat = id(&s, "VIII Corp, 12 lb, Foot");
    let sp = s.unit(inf).sp;
    march(&mut s, inf, 10.0, 2.75, &[3, 4, 1, 1]);
    let u = s.unit(inf);
    assert!(u.sp == sp - 1 && u.disordered && !u.lost_in_fire, "{u:?}");
    s.clock.phase = 5;
    let events = run(
        &mut s,
        FRENCH,
        Command::Fight { defender: bat },
        &[3, 3, 3, 3],
    );
    let r = rounds(&events);
    assert!(
        mods(&r[0].attack).contains(&(-1, "disordered".into())),
        "{:?}",
        r[0].attack
    );
}

/// The explanation of `unit`'s maneuver roll among `events`.
fn maneuver_roll(events: &[Event], unit: u16) -> grognard_engine::Explanation {
    events
        .iter()
        .find_map(|e| match e {
            Event::ManeuverRoll { unit: u, roll, .. } if *u == unit => Some(roll.roll.clone()),
            _ => None,
        })
        .expect("a maneuver roll")
}

// "NW II 2.6", "NW 8.4", ruling N38: Fresh, Worn and Spent are a brigade's fatigue levels; a
// battery has two steps and none of them. The Austrian 12 lb foot battery and 1B/1/VIII, both
// within Chasteler's range, roll 3+4 to maneuver: the brigade adds +2 for being Fresh (9), the
// battery nothing (7), whole or damaged. Attacked by the French 1B/2/V, the guns defend with
// no Fresh or Spent modifier, while the French brigade takes its +2. (Guns never rout, so
// never rally: ruling N50.)
#[test]
fn n38_batteries_have_no_fatigue_level() {
    let mut s = table(&[
        ("VIII Corp, 12 lb, Foot", 30.0, 40.0, 270.0),
        ("1B/1/VIII", 40.0, 40.0, 270.0),
        ("Chasteler", 35.0, 44.0, 270.0),
    ]);
    austrian_maneuver(&mut s);
    let bat = id(&s, "VIII Corp, 12 lb, Foot");
    let inf = id(&s, "1B/1/VIII");
    assert_eq!(s.unit(bat).fatigue(), None);
    let events = run(&mut s, AUSTRIANS, Command::Roll { unit: inf }, &[3, 4]);
    let roll = maneuver_roll(&events, inf);
    assert_eq!(
        (roll.total, mods(&roll)),
        (9, vec![(2, "unit is Fresh".into())])
    );
    run(&mut s, AUSTRIANS, Command::Hold, &[]);
    for sp in [2, 1] {
        s.units[bat as usize].sp = sp;
        s.units[bat as usize].moved = false;
        let events = run(&mut s, AUSTRIANS, Command::Roll { unit: bat }, &[3, 4]);
        let roll = maneuver_roll(&events, bat);
        assert_eq!((roll.total, mods(&roll)), (7, vec![]), "{sp} step(s)");
        run(&mut s, AUSTRIANS, Command::Hold, &[]);
    }
    // In combat, whole and damaged.
    let fatigue = |m: &(i32, String)| m.1.contains("Fresh") || m.1.contains("Spent");
    for sp in [2, 1] {
        let mut s = table(&[
            ("1B/2/V", 30.0, 35.5, 90.0),
            ("VIII Corp, 12 lb, Foot", 30.0, 37.75, 270.0),
        ]);
        let fr = id(&s, "1B/2/V");
        let bat = id(&s, "VIII Corp, 12 lb, Foot");
        s.units[bat as usize].sp = sp;
        s.combats.push(rules_state::Combat {
            attackers: vec![fr],
            defender: bat,
        });
        s.clock.phase = 5;
        let events = run(
            &mut s,
            FRENCH,
            Command::Fight { defender: bat },
            &[3, 3, 3, 3],
        );
        let r = rounds(&events);
        assert!(
            !mods(&r[0].defence).iter().any(fatigue),
            "{:?}",
            r[0].defence
        );
        assert!(mods(&r[0].attack).contains(&(2, "unit is Fresh".into())));
    }
}

// "NW 9.51": on a turn of hindered visibility command ranges are 3" shorter, never below the
// commander's basic range (sight is what loses 6" a hindrance). Chasteler (Average, 7.5",
// basic 3") stands 5" behind 1B/1/VIII: in range on a clear turn, out of it in fog (4.5"), so
// the brigade reads the Poor column instead of the Average one.
#[test]
fn nw_9_51_fog_cuts_command_range_by_three_inches() {
    use grognard_rules_napoleons_wars::scenario::{Spell, Weather};
    let mut s = table(&[
        ("1B/1/VIII", 30.0, 40.0, 270.0),
        ("Chasteler", 30.0, 47.25, 270.0),
    ]);
    austrian_maneuver(&mut s);
    let inf = id(&s, "1B/1/VIII");
    assert_eq!(measure::command_range_now(&s, AUSTRIANS, 0), 7.5);
    assert!(measure::in_command_range(&s, s.unit(inf)));
    std::sync::Arc::make_mut(&mut s.field).weather = vec![Spell {
        from_turn: 1,
        weather: Weather::Fog,
        mud: false,
    }];
    assert_eq!(measure::command_range_now(&s, AUSTRIANS, 0), 4.5);
    assert!(!measure::in_command_range(&s, s.unit(inf)));
    let events = run(&mut s, AUSTRIANS, Command::Roll { unit: inf }, &[3, 4]);
    let column = events.iter().find_map(|e| match e {
        Event::ManeuverRoll { roll, .. } => Some(roll.column),
        _ => None,
    });
    assert_eq!(column, Some(grognard_rules_napoleons_wars::Rating::Poor));
    // Twilight is a hindrance too; the range never falls below the basic 3".
    std::sync::Arc::make_mut(&mut s.field).sides[1].commands[0].range = 4.0;
    std::sync::Arc::make_mut(&mut s.field).weather[0].weather = Weather::Twilight;
    assert_eq!(measure::command_range_now(&s, AUSTRIANS, 0), 3.0);
}

// "NW II 3.12", "NW II 4.0" item 5, ruling N40: irregular horse count toward their corps'
// fatigue but never toward the army's. The Austrian hussars, made Cossacks, are destroyed:
// VIII Corps has lost a unit, the army none; a line brigade destroyed counts for both.
#[test]
fn n40_irregular_horse_do_not_count_against_the_army() {
    let mut s = table(&[
        ("1B/3/VIII", 30.0, 40.0, 270.0),
        ("1B/1/VIII", 40.0, 40.0, 270.0),
    ]);
    let hussars = id(&s, "1B/3/VIII");
    let line = id(&s, "1B/1/VIII");
    cossacks(&mut s, hussars);
    s.set_place(hussars, Place::Gone(Gone::Eliminated));
    assert_eq!(s.command_losses(AUSTRIANS, 0), 1.0);
    assert_eq!(s.army_losses(AUSTRIANS), 0.0);
    s.set_place(line, Place::Gone(Gone::Eliminated));
    assert_eq!(s.command_losses(AUSTRIANS, 0), 2.0);
    assert_eq!(s.army_losses(AUSTRIANS), 1.0);
}

use grognard_rules_napoleons_wars::scenario::{Spell, Weather};
use grognard_rules_napoleons_wars::tables::Tables;

/// The battle's tables, to change for a test.
fn tables_of(s: &mut State) -> &mut Tables {
    &mut std::sync::Arc::make_mut(&mut s.field).tables
}

/// The whole battle under `weather`, muddy or not.
fn weather(s: &mut State, weather: Weather, mud: bool) {
    std::sync::Arc::make_mut(&mut s.field).weather = vec![Spell {
        from_turn: 1,
        weather,
        mud,
    }];
}

// "NW 9.8": an oblique step pays the table's first inch, then its distance. With 5" to spend a
// French brigade may go 4" obliquely (1 + 4); if a scenario makes the first cost 2", it may
// not.
#[test]
fn nw_9_8_an_oblique_step_pays_the_tables_first_cost() {
    use grognard_rules_napoleons_wars::phases::movement::plan;
    let mut s = table(&[("1B/2/V", 30.0, 30.0, 90.0)]);
    let inf = id(&s, "1B/2/V");
    let steps = [Step::Oblique {
        degrees: 20.0,
        d: 4.0,
    }];
    let cost = |s: &State| plan(s, s.unit(inf), &steps, 5.0).map(|p| p.cost);
    assert!((cost(&s).unwrap() - 5.0).abs() < 1e-9);
    tables_of(&mut s).movement.oblique_cost = 2.0;
    assert!(cost(&s).is_err_and(|e| e.reason.contains("costs 6.0")));
}

// "NW 9.4", "NW 9.8", ruling N49: in mud every cost of a move is multiplied once by the mud
// multiplier, the ground's woods and climbs included, obstacles never; going back is doubled
// with its terrain, and in mud it is multiplied once only. A French brigade in a light wood
// (infantry pay 3/2 an inch) moves 2": 3" dry, 6" in mud, 9" if the mud multiplier is 3.
// Stepping back 2" in the wood costs 6" (twice 3"), the same in mud, 9" with the multiplier
// at 3. Marching 6" over a hedge costs 6 + 1 dry and 12 + 1 in mud.
#[test]
fn nw_9_4_mud_multiplies_every_cost_of_a_move_once() {
    use grognard_rules_napoleons_wars::phases::movement::plan;
    let mut s = table(&[("1B/2/V", 30.0, 30.0, 90.0)]);
    let inf = id(&s, "1B/2/V");
    works(
        &mut s,
        TerrainKind::LightWood,
        ShapeSpec::Rect {
            centre: [30.0, 30.0],
            width: 20.0,
            height: 20.0,
            angle: 0.0,
        },
    );
    let cost = |s: &State, step: Step| plan(s, s.unit(inf), &[step], 20.0).unwrap().cost;
    let ahead = Step::Forward { d: 2.0 };
    let back = Step::Retrograde { d: 2.0 };
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    assert!(close(cost(&s, ahead), 3.0), "{}", cost(&s, ahead));
    assert!(close(cost(&s, back), 6.0), "{}", cost(&s, back));
    weather(&mut s, Weather::Clear, true);
    assert!(close(cost(&s, ahead), 6.0), "{}", cost(&s, ahead));
    assert!(close(cost(&s, back), 6.0), "{}", cost(&s, back));
    tables_of(&mut s).terrain.mud_multiplier = 3.0;
    assert!(close(cost(&s, ahead), 9.0), "{}", cost(&s, ahead));
    assert!(close(cost(&s, back), 9.0), "{}", cost(&s, back));
    // Over a hedge in the open: the crossing is never multiplied.
    let mut s = table(&[("1B/2/V", 30.0, 30.0, 90.0)]);
    works(&mut s, TerrainKind::Hedge, line_at(34.0));
    let over = Step::Forward { d: 6.0 };
    assert!(close(cost(&s, over), 7.0), "{}", cost(&s, over));
    weather(&mut s, Weather::Clear, true);
    assert!(close(cost(&s, over), 13.0), "{}", cost(&s, over));
}

// "NW 8.3": the line of fire is an alley as wide as the table says (1.5", a battery's
// front), from the middle of the battery's front to its target. A French brigade stands just
// clear of the French 12 lb battery's alley to the Austrian 1B/1/VIII; widened to 3", the
// alley takes in the brigade and the shot is blocked.
#[test]
fn nw_8_3_the_line_of_fire_is_as_wide_as_the_table_says() {
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 10.0, 90.0),
        ("1B/1/V", 32.7, 12.0, 90.0),
        ("1B/1/VIII", 30.0, 20.0, 270.0),
    ]);
    s.clock.phase = 2;
    let guns = id(&s, "V Corp, 12 lb, Foot");
    let aus = id(&s, "1B/1/VIII");
    assert!(firing::check_fire(&s, FRENCH, &[guns], aus).is_ok());
    tables_of(&mut s).artillery.alley_width = 3.0;
    let refused = firing::check_fire(&s, FRENCH, &[guns], aus).unwrap_err();
    assert!(
        refused.rule.starts_with("NW 8.3") && refused.reason.contains("1B/1/V"),
        "{refused:?}"
    );
}

// "NW 10.2", ruling N27: French hussars charge Austrian hussars head on. The Austrians react
// (6+6) and countercharge: the French are set back 1" and the Austrians come forward 1" into
// contact again, and they do not meet the charge at the halt. With the setback at 0 in the
// tables, neither moves.
#[test]
fn nw_10_2_a_countercharge_sets_the_attacker_back() {
    for setback in [1.0, 0.0] {
        let mut s = table(&[
            ("1B/3/V", 30.0, 30.0, 90.0),
            ("1B/3/VIII", 30.0, 36.0, 270.0),
        ]);
        tables_of(&mut s).reaction.countercharge_setback = setback;
        let (fr, aus) = (id(&s, "1B/3/V"), id(&s, "1B/3/VIII"));
        march(&mut s, fr, 16.0, 3.0, &[]);
        assert_eq!(s.combats.len(), 1);
        let (fr_at, aus_at) = (s.unit(fr).pose.pos.y, s.unit(aus).pose.pos.y);
        assert!((fr_at - 33.0).abs() < 1e-6, "{fr_at}");
        run(&mut s, FRENCH, Command::EndPhase, &[]);
        run(&mut s, AUSTRIANS, Command::React { unit: aus }, &[6, 6]);
        run(&mut s, AUSTRIANS, Command::Countercharge, &[]);
        assert!(s.unit(aus).countercharged);
        assert!((s.unit(fr).pose.pos.y - (fr_at - setback)).abs() < 1e-6);
        assert!((s.unit(aus).pose.pos.y - (aus_at - setback)).abs() < 1e-6);
        assert!(grognard_rules_napoleons_wars::measure::touching(
            &s.unit(fr).base(),
            &s.unit(aus).base()
        ));
        assert_eq!(s.combats[0].attackers, vec![fr]);
        let sit = grognard_rules_napoleons_wars::phases::fight::situation(&s, &s.combats[0]);
        assert!(sit.countercharged && !sit.at_the_halt());
    }
}

// "NW 7.8", "NW 9.51": fog cuts an SK2 unit's reach from 6" to 4"; twilight does not, though
// both cut sight by 6" (24" to 18"). A French SK2 brigade 5" from an Austrian brigade may
// skirmish it on a clear turn and at twilight, not in fog.
#[test]
fn nw_7_8_only_fog_shortens_skirmish_ranges() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("1B/1/VIII", 30.0, 38.0, 270.0),
    ]);
    s.clock.phase = 1;
    let (fr, aus) = (id(&s, "1B/2/V"), id(&s, "1B/1/VIII"));
    for (w, may, sight) in [
        (Weather::Clear, true, 24.0),
        (Weather::Twilight, true, 18.0),
        (Weather::Fog, false, 18.0),
    ] {
        weather(&mut s, w, false);
        assert_eq!(
            firing::may_skirmish(&s, s.unit(fr), s.unit(aus)).is_ok(),
            may,
            "{w:?}"
        );
        assert_eq!(firing::sight(&s), sight, "{w:?}");
    }
}

// "NW 9.51": sight is 24", 6" less for each hindrance, and a battery fires no farther than it
// sees. The French 12 lb battery has an Austrian brigade 13.75" off, within its long range
// (16"): it may fire at twilight (18" of sight), but not when a scenario's tables make sight
// 18" and twilight takes 6" of it.
#[test]
fn nw_9_51_sight_comes_from_the_tables() {
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 10.0, 90.0),
        ("1B/1/VIII", 30.0, 26.0, 270.0),
    ]);
    s.clock.phase = 2;
    let (guns, aus) = (id(&s, "V Corp, 12 lb, Foot"), id(&s, "1B/1/VIII"));
    weather(&mut s, Weather::Twilight, false);
    assert!(firing::check_fire(&s, FRENCH, &[guns], aus).is_ok());
    tables_of(&mut s).visibility.normal = 18.0;
    assert_eq!(firing::sight(&s), 12.0);
    let refused = firing::check_fire(&s, FRENCH, &[guns], aus).unwrap_err();
    assert!(
        refused.reason.contains("beyond reach or sight"),
        "{refused:?}"
    );
}

// "NW 9.3" note 2, from the tables: with the officer's death set at 13 (never) he lives even
// through a 12, and he is moved the table's 5" aside, away from the troops.
#[test]
fn nw_9_3_the_overrun_officers_numbers_come_from_the_tables() {
    let mut s = table(&[
        ("1B/2/V", 30.0, 30.0, 90.0),
        ("Chasteler", 30.0, 36.0, 270.0),
    ]);
    let mv = &mut tables_of(&mut s).movement;
    mv.officer_overrun_killed_on = 13;
    mv.officer_moved_aside = 5.0;
    let inf = id(&s, "1B/2/V");
    let chasteler = id(&s, "Chasteler");
    march(&mut s, inf, 10.0, 9.0, &[6, 6]);
    let c = s.unit(chasteler);
    assert!(c.on_table());
    assert!((c.pose.pos.y - 31.0).abs() < 1e-6, "{:?}", c.pose.pos);
}

// "NW 9.2": a foot battery that fires in its own side's artillery phase has half its move in
// the maneuver phase that follows; an Ottoman one none; French Old Guard foot artillery and
// horse artillery their whole move. A battery that did not fire, or fired in the enemy's
// half-turn, is not held back, and the next half-turn's fire phase frees it.
#[test]
fn nw_9_2_foot_guns_that_fire_move_less() {
    use grognard_rules_napoleons_wars::phases::movement::maneuver_allowance;
    use grognard_rules_napoleons_wars::Nation;
    let fire_then_move = |set: &dyn Fn(&mut State, u16)| {
        let mut s = table(&[
            ("V Corp, 12 lb, Foot", 30.0, 10.0, 90.0),
            ("1B/1/VIII", 30.0, 20.0, 270.0),
            ("VIII Corp, 12 lb, Foot", 36.0, 25.0, 270.0),
        ]);
        s.clock.phase = 2;
        let guns = id(&s, "V Corp, 12 lb, Foot");
        set(&mut s, guns);
        let aus = id(&s, "1B/1/VIII");
        let aus_guns = id(&s, "VIII Corp, 12 lb, Foot");
        run(
            &mut s,
            FRENCH,
            Command::Fire {
                batteries: vec![guns],
                target: aus,
            },
            &[],
        );
        run(&mut s, FRENCH, Command::EndPhase, &[]);
        run(
            &mut s,
            AUSTRIANS,
            Command::Fire {
                batteries: vec![aus_guns],
                target: guns,
            },
            &[],
        );
        run(&mut s, AUSTRIANS, Command::EndPhase, &[1, 1, 1, 1]);
        assert_eq!(sequence::phase_key(&s), "maneuver");
        // The Austrian guns fired in the French half-turn: no penalty for them.
        assert_eq!(maneuver_allowance(&s, s.unit(aus_guns)), 8.0);
        (s, guns)
    };
    let nothing = |_: &mut State, _: u16| {};
    let (mut s, guns) = fire_then_move(&nothing);
    assert_eq!(maneuver_allowance(&s, s.unit(guns)), 4.0);
    // Rolled 6+6 (a full move), it has 4".
    run(&mut s, FRENCH, Command::Roll { unit: guns }, &[6, 6]);
    assert!(
        matches!(s.pending, Some(Pending::Move { allowance, .. }) if allowance == 4.0),
        "{:?}",
        s.pending
    );
    // Its retreats are still a full move: 8".
    assert_eq!(
        grognard_rules_napoleons_wars::phases::movement::full_allowance(&s, s.unit(guns)),
        8.0
    );
    let battery = |f: fn(&mut grognard_rules_napoleons_wars::design::army::Battery)| {
        move |s: &mut State, u: u16| {
            if let Role::Battery(b) = &mut s.units[u as usize].role {
                f(b);
            }
        }
    };
    let (s, guns) = fire_then_move(&battery(|b| b.nation = Nation::Ottoman));
    assert_eq!(maneuver_allowance(&s, s.unit(guns)), 0.0);
    let (s, guns) = fire_then_move(&battery(|b| b.old_guard = true));
    assert_eq!(maneuver_allowance(&s, s.unit(guns)), 8.0);
    let (s, guns) = fire_then_move(&battery(|b| {
        b.horse = true;
        b.movement = 12.0;
    }));
    assert_eq!(maneuver_allowance(&s, s.unit(guns)), 12.0);
    // The next artillery phase begins afresh.
    let (mut s, guns) = fire_then_move(&nothing);
    let next = Clock {
        turn: 1,
        phase: 7,
        first: FRENCH,
    };
    NapoleonsWars.apply(&mut s, &Event::Phase { clock: next });
    assert_eq!(maneuver_allowance(&s, s.unit(guns)), 8.0);
}

// Ruling N50: guns never rout. With the tables' losses for "defender crushed" cut to 1 s.p.,
// an Austrian battery crushed by a French brigade (6+6 +2 Fresh +1 French attacking = 15
// against 1+1 -3 outnumbered 3:1 = -1) keeps a step after its loss, and is destroyed where a
// brigade would rout. A brigade in its place routs.
#[test]
fn n50_a_battery_that_would_rout_is_destroyed() {
    // The French front touches the defender's: the battery is 1.5" deep, the brigade 3".
    for (label, at, routs) in [
        ("VIII Corp, 12 lb, Foot", 37.75, false),
        ("2B/2/VIII", 38.5, true),
    ] {
        let mut s = table(&[("1B/2/V", 35.5, 35.5, 90.0), (label, 35.5, at, 270.0)]);
        tables_of(&mut s).combat.defender_losses = [1, 1, 1];
        let (fr, d) = (id(&s, "1B/2/V"), id(&s, label));
        s.combats.push(rules_state::Combat {
            attackers: vec![fr],
            defender: d,
        });
        s.clock.phase = 5;
        let events = run(
            &mut s,
            FRENCH,
            Command::Fight { defender: d },
            &[6, 6, 1, 1],
        );
        let r = rounds(&events);
        assert_eq!(
            r[0].result,
            grognard_rules_napoleons_wars::tables::CombatResult::DefenderCrushed,
            "{:?}",
            r[0]
        );
        let u = s.unit(d);
        if routs {
            assert!(u.on_table() && u.routed, "{u:?}");
        } else {
            assert_eq!(u.place, Place::Gone(Gone::Eliminated));
            assert!(events.iter().any(
                |e| matches!(e, Event::Gone { unit, why, .. } if *unit == d && why.contains("does not rout"))
            ));
        }
    }
}

// "NW 4.0", "NW II 3.2", ruling N51: a valorous CinC gives the "V" bonuses. Archduke Charles
// (Excellent, presence +3, valorous) stands beside 1B/1/VIII: its maneuver roll takes +2
// Fresh, +1 for his valour and +3 for his presence. Its cavalry neighbour would react with
// his +1. Attacked and crushed (6+6 +2 +1 = 15 against 1+1 +2 Fresh +1 valour = 5), the
// brigade takes the Archduke down with it.
#[test]
fn n51_a_valorous_cinc_gives_the_valorous_bonuses_and_shares_their_risk() {
    let mut s = table(&[
        ("1B/1/VIII", 30.0, 40.0, 270.0),
        ("Charles (Archduke)", 33.0, 40.0, 270.0),
        ("1B/3/VIII", 36.5, 40.0, 270.0),
        ("Chasteler", 30.0, 44.0, 270.0),
    ]);
    austrian_maneuver(&mut s);
    let inf = id(&s, "1B/1/VIII");
    let charles = id(&s, "Charles (Archduke)");
    let hussars = id(&s, "1B/3/VIII");
    let roll = |s: &mut State| {
        s.units[inf as usize].moved = false;
        let events = run(s, AUSTRIANS, Command::Roll { unit: inf }, &[3, 4]);
        run(s, AUSTRIANS, Command::Hold, &[]);
        mods(&maneuver_roll(&events, inf))
    };
    let with = roll(&mut s);
    assert!(
        with.contains(&(1, "within 3\" of a valorous commander".into())),
        "{with:?}"
    );
    assert!(
        with.contains(&(3, "CinC's presence within 3\"".into())),
        "{with:?}"
    );
    assert!(
        grognard_rules_napoleons_wars::phases::reaction::facts(&s, s.unit(hussars), false)
            .valorous_near
    );
    std::sync::Arc::make_mut(&mut s.field).sides[1].cinc_valorous = false;
    let without = roll(&mut s);
    assert!(
        !without.iter().any(|m| m.1.contains("valorous")),
        "{without:?}"
    );
    assert!(
        !grognard_rules_napoleons_wars::phases::reaction::facts(&s, s.unit(hussars), false)
            .valorous_near
    );
    std::sync::Arc::make_mut(&mut s.field).sides[1].cinc_valorous = true;
    // The combat.
    let fr = id(&s, "1B/2/V");
    s.set_place(fr, Place::Table);
    s.set_pose(fr, Pose::new(30.0, 37.0, 90f64.to_radians()));
    s.combats.push(rules_state::Combat {
        attackers: vec![fr],
        defender: inf,
    });
    s.clock = Clock {
        turn: 1,
        phase: 5,
        first: FRENCH,
    };
    let events = run(
        &mut s,
        FRENCH,
        Command::Fight { defender: inf },
        &[6, 6, 1, 1],
    );
    let r = rounds(&events);
    assert!(
        mods(&r[0].defence).contains(&(1, "within 3\" of a valorous commander".into())),
        "{:?}",
        r[0].defence
    );
    assert_eq!(s.unit(charles).place, Place::Gone(Gone::Killed));
}

// "NW Fire Modifiers", ruling N52: Cossack guns fire at -1 as Ottoman guns do. A Russian
// horse battery marked Cossack fires at an Austrian brigade with the -1; unmarked, without.
#[test]
fn n52_cossack_guns_fire_at_minus_one() {
    for cossack in [true, false] {
        let mut s = table(&[
            ("V Corp, 6 lb, Horse", 30.0, 10.0, 90.0),
            ("1B/1/VIII", 30.0, 16.0, 270.0),
        ]);
        s.clock.phase = 2;
        let (guns, aus) = (id(&s, "V Corp, 6 lb, Horse"), id(&s, "1B/1/VIII"));
        if let Role::Battery(b) = &mut s.units[guns as usize].role {
            b.nation = grognard_rules_napoleons_wars::Nation::Russia;
            b.cossack = cossack;
        }
        run(
            &mut s,
            FRENCH,
            Command::Fire {
                batteries: vec![guns],
                target: aus,
            },
            &[],
        );
        run(&mut s, FRENCH, Command::EndPhase, &[]);
        let events = run(&mut s, AUSTRIANS, Command::EndPhase, &[3, 3]);
        let fire = events
            .iter()
            .find_map(|e| match e {
                Event::ArtilleryFire { fire, .. } => Some(fire.clone()),
                _ => None,
            })
            .expect("the guns fire");
        assert_eq!(
            mods(&fire.roll).contains(&(-1, "Ottoman or Cossack artillery".into())),
            cossack,
            "{:?}",
            fire.roll
        );
        assert_eq!(fire.roll.total, if cossack { 5 } else { 6 });
    }
}

// The numbers of the results tables come from the tables: with "defender crushed" costing 5
// s.p., a crushed brigade loses 5; with damaging fire costing 2, a brigade under it loses 2;
// with a skirmish loss at three times the target's total, twice is only disorder.
#[test]
fn results_table_losses_come_from_the_tables() {
    use grognard_rules_napoleons_wars::resolve::skirmish;
    let mut s = table(&[
        ("1B/2/V", 30.0, 35.0, 90.0),
        ("1B/1/VIII", 30.0, 38.0, 270.0),
    ]);
    tables_of(&mut s).combat.defender_losses = [5, 2, 1];
    let (fr, aus) = (id(&s, "1B/2/V"), id(&s, "1B/1/VIII"));
    s.combats.push(rules_state::Combat {
        attackers: vec![fr],
        defender: aus,
    });
    s.clock.phase = 5;
    let sp = s.unit(aus).sp;
    let events = run(
        &mut s,
        FRENCH,
        Command::Fight { defender: aus },
        &[6, 6, 1, 1],
    );
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Lost { unit, sp: 5, .. } if *unit == aus)));
    assert_eq!(s.unit(aus).sp, sp - 5);
    // Damaging fire (12 lb at canister, 10 points: 2+3 +1 French = 6).
    let mut s = table(&[
        ("V Corp, 12 lb, Foot", 30.0, 32.0, 90.0),
        ("1B/1/VIII", 30.0, 37.0, 270.0),
    ]);
    tables_of(&mut s).artillery.losses = [2, 1, 2];
    let (guns, aus) = (id(&s, "V Corp, 12 lb, Foot"), id(&s, "1B/1/VIII"));
    s.clock.phase = 2;
    run(
        &mut s,
        FRENCH,
        Command::Fire {
            batteries: vec![guns],
            target: aus,
        },
        &[],
    );
    run(&mut s, FRENCH, Command::EndPhase, &[]);
    run(&mut s, AUSTRIANS, Command::EndPhase, &[2, 3]);
    assert_eq!(s.unit(aus).sp, 6);
    let mut t = Tables::default().skirmish;
    assert_eq!(
        skirmish::outcome(&t, 10, 5),
        skirmish::Outcome::LossAndDisorder
    );
    t.loss_multiple = 3;
    assert_eq!(skirmish::outcome(&t, 10, 5), skirmish::Outcome::Disorder);
    assert_eq!(
        skirmish::outcome(&t, 15, 5),
        skirmish::Outcome::LossAndDisorder
    );
}

// "NW 12.0" Rally Table, "NW 9.51": a routed brigade beyond its commander's range as the
// turn's visibility has it takes -1; the CinC's +1 reaches as far as the tables' presence
// radius. Chasteler (7.5", 4.5" in fog) stands 5" from 1B/1/VIII, the Archduke 4" off.
#[test]
fn nw_12_0_rally_reads_the_ranges_of_the_turn() {
    let rally = |fog: bool, radius: f64| {
        let mut s = table(&[
            ("1B/1/VIII", 30.0, 40.0, 270.0),
            ("Chasteler", 30.0, 47.25, 270.0),
            ("Charles (Archduke)", 36.5, 40.0, 270.0),
            ("1B/2/V", 30.0, 10.0, 90.0),
        ]);
        if fog {
            weather(&mut s, Weather::Fog, false);
        }
        tables_of(&mut s).maneuver.presence_radius = radius;
        let inf = id(&s, "1B/1/VIII");
        s.units[inf as usize].routed = true;
        s.clock = Clock {
            turn: 1,
            phase: 10,
            first: FRENCH,
        };
        let events = run(&mut s, AUSTRIANS, Command::EndPhase, &[3, 4]);
        let test = events
            .iter()
            .find_map(|e| match e {
                Event::RallyTest { unit, test } if *unit == inf => Some(test.clone()),
                _ => None,
            })
            .expect("a rally roll");
        mods(&test.roll)
    };
    let outside = (-1, "outside its commander's range".to_string());
    let cinc = (
        1,
        "within 3\" of a valorous commander or the CinC".to_string(),
    );
    let clear = rally(false, 3.0);
    assert!(
        !clear.contains(&outside) && !clear.contains(&cinc),
        "{clear:?}"
    );
    assert!(rally(true, 3.0).contains(&outside));
    assert!(rally(false, 5.0).contains(&cinc));
}

// "NW 9.0 A": a general moves from one brigade to another within 6" of it, or as far as a
// scenario's tables allow.
#[test]
fn nw_9_0_a_a_general_reattaches_within_the_tables_distance() {
    let mut s = table(&[
        ("1/VI", 60.0, 24.0, 90.0),
        ("1B/1/VI", 60.0, 20.0, 90.0),
        ("2B/1/VI", 70.0, 20.0, 90.0),
    ]);
    let general = id(&s, "1/VI");
    let second = id(&s, "2B/1/VI");
    let attach = Command::Attach {
        officer: general,
        unit: Some(second),
    };
    // The bases are 7" apart.
    assert!(refused_by(&s, FRENCH, attach.clone()).contains("within 6\""));
    tables_of(&mut s).maneuver.reattach_within = 8.0;
    assert!(NapoleonsWars.check(&s, FRENCH, &attach).is_ok());
}

// "NW 4.0", "NW 9.0 A": a general attached to a brigade stands with it wherever it goes:
// thrown back, routed, advancing, turned to face or rallied, not only when it maneuvers.
#[test]
fn nw_9_0_a_an_attached_general_goes_where_his_brigade_goes() {
    let mut s = table(&[("1/VI", 60.0, 20.0, 90.0), ("1B/1/VI", 60.0, 20.0, 90.0)]);
    let general = id(&s, "1/VI");
    let brigade = id(&s, "1B/1/VI");
    assert_eq!(s.units[general as usize].attached, Some(brigade));
    let at = |x: f64, y: f64, f: f64| Pose::new(x, y, f64::to_radians(f));
    for event in [
        Event::FellBack {
            unit: brigade,
            to: at(60.0, 17.0, 90.0),
            why: "is driven back".into(),
        },
        Event::Routed {
            unit: brigade,
            to: at(60.0, 8.0, 270.0),
        },
        Event::Rallied {
            unit: brigade,
            pose: at(61.0, 8.0, 90.0),
        },
        Event::Advanced {
            unit: brigade,
            to: at(61.0, 11.0, 90.0),
        },
        Event::Faced {
            unit: brigade,
            pose: at(61.0, 11.0, 0.0),
        },
    ] {
        NapoleonsWars.apply(&mut s, &event);
        let (g, b) = (
            s.units[general as usize].pose,
            s.units[brigade as usize].pose,
        );
        assert!(
            g.pos.distance(b.pos) < 1e-9,
            "after {event:?}: {g:?} and {b:?}"
        );
        assert_eq!(s.units[general as usize].attached, Some(brigade));
    }
}

// "NW 9.7" (ruling N53): a change of face costs more in rough ground: the ground's
// multiplier applies to it as to distance. A French brigade (10") turning about costs half
// its allowance, 5"; standing in a light wood (hindering, 1.5) it costs 7.5".
#[test]
fn nw_9_7_a_change_of_face_in_a_wood_costs_as_the_wood_multiplies() {
    let plan = |wood: bool, allowance: f64| {
        let mut s = table(&[("1B/2/V", 30.0, 30.0, 90.0)]);
        if wood {
            works(
                &mut s,
                TerrainKind::LightWood,
                ShapeSpec::Rect {
                    centre: [30.0, 30.0],
                    width: 8.0,
                    height: 8.0,
                    angle: 0.0,
                },
            );
        }
        let inf = id(&s, "1B/2/V");
        to_move(&mut s, inf, allowance);
        NapoleonsWars.check(
            &s,
            FRENCH,
            &Command::Move {
                unit: inf,
                steps: vec![Step::ChangeFace { quarter_turns: 2 }],
            },
        )
    };
    assert!(plan(false, 5.0).is_ok());
    assert!(plan(true, 7.5).is_ok());
    assert!(plan(true, 7.0).is_err_and(|e| e.reason.contains("costs 7.5")));
}
