//! The book's national unit ratings and officer ratings ("NW National Unit Ratings", "NW
//! Officer Ratings"), embedded as data (`data/unit-ratings.toml`, `data/officer-ratings.toml`)
//! so that a scenario can name "France, Ligne Infantry, 1806" and get the quality, skirmish
//! rating or weight the book suggests. Judgements on cells the text garbles are listed in
//! `data/RULINGS-DATA.md`.

use crate::levels::{CavalryWeight, Quality, Rating};
use crate::nation::Nation;
use serde::Deserialize;
use std::sync::OnceLock;

/// Infantry or cavalry, as the rating lists divide them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RatedArm {
    Infantry,
    Cavalry,
}

/// Years a rating applies to, inclusive; an open end is unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Years {
    pub from: Option<u32>,
    pub to: Option<u32>,
}

impl Years {
    pub fn contains(&self, year: u32) -> bool {
        self.from.is_none_or(|f| year >= f) && self.to.is_none_or(|t| year <= t)
    }
}

/// One row of the national unit ratings.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitRating {
    pub nation: Nation,
    pub arm: RatedArm,
    pub name: String,
    /// Empty: every year.
    #[serde(default)]
    pub years: Vec<Years>,
    /// One level, or the levels a designer chooses among.
    pub quality: Vec<Quality>,
    #[serde(default)]
    pub skirmish: u8,
    pub weight: Option<CavalryWeight>,
    #[serde(default)]
    pub armored: bool,
    pub note: Option<String>,
}

impl UnitRating {
    pub fn applies_in(&self, year: u32) -> bool {
        self.years.is_empty() || self.years.iter().any(|y| y.contains(year))
    }

    /// The years as the book writes them, e.g. "1808-1812, 1815" or "to 1808".
    pub fn years_text(&self) -> String {
        let one = |y: &Years| match (y.from, y.to) {
            (Some(f), Some(t)) if f == t => f.to_string(),
            (Some(f), Some(t)) => format!("{f}-{t}"),
            (Some(f), None) => format!("{f} on"),
            (None, Some(t)) => format!("to {t}"),
            (None, None) => "any year".to_string(),
        };
        if self.years.is_empty() {
            "any year".to_string()
        } else {
            self.years.iter().map(one).collect::<Vec<_>>().join(", ")
        }
    }
}

/// One row of the officer ratings.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfficerRating {
    pub nation: Nation,
    pub name: String,
    /// As an army's CinC.
    pub army: Option<Rating>,
    /// As a division, corps or wing commander.
    pub command: Option<Rating>,
    #[serde(default)]
    pub valorous: bool,
    /// Gains the Napoleon bonuses (presence, ADC, initiative).
    #[serde(default)]
    pub napoleon: bool,
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitFile {
    unit: Vec<UnitRating>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfficerFile {
    officer: Vec<OfficerRating>,
}

const UNIT_DATA: &str = include_str!("../../data/unit-ratings.toml");
const OFFICER_DATA: &str = include_str!("../../data/officer-ratings.toml");

/// Every national unit rating, in the book's order.
pub fn unit_ratings() -> &'static [UnitRating] {
    static CELL: OnceLock<Vec<UnitRating>> = OnceLock::new();
    CELL.get_or_init(|| {
        toml::from_str::<UnitFile>(UNIT_DATA)
            .expect("the embedded unit ratings parse (checked by a test)")
            .unit
    })
}

/// Every officer rating, in the book's order.
pub fn officer_ratings() -> &'static [OfficerRating] {
    static CELL: OnceLock<Vec<OfficerRating>> = OnceLock::new();
    CELL.get_or_init(|| {
        toml::from_str::<OfficerFile>(OFFICER_DATA)
            .expect("the embedded officer ratings parse (checked by a test)")
            .officer
    })
}

