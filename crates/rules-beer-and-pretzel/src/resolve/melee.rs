//! Melee ("B&P Melee Combat"): each side throws a die and multiplies it by its points (its
//! figures times their worth in the Morale and Point Table, with the bonuses of flank
//! attacks, squares against cavalry, ground and command figures). The higher product wins.
//! The loser loses a quarter of its points, rounded up, and routs; the winner loses half of
//! what the loser lost, rounded down (ruling B6). Equal products are thrown again (ruling
//! B7).

use super::{add, figures, throw};
use crate::tables::{Cover, Kind, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use num_rational::Ratio;
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "B&P Melee Combat";

/// One side of a melee.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Fighter {
    /// The unit's row of the Morale and Point Table.
    pub kind: Kind,
    /// Figures in the melee: every stand of the unit that is not isolated.
    pub figures: u32,
    /// Within 4" of a command figure (no help to skirmishers).
    pub commander: bool,
    pub disrupted: bool,
    /// Green troops (optional rule).
    pub green: bool,
}

impl Default for Fighter {
    fn default() -> Self {
        Fighter {
            kind: Kind::LineInfantry,
            figures: 12,
            commander: false,
            disrupted: false,
            green: false,
        }
    }
}

/// A melee as a player states it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    pub attacker: Fighter,
    pub defender: Fighter,
    /// The attack came in on the defender's flank or rear.
    pub flank_or_rear: bool,
    /// The defender's position: `open`, `defended` (attacked frontally uphill, or in a wood
    /// or behind a stream) or `strong` (more than a contour up, behind works or a wide
    /// stream).
    pub cover: Cover,
    /// The defender is infantry in square.
    pub square: bool,
}

/// Who won, and the figures each side lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Result {
    pub attacker_wins: bool,
    pub attacker_lost: u32,
    pub defender_lost: u32,
}

impl fmt::Display for Result {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, l, wl, ll) = if self.attacker_wins {
            (
                "attacker",
                "defender",
                self.attacker_lost,
                self.defender_lost,
            )
        } else {
            (
                "defender",
                "attacker",
                self.defender_lost,
                self.attacker_lost,
            )
        };
        write!(
            f,
            "the {w} wins: the {l} loses {} and routs, the {w} loses {}",
            figures(ll),
            figures(wl)
        )
    }
}

/// Points each figure of a side is worth in this melee, with the reasons.
pub fn worth(t: &Tables, s: &Situation, attacker: bool) -> (u32, Vec<Modifier>) {
    let m = &t.morale;
    let side = if attacker { &s.attacker } else { &s.defender };
    let mut reasons = Vec::new();
    let mut per = m.row(side.kind).points;
    let mut bonus = |cond: bool, n: u32, why: &'static str| {
        if cond && n > 0 {
            per += n;
            reasons.push(Modifier::new(n as i32, why));
        }
    };
    if attacker {
        bonus(
            s.flank_or_rear,
            m.flank_points,
            "a figure attacking flank or rear",
        );
    } else {
        bonus(
            s.square && s.attacker.kind.is_cavalry(),
            m.square_points,
            "a figure in square against cavalry",
        );
        let (pts, _) = m.cover(s.cover);
        bonus(
            s.cover != Cover::Open,
            pts,
            "a figure defending strong ground",
        );
    }
    bonus(
        super::morale::led(side.kind, side.commander),
        t.command.melee_points,
        "a figure led by a command figure",
    );
    (per.max(1), reasons)
}

/// What a side adds to its die.
pub fn die_modifiers(t: &Tables, side: &Fighter) -> Vec<Modifier> {
    let mut m = Vec::new();
    add(
        &mut m,
        super::morale::led(side.kind, side.commander),
        t.command.melee_die,
        "a command figure within 4\"",
    );
    add(&mut m, side.disrupted, t.morale.disrupted, "disrupted");
    add(&mut m, side.green, t.optional.green, "green troops");
    m
}

/// The figures each side loses when the one whose points are `loser` (worth `loser_per` a
/// figure, `loser_figures` of them) loses to one worth `winner_per` a figure.
pub fn casualties(
    t: &Tables,
    loser_figures: u32,
    loser_per: u32,
    winner_figures: u32,
    winner_per: u32,
) -> (u32, u32) {
    let r = |f: [u32; 2]| Ratio::new(u64::from(f[0]), u64::from(f[1].max(1)));
    let points = Ratio::from_integer(u64::from(loser_figures) * u64::from(loser_per));
    let lost = points * r(t.melee.loser);
    let loser_lost = (lost / u64::from(loser_per)).ceil().to_integer() as u32;
    let winner_points = (lost * r(t.melee.winner)).floor().to_integer();
    let winner_lost = (winner_points / u64::from(winner_per)) as u32;
    (
        loser_lost.min(loser_figures),
        winner_lost.min(winner_figures),
    )
}

