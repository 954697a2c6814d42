//! The roll-off for attacker and defender ("2x2 Game setup") as a function of the facts a
//! player states. The set-up procedure ([`crate::design::setup::generate_from`]) throws it with
//! [`roll_off`] before any command is given, so no command leads to it.

use crate::tables::Tables;
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Exact, Resolution};
use grognard_engine::Dice;
use serde::{Deserialize, Serialize};

pub const RULE: &str = "2x2 Game setup";
/// AP each side sets up at the start before any tie ("2x2 Deployment").
pub const FIRST_AP: f64 = 10.0;
/// AP each tie of the roll-off adds to what each side sets up at the start.
pub const TIE_AP: f64 = 10.0;
/// The largest army a situation may state: ties past 19 are rarer than one in 10^14.
pub const MOST_AP: f64 = 200.0;

/// What the roll-off depends on, as the players state it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// AP of the larger army: once ties have brought the AP set up at the start to it,
    /// further ties add nothing (every unit is then on the table from the start).
    pub army_ap: f64,
}

impl Default for Situation {
    fn default() -> Self {
        Situation { army_ap: 40.0 }
    }
}

/// One die each, the first player's then the second's, thrown again on a tie: every round
/// thrown, and whether the first player attacks.
pub fn roll_off(dice: &mut dyn Dice) -> (Vec<(u8, u8)>, bool) {
    let mut rounds = Vec::new();
    loop {
        dice.round();
        let a = dice.roll(6, "set-up roll-off, first army");
        let b = dice.roll(6, "set-up roll-off, second army");
        rounds.push((a, b));
        if a != b {
            return (rounds, a > b);
        }
    }
}

/// AP each side sets up at the start after `ties` tied rounds.
pub fn initial_ap(ties: usize) -> f64 {
    FIRST_AP + TIE_AP * ties as f64
}

/// Ties after which every unit of an army of `army_ap` is set up at the start (an army
/// past [`MOST_AP`] counts as that many AP, one that is not a number as none).
pub fn ties_to_whole(army_ap: f64) -> u8 {
    if army_ap.is_nan() || army_ap <= FIRST_AP {
        0
    } else {
        ((army_ap.min(MOST_AP) - FIRST_AP) / TIE_AP).ceil() as u8
    }
}

/// Who attacks, and how much each side sets up at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetUp {
    pub first_attacks: bool,
    /// Tied rounds before the roll-off was decided, counted up to the number that puts every
    /// unit on the table at the start.
    pub ties: u8,
    /// Every unit is set up at the start.
    pub whole: bool,
}

impl std::fmt::Display for SetUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, d) = if self.first_attacks {
            ("first", "second")
        } else {
            ("second", "first")
        };
        write!(f, "{a} player attacks, {d} defends and moves first")?;
        match (self.ties, self.whole) {
            (0, _) => {}
            (1, true) => write!(f, ", after one tie or more")?,
            (n, true) => write!(f, ", after {n} ties or more")?,
            (1, false) => write!(f, ", after a tie")?,
            (n, false) => write!(f, ", after {n} ties")?,
        }
        if self.whole {
            write!(f, "; each side sets up its whole army at the start")
        } else {
            write!(
                f,
                "; each side sets up {} AP at the start",
                initial_ap(usize::from(self.ties))
            )
        }
    }
}

fn set_up(s: &Situation, first_attacks: bool, ties: usize) -> SetUp {
    let most = ties_to_whole(s.army_ap);
    let ties = ties.min(usize::from(most)) as u8;
    SetUp {
        first_attacks,
        ties,
        whole: ties == most,
    }
}

/// The roll-off, for the table companion and the odds.
pub struct SetupRoll;

impl Resolution<Tables> for SetupRoll {
    type Situation = Situation;
    type Outcome = SetUp;

    fn about(&self) -> About {
        About {
            name: "setup",
            title: "Set-up roll-off",
            section: RULE,
            modifiers: RULE,
            summary: "each player throws 1d6, the higher attacks; each tie adds 10 AP to what both sides set up at the start, and the dice are thrown again",
            dice: "1d6 each player",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        if s.army_ap.is_finite() && s.army_ap > 0.0 && s.army_ap <= MOST_AP {
            Vec::new()
        } else {
            vec![Problem::new(
                "army_ap",
                format!(
                    "{} AP: an army is worth more than 0 and at most {MOST_AP} AP here",
                    s.army_ap
                ),
                "give the AP of the larger army; past 200 AP the odds of so many ties are nil",
            )]
        }
    }

    fn modifiers(&self, _: &Tables, _: &Situation) -> Vec<Modifier> {
        Vec::new()
    }

    fn resolve(
        &self,
        _: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> SetUp {
        let (rounds, first_attacks) = roll_off(dice);
        // Each round is told as the first player's die less the second's: above 0 the
        // first attacks, below 0 the second, 0 is a tie.
        for (i, (a, b)) in rounds.iter().enumerate() {
            let mut e = Explanation::new(RULE);
            e.dice = vec![*a];
            e.modifiers = vec![Modifier::new(-i32::from(*b), "second player's die")];
            let total = e.tally();
            if total == 0 {
                e.row = "0, tie".into();
                e.result = format!(
                    "each side sets up {} AP at the start; throw again",
                    initial_ap(i + 1)
                )
                .into();
            } else if total > 0 {
                e.row = "1 or more".into();
                e.result = "first player attacks".into();
            } else {
                e.row = "-1 or less".into();
                e.result = "second player attacks".into();
            }
            rolls.push(e);
        }
        set_up(s, first_attacks, rounds.len() - 1)
    }

    /// Two dice a round, for as many rounds as are walked.
    fn depth(&self) -> usize {
        2 * (usize::from(ties_to_whole(MOST_AP)) + 2)
    }

    /// Each tie until the whole army is on the table changes what the next round decides;
    /// the rounds after those are alike.
    fn rounds(&self, _: &Tables, s: &Situation) -> Option<usize> {
        Some(usize::from(ties_to_whole(s.army_ap)) + 1)
    }

    /// Each round decides (5 in 6) with either player as likely to win, so k ties then a
    /// decision has (1/6)^k 5/12 for each player; ties past the whole army add up to
    /// (1/6)^K 1/2 each.
    fn odds(&self, _: &Tables, s: &Situation) -> Exact<SetUp> {
        let most = ties_to_whole(s.army_ap);
        let mut out = Exact::new();
        let mut tie = Chance::from_integer(1);
        for k in 0..=most {
            let p = if k == most {
                tie / 2
            } else {
                tie * Chance::new(5, 12)
            };
            for first in [true, false] {
                out.add(set_up(s, first, usize::from(k)), p);
            }
            tie /= 6;
        }
        out
    }

    fn counts(&self, o: &SetUp) -> Vec<(&'static str, f64)> {
        vec![("ties (counted up to the whole army)", f64::from(o.ties))]
    }
}
