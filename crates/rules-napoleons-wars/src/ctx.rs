//! The working context of one command: the state, the dice, and the events emitted so far.

use crate::event::Event;
use crate::state::{Gone, State, UnitId};
use grognard_engine::Dice;

pub struct Ctx<'a> {
    pub state: &'a mut State,
    pub dice: &'a mut dyn Dice,
    pub events: &'a mut Vec<Event>,
}

impl Ctx<'_> {
    /// Apply an event and keep it.
    pub fn emit(&mut self, e: Event) {
        crate::apply::apply(self.state, &e);
        self.events.push(e);
    }

    /// Strength lost: a brigade loses s.p. and is eliminated at none; a battery loses steps
    /// and is destroyed when both are gone ("NW 3.0", "NW 8.4").
    pub fn lose(&mut self, unit: UnitId, sp: u32, why: &str) {
        let u = self.state.unit(unit);
        if sp == 0 || !u.on_table() {
            return;
        }
        let sp = sp.min(u.sp);
        self.emit(Event::Lost {
            unit,
            sp,
            why: why.to_string(),
        });
        if self.state.unit(unit).sp == 0 {
            self.eliminate(unit, Gone::Eliminated, why);
        }
    }

    pub fn eliminate(&mut self, unit: UnitId, how: Gone, why: &str) {
        if !self.state.unit(unit).on_table() {
            return;
        }
        self.emit(Event::Gone {
            unit,
            how,
            why: why.to_string(),
        });
    }

    pub fn disorder(&mut self, unit: UnitId, why: &str) {
        let u = self.state.unit(unit);
        if !u.on_table() {
            return;
        }
        if u.is_artillery() {
            if !u.suppressed {
                self.emit(Event::Suppressed { unit });
            }
        } else if !u.disordered {
            self.emit(Event::Disordered {
                unit,
                why: why.to_string(),
            });
        }
    }
}
