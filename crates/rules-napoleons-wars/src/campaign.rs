//! Victory and its aftermath ("NW 13.0", "NW Optional rules 1.0, 2.0"): whether the winner
//! can pursue, the pursuit dice for campaign games, and the strength each side regains.

use crate::design::round::book_round;
use crate::tables::Campaign;
use grognard_engine::{Dice, Explanation, Modifier};

/// The level of a victory ("NW 13.0").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Victory {
    /// Both armies broke in the same turn, or neither did.
    Draw,
    /// The enemy army broke.
    Marginal,
    /// The enemy army broke and the winner has more light cavalry s.p. to pursue with.
    Decisive,
}

/// The victory level when `broken` (the loser's light cavalry s.p., not counting Spent
/// units) faces `winner`'s ("NW 13.0").
pub fn victory(winner_light_sp: u32, loser_light_sp: u32) -> Victory {
    if loser_light_sp < winner_light_sp {
        Victory::Decisive
    } else {
        Victory::Marginal
    }
}

/// The number of pursuit dice ("NW Optional rules 1.0"): one at 1:1, one more for each
/// further half (3:2 two, 2:1 three, 5:2 four ...). A loser without light cavalry is counted
/// as having one s.p. (ruling N21). No pursuit unless the winner has more.
pub fn pursuit_dice(winner_light_sp: u32, loser_light_sp: u32) -> u32 {
    if winner_light_sp <= loser_light_sp {
        return 0;
    }
    let loser = loser_light_sp.max(1);
    // Whole half-steps of superiority: (ratio - 1) / 0.5, in integers.
    1 + (2 * (winner_light_sp - loser)) / loser
}

/// What one pursuit die of `face` takes: less in mud, rain or snow and late in the battle,
/// never below the least ("NW Optional rules 1.0").
pub fn pursuit_per_die(t: &Campaign, bad_weather: bool, late: bool) -> impl Fn(u32) -> u32 {
    let add = if bad_weather {
        t.pursuit_bad_weather
    } else {
        0
    } + if late { t.pursuit_late } else { 0 };
    let least = t.pursuit_die_least;
    move |face| (face as i64 + add as i64).max(least as i64) as u32
}

/// The modifiers of each pursuit die.
pub fn pursuit_modifiers(t: &Campaign, bad_weather: bool, late: bool) -> Vec<Modifier> {
    let mut m = Vec::new();
    if bad_weather {
        m.push(Modifier::new(
            t.pursuit_bad_weather,
            "each die: mud, rain or snow",
        ));
    }
    if late {
        m.push(Modifier::new(
            t.pursuit_late,
            "each die: the last quarter of the game's turns",
        ));
    }
    m
}

/// Roll the pursuit ("NW Optional rules 1.0"): each die with its modifiers, never below the
/// least. The total is the s.p. the loser gives up (a battery counts 2, or 1 if damaged).
pub fn pursuit(
    t: &Campaign,
    dice_count: u32,
    bad_weather: bool,
    late: bool,
    dice: &mut dyn Dice,
) -> (Explanation, u32) {
    let mut e = Explanation::new("NW Optional rules 1.0 Pursuit");
    let per = pursuit_per_die(t, bad_weather, late);
    let mut total = 0;
    for _ in 0..dice_count {
        let d = dice.roll(6, "pursuit");
        e.dice.push(d);
        total += per(d as u32);
    }
    e.modifiers = pursuit_modifiers(t, bad_weather, late)
        .into_iter()
        .map(|m| Modifier::new(m.value * dice_count as i32, m.reason))
        .collect();
    e.total = total as i32;
    e.row = format!("{dice_count} dice, none below {}", t.pursuit_die_least).into();
    e.result = format!("the defeated army loses {total} more s.p.").into();
    (e, total)
}

/// Strength regained after the battle ("NW Optional rules 2.0"): the part of its lost s.p.
/// the table gives the victor or the defeated, rounded the book's way.
pub fn regained(t: &Campaign, lost_sp: u32, won: bool) -> u32 {
    let [n, d] = if won {
        t.winner_regains
    } else {
        t.loser_regains
    };
    book_round(lost_sp as f64 * n as f64 / d.max(1) as f64).min(lost_sp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_engine::dice::Scripted;

    #[test]
    fn pursuit_dice_by_ratio() {
        assert_eq!(pursuit_dice(10, 10), 0);
        assert_eq!(pursuit_dice(10, 12), 0);
        assert_eq!(pursuit_dice(11, 10), 1, "just over 1:1");
        assert_eq!(pursuit_dice(15, 10), 2, "3:2");
        assert_eq!(pursuit_dice(20, 10), 3, "2:1");
        assert_eq!(pursuit_dice(25, 10), 4, "5:2");
        assert_eq!(pursuit_dice(6, 0), 11, "against none, as if 1");
    }

    #[test]
    fn pursuit_dice_never_count_below_one() {
        let (e, lost) = pursuit(
            &Campaign::default(),
            3,
            true,
            true,
            &mut Scripted::new(&[1, 4, 6]),
        );
        // 1-2 -> 1, 4-2 = 2, 6-2 = 4.
        assert_eq!(lost, 7);
        assert_eq!(e.dice, vec![1, 4, 6]);
        assert_eq!(e.total, 7);
    }

    #[test]
    fn the_pursuit_and_final_losses_read_their_table() {
        let t = Campaign {
            pursuit_bad_weather: -2,
            pursuit_late: 0,
            pursuit_die_least: 0,
            winner_regains: [1, 1],
            loser_regains: [0, 1],
        };
        let (e, lost) = pursuit(&t, 2, true, true, &mut Scripted::new(&[1, 5]));
        // 1-2 counts 0, 5-2 counts 3; the late game changes nothing here.
        assert_eq!(lost, 3);
        assert_eq!(e.modifiers.len(), 2);
        assert_eq!(e.modifiers[0].value, -4, "-2 on each of two dice");
        assert_eq!(regained(&t, 7, true), 7);
        assert_eq!(regained(&t, 7, false), 0);
    }

    #[test]
    fn victory_levels_and_regained_strength() {
        assert_eq!(victory(8, 3), Victory::Decisive);
        assert_eq!(victory(3, 3), Victory::Marginal);
        let t = Campaign::default();
        assert_eq!(regained(&t, 12, true), 4);
        assert_eq!(regained(&t, 11, false), 5, "5.5 rounds down");
        assert_eq!(regained(&t, 10, true), 3, "3.33 rounds down");
    }
}