/// Names compared without case, spaces or punctuation.
fn key(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Why a rating could not be found, with what there is instead.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Lookup {
    #[error("{nation} has no {arm} type named \"{name}\"; its types are: {known}")]
    NoType {
        nation: Nation,
        arm: &'static str,
        name: String,
        known: String,
    },
    #[error("{nation} {name} is rated only for {years}, not {year}")]
    WrongYear {
        nation: Nation,
        name: String,
        year: u32,
        years: String,
    },
    #[error("no officer named \"{name}\" is rated{within}")]
    NoOfficer { name: String, within: String },
}

/// The rating of a unit type of `nation` in `year`.
pub fn find_unit(
    nation: Nation,
    arm: RatedArm,
    name: &str,
    year: u32,
) -> Result<&'static UnitRating, Lookup> {
    let k = key(name);
    let rows: Vec<&UnitRating> = unit_ratings()
        .iter()
        .filter(|r| r.nation == nation && r.arm == arm && key(&r.name) == k)
        .collect();
    if let Some(r) = rows.iter().find(|r| r.applies_in(year)) {
        return Ok(r);
    }
    if let Some(first) = rows.first() {
        return Err(Lookup::WrongYear {
            nation,
            name: first.name.clone(),
            year,
            years: rows
                .iter()
                .map(|r| r.years_text())
                .collect::<Vec<_>>()
                .join("; "),
        });
    }
    let mut known: Vec<&str> = Vec::new();
    for r in unit_ratings()
        .iter()
        .filter(|r| r.nation == nation && r.arm == arm)
    {
        if !known.contains(&r.name.as_str()) {
            known.push(&r.name);
        }
    }
    Err(Lookup::NoType {
        nation,
        arm: match arm {
            RatedArm::Infantry => "infantry",
            RatedArm::Cavalry => "cavalry",
        },
        name: name.to_string(),
        known: known.join(", "),
    })
}

/// The rating of an officer by name, within `nation` if given.
pub fn find_officer(nation: Option<Nation>, name: &str) -> Result<&'static OfficerRating, Lookup> {
    let k = key(name);
    officer_ratings()
        .iter()
        .find(|o| nation.is_none_or(|n| n == o.nation) && key(&o.name) == k)
        .ok_or_else(|| Lookup::NoOfficer {
            name: name.to_string(),
            within: nation.map(|n| format!(" for {n}")).unwrap_or_default(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_data_parses_and_covers_every_nation() {
        let units = unit_ratings();
        let officers = officer_ratings();
        assert!(units.len() >= 230, "{} unit rows", units.len());
        assert!(officers.len() >= 260, "{} officer rows", officers.len());
        for r in units {
            assert!(
                !r.quality.is_empty(),
                "{} {} has no quality",
                r.nation,
                r.name
            );
            match r.arm {
                RatedArm::Cavalry => assert!(r.weight.is_some(), "{} {}", r.nation, r.name),
                RatedArm::Infantry => assert!(r.weight.is_none() && r.skirmish <= 2),
            }
        }
        for n in [
            Nation::Austria,
            Nation::Britain,
            Nation::Ottoman,
            Nation::Russia,
            Nation::France,
            Nation::Prussia,
            Nation::Wurttemberg,
        ] {
            assert!(units.iter().any(|r| r.nation == n), "{n}");
            assert!(officers.iter().any(|o| o.nation == n), "{n}");
        }
    }

    #[test]
    fn lookups_by_name_and_year() {
        let r = find_unit(Nation::France, RatedArm::Infantry, "ligne infantry", 1806).unwrap();
        assert_eq!(
            (r.quality.as_slice(), r.skirmish),
            ([Quality::Veteran].as_slice(), 2)
        );
        let r = find_unit(Nation::France, RatedArm::Infantry, "Ligne Infantry", 1813).unwrap();
        assert_eq!(
            (r.quality.as_slice(), r.skirmish),
            ([Quality::Conscript].as_slice(), 1)
        );
        let r = find_unit(Nation::Austria, RatedArm::Cavalry, "Kuirassiers", 1809).unwrap();
        assert_eq!(r.weight, Some(CavalryWeight::Heavy));
        assert!(matches!(
            find_unit(Nation::Austria, RatedArm::Infantry, "Voltigeurs", 1809),
            Err(Lookup::NoType { .. })
        ));
        let n = find_officer(None, "Napoleon").unwrap();
        assert!(n.napoleon && n.army == Some(Rating::Excellent));
        let d = find_officer(Some(Nation::France), "Davout").unwrap();
        assert_eq!((d.command, d.valorous), (Some(Rating::Excellent), true));
        assert!(find_officer(Some(Nation::Britain), "Davout").is_err());
    }

    /// The "Execuent" cell in Bourcier's row is Napoleon's, displaced by the scan
    /// (RULINGS-DATA.md): Bourcier has only his commander's rating, and no officer is rated
    /// higher as an army's CinC than as a commander.
    #[test]
    fn bourcier_has_no_army_rating() {
        let b = find_officer(Some(Nation::France), "Bourcier").unwrap();
        assert_eq!((b.army, b.command), (None, Some(Rating::Good)));
        let n = find_officer(Some(Nation::France), "Napoleon").unwrap();
        assert_eq!((n.army, n.command), (Some(Rating::Excellent), None));
        for o in officer_ratings() {
            if let (Some(a), Some(c)) = (o.army, o.command) {
                assert!(
                    a >= c,
                    "{} {}: {a} as CinC, {c} as commander",
                    o.nation,
                    o.name
                );
            }
        }
    }
}
