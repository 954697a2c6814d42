//! The book's worked examples, played with scripted dice and checked against the book's
//! numbers.

mod common;

use common::*;
use grognard_engine::terrain::TerrainKind;
use grognard_geometry::Face;
use grognard_rules_two_by_two::event::{Cause, Event};
use grognard_rules_two_by_two::measure::measure;
use grognard_rules_two_by_two::phases::melee;
use grognard_rules_two_by_two::phases::shooting::{self, effect_on};
use grognard_rules_two_by_two::state::{Contact, Pending, Place, ShotResult, Status};
use grognard_rules_two_by_two::units::UnitType::*;
use grognard_rules_two_by_two::Command;

const OUT_OF_FLANK: &str = "shooting out of flank or rear";

// "2x2 Multiple melees" and "2x2 Melee modifiers" (+1 per extra unit beyond one).
// Actions: three French Line battalions touch one Austrian Line battalion (front, left flank,
// right flank); the French player fights the group in the order front, left, right.
// Expected: every attacker's modifiers carry +2 "enemy is in melee with 3 units", fixed when
// the group starts; the defender rolls against each in turn: it beats the first (which
// routs), is destroyed by the second (difference 3), and the third contact is never fought.
#[test]
fn three_attackers_each_get_plus_two() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "defender", Line, [12.0, 12.0, 90.0])
        .unit(AUSTRIA, "reserve", Line, [3.0, 3.0, 90.0])
        .unit(FRANCE, "front", Line, [12.0, 12.5, 270.0])
        .unit(FRANCE, "left", Line, [11.25, 12.0, 0.0])
        .unit(FRANCE, "right", Line, [12.75, 12.0, 180.0])
        .start();
    for a in ["front", "left", "right"] {
        t.contact(a, "defender");
    }
    t.phase(1, "melee", FRANCE);
    let d = t.id("defender");
    let order: Vec<(u16, u16)> = ["front", "left", "right"]
        .iter()
        .map(|a| (t.id(a), d))
        .collect();

    // Before a die is rolled, each of the three would fight at +2.
    let engaged = melee::engaged_counts(&t.state.contacts);
    for &(a, _) in &order {
        let c = Contact {
            attacker: a,
            defender: d,
        };
        let m = melee::modifiers(&t.state, t.state.unit(a), t.state.unit(d), &engaged, &c);
        assert_eq!(mods(&m), vec![(2, "enemy is in melee with 3 units".into())]);
        let m = melee::modifiers(&t.state, t.state.unit(d), t.state.unit(a), &engaged, &c);
        assert!(m.is_empty(), "the defender has no modifier: {m:?}");
    }

    // Front: 1 + 2 = 3 against 5: the attacker routs (survival die 4).
    // Left: 5 + 2 = 7 against 4: difference 3, the defender is destroyed.
    let events = t.run(FRANCE, &melee_order(order), &[1, 5, 4, 5, 4]);
    let fought = melees(&events);
    assert_eq!(fought.len(), 2, "the third contact must not be fought");
    assert_eq!(fought[0].attacker, t.id("front"));
    assert_eq!((fought[0].attack.total, fought[0].defence.total), (3, 5));
    assert_eq!(fought[0].winner, d);
    assert_eq!(fought[1].attacker, t.id("left"));
    // Still +2 after the first attacker has gone: the count was taken at the start.
    assert_eq!(
        mods(&fought[1].attack.modifiers),
        vec![(2, "enemy is in melee with 3 units".into())]
    );
    assert_eq!((fought[1].attack.total, fought[1].defence.total), (7, 4));
    assert_eq!(fought[1].difference, 3);
    assert_eq!(fought[1].attack.result, "loser destroyed, may follow up");

    assert_eq!(t.unit("defender").place, Place::Destroyed);
    assert_eq!(destroyed(&events), vec![(d, Cause::Melee)]);
    assert_eq!(t.status("front"), Status::Disrupted);
    assert_at(&t, "front", 12.0, 15.5, 1e-6);
    assert_eq!(t.status("right"), Status::Ready);
    assert_at(&t, "right", 12.75, 12.0, 1e-9);
    assert!(t.state.contacts.is_empty());
    // The winner may follow up (difference 3: optional).
    assert_eq!(
        t.state.pending,
        Some(Pending::FollowUp {
            side: FRANCE,
            unit: t.id("left"),
            mandatory: false
        })
    );
    t.run(FRANCE, &Command::FollowUp { distance: 0.0 }, &[]);
    assert!(t.state.pending.is_none() && t.state.melee.queue.is_empty());
    t.run(FRANCE, &Command::EndPhase, &[]);
}

