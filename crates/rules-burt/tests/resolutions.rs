//! The book's rolls on their own: scripted dice with the book's numbers, and exact odds that
//! agree with walking every throw.

use grognard_engine::dice::Scripted;
use grognard_engine::resolution::{walk, Exact, Resolution};
use grognard_rules_burt::dice::Reading;
use grognard_rules_burt::resolve::fire::{self, Band, Cover, FireRoll, Volley};
use grognard_rules_burt::resolve::morale::{self, MoraleTest, Order, Reason, Strength};
use grognard_rules_burt::tables::{Class, Weapon};
use grognard_rules_burt::Tables;

fn same<T: PartialEq + std::fmt::Debug>(a: &Exact<T>, b: &Exact<T>) {
    assert_eq!(a.outcomes.len(), b.outcomes.len(), "{a:?} against {b:?}");
    for (o, p) in &a.outcomes {
        let q = b
            .outcomes
            .iter()
            .find(|(x, _)| x == o)
            .unwrap_or_else(|| panic!("{o:?} missing from {b:?}"));
        assert_eq!(*p, q.1, "{o:?}");
    }
}

#[test]
fn a_volley_of_twelve_muskets_throws_three_dice_and_saves_each_hit() {
    let t = Tables::default();
    let s = fire::Situation::default();
    assert_eq!(fire::dice(&t, &s), (3, 0));
    // Hits on 5 and 6; of two hits one is saved on a 5.
    let mut dice = Scripted::new(&[5, 6, 2, 5, 3]);
    let (rolls, v) = fire::roll(&t, &s, &mut dice);
    assert_eq!(
        v,
        Volley {
            hits: 2,
            casualties: 1
        }
    );
    assert_eq!(rolls.len(), 2);
    assert!(dice.remaining().is_empty());
}

#[test]
fn figures_left_over_three_count_as_four_one_or_two_need_more() {
    let t = Tables::default();
    let of = |figures| {
        fire::dice(
            &t,
            &fire::Situation {
                figures,
                ..Default::default()
            },
        )
    };
    assert_eq!(of(15), (4, 0));
    assert_eq!(of(14), (3, 1));
    assert_eq!(of(2), (0, 1));
    // The die of the two left over hits only on a 6 at medium range.
    let s = fire::Situation {
        figures: 2,
        ..Default::default()
    };
    let mut dice = Scripted::new(&[5]);
    assert_eq!(fire::roll(&t, &s, &mut dice).1.hits, 0);
}

#[test]
fn a_gun_throws_one_die_with_ball_and_two_with_canister() {
    let t = Tables::default();
    let ball = fire::Situation {
        weapon: Weapon::Ball6,
        guns: 2,
        ..Default::default()
    };
    assert_eq!(fire::dice(&t, &ball), (2, 0));
    let canister = fire::Situation {
        weapon: Weapon::Canister6,
        ..ball
    };
    assert_eq!(fire::dice(&t, &canister), (4, 0));
}

#[test]
fn hard_modifiers_need_the_extended_die() {
    let t = Tables::default();
    // Long range, moving, cover and shaken firers: a hit needs 9, a 6 then a 6.
    let s = fire::Situation {
        figures: 4,
        range: Band::Long,
        moving: true,
        cover: Cover::Soft,
        firers_shaken: true,
        ..Default::default()
    };
    let mut dice = Scripted::new(&[6, 6, 4]);
    let (rolls, v) = fire::roll(&t, &s, &mut dice);
    assert_eq!(v.hits, 1);
    assert_eq!(rolls[0].dice, vec![6, 6]);
    let mut dice = Scripted::new(&[6, 5]);
    assert_eq!(fire::roll(&t, &s, &mut dice).1.hits, 0);
}

#[test]
fn saves_against_artillery_and_in_hard_cover() {
    let t = Tables::default();
    let ball = fire::Situation {
        weapon: Weapon::Ball9,
        ..Default::default()
    };
    let m = fire::save_modifiers(&t, &ball);
    assert_eq!(m.iter().map(|m| m.value).sum::<i32>(), 1);
    let musket_hard = fire::Situation {
        cover: Cover::Hard,
        target_skirmishers_or_crew: true,
        ..Default::default()
    };
    let m = fire::save_modifiers(&t, &musket_hard);
    assert_eq!(m.iter().map(|m| m.value).sum::<i32>(), -2);
}

#[test]
fn fire_odds_agree_with_every_throw() {
    for reading in [Reading::FollowUp, Reading::Chained] {
        let t = Tables {
            dice: reading,
            ..Tables::default()
        };
        for s in [
            fire::Situation {
                figures: 6,
                ..Default::default()
            },
            fire::Situation {
                figures: 5,
                range: Band::Long,
                moving: true,
                cover: Cover::Hard,
                ..Default::default()
            },
            fire::Situation {
                weapon: Weapon::Canister9,
                guns: 1,
                range: Band::Short,
                first_volley: true,
                ..Default::default()
            },
        ] {
            let walked = walk(64, |d| FireRoll.resolve(&t, &s, d, &mut Vec::new()));
            same(&FireRoll.odds(&t, &s), &walked);
        }
    }
}

#[test]
fn a_failed_test_does_what_its_reason_says() {
    let t = Tables::default();
    let s = morale::Situation {
        class: Class::C,
        reason: Reason::BeingAssaulted,
        ..Default::default()
    };
    let mut dice = Scripted::new(&[3]);
    assert_eq!(morale::roll(&t, &s, &mut dice).1, morale::Result::Routs);
    let mut dice = Scripted::new(&[4]);
    assert_eq!(morale::roll(&t, &s, &mut dice).1, morale::Result::Passes);
    assert_eq!(
        morale::failing(Reason::TryingToAssault),
        morale::Result::LosesOrderNoAssault
    );
    assert_eq!(
        morale::failing(Reason::RallyFromPursuit),
        morale::Result::ContinuesPursuit
    );
}

