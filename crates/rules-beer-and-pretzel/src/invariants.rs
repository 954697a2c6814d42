//! What must hold of every state a battle reaches; the conformance kit checks it after
//! every step.

use crate::state::{Arm, Order, State};

pub fn check(state: &State) -> Result<(), String> {
    for (i, u) in state.units().iter().enumerate() {
        if u.id as usize != i {
            return Err(format!("unit {i} carries the id {}", u.id));
        }
        if u.figures > u.start_figures {
            return Err(format!("{} has more figures than it began with", u.name));
        }
        if !u.gone && u.figures == 0 {
            return Err(format!("{} is on the table with no figures", u.name));
        }
        if !u.gone && u.order == Order::Square && u.arm() != Arm::Infantry {
            return Err(format!("{} is in square but is not infantry", u.name));
        }
        if !u.gone && !u.pose.pos.is_finite() {
            return Err(format!("{} stands nowhere", u.name));
        }
    }
    state.index_consistent()?;
    if let Some(p) = &state.pending {
        let t = state.unit(p.target());
        if t.gone {
            return Err(format!("a decision waits on {}, which is gone", t.name));
        }
    }
    Ok(())
}
