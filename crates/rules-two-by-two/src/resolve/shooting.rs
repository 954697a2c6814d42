//! The shooting roll ("2x2 Resolving shooting", "Shooting modifiers"; optional "Grand
//! Battery"), followed to the end: light infantry takes any result as Pinned, and a target
//! that routs throws its rout roll ("2x2 Effects: Routs").

use crate::phases::shooting::{self, Shot, Situation};
use crate::tables::Tables;
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Effect, Exact, Resolution};
use grognard_engine::Dice;

/// A shot at a unit that did not just contact the shooter (for that, `defensive_fire`).
pub struct ShootingRoll;

impl Resolution<Tables> for ShootingRoll {
    type Situation = Situation;
    type Outcome = Shot;

    fn about(&self) -> About {
        About {
            name: "shooting",
            title: "Shooting",
            section: shooting::RULE,
            modifiers: "2x2 Shooting modifiers",
            summary: "a unit fires at an enemy: no effect, Pinned, Disrupted, routs (then the \
                      target's rout roll) or destroyed",
            dice: "1d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        shooting::problems(s, false)
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        shooting::modifiers(&t.shooting, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Shot {
        shooting::follow(t, s, false, dice, rolls)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Shot> {
        shooting::exact(t, s, false)
    }

    fn counts(&self, o: &Shot) -> Vec<(&'static str, f64)> {
        vec![("units destroyed", f64::from(u8::from(o.fate.destroyed())))]
    }

    fn roles(&self) -> &'static [&'static str] {
        &["shooter", "target"]
    }

    fn effects(&self, s: &Situation, o: &Shot) -> Vec<Effect> {
        shooting::effects(s, o)
    }
}
