//! Every table and number of the book in one place, each with the section it comes from.
//! The book's Morale and Point Table reaches us flattened; it is read row by row as unit
//! type, points a figure, and the 2d6 total that holds (ruling B1).
//!
//! [`Tables::default`] is the book. The values are data: a scenario may replace any of them.

use serde::{Deserialize, Serialize};

/// All of the book's tables. Every value left out is the book's; a scenario gives only the
/// values it changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tables {
    /// Move distances and what changes them ("B&P Movement").
    pub movement: Movement,
    /// Musket fire ("B&P Fire Combat").
    pub fire: Fire,
    /// Round shot and canister ("B&P Fire Combat", artillery).
    pub artillery: Artillery,
    /// Points a figure and the total that holds ("B&P Morale and Point Table").
    pub morale: Morale,
    /// Casualties of a melee ("B&P Melee Combat").
    pub melee: Melee,
    /// Fire and melee at a building ("B&P Fighting in Buildings").
    pub buildings: Buildings,
    /// Command figures ("B&P Command Figures").
    pub command: Command,
    /// Control classes and green troops ("B&P Optional Rules").
    pub optional: Optional,
}

/// The kinds of troops the Morale and Point Table has a row for.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Artillery,
    SkirmishInfantry,
    SkirmishCavalry,
    #[default]
    LineInfantry,
    GuardInfantry,
    LineCavalry,
    /// Guard or heavy cavalry.
    GuardCavalry,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::Artillery,
        Kind::SkirmishInfantry,
        Kind::SkirmishCavalry,
        Kind::LineInfantry,
        Kind::GuardInfantry,
        Kind::LineCavalry,
        Kind::GuardCavalry,
    ];

    /// The row's name in the book's words.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Artillery => "artillery",
            Kind::SkirmishInfantry => "skirmishing infantry",
            Kind::SkirmishCavalry => "skirmishing cavalry",
            Kind::LineInfantry => "line infantry",
            Kind::GuardInfantry => "guard infantry",
            Kind::LineCavalry => "line cavalry",
            Kind::GuardCavalry => "guard or heavy cavalry",
        }
    }

    pub fn is_cavalry(self) -> bool {
        matches!(
            self,
            Kind::SkirmishCavalry | Kind::LineCavalry | Kind::GuardCavalry
        )
    }

    pub fn is_infantry(self) -> bool {
        matches!(
            self,
            Kind::SkirmishInfantry | Kind::LineInfantry | Kind::GuardInfantry
        )
    }
}

/// Inches a move, by formation ("B&P Movement", the movement chart).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rates {
    /// Inches in line.
    pub line: f64,
    /// Inches in column.
    pub column: f64,
    /// Inches in skirmish order.
    pub skirmish: f64,
    /// `None` where the chart has no entry: the arm never forms square.
    pub square: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Movement {
    /// Infantry's rates: 4" in line, 6" in column, 9" as skirmishers, 2" in square.
    pub infantry: Rates,
    /// Cavalry's (and command figures'): 12" in every formation, no square.
    pub cavalry: Rates,
    /// Artillery's: 9".
    pub artillery: Rates,
    /// Added to a move made by road, in any formation but square.
    pub road_bonus: f64,
    /// Inches of allowance each inch of woods, streams and hills costs.
    pub rough_per_inch: f64,
    /// Inches charged for moving through formed friends (none through skirmishers).
    pub through_formed_friends: f64,
    /// The share of its move a unit makes backing away, facing the enemy, or sliding to a
    /// side ("B&P Movement").
    pub retrograde_share: f64,
    /// The share of its move a unit in line or column makes sliding to a side.
    pub slide_share: f64,
    /// The share of its move cavalry keeps when it changes formation in the same move.
    pub cavalry_formation_change_share: f64,
    /// The most a gun turns on its axis and still fires in the same move, in degrees.
    pub gun_pivot_degrees: f64,
}

