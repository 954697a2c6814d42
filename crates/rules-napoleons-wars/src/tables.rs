//! Every table of the book in one place, each with the section it comes from. The charts at
//! the end of the book are the cleaner copy and win where the text differs (rulings N2, N3);
//! the text fills what the charts leave out (ruling N4).
//!
//! [`Tables::default`] is the book. The values are data: a scenario may replace any of them.

use crate::levels::{CavalryWeight, GunWeight, Quality, Rating};
use serde::{Deserialize, Serialize};

/// All of the book's tables. Every value left out is the book's; a scenario gives only the
/// values it changes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tables {
    /// The maneuver table and its modifiers ("NW 9.0 C").
    pub maneuver: Maneuver,
    /// Movement allowances and the distances of movement ("NW 9.1"-"NW 9.9").
    pub movement: MovementAllowance,
    /// Terrain costs ("NW 9.5").
    pub terrain: TerrainCosts,
    /// How far units see ("NW 9.51").
    pub visibility: Visibility,
    /// Skirmish ranges and modifiers ("NW 7.0").
    pub skirmish: Skirmish,
    /// Artillery fire points, effects and modifiers ("NW 8.0").
    pub artillery: Artillery,
    /// Artillery evasion ("NW 8.5").
    pub evasion: Evasion,
    /// Cavalry reaction ("NW 10.0").
    pub reaction: Reaction,
    /// Combat results and modifiers ("NW 11.0").
    pub combat: Combat,
    /// Rallying routed units ("NW 12.0").
    pub rally: Rally,
    /// Chapter II's design tables, and the command range cuts of play.
    pub design: DesignTables,
    /// Pursuit and final losses in campaign games ("NW Optional rules 1.0, 2.0").
    pub campaign: Campaign,
}

/// A campaign game's pursuit of a broken army and its final losses ("NW Optional rules 1.0
/// Pursuit", "NW Optional rules 2.0 Final Loss Calculations"). The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Campaign {
    /// Added to each pursuit die in mud, rain or snow.
    pub pursuit_bad_weather: i32,
    /// Added to each pursuit die when the game went into the last quarter of its turns.
    pub pursuit_late: i32,
    /// The least a pursuit die counts for, whatever its modifiers.
    pub pursuit_die_least: u32,
    /// The part of its lost s.p. the victor regains, as a fraction.
    pub winner_regains: [u32; 2],
    /// The part of its lost s.p. the defeated army regains, as a fraction.
    pub loser_regains: [u32; 2],
}

impl Default for Campaign {
    fn default() -> Self {
        Campaign {
            pursuit_bad_weather: -1,
            pursuit_late: -1,
            pursuit_die_least: 1,
            winner_regains: [1, 3],
            loser_regains: [1, 2],
        }
    }
}

/// A modifier that depends on a unit's quality: Guard, Elite, Veteran, Line, Conscript,
/// Militia, in that order.
pub type ByQuality = [i32; 6];

/// What a good-order unit may do on the maneuver table ("NW Maneuver Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum GoodOrderResult {
    /// The unit does not move.
    Hold,
    /// It may move a quarter of its allowance.
    Quarter,
    /// It may move half its allowance.
    Half,
    /// It may move three quarters of its allowance.
    ThreeQuarters,
    /// It may move its whole allowance.
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
    /// Stays where it is, still disordered.
    Hold,
    /// Regains good order but does not move.
    ReorderHold,
    /// Regains good order and may move a quarter of its allowance.
    ReorderQuarter,
    /// Regains good order and may move half its allowance.
    ReorderHalf,
    /// Regains good order and may move its whole allowance.
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

    /// The share of its full allowance the unit falls back, if it must.
    pub fn retreats(self) -> Option<f64> {
        match self {
            DisorderedResult::RetreatHalf => Some(0.5),
            _ => None,
        }
    }
}

