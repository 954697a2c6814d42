//! Rallying a routed brigade ("NW 12.0" step 1, "NW Rally Table").

use super::morale::{self, RallyFacts, Test};
use crate::resolve::facts::UnitFacts;
use crate::state::{Role, State, Unit};
use crate::tables::{Rally, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Effect, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A routed brigade's rally roll as a player at the table states it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The routed brigade (a battery never routs, ruling N50): its quality names the number
    /// it needs.
    pub unit: UnitFacts,
    /// It is beyond its commander's range as that range is this turn (3" shorter in fog or
    /// twilight, "NW 9.51"); an independent brigade has no commander to be beyond.
    pub outside_command: bool,
    /// A valorous commander or the CinC is within 3".
    pub valorous_or_cinc_near: bool,
}

fn facts(s: &Situation) -> RallyFacts {
    RallyFacts {
        quality: s.unit.quality,
        fatigue: s.unit.brigade_fatigue(),
        outside_command: s.outside_command,
        general_attached: s.unit.general_attached,
        valorous_or_cinc_near: s.valorous_or_cinc_near,
    }
}

/// The situation of a routed brigade's rally on the table; `None` for a battery.
pub fn situation(state: &State, u: &Unit) -> Option<Situation> {
    u.brigade()?;
    // Beyond the commander's range as it is this turn, hindered visibility included ("NW
    // 9.51"); an independent brigade has no commander to be out of range of.
    let outside = u.command.is_some() && !crate::measure::in_command_range(state, u);
    let radius = state.field.tables.maneuver.presence_radius;
    let near = |o: &Unit| crate::measure::distance(&o.base(), &u.base()) <= radius;
    let valorous_or_cinc_near = state.near_unit(u, radius).any(|o| {
        o.side == u.side
            && near(o)
            && match o.role {
                Role::Cinc => true,
                Role::Commander { command } => state.leader(o.side, command).3,
                _ => false,
            }
    });
    Some(Situation {
        unit: UnitFacts::of(state, u)?,
        outside_command: outside,
        valorous_or_cinc_near,
    })
}

/// The modifiers of the roll ("NW Rally Table").
pub fn modifiers(t: &Rally, s: &Situation) -> Vec<Modifier> {
    morale::rally_modifiers(t, &facts(s))
}

/// Throw the rally roll.
pub fn roll(t: &Rally, s: &Situation, dice: &mut dyn Dice) -> Test {
    morale::rally(t, &facts(s), dice)
}

/// How a rally ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rallied {
    pub passed: bool,
    /// How far a brigade that fails falls back.
    pub failed_move: f64,
}

impl fmt::Display for Rallied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.passed {
            f.write_str("rallies: turns to face the enemy, disordered")
        } else {
            write!(
                f,
                "stays routed and falls back {}\" (off the table if the edge is nearer)",
                self.failed_move
            )
        }
    }
}

/// The rally roll, for the table companion and the odds.
pub struct RallyRoll;

impl Resolution<Tables> for RallyRoll {
    type Situation = Situation;
    type Outcome = Rallied;

    fn about(&self) -> About {
        About {
            name: "rally",
            title: "Rally",
            section: "NW 12.0 Rally phase",
            modifiers: "NW Rally Table modifiers",
            summary: "whether a routed brigade rallies, facing the enemy in disorder, or runs on",
            dice: "2d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = s.unit.problems("unit");
        if s.unit.is_battery() {
            out.push(Problem::new(
                "unit.arm",
                "a battery rallying",
                "a battery never routs, so never rallies (ruling N50): give a brigade",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        modifiers(&t.rally, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Rallied {
        let test = roll(&t.rally, s, dice);
        rolls.push(test.roll);
        Rallied {
            passed: test.passed,
            failed_move: t.rally.failed_move,
        }
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Rallied> {
        let sum: i32 = modifiers(&t.rally, s).iter().map(|m| m.value).sum();
        let needed = t.rally.needed[s.unit.quality as usize];
        Exact::of_throws(&[6, 6], |d| Rallied {
            passed: d[0] as i32 + d[1] as i32 + sum >= needed,
            failed_move: t.rally.failed_move,
        })
    }

    fn roles(&self) -> &'static [&'static str] {
        &["unit"]
    }

    fn effects(&self, _: &Situation, o: &Rallied) -> Vec<Effect> {
        if o.passed {
            vec![Effect::set("unit", serde_json::json!({"disordered": true}))]
        } else {
            Vec::new()
        }
    }
}