impl Default for Movement {
    fn default() -> Self {
        Movement {
            infantry: Rates {
                line: 4.0,
                column: 6.0,
                skirmish: 9.0,
                square: Some(2.0),
            },
            cavalry: Rates {
                line: 12.0,
                column: 12.0,
                skirmish: 12.0,
                square: None,
            },
            artillery: Rates {
                line: 9.0,
                column: 9.0,
                skirmish: 9.0,
                square: None,
            },
            road_bonus: 3.0,
            rough_per_inch: 2.0,
            through_formed_friends: 2.0,
            retrograde_share: 0.5,
            slide_share: 0.5,
            cavalry_formation_change_share: 0.5,
            gun_pivot_degrees: 45.0,
        }
    }
}

/// Where a target stands, as fire and melee count it.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// In the open, on the level.
    #[default]
    Open,
    /// Uphill of the firer or in a wood: a defended position.
    Defended,
    /// More than one contour higher, behind breastworks or another very strong position.
    Strong,
}

impl Cover {
    pub fn name(self) -> &'static str {
        match self {
            Cover::Open => "in the open",
            Cover::Defended => "uphill or in a wood",
            Cover::Strong => "more than one contour up, or behind works",
        }
    }
}

/// Musket fire ("B&P Fire Combat").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Fire {
    /// Musket range, inches.
    pub musket_range: f64,
    /// The die times the figures firing, divided by this, fractions dropped, is the hits.
    pub divisor: u32,
    /// Taken from the die of skirmishers' fire.
    pub skirmish: i32,
    /// Taken from the die against a target uphill or in a wood.
    pub defended: i32,
    /// Taken from the die against a target more than a contour up or behind breastworks.
    pub strong: i32,
    /// Taken from the die of a disrupted unit's fire ("B&P Rout, Disruption, and Rally").
    pub disrupted: i32,
    /// Stands further apart than this share of a stand's width fire as skirmishers.
    pub volley_spacing_share: f64,
    /// With nothing straight ahead, a volley may go this many degrees off the front.
    pub oblique_degrees: f64,
}

impl Default for Fire {
    fn default() -> Self {
        Fire {
            musket_range: 6.0,
            divisor: 10,
            skirmish: -2,
            defended: -1,
            strong: -2,
            disrupted: -1,
            volley_spacing_share: 0.5,
            oblique_degrees: 30.0,
        }
    }
}

impl Fire {
    /// What the target's position takes from the die.
    pub fn cover(&self, cover: Cover) -> i32 {
        match cover {
            Cover::Open => 0,
            Cover::Defended => self.defended,
            Cover::Strong => self.strong,
        }
    }
}

/// Artillery ("B&P Fire Combat", artillery).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Artillery {
    /// Round shot reaches from the canister range out to this, inches.
    pub round_shot_range: f64,
    /// Canister's reach, inches.
    pub canister_range: f64,
    /// The canister's blast: a triangle this many degrees wide from the muzzle.
    pub canister_degrees: f64,
    /// How many ranks the round shot's line passes through.
    pub ranks_penetrated: u32,
    /// A 1d6 of this or less hits a target in the open...
    pub hit_open: u8,
    /// ...uphill or in a wood...
    pub hit_defended: u8,
    /// ...two inches or more higher, or behind works.
    pub hit_strong: u8,
    /// Gunners needed to move or fire a gun.
    pub least_crew: u32,
    /// Artillery hits that set a building burning.
    pub hits_to_burn: u32,
    /// Inches in front of the muzzle the gun's own troops must stand to be fired over.
    pub fire_over_friends: f64,
}

impl Default for Artillery {
    fn default() -> Self {
        Artillery {
            round_shot_range: 18.0,
            canister_range: 6.0,
            canister_degrees: 60.0,
            ranks_penetrated: 4,
            hit_open: 3,
            hit_defended: 2,
            hit_strong: 1,
            least_crew: 3,
            hits_to_burn: 4,
            fire_over_friends: 6.0,
        }
    }
}

