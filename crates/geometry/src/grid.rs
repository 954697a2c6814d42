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
use smallvec::SmallVec;

#[derive(Debug, Clone, Default)]
pub struct Grid {
    origin: Vec2,
    cell: f64,
    cols: usize,
    rows: usize,
    /// Each cell's ids, row by row: laid out when the first id is placed.
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
            cells: Vec::new(),
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
        if to.is_some() && self.cells.is_empty() {
            self.cells = vec![Vec::new(); self.cols * self.rows];
        }
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

    /// Each id in the cells the box from `lo` to `hi` meets, handed to `f` in turn: what
    /// [`Grid::in_box`] yields, without an iterator's work at every cell.
    pub fn each_in_box(&self, lo: Vec2, hi: Vec2, mut f: impl FnMut(u32)) {
        if self.cells.is_empty() {
            return;
        }
        let (c0, c1) = (self.col(lo.x), self.col(hi.x));
        let (r0, r1) = (self.row(lo.y), self.row(hi.y));
        for r in r0..=r1 {
            let row = r * self.cols;
            for cell in &self.cells[row + c0..=row + c1] {
                for &id in cell {
                    f(id);
                }
            }
        }
    }

    /// Ids whose centres may lie within the box from `lo` to `hi`.
    pub fn in_box(&self, lo: Vec2, hi: Vec2) -> impl Iterator<Item = u32> + '_ {
        let (c0, c1) = (self.col(lo.x), self.col(hi.x));
        let (r0, r1) = (self.row(lo.y), self.row(hi.y));
        // No cells laid out yet: no rows to look at.
        #[allow(clippy::reversed_empty_ranges)]
        let rows = if self.cells.is_empty() {
            1..=0
        } else {
            r0..=r1
        };
        rows.flat_map(move |r| {
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

/// The ids [`Pieces::near_iter`] or [`Pieces::along_iter`] finds, in id order.
#[derive(Debug)]
pub enum Near<'a> {
    /// Few pieces: each placed one looked at in turn.
    Scan {
        at: std::slice::Iter<'a, (u32, Vec2, f64)>,
        p: Vec2,
        r: f64,
    },
    /// Few pieces, each looked at in turn for its reach of a segment: its ends, and the
    /// corners of the box round it.
    ScanAlong {
        at: std::slice::Iter<'a, (u32, Vec2, f64)>,
        ends: (Vec2, Vec2),
        bounds: (Vec2, Vec2),
        r: f64,
    },
    /// Many: those the grid's cells gave, sorted.
    Listed(smallvec::IntoIter<[u32; 32]>),
}

impl Iterator for Near<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        match self {
            Near::Scan { at, p, r } => at.find_map(|&(i, c, radius)| {
                let reach = *r + radius;
                (c.distance_squared(*p) <= reach * reach).then_some(i)
            }),
            Near::ScanAlong {
                at,
                ends,
                bounds,
                r,
            } => at.find_map(|&(i, c, radius)| {
                crate::distance::within_of_segment(c, *ends, *bounds, *r + radius).then_some(i)
            }),
            Near::Listed(ids) => ids.next(),
        }
    }
}

/// Up to this many pieces, [`Pieces`] looks at each of them rather than ask the grid: with
/// so few, a scan in id order is cheaper than gathering cells and sorting. Its cells are
/// filled only once it has held more, so a copy of few pieces copies no cells' contents.
const SCAN_ALL_UP_TO: usize = 64;

/// Pieces on a [`Grid`], each a centre and the radius of the circle round its footprint:
/// which pieces' footprints may reach within `r` of a point or a segment, and which piece
/// scores least, looking at a few cells. Answers are ids in ascending order, so a search
/// that takes the first match finds what a scan of every piece in id order would.
#[derive(Debug, Clone, Default)]
pub struct Pieces {
    grid: Grid,
    at: Vec<Option<(Vec2, f64)>>,
    /// The placed pieces alone, in id order: what a scan looks at.
    live: Vec<(u32, Vec2, f64)>,
    /// The widest radius any piece has had: a query widened by it finds every centre whose
    /// circle reaches the query.
    widest: f64,
    span: f64,
    /// Whether the grid's cells hold the pieces: from the first time there were more than
    /// [`SCAN_ALL_UP_TO`] of them. Until then every question is a scan.
    dense: bool,
}

