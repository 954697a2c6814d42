//! Army lists ("2x2 Army lists", "Unit point costs", "Standard template", "Notation", and the
//! Austrian, French and British allowance tables).

use crate::design::limits::{MAX_POINTS, MAX_UNITS_PER_SIDE};
use crate::tables::Tables;
use crate::units::{Size, UnitType};
use grognard_engine::files::Problem;
use serde::{Deserialize, Serialize};

/// A national army list of the book: which units, and how many of each, an army may take
/// ("2x2 Army lists").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Nation {
    /// The Austrian list: 1 or 2 HQs, Large Line and Militia allowed.
    Austrian,
    /// The French list: 1 to 3 HQs, Guards and Large Guards, no Militia.
    French,
    /// The British list: 1 or 2 HQs, the only list with Light Infantry.
    British,
}

impl Nation {
    pub const ALL: [Nation; 3] = [Nation::Austrian, Nation::French, Nation::British];

    pub fn name(self) -> &'static str {
        match self {
            Nation::Austrian => "Austrian",
            Nation::French => "French",
            Nation::British => "British",
        }
    }

    pub fn parse(s: &str) -> Option<Nation> {
        Nation::ALL
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(s))
    }

    /// The nation's allowance table.
    pub fn allowances(self) -> &'static [Allowance] {
        match self {
            Nation::Austrian => AUSTRIAN,
            Nation::French => FRENCH,
            Nation::British => BRITISH,
        }
    }
}

/// One row of an allowance table: `min`-`max`, or `(bracket)`-`max` ("2x2 Notation": a
/// bracketed number is the least that may be bought if any are bought).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Allowance {
    pub kind: UnitType,
    /// True for a row that holds only the Large version ("Large" Line).
    pub large_only: bool,
    pub min: u32,
    pub bracket: Option<u32>,
    pub max: u32,
}

impl Allowance {
    const fn new(kind: UnitType, min: u32, max: u32) -> Self {
        Allowance {
            kind,
            large_only: false,
            min,
            bracket: None,
            max,
        }
    }
    const fn bracketed(kind: UnitType, bracket: u32, max: u32) -> Self {
        Allowance {
            kind,
            large_only: false,
            min: 0,
            bracket: Some(bracket),
            max,
        }
    }
    const fn large(mut self) -> Self {
        self.large_only = true;
        self
    }

    /// The row as the book writes it, e.g. "(2)-4 \"Large\" Line Infantry".
    pub fn notation(&self) -> String {
        let range = match self.bracket {
            Some(b) if b == self.max => format!("({b})"),
            Some(b) => format!("({b})-{}", self.max),
            None => format!("{}-{}", self.min, self.max),
        };
        let large = if self.large_only { "\"Large\" " } else { "" };
        format!("{range} {large}{}", self.kind.name())
    }

    fn holds(&self, kind: UnitType, size: Size, list: &[Allowance]) -> bool {
        if kind != self.kind {
            return false;
        }
        if self.large_only {
            return size == Size::Large;
        }
        // A Large unit goes to a Large-only row when the list has one.
        !(size == Size::Large && list.iter().any(|a| a.kind == kind && a.large_only))
    }
}

use UnitType::*;

const AUSTRIAN: &[Allowance] = &[
    Allowance::new(Hq, 1, 2),
    Allowance::new(Line, 0, 16),
    Allowance::bracketed(Line, 2, 4).large(),
    Allowance::bracketed(Guards, 2, 4),
    Allowance::new(HeavyCavalry, 0, 6),
    Allowance::new(LightCavalry, 0, 2),
    Allowance::new(FootArtillery, 0, 5),
    Allowance::new(HorseArtillery, 0, 2),
    Allowance::bracketed(Militia, 2, 6),
];

/// The French "(4) Large Guards" row gives a bracket and no maximum; the project reads it as
/// exactly four if any are bought (ruling R14).
const FRENCH: &[Allowance] = &[
    Allowance::new(Hq, 1, 3),
    Allowance::new(Line, 0, 18),
    Allowance::bracketed(Guards, 2, 6),
    Allowance::bracketed(Guards, 4, 4).large(),
    Allowance::new(HeavyCavalry, 0, 4),
    Allowance::new(LightCavalry, 0, 2),
    Allowance::new(FootArtillery, 0, 5),
    Allowance::new(HorseArtillery, 0, 2),
];

