//! Victory and its aftermath ("NW 13.0", "NW Optional rules 1.0, 2.0"): whether the winner
//! can pursue, the pursuit dice for campaign games, and the strength each side regains.

use crate::round::book_round;
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

/// What one pursuit die of `face` takes: one less for mud, rain or snow and one less late in
/// the battle, never below one ("NW Optional rules 1.0").
pub fn pursuit_per_die(bad_weather: bool, late: bool) -> impl Fn(u32) -> u32 {
    let less = u32::from(bad_weather) + u32::from(late);
    move |face| face.saturating_sub(less).max(1)
}

/// Roll the pursuit ("NW Optional rules 1.0"): each die less one for mud, rain or snow and
/// one if the battle went into the last quarter of its turns, never below one. The total is
/// the s.p. the loser gives up (a battery counts 2, or 1 if damaged).
pub fn pursuit(
    dice_count: u32,
    bad_weather: bool,
    late: bool,
    dice: &mut dyn Dice,
) -> (Explanation, u32) {
    let mut e = Explanation::new("NW Optional rules 1.0 Pursuit");
    let per = pursuit_per_die(bad_weather, late);
    let mut total = 0;
    for _ in 0..dice_count {
        let d = dice.roll(6, "pursuit");
        e.dice.push(d);
        total += per(d as u32);
    }
    if bad_weather {
        e.modifiers.push(Modifier::new(
            -(dice_count as i32),
            "-1 a die: mud, rain or snow",
        ));
    }
    if late {
        e.modifiers.push(Modifier::new(
            -(dice_count as i32),
            "-1 a die: the last quarter of the game's turns",
        ));
    }
    e.total = total as i32;
    e.row = format!("{dice_count} dice, none below 1").into();
    e.result = format!("the defeated army loses {total} more s.p.").into();
    (e, total)
}

/// Strength regained after the battle ("NW Optional rules 2.0"): the winner a third of its
/// lost s.p., the loser a half, rounded the book's way.
pub fn regained(lost_sp: u32, won: bool) -> u32 {
    book_round(lost_sp as f64 / if won { 3.0 } else { 2.0 })
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
        let (e, lost) = pursuit(3, true, true, &mut Scripted::new(&[1, 4, 6]));
        // 1-2 -> 1, 4-2 = 2, 6-2 = 4.
        assert_eq!(lost, 7);
        assert_eq!(e.dice, vec![1, 4, 6]);
        assert_eq!(e.total, 7);
    }

    #[test]
    fn victory_levels_and_regained_strength() {
        assert_eq!(victory(8, 3), Victory::Decisive);
        assert_eq!(victory(3, 3), Victory::Marginal);
        assert_eq!(regained(12, true), 4);
        assert_eq!(regained(11, false), 5, "5.5 rounds down");
        assert_eq!(regained(10, true), 3, "3.33 rounds down");
    }
}
