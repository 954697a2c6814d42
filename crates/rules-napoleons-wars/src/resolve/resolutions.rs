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
            resolution: crate::resolve::maneuver::ManeuverRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::skirmish::SkirmishRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::fire::ArtilleryRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::final_fire::FinalFireRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::final_fire::EvasionRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::combat::CombatRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::reaction::ReactionRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::rally::RallyRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::initiative::InitiativeRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::officer::OfficerRisk,
            tables,
        }),
        Box::new(Bound {
            resolution: crate::resolve::pursuit::PursuitRoll,
            tables,
        }),
    ]
}
