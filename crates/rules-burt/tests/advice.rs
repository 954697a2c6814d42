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

/// Plays every phase with no command, the French assault declared when its time comes,
/// until the British are to react to it; `None` where the dice broke either side first.
fn at_the_reaction(text: &str, seed: u64) -> Option<State> {
    let scenario = validate::load("assault.toml", text).unwrap_or_else(|e| panic!("{e:?}"));
    let mut state = Burt.start(&scenario);
    let mut dice = Seeded::new(seed);
    for _ in 0..200 {
        let side = Burt.to_act(&state)?;
        if state.phase() == Phase::Reaction && side == Side(1) {
            return Some(state);
        }
        let command = if state.choosing == Some(side) {
            Command::GoFirst { first: true }
        } else if state.phase() == Phase::Declare && side == Side(0) && !assaulting(&state) {
            Command::Assault { unit: 0, target: 1 }
        } else {
            Command::Done
        };
        let mut events = Vec::new();
        if Burt
            .execute(
                &mut state,
                side,
                &command,
                &mut dice as &mut dyn Dice,
                &mut events,
            )
            .is_err()
        {
            return None;
        }
    }
    None
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
