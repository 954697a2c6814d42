//! Chapter II, the designer's arithmetic: strength points from men, brigade splitting,
//! divisional artillery, fatigue levels, command ranges, ADCs and generals, and the
//! fatigue thresholds of divisions, corps, wings and armies with the way losses count.
//!
//! Each function is pure and cites its section; `grognard design` and the battle both use
//! them.

pub mod army;
pub mod oob;
pub mod ratings;
pub mod roster;
pub mod round;
pub mod setup;
pub mod validate;

use crate::design::round::book_round;
use crate::levels::{CavalryWeight, Fatigue, GunWeight, Morale, Quality, Rating};
use crate::nation::Nation;
use crate::tables::{DesignTables, FatigueLevels, MovementAllowance};

/// Strength points of a brigade of `men` ("NW II 2.1"): men divided by the scale ratio of its
/// quality, rounded the book's way. Mixed (MX) brigades count their horsemen as infantry
/// ("NW II 2.4"), so the caller passes `cavalry = false` for them.
pub fn strength_points(t: &DesignTables, men: u32, quality: Quality, cavalry: bool) -> u32 {
    book_round(men as f64 / t.men_per_sp(cavalry, quality))
}

/// The strengths a historical brigade of `sp` is played as ("NW II 2.2"): one unit up to the
/// limit, otherwise the fewest roughly equal parts that each keep within it (ruling N8: the
/// book names two parts; a brigade more than twice the limit needs more).
pub fn split_brigade(t: &DesignTables, sp: u32) -> Vec<u32> {
    if sp <= t.max_sp {
        return vec![sp];
    }
    let parts = sp.div_ceil(t.max_sp);
    (0..parts)
        .map(|i| sp / parts + u32::from(i < sp % parts))
        .collect()
}

/// Extra s.p. the brigades of a division gain from its own batteries ("NW II 2.5"), shared
/// as equally as possible, the first brigades taking the remainder. A heavy battery counts
/// as a medium one (ruling N9).
pub fn divisional_artillery(
    t: &DesignTables,
    batteries: &[GunWeight],
    brigades: usize,
) -> Vec<u32> {
    if brigades == 0 {
        return Vec::new();
    }
    let total: u32 = batteries
        .iter()
        .map(|w| match w {
            GunWeight::Light => t.battery_sp[0],
            GunWeight::Medium | GunWeight::Heavy => t.battery_sp[1],
        })
        .sum();
    let n = brigades as u32;
    (0..n)
        .map(|i| total / n + u32::from(i < total % n))
        .collect()
}

/// The fatigue state of a brigade at `sp` with `levels` ("NW II 2.6"): Fresh above its worn
/// level, Worn from it, Spent from its spent level down. A "-" level is skipped.
pub fn fatigue_state(levels: &FatigueLevels, sp: u32) -> Fatigue {
    if levels.spent.is_some_and(|s| sp <= s) {
        Fatigue::Spent
    } else if levels.worn.is_some_and(|w| sp <= w) {
        Fatigue::Worn
    } else {
        Fatigue::Fresh
    }
}

/// How a commander's range is reckoned ("NW II 3.1", "NW II 3.11").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommandKind {
    /// A corps or wing commander.
    Corps,
    /// The commander of a division in a linear army, or an Ottoman wing ("NW II 3.11").
    Division,
}

/// A commander's basic range and the range with his units counted ("NW II 3.1"). French and
/// excellent commanders (but not British ones) use the larger base and a full inch a unit;
/// everyone else the smaller base and half an inch. Every unit of the command counts,
/// infantry, cavalry and artillery, arrived or not.
pub fn command_range(
    t: &DesignTables,
    nation: Nation,
    rating: Rating,
    kind: CommandKind,
    units: u32,
) -> (f64, f64) {
    let (base, per) = match kind {
        CommandKind::Corps => {
            let fast = nation != Nation::Britain
                && (nation == Nation::France || rating == Rating::Excellent);
            if fast {
                t.corps_range_fast
            } else {
                t.corps_range_other
            }
        }
        CommandKind::Division => {
            if rating == Rating::Excellent {
                t.division_range_excellent
            } else {
                t.division_range_other
            }
        }
    };
    (base, base + per * units as f64)
}

