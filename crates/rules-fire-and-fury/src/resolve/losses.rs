//! Rolls for what a brigade's losses bring with them: a leader's fate when his brigade loses
//! a stand to fire or fights a charge (Grognard's table, design 4.10, with the module's
//! modifier for charisma, "NFF M&C 8"), and engineers' after each charge combat of their
//! brigade ("NFF Additional 1").

use super::{d10, from_table};
use crate::tables::Tables;
use grognard_engine::resolution::{About, Chance, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const LEADER: &str = "NFF M&C 8";
pub const ENGINEERS: &str = "NFF Additional 1";

/// A leader at risk.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Leader {
    pub charismatic: bool,
}

/// Whether the one at risk is lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    Lost,
    Unharmed,
}

impl fmt::Display for Fate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fate::Lost => write!(f, "lost"),
            Fate::Unharmed => write!(f, "unharmed"),
        }
    }
}

/// Tenths of a d10's faces for which `lost` holds.
fn d10_odds(lost: impl Fn(i32) -> bool) -> Exact<Fate> {
    let mut out = Exact::new();
    for face in 1..=10 {
        let f = if lost(face) {
            Fate::Lost
        } else {
            Fate::Unharmed
        };
        out.add(f, Chance::new(1, 10));
    }
    out.without_impossible()
}

pub struct LeaderCasualty;

impl Resolution<Tables> for LeaderCasualty {
    type Situation = Leader;
    type Outcome = Fate;

    fn about(&self) -> About {
        About {
            name: "leader-casualty",
            title: "Leader casualty",
            section: LEADER,
            modifiers: LEADER,
            summary: "whether a leader with a brigade that lost a stand or fought a charge is lost (Grognard's table, not the published one)",
            dice: "1d10",
        }
    }

    fn modifiers(&self, t: &Tables, s: &Leader) -> Vec<Modifier> {
        if s.charismatic {
            vec![Modifier::new(
                t.leader_casualty.charismatic,
                format!("charismatic ({LEADER})"),
            )]
        } else {
            Vec::new()
        }
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Leader,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Fate {
        let mut e = d10(LEADER, "leader casualty", self.modifiers(t, s), dice);
        let fate = if e.total <= t.leader_casualty.casualty_at_or_below {
            Fate::Lost
        } else {
            Fate::Unharmed
        };
        e.row = e.total.to_string().into();
        e.result = format!("{fate} {}", from_table(&t.leader_casualty.provenance)).into();
        rolls.push(e);
        fate
    }

    fn odds(&self, t: &Tables, s: &Leader) -> Exact<Fate> {
        d10_odds(|face| t.leader_casualty.falls(face, s.charismatic))
    }

    fn counts(&self, f: &Fate) -> Vec<(&'static str, f64)> {
        vec![("leaders lost", f64::from(u8::from(*f == Fate::Lost)))]
    }
}

/// Engineers' roll has no facts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Company {}

pub struct EngineerLoss;

impl Resolution<Tables> for EngineerLoss {
    type Situation = Company;
    type Outcome = Fate;

    fn about(&self) -> About {
        About {
            name: "engineers",
            title: "Engineers after a charge",
            section: ENGINEERS,
            modifiers: ENGINEERS,
            summary: "whether engineers survive a charge combat of their brigade",
            dice: "1d10",
        }
    }

    fn modifiers(&self, _: &Tables, _: &Company) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        t: &Tables,
        _: &Company,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Fate {
        let at = &t.modifiers.engineers.destroyed_at_or_below;
        let mut e = d10(ENGINEERS, "engineers", Vec::new(), dice);
        let fate = if e.total <= at.value {
            Fate::Lost
        } else {
            Fate::Unharmed
        };
        e.row = e.total.to_string().into();
        e.result = format!("{fate} ({})", at.label()).into();
        rolls.push(e);
        fate
    }

    fn odds(&self, t: &Tables, _: &Company) -> Exact<Fate> {
        let at = t.modifiers.engineers.destroyed_at_or_below.value;
        d10_odds(|face| face <= at)
    }
}
