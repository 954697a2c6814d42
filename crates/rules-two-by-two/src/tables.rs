//! Every number of the book in one place, each with the section it comes from.
//!
//! [`Tables::default`] is the book. A scenario may override any entry (house rules) under
//! `[tables]`; the values are loaded, not recompiled.

use crate::design::limits::num;
use crate::units::{Size, UnitType};
use grognard_engine::files::Problem;
use serde::{Deserialize, Serialize};

/// How far units move, and what ground and manoeuvres cost, in inches ("2x2 Movement rates",
/// "2x2 Movement modifiers"; irregular cavalry and lancers from "New Units"). Every default is
/// the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Movement {
    /// Move of every foot unit (line, Guards, light infantry, militia, irregular shooters and
    /// warbands) in a movement phase, in inches ("2x2 Movement rates"); the default is the book's.
    pub infantry: f64,
    /// Move of an HQ, in inches ("2x2 Movement rates"); the default is the book's.
    pub hq: f64,
    /// Move of heavy cavalry, in inches ("2x2 Movement rates"); the default is the book's.
    pub heavy_cavalry: f64,
    /// Move of light cavalry, in inches ("2x2 Movement rates"); the default is the book's.
    pub light_cavalry: f64,
    /// Move of foot artillery, in inches ("2x2 Movement rates"); the default is the book's.
    pub foot_artillery: f64,
    /// Move of horse artillery, in inches ("2x2 Movement rates"); the default is the book's.
    pub horse_artillery: f64,
    /// Move of irregular cavalry, in inches (optional "Irregular Cavalry"); the default is the
    /// book's.
    pub irregular_cavalry: f64,
    /// Move of lancers, in inches (optional "Lancers"); the default is the book's.
    pub lancers: f64,
    /// Inches added to the move of a unit that spends all of it on road, away from towns
    /// ("2x2 Movement modifiers: Road"); the default is the book's.
    pub road_bonus: f64,
    /// Inches of move each stream crossing uses up beyond the distance ("2x2 Movement
    /// modifiers: Stream"); the default is the book's.
    pub stream_cost: f64,
    /// Inches of move it takes to leave the table ("2x2 Reinforcements"); the default is the
    /// book's.
    pub exit_cost: f64,
    /// Inches straight ahead that must end a move into contact, or the whole move if shorter
    /// ("2x2 Moving to contact"); the default is the book's.
    pub contact_run: f64,
}

impl Default for Movement {
    fn default() -> Self {
        Movement {
            infantry: 3.0,
            hq: 6.0,
            heavy_cavalry: 4.0,
            light_cavalry: 5.0,
            foot_artillery: 2.0,
            horse_artillery: 4.0,
            irregular_cavalry: 5.0,
            lancers: 5.0,
            road_bonus: 1.0,
            stream_cost: 1.0,
            exit_cost: 1.0,
            contact_run: 2.0,
        }
    }
}

