//! The module's rolls as resolutions: its modifiers as the module gives them (and labelled
//! where a lost item's value is Grognard's), the chances the design sets out
//! (docs/fire-and-fury-design.md, parts 3 and 4), scripted throws read as a player at the
//! table would, and odds that agree with walking every throw.

use grognard_engine::conformance::odds_agree;
use grognard_engine::dice::Scripted;
use grognard_engine::resolution::{Chance, Exact, Resolution};
use grognard_engine::Explanation;
use grognard_rules_fire_and_fury::facts::{
    Condition, Engineers, Formation, InfantryClass, Level, Quality, Skirmish,
};
use grognard_rules_fire_and_fury::modifiers::{self, Commander, Source};
use grognard_rules_fire_and_fury::resolve::charge::{self, ChargeRoll, Party};
use grognard_rules_fire_and_fury::resolve::fire::{self, FireRoll, Firers, Kind};
use grognard_rules_fire_and_fury::resolve::initiative::{self, Initiative, Winner};
use grognard_rules_fire_and_fury::resolve::losses::{self, EngineerLoss, Fate, LeaderCasualty};
use grognard_rules_fire_and_fury::resolve::maneuver::{self, ReserveMovement, TacticalMovement};
use grognard_rules_fire_and_fury::tables::{self, Arm, Rating, Tables, Weight};

fn c(n: u128, d: u128) -> Chance {
    Chance::new(n, d)
}

fn total(m: &[grognard_engine::Modifier]) -> i32 {
    m.iter().map(|m| m.value).sum()
}

#[test]
fn the_module_s_modifiers_ship_each_with_its_section_and_say_which_values_are_grognard_s() {
    let m = modifiers::shipped().unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(m.provenance, modifiers::MODULE);
    assert_eq!(Tables::default().modifiers, m);
    // The lost items whose words give no value are labelled as Grognard's.
    assert_eq!(m.tactical.out_of_command.source, Source::Grognards);
    assert_eq!(m.fire.firer_disordered.source, Source::Grognards);
    assert_eq!(m.charge.leader.source, Source::Grognards);
    // Those read back from the text say so; the printed ones are the module's.
    assert_eq!(
        m.commanders.napoleon_with_berthier.source,
        Source::Reconstructed
    );
    assert_eq!(m.fire.grand_battery.source, Source::Reconstructed);
    assert_eq!(m.tactical.fresh.source, Source::Module);
    assert_eq!(
        m.tactical.fresh.label(),
        "NFF Maneuver: Tactical Movement 2e"
    );
    assert_eq!(
        m.tactical.out_of_command.label(),
        "NFF Maneuver: Tactical Movement 2a, Grognard's value"
    );
    // The module's printed values (design part 3).
    assert_eq!(
        [
            m.commanders.great.value,
            m.commanders.able.value,
            m.commanders.steady.value,
            m.commanders.ordinary.value,
            m.commanders.poor.value,
        ],
        [2, 1, 0, -1, -2]
    );
    assert_eq!(m.charge.square_by_cavalry.value, 3);
    assert_eq!(m.fire.two_rank.value, 2.5);
}

#[test]
fn the_initiative_favours_the_better_commander_as_the_design_counts() {
    let t = Tables::default();
    let odds = |a, b| {
        let s = initiative::Situation { a, b };
        odds_agree(&Initiative, &t, &s).unwrap();
        Initiative.odds(&t, &s).chance(|w| *w == Winner::A)
    };
    use Commander::*;
    assert_eq!(odds(Ordinary, Ordinary), c(1, 2));
    // Design 3.1: one apart 55/91, two 16/23, three 24/31, four 79/94, five 17/19.
    assert_eq!(odds(Able, Steady), c(55, 91));
    assert_eq!(odds(Great, Steady), c(16, 23));
    assert_eq!(odds(Great, Ordinary), c(24, 31));
    assert_eq!(odds(NapoleonWithBerthier, Ordinary), c(79, 94));
    assert_eq!(odds(NapoleonWithBerthier, Poor), c(17, 19));
}

