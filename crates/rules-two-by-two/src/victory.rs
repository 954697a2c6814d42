//! Victory and draws ("2x2 Victory conditions").

use crate::scenario::GameKind;
use crate::state::{Place, State};
use grognard_engine::{Outcome, Side};

/// The outcome, if the battle is decided.
pub fn decide(state: &State) -> Option<Outcome> {
    let f = &state.field;
    let lost = state.lost;
    let threshold = 5;
    for side in Side::ALL {
        let mine = lost[side.index()];
        let theirs = lost[side.other().index()];
        let beaten = match f.game {
            GameKind::Fast => mine >= threshold,
            GameKind::Decisive => mine >= threshold && mine >= theirs + 2,
        };
        if beaten {
            let kind = match f.game {
                GameKind::Fast => "fast_victory",
                GameKind::Decisive => "decisive_victory",
            };
            return Some(Outcome {
                winner: Some(side.other()),
                result: kind.into(),
                reason: format!(
                    "{} lost {} units destroyed to {}'s {}",
                    f.side_name(side),
                    mine,
                    f.side_name(side.other()),
                    theirs
                ),
            });
        }
    }
    // Which sides have a unit on the table or waiting. The units are listed side by side,
    // the first side's first, so each side's is looked for from its own end of the list.
    let here = |u: &&crate::state::Unit| matches!(u.place, Place::Table | Place::Waiting { .. });
    let present = [
        state.units.iter().filter(here).any(|u| u.side == Side(0)),
        state
            .units
            .iter()
            .rev()
            .filter(here)
            .any(|u| u.side == Side(1)),
    ];
    if present == [true; 2] {
        return None;
    }
    for side in Side::ALL {
        if !present[side.index()] {
            if state.exited[side.index()] > 0 {
                return Some(Outcome {
                    winner: None,
                    result: "draw_by_exit".into(),
                    reason: format!("{} left the field by its own edge", f.side_name(side)),
                });
            }
            return Some(Outcome {
                winner: Some(side.other()),
                result: "annihilation".into(),
                reason: format!("{} has no units left", f.side_name(side)),
            });
        }
    }
    None
}