/// The maneuver table and its modifiers ("NW 9.0 C", "NW Maneuver Table"): a unit rolls 2d6,
/// adds the modifiers here and reads its commander's column to learn how far it may move.
/// The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Maneuver {
    /// For each commander rating (Excellent, Good, Average, Poor), the highest modified roll
    /// of each of the first five rows; anything higher reads the sixth row.
    pub row_tops: [[i32; 5]; 4],
    /// What a unit in good order may do on each of the six rows, lowest rolls first.
    pub good_order: [GoodOrderResult; 6],
    /// What a disordered unit, which must roll, does on each of the six rows.
    pub disordered: [DisorderedResult; 6],
    /// For a Fresh brigade (never a battery, ruling N38).
    pub fresh: i32,
    /// For a Spent brigade (never a battery, ruling N38).
    pub spent: i32,
    /// By the brigade's quality, Guard to Militia.
    pub quality: ByQuality,
    /// For a brigade with a general attached ("NW 9.0 A").
    pub general_attached: i32,
    /// Within `presence_radius` of a valorous commander or CinC ("NW II 3.2", ruling N51).
    pub valorous_near: i32,
    /// For a suppressed battery ("NW 11.6").
    pub suppressed_artillery: i32,
    /// For a unit of a fatigued command ("NW II 4.0").
    pub command_fatigued: i32,
    /// For a unit beyond a Poor commander's range, which reads the Poor column still.
    pub outside_poor_range: i32,
    /// Inches within which the CinC's presence bonus and a valorous commander's bonus reach
    /// ("NW II 3.1", "NW II 3.2"): for maneuver, reaction, combat and rally rolls alike.
    pub presence_radius: f64,
    /// "NW 9.0 A": a general who leaves one brigade attaches only to one within this many
    /// inches of it.
    pub reattach_within: f64,
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
            reattach_within: 6.0,
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

/// Movement allowances and distances in inches ("NW 9.1", "NW Movement Allowance Chart").
/// Units' allowances are set when an order of battle is designed and written into the
/// roster's `movement`; the officers' and the distances apply in play. The defaults are the
/// book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MovementAllowance {
    /// French, British and Ottoman infantry; Prussian and British-allied infantry from
    /// `fast_prussian_and_british_allied_from`; French-allied infantry from
    /// `fast_french_allied_from`.
    pub fast_infantry: f64,
    /// The year from which Prussian and British-allied infantry moves at `fast_infantry`.
    pub fast_prussian_and_british_allied_from: u32,
    /// The year from which French-allied infantry moves at `fast_infantry` (ruling N7).
    pub fast_french_allied_from: u32,
    /// All other infantry.
    pub other_infantry: f64,
    /// Foot batteries; one that fired in its side's fire phase moves half ("NW 9.2").
    pub foot_artillery: f64,
    /// Heavy cavalry.
    pub heavy_cavalry: f64,
    /// Horse batteries, and rockets.
    pub horse_artillery: f64,
    /// Light and medium cavalry.
    pub other_cavalry: f64,
    /// Generals, ADCs, commanders and the CinC ("NW 9.0 C" step 7).
    pub officers: f64,
    /// "NW 9.5" note 6: a whole move on road, away from the enemy, may add this much.
    pub road_bonus: f64,
    /// The road bonus is lost within this distance of a non-routed enemy.
    pub road_enemy_distance: f64,
    /// "NW 9.3": an infantry or cavalry unit passing through friends pays this much.
    pub interpenetration: f64,
    /// "NW 9.3" note 2: an officer whom enemy troops move through is killed on this natural
    /// 2d6 roll or higher (13: never).
    pub officer_overrun_killed_on: u8,
    /// "NW 9.3" note 2: an officer who lives through it is moved this far, away from the
    /// troops that passed.
    pub officer_moved_aside: f64,
    /// "NW 9.2": the share of its allowance a foot battery that fired in its own side's fire
    /// phase may still move that half-turn: other nations' and Ottoman batteries (which do
    /// not move at all once they have fired). French Old Guard foot batteries keep their
    /// whole allowance.
    pub fired_foot_artillery: [f64; 2],
    /// "NW 9.6": a wheel costs this share of the allowance for every 45 degrees turned, in
    /// proportion for other angles.
    pub wheel_per_45: f64,
    /// "NW 9.7": an infantry change of face costs this share of the allowance for 90 degrees,
    /// and for 180.
    pub infantry_change_face: [f64; 2],
    /// "NW 9.7": cavalry, batteries and officers change face free, but in mud for this share
    /// of the allowance, 90 or 180 degrees alike.
    pub change_face_in_mud: f64,
    /// "NW 9.8": an oblique step first pays this much, then its distance.
    pub oblique_cost: f64,
    /// "NW 9.8": infantry and cavalry stepping back or to a flank pay this many times the
    /// cost of the ground, terrain included (batteries and officers pay the plain cost). In
    /// mud the cost is multiplied once, by the larger of this and the mud multiplier ("NW
    /// 9.4", ruling N49).
    pub retrograde_multiplier: f64,
    /// "NW 9.9": within this distance of the enemy, infantry and cavalry move straight
    /// toward or away from the closest (ruling N22).
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
            officer_overrun_killed_on: 12,
            officer_moved_aside: 3.0,
            fired_foot_artillery: [0.5, 0.0],
            wheel_per_45: 0.25,
            infantry_change_face: [0.25, 0.5],
            change_face_in_mud: 0.25,
            oblique_cost: 1.0,
            retrograde_multiplier: 2.0,
            presence_of_enemy: 6.0,
        }
    }
}

