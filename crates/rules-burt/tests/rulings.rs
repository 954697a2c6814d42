//! Rulings on the units themselves, checked on the built-in battle's units: who may fire
//! ("Burt 6"), what is a deep target ("Burt 6"), and what lancers and armoured cavalry are
//! given at first contact and when saving ("Burt 9").

use grognard_rules_burt::design::setup;
use grognard_rules_burt::measure;
use grognard_rules_burt::phases::assault;
use grognard_rules_burt::state::{Formation, State, Troop, Unit};

fn battle() -> State {
    setup::start(&setup::built_in())
}

fn first(s: &State, troop: Troop) -> Unit {
    s.units()
        .iter()
        .find(|u| u.troop == troop)
        .cloned()
        .expect("a unit of that troop")
}

#[test]
fn two_ranks_of_foot_fire_and_one_of_horse() {
    let mut s = battle();
    let mut foot = first(&s, Troop::Infantry);
    foot.formation = Formation::Line;
    let horse = first(&s, Troop::LightCavalry);
    // By default every figure of a line fires: its stands are two ranks deep.
    assert_eq!(measure::firing_figures(s.tables(), &foot), foot.figures);
    assert_eq!(measure::firing_figures(s.tables(), &horse), horse.figures);
    // A table that lets only one rank of foot fire halves a line's volley.
    let mut tables = s.tables().clone();
    tables.fire.infantry_ranks = 1;
    std::sync::Arc::make_mut(&mut s.field).tables = tables;
    assert_eq!(measure::firing_figures(s.tables(), &foot), foot.figures / 2);
    assert_eq!(measure::firing_figures(s.tables(), &horse), horse.figures);
}

#[test]
fn a_column_of_foot_is_a_deep_target_and_one_of_horse_two_stands_deep_is_not() {
    let s = battle();
    let mut foot = first(&s, Troop::Infantry);
    foot.formation = Formation::Column;
    assert!(foot.depth_in_stands() >= 2);
    assert!(
        foot.depth_in_ranks() > 2,
        "a column of foot is more than two ranks deep"
    );
    // A squadron of twelve: four stands, two wide and two deep in column.
    let mut horse = first(&s, Troop::LightCavalry);
    horse.figures = 12;
    horse.formation = Formation::Column;
    assert_eq!(horse.depth_in_stands(), 2);
    assert_eq!(
        horse.depth_in_ranks(),
        2,
        "two stands of horse are two ranks"
    );
    foot.formation = Formation::Line;
    assert_eq!(foot.depth_in_ranks(), 2, "a line of foot is two ranks");
}

#[test]
fn lancers_strike_harder_at_first_contact_but_save_as_other_horse() {
    let s = battle();
    let foot = first(&s, Troop::Infantry);
    let mut lancers = first(&s, Troop::LightCavalry);
    lancers.lancers = true;
    let charging = assault::fighter(&s, &lancers, &foot, true, &[]);
    assert!(charging.armoured_or_lancers);
    assert!(!charging.armoured, "lancers have no better save");
    let standing = assault::fighter(&s, &lancers, &foot, false, &[]);
    assert!(!standing.armoured_or_lancers, "only at first contact");
    let mut cuirassiers = first(&s, Troop::LightCavalry);
    cuirassiers.armoured = true;
    let f = assault::fighter(&s, &cuirassiers, &foot, true, &[]);
    assert!(f.armoured_or_lancers && f.armoured);
}