/// A CinC's presence bonus ("NW II 3.1"); Napoleon adds one.
pub fn presence(t: &DesignTables, rating: Rating, napoleon: bool) -> i32 {
    t.presence[rating as usize] + if napoleon { t.napoleon_bonus } else { 0 }
}

/// ADCs an army gets from its CinC's rating ("NW II 3.3"); Napoleon gets one more.
pub fn adcs(t: &DesignTables, rating: Rating, napoleon: bool) -> u32 {
    t.adcs[rating as usize] + if napoleon { t.napoleon_adcs } else { 0 }
}

/// Generals an army gets ("NW II 3.3"): its infantry and cavalry units divided by six for the
/// French and British, sixteen for the Ottomans and twelve for everyone else, rounded the
/// book's way (ruling N10).
pub fn generals(t: &DesignTables, nation: Nation, infantry_and_cavalry: u32) -> u32 {
    let per = match nation {
        Nation::France | Nation::Britain => t.units_per_general[0],
        Nation::Ottoman => t.units_per_general[1],
        _ => t.units_per_general[2],
    };
    book_round(infantry_and_cavalry as f64 / per)
}

/// The losses at which a command of `units` units becomes fatigued, or an army breaks
/// ("NW II 4.0"): units times the morale multiplier, rounded the book's way, and never less
/// than one (ruling N11).
pub fn fatigue_threshold(t: &DesignTables, morale: Morale, units: u32) -> u32 {
    let m = t.morale_multiplier[morale as usize];
    book_round(units as f64 * m).max(1)
}

/// What a unit has come to, for counting losses ("NW II 4.0", "NW 12.0").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LossState {
    Intact,
    Spent,
    /// Routed off the table ("NW 12.0": half a loss).
    RoutedOff,
    Eliminated,
}

/// What kind of unit is being counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LossKind {
    pub artillery: bool,
    pub guard: bool,
    /// Cossacks, Yuruks, Bedouin, Arab and militia cavalry ("NW II 3.12").
    pub irregular_cavalry: bool,
}

/// How much one unit counts toward a fatigue level ("NW II 4.0", "NW 12.0"): an eliminated
/// battery, a Spent unit or one routed off the table half (the tables' `partial_losses`), an
/// eliminated unit one; for the army only, Guard infantry and cavalry count double
/// (`guard_army_multiplier`) and irregular cavalry not at all. A unit counts once, at its
/// worst state (ruling N12).
pub fn loss_value(t: &DesignTables, kind: LossKind, state: LossState, army: bool) -> f64 {
    if army && kind.irregular_cavalry {
        return 0.0;
    }
    let [spent, routed_off, battery] = t.partial_losses;
    let base = match state {
        LossState::Intact => 0.0,
        LossState::Spent => spent,
        LossState::RoutedOff => routed_off,
        LossState::Eliminated if kind.artillery => battery,
        LossState::Eliminated => 1.0,
    };
    if army && kind.guard && !kind.artillery {
        base * t.guard_army_multiplier
    } else {
        base
    }
}

/// Turns that must pass before a fallen commander is replaced ("NW 11.7"): one die less the
/// CinC's presence, never below one.
pub fn replacement_delay(die: u8, presence: i32) -> u32 {
    (die as i32 - presence).max(1) as u32
}

/// The turn a replacement arrives, in its initiative phase: the delay's turns go by after
/// the turn of the loss ("NW 11.7": lost on 5 with a delay of 1, turn 6 passes, he arrives
/// on 7).
pub fn replacement_arrives(turn_lost: u32, delay: u32) -> u32 {
    turn_lost + delay + 1
}

/// A replacement commander ("NW 11.7"): one rating worse, no valour, and a range 2" shorter
/// but never below the basic range.
pub fn replacement(t: &DesignTables, rating: Rating, range: f64, basic: f64) -> (Rating, f64) {
    (rating.worse(), (range - t.replacement_range_cut).max(basic))
}

