//! Applying events: the only code that changes a [`State`].

use crate::event::Event;
use crate::state::{Place, State, Status};
use grognard_engine::sequence::Clock;

pub fn apply(state: &mut State, event: &Event) {
    match event {
        Event::PhaseBegan { clock } => begin_phase(state, *clock),
        Event::ReinforcementRolled { point, .. } => {
            let n = &mut state.rolled[*point as usize];
            *n = n.saturating_add(1);
        }
        Event::Arrived { unit, pose } => {
            for q in state.queues.iter_mut() {
                q.retain(|u| u != unit);
            }
            let u = &mut state.units[*unit as usize];
            u.place = Place::Table;
            u.pose = *pose;
            u.moved = false;
            state.placed();
            state.reindex(*unit);
            state.touched(*unit);
        }
        Event::HeldBack { .. } => {}
        Event::Exchanged { .. } => {}
        Event::Moved { unit, to, road, .. } => {
            let u = &mut state.units[*unit as usize];
            u.pose = *to;
            u.moved = true;
            u.road_column = *road;
            state.reindex(*unit);
            state.touched_moving(*unit);
        }
        Event::Contacted { attacker, defender } => state.contacts.push(crate::state::Contact {
            attacker: *attacker,
            defender: *defender,
        }),
        Event::ContactEnded { attacker, defender } => state
            .contacts
            .retain(|c| !(c.attacker == *attacker && c.defender == *defender)),
        Event::Placed { unit, pose, .. } => state.set_pose(*unit, *pose),
        Event::Fired { shooter, with, .. } => {
            state.units[*shooter as usize].fired = true;
            if let Some(w) = with {
                state.units[*w as usize].fired = true;
            }
            state.touched(*shooter);
        }
        Event::Hit { .. } | Event::RoutTest { .. } | Event::MeleeFought { .. } => {}
        Event::Repulsed { unit, to } => {
            state.set_pose(*unit, *to);
            drop_contacts(state, *unit);
        }
        Event::StatusChanged { unit, status, .. } => {
            state.units[*unit as usize].status = *status;
            state.touched(*unit);
        }
        Event::Routed { unit, to } => {
            state.set_pose(*unit, *to);
            state.units[*unit as usize].status = Status::Disrupted;
            drop_contacts(state, *unit);
        }
        Event::Destroyed { unit, .. } => lose(state, *unit),
        Event::Exited { unit } => {
            let u = &mut state.units[*unit as usize];
            u.place = Place::Exited;
            let side = u.side.index();
            state.exited[side] += 1;
            state.placed();
            state.reindex(*unit);
            state.touched(*unit);
            drop_contacts(state, *unit);
        }
        Event::Rallied { unit, success, .. } => {
            let u = &mut state.units[*unit as usize];
            u.rallied = true;
            if *success {
                u.status = Status::Ready;
            }
            state.touched(*unit);
        }
        Event::Passed { unit } => {
            let key = state.clock.spec(&crate::sequence::SEQUENCE).key;
            let u = &mut state.units[*unit as usize];
            match key {
                // Only its `moved` flag: the marks stay ([`crate::state::Stamps`]).
                "move" => u.moved = true,
                "shoot" => u.fired = true,
                "rally" => u.rallied = true,
                _ => {}
            }
            if key != "move" {
                state.touched(*unit);
            }
        }
        Event::FollowedUp { unit, to } => {
            let u = &mut state.units[*unit as usize];
            u.pose = *to;
            u.followed_up = true;
            state.reindex(*unit);
            state.touched(*unit);
        }
        Event::MeleeWork { work } => state.melee = work.clone(),
        Event::Pending { pending } => state.pending = pending.clone(),
        Event::Contacts { contacts } => state.contacts = contacts.clone(),
        Event::Ended { outcome } => state.outcome = Some(outcome.clone()),
    }
}

fn lose(state: &mut State, id: u16) {
    for q in state.queues.iter_mut() {
        q.retain(|u| *u != id);
    }
    let u = &mut state.units[id as usize];
    if u.place == Place::Destroyed {
        return;
    }
    u.place = Place::Destroyed;
    let side = u.side.index();
    state.lost[side] += 1;
    state.placed();
    state.reindex(id);
    state.touched(id);
    drop_contacts(state, id);
}

