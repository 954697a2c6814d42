//! The book's worked examples, with scripted dice and the book's numbers. Each test names
//! its section; its header says what the example sets up and what the book expects.

use grognard_engine::dice::Scripted;
use grognard_rules_napoleons_wars::design::{self, CommandKind, Mover};
use grognard_rules_napoleons_wars::resolve::facts::UnitFacts;
use grognard_rules_napoleons_wars::resolve::{maneuver, morale, skirmish};
use grognard_rules_napoleons_wars::tables::{GoodOrderResult, Tables};
use grognard_rules_napoleons_wars::{Fatigue, GunWeight, Morale, Nation, Quality, Rating};

fn tables() -> Tables {
    Tables::default()
}

// "NW 7.7", first example of skirmish attacks.
// Set-up: two French SK2 brigades skirmish a Prussian SK1 brigade within 4".
// Book: the Prussians roll 4, +1 for SK1 = 5; the French roll 2, +2 +2 = 6: higher, so the
// Prussian brigade is disordered (6 is not twice 5, so no strength point is lost).
#[test]
fn nw_7_7_two_french_skirmishers_disorder_a_prussian_brigade() {
    let t = tables();
    let s = skirmish::Situation {
        skirmishers: vec![2, 2],
        target: UnitFacts {
            nation: Nation::Prussia,
            sk: 1,
            ..UnitFacts::default()
        },
        ..Default::default()
    };
    // French dice 1+1 = 2, then Prussian dice 1+3 = 4.
    let a = skirmish::resolve(&t.skirmish, &s, &mut Scripted::new(&[1, 1, 1, 3]));
    assert_eq!(a.attack.total, 6);
    assert_eq!(a.defence.total, 5);
    assert_eq!(a.outcome, skirmish::Outcome::Disorder);
    assert!(!a.general_shot);
    assert_eq!(&*a.defence.modifiers[0].reason, "its skirmish value SK1");
}

// "NW 7.7", second example.
// Set-up: a French SK2 brigade 5" from an Austrian SK1 mixed (MX) brigade.
// Book: the French may skirmish at 5" (SK2 reaches 6"); the Austrians may not (SK1 reaches
// 4"). The Austrians defend at +2: +1 for MX and +1 for their SK value.
#[test]
fn nw_7_7_sk2_reaches_six_inches_and_mx_defends_at_plus_two() {
    let t = tables();
    let gap = 5.0;
    assert!(skirmish::range(&t.skirmish, 2, false, false).is_some_and(|r| gap <= r));
    assert!(skirmish::range(&t.skirmish, 1, false, false).is_some_and(|r| gap > r));
    let austrians = skirmish::Situation {
        target: UnitFacts {
            nation: Nation::Austria,
            sk: 1,
            mixed: true,
            ..UnitFacts::default()
        },
        ..Default::default()
    };
    let m = skirmish::target_modifiers(&t.skirmish, &austrians);
    assert_eq!(m.iter().map(|m| m.value).sum::<i32>(), 2);
    assert_eq!(m.len(), 2);
    // Rain or snow stops skirmishing; fog halves SK1's reach to 2" and SK2's to 4".
    assert_eq!(skirmish::range(&t.skirmish, 2, false, true), None);
    assert_eq!(skirmish::range(&t.skirmish, 1, true, false), Some(2.0));
    assert_eq!(skirmish::range(&t.skirmish, 2, true, false), Some(4.0));
}

// "NW 9.5", example of movement, with "NW 9.0 C".
// Set-up: a French good-order infantry brigade 10" from its Good corps commander, whose
// range is 12"; its modifiers net +2 (it is Fresh, Line class).
// Book: a roll of 6 + 2 = 8 reads "3/4 move" in the Good column; of a 10" allowance that is
// 7.5". At 13" from the commander the unit would read the Average column instead.
#[test]
fn nw_9_5_a_three_quarter_move_of_ten_inches_is_seven_and_a_half() {
    let t = tables();
    let allowance = design::movement_allowance(
        &t.movement,
        Mover::Infantry {
            nation: Nation::France,
            allied_to: None,
        },
        1809,
    );
    assert_eq!(allowance, 10.0);
    let range = 12.0;
    let facts = maneuver::Situation {
        unit: UnitFacts {
            fatigue: Fatigue::Fresh,
            quality: Quality::Line,
            ..UnitFacts::default()
        },
        commander: Rating::Good,
        in_range: 10.0 <= range,
        valorous_near: false,
        cinc_near: None,
        command_fatigued: false,
    };
    let roll = maneuver::resolve(&t.maneuver, &facts, &mut Scripted::new(&[2, 4]));
    assert_eq!(roll.roll.modifier_sum(), 2);
    assert_eq!(roll.roll.total, 8);
    assert_eq!(roll.column, Rating::Good);
    assert_eq!(
        roll.allowed,
        maneuver::Allowed::GoodOrder(GoodOrderResult::ThreeQuarters)
    );
    assert_eq!(design::share_of(allowance, 0.75), 7.5);

    let far = maneuver::Situation {
        in_range: 13.0 <= range,
        ..facts
    };
    assert_eq!(maneuver::column(&t.maneuver, &far).0, Rating::Average);
}

