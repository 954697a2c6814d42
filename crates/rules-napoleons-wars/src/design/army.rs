//! A designed army: the roster a scenario plays with ("NW 2.0 Unit labels", "NW 3.0 Army
//! rosters"): every brigade and battery with its label, strength and fatigue levels, the
//! commands with their commanders' ranges and fatigue thresholds, the CinC, and the ADCs
//! and generals the army is due.

use crate::design::CommandKind;
use crate::levels::{Arm, CavalryWeight, GunWeight, Morale, Quality, Rating};
use crate::nation::Nation;
use crate::tables::FatigueLevels;
use serde::{Deserialize, Serialize};

/// An army ready for a scenario: a roster as `grognard design --out` writes it ("NW 3.0"),
/// every figure already worked out from chapter II.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Army {
    /// "napoleons-wars": says which rule set a roster file is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The army's name ("Army of Italy").
    pub name: String,
    /// The army's nation; each brigade and battery names its own, for contingents.
    pub nation: Nation,
    /// The year of the battle, 1792 to 1815.
    pub year: u32,
    /// The army's morale, from which its breaking point was figured ("NW II 4.0").
    pub morale: Morale,
    /// The commander in chief.
    pub cinc: Cinc,
    /// Units lost (counted as "NW II 4.0" says, ruling N12) at which the army breaks and the
    /// battle ends.
    pub fatigue: u32,
    /// ADCs the CinC brings: generals who may attach to any brigade of the army ("NW II
    /// 3.3"); placements name them "ADC 1", "ADC 2" and so on.
    pub adcs: u32,
    /// The army's corps, wings or (in a linear army) divisions.
    pub commands: Vec<Command>,
    /// Brigades under the CinC alone; they use his rating ("NW 9.0 C" step 6).
    #[serde(default)]
    pub independent: Vec<Brigade>,
}

/// The army's commander in chief ("NW 4.0", "NW II 3.1").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cinc {
    /// His name, by which placements and the narrative know him.
    pub name: String,
    /// His skill: the maneuver column of the independent brigades ("NW 9.0 C" step 6).
    pub rating: Rating,
    /// Presence bonus, 0 to +3 by rating and Napoleon +1 more ("NW II 3.1"): added to the
    /// initiative roll and to maneuver rolls of units within 3", taken off replacement delays.
    pub presence: i32,
    /// He is Napoleon: he wins initiative ties and, when Excellent, may have a lost
    /// initiative rolled again once a battle ("NW 6.0").
    #[serde(default)]
    pub napoleon: bool,
    /// Marked "V" ("NW II 3.2"): like a valorous commander, he gives +1 to the maneuver,
    /// reaction, combat (one combat a phase, his or a commander's) and rally rolls of units
    /// within 3", on top of his presence bonus, and shares the risks of a combat he inspired
    /// (rulings N32, N51). Lost, he is not replaced ("NW 11.7").
    #[serde(default)]
    pub valorous: bool,
}

/// A corps, wing or (in a linear army) division under one commander.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Command {
    /// The command's name ("IV Corps"), shown on its commander's label.
    pub name: String,
    /// The short form used in labels, e.g. "IV".
    pub short: String,
    /// How its commander's range was reckoned.
    pub kind: Kind,
    /// The commander whose rating and range its units maneuver by.
    pub commander: Commander,
    /// The command's morale, usually the army's, from which its fatigue level was figured
    /// ("NW II 4.0").
    pub morale: Morale,
    /// Units lost at which the command is fatigued: -1 to its units' maneuver rolls and its
    /// cavalry's reaction rolls ("NW II 4.0").
    pub fatigue: u32,
    /// Its divisions of brigades.
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

/// How a command's range was reckoned ("NW II 3.1", "NW II 3.11").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A corps or wing: a base of 4" and 1" a unit for French and Excellent commanders (never
    /// British), 3" and 0.5" a unit for others ("NW II 3.1").
    Corps,
    /// A division of a linear army, or an Ottoman wing: a base of 3" (Excellent) or 2", and
    /// 0.5" a unit ("NW II 3.11").
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
    /// His name, by which placements and the narrative know him.
    pub name: String,
    /// The maneuver column his units read while within his range; outside it, the next
    /// worse ("NW 9.0 C").
    pub rating: Rating,
    /// Marked "V": units within 3" of him add +1 to maneuver, reaction and combat rolls (one
    /// combat a phase) and to rally rolls ("NW II 3.2").
    #[serde(default)]
    pub valorous: bool,
    /// His base range in inches before his units are counted; fog, twilight and replacement
    /// never cut his range below it ("NW 9.51", "NW 11.7").
    pub basic_range: f64,
    /// His command range in inches: the base plus so much a unit of the command ("NW II
    /// 3.1").
    pub range: f64,
}

