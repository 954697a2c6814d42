//! Every table of the book in one place, each with the section it comes from. The charts at
//! the end of the book are the cleaner copy and win where the text differs (rulings N2, N3);
//! the text fills what the charts leave out (ruling N4).
//!
//! [`Tables::default`] is the book. The values are data: a scenario may replace any of them.

use crate::levels::{CavalryWeight, GunWeight, Quality, Rating};
use serde::{Deserialize, Serialize};

/// All of the book's tables.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tables {
    pub maneuver: Maneuver,
    pub movement: MovementAllowance,
    pub terrain: TerrainCosts,
    pub skirmish: Skirmish,
    pub artillery: Artillery,
    pub evasion: Evasion,
    pub reaction: Reaction,
    pub combat: Combat,
    pub rally: Rally,
    pub design: DesignTables,
}

/// A modifier that depends on a unit's quality: Guard, Elite, Veteran, Line, Conscript,
/// Militia, in that order.
pub type ByQuality = [i32; 6];

/// What a good-order unit may do on the maneuver table ("NW Maneuver Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum GoodOrderResult {
    Hold,
    Quarter,
    Half,
    ThreeQuarters,
    Full,
}

impl GoodOrderResult {
    /// The share of the movement allowance.
    pub fn fraction(self) -> f64 {
        match self {
            GoodOrderResult::Hold => 0.0,
            GoodOrderResult::Quarter => 0.25,
            GoodOrderResult::Half => 0.5,
            GoodOrderResult::ThreeQuarters => 0.75,
            GoodOrderResult::Full => 1.0,
        }
    }
}

/// What a disordered unit does on the maneuver table ("NW Maneuver Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum DisorderedResult {
    /// Falls back half its allowance, still disordered.
    RetreatHalf,
    Hold,
    ReorderHold,
    ReorderQuarter,
    ReorderHalf,
    ReorderFull,
}

impl DisorderedResult {
    /// Whether the unit regains good order, and the share of its allowance it may then move.
    pub fn reorders(self) -> Option<f64> {
        match self {
            DisorderedResult::RetreatHalf | DisorderedResult::Hold => None,
            DisorderedResult::ReorderHold => Some(0.0),
            DisorderedResult::ReorderQuarter => Some(0.25),
            DisorderedResult::ReorderHalf => Some(0.5),
            DisorderedResult::ReorderFull => Some(1.0),
        }
    }
}

/// The maneuver table and its modifiers ("NW 9.0 C", "NW Maneuver Table").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Maneuver {
    /// For each commander rating (Excellent, Good, Average, Poor), the highest modified roll
    /// of each of the first five rows; anything higher reads the sixth row.
    pub row_tops: [[i32; 5]; 4],
    pub good_order: [GoodOrderResult; 6],
    pub disordered: [DisorderedResult; 6],
    pub fresh: i32,
    pub spent: i32,
    pub quality: ByQuality,
    pub general_attached: i32,
    pub valorous_near: i32,
    pub suppressed_artillery: i32,
    pub command_fatigued: i32,
    pub outside_poor_range: i32,
    /// Within this many inches of a valorous commander or of the CinC.
    pub presence_radius: f64,
}

impl Default for Maneuver {
    fn default() -> Self {
        use DisorderedResult as D;
        use GoodOrderResult as G;
        Maneuver {
            row_tops: [
                [1, 3, 5, 7, 8],
                [2, 4, 6, 8, 9],
                [3, 5, 7, 9, 10],
                [4, 6, 8, 10, 11],
            ],
            good_order: [
                G::Hold,
                G::Quarter,
                G::Half,
                G::ThreeQuarters,
                G::Full,
                G::Full,
            ],
            disordered: [
                D::RetreatHalf,
                D::Hold,
                D::ReorderHold,
                D::ReorderQuarter,
                D::ReorderHalf,
                D::ReorderFull,
            ],
            fresh: 2,
            spent: -2,
            quality: [3, 2, 1, 0, -1, -2],
            general_attached: 1,
            valorous_near: 1,
            suppressed_artillery: -1,
            command_fatigued: -1,
            outside_poor_range: -1,
            presence_radius: 3.0,
        }
    }
}

