//! Orders of battle designed into armies ("NW II"), and the errors a bad one gets.

use grognard_engine::files::parse_toml;
use grognard_rules_napoleons_wars::design::army::{commander_label, Army};
use grognard_rules_napoleons_wars::design::oob::{design, OrderOfBattle};
use grognard_rules_napoleons_wars::design::roster::boxes_text;
use grognard_rules_napoleons_wars::tables::Tables;
use grognard_rules_napoleons_wars::{Arm, GunWeight, Quality, Rating};

const EXAMPLE: &str = include_str!("../../../scenarios/napoleons-wars/army-of-italy-1809.toml");

fn designed(
    text: &str,
) -> Result<grognard_rules_napoleons_wars::design::oob::Designed, Vec<String>> {
    let oob: OrderOfBattle = parse_toml("oob.toml", text).map_err(|e| vec![e.to_string()])?;
    design(&Tables::default(), &oob).map_err(|ps| {
        ps.into_iter()
            .map(|p| p.locate("oob.toml", text).to_string())
            .collect()
    })
}

// The example file: two corps, divisional artillery, a rated and an unrated commander.
#[test]
fn the_example_order_of_battle_designs_by_the_book() {
    let d = designed(EXAMPLE).expect("the example designs");
    let a = &d.army;
    // Eugene is rated Good as an army commander: presence +2, one ADC.
    assert_eq!(
        (a.cinc.rating, a.cinc.presence, a.adcs),
        (Rating::Good, 2, 1)
    );
    // 15 units at Average morale: 15 x .35 = 5.25, so the army breaks after 5 losses.
    assert_eq!((a.units(), a.fatigue), (15, 5));
    let v = &a.commands[0];
    // MacDonald, French and Good: 4" + 1" a unit for 9 units.
    assert_eq!(commander_label(v), "MacDonald, V Corps, G, 13\"");
    assert_eq!(v.fatigue, 3, "9 x .35 = 3.15");
    // 3,200 Line men make 6 s.p., and the 6 lb divisional battery adds one: 7/5/3.
    let b = &v.divisions[0].brigades[0];
    assert_eq!((b.sp, b.quality, b.sk), (7, Quality::Line, 2));
    assert_eq!(b.roster_label(), "1B/1/V SK2 7/5/3 LN");
    assert_eq!(boxes_text(&b.fatigue), "00/00/00");
    // Legere of 1809 is Veteran: 2,400 / 400 = 6, +1 = 7.
    assert_eq!(v.divisions[0].brigades[1].quality, Quality::Veteran);
    // Hussars are light cavalry, Elite in 1809: 1,400 / 200 = 7 s.p.
    let h = &v.divisions[2].brigades[0];
    assert_eq!((h.arm, h.sp, h.movement), (Arm::Cavalry, 7, 16.0));
    // Grenier is not in the officer ratings; the file rates him Average.
    assert_eq!(a.commands[1].commander.rating, Rating::Average);
    // 12 infantry and cavalry units / 6 = 2 generals, to the largest divisions.
    assert_eq!(a.generals(), 2);
    assert_eq!(v.divisions[0].generals, vec!["1/V".to_string()]);
    assert!(d.notes.iter().any(|n| n.contains("3200 men / 500")));
}

// The designed roster is a file a scenario can hold: it reads back exactly.
#[test]
fn a_designed_army_round_trips_through_toml() {
    let d = designed(EXAMPLE).unwrap();
    let text = toml::to_string(&d.army).unwrap();
    let back: Army = parse_toml("army.toml", &text).unwrap();
    assert_eq!(back, d.army);
}

// A designed roster with brigades of the chart's short rows ("2/-/1") writes to a file and
// reads back: a level the chart leaves out is left out of the file.
#[test]
fn a_roster_with_missing_fatigue_levels_round_trips() {
    let d = designed(&one_brigade("type = \"Ligne Infantry\"\nmen = 1000")).unwrap();
    let b = &d.army.commands[0].divisions[0].brigades[0];
    assert_eq!((b.sp, b.fatigue.worn, b.fatigue.spent), (2, None, Some(1)));
    let text = toml::to_string(&d.army).expect("the roster writes as TOML");
    let back: Army = parse_toml("army.toml", &text).unwrap();
    assert_eq!(back, d.army);
}