// "2x2 Melee modifiers" (unit making follow-up, subsequent melee) and "2x2 Melee results".
// Actions: French heavy cavalry destroys a Line battalion, follows up 2" into a second,
// destroys it, follows up again into a third.
// Expected: the first melee has no follow-up modifier; the second and third have exactly one
// -1 "follow-up melee" (it does not grow to -2); the cavalry totals are 6, 6 and 6.
#[test]
fn follow_up_minus_one_persists() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "first", Line, [12.0, 10.5, 270.0])
        .unit(AUSTRIA, "second", Line, [12.0, 12.5, 270.0])
        .unit(AUSTRIA, "third", Line, [12.0, 14.5, 270.0])
        .unit(AUSTRIA, "reserve", Line, [3.0, 3.0, 90.0])
        .unit(FRANCE, "cuirassiers", HeavyCavalry, [12.0, 10.0, 90.0])
        .start();
    t.contact("cuirassiers", "first");
    t.phase(1, "melee", FRANCE);
    let hc = t.id("cuirassiers");

    // 4 + 2 (heavy cavalry) = 6 against 3: destroyed, optional follow-up.
    let e1 = t.run(FRANCE, &melee_order(vec![(hc, t.id("first"))]), &[4, 3]);
    let f1 = &melees(&e1)[0];
    assert_eq!(
        mods(&f1.attack.modifiers),
        vec![(2, "heavy cavalry".into())]
    );
    assert_eq!(f1.attack.total, 6);
    assert_eq!(t.unit("first").place, Place::Destroyed);

    // Follow up a full 4": the charge stops on touching the second battalion, 2" on.
    // 5 + 2 - 1 = 6 against 3.
    let e2 = t.run(FRANCE, &Command::FollowUp { distance: 4.0 }, &[5, 3]);
    assert!(e2
        .iter()
        .any(|e| matches!(e, Event::FollowedUp { unit, .. } if *unit == hc)));
    let f2 = &melees(&e2)[0];
    assert_eq!(f2.defender, t.id("second"));
    assert_eq!(
        mods(&f2.attack.modifiers),
        vec![(2, "heavy cavalry".into()), (-1, "follow-up melee".into())]
    );
    assert_eq!((f2.attack.total, f2.defence.total), (6, 3));
    assert_eq!(t.unit("second").place, Place::Destroyed);
    assert!(near(t.at("cuirassiers")[1], 12.0, 0.03));

    // Again: still -1, not -2. 5 + 2 - 1 = 6 against 3.
    let e3 = t.run(FRANCE, &Command::FollowUp { distance: 4.0 }, &[5, 3]);
    let f3 = &melees(&e3)[0];
    assert_eq!(f3.defender, t.id("third"));
    assert_eq!(modifier(&f3.attack.modifiers, "follow-up"), Some(-1));
    assert_eq!(f3.attack.modifier_sum(), 1);
    assert_eq!((f3.attack.total, f3.defence.total), (6, 3));
    assert_eq!(t.unit("third").place, Place::Destroyed);
    assert_eq!(t.state.lost, [3, 0]);
    assert!(t.state.outcome.is_none());
}

