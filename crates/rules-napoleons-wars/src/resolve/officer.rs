//! An officer's life at risk ("NW 9.3" note 2, "NW Combat Results Table", "NW 11.7", "NW II
//! 3.2"): 2d6 against a number that depends on how he came into danger.

use super::morale::{self, Test};
use crate::tables::Tables;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How an officer came into danger.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Case {
    /// A general attached to a unit broken, or thrown back by "la Garde recule" ("NW Combat
    /// Results Table"): killed on 10 or more.
    #[default]
    Attached,
    /// The valorous commander (or CinC) whose combat bonus the beaten unit took, rolled for
    /// as if attached ("NW II 3.2", rulings N32, N51).
    Valorous,
    /// Enemy troops moved through his stand ("NW 9.3" note 2): killed on 12; otherwise his
    /// owner moves him 3" aside.
    RunOver,
}

/// An officer's risk as a player at the table states it.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// How he came into danger: `attached`, `valorous` or `run_over`.
    pub case: Case,
}

impl Case {
    /// The rule the roll is made under, as the battle names it.
    pub fn rule(self) -> &'static str {
        match self {
            Case::Attached => "NW Combat Results Table",
            Case::Valorous => "NW II 3.2 Bravest of the brave",
            Case::RunOver => "NW 9.3 Interpenetration",
        }
    }

    /// The 2d6 total from which he is killed.
    pub fn killed_from(self, t: &Tables) -> i32 {
        match self {
            Case::Attached | Case::Valorous => t.combat.officer_killed_from,
            Case::RunOver => i32::from(t.movement.officer_overrun_killed_on),
        }
    }
}

/// Throw for an officer at risk.
pub fn roll(t: &Tables, case: Case, dice: &mut dyn Dice) -> Test {
    morale::officer_risk(dice, case.rule(), case.killed_from(t))
}

/// Throw for a general or valorous commander at risk in a combat, from the combat's table
/// (an officer run over reads the movement table: throw for him through [`roll`]).
pub(crate) fn roll_in_combat(case: Case, t: &crate::tables::Combat, dice: &mut dyn Dice) -> Test {
    let from = match case {
        Case::Attached | Case::Valorous => t.officer_killed_from,
        Case::RunOver => 12,
    };
    morale::officer_risk(dice, case.rule(), from)
}

/// An officer's fate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fate {
    pub killed: bool,
    /// How far an officer run over and unhurt is moved aside.
    pub aside: Option<f64>,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.killed, self.aside) {
            (true, _) => f.write_str("killed: his stand is removed"),
            (false, Some(d)) => write!(f, "unhurt: his owner moves him {d}\" aside"),
            (false, None) => f.write_str("unhurt"),
        }
    }
}

/// The officer's risk, for the table companion and the odds.
pub struct OfficerRisk;

impl Resolution<Tables> for OfficerRisk {
    type Situation = Situation;
    type Outcome = Fate;

    fn about(&self) -> About {
        About {
            name: "officer_risk",
            title: "Officer casualty",
            section: "NW 11.7 Officer casualties",
            modifiers: "NW 11.7 Officer casualties",
            summary: "whether an officer at risk (attached to a beaten unit, a valorous commander who lent it his bonus, or run over by enemy troops) is killed",
            dice: "2d6",
        }
    }

    fn modifiers(&self, _: &Tables, _: &Situation) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Fate {
        let test = roll(t, s.case, dice);
        rolls.push(test.roll);
        fate(t, s, test.passed)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Fate> {
        let from = s.case.killed_from(t);
        Exact::of_throws(&[6, 6], |d| fate(t, s, d[0] as i32 + d[1] as i32 >= from))
    }
}

fn fate(t: &Tables, s: &Situation, killed: bool) -> Fate {
    Fate {
        killed,
        aside: (s.case == Case::RunOver && !killed).then_some(t.movement.officer_moved_aside),
    }
}