impl Artillery {
    /// The highest face that hits a target in `cover`.
    pub fn hits_on(&self, cover: Cover) -> u8 {
        match cover {
            Cover::Open => self.hit_open,
            Cover::Defended => self.hit_defended,
            Cover::Strong => self.hit_strong,
        }
    }
}

/// One row of the Morale and Point Table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MoraleRow {
    /// Melee points a figure is worth.
    pub points: u32,
    /// The 2d6 total, after modifiers, that holds.
    pub hold: i32,
}

/// The Morale and Point Table and the modifiers of morale checks ("B&P Morale and Point
/// Table", "B&P Melee Combat", "B&P Infantry Squares", "B&P Rout, Disruption, and Rally").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Morale {
    /// Artillery: 1 point a figure, holds on 8.
    pub artillery: MoraleRow,
    /// Infantry in skirmish order: 1 point, 9.
    pub skirmish_infantry: MoraleRow,
    /// Cavalry in skirmish order: 2 points, 9.
    pub skirmish_cavalry: MoraleRow,
    /// Line infantry: 2 points, 8.
    pub line_infantry: MoraleRow,
    /// Guard infantry: 3 points, 6.
    pub guard_infantry: MoraleRow,
    /// Line cavalry: 3 points, 7.
    pub line_cavalry: MoraleRow,
    /// Guard or heavy cavalry: 4 points, 6.
    pub guard_cavalry: MoraleRow,
    /// Points added to each figure of infantry in square against cavalry.
    pub square_points: u32,
    /// The total a square charged by cavalry holds on.
    pub square_hold: i32,
    /// Added to the check of a unit attacked in the flank or rear (negative).
    pub flank_check: i32,
    /// Points added to each figure attacking a flank or rear.
    pub flank_points: u32,
    /// Points added to each defending figure uphill of a frontal attack, or in a wood or
    /// behind a stream (ruling B4).
    pub defended_points: u32,
    /// Added to the check of such a defender.
    pub defended_check: i32,
    /// Points added to each defending figure more than a contour up, behind works or a
    /// wide stream.
    pub strong_points: u32,
    /// Added to the check of such a defender.
    pub strong_check: i32,
    /// A disrupted unit's checks and melee die.
    pub disrupted: i32,
}

impl Default for Morale {
    fn default() -> Self {
        let row = |points, hold| MoraleRow { points, hold };
        Morale {
            artillery: row(1, 8),
            skirmish_infantry: row(1, 9),
            skirmish_cavalry: row(2, 9),
            line_infantry: row(2, 8),
            guard_infantry: row(3, 6),
            line_cavalry: row(3, 7),
            guard_cavalry: row(4, 6),
            square_points: 1,
            square_hold: 4,
            flank_check: -3,
            flank_points: 3,
            defended_points: 1,
            defended_check: 1,
            strong_points: 2,
            strong_check: 2,
            disrupted: -1,
        }
    }
}

impl Morale {
    pub fn row(&self, kind: Kind) -> MoraleRow {
        match kind {
            Kind::Artillery => self.artillery,
            Kind::SkirmishInfantry => self.skirmish_infantry,
            Kind::SkirmishCavalry => self.skirmish_cavalry,
            Kind::LineInfantry => self.line_infantry,
            Kind::GuardInfantry => self.guard_infantry,
            Kind::LineCavalry => self.line_cavalry,
            Kind::GuardCavalry => self.guard_cavalry,
        }
    }

    /// Points a figure and check bonus for a defender's position.
    pub fn cover(&self, cover: Cover) -> (u32, i32) {
        match cover {
            Cover::Open => (0, 0),
            Cover::Defended => (self.defended_points, self.defended_check),
            Cover::Strong => (self.strong_points, self.strong_check),
        }
    }
}

