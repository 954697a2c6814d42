//! Morale checks ("B&P Melee Combat", "B&P Morale and Point Table"): 2d6 against the total
//! the unit's row of the Morale and Point Table holds on. A unit charged checks; so does a
//! charger fired upon during its charge, and a square charged by cavalry, which holds on 4.

use super::{add, throw};
use crate::tables::{Cover, Kind, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "B&P Morale and Point Table";

/// A morale check as a player states it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The unit's row of the table: `artillery`, `skirmish_infantry`, `skirmish_cavalry`,
    /// `line_infantry`, `guard_infantry`, `line_cavalry` or `guard_cavalry`.
    pub kind: Kind,
    /// Infantry in square, charged by cavalry ("B&P Infantry Squares").
    pub square_against_cavalry: bool,
    /// Charged in the flank or rear: 45 degrees or more off its front.
    pub flank_or_rear: bool,
    /// The checking unit's position: `open`, `defended` (defending uphill against a frontal
    /// attack, or in a wood or behind a stream) or `strong` (more than one contour up,
    /// behind works or a wide stream). Counts only for a unit charged (ruling B4).
    pub cover: Cover,
    /// Within 4" of a command figure (no help to skirmishers).
    pub commander: bool,
    pub disrupted: bool,
    /// Green troops (optional rule).
    pub green: bool,
}

/// Whether the unit holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    Holds,
    Routs,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Check::Holds => "holds",
            Check::Routs => "routs",
        })
    }
}

/// The total that holds.
pub fn hold(t: &Tables, s: &Situation) -> i32 {
    if s.square_against_cavalry {
        t.morale.square_hold
    } else {
        t.morale.row(s.kind).hold
    }
}

/// Whether a command figure helps this kind of unit.
pub fn led(kind: Kind, commander: bool) -> bool {
    commander && !matches!(kind, Kind::SkirmishInfantry | Kind::SkirmishCavalry)
}

pub fn modifiers(t: &Tables, s: &Situation) -> Vec<Modifier> {
    let m = &t.morale;
    let mut out = Vec::new();
    add(
        &mut out,
        s.flank_or_rear,
        m.flank_check,
        "charged in the flank or rear",
    );
    let (_, cover) = m.cover(s.cover);
    add(
        &mut out,
        s.cover == Cover::Defended,
        cover,
        "defending uphill, in a wood or behind a stream",
    );
    add(
        &mut out,
        s.cover == Cover::Strong,
        cover,
        "more than one contour up, behind works or a wide stream",
    );
    add(
        &mut out,
        led(s.kind, s.commander),
        t.command.check,
        "a command figure within 4\"",
    );
    add(&mut out, s.disrupted, m.disrupted, "disrupted");
    add(&mut out, s.green, t.optional.green, "green troops");
    out
}

pub fn check(t: &Tables, s: &Situation, total: i32) -> Check {
    if total >= hold(t, s) {
        Check::Holds
    } else {
        Check::Routs
    }
}

pub fn roll(t: &Tables, s: &Situation, dice: &mut dyn Dice) -> (Explanation, Check) {
    let mut e = throw(dice, 2, RULE, "morale check", modifiers(t, s));
    let c = check(t, s, e.total);
    e.row = format!("{} holds on {}", s.kind.name(), hold(t, s)).into();
    if s.square_against_cavalry {
        e.row = format!("a square against cavalry holds on {}", hold(t, s)).into();
    }
    e.result = c.to_string().into();
    (e, c)
}

/// A morale check, for the odds and the table companion.
pub struct MoraleCheck;

impl Resolution<Tables> for MoraleCheck {
    type Situation = Situation;
    type Outcome = Check;

    fn about(&self) -> About {
        About {
            name: "morale",
            title: "Morale check",
            section: "B&P Melee Combat",
            modifiers: RULE,
            summary: "whether a unit charged (or a charger fired upon, or a square charged by cavalry) holds or routs",
            dice: "2d6",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.square_against_cavalry && !matches!(s.kind, Kind::LineInfantry | Kind::GuardInfantry) {
            out.push(Problem::new(
                "square_against_cavalry",
                format!("{} in square", s.kind.name()),
                "only formed infantry forms square: give kind=line_infantry or kind=guard_infantry",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        modifiers(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Check {
        let (e, c) = roll(t, s, dice);
        rolls.push(e);
        c
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Check> {
        let plus: i32 = modifiers(t, s).iter().map(|m| m.value).sum();
        Exact::of_throws(&[6, 6], |d| {
            check(t, s, i32::from(d[0]) + i32::from(d[1]) + plus)
        })
    }
}