#[test]
fn equal_initiative_totals_are_thrown_again() {
    let t = Tables::default();
    let s = initiative::Situation {
        a: Commander::NapoleonWithBerthier,
        b: Commander::Ordinary,
    };
    // 2 + 3 = 5 against 6 - 1 = 5: again; then 1 + 3 = 4 against 7 - 1 = 6.
    let mut dice = Scripted::new(&[2, 6, 1, 7]);
    let mut rolls: Vec<Explanation> = Vec::new();
    assert_eq!(Initiative.resolve(&t, &s, &mut dice, &mut rolls), Winner::B);
    assert_eq!(rolls.len(), 4);
    assert_eq!((rolls[0].total, rolls[1].total), (5, 5));
    assert!(rolls[0].result.contains("again"));
    assert_eq!((rolls[2].total, rolls[3].total), (4, 6));
}

#[test]
fn reserve_movement_reads_only_its_own_modifiers() {
    let t = Tables::default();
    let share = |s: &maneuver::Reserve| {
        odds_agree(&ReserveMovement, &t, s).unwrap();
        let o = ReserveMovement.odds(&t, s);
        [0.0, 0.5, 1.0].map(|m| o.chance(|r| r.moves == m))
    };
    // An army of a steady commander: no movement 3 in 10, half 2, full 5 (design 4.2).
    let steady = maneuver::Reserve {
        commander: Commander::Steady,
        ..Default::default()
    };
    assert_eq!(share(&steady), [c(3, 10), c(2, 10), c(5, 10)]);
    // Napoleon with Berthier, unattached: never fails on his +3 alone.
    let napoleon = maneuver::Reserve {
        commander: Commander::NapoleonWithBerthier,
        ..Default::default()
    };
    assert_eq!(share(&napoleon), [c(0, 1), c(2, 10), c(8, 10)]);
    // Attached, his modifier does not count.
    let attached = maneuver::Reserve {
        commander_attached: true,
        ..napoleon.clone()
    };
    assert_eq!(share(&attached), share(&steady));
    // Momentum (RM 5i, 5j) and disengaging (5k) add up.
    let m = ReserveMovement::modifiers_of(
        &t,
        &maneuver::Reserve {
            commander: Commander::Poor,
            failures_in_a_row: 3,
            disengaging: true,
            irregular: true,
            ..Default::default()
        },
    );
    assert_eq!(total(&m), -2 + 2 - 2 - 1);
    assert!(m.iter().any(|m| m.reason.contains("Reserve Movement 5j")));
}

#[test]
fn a_fresh_column_with_its_general_charges_eight_times_in_ten() {
    let t = Tables::default();
    let charges = |s: &maneuver::Tactical| {
        odds_agree(&TacticalMovement, &t, s).unwrap();
        TacticalMovement
            .odds(&t, s)
            .chance(|r| r.charge || r.choose.iter().any(|o| o.charge))
    };
    // Fresh +2, a general +2, columnar +1 (design 4.2).
    let column = maneuver::Tactical {
        class: InfantryClass::Columnar,
        state: Condition::Fresh,
        leaders: 1,
        charge: true,
        ..Default::default()
    };
    assert_eq!(total(&TacticalMovement::modifiers_of(&t, &column)), 5);
    assert_eq!(charges(&column), c(8, 10));
    // A Spent linear brigade alone: -2, one time in ten (it may not announce, but the
    // table still reads).
    let spent = maneuver::Tactical {
        class: InfantryClass::Linear,
        state: Condition::Spent,
        ..Default::default()
    };
    assert_eq!(charges(&spent), c(1, 10));
    // Disordered cavalry announcing a charge, Worn: -3 on the Disorder column, only a 10.
    let blown = maneuver::Tactical {
        cavalry: true,
        disordered: true,
        state: Condition::Worn,
        charge: true,
        ..Default::default()
    };
    assert_eq!(charges(&blown), c(1, 10));
    // Three charismatic leaders give no more than the module's +4.
    let crowded = maneuver::Tactical {
        cavalry: true,
        state: Condition::Worn,
        charismatic_leaders: 3,
        ..Default::default()
    };
    assert_eq!(total(&TacticalMovement::modifiers_of(&t, &crowded)), 4);
}

#[test]
fn a_spent_brigade_may_not_announce_a_charge_unless_the_tables_allow_it() {
    let mut t = Tables::default();
    let s = maneuver::Tactical {
        state: Condition::Spent,
        charge: true,
        ..Default::default()
    };
    let p = TacticalMovement.problems(&t, &s);
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].path, "charge");
    t.effectiveness.spent_may_charge = true;
    assert!(TacticalMovement.problems(&t, &s).is_empty());
}