/// The terrain effects table for one class of unit ("NW 9.5", "NW Terrain Effects Chart").
/// Costs are inches of allowance per inch of ground; the defaults are the book's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainRow {
    /// Extra inches to cross an obstacle (hedge, wall, works).
    pub obstacle: f64,
    /// Per inch of hindering ground: light woods and copses (the chart's 3/2 is 1.5).
    pub hindering: f64,
    /// Per inch of rough ground: dense woods.
    pub rough: f64,
    /// Per inch of ford or stream (the text's column, ruling N4; the chart leaves it out).
    pub fording: f64,
    /// Extra inches per level climbed or descended.
    pub elevation: f64,
}

/// Terrain costs by class of unit ("NW Terrain Effects Chart"); roads, bridges and towns
/// cost as open ground ("NW 9.5" notes 6 and 7). The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TerrainCosts {
    /// Infantry.
    pub infantry: TerrainRow,
    /// Foot batteries.
    pub foot_artillery: TerrainRow,
    /// Heavy cavalry and horse artillery.
    pub heavy_cavalry: TerrainRow,
    /// Other cavalry and officers.
    pub other_cavalry: TerrainRow,
    /// "NW 9.4": on muddy ground every cost of a move is multiplied by this: the steps
    /// themselves (a wheel's or an infantry change of face's share of the allowance, the
    /// oblique step's first inch), the ground with its woods and fords, and the climbs.
    /// Only once: a retrograde or flank step of infantry or cavalry is multiplied by the
    /// larger of this and `movement.retrograde_multiplier`. Obstacle crossings are never
    /// multiplied (ruling N49).
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

/// How far units see ("NW 9.51"): a battery fires only at a target within sight, so no
/// farther than this whatever its guns' reach. The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Visibility {
    /// Inches a unit sees on a turn of clear sight.
    pub normal: f64,
    /// Inches less for each hindrance of the turn (fog, twilight).
    pub per_hindrance: f64,
}

impl Default for Visibility {
    fn default() -> Self {
        Visibility {
            normal: 24.0,
            per_hindrance: 6.0,
        }
    }
}

impl Visibility {
    /// How far a unit sees with `hindrances` on the turn, never less than nothing.
    pub fn sight(&self, hindrances: u32) -> f64 {
        (self.normal - self.per_hindrance * f64::from(hindrances)).max(0.0)
    }
}

