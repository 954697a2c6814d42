//! Every roll of the book as the table companion asks it: exact odds that agree, outcome by
//! outcome, with walking every throw through the roll itself, and figures worked by hand
//! from the book.

use grognard_engine::book::Book;
use grognard_engine::conformance::{chance, odds_agree, predictions_match};
use grognard_engine::resolution::{Chance, Resolution};
use grognard_rules_two_by_two::phases::rally::{RallyRoll, Situation as Rally};
use grognard_rules_two_by_two::resolve::facts::{Condition, UnitFacts};
use grognard_rules_two_by_two::resolve::resolutions::book_tables;
use grognard_rules_two_by_two::units::{Size, UnitType};
use grognard_rules_two_by_two::TwoByTwo;

fn roll_named(name: &str) -> Box<dyn grognard_engine::resolution::AnyResolution> {
    grognard_engine::conformance::roll_named(&TwoByTwo, name)
}

#[test]
fn rally_odds_agree_with_every_throw() {
    let t = book_tables();
    for unit in [
        UnitType::Line,
        UnitType::Guards,
        UnitType::Militia,
        UnitType::Hq,
    ] {
        for size in [Size::Large, Size::Common, Size::Small] {
            for status in [Condition::Pinned, Condition::Disrupted] {
                for (hq_in_contact, enemy_near) in [(false, false), (true, false), (true, true)] {
                    let s = Rally {
                        unit: UnitFacts {
                            kind: unit,
                            size,
                            status,
                        },
                        hq_in_contact,
                        enemy_near,
                        ..Rally::default()
                    };
                    if RallyRoll.problems(t, &s).is_empty() {
                        odds_agree(&RallyRoll, t, &s).unwrap();
                    }
                }
            }
        }
    }
}

// "2x2 Rallying", "Rally modifiers": a Disrupted line battalion (-1) with its HQ in contact
// (+1) rallies on 5+ of 1d6: 2 in 6. Guards (+1) Pinned with an enemy within 2" (-2) and no
// HQ touching: the enemy does not bar Guards; 6 on the die, 1 in 6. Militia (-1) Disrupted
// (-1): 7+, never.
#[test]
fn rally_by_hand() {
    let r = roll_named("rally");
    let o = r
        .odds(&serde_json::json!({"unit": {"status": "disrupted"}, "hq_in_contact": true}))
        .unwrap();
    assert_eq!(chance(&o, "rallies: no longer Disrupted"), (1, 3));
    assert_eq!(chance(&o, "fails to rally: stays Disrupted"), (2, 3));
    let guards = RallyRoll.odds(
        book_tables(),
        &Rally {
            unit: UnitFacts {
                kind: UnitType::Guards,
                status: Condition::Pinned,
                ..UnitFacts::default()
            },
            enemy_near: true,
            ..Rally::default()
        },
    );
    let g: Chance = guards.chance(|o| o.success);
    let expected = {
        let t = &book_tables().rally;
        let need = t.succeeds_at - t.guards - t.enemy_within;
        Chance::new((7 - need).clamp(0, 6) as u128, 6)
    };
    assert_eq!(g, expected);
    assert_eq!(g, Chance::new(1, 6));
    let militia = r
        .odds(&serde_json::json!({"unit": {"kind": "militia", "status": "disrupted"}}))
        .unwrap();
    assert_eq!(militia.outcomes.len(), 1);
    assert_eq!(chance(&militia, "fails to rally: stays Disrupted"), (1, 1));
}

// The book bars a rally with an enemy within 2" unless the unit is Guards or touched by its
// HQ, and any rally without an HQ of the chain within 6": the companion says so, naming the
// fact, rather than giving odds.
#[test]
fn a_barred_rally_is_refused_with_its_fact() {
    let r = roll_named("rally");
    let e = r
        .odds(&serde_json::json!({"enemy_near": true}))
        .unwrap_err();
    assert_eq!(e[0].path, "enemy_near");
    let e = r
        .odds(&serde_json::json!({"hq_in_range": false}))
        .unwrap_err();
    assert_eq!(e[0].path, "hq_in_range");
    // An HQ rallying itself needs no other HQ near.
    assert!(r
        .odds(
            &serde_json::json!({"unit": {"kind": "hq", "status": "pinned"}, "hq_in_range": false})
        )
        .is_ok());
    // Only a unit with a marker rallies.
    let e = r
        .odds(&serde_json::json!({"unit": {"status": "ready"}}))
        .unwrap_err();
    assert_eq!(e[0].path, "unit.status");
}

// A battle builds the same situation from its state and resolves it with the same code: at
// every roll a resolution covers, the companion's explanation with the battle's own dice is
// the battle's, word for word.
#[test]
fn the_battle_and_the_companion_explain_each_roll_alike() {
    // A shot's rout roll waits for its owner's choice of way, which the book's
    // `answers_roll` follows.
    let compared = grognard_ai::companion_explains_as_the_battle(&TwoByTwo, 0..6, 5_000);
    assert!(compared > 20, "only {compared} rolls compared");
}

