//! A command figure under fire or assault ("B&P Command Figures"): killed only on a 2d6
//! total of 12.

use super::throw;
use crate::tables::Tables;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "B&P Command Figures";

/// Nothing to state: the roll is the same however the figure came under fire.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fate {
    pub killed: bool,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.killed {
            "the command figure is killed"
        } else {
            "unhurt"
        })
    }
}

pub struct CommanderRisk;

impl Resolution<Tables> for CommanderRisk {
    type Situation = Situation;
    type Outcome = Fate;

    fn about(&self) -> About {
        About {
            name: "commander",
            title: "Command figure at risk",
            section: RULE,
            modifiers: RULE,
            summary: "whether a command figure under fire or assault is killed",
            dice: "2d6",
        }
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
    ) -> Fate {
        let mut e = throw(dice, 2, RULE, "command figure at risk", Vec::new());
        let killed = e.total >= t.command.killed_on;
        e.row = format!("killed on {}", t.command.killed_on).into();
        e.result = if killed { "killed" } else { "unhurt" }.into();
        rolls.push(e);
        Fate { killed }
    }

    fn odds(&self, t: &Tables, _: &Situation) -> Exact<Fate> {
        Exact::of_throws(&[6, 6], |d| Fate {
            killed: i32::from(d[0]) + i32::from(d[1]) >= t.command.killed_on,
        })
    }
}
