//! Rallying ("2x2 Rallying", "Rally modifiers").

use crate::measure::{self, distance, touching};
use crate::state::{State, Status, Unit};
use crate::units::{Size, UnitType};
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::{Dice, Illegal};

pub const RULE: &str = "2x2 Rallying";

/// Is `hq` in the chain of command of `unit`?
pub fn commands(hq: &Unit, unit: &Unit) -> bool {
    hq.kind == UnitType::Hq && hq.side == unit.side && unit.command.is_none_or(|c| c == hq.id)
}

/// The modifiers of a rally attempt, or why none may be made.
pub fn plan(state: &State, unit: &Unit) -> Result<Vec<Modifier>, Illegal> {
    let t = &state.field.tables.rally;
    if !unit.on_table() {
        return Err(Illegal::new(RULE, "the unit is not on the table"));
    }
    if unit.status == Status::Ready {
        return Err(Illegal::new(
            RULE,
            "the unit is neither Pinned nor Disrupted",
        ));
    }
    if unit.rallied {
        return Err(Illegal::new(
            RULE,
            "the unit has already tried to rally this phase",
        ));
    }
    let b = unit.base();
    let is_hq = unit.kind == UnitType::Hq;
    let hq_contact = measure::hq_in_contact(state, unit);
    if state.enemies_of(unit.side).any(|e| touching(&b, &e.base())) && !is_hq {
        return Err(Illegal::new(
            RULE,
            "a unit in contact with the enemy cannot rally",
        ));
    }
    if !is_hq {
        let near_hq = state
            .friends_of(unit.side)
            .any(|h| commands(h, unit) && distance(&b, &h.base()) <= t.hq_radius + 1e-9);
        if !near_hq {
            return Err(Illegal::new(
                RULE,
                format!("no HQ of its chain of command is within {}\"", t.hq_radius),
            ));
        }
    }
    let mut m = Vec::new();
    let enemy_near = state
        .enemies_of(unit.side)
        .any(|e| distance(&b, &e.base()) <= t.enemy_near + 1e-9);
    if enemy_near {
        if !(is_hq || unit.kind == UnitType::Guards || hq_contact.is_some()) {
            return Err(Illegal::new(
                RULE,
                format!(
                    "an enemy is within {}\" (only Guards and units touching their HQ may rally)",
                    t.enemy_near
                ),
            ));
        }
        m.push(Modifier::new(
            t.enemy_within,
            format!("enemy within {}\"", t.enemy_near),
        ));
    }
    if unit.kind == UnitType::Guards {
        m.push(Modifier::new(t.guards, "Guards"));
    }
    if hq_contact.is_some() && !is_hq {
        m.push(Modifier::new(t.hq_in_contact, "HQ in base-to-base contact"));
    }
    if unit.kind == UnitType::Militia
        || (unit.size == Size::Small && unit.kind.size_counts_for_melee())
    {
        m.push(Modifier::new(t.militia_or_small, "Militia or Small"));
    }
    if unit.status == Status::Disrupted {
        m.push(Modifier::new(t.disrupted, "Disrupted"));
    }
    if is_hq {
        m.push(Modifier::new(t.hq_self, "HQ rallying itself"));
    }
    Ok(m)
}

/// Roll a rally.
pub fn resolve(
    state: &State,
    modifiers: Vec<Modifier>,
    dice: &mut dyn Dice,
) -> (Explanation, bool) {
    let t = &state.field.tables.rally;
    let mut e = Explanation::new(RULE);
    e.dice = vec![dice.roll(6, "rally")];
    e.modifiers = modifiers;
    let total = e.tally();
    let ok = total >= t.succeeds_at;
    e.row = if ok {
        format!("{}+", t.succeeds_at).into()
    } else {
        format!("{} or less", t.succeeds_at - 1).into()
    };
    e.result = if ok {
        "rallies".into()
    } else {
        "fails to rally".into()
    };
    (e, ok)
}
