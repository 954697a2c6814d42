//! Fighting in buildings ("B&P Fighting in Buildings"). One stand holds a building; one
//! stand at a time fires at or attacks each of its sides. Fire: 2d6 a stand, hitting on 8
//! for the defender and 9 for an attacker, less one for each casualty the firing stand has.
//! Melee: 2d6 for each attacking stand, read on the Building Melee Results.

use super::{add, figures, throw};
use crate::tables::{BuildingResult, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "B&P Fighting in Buildings";
pub const TABLE: &str = "B&P Building Melee Results";

/// Who fires, at or from a building.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Firer {
    /// The stand holding the building.
    #[default]
    Defender,
    /// A stand firing into it.
    Attacker,
}

/// Fire at or from a building as a player states it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Fire {
    /// `defender` (the stand inside) or `attacker` (a stand firing in).
    pub firer: Firer,
    /// Casualties the firing stand already has.
    pub casualties: u32,
    pub disrupted: bool,
    /// Green troops (optional rule).
    pub green: bool,
}

/// A hit is one figure lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shot {
    pub hit: bool,
}

impl fmt::Display for Shot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.hit {
            "a hit: one figure lost"
        } else {
            "a miss"
        })
    }
}

pub fn fire_modifiers(t: &Tables, s: &Fire) -> Vec<Modifier> {
    let mut m = Vec::new();
    if s.casualties > 0 && t.buildings.per_casualty != 0 {
        m.push(Modifier::new(
            t.buildings.per_casualty * s.casualties as i32,
            format!("{} on the firing stand", casualties_text(s.casualties)),
        ));
    }
    add(&mut m, s.disrupted, t.fire.disrupted, "disrupted");
    add(&mut m, s.green, t.optional.green, "green troops");
    m
}

fn casualties_text(n: u32) -> String {
    if n == 1 {
        "1 casualty".into()
    } else {
        format!("{n} casualties")
    }
}

fn needs(t: &Tables, s: &Fire) -> i32 {
    match s.firer {
        Firer::Defender => t.buildings.defender_hits_on,
        Firer::Attacker => t.buildings.attacker_hits_on,
    }
}

/// Fire at or from a building, for the odds and the table companion.
pub struct BuildingFireRoll;

impl Resolution<Tables> for BuildingFireRoll {
    type Situation = Fire;
    type Outcome = Shot;

    fn about(&self) -> About {
        About {
            name: "building_fire",
            title: "Fire at or from a building",
            section: RULE,
            modifiers: RULE,
            summary: "whether a stand firing from a building, or into one, hits",
            dice: "2d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Fire) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.casualties > 12 {
            out.push(Problem::new(
                "casualties",
                format!("{} casualties on one stand", s.casualties),
                "give the casualties the firing stand has, 0 to 12",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Fire) -> Vec<Modifier> {
        fire_modifiers(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Fire,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Shot {
        let mut e = throw(dice, 2, RULE, "fire in a building", fire_modifiers(t, s));
        let hit = e.total >= needs(t, s);
        e.row = format!("{} or more hits", needs(t, s)).into();
        e.result = if hit { "hit" } else { "miss" }.into();
        rolls.push(e);
        Shot { hit }
    }

    fn odds(&self, t: &Tables, s: &Fire) -> Exact<Shot> {
        let plus: i32 = fire_modifiers(t, s).iter().map(|m| m.value).sum();
        let need = needs(t, s);
        Exact::of_throws(&[6, 6], |d| Shot {
            hit: i32::from(d[0]) + i32::from(d[1]) + plus >= need,
        })
    }
}

/// An assault on a building as a player states it: the roll of one attacking stand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Assault {
    /// Stands attacking the building at once, one a side: 1 to 4.
    pub attacking_stands: u32,
    /// Casualties the defending stand already has.
    pub defender_casualties: u32,
}

impl Default for Assault {
    fn default() -> Self {
        Assault {
            attacking_stands: 1,
            defender_casualties: 0,
        }
    }
}

/// The row read, for each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Melee {
    pub defender: BuildingResult,
    pub attacker: BuildingResult,
}

pub fn describe(r: &BuildingResult) -> String {
    match (r.eliminated, r.figures, r.routs) {
        (true, _, _) => "eliminated".into(),
        (false, 0, false) => "no effect".into(),
        (false, 0, true) => "routs".into(),
        (false, n, false) => format!("loses {}", figures(n)),
        (false, n, true) => format!("loses {} and routs", figures(n)),
    }
}

impl fmt::Display for Melee {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "defender {}, attacking stand {}",
            describe(&self.defender),
            describe(&self.attacker)
        )
    }
}

pub fn assault_modifiers(t: &Tables, s: &Assault) -> Vec<Modifier> {
    let b = &t.buildings;
    let mut m = Vec::new();
    let extra = s.attacking_stands.saturating_sub(1) as i32;
    if extra > 0 && b.per_extra_stand != 0 {
        m.push(Modifier::new(
            b.per_extra_stand * extra,
            format!(
                "{extra} more attacking stand{}",
                if extra == 1 { "" } else { "s" }
            ),
        ));
    }
    if s.defender_casualties > 0 && b.per_defender_casualty != 0 {
        m.push(Modifier::new(
            b.per_defender_casualty * s.defender_casualties as i32,
            format!("{} on the defender", casualties_text(s.defender_casualties)),
        ));
    }
    m
}

fn read(t: &Tables, total: i32) -> Melee {
    t.buildings
        .row(total)
        .map(|r| Melee {
            defender: r.defender,
            attacker: r.attacker,
        })
        .unwrap_or(Melee {
            defender: BuildingResult::default(),
            attacker: BuildingResult::default(),
        })
}

/// One attacking stand's roll on the Building Melee Results.
pub struct BuildingMeleeRoll;

impl Resolution<Tables> for BuildingMeleeRoll {
    type Situation = Assault;
    type Outcome = Melee;

    fn about(&self) -> About {
        About {
            name: "building_melee",
            title: "Assault on a building",
            section: RULE,
            modifiers: TABLE,
            summary:
                "what one attacking stand's roll does to the defender of a building and to itself",
            dice: "2d6 an attacking stand",
        }
    }

    fn problems(&self, _: &Tables, s: &Assault) -> Vec<Problem> {
        let mut out = Vec::new();
        if !(1..=4).contains(&s.attacking_stands) {
            out.push(Problem::new(
                "attacking_stands",
                format!("{} stands attacking", s.attacking_stands),
                "one stand attacks each side of a building: give 1 to 4",
            ));
        }
        if s.defender_casualties > 12 {
            out.push(Problem::new(
                "defender_casualties",
                format!("{} casualties", s.defender_casualties),
                "give the defending stand's casualties, 0 to 12",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Assault) -> Vec<Modifier> {
        assault_modifiers(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Assault,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Melee {
        let mut e = throw(dice, 2, TABLE, "building melee", assault_modifiers(t, s));
        let r = read(t, e.total);
        e.row = e.total.to_string().into();
        e.result = r.to_string().into();
        rolls.push(e);
        r
    }

    fn odds(&self, t: &Tables, s: &Assault) -> Exact<Melee> {
        let plus: i32 = assault_modifiers(t, s).iter().map(|m| m.value).sum();
        Exact::of_throws(&[6, 6], |d| {
            read(t, i32::from(d[0]) + i32::from(d[1]) + plus)
        })
    }
}
