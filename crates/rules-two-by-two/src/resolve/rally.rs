//! The rally roll ("2x2 Rallying", "Rally modifiers"): what it depends on as a player states
//! it, what bars it, its modifiers and its throw.

use crate::resolve::facts::{Condition, UnitFacts};
use crate::tables::{Rally, Tables};
use crate::units::{Size, UnitType};
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Effect, Exact, Resolution};
use grognard_engine::Dice;
use serde::{Deserialize, Serialize};

pub const RULE: &str = "2x2 Rallying";

/// What a rally depends on, as a player at the table states it ("2x2 Rallying", "Rally
/// modifiers").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The unit that tries to rally: it must be Pinned or Disrupted.
    pub unit: UnitFacts,
    /// An HQ of its chain of command is within 6" (an HQ rallying itself needs none).
    pub hq_in_range: bool,
    /// A friendly HQ touches it, base to base.
    pub hq_in_contact: bool,
    /// An enemy is within 2".
    pub enemy_near: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            unit: UnitFacts {
                status: Condition::Pinned,
                ..UnitFacts::default()
            },
            hq_in_range: true,
            hq_in_contact: false,
            enemy_near: false,
        }
    }
}

/// Why the book bars this rally, if it does.
pub fn barred(t: &Rally, s: &Situation) -> Option<(&'static str, String)> {
    if s.unit.status == Condition::Ready {
        return Some((
            "unit.status",
            "the unit is neither Pinned nor Disrupted".to_string(),
        ));
    }
    let is_hq = s.unit.kind == UnitType::Hq;
    if !is_hq && !s.hq_in_range {
        return Some((
            "hq_in_range",
            format!("no HQ of its chain of command is within {}\"", t.hq_radius),
        ));
    }
    if s.enemy_near && !(is_hq || s.unit.kind == UnitType::Guards || s.hq_in_contact) {
        return Some((
            "enemy_near",
            format!(
                "an enemy is within {}\" (only Guards and units touching their HQ may rally)",
                t.enemy_near
            ),
        ));
    }
    None
}

/// The modifiers of a rally ("2x2 Rally modifiers").
pub fn modifiers(t: &Rally, s: &Situation) -> Vec<Modifier> {
    let u = &s.unit;
    let is_hq = u.kind == UnitType::Hq;
    let mut m = Vec::new();
    if s.enemy_near {
        m.push(Modifier::new(
            t.enemy_within,
            format!("enemy within {}\"", t.enemy_near),
        ));
    }
    if u.kind == UnitType::Guards {
        m.push(Modifier::new(t.guards, "Guards"));
    }
    if s.hq_in_contact && !is_hq {
        m.push(Modifier::new(t.hq_in_contact, "HQ in base-to-base contact"));
    }
    if u.kind == UnitType::Militia || (u.size == Size::Small && u.kind.size_counts_for_melee()) {
        m.push(Modifier::new(t.militia_or_small, "Militia or Small"));
    }
    if u.status == Condition::Disrupted {
        m.push(Modifier::new(t.disrupted, "Disrupted"));
    }
    if is_hq {
        m.push(Modifier::new(t.hq_self, "HQ rallying itself"));
    }
    m
}

/// Roll a rally.
pub fn roll(t: &Rally, s: &Situation, dice: &mut dyn Dice) -> (Explanation, bool) {
    let mut e = Explanation::new(RULE);
    e.dice = vec![dice.roll(6, "rally")];
    e.modifiers = modifiers(t, s);
    let total = e.tally();
    let ok = total >= t.succeeds_at;
    e.row = if ok {
        format!("{}+", t.succeeds_at).into()
    } else {
        format!("{} or less", t.succeeds_at - 1).into()
    };
    e.result = if ok {
        "rallies".into()
    } else {
        "fails to rally".into()
    };
    (e, ok)
}

/// How a rally ends for the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rallied {
    /// The marker it tried to shed.
    pub from: Condition,
    pub success: bool,
}

impl std::fmt::Display for Rallied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.success {
            write!(f, "rallies: no longer {}", self.from.name())
        } else {
            write!(f, "fails to rally: stays {}", self.from.name())
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
            section: RULE,
            modifiers: "2x2 Rally modifiers",
            summary: "a Pinned or Disrupted unit near an HQ of its chain tries to shed its marker",
            dice: "1d6",
        }
    }

    fn problems(&self, t: &Tables, s: &Situation) -> Vec<Problem> {
        barred(&t.rally, s)
            .map(|(fact, why)| {
                Problem::new(
                    fact,
                    format!("the book bars this rally: {why}"),
                    "no roll is made: the unit keeps its marker",
                )
            })
            .into_iter()
            .collect()
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
        let (e, success) = roll(&t.rally, s, dice);
        rolls.push(e);
        Rallied {
            from: s.unit.status,
            success,
        }
    }

    fn roles(&self) -> &'static [&'static str] {
        &["unit"]
    }

    fn effects(&self, _: &Situation, o: &Rallied) -> Vec<Effect> {
        if o.success {
            vec![Effect::set("unit", serde_json::json!({"status": "ready"}))]
        } else {
            Vec::new()
        }
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Rallied> {
        let sum: i32 = modifiers(&t.rally, s).iter().map(|m| m.value).sum();
        Exact::of_throws(&[6], |d| Rallied {
            from: s.unit.status,
            success: d[0] as i32 + sum >= t.rally.succeeds_at,
        })
    }
}