impl Maneuver {
    /// The row (0 to 5) a modified roll reads in the column of `rating`.
    pub fn row(&self, rating: Rating, total: i32) -> usize {
        let tops = &self.row_tops[rating as usize];
        tops.iter().position(|top| total <= *top).unwrap_or(5)
    }
}

/// Movement allowances in inches ("NW 9.1", "NW Movement Allowance Chart").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MovementAllowance {
    /// French, British and Ottoman infantry; Prussian and British-allied infantry from
    /// `fast_allied_from`; French-allied infantry from `fast_french_allied_from`.
    pub fast_infantry: f64,
    pub fast_prussian_and_british_allied_from: u32,
    pub fast_french_allied_from: u32,
    /// All other infantry, and all foot artillery.
    pub other_infantry: f64,
    pub foot_artillery: f64,
    pub heavy_cavalry: f64,
    pub horse_artillery: f64,
    /// Light and medium cavalry.
    pub other_cavalry: f64,
    pub officers: f64,
    /// "NW 9.5" note 6: a whole move on road, away from the enemy, may add this much.
    pub road_bonus: f64,
    /// The road bonus is lost within this distance of a non-routed enemy.
    pub road_enemy_distance: f64,
    /// "NW 9.3": an infantry or cavalry unit passing through friends pays this much.
    pub interpenetration: f64,
    /// "NW 9.8": an oblique move first pays this much.
    pub oblique_cost: f64,
    /// "NW 9.9": near the enemy, a unit moves straight toward or away from it.
    pub presence_of_enemy: f64,
}

impl Default for MovementAllowance {
    fn default() -> Self {
        MovementAllowance {
            fast_infantry: 10.0,
            fast_prussian_and_british_allied_from: 1811,
            fast_french_allied_from: 1809,
            other_infantry: 8.0,
            foot_artillery: 8.0,
            heavy_cavalry: 12.0,
            horse_artillery: 12.0,
            other_cavalry: 16.0,
            officers: 18.0,
            road_bonus: 6.0,
            road_enemy_distance: 6.0,
            interpenetration: 2.0,
            oblique_cost: 1.0,
            presence_of_enemy: 6.0,
        }
    }
}

/// The terrain effects table for one class of unit ("NW 9.5", "NW Terrain Effects Chart").
/// Costs are inches of allowance per inch of ground.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    /// Extra inches to cross an obstacle (wall, works, trench).
    pub obstacle: f64,
    pub hindering: f64,
    pub rough: f64,
    /// Per inch of ford (the text's column; the chart leaves it out).
    pub fording: f64,
    /// Extra inches per level climbed or descended.
    pub elevation: f64,
}

/// Terrain costs by class of unit ("NW Terrain Effects Chart").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TerrainCosts {
    pub infantry: TerrainRow,
    pub foot_artillery: TerrainRow,
    /// Heavy cavalry and horse artillery.
    pub heavy_cavalry: TerrainRow,
    /// Other cavalry and officers.
    pub other_cavalry: TerrainRow,
    /// "NW 9.4": mud doubles costs, once.
    pub mud_multiplier: f64,
}

impl Default for TerrainCosts {
    fn default() -> Self {
        let row = |obstacle, hindering, rough, fording, elevation| TerrainRow {
            obstacle,
            hindering,
            rough,
            fording,
            elevation,
        };
        TerrainCosts {
            infantry: row(1.0, 1.5, 2.0, 2.0, 1.0),
            foot_artillery: row(4.0, 2.0, 4.0, 4.0, 2.0),
            heavy_cavalry: row(3.0, 2.0, 3.0, 3.0, 2.0),
            other_cavalry: row(2.0, 2.0, 3.0, 2.0, 2.0),
            mud_multiplier: 2.0,
        }
    }
}

