//! Companies of combat engineers ("NFF Additional 1", ruling R13): they move as batteries
//! do, within their commander's radius and two functions a turn; they join an infantry
//! brigade beside them, one company a brigade, and lower the defender's favourable ground
//! in its charges; they leave it for the ground behind; alone they are taken by an enemy
//! beside them, and with a brigade they share its fate.

use grognard_engine::dice::Scripted;
use grognard_engine::{Ruleset, Side};
use grognard_rules_fire_and_fury::command::Command;
use grognard_rules_fire_and_fury::ctx::Effects;
use grognard_rules_fire_and_fury::design::validate;
use grognard_rules_fire_and_fury::event::Event;
use grognard_rules_fire_and_fury::facts::Engineers;
use grognard_rules_fire_and_fury::phases::charge;
use grognard_rules_fire_and_fury::state::{Phase, State, UnitId};
use grognard_rules_fire_and_fury::FireAndFury;

/// A French brigade at (24, 20) facing north with Ney behind it, `french` added to its
/// side (engineers, say), and an Allied brigade `gap` inches north of it.
fn battle(brigade: &str, french: &str, gap: f64) -> State {
    let text = scenario(brigade, french, gap);
    let s = validate::load("engineers.toml", &text).unwrap_or_else(|e| panic!("{e:?}"));
    FireAndFury.start(&s)
}

/// The text of [`battle`]'s scenario.
fn scenario(brigade: &str, french: &str, gap: f64) -> String {
    format!(
        r#"
rules = "fire-and-fury"
name = "engineers"
year = 1815
[table]
width = 48
depth = 48

[[sides]]
name = "French"
nation = "french"
commander = "steady"
[[sides.leaders]]
name = "Ney"
rank = "army"
at = [20, 12, 90]
[[sides.brigades]]
name = "French brigade"
commander = "Ney"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [24, 20, 90]
{brigade}
{french}

[[sides]]
name = "Allies"
nation = "british_allied"
commander = "steady"
[[sides.leaders]]
name = "Wellington"
rank = "army"
at = [5, 46, 270]
[[sides.brigades]]
name = "Allied brigade"
commander = "Wellington"
stands = [{{ kind = "infantry", count = 4, rating = "regular" }}]
at = [24, {}, 270]
"#,
        21.0 + gap
    )
}

const BRIGADE: UnitId = 1;
const ALLIED: UnitId = 3;
/// The French company: listed after every other unit of its side.
const COMPANY: UnitId = 2;

fn give(s: &mut State, side: Side, command: Command) -> Result<Vec<Event>, String> {
    let mut dice = Scripted::new(&[]);
    let mut events = Vec::new();
    FireAndFury
        .execute(s, side, &command, &mut dice, &mut events)
        .map_err(|e| e.to_string())?;
    FireAndFury.invariants(s)?;
    Ok(events)
}

fn until(s: &mut State, phase: Phase) {
    while s.phase() != phase {
        let side = FireAndFury.to_act(s).expect("the battle goes on");
        give(s, side, Command::Done).unwrap();
    }
}

/// Ney's company of sappers standing alone at (`x`, `y`), facing as the French do.
fn sappers_at(x: f64, y: f64) -> String {
    format!("[[sides.engineers]]\nname = \"Sappers\"\ncommander = \"Ney\"\nat = [{x}, {y}, 90]\n")
}

#[test]
fn a_company_moves_joins_a_brigade_beside_it_and_lowers_the_ground_in_its_charges() {
    let mut s = battle("", &sappers_at(24.0, 17.0), 6.0);
    assert_eq!(s.name(COMPANY), "Sappers");
    until(&mut s, Phase::Tactical);
    assert_eq!(FireAndFury.to_act(&s), Some(Side(0)));
    // 1.5" from the brigade's rear: too far to join.
    let join = Command::Engineers {
        company: COMPANY,
        to: Some(BRIGADE),
    };
    let far = give(&mut s, Side(0), join.clone()).unwrap_err();
    assert!(far.contains("within 1"), "{far}");
    // A function to close up, a second to join.
    let to = grognard_geometry::Pose::new(24.0, 18.5, 90f64.to_radians());
    let moved = give(&mut s, Side(0), Command::Move { unit: COMPANY, to }).unwrap();
    let line = moved
        .iter()
        .find_map(|e| match e {
            Event::Moved { .. } => FireAndFury.narrate(&s, e),
            _ => None,
        })
        .unwrap();
    assert_eq!(line, "Sappers move to (24.0, 18.5).");
    let events = give(&mut s, Side(0), join).unwrap();
    assert!(matches!(
        events[0],
        Event::Engineers {
            company: COMPANY,
            from: None,
            to: Some(BRIGADE),
            ..
        }
    ));
    assert_eq!(s.unit(BRIGADE).brigade().unwrap().engineers, Some(COMPANY));
    let text = FireAndFury.narrate(&s, &events[0]).unwrap();
    assert_eq!(text, "Sappers join French brigade (NFF Additional 1).");
    // Its functions are spent: it may not leave again this turn.
    let leave = Command::Engineers {
        company: COMPANY,
        to: None,
    };
    let spent = give(&mut s, Side(0), leave).unwrap_err();
    assert!(spent.contains("functions"), "{spent}");
    // The brigade's charge now counts its engineers against favourable ground.
    let b = s.unit(BRIGADE);
    let sit = charge::would_be(&s, b, 4, s.unit(ALLIED), 6.0);
    assert_eq!(sit.engineers, Engineers::Engineers);
    // A joined company is shown as its brigade's mark, not as a stand of its own.
    let scene = grognard_rules_fire_and_fury::picture::scene(&s);
    assert!(scene.bases.iter().all(|x| x.id != u32::from(COMPANY)));
    let with = scene
        .bases
        .iter()
        .find(|x| x.id == u32::from(BRIGADE))
        .unwrap();
    assert!(with.marker.as_deref().unwrap().contains("with engineers"));
}

