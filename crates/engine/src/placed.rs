//! Where a book's pieces stand on the table, kept on grids (all pieces, and each side's) to
//! answer "what is near here" by looking at a few cells rather than every piece.
//!
//! A book's state holds a [`Kept`]: it is built the first time it is asked for, then kept in
//! step as events move pieces ([`Kept::place`]); copies of the state (a side's view) share it
//! until one of them changes. It is not saved and never makes two states differ.

use grognard_geometry::grid::Sides;
use grognard_geometry::{Base, Vec2};
use std::sync::{Arc, OnceLock};

/// A piece as the grids see it.
pub trait Piece {
    /// Its id, its index among the state's pieces.
    fn piece_id(&self) -> u32;
    /// Its side, 0 or 1.
    fn piece_side(&self) -> usize;
    /// The circle round its footprint, or `None` while it is off the table.
    fn circle(&self) -> Option<(Vec2, f64)>;
}

/// The circle a grid keeps for a footprint: its centre, and half its diagonal.
pub fn circle_round(f: &Base) -> (Vec2, f64) {
    (f.pose.pos, 0.5 * f.width.hypot(f.depth))
}

/// The table the grids cover, and their cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Table {
    /// Inches east and north.
    pub size: Vec2,
    /// The side of a cell, inches: about the reach most questions ask about.
    pub cell: f64,
}

/// Where the pieces stand, once asked for.
#[derive(Debug, Clone, Default)]
pub struct Kept {
    index: OnceLock<Arc<Sides>>,
}

impl PartialEq for Kept {
    /// What is kept follows from the pieces, so it never makes two states differ.
    fn eq(&self, _: &Kept) -> bool {
        true
    }
}

fn build<P: Piece>(table: Table, pieces: &[P]) -> Sides {
    let mut ix = Sides::new(Vec2::ZERO, table.size, table.cell);
    for p in pieces {
        ix.set(p.piece_id(), p.piece_side(), p.circle());
    }
    ix
}

impl Kept {
    /// The grids, built from `pieces` if they are not kept yet.
    pub fn sides<P: Piece>(&self, table: Table, pieces: &[P]) -> &Sides {
        self.index.get_or_init(|| Arc::new(build(table, pieces)))
    }

    /// Keep the grids in step with a piece that moved, changed shape or left the table.
    pub fn place<P: Piece>(&mut self, piece: &P) {
        if let Some(ix) = self.index.get_mut() {
            let at = piece.circle();
            let id = piece.piece_id();
            if ix.all.get(id) != at {
                Arc::make_mut(ix).set(id, piece.piece_side(), at);
            }
        }
    }

    /// Forget the grids (after pieces were changed by hand); they are built again when next
    /// asked for.
    pub fn forget(&mut self) {
        *self = Kept::default();
    }

    /// The first piece the kept grids place otherwise than grids built afresh would, for
    /// invariant checks.
    pub fn first_misplaced<P: Piece>(&self, table: Table, pieces: &[P]) -> Option<u32> {
        self.sides(table, pieces)
            .first_difference(&build(table, pieces), pieces.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone)]
    struct Dot {
        id: u32,
        side: usize,
        at: Option<Vec2>,
    }

    impl Piece for Dot {
        fn piece_id(&self) -> u32 {
            self.id
        }
        fn piece_side(&self) -> usize {
            self.side
        }
        fn circle(&self) -> Option<(Vec2, f64)> {
            self.at.map(|p| (p, 0.5))
        }
    }

    const TABLE: Table = Table {
        size: Vec2::new(48.0, 48.0),
        cell: 6.0,
    };

    #[test]
    fn kept_grids_follow_the_pieces_they_are_told_of_and_only_those() {
        let mut dots = vec![
            Dot {
                id: 0,
                side: 0,
                at: Some(Vec2::new(5.0, 5.0)),
            },
            Dot {
                id: 1,
                side: 1,
                at: Some(Vec2::new(40.0, 40.0)),
            },
        ];
        let mut kept = Kept::default();
        assert_eq!(
            kept.sides(TABLE, &dots)
                .all
                .near(Vec2::new(6.0, 6.0), 2.0)
                .len(),
            1
        );
        // A piece moved without telling the grids is found out...
        dots[1].at = Some(Vec2::new(6.0, 7.0));
        assert_eq!(kept.first_misplaced(TABLE, &dots), Some(1));
        // ...and one told of is kept in step, on its side's grid too.
        kept.place(&dots[1]);
        assert_eq!(kept.first_misplaced(TABLE, &dots), None);
        let ix = kept.sides(TABLE, &dots);
        assert_eq!(ix.side[1].near(Vec2::new(6.0, 6.0), 2.0).to_vec(), vec![1]);
        // Off the table, it is on no grid.
        dots[0].at = None;
        kept.place(&dots[0]);
        assert!(kept.sides(TABLE, &dots).side[0]
            .near(Vec2::new(5.0, 5.0), 3.0)
            .is_empty());
    }
}