pub fn roll(
    t: &Tables,
    s: &Situation,
    dice: &mut dyn Dice,
    rolls: &mut Vec<Explanation>,
) -> Result {
    let (a_per, a_why) = worth(t, s, true);
    let (d_per, d_why) = worth(t, s, false);
    let a_points = s.attacker.figures * a_per;
    let d_points = s.defender.figures * d_per;
    loop {
        dice.round();
        let mut a = throw(
            dice,
            1,
            RULE,
            "attacker's melee die",
            die_modifiers(t, &s.attacker),
        );
        let mut d = throw(
            dice,
            1,
            RULE,
            "defender's melee die",
            die_modifiers(t, &s.defender),
        );
        let a_product = a.total.max(0) as u32 * a_points;
        let d_product = d.total.max(0) as u32 * d_points;
        let says = |points: u32, per: u32, why: &[Modifier]| {
            let extra: Vec<String> = why
                .iter()
                .map(|m| format!("{:+} {}", m.value, m.reason))
                .collect();
            if extra.is_empty() {
                format!("{points} points ({per} a figure)")
            } else {
                format!("{points} points ({per} a figure: {})", extra.join(", "))
            }
        };
        a.row = format!("attacker x {}", says(a_points, a_per, &a_why)).into();
        d.row = format!("defender x {}", says(d_points, d_per, &d_why)).into();
        a.result = format!("{a_product}").into();
        d.result = format!("{d_product}").into();
        rolls.push(a);
        rolls.push(d);
        if a_product == d_product {
            continue;
        }
        let attacker_wins = a_product > d_product;
        return if attacker_wins {
            let (dl, al) = casualties(t, s.defender.figures, d_per, s.attacker.figures, a_per);
            Result {
                attacker_wins,
                attacker_lost: al,
                defender_lost: dl,
            }
        } else {
            let (al, dl) = casualties(t, s.attacker.figures, a_per, s.defender.figures, d_per);
            Result {
                attacker_wins,
                attacker_lost: al,
                defender_lost: dl,
            }
        };
    }
}

/// A melee, for the odds and the table companion.
pub struct MeleeRoll;

impl Resolution<Tables> for MeleeRoll {
    type Situation = Situation;
    type Outcome = Result;

    fn about(&self) -> About {
        About {
            name: "melee",
            title: "Melee",
            section: RULE,
            modifiers: "B&P Morale and Point Table",
            summary: "who wins a melee (die times points), and the figures each side loses",
            dice: "1d6 each side",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        for (path, f) in [
            ("attacker.figures", &s.attacker),
            ("defender.figures", &s.defender),
        ] {
            if f.figures == 0 || f.figures > 500 {
                out.push(Problem::new(
                    path,
                    format!("{} figures", f.figures),
                    "give the figures in the melee, 1 to 500",
                ));
            }
        }
        if s.square && !matches!(s.defender.kind, Kind::LineInfantry | Kind::GuardInfantry) {
            out.push(Problem::new(
                "square",
                format!("{} in square", s.defender.kind.name()),
                "only formed infantry forms square: give defender.kind=line_infantry or guard_infantry",
            ));
        }
        if s.attacker.kind.is_infantry() && s.defender.kind.is_cavalry() {
            out.push(Problem::new(
                "attacker.kind",
                "infantry charging cavalry",
                "infantry may not charge cavalry (B&P Melee Combat): cavalry attacks, infantry defends",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        let mut m: Vec<Modifier> = die_modifiers(t, &s.attacker)
            .into_iter()
            .map(|x| Modifier::new(x.value, format!("attacker: {}", x.reason)))
            .collect();
        m.extend(
            die_modifiers(t, &s.defender)
                .into_iter()
                .map(|x| Modifier::new(x.value, format!("defender: {}", x.reason))),
        );
        m
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Result {
        roll(t, s, dice, rolls)
    }

    fn rounds(&self, _: &Tables, _: &Situation) -> Option<usize> {
        Some(1)
    }

    fn roles(&self) -> &'static [&'static str] {
        &["attacker", "defender"]
    }

    /// Each side's figures after the melee; a side left with none is gone.
    fn effects(&self, s: &Situation, o: &Result) -> Vec<grognard_engine::resolution::Effect> {
        use grognard_engine::resolution::Effect;
        [
            ("attacker", s.attacker.figures, o.attacker_lost),
            ("defender", s.defender.figures, o.defender_lost),
        ]
        .into_iter()
        .map(|(role, had, lost)| {
            let left = had.saturating_sub(lost);
            if left == 0 {
                Effect::gone(role)
            } else {
                Effect::set(role, serde_json::json!({ "figures": left }))
            }
        })
        .collect()
    }

    fn counts(&self, o: &Result) -> Vec<(&'static str, f64)> {
        vec![
            ("attacker's figures lost", o.attacker_lost as f64),
            ("defender's figures lost", o.defender_lost as f64),
            ("attacker wins", if o.attacker_wins { 1.0 } else { 0.0 }),
        ]
    }
}