/// A division of a command, and the generals assigned to it ("NW II 3.3").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Division {
    /// The division's name ("1st Division").
    pub name: String,
    /// Its generals, by the names placements use ("1/IV" for the first division of IV); each
    /// may attach only to this division's brigades ("NW 9.0 A").
    #[serde(default)]
    pub generals: Vec<String>,
    /// Its brigades.
    pub brigades: Vec<Brigade>,
}

/// An infantry or cavalry brigade.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Brigade {
    /// Brigade, division and command, "1B/1/IV" ("NW 2.0"); placements name it by this.
    pub label: String,
    /// A historical name, if the designer gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its nation, whose national modifiers it takes (French infantry attacking, British
    /// and Russian infantry defending, Spanish in cover).
    pub nation: Nation,
    /// "infantry" or "cavalry".
    pub arm: Arm,
    /// Its quality grade ("NW II 2.0"): maneuver, reaction and rally modifiers.
    pub quality: Quality,
    /// Strength points it starts with: its fresh level, or fewer if it comes to the battle
    /// worn (ruling N46).
    pub sp: u32,
    /// Its fresh, worn and spent levels in strength points ("NW II 2.6").
    pub fatigue: FatigueLevels,
    /// Skirmish rating: 0 cannot skirmish, 1 reaches 4", 2 reaches 6" ("NW 7.1").
    #[serde(default)]
    pub sk: u8,
    /// A mixed infantry and cavalry brigade ("NW II 2.4").
    #[serde(default)]
    pub mixed: bool,
    /// Cavalry's weight ("NW 2.0"); cavalry must have one, infantry none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weight: Option<CavalryWeight>,
    /// Armored cavalry (cuirassiers and the like): its opponents take -1 in combat ("NW
    /// Combat Die Roll Modifiers").
    #[serde(default)]
    pub armored: bool,
    /// Cossacks, Yuruks, Bedouin, Arab or militia cavalry ("NW 7.9", "NW II 3.12"): light,
    /// skirmishing by choice, and left out of the army's fatigue (ruling N40).
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
    /// Field guns, weighed by their pounds ("NW 8.4").
    #[default]
    Guns,
    /// Howitzers: fire over any unit; heavy on foot and light with horse, whatever the
    /// pounds ("NW Optional rules 3.0", ruling N33).
    Howitzers,
    /// Rockets: horse artillery that fires over enemy units to 12", fire points rolled each
    /// time, no final shot ("NW Optional rules 4.0", ruling N33).
    Rockets,
}

/// A battery on its own base ("NW II 2.7").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Battery {
    /// Command, pounds and foot or horse, "IV Corp, 6 lb, Horse" ("NW 2.0"); placements
    /// name it by this.
    pub label: String,
    /// Its nation, for the fire modifiers (British and French +1, Russian heavy +1,
    /// Ottoman -1, "NW 8.4") and the foot artillery penalty (an Ottoman foot battery that
    /// fires does not move, "NW 9.2").
    pub nation: Nation,
    /// Its weight class, which sets its fire points and ranges ("NW 8.4"): that of its
    /// pounds, but for howitzers (ruling N33).
    pub weight: GunWeight,
    /// Pounds of shot: 3-4, 6-9 or 10-24 (ruling N45).
    pub pounds: u32,
    /// Horse artillery: reads the horse row of the evasion table and pays heavy cavalry's
    /// terrain costs; foot batteries that fire move at half rate ("NW 8.5", "NW 9.2").
    pub horse: bool,
    /// What it fires.
    #[serde(default)]
    pub ordnance: Ordnance,
    /// Cossack artillery: Russian horse guns serving with the Cossacks, which fire at -1 as
    /// Ottoman guns do ("NW Fire Modifiers", ruling N52).
    #[serde(default)]
    pub cossack: bool,
    /// French Old Guard foot artillery: moves its whole allowance after firing ("NW 9.2").
    #[serde(default)]
    pub old_guard: bool,
    /// Movement allowance in inches: 8 on foot, 12 with horse ("NW 9.1").
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

/// The label of a CinC: "Napoleon, E, +4" ("NW 2.0"); a valorous one is marked "(V)" after
/// his name, as a commander is (ruling N51).
pub fn cinc_label(c: &Cinc) -> String {
    format!(
        "{}{}, {}, {:+}",
        c.name,
        if c.valorous { " (V)" } else { "" },
        c.rating.letter(),
        c.presence
    )
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
