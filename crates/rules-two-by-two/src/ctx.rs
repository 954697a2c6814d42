//! The working context of one command (the engine's [`grognard_engine::ctx::Ctx`] over this
//! book's state), and what this book does with it beyond emitting events.

use crate::event::{Cause, Event};
use crate::state::{Place, State, UnitId};
use crate::units::UnitType;
use grognard_engine::{Outcome, Side};

/// The engine's context of one command over this book's state.
pub type Ctx<'a> = grognard_engine::ctx::Ctx<'a, State>;

/// What this book does with the context of a command, beyond emitting events.
pub trait Effects {
    fn roll(&mut self, purpose: &'static str) -> u8;
    /// Destroy a unit, and any friendly HQ touching it ("2x2 HQs and destroyed units").
    fn destroy(&mut self, id: UnitId, cause: Cause);
    /// End the battle if a side has met the victory conditions ("2x2 Victory conditions").
    fn check_victory(&mut self);
    fn end_with(&mut self, outcome: Outcome);
    /// End every listed contact whose bases no longer touch (a unit pushed aside by a rout
    /// leaves the melee it was in, ruling R17).
    fn prune_contacts(&mut self);
    fn phasing(&self) -> Side;
}

impl Effects for Ctx<'_> {
    fn roll(&mut self, purpose: &'static str) -> u8 {
        self.dice.roll(6, purpose)
    }

    fn destroy(&mut self, id: UnitId, cause: Cause) {
        if self.state.unit(id).place == Place::Destroyed {
            return;
        }
        let was_on_table = self.state.unit(id).on_table();
        let base = self.state.unit(id).base();
        let side = self.state.unit(id).side;
        let hqs: Vec<UnitId> = if was_on_table {
            self.state
                .friends_of(side)
                .filter(|u| u.id != id && u.kind == UnitType::Hq)
                .filter(|u| crate::measure::touching(&base, &u.base()))
                .map(|u| u.id)
                .collect()
        } else {
            Vec::new()
        };
        self.emit(Event::Destroyed { unit: id, cause });
        self.check_victory();
        for hq in hqs {
            self.destroy(hq, Cause::WithItsUnit);
        }
    }

    fn check_victory(&mut self) {
        if self.state.outcome.is_some() {
            return;
        }
        if let Some(o) = crate::victory::decide(self.state) {
            self.emit(Event::Ended { outcome: o });
        }
    }

    fn end_with(&mut self, outcome: Outcome) {
        if self.state.outcome.is_none() {
            self.emit(Event::Ended { outcome });
        }
    }

    fn prune_contacts(&mut self) {
        let broken: Vec<crate::state::Contact> = self
            .state
            .contacts
            .iter()
            .filter(|c| {
                let a = self.state.unit(c.attacker).base();
                let d = self.state.unit(c.defender).base();
                !crate::measure::touching(&a, &d)
            })
            .copied()
            .collect();
        for c in broken {
            self.emit(Event::ContactEnded {
                attacker: c.attacker,
                defender: c.defender,
            });
        }
    }

    fn phasing(&self) -> Side {
        self.state.clock.phasing(&crate::sequence::SEQUENCE)
    }
}
