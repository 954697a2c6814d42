//! The book's rounding ("NW 8.4", "NW II 2.1", "NW II 4.0"): a fraction of .1 to .5 rounds
//! down, .6 and above rounds up.

/// Round `x` (not negative) the book's way. The book speaks in tenths; a fraction strictly
/// above one half rounds up and anything up to one half rounds down (ruling N1).
pub fn book_round(x: f64) -> u32 {
    debug_assert!(x >= 0.0, "book_round of a negative number");
    let whole = x.floor();
    // A small allowance keeps 0.35 * 20 = 7.000000000000001 from being a fraction.
    let frac = x - whole;
    let up = frac > 0.5 + 1e-9;
    (whole as u32) + u32::from(up)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenths_round_as_the_book_says() {
        assert_eq!(book_round(6.3), 6);
        assert_eq!(book_round(1.75), 2);
        assert_eq!(book_round(6.5), 6);
        assert_eq!(book_round(6.6), 7);
        assert_eq!(book_round(8.0), 8);
        assert_eq!(book_round(0.35 * 20.0), 7);
        assert_eq!(book_round(0.4), 0);
    }
}
