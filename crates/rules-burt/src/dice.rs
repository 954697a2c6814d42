//! The book's die: one d6, where a score above 6 is reached by a 6 and a further throw
//! ("Burt 6", and wherever else a score of 7 or more is needed). No score of 10 or more can
//! be reached.
//!
//! The text gives the first step (a 6, then a 4, 5 or 6 for a 7) and "so on". Two readings
//! follow from it, and both are here (ruling R1):
//! - [`Reading::FollowUp`], the one used unless a scenario says otherwise: the second die
//!   adds to the 6 what it shows above 3, so a 6 then a 4, 5 or 6 scores 7, 8 or 9. The
//!   book's limit of 9 follows from it.
//! - [`Reading::Chained`]: each point above 6 asks for one more 6 before the closing 4 or
//!   better: 7 is a 6 then 4+, 8 is 6, 6 then 4+, 9 is 6, 6, 6 then 4+; the limit of 9 is
//!   then the book's own cap.

use grognard_engine::Dice;
use num_rational::Ratio;
use serde::{Deserialize, Serialize};

/// The highest score the die reaches.
pub const MOST: i32 = 9;

/// How a score above 6 is read (ruling R1).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Reading {
    /// A 6, then 4, 5 or 6 on one more die for 7, 8 or 9.
    #[default]
    FollowUp,
    /// A 6, then one more 6 for each point above 7, then 4 or better.
    Chained,
}

/// Whether a throw of the book's die reaches `need`, and the faces thrown. Only the dice the
/// score needs are thrown: none when `need` is 1 or less (always reached) or above 9 (never
/// reached), a second only after a 6 when `need` is above 6.
pub fn reaches(
    reading: Reading,
    need: i32,
    dice: &mut dyn Dice,
    purpose: &'static str,
) -> (bool, Vec<u8>) {
    let mut faces = Vec::new();
    if need <= 1 {
        return (true, faces);
    }
    if need > MOST {
        return (false, faces);
    }
    let first = dice.roll(6, purpose);
    faces.push(first);
    if need <= 6 {
        return (i32::from(first) >= need, faces);
    }
    if first != 6 {
        return (false, faces);
    }
    match reading {
        Reading::FollowUp => {
            let next = dice.roll(6, purpose);
            faces.push(next);
            (i32::from(next) >= need - 3, faces)
        }
        Reading::Chained => {
            // One more 6 for each point above 7, then 4 or better.
            for _ in 7..need {
                let next = dice.roll(6, purpose);
                faces.push(next);
                if next != 6 {
                    return (false, faces);
                }
            }
            let last = dice.roll(6, purpose);
            faces.push(last);
            (last >= 4, faces)
        }
    }
}

/// The chance that a throw of the book's die reaches `need`.
pub fn chance(reading: Reading, need: i32) -> Ratio<u32> {
    let sixth = Ratio::new(1, 6);
    match need {
        n if n <= 1 => Ratio::from_integer(1),
        n if n <= 6 => Ratio::new((7 - n) as u32, 6),
        n if n > MOST => Ratio::from_integer(0),
        n => match reading {
            Reading::FollowUp => sixth * Ratio::new((10 - n) as u32, 6),
            Reading::Chained => (6..n).fold(Ratio::new(1, 2), |p, _| p * sixth),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_engine::dice::Scripted;

    fn throw(reading: Reading, need: i32, faces: &[u8]) -> (bool, Vec<u8>) {
        let mut dice = Scripted::new(faces);
        reaches(reading, need, &mut dice, "test")
    }

    #[test]
    fn a_seven_is_a_six_then_four_five_or_six_in_either_reading() {
        for reading in [Reading::FollowUp, Reading::Chained] {
            for second in 1..=6u8 {
                assert_eq!(
                    throw(reading, 7, &[6, second]).0,
                    second >= 4,
                    "{reading:?}"
                );
            }
            assert_eq!(throw(reading, 7, &[5]), (false, vec![5]));
            assert_eq!(chance(reading, 7), Ratio::new(1, 12));
        }
    }

    #[test]
    fn ten_or_more_is_never_reached_in_either_reading() {
        for reading in [Reading::FollowUp, Reading::Chained] {
            assert_eq!(chance(reading, 10), Ratio::from_integer(0));
            assert_eq!(throw(reading, 10, &[]), (false, vec![]));
            assert!(chance(reading, 9) > Ratio::from_integer(0));
        }
    }

    #[test]
    fn the_readings_part_above_seven() {
        // A 6 then a 5 is an 8 read as a follow-up; chained, an 8 wants a second 6.
        assert!(throw(Reading::FollowUp, 8, &[6, 5]).0);
        assert!(!throw(Reading::Chained, 8, &[6, 5]).0);
        assert!(throw(Reading::Chained, 8, &[6, 6, 4]).0);
        assert_eq!(chance(Reading::FollowUp, 8), Ratio::new(1, 18));
        assert_eq!(chance(Reading::Chained, 8), Ratio::new(1, 72));
        assert_eq!(chance(Reading::FollowUp, 9), Ratio::new(1, 36));
        assert_eq!(chance(Reading::Chained, 9), Ratio::new(1, 432));
    }

    #[test]
    fn plain_scores_need_one_die_and_certain_ones_none() {
        assert_eq!(throw(Reading::FollowUp, 5, &[5]), (true, vec![5]));
        assert_eq!(throw(Reading::FollowUp, 5, &[4]), (false, vec![4]));
        assert_eq!(throw(Reading::FollowUp, 1, &[]), (true, vec![]));
        assert_eq!(chance(Reading::FollowUp, 5), Ratio::new(1, 3));
        assert_eq!(chance(Reading::FollowUp, 0), Ratio::from_integer(1));
    }

    #[test]
    fn the_chances_are_what_walking_every_throw_gives() {
        // Every sequence of four faces, each equally likely: the share that reaches `need`.
        for reading in [Reading::FollowUp, Reading::Chained] {
            for need in -1..=11 {
                let mut hit = 0u32;
                for code in 0..6u32.pow(4) {
                    let faces: Vec<u8> =
                        (0..4).map(|k| (code / 6u32.pow(k) % 6 + 1) as u8).collect();
                    if throw(reading, need, &faces).0 {
                        hit += 1;
                    }
                }
                assert_eq!(
                    Ratio::new(hit, 1296),
                    chance(reading, need),
                    "{reading:?} {need}"
                );
            }
        }
    }
}