const BRITISH: &[Allowance] = &[
    Allowance::new(Hq, 1, 2),
    Allowance::new(Line, 0, 12),
    Allowance::new(LightInfantry, 0, 4),
    Allowance::new(Guards, 0, 3),
    Allowance::new(HeavyCavalry, 0, 2),
    Allowance::new(LightCavalry, 0, 2),
    Allowance::new(HorseArtillery, 0, 2),
    Allowance::new(FootArtillery, 0, 4),
];

/// One `[[units]]` entry of an army list: a number of units of one type and size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[schemars(rename = "ArmyListEntry")]
#[serde(deny_unknown_fields)]
pub struct ListEntry {
    /// The units' type ("2x2 The Units").
    pub kind: UnitType,
    /// The units' size ("2x2 Scale"); leave it out for HQs and artillery.
    #[serde(default)]
    pub size: Size,
    /// How many units of this type and size, 1 or more.
    #[serde(default = "one")]
    pub count: u32,
}

fn one() -> u32 {
    1
}

/// An army list file: one army, checked against its nation's allowances and the points
/// agreed ("2x2 Army lists"). A scenario brings two of them under `[[armies]]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmyList {
    /// The rule set that reads the file: always "two-by-two".
    pub rules: String,
    /// The national list whose allowances the army keeps to.
    pub nation: Nation,
    /// The agreed army size in AP, more than 0 and at most 1000; the units may cost no more
    /// ("2x2 Army lists": 40 is the standard).
    #[serde(default = "forty")]
    pub points: f64,
    /// The army's units, by type and size ("2x2 Unit point costs" gives each one's AP).
    pub units: Vec<ListEntry>,
}

fn forty() -> f64 {
    40.0
}

/// The standard template ("2x2 Standard template": 16 units, 39 AP).
pub fn standard_template() -> Vec<(UnitType, Size)> {
    let mut v = vec![(Hq, Size::Common)];
    v.extend(std::iter::repeat_n((Line, Size::Common), 10));
    v.extend(std::iter::repeat_n((LightCavalry, Size::Common), 2));
    v.push((HeavyCavalry, Size::Common));
    v.extend(std::iter::repeat_n((FootArtillery, Size::Common), 2));
    v
}

/// Total cost of some units.
pub fn cost(tables: &Tables, units: &[(UnitType, Size)]) -> f64 {
    units.iter().map(|(k, s)| tables.cost(*k, *s)).sum()
}

