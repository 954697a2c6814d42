//! A uniform grid of square cells over the table, each holding the pieces whose centres lie
//! in it: "which pieces might be within `r` of this point?" then looks at a few cells
//! instead of every piece on the table.
//!
//! Pieces are named by small integer ids (their index in the rule set's own list). The grid
//! answers with a superset: every piece whose centre is within `r` of the point, and perhaps
//! some a little further, so the caller still makes its exact test. Points off the table
//! are kept in the nearest edge cell, which keeps every answer a superset.
//!
//! A grid rather than a tree: bases are all of a size, the table is bounded, and one piece
//! moves at a time, so moving a piece is two short vector edits and a query is a handful of
//! cells.

use crate::Vec2;

#[derive(Debug, Clone, Default)]
pub struct Grid {
    origin: Vec2,
    cell: f64,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
    /// The cell each id is kept in, if any.
    slot: Vec<Option<u32>>,
}

impl Grid {
    /// A grid over the rectangle from `min` to `max` with cells `cell` inches wide.
    pub fn new(min: Vec2, max: Vec2, cell: f64) -> Grid {
        let cell = if cell.is_finite() && cell > 0.0 {
            cell
        } else {
            1.0
        };
        let span = |a: f64, b: f64| {
            let n = ((b - a) / cell).ceil();
            if n.is_finite() && n >= 1.0 {
                (n as usize).min(4096)
            } else {
                1
            }
        };
        let cols = span(min.x, max.x);
        let rows = span(min.y, max.y);
        Grid {
            origin: min,
            cell,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
            slot: Vec::new(),
        }
    }

    fn col(&self, x: f64) -> usize {
        let c = ((x - self.origin.x) / self.cell).floor();
        if c.is_nan() || c < 0.0 {
            0
        } else {
            (c as usize).min(self.cols - 1)
        }
    }

    fn row(&self, y: f64) -> usize {
        let r = ((y - self.origin.y) / self.cell).floor();
        if r.is_nan() || r < 0.0 {
            0
        } else {
            (r as usize).min(self.rows - 1)
        }
    }

    fn cell_of(&self, p: Vec2) -> u32 {
        (self.row(p.y) * self.cols + self.col(p.x)) as u32
    }

    /// Put `id` at `at`, or take it off the grid with `None`.
    pub fn set(&mut self, id: u32, at: Option<Vec2>) {
        let i = id as usize;
        if self.slot.len() <= i {
            self.slot.resize(i + 1, None);
        }
        let to = at.map(|p| self.cell_of(p));
        let from = self.slot[i];
        if from == to {
            return;
        }
        if let Some(c) = from {
            let v = &mut self.cells[c as usize];
            if let Some(k) = v.iter().position(|&x| x == id) {
                v.swap_remove(k);
            }
        }
        if let Some(c) = to {
            self.cells[c as usize].push(id);
        }
        self.slot[i] = to;
    }

    /// Ids whose centres may lie within `r` of `p`: all those that do, and some near them.
    /// Each id comes once.
    pub fn near(&self, p: Vec2, r: f64) -> impl Iterator<Item = u32> + '_ {
        self.in_box(p - Vec2::splat(r), p + Vec2::splat(r))
    }

    /// Ids whose centres may lie within the box from `lo` to `hi`.
    pub fn in_box(&self, lo: Vec2, hi: Vec2) -> impl Iterator<Item = u32> + '_ {
        let (c0, c1) = (self.col(lo.x), self.col(hi.x));
        let (r0, r1) = (self.row(lo.y), self.row(hi.y));
        (r0..=r1).flat_map(move |r| {
            (c0..=c1).flat_map(move |c| self.cells[r * self.cols + c].iter().copied())
        })
    }

    /// Every id on the grid with its cell, to compare against a rebuild.
    pub fn placed(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.slot
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (i as u32, c)))
    }

    /// The cell a point falls in (for checks against [`Grid::placed`]).
    pub fn cell_at(&self, p: Vec2) -> u32 {
        self.cell_of(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute(points: &[(u32, Vec2)], p: Vec2, r: f64) -> Vec<u32> {
        let mut v: Vec<u32> = points
            .iter()
            .filter(|(_, q)| q.distance(p) <= r)
            .map(|(i, _)| *i)
            .collect();
        v.sort();
        v
    }

    #[test]
    fn answers_hold_every_point_within_reach() {
        let mut g = Grid::new(Vec2::ZERO, Vec2::new(100.0, 60.0), 6.0);
        let mut points = Vec::new();
        // A scatter of points, some off the table.
        for i in 0..200u32 {
            let x = (i as f64 * 37.3) % 130.0 - 15.0;
            let y = (i as f64 * 17.9) % 80.0 - 10.0;
            points.push((i, Vec2::new(x, y)));
            g.set(i, Some(Vec2::new(x, y)));
        }
        for (k, p) in [(0, Vec2::new(50.0, 30.0)), (1, Vec2::new(-5.0, 2.0))] {
            for r in [0.5, 3.0, 7.5, 20.0] {
                let mut got: Vec<u32> = g.near(p, r).collect();
                got.sort();
                let mut dedup = got.clone();
                dedup.dedup();
                assert_eq!(got, dedup, "query {k} gave an id twice");
                for want in brute(&points, p, r) {
                    assert!(got.contains(&want), "query {k} r {r} missed {want}");
                }
            }
        }
        // A small reach looks at few cells, not the whole table.
        assert!(g.near(Vec2::new(50.0, 30.0), 1.0).count() < 20);
    }

    #[test]
    fn moving_and_removing_keep_one_entry_per_id() {
        let mut g = Grid::new(Vec2::ZERO, Vec2::new(48.0, 48.0), 6.0);
        g.set(3, Some(Vec2::new(1.0, 1.0)));
        g.set(3, Some(Vec2::new(40.0, 40.0)));
        assert_eq!(g.near(Vec2::new(1.0, 1.0), 1.0).count(), 0);
        assert_eq!(g.near(Vec2::new(40.0, 40.0), 1.0).collect::<Vec<_>>(), [3]);
        g.set(3, None);
        assert_eq!(g.near(Vec2::new(40.0, 40.0), 1.0).count(), 0);
        assert_eq!(g.placed().count(), 0);
        // Ids far from the last one grow the slot list.
        g.set(10, Some(Vec2::new(5.0, 5.0)));
        assert_eq!(
            g.placed().collect::<Vec<_>>(),
            [(10, g.cell_at(Vec2::new(5.0, 5.0)))]
        );
    }
}
