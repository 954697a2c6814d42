//! The cavalry reaction roll ("NW 10.1", "NW Cavalry Reaction Table").

use super::morale::{self, ReactionFacts, Test};
use crate::levels::Arm;
use crate::resolve::facts::UnitFacts;
use crate::state::{State, Unit};
use crate::tables::{Reaction, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A cavalry brigade's reaction roll as a player at the table states it ("NW 10.0"-"NW
/// 10.2").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The cavalry brigade that tries to react.
    pub unit: UnitFacts,
    /// An enemy moved into contact with it: it is the target of a charge (+2), and may
    /// countercharge or evade. Otherwise it reacts to the closest enemy that moved into its
    /// zone, and charges it.
    pub charged: bool,
    /// A valorous commander or CinC is within 3" (ruling N51).
    pub valorous_near: bool,
    /// Its command is fatigued ("NW II 4.0").
    pub command_fatigued: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            unit: UnitFacts {
                arm: Arm::Cavalry,
                ..UnitFacts::default()
            },
            charged: false,
            valorous_near: false,
            command_fatigued: false,
        }
    }
}

/// The facts the table's modifiers read.
fn facts(s: &Situation) -> ReactionFacts {
    ReactionFacts {
        fatigue: s.unit.brigade_fatigue(),
        quality: s.unit.quality,
        general_attached: s.unit.general_attached,
        valorous_near: s.valorous_near,
        disordered: s.unit.disordered,
        command_fatigued: s.command_fatigued,
        target_of_charge: s.charged,
    }
}

/// The situation of a cavalry brigade's reaction on the table.
pub fn situation(state: &State, cav: &Unit, charged: bool) -> Situation {
    Situation {
        unit: UnitFacts::of(state, cav).unwrap_or_default(),
        charged,
        valorous_near: crate::measure::valorous_near(state, cav),
        command_fatigued: cav
            .command
            .is_some_and(|c| state.command_fatigued(cav.side, c)),
    }
}

/// The modifiers of the roll ("NW Cavalry Reaction Table").
pub fn modifiers(t: &Reaction, s: &Situation) -> Vec<Modifier> {
    morale::reaction_modifiers(t, &facts(s))
}

/// Throw the reaction roll.
pub fn roll(t: &Reaction, s: &Situation, dice: &mut dyn Dice) -> Test {
    morale::reaction(t, &facts(s), dice)
}

/// How a reaction roll ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reacted {
    pub passed: bool,
    pub charged: bool,
}

impl fmt::Display for Reacted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match (self.passed, self.charged) {
            (true, true) => "may react: countercharge its attacker, or evade a full move",
            (true, false) => "may react: charge the enemy that came into its zone",
            (false, _) => "does not react",
        })
    }
}

/// The reaction roll, for the table companion and the odds.
pub struct ReactionRoll;

impl Resolution<Tables> for ReactionRoll {
    type Situation = Situation;
    type Outcome = Reacted;

    fn about(&self) -> About {
        About {
            name: "reaction",
            title: "Cavalry reaction",
            section: "NW 10.1 Reaction procedure",
            modifiers: "NW Cavalry Reaction Table modifiers",
            summary:
                "whether a cavalry brigade charged, or with an enemy moved into its zone, may react",
            dice: "2d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = s.unit.problems("unit");
        if s.unit.arm != Arm::Cavalry {
            out.push(Problem::new(
                "unit.arm",
                format!("{:?} reacting", s.unit.arm),
                "only cavalry reacts (\"NW 10.0\"): give `unit.arm=cavalry`",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        modifiers(&t.reaction, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Reacted {
        let test = roll(&t.reaction, s, dice);
        rolls.push(test.roll);
        Reacted {
            passed: test.passed,
            charged: s.charged,
        }
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Reacted> {
        let sum: i32 = modifiers(&t.reaction, s).iter().map(|m| m.value).sum();
        let needed = t.reaction.needed;
        Exact::of_throws(&[6, 6], |d| Reacted {
            passed: d[0] as i32 + d[1] as i32 + sum >= needed,
            charged: s.charged,
        })
    }

    fn roles(&self) -> &'static [&'static str] {
        &["unit"]
    }
}
