//! The rout roll on its own ("2x2 Effects: Routs"): a unit routing of its own accord ("2x2
//! The Units": light infantry and light cavalry), or broken by a friend's rout (the Guards
//! and Militia chains), throws 1d6 and is destroyed on 1-2. A survivor makes its full rout
//! move and ends Disrupted, unless the move meets what destroys it, which the table decides:
//! here the player states it.

use crate::event::Cause;
use crate::resolve::facts::UnitFacts;
use crate::tables::{Arrival, Tables};
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::resolution::{About, Effect, Exact, Resolution};
use grognard_engine::Dice;
use serde::{Deserialize, Serialize};

/// What a rout roll depends on, as a player at the table states it.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The routing unit.
    pub unit: UnitFacts,
    /// It routs because a friend routed near it (a routing Guards unit passing within 1",
    /// or the Militia and irregular cavalry rule): the roll is the same.
    pub by_chain: bool,
    /// What its rout move meets if it survives the roll (the table decides it: state it as
    /// you see it). A unit routed by shooting chooses straight back or directly away from
    /// the shooter; any other goes straight back.
    pub path: RoutPath,
}

/// How the rout ends for the unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Routed(pub RoutEnd);

impl std::fmt::Display for Routed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            RoutEnd::DestroyedOnRoll => write!(f, "destroyed on its rout roll"),
            RoutEnd::DestroyedOnMove(p) => write!(
                f,
                "survives its rout roll and is destroyed as its rout {}",
                p.ending()
            ),
            RoutEnd::Survives => write!(f, "survives its rout roll and ends Disrupted"),
        }
    }
}

/// The rout roll of one unit.
pub struct RoutSurvivalRoll;

impl Resolution<Tables> for RoutSurvivalRoll {
    type Situation = Situation;
    type Outcome = Routed;

    fn about(&self) -> About {
        About {
            name: "rout_survival",
            title: "Rout roll",
            section: RULE,
            modifiers: RULE,
            summary: "a routing unit is destroyed on 1-2; otherwise it makes its rout move and \
                      ends Disrupted",
            dice: "1d6",
        }
    }

    fn modifiers(&self, _: &Tables, s: &Situation) -> Vec<Modifier> {
        if s.by_chain {
            vec![Modifier::new(0, "routed by a nearby rout")]
        } else {
            Vec::new()
        }
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Routed {
        let (e, survived) = survival_roll(&t.arrival, s.by_chain, dice);
        rolls.push(e);
        Routed(end_of(survived, s.path))
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Routed> {
        let n = t.arrival.rout_destroyed_up_to;
        Exact::of_throws(&[6], |d| Routed(end_of(d[0] > n, s.path)))
    }

    fn counts(&self, o: &Routed) -> Vec<(&'static str, f64)> {
        let gone = !matches!(o.0, RoutEnd::Survives);
        vec![("units destroyed", f64::from(u8::from(gone)))]
    }

    fn roles(&self) -> &'static [&'static str] {
        &["unit"]
    }

    fn effects(&self, _: &Situation, o: &Routed) -> Vec<Effect> {
        match o.0 {
            RoutEnd::Survives => vec![Effect::set(
                "unit",
                serde_json::json!({"status": "disrupted"}),
            )],
            _ => vec![Effect::gone("unit")],
        }
    }
}

pub const RULE: &str = "2x2 Effects: Routs";

/// What a rout move meets on its way, which the table decides ("2x2 Effects: Routs",
/// "Movement modifiers: Dense Woods", ruling R17).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum RoutPath {
    /// Nothing that stops it: it makes its full move and ends Disrupted.
    #[default]
    Clear,
    /// It touches an enemy on the way (one already touching it counts only if the rout runs
    /// into it): destroyed.
    Enemy,
    /// It would leave the table: destroyed.
    TableEdge,
    /// It would enter ground it may not: dense woods (but for light infantry), a river away
    /// from a bridge or ford, or light woods for cavalry and guns when that optional rule is
    /// used: destroyed.
    Impassable,
}

impl RoutPath {
    /// How a rout that meets this ends, in words.
    pub fn ending(self) -> &'static str {
        match self {
            RoutPath::Clear => "ends",
            RoutPath::Enemy => "runs into an enemy",
            RoutPath::TableEdge => "leaves the table",
            RoutPath::Impassable => "enters ground it may not",
        }
    }

    pub(crate) fn of(cause: &Cause) -> RoutPath {
        match cause {
            Cause::RoutIntoEnemy => RoutPath::Enemy,
            Cause::OffTable => RoutPath::TableEdge,
            Cause::ImpassableGround => RoutPath::Impassable,
            _ => RoutPath::Clear,
        }
    }
}

/// The rout roll ("2x2 Effects: Routs"): on 1-2 the routing unit is destroyed. A unit routed
/// by a friend's rout (the Guards and Militia chains) rolls the same, and the explanation
/// says so.
pub fn survival_roll(t: &Arrival, by_chain: bool, dice: &mut dyn Dice) -> (Explanation, bool) {
    let face = dice.roll(6, "rout survival");
    let mut roll = Explanation::new(RULE);
    roll.dice = vec![face];
    roll.tally();
    let n = t.rout_destroyed_up_to;
    let survived = face > n;
    roll.row = if survived {
        if n >= 5 {
            "6".to_string()
        } else {
            format!("{}-6", n + 1)
        }
    } else if n <= 1 {
        "1".to_string()
    } else {
        format!("1-{n}")
    }
    .into();
    roll.result = if survived {
        "routs".into()
    } else {
        "destroyed".into()
    };
    if by_chain {
        roll.modifiers
            .push(Modifier::new(0, "routed by a nearby rout"));
    }
    (roll, survived)
}

/// The exact odds of surviving the rout roll (`true`) or not.
pub fn survival_exact(t: &Arrival) -> Exact<bool> {
    Exact::of_throws(&[6], |d| d[0] > t.rout_destroyed_up_to)
}

/// How a rout ends for the routing unit ("2x2 Effects: Routs").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoutEnd {
    /// A 1-2 on the rout roll.
    DestroyedOnRoll,
    /// It survives the roll but its rout move meets what destroys it.
    DestroyedOnMove(RoutPath),
    /// It survives and ends its move Disrupted.
    Survives,
}

/// How a rout ends, from its roll and what its move meets.
pub fn end_of(survived: bool, path: RoutPath) -> RoutEnd {
    match (survived, path) {
        (false, _) => RoutEnd::DestroyedOnRoll,
        (true, RoutPath::Clear) => RoutEnd::Survives,
        (true, p) => RoutEnd::DestroyedOnMove(p),
    }
}