/// Skirmish fire ("NW 7.0"-"NW 7.9", "NW Skirmish Table"): both sides roll 2d6 and add
/// their SK ratings; the modifiers here are added to the target's roll only. The defaults
/// are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Skirmish {
    /// Reach in inches of an SK1 and of an SK2 unit ("NW 7.1").
    pub range: [f64; 2],
    /// The same on a turn of fog ("NW 7.8"); twilight leaves the ranges as they are.
    pub fog_range: [f64; 2],
    /// For a mixed (MX) target ("NW II 2.4").
    pub mixed_brigade: i32,
    /// For a target wholly in or behind soft cover (woods, hedges, walls, hasty works).
    pub soft_cover: i32,
    /// For a target within `near_cavalry_radius` of its own side's cavalry ("NW 7.4").
    pub near_cavalry: i32,
    /// Inches from friendly cavalry within which a target takes `near_cavalry`.
    pub near_cavalry_radius: f64,
    /// For a target defending hard cover (a town or field works).
    pub hard_cover: i32,
    /// For a battery as target.
    pub artillery: i32,
    /// For an Ottoman battery as target, instead of `artillery`.
    pub ottoman_artillery: i32,
    /// For a vulnerable target: fording, on a bridge, or moved by road in its last maneuver.
    pub vulnerable: i32,
    /// "NW 7.6": an attack whose total is at least this many times the target's costs it
    /// `loss` (ruling N13: "twice" read as twice or more).
    pub loss_multiple: i32,
    /// "NW 7.6": s.p. a brigade loses to such an attack, besides its disorder (a battery is
    /// damaged: one step).
    pub loss: u32,
    /// The skirmishers' natural 2d6 roll that kills a general attached to the target (13:
    /// never).
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
            loss_multiple: 2,
            loss: 1,
            general_killed_on: 12,
        }
    }
}

/// Fire points of one gun weight: canister, medium and long range, with the outer edge of
/// each band in inches ("NW 8.4", "NW Artillery Fire Points Table").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FirePoints {
    /// The outer edge in inches of canister, medium and long range.
    pub reach: [f64; 3],
    /// Fire points of a whole battery at canister, medium and long range.
    pub points: [f64; 3],
}

/// A band of the fire effects table, mildest first ("NW Fire Effects").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
pub enum FireEffect {
    /// No effect.
    Desultory,
    /// The target is disordered (a battery suppressed).
    Effective,
    /// S.p. lost (1 in the book, `artillery.losses`) and disordered; a battery driven back a
    /// full move and suppressed.
    Damaging,
    /// S.p. lost (1), disordered and back `artillery.horrendous_retreat` (6"); a battery
    /// damaged and back a full move.
    Horrendous,
    /// S.p. lost (2), disordered and back a full move; a battery destroyed.
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

/// One row of the fire effects table ("NW Fire Affects Table"): the fire points it covers
/// and the modified 2d6 roll from which each effect begins.
// In the code a `None` cell is an effect the row does not have, and `i32::MIN` one with no
// lower bound (the chart's "-" cells of the highest rows).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FireRow {
    /// The fewest fire points (after halving and rounding, ruling N14) that read this row,
    /// up to the next row's.
    pub points: f64,
    /// Lowest modified roll for Effective, Damaging, Horrendous and Destructive fire; below
    /// the first is Desultory. Write 99 for an effect the row lacks, -99 for one met at any
    /// roll.
    pub from: [Option<i32>; 4],
}

