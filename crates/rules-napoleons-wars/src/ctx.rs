//! The working context of one command (the engine's [`grognard_engine::ctx::Ctx`] over this
//! book's state), and what this book does with it beyond emitting events.

use crate::event::Event;
use crate::state::{Gone, State, UnitId};

/// The engine's context of one command over this book's state.
pub type Ctx<'a> = grognard_engine::ctx::Ctx<'a, State>;

/// What this book does with the context of a command, beyond emitting events.
pub trait Effects {
    /// Strength lost: a brigade loses s.p. and is eliminated at none; a battery loses steps
    /// and is destroyed when both are gone ("NW 3.0", "NW 8.4").
    fn lose(&mut self, unit: UnitId, sp: u32, why: &str);
    fn eliminate(&mut self, unit: UnitId, how: Gone, why: &str);
    /// A unit disordered, or a battery suppressed.
    fn disorder(&mut self, unit: UnitId, why: &str);
}

impl Effects for Ctx<'_> {
    fn lose(&mut self, unit: UnitId, sp: u32, why: &str) {
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

    fn eliminate(&mut self, unit: UnitId, how: Gone, why: &str) {
        if !self.state.unit(unit).on_table() {
            return;
        }
        self.emit(Event::Gone {
            unit,
            how,
            why: why.to_string(),
        });
    }

    fn disorder(&mut self, unit: UnitId, why: &str) {
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
