//! Every roll of the book as the table companion asks it: exact odds that agree, outcome by
//! outcome, with walking every throw through the roll itself, and figures worked by hand
//! from the book's tables.

use grognard_engine::book::Book;
use grognard_engine::conformance::odds_agree;
use grognard_engine::resolution::Resolution;
use grognard_rules_napoleons_wars::resolve::facts::UnitFacts;
use grognard_rules_napoleons_wars::resolve::maneuver::{ManeuverRoll, Situation};
use grognard_rules_napoleons_wars::resolve::resolutions::book_tables;
use grognard_rules_napoleons_wars::{Arm, Fatigue, NapoleonsWars, Quality, Rating};

use grognard_engine::conformance::chance;

fn roll(name: &str) -> Box<dyn grognard_engine::resolution::AnyResolution> {
    grognard_engine::conformance::roll_named(&NapoleonsWars, name)
}

#[test]
fn maneuver_odds_agree_with_every_throw() {
    let t = book_tables();
    for commander in [
        Rating::Excellent,
        Rating::Good,
        Rating::Average,
        Rating::Poor,
    ] {
        for in_range in [true, false] {
            for disordered in [false, true] {
                for fatigue in [Some(Fatigue::Fresh), Some(Fatigue::Spent), None] {
                    for quality in [Quality::Guard, Quality::Militia] {
                        let unit = UnitFacts {
                            arm: if fatigue.is_some() {
                                Arm::Infantry
                            } else {
                                Arm::Artillery
                            },
                            fatigue: fatigue.unwrap_or(Fatigue::Fresh),
                            quality,
                            disordered,
                            general_attached: disordered,
                            suppressed: fatigue.is_none() && !in_range,
                            ..UnitFacts::default()
                        };
                        let f = Situation {
                            unit,
                            commander,
                            in_range,
                            cinc_near: in_range.then_some(2),
                            ..Situation::default()
                        };
                        assert!(ManeuverRoll.problems(t, &f).is_empty(), "{f:?}");
                        odds_agree(&ManeuverRoll, t, &f).unwrap();
                    }
                }
            }
        }
    }
}

// "NW 9.0 C", "NW Maneuver Table": a Fresh (+2) Line brigade under an Average commander, in
// range and in good order, reads the Average column with 2d6 + 2. Its rows end at 3, 5, 7, 9
// and 10: 4-5 (2d6 of 2-3) a quarter move, 3 in 36; 6-7 (4-5) half, 7 in 36; 8-9 (6-7) three
// quarters, 11 in 36; 10 and up (8-12) a full move, 15 in 36; it never holds.
#[test]
fn maneuver_by_hand() {
    let r = roll("maneuver");
    let o = r.odds(&serde_json::json!({})).unwrap();
    assert_eq!(chance(&o, "full move allowed"), (5, 12));
    assert_eq!(chance(&o, "3/4 move allowed"), (11, 36));
    assert_eq!(chance(&o, "1/2 move allowed"), (7, 36));
    assert_eq!(chance(&o, "1/4 move allowed"), (1, 12));
    assert_eq!(o.outcomes.len(), 4);
    assert_eq!(o.modifiers.len(), 1);
}

// A battle builds the same situation from its state and resolves it with the same code: at
// every roll a resolution covers, the companion's explanation with the battle's own dice is
// the battle's, word for word.
#[test]
fn the_battle_and_the_companion_explain_each_roll_alike() {
    let compared = grognard_ai::companion_explains_as_the_battle(&NapoleonsWars, 0..4, 5_000);
    assert!(compared > 20, "only {compared} rolls compared");
}

// "NW 9.0 C", "NW Maneuver Table": a disordered unit that re-orders is in good order again,
// which is what the companion sets on its record; one that holds keeps its disorder.
#[test]
fn maneuver_reordering_clears_disorder_on_the_record() {
    use grognard_engine::dice::Scripted;
    let r = roll("maneuver");
    let s = serde_json::json!({"unit": {"disordered": true}});
    let done = r.resolve(&s, &mut Scripted::new(&[6, 6])).unwrap();
    assert_eq!(done.outcome, "re-order and full move");
    assert_eq!(done.effects.len(), 1);
    assert_eq!(done.effects[0].role, "unit");
    assert_eq!(done.effects[0].set["disordered"], false);
    let done = r.resolve(&s, &mut Scripted::new(&[1, 1])).unwrap();
    assert!(!done.outcome.starts_with("re-order"), "{}", done.outcome);
    assert!(done.effects.is_empty());
    assert_eq!(r.roles(), ["unit"]);
    let e = r
        .odds(&serde_json::json!({"unit": {"sk": 3}, "cinc_near": 9}))
        .unwrap_err();
    let paths: Vec<&str> = e.iter().map(|p| p.path.as_str()).collect();
    assert_eq!(paths, ["unit.sk", "cinc_near"]);
}