/// Artillery fire ("NW 8.0"-"NW 8.6", "NW Fire Affects Table", "NW Fire Modifiers"): the
/// firer rolls 2d6 plus the modifiers here and reads the row of its fire points. The
/// defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Artillery {
    /// Light guns, 3-4 lb ("NW Artillery Fire Points Table").
    pub light: FirePoints,
    /// Medium guns, 6-9 lb.
    pub medium: FirePoints,
    /// Heavy guns, 10 lb and over.
    pub heavy: FirePoints,
    /// The fire effects table, fewest fire points first.
    pub rows: Vec<FireRow>,
    /// For British or French guns, except against hard cover or works.
    pub british_french: i32,
    /// For Russian heavy guns, except against hard cover or works.
    pub russian_heavy: i32,
    /// For a vulnerable target: fired on in flank or rear, fording, on a bridge, or moved
    /// by road in its last maneuver.
    pub vulnerable: i32,
    /// For Ottoman guns, and Cossack guns (Russian horse batteries marked `cossack`, ruling
    /// N52), except against hard cover or works.
    pub ottoman_cossack: i32,
    /// For a target in or behind soft cover (woods, walls, hedges, hasty works).
    pub soft_cover: i32,
    /// In rain, or on muddy ground.
    pub rain_or_mud: i32,
    /// When the guns and the target stand on different levels.
    pub different_elevation: i32,
    /// The chart's "Target is an artillery unit" (ruling N3).
    pub target_artillery: i32,
    /// For a target in or behind hard cover (a town, a redoubt, field works).
    pub hard_cover: i32,
    /// "NW 8.0", "NW 8.4": the share of its fire points a damaged battery fires with, and a
    /// suppressed one; a battery both damaged and suppressed does not fire.
    pub reduced_share: f64,
    /// "NW Fire Effects": s.p. a brigade loses to damaging, horrendous and destructive fire.
    pub losses: [u32; 3],
    /// "NW Fire Effects": inches a brigade under horrendous fire retreats (destructive fire
    /// sends it back a full move).
    pub horrendous_retreat: f64,
    /// "NW 8.3": the width of a battery's line of fire, centred on its front: nothing may
    /// stand in the alley this wide from the middle of the battery's front to the target.
    pub alley_width: f64,
    /// "NW 8.3": within this distance a battery must fire at the closest enemy to its front.
    pub closest_target_within: f64,
    /// "NW 8.1": fire reaches this far into woods.
    pub into_woods: f64,
    /// "NW 8.6": batteries keep this far apart unless attached (ruling N37).
    pub battery_spacing: f64,
    /// The firer's natural 2d6 roll that kills a general attached to the target (13: never).
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
            reduced_share: 0.5,
            losses: [1, 1, 2],
            horrendous_retreat: 6.0,
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

/// Artillery evasion ("NW 8.5", "NW Artillery Evasion Table"): a charged battery rolls 2d6
/// plus the modifiers here to get away. The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Evasion {
    /// Roll a foot battery needs against infantry or heavy or medium cavalry, and against
    /// light cavalry (ruling N2: the chart's columns).
    pub foot: [i32; 2],
    /// The same for a horse battery.
    pub horse: [i32; 2],
    /// In mud, rain or snow.
    pub bad_weather: i32,
    /// For a suppressed battery.
    pub suppressed: i32,
    /// For a battery in rough ground.
    pub rough: i32,
    /// For a battery behind an obstacle the charger crosses, or higher than it (ruling N34).
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