// "NW II 3.1", example: Marshal Victor commands the French VII Corps of 8 units and is rated
// Good. Book: being French his basic range is 4", plus 1" a unit: 12".
#[test]
fn nw_ii_3_1_victors_command_range_is_twelve_inches() {
    let t = tables();
    let (basic, range) = design::command_range(
        &t.design,
        Nation::France,
        Rating::Good,
        CommandKind::Corps,
        8,
    );
    assert_eq!((basic, range), (4.0, 12.0));
    // The same corps under a British commander: 3" and half an inch a unit.
    let (b, r) = design::command_range(
        &t.design,
        Nation::Britain,
        Rating::Excellent,
        CommandKind::Corps,
        8,
    );
    assert_eq!((b, r), (3.0, 7.0));
    // An excellent Austrian counts like the French.
    let (b, r) = design::command_range(
        &t.design,
        Nation::Austria,
        Rating::Excellent,
        CommandKind::Corps,
        8,
    );
    assert_eq!((b, r), (4.0, 12.0));
    // "NW II 3.11": a division of a linear army, 6 units, under an average commander.
    let (b, r) = design::command_range(
        &t.design,
        Nation::Austria,
        Rating::Average,
        CommandKind::Division,
        6,
    );
    assert_eq!((b, r), (2.0, 5.0));
}

// "NW II 3.3", example: Massena, rated Good, commands 18 units.
// Book: 18 / 6 = 3 generals for the divisions, and 1 ADC for a Good CinC.
#[test]
fn nw_ii_3_3_massena_has_three_generals_and_one_adc() {
    let t = tables();
    assert_eq!(design::generals(&t.design, Nation::France, 18), 3);
    assert_eq!(design::adcs(&t.design, Rating::Good, false), 1);
    // Napoleon, Excellent, has one ADC more than his rating gives.
    assert_eq!(design::adcs(&t.design, Rating::Excellent, true), 3);
    // Other armies divide by 12, the Ottomans by 16.
    assert_eq!(design::generals(&t.design, Nation::Austria, 18), 1);
    assert_eq!(design::generals(&t.design, Nation::Ottoman, 32), 2);
}

// "NW II 4.0", example: Massena's army of 18 units in four corps (5, 5, 4, 4), morale
// Average. Book: 18 x .35 = 6.3, so the army breaks after 6 losses; a corps of 5 gives
// 1.75, so it is fatigued after 2.
#[test]
fn nw_ii_4_0_massenas_army_breaks_at_six_and_a_corps_of_five_at_two() {
    let t = tables();
    assert_eq!(design::fatigue_threshold(&t.design, Morale::Average, 18), 6);
    assert_eq!(design::fatigue_threshold(&t.design, Morale::Average, 5), 2);
    assert_eq!(design::fatigue_threshold(&t.design, Morale::Average, 4), 1);
    assert_eq!(design::fatigue_threshold(&t.design, Morale::Good, 18), 7);
    assert_eq!(design::fatigue_threshold(&t.design, Morale::Poor, 18), 5);
}

// "NW 11.7", example: Marshal Lannes is killed on turn 5; Napoleon's presence is 4.
// Book: the rally-phase die shows 3, less 4, which cannot go below 1: turn 6 passes and the
// replacement arrives in the initiative phase of turn 7.
#[test]
fn nw_11_7_lannes_replacement_arrives_on_turn_seven() {
    let t = tables();
    let presence = design::presence(&t.design, Rating::Excellent, true);
    assert_eq!(presence, 4);
    let (roll, delay) = morale::replacement_delay(presence, &mut Scripted::new(&[3]));
    assert_eq!(roll.total, -1);
    assert_eq!(delay, 1);
    assert_eq!(design::replacement_arrives(5, delay), 7);
    // The replacement is one rating worse, 2" shorter but not below his basic range.
    let (rating, range) = design::replacement(&t.design, Rating::Excellent, 14.0, 4.0);
    assert_eq!((rating, range), (Rating::Good, 12.0));
    assert_eq!(
        design::replacement(&t.design, Rating::Good, 5.0, 4.0).1,
        4.0
    );
}

