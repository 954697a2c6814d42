//! Charge combat ("NFF Charge 5"): each side throws a d10 with the module's modifiers for
//! its own participating brigades, and the attacker's total less the defender's is read on
//! the Charge Table (Grognard's, design 4.4). Infantry that charging cavalry does not beat
//! is in square at once ("NFF Maneuver: Formations 3b"); a battery that does not hold loses
//! at least a stand (design 4.4).

use super::{against, from_table};
use crate::facts::{Condition, Engineers, Level};
use crate::modifiers::Item;
use crate::tables::{Arm, ChargeEffect, Rating, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "NFF Charge 1";

/// One side of a charge combat: the facts of its participating brigades (the one with the
/// most participating stands, where they differ) and the stands it counts for
/// outnumbering.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Party {
    /// Infantry, cavalry (or a mixed brigade mainly of it), or a battery.
    pub arm: Arm,
    /// Stands of its participating and incidental brigades, for outnumbering.
    pub stands: u32,
    pub rating: Rating,
    pub state: Condition,
    /// Leaders of its chain attached to a participating brigade, not charismatic.
    pub leaders: u32,
    /// Charismatic ones.
    pub charismatic_leaders: u32,
    /// Heavy cavalry ("NFF Charge 1b").
    pub heavy: bool,
    /// Armoured heavy cavalry ("NFF Charge 1c").
    pub armoured: bool,
    /// Lance-armed cavalry ("NFF Charge 1e").
    pub lance: bool,
    /// The attacker's charge is supported ("NFF Charge 5g").
    pub supported: bool,
    pub disordered: bool,
    /// Irregulars are always Disordered, and never count as lancers.
    pub irregular: bool,
    /// The defender's cavalry countercharged ("NFF Charge 4"); cavalry that did not is
    /// charged standing still.
    pub countercharged: bool,
    /// Stands it lost in this turn's fire phase.
    pub stands_lost_to_fire: u32,
    /// Any element of the French Old Guard is among them ("NFF Charge 1d").
    pub old_guard: bool,
    /// The defending infantry is already in square.
    pub square: bool,
}

impl Default for Party {
    fn default() -> Self {
        Party {
            arm: Arm::Infantry,
            stands: 4,
            rating: Rating::Regular,
            state: Condition::Worn,
            leaders: 0,
            charismatic_leaders: 0,
            heavy: false,
            armoured: false,
            lance: false,
            supported: false,
            disordered: false,
            irregular: false,
            countercharged: false,
            stands_lost_to_fire: 0,
            old_guard: false,
            square: false,
        }
    }
}

/// The facts of one charge combat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    pub attacker: Party,
    pub defender: Party,
    /// The length of the attacker's path to contact, inches.
    pub distance: f64,
    /// The attacker hits the defender's flank or rear.
    pub flank_or_rear: bool,
    /// The defender's favourable ground.
    pub terrain: Level,
    /// Engineers with the attacking brigade.
    pub engineers: Engineers,
    /// A breakthrough charge ("NFF Sequence 2c").
    pub breakthrough: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            attacker: Party::default(),
            defender: Party::default(),
            distance: 3.0,
            flank_or_rear: false,
            terrain: Level::None,
            engineers: Engineers::None,
            breakthrough: false,
        }
    }
}

/// What a charge combat comes to for both sides.
#[derive(Debug, Clone, PartialEq)]
pub struct Charged {
    /// The attacker's total less the defender's.
    pub differential: i32,
    pub attacker: ChargeEffect,
    pub defender: ChargeEffect,
    /// The defending infantry forms square.
    pub square: bool,
}

impl fmt::Display for Charged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "attacker {}; defender {}", self.attacker, self.defender)?;
        if self.square {
            write!(f, ", in square")?;
        }
        Ok(())
    }
}

/// An outcome compared without its differential, so that the odds gather by result.
#[derive(Debug, Clone, PartialEq)]
pub struct Result {
    pub attacker: ChargeEffect,
    pub defender: ChargeEffect,
    pub square: bool,
}

impl fmt::Display for Result {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Charged {
            differential: 0,
            attacker: self.attacker.clone(),
            defender: self.defender.clone(),
            square: self.square,
        }
        .fmt(f)
    }
}

fn push(m: &mut Vec<Modifier>, item: &Item<i32>, what: &str) {
    m.push(item.modifier(what));
}

fn rank(r: Rating) -> i32 {
    match r {
        Rating::Conscript => 1,
        Rating::Regular => 2,
        Rating::Elite => 3,
    }
}

pub struct ChargeRoll;