/// A commander's range on a turn with `hindered` visibility ("NW 9.51"): 3" less, never below
/// the basic range. Sight is cut 6" for each hindrance, but command ranges 3" however many
/// hindrances there are.
pub fn hindered_range(t: &DesignTables, range: f64, basic: f64, hindered: bool) -> f64 {
    if hindered {
        (range - t.hindered_range_cut).max(basic)
    } else {
        range
    }
}

/// Skirmish rating from a brigade's make-up ("NW II 2.8"): any light battalions (jagers,
/// grenzers, legere, rifles and the like) give SK1; half the brigade, or a third for the
/// French (the tables' `sk2_share`), gives SK2.
pub fn skirmish_rating(
    t: &DesignTables,
    nation: Nation,
    battalions: u32,
    light_battalions: u32,
) -> u8 {
    if light_battalions == 0 || battalions == 0 {
        return 0;
    }
    let share = light_battalions as f64 / battalions as f64;
    let needed = t.sk2_share[usize::from(nation != Nation::France)];
    if share + 1e-9 >= needed {
        2
    } else {
        1
    }
}

/// The quality of a brigade whose battalions differ ("NW II 2.1"): the average grade,
/// rounded the book's way (a grenadier, a jager and two line battalions make a veteran
/// brigade).
pub fn average_quality(battalions: &[Quality]) -> Option<Quality> {
    if battalions.is_empty() {
        return None;
    }
    let mean = battalions.iter().map(|q| *q as usize as f64).sum::<f64>() / battalions.len() as f64;
    Some(Quality::ALL[(book_round(mean) as usize).min(5)])
}

/// What moves, for the movement allowance chart ("NW 9.1").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mover {
    Infantry {
        nation: Nation,
        /// A contingent fighting beside Britain (Brunswick, Hanover, Nassau, Portugal,
        /// Dutch-Belgian) or beside France; `None` to take the nation's usual side.
        allied_to: Option<Nation>,
    },
    FootArtillery,
    HorseArtillery,
    Cavalry(CavalryWeight),
    Officer,
}

/// A unit's movement allowance in `year` ("NW 9.1", "NW Movement Allowance Chart").
pub fn movement_allowance(t: &MovementAllowance, mover: Mover, year: u32) -> f64 {
    match mover {
        Mover::Infantry { nation, allied_to } => {
            let beside = allied_to.or(if nation.french_ally() {
                Some(Nation::France)
            } else if nation.british_ally() {
                Some(Nation::Britain)
            } else {
                None
            });
            let fast = match (nation, beside) {
                (Nation::France | Nation::Britain | Nation::Ottoman, _) => true,
                (Nation::Prussia, _) | (_, Some(Nation::Britain)) => {
                    year >= t.fast_prussian_and_british_allied_from
                }
                (_, Some(Nation::France)) => year >= t.fast_french_allied_from,
                _ => false,
            };
            if fast {
                t.fast_infantry
            } else {
                t.other_infantry
            }
        }
        Mover::FootArtillery => t.foot_artillery,
        Mover::HorseArtillery => t.horse_artillery,
        Mover::Cavalry(CavalryWeight::Heavy) => t.heavy_cavalry,
        Mover::Cavalry(_) => t.other_cavalry,
        Mover::Officer => t.officers,
    }
}

