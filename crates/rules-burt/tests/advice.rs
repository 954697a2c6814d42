//! The general's advice where the exact odds decide it: how an assaulted battalion meets
//! the assault ("Burt 9").

use grognard_engine::dice::Seeded;
use grognard_engine::{Candidate, Dice, Ruleset, Side};
use grognard_rules_burt::command::{Command, Reaction};
use grognard_rules_burt::design::validate;
use grognard_rules_burt::state::{Phase, State};
use grognard_rules_burt::Burt;

/// A French unit with ASSAULT orders 7" from a British line with MANOEUVRE orders, both
/// in charge reach of each other; their classes and strengths are filled in.
fn facing(french: (&str, &str, u32), british: (&str, u32)) -> String {
    format!(
        r#"
rules = "burt"
name = "an assault"
turns = 1

[[sides]]
name = "French"
army_morale = 4
[[sides.units]]
name = "1/8e Ligne"
troop = "{}"
class = "{}"
figures = {}
formation = "{}"
order = "assault"
at = [36, 20, 90]

[[sides]]
name = "British"
army_morale = 4
[[sides.units]]
name = "1/52nd Foot"
troop = "infantry"
class = "{}"
figures = {}
order = "manoeuvre"
at = [36, 27, 270]
"#,
        french.0,
        french.1,
        french.2,
        if french.0 == "infantry" {
            "column"
        } else {
            "line"
        },
        british.0,
        british.1
    )
}

/// Plays `text` from its start with `seed`, the first side to choose going first and
/// `pick` giving every other command (`Done` where it gives none), until `stop` holds
/// for the side to act; `None` where the battle ends or a command is refused first.
fn play_until(
    text: &str,
    seed: u64,
    stop: impl Fn(&State, Side) -> bool,
    pick: impl Fn(&State, Side) -> Option<Command>,
) -> Option<State> {
    let scenario = validate::load("advice.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut state = Burt.start(&scenario);
    let mut dice = Seeded::new(seed);
    for _ in 0..200 {
        let side = Burt.to_act(&state)?;
        if stop(&state, side) {
            return Some(state);
        }
        let command = if state.choosing == Some(side) {
            Command::GoFirst { first: true }
        } else {
            pick(&state, side).unwrap_or(Command::Done)
        };
        let mut events = Vec::new();
        Burt.execute(
            &mut state,
            side,
            &command,
            &mut dice as &mut dyn Dice,
            &mut events,
        )
        .ok()?;
    }
    None
}

/// Plays every phase with no command, the French assault declared when its time comes,
/// until the British are to react to it; `None` where the dice broke either side first.
fn at_the_reaction(text: &str, seed: u64) -> Option<State> {
    play_until(
        text,
        seed,
        |s, side| s.phase() == Phase::Reaction && side == Side(1),
        |s, side| {
            (s.phase() == Phase::Declare && side == Side(0) && !assaulting(s))
                .then_some(Command::Assault { unit: 0, target: 1 })
        },
    )
}

fn assaulting(state: &State) -> bool {
    state.unit(0).marks.assaulting.is_some()
}

/// The reaction the general scores highest for the British battalion.
fn advised(state: &State) -> Reaction {
    let view = state.seen_by(Side(1));
    let mut out: Vec<Candidate<Command>> = Vec::new();
    Burt.candidates(&view, Side(1), &mut out);
    out.iter()
        .filter_map(|c| match c.command {
            Command::React { unit: 1, reaction } => Some((c.score, reaction)),
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .expect("a reaction is advised")
        .1
}

fn first_reaction(french: (&str, &str, u32), british: (&str, u32)) -> Reaction {
    let text = facing(french, british);
    (1..50)
        .filter_map(|seed| at_the_reaction(&text, seed))
        .find(|s| !s.unit(1).routing() && assaulting(s))
        .map(|s| advised(&s))
        .expect("some seed reaches the reaction")
}

#[test]
fn a_strong_line_countercharges_a_weak_column() {
    // Countercharging fights as charging: better odds than waiting for the blow.
    assert_eq!(
        first_reaction(("infantry", "E", 12), ("A", 36)),
        Reaction::Countercharge
    );
}

#[test]
fn a_weak_line_evades_heavy_horse() {
    // Holding or countercharging, the small battalion would more likely break than not:
    // better to fall back and regroup than lose a unit to rout (army morale, "Burt 10").
    assert_eq!(
        first_reaction(("heavy_cavalry", "A", 24), ("E", 8)),
        Reaction::Evade
    );
}

/// A French cavalry brigade in reserve: its staff beside one regiment, the other 40"
/// away with a British battery 10" before it, and the commander-in-chief at `chief`.
fn cavalry_apart(chief: [f64; 2]) -> String {
    format!(
        r#"
rules = "burt"
name = "horse out of command"
turns = 12

[[sides]]
name = "French"
army_morale = 4
[[sides.units]]
name = "5e Hussards"
troop = "light_cavalry"
brigade = 3
order = "reserve"
at = [10, 8, 90]
[[sides.units]]
name = "10e Chasseurs"
troop = "light_cavalry"
brigade = 3
order = "reserve"
at = [50, 8, 90]
[[sides.units]]
name = "Cavalry brigade staff"
troop = "command_element"
brigade = 3
at = [10, 5, 90]
[[sides.units]]
name = "General of division"
troop = "commander_in_chief"
at = [{}, {}, 90]

[[sides]]
name = "British"
army_morale = 4
[[sides.units]]
name = "1/52nd Foot"
troop = "infantry"
order = "manoeuvre"
at = [30, 40, 270]
[[sides.units]]
name = "Troop RHA"
troop = "horse_guns"
calibre = "6pdr"
order = "fire"
at = [50, 20, 270]
"#,
        chief[0], chief[1]
    )
}

/// Plays every phase with no command until the French are to move their officers, and
/// gives the general's best command then.
fn officers_advice(text: &str) -> (State, Command) {
    let state = play_until(
        text,
        3,
        |s, side| s.phase() == Phase::Command && side == Side(0),
        |_, _| None,
    )
    .expect("the French come to move their officers");
    let view = state.seen_by(Side(0));
    let mut out: Vec<Candidate<Command>> = Vec::new();
    Burt.candidates(&view, Side(0), &mut out);
    let best = out
        .into_iter()
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .expect("some advice");
    (state, best.command)
}

#[test]
fn the_commander_in_chief_takes_over_horse_its_staff_cannot_reach() {
    // Touching the far regiment, which has guns to charge, he takes it over ("Burt 12"),
    // so that its orders may change though its staff is 40" off ("Burt 4").
    let (_, best) = officers_advice(&cavalry_apart([50.0, 6.2]));
    assert_eq!(
        best,
        Command::Join {
            general: 3,
            unit: Some(1)
        }
    );
    // From the far side of the field, he rides toward it first.
    let (state, best) = officers_advice(&cavalry_apart([20.0, 2.0]));
    let Command::Move { unit: 3, to } = best else {
        panic!("the general should ride to the horse, not {best:?}");
    };
    let far = state.unit(1).pose.pos;
    assert!(to.pos.distance(far) + 5.0 < state.unit(3).pose.pos.distance(far));
}