impl Pieces {
    /// No pieces yet, on a grid over the rectangle from `min` to `max` with cells `cell`
    /// inches wide.
    pub fn new(min: Vec2, max: Vec2, cell: f64) -> Pieces {
        Pieces {
            grid: Grid::new(min, max, cell),
            span: (max.x - min.x).abs() + (max.y - min.y).abs(),
            ..Pieces::default()
        }
    }

    /// Put piece `id` at `centre` with its footprint within `radius`, or take it off with
    /// `None`.
    pub fn set(&mut self, id: u32, at: Option<(Vec2, f64)>) {
        let i = id as usize;
        if self.at.len() <= i {
            self.at.resize(i + 1, None);
        }
        if let Some((_, r)) = at {
            if r > self.widest {
                self.widest = r;
            }
        }
        self.at[i] = at;
        match (self.live.binary_search_by_key(&id, |e| e.0), at) {
            (Ok(k), Some((c, r))) => self.live[k] = (id, c, r),
            (Ok(k), None) => {
                self.live.remove(k);
            }
            (Err(k), Some((c, r))) => self.live.insert(k, (id, c, r)),
            (Err(_), None) => {}
        }
        if self.dense {
            self.grid.set(id, at.map(|(c, _)| c));
        } else if self.live.len() > SCAN_ALL_UP_TO {
            self.dense = true;
            for &(id, c, _) in &self.live {
                self.grid.set(id, Some(c));
            }
        }
    }

    /// Where piece `id` stands, if it is placed: its centre and radius.
    pub fn get(&self, id: u32) -> Option<(Vec2, f64)> {
        self.at.get(id as usize).copied().flatten()
    }

    fn all(&self) -> impl Iterator<Item = u32> + '_ {
        self.live.iter().map(|e| e.0)
    }

    /// The pieces whose circles come within `r` of `p`, in no set order.
    fn gather(&self, p: Vec2, r: f64) -> SmallVec<[u32; 32]> {
        let keep = |id: &u32| {
            self.get(*id).is_some_and(|(c, radius)| {
                let reach = r + radius;
                c.distance_squared(p) <= reach * reach
            })
        };
        if !self.dense {
            return self.all().filter(keep).collect();
        }
        let mut out = SmallVec::new();
        let pad = Vec2::splat(r + self.widest);
        self.grid.each_in_box(p - pad, p + pad, |id| {
            if keep(&id) {
                out.push(id);
            }
        });
        out
    }

    /// [`Pieces::near`] as it goes: with few pieces each is looked at in id order when the
    /// iterator comes to it, nothing gathered first.
    pub fn near_iter(&self, p: Vec2, r: f64) -> Near<'_> {
        if !self.dense {
            Near::Scan {
                at: self.live.iter(),
                p,
                r,
            }
        } else {
            Near::Listed(self.near(p, r).into_iter())
        }
    }

    /// The pieces whose circles come within `r` of `p`, in id order.
    pub fn near(&self, p: Vec2, r: f64) -> SmallVec<[u32; 32]> {
        let mut v = self.gather(p, r);
        v.sort_unstable();
        v
    }

    /// The pieces whose circles come within `r` of the segment from `a` to `b`, in id
    /// order.
    pub fn along(&self, a: Vec2, b: Vec2, r: f64) -> SmallVec<[u32; 32]> {
        let (lo, hi) = (a.min(b), a.max(b));
        let keep = |c: Vec2, radius: f64| {
            crate::distance::within_of_segment(c, (a, b), (lo, hi), r + radius)
        };
        if !self.dense {
            return self
                .live
                .iter()
                .filter(|&&(_, c, radius)| keep(c, radius))
                .map(|e| e.0)
                .collect();
        }
        let pad = Vec2::splat(r + self.widest);
        let mut v: SmallVec<[u32; 32]> = SmallVec::new();
        self.grid.each_in_box(lo - pad, hi + pad, |id| {
            if self.get(id).is_some_and(|(c, radius)| keep(c, radius)) {
                v.push(id);
            }
        });
        v.sort_unstable();
        v
    }

    /// [`Pieces::along`] as it goes: with few pieces each is looked at in id order when the
    /// iterator comes to it, nothing gathered first.
    pub fn along_iter(&self, a: Vec2, b: Vec2, r: f64) -> Near<'_> {
        if !self.dense {
            Near::ScanAlong {
                at: self.live.iter(),
                ends: (a, b),
                bounds: (a.min(b), a.max(b)),
                r,
            }
        } else {
            Near::Listed(self.along(a, b, r).into_iter())
        }
    }

    /// The piece with the least `score` (the lower id on a tie) of those it scores, where a
    /// piece's score is never less than the distance from `p` to its circle less `slack`.
    /// The search widens ring by ring: a piece outside a ring of reach `r` is more than `r`
    /// away, so it scores more than `r - slack`, and a best found at or below that is the
    /// best of all.
    pub fn least(
        &self,
        p: Vec2,
        slack: f64,
        mut score: impl FnMut(u32) -> Option<f64>,
    ) -> Option<(f64, u32)> {
        let mut best = |ids: &[u32]| {
            ids.iter()
                .filter_map(|id| score(*id).map(|s| (s, *id)))
                .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)))
        };
        if !self.dense {
            let ids: SmallVec<[u32; 64]> = self.all().collect();
            return best(&ids);
        }
        let mut r = 12.0;
        loop {
            if r > self.span + 2.0 * self.widest {
                let ids: Vec<u32> = self.all().collect();
                return best(&ids);
            }
            let found = best(&self.gather(p, r));
            if let Some((s, _)) = found {
                if s <= r - slack {
                    return found;
                }
            }
            r *= 2.0;
        }
    }

    /// Every placed id with its cell, to compare against a rebuild: none while the cells
    /// are not filled.
    pub fn placed(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.grid.placed()
    }

    /// Whether the grid's cells hold the pieces (there have been more than a scan serves).
    pub fn dense(&self) -> bool {
        self.dense
    }
}