/// Shooting: ranges in inches, modifiers added to the shooter's d6 roll, and the modified
/// rolls that give each result ("2x2 Shooting ranges", "2x2 Shooting modifiers", "2x2
/// Resolving shooting"). Every default is the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Shooting {
    /// Range of small arms (every infantry type that shoots), in inches ("2x2 Shooting
    /// ranges"); the default is the book's.
    pub small_arms_range: f64,
    /// Foot artillery's `[normal, long]` ranges in inches: beyond the first it fires at long
    /// range, up to the second ("2x2 Shooting ranges", ruling R5); the default is the book's.
    pub foot_artillery_range: [f64; 2],
    /// Horse artillery's `[normal, long]` ranges in inches, read as for foot artillery ("2x2
    /// Shooting ranges", ruling R5); the default is the book's.
    pub horse_artillery_range: [f64; 2],
    /// Artillery firing this many inches or less is at short range ("2x2 Shooting
    /// modifiers"); the default is the book's.
    pub short_range: f64,
    /// Added to the shooting roll for artillery at short range ("2x2 Shooting modifiers"); the
    /// default is the book's.
    pub short_range_bonus: i32,
    /// Added to the shooting roll for artillery at long range ("2x2 Shooting modifiers"); the
    /// default is the book's.
    pub long_range: i32,
    /// Added to the shooting roll when the target lies off the shooter's front, so it fires out of
    /// a flank or its rear ("2x2 Shooting modifiers", ruling R2); the default is the book's.
    pub out_of_flank_or_rear: i32,
    /// Added to the shooting roll when every unit of the target group is cavalry ("2x2 Artillery &
    /// small-arms fire", ruling R8); the default is the book's.
    pub target_cavalry: i32,
    /// Added to the shooting roll when every unit of the target group is infantry in a town or
    /// behind a hedge or wall; woods give no cover ("2x2 Shooting modifiers", ruling R7); the
    /// default is the book's.
    pub target_in_cover: i32,
    /// Added to the shooting roll when every unit of the target group is light infantry in dense
    /// woods ("2x2 Shooting modifiers"); the default is the book's.
    pub target_light_infantry_in_dense_wood: i32,
    /// Added to the shooting roll when the shooter stands higher than its target ("2x2 Shooting
    /// modifiers"); the default is the book's.
    pub target_downhill: i32,
    /// Added to the shooting roll when every unit of the target group is Disrupted ("2x2 Shooting
    /// modifiers"); the default is the book's.
    pub target_disrupted: i32,
    /// Added to the shooting roll when a friendly HQ touches the shooter; not with the optional
    /// "Multi-Corps HQs" ("2x2 Shooting modifiers"); the default is the book's.
    pub hq_in_contact: i32,
    /// Added to the shooting roll for small arms fired by a unit not yet Pinned, its first volley,
    /// unless it is in light woods ("2x2 Shooting modifiers"); the default is the book's.
    pub first_volley: i32,
    /// Added to the shooting roll when the shooter stands off the target's front, in its flank or
    /// rear ("2x2 Shooting modifiers", ruling R6); the default is the book's.
    pub target_fired_on_flank: i32,
    /// Added to the shooting roll when the shooter is Large infantry ("2x2 Scale"); the default is
    /// the book's.
    pub large: i32,
    /// Added to the shooting roll when the shooter is Small infantry ("2x2 Scale"); the default is
    /// the book's.
    pub small: i32,
    /// Added to the shooting roll for Irregular Shooters (optional "Irregular Shooters"); the
    /// default is the book's.
    pub irregular_shooters: i32,
    /// Added to the shooting roll for the single shot of two touching batteries (optional "Grand
    /// Battery"); the default is the book's.
    pub grand_battery: i32,
    /// Added to the shooting roll when the shooter or the target is in light woods (optional "Light
    /// Woods / Orchards"); the default is the book's.
    pub light_wood: i32,
    /// Inches a charger goes straight back when defensive fire Pins or Disrupts it, one base
    /// depth ("2x2 Defensive fire against contact", ruling R25); the default is the book's.
    pub repulse_distance: f64,
    /// Least modified roll that Pins the target; below it, no effect ("2x2 Resolving
    /// shooting"); the default is the book's.
    pub pinned_at: i32,
    /// Least modified roll that Disrupts the target ("2x2 Resolving shooting"); the default is the
    /// book's.
    pub disrupted_at: i32,
    /// Least modified roll that routs the target ("2x2 Resolving shooting"); the default is the
    /// book's.
    pub routs_at: i32,
    /// Least modified roll that destroys the target ("2x2 Resolving shooting"); the default is the
    /// book's.
    pub destroyed_at: i32,
}

impl Default for Shooting {
    fn default() -> Self {
        Shooting {
            small_arms_range: 1.0,
            foot_artillery_range: [3.0, 8.0],
            horse_artillery_range: [2.0, 5.0],
            short_range: 1.0,
            short_range_bonus: 1,
            long_range: -1,
            out_of_flank_or_rear: -2,
            target_cavalry: 2,
            target_in_cover: -1,
            target_light_infantry_in_dense_wood: -1,
            target_downhill: 1,
            target_disrupted: 1,
            hq_in_contact: 1,
            first_volley: 1,
            target_fired_on_flank: 1,
            large: 1,
            small: -1,
            irregular_shooters: -1,
            grand_battery: 1,
            light_wood: -1,
            repulse_distance: 0.5,
            pinned_at: 5,
            disrupted_at: 6,
            routs_at: 7,
            destroyed_at: 8,
        }
    }
}

