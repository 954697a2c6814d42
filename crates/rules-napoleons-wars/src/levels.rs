//! The book's named levels: unit quality ("NW II 2.0"), officer ratings ("NW II 3.1"), army
//! morale ("NW II 4.0"), cavalry and gun weights, and a brigade's fatigue state ("NW II
//! 2.6").

use serde::{Deserialize, Serialize};
use std::fmt;

/// A unit's morale/quality grade, best first ("NW II 2.0").
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
    Guard,
    Elite,
    Veteran,
    Line,
    Conscript,
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
    Excellent,
    Good,
    Average,
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
    Good,
    Average,
    Poor,
}

/// Infantry, cavalry or artillery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Arm {
    Infantry,
    Cavalry,
    Artillery,
}

/// The "weight" of a cavalry brigade ("NW 2.0").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum CavalryWeight {
    Light,
    Medium,
    Heavy,
}

/// A battery's gun weight ("NW 8.4"): light 3-4 lb, medium 6-9 lb, heavy 10 lb and over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum GunWeight {
    Light,
    Medium,
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
    Fresh,
    Worn,
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
