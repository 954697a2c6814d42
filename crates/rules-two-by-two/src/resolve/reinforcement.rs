//! The reinforcement die ("2x2 Reinforcements", ruling R13) as a function of the facts a
//! player states; the battle builds them with [`situation`] and throws with [`roll`].

use crate::state::State;
use crate::tables::{Arrival, Tables};
use grognard_engine::explain::{Explanation, Modifier, Text};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Side};
use serde::{Deserialize, Serialize};

pub const RULE: &str = "2x2 Reinforcements";

/// The most units a situation may state as waiting at one point.
pub const MOST_WAITING: u8 = 200;

/// What a reinforcement die depends on, as a player at the table states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The point is on a flank of the table (a unit arrives on 4+), not on the side's own
    /// edge (3+).
    pub flank: bool,
    /// Units waiting at the point, in the order laid out at the start; the first of them
    /// is the one that may arrive.
    pub waiting: u8,
    /// Reinforcement dice the side has already thrown this movement phase, at any of its
    /// points: two are allowed a phase (ruling R13).
    pub dice_thrown: u8,
    /// An enemy unit is within 3" of the point: the arriving unit may be exchanged with it,
    /// both counting as destroyed.
    pub enemy_near_point: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            flank: false,
            waiting: 1,
            dice_thrown: 0,
            enemy_near_point: false,
        }
    }
}

/// What the book forbids in a situation: a die the side no longer has, or a point with no
/// one waiting.
pub fn barred(t: &Arrival, s: &Situation) -> Option<(&'static str, String, String)> {
    if s.dice_thrown >= t.rolls_per_phase {
        return Some((
            "dice_thrown",
            format!(
                "the side has thrown its {} reinforcement dice for this phase",
                t.rolls_per_phase
            ),
            format!(
                "from 0 to {}: the dice come back next movement phase",
                t.rolls_per_phase.saturating_sub(1)
            ),
        ));
    }
    if s.waiting == 0 || s.waiting > MOST_WAITING {
        return Some((
            "waiting",
            format!(
                "{} units waiting: a die is thrown at a point where 1 to {MOST_WAITING} wait",
                s.waiting
            ),
            "count the units still off the table at this point".to_string(),
        ));
    }
    None
}

/// The facts of a die thrown at point `point` by `side` on the table.
pub fn situation(state: &State, side: Side, point: u8) -> Situation {
    let p = &state.field.points[point as usize];
    let t = &state.field.tables.arrival;
    Situation {
        flank: p.flank,
        waiting: state.queues[point as usize].len().min(usize::from(u8::MAX)) as u8,
        dice_thrown: state.reinforcement_dice(side).min(u32::from(u8::MAX)) as u8,
        enemy_near_point: state
            .enemies_of(side)
            .any(|e| grognard_geometry::distance::point_base(p.pos, &e.base()) <= t.radius + 1e-9),
    }
}

/// The least face that brings a unit on.
pub fn needs(t: &Arrival, s: &Situation) -> u8 {
    if s.flank {
        t.flank_at
    } else {
        t.rear_at
    }
}

/// The row of a reinforcement roll: the face needed and where the unit comes from. The
/// faces a die can need are written out beforehand, since a battle rolls many.
fn row(need: u8, flank: bool) -> Text {
    const ROWS: [[&str; 2]; 6] = [
        ["1+ from the rear", "1+ from a flank"],
        ["2+ from the rear", "2+ from a flank"],
        ["3+ from the rear", "3+ from a flank"],
        ["4+ from the rear", "4+ from a flank"],
        ["5+ from the rear", "5+ from a flank"],
        ["6+ from the rear", "6+ from a flank"],
    ];
    match ROWS.get(usize::from(need).wrapping_sub(1)) {
        Some(r) => r[usize::from(flank)].into(),
        None => format!(
            "{need}+ from {}",
            if flank { "a flank" } else { "the rear" }
        )
        .into(),
    }
}

/// Throw the die: whether the first unit waiting arrives.
pub fn roll(t: &Arrival, s: &Situation, dice: &mut dyn Dice) -> (Explanation, bool) {
    let need = needs(t, s);
    let face = dice.roll(6, "reinforcement");
    let mut e = Explanation::new(RULE);
    e.dice = vec![face];
    e.tally();
    e.row = row(need, s.flank);
    let arrives = face >= need;
    e.result = if arrives {
        "arrives".into()
    } else {
        "does not arrive".into()
    };
    (e, arrives)
}

/// What the die brings on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrived {
    pub arrives: bool,
    /// Units still waiting at the point after the die.
    pub left: u8,
    /// The arriving unit may be exchanged with an enemy near the point instead.
    pub may_exchange: bool,
}

impl std::fmt::Display for Arrived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.arrives {
            write!(
                f,
                "the first unit waiting arrives within 3\" of the point ({} still waiting)",
                self.left
            )?;
            if self.may_exchange {
                write!(
                    f,
                    ", or is exchanged with the enemy unit near the point, both destroyed"
                )?;
            }
            Ok(())
        } else {
            write!(f, "no unit arrives ({} still waiting)", self.left)
        }
    }
}

fn arrived(s: &Situation, arrives: bool) -> Arrived {
    Arrived {
        arrives,
        left: s.waiting.saturating_sub(u8::from(arrives)),
        may_exchange: arrives && s.enemy_near_point,
    }
}

/// The reinforcement die, for the table companion and the odds.
pub struct ReinforcementRoll;

impl Resolution<Tables> for ReinforcementRoll {
    type Situation = Situation;
    type Outcome = Arrived;

    fn about(&self) -> About {
        About {
            name: "reinforcement",
            title: "Reinforcement",
            section: RULE,
            modifiers: RULE,
            summary: "a die thrown at a reinforcement point brings on the first unit waiting there: 3+ on the side's own edge, 4+ on a flank",
            dice: "1d6",
        }
    }

    fn problems(&self, t: &Tables, s: &Situation) -> Vec<Problem> {
        barred(&t.arrival, s)
            .map(|(fact, why, hint)| Problem::new(fact, why, hint))
            .into_iter()
            .collect()
    }

    fn modifiers(&self, _: &Tables, _: &Situation) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Arrived {
        let (e, arrives) = roll(&t.arrival, s, dice);
        rolls.push(e);
        arrived(s, arrives)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Arrived> {
        let need = needs(&t.arrival, s);
        Exact::of_throws(&[6], |d| arrived(s, d[0] >= need))
    }

    fn counts(&self, o: &Arrived) -> Vec<(&'static str, f64)> {
        vec![("units arriving", f64::from(u8::from(o.arrives)))]
    }
}

#[cfg(test)]
mod tests {
    use super::row;

    #[test]
    fn the_rows_written_out_read_as_the_face_needed_and_the_way_in() {
        for need in 0..=9u8 {
            for (flank, from) in [(false, "the rear"), (true, "a flank")] {
                assert_eq!(row(need, flank), format!("{need}+ from {from}"));
            }
        }
    }
}