/// Skirmish fire ("NW 7.0"-"NW 7.9", "NW Skirmish Table").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Skirmish {
    /// Range of an SK1 and an SK2 unit, and the same in fog.
    pub range: [f64; 2],
    pub fog_range: [f64; 2],
    pub mixed_brigade: i32,
    pub soft_cover: i32,
    pub near_cavalry: i32,
    pub near_cavalry_radius: f64,
    pub hard_cover: i32,
    pub artillery: i32,
    pub ottoman_artillery: i32,
    pub vulnerable: i32,
    /// A natural roll that kills a general attached to the target.
    pub general_killed_on: u8,
}

impl Default for Skirmish {
    fn default() -> Self {
        Skirmish {
            range: [4.0, 6.0],
            fog_range: [2.0, 4.0],
            mixed_brigade: 1,
            soft_cover: 1,
            near_cavalry: 1,
            near_cavalry_radius: 3.0,
            hard_cover: 2,
            artillery: 2,
            ottoman_artillery: 3,
            vulnerable: -1,
            general_killed_on: 12,
        }
    }
}

/// Fire points of one gun weight: canister, medium and long range, with the outer edge of
/// each band in inches ("NW 8.4", "NW Artillery Fire Points Table").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FirePoints {
    pub reach: [f64; 3],
    pub points: [f64; 3],
}

/// A band of the fire effects table, mildest first ("NW Fire Effects").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum FireEffect {
    Desultory,
    Effective,
    Damaging,
    Horrendous,
    Destructive,
}

impl FireEffect {
    pub const ALL: [FireEffect; 5] = [
        FireEffect::Desultory,
        FireEffect::Effective,
        FireEffect::Damaging,
        FireEffect::Horrendous,
        FireEffect::Destructive,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FireEffect::Desultory => "desultory fire",
            FireEffect::Effective => "effective fire",
            FireEffect::Damaging => "damaging fire",
            FireEffect::Horrendous => "horrendous fire",
            FireEffect::Destructive => "destructive fire",
        }
    }
}

/// One row of the fire effects table: the fire points it covers (from `points` up to the
/// next row), and the lowest modified roll that reads Effective, Damaging, Horrendous and
/// Destructive (`None`: not on this row). A band with no lower bound (the "-" cells of the
/// high rows) starts at `i32::MIN`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FireRow {
    pub points: f64,
    pub from: [Option<i32>; 4],
}

/// Artillery fire ("NW 8.0"-"NW 8.6", "NW Fire Affects Table", "NW Fire Modifiers").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Artillery {
    pub light: FirePoints,
    pub medium: FirePoints,
    pub heavy: FirePoints,
    pub rows: Vec<FireRow>,
    pub british_french: i32,
    pub russian_heavy: i32,
    pub vulnerable: i32,
    pub ottoman_cossack: i32,
    pub soft_cover: i32,
    pub rain_or_mud: i32,
    pub different_elevation: i32,
    /// The chart's "Target is an artillery unit" (ruling N3).
    pub target_artillery: i32,
    pub hard_cover: i32,
    /// "NW 8.3": the line of fire is as wide as the battery's frontage.
    pub alley_width: f64,
    /// "NW 8.3": within this distance a battery must fire at the closest enemy to its front.
    pub closest_target_within: f64,
    /// "NW 8.1": fire reaches this far into woods.
    pub into_woods: f64,
    /// "NW 8.6": batteries keep this far apart unless attached.
    pub battery_spacing: f64,
    pub general_killed_on: u8,
    /// "NW Optional rules 4.0": a rocket battery's maximum range.
    pub rocket_reach: f64,
    /// "NW Optional rules 4.0": d6 rolled for a rocket battery's fire points, against
    /// infantry or artillery and against cavalry.
    pub rocket_dice: [u8; 2],
}

