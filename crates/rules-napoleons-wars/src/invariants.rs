//! What must hold of every state a battle reaches; the conformance kit checks it after every
//! command.

use crate::measure::overlapping;
use crate::state::{Place, State};

pub fn check(state: &State) -> Result<(), String> {
    for u in &state.units {
        if u.id as usize >= state.units.len() || state.units[u.id as usize].id != u.id {
            return Err(format!("unit {} has a wrong id", u.label));
        }
        if u.brigade().is_some() && u.sp > u.brigade().map_or(0, |b| b.sp) {
            return Err(format!(
                "{} has more strength than it started with",
                u.label
            ));
        }
        if u.is_artillery() && u.sp > 2 {
            return Err(format!("{} has more than two steps", u.label));
        }
        if u.on_table() && !u.is_officer() && u.sp == 0 {
            return Err(format!("{} is on the table with no strength", u.label));
        }
        if u.on_table()
            && !(u.pose.pos.x.is_finite() && u.pose.pos.y.is_finite() && u.pose.facing.is_finite())
        {
            return Err(format!("{} has no proper place", u.label));
        }
        if u.on_table() && !u.is_officer() && !state.field.contains(&u.base()) {
            return Err(format!("{} is off the table", u.label));
        }
        if let Some(a) = u.attached {
            if a as usize >= state.units.len() {
                return Err(format!("{} is attached to no unit", u.label));
            }
            let host = state.unit(a);
            if u.is_officer()
                && u.on_table()
                && host.on_table()
                && u.pose.pos.distance(host.pose.pos) > 1e-6
            {
                return Err(format!(
                    "{} is attached to {} but stands apart from it",
                    u.label, host.label
                ));
            }
        }
    }
    state.index_consistent()?;
    let troops: Vec<_> = state.on_table().filter(|u| !u.is_officer()).collect();
    for (i, a) in troops.iter().enumerate() {
        for b in &troops[i + 1..] {
            if overlapping(&a.base(), &b.base()) {
                return Err(format!("{} and {} overlap", a.label, b.label));
            }
        }
    }
    for c in &state.combats {
        if c.attackers.is_empty() || c.attackers.len() > 2 {
            return Err(format!(
                "a combat on {} has {} attackers",
                state.name(c.defender),
                c.attackers.len()
            ));
        }
        if state.unit(c.defender).place != Place::Table {
            return Err(format!(
                "a combat on {} who is not on the table",
                state.name(c.defender)
            ));
        }
    }
    if state.outcome.is_some() && state.pending.is_some() {
        return Err("the battle is over but a decision is pending".into());
    }
    Ok(())
}