/// Cavalry reaction ("NW 10.0"-"NW 10.2", "NW Cavalry Reaction Table"): cavalry charged,
/// or with an enemy moving in its zone, rolls 2d6 plus the modifiers here to react. The
/// defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Reaction {
    /// The modified roll needed to react.
    pub needed: i32,
    /// Reaction zone: heavy cavalry, and all other cavalry (half the movement allowance).
    pub zone: [f64; 2],
    /// For Fresh cavalry.
    pub fresh: i32,
    /// For Worn cavalry.
    pub worn: i32,
    /// For Spent cavalry.
    pub spent: i32,
    /// By the cavalry's quality, Guard to Militia.
    pub quality: ByQuality,
    /// With a general attached.
    pub general_attached: i32,
    /// Within `maneuver.presence_radius` of a valorous commander or CinC ("NW II 3.2",
    /// ruling N51).
    pub valorous_near: i32,
    /// For disordered cavalry.
    pub disordered: i32,
    /// For cavalry of a fatigued command ("NW II 4.0").
    pub command_fatigued: i32,
    /// For cavalry that is itself being charged.
    pub target_of_charge: i32,
    /// "NW 10.2": a countercharged attacker is set back this many inches, and the cavalry
    /// comes forward as far to meet it (ruling N27).
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
    /// The defender loses 3 s.p. and routs; its general dies; the victor advances 3" (in the
    /// book; `combat.defender_losses` and `combat.advance` hold the numbers).
    DefenderCrushed,
    /// The defender loses 2 s.p. and retreats a full move, routing if already disordered;
    /// the victor advances 2".
    DefenderBroken,
    /// The defender loses 1 s.p. and retreats a full move disordered; the victor advances 1".
    DefenderDrivenBack,
    /// The defender falls back 6" (`combat.fall_back`) disordered; attacking cavalry is
    /// disordered.
    DefenderGivesGround,
    /// Both lose 1 s.p. (`combat.struggle_loss`) and are disordered, and the combat is rolled
    /// again.
    DesperateStruggle,
    /// The attacker falls back 6" disordered; defending cavalry is disordered.
    AssaultChecked,
    /// The attacker loses 1 s.p. (`combat.attacker_losses`) and retreats a full move.
    AssaultRepulsed,
    /// The attacker loses 2 s.p. and retreats a full move, routing if already disordered.
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