const HEAD: &str =
    "name = \"Test\"\nnation = \"France\"\nyear = 1809\nmorale = \"Average\"\ncinc = \"Massena\"\n";

fn one_brigade(lines: &str) -> String {
    format!(
        "{HEAD}\n[[commands]]\nname = \"IV Corps\"\ncommander = \"Massena\"\n\n[[commands.divisions]]\nname = \"1st\"\n\n[[commands.divisions.brigades]]\n{lines}\n"
    )
}

#[test]
fn bad_orders_of_battle_say_where_and_why() {
    let cases: Vec<(String, &str)> = vec![
        (
            one_brigade("type = \"Voltigeurs\"\nmen = 2000"),
            "oob.toml:15:8: commands[0].divisions[0].brigades[0].type: France has no unit type named \"Voltigeurs\"",
        ),
        (
            one_brigade("type = \"Chasseurs\"\nmen = 2000"),
            "oob.toml:15:8: commands[0].divisions[0].brigades[0].type: France Chasseurs is rated only for 1792-1802; 1803-1807, 1815; 1813-1814, not 1809",
        ),
        (
            one_brigade("type = \"Marines\"\nmen = 2000"),
            "oob.toml:15:8: commands[0].divisions[0].brigades[0].type: France Marines may be Conscript or Veteran",
        ),
        (
            one_brigade("type = \"Ligne Infantry\"\nmen = 600"),
            "oob.toml:16:7: commands[0].divisions[0].brigades[0].men: 600 men make only 1 s.p.",
        ),
        (
            one_brigade("type = \"Ligne Infantry\"\nmen = \"many\""),
            "oob.toml:16:7: commands[0].divisions[0].brigades[0].men:",
        ),
        (
            one_brigade("type = \"Vistula Uhlans\"\narm = \"cavalry\"\nquality = \"Elite\"\nmen = 1200"),
            "oob.toml:14:1: commands[0].divisions[0].brigades[0].weight: a cavalry type of the designer's own needs its weight",
        ),
        (
            format!("{HEAD}\n[[commands]]\nname = \"IV Corps\"\ncommander = \"Nobody\"\ndivisions = []\n"),
            "oob.toml:9:13: commands[0].commander: Nobody is not in the officer ratings",
        ),
    ];
    for (text, want) in cases {
        let errors = designed(&text).expect_err(want);
        assert!(
            errors[0].starts_with(want),
            "expected {want:?}\n     got {:?}",
            errors[0]
        );
        assert!(
            errors[0].contains("hint:") || want.ends_with(':'),
            "{:?}",
            errors[0]
        );
    }
}

// A designer's own type, and a brigade large enough to split.
#[test]
fn own_types_and_very_large_brigades() {
    let d = designed(&one_brigade(
        "type = \"Vistula Uhlans\"\narm = \"cavalry\"\nquality = \"Elite\"\nweight = \"Light\"\nmen = 3000",
    ))
    .unwrap();
    let bs = &d.army.commands[0].divisions[0].brigades;
    // 3,000 / 200 = 15 s.p.: over 12, so two brigades of 8 and 7 ("NW II 2.2").
    assert_eq!(bs.iter().map(|b| b.sp).collect::<Vec<_>>(), vec![8, 7]);
    assert_eq!(bs[0].label, "1B/1/IVa");
    assert!(d.notes.iter().any(|n| n.contains("split into 8 and 7")));
}