// "2x2 Artillery & small-arms fire" (target groups) and "Defensive fire against contact".
// Actions: a French Line battalion and a French light cavalry regiment both charged an
// Austrian Line battalion from its front; it fires at the cavalry with die 5.
// Expected: the group is both units; the shot has +1 first volley and no +2 for cavalry
// (5 + 1 = 6, "target Disrupted"); the firer picks the infantry to take it, which is
// Disrupted and thrown back half an inch while the cavalry stays in contact, in good order.
// Without the infantry in the group, the same shot would get the +2.
#[test]
fn mixed_group_gets_no_cavalry_bonus() {
    let battle = Battle::new()
        .unit(AUSTRIA, "firer", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "infantry", Line, [11.5, 12.5, 270.0])
        .unit(FRANCE, "hussars", LightCavalry, [12.5, 12.5, 270.0]);
    let mut t = battle.start();
    t.contact("infantry", "firer");
    t.contact("hussars", "firer");
    t.phase(1, "shoot", AUSTRIA);
    let (f, inf, hus) = (t.id("firer"), t.id("infantry"), t.id("hussars"));

    let plan = shooting::plan(&t.state, f, hus, None).unwrap();
    let mut group = vec![inf, hus];
    group.sort_unstable();
    assert_eq!(plan.group, group);
    assert_eq!(mods(&plan.modifiers), vec![(1, "first volley".into())]);

    let events = t.run(AUSTRIA, &fire(f, hus), &[5]);
    let (roll, result) = shot(&events);
    assert_eq!(roll.total, 6);
    assert_eq!(result, ShotResult::Disrupted);
    assert_eq!(t.status("firer"), Status::Pinned);
    assert_eq!(
        t.state.pending,
        Some(Pending::ChooseVictim {
            side: AUSTRIA,
            shooter: f,
            group: group.clone(),
            result: ShotResult::Disrupted
        })
    );
    // The firer's choice must be a unit of the group.
    assert!(t.check(AUSTRIA, &Command::Victim { unit: f }).is_err());
    let events = t.run(AUSTRIA, &Command::Victim { unit: inf }, &[]);
    assert!(events.contains(&Event::Hit {
        unit: inf,
        result: ShotResult::Disrupted
    }));
    assert_eq!(t.status("infantry"), Status::Disrupted);
    assert_at(&t, "infantry", 11.5, 13.0, 1e-6);
    assert_eq!(t.status("hussars"), Status::Ready);
    assert_eq!(
        t.state.contacts,
        vec![Contact {
            attacker: hus,
            defender: f
        }]
    );

    // The cavalry alone is a cavalry target.
    let mut alone = Battle::new()
        .unit(AUSTRIA, "firer", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "hussars", LightCavalry, [12.5, 12.5, 270.0])
        .start();
    alone.contact("hussars", "firer");
    let plan = shooting::plan(&alone.state, alone.id("firer"), alone.id("hussars"), None).unwrap();
    assert_eq!(modifier(&plan.modifiers, "target is cavalry"), Some(2));
}

// "2x2 Shooting line of sight", Plate II.
// Layout: French foot artillery A faces north at (12, 8). Austrian units: 1 on its left
// flank, 3 on its right flank, 2 ahead and to the left; French unit B stands ahead and to
// the right with Austrian units 4 and 5 behind it; Austrian unit 6 lies beyond a dense
// wood off A's left front. Every target is within 8".
// Expected: A may shoot 1, 2 and 3; only 2 is to its front (no modifier), 1 and 3 take -2
// for shooting out of the flank; 4 and 5 are screened by B; 6 is screened by the wood.
#[test]
fn plate_two_line_of_sight_and_aspect() {
    let t = Battle::new()
        .unit(FRANCE, "A", FootArtillery, [12.0, 8.0, 90.0])
        .unit(FRANCE, "B", Line, [13.0, 10.5, 90.0])
        .unit(AUSTRIA, "1", Line, [9.0, 8.0, 0.0])
        .unit(AUSTRIA, "2", Line, [10.5, 11.0, 270.0])
        .unit(AUSTRIA, "3", Line, [15.0, 8.0, 180.0])
        .unit(AUSTRIA, "4", Line, [12.6, 12.75, 270.0])
        .unit(AUSTRIA, "5", Line, [14.0, 12.75, 270.0])
        .unit(AUSTRIA, "6", Line, [6.0, 13.0, 300.0])
        .rect(TerrainKind::DenseWood, 8.0, 11.0, 1.5, 1.5)
        .start();
    let a = t.id("A");
    let plan = |n: &str| shooting::plan(&t.state, a, t.id(n), None);

    let p2 = plan("2").unwrap();
    assert!(p2.modifiers.is_empty(), "{:?}", p2.modifiers);
    for n in ["1", "3"] {
        let p = plan(n).unwrap();
        assert_eq!(
            mods(&p.modifiers),
            vec![(-2, OUT_OF_FLANK.into())],
            "unit {n}"
        );
        assert!(p.range <= 3.0, "unit {n} at normal range");
    }
    for n in ["4", "5"] {
        let e = plan(n).unwrap_err();
        assert_eq!(e.rule, "2x2 Shooting line of sight", "unit {n}");
        assert!(e.reason.contains("B stands in the line of sight"), "{e}");
    }
    let e = plan("6").unwrap_err();
    assert_eq!(e.rule, "2x2 Shooting line of sight");
    assert!(e.reason.contains("dense wood"), "{e}");

    // Without B and the wood, 4, 5 and 6 are all in range: it is sight that stops them.
    let mut open = t.clone();
    open.destroy("B");
    let mut field = (*open.state.field).clone();
    field.terrain.clear();
    open.state.field = std::sync::Arc::new(field);
    for n in ["4", "5", "6"] {
        assert!(
            shooting::plan(&open.state, a, open.id(n), None).is_ok(),
            "unit {n} in the open"
        );
    }
}