/// Combat ("NW 11.0"-"NW 11.7", "NW Combat Results Table", "NW Combat Die Roll Modifiers"):
/// each side rolls 2d6 plus its modifiers, and the attacker's total less the defender's
/// reads the results table. The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Combat {
    /// Lowest difference that reads "defender crushed".
    pub crushed_from: i32,
    /// Lowest difference that reads "defender broken".
    pub broken_from: i32,
    /// Lowest difference that reads "defender driven back".
    pub driven_back_from: i32,
    /// Lowest difference that reads "defender gives ground"; 0 is always a desperate
    /// struggle.
    pub gives_ground_from: i32,
    /// Lowest (negative) difference that reads "assault checked".
    pub checked_from: i32,
    /// Lowest difference that reads "assault repulsed"; anything lower is "la Garde recule".
    pub repulsed_from: i32,
    /// For a Fresh brigade (never a battery, ruling N38); the primary attacker's for the
    /// attack (ruling N16).
    pub fresh: i32,
    /// For a Spent brigade (never a battery, ruling N38).
    pub spent: i32,
    /// For a defender in hard cover: a town, a redoubt, or field works that every attacker
    /// came across (ruling N34).
    pub hard_cover: i32,
    /// For Spanish troops in hard cover, instead of `hard_cover` ("NW 11.2" #2).
    pub spanish_hard_cover: i32,
    /// For a disordered unit.
    pub disordered: i32,
    /// For a disordered unit that lost a s.p. in this half-turn's fire phases, instead of
    /// `disordered` (ruling N39).
    pub disordered_with_loss: i32,
    /// For an attack by infantry and cavalry together, except against hard cover or a
    /// forest (ruling N15).
    pub combined_arms: i32,
    /// For each step of being outnumbered in s.p.: one at 3:2, two at 2:1, then one more
    /// for each whole multiple (three at 3:1, ruling N6).
    pub outnumbered_step: i32,
    /// With a general attached.
    pub general_attached: i32,
    /// For light cavalry against heavy cavalry.
    pub light_vs_heavy_cavalry: i32,
    /// Within `maneuver.presence_radius` of a valorous commander or CinC; one combat a phase
    /// ("NW 11.2" #3).
    pub valorous_near: i32,
    /// For medium cavalry against heavy cavalry.
    pub medium_vs_heavy_cavalry: i32,
    /// For French infantry attacking anything but cavalry ("NW 11.2" #6).
    pub french_infantry_attacking: i32,
    /// For defending cavalry that meets charging cavalry at the halt, not by countercharge.
    pub cavalry_at_the_halt: i32,
    /// For a defender in soft cover, behind an obstacle, or higher than its attackers.
    pub soft_cover_obstacle_or_higher: i32,
    /// For a unit fighting armored cavalry.
    pub versus_armored_cavalry: i32,
    /// For Russian or British infantry defending ("NW 11.2" #7).
    pub russian_british_infantry_defending: i32,
    /// For a defender a second attacker strikes in flank or rear, unless in hard cover.
    pub outflanked: i32,
    /// For the attacker, when the defender is fording, on a bridge, or moved by road in its
    /// last maneuver (ruling N17).
    pub defender_vulnerable: i32,
    /// For cavalry attacking infantry without infantry beside it: the squares ("NW 11.2" #4).
    pub cavalry_vs_infantry: i32,
    /// S.p. the defender loses when crushed, broken and driven back ("NW Combat Results
    /// Table"; a battery counts its steps, ruling N24).
    pub defender_losses: [u32; 3],
    /// S.p. each side loses in a desperate struggle, before the combat is rolled again.
    pub struggle_loss: u32,
    /// S.p. the primary attacker loses when repulsed, and on "la Garde recule".
    pub attacker_losses: [u32; 2],
    /// S.p. more that defending infantry routed by a combat with cavalry among the victors
    /// loses to the pursuit ("NW Combat Results Table" *, "NW 11.5" #2).
    pub pursuit_loss: u32,
    /// The most s.p. cavalry attacking infantry without combined arms loses on any one
    /// result: the squares ("NW 11.2" #4).
    pub squares_loss_cap: u32,
    /// "NW 11.4": s.p. a unit loses when enemies, impassable ground or the table edge cut a
    /// retreat short (ruling N28).
    pub retreat_short_loss: u32,
    /// S.p. a routed unit loses when contacted by infantry, and by cavalry ("NW 11.2" #8).
    pub routed_contacted_loss: [u32; 2],
    /// "NW 11.5": rout moves of infantry and cavalry.
    pub rout_move: [f64; 2],
    /// "Defender gives ground" and "assault checked": the fixed fall-back.
    pub fall_back: f64,
    /// The victor's advance after "crushed", "broken" and "driven back" ("NW 11.7").
    pub advance: [f64; 3],
    /// The victor's advance after contacting a routed unit ("NW 11.2" #8).
    pub routed_advance: f64,
    /// "NW 11.7": an advancing victor stops this many inches short of any other enemy.
    pub advance_short_of_enemy: f64,
    /// An officer at risk (a general attached to the beaten unit, or a valorous commander
    /// or CinC, rulings N32, N51) dies on this 2d6 roll or higher.
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
            defender_losses: [3, 2, 1],
            struggle_loss: 1,
            attacker_losses: [1, 2],
            pursuit_loss: 1,
            squares_loss_cap: 1,
            retreat_short_loss: 1,
            routed_contacted_loss: [1, 2],
            rout_move: [12.0, 24.0],
            fall_back: 6.0,
            advance: [3.0, 2.0, 1.0],
            routed_advance: 1.0,
            advance_short_of_enemy: 1.0,
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

/// Rallying routed units ("NW 12.0", "NW Rally Table"): each routed brigade rolls 2d6 plus
/// the modifiers here (batteries never rout, ruling N50). The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rally {
    /// The modified roll needed to rally, by quality, Guard to Militia.
    pub needed: [i32; 6],
    /// For a Fresh brigade.
    pub fresh: i32,
    /// For a Spent brigade.
    pub spent: i32,
    /// For a unit beyond its commander's range as it is that turn (3" shorter in fog or
    /// twilight, "NW 9.51").
    pub outside_command: i32,
    /// With a general attached.
    pub general_attached: i32,
    /// Within `maneuver.presence_radius` (3") of a valorous commander or the CinC.
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