/// Melee: modifiers added to each side's d6 roll, and the differences of the totals that
/// decide the result ("2x2 Melee modifiers", "2x2 Melee results"). Every default is the
/// book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Melee {
    /// Added to the melee roll for light cavalry, lancers included ("2x2 Melee modifiers"); the
    /// default is the book's.
    pub light_cavalry: i32,
    /// Added to the melee roll for Guards, on top of those for type and size ("2x2 Melee
    /// modifiers"); the default is the book's.
    pub guards: i32,
    /// Added to the melee roll for heavy cavalry ("2x2 Melee modifiers"); the default is the
    /// book's.
    pub heavy_cavalry: i32,
    /// Added to the melee roll for cavalry standing in a town ("2x2 Melee modifiers"); the default
    /// is the book's.
    pub cavalry_in_town: i32,
    /// Added to the melee roll against a Disrupted enemy ("2x2 Melee modifiers"); the default is
    /// the book's.
    pub enemy_disrupted: i32,
    /// Added to the melee roll for each unit beyond the first that the enemy is in melee with,
    /// counted as the melee group starts ("2x2 Multiple melees", ruling R22); the default is the
    /// book's.
    pub enemy_outnumbered: i32,
    /// Added to the melee roll when a friendly HQ touches the unit ("2x2 Melee modifiers"); the
    /// default is the book's.
    pub hq_in_contact: i32,
    /// Added to the melee roll for a unit standing higher than its enemy ("2x2 Melee modifiers");
    /// the default is the book's.
    pub higher: i32,
    /// Added to the melee roll for artillery, HQs and light infantry; not for light infantry
    /// holding a dense wood's edge ("2x2 Melee modifiers"); the default is the book's.
    pub artillery_hq_light_infantry: i32,
    /// Added to the melee roll for an attacker other than light infantry clearing light infantry
    /// from a dense wood's edge ("2x2 Clearing dense woods"); the default is the book's.
    pub clearing_non_light_attacker: i32,
    /// Added to the melee roll for light infantry holding a dense wood's edge while Pinned or
    /// Disrupted ("2x2 Clearing dense woods"); the default is the book's.
    pub clearing_defender_pinned: i32,
    /// Added to the melee roll for a Large infantry or cavalry unit ("2x2 Scale"); the default is
    /// the book's.
    pub large: i32,
    /// Added to the melee roll for a Small infantry or cavalry unit ("2x2 Scale"); the default is
    /// the book's.
    pub small: i32,
    /// Added to the melee roll for a unit fighting after a follow-up move, kept for later
    /// follow-ups that turn ("2x2 Melee modifiers"); the default is the book's.
    pub follow_up: i32,
    /// Added to the melee roll for a unit whose last move was all on road, until its side next
    /// moves ("2x2 Melee modifiers", ruling R23); the default is the book's.
    pub road_column: i32,
    /// Added to the melee roll for an Irregular Warband (optional "Irregular Warband"); the default
    /// is the book's.
    pub warband: i32,
    /// Added to the melee roll for lancers against a Disrupted enemy (optional "Lancers"); the
    /// default is the book's.
    pub lancers_vs_disrupted: i32,
    /// Added to the melee roll for lancers against cavalry (optional "Lancers"); the default is the
    /// book's.
    pub lancers_vs_cavalry: i32,
    /// Added to the melee roll for an attacker backed by a column of attack (optional "Column of
    /// Attack", ruling R33); the default is the book's.
    pub column_support: i32,
    /// Least difference of the totals that destroys the loser instead of routing it ("2x2
    /// Melee results"); the default is the book's.
    pub destroyed_from: i32,
    /// Least difference of the totals that makes the winner follow up ("2x2 Melee
    /// results"); the default is the book's.
    pub mandatory_follow_up_from: i32,
}

impl Default for Melee {
    fn default() -> Self {
        Melee {
            light_cavalry: -1,
            guards: 1,
            heavy_cavalry: 2,
            cavalry_in_town: -2,
            enemy_disrupted: 2,
            enemy_outnumbered: 1,
            hq_in_contact: 1,
            higher: 1,
            artillery_hq_light_infantry: -3,
            clearing_non_light_attacker: -1,
            clearing_defender_pinned: -1,
            large: 1,
            small: -1,
            follow_up: -1,
            road_column: -2,
            warband: 1,
            lancers_vs_disrupted: 2,
            lancers_vs_cavalry: -1,
            column_support: 1,
            destroyed_from: 3,
            mandatory_follow_up_from: 4,
        }
    }
}

/// Rallying: distances in inches, modifiers added to the d6 roll, and the roll that rallies
/// ("2x2 Rallying", "2x2 Rally modifiers"). Every default is the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rally {
    /// Inches within which an HQ of the unit's chain of command must be for it to try to rally
    /// ("2x2 Rallying"); the default is the book's.
    pub hq_radius: f64,
    /// An enemy this many inches away or nearer bars a rally, but for Guards, HQs and units an
    /// HQ touches ("2x2 Rallying"); the default is the book's.
    pub enemy_near: f64,
    /// Added to the rally roll for Guards ("2x2 Rally modifiers"); the default is the book's.
    pub guards: i32,
    /// Added to the rally roll when a friendly HQ touches the unit ("2x2 Rally modifiers"); the
    /// default is the book's.
    pub hq_in_contact: i32,
    /// Added to the rally roll for Militia and for Small infantry or cavalry ("2x2 Rally
    /// modifiers"); the default is the book's.
    pub militia_or_small: i32,
    /// Added to the rally roll when an enemy is within `enemy_near` ("2x2 Rally modifiers"); the
    /// default is the book's.
    pub enemy_within: i32,
    /// Added to the rally roll for a Disrupted unit ("2x2 Rally modifiers"); the default is the
    /// book's.
    pub disrupted: i32,
    /// Added to the rally roll for an HQ rallying itself ("2x2 Rallying", ruling R24); the default
    /// is the book's.
    pub hq_self: i32,
    /// Least modified roll that rallies ("2x2 Rallying"); the default is the book's.
    pub succeeds_at: i32,
}

impl Default for Rally {
    fn default() -> Self {
        Rally {
            hq_radius: 6.0,
            enemy_near: 2.0,
            guards: 1,
            hq_in_contact: 1,
            militia_or_small: -1,
            enemy_within: -2,
            disrupted: -1,
            hq_self: 2,
            succeeds_at: 5,
        }
    }
}

