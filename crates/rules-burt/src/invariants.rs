//! What must hold of every state a battle reaches; the conformance kit checks it after
//! every step.

use crate::state::{Chit, State};

pub fn check(state: &State) -> Result<(), String> {
    if state.field.names.len() != state.units.len() {
        return Err("a unit without a name".into());
    }
    for (i, u) in state.units.iter().enumerate() {
        let name = state.name(u.id);
        if u.id as usize != i {
            return Err(format!("unit {i} carries the id {}", u.id));
        }
        if u.figures > u.start_figures || u.guns > u.start_guns {
            return Err(format!(
                "{name} has more figures or guns than it began with"
            ));
        }
        if u.gone {
            continue;
        }
        if u.fights() && (u.figures == 0 || (u.is_guns() && u.guns == 0)) {
            return Err(format!("{name} is on the table with nothing left"));
        }
        if !u.troop.takes(u.formation) {
            return Err(format!(
                "{name} is in {}, which it may not take",
                u.formation.name()
            ));
        }
        if u.chit == Chit::Hidden {
            return Err(format!("{name}'s order is blank in the battle's own state"));
        }
        if u.troop.needs_orders() == (u.chit == Chit::None) {
            return Err(format!(
                "{name} has an order chit where it should not, or none where it should"
            ));
        }
        if u.troop.never_formed() && u.cohesion == crate::state::Cohesion::Formed {
            return Err(format!("{name} is formed, which its troops never are"));
        }
        if !u.pose.pos.is_finite() {
            return Err(format!("{name} stands nowhere"));
        }
    }
    state.index_consistent()?;
    for a in &state.armies {
        if a.morale.is_none() || a.start.is_none() {
            return Err("an army's morale is unknown in the battle's own state".into());
        }
    }
    Ok(())
}
