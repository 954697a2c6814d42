//! The book's worked examples and examples of play, with scripted dice and the book's own
//! numbers, and the odds of its rolls against counts made by hand.

use grognard_engine::dice::Scripted;
use grognard_engine::resolution::{walk, Chance, Resolution};
use grognard_rules_beer_and_pretzel::resolve::buildings::{
    Assault, BuildingFireRoll, BuildingMeleeRoll, Fire as BuildingFire, Firer,
};
use grognard_rules_beer_and_pretzel::resolve::command::CommanderRisk;
use grognard_rules_beer_and_pretzel::resolve::control::{self, ControlRoll};
use grognard_rules_beer_and_pretzel::resolve::melee::{self, Fighter, MeleeRoll};
use grognard_rules_beer_and_pretzel::resolve::morale::{self, Check, MoraleCheck};
use grognard_rules_beer_and_pretzel::resolve::{artillery, fire, resolutions};
use grognard_rules_beer_and_pretzel::tables::{Control, Cover, Kind, Tables};

fn musket(figures: u32, die: u8) -> u32 {
    let s = fire::Situation {
        figures,
        ..Default::default()
    };
    fire::roll(&Tables::default(), &s, &mut Scripted::new(&[die]))
        .1
         .0
}

fn check(kind: Kind, a: u8, b: u8) -> Check {
    let s = morale::Situation {
        kind,
        ..Default::default()
    };
    morale::roll(&Tables::default(), &s, &mut Scripted::new(&[a, b])).1
}

// "B&P Fire Combat": a full battalion of 12 figures in line rolls 4; 12 x 4 = 48, over ten
// is 4.8, so 4 figures fall.
#[test]
fn a_full_battalion_volley_of_four_kills_four() {
    let t = Tables::default();
    let s = fire::Situation::default();
    let (e, hits) = fire::roll(&t, &s, &mut Scripted::new(&[4]));
    assert_eq!(hits.0, 4);
    assert_eq!(e.row, "4 x 12 / 10");
    assert_eq!(e.rule, "B&P Fire Combat");
}

