//! Statistics for batches of battles.

use serde::{Deserialize, Serialize};

/// A proportion with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Proportion {
    pub count: u64,
    pub total: u64,
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// The 95% Wilson score interval for `count` successes in `total` trials.
pub fn wilson(count: u64, total: u64) -> Proportion {
    if total == 0 {
        return Proportion {
            count,
            total,
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.959_963_984_540_054_f64;
    let n = total as f64;
    let p = count as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    Proportion {
        count,
        total,
        rate: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_a_known_value() {
        // 81 of 263: the textbook example gives roughly (0.2553, 0.3662).
        let p = wilson(81, 263);
        assert!((p.low - 0.2553).abs() < 5e-4, "{p:?}");
        assert!((p.high - 0.3662).abs() < 5e-4, "{p:?}");
    }

    #[test]
    fn all_successes_has_an_upper_bound_of_one() {
        let p = wilson(200, 200);
        assert_eq!(p.high, 1.0);
        assert!(p.low > 0.98);
    }
}
