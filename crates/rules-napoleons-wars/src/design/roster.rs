//! The army roster's loss boxes ("NW 3.0 Army rosters"): a box for each strength point a
//! brigade can lose while it stays on the table, grouped by its fatigue levels so a player
//! sees when it becomes Worn and Spent; and a circle for each unit loss a command or the
//! army can take before it is fatigued or breaks.

use crate::tables::FatigueLevels;

/// The groups of loss boxes of a brigade, e.g. 7/5/3 gives [2, 2, 2]: two losses to Worn,
/// two more to Spent, and two more before the last strength point, whose loss removes the
/// unit and needs no box (ruling N18, after the book's roster example, "00/00/00" for
/// 7/5/3 and "00/00/000" for 8/6/4).
pub fn loss_boxes(levels: &FatigueLevels) -> Vec<u32> {
    let mut marks = vec![levels.fresh];
    marks.extend(levels.worn);
    marks.extend(levels.spent);
    let mut groups: Vec<u32> = marks.windows(2).map(|w| w[0] - w[1]).collect();
    groups.push(marks.last().copied().unwrap_or(1).saturating_sub(1));
    groups.retain(|g| *g > 0);
    groups
}

/// The roster's text form of the boxes, "00/00/00".
pub fn boxes_text(levels: &FatigueLevels) -> String {
    loss_boxes(levels)
        .iter()
        .map(|n| "0".repeat(*n as usize))
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lv(fresh: u32, worn: Option<u32>, spent: Option<u32>) -> FatigueLevels {
        FatigueLevels { fresh, worn, spent }
    }

    #[test]
    fn the_books_roster_examples() {
        // "NW 3.0": 1B/1/I SK1 7/5/3 Vet. 00/00/00 and 2B/1/I SK2 8/6/4 LN. 00/00/000.
        assert_eq!(boxes_text(&lv(7, Some(5), Some(3))), "00/00/00");
        assert_eq!(boxes_text(&lv(8, Some(6), Some(4))), "00/00/000");
        // Levels the chart leaves out are skipped.
        assert_eq!(boxes_text(&lv(2, Some(1), None)), "0");
        assert_eq!(boxes_text(&lv(4, None, Some(3))), "0/00");
        assert_eq!(loss_boxes(&lv(12, Some(9), Some(6))), vec![3, 3, 5]);
    }
}