/// Shots over the facts' values: shooters, targets and their markers, groups, range bands,
/// aspects, cover, the optional rules' facts and what a rout would meet.
fn shots() -> Vec<grognard_rules_two_by_two::phases::shooting::Situation> {
    use grognard_rules_two_by_two::phases::rout::RoutPath;
    use grognard_rules_two_by_two::phases::shooting::{RangeBand, Situation as Shot};
    let mut out = Vec::new();
    let shooters = [
        (UnitType::Line, Size::Common, None),
        (UnitType::Line, Size::Large, None),
        (UnitType::Militia, Size::Small, None),
        (UnitType::IrregularShooters, Size::Common, None),
        (
            UnitType::FootArtillery,
            Size::Common,
            Some(RangeBand::Short),
        ),
        (UnitType::FootArtillery, Size::Common, Some(RangeBand::Long)),
        (
            UnitType::HorseArtillery,
            Size::Common,
            Some(RangeBand::Normal),
        ),
    ];
    let targets = [
        UnitType::Line,
        UnitType::LightInfantry,
        UnitType::HeavyCavalry,
        UnitType::Hq,
    ];
    for (kind, size, range) in shooters {
        for shooter_status in [Condition::Ready, Condition::Pinned] {
            for target in targets {
                for target_status in [Condition::Ready, Condition::Pinned, Condition::Disrupted] {
                    for flags in 0..8u8 {
                        let bit = |i: u8| flags & (1 << i) != 0;
                        out.push(Shot {
                            shooter: UnitFacts {
                                kind,
                                size,
                                status: shooter_status,
                            },
                            target: UnitFacts {
                                kind: target,
                                size: Size::Common,
                                status: target_status,
                            },
                            group: if bit(2) {
                                vec![UnitFacts {
                                    kind: UnitType::LightCavalry,
                                    ..UnitFacts::default()
                                }]
                            } else {
                                Vec::new()
                            },
                            range,
                            out_of_flank_or_rear: bit(0),
                            on_target_flank: bit(1),
                            cover: bit(0) && bit(1),
                            downhill: bit(1),
                            hq_in_contact: bit(2),
                            grand_battery: bit(0) && kind.is_artillery(),
                            target_rout: if bit(1) {
                                RoutPath::TableEdge
                            } else {
                                RoutPath::Clear
                            },
                            ..Shot::default()
                        });
                    }
                }
            }
        }
    }
    out
}