impl Default for Artillery {
    fn default() -> Self {
        let fp = |reach, points| FirePoints { reach, points };
        let n = i32::MIN;
        let row = |points, from| FireRow { points, from };
        Artillery {
            light: fp([3.0, 6.0, 9.0], [4.0, 2.0, 1.0]),
            medium: fp([4.0, 8.0, 12.0], [6.0, 3.0, 1.0]),
            heavy: fp([5.0, 10.0, 16.0], [10.0, 5.0, 2.0]),
            rows: vec![
                row(0.5, [Some(10), None, None, None]),
                row(1.0, [Some(9), None, None, None]),
                row(2.0, [Some(8), None, None, None]),
                row(3.0, [Some(7), Some(12), None, None]),
                row(4.0, [Some(6), Some(11), None, None]),
                row(5.0, [Some(5), Some(10), None, None]),
                row(6.0, [Some(4), Some(9), Some(12), None]),
                row(8.0, [Some(3), Some(8), Some(11), None]),
                // The text shows Damaging 6-8 and Horrendous 10+; 9 reads Damaging (ruling N5).
                row(10.0, [Some(2), Some(6), Some(10), None]),
                row(13.0, [Some(1), Some(6), Some(9), None]),
                row(16.0, [Some(1), Some(5), Some(8), Some(12)]),
                row(20.0, [Some(1), Some(4), Some(7), Some(11)]),
                row(25.0, [Some(1), Some(3), Some(6), Some(10)]),
                row(30.0, [Some(n), Some(2), Some(5), Some(9)]),
                row(35.0, [Some(n), Some(1), Some(4), Some(8)]),
                row(40.0, [Some(n), Some(n), Some(3), Some(7)]),
            ],
            british_french: 1,
            russian_heavy: 1,
            vulnerable: 2,
            ottoman_cossack: -1,
            soft_cover: -1,
            rain_or_mud: -1,
            different_elevation: -1,
            target_artillery: -1,
            hard_cover: -2,
            alley_width: 1.5,
            closest_target_within: 6.0,
            into_woods: 1.0,
            battery_spacing: 1.5,
            general_killed_on: 12,
            rocket_reach: 12.0,
            rocket_dice: [1, 2],
        }
    }
}

impl Artillery {
    /// The fire points of a full-strength battery of `weight` at `range` inches, or `None`
    /// beyond its long range.
    pub fn points(&self, weight: GunWeight, range: f64) -> Option<f64> {
        let t = match weight {
            GunWeight::Light => &self.light,
            GunWeight::Medium => &self.medium,
            GunWeight::Heavy => &self.heavy,
        };
        t.reach
            .iter()
            .position(|r| range <= *r + 1e-9)
            .map(|i| t.points[i])
    }

    /// The row of the fire effects table for a total of fire points (`None`: no fire).
    pub fn row(&self, points: f64) -> Option<&FireRow> {
        self.rows.iter().rev().find(|r| points + 1e-9 >= r.points)
    }

    /// The effect of a modified roll on a row.
    pub fn effect(&self, row: &FireRow, total: i32) -> FireEffect {
        let mut effect = FireEffect::Desultory;
        for (i, from) in row.from.iter().enumerate() {
            if let Some(f) = from {
                if total >= *f {
                    effect = FireEffect::ALL[i + 1];
                }
            }
        }
        effect
    }
}

/// Artillery evasion ("NW 8.5", "NW Artillery Evasion Table").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Evasion {
    /// Roll needed by foot and horse batteries against infantry, heavy or medium cavalry
    /// (ruling N2: the chart's columns), and against other cavalry.
    pub foot: [i32; 2],
    pub horse: [i32; 2],
    pub bad_weather: i32,
    pub suppressed: i32,
    pub rough: i32,
    pub obstacle_or_higher: i32,
    /// "NW 8.5": an attacker whose target escaped loses this much of its allowance.
    pub attacker_cost: f64,
}

impl Default for Evasion {
    fn default() -> Self {
        Evasion {
            foot: [7, 9],
            horse: [6, 8],
            bad_weather: -1,
            suppressed: -1,
            rough: -1,
            obstacle_or_higher: 1,
            attacker_cost: 1.0,
        }
    }
}

/// Cavalry reaction ("NW 10.0"-"NW 10.2", "NW Cavalry Reaction Table").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Reaction {
    pub needed: i32,
    /// Reaction zone: heavy cavalry, and all other cavalry (half the movement allowance).
    pub zone: [f64; 2],
    pub fresh: i32,
    pub worn: i32,
    pub spent: i32,
    pub quality: ByQuality,
    pub general_attached: i32,
    pub valorous_near: i32,
    pub disordered: i32,
    pub command_fatigued: i32,
    pub target_of_charge: i32,
    /// "NW 10.2": a countercharged attacker is set back this far.
    pub countercharge_setback: f64,
}

