//! Control (optional, "B&P Optional Rules"): units or armies of class A always move their
//! full distance; class B rolls a die every other turn and class C every turn, moving half
//! on 4 to 6. A class B roll made in an odd turn holds for that turn and the next (ruling
//! B10).

use super::throw;
use crate::tables::{Control, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "B&P Optional Rules, control";

/// A control roll as a player states it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The class: `A`, `B` or `C`.
    pub class: Control,
    /// The turn, from 1: class B rolls in odd turns only.
    pub turn: u32,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            class: Control::B,
            turn: 1,
        }
    }
}

/// Whether the class rolls in this turn.
pub fn rolls_in(class: Control, turn: u32) -> bool {
    match class {
        Control::A => false,
        Control::B => turn % 2 == 1,
        Control::C => true,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Full,
    Half,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Move::Full => "moves its full distance",
            Move::Half => "moves at half distance",
        })
    }
}

pub fn read(t: &Tables, face: u8) -> Move {
    if face <= t.optional.control_full_up_to {
        Move::Full
    } else {
        Move::Half
    }
}

pub struct ControlRoll;

impl Resolution<Tables> for ControlRoll {
    type Situation = Situation;
    type Outcome = Move;

    fn about(&self) -> About {
        About {
            name: "control",
            title: "Control",
            section: RULE,
            modifiers: RULE,
            summary: "whether a unit of control class B or C moves its full distance this turn",
            dice: "1d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.turn == 0 {
            out.push(Problem::new("turn", "turn 0", "turns count from 1"));
        } else if !rolls_in(s.class, s.turn) {
            out.push(Problem::new(
                "class",
                format!("class {:?} does not roll in turn {}", s.class, s.turn),
                "class A never rolls; class B rolls in odd turns, and that roll holds for the next turn too",
            ));
        }
        out
    }

    fn modifiers(&self, _: &Tables, _: &Situation) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        t: &Tables,
        _: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Move {
        let mut e = throw(dice, 1, RULE, "control", Vec::new());
        let m = read(t, e.dice[0]);
        e.row = format!("{} or less: full distance", t.optional.control_full_up_to).into();
        e.result = m.to_string().into();
        rolls.push(e);
        m
    }

    fn odds(&self, t: &Tables, _: &Situation) -> Exact<Move> {
        Exact::of_throws(&[6], |d| read(t, d[0]))
    }
}
