//! Grognard's tables for the ones the module refers to but does not print: that they read,
//! say they are not the published ones, give the chances the design sets out
//! (docs/fire-and-fury-design.md, part 4), and give way to a player's own.

use grognard_rules_fire_and_fury::tables::{
    self, Arm, Column, ManeuverResult, Rating, Tables, Thresholds, Weight, OURS,
};

/// How many of a d10's ten faces, thrown with `modifier`, read a cell of each kind.
fn faces<K: PartialEq + Copy>(
    c: &Column<ManeuverResult>,
    modifier: i32,
    kinds: &[K],
    kind: impl Fn(&ManeuverResult) -> K,
) -> Vec<u32> {
    kinds
        .iter()
        .map(|k| c.faces(modifier).filter(|r| kind(r) == *k).count() as u32)
        .collect()
}

#[test]
fn the_shipped_tables_read_and_say_they_are_not_the_published_ones() {
    let t = tables::shipped().unwrap_or_else(|e| panic!("{e:?}"));
    for (name, p) in t.provenances() {
        assert_eq!(p, OURS, "{name}");
    }
    assert_eq!(Tables::default(), t);
}

#[test]
fn moves_and_ground_are_as_the_chart_gives_them() {
    let m = Tables::default().movement;
    // Columnar infantry outpaces linear in line of battle, not on the road (design 4.1).
    assert_eq!(m.infantry.linear.single_echelon, 6.0);
    assert_eq!(m.infantry.columnar.single_echelon, 8.0);
    assert_eq!(m.infantry.linear.road, m.infantry.columnar.road);
    assert_eq!(m.cavalry.light.single_echelon, 12.0);
    // Dense wood: twice the inches for foot, three times for horse, closed to limbers.
    let wood = &m.terrain["dense_wood"];
    assert_eq!(wood.factor(Arm::Infantry), Some(2.0));
    assert_eq!(wood.factor(Arm::Cavalry), Some(3.0));
    assert_eq!(wood.factor(Arm::Artillery), None);
    // A hedge costs inches to cross, and disorders only horse.
    let hedge = &m.terrain["hedge"];
    assert_eq!(hedge.crossing(Arm::Cavalry), Some(2.0));
    assert_eq!(hedge.factor(Arm::Cavalry), Some(1.0));
    assert_eq!(hedge.disorders, [Arm::Cavalry]);
    // Works are closed to limbered guns.
    assert_eq!(m.terrain["field_works"].crossing(Arm::Artillery), None);
}

#[test]
fn reserve_movement_fails_three_times_in_ten_at_no_modifier() {
    let t = Tables::default();
    let share = |r: &ManeuverResult| (r.moves * 2.0) as u8;
    // No move, half, full (design 4.2).
    for (m, want) in [
        (-2, [5, 2, 3]),
        (0, [3, 2, 5]),
        (2, [1, 2, 7]),
        (3, [0, 2, 8]),
    ] {
        assert_eq!(
            faces(&t.maneuver.reserve, m, &[0, 1, 2], share),
            want,
            "modifier {m}"
        );
    }
    assert!(t.maneuver.reserve.read(3).failure);
    assert!(!t.maneuver.reserve.read(4).failure);
}

#[test]
fn a_brigade_in_good_order_charges_on_eight_or_more() {
    let t = Tables::default();
    // Falter, halt, half, full, full and may charge (design 4.2).
    let kind = |r: &ManeuverResult| match (r.disorder, r.moves, r.charge) {
        (true, _, _) => 0,
        (_, 0.0, _) => 1,
        (_, m, _) if m < 1.0 => 2,
        (_, _, false) => 3,
        _ => 4,
    };
    for (m, want) in [
        (-2, [3, 2, 2, 2, 1]),
        (0, [1, 2, 2, 2, 3]),
        (2, [0, 1, 2, 2, 5]),
    ] {
        assert_eq!(
            faces(&t.maneuver.good_order, m, &[0, 1, 2, 3, 4], kind),
            want,
            "modifier {m}"
        );
    }
}

#[test]
fn disordered_cavalry_announcing_a_charge_goes_in_only_on_a_ten() {
    // It reads the Disorder column at -3 ("NFF Maneuver: Tactical Movement 2", design
    // 4.2): only a 10 reaches the scores that let it charge.
    let t = Tables::default();
    let charging: Vec<bool> = t
        .maneuver
        .disorder
        .faces(-3)
        .map(|r| r.charge || r.choose.iter().any(|c| c.charge))
        .collect();
    assert_eq!(charging.iter().filter(|c| **c).count(), 1);
    assert!(charging[9]);
}