#[test]
fn skirmish_odds_agree_with_every_throw() {
    use grognard_rules_napoleons_wars::resolve::skirmish::{Situation, SkirmishRoll};
    let t = book_tables();
    let mut checked = 0;
    for skirmishers in [vec![1], vec![2], vec![2, 2], vec![1, 2, 2]] {
        for arm in [Arm::Infantry, Arm::Artillery, Arm::Cavalry] {
            for (sk, sp) in [(0, 1), (1, 6), (2, 2)] {
                for cover in 0..3 {
                    let battery = arm == Arm::Artillery;
                    let target = UnitFacts {
                        arm,
                        sk: if battery { 0 } else { sk },
                        sp,
                        mixed: !battery && cover == 1,
                        irregular: arm == Arm::Cavalry,
                        damaged: battery && sp == 1,
                        nation: if sk == 2 {
                            grognard_rules_napoleons_wars::Nation::Ottoman
                        } else {
                            grognard_rules_napoleons_wars::Nation::France
                        },
                        general_attached: sk != 1,
                        ..UnitFacts::default()
                    };
                    let s = Situation {
                        skirmishers: skirmishers.clone(),
                        target,
                        soft_cover: cover == 1,
                        hard_cover: cover == 2,
                        vulnerable: cover == 0 && sk == 1,
                        near_friendly_cavalry: sp == 2,
                    };
                    assert!(SkirmishRoll.problems(t, &s).is_empty(), "{s:?}");
                    odds_agree(&SkirmishRoll, t, &s).unwrap();
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 108);
}

// "NW 7.6", "NW 7.7", "NW Skirmish Table": one SK1 skirmisher against a battery (+2) in hard
// cover (+2): attack a + 1 against defence d + 4, with a and d each 2d6.
// Higher: a - d >= 4. The difference of two 2d6 is spread as the sum of four d6 less 14, so
// this is 4d6 >= 18: 80 + 56 + 35 + 20 + 10 + 4 + 1 = 206 throws of 1296.
// Twice or more: a + 1 >= 2(d + 4) needs d = 2 (defence 6) and a >= 11: 3 throws of 1296,
// 1/432, and the battery is damaged (and suppressed). Suppressed only: 203/1296.
// No effect: 1090/1296 = 545/648.
#[test]
fn skirmish_by_hand() {
    let r = roll("skirmish");
    let o = r
        .odds(&serde_json::json!({
            "skirmishers": [1],
            "target": {"arm": "artillery"},
            "hard_cover": true
        }))
        .unwrap();
    assert_eq!(chance(&o, "no effect"), (545, 648));
    assert_eq!(chance(&o, "battery suppressed"), (203, 1296));
    assert_eq!(chance(&o, "battery damaged and suppressed"), (1, 432));
    assert_eq!(o.outcomes.len(), 3);
    let steps = o.expected.iter().find(|(k, _)| k == "battery steps lost");
    assert_eq!(steps.map(|(_, x)| (x * 432.0).round()), Some(1.0));
    // With a general attached, the one throw of those three with a natural 12 (a = 12, d = 2)
    // also shoots him: 1/1296.
    let o = r
        .odds(&serde_json::json!({
            "skirmishers": [1],
            "target": {"arm": "artillery", "general_attached": true},
            "hard_cover": true
        }))
        .unwrap();
    assert_eq!(
        chance(
            &o,
            "battery damaged and suppressed; the attached general is shot"
        ),
        (1, 1296)
    );
}

// "NW 7.7", first example: two French SK2 brigades roll 2 (+4 = 6) against a Prussian SK1
// brigade's 4 (+1 = 5): higher, not twice, so the Prussians are disordered.
#[test]
fn skirmish_example_of_the_book_resolved() {
    use grognard_engine::dice::Scripted;
    let r = roll("skirmish");
    let s = serde_json::json!({
        "skirmishers": [2, 2],
        "target": {"nation": "Prussia", "sk": 1}
    });
    let done = r.resolve(&s, &mut Scripted::new(&[1, 1, 1, 3])).unwrap();
    assert_eq!(done.outcome, "target disordered");
    assert_eq!((done.rolls[0].total, done.rolls[1].total), (6, 5));
    assert_eq!(done.effects[0].role, "target");
    assert_eq!(done.effects[0].set["disordered"], true);
    // A one-s.p. brigade losing its s.p. is gone.
    let s = serde_json::json!({"skirmishers": [2], "target": {"sp": 1}});
    let done = r.resolve(&s, &mut Scripted::new(&[6, 6, 1, 1])).unwrap();
    assert_eq!(
        done.outcome,
        "target loses its last 1 s.p. and is destroyed"
    );
    assert!(done.effects[0].gone);
    for (bad, path) in [
        (serde_json::json!({"skirmishers": []}), "skirmishers"),
        (serde_json::json!({"skirmishers": [0]}), "skirmishers[0]"),
        (
            serde_json::json!({"target": {"arm": "cavalry"}}),
            "target.arm",
        ),
    ] {
        let e = r.odds(&bad).unwrap_err();
        assert_eq!(e[0].path, path, "{bad}");
    }
}

/// The names `roll_of` gives along a seeded battle of `players`, each with how often.
fn rolls_reached(seed: u64, ai_both: bool) -> Vec<(&'static str, usize)> {
    use grognard_ai::{General, RandomPlayer};
    use grognard_engine::driver::Match;
    use grognard_engine::Player;
    use grognard_rules_napoleons_wars::Command;
    let (scenario, _) = NapoleonsWars.default_scenario(seed);
    let mut a = General::<Command>::default();
    let mut b = General::<Command>::default();
    let mut r = RandomPlayer::<Command>::default();
    let mut players: [&mut dyn Player<NapoleonsWars>; 2] = if ai_both {
        [&mut a, &mut b]
    } else {
        [&mut a, &mut r]
    };
    let mut m = Match::new(&NapoleonsWars, scenario, seed);
    let mut seen: Vec<(&'static str, usize)> = Vec::new();
    while m.steps.len() < 5_000 {
        let before = m.state.clone();
        if !m.step(&mut players).unwrap() {
            break;
        }
        let step = m.steps.last().unwrap();
        if let Some((name, _)) = NapoleonsWars.roll_of(&before, step.side, &step.command) {
            match seen.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 += 1,
                None => seen.push((name, 1)),
            }
        }
    }
    seen
}

// The fire phases' rolls are made in battles, and the companion explains each as the battle
// did, word for word.
#[test]
fn the_battle_and_the_companion_explain_fire_alike() {
    use grognard_ai::General;
    use grognard_engine::conformance::predictions_match;
    use grognard_engine::Player;
    use grognard_rules_napoleons_wars::Command;
    let mut reached: Vec<&'static str> = Vec::new();
    for seed in 0..3 {
        for (name, _) in rolls_reached(seed, true) {
            if !reached.contains(&name) {
                reached.push(name);
            }
        }
        let (scenario, _) = NapoleonsWars.default_scenario(seed);
        let mut a = General::<Command>::default();
        let mut b = General::<Command>::default();
        let mut players: [&mut dyn Player<NapoleonsWars>; 2] = [&mut a, &mut b];
        predictions_match(&NapoleonsWars, scenario, seed, &mut players, 5_000)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    let wanted: &[&str] = &["skirmish", "artillery", "final_fire", "evasion"];
    for name in wanted {
        assert!(reached.contains(name), "no {name} roll in {reached:?}");
    }
}

#[test]
fn artillery_odds_agree_with_every_throw() {
    use grognard_rules_napoleons_wars::design::army::Ordnance;
    use grognard_rules_napoleons_wars::resolve::fire::{
        ArtilleryRoll, Band, Firing, Range, Situation,
    };
    use grognard_rules_napoleons_wars::{GunWeight, Nation};
    let t = book_tables();
    let battery = |guns, ordnance, nation, damaged, suppressed| UnitFacts {
        arm: Arm::Artillery,
        guns,
        ordnance,
        nation,
        damaged,
        suppressed,
        ..UnitFacts::default()
    };
    let mut checked = 0;
    for (guns, ordnance, nation) in [
        (GunWeight::Light, Ordnance::Guns, Nation::Austria),
        (GunWeight::Medium, Ordnance::Guns, Nation::France),
        (GunWeight::Heavy, Ordnance::Howitzers, Nation::Russia),
        (GunWeight::Light, Ordnance::Rockets, Nation::Britain),
    ] {
        for (damaged, suppressed) in [(false, false), (true, false), (false, true)] {
            for range in [
                Range::Band(Band::Canister),
                Range::Inches(5.5),
                Range::Band(Band::Long),
            ] {
                for target in [Arm::Infantry, Arm::Cavalry, Arm::Artillery] {
                    let first = Firing {
                        battery: battery(guns, ordnance, nation, damaged, suppressed),
                        range,
                        flank_or_rear: damaged,
                        different_elevation: suppressed,
                    };
                    let mut batteries = vec![first];
                    if target == Arm::Cavalry && !suppressed {
                        batteries.push(Firing {
                            battery: battery(
                                GunWeight::Light,
                                Ordnance::Guns,
                                Nation::Ottoman,
                                false,
                                false,
                            ),
                            range: Range::Band(Band::Medium),
                            ..Firing::default()
                        });
                    }
                    let s = Situation {
                        batteries,
                        target: UnitFacts {
                            arm: target,
                            sp: if damaged { 1 } else { 5 },
                            damaged: target == Arm::Artillery && damaged,
                            general_attached: !suppressed,
                            ..UnitFacts::default()
                        },
                        soft_cover: range == Range::Inches(5.5),
                        hard_cover: target == Arm::Infantry && suppressed,
                        rain_or_mud: damaged,
                        ..Situation::default()
                    };
                    if ArtilleryRoll.problems(t, &s).is_empty() {
                        odds_agree(&ArtilleryRoll, t, &s).unwrap();
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 80, "only {checked} situations checked");
}

// "NW 8.4", "NW Artillery Fire Points Table", "NW Fire Affects Table": a French medium
// battery at 6" (medium range, 3 fire points) fires at infantry in the open: 2d6 + 1
// (French guns). The 3 row reads Effective from 7 and Damaging from 12: the dice must make 6
// to 10 for Effective (5 + 6 + 5 + 4 + 3 = 23 throws of 36) and 11 or 12 for Damaging (2 + 1
// = 3 throws, 1/12), leaving 10/36 = 5/18 Desultory. Damaging costs the default brigade 1
// s.p. and disorders it; only the natural 12 of those (1/36) would kill a general.
#[test]
fn artillery_by_hand() {
    let r = roll("artillery");
    let o = r
        .odds(&serde_json::json!({"batteries": [{"range": 6}]}))
        .unwrap();
    assert_eq!(chance(&o, "effective fire: target disordered"), (23, 36));
    assert_eq!(
        chance(&o, "damaging fire: target loses 1 s.p. and is disordered"),
        (1, 12)
    );
    assert_eq!(chance(&o, "desultory fire: no effect"), (5, 18));
    assert_eq!(o.outcomes.len(), 3);
    let lost = o.expected.iter().find(|(k, _)| k == "s.p. lost").unwrap().1;
    assert!((lost - 1.0 / 12.0).abs() < 1e-12, "{lost}");
    // Two such batteries, one of them damaged (3 + 1.5 = 4.5, rounded down to 4, ruling N1):
    // the 4 row reads Damaging from 11, so the dice need 10 to 12: 6 throws of 36, 1/6.
    let o = r
        .odds(&serde_json::json!({"batteries": [
            {"range": "medium"},
            {"range": 6, "battery": {"arm": "artillery", "damaged": true}}
        ]}))
        .unwrap();
    assert_eq!(
        chance(&o, "damaging fire: target loses 1 s.p. and is disordered"),
        (1, 6)
    );
}

#[test]
fn final_fire_and_evasion_odds_agree_with_every_throw() {
    use grognard_rules_napoleons_wars::design::army::Ordnance;
    use grognard_rules_napoleons_wars::resolve::final_fire::{
        EvasionRoll, EvasionSituation, FinalFireRoll, FinalFireSituation,
    };
    use grognard_rules_napoleons_wars::scenario::Weather;
    use grognard_rules_napoleons_wars::{CavalryWeight, GunWeight, Nation};
    let t = book_tables();
    let mut checked = 0;
    for (guns, nation, horse) in [
        (GunWeight::Light, Nation::Austria, true),
        (GunWeight::Medium, Nation::France, false),
        (GunWeight::Heavy, Nation::Russia, false),
    ] {
        for (damaged, suppressed) in [(false, false), (true, false), (false, true)] {
            for (arm, weight, sp) in [
                (Arm::Infantry, CavalryWeight::Medium, 6),
                (Arm::Cavalry, CavalryWeight::Light, 1),
                (Arm::Cavalry, CavalryWeight::Heavy, 2),
            ] {
                for attached in [false, true] {
                    let battery = UnitFacts {
                        arm: Arm::Artillery,
                        guns,
                        nation,
                        horse,
                        damaged,
                        suppressed,
                        ..UnitFacts::default()
                    };
                    let attacker = UnitFacts {
                        arm,
                        weight,
                        sp,
                        general_attached: attached,
                        ..UnitFacts::default()
                    };
                    let weather = if damaged {
                        Weather::Snow
                    } else {
                        Weather::Clear
                    };
                    let s = FinalFireSituation {
                        battery,
                        attacker,
                        attached,
                        flank_or_rear: sp == 2,
                        hard_cover: sp == 1 && attached,
                        weather,
                        mud: suppressed && sp == 6,
                        rough: horse,
                        obstacle_or_higher: !horse,
                        still_reached: sp == 1,
                        ..FinalFireSituation::default()
                    };
                    assert!(FinalFireRoll.problems(t, &s).is_empty(), "{s:?}");
                    odds_agree(&FinalFireRoll, t, &s).unwrap();
                    let e = EvasionSituation {
                        battery: UnitFacts {
                            ordnance: if attached {
                                Ordnance::Rockets
                            } else {
                                Ordnance::Guns
                            },
                            ..battery
                        },
                        ..s.evasion()
                    };
                    assert!(EvasionRoll.problems(t, &e).is_empty(), "{e:?}");
                    odds_agree(&EvasionRoll, t, &e).unwrap();
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 54);
}

// "NW 8.5", "NW Artillery Evasion Table": a foot battery charged by infantry escapes on 7 or
// better, 21 throws of 36, 7/12. Suppressed (-1) in mud (-1) it needs the dice to make 9:
// 4 + 3 + 2 + 1 = 10 throws, 5/18. Horse guns against light cavalry need 8, behind an
// obstacle (+1) the dice's 7: 21 throws again, 7/12.
#[test]
fn evasion_by_hand() {
    let r = roll("evasion");
    let o = r.odds(&serde_json::json!({})).unwrap();
    let escape = "battery escapes a full move to the rear; the attacker may go on 1\" poorer";
    let caught = "battery fails to get away: contact, and a combat follows";
    assert_eq!(chance(&o, escape), (7, 12));
    assert_eq!(chance(&o, caught), (5, 12));
    let o = r
        .odds(
            &serde_json::json!({"battery": {"arm": "artillery", "suppressed": true}, "mud": true}),
        )
        .unwrap();
    assert_eq!(chance(&o, escape), (5, 18));
    let o = r
        .odds(&serde_json::json!({
            "battery": {"arm": "artillery", "horse": true},
            "attacker": {"arm": "cavalry", "weight": "Light"},
            "obstacle_or_higher": true
        }))
        .unwrap();
    assert_eq!(chance(&o, escape), (7, 12));
    // Rockets that fail are overrun; a battery still reached after its escape is overrun too.
    let o = r
        .odds(&serde_json::json!({
            "battery": {"arm": "artillery", "ordnance": "rockets", "horse": true},
            "still_reached": true
        }))
        .unwrap();
    assert_eq!(
        chance(&o, "battery gets away but is still reached and overrun"),
        (13, 18)
    );
    assert_eq!(
        chance(&o, "rockets fail to get away and are overrun"),
        (5, 18)
    );
    let destroyed = o
        .expected
        .iter()
        .find(|(k, _)| k == "units destroyed")
        .unwrap()
        .1;
    assert!((destroyed - 1.0).abs() < 1e-12);
}

// "NW 8.5", "NW Fire Affects Table": a French medium foot battery charged from its front by
// infantry shoots its canister 6 points at 2d6 + 1 (French guns). The "6,7" row reads
// Effective from 4, Damaging from 9, Horrendous from 12: dice 2 Desultory (1 throw), 3-7
// Effective (20), 8-10 Damaging (12), 11-12 Horrendous (3), which drives the attacker back
// and stops the attack: 3/36 = 1/12 (ruling N26). Otherwise the battery rolls to get away, 7
// or better (7/12): Effective then caught is 20/36 x 5/12 = 25/108, Damaging then escaped
// 12/36 x 7/12 = 7/36.
#[test]
fn final_fire_by_hand() {
    let r = roll("final_fire");
    let o = r.odds(&serde_json::json!({})).unwrap();
    assert_eq!(
        chance(
            &o,
            "final shot, horrendous fire: target loses 1 s.p., is disordered and retreats 6\"; the attack is stopped"
        ),
        (1, 12)
    );
    assert_eq!(
        chance(
            &o,
            "final shot, effective fire: target disordered; battery fails to get away: contact, and a combat follows"
        ),
        (25, 108)
    );
    assert_eq!(
        chance(
            &o,
            "final shot, damaging fire: target loses 1 s.p. and is disordered; battery escapes a full move to the rear; the attacker may go on 1\" poorer"
        ),
        (7, 36)
    );
    assert_eq!(o.outcomes.len(), 7);
    // Attached to infantry, the guns shoot and stay: no evasion roll.
    let o = r.odds(&serde_json::json!({"attached": true})).unwrap();
    assert_eq!(o.outcomes.len(), 4);
    assert_eq!(
        chance(
            &o,
            "final shot, effective fire: target disordered; the guns stay with their infantry, which fights"
        ),
        (5, 9)
    );
    // Rockets take no final shot: the companion sends the player to the evasion roll.
    let e = r
        .odds(&serde_json::json!({"battery": {"arm": "artillery", "ordnance": "rockets"}}))
        .unwrap_err();
    assert_eq!(e[0].path, "battery.ordnance");
}

// Ruling N54: a suppressed battery's final shot keeps its whole canister points (the attack
// is still stopped 1 time in 12, as in `final_fire_by_hand`); only its roll to get away
// suffers: at -1 the dice must make 8 to reach 7, 15 throws of 36, so it fails 21 times in
// 36, 7/12, and Effective then caught is 20/36 x 7/12 = 140/432 = 35/108.
#[test]
fn n54_a_suppressed_battery_shoots_whole() {
    let r = roll("final_fire");
    let s = serde_json::json!({"battery": {"arm": "artillery", "suppressed": true}});
    let o = r.odds(&s).unwrap();
    assert_eq!(
        chance(
            &o,
            "final shot, horrendous fire: target loses 1 s.p., is disordered and retreats 6\"; the attack is stopped"
        ),
        (1, 12)
    );
    assert_eq!(
        chance(
            &o,
            "final shot, effective fire: target disordered; battery fails to get away: contact, and a combat follows"
        ),
        (35, 108)
    );
    assert_eq!(o.modifiers.len(), 1, "{:?}", o.modifiers);
    // Damaged as well, it takes no shot: only the evasion roll is asked.
    let e = r
        .odds(&serde_json::json!({"battery": {"arm": "artillery", "suppressed": true, "damaged": true}}))
        .unwrap_err();
    assert_eq!(e[0].path, "battery.suppressed");
}

// A battery's facts are a battery's unless they say otherwise: a damaged medium battery at
// 6" has 3 / 2 = 1.5 fire points, rounded down to 1 (ruling N1); the 1 row reads Effective
// from 9, so with +1 (French guns) the dice must make 8: 15 throws of 36, 5/12.
#[test]
fn artillery_batteries_are_batteries_unless_said() {
    let r = roll("artillery");
    let o = r
        .odds(&serde_json::json!({"batteries": [{"battery": {"damaged": true}, "range": 6}]}))
        .unwrap();
    assert_eq!(chance(&o, "effective fire: target disordered"), (5, 12));
    assert_eq!(o.outcomes.len(), 2);
    let e = r
        .odds(&serde_json::json!({"batteries": [{"battery": {"arm": "cavalry"}}]}))
        .unwrap_err();
    assert_eq!(e[0].path, "batteries[0].battery.arm");
    let e = r
        .odds(&serde_json::json!({"batteries": [{"range": 13}]}))
        .unwrap_err();
    assert_eq!(e[0].path, "batteries[0].range");
    // A fact of a battery that does not read is named by its path.
    let e = r
        .odds(&serde_json::json!({"batteries": [{"battery": {"guns": "Huge"}}]}))
        .unwrap_err();
    assert_eq!(e[0].path, "batteries[0].battery.guns");
    assert!(e[0].message.starts_with("unknown variant `Huge`"), "{e:?}");
}

mod combat {
    use super::chance;
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::resolution::{Chance, Resolution};
    use grognard_rules_napoleons_wars::resolve::combat::{CombatRoll, Cover, Situation};
    use grognard_rules_napoleons_wars::resolve::facts::UnitFacts;
    use grognard_rules_napoleons_wars::resolve::resolutions::book_tables;
    use grognard_rules_napoleons_wars::{Arm, CavalryWeight, Fatigue, Nation};

    fn brigade(arm: Arm, sp: u32, fatigue: Fatigue) -> UnitFacts {
        UnitFacts {
            arm,
            sp,
            fatigue,
            weight: CavalryWeight::Light,
            nation: Nation::Austria,
            ..UnitFacts::default()
        }
    }

    /// Every situation walked ends within two rounds (a side of 1 or 2 s.p. is gone after
    /// two desperate struggles), so that walking every throw stays quick.
    #[test]
    fn combat_odds_agree_with_every_throw() {
        let t = book_tables();
        let mut walked = 0;
        for (a_arm, d_arm) in [
            (Arm::Infantry, Arm::Infantry),
            (Arm::Cavalry, Arm::Infantry),
            (Arm::Cavalry, Arm::Cavalry),
            (Arm::Infantry, Arm::Artillery),
        ] {
            for (a_sp, d_sp) in [(1, 1), (2, 1), (4, 2), (2, 5)] {
                for case in 0..4 {
                    // A second attacker fights on when the first is gone: kept to short
                    // combats.
                    if case == 3 && d_sp > 2 {
                        continue;
                    }
                    let mut a = brigade(a_arm, a_sp, Fatigue::Fresh);
                    let mut d = brigade(d_arm, d_sp, Fatigue::Worn);
                    if d_arm == Arm::Artillery {
                        d = UnitFacts {
                            arm: Arm::Artillery,
                            sp: d_sp.min(2),
                            ..UnitFacts::default()
                        };
                    }
                    let mut s = Situation::default();
                    match case {
                        0 => {}
                        1 => {
                            a.general_attached = true;
                            a.disordered = true;
                            s.attacker_lost_sp_in_fire = true;
                            s.defender_valorous_near = true;
                            s.cover = Cover::Soft;
                        }
                        2 => {
                            if !d.is_battery() {
                                d.general_attached = true;
                                d.disordered = true;
                                d.worn_at = Some(d_sp);
                                d.spent_at = Some(1);
                                d.fatigue = d.fatigue_at(d_sp);
                            }
                            s.attacker_valorous_near = true;
                            s.cover = Cover::Hard;
                        }
                        _ => {
                            s.second = Some(UnitFacts {
                                arm: if a_arm == Arm::Infantry {
                                    Arm::Cavalry
                                } else {
                                    Arm::Infantry
                                },
                                sp: 1,
                                nation: Nation::France,
                                ..UnitFacts::default()
                            });
                            s.outflanked = true;
                            s.vulnerable = true;
                        }
                    }
                    s.attacker = a;
                    s.defender = d;
                    let problems = CombatRoll.problems(t, &s);
                    assert!(
                        problems.is_empty() || (case == 3 && a_sp == 1),
                        "{s:?}: {problems:?}"
                    );
                    if problems.is_empty() {
                        odds_agree(&CombatRoll, t, &s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
                        walked += 1;
                    }
                }
            }
        }
        assert!(walked > 50, "{walked}");
    }

    // "NW 11.0", "NW Combat Results Table", "NW Combat Die Roll Modifiers": a Fresh French
    // line brigade of 6 s.p. attacks a Fresh Austrian brigade of 4 s.p. with a general
    // attached. Attacker: Fresh +2, French infantry attacking +1 = +3. Defender: Fresh +2,
    // general +1, outnumbered 6 to 4 (3:2) -1 = +2. The attacker leads by 1.
    // Of the 1,296 throws of four dice, the differences 9 and 10 (4 + 1 = 5 throws) make
    // 10 or more with the lead: crushed, 3 s.p. lost, the general killed outright, the
    // brigade routs: 5/1296. Differences 6 to 8 (35 + 20 + 10 = 65 throws) read "broken":
    // 2 s.p. lost, a full move back in good order, and the general's 2d6 kills him on 10 or
    // more, 6 throws in 36: 65/1296 x 1/6 = 65/7776.
    // A difference of -1 (140 throws) reads a desperate struggle: both lose 1 and are
    // disordered. The attacker (5 s.p.) has Fresh +2, disordered -1, French +1 = +2; the
    // defender (3 s.p.) Fresh +2, disordered -1, general +1, outnumbered 5 to 3 -1 = +1: the
    // lead is 1 again, and "broken" now routs the disordered defender (2 more s.p. lost):
    // 140/1296 x 65/1296 x 1/6 for the general killed with it.
    #[test]
    fn combat_by_hand() {
        let r = super::roll("combat");
        let s = serde_json::json!({
            "attacker": {"nation": "France", "sp": 6},
            "defender": {"nation": "Austria", "sp": 4, "general_attached": true},
        });
        let o = r.odds(&s).unwrap();
        let is = |outcome: &str, p: Chance| {
            assert_eq!(chance(&o, outcome), (*p.numer(), *p.denom()), "{outcome}");
        };
        is(
            "defender crushed: attacker advances 3\"; defender loses 3 s.p., routs; the beaten unit's general killed",
            Chance::new(5, 1296),
        );
        is(
            "defender broken: attacker advances 2\"; defender loses 2 s.p., retreats a full move; the beaten unit's general killed",
            Chance::new(65, 7776),
        );
        is(
            "defender broken: attacker advances 2\"; defender loses 2 s.p., retreats a full move; the beaten unit's general unhurt",
            Chance::new(65 * 5, 7776),
        );
        is(
            "defender broken after a desperate struggle: attacker loses 1 s.p., advances 2\", disordered; defender loses 3 s.p., routs; the beaten unit's general killed",
            Chance::new(140 * 65, 1296 * 1296 * 6),
        );
        assert_eq!(
            o.expected
                .iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>(),
            ["attacker s.p. lost", "defender s.p. lost"]
        );
        // The net lead shows with the defender's modifiers turned against the attacker.
        assert_eq!(o.modifiers.iter().map(|m| m.value).sum::<i32>(), 1);
    }

    // Ruling N56: the French attacker within 3" of a valorous commander takes +1 in the
    // first round (Fresh +2, French +1, valour +1 = +4 against the Fresh defender's +2) and
    // keeps it when a desperate struggle throws the combat again.
    #[test]
    fn n56_valour_holds_through_a_desperate_struggle() {
        let r = super::roll("combat");
        let s = serde_json::json!({
            "attacker": {"nation": "France", "sp": 6},
            "defender": {"nation": "Austria", "sp": 6},
            "attacker_valorous_near": true,
        });
        // 3+3+4 = 10 against 4+4+2 = 10: a struggle. Then 6+6 against 1+1.
        let faces = [3, 3, 4, 4, 6, 6, 1, 1, 6, 6, 6, 6];
        let done = r
            .resolve(&s, &mut grognard_engine::dice::Scripted::new(&faces))
            .unwrap();
        let valour: Vec<bool> = done
            .rolls
            .iter()
            .filter(|e| e.dice.len() == 2 && e.dice != [1, 1] && e.dice != [4, 4])
            .map(|e| e.modifiers.iter().any(|m| m.reason.contains("valorous")))
            .collect();
        assert_eq!(valour, [true, true], "{:#?}", done.rolls);
        assert!(
            done.outcome.contains("after a desperate struggle"),
            "{}",
            done.outcome
        );
    }

    #[test]
    fn combat_situations_the_book_forbids_are_named() {
        let r = super::roll("combat");
        for (s, path) in [
            (serde_json::json!({"outflanked": true}), "outflanked"),
            (
                serde_json::json!({"countercharged": true}),
                "countercharged",
            ),
            (serde_json::json!({"second": {"sp": 8}}), "second"),
            (
                serde_json::json!({"attacker_valorous_near": true, "defender_valorous_near": true}),
                "defender_valorous_near",
            ),
            (
                serde_json::json!({"defender": {"sp": 6, "worn_at": 6}}),
                "defender.fatigue",
            ),
            (serde_json::json!({"cover": "fortress"}), "cover"),
        ] {
            let e = r.odds(&s).unwrap_err();
            assert_eq!(e[0].path, path, "{s}: {e:?}");
        }
    }
}

fn resolution(name: &str) -> Box<dyn grognard_engine::resolution::AnyResolution> {
    roll(name)
}

mod reaction {
    use super::{chance, resolution};
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::resolution::Resolution;
    use grognard_rules_napoleons_wars::resolve::facts::UnitFacts;
    use grognard_rules_napoleons_wars::resolve::reaction::{ReactionRoll, Situation};
    use grognard_rules_napoleons_wars::resolve::resolutions::book_tables;
    use grognard_rules_napoleons_wars::{Arm, Fatigue, Quality};

    #[test]
    fn reaction_odds_agree_with_every_throw() {
        let t = book_tables();
        let mut n = 0;
        for fatigue in [Fatigue::Fresh, Fatigue::Worn, Fatigue::Spent] {
            for quality in [Quality::Guard, Quality::Line, Quality::Militia] {
                for (i, charged) in [false, true].into_iter().enumerate() {
                    let s = Situation {
                        unit: UnitFacts {
                            arm: Arm::Cavalry,
                            fatigue,
                            quality,
                            disordered: i == 0,
                            general_attached: quality == Quality::Militia,
                            ..UnitFacts::default()
                        },
                        charged,
                        valorous_near: fatigue == Fatigue::Worn,
                        command_fatigued: charged,
                    };
                    assert!(ReactionRoll.problems(t, &s).is_empty(), "{s:?}");
                    odds_agree(&ReactionRoll, t, &s).unwrap();
                    n += 1;
                }
            }
        }
        assert_eq!(n, 18);
    }

    // "NW 10.1", "NW Cavalry Reaction Table": 7 or more reacts. A Worn (-1) Conscript (-1)
    // brigade in disorder (-1), reacting to an enemy in its zone, needs 10 on 2d6: 6 throws
    // in 36. Fresh (+2) and Line (0) by default, it needs 5: 30 in 36; charged (+2) too, 3:
    // 35 in 36.
    #[test]
    fn reaction_by_hand() {
        let r = resolution("reaction");
        let o = r
            .odds(&serde_json::json!({"unit": {"arm": "cavalry", "fatigue": "Worn", "quality": "Conscript", "disordered": true}}))
            .unwrap();
        assert_eq!(
            chance(&o, "may react: charge the enemy that came into its zone"),
            (1, 6)
        );
        assert_eq!(chance(&o, "does not react"), (5, 6));
        let o = r.odds(&serde_json::json!({})).unwrap();
        assert_eq!(chance(&o, "does not react"), (1, 6));
        let o = r.odds(&serde_json::json!({"charged": true})).unwrap();
        assert_eq!(
            chance(
                &o,
                "may react: countercharge its attacker, or evade a full move"
            ),
            (35, 36)
        );
        let e = r
            .odds(&serde_json::json!({"unit": {"arm": "infantry"}}))
            .unwrap_err();
        assert_eq!(e[0].path, "unit.arm");
    }
}

mod rally {
    use super::{chance, resolution};
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::resolution::Resolution;
    use grognard_rules_napoleons_wars::resolve::facts::UnitFacts;
    use grognard_rules_napoleons_wars::resolve::rally::{RallyRoll, Situation};
    use grognard_rules_napoleons_wars::resolve::resolutions::book_tables;
    use grognard_rules_napoleons_wars::{Arm, Fatigue, Quality};

    #[test]
    fn rally_odds_agree_with_every_throw() {
        let t = book_tables();
        for quality in [
            Quality::Guard,
            Quality::Elite,
            Quality::Veteran,
            Quality::Line,
            Quality::Conscript,
            Quality::Militia,
        ] {
            for fatigue in [Fatigue::Fresh, Fatigue::Worn, Fatigue::Spent] {
                for (i, arm) in [Arm::Infantry, Arm::Cavalry].into_iter().enumerate() {
                    let s = Situation {
                        unit: UnitFacts {
                            arm,
                            quality,
                            fatigue,
                            general_attached: i == 1,
                            ..UnitFacts::default()
                        },
                        outside_command: fatigue != Fatigue::Worn,
                        valorous_or_cinc_near: i == 0,
                    };
                    assert!(RallyRoll.problems(t, &s).is_empty(), "{s:?}");
                    odds_agree(&RallyRoll, t, &s).unwrap();
                }
            }
        }
    }

    // "NW 12.0", "NW Rally Table": a Line brigade needs 7. Spent (-2), beyond its
    // commander's range (-1), with a general attached (+1), it needs 9 on 2d6: 10 throws in
    // 36. Fresh (+2) by default, 5: 30 in 36. A battery never rallies (ruling N50).
    #[test]
    fn rally_by_hand() {
        let r = resolution("rally");
        let o = r
            .odds(&serde_json::json!({"unit": {"fatigue": "Spent", "general_attached": true}, "outside_command": true}))
            .unwrap();
        assert_eq!(
            chance(&o, "rallies: turns to face the enemy, disordered"),
            (5, 18)
        );
        let o = r.odds(&serde_json::json!({})).unwrap();
        assert_eq!(
            chance(
                &o,
                "stays routed and falls back 3\" (off the table if the edge is nearer)"
            ),
            (1, 6)
        );
        let e = r
            .odds(&serde_json::json!({"unit": {"arm": "artillery"}}))
            .unwrap_err();
        assert_eq!(e[0].path, "unit.arm");
    }
}

mod initiative {
    use super::{chance, resolution};
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::resolution::Resolution;
    use grognard_rules_napoleons_wars::resolve::initiative::{InitiativeRoll, Situation};
    use grognard_rules_napoleons_wars::resolve::resolutions::book_tables;

    #[test]
    fn initiative_odds_agree_with_every_throw() {
        let t = book_tables();
        let mut n = 0;
        for presence in [0, 1, 3] {
            for enemy_presence in [0, 2] {
                for (napoleon, enemy_napoleon) in [(false, false), (true, false), (false, true)] {
                    for reroll in [false, true] {
                        let s = Situation {
                            presence: presence + i32::from(napoleon),
                            enemy_presence: enemy_presence + i32::from(enemy_napoleon),
                            napoleon,
                            enemy_napoleon,
                            reroll,
                        };
                        if InitiativeRoll.problems(t, &s).is_empty() {
                            odds_agree(&InitiativeRoll, t, &s)
                                .unwrap_or_else(|e| panic!("{s:?}: {e}"));
                            n += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(n, 30);
    }

    // "NW 6.0": each CinC throws 2d6 and adds his presence. Of the 1,296 throws of four dice
    // our total less the enemy's is 0 in 146, 1 or more in 575, and -1, -2, -3 in 140, 125
    // and 104. With +2 against 0 we are higher unless we throw 2 or more below the enemy:
    // 575 + 146 + 140 = 861 throws win, 125 tie and 310 lose; ties are thrown again, so we
    // win 861 in 861 + 310. Napoleon (+4) against +1 takes ties: he wins when 3 or fewer
    // below, 575 + 146 + 140 + 125 + 104 = 1,090 throws in 1,296; losing (206 throws) he
    // has it thrown again: won on the re-roll 206/1296 x 1090/1296.
    #[test]
    fn initiative_by_hand() {
        let r = resolution("initiative");
        let o = r.odds(&serde_json::json!({"presence": 2})).unwrap();
        assert_eq!(chance(&o, "we win the initiative"), (861, 1171));
        let o = r
            .odds(&serde_json::json!({"presence": 4, "enemy_presence": 1, "napoleon": true, "reroll": true}))
            .unwrap();
        assert_eq!(chance(&o, "we win the initiative"), (545, 648));
        let p = grognard_engine::resolution::Chance::new(206 * 1090, 1296 * 1296);
        assert_eq!(
            chance(&o, "we win the initiative, on Napoleon's re-roll"),
            (*p.numer(), *p.denom())
        );
        let e = r.odds(&serde_json::json!({"presence": 4})).unwrap_err();
        assert_eq!(e[0].path, "presence");
        let e = r.odds(&serde_json::json!({"reroll": true})).unwrap_err();
        assert_eq!(e[0].path, "reroll");
    }
}

mod officer_risk {
    use super::{chance, resolution};
    use grognard_engine::conformance::odds_agree;
    use grognard_rules_napoleons_wars::resolve::officer::{Case, OfficerRisk, Situation};
    use grognard_rules_napoleons_wars::resolve::resolutions::book_tables;

    #[test]
    fn officer_risk_odds_agree_with_every_throw() {
        for case in [Case::Attached, Case::Valorous, Case::RunOver] {
            odds_agree(&OfficerRisk, book_tables(), &Situation { case }).unwrap();
        }
    }

    // "NW Combat Results Table": a general attached to a broken unit dies on 10 or more, 6
    // throws of 2d6 in 36; so does a valorous commander who lent it his bonus ("NW II 3.2").
    // "NW 9.3" note 2: run over, he dies on a 12 alone, 1 in 36, and is otherwise moved 3".
    #[test]
    fn officer_risk_by_hand() {
        let r = resolution("officer_risk");
        let o = r.odds(&serde_json::json!({})).unwrap();
        assert_eq!(chance(&o, "killed: his stand is removed"), (1, 6));
        let o = r.odds(&serde_json::json!({"case": "valorous"})).unwrap();
        assert_eq!(chance(&o, "unhurt"), (5, 6));
        let o = r.odds(&serde_json::json!({"case": "run_over"})).unwrap();
        assert_eq!(chance(&o, "killed: his stand is removed"), (1, 36));
        assert_eq!(
            chance(&o, "unhurt: his owner moves him 3\" aside"),
            (35, 36)
        );
    }
}

// More battles, so that the rarer rolls (officers run over, rallies, Napoleon's re-roll)
// are met too.
#[test]
fn more_battles_explain_each_roll_alike() {
    use grognard_ai::{General, RandomPlayer};
    use grognard_engine::conformance::predictions_match;
    use grognard_engine::Player;
    use grognard_rules_napoleons_wars::Command;
    let mut compared = 0;
    for seed in 4..16 {
        let (scenario, _) = NapoleonsWars.default_scenario(seed);
        let mut a = RandomPlayer::<Command>::default();
        let mut b = General::<Command>::default();
        let mut players: [&mut dyn Player<NapoleonsWars>; 2] = [&mut a, &mut b];
        compared += predictions_match(&NapoleonsWars, scenario, seed, &mut players, 5_000)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"))
            .compared;
    }
    assert!(compared > 200, "only {compared} rolls compared");
}

mod pursuit {
    use super::{chance, resolution};
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::resolution::Resolution;
    use grognard_rules_napoleons_wars::resolve::pursuit::{PursuitRoll, Situation};
    use grognard_rules_napoleons_wars::resolve::resolutions::book_tables;

    #[test]
    fn pursuit_odds_agree_with_every_throw() {
        let t = book_tables();
        for (winner, loser) in [(3, 3), (4, 3), (6, 4), (6, 3), (5, 2), (2, 0)] {
            for (bad_weather, late) in [(false, false), (true, false), (true, true)] {
                let s = Situation {
                    winner_light_sp: winner,
                    loser_light_sp: loser,
                    bad_weather,
                    late,
                    winner_lost_sp: 7,
                    loser_lost_sp: 11,
                };
                assert!(PursuitRoll.problems(t, &s).is_empty());
                odds_agree(&PursuitRoll, t, &s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            }
        }
    }

    // "NW 13.0", "NW Optional rules 1.0, 2.0": 6 s.p. of light cavalry against 3 is 2:1,
    // three dice. In mud, late in the day, each die takes 2 less, never below 1: faces 1 to
    // 3 take 1, 4 takes 2, 5 takes 3, 6 takes 4. The least toll, 3, needs every die at 3 or
    // below: 27 throws in 216. The victor lost 9 and regains 3, ending at 6; the loser lost
    // 10, with the pursuit's 3 makes 13, regains 6 (6.5 rounds down, ruling N1) and ends at
    // 7 (ruling N55). 4 s.p. against 4 gives no pursuit.
    #[test]
    fn pursuit_by_hand() {
        let r = resolution("pursuit");
        let o = r
            .odds(&serde_json::json!({"winner_light_sp": 6, "loser_light_sp": 3, "bad_weather": true, "late": true, "winner_lost_sp": 9, "loser_lost_sp": 10}))
            .unwrap();
        assert_eq!(
            chance(&o, "the defeated army loses 3 s.p. more to the pursuit; final losses: the victor 6 s.p., the defeated 7 s.p."),
            (1, 8)
        );
        // The most, 12, only on three sixes.
        assert_eq!(
            chance(&o, "the defeated army loses 12 s.p. more to the pursuit; final losses: the victor 6 s.p., the defeated 11 s.p."),
            (1, 216)
        );
        let o = r
            .odds(&serde_json::json!({"winner_light_sp": 4, "loser_light_sp": 4}))
            .unwrap();
        assert_eq!(
            chance(
                &o,
                "no pursuit; final losses: the victor 0 s.p., the defeated 0 s.p."
            ),
            (1, 1)
        );
        let e = r
            .odds(&serde_json::json!({"winner_light_sp": 30, "loser_light_sp": 0}))
            .unwrap_err();
        assert_eq!(e[0].path, "winner_light_sp");
    }
}

// "NW Combat Results Table" thrown by hand: French line infantry attacks French line
// infantry, both Fresh and of 6 s.p. (attacker +3, defender +2). 3 and 3 (+3 = 9) against 4
// and 3 (+2 = 9): a desperate struggle, 1 s.p. each and both disordered. Thrown again, the
// attacker has +2 (Fresh, French, disordered) and the defender +1: 1 and 1 (4) against 6 and
// 6 (13) is -9, "la Garde recule": the attacker loses 2 more and, already disordered, routs.
#[test]
fn combat_thrown_by_hand_says_what_befalls_each_unit() {
    use grognard_engine::dice::Entered;
    let r = resolution("combat");
    let done = r
        .resolve(
            &serde_json::json!({}),
            &mut Entered::new(&[3, 3, 4, 3, 1, 1, 6, 6]),
        )
        .unwrap();
    assert_eq!(
        done.outcome,
        "la Garde recule after a desperate struggle: attacker loses 3 s.p., routs; defender loses 1 s.p., disordered"
    );
    assert_eq!(done.rolls.len(), 4);
    assert_eq!(done.rolls[2].total, 4);
    assert_eq!(done.rolls[3].total, 13);
    let effects = serde_json::to_value(&done.effects).unwrap();
    assert_eq!(
        effects,
        serde_json::json!([
            {"role": "attacker", "set": {"sp": 3, "disordered": true}, "gone": false},
            {"role": "defender", "set": {"sp": 5, "disordered": true}, "gone": false},
        ])
    );
}
