//! A battle set up from a scenario: Quatre Bras starts with every unit where the scenario
//! puts it, none on another, each brigade under its own side's leader; events change the
//! state and keep what it knows of where units stand in step.

use grognard_engine::ctx::Applies;
use grognard_engine::Side;
use grognard_geometry::overlap::bases_overlap;
use grognard_geometry::Pose;
use grognard_rules_fire_and_fury::design::setup;
use grognard_rules_fire_and_fury::event::Event;
use grognard_rules_fire_and_fury::facts::Condition;
use grognard_rules_fire_and_fury::state::{State, What};

fn quatre_bras() -> State {
    setup::start(&setup::built_in())
}

#[test]
fn quatre_bras_starts_with_every_unit_on_the_table_and_none_on_another() {
    let s = quatre_bras();
    // 14 leaders, 18 brigades, 10 batteries and the II Corps sappers.
    assert_eq!(s.units().len(), 43);
    let sappers = s.units().iter().find(|u| u.company().is_some()).unwrap();
    assert!(sappers.lone_company() && sappers.side == Side(0));
    assert_eq!(s.name(sappers.id), "II Corps sappers");
    every_unit_on_the_table_and_none_on_another(&s);
}

#[test]
fn the_scale_battles_are_valid_and_place_every_unit_clear_of_the_others() {
    use grognard_engine::book::Files;
    let rules = grognard_rules_fire_and_fury::FireAndFury;
    for n in [1, 12, 150] {
        let scenario = setup::large(n);
        assert!(rules.scenario_problems(&scenario).is_empty(), "{n}");
        let s = setup::start(&scenario);
        for side in [Side(0), Side(1)] {
            let brigades = s
                .units()
                .iter()
                .filter(|u| u.side == side && u.brigade().is_some());
            assert_eq!(brigades.count(), n);
        }
        every_unit_on_the_table_and_none_on_another(&s);
    }
}

fn every_unit_on_the_table_and_none_on_another(s: &State) {
    let fighting: Vec<_> = s.units().iter().filter(|u| u.fights()).collect();
    for (i, a) in fighting.iter().enumerate() {
        let fa = a.footprint();
        for c in fa.corners() {
            assert!(
                (0.0..=s.field.width).contains(&c.x) && (0.0..=s.field.depth).contains(&c.y),
                "{} reaches off the table",
                s.name(a.id)
            );
        }
        for b in &fighting[i + 1..] {
            assert!(
                !bases_overlap(&fa, &b.footprint(), 1e-6),
                "{} stands on {}",
                s.name(a.id),
                s.name(b.id)
            );
        }
    }
    for u in s.units() {
        let commander = match &u.what {
            What::Brigade(b) => Some(b.commander),
            What::Battery(b) => Some(b.commander),
            What::Company(c) => Some(c.commander),
            What::Leader(l) => l.superior,
        };
        if let Some(c) = commander {
            let c = s.unit(c);
            assert!(c.leader().is_some() && c.side == u.side, "{}", s.name(u.id));
        }
        if let Some(b) = u.brigade() {
            assert_eq!(b.condition, Condition::Fresh);
            assert_eq!(b.stands(), b.start_stands);
        }
    }
    s.index_consistent().unwrap();
}

#[test]
fn events_move_units_and_the_grid_keeps_up() {
    let mut s = quatre_bras();
    let husson = s
        .units()
        .iter()
        .find(|u| s.name(u.id).starts_with("Husson"))
        .unwrap()
        .id;
    // Asked once, the grid is kept from then on.
    assert!(s.near(s.unit(husson).pose.pos, 1.0).any(|u| u.id == husson));
    let to = Pose::new(50.0, 20.0, std::f64::consts::FRAC_PI_2);
    s.apply(&Event::Moved {
        unit: husson,
        to,
        used: 0.5,
    });
    s.index_consistent().unwrap();
    assert!(s.near_side(Side(0), to.pos, 1.0).any(|u| u.id == husson));
    assert!(!s.near_side(Side(1), to.pos, 1.0).any(|u| u.id == husson));
    assert_eq!(s.unit(husson).brigade().unwrap().marks.used, 0.5);
    // Two stands lost to fire: counted for the charge that follows ("NFF Charge 5j").
    s.apply(&Event::Lost {
        unit: husson,
        foot: 4,
        horse: 0,
        fire: true,
    });
    let b = s.unit(husson).brigade().unwrap();
    assert_eq!((b.stands(), b.marks.lost_to_fire), (4, 2));
    s.index_consistent().unwrap();
    s.apply(&Event::Gone {
        unit: husson,
        why: "test".into(),
    });
    assert!(!s.near(to.pos, 1.0).any(|u| u.id == husson));
    s.index_consistent().unwrap();
    assert_eq!(s.stands_lost(Side(0)).0, 6);
}

/// The module's own example ("NFF Prepare for Battle 7b"): two squadrons of the 6th
/// Kurmark Landwehr Cavalry, one stand, joined to an infantry brigade of von Stülpnagel's
/// 12th Brigade. The brigade moves at its slowest stand's rate and loses the horse first.
#[test]
fn a_minority_stand_of_horse_moves_at_the_foot_s_rate_and_is_lost_first() {
    use grognard_rules_fire_and_fury::ctx::Effects;
    use grognard_rules_fire_and_fury::design::validate;
    let text = r#"
rules = "fire-and-fury"
name = "Ligny"
year = 1815
[[sides]]
name = "Prussians"
nation = "prussian"
commander = "steady"
[[sides.leaders]]
name = "Stülpnagel"
rank = "army"
at = [30, 5, 90]
[[sides.brigades]]
name = "1st Kurmark Landwehr, with two squadrons of the 6th Kurmark Landwehr Cavalry"
commander = "Stülpnagel"
stands = [
  { kind = "infantry", count = 6, rating = "conscript" },
  { kind = "light_cavalry", count = 1, rating = "conscript" },
]
at = [30, 12, 90]

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Vandamme"
rank = "army"
at = [30, 44, 270]
[[sides.brigades]]
name = "Line"
commander = "Vandamme"
stands = [{ kind = "infantry", count = 6, rating = "regular" }]
at = [30, 40, 270]
"#;
    let s = validate::load("ligny.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut state = setup::start(&s);
    let b = state.unit(1).brigade().unwrap();
    assert!(b.mixed && !b.cavalry);
    // Columnar Prussian foot of 1815 in Single Echelon: 8", though the horse alone makes 12".
    assert_eq!(
        grognard_rules_fire_and_fury::measure::full_move(&state, state.unit(1)),
        8.0
    );
    let mut dice = grognard_engine::dice::Scripted::new(&[]);
    let mut events = Vec::new();
    let mut ctx = grognard_engine::ctx::Ctx::new(&mut state, &mut dice, &mut events);
    ctx.lose(1, 1, true, "test");
    let b = state.unit(1).brigade().unwrap();
    assert_eq!((b.foot, b.horse), (6, 0));
}
