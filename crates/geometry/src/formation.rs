//! Units of several stands: where each stand of a unit stands in its formation.
//!
//! A unit made of stands is placed by one [`Pose`], the centre of its formation's footprint
//! (the rectangle round all its stands) facing the unit's front, just as a single base is
//! placed by its centre. Its stands follow from the pose, the formation, the number of
//! stands and their size: a stand is never placed on its own. So a unit moves, turns and
//! is measured as one footprint ([`footprint`], a [`Base`]) when only its outline matters,
//! and as its stands ([`stands`]) when a rule counts the stands in front, in contact or in
//! a line of fire. Books with one base a unit need none of this.

use crate::{Base, Pose, Vec2};
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// The size of one stand: its frontage and depth, in inches.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct StandSize {
    pub width: f64,
    pub depth: f64,
}

/// How a unit's stands are arranged.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Side by side in one rank, touching.
    Line,
    /// `files` stands abreast, the rest behind them rank after rank; a last rank that is
    /// not full is centred.
    Column { files: u8 },
    /// The stands face outward on the four sides of a hollow square, dealt out front, rear,
    /// left, right in turn; each side is as long as the most stands any side holds.
    Square,
    /// One rank with `gap` inches between neighbouring stands: open or skirmish order.
    Open { gap: f64 },
}

/// One stand of a unit, in the unit's own frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    /// Centre of the stand: `x` ahead of the unit's centre, `y` to its left.
    pub offset: Vec2,
    /// The stand's facing against the unit's, in radians (counter-clockwise): 0 except in
    /// a square, whose sides face outward.
    pub turn: f64,
}

/// A small list of stands, held without allocating for units of up to 16 stands.
pub type Stands = SmallVec<[Placed; 16]>;

/// The sides of a square a stand is on, in the order stands are dealt to them, with the
/// stand's turn against the unit's facing.
const SQUARE_SIDES: [(Vec2, f64); 4] = [
    (Vec2::new(1.0, 0.0), 0.0),
    (Vec2::new(-1.0, 0.0), std::f64::consts::PI),
    (Vec2::new(0.0, 1.0), std::f64::consts::FRAC_PI_2),
    (Vec2::new(0.0, -1.0), -std::f64::consts::FRAC_PI_2),
];

/// Where each of `count` stands of `size` stands in `formation`, in the unit's frame, front
/// rank first and from the unit's left to its right within a rank.
pub fn layout(formation: Formation, count: usize, size: StandSize) -> Stands {
    let StandSize { width: w, depth: d } = size;
    let mut out = Stands::new();
    match formation {
        Formation::Line => rank(&mut out, count, w, 0.0, 0.0),
        Formation::Open { gap } => rank(&mut out, count, w + gap.max(0.0), 0.0, 0.0),
        Formation::Column { files } => {
            let files = usize::from(files.max(1));
            let ranks = count.div_ceil(files);
            let front = (ranks as f64 - 1.0) * d * 0.5;
            for r in 0..ranks {
                let here = files.min(count - r * files);
                rank(&mut out, here, w, front - r as f64 * d, 0.0);
            }
        }
        Formation::Square => {
            let per_side = count.div_ceil(4);
            let half = per_side as f64 * w * 0.5 + d * 0.5;
            for (i, (normal, turn)) in SQUARE_SIDES.iter().enumerate() {
                // Stands dealt in turn: side i holds stands i, i + 4, i + 8, ...
                let here = (count + 3 - i) / 4;
                let first = out.len();
                rank(&mut out, here, w, 0.0, *turn);
                for p in &mut out[first..] {
                    // `rank` laid them along the unit's width; stand them along this side.
                    let along = p.offset.y;
                    let side_left = Vec2::new(-normal.y, normal.x);
                    p.offset = *normal * half + side_left * along;
                }
            }
        }
    }
    out
}

/// `n` stands abreast, `pitch` apart centre to centre, centred on the unit's axis, at `x`.
fn rank(out: &mut Stands, n: usize, pitch: f64, x: f64, turn: f64) {
    let left = (n as f64 - 1.0) * pitch * 0.5;
    out.extend((0..n).map(|i| Placed {
        offset: Vec2::new(x, left - i as f64 * pitch),
        turn,
    }));
}

/// The frontage and depth of the rectangle round every stand of the formation.
pub fn extent(formation: Formation, count: usize, size: StandSize) -> (f64, f64) {
    let StandSize { width: w, depth: d } = size;
    if count == 0 {
        return (0.0, 0.0);
    }
    match formation {
        Formation::Line => (count as f64 * w, d),
        Formation::Open { gap } => (count as f64 * w + (count as f64 - 1.0) * gap.max(0.0), d),
        Formation::Column { files } => {
            let files = usize::from(files.max(1));
            (
                files.min(count) as f64 * w,
                count.div_ceil(files) as f64 * d,
            )
        }
        Formation::Square => {
            let side = count.div_ceil(4) as f64 * w + 2.0 * d;
            (side, side)
        }
    }
}

/// The unit's footprint: the rectangle round all its stands, centred on its pose.
pub fn footprint(pose: Pose, formation: Formation, count: usize, size: StandSize) -> Base {
    let (w, d) = extent(formation, count, size);
    Base::new(pose, w, d)
}

/// Every stand of a unit at `pose`, as a base on the table.
pub fn stands(
    pose: Pose,
    formation: Formation,
    count: usize,
    size: StandSize,
) -> SmallVec<[Base; 16]> {
    layout(formation, count, size)
        .iter()
        .map(|p| stand_at(pose, p, size))
        .collect()
}

