//! Every roll of the book as the table companion asks it: exact odds that agree, outcome by
//! outcome, with walking every throw through the roll itself, and figures worked by hand
//! from the book.

use grognard_engine::book::Book;
use grognard_engine::conformance::odds_agree;
use grognard_engine::resolution::{Chance, Resolution};
use grognard_rules_two_by_two::facts::{Condition, UnitFacts};
use grognard_rules_two_by_two::rally::{RallyRoll, Situation as Rally};
use grognard_rules_two_by_two::resolutions::book_tables;
use grognard_rules_two_by_two::units::{Size, UnitType};
use grognard_rules_two_by_two::TwoByTwo;

fn chance(o: &grognard_engine::resolution::Odds, outcome: &str) -> (u128, u128) {
    let c = o
        .outcomes
        .iter()
        .find(|c| c.outcome == outcome)
        .unwrap_or_else(|| panic!("no {outcome:?} in {:?}", o.outcomes));
    (c.numerator, c.denominator)
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
    let r = TwoByTwo
        .resolutions()
        .into_iter()
        .find(|r| r.about().name == "rally")
        .unwrap();
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
    let r = TwoByTwo
        .resolutions()
        .into_iter()
        .find(|r| r.about().name == "rally")
        .unwrap();
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
    use grognard_ai::{General, RandomPlayer};
    use grognard_engine::Player;
    use grognard_rules_two_by_two::Command;
    let mut compared = 0;
    for seed in 0..6 {
        let mut a = General::<Command>::default();
        let mut b = RandomPlayer::<Command>::default();
        let mut players: [&mut dyn Player<TwoByTwo>; 2] = [&mut a, &mut b];
        // A shot's rout roll waits for its owner's choice of way: the engine's
        // `predictions_match` looks within the shot's own step only.
        compared += predictions_match_through_decisions(seed, &mut players, 5_000)
            .map(|(n, _)| n)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    assert!(compared > 20, "only {compared} rolls compared");
}

fn roll_named(name: &str) -> Box<dyn grognard_engine::resolution::AnyResolution> {
    TwoByTwo
        .resolutions()
        .into_iter()
        .find(|r| r.about().name == name)
        .unwrap_or_else(|| panic!("no roll {name}"))
}

/// Shots over the facts' values: shooters, targets and their markers, groups, range bands,
/// aspects, cover, the optional rules' facts and what a rout would meet.
fn shots() -> Vec<grognard_rules_two_by_two::shooting::Situation> {
    use grognard_rules_two_by_two::rout::RoutPath;
    use grognard_rules_two_by_two::shooting::{RangeBand, Situation as Shot};
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
    use grognard_rules_two_by_two::resolve::rout_survival::{RoutSurvivalRoll, Situation};
    use grognard_rules_two_by_two::rout::RoutPath;
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

/// The engine's check that the battle and the companion explain each roll alike, taken
/// through the decisions a roll leaves pending: a shot that routs its target (or falls on a
/// target group) waits for its owner's choice before the rout roll is thrown, so the faces
/// and events of the answers to those decisions belong to the roll too.
fn predictions_match_through_decisions(
    seed: u64,
    players: &mut [&mut dyn grognard_engine::Player<TwoByTwo>; 2],
    limit: usize,
) -> Result<(usize, Vec<&'static str>), String> {
    use grognard_engine::dice::Entered;
    use grognard_engine::driver::Match;
    use grognard_rules_two_by_two::Command;
    let rules = TwoByTwo;
    let (scenario, _) = rules.default_scenario(seed);
    let resolutions = rules.resolutions();
    let mut m = Match::new(&rules, scenario, seed);
    let mut before = Vec::new();
    while m.steps.len() < limit {
        let state = m.state.clone();
        if !m.step(players).map_err(|e| e.to_string())? {
            break;
        }
        before.push(state);
    }
    let mut compared = 0;
    let mut names = Vec::new();
    for (n, step) in m.steps.iter().enumerate() {
        let Some((name, mut situation)) = rules.roll_of(&before[n], step.side, &step.command)
        else {
            continue;
        };
        let mut faces: Vec<u8> = Vec::new();
        let mut events = Vec::new();
        for (k, s) in m.steps[n..].iter().enumerate() {
            if k > 0 && before[n + k].pending.is_none() {
                break;
            }
            // The unit of a target group that takes the result is the one the player names.
            if let (k @ 1.., Command::Victim { unit }) = (k, &s.command) {
                let facts = UnitFacts::of(before[n + k].unit(*unit));
                let old = situation["target"].clone();
                let new = serde_json::to_value(facts).unwrap();
                if old != new {
                    let group = situation["group"].as_array_mut().unwrap();
                    if let Some(i) = group.iter().position(|g| *g == new) {
                        group[i] = old;
                    }
                    situation["target"] = new;
                }
            }
            faces.extend(s.rolls.iter().map(|r| r.face));
            events.push(serde_json::to_value(&s.events).unwrap());
        }
        let r = resolutions
            .iter()
            .find(|r| r.about().name == name)
            .ok_or_else(|| format!("step {n}: no roll {name}"))?;
        let done = r
            .resolve(&situation, &mut Entered::new(&faces))
            .map_err(|p| format!("step {n}: {name}: the battle's situation is refused: {p:?}"))?;
        let events = serde_json::Value::Array(events);
        for e in &done.rolls {
            let e = serde_json::to_value(e).unwrap();
            if !contains(&events, &e) {
                return Err(format!(
                    "step {n}: {name} explains {e} but the battle's events are {events}"
                ));
            }
            compared += 1;
        }
        if !names.contains(&name) {
            names.push(name);
        }
    }
    Ok((compared, names))
}

fn contains(hay: &serde_json::Value, needle: &serde_json::Value) -> bool {
    hay == needle
        || match hay {
            serde_json::Value::Object(m) => m.values().any(|v| contains(v, needle)),
            serde_json::Value::Array(a) => a.iter().any(|v| contains(v, needle)),
            _ => false,
        }
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
        let (n, names) = predictions_match_through_decisions(seed, &mut players, 5_000)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        compared += n;
        for name in names {
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