/// A melee's casualties ("B&P Melee Combat"), as fractions: the loser loses `loser` of its
/// points, rounded up; the winner loses `winner` of the points the loser lost, rounded down.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Melee {
    /// The share of its points the loser loses, as [part, whole].
    pub loser: [u32; 2],
    /// The share of the loser's loss the winner loses, as [part, whole].
    pub winner: [u32; 2],
    /// A routed, halted or reforming unit charged loses this share of its figures at the
    /// first assault, and is destroyed by a second ("B&P Rout, Disruption, and Rally").
    pub unready_loss: [u32; 2],
}

impl Default for Melee {
    fn default() -> Self {
        Melee {
            loser: [1, 4],
            winner: [1, 2],
            unready_loss: [1, 2],
        }
    }
}

/// What a building melee roll does to one side ("B&P Building Melee Results").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct BuildingResult {
    /// Figures lost.
    #[serde(default)]
    pub figures: u32,
    /// The stand routs.
    #[serde(default)]
    pub routs: bool,
    /// The stand is destroyed.
    #[serde(default)]
    pub eliminated: bool,
}

/// One row of the Building Melee Results: the modified 2d6 total from which it is read.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BuildingRow {
    /// The least modified total that reads this row; the rows are read from the highest.
    pub from: i32,
    /// What the row does to the stand holding the building.
    pub defender: BuildingResult,
    /// What it does to the attacking stand.
    pub attacker: BuildingResult,
}

/// Fighting in buildings ("B&P Fighting in Buildings").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Buildings {
    /// The 2d6 total the defending stand needs to hit.
    pub defender_hits_on: i32,
    /// The 2d6 total each attacking stand needs to hit.
    pub attacker_hits_on: i32,
    /// Taken from a firing stand's dice for each casualty it has.
    pub per_casualty: i32,
    /// The Building Melee Results, highest row first.
    pub melee: Vec<BuildingRow>,
    /// Added to the attacker's roll for each attacking stand after the first.
    pub per_extra_stand: i32,
    /// Added to the roll for each casualty the defending stand has (ruling B9).
    pub per_defender_casualty: i32,
}

impl Default for Buildings {
    fn default() -> Self {
        let none = BuildingResult::default();
        let lose = |figures| BuildingResult { figures, ..none };
        let routs = |figures| BuildingResult {
            figures,
            routs: true,
            eliminated: false,
        };
        let elim = BuildingResult {
            eliminated: true,
            ..none
        };
        let row = |from, defender, attacker| BuildingRow {
            from,
            defender,
            attacker,
        };
        Buildings {
            defender_hits_on: 8,
            attacker_hits_on: 9,
            per_casualty: -1,
            melee: vec![
                row(12, elim, none),
                row(11, routs(2), none),
                row(10, routs(2), lose(1)),
                row(9, lose(1), lose(1)),
                row(8, none, elim),
                row(7, none, routs(2)),
                row(6, none, routs(1)),
                row(i32::MIN, none, routs(0)),
            ],
            per_extra_stand: 1,
            per_defender_casualty: 1,
        }
    }
}

impl Buildings {
    /// The row a modified total reads: the first whose `from` it reaches.
    pub fn row(&self, total: i32) -> Option<&BuildingRow> {
        self.melee.iter().find(|r| total >= r.from)
    }
}

/// Command figures ("B&P Command Figures").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Command {
    /// Stands within this many inches of a command figure are led by it.
    pub radius: f64,
    /// Added to the morale checks of the stands it leads.
    pub check: i32,
    /// Added to their melee die.
    pub melee_die: i32,
    /// Added to each of their figures' melee points.
    pub melee_points: u32,
    /// The 2d6 total that kills a command figure under fire or assault.
    pub killed_on: i32,
}

impl Default for Command {
    fn default() -> Self {
        Command {
            radius: 4.0,
            check: 1,
            melee_die: 1,
            melee_points: 1,
            killed_on: 12,
        }
    }
}

/// A control class ("B&P Optional Rules", control).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum Control {
    /// Always moves its full distance.
    #[default]
    A,
    /// Rolls every other turn.
    B,
    /// Green troops: rolls every turn.
    C,
}

