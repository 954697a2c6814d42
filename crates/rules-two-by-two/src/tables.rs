//! Every number of the book in one place, each with the section it comes from.
//!
//! [`Tables::default`] is the book. A scenario may override any entry (house rules) under
//! `[tables]`; the values are loaded, not recompiled.

use crate::units::{Size, UnitType};
use serde::{Deserialize, Serialize};

/// Movement allowance in inches by type ("2x2 Movement rates"; irregulars and lancers from
/// "New Units").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Movement {
    pub infantry: f64,
    pub hq: f64,
    pub heavy_cavalry: f64,
    pub light_cavalry: f64,
    pub foot_artillery: f64,
    pub horse_artillery: f64,
    pub irregular_cavalry: f64,
    pub lancers: f64,
    /// "Road": bonus for a whole move on road.
    pub road_bonus: f64,
    /// "Stream": extra cost per stream crossed.
    pub stream_cost: f64,
    /// "Reinforcements": cost of leaving the table.
    pub exit_cost: f64,
    /// "Moving to contact": the straight run that must end a move into contact.
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

/// Shooting ranges and modifiers ("2x2 Shooting ranges", "2x2 Shooting modifiers").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Shooting {
    pub small_arms_range: f64,
    pub foot_artillery_range: [f64; 2],
    pub horse_artillery_range: [f64; 2],
    /// "Artillery at short range (1" or less)".
    pub short_range: f64,
    pub short_range_bonus: i32,
    pub long_range: i32,
    pub out_of_flank_or_rear: i32,
    pub target_cavalry: i32,
    pub target_in_cover: i32,
    pub target_light_infantry_in_dense_wood: i32,
    pub target_downhill: i32,
    pub target_disrupted: i32,
    pub hq_in_contact: i32,
    pub first_volley: i32,
    pub target_fired_on_flank: i32,
    pub large: i32,
    pub small: i32,
    /// Optional "Irregular Shooters".
    pub irregular_shooters: i32,
    /// Optional "Grand Battery".
    pub grand_battery: i32,
    /// Optional "Light Woods / Orchards": into or out of.
    pub light_wood: i32,
    /// "Defensive fire against contact": how far a repulsed charger goes back (one base depth).
    pub repulse_distance: f64,
    /// "Resolving shooting": lowest modified roll for each result.
    pub pinned_at: i32,
    pub disrupted_at: i32,
    pub routs_at: i32,
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

/// Melee modifiers and results ("2x2 Melee modifiers", "2x2 Melee results").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Melee {
    pub light_cavalry: i32,
    pub guards: i32,
    pub heavy_cavalry: i32,
    pub cavalry_in_town: i32,
    pub enemy_disrupted: i32,
    /// Per extra unit the enemy is in melee with.
    pub enemy_outnumbered: i32,
    pub hq_in_contact: i32,
    pub higher: i32,
    pub artillery_hq_light_infantry: i32,
    pub clearing_non_light_attacker: i32,
    pub clearing_defender_pinned: i32,
    pub large: i32,
    pub small: i32,
    pub follow_up: i32,
    pub road_column: i32,
    /// Optional "Irregular Warband".
    pub warband: i32,
    /// Optional "Lancers".
    pub lancers_vs_disrupted: i32,
    pub lancers_vs_cavalry: i32,
    /// Optional "Column of Attack".
    pub column_support: i32,
    /// Difference at which the loser is destroyed rather than routed.
    pub destroyed_from: i32,
    /// Difference from which follow-up is mandatory.
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

/// Rallying ("2x2 Rally modifiers").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rally {
    pub hq_radius: f64,
    pub enemy_near: f64,
    pub guards: i32,
    pub hq_in_contact: i32,
    pub militia_or_small: i32,
    pub enemy_within: i32,
    pub disrupted: i32,
    pub hq_self: i32,
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

/// Reinforcements, routs and chains ("2x2 Reinforcements", "2x2 Effects").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Arrival {
    pub rolls_per_phase: u8,
    pub rear_at: u8,
    pub flank_at: u8,
    /// Placement and exchange radius around a reinforcement point.
    pub radius: f64,
    /// Attacker flank points must be this far from defending units and points ("Deployment").
    pub flank_clearance: f64,
    /// Rout survival: a roll at or below this destroys the unit.
    pub rout_destroyed_up_to: u8,
    /// Militia and Guards chain distance ("Guards", "Militia").
    pub chain_distance: f64,
    /// Irregular cavalry chain distance.
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
            rout_destroyed_up_to: 2,
            chain_distance: 1.0,
            irregular_chain_distance: 2.0,
        }
    }
}

/// Army point costs ("2x2 Unit point costs", "New Units"), in half points so sums stay exact.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Costs {
    pub hq: f64,
    pub line: f64,
    pub guards: f64,
    pub light_infantry: f64,
    pub heavy_cavalry: f64,
    pub light_cavalry: f64,
    pub foot_artillery: f64,
    pub horse_artillery: f64,
    pub militia: f64,
    pub irregular_shooters: f64,
    pub irregular_warband: f64,
    pub irregular_cavalry: f64,
    pub lancers: f64,
    pub large: f64,
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

/// All the tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Tables {
    pub movement: Movement,
    pub shooting: Shooting,
    pub melee: Melee,
    pub rally: Rally,
    pub arrival: Arrival,
    pub costs: Costs,
}

impl Tables {
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
    fn tables_override_from_toml() {
        let t: Tables = toml::from_str("[movement]\ninfantry = 4.0\n").unwrap();
        assert_eq!(t.move_allowance(UnitType::Line), 4.0);
        assert_eq!(t.move_allowance(UnitType::Hq), 6.0);
    }
}