/// The first `first` of [`stands`] (the layouts put the front rank first), the others not
/// laid out on the table.
pub fn first_stands(
    pose: Pose,
    formation: Formation,
    count: usize,
    size: StandSize,
    first: usize,
) -> SmallVec<[Base; 8]> {
    layout(formation, count, size)
        .iter()
        .take(first)
        .map(|p| stand_at(pose, p, size))
        .collect()
}

fn stand_at(pose: Pose, p: &Placed, size: StandSize) -> Base {
    Base::new(
        pose.turned_at(pose.to_table(p.offset), p.turn),
        size.width,
        size.depth,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::overlap::bases_overlap;

    const STAND: StandSize = StandSize {
        width: 1.0,
        depth: 0.75,
    };

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// A stand's pose is the one `Pose::at` makes from its place and facing.
    #[test]
    fn stands_face_as_poses_made_afresh() {
        let pose = Pose::new(3.0, -2.0, 2.9);
        for formation in [
            Formation::Line,
            Formation::Column { files: 2 },
            Formation::Square,
        ] {
            for s in stands(pose, formation, 7, STAND) {
                let afresh = Pose::at(s.pose.pos, s.pose.facing);
                assert_eq!(s.pose, afresh);
                assert_eq!(s.pose.forward(), afresh.forward());
            }
        }
    }

    /// Every stand's corners lie within the footprint, and no two stands overlap.
    fn sound(formation: Formation, count: usize) {
        let pose = Pose::new(10.0, 20.0, 0.7);
        let all = stands(pose, formation, count, STAND);
        assert_eq!(all.len(), count);
        let outline = footprint(pose, formation, count, STAND);
        for s in &all {
            for c in s.corners() {
                let local = pose.to_local(c);
                assert!(
                    local.x.abs() <= outline.depth * 0.5 + 1e-9
                        && local.y.abs() <= outline.width * 0.5 + 1e-9,
                    "{formation:?} x{count}: corner {local} outside {}x{}",
                    outline.width,
                    outline.depth
                );
            }
        }
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert!(
                    !bases_overlap(a, b, 1e-6),
                    "{formation:?} x{count}: stands overlap"
                );
            }
        }
    }

    #[test]
    fn every_formation_keeps_its_stands_apart_and_inside_its_footprint() {
        for count in 1..=12 {
            sound(Formation::Line, count);
            sound(Formation::Open { gap: 1.0 }, count);
            sound(Formation::Column { files: 2 }, count);
            sound(Formation::Column { files: 1 }, count);
            sound(Formation::Square, count);
        }
    }

    #[test]
    fn a_line_is_one_rank_from_left_to_right() {
        let l = layout(Formation::Line, 4, STAND);
        let ys: Vec<f64> = l.iter().map(|p| p.offset.y).collect();
        assert_eq!(ys, vec![1.5, 0.5, -0.5, -1.5]);
        assert!(l.iter().all(|p| p.offset.x == 0.0 && p.turn == 0.0));
        assert_eq!(extent(Formation::Line, 4, STAND), (4.0, 0.75));
    }

    #[test]
    fn a_column_puts_its_files_in_front_and_centres_a_short_last_rank() {
        let c = layout(Formation::Column { files: 2 }, 5, STAND);
        // Three ranks, 0.75" deep each: the front rank's centres 0.75" ahead of the unit's.
        assert!(close(c[0].offset.x, 0.75) && close(c[1].offset.x, 0.75));
        assert!(close(c[2].offset.x, 0.0) && close(c[4].offset.x, -0.75));
        assert!(close(c[4].offset.y, 0.0), "the lone last stand is centred");
        assert_eq!(
            extent(Formation::Column { files: 2 }, 5, STAND),
            (2.0, 2.25)
        );
        // The front edge of the footprint is the front rank's front edge.
        assert!(close(c[0].offset.x + 0.375, 2.25 * 0.5));
    }

    #[test]
    fn a_square_faces_out_on_four_sides() {
        let s = layout(Formation::Square, 4, STAND);
        let turns: Vec<f64> = s.iter().map(|p| p.turn).collect();
        assert_eq!(
            turns,
            vec![
                0.0,
                std::f64::consts::PI,
                std::f64::consts::FRAC_PI_2,
                -std::f64::consts::FRAC_PI_2
            ]
        );
        // Each stand's front edge is the square's outer edge on its side.
        let half = extent(Formation::Square, 4, STAND).0 * 0.5;
        for p in &s {
            let out = crate::dir(p.turn);
            assert!(close(p.offset.dot(out) + STAND.depth * 0.5, half));
        }
        assert_eq!(extent(Formation::Square, 4, STAND), (2.5, 2.5));
    }

    #[test]
    fn open_order_leaves_its_gap_between_stands() {
        let o = stands(
            Pose::new(0.0, 0.0, 0.0),
            Formation::Open { gap: 1.0 },
            3,
            STAND,
        );
        let gap = crate::distance::base_base(&o[0], &o[1]);
        assert!(close(gap, 1.0), "{gap}");
        assert_eq!(extent(Formation::Open { gap: 1.0 }, 3, STAND), (5.0, 0.75));
    }

    #[test]
    fn no_stands_no_footprint() {
        assert!(layout(Formation::Square, 0, STAND).is_empty());
        assert_eq!(extent(Formation::Column { files: 3 }, 0, STAND), (0.0, 0.0));
    }
}