#[test]
fn a_shaken_class_e_unit_needs_an_eight() {
    let t = Tables::default();
    let s = morale::Situation {
        class: Class::E,
        order: Order::Shaken,
        ..Default::default()
    };
    assert_eq!(morale::need(&t, &s), 8);
    let mut dice = Scripted::new(&[6, 5]);
    assert_eq!(morale::roll(&t, &s, &mut dice).1, morale::Result::Passes);
    let chained = Tables {
        dice: Reading::Chained,
        ..Tables::default()
    };
    let mut dice = Scripted::new(&[6, 5]);
    assert_eq!(
        morale::roll(&chained, &s, &mut dice).1,
        morale::Result::LosesOrder
    );
}

#[test]
fn strength_falls_in_the_books_bands() {
    assert_eq!(Strength::of(24, 24), Strength::Full);
    assert_eq!(Strength::of(18, 24), Strength::Full);
    assert_eq!(Strength::of(17, 24), Strength::UnderThreeQuarters);
    assert_eq!(Strength::of(11, 24), Strength::UnderHalf);
    assert_eq!(Strength::of(7, 24), Strength::UnderThird);
}

#[test]
fn morale_odds_agree_with_every_throw() {
    for reading in [Reading::FollowUp, Reading::Chained] {
        let t = Tables {
            dice: reading,
            ..Tables::default()
        };
        for class in Class::ALL {
            for order in [Order::Formed, Order::Shaken, Order::Routing] {
                let s = morale::Situation {
                    class,
                    order,
                    strength: Strength::UnderHalf,
                    reason: Reason::SeeingFriendsRout,
                    ..Default::default()
                };
                let walked = walk(8, |d| MoraleTest.resolve(&t, &s, d, &mut Vec::new()));
                same(&MoraleTest.odds(&t, &s), &walked);
            }
        }
    }
}

#[test]
fn a_melee_compares_casualties_to_push_back_or_break() {
    use grognard_rules_burt::resolve::melee::{self, Verdict};
    let t = Tables::default();
    // More but less than twice as many pushes back; twice or more breaks ("Burt 9").
    assert_eq!(Verdict::of(&t, 3, 2), Verdict::AttackerPushesBack);
    assert_eq!(Verdict::of(&t, 4, 2), Verdict::AttackerBreaks);
    assert_eq!(Verdict::of(&t, 1, 0), Verdict::AttackerBreaks);
    assert_eq!(Verdict::of(&t, 2, 3), Verdict::DefenderPushesBack);
    assert_eq!(Verdict::of(&t, 1, 3), Verdict::DefenderBreaks);
    assert_eq!(Verdict::of(&t, 2, 2), Verdict::Indecisive);
    // Eight figures a side: two dice each. The assaulters charge (hit on 4) and throw 4
    // and 1, one hit, which the defenders fail to save with a 3; the defenders (hit on 5)
    // throw 6 and 2, one hit, which the assaulters save with a 5.
    let s = melee::Situation {
        attacker: melee::Fighter {
            figures: 8,
            charging: true,
            ..Default::default()
        },
        defender: melee::Fighter {
            figures: 8,
            ..Default::default()
        },
    };
    let mut dice = Scripted::new(&[4, 1, 3, 6, 2, 5]);
    let (rolls, m) = melee::roll(&t, &s, &mut dice);
    assert_eq!((m.by_attacker, m.by_defender), (1, 0));
    assert_eq!(m.verdict, Verdict::AttackerBreaks);
    assert_eq!(rolls.len(), 4);
    assert!(dice.remaining().is_empty());
}

#[test]
fn melee_guns_evasion_and_initiative_odds_agree_with_every_throw() {
    use grognard_rules_burt::resolve::{evade, guns, initiative, melee};
    for reading in [Reading::FollowUp, Reading::Chained] {
        let t = Tables {
            dice: reading,
            ..Tables::default()
        };
        let s = melee::Situation {
            attacker: melee::Fighter {
                figures: 6,
                charging: true,
                shaken_or_routing: true,
                ..Default::default()
            },
            defender: melee::Fighter {
                figures: 5,
                enemy_in_cover: false,
                out_of_order: true,
                ..Default::default()
            },
        };
        let walked = walk(64, |d| melee::MeleeRoll.resolve(&t, &s, d, &mut Vec::new()));
        same(&melee::MeleeRoll.odds(&t, &s), &walked);
    }
    let t = Tables::default();
    let s = guns::Situation {
        crew: 4,
        casualties: 2,
        ball_hits: 1,
        guns: 2,
    };
    let walked = walk(64, |d| guns::GunsOut.resolve(&t, &s, d, &mut Vec::new()));
    same(&guns::GunsOut.odds(&t, &s), &walked);
    let s = evade::Situation { normal_move: 6.0 };
    let walked = walk(64, |d| evade::Evasion.resolve(&t, &s, d, &mut Vec::new()));
    same(&evade::Evasion.odds(&t, &s), &walked);
    let odds = initiative::Initiative.odds(&t, &initiative::Situation {});
    assert_eq!(odds.outcomes.len(), 2);
    assert!(odds
        .outcomes
        .iter()
        .all(|(_, p)| *p == grognard_engine::resolution::Chance::new(1, 2)));
}
