//! Every roll the book asks a player to make, bound to the book's own tables, in the order
//! of play: for the odds command, the table companion and any other asker.

use crate::tables::Tables;
use grognard_engine::resolution::{AnyResolution, Bound};
use std::sync::OnceLock;

/// The book's tables, made once.
pub fn book_tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::default)
}

pub fn all() -> Vec<Box<dyn AnyResolution>> {
    let tables = book_tables();
    vec![
        Box::new(Bound {
            resolution: super::initiative::Initiative,
            tables,
        }),
        Box::new(Bound {
            resolution: super::fire::FireRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: super::guns::GunsOut,
            tables,
        }),
        Box::new(Bound {
            resolution: super::morale::MoraleTest,
            tables,
        }),
        Box::new(Bound {
            resolution: super::evade::Evasion,
            tables,
        }),
        Box::new(Bound {
            resolution: super::melee::MeleeRoll,
            tables,
        }),
    ]
}
