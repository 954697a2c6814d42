//! Defensive fire against contact ("2x2 Defensive fire against contact"): the unit contacted
//! in the movement phase just ended fires at a unit that contacted it. A Pinned or Disrupted
//! result throws the charger straight back and calls its melee off this turn (ruling R25);
//! a rout or destruction is resolved as any shot's, the rout roll followed.

use crate::resolve::shooting::{self, RangeBand, Shot, Situation};
use crate::tables::Tables;
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Effect, Exact, Resolution};
use grognard_engine::Dice;
use std::borrow::Cow;

/// The facts as they count: a battery fires at a unit touching it at short range.
fn in_contact(s: &Situation) -> Cow<'_, Situation> {
    if s.shooter.kind.is_artillery() && s.range.is_none() {
        let mut c = s.clone();
        c.range = Some(RangeBand::Short);
        Cow::Owned(c)
    } else {
        Cow::Borrowed(s)
    }
}

/// The defender's shot at a unit that contacted it.
pub struct DefensiveFireRoll;

impl Resolution<Tables> for DefensiveFireRoll {
    type Situation = Situation;
    type Outcome = Shot;

    fn about(&self) -> About {
        About {
            name: "defensive_fire",
            title: "Defensive fire against contact",
            section: "2x2 Defensive fire against contact",
            modifiers: "2x2 Shooting modifiers",
            summary: "a contacted unit fires at a unit that contacted it: Pinned or Disrupted \
                      throws the charger back and calls off its melee",
            dice: "1d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        shooting::problems(s, true)
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        shooting::modifiers(&t.shooting, &in_contact(s))
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Shot {
        shooting::follow(t, &in_contact(s), true, dice, rolls)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Shot> {
        shooting::exact(t, &in_contact(s), true)
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