// "NW II 2.6", example: a Line brigade of 7 s.p. reads 7/5/3: Fresh until it is down to 5,
// then Worn, and Spent from 3.
#[test]
fn nw_ii_2_6_a_line_brigade_of_seven_is_7_5_3() {
    let t = tables();
    let l = t.design.fatigue_levels(7, Quality::Line).unwrap();
    assert_eq!((l.fresh, l.worn, l.spent), (7, Some(5), Some(3)));
    assert_eq!(design::fatigue_state(&l, 6), Fatigue::Fresh);
    assert_eq!(design::fatigue_state(&l, 5), Fatigue::Worn);
    assert_eq!(design::fatigue_state(&l, 4), Fatigue::Worn);
    assert_eq!(design::fatigue_state(&l, 3), Fatigue::Spent);
}

// "NW II 2.1": a guard unit has 1 s.p. per 200 men and a conscript one per 600; a brigade of
// a grenadier, a jager and two line battalions averages Veteran. With the rating lists, a
// French Ligne brigade of 1806 with 3,200 men is Veteran (400 men an s.p.): 8 s.p., SK2,
// 8/5/3.
#[test]
fn nw_ii_2_1_strength_from_men_and_quality() {
    use grognard_rules_napoleons_wars::design::ratings::{find_unit, RatedArm};
    let t = tables();
    assert_eq!(
        design::strength_points(&t.design, 2000, Quality::Guard, false),
        10
    );
    assert_eq!(
        design::strength_points(&t.design, 3000, Quality::Conscript, false),
        5
    );
    assert_eq!(
        design::strength_points(&t.design, 1300, Quality::Veteran, true),
        5
    );
    // 2,750 / 500 = 5.5: rounds down; 2,800 / 500 = 5.6: rounds up.
    assert_eq!(
        design::strength_points(&t.design, 2750, Quality::Line, false),
        5
    );
    assert_eq!(
        design::strength_points(&t.design, 2800, Quality::Line, false),
        6
    );
    assert_eq!(
        design::average_quality(&[
            Quality::Elite,
            Quality::Veteran,
            Quality::Line,
            Quality::Line
        ]),
        Some(Quality::Veteran)
    );
    let r = find_unit(Nation::France, RatedArm::Infantry, "Ligne Infantry", 1806).unwrap();
    let q = r.quality[0];
    let sp = design::strength_points(&t.design, 3200, q, false);
    let l = t.design.fatigue_levels(sp, q).unwrap();
    assert_eq!((q, r.skirmish, sp), (Quality::Veteran, 2, 8));
    assert_eq!((l.worn, l.spent), (Some(5), Some(3)));
}

// "NW II 2.5", example: a division of three brigades with one 6 lb (medium) battery: two
// s.p. to share, so two brigades gain one each and the third nothing.
#[test]
fn nw_ii_2_5_a_medium_battery_adds_one_sp_to_two_of_three_brigades() {
    let t = tables();
    let w = GunWeight::from_pounds(6);
    assert_eq!(
        design::divisional_artillery(&t.design, &[w], 3),
        vec![1, 1, 0]
    );
    assert_eq!(
        design::divisional_artillery(&t.design, &[GunWeight::Light, GunWeight::Medium], 2),
        vec![2, 1]
    );
}

// "NW 2.0", the label examples: "1B/1/IV SK1 7/5/3 Vet" for a brigade, "Ney (V), III Corp,
// G, 14"" for a commander, and "Napoleon, E, +4" for a CinC (presence 3 for Excellent, one
// more for Napoleon).
#[test]
fn nw_2_0_labels_read_as_the_book_writes_them() {
    use grognard_rules_napoleons_wars::design::army::{
        cinc_label, commander_label, Brigade, Cinc, Command, Commander, Kind,
    };
    use grognard_rules_napoleons_wars::Arm;
    let t = tables();
    let brigade = Brigade {
        label: "1B/1/IV".into(),
        name: None,
        nation: Nation::France,
        arm: Arm::Infantry,
        quality: Quality::Veteran,
        sp: 7,
        fatigue: t.design.fatigue_levels(7, Quality::Line).unwrap(),
        sk: 1,
        mixed: false,
        weight: None,
        armored: false,
        irregular: false,
        movement: 10.0,
    };
    assert_eq!(brigade.roster_label(), "1B/1/IV SK1 7/5/3 Vet");
    let ney = Command {
        name: "III Corp".into(),
        short: "III".into(),
        kind: Kind::Corps,
        commander: Commander {
            name: "Ney".into(),
            rating: Rating::Good,
            valorous: true,
            basic_range: 4.0,
            range: 14.0,
        },
        morale: Morale::Average,
        fatigue: 4,
        divisions: Vec::new(),
        batteries: Vec::new(),
    };
    assert_eq!(commander_label(&ney), "Ney (V), III Corp, G, 14\"");
    let napoleon = Cinc {
        name: "Napoleon".into(),
        rating: Rating::Excellent,
        presence: design::presence(&t.design, Rating::Excellent, true),
        napoleon: true,
        valorous: false,
    };
    assert_eq!(cinc_label(&napoleon), "Napoleon, E, +4");
}