impl Default for Reaction {
    fn default() -> Self {
        Reaction {
            needed: 7,
            zone: [6.0, 8.0],
            fresh: 2,
            worn: -1,
            spent: -2,
            quality: [3, 2, 1, 0, -1, -2],
            general_attached: 1,
            valorous_near: 1,
            disordered: -1,
            command_fatigued: -1,
            target_of_charge: 2,
            countercharge_setback: 1.0,
        }
    }
}

/// A band of the combat results table, from the attacker's best to worst ("NW Combat
/// Results Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum CombatResult {
    DefenderCrushed,
    DefenderBroken,
    DefenderDrivenBack,
    DefenderGivesGround,
    DesperateStruggle,
    AssaultChecked,
    AssaultRepulsed,
    LeGuardRecule,
}

impl CombatResult {
    pub fn name(self) -> &'static str {
        match self {
            CombatResult::DefenderCrushed => "defender crushed",
            CombatResult::DefenderBroken => "defender broken",
            CombatResult::DefenderDrivenBack => "defender driven back",
            CombatResult::DefenderGivesGround => "defender gives ground",
            CombatResult::DesperateStruggle => "desperate struggle",
            CombatResult::AssaultChecked => "assault checked",
            CombatResult::AssaultRepulsed => "assault repulsed",
            CombatResult::LeGuardRecule => "la Garde recule",
        }
    }
}

/// Combat ("NW 11.0"-"NW 11.7", "NW Combat Results Table", "NW Combat Die Roll Modifiers").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Combat {
    /// Lowest difference of each band from "crushed" down to "checked"; lower than the last
    /// is "repulsed" down to `recule_at_or_below`, and below that "la Garde recule".
    pub crushed_from: i32,
    pub broken_from: i32,
    pub driven_back_from: i32,
    pub gives_ground_from: i32,
    pub checked_from: i32,
    pub repulsed_from: i32,
    pub fresh: i32,
    pub spent: i32,
    pub hard_cover: i32,
    pub spanish_hard_cover: i32,
    pub disordered: i32,
    pub disordered_with_loss: i32,
    pub combined_arms: i32,
    /// Outnumbered 3:2 gives the first step; each further half (2:1, 5:2, 3:1 ...) one more.
    pub outnumbered_step: i32,
    pub general_attached: i32,
    pub light_vs_heavy_cavalry: i32,
    pub valorous_near: i32,
    pub medium_vs_heavy_cavalry: i32,
    pub french_infantry_attacking: i32,
    pub cavalry_at_the_halt: i32,
    pub soft_cover_obstacle_or_higher: i32,
    pub versus_armored_cavalry: i32,
    pub russian_british_infantry_defending: i32,
    pub outflanked: i32,
    pub defender_vulnerable: i32,
    pub cavalry_vs_infantry: i32,
    /// A routed unit contacted by infantry loses this many s.p.; by cavalry, the second.
    pub routed_contacted_loss: [u32; 2],
    /// "NW 11.5": rout moves of infantry and cavalry.
    pub rout_move: [f64; 2],
    /// "Defender gives ground" and "assault checked": the fixed fall-back.
    pub fall_back: f64,
    /// Advances after combat for crushed, broken, driven back, and past a routed unit.
    pub advance: [f64; 3],
    pub routed_advance: f64,
    /// An officer at risk dies on this 2d6 roll or higher.
    pub officer_killed_from: i32,
}