#[test]
fn only_one_company_a_brigade_and_only_infantry() {
    let mut s = battle("engineers = true", &sappers_at(24.0, 17.0), 6.0);
    until(&mut s, Phase::Tactical);
    let to = grognard_geometry::Pose::new(23.0, 18.5, 90f64.to_radians());
    // The brigade's own company is listed first; the lone one after it.
    let lone = COMPANY + 1;
    give(&mut s, Side(0), Command::Move { unit: lone, to }).unwrap();
    let twice = give(
        &mut s,
        Side(0),
        Command::Engineers {
            company: lone,
            to: Some(BRIGADE),
        },
    )
    .unwrap_err();
    assert!(twice.contains("one company at a time"), "{twice}");
    // Horse never takes them, in a file or in play.
    let horse = r#"
[[sides.brigades]]
name = "Horse"
commander = "Ney"
stands = [{ kind = "light_cavalry", count = 4, rating = "regular" }]
at = [34, 20, 90]
[[sides.engineers]]
name = "Miners"
commander = "Ney"
with = "Horse"
"#;
    let err = validate::load("engineers.toml", &scenario("", horse, 6.0)).unwrap_err();
    assert!(
        err[0]
            .to_string()
            .contains("engineers attach to infantry only"),
        "{}",
        err[0]
    );
}

#[test]
fn a_company_leaves_its_brigade_for_the_ground_behind_it() {
    let mut s = battle("engineers = true", "", 6.0);
    assert_eq!(s.name(COMPANY), "French brigade's engineers");
    assert_eq!(s.unit(BRIGADE).brigade().unwrap().engineers, Some(COMPANY));
    until(&mut s, Phase::Tactical);
    give(
        &mut s,
        Side(0),
        Command::Engineers {
            company: COMPANY,
            to: None,
        },
    )
    .unwrap();
    let c = s.unit(COMPANY);
    assert_eq!(c.company().unwrap().attached, None);
    assert_eq!(s.unit(BRIGADE).brigade().unwrap().engineers, None);
    // An inch behind the brigade's rear (it is an inch deep, at y = 20, facing north).
    assert!((c.pose.pos.y - 18.5).abs() < 1e-9 && (c.pose.pos.x - 24.0).abs() < 1e-9);
    let sit = charge::would_be(&s, s.unit(BRIGADE), 4, s.unit(ALLIED), 6.0);
    assert_eq!(sit.engineers, Engineers::None);
}

#[test]
fn engineers_beyond_their_commanders_radius_may_not_move() {
    let far = sappers_at(44.0, 17.0);
    let mut s = battle("", &far, 6.0);
    until(&mut s, Phase::Tactical);
    let to = grognard_geometry::Pose::new(40.0, 17.0, 90f64.to_radians());
    let err = give(&mut s, Side(0), Command::Move { unit: COMPANY, to }).unwrap_err();
    assert!(err.contains("radius"), "{err}");
}

#[test]
fn a_lone_company_is_taken_by_an_enemy_beside_it_and_one_with_a_brigade_shares_its_fate() {
    // The Allied brigade's front is half an inch from the company (ruling R13).
    let beside = sappers_at(24.0, 30.0);
    let mut s = battle("engineers = true", &beside, 10.0);
    let lone = COMPANY + 1;
    assert!(s.unit(lone).lone_company());
    let side = FireAndFury.to_act(&s).unwrap();
    let events = give(&mut s, side, Command::Done).unwrap();
    let taken = events
        .iter()
        .find(|e| matches!(e, Event::Captured { .. }))
        .expect("the company is taken as the phase ends");
    assert_eq!(
        FireAndFury.narrate(&s, taken).unwrap(),
        "Sappers are taken by Allied brigade (Grognard's ruling R13)."
    );
    assert!(s.unit(lone).gone);
    // The brigade destroyed, its company goes with it.
    let mut dice = Scripted::new(&[]);
    let mut events = Vec::new();
    let mut ctx = grognard_engine::ctx::Ctx::new(&mut s, &mut dice, &mut events);
    ctx.remove(BRIGADE, "destroyed");
    assert!(s.unit(COMPANY).gone);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::EngineersLost {
            unit: BRIGADE,
            company: COMPANY
        }
    )));
    FireAndFury.invariants(&s).unwrap();
}
