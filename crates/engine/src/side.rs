//! The two sides of a battle.

use serde::{Deserialize, Serialize};

/// One of the two sides, `Side(0)` or `Side(1)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Side(pub u8);

impl Side {
    pub const ALL: [Side; 2] = [Side(0), Side(1)];

    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    #[inline]
    pub fn other(self) -> Side {
        Side(1 - self.0)
    }
}
