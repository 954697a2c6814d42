//! Stamps: numbers each given once in the whole process, by which a book marks a change to
//! part of its state (a unit, a side's units). A reader that kept the stamp of what it
//! looked at knows that part unchanged while the stamp is the same, without comparing it:
//! a copy of a state carries its stamps, and any change to either copy draws new ones,
//! which no other copy can show. Stamps are kept beside a state, never saved and never
//! compared as part of it.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering};

/// The first stamp no thread has taken yet.
static NEXT: AtomicU64 = AtomicU64::new(1);

/// How many stamps a thread takes from [`NEXT`] at a time. Each thread gives out its own
/// block, so that threads playing battles side by side do not contend for one counter at
/// every change of a state: they meet at [`NEXT`] once in this many stamps.
const BLOCK: u64 = 1 << 16;

thread_local! {
    /// The stamps this thread has taken and not yet given: from the first to the end.
    static TAKEN: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// A stamp no other call in this process has given. Never zero, so a book may keep zero
/// for "not known".
pub fn fresh() -> u64 {
    fresh_run(1)
}

/// `n` stamps in a row that no other call has given: the first of them.
pub fn fresh_run(n: u64) -> u64 {
    TAKEN.with(|taken| {
        let (first, end) = taken.get();
        if end - first >= n {
            taken.set((first + n, end));
            return first;
        }
        let block = n.max(BLOCK);
        let first = NEXT.fetch_add(block, Ordering::Relaxed);
        taken.set((first + n, first + block));
        first
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_are_never_given_twice() {
        let first = fresh_run(3);
        let next = fresh();
        assert!(first > 0);
        assert!(next >= first + 3, "{first} then {next}");
        let many: std::collections::BTreeSet<u64> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..2)
                .map(|_| s.spawn(|| (0..1000).map(|_| fresh()).collect::<Vec<_>>()))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        assert_eq!(many.len(), 2000);
    }

    #[test]
    fn runs_on_many_threads_never_overlap() {
        // Runs longer than a block and shorter, on threads side by side: every stamp of
        // every run is given once.
        let runs: Vec<(u64, u64)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..3u64)
                .map(|t| {
                    s.spawn(move || {
                        (0..200u64)
                            .map(|i| {
                                let n = if i % 50 == 7 {
                                    BLOCK + 3
                                } else {
                                    1 + (i + t) % 5
                                };
                                (fresh_run(n), n)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        let mut spans: Vec<(u64, u64)> = runs.iter().map(|&(a, n)| (a, a + n)).collect();
        spans.sort();
        assert!(spans[0].0 > 0, "no stamp is zero");
        for w in spans.windows(2) {
            assert!(w[0].1 <= w[1].0, "runs {:?} and {:?} overlap", w[0], w[1]);
        }
    }
}
