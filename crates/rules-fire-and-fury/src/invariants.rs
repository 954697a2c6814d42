//! What must hold of every state a battle reaches; the conformance kit checks it after
//! every step.

use crate::facts::Formation;
use crate::measure::TOUCH;
use crate::state::{Company, State, What};
use grognard_geometry::overlap::bases_overlap;

pub fn check(state: &State) -> Result<(), String> {
    if state.field.names.len() != state.units.len() {
        return Err("a unit without a name".into());
    }
    for (i, u) in state.units.iter().enumerate() {
        let name = state.name(u.id);
        if usize::from(u.id) != i {
            return Err(format!("unit {i} carries the id {}", u.id));
        }
        if !(u.pose.pos.is_finite() && u.pose.facing.is_finite()) {
            return Err(format!("{name} stands nowhere"));
        }
        match &u.what {
            What::Brigade(b) => {
                if let Some(e) = b.engineers.filter(|_| !u.gone) {
                    let c = state.unit(e);
                    if c.gone || c.company().and_then(|c| c.attached) != Some(u.id) {
                        return Err(format!("{name} names engineers that are not with it"));
                    }
                }
                if b.stands() > b.start_stands {
                    return Err(format!("{name} has more stands than it began with"));
                }
                if !u.gone && b.stands() == 0 {
                    return Err(format!("{name} is on the table with no stands"));
                }
                if b.formation == Formation::Square && b.cavalry {
                    return Err(format!("{name} is cavalry in square"));
                }
                if b.irregular && !b.is_disordered() {
                    return Err(format!("{name} is irregular yet in Good Order"));
                }
                if b.marks.used < -1e-9 || b.marks.used > 1.0 + 1e-6 {
                    return Err(format!("{name} has used {} of a move", b.marks.used));
                }
            }
            What::Battery(b) => {
                if b.functions > 2 {
                    return Err(format!("{name} has used {} functions", b.functions));
                }
            }
            What::Leader(l) => {
                if let Some(a) = l.attached {
                    let w = state.unit(a);
                    if w.gone || w.side != u.side {
                        return Err(format!(
                            "{name} is attached to a unit not on his side's field"
                        ));
                    }
                }
                if l.moved > state.tables().movement.leader + 1e-6 {
                    return Err(format!("{name} has moved {:.1}\"", l.moved));
                }
            }
            What::Company(c) => {
                if c.functions > Company::FUNCTIONS {
                    return Err(format!("{name} has used {} functions", c.functions));
                }
                // Attached to one infantry brigade of its side, which names it back.
                if let Some(a) = c.attached.filter(|_| !u.gone) {
                    let w = state.unit(a);
                    let names_it = w.brigade().is_some_and(|b| b.engineers == Some(u.id));
                    if w.gone || w.side != u.side || !names_it {
                        return Err(format!(
                            "{name} is attached to a unit that does not have it"
                        ));
                    }
                }
            }
        }
    }
    // No brigade or battery stands on another; a charger touches its target only.
    let fighting: Vec<_> = state.on_table().filter(|u| u.fights()).collect();
    for (k, a) in fighting.iter().enumerate() {
        let fa = a.footprint();
        for b in &fighting[k + 1..] {
            if bases_overlap(&fa, &b.footprint(), TOUCH * 4.0) {
                return Err(format!(
                    "{} stands on {}",
                    state.name(a.id),
                    state.name(b.id)
                ));
            }
        }
    }
    state.index_consistent()?;
    Ok(())
}
