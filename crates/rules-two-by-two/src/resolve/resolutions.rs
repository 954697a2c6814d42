//! Every roll the book asks a player to make, as the odds command, the table companion and
//! any other asker see them: each bound to the book's own tables.

use crate::tables::Tables;
use grognard_engine::resolution::{AnyResolution, Bound};
use std::sync::OnceLock;

/// The book's tables, made once.
pub fn book_tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::default)
}

/// Every roll of the book, in the order of play.
pub fn all() -> Vec<Box<dyn AnyResolution>> {
    let tables = book_tables();
    vec![
        Box::new(Bound {
            resolution: crate::resolve::setup::SetupRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::reinforcement::ReinforcementRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::shooting::ShootingRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::defensive_fire::DefensiveFireRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::melee::MeleeRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::rout_survival::RoutSurvivalRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::rally::RallyRoll,
            tables,
        }),
    ]
}