/// The pieces of two sides: all of them on one grid and each side's on a grid of its own,
/// for questions about whatever is near and about one side only.
#[derive(Debug, Clone, Default)]
pub struct Sides {
    pub all: Pieces,
    pub side: [Pieces; 2],
}

impl Sides {
    /// No pieces yet, on grids over the rectangle from `min` to `max` with cells `cell`
    /// inches wide.
    pub fn new(min: Vec2, max: Vec2, cell: f64) -> Sides {
        let grid = || Pieces::new(min, max, cell);
        Sides {
            all: grid(),
            side: [grid(), grid()],
        }
    }

    /// Put piece `id` of side `side` (0 or 1) at `at`, or take it off with `None`.
    pub fn set(&mut self, id: u32, side: usize, at: Option<(Vec2, f64)>) {
        self.all.set(id, at);
        self.side[side & 1].set(id, at);
    }

    /// The first id, up to `n`, that `self` keeps other than `fresh` does (a circle, a
    /// side or a cell apart), for checking a kept index against one built afresh.
    pub fn first_difference(&self, fresh: &Sides, n: u32) -> Option<u32> {
        let placed = |p: &Pieces| {
            let mut v: Vec<(u32, u32)> = p.placed().collect();
            v.sort_unstable();
            v
        };
        let differs = |id: u32| {
            self.all.get(id) != fresh.all.get(id)
                || (0..2).any(|s| self.side[s].get(id) != fresh.side[s].get(id))
        };
        if let Some(id) = (0..n).find(|&id| differs(id)) {
            return Some(id);
        }
        // The placed pieces listed for scans.
        let listed = |mine: &Pieces, theirs: &Pieces| {
            let k = mine
                .live
                .iter()
                .zip(&theirs.live)
                .take_while(|(x, y)| x == y)
                .count();
            mine.live.get(k).or(theirs.live.get(k)).map(|e| e.0)
        };
        if let Some(id) = listed(&self.all, &fresh.all)
            .or_else(|| listed(&self.side[0], &fresh.side[0]))
            .or_else(|| listed(&self.side[1], &fresh.side[1]))
        {
            return Some(id);
        }
        // Cells are filled from the first time a grid held many pieces, so a kept grid may
        // fill them where a fresh one with fewer pieces does not; compare cells only where
        // both do.
        if !(self.all.dense && fresh.all.dense) {
            return None;
        }
        let (a, b) = (placed(&self.all), placed(&fresh.all));
        a.iter()
            .zip(&b)
            .find(|(x, y)| x != y)
            .map(|(x, _)| x.0)
            .or_else(|| {
                let k = a.len().min(b.len());
                a.get(k).or(b.get(k)).map(|x| x.0)
            })
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
    /// A scatter of `n` pieces of several sizes, some off the table.
    fn scatter(n: u32) -> (Pieces, Vec<(u32, Vec2, f64)>) {
        let mut pieces = Pieces::new(Vec2::ZERO, Vec2::new(100.0, 60.0), 6.0);
        let mut all = Vec::new();
        for i in 0..n {
            let c = Vec2::new(
                (i as f64 * 37.3) % 130.0 - 15.0,
                (i as f64 * 17.9) % 80.0 - 10.0,
            );
            let r = 0.5 + (i % 7) as f64 * 1.5;
            pieces.set(i, Some((c, r)));
            all.push((i, c, r));
        }
        (pieces, all)
    }

    #[test]
    fn sides_keep_each_side_apart_and_name_the_first_difference() {
        let mut kept = Sides::new(Vec2::ZERO, Vec2::new(60.0, 40.0), 6.0);
        let mut fresh = kept.clone();
        for id in 0..6u32 {
            let at = Some((Vec2::new(5.0 + id as f64 * 9.0, 20.0), 2.0));
            kept.set(id, (id % 2) as usize, at);
            fresh.set(id, (id % 2) as usize, at);
        }
        assert_eq!(
            kept.side[1].near(Vec2::new(20.0, 20.0), 15.0).to_vec(),
            [1, 3]
        );
        assert_eq!(kept.all.near(Vec2::new(20.0, 20.0), 3.0).to_vec(), [2]);
        assert_eq!(kept.first_difference(&fresh, 6), None);
        // A piece moved in one and not the other, or taken off one, is named.
        kept.set(4, 0, Some((Vec2::new(50.0, 5.0), 2.0)));
        assert_eq!(kept.first_difference(&fresh, 6), Some(4));
        fresh.set(4, 0, Some((Vec2::new(50.0, 5.0), 2.0)));
        fresh.set(5, 1, None);
        assert_eq!(kept.first_difference(&fresh, 6), Some(5));
    }

    #[test]
    fn pieces_answer_as_a_scan_of_every_piece_would() {
        // Few pieces (scanned), many (on the cells), and many thinned to few (the cells
        // kept filled).
        for (n, keep) in [(20, 20), (300, 300), (300, 20)] {
            let (mut pieces, mut all) = scatter(n);
            for id in keep..n {
                pieces.set(id, None);
            }
            all.truncate(keep as usize);
            assert_eq!(pieces.dense(), n > SCAN_ALL_UP_TO as u32);
            // Move one and take one off.
            pieces.set(5, Some((Vec2::new(50.0, 30.0), 2.0)));
            all[5] = (5, Vec2::new(50.0, 30.0), 2.0);
            pieces.set(6, None);
            all.remove(6);
            for p in [
                Vec2::new(50.0, 30.0),
                Vec2::new(-5.0, 2.0),
                Vec2::new(90.0, 55.0),
            ] {
                for r in [0.0, 3.0, 7.5, 20.0] {
                    let want: Vec<u32> = all
                        .iter()
                        .filter(|(_, c, rad)| c.distance(p) <= r + rad)
                        .map(|(i, _, _)| *i)
                        .collect();
                    assert_eq!(
                        pieces.near(p, r).to_vec(),
                        want,
                        "near {p} {r} of {keep}/{n}"
                    );
                    assert_eq!(
                        pieces.near_iter(p, r).collect::<Vec<_>>(),
                        want,
                        "near_iter {p} {r} of {n}"
                    );
                    let b = p + Vec2::new(12.0, -4.0);
                    let want: Vec<u32> = all
                        .iter()
                        .filter(|(_, c, rad)| crate::distance::point_segment(*c, p, b) <= r + rad)
                        .map(|(i, _, _)| *i)
                        .collect();
                    assert_eq!(pieces.along(p, b, r).to_vec(), want, "along {p} {r} of {n}");
                    assert_eq!(
                        pieces.along_iter(p, b, r).collect::<Vec<_>>(),
                        want,
                        "along_iter {p} {r} of {n}"
                    );
                }
                // The nearest centre with an odd id, as a scan finds it.
                let want = all
                    .iter()
                    .filter(|(i, _, _)| i % 2 == 1)
                    .map(|(i, c, _)| (c.distance(p), *i))
                    .min_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
                let got = pieces.least(p, 0.0, |id| {
                    (id % 2 == 1)
                        .then(|| pieces.get(id).map_or(f64::INFINITY, |(c, _)| c.distance(p)))
                });
                assert_eq!(got, want, "least {p} of {n}");
            }
            assert_eq!(pieces.least(Vec2::ZERO, 0.0, |_| None), None);
            let filled = if pieces.dense() { all.len() } else { 0 };
            assert_eq!(pieces.placed().count(), filled);
        }
    }
}