#[test]
fn shooting_odds_agree_with_every_throw() {
    use grognard_rules_two_by_two::resolve::shooting::ShootingRoll;
    let t = book_tables();
    let mut checked = 0;
    for s in shots() {
        if ShootingRoll.problems(t, &s).is_empty() {
            odds_agree(&ShootingRoll, t, &s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} shots checked");
}

#[test]
fn defensive_fire_odds_agree_with_every_throw() {
    use grognard_rules_two_by_two::resolve::defensive_fire::DefensiveFireRoll;
    let t = book_tables();
    let mut checked = 0;
    for mut s in shots() {
        if s.shooter.kind.is_artillery() {
            s.range = None;
        }
        if DefensiveFireRoll.problems(t, &s).is_empty() {
            odds_agree(&DefensiveFireRoll, t, &s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} shots checked");
}

#[test]
fn rout_survival_odds_agree_with_every_throw() {
    use grognard_rules_two_by_two::phases::rout::RoutPath;
    use grognard_rules_two_by_two::resolve::rout_survival::{RoutSurvivalRoll, Situation};
    let t = book_tables();
    for kind in [
        UnitType::Line,
        UnitType::LightInfantry,
        UnitType::LightCavalry,
        UnitType::Militia,
        UnitType::Guards,
    ] {
        for by_chain in [false, true] {
            for path in [
                RoutPath::Clear,
                RoutPath::Enemy,
                RoutPath::TableEdge,
                RoutPath::Impassable,
            ] {
                let s = Situation {
                    unit: UnitFacts {
                        kind,
                        ..UnitFacts::default()
                    },
                    by_chain,
                    path,
                };
                odds_agree(&RoutSurvivalRoll, t, &s).unwrap();
            }
        }
    }
}

// "2x2 Shooting modifiers", "Resolving shooting", "Effects: Routs": a Common line battalion
// not yet Pinned fires its first volley (+1) at heavy cavalry (+2): the die plus 3.
// 1 -> 4, no effect; 2 -> 5, Pinned; 3 -> 6, Disrupted; 4 -> 7, routs; 5 and 6 -> 8+,
// destroyed. The routing cavalry throws its rout roll: 1-2 destroyed (2 in 6), 3-6 it
// survives (4 in 6). So: 1/6 each for no effect, Pinned and Disrupted; routs and destroyed
// on the roll 1/6 x 2/6 = 1/18; routs and survives 1/6 x 4/6 = 1/9; destroyed 2/6 = 1/3.
// Units destroyed, expected: 1/3 + 1/18 = 7/18.
#[test]
fn shooting_by_hand() {
    let r = roll_named("shooting");
    let o = r
        .odds(&serde_json::json!({"target": {"kind": "heavy_cavalry"}}))
        .unwrap();
    assert_eq!(chance(&o, "no effect"), (1, 6));
    assert_eq!(chance(&o, "target Pinned"), (1, 6));
    assert_eq!(chance(&o, "target Disrupted"), (1, 6));
    assert_eq!(
        chance(&o, "target routs and is destroyed on its rout roll"),
        (1, 18)
    );
    assert_eq!(
        chance(
            &o,
            "target routs, survives its rout roll and ends Disrupted"
        ),
        (1, 9)
    );
    assert_eq!(chance(&o, "target destroyed"), (1, 3));
    assert_eq!(o.outcomes.len(), 6);
    let (name, e) = &o.expected[0];
    assert_eq!(name, "units destroyed");
    assert!((e - 7.0 / 18.0).abs() < 1e-12, "{e}");
    let reasons: Vec<(i32, String)> = o
        .modifiers
        .iter()
        .map(|m| (m.value, m.reason.to_string()))
        .collect();
    assert_eq!(
        reasons,
        [
            (2, "target is cavalry".to_string()),
            (1, "first volley".to_string())
        ]
    );

    // The same cavalry with its rout stated as running off the table: whatever the rout
    // roll, it is gone, 1/6 + 2/6 = 1/2 destroyed in all.
    let o = r
        .odds(
            &serde_json::json!({"target": {"kind": "heavy_cavalry"}, "target_rout": "table_edge"}),
        )
        .unwrap();
    assert_eq!(
        chance(
            &o,
            "target routs, survives its rout roll and is destroyed as its rout leaves the table"
        ),
        (1, 9)
    );
    assert!((o.expected[0].1 - 0.5).abs() < 1e-12);

    // Light infantry takes every result as Pinned ("2x2 The Units"): a Pinned line battalion
    // (no first volley) at light infantry in the open, die alone: 5+ Pins it, 2 in 6.
    let o = r
        .odds(&serde_json::json!({"shooter": {"status": "pinned"}, "target": {"kind": "light_infantry"}}))
        .unwrap();
    assert_eq!(chance(&o, "target Pinned"), (1, 3));
    assert_eq!(chance(&o, "no effect"), (2, 3));
    assert_eq!(o.outcomes.len(), 2);

    // A target group of cavalry and infantry gets no cavalry bonus (ruling R8): the die plus
    // the first volley, 5+ for any effect; 7 (a 6 on the die) routs it.
    let o = r
        .odds(
            &serde_json::json!({"target": {"kind": "heavy_cavalry"}, "group": [{"kind": "line"}]}),
        )
        .unwrap();
    assert_eq!(chance(&o, "no effect"), (1, 2));
    assert_eq!(
        chance(&o, "target routs and is destroyed on its rout roll"),
        (1, 18)
    );
}

// "2x2 Defensive fire against contact": a foot battery fires at heavy cavalry that charged
// it in front: short range +1, cavalry +2, the die plus 3 as above. Pinned (1/6) and
// Disrupted (1/6) throw the cavalry back and call its melee off; a rout is resolved with its
// rout roll (1/18 destroyed on it, 1/9 survives); 5 or 6 destroys it (1/3); a 1 leaves the
// charge to go in (1/6).
#[test]
fn defensive_fire_by_hand() {
    let r = roll_named("defensive_fire");
    let o = r
        .odds(&serde_json::json!({"shooter": {"kind": "foot_artillery"}, "target": {"kind": "heavy_cavalry"}}))
        .unwrap();
    assert_eq!(chance(&o, "no effect"), (1, 6));
    assert_eq!(
        chance(&o, "target Pinned: thrown back, its melee off this turn"),
        (1, 6)
    );
    assert_eq!(
        chance(&o, "target Disrupted: thrown back, its melee off this turn"),
        (1, 6)
    );
    assert_eq!(
        chance(&o, "target routs and is destroyed on its rout roll"),
        (1, 18)
    );
    assert_eq!(chance(&o, "target destroyed"), (1, 3));
    assert_eq!(o.modifiers[0].reason, "artillery at short range");
    // A battery cannot fire at a unit touching it at long range.
    let e = r
        .odds(&serde_json::json!({"shooter": {"kind": "foot_artillery"}, "range": "long"}))
        .unwrap_err();
    assert_eq!(e[0].path, "range");
}

// "2x2 Effects: Routs": 1-2 destroys the routing unit, 2 in 6; a survivor ends Disrupted,
// unless its move is stated to run into an enemy, which destroys it anyway.
#[test]
fn rout_survival_by_hand() {
    let r = roll_named("rout_survival");
    let o = r
        .odds(&serde_json::json!({"unit": {"kind": "light_cavalry"}}))
        .unwrap();
    assert_eq!(chance(&o, "destroyed on its rout roll"), (1, 3));
    assert_eq!(
        chance(&o, "survives its rout roll and ends Disrupted"),
        (2, 3)
    );
    assert!((o.expected[0].1 - 1.0 / 3.0).abs() < 1e-12);
    let o = r
        .odds(&serde_json::json!({"path": "enemy", "by_chain": true}))
        .unwrap();
    assert_eq!(
        chance(
            &o,
            "survives its rout roll and is destroyed as its rout runs into an enemy"
        ),
        (2, 3)
    );
    assert_eq!(o.modifiers[0].reason, "routed by a nearby rout");
}

// What the book forbids in a shot is refused, naming the fact.
#[test]
fn a_shot_the_book_forbids_is_refused_with_its_fact() {
    let r = roll_named("shooting");
    for (facts, path) in [
        (
            serde_json::json!({"shooter": {"kind": "hq"}}),
            "shooter.kind",
        ),
        (
            serde_json::json!({"shooter": {"kind": "light_cavalry"}}),
            "shooter.kind",
        ),
        (
            serde_json::json!({"shooter": {"status": "disrupted"}}),
            "shooter.status",
        ),
        (serde_json::json!({"range": "short"}), "range"),
        (serde_json::json!({"grand_battery": true}), "grand_battery"),
    ] {
        let e = r.odds(&facts).unwrap_err();
        assert_eq!(e[0].path, path, "{facts}");
    }
    let e = r.odds(&serde_json::json!({"range": "far"})).unwrap_err();
    assert_eq!(e[0].path, "range");
}

// What each outcome does to the units, for the table companion's records.
#[test]
fn shots_say_what_they_do_to_each_unit() {
    use grognard_engine::dice::Scripted;
    let r = roll_named("shooting");
    // First volley at cavalry: a 4 routs it (7), a 3 on the rout roll spares it.
    let done = r
        .resolve(
            &serde_json::json!({"target": {"kind": "heavy_cavalry"}}),
            &mut Scripted::new(&[4, 3]),
        )
        .unwrap();
    assert_eq!(
        done.outcome,
        "target routs, survives its rout roll and ends Disrupted"
    );
    assert_eq!(done.rolls.len(), 2);
    assert_eq!(done.rolls[1].row, "3-6");
    let e = serde_json::to_value(&done.effects).unwrap();
    assert_eq!(
        e,
        serde_json::json!([
            {"role": "shooter", "set": {"status": "pinned"}, "gone": false},
            {"role": "target", "set": {"status": "disrupted"}, "gone": false}
        ])
    );
    // An artillery shot that destroys: the battery keeps its state, the target is gone.
    let done = r
        .resolve(
            &serde_json::json!({"shooter": {"kind": "foot_artillery"}, "range": "short", "target": {"kind": "heavy_cavalry"}}),
            &mut Scripted::new(&[6]),
        )
        .unwrap();
    assert_eq!(done.outcome, "target destroyed");
    assert_eq!(
        serde_json::to_value(&done.effects).unwrap(),
        serde_json::json!([{"role": "target", "set": {}, "gone": true}])
    );
}

// Every shot, defensive fire and rout roll of seeded battles, resolved again by the
// companion with the battle's own dice, is explained as the battle explained it, the rout
// rolls that follow a shot included.
#[test]
fn the_battle_and_the_companion_explain_shots_and_routs_alike() {
    use grognard_ai::{General, RandomPlayer};
    use grognard_engine::Player;
    use grognard_rules_two_by_two::Command;
    let mut compared = 0;
    let mut seen: Vec<&str> = Vec::new();
    for seed in 0..6 {
        let mut a = General::<Command>::default();
        let mut b = RandomPlayer::<Command>::default();
        let mut players: [&mut dyn Player<TwoByTwo>; 2] = if seed % 2 == 0 {
            [&mut a, &mut b]
        } else {
            [&mut b, &mut a]
        };
        let (scenario, _) = TwoByTwo.default_scenario(seed);
        let met = predictions_match(&TwoByTwo, scenario, seed, &mut players, 5_000)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        compared += met.compared;
        for name in met.rolls {
            if !seen.contains(&name) {
                seen.push(name);
            }
        }
    }
    for name in ["rally", "shooting", "defensive_fire", "rout_survival"] {
        assert!(seen.contains(&name), "no {name} roll met in {seen:?}");
    }
    assert!(compared > 50, "only {compared} rolls compared");
}

mod melee_rolls {
    use super::chance;
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::dice::Scripted;
    use grognard_engine::resolution::{Chance, Exact, Resolution};
    use grognard_rules_two_by_two::phases::rout::RoutPath;
    use grognard_rules_two_by_two::resolve::facts::{Condition, UnitFacts};
    use grognard_rules_two_by_two::resolve::melee::{Higher, MeleeEnd, MeleeRoll, Situation};
    use grognard_rules_two_by_two::resolve::resolutions::book_tables;
    use grognard_rules_two_by_two::units::{Size, UnitType};

    fn unit(kind: UnitType, size: Size, status: Condition) -> UnitFacts {
        UnitFacts { kind, size, status }
    }

    /// The exact odds of a melee through its own `resolve`, the first round's 36 throws
    /// each followed by every pair of rout rolls: drawn first rounds are thrown again alike,
    /// so the decided ones share the whole chance.
    fn by_first_rounds(s: &Situation) -> Exact<MeleeEnd> {
        let t = book_tables();
        let mut out = Exact::new();
        let mut decided = 0u128;
        let mut found: Vec<(MeleeEnd, u128)> = Vec::new();
        for ra in 1..=6u8 {
            for rd in 1..=6u8 {
                let mut draws = false;
                for r1 in 1..=6u8 {
                    for r2 in 1..=6u8 {
                        // A drawn first round is told by the deciding round's dice; after
                        // it come rounds of 6-1 and 1-6, one of which decides.
                        let faces = [ra, rd, r1, r2, 6, 1, 1, 6, 3, 3, 3, 3];
                        let mut dice = Scripted::new(&faces);
                        let mut rolls = Vec::new();
                        let o = MeleeRoll.resolve(t, s, &mut dice, &mut rolls);
                        if rolls[0].dice != [ra] || rolls[1].dice != [rd] {
                            draws = true;
                            break;
                        }
                        match found.iter_mut().find(|(x, _)| *x == o) {
                            Some(slot) => slot.1 += 1,
                            None => found.push((o, 1)),
                        }
                    }
                    if draws {
                        break;
                    }
                }
                if !draws {
                    decided += 1;
                }
            }
        }
        for (o, n) in found {
            out.add(o, Chance::new(n, decided * 36));
        }
        out
    }

    fn same(a: &Exact<MeleeEnd>, b: &Exact<MeleeEnd>) -> Result<(), String> {
        for (o, p) in &a.outcomes {
            let q = b.chance(|x| x == o);
            if q != *p {
                return Err(format!("{o}: {p} against {q}"));
            }
        }
        let total: Chance = b.outcomes.iter().map(|(_, p)| *p).sum();
        if total != Chance::from_integer(1) || a.outcomes.len() != b.outcomes.len() {
            return Err(format!(
                "{} outcomes against {}",
                a.outcomes.len(),
                b.outcomes.len()
            ));
        }
        Ok(())
    }

    #[test]
    fn melee_odds_agree_with_every_throw() {
        use UnitType::*;
        let t = book_tables();
        let kinds = [
            Line,
            Guards,
            LightInfantry,
            Militia,
            HeavyCavalry,
            LightCavalry,
            FootArtillery,
            Hq,
            IrregularWarband,
            Lancers,
        ];
        let mut tried = 0;
        for a in kinds {
            for d in kinds {
                for (i, (sa, sd, higher)) in [
                    (Condition::Ready, Condition::Ready, Higher::Neither),
                    (Condition::Ready, Condition::Disrupted, Higher::Attacker),
                    (Condition::Pinned, Condition::Pinned, Higher::Defender),
                ]
                .into_iter()
                .enumerate()
                {
                    let size = [Size::Common, Size::Large, Size::Small][(tried + i) % 3];
                    let s = Situation {
                        attacker: unit(a, size, sa),
                        defender: unit(d, Size::Common, sd),
                        defender_engaged: 1 + (tried % 3) as u8,
                        attacker_engaged: 1 + (tried % 2) as u8,
                        higher,
                        attacker_hq_in_contact: i == 1,
                        defender_hq_in_contact: i == 2,
                        defender_in_town: i == 2,
                        defender_rout: [RoutPath::Clear, RoutPath::Enemy, RoutPath::Clear][i],
                        attacker_rout: [RoutPath::Clear, RoutPath::Clear, RoutPath::TableEdge][i],
                        attacker_followed_up: i == 2,
                        defender_road_column: i == 1,
                        clearing: d == LightInfantry && a.is_infantry() && i != 0,
                        ..Situation::default()
                    };
                    if !MeleeRoll.problems(t, &s).is_empty() {
                        continue;
                    }
                    odds_agree(&MeleeRoll, t, &s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
                    tried += 1;
                }
            }
        }
        assert!(tried > 150, "only {tried} situations");
    }

    // With a column of attack a losing attacker's rout roll is followed by its support's, so
    // the chain runs to two dice after the deciding round: checked against the first rounds
    // thrown through `resolve`, every rout roll included.
    #[test]
    fn melee_odds_with_a_column_agree_with_every_throw() {
        use UnitType::*;
        let t = book_tables();
        for (a, d) in [
            (Line, Line),
            (Guards, HeavyCavalry),
            (Militia, LightInfantry),
            (Line, Guards),
        ] {
            for clearing in [false, true] {
                let s = Situation {
                    attacker: unit(a, Size::Common, Condition::Ready),
                    defender: unit(d, Size::Large, Condition::Ready),
                    support: Some(unit(a, Size::Common, Condition::Pinned)),
                    support_rout: if clearing {
                        RoutPath::Impassable
                    } else {
                        RoutPath::Clear
                    },
                    attacker_rout: if clearing {
                        RoutPath::Clear
                    } else {
                        RoutPath::Enemy
                    },
                    clearing,
                    ..Situation::default()
                };
                if !MeleeRoll.problems(t, &s).is_empty() {
                    continue;
                }
                same(&MeleeRoll.odds(t, &s), &by_first_rounds(&s))
                    .unwrap_or_else(|e| panic!("{s:?}: {e}"));
                // Walking every throw round by round agrees too, however many rout rolls
                // follow the deciding round.
                odds_agree(&MeleeRoll, t, &s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
            }
        }
        // Without a column both ways agree too.
        let s = Situation::default();
        same(&MeleeRoll.odds(t, &s), &by_first_rounds(&s)).unwrap();
    }

    // "2x2 Melee modifiers", "Melee results", "Effects: Routs": heavy cavalry (+2) charges a
    // Disrupted line battalion (+2 for the enemy's marker): the attacker scores its die + 4.
    // With x = attacker's die - defender's die, the difference is x + 4; x = -4 draws (1-5,
    // 2-6: 2 throws), so 34 throws decide. The attacker wins by 1 (x = -3): 3 throws, by 2:
    // 4, by 3: 5, by 4 or more (x >= 0): 21; the defender wins by 1 (1-6): 1 throw. A routed
    // loser survives its rout roll on 3-6: 2/3. The Disrupted defender may not follow up.
    #[test]
    fn melee_by_hand() {
        let r = super::roll_named("melee");
        let o = r
            .odds(&serde_json::json!({
                "attacker": {"kind": "heavy_cavalry"},
                "defender": {"status": "disrupted"}
            }))
            .unwrap();
        assert_eq!(
            chance(
                &o,
                "attacker wins by 1-2: defender routs and survives its rout roll (Disrupted); attacker may follow up"
            ),
            (7, 51) // 7/34 x 2/3
        );
        assert_eq!(
            chance(
                &o,
                "attacker wins by 1-2: defender routs and is destroyed on its rout roll; attacker may follow up"
            ),
            (7, 102) // 7/34 x 1/3
        );
        assert_eq!(
            chance(
                &o,
                "attacker wins by 3: defender destroyed; attacker may follow up"
            ),
            (5, 34)
        );
        assert_eq!(
            chance(
                &o,
                "attacker wins by 4+: defender destroyed; attacker must follow up"
            ),
            (21, 34)
        );
        assert_eq!(
            chance(
                &o,
                "defender wins by 1-2: attacker routs and survives its rout roll (Disrupted)"
            ),
            (1, 51)
        );
        assert_eq!(o.outcomes.len(), 6);
        // Units destroyed: 7/102 + 5/34 + 21/34 + 1/102 = 86/102.
        let destroyed = o
            .expected
            .iter()
            .find(|(k, _)| k == "units destroyed")
            .unwrap()
            .1;
        assert!((destroyed - 86.0 / 102.0).abs() < 1e-12, "{destroyed}");
    }

    // "2x2 Multiple melees": three attackers on one line battalion each have +2. Line
    // against line: the difference is x + 2 (x the attacker's die less the defender's);
    // x = -2 draws (4 throws), 32 decide. Attacker by 1-2 (x = -1, 0): 5 + 6 = 11, by 3
    // (x = 1): 5, by 4+ (x >= 2): 10; defender by 1-2 (x = -3, -4): 3 + 2 = 5, by 3: 1.
    #[test]
    fn three_attackers_by_hand() {
        let s = Situation {
            defender_engaged: 3,
            ..Situation::default()
        };
        let o = MeleeRoll.odds(book_tables(), &s);
        let won = |attacker: bool, lo: u8| {
            o.chance(|e| {
                (e.winner == grognard_rules_two_by_two::resolve::melee::Role::Attacker) == attacker
                    && e.by.0 == lo
            })
        };
        assert_eq!(won(true, 1), Chance::new(11, 32));
        assert_eq!(won(true, 3), Chance::new(5, 32));
        assert_eq!(won(true, 4), Chance::new(10, 32));
        assert_eq!(won(false, 1), Chance::new(5, 32));
        assert_eq!(won(false, 3), Chance::new(1, 32));
        // The defender rolls against each attacker with the same +2 for them.
        let m = MeleeRoll.modifiers(book_tables(), &s);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].value, 2);
        assert_eq!(m[0].reason, "attacker: enemy is in melee with 3 units");
    }

    // "Clearing dense woods" and "Column of Attack": what each outcome does to the units.
    #[test]
    fn melee_effects_follow_the_outcome() {
        let r = super::roll_named("melee");
        // Line clearing light infantry from a wood's edge: line -1, light infantry keeps no
        // -3. Dice 6 and 1: the attacker wins by 6 and is Pinned, so it may not follow up.
        let done = r
            .resolve(
                &serde_json::json!({"defender": {"kind": "light_infantry"}, "clearing": true}),
                &mut Scripted::new(&[6, 1]),
            )
            .unwrap();
        assert_eq!(
            done.outcome,
            "attacker wins by 4+: defender destroyed; attacker Pinned for clearing the wood"
        );
        let effects = serde_json::to_value(&done.effects).unwrap();
        assert_eq!(
            effects,
            serde_json::json!([
                {"role": "defender", "set": {}, "gone": true},
                {"role": "attacker", "set": {"status": "pinned"}, "gone": false}
            ])
        );
        // A column loses by 1: the attacker routs (rout roll 2: destroyed), the support routs
        // too (rout roll 5: survives, Disrupted).
        let done = r
            .resolve(
                &serde_json::json!({"support": {}}),
                &mut Scripted::new(&[1, 3, 2, 5]),
            )
            .unwrap();
        assert_eq!(
            done.outcome,
            "defender wins by 1-2: attacker routs and is destroyed on its rout roll; its column support routs and survives its rout roll (Disrupted); defender may follow up"
        );
        assert_eq!(done.rolls.len(), 4);
        assert_eq!(done.rolls[0].total, 2, "die 1 + 1 for the column");
        let effects = serde_json::to_value(&done.effects).unwrap();
        assert_eq!(
            effects,
            serde_json::json!([
                {"role": "attacker", "set": {}, "gone": true},
                {"role": "support", "set": {"status": "disrupted"}, "gone": false}
            ])
        );
    }

    // "2x2 HQs and destroyed units" (ruling R39): the HQ touching the loser goes with it,
    // whether the result or the rout roll destroys it. Line against line with the
    // defender's HQ touching it (+1): dice 6-1 win by 4; dice 4-3 draw (4 against 3 + 1),
    // then 4-2 win by 1 and the rout roll 1 destroys the defender; 4-2 and rout roll 3 spare
    // it, and its HQ.
    #[test]
    fn the_losers_hq_goes_with_it() {
        let r = super::roll_named("melee");
        let s = serde_json::json!({"defender_hq_in_contact": true});
        let done = r.resolve(&s, &mut Scripted::new(&[6, 1])).unwrap();
        assert_eq!(
            done.outcome,
            "attacker wins by 4+: defender destroyed, and the HQ touching it with it; attacker must follow up"
        );
        let done = r.resolve(&s, &mut Scripted::new(&[4, 3, 4, 2, 1])).unwrap();
        assert_eq!(
            done.outcome,
            "attacker wins by 1-2: defender routs and is destroyed on its rout roll, and the HQ touching it with it; attacker may follow up"
        );
        let done = r.resolve(&s, &mut Scripted::new(&[4, 2, 3])).unwrap();
        assert_eq!(
            done.outcome,
            "attacker wins by 1-2: defender routs and survives its rout roll (Disrupted); attacker may follow up"
        );
        // With x the attacker's die less the defender's, the difference is x - 1: x = 1 draws
        // (5 throws), 31 decide. The attacker wins by 1-2 with x = 2, 3 (4 + 3 throws), by 3
        // or more with x = 4, 5 (2 + 1). Defending units destroyed, the HQ counted:
        // 7/31 x 1/3 x 2 + 3/31 x 2 = 14/93 + 18/93 = 32/93.
        let o = r.odds(&s).unwrap();
        let destroyed = |k: &str| o.expected.iter().find(|(n, _)| n == k).unwrap().1;
        let attacking = destroyed("attacking units destroyed");
        let defending = destroyed("defending units destroyed");
        assert!((defending - 32.0 / 93.0).abs() < 1e-12, "{defending}");
        assert!((destroyed("units destroyed") - attacking - defending).abs() < 1e-12);
    }

    // The book forbids some melees outright; the companion names the fact.
    #[test]
    fn a_forbidden_melee_is_refused_with_its_fact() {
        let r = super::roll_named("melee");
        let path = |v: serde_json::Value| r.odds(&v).unwrap_err()[0].path.clone();
        assert_eq!(
            path(serde_json::json!({"defender": {"kind": "light_cavalry"}})),
            "attacker.kind"
        );
        assert_eq!(
            path(serde_json::json!({"attacker": {"kind": "foot_artillery"}})),
            "attacker.kind"
        );
        assert_eq!(path(serde_json::json!({"clearing": true})), "clearing");
        assert_eq!(
            path(serde_json::json!({"support": {"kind": "guards"}})),
            "support"
        );
        assert_eq!(
            path(serde_json::json!({"defender_engaged": 0})),
            "defender_engaged"
        );
        assert_eq!(
            path(
                serde_json::json!({"attacker": {"kind": "heavy_cavalry"}, "support": {"kind": "heavy_cavalry"}})
            ),
            "support"
        );
    }
}

mod reinforcement_rolls {
    use super::chance;
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::resolution::Resolution;
    use grognard_rules_two_by_two::resolve::reinforcement::{ReinforcementRoll, Situation};
    use grognard_rules_two_by_two::resolve::resolutions::book_tables;

    #[test]
    fn reinforcement_odds_agree_with_every_throw() {
        let t = book_tables();
        for flank in [false, true] {
            for waiting in [1, 2, 7] {
                for dice_thrown in [0, 1] {
                    for enemy_near_point in [false, true] {
                        let s = Situation {
                            flank,
                            waiting,
                            dice_thrown,
                            enemy_near_point,
                        };
                        assert!(ReinforcementRoll.problems(t, &s).is_empty());
                        odds_agree(&ReinforcementRoll, t, &s).unwrap();
                    }
                }
            }
        }
    }

    // "2x2 Reinforcements": 3+ on the side's own edge (4 faces in 6), 4+ on a flank (3 in
    // 6); two dice a phase (ruling R13), so a third is refused, as is a die at an empty point.
    #[test]
    fn reinforcement_by_hand() {
        let r = super::roll_named("reinforcement");
        let o = r.odds(&serde_json::json!({"waiting": 3})).unwrap();
        assert_eq!(
            chance(
                &o,
                "the first unit waiting arrives within 3\" of the point (2 still waiting)"
            ),
            (2, 3)
        );
        assert_eq!(chance(&o, "no unit arrives (3 still waiting)"), (1, 3));
        let o = r
            .odds(&serde_json::json!({"flank": true, "enemy_near_point": true}))
            .unwrap();
        assert_eq!(
            chance(&o, "the first unit waiting arrives within 3\" of the point (0 still waiting), or is exchanged with the enemy unit near the point, both destroyed"),
            (1, 2)
        );
        assert_eq!(o.expected, [("units arriving".to_string(), 0.5)]);
        let e = r.odds(&serde_json::json!({"dice_thrown": 2})).unwrap_err();
        assert_eq!(e[0].path, "dice_thrown");
        let e = r.odds(&serde_json::json!({"waiting": 0})).unwrap_err();
        assert_eq!(e[0].path, "waiting");
    }
}

mod setup_rolls {
    use super::chance;
    use grognard_engine::conformance::odds_agree;
    use grognard_engine::dice::Scripted;
    use grognard_engine::resolution::{Chance, Exact, Resolution};
    use grognard_rules_two_by_two::resolve::resolutions::book_tables;
    use grognard_rules_two_by_two::resolve::setup::{SetUp, SetupRoll, Situation};

    // Walking the throws round by round gives the exact odds: the ties that bring more of
    // the army onto the table are walked one by one, and the rounds after them are alike.
    #[test]
    fn setup_odds_agree_with_every_throw() {
        for army_ap in [5.0, 10.0, 15.0, 20.0, 30.0, 40.0] {
            odds_agree(&SetupRoll, book_tables(), &Situation { army_ap }).unwrap();
        }
    }

    /// The odds through `resolve` by scripted rounds: every sequence of up to `k` ties (each
    /// on any face) and a deciding round; the ties past the whole army (k = K) are alike, so
    /// their chance is that of K ties and a decision times 1 + 1/6 + 1/36 ... = 6/5.
    fn by_rounds(s: &Situation) -> Exact<SetUp> {
        let most = grognard_rules_two_by_two::resolve::setup::ties_to_whole(s.army_ap);
        let mut out = Exact::new();
        for k in 0..=u32::from(most) + 1 {
            for ties in 0..6u32.pow(k) {
                for a in 1..=6u8 {
                    for b in (1..=6u8).filter(|b| *b != a) {
                        let mut faces = Vec::new();
                        let mut n = ties;
                        for _ in 0..k {
                            let f = (n % 6) as u8 + 1;
                            n /= 6;
                            faces.extend([f, f]);
                        }
                        faces.extend([a, b]);
                        let mut rolls = Vec::new();
                        let o = SetupRoll.resolve(
                            book_tables(),
                            s,
                            &mut Scripted::new(&faces),
                            &mut rolls,
                        );
                        assert_eq!(rolls.len() as u32, k + 1);
                        let p = Chance::new(1, 36u128.pow(k + 1));
                        if k < u32::from(most) {
                            out.add(o, p);
                        } else if k == u32::from(most) {
                            out.add(o, p * Chance::new(6, 5));
                        } else {
                            // One tie more gives the same outcomes.
                            assert!(out.outcomes.iter().any(|(x, _)| *x == o), "{o}");
                        }
                    }
                }
            }
        }
        out
    }

    #[test]
    fn setup_odds_agree_with_scripted_rounds() {
        for army_ap in [10.0, 15.0, 20.0, 40.0] {
            let s = Situation { army_ap };
            let fast = SetupRoll.odds(book_tables(), &s);
            let slow = by_rounds(&s);
            assert_eq!(fast.outcomes.len(), slow.outcomes.len(), "{army_ap}");
            for (o, p) in &slow.outcomes {
                assert_eq!(fast.chance(|x| x == o), *p, "{army_ap}: {o}");
            }
        }
    }

    // "2x2 Game setup": a round is tied 6 times in 36; otherwise each player is as likely to
    // be higher (15 in 36 each). With 20 AP armies one tie puts them all on the table: the
    // first player attacks at once 15/36 = 5/12, after a tie (or more) 1/6 x 1/2 = 1/12.
    #[test]
    fn setup_by_hand() {
        let r = super::roll_named("setup");
        let o = r.odds(&serde_json::json!({"army_ap": 20})).unwrap();
        assert_eq!(
            chance(
                &o,
                "first player attacks, second defends and moves first; each side sets up 10 AP at the start"
            ),
            (5, 12)
        );
        assert_eq!(
            chance(
                &o,
                "second player attacks, first defends and moves first, after one tie or more; each side sets up its whole army at the start"
            ),
            (1, 12)
        );
        // 40 AP: two ties give 30 AP each, (1/6)^2 x 5/12 = 5/432.
        let o = r.odds(&serde_json::json!({})).unwrap();
        assert_eq!(
            chance(
                &o,
                "first player attacks, second defends and moves first, after 2 ties; each side sets up 30 AP at the start"
            ),
            (5, 432)
        );
        let e = r.odds(&serde_json::json!({"army_ap": 0})).unwrap_err();
        assert_eq!(e[0].path, "army_ap");
        // The battle's set-up throws the same roll-off: a tie 3-3 then 5-2.
        let done = r
            .resolve(&serde_json::json!({}), &mut Scripted::new(&[3, 3, 5, 2]))
            .unwrap();
        assert_eq!(
            done.outcome,
            "first player attacks, second defends and moves first, after a tie; each side sets up 20 AP at the start"
        );
    }
}

// The battle reaches the melee and reinforcement rolls, the melee also after a follow-up
// move, so the comparison of explanations above covers them.
#[test]
fn battles_throw_the_melee_and_reinforcement_rolls() {
    use grognard_ai::{General, RandomPlayer};
    use grognard_engine::driver::Match;
    use grognard_engine::Player;
    use grognard_rules_two_by_two::Command;
    let mut names: Vec<&'static str> = Vec::new();
    let mut after_follow_up = 0;
    for seed in 0..6 {
        let (scenario, _) = TwoByTwo.default_scenario(seed);
        let mut a = General::<Command>::default();
        let mut b = RandomPlayer::<Command>::default();
        let mut players: [&mut dyn Player<TwoByTwo>; 2] = [&mut a, &mut b];
        let mut m = Match::new(&TwoByTwo, scenario, seed);
        while m.steps.len() < 5_000 {
            let before = m.state.clone();
            if !m.step(&mut players).unwrap() {
                break;
            }
            let step = m.steps.last().unwrap();
            if let Some((name, _)) = TwoByTwo.roll_of(&before, step.side, &step.command) {
                if !names.contains(&name) {
                    names.push(name);
                }
                if matches!(step.command, Command::FollowUp { .. }) {
                    after_follow_up += 1;
                }
            }
        }
    }
    for want in ["rally", "melee", "reinforcement"] {
        assert!(names.contains(&want), "{want} never thrown: {names:?}");
    }
    assert!(after_follow_up > 0, "no melee after a follow-up");
}

// Facts at the edges of their types are refused with their path, or answered; never a
// panic, whether asked through the companion or of the rolls themselves.
#[test]
fn extreme_facts_are_refused_or_answered() {
    use grognard_engine::resolution::Resolution;
    use grognard_rules_two_by_two::resolve::{melee, reinforcement, setup};
    let rolls = grognard_rules_two_by_two::resolve::resolutions::all();
    let ask = |name: &str, v: serde_json::Value, path: &str| {
        let r = rolls.iter().find(|r| r.about().name == name).unwrap();
        let e = r.odds(&v).unwrap_err();
        assert_eq!(e[0].path, path, "{name} {v}: {e:?}");
        assert!(!e[0].hint.is_empty());
    };
    ask(
        "melee",
        serde_json::json!({"attacker_engaged": 255}),
        "attacker_engaged",
    );
    ask(
        "melee",
        serde_json::json!({"defender_engaged": 9}),
        "defender_engaged",
    );
    ask(
        "melee",
        serde_json::json!({"attacker_engaged": -1}),
        "attacker_engaged",
    );
    ask(
        "reinforcement",
        serde_json::json!({"waiting": 255}),
        "waiting",
    );
    ask(
        "reinforcement",
        serde_json::json!({"dice_thrown": 255}),
        "dice_thrown",
    );
    ask("setup", serde_json::json!({"army_ap": 1e308}), "army_ap");
    ask("setup", serde_json::json!({"army_ap": -5}), "army_ap");
    ask("setup", serde_json::json!({"army_ap": "many"}), "army_ap");
    let t = book_tables();
    let m = melee::Situation {
        attacker_engaged: 255,
        defender_engaged: 255,
        ..melee::Situation::default()
    };
    assert!(!melee::MeleeRoll.odds(t, &m).outcomes.is_empty());
    let r = reinforcement::Situation {
        waiting: 0,
        dice_thrown: 255,
        ..reinforcement::Situation::default()
    };
    assert!(!reinforcement::ReinforcementRoll
        .odds(t, &r)
        .outcomes
        .is_empty());
    for army_ap in [f64::NAN, f64::INFINITY, -1.0, 1e308] {
        let o = setup::SetupRoll.odds(t, &setup::Situation { army_ap });
        let total: Chance = o.outcomes.iter().map(|(_, p)| *p).sum();
        assert_eq!(total, Chance::from_integer(1), "{army_ap}");
    }
}