// "NW National Unit Ratings", France: cavalry listed as "Provisional" is one level lower.
// Dragoons of 1809 are Line, so Provisional Dragoons are Conscript: 1,400 / 350 = 4 s.p.
#[test]
fn french_provisional_cavalry_is_one_level_lower() {
    let d = designed(&one_brigade("type = \"Provisional Dragoons\"\nmen = 1400")).unwrap();
    let b = &d.army.commands[0].divisions[0].brigades[0];
    assert_eq!(
        (b.arm, b.quality, b.sp),
        (Arm::Cavalry, Quality::Conscript, 4)
    );
    assert!(
        d.notes
            .iter()
            .any(|n| n.contains("Provisional cavalry, one level lower")),
        "{:?}",
        d.notes
    );
    // Plain Dragoons keep the listed Line.
    let plain = designed(&one_brigade("type = \"Dragoons\"\nmen = 1400")).unwrap();
    assert_eq!(
        plain.army.commands[0].divisions[0].brigades[0].quality,
        Quality::Line
    );
    // Provisional Infantry is a listed infantry type, rated as listed (Conscript).
    let inf = designed(&one_brigade("type = \"Provisional Infantry\"\nmen = 3000")).unwrap();
    assert_eq!(
        inf.army.commands[0].divisions[0].brigades[0].quality,
        Quality::Conscript
    );
}

// "NW National Unit Ratings", Prussia: Guard class cavalry adds one level (the book's own
// example: Uhlans are Veteran in 1813, Guard Uhlans Elite: 1,200 / 200 = 6 s.p.).
#[test]
fn prussian_guard_cavalry_is_one_level_higher() {
    let text = "name = \"Test\"\nnation = \"Prussia\"\nyear = 1813\nmorale = \"Average\"\ncinc = \"Blucher\"\n\n[[commands]]\nname = \"I Corps\"\ncommander = \"Yorck\"\n\n[[commands.divisions]]\nname = \"Reserve Cavalry\"\n\n[[commands.divisions.brigades]]\ntype = \"Guard Uhlans\"\nmen = 1200\n\n[[commands.divisions.brigades]]\ntype = \"Uhlans\"\nmen = 1200\n\n[[commands.divisions.brigades]]\ntype = \"Guard du Corps\"\nmen = 900\n";
    let d = designed(text).unwrap();
    let bs = &d.army.commands[0].divisions[0].brigades;
    assert_eq!((bs[0].quality, bs[0].sp), (Quality::Elite, 6));
    assert_eq!((bs[1].quality, bs[1].sp), (Quality::Veteran, 5));
    // Guard du Corps is a listed type of its own: Guard, not raised again.
    assert_eq!(bs[2].quality, Quality::Guard);
    assert!(d
        .notes
        .iter()
        .any(|n| n.starts_with("1B/1/I: Guard Uhlans is Uhlans Veteran, Guard class cavalry")));
    // The prefix is for a listed type only.
    let bad = designed(&text.replace("Guard Uhlans", "Guard Camels")).unwrap_err();
    assert!(
        bad[0].contains("has no unit type named \"Guard Camels\""),
        "{bad:?}"
    );
}

// "NW 2.0": two batteries of one command alike in weight and kind get labels of their own,
// and a scenario can place each by its label.
#[test]
fn batteries_alike_get_labels_of_their_own() {
    let text = format!(
        "{HEAD}\n[[commands]]\nname = \"VIII Corps\"\ncommander = \"Massena\"\n\n[[commands.divisions]]\nname = \"1st\"\n\n[[commands.divisions.brigades]]\ntype = \"Ligne Infantry\"\nmen = 3000\n\n[[commands.batteries]]\npounds = 12\n\n[[commands.batteries]]\npounds = 12\n\n[[commands.batteries]]\npounds = 6\nhorse = true\n"
    );
    let d = designed(&text).unwrap();
    let labels: Vec<&str> = d.army.commands[0]
        .batteries
        .iter()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(
        labels,
        vec![
            "VIII Corp, 12 lb, Foot (1)",
            "VIII Corp, 12 lb, Foot (2)",
            "VIII Corp, 6 lb, Horse"
        ]
    );
    // Placed by label, each battery stands where its own placement says.
    use grognard_rules_napoleons_wars::scenario::{Placement, Scenario, SideSpec};
    let mut sc: Scenario = grognard_rules_napoleons_wars::book::default_scenario();
    sc.sides[0].army = d.army.clone();
    let at = |unit: &str, x: f64| Placement {
        unit: unit.into(),
        at: [x, 10.0, 90.0],
        turn: 1,
    };
    sc.sides[0] = SideSpec {
        name: "French".into(),
        army: d.army.clone(),
        edge: None,
        deploy: vec![
            at("1B/1/VIII", 20.0),
            at("VIII Corp, 12 lb, Foot (1)", 30.0),
            at("VIII Corp, 12 lb, Foot (2)", 40.0),
            at("VIII Corp, 6 lb, Horse", 50.0),
        ],
    };
    let problems = grognard_rules_napoleons_wars::book::problems(&sc);
    assert!(problems.is_empty(), "{problems:?}");
    let s = grognard_rules_napoleons_wars::start::start(&sc);
    let x = |l: &str| s.units.iter().find(|u| u.label == l).unwrap().pose.pos.x;
    assert_eq!(
        (
            x("VIII Corp, 12 lb, Foot (1)"),
            x("VIII Corp, 12 lb, Foot (2)")
        ),
        (30.0, 40.0)
    );
}

