//! The working context of one command, the same for every book: the state, the dice, and the
//! events emitted so far. A book changes its state only by emitting events through it, so
//! that what a command did is exactly the list of its events.

use crate::Dice;

/// A book's state, changed by its events and by nothing else.
pub trait Applies {
    type Event;
    fn apply(&mut self, event: &Self::Event);
}

/// One command being carried out. A book adds what it does with the context (destroying a
/// unit, ending the battle) as a trait of its own implemented for `Ctx<'_, State>`.
pub struct Ctx<'a, S: Applies> {
    pub state: &'a mut S,
    pub dice: &'a mut dyn Dice,
    pub events: &'a mut Vec<S::Event>,
}

impl<'a, S: Applies> Ctx<'a, S> {
    pub fn new(state: &'a mut S, dice: &'a mut dyn Dice, events: &'a mut Vec<S::Event>) -> Self {
        Ctx {
            state,
            dice,
            events,
        }
    }

    /// Apply an event to the state and keep it.
    pub fn emit(&mut self, event: S::Event) {
        self.state.apply(&event);
        self.events.push(event);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Seeded;

    #[derive(Default)]
    struct Tally(i32);

    impl Applies for Tally {
        type Event = i32;
        fn apply(&mut self, e: &i32) {
            self.0 += e;
        }
    }

    #[test]
    fn an_event_emitted_is_applied_and_kept_in_order() {
        let mut state = Tally::default();
        let mut dice = Seeded::new(1);
        let mut events = Vec::new();
        let mut ctx = Ctx::new(&mut state, &mut dice, &mut events);
        ctx.emit(3);
        ctx.emit(-1);
        assert_eq!(ctx.state.0, 2);
        assert_eq!(events, vec![3, -1]);
        assert_eq!(state.0, 2);
    }
}
