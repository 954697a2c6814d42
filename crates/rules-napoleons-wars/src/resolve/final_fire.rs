//! A charged battery's final shot at its attacker and its roll to get away ("NW 8.5", "NW
//! 8.6", "NW Artillery Evasion Table"): the shot first, then, unless it stopped the attack
//! and unless the guns shelter with the infantry they are attached to, the evasion roll.

use super::fire::{self, Fired};
use super::morale::{self, EvasionFacts, Test};
use crate::design::army::Ordnance;
use crate::levels::{Arm, CavalryWeight};
use crate::resolve::facts::UnitFacts;
use crate::scenario::Weather;
use crate::tables::{Artillery, Evasion, FireEffect, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Effect, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

const RULE: &str = "NW 8.5 Artillery final fire and evasion";

/// What a charged battery's roll to get away depends on ("NW 8.5", "NW Artillery Evasion
/// Table").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct EvasionSituation {
    /// The battery charged: horse artillery (and rockets, ruling N33) gets away more
    /// easily; a suppressed one less so.
    #[serde(deserialize_with = "fire::as_battery")]
    pub battery: UnitFacts,
    /// The unit charging it: light cavalry is the hardest to escape (ruling N2).
    pub attacker: UnitFacts,
    /// The day's weather: rain or snow hinders the escape.
    pub weather: Weather,
    /// Mud on the ground hinders the escape.
    pub mud: bool,
    /// The battery stands in rough terrain (a dense wood).
    pub rough: bool,
    /// The battery stands behind an obstacle the attacker crosses, or higher than the
    /// attacker (ruling N34).
    pub obstacle_or_higher: bool,
    /// After the battery's full move back, the attacker, 1" poorer, could still reach it:
    /// a battery that gets away is then overrun all the same.
    pub still_reached: bool,
}

impl Default for EvasionSituation {
    fn default() -> Self {
        EvasionSituation {
            battery: UnitFacts {
                arm: Arm::Artillery,
                ..UnitFacts::default()
            },
            attacker: UnitFacts::default(),
            weather: Weather::Clear,
            mud: false,
            rough: false,
            obstacle_or_higher: false,
            still_reached: false,
        }
    }
}

impl EvasionSituation {
    /// The facts the evasion table reads.
    pub fn facts(&self) -> EvasionFacts {
        EvasionFacts {
            horse_artillery: self.battery.horse || self.battery.ordnance == Ordnance::Rockets,
            attacker_light_cavalry: self.attacker.arm == Arm::Cavalry
                && self.attacker.weight == CavalryWeight::Light,
            bad_weather: self.mud || self.weather.rain_or_snow(),
            suppressed: self.battery.suppressed,
            rough: self.rough,
            obstacle_or_higher: self.obstacle_or_higher,
        }
    }

    fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.battery.arm != Arm::Artillery {
            out.push(Problem::new(
                "battery.arm",
                "the unit charged is not a battery",
                "only batteries roll to evade: give battery.arm=artillery",
            ));
        } else {
            out.extend(self.battery.problems("battery"));
        }
        if self.attacker.arm == Arm::Artillery {
            out.push(Problem::new(
                "attacker.arm",
                "a battery charging",
                "only infantry and cavalry charge (\"NW 8.5\"): give attacker.arm=infantry or cavalry",
            ));
        } else {
            out.extend(self.attacker.problems("attacker"));
        }
        out
    }
}

/// How a charged battery's roll to get away ends ("NW 8.5", "NW Optional rules 4.0").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Evaded {
    /// Gone a full move to the rear; the attacker may go on, 1" poorer.
    Escaped,
    /// Got away, but the attacker still reaches it: overrun and removed.
    OverrunAfterEscape,
    /// Rockets that fail to get away are overrun where they stand.
    RocketsOverrun,
    /// Failed to get away: the attacker makes contact and a combat follows.
    Caught,
}

impl Evaded {
    /// The end of an evasion roll that `passed` or not.
    pub fn of(s: &EvasionSituation, passed: bool) -> Evaded {
        match (passed, s.still_reached) {
            (true, false) => Evaded::Escaped,
            (true, true) => Evaded::OverrunAfterEscape,
            (false, _) if s.battery.ordnance == Ordnance::Rockets => Evaded::RocketsOverrun,
            (false, _) => Evaded::Caught,
        }
    }