// "NW Optional rules 3.0, 4.0": foot howitzers are heavy, horse howitzers light, whatever
// their pounds; rockets move as horse artillery (12").
#[test]
fn howitzer_and_rocket_batteries_are_designed_by_the_optional_rules() {
    use grognard_rules_napoleons_wars::design::army::Ordnance;
    use grognard_rules_napoleons_wars::GunWeight;
    let text = format!(
        "{HEAD}\n[[commands]]\nname = \"IV Corps\"\ncommander = \"Massena\"\n\n[[commands.divisions]]\nname = \"1st\"\n\n[[commands.divisions.brigades]]\ntype = \"Ligne Infantry\"\nmen = 3000\n\n[[commands.batteries]]\npounds = 7\nordnance = \"howitzers\"\n\n[[commands.batteries]]\npounds = 7\nhorse = true\nordnance = \"howitzers\"\n\n[[commands.batteries]]\npounds = 6\nordnance = \"rockets\"\n"
    );
    let d = designed(&text).unwrap();
    let b = &d.army.commands[0].batteries;
    assert_eq!((b[0].weight, b[0].movement), (GunWeight::Heavy, 8.0));
    assert_eq!((b[1].weight, b[1].movement), (GunWeight::Light, 12.0));
    assert_eq!(
        (b[2].ordnance, b[2].horse, b[2].movement),
        (Ordnance::Rockets, true, 12.0)
    );
    assert_eq!(b[2].label, "IV Corp, 6 lb, Horse, Rockets");
    assert!(d.notes.iter().any(|n| n.contains("NW Optional rules 4.0")));
}

// Ruling N45: a battery's pounds must fall in a row of the fire points table (light 3-4 lb,
// medium 6-9 lb, heavy 10 lb or more), up to 24 lb; divisional batteries alike.
#[test]
fn battery_pounds_need_a_row_of_the_fire_points_table() {
    let with_battery = |pounds: u32| {
        format!(
            "{HEAD}\n[[commands]]\nname = \"IV Corps\"\ncommander = \"Massena\"\n\n[[commands.divisions]]\nname = \"1st\"\n\n[[commands.divisions.brigades]]\ntype = \"Ligne Infantry\"\nmen = 3000\n\n[[commands.batteries]]\npounds = {pounds}\n"
        )
    };
    for (pounds, weight) in [
        (3, GunWeight::Light),
        (9, GunWeight::Medium),
        (24, GunWeight::Heavy),
    ] {
        let d = designed(&with_battery(pounds)).unwrap();
        assert_eq!(
            d.army.commands[0].batteries[0].weight, weight,
            "{pounds} lb"
        );
    }
    for pounds in [0, 1, 2, 5, 25] {
        let errors = designed(&with_battery(pounds)).expect_err("no row");
        assert!(
            errors[0].starts_with(&format!(
                "oob.toml:19:10: commands[0].batteries[0].pounds: {pounds} lb guns"
            )),
            "{errors:?}"
        );
    }
    let divisional = one_brigade("type = \"Ligne Infantry\"\nmen = 3000")
        .replace("name = \"1st\"\n", "name = \"1st\"\nartillery = [5]\n");
    let errors = designed(&divisional).expect_err("no row");
    assert!(
        errors[0].contains("commands[0].divisions[0].artillery[0]: a 5 lb battery"),
        "{errors:?}"
    );
}

