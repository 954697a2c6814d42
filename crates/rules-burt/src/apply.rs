//! The one place a state changes: each event applied.

use crate::event::Event;
use crate::state::{Chit, Marks, Phase, State};

pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::Phase { clock, next } => {
            let new_turn = clock.turn != state.clock.turn;
            state.clock = *clock;
            state.next = *next;
            state.passed = [false; 2];
            state.choosing = None;
            if new_turn || Phase::of(clock.phase) == Phase::Orders {
                for u in &mut state.units {
                    u.marks = Marks::default();
                }
            }
        }
        Event::Next { side } => state.next = *side,
        Event::Passed { side } => state.passed[side.index()] = true,
        Event::Initiative { winner, .. } => state.choosing = Some(*winner),
        Event::First { side } => {
            state.clock.first = *side;
            state.next = *side;
            state.choosing = None;
        }
        Event::Ordered { unit, order } => {
            let u = &mut state.units[*unit as usize];
            u.chit = Chit::Secret(*order);
            u.marks.ordered = true;
        }
        Event::Revealed { unit, order } => state.units[*unit as usize].chit = Chit::Open(*order),
        Event::Forced { unit, order, .. } => state.units[*unit as usize].chit = Chit::Open(*order),
        Event::LeftReserve { unit } => state.units[*unit as usize].left_reserve = true,
        Event::ArmyMorale { side, left, .. } => state.armies[side.index()].morale = Some(*left),
        Event::Demoralised { side } => state.armies[side.index()].demoralised = true,
        Event::Moved { unit, to, used } => {
            let reserve = state.phase() == Phase::Reserve;
            let u = &mut state.units[*unit as usize];
            u.marks.reserve_moved |= reserve;
            u.pose = *to;
            u.marks.used += used;
            u.marks.moved = true;
            let (id, pose) = (u.id, u.pose);
            state.reindex(id);
            follow(state, id, pose);
        }
        Event::Formed {
            unit,
            formation,
            used,
        } => {
            let u = &mut state.units[*unit as usize];
            u.formation = *formation;
            u.marks.used += used;
            u.marks.changed_formation = true;
            state.reindex(*unit);
        }
        Event::Cohesion { unit, cohesion, .. } => {
            state.units[*unit as usize].cohesion = *cohesion;
        }
        Event::RetreatDue { unit, due } => state.units[*unit as usize].retreat_due = *due,
        Event::Pushed { unit } => state.units[*unit as usize].marks.retired = true,
        Event::Advanced { unit } => state.units[*unit as usize].marks.advanced = true,
        Event::Routed { unit } => state.units[*unit as usize].marks.routed = true,
        Event::Countercharging { unit } => {
            state.units[*unit as usize].marks.countercharged = true;
        }
        Event::Status { unit, status } => state.units[*unit as usize].status = *status,
        Event::Declared { unit, target } => {
            state.units[*unit as usize].marks.assaulting = Some(*target);
            state.units[*unit as usize].marks.assaulted = true;
        }
        Event::Called { unit, .. } => state.units[*unit as usize].marks.assaulting = None,
        Event::Supporting { unit, friend } => {
            let u = &mut state.units[*unit as usize];
            u.marks.supporting = Some(*friend);
            u.marks.reserve_moved = true;
        }
        Event::Reacted { unit, .. } => state.units[*unit as usize].marks.reacted = true,
        Event::Evaded { unit, to, .. } => {
            let u = &mut state.units[*unit as usize];
            u.pose = *to;
            u.marks.retired = true;
            u.marks.evaded = true;
            let (id, pose) = (u.id, u.pose);
            state.reindex(id);
            follow(state, id, pose);
        }
        Event::Volley { unit, .. } => {
            let u = &mut state.units[*unit as usize];
            u.marks.fired = true;
            u.fired_today = true;
        }
        Event::Lost {
            unit,
            figures,
            left,
            guns_left,
            fire,
            ..
        } => {
            let u = &mut state.units[*unit as usize];
            u.figures = *left;
            u.guns = *guns_left;
            u.marks.lost += figures;
            if *fire {
                u.marks.lost_to_fire += figures;
            }
            state.reindex(*unit);
        }
        Event::Gone { unit, .. } => {
            state.units[*unit as usize].gone = true;
            state.reindex(*unit);
            for g in &mut state.units {
                if g.with == Some(*unit) {
                    g.with = None;
                }
            }
        }
        Event::Morale { .. } => {}
        Event::Melee {
            attacker, defender, ..
        } => {
            state.units[*attacker as usize].marks.fought = true;
            state.units[*defender as usize].marks.fought = true;
        }
        Event::Joined { general, unit } => state.units[*general as usize].with = *unit,
        Event::Ended { outcome } => state.outcome = Some(outcome.clone()),
    }
}

/// Generals in command of a unit go where it goes ("Burt 12"): placed just behind it.
fn follow(state: &mut State, id: u16, pose: grognard_geometry::Pose) {
    let depth = state.units[id as usize].footprint().depth;
    for i in 0..state.units.len() {
        let g = &mut state.units[i];
        if g.with == Some(id) && !g.gone {
            g.pose = pose.advanced(-(depth * 0.5 + 0.6), 0.0);
            state.reindex(i as u16);
        }
    }
}

impl grognard_engine::ctx::Applies for State {
    type Event = Event;
    fn apply(&mut self, event: &Event) {
        apply(self, event)
    }
}