    pub fn destroyed(self) -> bool {
        matches!(self, Evaded::OverrunAfterEscape | Evaded::RocketsOverrun)
    }
}

impl std::fmt::Display for Evaded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Evaded::Escaped => {
                "battery escapes a full move to the rear; the attacker may go on 1\" poorer"
            }
            Evaded::OverrunAfterEscape => "battery gets away but is still reached and overrun",
            Evaded::RocketsOverrun => "rockets fail to get away and are overrun",
            Evaded::Caught => "battery fails to get away: contact, and a combat follows",
        })
    }
}

/// Roll for a charged battery to get away.
pub fn evade(t: &Evasion, s: &EvasionSituation, dice: &mut dyn Dice) -> Test {
    morale::evasion(t, &s.facts(), dice)
}

/// The exact chance that the evasion roll of `s` succeeds: its 36 throws counted.
fn escape_chance(t: &Evasion, s: &EvasionSituation) -> Chance {
    let f = s.facts();
    let m: i32 = morale::evasion_modifiers(t, &f)
        .iter()
        .map(|m| m.value)
        .sum();
    let need = morale::evasion_needed(t, &f);
    let mut n = 0u128;
    for a in 1..=6 {
        for b in 1..=6 {
            n += u128::from(a + b + m >= need);
        }
    }
    Chance::new(n, 36)
}

fn evasion_odds(t: &Evasion, s: &EvasionSituation) -> Exact<Evaded> {
    let p = escape_chance(t, s);
    let mut e = Exact::new();
    e.add(Evaded::of(s, true), p);
    e.add(Evaded::of(s, false), Chance::from_integer(1) - p);
    e.without_impossible()
}

/// The evasion roll alone, for a battery charged from its flank or rear, or one that has no
/// final shot: for the table companion and the odds.
pub struct EvasionRoll;

impl Resolution<Tables> for EvasionRoll {
    type Situation = EvasionSituation;
    type Outcome = Evaded;

    fn about(&self) -> About {
        About {
            name: "evasion",
            title: "Artillery evasion",
            section: RULE,
            modifiers: "NW Artillery Evasion Table modifiers",
            summary:
                "a charged battery tries to get away a full move before the attacker reaches it",
            dice: "2d6",
        }
    }

    fn problems(&self, _: &Tables, s: &EvasionSituation) -> Vec<Problem> {
        s.problems()
    }

    fn modifiers(&self, t: &Tables, s: &EvasionSituation) -> Vec<Modifier> {
        morale::evasion_modifiers(&t.evasion, &s.facts())
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &EvasionSituation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Evaded {
        let test = evade(&t.evasion, s, dice);
        rolls.push(test.roll);
        Evaded::of(s, test.passed)
    }

    fn odds(&self, t: &Tables, s: &EvasionSituation) -> Exact<Evaded> {
        evasion_odds(&t.evasion, s)
    }

    fn counts(&self, o: &Evaded) -> Vec<(&'static str, f64)> {
        vec![("units destroyed", f64::from(u8::from(o.destroyed())))]
    }

    fn roles(&self) -> &'static [&'static str] {
        &["battery", "attacker"]
    }

    fn effects(&self, _: &EvasionSituation, o: &Evaded) -> Vec<Effect> {
        if o.destroyed() {
            vec![Effect::gone("battery")]
        } else {
            Vec::new()
        }
    }
}