/// A brigade's fatigue levels in strength points, "7/5/3" on its label ("NW II 2.6"), from
/// the fatigue chart; fresh > worn > spent > 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FatigueLevels {
    /// Its full strength; above `worn` it is Fresh.
    pub fresh: u32,
    /// At this many s.p. or fewer it is Worn; left out where the chart has "-" (the brigade
    /// skips the level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worn: Option<u32>,
    /// At this many s.p. or fewer it is Spent; left out where the chart has "-".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spent: Option<u32>,
}

/// The tables of chapter II, used when an order of battle is designed (a roster carries
/// their results), and the two command range cuts used in play. The defaults are the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DesignTables {
    /// Men to a strength point of infantry, by quality, Guard to Militia ("NW II 2.1").
    pub infantry_men_per_sp: [f64; 6],
    /// Horsemen to a strength point of cavalry, by quality, Guard to Militia ("NW II 2.1").
    pub cavalry_men_per_sp: [f64; 6],
    /// Most s.p. in one brigade; a larger one is split into roughly equal parts ("NW II
    /// 2.2", ruling N8).
    pub max_sp: u32,
    /// Worn and spent levels, `[worn, spent]`, for 2 to 12 s.p.: Guard/Elite, Veteran/Line,
    /// Conscript/Militia ("NW II 2.6"). The chart's "-" cannot be written in a file, so a
    /// replacement chart gives both levels in every cell.
    pub fatigue: [[(Option<u32>, Option<u32>); 11]; 3],
    /// Extra s.p. a division gains per attached light and medium battery; heavy counts as
    /// medium ("NW II 2.5", ruling N9).
    pub battery_sp: [u32; 2],
    /// A corps or wing commander's range, `[base, inches a unit]`, for French and Excellent
    /// commanders, never British ("NW II 3.1").
    pub corps_range_fast: (f64, f64),
    /// The same for all other corps and wing commanders.
    pub corps_range_other: (f64, f64),
    /// The same for an Excellent division commander of a linear army ("NW II 3.11").
    pub division_range_excellent: (f64, f64),
    /// The same for any other division commander of a linear army.
    pub division_range_other: (f64, f64),
    /// Presence bonus of a CinC by rating, Excellent to Poor; Napoleon adds `napoleon_bonus`
    /// ("NW II 3.1").
    pub presence: [i32; 4],
    /// Added to Napoleon's presence bonus.
    pub napoleon_bonus: i32,
    /// ADCs by CinC rating, Excellent to Poor; Napoleon adds `napoleon_adcs` ("NW II 3.3").
    pub adcs: [u32; 4],
    /// ADCs Napoleon gets beyond his rating's.
    pub napoleon_adcs: u32,
    /// Infantry and cavalry units to a general, for French or British, Ottoman, and all
    /// other armies ("NW II 3.3", ruling N10).
    pub units_per_general: [f64; 3],
    /// Fatigue multipliers for Good, Average and Poor morale: units times this, rounded,
    /// is the fatigue level ("NW II 4.0").
    pub morale_multiplier: [f64; 3],
    /// What a unit counts toward its command's and army's losses when Spent, when routed off
    /// the table, and (a battery) when eliminated; an eliminated brigade counts 1 ("NW II
    /// 4.0", "NW 12.0", ruling N12).
    pub partial_losses: [f64; 3],
    /// Guard infantry and cavalry count this many times over toward the army's losses, not
    /// their command's ("NW II 4.0" item 4).
    pub guard_army_multiplier: f64,
    /// The share of a brigade's battalions that must be light for SK2: for the French, and
    /// for every other nation ("NW II 2.8").
    pub sk2_share: [f64; 2],
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
            partial_losses: [0.5, 0.5, 0.5],
            guard_army_multiplier: 2.0,
            sk2_share: [1.0 / 3.0, 0.5],
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
