//! The working context of one command (the engine's [`grognard_engine::ctx::Ctx`] over this
//! book's state), and what this book does with it beyond emitting events.

use crate::event::Event;
use crate::state::{Arm, State, UnitId};

pub type Ctx<'a> = grognard_engine::ctx::Ctx<'a, State>;

pub trait Effects {
    /// Figures lost; a unit with none left, or a gun with fewer gunners than it needs and
    /// no way to fire, is gone at none.
    fn lose(&mut self, unit: UnitId, figures: u32, why: &str);
    fn remove(&mut self, unit: UnitId, why: &str);
}

impl Effects for Ctx<'_> {
    fn lose(&mut self, unit: UnitId, figures: u32, why: &str) {
        let u = self.state.unit(unit);
        if figures == 0 || u.gone {
            return;
        }
        let figures = figures.min(u.figures);
        let left = u.figures - figures;
        self.emit(Event::Lost {
            unit,
            figures,
            left,
            why: why.to_string(),
        });
        let u = self.state.unit(unit);
        if u.figures == 0 {
            let what = if u.arm() == Arm::Artillery {
                "its crew is lost, and the gun with it"
            } else {
                "no figures are left"
            };
            self.remove(unit, what);
        }
    }

    fn remove(&mut self, unit: UnitId, why: &str) {
        if self.state.unit(unit).gone {
            return;
        }
        self.emit(Event::Gone {
            unit,
            why: why.to_string(),
        });
    }
}