/// Deployment, reinforcements, routs and rout chains: distances in inches and d6 rolls
/// ("2x2 Deployment", "2x2 Reinforcements", "2x2 Effects", "2x2 The Units"). Every default is
/// the book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Arrival {
    /// Dice the moving side throws for reinforcements each movement phase, each at any of its
    /// points with units waiting ("2x2 Reinforcements", ruling R13); the default is the book's.
    pub rolls_per_phase: u8,
    /// Least d6 roll that brings a unit on at a point on the side's own edge ("2x2
    /// Reinforcements"); the default is the book's.
    pub rear_at: u8,
    /// Least d6 roll that brings a unit on at a flank point ("2x2 Reinforcements"); the default is
    /// the book's.
    pub flank_at: u8,
    /// Inches from a reinforcement point within which a unit arrives, an enemy may be exchanged and
    /// a unit may leave at an enemy point ("2x2 Reinforcements", rulings R13, R26, R31); the
    /// default is the book's.
    pub radius: f64,
    /// Inches an attacker's flank point must keep from every defending unit and point ("2x2
    /// Deployment"); the default is the book's.
    pub flank_clearance: f64,
    /// Inches from its own edge within which a unit set up at the start must stand wholly
    /// ("2x2 Deployment"); the default is the book's.
    pub deploy_depth: f64,
    /// Inches a unit set up at the start must keep from the table's sides ("2x2
    /// Deployment"); the default is the book's.
    pub deploy_side_gap: f64,
    /// A routing unit is destroyed on a d6 roll of this or less ("2x2 Effects: Routs"); the default
    /// is the book's.
    pub rout_destroyed_up_to: u8,
    /// Inches within which a rout spreads: to Militia near a routing friend, and from a routing
    /// Guards unit to any friend ("2x2 The Units", ruling R18); the default is the book's.
    pub chain_distance: f64,
    /// Inches within which a rout spreads to irregular cavalry (optional "Irregular
    /// Cavalry"); the default is the book's.
    pub irregular_chain_distance: f64,
}

impl Default for Arrival {
    fn default() -> Self {
        Arrival {
            rolls_per_phase: 2,
            rear_at: 3,
            flank_at: 4,
            radius: 3.0,
            flank_clearance: 6.0,
            deploy_depth: 6.0,
            deploy_side_gap: 3.0,
            rout_destroyed_up_to: 2,
            chain_distance: 1.0,
            irregular_chain_distance: 2.0,
        }
    }
}

/// What each unit costs in army points (AP), for army lists and the AP set up at the start
/// ("2x2 Unit point costs"; irregulars and lancers from "New Units"). Every default is the
/// book's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Costs {
    /// AP of an HQ ("2x2 Unit point costs"); the default is the book's.
    pub hq: f64,
    /// AP of a line infantry unit ("2x2 Unit point costs"); the default is the book's.
    pub line: f64,
    /// AP of a Guards unit ("2x2 Unit point costs"); the default is the book's.
    pub guards: f64,
    /// AP of a light infantry unit ("2x2 Unit point costs"); the default is the book's.
    pub light_infantry: f64,
    /// AP of a heavy cavalry unit ("2x2 Unit point costs"); the default is the book's.
    pub heavy_cavalry: f64,
    /// AP of a light cavalry unit ("2x2 Unit point costs"); the default is the book's.
    pub light_cavalry: f64,
    /// AP of a foot artillery unit ("2x2 Unit point costs"); the default is the book's.
    pub foot_artillery: f64,
    /// AP of a horse artillery unit ("2x2 Unit point costs"); the default is the book's.
    pub horse_artillery: f64,
    /// AP of a Militia unit ("2x2 Unit point costs"); the default is the book's.
    pub militia: f64,
    /// AP of an Irregular Shooters unit (optional "Irregular Shooters"); the default is the book's.
    pub irregular_shooters: f64,
    /// AP of an Irregular Warband (optional "Irregular Warband"); the default is the book's.
    pub irregular_warband: f64,
    /// AP of an irregular cavalry unit (optional "Irregular Cavalry"); the default is the book's.
    pub irregular_cavalry: f64,
    /// AP of a lancer unit (optional "Lancers"); the default is the book's.
    pub lancers: f64,
    /// AP a Large unit costs beyond its type's cost ("2x2 Unit point costs"); the default is the
    /// book's.
    pub large: f64,
    /// AP added to a Small unit's cost, 0 or less; Militia may not be Small ("2x2 Unit point
    /// costs"). The default is the book's.
    pub small: f64,
}

impl Default for Costs {
    fn default() -> Self {
        Costs {
            hq: 4.0,
            line: 2.0,
            guards: 3.0,
            light_infantry: 3.0,
            heavy_cavalry: 3.0,
            light_cavalry: 3.0,
            foot_artillery: 3.0,
            horse_artillery: 4.0,
            militia: 1.0,
            irregular_shooters: 1.5,
            irregular_warband: 2.0,
            irregular_cavalry: 2.0,
            lancers: 3.0,
            large: 1.0,
            small: -0.5,
        }
    }
}

