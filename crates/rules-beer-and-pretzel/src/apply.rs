//! The one place a state changes: each event applied.

use crate::event::Event;
use crate::state::{Done, State, Status};

pub fn apply(state: &mut State, event: &Event) {
    change(state, event);
    // Keep what the state knows of where units stand in step with them.
    match event {
        Event::Rallying { unit, .. }
        | Event::Moved { unit, .. }
        | Event::Formed { unit, .. }
        | Event::Lost { unit, .. }
        | Event::Contact { unit, .. }
        | Event::Routed { unit, .. }
        | Event::Gone { unit, .. } => state.reindex(*unit),
        Event::Remanned { unit, gun, .. } => {
            state.reindex(*unit);
            state.reindex(*gun);
        }
        _ => {}
    }
}

fn change(state: &mut State, event: &Event) {
    match event {
        Event::Period { clock } => {
            state.clock = *clock;
            for u in &mut state.units {
                u.done = Done::default();
            }
        }
        Event::Control { unit, halved, .. } => state.edit(*unit).halved = *halved,
        Event::Rallying { unit, status, pose } => {
            let u = state.edit(*unit);
            u.status = *status;
            u.pose = *pose;
            if *status == Status::Effective {
                u.assaulted = false;
            }
        }
        Event::Moved {
            unit, to, pivot, ..
        } => {
            let u = state.edit(*unit);
            u.pose = *to;
            u.done.moved |= !pivot;
        }
        Event::Formed { unit, order } => {
            let u = state.edit(*unit);
            u.order = *order;
            u.done.changed_formation = true;
        }
        Event::Done { unit, done } => state.edit(*unit).done = *done,
        Event::GunMoved { unit, moved } => state.edit(*unit).gun_moved = *moved,
        Event::Volley { unit, .. } | Event::Gunfire { unit, .. } => {
            state.edit(*unit).done.fired = true;
        }
        Event::Lost { unit, left, .. } => state.edit(*unit).figures = *left,
        Event::Pending { pending } => state.pending = pending.clone(),
        Event::Contact { unit, to, .. } => {
            let u = state.edit(*unit);
            u.pose = *to;
            u.done.moved = true;
        }
        Event::Morale { .. } => {}
        Event::Melee {
            attacker,
            defender,
            result,
            ..
        } => {
            for (id, won) in [
                (*attacker, result.attacker_wins),
                (*defender, !result.attacker_wins),
            ] {
                let u = state.edit(id);
                u.done.fought = true;
                u.done.won |= won;
            }
        }
        Event::Routed { unit, to } => {
            let u = state.edit(*unit);
            u.pose = *to;
            u.status = Status::Routed;
        }
        Event::Assaulted { unit } => state.edit(*unit).assaulted = true,
        Event::Disrupted { unit, until } => state.edit(*unit).disrupted_until = Some(*until),
        Event::Gone { unit, .. } => state.edit(*unit).gone = true,
        Event::Remanned {
            unit,
            gun,
            figures,
            ready_turn,
        } => {
            let from = state.edit(*unit);
            from.figures -= figures;
            from.done.moved = true;
            let to = state.edit(*gun);
            to.figures += figures;
            to.ready_turn = *ready_turn;
        }
        Event::CommanderRisk { .. } => {}
        Event::BuildingFire { unit, .. } => state.edit(*unit).done.fired = true,
        Event::BuildingMelee { attacker, .. } => {
            let u = state.edit(*attacker);
            u.done.fought = true;
            u.done.moved = true;
        }
        Event::BuildingHit { feature, hits } => {
            if state.building_hits.len() <= *feature {
                state.building_hits.resize(*feature + 1, 0);
            }
            state.building_hits[*feature] = *hits;
        }
        Event::Ended { outcome } => state.outcome = Some(outcome.clone()),
    }
}

impl grognard_engine::ctx::Applies for State {
    type Event = Event;
    fn apply(&mut self, event: &Event) {
        apply(self, event)
    }
}