/// What a charged battery's final shot depends on, and the roll to get away that follows it
/// ("NW 8.5", "NW 8.6", "NW Fire Modifiers").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct FinalFireSituation {
    /// The battery charged from its front: it fires its canister points, halved when
    /// damaged but not for being suppressed (ruling N54); rockets and a damaged battery
    /// that is suppressed take no final shot.
    #[serde(deserialize_with = "fire::as_battery")]
    pub battery: UnitFacts,
    /// The unit charging it, which the shot hits.
    pub attacker: UnitFacts,
    /// The battery is attached to an infantry brigade: it shoots but does not roll to get
    /// away, and the brigade fights ("NW 8.6").
    pub attached: bool,
    /// The shot strikes the attacker's flank or rear (+2).
    pub flank_or_rear: bool,
    /// The battery and the attacker stand on different elevations (-1).
    pub different_elevation: bool,
    /// The attacker is in or behind soft cover as seen from the battery (-1).
    pub soft_cover: bool,
    /// The attacker is in or behind hard cover as seen from the battery (-2).
    pub hard_cover: bool,
    /// The attacker is behind works: no nation's modifier.
    pub behind_works: bool,
    /// The attacker is vulnerable: fording, on a bridge, or moved by road (+2).
    pub vulnerable: bool,
    /// The day's weather: rain hinders the shot, rain or snow the escape.
    pub weather: Weather,
    /// Mud on the ground hinders the shot and the escape.
    pub mud: bool,
    /// The battery stands in rough terrain (a dense wood): harder to get away.
    pub rough: bool,
    /// The battery stands behind an obstacle the attacker crosses, or higher than it:
    /// easier to get away.
    pub obstacle_or_higher: bool,
    /// After the battery's full move back, the attacker, 1" poorer, could still reach it.
    pub still_reached: bool,
}

impl Default for FinalFireSituation {
    fn default() -> Self {
        FinalFireSituation {
            battery: UnitFacts {
                arm: Arm::Artillery,
                ..UnitFacts::default()
            },
            attacker: UnitFacts::default(),
            attached: false,
            flank_or_rear: false,
            different_elevation: false,
            soft_cover: false,
            hard_cover: false,
            behind_works: false,
            vulnerable: false,
            weather: Weather::Clear,
            mud: false,
            rough: false,
            obstacle_or_higher: false,
            still_reached: false,
        }
    }
}

impl FinalFireSituation {
    /// The fire facts of the shot: at canister range, never halved for suppression.
    pub fn shot(&self, t: &Artillery) -> (fire::Battery, fire::Target) {
        let firing = fire::Firing {
            battery: UnitFacts {
                suppressed: false,
                ..self.battery
            },
            range: fire::Range::Inches(0.0),
            flank_or_rear: self.flank_or_rear,
            different_elevation: self.different_elevation,
        };
        let target = fire::Target {
            artillery: self.attacker.is_battery(),
            soft_cover: self.soft_cover,
            hard_cover: self.hard_cover,
            behind_works: self.behind_works,
            vulnerable: self.vulnerable,
            rain_or_mud: self.weather == Weather::Rain || self.mud,
        };
        (firing.facts(t), target)
    }

    /// The evasion that follows the shot.
    pub fn evasion(&self) -> EvasionSituation {
        EvasionSituation {
            battery: self.battery,
            attacker: self.attacker,
            weather: self.weather,
            mud: self.mud,
            rough: self.rough,
            obstacle_or_higher: self.obstacle_or_higher,
            still_reached: self.still_reached,
        }
    }

    /// Why the battery takes no final shot, if it does not.
    pub fn no_shot(&self) -> Option<&'static str> {
        if self.battery.ordnance == Ordnance::Rockets {
            Some("rockets take no final shot (\"NW Optional rules 4.0\")")
        } else if self.battery.damaged && self.battery.suppressed {
            Some("a damaged battery that is suppressed cannot fire (\"NW 8.4\")")
        } else {
            None
        }
    }
}

/// The final shot: `None` if the battery takes none.
pub fn shoot(t: &Artillery, s: &FinalFireSituation, dice: &mut dyn Dice) -> Option<fire::Fire> {
    if s.no_shot().is_some() {
        return None;
    }
    let (b, target) = s.shot(t);
    fire::resolve(t, &[b], &target, dice)
}

/// Whether a final shot with this end stops the attack: the attacker is gone or driven
/// back by horrendous or destructive fire (ruling N26).
pub fn stops(fired: &Fired) -> bool {
    fired.destroyed || fired.effect >= FireEffect::Horrendous
}

/// How a final shot, and the roll to get away after it, end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalFired {
    /// What the shot does to the attacker.
    pub fire: Fired,
    /// The battery's roll to get away, when the shot did not stop the attack and the
    /// battery is not attached to infantry.
    pub evasion: Option<Evaded>,
    /// The battery is attached: the infantry fights in its stead.
    pub attached: bool,
}