impl Default for Combat {
    fn default() -> Self {
        Combat {
            crushed_from: 10,
            broken_from: 7,
            driven_back_from: 4,
            gives_ground_from: 1,
            checked_from: -3,
            repulsed_from: -6,
            fresh: 2,
            spent: -2,
            hard_cover: 2,
            spanish_hard_cover: 3,
            disordered: -1,
            disordered_with_loss: -2,
            combined_arms: 2,
            outnumbered_step: -1,
            general_attached: 1,
            light_vs_heavy_cavalry: -2,
            valorous_near: 1,
            medium_vs_heavy_cavalry: -1,
            french_infantry_attacking: 1,
            cavalry_at_the_halt: -1,
            soft_cover_obstacle_or_higher: 1,
            versus_armored_cavalry: -1,
            russian_british_infantry_defending: 1,
            outflanked: -2,
            defender_vulnerable: 1,
            cavalry_vs_infantry: -4,
            routed_contacted_loss: [1, 2],
            rout_move: [12.0, 24.0],
            fall_back: 6.0,
            advance: [3.0, 2.0, 1.0],
            routed_advance: 1.0,
            officer_killed_from: 10,
        }
    }
}

impl Combat {
    /// The band a difference (attacker's total minus defender's) reads.
    pub fn result(&self, difference: i32) -> CombatResult {
        use CombatResult::*;
        if difference >= self.crushed_from {
            DefenderCrushed
        } else if difference >= self.broken_from {
            DefenderBroken
        } else if difference >= self.driven_back_from {
            DefenderDrivenBack
        } else if difference >= self.gives_ground_from {
            DefenderGivesGround
        } else if difference == 0 {
            DesperateStruggle
        } else if difference >= self.checked_from {
            AssaultChecked
        } else if difference >= self.repulsed_from {
            AssaultRepulsed
        } else {
            LeGuardRecule
        }
    }

    /// The outnumbering modifier for a side with `ours` s.p. against `theirs` ("NW Combat Die
    /// Roll Modifiers": -1 at 3:2, -2 at 2:1, -3 at 3:1, "etc."). Ruling N6: the steps are
    /// 3:2, 2:1, 3:1, 4:1 and so on, one more for each whole multiple beyond two.
    pub fn outnumbered(&self, ours: u32, theirs: u32) -> i32 {
        if ours == 0 || theirs * 2 < ours * 3 {
            return 0;
        }
        let steps = if theirs < ours * 2 {
            1
        } else {
            // 2:1 is two steps, 3:1 three, and so on.
            (theirs / ours) as i32
        };
        steps * self.outnumbered_step
    }
}

/// Rallying routed units ("NW 12.0", "NW Rally Table").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rally {
    /// The roll needed, by quality.
    pub needed: [i32; 6],
    pub fresh: i32,
    pub spent: i32,
    pub outside_command: i32,
    pub general_attached: i32,
    pub valorous_or_cinc_near: i32,
    /// A unit that fails moves this much further from the enemy.
    pub failed_move: f64,
}

impl Default for Rally {
    fn default() -> Self {
        Rally {
            needed: [4, 5, 6, 7, 8, 9],
            fresh: 2,
            spent: -2,
            outside_command: -1,
            general_attached: 1,
            valorous_or_cinc_near: 1,
            failed_move: 3.0,
        }
    }
}

/// A fatigue level chart entry: worn and spent levels for a starting strength ("NW II 2.6").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FatigueLevels {
    pub fresh: u32,
    /// `None` is the chart's "-"; left out of a file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worn: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spent: Option<u32>,
}

