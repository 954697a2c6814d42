//! The one place a battle's state changes: applying an event.

use crate::event::Event;
use crate::state::{Gone, Pending, Place, Role, State, UnitId};

pub fn apply(state: &mut State, event: &Event) {
    if revises(state, event) {
        state.revise();
    }
    match event {
        Event::Initiative {
            winner, reroll_by, ..
        } => {
            if let Some(s) = reroll_by {
                state.napoleon_reroll_used[s.index()] = true;
            }
            // A losing Napoleon who still has his re-roll may use it before the winner
            // chooses ("NW 6.0").
            let loser = winner.other();
            let may = state.field.sides[loser.index()].napoleon
                && !state.napoleon_reroll_used[loser.index()];
            state.pending = Some(if may {
                Pending::Reroll { side: loser }
            } else {
                Pending::ChooseFirst { side: *winner }
            });
        }
        Event::RollStands { winner } => {
            state.pending = Some(Pending::ChooseFirst { side: *winner });
        }
        Event::FirstChosen { first } => {
            state.clock.first = *first;
            state.pending = None;
        }
        Event::Phase { clock } => {
            state.clock = *clock;
            state.done = [false; 2];
            state.valour_used = false;
            match clock.spec(&crate::sequence::SEQUENCE).key {
                "skirmish" => {
                    for u in state.units.iter_mut() {
                        u.open_to_skirmish = u.open_to_skirmish.saturating_sub(1);
                    }
                }
                // A new half-turn's fire: last half-turn's foot batteries move freely again.
                "artillery" => {
                    for u in state.units.iter_mut() {
                        u.fired_in_own_phase = false;
                    }
                }
                _ => {}
            }
        }
        Event::SideDone { side } => state.done[side.index()] = true,
        Event::Arrived { unit, pose } => {
            state.set_place(*unit, Place::Table);
            state.set_pose(*unit, *pose);
            state.units[*unit as usize].arrived = true;
        }
        Event::Declared { order } => {
            for s in &order.shooters {
                let u = &mut state.units[*s as usize];
                u.fired = true;
                // Irregular cavalry that skirmishes may be skirmished in return ("NW 7.9").
                if u.is_cavalry() {
                    u.open_to_skirmish = 2;
                }
            }
            state.fire_orders.push(order.clone());
        }
        Event::Skirmish { .. } => {}
        Event::ArtilleryFire {
            batteries,
            final_fire,
            ..
        } => {
            let phasing = state.clock.phasing(&crate::sequence::SEQUENCE);
            for b in batteries {
                let u = &mut state.units[*b as usize];
                u.fired = true;
                // Fire in its own side's artillery phase costs a foot battery its move in the
                // maneuver phase that follows ("NW 9.2"); a final shot does not.
                if !final_fire && u.side == phasing {
                    u.fired_in_own_phase = true;
                }
            }
        }
        Event::Lost { unit, sp, .. } => {
            // Only a loss in the skirmish or artillery fire phases makes a disordered unit
            // fight at -2 ("NW 11.2" #1, ruling N39): not final fire, not a combat's losses.
            let in_fire = matches!(crate::sequence::phase_key(state), "skirmish" | "artillery");
            let u = &mut state.units[*unit as usize];
            u.sp = u.sp.saturating_sub(*sp);
            u.lost_in_fire |= in_fire;
        }
        Event::Disordered { unit, .. } => state.units[*unit as usize].disordered = true,
        Event::Reordered { unit } => state.units[*unit as usize].disordered = false,
        Event::Suppressed { unit } => state.units[*unit as usize].suppressed = true,
        Event::Unsuppressed { unit } => state.units[*unit as usize].suppressed = false,
        Event::FellBack { unit, to, .. } => {
            state.set_pose(*unit, *to);
            part_from_battery(state, *unit);
            carry_officers(state, *unit);
        }
        Event::Routed { unit, to } => {
            part_from_battery(state, *unit);
            state.set_pose(*unit, *to);
            carry_officers(state, *unit);
            let u = &mut state.units[*unit as usize];
            u.routed = true;
            u.disordered = true;
        }
        Event::Gone { unit, how, .. } => {
            state.set_place(*unit, Place::Gone(*how));
            // Officers attached to it go with it only if killed; otherwise they stay.
            let riders: Vec<UnitId> = state.riders(*unit).map(|o| o.id).collect();
            for o in riders {
                state.set_attached(o, None);
            }
            state
                .combats
                .retain(|c| c.defender != *unit && !c.attackers.contains(unit));
            if *how != Gone::Killed {
                // A general whose every brigade is gone is removed ("NW 4.0").
                remove_idle_generals(state);
            }
        }
        Event::ManeuverRoll {
            unit,
            roll,
            allowance,
        } => {
            let side = state.units[*unit as usize].side;
            state.units[*unit as usize].moved = true;
            let reordered = matches!(
                roll.allowed,
                crate::resolve::maneuver::Allowed::Disordered(d) if d.reorders().is_some()
            );
            if reordered {
                state.units[*unit as usize].disordered = false;
            }
            state.pending = (*allowance > 0.0).then_some(Pending::Move {
                side,
                unit: *unit,
                allowance: *allowance,
                reordered,
            });
        }
        Event::Moved {
            unit,
            to,
            road,
            cost,
        } => {
            state.set_pose(*unit, *to);
            let u = &mut state.units[*unit as usize];
            u.moved = true;
            u.road_moved = *road;
            if *cost > 0.0 {
                u.shifted = true;
            }
            if matches!(state.pending, Some(Pending::Move { unit: p, .. }) | Some(Pending::Reaction { unit: p, .. }) if p == *unit)
            {
                state.pending = None;
            }
            // Attached officers and batteries move with their unit.
            let moved = *to;
            let batteries: Vec<UnitId> = state
                .riders(*unit)
                .filter(|o| o.is_artillery() && o.on_table())
                .map(|o| o.id)
                .collect();
            for o in batteries {
                state.set_pose(o, crate::state::attached_battery_pose(moved));
            }
            carry_officers(state, *unit);
        }
        Event::MovesOn { unit, allowance } => {
            state.pending = Some(Pending::Move {
                side: state.units[*unit as usize].side,
                unit: *unit,
                allowance: *allowance,
                reordered: false,
            });
        }
        Event::Contact { attacker, defender } => {
            match state.combats.iter_mut().find(|c| c.defender == *defender) {
                Some(c) => {
                    if !c.attackers.contains(attacker) {
                        c.attackers.push(*attacker);
                    }
                }
                None => state.combats.push(crate::state::Combat {
                    attackers: vec![*attacker],
                    defender: *defender,
                }),
            }
        }
        Event::Faced { unit, pose } => {
            state.set_pose(*unit, *pose);
            part_from_battery(state, *unit);
            carry_officers(state, *unit);
        }
        Event::Attached { officer, unit } => state.set_attached(*officer, *unit),
        Event::BatteryAttached {
            battery,
            infantry,
            pose,
        } => {
            state.set_attached(*battery, *infantry);
            state.set_pose(*battery, *pose);
        }
        Event::OfficerMoved { unit, to } => state.set_pose(*unit, *to),
        Event::MovedAside { officer, to } => {
            state.set_attached(*officer, None);
            state.set_pose(*officer, *to);
        }
        Event::OfficerRisk { .. } | Event::Evasion { .. } => {}
        Event::ReactionRoll {
            unit,
            test,
            charged_by,
            toward,
        } => {
            let side = state.units[*unit as usize].side;
            state.units[*unit as usize].reacted = true;
            state.pending = test.passed.then_some(Pending::Reaction {
                side,
                unit: *unit,
                charged_by: *charged_by,
                toward: *toward,
            });
        }
        Event::Countercharged { unit } => {
            state.units[*unit as usize].countercharged = true;
            state.pending = None;
        }
        Event::ContactBroken { defender } => {
            state.combats.retain(|c| c.defender != *defender);
            state.pending = None;
        }
        Event::ReactionMarksCleared => {
            for u in state.units.iter_mut() {
                u.reacted = false;
                u.countercharged = false;
            }
        }
        Event::Fought { .. } => {}
        Event::Advanced { unit, to } => {
            state.set_pose(*unit, *to);
            part_from_battery(state, *unit);
            carry_officers(state, *unit);
        }
        Event::ValourUsed => state.valour_used = true,
        Event::CombatOver { defender } => {
            // The -2 for a loss to fire holds for that combat only ("NW 11.2" #1).
            let fought: Vec<UnitId> = state
                .combats
                .iter()
                .filter(|c| c.defender == *defender)
                .flat_map(|c| c.attackers.iter().copied())
                .chain([*defender])
                .collect();
            for u in fought {
                state.units[u as usize].lost_in_fire = false;
            }
            state.combats.retain(|c| c.defender != *defender)
        }
        Event::RallyTest { .. } => {}
        Event::Rallied { unit, pose } => {
            part_from_battery(state, *unit);
            state.set_pose(*unit, *pose);
            carry_officers(state, *unit);
            let u = &mut state.units[*unit as usize];
            u.routed = false;
            u.disordered = true;
        }
        Event::CommandFatigued { side, command } => state.fatigued.push((*side, *command)),
        Event::ReplacementDue {
            side,
            command,
            turn,
            ..
        } => state.replacements.push((*side, *command, *turn)),
        Event::CommanderReplaced {
            side,
            command,
            unit,
            pose,
        } => {
            state
                .replacements
                .retain(|(s, c, _)| !(s == side && c == command));
            state.set_place(*unit, Place::Table);
            state.set_pose(*unit, *pose);
            match state
                .replaced
                .iter_mut()
                .find(|(s, c, _)| s == side && c == command)
            {
                Some(r) => r.2 += 1,
                None => state.replaced.push((*side, *command, 1)),
            }
        }
        Event::FireMarksCleared => {
            for u in state.units.iter_mut() {
                u.fired = false;
            }
            state.fire_orders.clear();
        }
        Event::LossMarksCleared => {
            for u in state.units.iter_mut() {
                u.lost_in_fire = false;
            }
        }
        Event::MoveMarksCleared { side } => {
            for u in state.units.iter_mut().filter(|u| u.side == *side) {
                u.moved = false;
                u.arrived = false;
                u.shifted = false;
            }
        }
        Event::Ended { outcome } => {
            state.outcome = Some(outcome.clone());
            state.pending = None;
        }
    }
}

