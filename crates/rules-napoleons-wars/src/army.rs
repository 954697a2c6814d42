//! A designed army: the roster a scenario plays with ("NW 2.0 Unit labels", "NW 3.0 Army
//! rosters"): every brigade and battery with its label, strength and fatigue levels, the
//! commands with their commanders' ranges and fatigue thresholds, the CinC, and the ADCs
//! and generals the army is due.

use crate::design::CommandKind;
use crate::levels::{Arm, CavalryWeight, GunWeight, Morale, Quality, Rating};
use crate::nation::Nation;
use crate::tables::FatigueLevels;
use serde::{Deserialize, Serialize};

/// An army ready for a scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// "napoleons-wars": says which rule set a roster file is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    pub name: String,
    pub nation: Nation,
    pub year: u32,
    pub morale: Morale,
    pub cinc: Cinc,
    /// Losses at which the army breaks ("NW II 4.0").
    pub fatigue: u32,
    /// ADCs the CinC brings ("NW II 3.3").
    pub adcs: u32,
    pub commands: Vec<Command>,
    /// Brigades under the CinC alone; they use his rating ("NW 9.0 C" step 6).
    #[serde(default)]
    pub independent: Vec<Brigade>,
}

/// The army's commander in chief ("NW 4.0", "NW II 3.1").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cinc {
    pub name: String,
    pub rating: Rating,
    pub presence: i32,
    #[serde(default)]
    pub napoleon: bool,
    #[serde(default)]
    pub valorous: bool,
}

/// A corps, wing or (in a linear army) division under one commander.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Command {
    pub name: String,
    /// The short form used in labels, e.g. "IV".
    pub short: String,
    pub kind: Kind,
    pub commander: Commander,
    pub morale: Morale,
    /// Losses at which the command is fatigued ("NW II 4.0").
    pub fatigue: u32,
    pub divisions: Vec<Division>,
    /// Batteries standing on their own bases ("NW II 2.7").
    #[serde(default)]
    pub batteries: Vec<Battery>,
}

impl Command {
    /// Every unit of the command: brigades and batteries.
    pub fn units(&self) -> u32 {
        let brigades: usize = self.divisions.iter().map(|d| d.brigades.len()).sum();
        (brigades + self.batteries.len()) as u32
    }
}

/// How a command's range was reckoned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Corps,
    Division,
}

impl From<Kind> for CommandKind {
    fn from(k: Kind) -> CommandKind {
        match k {
            Kind::Corps => CommandKind::Corps,
            Kind::Division => CommandKind::Division,
        }
    }
}

/// A corps, wing or division commander ("NW 4.0", "NW II 3.1").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Commander {
    pub name: String,
    pub rating: Rating,
    #[serde(default)]
    pub valorous: bool,
    /// The basic range, below which nothing reduces it.
    pub basic_range: f64,
    /// The range with the command's units counted.
    pub range: f64,
}

/// A division of a command, and the generals assigned to it ("NW II 3.3").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Division {
    pub name: String,
    #[serde(default)]
    pub generals: Vec<String>,
    pub brigades: Vec<Brigade>,
}

/// An infantry or cavalry brigade.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Brigade {
    /// "1B/1/IV" ("NW 2.0").
    pub label: String,
    /// A historical name, if the designer gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub nation: Nation,
    pub arm: Arm,
    pub quality: Quality,
    pub sp: u32,
    pub fatigue: FatigueLevels,
    #[serde(default)]
    pub sk: u8,
    /// A mixed infantry and cavalry brigade ("NW II 2.4").
    #[serde(default)]
    pub mixed: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<CavalryWeight>,
    #[serde(default)]
    pub armored: bool,
    /// Cossacks, Yuruks, Bedouin, Arab or militia cavalry ("NW 7.9", "NW II 3.12").
    #[serde(default)]
    pub irregular: bool,
    /// Movement allowance in inches ("NW 9.1").
    pub movement: f64,
}