/// The tables of chapter II, used by the designer's tools and by the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DesignTables {
    /// Men per s.p. for infantry and for cavalry, by quality ("NW II 2.1").
    pub infantry_men_per_sp: [f64; 6],
    pub cavalry_men_per_sp: [f64; 6],
    /// "NW II 2.2".
    pub max_sp: u32,
    /// Fatigue levels for 2 to 12 s.p.: Guard/Elite, Veteran/Line, Conscript/Militia
    /// ("NW II 2.6"). `None` is the chart's "-": the unit skips that level.
    pub fatigue: [[(Option<u32>, Option<u32>); 11]; 3],
    /// Extra s.p. a division gains per attached light and medium battery ("NW II 2.5").
    pub battery_sp: [u32; 2],
    /// Command range: base and inches per unit, for French and excellent commanders (not
    /// British), and for all others ("NW II 3.1"); for divisional commanders of linear
    /// armies, excellent and others ("NW II 3.11").
    pub corps_range_fast: (f64, f64),
    pub corps_range_other: (f64, f64),
    pub division_range_excellent: (f64, f64),
    pub division_range_other: (f64, f64),
    /// Presence bonus of a CinC by rating; Napoleon adds `napoleon_bonus` ("NW II 3.1").
    pub presence: [i32; 4],
    pub napoleon_bonus: i32,
    /// ADCs by CinC rating; Napoleon adds `napoleon_adcs` ("NW II 3.3").
    pub adcs: [u32; 4],
    pub napoleon_adcs: u32,
    /// Infantry and cavalry units per general: French or British, Ottoman, all others.
    pub units_per_general: [f64; 3],
    /// Fatigue multipliers for Good, Average and Poor morale ("NW II 4.0").
    pub morale_multiplier: [f64; 3],
    /// "NW 9.51": on a turn of hindered visibility command ranges are this much shorter (once,
    /// however many hindrances).
    pub hindered_range_cut: f64,
    /// "NW 11.7": a replacement commander's range is this much shorter.
    pub replacement_range_cut: f64,
}

impl Default for DesignTables {
    fn default() -> Self {
        let s = Some;
        let ge = [
            (s(1), None),
            (s(2), None),
            (s(3), None),
            (s(3), None),
            (s(3), None),
            (s(4), s(2)),
            (s(4), s(2)),
            (s(5), s(3)),
            (s(6), s(3)),
            (s(6), s(4)),
            (s(7), s(4)),
        ];
        let vl = [
            (None, s(1)),
            (s(2), s(1)),
            (s(3), s(2)),
            (s(3), s(2)),
            (s(4), s(2)),
            (s(5), s(3)),
            (s(5), s(3)),
            (s(6), s(4)),
            (s(7), s(4)),
            (s(7), s(5)),
            (s(8), s(5)),
        ];
        let cm = [
            (None, s(1)),
            (None, s(2)),
            (None, s(3)),
            (s(4), s(3)),
            (s(5), s(3)),
            (s(5), s(4)),
            (s(6), s(4)),
            (s(7), s(5)),
            (s(8), s(5)),
            (s(8), s(6)),
            (s(9), s(6)),
        ];
        DesignTables {
            infantry_men_per_sp: [200.0, 300.0, 400.0, 500.0, 600.0, 700.0],
            cavalry_men_per_sp: [150.0, 200.0, 250.0, 300.0, 350.0, 400.0],
            max_sp: 12,
            fatigue: [ge, vl, cm],
            battery_sp: [1, 2],
            corps_range_fast: (4.0, 1.0),
            corps_range_other: (3.0, 0.5),
            division_range_excellent: (3.0, 0.5),
            division_range_other: (2.0, 0.5),
            presence: [3, 2, 1, 0],
            napoleon_bonus: 1,
            adcs: [2, 1, 0, 0],
            napoleon_adcs: 1,
            units_per_general: [6.0, 16.0, 12.0],
            morale_multiplier: [0.40, 0.35, 0.30],
            hindered_range_cut: 3.0,
            replacement_range_cut: 2.0,
        }
    }
}

impl DesignTables {
    /// The fatigue levels of a brigade of `sp` strength points and `quality`, or `None` when
    /// the chart has no row for it (fewer than 2 or more than 12).
    pub fn fatigue_levels(&self, sp: u32, quality: Quality) -> Option<FatigueLevels> {
        if !(2..=12).contains(&sp) {
            return None;
        }
        let col = match quality {
            Quality::Guard | Quality::Elite => 0,
            Quality::Veteran | Quality::Line => 1,
            Quality::Conscript | Quality::Militia => 2,
        };
        let (worn, spent) = self.fatigue[col][(sp - 2) as usize];
        Some(FatigueLevels {
            fresh: sp,
            worn,
            spent,
        })
    }