impl ChargeRoll {
    /// One side's modifiers against the other.
    pub fn side(t: &Tables, s: &Situation, attacking: bool) -> Vec<Modifier> {
        let c = &t.modifiers.charge;
        let (us, them) = if attacking {
            (&s.attacker, &s.defender)
        } else {
            (&s.defender, &s.attacker)
        };
        let mut m = Vec::new();
        if us.leaders + us.charismatic_leaders > 0 {
            let v = (c.leader.value * us.leaders as i32
                + c.charismatic.value * us.charismatic_leaders as i32)
                .min(c.leaders_at_most.value);
            m.push(Modifier::new(
                v,
                format!("leaders attached ({})", c.leader.label()),
            ));
        }
        let levels = rank(us.rating) - rank(them.rating);
        if levels > 0 {
            m.push(c.rating.times(levels, "rated higher"));
        }
        match us.state {
            Condition::Fresh => push(&mut m, &c.fresh, "Fresh"),
            Condition::Spent => push(&mut m, &c.spent, "Spent"),
            Condition::Worn => {}
        }
        let cavalry = us.arm == Arm::Cavalry;
        if attacking && cavalry && them.arm == Arm::Infantry {
            if s.distance <= c.cavalry_close_range.value {
                push(
                    &mut m,
                    &c.cavalry_close,
                    "cavalry charging infantry from close",
                );
            } else {
                push(
                    &mut m,
                    &c.cavalry_far,
                    "cavalry charging infantry from afar",
                );
            }
            if us.lance && !us.irregular {
                push(&mut m, &c.lance, "lancers charging infantry");
            }
        }
        if cavalry && us.armoured {
            push(&mut m, &c.armoured, "armoured heavy cavalry");
        } else if cavalry && us.heavy {
            push(&mut m, &c.heavy, "heavy cavalry");
        }
        if attacking && (us.supported || s.breakthrough) {
            push(
                &mut m,
                &c.supported,
                if s.breakthrough {
                    "breakthrough charge"
                } else {
                    "supported"
                },
            );
        }
        if let Some(o) = c.outnumbering(us.stands, them.stands) {
            m.push(Modifier::new(
                o.value,
                format!(
                    "outnumbering, {} stands to {} ({})",
                    us.stands, them.stands, o.cite
                ),
            ));
        }
        if us.disordered || us.irregular {
            push(
                &mut m,
                &c.disordered,
                if us.irregular {
                    "irregulars, always Disordered"
                } else {
                    "Disordered"
                },
            );
        } else if !attacking && cavalry && !us.countercharged {
            push(&mut m, &c.standing_still, "cavalry charged standing still");
        }
        if us.stands_lost_to_fire > 0 {
            m.push(c.stand_lost.times(
                us.stands_lost_to_fire as i32,
                &format!("{} stand(s) lost to fire this turn", us.stands_lost_to_fire),
            ));
        }
        if !attacking {
            let ground = match s.terrain {
                Level::None => None,
                Level::Light => Some(&c.terrain.light),
                Level::Medium => Some(&c.terrain.medium),
                Level::Heavy => Some(&c.terrain.heavy),
            };
            if let Some(g) = ground {
                let steps = match s.engineers {
                    Engineers::None => 0,
                    Engineers::Engineers => c.terrain.engineers.value,
                    Engineers::Guard => c.terrain.guard_engineers.value,
                };
                let v = (g.value - steps).max(0);
                let what = if steps > 0 {
                    format!(
                        "favourable ground, less {steps} for the attacker's engineers ({})",
                        c.terrain.engineers.label()
                    )
                } else {
                    "favourable ground".into()
                };
                if v != 0 {
                    m.push(Modifier::new(v, format!("{what} ({})", g.label())));
                }
            }
            if us.square {
                match them.arm {
                    Arm::Infantry => {
                        push(&mut m, &c.flank_or_rear, "a square charged by infantry");
                        push(&mut m, &c.square_by_infantry, "a square hit by infantry");
                    }
                    Arm::Cavalry => push(&mut m, &c.square_by_cavalry, "a square hit by cavalry"),
                    Arm::Artillery => {}
                }
            } else if s.flank_or_rear {
                push(&mut m, &c.flank_or_rear, "hit in flank or rear");
            }
        }
        if them.old_guard {
            push(&mut m, &c.old_guard, "facing the French Old Guard");
        }
        m
    }

    /// The attacker's modifiers and the defender's against them: their sum moves the
    /// differential.
    pub fn net(t: &Tables, s: &Situation) -> Vec<Modifier> {
        let mut m = Self::side(t, s, true);
        m.extend(against(Self::side(t, s, false)));
        m
    }

    /// Each differential's result and on how many of the hundred throws of two d10 it comes
    /// up: a differential of k on 10 - |k|. The differentials come in the order the throws
    /// first give them (the attacker's 1 against 1 to 10, then his higher dice), so that
    /// results are listed as a walk of every throw lists them.
    fn throws<'a>(t: &'a Tables, s: &'a Situation) -> impl Iterator<Item = (Result, u32)> + 'a {
        let net: i32 = Self::net(t, s).iter().map(|m| m.value).sum();
        (-9..=0).rev().chain(1..=9).map(move |k: i32| {
            let c = Self::read(t, s, k + net);
            (
                Result {
                    attacker: c.attacker,
                    defender: c.defender,
                    square: c.square,
                },
                10 - k.unsigned_abs(),
            )
        })
    }