/// Whether an event might change who may skirmish or fire at whom. Every event might, but
/// a side ending its part of a phase, and the declarations of foot and guns (a cavalry
/// declaration opens irregular horse to skirmishers in return, "NW 7.9"): declarations are
/// resolved together when the phase ends.
fn revises(state: &State, event: &Event) -> bool {
    match event {
        Event::SideDone { .. } => false,
        Event::Declared { order } => order.shooters.iter().any(|s| state.unit(*s).is_cavalry()),
        _ => true,
    }
}

/// The officers attached to a unit stand with it wherever it goes: moved, turned, driven
/// back, routed, advancing or rallied ("NW 4.0", "NW 9.0 A").
fn carry_officers(state: &mut State, unit: UnitId) {
    let at = state.unit(unit).pose;
    let officers: Vec<UnitId> = state
        .riders(unit)
        .filter(|o| o.is_officer())
        .map(|o| o.id)
        .collect();
    for o in officers {
        state.set_pose(o, grognard_geometry::Pose::at(at.pos, at.facing));
    }
}

/// A battery stays attached only while its brigade moves by its own maneuver: when either
/// is pushed, turned or thrown back, the battery is left where it stands, detached (ruling
/// N31).
fn part_from_battery(state: &mut State, unit: UnitId) {
    let mut parting: Vec<UnitId> = state
        .riders(unit)
        .filter(|o| o.is_artillery())
        .map(|o| o.id)
        .collect();
    if state.unit(unit).is_artillery() {
        parting.push(unit);
    }
    for o in parting {
        state.set_attached(o, None);
    }
}

fn remove_idle_generals(state: &mut State) {
    let gone: Vec<usize> = state
        .units
        .iter()
        .enumerate()
        .filter(|(_, g)| g.on_table())
        .filter_map(|(i, g)| match g.role {
            Role::General { command, division } => {
                let any = state.units.iter().any(|b| {
                    b.side == g.side
                        && b.command == Some(command)
                        && matches!(&b.role, Role::Brigade(_))
                        && !matches!(b.place, Place::Gone(_))
                        && division_of(&b.label) == Some(division)
                });
                (!any).then_some(i)
            }
            _ => None,
        })
        .collect();
    for i in gone {
        state.set_place(i as UnitId, Place::Gone(Gone::Removed));
        state.set_attached(i as UnitId, None);
    }
}

/// The division index of a brigade from its label "2B/1/IV" (division 1 is index 0).
pub fn division_of(label: &str) -> Option<u8> {
    let mut parts = label.split('/');
    parts.next()?;
    let d: u8 = parts.next()?.parse().ok()?;
    d.checked_sub(1)
}

impl grognard_engine::ctx::Applies for State {
    type Event = Event;
    fn apply(&mut self, event: &Event) {
        apply(self, event)
    }
}
