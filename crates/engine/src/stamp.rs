//! Stamps: numbers each given once in the whole process, by which a book marks a change to
//! part of its state (a unit, a side's units). A reader that kept the stamp of what it
//! looked at knows that part unchanged while the stamp is the same, without comparing it:
//! a copy of a state carries its stamps, and any change to either copy draws new ones,
//! which no other copy can show. Stamps are kept beside a state, never saved and never
//! compared as part of it.

use std::sync::atomic::{AtomicU64, Ordering};

static NEXT: AtomicU64 = AtomicU64::new(1);

/// A stamp no other call in this process has given. Never zero, so a book may keep zero
/// for "not known".
pub fn fresh() -> u64 {
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// `n` stamps in a row that no other call has given: the first of them.
pub fn fresh_run(n: u64) -> u64 {
    NEXT.fetch_add(n, Ordering::Relaxed)
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
}