#[test]
fn a_disordered_brigade_rallies_four_times_in_ten_unaided() {
    let t = Tables::default();
    // Fall back, halt, half, rally or half and charge, rally and half or full and charge.
    let kind = |r: &ManeuverResult| match (r.fall_back > 0.0, r.choose.len(), r.moves) {
        (true, _, _) => 0,
        (_, 0, 0.0) => 1,
        (_, 0, _) => 2,
        _ if r.choose.iter().any(|c| c.moves == 1.0) => 4,
        _ => 3,
    };
    for (m, want) in [
        (-2, [3, 2, 3, 2, 0]),
        (0, [1, 2, 3, 2, 2]),
        (2, [0, 1, 3, 2, 4]),
    ] {
        assert_eq!(
            faces(&t.maneuver.disorder, m, &[0, 1, 2, 3, 4], kind),
            want,
            "modifier {m}"
        );
    }
    let rallies = t
        .maneuver
        .disorder
        .faces(0)
        .filter(|r| r.choose.iter().any(|c| c.rally))
        .count();
    assert_eq!(rallies, 4);
}

#[test]
fn fire_costs_the_stands_the_design_sets_out() {
    // Mean stands lost a roll, in tenths, for each column at -2, 0 and +2 (design 4.3).
    let t = Tables::default();
    let f = &t.fire;
    let mean = |fp: f64, m: i32| -> u32 {
        let c = f.column(fp).expect("fires");
        (1..=10).map(|face| f.read(c, face + m).stands).sum()
    };
    let totals = [1.0, 2.0, 3.0, 5.0, 7.0, 10.0, 14.0, 19.0, 26.0];
    let at = |m: i32| totals.map(|fp| mean(fp, m));
    assert_eq!(at(-2), [0, 0, 0, 0, 1, 2, 3, 5, 7]);
    assert_eq!(at(0), [0, 0, 1, 2, 3, 5, 7, 10, 13]);
    assert_eq!(at(2), [0, 2, 3, 4, 7, 9, 13, 16, 19]);
    // A six-stand columnar brigade at musket range (6 fire points): Disordered three times
    // in ten, a stand lost twice, once of them Disordered too.
    let c = f.column(6.0).expect("fires");
    let results: Vec<String> = (1..=10).map(|face| f.read(c, face).into()).collect();
    assert_eq!(results, ["-", "-", "-", "-", "-", "D", "D", "D", "1", "1D"]);
}

#[test]
fn fire_points_are_rounded_halves_up_and_under_a_half_is_no_fire() {
    let f = Tables::default().fire;
    assert!(f.column(0.4).is_none());
    assert_eq!(f.column(0.5).map(|c| c.fp), Some(1));
    assert_eq!(f.column(2.5).map(|c| c.fp), Some(3));
    assert_eq!(f.column(2.4).map(|c| c.fp), Some(2));
    assert_eq!(f.column(9.5).map(|c| c.fp), Some(10));
    assert_eq!(f.column(60.0).map(|c| c.fp), Some(26));
    assert!(f.column(f64::NAN).is_none());
}

#[test]
fn batteries_fire_by_weight_and_range() {
    let p = Tables::default().fire_points;
    // Canister up to 3", then round shot to each weight's range (design 4.3).
    assert_eq!(p.battery(Weight::Medium, 3.0), Some(5.0));
    assert_eq!(p.battery(Weight::Medium, 3.1), Some(3.0));
    assert_eq!(p.battery(Weight::Light, 10.0), Some(1.0));
    assert_eq!(p.battery(Weight::Light, 10.1), None);
    assert_eq!(p.battery(Weight::Heavy, 14.0), Some(2.0));
    // A Grand Battery of five medium batteries at 3.1"-8" (x1 1/2, the module's) reads the
    // 19-25 column and takes a stand a roll on average with no modifier.
    let t = Tables::default();
    let total = 5.0 * p.battery(Weight::Medium, 6.0).expect("in range") * 1.5;
    let c = t.fire.column(total).expect("fires");
    assert_eq!(c.fp, 19);
    let stands: u32 = (1..=10).map(|face| t.fire.read(c, face).stands).sum();
    assert_eq!(stands, 10);
}

