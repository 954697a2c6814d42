//! What must hold of every state (checked by the conformance kit after every command).

use crate::measure::{overlapping, touching};
use crate::state::{Place, State};
use grognard_engine::Side;

pub fn check(state: &State) -> Result<(), String> {
    let units: Vec<_> = state.on_table().collect();
    for (i, a) in units.iter().enumerate() {
        if !a.pose.pos.is_finite() || !a.pose.facing.is_finite() {
            return Err(format!(
                "{} has a pose that is not a number",
                state.name(a.id)
            ));
        }
        if !state.field.contains(&a.base()) {
            return Err(format!(
                "{} stands off the table at {:?}",
                state.name(a.id),
                a.pose
            ));
        }
        for b in &units[i + 1..] {
            if overlapping(&a.base(), &b.base()) {
                return Err(format!(
                    "{} and {} overlap ({:?} / {:?})",
                    state.name(a.id),
                    state.name(b.id),
                    a.pose,
                    b.pose
                ));
            }
        }
    }
    for c in &state.contacts {
        let (a, d) = (state.unit(c.attacker), state.unit(c.defender));
        if !a.on_table() || !d.on_table() {
            return Err(format!("a contact names a unit not on the table: {c:?}"));
        }
        if a.side == d.side {
            return Err(format!("a contact between friends: {c:?}"));
        }
        if !touching(&a.base(), &d.base()) {
            return Err(format!(
                "{} and {} are listed in contact but do not touch",
                state.name(a.id),
                state.name(d.id)
            ));
        }
    }
    for side in Side::ALL {
        let destroyed = state
            .units
            .iter()
            .filter(|u| u.side == side && u.place == Place::Destroyed)
            .count() as u32;
        if destroyed != state.lost[side.index()] {
            return Err(format!(
                "side {side:?} counts {} lost but {destroyed} are destroyed",
                state.lost[side.index()]
            ));
        }
    }
    for (i, q) in state.queues.iter().enumerate() {
        for id in q {
            if state.unit(*id).place != (Place::Waiting { point: i as u8 }) {
                return Err(format!(
                    "{} is queued at point {i} but is {:?}",
                    state.name(*id),
                    state.unit(*id).place
                ));
            }
        }
    }
    for u in &state.units {
        if let Place::Waiting { point } = u.place {
            if !state.queues[point as usize].contains(&u.id) {
                return Err(format!("{} waits but is in no queue", state.name(u.id)));
            }
        }
    }
    // The grids of units follow every event that moves a unit.
    state.index_consistent()?;
    Ok(())
}