impl std::fmt::Display for FinalFired {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "final shot, {}", self.fire)?;
        if stops(&self.fire) {
            f.write_str("; the attack is stopped")
        } else if let Some(e) = self.evasion {
            write!(f, "; {e}")
        } else if self.attached {
            f.write_str("; the guns stay with their infantry, which fights")
        } else {
            Ok(())
        }
    }
}

fn after_shot(s: &FinalFireSituation, fired: Fired, evasion: Option<Evaded>) -> FinalFired {
    FinalFired {
        fire: fired,
        evasion,
        attached: s.attached,
    }
}

/// A charged battery's final shot and its roll to get away, for the table companion and the
/// odds.
pub struct FinalFireRoll;

impl Resolution<Tables> for FinalFireRoll {
    type Situation = FinalFireSituation;
    type Outcome = FinalFired;

    fn about(&self) -> About {
        About {
            name: "final_fire",
            title: "Final fire and evasion",
            section: RULE,
            modifiers: "NW 8.4 artillery fire modifiers",
            summary: "a battery charged from its front shoots at its attacker, then, unless that stops the attack or it is attached to infantry, tries to get away",
            dice: "2d6, then 2d6",
        }
    }

    fn problems(&self, _: &Tables, s: &FinalFireSituation) -> Vec<Problem> {
        let mut out = s.evasion().problems();
        if let Some(why) = s.no_shot() {
            out.push(Problem::new(
                if s.battery.ordnance == Ordnance::Rockets {
                    "battery.ordnance"
                } else {
                    "battery.suppressed"
                },
                format!("no final shot: {why}"),
                "only the roll to get away is made: ask `evasion`",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &FinalFireSituation) -> Vec<Modifier> {
        let (b, target) = s.shot(&t.artillery);
        fire::modifiers(&t.artillery, &[b], &target)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &FinalFireSituation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> FinalFired {
        let a = &t.artillery;
        let fired = match shoot(a, s, dice) {
            Some(f) => {
                let fired = Fired::of(a, &s.attacker, f.effect, f.general_killed);
                rolls.push(f.roll);
                fired
            }
            None => Fired::of(a, &s.attacker, FireEffect::Desultory, false),
        };
        if stops(&fired) || s.attached {
            return after_shot(s, fired, None);
        }
        let test = evade(&t.evasion, &s.evasion(), dice);
        rolls.push(test.roll);
        after_shot(s, fired, Some(Evaded::of(&s.evasion(), test.passed)))
    }

    /// The shot's 36 throws counted, then, where the attack goes on, the evasion's.
    fn odds(&self, t: &Tables, s: &FinalFireSituation) -> Exact<FinalFired> {
        let a = &t.artillery;
        let (b, target) = s.shot(a);
        let points = fire::battery_points(a, &b).unwrap_or(0.0);
        let modifier: i32 = fire::modifiers(a, &[b], &target)
            .iter()
            .map(|m| m.value)
            .sum();
        let ev = s.evasion();
        fire::fire_odds(a, &s.attacker, points, modifier).then(|fired| {
            if stops(&fired) || s.attached {
                Exact {
                    outcomes: vec![(after_shot(s, fired, None), Chance::from_integer(1))],
                }
            } else {
                evasion_odds(&t.evasion, &ev).then(|e| Exact {
                    outcomes: vec![(after_shot(s, fired, Some(e)), Chance::from_integer(1))],
                })
            }
        })
    }

    fn counts(&self, o: &FinalFired) -> Vec<(&'static str, f64)> {
        let mut c = o.fire.counts();
        c.push((
            "batteries destroyed",
            f64::from(u8::from(o.evasion.is_some_and(Evaded::destroyed))),
        ));
        c
    }

    fn roles(&self) -> &'static [&'static str] {
        &["battery", "attacker"]
    }

    fn effects(&self, s: &FinalFireSituation, o: &FinalFired) -> Vec<Effect> {
        let mut out = o.fire.effects("attacker", &s.attacker);
        if o.evasion.is_some_and(Evaded::destroyed) {
            out.push(Effect::gone("battery"));
        }
        out
    }
}
