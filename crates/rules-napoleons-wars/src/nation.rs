//! The nations the book rates, and the national traits its rules single out.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A nation of the book's rating lists ("NW National Unit Ratings", "NW Officer Ratings"),
/// with the national rules that single it out.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
pub enum Nation {
    /// No national modifier: infantry moves 8", the smaller command ranges, a general to 12
    /// units.
    Austria,
    /// Infantry moves 10" and takes +1 defending, guns +1, a general to 6 units; commanders
    /// always have the smaller ranges, Excellent or not ("NW II 3.1").
    Britain,
    /// Infantry moves 10"; guns -1 to fire and +3 defending against skirmishers, a general
    /// to 16 units; wings are reckoned as divisions ("NW II 3.11").
    #[serde(rename = "Ottoman Empire")]
    Ottoman,
    /// Infantry takes +1 defending, heavy guns +1; otherwise no national modifier.
    Russia,
    /// No national modifier.
    Sweden,
    /// Troops defending a town or field works take +3 instead of +2 ("NW 11.2").
    Spain,
    /// Infantry moves 10" from 1811; cavalry types written "Guard ..." are one level better
    /// (ruling N29).
    Prussia,
    /// Infantry moves 10" and takes +1 attacking (not against cavalry), guns +1, a general
    /// to 6 units, commanders the larger ranges ("NW II 3.1").
    France,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Bavaria,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    #[serde(rename = "Confederation of the Rhine")]
    Rhine,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Naples,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Holland,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Denmark,
    /// A British ally: infantry moves 10" from 1811 (ruling N7).
    Portugal,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Saxony,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    #[serde(rename = "Duchy of Warsaw")]
    Warsaw,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Westphalia,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Wurttemberg,
    /// A British ally: infantry moves 10" from 1811 (ruling N7).
    #[serde(rename = "Dutch-Belgian")]
    DutchBelgian,
    /// A French ally: infantry moves 10" from 1809 (ruling N7).
    Italy,
}

impl Nation {
    pub const ALL: [Nation; 20] = [
        Nation::Austria,
        Nation::Britain,
        Nation::Ottoman,
        Nation::Russia,
        Nation::Sweden,
        Nation::Spain,
        Nation::Prussia,
        Nation::France,
        Nation::Bavaria,
        Nation::Rhine,
        Nation::Naples,
        Nation::Holland,
        Nation::Denmark,
        Nation::Portugal,
        Nation::Saxony,
        Nation::Warsaw,
        Nation::Westphalia,
        Nation::Wurttemberg,
        Nation::DutchBelgian,
        Nation::Italy,
    ];

    /// The name as the data files and scenarios spell it.
    pub fn name(self) -> &'static str {
        match self {
            Nation::Austria => "Austria",
            Nation::Britain => "Britain",
            Nation::Ottoman => "Ottoman Empire",
            Nation::Russia => "Russia",
            Nation::Sweden => "Sweden",
            Nation::Spain => "Spain",
            Nation::Prussia => "Prussia",
            Nation::France => "France",
            Nation::Bavaria => "Bavaria",
            Nation::Rhine => "Confederation of the Rhine",
            Nation::Naples => "Naples",
            Nation::Holland => "Holland",
            Nation::Denmark => "Denmark",
            Nation::Portugal => "Portugal",
            Nation::Saxony => "Saxony",
            Nation::Warsaw => "Duchy of Warsaw",
            Nation::Westphalia => "Westphalia",
            Nation::Wurttemberg => "Wurttemberg",
            Nation::DutchBelgian => "Dutch-Belgian",
            Nation::Italy => "Italy",
        }
    }

    /// Look a nation up by name, ignoring case.
    pub fn by_name(name: &str) -> Option<Nation> {
        Nation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The states that fought beside France and whose infantry the movement chart calls
    /// "French allied" (ruling N7).
    pub fn french_ally(self) -> bool {
        matches!(
            self,
            Nation::Bavaria
                | Nation::Rhine
                | Nation::Naples
                | Nation::Holland
                | Nation::Denmark
                | Nation::Saxony
                | Nation::Warsaw
                | Nation::Westphalia
                | Nation::Wurttemberg
                | Nation::Italy
        )
    }

    /// The states whose infantry the movement chart calls "British allied" (ruling N7);
    /// contingents listed under Britain (Brunswick, Hanover, Nassau) say so on the unit.
    pub fn british_ally(self) -> bool {
        matches!(self, Nation::Portugal | Nation::DutchBelgian)
    }
}

impl fmt::Display for Nation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for n in Nation::ALL {
            assert_eq!(Nation::by_name(n.name()), Some(n));
            let json = serde_json::to_string(&n).unwrap();
            assert_eq!(json, format!("\"{}\"", n.name()));
        }
        assert_eq!(Nation::by_name("ottoman empire"), Some(Nation::Ottoman));
        assert_eq!(Nation::by_name("Atlantis"), None);
    }
}