#[test]
fn a_scripted_maneuver_roll_names_its_column_and_its_table() {
    let t = Tables::default();
    let s = maneuver::Tactical {
        disordered: true,
        state: Condition::Worn,
        ..Default::default()
    };
    let mut rolls = Vec::new();
    // 8, +1 for columnar infantry: 9 on the Disorder column, rally and half move, or a full
    // move still Disordered.
    let r = TacticalMovement.resolve(&t, &s, &mut Scripted::new(&[8]), &mut rolls);
    assert_eq!(r.choose.len(), 2);
    let e = &rolls[0];
    assert_eq!(e.total, 9);
    assert_eq!(r.choose[1].moves, 1.0);
    assert!(e.row.starts_with("Disorder Effects"));
    assert!(e.result.contains(tables::OURS), "{}", e.result);
}

/// The mean stands lost a roll.
fn mean(o: &Exact<tables::FireResult>) -> f64 {
    o.outcomes
        .iter()
        .map(|(r, p)| f64::from(r.stands) * grognard_engine::resolution::ratio_f64(*p))
        .sum()
}

fn infantry(stands: u32, class: InfantryClass, two_rank: bool) -> fire::Situation {
    fire::Situation {
        firers: vec![Firers {
            stands,
            class,
            two_rank,
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// The advisor's plain-number mean of a fire is the mean its exact odds give, to the last
/// bit, whatever the fire points, modifiers and value weighed.
#[test]
fn a_fires_counted_mean_is_the_mean_of_its_exact_odds() {
    let t = Tables::default();
    let worth = |r: &tables::FireResult| f64::from(r.stands) + if r.disorder { 0.3 } else { 0.0 };
    let mut fires = 0;
    for stands in 0..=14 {
        for class in [
            InfantryClass::Columnar,
            InfantryClass::Linear,
            InfantryClass::Impulse,
        ] {
            for cover in [Level::None, Level::Light, Level::Medium, Level::Heavy] {
                for disordered in [false, true] {
                    let mut s = infantry(stands, class, false);
                    s.target.cover = cover;
                    s.disordered = disordered;
                    let exact: f64 = FireRoll
                        .odds(&t, &s)
                        .outcomes
                        .iter()
                        .map(|(r, p)| worth(r) * grognard_engine::resolution::ratio_f64(*p))
                        .sum();
                    assert_eq!(FireRoll::mean(&t, &s, worth), exact, "{s:?}");
                    fires += 1;
                }
            }
        }
    }
    assert_eq!(fires, 15 * 3 * 4 * 2);
}

#[test]
fn infantry_fire_costs_what_the_design_says() {
    let t = Tables::default();
    let check = |s: &fire::Situation, fp: f64, lost: f64| {
        assert_eq!(fire::points(&t, s).total, fp);
        odds_agree(&FireRoll, &t, s).unwrap();
        let m = mean(&FireRoll.odds(&t, s));
        assert!((m - lost).abs() < 1e-9, "{fp} FP: {m}");
    };
    // Design 4.3: six columnar stands (6 FP) a fifth of a stand; as linear (12 FP) a half;
    // eight British two-rank impulse stands (20 FP) a whole stand.
    check(&infantry(6, InfantryClass::Columnar, false), 6.0, 0.2);
    check(&infantry(6, InfantryClass::Linear, false), 12.0, 0.5);
    check(&infantry(8, InfantryClass::Impulse, true), 20.0, 1.0);
    // Two-rank columnar troops (Portuguese) do not fire as line (design part 6, item 20).
    check(&infantry(6, InfantryClass::Columnar, true), 6.0, 0.2);
    // In square, a flat point a stand whatever the class (NFF M&C 5).
    let square = fire::Situation {
        square: true,
        ..infantry(6, InfantryClass::Impulse, true)
    };
    check(&square, 6.0, 0.2);
}

#[test]
fn skirmishers_reach_further_and_screen_their_brigade() {
    let t = Tables::default();
    // Full skirmishers fire at 3" a flat half point a stand (NFF M&C 9e)...
    let s = fire::Situation {
        firers: vec![Firers {
            stands: 6,
            class: InfantryClass::Linear,
            skirmish: Skirmish::Full,
            ..Default::default()
        }],
        range: 3.0,
        ..Default::default()
    };
    assert_eq!(fire::points(&t, &s).total, 3.0);
    // ...and not beyond 4", nor without skirmishers beyond musket range.
    assert_eq!(
        fire::points(
            &t,
            &fire::Situation {
                range: 4.5,
                ..s.clone()
            }
        )
        .total,
        0.0
    );
    let plain = fire::Situation {
        range: 3.0,
        ..infantry(6, InfantryClass::Linear, false)
    };
    assert_eq!(fire::points(&t, &plain).total, 0.0);
    // A battery at 3" against a brigade with full skirmishers: a third (NFF M&C 9b).
    let battery = |skirmish| fire::Situation {
        firers: vec![Firers {
            kind: Kind::Battery,
            weight: Weight::Heavy,
            ..Default::default()
        }],
        range: 3.0,
        target: fire::Target {
            skirmish,
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(fire::points(&t, &battery(Skirmish::None)).total, 6.0);
    assert!((fire::points(&t, &battery(Skirmish::Full)).total - 2.0).abs() < 1e-9);
    assert_eq!(fire::points(&t, &battery(Skirmish::Semi)).total, 3.0);
}

#[test]
fn the_design_s_grand_battery_takes_a_stand_a_roll_until_its_commander_falls() {
    let t = Tables::default();
    let gb = |down| fire::Situation {
        firers: vec![Firers {
            kind: Kind::Battery,
            stands: 5,
            weight: Weight::Medium,
            ..Default::default()
        }],
        range: 5.0,
        grand_battery: true,
        commander_down: down,
        ..Default::default()
    };
    // 5 x 3 x 1 1/2 = 22.5, the 19-25 column: a stand a roll on average.
    assert_eq!(fire::points(&t, &gb(false)).total, 22.5);
    assert!((mean(&FireRoll.odds(&t, &gb(false))) - 1.0).abs() < 1e-9);
    // Without its commander the bonus is gone (NFF M&C 10b).
    assert_eq!(fire::points(&t, &gb(true)).total, 15.0);
    let mut rolls = Vec::new();
    let r = FireRoll.resolve(&t, &gb(false), &mut Scripted::new(&[7]), &mut rolls);
    assert_eq!((r.stands, r.disorder), (1, true));
    assert!(
        rolls[0].row.starts_with("19-25 fire points"),
        "{}",
        rolls[0].row
    );
    assert!(rolls[0].result.contains(tables::OURS));
}

#[test]
fn enfilade_quality_and_the_target_s_state_move_the_fire() {
    let t = Tables::default();
    // An Old Guard heavy battery at canister into a column on the march: 6 x 2 + 2 = 14.
    let s = fire::Situation {
        firers: vec![Firers {
            kind: Kind::Battery,
            weight: Weight::Heavy,
            quality: Quality::OldGuard,
            ..Default::default()
        }],
        range: 2.0,
        target: fire::Target {
            formation: Formation::MarchColumn,
            changing: true,
            cover: Level::Medium,
            ..Default::default()
        },
        disordered: true,
        ..Default::default()
    };
    assert_eq!(fire::points(&t, &s).total, 14.0);
    // +1 changing formation, -2 medium cover, -1 firing Disordered.
    assert_eq!(total(&FireRoll::modifiers_of(&t, &s)), -2);
    odds_agree(&FireRoll, &t, &s).unwrap();
    // Out of range, no fire and no roll.
    let far = fire::Situation { range: 20.0, ..s };
    let mut rolls = Vec::new();
    let r = FireRoll.resolve(&t, &far, &mut Scripted::new(&[]), &mut rolls);
    assert_eq!(r, tables::FireResult::default());
    assert!(rolls[0].dice.is_empty());
}

#[test]
fn equal_forces_split_a_charge_evenly() {
    let t = Tables::default();
    let s = charge::Situation::default();
    assert!(ChargeRoll.problems(&t, &s).is_empty());
    assert_eq!(total(&ChargeRoll::net(&t, &s)), 0);
    odds_agree(&ChargeRoll, &t, &s).unwrap();
    let o = ChargeRoll.odds(&t, &s);
    // Design 4.4 at 0: the attacker routed 6%, the defender routed 6%, a stand-off 10%.
    let attacker_routed = o.chance(|r| r.attacker.stands == 2);
    let defender_routed = o.chance(|r| r.defender.stands == 2);
    let stand_off = o.chance(|r| r.attacker.stands == 1 && r.defender.stands == 1);
    assert_eq!(attacker_routed, c(6, 100));
    assert_eq!(defender_routed, c(6, 100));
    assert_eq!(stand_off, c(10, 100));
}

#[test]
fn a_charges_counted_mean_is_the_mean_of_its_exact_odds() {
    let t = Tables::default();
    let worth = |r: &charge::Result| {
        f64::from(r.defender.stands) - f64::from(r.attacker.stands)
            + 0.4 * (r.defender.retreat - r.attacker.retreat)
            + if r.square { -0.3 } else { 0.0 }
    };
    let mut charges = 0;
    for arm in [Arm::Infantry, Arm::Cavalry] {
        for against in [Arm::Infantry, Arm::Cavalry, Arm::Artillery] {
            for stands in [1, 3, 6, 12] {
                for state in [Condition::Fresh, Condition::Worn, Condition::Spent] {
                    for (square, flank_or_rear) in [(false, false), (true, false), (false, true)] {
                        let s = charge::Situation {
                            attacker: Party {
                                arm,
                                stands,
                                state,
                                ..Default::default()
                            },
                            defender: Party {
                                arm: against,
                                square: square && against == Arm::Infantry,
                                ..Default::default()
                            },
                            flank_or_rear,
                            ..Default::default()
                        };
                        let exact: f64 = ChargeRoll
                            .odds(&t, &s)
                            .outcomes
                            .iter()
                            .map(|(r, p)| worth(r) * grognard_engine::resolution::ratio_f64(*p))
                            .sum();
                        assert_eq!(ChargeRoll::mean(&t, &s, worth), exact, "{s:?}");
                        charges += 1;
                    }
                }
            }
        }
    }
    assert_eq!(charges, 2 * 3 * 4 * 3 * 3);
}

#[test]
fn fresh_armoured_cuirassiers_close_and_supported_are_seven_up() {
    let t = Tables::default();
    let s = charge::Situation {
        attacker: Party {
            arm: Arm::Cavalry,
            state: Condition::Fresh,
            heavy: true,
            armoured: true,
            supported: true,
            ..Default::default()
        },
        distance: 3.5,
        ..Default::default()
    };
    // Fresh +2, close +2, armoured +2 (instead of heavy's +1), supported +1.
    assert_eq!(total(&ChargeRoll::net(&t, &s)), 7);
    // From further away the charge loses five (+2 becomes -3).
    let far = charge::Situation {
        distance: 6.0,
        ..s.clone()
    };
    assert_eq!(total(&ChargeRoll::net(&t, &far)), 2);
    // The infantry forms square whenever it is not beaten: differential 0 or less.
    let o = ChargeRoll.odds(&t, &s);
    odds_agree(&ChargeRoll, &t, &s).unwrap();
    let square = o.chance(|r| r.square);
    // Differences of two d10 at or below -7: 3 + 2 + 1 = 6 of 100.
    assert_eq!(square, c(6, 100));
}

#[test]
fn a_scripted_charge_reads_the_differential() {
    let t = Tables::default();
    let s = charge::Situation {
        attacker: Party {
            arm: Arm::Cavalry,
            ..Default::default()
        },
        defender: Party {
            arm: Arm::Cavalry,
            countercharged: true,
            ..Default::default()
        },
        ..Default::default()
    };
    // 6 against 2: +4, the defender beaten, the attacker may break through.
    let mut rolls = Vec::new();
    let r = ChargeRoll.resolve(&t, &s, &mut Scripted::new(&[6, 2]), &mut rolls);
    assert_eq!(r.defender.stands, 1);
    assert_eq!(r.defender.retreat, 1.0);
    assert!(r.defender.disorder && r.attacker.breakthrough);
    assert!(!r.square);
    assert!(rolls[0].result.contains("+4"), "{}", rolls[0].result);
    assert!(rolls[0].result.contains(tables::OURS));
    // 1 against 10: the attacker routed; the countercharger may break through.
    let r = ChargeRoll.resolve(&t, &s, &mut Scripted::new(&[1, 10]), &mut Vec::new());
    assert_eq!(r.attacker.stands, 2);
    assert!(r.defender.breakthrough);
}

#[test]
fn the_charge_modifiers_fall_where_the_module_puts_them() {
    let t = Tables::default();
    // A square charged by infantry: -3 (5l) and -1 (5m), both (design part 6, item 8).
    let by_foot = charge::Situation {
        defender: Party {
            square: true,
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(total(&ChargeRoll::side(&t, &by_foot, false)), -4);
    // By cavalry, +3.
    let by_horse = charge::Situation {
        attacker: Party {
            arm: Arm::Cavalry,
            ..Default::default()
        },
        ..by_foot.clone()
    };
    assert_eq!(total(&ChargeRoll::side(&t, &by_horse, false)), 3);
    // Heavy ground, less two steps for Guard engineers: +1.
    let works = charge::Situation {
        terrain: Level::Heavy,
        engineers: Engineers::Guard,
        ..Default::default()
    };
    assert_eq!(total(&ChargeRoll::side(&t, &works, false)), 1);
    // An elite side against conscripts, outnumbering them 2 to 1, facing the Old Guard,
    // with two stands lost to fire.
    let s = charge::Situation {
        attacker: Party {
            rating: Rating::Elite,
            stands: 8,
            stands_lost_to_fire: 2,
            ..Default::default()
        },
        defender: Party {
            rating: Rating::Conscript,
            stands: 4,
            old_guard: true,
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(total(&ChargeRoll::side(&t, &s, true)), 2 + 2 - 1 - 2);
    // Cavalry standing still takes -1; a countercharger does not.
    let still = charge::Situation {
        attacker: Party {
            arm: Arm::Cavalry,
            ..Default::default()
        },
        defender: Party {
            arm: Arm::Cavalry,
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(total(&ChargeRoll::side(&t, &still, false)), -1);
    // Infantry never charges cavalry (NFF Charge 1g).
    let wrong = charge::Situation {
        defender: Party {
            arm: Arm::Cavalry,
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(ChargeRoll.problems(&t, &wrong)[0].path, "attacker.arm");
}

#[test]
fn a_charismatic_leader_is_lost_three_times_as_often_and_engineers_one_time_in_five() {
    let t = Tables::default();
    let lost = |charismatic| {
        let s = losses::Leader { charismatic };
        odds_agree(&LeaderCasualty, &t, &s).unwrap();
        LeaderCasualty.odds(&t, &s).chance(|f| *f == Fate::Lost)
    };
    assert_eq!(lost(false), c(1, 10));
    assert_eq!(lost(true), c(3, 10));
    let e = EngineerLoss.odds(&t, &losses::Company {});
    odds_agree(&EngineerLoss, &t, &losses::Company {}).unwrap();
    assert_eq!(e.chance(|f| *f == Fate::Lost), c(2, 10));
}

#[test]
fn every_roll_answers_in_json_on_its_defaults() {
    for r in grognard_rules_fire_and_fury::resolve::all() {
        let about = r.about();
        let odds = r
            .odds(&r.defaults())
            .unwrap_or_else(|e| panic!("{}: {e:?}", about.name));
        let sum: f64 = odds.outcomes.iter().map(|o| o.percent).sum::<f64>() / 100.0;
        assert!((sum - 1.0).abs() < 1e-9, "{}: {sum}", about.name);
        assert!(about.section.starts_with("NFF"), "{}", about.name);
    }
}

#[test]
fn a_player_s_file_may_replace_a_group_of_the_module_s_modifiers() {
    // Design part 6, item 3: the sign of RM 5g is one line to change.
    let text = r#"
[modifiers.reserve]
adc_attached = { value = 1, cite = "NFF Maneuver: Reserve Movement 5g, read as a bonus" }
set_battle = { value = 2, cite = "NFF Maneuver: Reserve Movement 5h" }
succeeded = { value = 2, cite = "NFF Maneuver: Reserve Movement 5i" }
failed_once = { value = 1, cite = "NFF Maneuver: Reserve Movement 5j" }
failed_twice = { value = 2, cite = "NFF Maneuver: Reserve Movement 5j" }
disengaging = { value = -2, cite = "NFF Maneuver: Reserve Movement 5k" }
disordered = { value = -1, cite = "NFF Maneuver: Reserve Movement 5l" }
"#;
    let t = tables::load("house.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(t.modifiers.reserve.adc_attached.value, 1);
    assert_eq!(t.modifiers.tactical, Tables::default().modifiers.tactical);
    let s = maneuver::Reserve {
        commander: Commander::Steady,
        adc_attached: true,
        ..Default::default()
    };
    assert_eq!(total(&ReserveMovement::modifiers_of(&t, &s)), 1);
    // A bad one is named by file, line, column and field.
    let bad = "[modifiers.charge]\nleader = { value = \"one\", cite = \"x\" }\n";
    let e = tables::load("bad.toml", bad).unwrap_err();
    let shown = e[0].to_string();
    assert!(shown.contains("bad.toml:2:"), "{shown}");
}
