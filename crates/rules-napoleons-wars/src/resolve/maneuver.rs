//! The maneuver roll ("NW 9.0 C", "NW Maneuver Table" and its modifiers).

use super::{add, roll_2d6};
use crate::levels::{Fatigue, Quality, Rating};
use crate::tables::{DisorderedResult, GoodOrderResult, Maneuver};
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

const RULE: &str = "NW 9.0 C Maneuver table";

/// What a maneuver roll depends on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Facts {
    /// The rating of the unit's commander (the CinC's for an independent brigade).
    pub commander: Rating,
    /// Within the commander's range (and the command has a commander: "NW 11.7").
    pub in_range: bool,
    pub disordered: bool,
    /// A brigade's fatigue level; `None` for a battery, which has none (ruling N38).
    pub fatigue: Option<Fatigue>,
    /// A brigade's quality class; `None` for a battery, which has none and takes no class
    /// modifier (ruling N50).
    pub quality: Option<Quality>,
    pub general_attached: bool,
    pub valorous_near: bool,
    /// The presence bonus of a CinC within 3", if any.
    pub cinc_near: Option<i32>,
    pub suppressed_artillery: bool,
    pub command_fatigued: bool,
}

/// What the table allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Allowed {
    GoodOrder(GoodOrderResult),
    Disordered(DisorderedResult),
}

/// One maneuver roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Roll {
    pub roll: Explanation,
    /// The column read.
    pub column: Rating,
    pub allowed: Allowed,
}

/// The column a unit reads, and the extra -1 for being outside a Poor commander's range
/// ("NW 9.0 C" step 2).
pub fn column(t: &Maneuver, f: &Facts) -> (Rating, i32) {
    if f.in_range {
        (f.commander, 0)
    } else if f.commander == Rating::Poor {
        (Rating::Poor, t.outside_poor_range)
    } else {
        (f.commander.worse(), 0)
    }
}

/// The modifiers of a maneuver roll ("NW Maneuver table modifiers").
pub fn modifiers(t: &Maneuver, f: &Facts) -> Vec<Modifier> {
    let mut m = Vec::new();
    add(
        &mut m,
        f.fatigue == Some(Fatigue::Fresh),
        t.fresh,
        "unit is Fresh",
    );
    add(
        &mut m,
        f.fatigue == Some(Fatigue::Spent),
        t.spent,
        "unit is Spent",
    );
    if let Some(quality) = f.quality {
        let q = t.quality[quality as usize];
        if q != 0 {
            m.push(Modifier::new(q, format!("{quality} class unit")));
        }
    }
    add(
        &mut m,
        f.general_attached,
        t.general_attached,
        "general attached",
    );
    add(
        &mut m,
        f.valorous_near,
        t.valorous_near,
        "within 3\" of a valorous commander",
    );
    if let Some(p) = f.cinc_near {
        add(&mut m, true, p, "CinC's presence within 3\"");
    }
    add(
        &mut m,
        f.suppressed_artillery,
        t.suppressed_artillery,
        "suppressed artillery",
    );
    add(
        &mut m,
        f.command_fatigued,
        t.command_fatigued,
        "command fatigued",
    );
    let (_, outside) = column(t, f);
    add(
        &mut m,
        outside != 0,
        outside,
        "outside a Poor commander's range",
    );
    m
}

/// Read a modified roll.
pub fn read(t: &Maneuver, f: &Facts, total: i32) -> Allowed {
    let (col, _) = column(t, f);
    let row = t.row(col, total);
    if f.disordered {
        Allowed::Disordered(t.disordered[row])
    } else {
        Allowed::GoodOrder(t.good_order[row])
    }
}

/// Roll for one unit.
pub fn resolve(t: &Maneuver, f: &Facts, dice: &mut dyn Dice) -> Roll {
    let mut roll = roll_2d6(dice, RULE, "maneuver", modifiers(t, f));
    let (column, _) = column(t, f);
    let allowed = read(t, f, roll.total);
    roll.row = format!("{column} commander, {}", roll.total).into();
    roll.result = describe(allowed).into();
    Roll {
        roll,
        column,
        allowed,
    }
}

/// The table's words for a result.
pub fn describe(a: Allowed) -> &'static str {
    match a {
        Allowed::GoodOrder(GoodOrderResult::Hold) => "hold position",
        Allowed::GoodOrder(GoodOrderResult::Quarter) => "1/4 move allowed",
        Allowed::GoodOrder(GoodOrderResult::Half) => "1/2 move allowed",
        Allowed::GoodOrder(GoodOrderResult::ThreeQuarters) => "3/4 move allowed",
        Allowed::GoodOrder(GoodOrderResult::Full) => "full move allowed",
        Allowed::Disordered(DisorderedResult::RetreatHalf) => "retreat 1/2 move",
        Allowed::Disordered(DisorderedResult::Hold) => "hold position",
        Allowed::Disordered(DisorderedResult::ReorderHold) => "re-order and hold",
        Allowed::Disordered(DisorderedResult::ReorderQuarter) => "re-order with 1/4 move",
        Allowed::Disordered(DisorderedResult::ReorderHalf) => "re-order with 1/2 move",
        Allowed::Disordered(DisorderedResult::ReorderFull) => "re-order and full move",
    }
}

/// Exact odds of each result.
pub fn odds(t: &Maneuver, f: &Facts) -> Distribution<Allowed> {
    distribution(2, |d| resolve(t, f, d).allowed)
}