fn drop_contacts(state: &mut State, id: u16) {
    state
        .contacts
        .retain(|c| c.attacker != id && c.defender != id);
    state
        .melee
        .queue
        .retain(|c| c.attacker != id && c.defender != id);
}

fn begin_phase(state: &mut State, clock: Clock) {
    state.clock = clock;
    // Units' flags are cleared for the new phase.
    state.stamps.touch_all();
    state.melee.columns.clear();
    let seq = &crate::sequence::SEQUENCE;
    let phasing = clock.phasing(seq);
    match clock.spec(seq).key {
        "move" => {
            for u in state.units.iter_mut().filter(|u| u.side == phasing) {
                u.moved = false;
                u.road_column = false;
            }
            for (r, p) in state.rolled.iter_mut().zip(&state.field.points) {
                if p.side == phasing {
                    *r = 0;
                }
            }
        }
        "rally" => state.units.iter_mut().for_each(|u| u.rallied = false),
        "shoot" => state.units.iter_mut().for_each(|u| u.fired = false),
        "melee" => state.units.iter_mut().for_each(|u| u.followed_up = false),
        _ => {}
    }
}

impl grognard_engine::ctx::Applies for State {
    type Event = Event;
    fn apply(&mut self, event: &Event) {
        apply(self, event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::SEQUENCE;

    #[test]
    fn the_marks_change_with_the_units_the_still_mark_not_with_a_move_and_places_only_with_one() {
        let mut s = crate::design::setup::start(&crate::design::setup::large(2));
        assert_eq!(s.clock.spec(&SEQUENCE).key, "move");
        let u = s.units.iter().find(|u| u.on_table()).unwrap().clone();
        let marks = |s: &State| (s.stamps.of(u.side), s.stamps.of(u.side.other()));
        let before = marks(&s);
        // Standing in the movement phase only marks the unit as moved.
        apply(&mut s, &Event::Passed { unit: u.id });
        assert!(s.units[u.id as usize].moved);
        assert_eq!(marks(&s), before);
        // A move marks the side's units, but leaves its still mark: the unit that moved is
        // marked moved, and every other stands as it stood.
        let still = |s: &State| (s.stamps.still_of(u.side), s.stamps.still_of(u.side.other()));
        let (before_still, other) = (still(&s), u.side.other());
        let places = s.stamps.places();
        let mover = s.friends_of(other).next().unwrap().clone();
        apply(
            &mut s,
            &Event::Moved {
                unit: mover.id,
                to: mover.pose.advanced(1.0, 0.0),
                cost: 1.0,
                road: false,
            },
        );
        assert_ne!(marks(&s).1, before.1);
        assert_eq!(still(&s), before_still);
        // It moves a base, so the places mark too.
        assert_ne!(s.stamps.places(), places);
        let (before, places) = (marks(&s), s.stamps.places());
        // A change of status marks the unit's side, and only it.
        apply(
            &mut s,
            &Event::StatusChanged {
                unit: u.id,
                status: Status::Pinned,
                why: String::new(),
            },
        );
        let after = marks(&s);
        assert_ne!(after.0, before.0);
        assert_eq!(after.1, before.1);
        assert_ne!(still(&s).0, before_still.0);
        assert_eq!(still(&s).1, before_still.1);
        // A change of status moves no base.
        assert_eq!(s.stamps.places(), places);
        // A copy changed otherwise than the original never shares its mark.
        let mut copy = s.clone();
        assert_eq!(marks(&copy), after);
        apply(
            &mut copy,
            &Event::StatusChanged {
                unit: u.id,
                status: Status::Disrupted,
                why: String::new(),
            },
        );
        apply(
            &mut s,
            &Event::StatusChanged {
                unit: u.id,
                status: Status::Ready,
                why: String::new(),
            },
        );
        assert_ne!(marks(&copy).0, marks(&s).0);
        assert_ne!(marks(&s).0, after.0);
    }
}
