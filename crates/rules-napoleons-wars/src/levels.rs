//! The book's named levels: unit quality ("NW II 2.0"), officer ratings ("NW II 3.1"), army
//! morale ("NW II 4.0"), cavalry and gun weights, and a brigade's fatigue state ("NW II
//! 2.6").

use serde::{Deserialize, Serialize};
use std::fmt;

/// A unit's morale/quality grade, best first ("NW II 2.0"). It sets the men to a strength
/// point ("NW II 2.1"), the fatigue levels ("NW II 2.6"), and the maneuver, reaction and
/// rally rolls.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Quality {
    /// The few finest units, such as the French Old Guard: 200 foot or 150 horse a s.p.,
    /// +3 to maneuver and reaction, rallies on 4; counts double in the army's losses.
    Guard,
    /// Grenadiers and other shock troops: 300 foot or 200 horse a s.p., +2, rallies on 5.
    Elite,
    /// Seasoned, well trained troops: 400 foot or 250 horse a s.p., +1, rallies on 6.
    Veteran,
    /// Regulars, the bulk of most armies: 500 foot or 300 horse a s.p., no modifier,
    /// rallies on 7.
    Line,
    /// Hastily raised troops and landwehr: 600 foot or 350 horse a s.p., -1, rallies on 8.
    Conscript,
    /// The least trained, Cossacks and irregulars among them: 700 foot or 400 horse a s.p.,
    /// -2, rallies on 9.
    Militia,
}

impl Quality {
    pub const ALL: [Quality; 6] = [
        Quality::Guard,
        Quality::Elite,
        Quality::Veteran,
        Quality::Line,
        Quality::Conscript,
        Quality::Militia,
    ];

    /// One grade better (Guard stays Guard).
    pub fn better(self) -> Quality {
        Quality::ALL[(self as usize).saturating_sub(1)]
    }

    /// One grade worse (Militia stays Militia).
    pub fn worse(self) -> Quality {
        Quality::ALL[(self as usize + 1).min(5)]
    }

    /// The short form used on labels: "Vet", "LN" and so on ("NW 2.0", "NW 3.0").
    pub fn short(self) -> &'static str {
        match self {
            Quality::Guard => "Gd",
            Quality::Elite => "El",
            Quality::Veteran => "Vet",
            Quality::Line => "LN",
            Quality::Conscript => "Con",
            Quality::Militia => "Mil",
        }
    }
}

/// The skill of a commander or an army's CinC ("NW II 3.1"), best first.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Rating {
    /// The best: the Excellent maneuver column; a CinC has presence +3 and 2 ADCs.
    Excellent,
    /// The Good column; a CinC has presence +2 and 1 ADC.
    Good,
    /// The Average column; a CinC has presence +1 and no ADC.
    Average,
    /// The Poor column, -1 more for units out of range; a CinC has no presence bonus and no
    /// ADC.
    Poor,
}

impl Rating {
    pub const ALL: [Rating; 4] = [
        Rating::Excellent,
        Rating::Good,
        Rating::Average,
        Rating::Poor,
    ];

    /// One level worse; Poor stays Poor (the caller adds the -1 the book gives then).
    pub fn worse(self) -> Rating {
        Rating::ALL[(self as usize + 1).min(3)]
    }

    /// The letter used on labels ("NW 2.0": "Ney (V), III Corp, G, 14\"").
    pub fn letter(self) -> char {
        match self {
            Rating::Excellent => 'E',
            Rating::Good => 'G',
            Rating::Average => 'A',
            Rating::Poor => 'P',
        }
    }
}

/// An army's (or a command's) morale level, which sets its fatigue multiplier ("NW II 4.0").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Morale {
    /// Confident and well led: fatigue level 0.40 times the units.
    Good,
    /// Trained and steady: 0.35 times the units.
    Average,
    /// Little trust in itself or its leaders: 0.30 times the units.
    Poor,
}

/// Infantry, cavalry or artillery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Arm {
    /// Foot: forms squares against cavalry alone ("NW 11.2").
    Infantry,
    /// Horse: give its `weight` too.
    Cavalry,
    /// Batteries; never the arm of a brigade.
    Artillery,
}

/// The "weight" of a cavalry brigade ("NW 2.0").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum CavalryWeight {
    /// Moves 16", reacts within 8", -2 against heavy cavalry; the cavalry that pursues a
    /// broken army ("NW 13.0").
    Light,
    /// Moves 16", reacts within 8", -1 against heavy cavalry.
    Medium,
    /// Moves 12" and reacts within 6"; pays the heavy cavalry terrain costs.
    Heavy,
}

/// A battery's gun weight ("NW 8.4"): light 3-4 lb, medium 6-9 lb, heavy 10 lb and over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum GunWeight {
    /// 3-4 lb: 4, 2 and 1 fire points out to 3", 6" and 9".
    Light,
    /// 6-9 lb: 6, 3 and 1 fire points out to 4", 8" and 12".
    Medium,
    /// 10 lb and over: 10, 5 and 2 fire points out to 5", 10" and 16".
    Heavy,
}

impl GunWeight {
    /// The weight class of guns of `pounds` ("NW 8.4").
    pub fn from_pounds(pounds: u32) -> GunWeight {
        match pounds {
            0..=5 => GunWeight::Light,
            6..=9 => GunWeight::Medium,
            _ => GunWeight::Heavy,
        }
    }
}

/// How worn down a brigade is ("NW II 2.6").
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Fatigue {
    /// Above its worn level: +2 to maneuver, reaction, combat and rally rolls.
    Fresh,
    /// At or below its worn level: -1 to reaction rolls.
    Worn,
    /// At or below its spent level: -2 to maneuver, reaction, combat and rally rolls, and
    /// half a unit lost for fatigue ("NW II 4.0").
    Spent,
}

macro_rules! display_debug {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(self, f)
            }
        }
    )*};
}
display_debug!(Quality, Rating, Morale, CavalryWeight, GunWeight, Fatigue);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_step_within_bounds() {
        assert_eq!(Quality::Guard.better(), Quality::Guard);
        assert_eq!(Quality::Line.better(), Quality::Veteran);
        assert_eq!(Quality::Militia.worse(), Quality::Militia);
        assert_eq!(Rating::Good.worse(), Rating::Average);
        assert_eq!(Rating::Poor.worse(), Rating::Poor);
        assert_eq!(GunWeight::from_pounds(6), GunWeight::Medium);
        assert_eq!(GunWeight::from_pounds(12), GunWeight::Heavy);
        assert_eq!(GunWeight::from_pounds(4), GunWeight::Light);
    }
}