/// How a number of the tables may be bounded: inclusive at both ends, or more than the low
/// end.
#[derive(Clone, Copy)]
enum Low {
    AtLeast(f64),
    Above(f64),
}

/// Collects the problems of table entries out of their bounds.
struct Bounds<'a> {
    out: &'a mut Vec<Problem>,
}

impl Bounds<'_> {
    /// A number of inches, points or the like.
    fn real(&mut self, path: &str, v: f64, low: Low, high: f64, hint: &str) {
        let (ok, range) = match low {
            Low::AtLeast(lo) => (v >= lo && v <= high, format!("from {lo} to {high}")),
            Low::Above(lo) => (
                v > lo && v <= high,
                format!("more than {lo} and at most {high}"),
            ),
        };
        if !ok {
            let what = if v.is_finite() {
                format!("{} is out of bounds", num(v))
            } else {
                format!("{} is not a finite number", num(v))
            };
            self.out.push(Problem::new(
                format!("tables.{path}"),
                format!("{what}: this entry must be {range}"),
                hint,
            ));
        }
    }

    /// A whole number: a modifier, a score or a count.
    fn int(&mut self, path: &str, v: i64, lo: i64, hi: i64, hint: &str) {
        if !(lo..=hi).contains(&v) {
            self.out.push(Problem::new(
                format!("tables.{path}"),
                format!("{v} is out of bounds: this entry must be from {lo} to {hi}"),
                hint,
            ));
        }
    }

    fn modifier(&mut self, path: &str, v: i32) {
        self.int(
            path,
            v.into(),
            -MAX_MODIFIER,
            MAX_MODIFIER,
            "a modifier to a d6 roll; beyond 12 either way no roll could matter",
        );
    }
}

/// Largest modifier a table entry may give, either way.
pub const MAX_MODIFIER: i64 = 12;
/// Longest distance, in inches, a movement entry may give.
pub const MAX_MOVE: f64 = 24.0;
/// Longest range, in inches, a shooting or rally entry may give.
pub const MAX_RANGE: f64 = 48.0;
/// Dearest a unit may cost, in army points.
pub const MAX_COST: f64 = 50.0;

/// Every number of the book, in groups. A scenario's `[tables]` changes some of them as
/// house rules; every group and entry left out keeps the book's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tables {
    /// Move allowances and ground costs, in inches.
    pub movement: Movement,
    /// Shooting ranges, modifiers and results.
    pub shooting: Shooting,
    /// Melee modifiers and results.
    pub melee: Melee,
    /// Rally distances, modifiers and the roll needed.
    pub rally: Rally,
    /// Deployment, reinforcements, routs and rout chains.
    pub arrival: Arrival,
    /// Unit costs in army points.
    pub costs: Costs,
}