// Ruling N47: an officer who leads the army and a corps, or two corps, has a figure for each
// post; the corps' figure is named for the corps, and a scenario places each by its name.
#[test]
fn an_officer_with_two_posts_has_a_figure_for_each() {
    use grognard_rules_napoleons_wars::scenario::{Placement, SideSpec};
    let d = designed(&one_brigade("type = \"Ligne Infantry\"\nmen = 3000")).unwrap();
    assert_eq!(d.army.cinc.name, "Massena");
    assert_eq!(d.army.commands[0].commander.name, "Massena (IV Corps)");
    assert!(
        d.notes.iter().any(|n| n.contains("ruling N47")),
        "{:?}",
        d.notes
    );
    let mut sc = grognard_rules_napoleons_wars::book::default_scenario();
    let at = |unit: &str, x: f64| Placement {
        unit: unit.into(),
        at: [x, 10.0, 90.0],
        turn: 1,
    };
    sc.sides[0] = SideSpec {
        name: "French".into(),
        army: d.army.clone(),
        edge: None,
        deploy: vec![
            at("1B/1/IV", 20.0),
            at("Massena", 30.0),
            at("Massena (IV Corps)", 40.0),
        ],
    };
    let problems = grognard_rules_napoleons_wars::design::validate::problems(&sc);
    assert!(problems.is_empty(), "{problems:?}");
    let s = grognard_rules_napoleons_wars::start::start(&sc);
    let x = |l: &str| s.units.iter().find(|u| u.label == l).unwrap().pose.pos.x;
    assert_eq!((x("Massena"), x("Massena (IV Corps)")), (30.0, 40.0));
    // Generals may not share an officer's name: that is a mistake, not a second post.
    let twice = one_brigade("type = \"Ligne Infantry\"\nmen = 3000").replace(
        "name = \"1st\"\n",
        "name = \"1st\"\ngenerals = [\"Massena\"]\n",
    );
    let errors = designed(&twice).expect_err("a general named as the CinC");
    assert!(
        errors[0].contains("generals[0]: \"Massena\" is also the officer at cinc"),
        "{errors:?}"
    );
}

// NW II 3.12 (ruling N40): irregular horse never count against the army's fatigue, so its
// breaking point is figured from the other units. Ten line brigades and four of Cossacks at
// Average morale: 10 x .35 = 3.5, which rounds down to 3 (14 units would give 4.9, so 5).
#[test]
fn irregular_horse_are_left_out_of_the_armys_breaking_point() {
    let mut text = String::from(
        "name = \"Army of the West\"\nnation = \"Russia\"\nyear = 1812\nmorale = \"Average\"\ncinc = \"Bagration\"\n\n[[commands]]\nname = \"VI Corps\"\ncommander = \"Baggavout\"\n\n[[commands.divisions]]\nname = \"7th\"\n",
    );
    for _ in 0..10 {
        text.push_str("\n[[commands.divisions.brigades]]\ntype = \"Line Infantry\"\nquality = \"Line\"\nmen = 2500\n");
    }
    for _ in 0..4 {
        text.push_str("\n[[commands.divisions.brigades]]\ntype = \"Cossacks\"\nmen = 800\n");
    }
    let d = designed(&text).expect("the order of battle designs");
    assert_eq!(d.army.units(), 14);
    assert_eq!(d.army.fatigue_units(), 10);
    assert_eq!(d.army.fatigue, 3);
    assert!(
        d.notes.iter().any(|n| n
            .contains("10 units (and 4 of irregular horse, not counted), breaks after 3 losses")),
        "{:?}",
        d.notes
    );
}

/// A Russian army of one corps of Line infantry and `extra`, in 1812.
fn russians(extra: &str) -> String {
    format!(
        "name = \"Army of the West\"\nnation = \"Russia\"\nyear = 1812\nmorale = \"Average\"\ncinc = \"Bagration\"\n\n[[commands]]\nname = \"VI Corps\"\ncommander = \"Baggavout\"\n\n[[commands.divisions]]\nname = \"7th\"\n\n[[commands.divisions.brigades]]\ntype = \"Line Infantry\"\nquality = \"Line\"\nmen = 2500\n{extra}"
    )
}

