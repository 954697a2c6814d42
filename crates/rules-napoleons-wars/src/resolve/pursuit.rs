//! The pursuit of a broken army and the final losses of a campaign game ("NW 13.0", "NW
//! Optional rules 1.0, 2.0").

use crate::campaign;
use crate::tables::{Campaign, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most pursuit dice whose odds are counted exactly.
pub const MOST_DICE: u32 = 40;

/// The end of a battle won, as the players state it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The victor's light cavalry s.p., Spent brigades not counted ("NW 13.0").
    pub winner_light_sp: u32,
    /// The defeated army's light cavalry s.p., Spent brigades not counted; none is counted
    /// as 1 to find the ratio (ruling N21).
    pub loser_light_sp: u32,
    /// Mud, rain or snow: -1 a die.
    pub bad_weather: bool,
    /// The battle went into the last quarter of its turns: -1 a die.
    pub late: bool,
    /// S.p. the victor lost in the battle, of which it regains a third ("NW Optional rules
    /// 2.0").
    pub winner_lost_sp: u32,
    /// S.p. the defeated army lost in the battle before the pursuit; with the pursuit's, it
    /// regains half of them (ruling N55).
    pub loser_lost_sp: u32,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            winner_light_sp: 6,
            loser_light_sp: 3,
            bad_weather: false,
            late: false,
            winner_lost_sp: 0,
            loser_lost_sp: 0,
        }
    }
}

/// The pursuit's toll and the final losses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pursued {
    /// Pursuit dice thrown; none when the victor has no more light cavalry than the loser.
    pub dice: u32,
    /// S.p. more the defeated army loses, chosen by its player (a battery counts 2, 1 if
    /// damaged).
    pub taken: u32,
    /// The victor's losses once it has regained a third of them.
    pub winner_final: u32,
    /// The defeated army's losses, the pursuit's among them, once it has regained half.
    pub loser_final: u32,
}

impl fmt::Display for Pursued {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dice == 0 {
            f.write_str("no pursuit")?;
        } else {
            write!(
                f,
                "the defeated army loses {} s.p. more to the pursuit",
                self.taken
            )?;
        }
        write!(
            f,
            "; final losses: the victor {} s.p., the defeated {} s.p.",
            self.winner_final, self.loser_final
        )
    }
}

fn pursued(t: &Campaign, s: &Situation, dice: u32, taken: u32) -> Pursued {
    let loser = s.loser_lost_sp + taken;
    Pursued {
        dice,
        taken,
        winner_final: s.winner_lost_sp - campaign::regained(t, s.winner_lost_sp, true),
        loser_final: loser - campaign::regained(t, loser, false),
    }
}

/// The pursuit, for the table companion and the odds.
pub struct PursuitRoll;

impl Resolution<Tables> for PursuitRoll {
    type Situation = Situation;
    type Outcome = Pursued;

    fn about(&self) -> About {
        About {
            name: "pursuit",
            title: "Pursuit and final losses",
            section: "NW Optional rules 1.0 Pursuit",
            modifiers: "NW Optional rules 1.0 Pursuit die roll modifiers",
            summary: "the s.p. a broken army loses to the victor's light cavalry, and each side's final losses (campaign games)",
            dice: "1d6 for each step of light cavalry superiority",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        let n = campaign::pursuit_dice(s.winner_light_sp, s.loser_light_sp);
        if n > MOST_DICE {
            out.push(Problem::new(
                "winner_light_sp",
                format!(
                    "{} s.p. of light cavalry against {} make {n} pursuit dice",
                    s.winner_light_sp, s.loser_light_sp
                ),
                format!("the odds are counted for at most {MOST_DICE} dice: the toll is then all but certain, about 3.5 s.p. a die less the modifiers"),
            ));
        }
        for (field, v) in [
            ("winner_light_sp", s.winner_light_sp),
            ("loser_light_sp", s.loser_light_sp),
            ("winner_lost_sp", s.winner_lost_sp),
            ("loser_lost_sp", s.loser_lost_sp),
        ] {
            if v > 10_000 {
                out.push(Problem::new(
                    field,
                    format!("{v} s.p."),
                    "no army of the period had so many: give the s.p. of the battle",
                ));
            }
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        campaign::pursuit_modifiers(&t.campaign, s.bad_weather, s.late)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Pursued {
        let t = &t.campaign;
        let n = campaign::pursuit_dice(s.winner_light_sp, s.loser_light_sp);
        if n == 0 {
            return pursued(t, s, 0, 0);
        }
        let (e, taken) = campaign::pursuit(t, n, s.bad_weather, s.late, dice);
        rolls.push(e);
        pursued(t, s, n, taken)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Pursued> {
        let t = &t.campaign;
        let n = campaign::pursuit_dice(s.winner_light_sp, s.loser_light_sp);
        let mut out = Exact::new();
        if n == 0 {
            out.add(pursued(t, s, 0, 0), Chance::from_integer(1));
            return out;
        }
        // What one die takes, never below the least; the totals of n dice by counting.
        let per = campaign::pursuit_per_die(t, s.bad_weather, s.late);
        let mut counts: Vec<u128> = vec![1];
        for _ in 0..n {
            let most = (1..=6u32).map(&per).max().unwrap_or(0) as usize;
            let mut next = vec![0u128; counts.len() + most];
            for (total, c) in counts.iter().enumerate() {
                for face in 1..=6u32 {
                    next[total + per(face) as usize] += c;
                }
            }
            counts = next;
        }
        let all = 6u128.pow(n);
        for (taken, c) in counts.iter().enumerate() {
            if *c > 0 {
                out.add(pursued(t, s, n, taken as u32), Chance::new(*c, all));
            }
        }
        out
    }

    fn depth(&self) -> usize {
        MOST_DICE as usize
    }

    fn counts(&self, o: &Pursued) -> Vec<(&'static str, f64)> {
        vec![
            ("s.p. lost to the pursuit", f64::from(o.taken)),
            ("the victor's final losses", f64::from(o.winner_final)),
            ("the defeated army's final losses", f64::from(o.loser_final)),
        ]
    }
}
