//! The working context of one command (the engine's [`grognard_engine::ctx::Ctx`] over this
//! book's state), and what this book does with it beyond emitting events: losses, the
//! cohesion ladder, forced orders and army morale.

use crate::event::Event;
use crate::state::{Chit, Cohesion, Order, State, UnitId};
use grognard_engine::Side;

pub type Ctx<'a> = grognard_engine::ctx::Ctx<'a, State>;

pub trait Effects {
    /// Turn the unit's chit face up, if it lies face down.
    fn reveal(&mut self, unit: UnitId);
    /// The book changes the unit's order, openly ("Burt 11").
    fn force(&mut self, unit: UnitId, order: Order, why: &str);
    /// The unit leaves reserve for good, and its army's morale falls ("Burt 4", "Burt 10").
    fn leave_reserve(&mut self, unit: UnitId, to: Order, why: &str);
    /// Figures lost (for a battery, guns too); a unit with nothing left is gone.
    fn lose(
        &mut self,
        unit: UnitId,
        figures: u32,
        guns: u32,
        fire: bool,
        rolls: Vec<grognard_engine::Explanation>,
    );
    /// One class of order lost ("Burt 7"); a shaken unit that loses one routs.
    fn lose_order(&mut self, unit: UnitId, why: &str);
    /// The unit routs ("Burt 8"), and its army's morale falls ("Burt 10").
    fn rout(&mut self, unit: UnitId, why: &str);
    /// An army's morale falls by one.
    fn army_falls(&mut self, side: Side, why: &str);
    fn remove(&mut self, unit: UnitId, why: &str);
}

impl Effects for Ctx<'_> {
    fn reveal(&mut self, unit: UnitId) {
        if let Chit::Secret(order) = self.state.unit(unit).chit {
            self.emit(Event::Revealed { unit, order });
        }
    }

    fn force(&mut self, unit: UnitId, order: Order, why: &str) {
        let u = self.state.unit(unit);
        if u.gone || !u.troop.needs_orders() {
            return;
        }
        if u.chit == Chit::Open(order) {
            return;
        }
        self.emit(Event::Forced {
            unit,
            order,
            why: why.to_string(),
        });
    }

    fn leave_reserve(&mut self, unit: UnitId, to: Order, why: &str) {
        let u = self.state.unit(unit);
        if !u.chit.is(Order::Reserve) {
            return;
        }
        let side = u.side;
        self.emit(Event::LeftReserve { unit });
        self.force(unit, to, why);
        let name = self.state.name(unit).to_string();
        self.army_falls(side, &format!("{name} leaves reserve"));
    }

    fn lose(
        &mut self,
        unit: UnitId,
        figures: u32,
        guns: u32,
        fire: bool,
        rolls: Vec<grognard_engine::Explanation>,
    ) {
        let u = self.state.unit(unit);
        if u.gone || (figures == 0 && guns == 0) {
            return;
        }
        let figures = figures.min(u.figures);
        let guns_left = u.guns.saturating_sub(guns);
        let left = u.figures - figures;
        self.emit(Event::Lost {
            unit,
            figures,
            left,
            guns_left,
            fire,
            rolls,
        });
        let u = self.state.unit(unit);
        if u.figures == 0 || (u.is_guns() && u.guns == 0) {
            let why = if u.is_guns() {
                "its last gun is out of action"
            } else {
                "no figures are left"
            };
            self.remove(unit, why);
        }
    }

    fn lose_order(&mut self, unit: UnitId, why: &str) {
        let u = self.state.unit(unit);
        if u.gone || !u.fights() {
            return;
        }
        let to = u.cohesion.worse();
        if to == Cohesion::Routing {
            self.rout(unit, why);
            return;
        }
        self.emit(Event::Cohesion {
            unit,
            cohesion: to,
            why: why.to_string(),
        });
        if to == Cohesion::Shaken {
            self.emit(Event::RetreatDue { unit, due: true });
        }
    }

    fn rout(&mut self, unit: UnitId, why: &str) {
        let u = self.state.unit(unit);
        if u.gone || u.routing() || !u.fights() {
            return;
        }
        let side = u.side;
        self.emit(Event::Cohesion {
            unit,
            cohesion: Cohesion::Routing,
            why: why.to_string(),
        });
        self.emit(Event::RetreatDue { unit, due: false });
        self.emit(Event::Routed { unit });
        if self.state.unit(unit).status != crate::state::Status::Steady {
            self.emit(Event::Status {
                unit,
                status: crate::state::Status::Steady,
            });
        }
        let name = self.state.name(unit).to_string();
        self.army_falls(side, &format!("{name} routs"));
    }

    fn army_falls(&mut self, side: Side, why: &str) {
        let a = self.state.armies[side.index()];
        let Some(m) = a.morale else { return };
        let left = m - 1;
        self.emit(Event::ArmyMorale {
            side,
            left,
            why: why.to_string(),
        });
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