// "NW Fire Modifiers", ruling N52: the chart's "Cossack artillery" is a battery marking. A
// Russian horse battery may be marked Cossack and keeps the mark on its roster; a foot
// battery, or one of another nation, may not.
#[test]
fn cossack_guns_are_russian_horse_batteries() {
    let d = designed(&russians(
        "\n[[commands.batteries]]\npounds = 6\nhorse = true\ncossack = true\n",
    ))
    .expect("a Cossack horse battery designs");
    let b = &d.army.commands[0].batteries[0];
    assert!(b.cossack && b.horse);
    let text = toml::to_string(&d.army).unwrap();
    let back: Army = parse_toml("army.toml", &text).unwrap();
    assert!(back.commands[0].batteries[0].cossack);
    let errors = designed(&russians(
        "\n[[commands.batteries]]\npounds = 6\ncossack = true\n",
    ))
    .expect_err("Cossack foot guns");
    assert!(
        errors[0].contains(
            "commands[0].batteries[0].cossack: a foot battery of Russia marked as Cossack artillery"
        ),
        "{errors:?}"
    );
    let errors = designed(&russians(
        "\n[[commands.batteries]]\npounds = 6\nhorse = true\nnation = \"Prussia\"\ncossack = true\n",
    ))
    .expect_err("Prussian Cossacks");
    assert!(
        errors[0].contains("a horse battery of Prussia marked as Cossack artillery"),
        "{errors:?}"
    );
}

// "NW 9.2": only French Old Guard foot artillery may be marked to keep its move after firing.
#[test]
fn old_guard_guns_are_french_foot_batteries() {
    let guard = |extra: &str| {
        format!(
            "{HEAD}\n[[commands]]\nname = \"IV Corps\"\ncommander = \"Massena\"\n\n[[commands.divisions]]\nname = \"1st\"\n\n[[commands.divisions.brigades]]\ntype = \"Ligne Infantry\"\nmen = 3000\n\n[[commands.batteries]]\npounds = 12\nold_guard = true\n{extra}"
        )
    };
    let d = designed(&guard("")).expect("Old Guard foot guns design");
    assert!(d.army.commands[0].batteries[0].old_guard);
    let errors = designed(&guard("horse = true\n")).expect_err("Old Guard horse guns");
    assert!(
        errors[0].contains(
            "batteries[0].old_guard: a horse battery of France marked as Old Guard foot artillery"
        ),
        "{errors:?}"
    );
}

// "NW II 3.12", ruling N19: militia cavalry is irregular horse whatever its weight; other
// cavalry only when it is the skirmishing light horse (Cossacks and the like).
#[test]
fn militia_cavalry_of_any_weight_is_irregular() {
    let cavalry = |quality: &str, weight: &str| {
        russians(&format!(
            "\n[[commands.divisions.brigades]]\ntype = \"Volunteer Horse\"\narm = \"cavalry\"\nquality = \"{quality}\"\nweight = \"{weight}\"\nmen = 1600\n"
        ))
    };
    for (quality, weight, irregular) in [
        ("Militia", "Heavy", true),
        ("Militia", "Medium", true),
        ("Militia", "Light", true),
        ("Conscript", "Heavy", false),
        ("Conscript", "Light", false),
    ] {
        let d = designed(&cavalry(quality, weight)).expect("the cavalry designs");
        let b = &d.army.commands[0].divisions[0].brigades[1];
        assert_eq!(b.irregular, irregular, "{quality} {weight}");
    }
    // Cossacks are irregular as the skirmishing light horse, Militia too.
    let d = designed(&russians(
        "\n[[commands.divisions.brigades]]\ntype = \"Cossacks\"\nmen = 800\n",
    ))
    .unwrap();
    assert!(d.army.commands[0].divisions[0].brigades[1].irregular);
    // The roster a militia heavy brigade makes passes the scenario checks: written out and
    // read back, it is a good army.
    let d = designed(&cavalry("Militia", "Heavy")).unwrap();
    let mut problems = Vec::new();
    grognard_rules_napoleons_wars::design::validate::army(&mut problems, &d.army, "army");
    assert!(problems.is_empty(), "{problems:?}");
}
