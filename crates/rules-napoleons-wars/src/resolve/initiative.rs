//! The initiative roll ("NW 6.0"): each CinC throws 2d6 with his presence bonus; ties are
//! thrown again unless Napoleon commands one side, who takes them; once a battle a losing
//! Napoleon may have the roll made again, and the second stands.

use super::morale;
use crate::state::State;
use crate::tables::Tables;
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier, Side};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The initiative as a player at the table states it. Our CinC's dice are thrown first.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// Our CinC's presence bonus, 0 to +3 by his rating and +4 for Napoleon ("NW II 3.1");
    /// 0 while he is not on the table.
    pub presence: i32,
    /// The enemy CinC's presence bonus.
    pub enemy_presence: i32,
    /// Napoleon commands our side and is on the table: he takes ties.
    pub napoleon: bool,
    /// Napoleon commands the enemy and is on the table.
    pub enemy_napoleon: bool,
    /// Napoleon still has his once-a-battle re-roll and uses it if he loses; the second
    /// roll stands ("NW 6.0").
    pub reroll: bool,
}

/// The situation of an initiative roll on the table, side 0 as "ours" (its dice are thrown
/// first). A re-roll already asked for is a roll of its own.
pub fn situation(state: &State) -> Situation {
    let f = &state.field;
    let on = |s: u8| state.cinc_of(Side(s)).is_some();
    Situation {
        presence: if on(0) { f.sides[0].presence } else { 0 },
        enemy_presence: if on(1) { f.sides[1].presence } else { 0 },
        napoleon: f.sides[0].napoleon && on(0),
        enemy_napoleon: f.sides[1].napoleon && on(1),
        reroll: false,
    }
}

/// One roll-off, ties thrown again unless Napoleon takes them: the explanations of the
/// deciding throws (ours first) and whether we won.
pub fn roll_off(s: &Situation, dice: &mut dyn Dice) -> ([Explanation; 2], bool) {
    let (rolls, w) = morale::initiative(
        [s.presence, s.enemy_presence],
        [s.napoleon, s.enemy_napoleon],
        dice,
    );
    (rolls, w == 0)
}

/// Who has the initiative.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Won {
    pub ours: bool,
    /// Napoleon had the roll made again.
    pub rerolled: bool,
}

impl fmt::Display for Won {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.ours {
            "we win the initiative"
        } else {
            "the enemy wins the initiative"
        })?;
        if self.rerolled {
            f.write_str(", on Napoleon's re-roll")?;
        }
        Ok(())
    }
}

/// The chance that we win one roll-off.
fn we_win(s: &Situation) -> Chance {
    let lead = s.presence - s.enemy_presence;
    let (mut win, mut lose, mut tie) = (0u128, 0u128, 0u128);
    for (i, n) in super::combat::differences().iter().enumerate() {
        match (i as i32 - 10 + lead).signum() {
            1 => win += n,
            -1 => lose += n,
            _ => tie += n,
        }
    }
    if s.napoleon {
        Chance::new(win + tie, 1296)
    } else if s.enemy_napoleon {
        Chance::new(win, 1296)
    } else {
        // Ties are thrown again until one side is higher.
        Chance::new(win, win + lose)
    }
}

/// The initiative roll, for the table companion and the odds.
pub struct InitiativeRoll;

impl Resolution<Tables> for InitiativeRoll {
    type Situation = Situation;
    type Outcome = Won;

    fn about(&self) -> About {
        About {
            name: "initiative",
            title: "Initiative",
            section: "NW 6.0 Initiative phase",
            modifiers: "NW 6.0 Initiative phase",
            summary: "which CinC wins the initiative and chooses who goes first this turn",
            dice: "2d6 each side",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        for (field, p, napoleon) in [
            ("presence", s.presence, s.napoleon),
            ("enemy_presence", s.enemy_presence, s.enemy_napoleon),
        ] {
            let top = if napoleon { 4 } else { 3 };
            if !(0..=top).contains(&p) {
                out.push(Problem::new(
                    field,
                    format!("a presence bonus of {p:+}"),
                    format!("a CinC's presence is 0 to +3 by his rating, +4 for Napoleon (\"NW II 3.1\"): here at most +{top}"),
                ));
            }
        }
        if s.napoleon && s.enemy_napoleon {
            out.push(Problem::new(
                "enemy_napoleon",
                "Napoleon commands both sides",
                "give `napoleon` for the side he commands only",
            ));
        }
        if s.reroll && !s.napoleon && !s.enemy_napoleon {
            out.push(Problem::new(
                "reroll",
                "a re-roll without Napoleon",
                "only Napoleon has the initiative re-rolled (\"NW 6.0\"): give `napoleon` or `enemy_napoleon`",
            ));
        }
        out
    }

    fn modifiers(&self, _: &Tables, s: &Situation) -> Vec<Modifier> {
        let mut m = Vec::new();
        if s.presence != 0 {
            m.push(Modifier::new(s.presence, "our CinC's presence"));
        }
        if s.enemy_presence != 0 {
            m.push(Modifier::new(
                -s.enemy_presence,
                "the enemy CinC's presence",
            ));
        }
        m
    }

    fn resolve(
        &self,
        _: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Won {
        let (first, ours) = roll_off(s, dice);
        rolls.extend(first);
        let napoleon_lost = s.reroll && if ours { s.enemy_napoleon } else { s.napoleon };
        if !napoleon_lost {
            return Won {
                ours,
                rerolled: false,
            };
        }
        let (second, ours) = roll_off(s, dice);
        rolls.extend(second);
        Won {
            ours,
            rerolled: true,
        }
    }

    /// Two roll-offs: a first, with Napoleon's re-roll or a tie thrown again. Ties thrown
    /// again are alike, so ending the walk there is exact.
    fn depth(&self) -> usize {
        8
    }

    fn odds(&self, _: &Tables, s: &Situation) -> Exact<Won> {
        let p = we_win(s);
        let q = Chance::from_integer(1) - p;
        let mut out = Exact::new();
        let won = |ours, rerolled| Won { ours, rerolled };
        if s.reroll && s.napoleon {
            out.add(won(true, false), p);
            out.add(won(true, true), q * p);
            out.add(won(false, true), q * q);
        } else if s.reroll && s.enemy_napoleon {
            out.add(won(false, false), q);
            out.add(won(true, true), p * p);
            out.add(won(false, true), p * q);
        } else {
            out.add(won(true, false), p);
            out.add(won(false, false), q);
        }
        out.without_impossible()
    }
}