#[test]
fn a_charismatic_leader_falls_three_times_as_often() {
    let l = Tables::default().leader_casualty;
    let falls = |charismatic| (1..=10).filter(|f| l.falls(*f, charismatic)).count();
    assert_eq!((falls(false), falls(true)), (1, 3));
}

#[test]
fn the_charge_table_splits_equal_forces_evenly() {
    let t = Tables::default();
    // The differential of two d10 with a net modifier, band by band from the attacker
    // routed up to the defender routed (design 4.4).
    let chances = |m: i32| {
        let mut out = vec![0u32; t.charge.bands.len()];
        for a in 1..=10 {
            for d in 1..=10 {
                let b = t.charge.band(a + m - d);
                let i = t.charge.bands.iter().position(|x| x == b).expect("a band");
                out[i] += 1;
            }
        }
        out.reverse();
        out
    };
    assert_eq!(chances(-2), [15, 21, 28, 8, 18, 9, 1]);
    assert_eq!(chances(0), [6, 15, 24, 10, 24, 15, 6]);
    assert_eq!(chances(2), [1, 9, 18, 8, 28, 21, 15]);
    assert_eq!(chances(4), [0, 3, 12, 6, 24, 27, 28]);
    // A win by 4 or more costs the loser a stand; a narrow one only pushes back.
    assert_eq!(t.charge.band(4).defender.stands, 1);
    assert_eq!(t.charge.band(3).defender.stands, 0);
    assert!(t.charge.band(-9).defender.breakthrough);
}

#[test]
fn the_effectiveness_chart_follows_its_shares() {
    // Worn at 1/6, 1/4 and 1/3 of the starting stands (at least one), rounded down; Spent
    // at 1/3, 1/2 and 2/3, rounded up, above Worn and at most every stand (design 4.5).
    let t = Tables::default();
    let shares = [
        (Rating::Conscript, (1, 6), (1, 3)),
        (Rating::Regular, (1, 4), (1, 2)),
        (Rating::Elite, (1, 3), (2, 3)),
    ];
    assert_eq!(t.effectiveness.chart.len(), 20);
    for row in &t.effectiveness.chart {
        let n = row.stands;
        for (r, (wn, wd), (sn, sd)) in shares {
            let worn = (n * wn / wd).max(1);
            let spent = (n * sn).div_ceil(sd).max(worn + 1).min(n);
            assert_eq!(row.of(r), Thresholds { worn, spent }, "{n} stands, {r:?}");
        }
    }
    // Past the chart, the last row's shares.
    let big = t.effectiveness.thresholds(40, Rating::Regular);
    assert_eq!((big.worn, big.spent), (10, 20));
}

#[test]
fn three_elite_stands_and_four_regular_make_a_regular_brigade() {
    // The module's own example ("NFF Prepare for Battle 6b"): 3 stands of Saxon
    // grenadiers (Elite, 3 points each) and 4 of line (Regular, 2 each) are 17 points over
    // 7 stands, 2.42, rounded down to 2: Regular.
    let t = Tables::default();
    let mut stands = vec![Rating::Elite; 3];
    stands.extend([Rating::Regular; 4]);
    assert_eq!(t.effectiveness.rating(&stands), Some(Rating::Regular));
    assert_eq!(
        t.effectiveness.rating(&[Rating::Elite; 2]),
        Some(Rating::Elite)
    );
    assert_eq!(t.effectiveness.rating(&[]), None);
}