// "2x2 Measuring ranges", Plate III.
// Layout: Austrian foot artillery faces north at (12, 12); French unit B stands in front of
// it, French unit C off its right flank.
// Expected: the range to B is taken from the front-centre (1.5"), the range to C from the
// right side-centre (2.25", less than the 2.75" from the front-centre), and only C is shot
// out of the flank.
#[test]
fn plate_three_measuring_faces() {
    let t = Battle::new()
        .unit(AUSTRIA, "gun", FootArtillery, [12.0, 12.0, 90.0])
        .unit(FRANCE, "B", Line, [12.0, 14.0, 270.0])
        .unit(FRANCE, "C", Line, [15.0, 12.0, 180.0])
        .start();
    let gun = t.unit("gun").base();
    let (face, d) = measure(&gun, &t.unit("B").base());
    assert_eq!(face, Face::Front);
    assert!(near(d, 1.5, 1e-9), "{d}");
    let (face, d) = measure(&gun, &t.unit("C").base());
    assert_eq!(face, Face::Right);
    assert!(near(d, 2.25, 1e-9), "{d}");
    let from_front =
        grognard_geometry::distance::point_base(gun.face_centre(Face::Front), &t.unit("C").base());
    assert!(near(from_front, 2.75, 1e-9), "{from_front}");

    let g = t.id("gun");
    let pb = shooting::plan(&t.state, g, t.id("B"), None).unwrap();
    assert!(pb.modifiers.is_empty());
    assert!(near(pb.range, 1.5, 1e-9));
    let pc = shooting::plan(&t.state, g, t.id("C"), None).unwrap();
    assert_eq!(mods(&pc.modifiers), vec![(-2, OUT_OF_FLANK.into())]);
    assert!(near(pc.range, 2.25, 1e-9));
}