/// Check units against a nation's allowances and a points total. Each problem names the
/// field path given by `path(i)` for unit `i` (or `base` for the list as a whole).
pub fn validate(
    nation: Nation,
    units: &[(UnitType, Size)],
    points: Option<f64>,
    tables: &Tables,
    base: &str,
    path: &dyn Fn(usize) -> String,
) -> Vec<Problem> {
    let list = nation.allowances();
    let mut problems = Vec::new();
    let mut counts = vec![0u32; list.len()];
    for (i, (kind, size)) in units.iter().enumerate() {
        if *kind == Militia && *size == Size::Small {
            problems.push(Problem::new(
                path(i),
                "a Militia unit may not be Small (\"2x2 Unit point costs\")",
                "make it Common or Large",
            ));
        }
        match list.iter().position(|a| a.holds(*kind, *size, list)) {
            Some(row) => counts[row] += 1,
            None => problems.push(Problem::new(
                path(i),
                format!(
                    "the {} list has no {} {}",
                    nation.name(),
                    size.name(),
                    kind.name()
                ),
                format!(
                    "the {} list allows: {}",
                    nation.name(),
                    list.iter()
                        .map(|a| a.notation())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }
    for (row, n) in list.iter().zip(&counts) {
        let name = row.notation();
        if *n < row.min {
            problems.push(Problem::new(
                base,
                format!(
                    "the {} list requires at least {} ({name}); this army has {n}",
                    nation.name(),
                    row.min
                ),
                format!("add {} more", row.min - n),
            ));
        }
        if *n > row.max {
            problems.push(Problem::new(
                base,
                format!(
                    "the {} list allows at most {} ({name}); this army has {n}",
                    nation.name(),
                    row.max
                ),
                format!("remove {}", n - row.max),
            ));
        }
        if let Some(b) = row.bracket {
            if *n > 0 && *n < b {
                problems.push(Problem::new(
                    base,
                    format!(
                        "if any are bought, at least {b} are needed ({name}); this army has {n}"
                    ),
                    format!("buy {} more or none", b - n),
                ));
            }
        }
    }
    if let Some(limit) = points {
        let total = cost(tables, units);
        if total > limit + 1e-9 {
            problems.push(Problem::new(
                base,
                format!("the army costs {total} AP, more than the {limit} AP agreed"),
                "remove units or raise the points",
            ));
        }
    }
    problems
}

impl ArmyList {
    pub fn expand(&self) -> Vec<(UnitType, Size)> {
        self.units
            .iter()
            .flat_map(|e| std::iter::repeat_n((e.kind, e.size), e.count as usize))
            .collect()
    }

    /// Problems with this list, by field path.
    pub fn problems(&self, tables: &Tables) -> Vec<Problem> {
        let mut out = Vec::new();
        if self.rules != "two-by-two" {
            out.push(Problem::new(
                "rules",
                format!("unknown rule set {:?}", self.rules),
                "write rules = \"two-by-two\"",
            ));
        }
        // Written so that NaN fails too.
        if !(self.points > 0.0 && self.points <= MAX_POINTS) {
            out.push(Problem::new(
                "points",
                format!(
                    "{} army points: the army size must be more than 0 and at most {MAX_POINTS} AP",
                    crate::design::limits::num(self.points)
                ),
                format!(
                    "give the agreed army size, more than 0 and at most {MAX_POINTS} AP; 40 is the book's standard"
                ),
            ));
        }
        if self.units.len() > MAX_UNITS_PER_SIDE {
            out.push(Problem::new(
                format!("units[{MAX_UNITS_PER_SIDE}]"),
                format!(
                    "{} entries, more than the {MAX_UNITS_PER_SIDE} a list may hold",
                    self.units.len()
                ),
                "a 40 AP army of the book has about 16 units; give each kind once with a count",
            ));
            return out;
        }
        // Every count is bounded before the list is expanded unit by unit.
        let mut total: u64 = 0;
        let mut too_many = false;
        for (i, e) in self.units.iter().enumerate() {
            if e.count == 0 {
                out.push(Problem::new(
                    format!("units[{i}].count"),
                    "a count of zero",
                    "remove the entry or give a count",
                ));
            }
            total += u64::from(e.count);
            if e.count as usize > MAX_UNITS_PER_SIDE {
                too_many = true;
                out.push(Problem::new(
                    format!("units[{i}].count"),
                    format!(
                        "a count of {}, more than the {MAX_UNITS_PER_SIDE} units a list may hold",
                        e.count
                    ),
                    "give how many units of this kind the army has; the book's lists allow at most 18 of a kind",
                ));
            } else if !too_many && total > MAX_UNITS_PER_SIDE as u64 {
                too_many = true;
                out.push(Problem::new(
                    format!("units[{i}].count"),
                    format!(
                        "with this entry the list holds {total} units, more than the {MAX_UNITS_PER_SIDE} allowed"
                    ),
                    "a 40 AP army of the book has about 16 units",
                ));
            }
        }
        if too_many {
            return out;
        }
        let mut owner = Vec::new();
        for (i, e) in self.units.iter().enumerate() {
            owner.extend(std::iter::repeat_n(i, e.count as usize));
        }
        let units = self.expand();
        out.extend(validate(
            self.nation,
            &units,
            Some(self.points),
            tables,
            "units",
            &|i| format!("units[{}]", owner[i]),
        ));
        out
    }
}

/// Regimental names for generated armies. A set-up names every unit of both armies, so
/// each name is written out piece by piece rather than formatted.
pub fn unit_name(nation: Nation, kind: UnitType, n: usize) -> String {
    // The words after the ordinal.
    let words = match (nation, kind) {
        (Nation::French, Hq) => return "Corps HQ".into(),
        (Nation::French, Line) => "Ligne",
        (Nation::French, LightCavalry) => "Hussards",
        (Nation::French, HeavyCavalry) => "Cuirassiers",
        (Nation::French, FootArtillery) => "Foot Battery",
        (Nation::Austrian, Hq) => return "Korps HQ".into(),
        (Nation::Austrian, Line) => {
            let mut name = String::with_capacity(8);
            name.push_str("IR ");
            push_number(&mut name, n * 4 + 3);
            return name;
        }
        (Nation::Austrian, LightCavalry) => "Hussars",
        (Nation::Austrian, HeavyCavalry) => "Kürassiere",
        (Nation::Austrian, FootArtillery) => "Position Battery",
        (Nation::British, Hq) => return "Divisional HQ".into(),
        (Nation::British, Line) => "Foot",
        (Nation::British, LightCavalry) => "Light Dragoons",
        (Nation::British, HeavyCavalry) => "Dragoons",
        (Nation::British, FootArtillery) => "RA Battery",
        (_, k) => k.name(),
    };
    let mut name = String::with_capacity(8 + words.len());
    push_number(&mut name, n);
    name.push_str(ordinal_suffix(n));
    name.push(' ');
    name.push_str(words);
    name
}

/// `n` in decimal digits at the end of `out`.
fn push_number(out: &mut String, n: usize) {
    if n >= 10 {
        push_number(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

/// The letters after `n` written as an ordinal ("1st", "12th", "23rd").
fn ordinal_suffix(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_take_the_english_suffixes_with_the_teens_apart() {
        let written: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112]
            .iter()
            .map(|n| format!("{n}{}", ordinal_suffix(*n)))
            .collect();
        assert_eq!(
            written,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th", "112th"
            ]
        );
        assert_eq!(unit_name(Nation::French, Line, 2), "2nd Ligne");
        assert_eq!(unit_name(Nation::Austrian, Line, 2), "IR 11");
        assert_eq!(unit_name(Nation::Austrian, Line, 25), "IR 103");
        assert_eq!(
            unit_name(Nation::British, LightCavalry, 12),
            "12th Light Dragoons"
        );
        assert_eq!(
            unit_name(Nation::French, FootArtillery, 101),
            "101st Foot Battery"
        );
        assert_eq!(
            unit_name(Nation::Austrian, HeavyCavalry, 3),
            "3rd Kürassiere"
        );
        assert_eq!(unit_name(Nation::British, Hq, 2), "Divisional HQ");
        assert_eq!(
            unit_name(Nation::French, UnitType::LightInfantry, 1),
            format!("1st {}", UnitType::LightInfantry.name())
        );
    }

    fn ok(n: Nation, units: &[(UnitType, Size)]) -> Vec<String> {
        validate(n, units, Some(40.0), &Tables::default(), "units", &|i| {
            format!("units[{i}]")
        })
        .into_iter()
        .map(|p| p.message)
        .collect()
    }

    #[test]
    fn the_standard_template_fits_every_nation() {
        let t = standard_template();
        assert_eq!(t.len(), 16);
        assert_eq!(cost(&Tables::default(), &t), 39.0);
        for n in Nation::ALL {
            assert!(ok(n, &t).is_empty(), "{n:?}: {:?}", ok(n, &t));
        }
    }

    #[test]
    fn hq_is_required() {
        let t: Vec<_> = standard_template()
            .into_iter()
            .filter(|u| u.0 != Hq)
            .collect();
        let p = ok(Nation::French, &t);
        assert!(p.iter().any(|m| m.contains("at least 1")), "{p:?}");
    }

    #[test]
    fn bracket_minimum_applies_only_if_bought() {
        // 39 AP less a line battalion, plus militia: within 40 AP.
        let mut t = standard_template();
        t.retain(|u| u.0 != Line);
        t.push((Militia, Size::Common));
        let p = ok(Nation::Austrian, &t);
        assert!(p.iter().any(|m| m.contains("at least 2")), "{p:?}");
        t.push((Militia, Size::Common));
        assert!(ok(Nation::Austrian, &t).is_empty());
    }

    #[test]
    fn militia_may_not_be_small_and_french_have_none() {
        let p = ok(
            Nation::Austrian,
            &[
                (Hq, Size::Common),
                (Militia, Size::Small),
                (Militia, Size::Common),
            ],
        );
        assert!(p.iter().any(|m| m.contains("may not be Small")), "{p:?}");
        let p = ok(
            Nation::French,
            &[(Hq, Size::Common), (Militia, Size::Common)],
        );
        assert!(p.iter().any(|m| m.contains("has no")), "{p:?}");
    }

    #[test]
    fn large_line_uses_its_own_austrian_row() {
        let mut t = vec![(Hq, Size::Common)];
        t.push((Line, Size::Large));
        let p = ok(Nation::Austrian, &t);
        assert!(
            p.iter().any(|m| m.contains("(2)-4 \"Large\" Line")),
            "{p:?}"
        );
    }

    #[test]
    fn points_limit_is_enforced() {
        let mut t = standard_template();
        t.push((Guards, Size::Common));
        t.push((Guards, Size::Common));
        let p = ok(Nation::French, &t);
        assert!(p.iter().any(|m| m.contains("45 AP")), "{p:?}");
    }
}