// "B&P Melee Combat", the example of play. A fires first (3, so B loses 3 of 12), then
// charges; B, line infantry, checks on 8 and holds, and fires the volley it held (4 with 9
// figures: A loses 3). A checks as a charger fired upon: 8 holds, 7 would have routed. In
// the melee A throws 5 with 9 figures of 2 points (90), B 6 (108): B wins, A loses three
// figures (a quarter of 18 points, 4.5, rounded up) and routs, B loses half of 4.5 points
// rounded down, 2 points, one figure.
#[test]
fn the_example_of_play_fire_charge_and_melee() {
    let t = Tables::default();
    let b_figures = 12 - musket(12, 3);
    assert_eq!(b_figures, 9);
    assert_eq!(check(Kind::LineInfantry, 3, 5), Check::Holds);
    let a_figures = 12 - musket(b_figures, 4);
    assert_eq!(a_figures, 9);
    assert_eq!(check(Kind::LineInfantry, 4, 4), Check::Holds);
    assert_eq!(check(Kind::LineInfantry, 3, 4), Check::Routs);
    let s = melee::Situation {
        attacker: Fighter {
            figures: a_figures,
            ..Default::default()
        },
        defender: Fighter {
            figures: b_figures,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut rolls = Vec::new();
    let r = melee::roll(&t, &s, &mut Scripted::new(&[5, 6]), &mut rolls);
    assert!(!r.attacker_wins);
    assert_eq!((r.attacker_lost, r.defender_lost), (3, 1));
    assert_eq!(rolls[0].result, "90");
    assert_eq!(rolls[1].result, "108");
    assert_eq!(
        r.to_string(),
        "the defender wins: the attacker loses 3 figures and routs, the defender loses 1 figure"
    );
}

// Ruling B7: equal products are thrown again.
#[test]
fn a_drawn_melee_is_thrown_again() {
    let t = Tables::default();
    let s = melee::Situation::default();
    let mut rolls = Vec::new();
    let r = melee::roll(&t, &s, &mut Scripted::new(&[4, 4, 2, 1]), &mut rolls);
    assert!(r.attacker_wins);
    assert_eq!(rolls.len(), 4);
    // 12 figures lose a quarter, 3; the winner half of 6 points, 3 points, one figure of 2.
    assert_eq!((r.defender_lost, r.attacker_lost), (3, 1));
}

// "B&P Infantry Squares": a square charged by cavalry routs only on 2 or 3; in the melee a
// line figure counts 3 and a guard figure 4. Against infantry it is a plain melee.
#[test]
fn a_square_against_cavalry() {
    let t = Tables::default();
    let s = morale::Situation {
        square_against_cavalry: true,
        ..Default::default()
    };
    let odds = MoraleCheck.odds(&t, &s);
    assert_eq!(odds.chance(|c| *c == Check::Routs), Chance::new(3, 36));
    let m = |defender: Kind, attacker: Kind| melee::Situation {
        attacker: Fighter {
            kind: attacker,
            ..Default::default()
        },
        defender: Fighter {
            kind: defender,
            ..Default::default()
        },
        square: true,
        ..Default::default()
    };
    assert_eq!(
        melee::worth(&t, &m(Kind::LineInfantry, Kind::LineCavalry), false).0,
        3
    );
    assert_eq!(
        melee::worth(&t, &m(Kind::GuardInfantry, Kind::LineCavalry), false).0,
        4
    );
    assert_eq!(
        melee::worth(&t, &m(Kind::LineInfantry, Kind::LineInfantry), false).0,
        2
    );
}

// "B&P Melee Combat", flank and rear: the defender's check loses 3, each attacking figure
// gains 3 points.
#[test]
fn a_flank_attack() {
    let t = Tables::default();
    let s = morale::Situation {
        flank_or_rear: true,
        ..Default::default()
    };
    // Line infantry needs 8: with -3 it needs 11 on the dice, 3 throws in 36.
    assert_eq!(
        MoraleCheck.odds(&t, &s).chance(|c| *c == Check::Holds),
        Chance::new(3, 36)
    );
    let m = melee::Situation {
        flank_or_rear: true,
        attacker: Fighter {
            kind: Kind::LineCavalry,
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(melee::worth(&t, &m, true).0, 6);
}

// "B&P Command Figures": +1 to morale checks and to the melee die, +1 point a figure; no help
// to skirmishers. Killed only on 12.
#[test]
fn command_figures() {
    let t = Tables::default();
    let led = morale::Situation {
        commander: true,
        ..Default::default()
    };
    assert_eq!(
        morale::roll(&t, &led, &mut Scripted::new(&[3, 4])).1,
        Check::Holds
    );
    let skirmishers = morale::Situation {
        kind: Kind::SkirmishInfantry,
        commander: true,
        ..Default::default()
    };
    assert!(morale::modifiers(&t, &skirmishers).is_empty());
    let m = melee::Situation {
        attacker: Fighter {
            commander: true,
            ..Default::default()
        },
        ..Default::default()
    };
    assert_eq!(melee::worth(&t, &m, true).0, 3);
    assert_eq!(melee::die_modifiers(&t, &m.attacker)[0].value, 1);
    let fate = CommanderRisk.odds(&t, &Default::default());
    assert_eq!(fate.chance(|f| f.killed), Chance::new(1, 36));
}

// "B&P Fire Combat", artillery: round shot and canister hit on 1-3, 1-2 against a defended
// target, 1 against a strong one.
#[test]
fn artillery_hits_by_the_targets_position() {
    let t = Tables::default();
    let shot = |cover, faces: &[u8]| {
        let s = artillery::RoundShot {
            targets: faces.len() as u32,
            cover,
        };
        artillery::RoundShotRoll
            .resolve(&t, &s, &mut Scripted::new(faces), &mut Vec::new())
            .hits
    };
    assert_eq!(shot(Cover::Open, &[3, 4, 1, 6]), 2);
    assert_eq!(shot(Cover::Defended, &[3, 4, 1, 2]), 2);
    assert_eq!(shot(Cover::Strong, &[3, 4, 1, 2]), 1);
    let odds = artillery::CanisterRoll.odds(
        &t,
        &artillery::Canister {
            figures: 2,
            cover: Cover::Defended,
        },
    );
    assert_eq!(odds.chance(|h| h.hits == 2), Chance::new(1, 9));
}

// "B&P Fire Combat": skirmishers take 2 from the die; a target in a wood 1 more. A die
// brought to nothing kills nothing.
#[test]
fn skirmish_fire_and_cover() {
    let t = Tables::default();
    let s = fire::Situation {
        figures: 12,
        skirmish: true,
        cover: Cover::Defended,
        ..Default::default()
    };
    assert_eq!(fire::roll(&t, &s, &mut Scripted::new(&[6])).1 .0, 3);
    assert_eq!(fire::roll(&t, &s, &mut Scripted::new(&[2])).1 .0, 0);
}

// "B&P Fighting in Buildings": the defender hits on 8, an attacker on 9, each less a point
// for each casualty of the firing stand; the melee table read with +1 for each further
// attacking stand and each defender casualty (ruling B9).
#[test]
fn fighting_in_buildings() {
    let t = Tables::default();
    let hit = |firer, casualties, a, b| {
        let s = BuildingFire {
            firer,
            casualties,
            ..Default::default()
        };
        BuildingFireRoll
            .resolve(&t, &s, &mut Scripted::new(&[a, b]), &mut Vec::new())
            .hit
    };
    assert!(hit(Firer::Defender, 0, 4, 4));
    assert!(!hit(Firer::Attacker, 0, 4, 4));
    assert!(!hit(Firer::Defender, 1, 4, 4));
    assert!(hit(Firer::Attacker, 1, 5, 5));
    let odds = BuildingFireRoll.odds(&t, &BuildingFire::default());
    assert_eq!(odds.chance(|s| s.hit), Chance::new(15, 36));

    let assault = |stands, casualties, a, b| {
        let s = Assault {
            attacking_stands: stands,
            defender_casualties: casualties,
        };
        BuildingMeleeRoll.resolve(&t, &s, &mut Scripted::new(&[a, b]), &mut Vec::new())
    };
    let r = assault(1, 0, 4, 4);
    assert!(r.attacker.eliminated && !r.defender.eliminated);
    let r = assault(4, 0, 4, 5);
    assert!(r.defender.eliminated, "9 + 3 more stands = 12");
    let r = assault(1, 1, 5, 5);
    assert_eq!((r.defender.figures, r.defender.routs), (2, true));
    assert_eq!(r.attacker.figures, 0);
    let r = assault(1, 0, 1, 2);
    assert!(r.attacker.routs && r.attacker.figures == 0);
}

// "B&P Optional Rules": class B rolls every other turn, class C every turn, half distance on
// 4-6 (ruling B10); green troops take 1 from morale, melee and fire dice.
#[test]
fn control_and_green_troops() {
    let t = Tables::default();
    assert!(!control::rolls_in(Control::A, 1));
    assert!(control::rolls_in(Control::B, 3) && !control::rolls_in(Control::B, 4));
    assert!(control::rolls_in(Control::C, 4));
    let odds = ControlRoll.odds(&t, &Default::default());
    assert_eq!(
        odds.chance(|m| *m == control::Move::Half),
        Chance::new(1, 2)
    );
    let green = morale::Situation {
        green: true,
        ..Default::default()
    };
    assert_eq!(
        morale::roll(&t, &green, &mut Scripted::new(&[4, 4])).1,
        Check::Routs
    );
    let s = fire::Situation {
        green: true,
        ..Default::default()
    };
    assert_eq!(fire::roll(&t, &s, &mut Scripted::new(&[5])).1 .0, 4);
}

// Every roll's counted odds are the odds of walking every throw through its resolution.
#[test]
fn counted_odds_agree_with_walking_every_throw() {
    let t = Tables::default();
    let checks = [
        morale::Situation::default(),
        morale::Situation {
            kind: Kind::GuardCavalry,
            flank_or_rear: true,
            cover: Cover::Strong,
            commander: true,
            disrupted: true,
            green: true,
            ..Default::default()
        },
    ];
    for s in &checks {
        let walked = walk(4, |d| MoraleCheck.resolve(&t, s, d, &mut Vec::new()));
        assert_eq!(walked, MoraleCheck.odds(&t, s), "{s:?}");
    }
    for stands in 1..=4 {
        let s = Assault {
            attacking_stands: stands,
            defender_casualties: 1,
        };
        let walked = walk(4, |d| BuildingMeleeRoll.resolve(&t, &s, d, &mut Vec::new()));
        assert_eq!(walked, BuildingMeleeRoll.odds(&t, &s));
    }
}

// A melee's odds: every outcome's chance sums to one, the drawn throws shared out.
#[test]
fn melee_odds_are_whole() {
    let t = Tables::default();
    let s = melee::Situation::default();
    let odds = MeleeRoll.odds(&t, &s);
    let all: Chance = odds.outcomes.iter().map(|(_, p)| *p).sum();
    assert_eq!(all, Chance::from_integer(1));
    // Alike sides: each wins half the time.
    assert_eq!(odds.chance(|r| r.attacker_wins), Chance::new(1, 2));
}

// Every roll is offered to the odds command through one interface, each situation's
// defaults giving odds that sum to one.
#[test]
fn every_roll_has_odds_for_its_defaults() {
    let all = resolutions::all();
    assert_eq!(all.len(), 9);
    for r in &all {
        let odds = r
            .odds(&r.defaults())
            .unwrap_or_else(|p| panic!("{}: {p:?}", r.about().name));
        let total: f64 = odds.outcomes.iter().map(|o| o.percent).sum();
        assert!((total - 100.0).abs() < 1e-9, "{}: {total}", r.about().name);
    }
}