    /// The mean of `value` over the odds ([`Resolution::odds`]), counted in plain numbers:
    /// the same throws, each distinct result weighed by its share of the hundred in the
    /// order first met, so the sum is the one the exact odds give. For an advisor weighing
    /// many charges.
    pub fn mean(t: &Tables, s: &Situation, value: impl Fn(&Result) -> f64) -> f64 {
        let mut seen: smallvec::SmallVec<[(Result, u32); 19]> = smallvec::SmallVec::new();
        for (r, throws) in Self::throws(t, s) {
            match seen.iter_mut().find(|(o, _)| *o == r) {
                Some(slot) => slot.1 += throws,
                None => seen.push((r, throws)),
            }
        }
        seen.iter()
            .map(|(r, k)| value(r) * (f64::from(*k) / 100.0))
            .sum()
    }

    /// What a differential comes to.
    pub fn read(t: &Tables, s: &Situation, differential: i32) -> Charged {
        let band = t.charge.band(differential);
        let mut attacker = band.attacker.clone();
        let mut defender = band.defender.clone();
        // Only cavalry breaks through; the defender's only if it countercharged.
        attacker.breakthrough &= s.attacker.arm == Arm::Cavalry;
        // Only guns are taken.
        defender.capture_guns &= s.defender.arm == Arm::Artillery;
        attacker.capture_guns = false;
        defender.breakthrough &= s.defender.arm == Arm::Cavalry && s.defender.countercharged;
        // A battery that does not hold loses at least a stand.
        if s.defender.arm == Arm::Artillery && band.defender != ChargeEffect::default() {
            defender.stands = defender.stands.max(1);
        }
        let square = s.attacker.arm == Arm::Cavalry
            && s.defender.arm == Arm::Infantry
            && !s.defender.square
            && differential <= t.charge.infantry_square_at_or_below;
        Charged {
            differential,
            attacker,
            defender,
            square,
        }
    }
}

impl Resolution<Tables> for ChargeRoll {
    type Situation = Situation;
    type Outcome = Result;

    fn about(&self) -> About {
        About {
            name: "charge",
            title: "Charge combat",
            section: RULE,
            modifiers: "NFF Charge 5",
            summary:
                "how a charge combat ends for both sides, on the Charge Table (Grognard's table, not the published one)",
            dice: "1d10 each side, the attacker's total less the defender's",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.attacker.arm == Arm::Infantry && s.defender.arm == Arm::Cavalry {
            out.push(Problem::new(
                "attacker.arm",
                "infantry may never charge cavalry (NFF Charge 1g)",
                "let the cavalry charge, or charge another target",
            ));
        }
        if s.attacker.arm == Arm::Artillery {
            out.push(Problem::new(
                "attacker.arm",
                "batteries do not charge",
                "give infantry or cavalry as the attacker",
            ));
        }
        if s.defender.square && s.defender.arm != Arm::Infantry {
            out.push(Problem::new(
                "defender.square",
                "only infantry forms square (NFF Maneuver: Formations 3)",
                "leave square out",
            ));
        }
        if s.defender.square && s.flank_or_rear {
            out.push(Problem::new(
                "flank_or_rear",
                "a square has no flank or rear (NFF Maneuver: Formations 3d)",
                "leave flank_or_rear out",
            ));
        }
        for (who, p) in [("attacker", &s.attacker), ("defender", &s.defender)] {
            if p.stands == 0 {
                out.push(Problem::new(
                    format!("{who}.stands"),
                    "a side in charge combat has stands",
                    "give the stands of its participating and incidental brigades",
                ));
            }
        }
        if s.attacker.countercharged {
            out.push(Problem::new(
                "attacker.countercharged",
                "only the defender countercharges",
                "set defender.countercharged",
            ));
        }
        if !(s.distance.is_finite() && s.distance >= 0.0) {
            out.push(Problem::new(
                "distance",
                format!("{} is not a distance", s.distance),
                "give the inches the attacker moved to contact",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        Self::net(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Result {
        let mut a = super::d10(RULE, "charge, attacker", Self::side(t, s, true), dice);
        let mut d = super::d10(RULE, "charge, defender", Self::side(t, s, false), dice);
        let c = Self::read(t, s, a.total - d.total);
        let said = format!(
            "differential {:+}: {c} {}",
            c.differential,
            from_table(&t.charge.provenance)
        );
        a.row = "attacker".into();
        d.row = "defender".into();
        a.result = said.clone().into();
        d.result = said.into();
        rolls.extend([a, d]);
        Result {
            attacker: c.attacker,
            defender: c.defender,
            square: c.square,
        }
    }

    /// Each side's modifiers are worked out once; the hundred throws of two d10 are then
    /// counted by their differential (the tests hold this to walking every throw).
    fn odds(&self, t: &Tables, s: &Situation) -> grognard_engine::resolution::Exact<Result> {
        let mut out = grognard_engine::resolution::Exact::new();
        for (r, throws) in Self::throws(t, s) {
            out.add(
                r,
                grognard_engine::resolution::Chance::new(u128::from(throws), 100),
            );
        }
        out
    }

    fn counts(&self, r: &Result) -> Vec<(&'static str, f64)> {
        vec![
            ("attacker's stands lost", f64::from(r.attacker.stands)),
            ("defender's stands lost", f64::from(r.defender.stands)),
        ]
    }
}
