//! Every roll the module asks a player to make, as a resolution: the facts it reads, its
//! modifiers with their sections, the throw, and its exact odds from the same code
//! (docs/fire-and-fury-design.md, 4.12). A result read from a table of Grognard's own design
//! says so.

pub mod charge;
pub mod fire;
pub mod initiative;
pub mod losses;
pub mod maneuver;

use crate::tables::Tables;
use grognard_engine::resolution::{AnyResolution, Bound};
use grognard_engine::{Dice, Explanation, Modifier};
use std::sync::OnceLock;

/// The tables of the module's rolls, made once.
pub fn book_tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(Tables::default)
}

/// Every roll, in the order of play, bound to `tables`.
pub fn all_with(tables: &'static Tables) -> Vec<Box<dyn AnyResolution>> {
    vec![
        Box::new(Bound {
            resolution: initiative::Initiative,
            tables,
        }),
        Box::new(Bound {
            resolution: maneuver::ReserveMovement,
            tables,
        }),
        Box::new(Bound {
            resolution: maneuver::TacticalMovement,
            tables,
        }),
        Box::new(Bound {
            resolution: fire::FireRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: charge::ChargeRoll,
            tables,
        }),
        Box::new(Bound {
            resolution: losses::LeaderCasualty,
            tables,
        }),
        Box::new(Bound {
            resolution: losses::EngineerLoss,
            tables,
        }),
        Box::new(Bound {
            resolution: initiative::PrimeDirective,
            tables,
        }),
    ]
}

/// Every roll on the shipped tables.
pub fn all() -> Vec<Box<dyn AnyResolution>> {
    all_with(book_tables())
}

/// The words every result read from a table shows: where the table comes from.
pub fn from_table(provenance: &str) -> String {
    format!("[{provenance}]")
}

/// Throw a d10 with `modifiers`: the explanation, its total set.
pub fn d10(
    rule: &'static str,
    what: &'static str,
    modifiers: Vec<Modifier>,
    dice: &mut dyn Dice,
) -> Explanation {
    let mut e = Explanation::new(rule);
    e.dice.push(dice.roll(10, what));
    e.modifiers = modifiers;
    e.tally();
    e
}

/// Sum of modifiers.
pub fn sum(modifiers: &[Modifier]) -> i32 {
    modifiers.iter().map(|m| m.value).sum()
}

/// The other side's modifiers, counted against this side's die.
pub fn against(modifiers: Vec<Modifier>) -> Vec<Modifier> {
    modifiers
        .into_iter()
        .map(|m| {
            let mut reason = m.reason.into_owned();
            reason.push_str(", to the other side");
            Modifier::new(-m.value, reason)
        })
        .collect()
}
