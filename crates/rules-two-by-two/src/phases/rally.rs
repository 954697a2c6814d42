//! Rallying ("2x2 Rallying", "Rally modifiers"): who may rally, and the situation of the
//! roll from the table; the roll itself is `resolve/rally.rs`'s.

use crate::measure::{self, distance, touching};
use crate::resolve::facts::UnitFacts;
pub use crate::resolve::rally::{barred, modifiers, roll, Rallied, RallyRoll, Situation, RULE};
use crate::state::{State, Status, Unit, BASE_RADIUS};
use crate::units::UnitType;
use grognard_engine::explain::Modifier;
use grognard_engine::Illegal;

/// Is `hq` in the chain of command of `unit`?
pub fn commands(hq: &Unit, unit: &Unit) -> bool {
    hq.kind == UnitType::Hq && hq.side == unit.side && unit.command.is_none_or(|c| c == hq.id)
}

/// The facts of a unit's rally on the table, or why it may not try.
pub fn situation(state: &State, unit: &Unit) -> Result<Situation, Illegal> {
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
    // Every base is the same size, so another unit is passed over by its centre before its
    // base is drawn: beyond both circles and the gap it cannot touch this one, and beyond
    // `r` by [`measure::centre_beyond`] it is not within `r` by [`distance`].
    let touch = 2.0 * BASE_RADIUS + grognard_geometry::CONTACT + 1e-9;
    let may_touch = |o: &Unit| o.pose.pos.distance_squared(unit.pose.pos) <= touch * touch;
    let may_be_within = |o: &Unit, r: f64| !measure::centre_beyond(&b, o.pose.pos, BASE_RADIUS, r);
    if !is_hq
        && state
            .enemies_of(unit.side)
            .any(|e| may_touch(e) && touching(&b, &e.base()))
    {
        return Err(Illegal::new(
            RULE,
            "a unit in contact with the enemy cannot rally",
        ));
    }
    let s = Situation {
        unit: UnitFacts::of(unit),
        hq_in_range: is_hq
            || state.friends_of(unit.side).any(|h| {
                commands(h, unit)
                    && may_be_within(h, t.hq_radius)
                    && distance(&b, &h.base()) <= t.hq_radius + 1e-9
            }),
        hq_in_contact: measure::hq_in_contact(state, unit).is_some(),
        enemy_near: state.enemies_of(unit.side).any(|e| {
            may_be_within(e, t.enemy_near) && distance(&b, &e.base()) <= t.enemy_near + 1e-9
        }),
    };
    match barred(t, &s) {
        Some((_, why)) => Err(Illegal::new(RULE, why)),
        None => Ok(s),
    }
}

/// The modifiers of a unit's rally attempt on the table, or why none may be made.
pub fn plan(state: &State, unit: &Unit) -> Result<Vec<Modifier>, Illegal> {
    situation(state, unit).map(|s| modifiers(&state.field.tables.rally, &s))
}