// "2x2 Shooting modifiers" (first volley, target is cavalry) and "2x2 Resolving shooting".
// Actions: a fresh Austrian Line battalion fires at French light cavalry 0.4" in front of
// it; die 4.
// Expected: "+1 first volley" and "+2 target is cavalry", total 7, row 7, "target routs";
// the firer is Pinned at once and the cavalry's owner chooses its rout direction.
#[test]
fn first_volley_against_cavalry_reads_as_the_book() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "line", Line, [12.0, 12.0, 90.0])
        .unit(FRANCE, "chasseurs", LightCavalry, [12.0, 12.9, 270.0])
        .unit(FRANCE, "reserve", Line, [20.0, 20.0, 270.0])
        .start();
    t.phase(1, "shoot", AUSTRIA);
    let (l, c) = (t.id("line"), t.id("chasseurs"));
    let events = t.run(AUSTRIA, &fire(l, c), &[4]);
    let (roll, result) = shot(&events);
    assert_eq!(roll.dice, vec![4]);
    assert_eq!(modifier(&roll.modifiers, "first volley"), Some(1));
    assert_eq!(modifier(&roll.modifiers, "target is cavalry"), Some(2));
    assert_eq!(roll.modifiers.len(), 2);
    assert_eq!(roll.total, 7);
    assert_eq!(roll.row, "7");
    assert_eq!(roll.result, "target routs");
    assert_eq!(result, ShotResult::Routs);
    let text = roll.to_string();
    assert!(text.starts_with("die 4, "), "{text}");
    assert!(text.contains("+1 first volley"), "{text}");
    assert!(text.contains("+2 target is cavalry"), "{text}");
    assert!(
        text.ends_with("= 7 (row 7): target routs [2x2 Resolving shooting]"),
        "{text}"
    );

    assert_eq!(t.status("line"), Status::Pinned);
    assert!(t.unit("line").fired);
    assert_eq!(
        t.state.pending,
        Some(Pending::RoutDirection {
            side: FRANCE,
            unit: c,
            shooter: l
        })
    );
    // A Pinned firer has no first volley left.
    let mut again = t.clone();
    again.phase(2, "shoot", AUSTRIA);
    again.state.pending = None;
    let p = shooting::plan(&again.state, l, c, None).unwrap();
    assert_eq!(modifier(&p.modifiers, "first volley"), None);
}

// "2x2 The Units: Light Infantry" (ruling R9): any shooting result on light infantry is
// Pinned.
// Actions: a French foot battery at short range fires into the flank of Austrian light
// infantry (+1 short range, +1 fired on flank), die 6 = 8 "target destroyed"; then a French
// Line battalion fires at it, die 6 + 1 first volley = 7 "target routs".
// Expected: both land as Pinned; the light infantry stays on the table, no rout is asked
// for, nothing is lost.
#[test]
fn light_infantry_takes_shooting_as_pinned() {
    let mut t = Battle::new()
        .unit(AUSTRIA, "jaegers", LightInfantry, [12.0, 13.0, 0.0])
        .unit(FRANCE, "battery", FootArtillery, [12.0, 12.0, 90.0])
        .unit(FRANCE, "line", Line, [12.75, 13.0, 180.0])
        .start();
    t.phase(1, "shoot", FRANCE);
    let (li, bat, line) = (t.id("jaegers"), t.id("battery"), t.id("line"));

    let events = t.run(FRANCE, &fire(bat, li), &[6]);
    let (roll, result) = shot(&events);
    assert_eq!(
        mods(&roll.modifiers),
        vec![
            (1, "artillery at short range".into()),
            (1, "target is fired on in flank or rear".into())
        ]
    );
    assert_eq!((roll.total, result), (8, ShotResult::Destroyed));
    assert!(events.contains(&Event::Hit {
        unit: li,
        result: ShotResult::Pinned
    }));
    assert_eq!(t.status("jaegers"), Status::Pinned);
    assert_eq!(t.unit("jaegers").place, Place::Table);

    let events = t.run(FRANCE, &fire(line, li), &[6]);
    let (roll, result) = shot(&events);
    assert_eq!((roll.total, result), (7, ShotResult::Routs));
    assert!(events.contains(&Event::Hit {
        unit: li,
        result: ShotResult::Pinned
    }));
    assert!(t.state.pending.is_none(), "no rout direction to choose");
    assert_eq!(t.status("jaegers"), Status::Pinned);
    assert_eq!(t.state.lost, [0, 0]);

    for r in [
        ShotResult::Pinned,
        ShotResult::Disrupted,
        ShotResult::Routs,
        ShotResult::Destroyed,
    ] {
        assert_eq!(effect_on(t.unit("jaegers"), r), ShotResult::Pinned);
        assert_eq!(effect_on(t.unit("line"), r), r);
    }
    assert_eq!(
        effect_on(t.unit("jaegers"), ShotResult::NoEffect),
        ShotResult::NoEffect
    );
}
