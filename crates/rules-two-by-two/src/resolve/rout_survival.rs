//! The rout roll on its own ("2x2 Effects: Routs"): a unit routing of its own accord ("2x2
//! The Units": light infantry and light cavalry), or broken by a friend's rout (the Guards
//! and Militia chains), throws 1d6 and is destroyed on 1-2. A survivor makes its full rout
//! move and ends Disrupted, unless the move meets what destroys it, which the table decides:
//! here the player states it.

use crate::phases::rout::RoutEnd;
use crate::phases::rout::{self, RoutPath};
use crate::resolve::facts::UnitFacts;
use crate::tables::Tables;
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
            section: rout::RULE,
            modifiers: rout::RULE,
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
        let (e, survived) = rout::survival_roll(&t.arrival, s.by_chain, dice);
        rolls.push(e);
        Routed(rout::end_of(survived, s.path))
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Routed> {
        let n = t.arrival.rout_destroyed_up_to;
        Exact::of_throws(&[6], |d| Routed(rout::end_of(d[0] > n, s.path)))
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