#[test]
fn a_complete_table_set_of_the_players_own_replaces_every_table() {
    let text = include_str!("tables/alternative.toml");
    let t = tables::load("alternative.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(t.movement.infantry.linear.single_echelon, 5.0);
    assert_eq!(t.movement.terrain.len(), 1);
    assert_eq!(t.fire_points.battery(Weight::Light, 11.0), Some(2.0));
    assert!(t.leader_casualty.falls(3, true));
    for (name, p) in t.provenances() {
        assert_eq!(p, "the player's own copy", "{name}");
    }
    assert_eq!(t.maneuver.good_order.read(9).moves, 1.0);
    assert!(!t.maneuver.good_order.read(1).charge);
    assert_eq!(t.charge.band(3).defender.stands, 3);
    let c = t.fire.column(4.0).expect("fires");
    assert_eq!(String::from(t.fire.read(c, 6)), "2D");
    assert_eq!(t.charge.band(2).attacker.stands, 1);
    assert!(t.effectiveness.spent_may_charge);
    assert_eq!(
        t.effectiveness.rating(&[Rating::Elite, Rating::Conscript]),
        Some(Rating::Regular)
    );
}

#[test]
fn a_file_giving_one_table_leaves_the_others_grognards() {
    let text = "[charge]\nprovenance = \"house rules\"\ninfantry_square_at_or_below = 0\n\n[[charge.bands]]\nattacker = {}\ndefender = {}\n";
    let t = tables::load("house.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(t.charge.provenance, "house rules");
    assert_eq!(t.maneuver, Tables::default().maneuver);
    assert_eq!(t.effectiveness, Tables::default().effectiveness);
}

#[test]
fn bad_table_files_are_named_by_file_line_column_and_field() {
    let cases: [(&str, &str, (usize, &str)); 7] = [
        (
            "ground of no known kind",
            "[movement]\nprovenance = \"x\"\nleader = 24.0\nengineers = 8.0\n[movement.infantry]\nlinear = { single_echelon = 6.0, double_echelon = 6.0, brigade_masse = 8.0, march_column = 10.0, road = 14.0 }\ncolumnar = { single_echelon = 6.0, double_echelon = 6.0, brigade_masse = 8.0, march_column = 10.0, road = 14.0 }\nimpulse = { single_echelon = 6.0, double_echelon = 6.0, brigade_masse = 8.0, march_column = 10.0, road = 14.0 }\n[movement.cavalry]\nlight = { single_echelon = 6.0, double_echelon = 6.0, brigade_masse = 8.0, march_column = 10.0, road = 14.0 }\nheavy = { single_echelon = 6.0, double_echelon = 6.0, brigade_masse = 8.0, march_column = 10.0, road = 14.0 }\n[movement.artillery]\nfoot = 8.0\nfoot_road = 12.0\nhorse = 12.0\nhorse_road = 16.0\nprolonge = 1.0\n[movement.terrain.swamp]\ninfantry = 2.0\n",
            (18, "movement.terrain.swamp"),
        ),
        (
            "a fire result that is not one",
            "[fire]\nprovenance = \"x\"\nlow = 0\nminimum = 0.5\n[[fire.columns]]\nfp = 1\ncells = [\"-\", \"X\"]\n",
            (7, "fire.columns[0].cells[1]"),
        ),
        (
            "a table without its provenance",
            "[charge]\ninfantry_square_at_or_below = 0\nbands = []\n",
            (1, "charge"),
        ),
        (
            "a share of a move above one",
            "[maneuver]\nprovenance = \"x\"\n[maneuver.reserve]\nlow = 3\ncells = [{ move = 2.0 }]\n[maneuver.good_order]\nlow = 1\ncells = [{}]\n[maneuver.disorder]\nlow = 1\ncells = [{}]\n",
            (5, "maneuver.reserve.cells[0].move"),
        ),
        (
            "bands out of order",
            "[charge]\nprovenance = \"x\"\ninfantry_square_at_or_below = 0\n[[charge.bands]]\nfrom = 1\nattacker = {}\ndefender = {}\n[[charge.bands]]\nfrom = 4\nattacker = {}\ndefender = {}\n[[charge.bands]]\nattacker = {}\ndefender = {}\n",
            (9, "charge.bands[1].from"),
        ),
        (
            "an unknown table",
            "[musketry]\nprovenance = \"x\"\n",
            (1, "musketry"),
        ),
        (
            "a chart with a gap",
            "[effectiveness]\nprovenance = \"x\"\npoints = { conscript = 1, regular = 2, elite = 3 }\nspent_may_charge = false\n[[effectiveness.chart]]\nstands = 2\nconscript = { worn = 1, spent = 2 }\nregular = { worn = 1, spent = 2 }\nelite = { worn = 1, spent = 2 }\n",
            (6, "effectiveness.chart[0].stands"),
        ),
    ];
    for (what, text, (line, path)) in cases {
        let errors = match tables::load("bad.toml", text) {
            Ok(_) => panic!("{what}: accepted"),
            Err(e) => e,
        };
        let first = &errors[0];
        assert_eq!(first.file, "bad.toml", "{what}");
        assert_eq!(
            (first.line, first.path.as_str()),
            (line, path),
            "{what}: {first:?}"
        );
        assert!(!first.hint.is_empty(), "{what}: {first:?}");
    }
}