impl Tables {
    /// Every entry out of the values that make sense, with its field path under `tables` and
    /// a hint. A scenario's house rules go through this before a battle may start: no entry
    /// may be non-finite, and none so large that a move, a rout or a sum runs away.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut b = Bounds { out: &mut out };
        let m = &self.movement;
        for (name, v) in [
            ("infantry", m.infantry),
            ("hq", m.hq),
            ("heavy_cavalry", m.heavy_cavalry),
            ("light_cavalry", m.light_cavalry),
            ("foot_artillery", m.foot_artillery),
            ("horse_artillery", m.horse_artillery),
            ("irregular_cavalry", m.irregular_cavalry),
            ("lancers", m.lancers),
        ] {
            b.real(
                &format!("movement.{name}"),
                v,
                Low::Above(0.0),
                MAX_MOVE,
                "a move in inches; the book's rates run from 2\" (foot artillery) to 6\" (HQ)",
            );
        }
        b.real(
            "movement.road_bonus",
            m.road_bonus,
            Low::AtLeast(0.0),
            MAX_MOVE,
            "inches gained by a whole move on road; the book gives 1\"",
        );
        b.real(
            "movement.stream_cost",
            m.stream_cost,
            Low::AtLeast(0.0),
            MAX_MOVE,
            "inches a stream crossing costs; the book gives 1\"",
        );
        b.real(
            "movement.exit_cost",
            m.exit_cost,
            Low::AtLeast(0.0),
            MAX_MOVE,
            "inches leaving the table costs; the book gives 1\"",
        );
        b.real(
            "movement.contact_run",
            m.contact_run,
            Low::AtLeast(0.0),
            MAX_MOVE,
            "inches straight ahead that end a move into contact; the book gives 2\"",
        );
        let s = &self.shooting;
        b.real(
            "shooting.small_arms_range",
            s.small_arms_range,
            Low::Above(0.0),
            MAX_RANGE,
            "the range of muskets in inches; the book gives 1\"",
        );
        for (name, [normal, max]) in [
            ("foot_artillery_range", s.foot_artillery_range),
            ("horse_artillery_range", s.horse_artillery_range),
        ] {
            b.real(
                &format!("shooting.{name}[1]"),
                max,
                Low::Above(0.0),
                MAX_RANGE,
                "[normal band, greatest range] in inches; the book gives [3, 8] for foot and [2, 5] for horse artillery",
            );
            b.real(
                &format!("shooting.{name}[0]"),
                normal,
                Low::Above(0.0),
                if max.is_finite() { max.min(MAX_RANGE) } else { MAX_RANGE },
                "[normal band, greatest range] in inches, the band no longer than the range; the book gives [3, 8] for foot and [2, 5] for horse artillery",
            );
        }
        b.real(
            "shooting.short_range",
            s.short_range,
            Low::AtLeast(0.0),
            MAX_RANGE,
            "artillery's short range in inches; the book gives 1\"",
        );
        b.real(
            "shooting.repulse_distance",
            s.repulse_distance,
            Low::AtLeast(0.0),
            6.0,
            "how far a charger thrown back by defensive fire goes, in inches; the book gives one base depth (0.5\")",
        );
        for (name, v) in [
            ("short_range_bonus", s.short_range_bonus),
            ("long_range", s.long_range),
            ("out_of_flank_or_rear", s.out_of_flank_or_rear),
            ("target_cavalry", s.target_cavalry),
            ("target_in_cover", s.target_in_cover),
            (
                "target_light_infantry_in_dense_wood",
                s.target_light_infantry_in_dense_wood,
            ),
            ("target_downhill", s.target_downhill),
            ("target_disrupted", s.target_disrupted),
            ("hq_in_contact", s.hq_in_contact),
            ("first_volley", s.first_volley),
            ("target_fired_on_flank", s.target_fired_on_flank),
            ("large", s.large),
            ("small", s.small),
            ("irregular_shooters", s.irregular_shooters),
            ("grand_battery", s.grand_battery),
            ("light_wood", s.light_wood),
        ] {
            b.modifier(&format!("shooting.{name}"), v);
        }
        let results = [
            ("pinned_at", s.pinned_at),
            ("disrupted_at", s.disrupted_at),
            ("routs_at", s.routs_at),
            ("destroyed_at", s.destroyed_at),
        ];
        for (name, v) in results {
            b.int(
                &format!("shooting.{name}"),
                v.into(),
                1,
                20,
                "the least modified roll for a shooting result; the book gives 5, 6, 7 and 8",
            );
        }
        for pair in results.windows(2) {
            let ((lo_name, lo), (hi_name, hi)) = (pair[0], pair[1]);
            if hi < lo {
                b.out.push(Problem::new(
                    format!("tables.shooting.{hi_name}"),
                    format!("{hi_name} is {hi}, below {lo_name} ({lo})"),
                    "the shooting results rise in order: pinned_at, disrupted_at, routs_at, destroyed_at",
                ));
            }
        }
        let t = &self.melee;
        for (name, v) in [
            ("light_cavalry", t.light_cavalry),
            ("guards", t.guards),
            ("heavy_cavalry", t.heavy_cavalry),
            ("cavalry_in_town", t.cavalry_in_town),
            ("enemy_disrupted", t.enemy_disrupted),
            ("enemy_outnumbered", t.enemy_outnumbered),
            ("hq_in_contact", t.hq_in_contact),
            ("higher", t.higher),
            ("artillery_hq_light_infantry", t.artillery_hq_light_infantry),
            ("clearing_non_light_attacker", t.clearing_non_light_attacker),
            ("clearing_defender_pinned", t.clearing_defender_pinned),
            ("large", t.large),
            ("small", t.small),
            ("follow_up", t.follow_up),
            ("road_column", t.road_column),
            ("warband", t.warband),
            ("lancers_vs_disrupted", t.lancers_vs_disrupted),
            ("lancers_vs_cavalry", t.lancers_vs_cavalry),
            ("column_support", t.column_support),
        ] {
            b.modifier(&format!("melee.{name}"), v);
        }
        for (name, v) in [
            ("destroyed_from", t.destroyed_from),
            ("mandatory_follow_up_from", t.mandatory_follow_up_from),
        ] {
            b.int(
                &format!("melee.{name}"),
                v.into(),
                1,
                20,
                "a difference of melee totals; the book destroys the loser from 3 and makes follow-up mandatory from 4",
            );
        }
        let r = &self.rally;
        b.real(
            "rally.hq_radius",
            r.hq_radius,
            Low::Above(0.0),
            MAX_RANGE,
            "how near an HQ must be to rally a unit, in inches; the book gives 6\"",
        );
        b.real(
            "rally.enemy_near",
            r.enemy_near,
            Low::AtLeast(0.0),
            MAX_RANGE,
            "how near an enemy stops a rally, in inches; the book gives 2\"",
        );
        for (name, v) in [
            ("guards", r.guards),
            ("hq_in_contact", r.hq_in_contact),
            ("militia_or_small", r.militia_or_small),
            ("enemy_within", r.enemy_within),
            ("disrupted", r.disrupted),
            ("hq_self", r.hq_self),
        ] {
            b.modifier(&format!("rally.{name}"), v);
        }
        b.int(
            "rally.succeeds_at",
            r.succeeds_at.into(),
            1,
            20,
            "the least modified roll that rallies; the book gives 5",
        );
        let a = &self.arrival;
        b.int(
            "arrival.rolls_per_phase",
            a.rolls_per_phase.into(),
            1,
            6,
            "dice a side throws for reinforcements each movement phase; the book gives 2",
        );
        for (name, v) in [("rear_at", a.rear_at), ("flank_at", a.flank_at)] {
            b.int(
                &format!("arrival.{name}"),
                v.into(),
                1,
                6,
                "the least d6 roll that brings a reinforcement; the book gives 3 from the rear and 4 from a flank",
            );
        }
        b.int(
            "arrival.rout_destroyed_up_to",
            a.rout_destroyed_up_to.into(),
            0,
            6,
            "a routing unit is destroyed on a d6 roll up to this; the book gives 2",
        );
        b.real(
            "arrival.radius",
            a.radius,
            Low::Above(0.0),
            12.0,
            "how far from its point a reinforcement is placed, in inches; the book gives 3\"",
        );
        for (name, v, book) in [
            ("flank_clearance", a.flank_clearance, "6\""),
            ("deploy_depth", a.deploy_depth, "6\""),
            ("deploy_side_gap", a.deploy_side_gap, "3\""),
        ] {
            b.real(
                &format!("arrival.{name}"),
                v,
                Low::AtLeast(0.0),
                MAX_MOVE,
                &format!("a distance of the deployment rules in inches; the book gives {book}"),
            );
        }
        for (name, v, book) in [
            ("chain_distance", a.chain_distance, "1\""),
            (
                "irregular_chain_distance",
                a.irregular_chain_distance,
                "2\"",
            ),
        ] {
            b.real(
                &format!("arrival.{name}"),
                v,
                Low::AtLeast(0.0),
                12.0,
                &format!("how near a rout spreads, in inches; the book gives {book}"),
            );
        }
        let c = &self.costs;
        let bases = [
            ("hq", c.hq),
            ("line", c.line),
            ("guards", c.guards),
            ("light_infantry", c.light_infantry),
            ("heavy_cavalry", c.heavy_cavalry),
            ("light_cavalry", c.light_cavalry),
            ("foot_artillery", c.foot_artillery),
            ("horse_artillery", c.horse_artillery),
            ("militia", c.militia),
            ("irregular_shooters", c.irregular_shooters),
            ("irregular_warband", c.irregular_warband),
            ("irregular_cavalry", c.irregular_cavalry),
            ("lancers", c.lancers),
        ];
        for (name, v) in bases {
            b.real(
                &format!("costs.{name}"),
                v,
                Low::Above(0.0),
                MAX_COST,
                "a unit's cost in army points; the book's run from 1 (Militia) to 4 (HQ, horse artillery)",
            );
        }
        b.real(
            "costs.large",
            c.large,
            Low::AtLeast(0.0),
            MAX_COST,
            "what a Large unit costs more, in army points; the book gives 1",
        );
        b.real(
            "costs.small",
            c.small,
            Low::AtLeast(-MAX_COST),
            0.0,
            "what a Small unit costs less, in army points, as a number up to 0; the book gives -0.5",
        );
        // A Small unit must still cost something (Militia may not be Small).
        if b.out.is_empty() {
            if let Some((name, v)) = bases
                .iter()
                .find(|(name, v)| *name != "militia" && v + c.small <= 0.0)
            {
                b.out.push(Problem::new(
                    "tables.costs.small",
                    format!(
                        "a Small unit of costs.{name} ({v} AP) would cost {} AP",
                        v + c.small
                    ),
                    "every unit must cost more than 0 AP: make costs.small nearer 0 than the cheapest unit's cost",
                ));
            }
        }
        out
    }

    /// Movement allowance ("2x2 Movement rates").
    pub fn move_allowance(&self, t: UnitType) -> f64 {
        let m = &self.movement;
        use UnitType::*;
        match t {
            Hq => m.hq,
            Line | Guards | LightInfantry | Militia | IrregularShooters | IrregularWarband => {
                m.infantry
            }
            HeavyCavalry => m.heavy_cavalry,
            LightCavalry => m.light_cavalry,
            Lancers => m.lancers,
            IrregularCavalry => m.irregular_cavalry,
            FootArtillery => m.foot_artillery,
            HorseArtillery => m.horse_artillery,
        }
    }

    /// Maximum range, and for artillery the end of the normal band ("2x2 Shooting ranges").
    pub fn range(&self, t: UnitType) -> Option<(f64, Option<f64>)> {
        let s = &self.shooting;
        match t {
            UnitType::FootArtillery => {
                Some((s.foot_artillery_range[1], Some(s.foot_artillery_range[0])))
            }
            UnitType::HorseArtillery => {
                Some((s.horse_artillery_range[1], Some(s.horse_artillery_range[0])))
            }
            t if t.small_arms() => Some((s.small_arms_range, None)),
            _ => None,
        }
    }

    /// Cost in army points ("2x2 Unit point costs").
    pub fn cost(&self, t: UnitType, size: Size) -> f64 {
        let c = &self.costs;
        use UnitType::*;
        let base = match t {
            Hq => c.hq,
            Line => c.line,
            Guards => c.guards,
            LightInfantry => c.light_infantry,
            HeavyCavalry => c.heavy_cavalry,
            LightCavalry => c.light_cavalry,
            FootArtillery => c.foot_artillery,
            HorseArtillery => c.horse_artillery,
            Militia => c.militia,
            IrregularShooters => c.irregular_shooters,
            IrregularWarband => c.irregular_warband,
            IrregularCavalry => c.irregular_cavalry,
            Lancers => c.lancers,
        };
        base + match size {
            Size::Large => c.large,
            Size::Common => 0.0,
            Size::Small => c.small,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_template_costs_39_points() {
        // "2x2 Standard template": 1 HQ, 10 Line, 2 Light Cavalry, 1 Heavy Cavalry, 2 Foot
        // Artillery = 39 AP.
        let t = Tables::default();
        let total = t.cost(UnitType::Hq, Size::Common)
            + 10.0 * t.cost(UnitType::Line, Size::Common)
            + 2.0 * t.cost(UnitType::LightCavalry, Size::Common)
            + t.cost(UnitType::HeavyCavalry, Size::Common)
            + 2.0 * t.cost(UnitType::FootArtillery, Size::Common);
        assert_eq!(total, 39.0);
    }

    #[test]
    fn large_and_small_adjust_cost() {
        let t = Tables::default();
        assert_eq!(t.cost(UnitType::Line, Size::Large), 3.0);
        assert_eq!(t.cost(UnitType::Guards, Size::Large), 4.0);
        assert_eq!(t.cost(UnitType::Line, Size::Small), 1.5);
    }

    #[test]
    fn the_book_is_within_bounds() {
        assert_eq!(Tables::default().problems(), Vec::new());
    }

    /// Every number's path in the tables, as serialised, with whether it is a whole number.
    fn leaves(v: &serde_json::Value, path: String, out: &mut Vec<(String, bool)>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    leaves(v, p, out);
                }
            }
            serde_json::Value::Array(a) => {
                for (i, v) in a.iter().enumerate() {
                    leaves(v, format!("{path}[{i}]"), out);
                }
            }
            serde_json::Value::Number(n) => out.push((path, n.is_f64())),
            _ => {}
        }
    }

    fn set(v: &mut serde_json::Value, path: &str, to: serde_json::Value) {
        let mut node = v;
        for part in path.split('.') {
            let (key, index) = match part.split_once('[') {
                Some((k, rest)) => (k, rest.trim_end_matches(']').parse::<usize>().ok()),
                None => (part, None),
            };
            node = &mut node[key];
            if let Some(i) = index {
                node = &mut node[i];
            }
        }
        *node = to;
    }

    /// Each entry set to an absurd value is refused at its own path: no entry escapes the
    /// bounds.
    #[test]
    fn every_entry_is_bounded() {
        let book = serde_json::to_value(Tables::default()).unwrap();
        let mut all = Vec::new();
        leaves(&book, String::new(), &mut all);
        assert!(all.len() > 90, "{}", all.len());
        for (path, real) in all {
            for absurd in [1e300, -1e300] {
                let mut v = book.clone();
                let to = if real {
                    serde_json::json!(absurd)
                } else if absurd > 0.0 {
                    serde_json::json!(200)
                } else {
                    serde_json::json!(-100)
                };
                set(&mut v, &path, to);
                // Counts are unsigned: a negative one cannot be written at all.
                let Ok(t) = serde_json::from_value::<Tables>(v) else {
                    continue;
                };
                let problems = t.problems();
                assert!(
                    problems.iter().any(|p| p.path == format!("tables.{path}")),
                    "{path} = {absurd}: {problems:?}"
                );
                assert!(problems.iter().all(|p| !p.hint.is_empty()));
            }
        }
        let nan: Tables = toml::from_str("[movement]\ninfantry = nan\n").unwrap();
        let p = nan.problems();
        assert_eq!(p[0].path, "tables.movement.infantry");
        assert!(p[0].message.contains("NaN is not a finite number"), "{p:?}");
    }

    #[test]
    fn tables_override_from_toml() {
        let t: Tables = toml::from_str("[movement]\ninfantry = 4.0\n").unwrap();
        assert_eq!(t.move_allowance(UnitType::Line), 4.0);
        assert_eq!(t.move_allowance(UnitType::Hq), 6.0);
    }
}