impl Brigade {
    /// The roster's identification, e.g. "1B/1/IV SK1 7/5/3 Vet" ("NW 2.0").
    pub fn roster_label(&self) -> String {
        let mut s = self.label.clone();
        if let Some(w) = self.weight {
            s.push_str(&format!(" {w}"));
        }
        if self.sk > 0 {
            s.push_str(&format!(" SK{}", self.sk));
        }
        if self.mixed {
            s.push_str(" (MX)");
        }
        let lv = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
        s.push_str(&format!(
            " {}/{}/{} {}",
            self.fatigue.fresh,
            lv(self.fatigue.worn),
            lv(self.fatigue.spent),
            self.quality.short()
        ));
        s
    }
}

/// What a battery fires ("NW Optional rules 3.0, 4.0").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Ordnance {
    #[default]
    Guns,
    Howitzers,
    Rockets,
}

/// A battery on its own base.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Battery {
    /// "IV Corp, 6 lb, Horse" ("NW 2.0").
    pub label: String,
    pub nation: Nation,
    pub weight: GunWeight,
    pub pounds: u32,
    pub horse: bool,
    #[serde(default)]
    pub ordnance: Ordnance,
    pub movement: f64,
}

impl Army {
    /// Every brigade of the army, with the command it belongs to (`None`: independent).
    pub fn brigades(&self) -> impl Iterator<Item = (Option<&Command>, &Brigade)> {
        self.commands
            .iter()
            .flat_map(|c| {
                c.divisions
                    .iter()
                    .flat_map(move |d| d.brigades.iter().map(move |b| (Some(c), b)))
            })
            .chain(self.independent.iter().map(|b| (None, b)))
    }

    /// Every unit of the army: brigades and batteries.
    pub fn units(&self) -> u32 {
        self.commands.iter().map(Command::units).sum::<u32>() + self.independent.len() as u32
    }

    /// The units an army's breaking point is figured from ("NW II 4.0"): all of them but its
    /// irregular horse (Cossacks, Yuruks, Bedouin, Arabs and militia cavalry), which never
    /// count toward the army's fatigue, only toward their own command's ("NW II 3.12",
    /// ruling N40).
    pub fn fatigue_units(&self) -> u32 {
        let irregular = self.brigades().filter(|(_, b)| b.irregular).count() as u32;
        self.units() - irregular
    }

    /// The generals assigned to divisions.
    pub fn generals(&self) -> usize {
        self.commands
            .iter()
            .flat_map(|c| &c.divisions)
            .map(|d| d.generals.len())
            .sum()
    }
}

/// The label of a commander: "Ney (V), III Corp, G, 14\"" ("NW 2.0").
pub fn commander_label(c: &Command) -> String {
    format!(
        "{}{}, {}, {}, {}\"",
        c.commander.name,
        if c.commander.valorous { " (V)" } else { "" },
        c.name,
        c.commander.rating.letter(),
        fmt_inches(c.commander.range)
    )
}

/// The label of a CinC: "Napoleon, E, +4" ("NW 2.0").
pub fn cinc_label(c: &Cinc) -> String {
    format!("{}, {}, {:+}", c.name, c.rating.letter(), c.presence)
}

/// Inches without a needless ".0".
pub fn fmt_inches(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        format!("{x:.1}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn irregular_horse_are_left_out_of_the_armys_fatigue_units() {
        let mut army = crate::book::default_scenario().sides[1].army.clone();
        let all = army.units();
        assert_eq!(army.fatigue_units(), all);
        let hussars = army.commands[0]
            .divisions
            .iter_mut()
            .flat_map(|d| d.brigades.iter_mut())
            .find(|b| b.arm == crate::Arm::Cavalry)
            .expect("a cavalry brigade");
        hussars.irregular = true;
        assert_eq!(army.units(), all);
        assert_eq!(army.fatigue_units(), all - 1);
        assert_eq!(army.commands[0].units(), 9, "the corps still counts them");
    }
}