/// The maneuver table's movement: a share of the allowance ("NW 9.0 C": a 3/4 move of a
/// 10" allowance is 7.5").
pub fn share_of(allowance: f64, fraction: f64) -> f64 {
    allowance * fraction
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitting_keeps_parts_within_the_limit() {
        let t = DesignTables::default();
        assert_eq!(split_brigade(&t, 9), vec![9]);
        assert_eq!(split_brigade(&t, 15), vec![8, 7]);
        assert_eq!(split_brigade(&t, 26), vec![9, 9, 8]);
    }

    #[test]
    fn fatigue_states_skip_missing_levels() {
        let t = DesignTables::default();
        let l = t.fatigue_levels(7, Quality::Line).unwrap();
        assert_eq!(fatigue_state(&l, 7), Fatigue::Fresh);
        assert_eq!(fatigue_state(&l, 6), Fatigue::Fresh);
        assert_eq!(fatigue_state(&l, 5), Fatigue::Worn);
        assert_eq!(fatigue_state(&l, 3), Fatigue::Spent);
        let g = t.fatigue_levels(3, Quality::Elite).unwrap();
        assert_eq!(
            fatigue_state(&g, 1),
            Fatigue::Worn,
            "no spent level: stays Worn"
        );
        let c = t.fatigue_levels(4, Quality::Conscript).unwrap();
        assert_eq!(
            fatigue_state(&c, 3),
            Fatigue::Spent,
            "no worn level: Fresh to Spent"
        );
    }

    #[test]
    fn losses_count_as_the_book_says() {
        let t = DesignTables::default();
        let line = LossKind {
            artillery: false,
            guard: false,
            irregular_cavalry: false,
        };
        let guard = LossKind {
            guard: true,
            ..line
        };
        let battery = LossKind {
            artillery: true,
            ..line
        };
        let cossacks = LossKind {
            irregular_cavalry: true,
            ..line
        };
        assert_eq!(loss_value(&t, line, LossState::Eliminated, true), 1.0);
        assert_eq!(loss_value(&t, line, LossState::Spent, false), 0.5);
        assert_eq!(loss_value(&t, battery, LossState::Eliminated, true), 0.5);
        assert_eq!(loss_value(&t, guard, LossState::Eliminated, true), 2.0);
        assert_eq!(loss_value(&t, guard, LossState::Eliminated, false), 1.0);
        assert_eq!(loss_value(&t, cossacks, LossState::Eliminated, true), 0.0);
        assert_eq!(loss_value(&t, cossacks, LossState::Eliminated, false), 1.0);
        assert_eq!(loss_value(&t, line, LossState::RoutedOff, true), 0.5);
    }

    #[test]
    fn hindered_visibility_cuts_command_range_once() {
        let t = DesignTables::default();
        assert_eq!(hindered_range(&t, 12.0, 4.0, false), 12.0);
        assert_eq!(hindered_range(&t, 12.0, 4.0, true), 9.0);
        assert_eq!(
            hindered_range(&t, 5.5, 4.0, true),
            4.0,
            "never below the basic range"
        );
    }

    #[test]
    fn skirmish_ratings_from_make_up() {
        let t = DesignTables::default();
        assert_eq!(skirmish_rating(&t, Nation::Austria, 4, 0), 0);
        assert_eq!(skirmish_rating(&t, Nation::Austria, 4, 1), 1);
        assert_eq!(skirmish_rating(&t, Nation::Austria, 4, 2), 2);
        assert_eq!(skirmish_rating(&t, Nation::France, 6, 2), 2);
        assert_eq!(skirmish_rating(&t, Nation::Prussia, 6, 2), 1);
    }

    // The fatigue counts and the SK2 share come from the tables.
    #[test]
    fn loss_counts_and_skirmish_shares_follow_the_tables() {
        let t = DesignTables {
            partial_losses: [0.25, 1.0, 0.75],
            guard_army_multiplier: 3.0,
            sk2_share: [0.5, 0.75],
            ..DesignTables::default()
        };
        let line = LossKind {
            artillery: false,
            guard: false,
            irregular_cavalry: false,
        };
        let battery = LossKind {
            artillery: true,
            ..line
        };
        let guard = LossKind {
            guard: true,
            ..line
        };
        assert_eq!(loss_value(&t, line, LossState::Spent, true), 0.25);
        assert_eq!(loss_value(&t, line, LossState::RoutedOff, true), 1.0);
        assert_eq!(loss_value(&t, battery, LossState::Eliminated, true), 0.75);
        assert_eq!(loss_value(&t, guard, LossState::Eliminated, true), 3.0);
        assert_eq!(skirmish_rating(&t, Nation::France, 6, 2), 1);
        assert_eq!(skirmish_rating(&t, Nation::Austria, 4, 2), 1);
        assert_eq!(skirmish_rating(&t, Nation::Austria, 4, 3), 2);
    }
}