/// The optional rules ("B&P Optional Rules").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Optional {
    /// A control roll of this or less leaves the move whole; above it, halved.
    pub control_full_up_to: u8,
    /// The share of its move a unit failing its control roll keeps.
    pub control_share: f64,
    /// Taken from every morale, melee and fire die of green troops.
    pub green: i32,
}

impl Default for Optional {
    fn default() -> Self {
        Optional {
            control_full_up_to: 3,
            control_share: 0.5,
            green: -1,
        }
    }
}

/// What is wrong with a set of tables changed by a scenario: numbers that would break
/// play, each named by its path under `tables`.
pub fn problems(t: &Tables, out: &mut Vec<grognard_engine::files::Problem>) {
    use grognard_engine::files::Problem;
    let mut positive = |path: &str, v: f64| {
        if !(v.is_finite() && v > 0.0) {
            out.push(Problem::new(
                format!("tables.{path}"),
                format!("{v}"),
                "give a number above nothing",
            ));
        }
    };
    positive("movement.infantry.line", t.movement.infantry.line);
    positive("movement.cavalry.line", t.movement.cavalry.line);
    positive("movement.artillery.line", t.movement.artillery.line);
    positive("fire.musket_range", t.fire.musket_range);
    positive("artillery.round_shot_range", t.artillery.round_shot_range);
    positive("artillery.canister_range", t.artillery.canister_range);
    positive("command.radius", t.command.radius);
    if t.fire.divisor == 0 {
        out.push(Problem::new(
            "tables.fire.divisor",
            "a divisor of nothing",
            "give the number the die times the figures is divided by, e.g. 10",
        ));
    }
    for (name, f) in [
        ("melee.loser", t.melee.loser),
        ("melee.winner", t.melee.winner),
    ] {
        if f[1] == 0 || f[0] > f[1] {
            out.push(Problem::new(
                format!("tables.{name}"),
                format!("{}/{}", f[0], f[1]),
                "give a share as [part, whole], e.g. [1, 4]",
            ));
        }
    }
    if t.buildings.melee.is_empty() {
        out.push(Problem::new(
            "tables.buildings.melee",
            "no rows",
            "give the building melee rows, highest first",
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // "B&P Morale and Point Table", read row by row (ruling B1).
    #[test]
    fn the_morale_and_point_table_reads_row_by_row() {
        let m = Morale::default();
        let rows: Vec<(u32, i32)> = Kind::ALL
            .iter()
            .map(|k| (m.row(*k).points, m.row(*k).hold))
            .collect();
        assert_eq!(
            rows,
            vec![(1, 8), (1, 9), (2, 9), (2, 8), (3, 6), (3, 7), (4, 6)]
        );
        assert_eq!((m.square_points, m.square_hold), (1, 4));
        assert_eq!(m.cover(Cover::Defended), (1, 1));
        assert_eq!(m.cover(Cover::Strong), (2, 2));
    }

    #[test]
    fn building_melee_rows_are_read_from_the_highest() {
        let b = Buildings::default();
        assert!(b.row(15).unwrap().defender.eliminated);
        assert_eq!(b.row(11).unwrap().defender.figures, 2);
        assert!(b.row(8).unwrap().attacker.eliminated);
        assert!(b.row(5).unwrap().attacker.routs);
        assert!(b.row(-3).unwrap().attacker.routs);
        assert_eq!(b.row(6).unwrap().attacker.figures, 1);
    }

    #[test]
    fn a_scenario_changes_only_what_it_names() {
        let t: Tables = toml::from_str("[fire]\ndivisor = 12\n").unwrap();
        assert_eq!(t.fire.divisor, 12);
        assert_eq!(t.fire.musket_range, 6.0);
        assert_eq!(t.morale, Morale::default());
        let bad = toml::from_str::<Tables>("[fire]\ndivsor = 12\n").unwrap_err();
        assert!(bad.to_string().contains("divsor"), "{bad}");
    }
}
