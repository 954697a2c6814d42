//! Grand Batteries ("NFF Maneuver: Grand Batteries", "NFF M&C 10", design 4.8): an eligible
//! commander forms one in Tactical Movement from batteries of his chain of command, 32
//! historical guns or more, in base contact with each other and one with him. It then
//! fires as one unit at one target, each stand at half as much again while he stands; it
//! has one function a turn; it fights a charge as one brigade of so many stands; it is
//! never dissolved.

use super::no;
use crate::ctx::Ctx;
use crate::event::Event;
use crate::measure::{self, TOUCH};
use crate::state::{State, Unit, UnitId};
use grognard_engine::{Illegal, Side};
use grognard_geometry::distance::base_base;

pub const R_GRAND: &str = "NFF Maneuver: Grand Batteries";
/// Historical guns a Grand Battery needs ("NFF Maneuver: Grand Batteries 2").
pub const GUNS: u32 = 32;

/// The batteries of a Grand Battery still on the field.
pub fn members(state: &State, gb: UnitId) -> impl Iterator<Item = &Unit> {
    state
        .on_table()
        .filter(move |u| u.battery().is_some_and(|b| b.grand_battery == Some(gb)))
}

/// Whether the Grand Battery's commander is down, so its bonus is lost ("NFF M&C 10b").
pub fn commander_down(state: &State, gb: UnitId) -> bool {
    !state
        .units()
        .iter()
        .any(|l| !l.gone && l.leader().is_some_and(|ld| ld.commands_battery == Some(gb)))
}

pub fn check_form(
    state: &State,
    side: Side,
    commander: UnitId,
    batteries: &[UnitId],
) -> Result<(), Illegal> {
    let l = state
        .units()
        .get(usize::from(commander))
        .ok_or_else(|| no(R_GRAND, "no such leader"))?;
    let ld = l
        .leader()
        .filter(|_| l.side == side && !l.gone)
        .ok_or_else(|| {
            no(
                R_GRAND,
                "a Grand Battery is formed by one of the side's leaders",
            )
        })?;
    if !ld.grand_battery {
        return Err(no(
            "NFF Maneuver: Grand Batteries 3",
            "only an artillery commander or a leader the module names may form a Grand Battery",
        ));
    }
    if ld.commands_battery.is_some() {
        return Err(no(R_GRAND, "he commands a Grand Battery already"));
    }
    if batteries.is_empty() {
        return Err(no(R_GRAND, "name the batteries"));
    }
    let mut guns = 0;
    let mut units = Vec::new();
    for (i, id) in batteries.iter().enumerate() {
        if batteries[..i].contains(id) {
            return Err(no(R_GRAND, "a battery is named twice"));
        }
        let u = state
            .units()
            .get(usize::from(*id))
            .ok_or_else(|| no(R_GRAND, "no such battery"))?;
        let b = u
            .battery()
            .filter(|_| u.side == side && !u.gone)
            .ok_or_else(|| no(R_GRAND, "a Grand Battery is made of the side's batteries"))?;
        if b.grand_battery.is_some() {
            return Err(no(R_GRAND, "a battery is in a Grand Battery already"));
        }
        if b.limbered {
            return Err(no(R_GRAND, "its batteries stand unlimbered"));
        }
        // His own chain: the battery answers to him or to his superior.
        let chain_ok = measure::chain(state, b.commander)
            .any(|c| c.id == commander || Some(c.id) == ld.superior);
        if !chain_ok {
            return Err(no(
                "NFF Maneuver: Grand Batteries 3",
                "he may use only batteries of his own chain of command",
            ));
        }
        guns += b.guns;
        units.push(u);
    }
    if guns < GUNS {
        return Err(no(
            "NFF Maneuver: Grand Batteries 2",
            format!("{guns} guns: a Grand Battery needs {GUNS} or more"),
        ));
    }
    // In base contact, each with another, one with him.
    let touch = |a: &Unit, b: &Unit| base_base(&a.footprint(), &b.footprint()) <= TOUCH * 4.0;
    let mut joined = vec![units[0]];
    let mut rest: Vec<&Unit> = units[1..].to_vec();
    while let Some(i) = rest.iter().position(|r| joined.iter().any(|j| touch(j, r))) {
        joined.push(rest.remove(i));
    }
    if !rest.is_empty() {
        return Err(no(
            "NFF Maneuver: Grand Batteries 1",
            "its batteries must stand in base contact with each other",
        ));
    }
    let near = units.iter().any(|u| {
        grognard_geometry::distance::point_base(
            crate::phases::leaders::at(state, l),
            &u.footprint(),
        ) <= 1.0
    });
    if !near {
        return Err(no(
            "NFF Maneuver: Grand Batteries 1",
            "one of its batteries must touch its commander",
        ));
    }
    Ok(())
}

pub fn perform_form(ctx: &mut Ctx, commander: UnitId, batteries: &[UnitId]) {
    ctx.emit(Event::GrandBattery {
        commander,
        batteries: batteries.to_vec(),
    });
}