    /// Men to one strength point ("NW II 2.1").
    pub fn men_per_sp(&self, cavalry: bool, quality: Quality) -> f64 {
        let t = if cavalry {
            &self.cavalry_men_per_sp
        } else {
            &self.infantry_men_per_sp
        };
        t[quality as usize]
    }
}

impl Reaction {
    /// The reaction zone of cavalry of `weight` ("NW 10.0").
    pub fn zone_of(&self, weight: CavalryWeight) -> f64 {
        match weight {
            CavalryWeight::Heavy => self.zone[0],
            _ => self.zone[1],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maneuver_columns_shift_by_one_per_rating() {
        let m = Maneuver::default();
        // "NW Maneuver Table": 8 is "3/4 move" for a Good commander, "full" for Excellent.
        assert_eq!(
            m.good_order[m.row(Rating::Good, 8)],
            GoodOrderResult::ThreeQuarters
        );
        assert_eq!(
            m.good_order[m.row(Rating::Excellent, 8)],
            GoodOrderResult::Full
        );
        assert_eq!(m.good_order[m.row(Rating::Poor, 4)], GoodOrderResult::Hold);
        assert_eq!(
            m.disordered[m.row(Rating::Average, 11)],
            DisorderedResult::ReorderFull
        );
        assert_eq!(m.row(Rating::Excellent, -3), 0);
    }

    #[test]
    fn fire_points_and_effects_read_the_charts() {
        let a = Artillery::default();
        assert_eq!(a.points(GunWeight::Medium, 4.0), Some(6.0));
        assert_eq!(a.points(GunWeight::Medium, 4.1), Some(3.0));
        assert_eq!(a.points(GunWeight::Heavy, 16.0), Some(2.0));
        assert_eq!(a.points(GunWeight::Light, 9.5), None);
        let six = a.row(6.0).unwrap();
        assert_eq!(a.row(7.0).unwrap(), six);
        assert_eq!(a.effect(six, 3), FireEffect::Desultory);
        assert_eq!(a.effect(six, 4), FireEffect::Effective);
        assert_eq!(a.effect(six, 11), FireEffect::Damaging);
        assert_eq!(a.effect(six, 12), FireEffect::Horrendous);
        let forty = a.row(44.0).unwrap();
        assert_eq!(a.effect(forty, -5), FireEffect::Damaging);
        assert_eq!(a.effect(forty, 7), FireEffect::Destructive);
        assert_eq!(a.row(0.5).unwrap().points, 0.5);
        assert!(a.row(0.0).is_none());
    }

    #[test]
    fn combat_bands_and_outnumbering() {
        let c = Combat::default();
        assert_eq!(c.result(10), CombatResult::DefenderCrushed);
        assert_eq!(c.result(9), CombatResult::DefenderBroken);
        assert_eq!(c.result(4), CombatResult::DefenderDrivenBack);
        assert_eq!(c.result(1), CombatResult::DefenderGivesGround);
        assert_eq!(c.result(0), CombatResult::DesperateStruggle);
        assert_eq!(c.result(-3), CombatResult::AssaultChecked);
        assert_eq!(c.result(-6), CombatResult::AssaultRepulsed);
        assert_eq!(c.result(-7), CombatResult::LeGuardRecule);
        assert_eq!(c.outnumbered(6, 8), 0);
        assert_eq!(c.outnumbered(6, 9), -1);
        assert_eq!(c.outnumbered(6, 12), -2);
        assert_eq!(c.outnumbered(4, 12), -3);
        assert_eq!(c.outnumbered(3, 13), -4);
    }

    #[test]
    fn fatigue_chart_rows() {
        let d = DesignTables::default();
        let l = d.fatigue_levels(7, Quality::Line).unwrap();
        assert_eq!((l.fresh, l.worn, l.spent), (7, Some(5), Some(3)));
        let g = d.fatigue_levels(2, Quality::Guard).unwrap();
        assert_eq!((g.worn, g.spent), (Some(1), None));
        let c = d.fatigue_levels(12, Quality::Militia).unwrap();
        assert_eq!((c.worn, c.spent), (Some(9), Some(6)));
        assert!(d.fatigue_levels(13, Quality::Line).is_none());
    }
}
