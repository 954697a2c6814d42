//! The maneuver roll ("NW 9.0 C", "NW Maneuver Table" and its modifiers).

use super::{add, roll_2d6};
use crate::levels::{Fatigue, Rating};
use crate::resolve::facts::UnitFacts;
use crate::tables::{DisorderedResult, GoodOrderResult, Maneuver, Tables};
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Effect, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

const RULE: &str = "NW 9.0 C Maneuver table";

/// What a maneuver roll depends on, as a player at the table states it ("NW 9.0 C", "NW
/// Maneuver Table").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The unit that rolls: a brigade's fatigue and quality, whether it is disordered, has a
    /// general attached or is a suppressed battery (a battery has no fatigue or quality,
    /// rulings N38, N50).
    pub unit: UnitFacts,
    /// The rating of the unit's commander (the CinC's for an independent brigade), which
    /// names the table's column.
    pub commander: Rating,
    /// The unit is within its commander's range (and the command has a commander, "NW
    /// 11.7"); outside it, the column one rating worse is read.
    pub in_range: bool,
    /// A valorous commander (or CinC, N51) is within 3".
    pub valorous_near: bool,
    /// The presence bonus of a CinC within 3", if one is.
    pub cinc_near: Option<i32>,
    /// The unit's command is fatigued ("NW II 4.0").
    pub command_fatigued: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            unit: UnitFacts::default(),
            commander: Rating::Average,
            in_range: true,
            valorous_near: false,
            cinc_near: None,
            command_fatigued: false,
        }
    }
}

/// What the table allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Allowed {
    GoodOrder(GoodOrderResult),
    Disordered(DisorderedResult),
}

/// One maneuver roll.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Roll {
    pub roll: Explanation,
    /// The column read.
    pub column: Rating,
    pub allowed: Allowed,
}

/// The column a unit reads, and the extra -1 for being outside a Poor commander's range
/// ("NW 9.0 C" step 2).
pub fn column(t: &Maneuver, f: &Situation) -> (Rating, i32) {
    if f.in_range {
        (f.commander, 0)
    } else if f.commander == Rating::Poor {
        (Rating::Poor, t.outside_poor_range)
    } else {
        (f.commander.worse(), 0)
    }
}

/// The modifiers of a maneuver roll ("NW Maneuver table modifiers").
pub fn modifiers(t: &Maneuver, f: &Situation) -> Vec<Modifier> {
    let u = &f.unit;
    let fatigue = u.brigade_fatigue();
    let mut m = Vec::new();
    add(
        &mut m,
        fatigue == Some(Fatigue::Fresh),
        t.fresh,
        "unit is Fresh",
    );
    add(
        &mut m,
        fatigue == Some(Fatigue::Spent),
        t.spent,
        "unit is Spent",
    );
    if let Some(quality) = u.brigade_quality() {
        let q = t.quality[quality as usize];
        if q != 0 {
            m.push(Modifier::new(q, format!("{quality} class unit")));
        }
    }
    add(
        &mut m,
        u.general_attached,
        t.general_attached,
        "general attached",
    );
    add(
        &mut m,
        f.valorous_near,
        t.valorous_near,
        "within 3\" of a valorous commander",
    );
    if let Some(p) = f.cinc_near {
        add(&mut m, true, p, "CinC's presence within 3\"");
    }
    add(
        &mut m,
        u.is_battery() && u.suppressed,
        t.suppressed_artillery,
        "suppressed artillery",
    );
    add(
        &mut m,
        f.command_fatigued,
        t.command_fatigued,
        "command fatigued",
    );
    let (_, outside) = column(t, f);
    add(
        &mut m,
        outside != 0,
        outside,
        "outside a Poor commander's range",
    );
    m
}

/// Read a modified roll.
pub fn read(t: &Maneuver, f: &Situation, total: i32) -> Allowed {
    let (col, _) = column(t, f);
    let row = t.row(col, total);
    if f.unit.disordered {
        Allowed::Disordered(t.disordered[row])
    } else {
        Allowed::GoodOrder(t.good_order[row])
    }
}

/// Roll for one unit.
pub fn resolve(t: &Maneuver, f: &Situation, dice: &mut dyn Dice) -> Roll {
    let mut roll = roll_2d6(dice, RULE, "maneuver", modifiers(t, f));
    let (column, _) = column(t, f);
    let allowed = read(t, f, roll.total);
    roll.row = format!("{column} commander, {}", roll.total).into();
    roll.result = describe(allowed).into();
    Roll {
        roll,
        column,
        allowed,
    }
}

/// The table's words for a result.
pub fn describe(a: Allowed) -> &'static str {
    match a {
        Allowed::GoodOrder(GoodOrderResult::Hold) => "hold position",
        Allowed::GoodOrder(GoodOrderResult::Quarter) => "1/4 move allowed",
        Allowed::GoodOrder(GoodOrderResult::Half) => "1/2 move allowed",
        Allowed::GoodOrder(GoodOrderResult::ThreeQuarters) => "3/4 move allowed",
        Allowed::GoodOrder(GoodOrderResult::Full) => "full move allowed",
        Allowed::Disordered(DisorderedResult::RetreatHalf) => "retreat 1/2 move",
        Allowed::Disordered(DisorderedResult::Hold) => "hold position",
        Allowed::Disordered(DisorderedResult::ReorderHold) => "re-order and hold",
        Allowed::Disordered(DisorderedResult::ReorderQuarter) => "re-order with 1/4 move",
        Allowed::Disordered(DisorderedResult::ReorderHalf) => "re-order with 1/2 move",
        Allowed::Disordered(DisorderedResult::ReorderFull) => "re-order and full move",
    }
}

/// Exact odds of each result.
pub fn odds(t: &Maneuver, f: &Situation) -> Distribution<Allowed> {
    distribution(2, |d| resolve(t, f, d).allowed)
}

impl std::fmt::Display for Allowed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(describe(*self))
    }
}

/// The maneuver roll, for the table companion and the odds.
pub struct ManeuverRoll;

impl Resolution<Tables> for ManeuverRoll {
    type Situation = Situation;
    type Outcome = Allowed;

    fn about(&self) -> About {
        About {
            name: "maneuver",
            title: "Maneuver roll",
            section: RULE,
            modifiers: "NW Maneuver table modifiers",
            summary: "how far a unit may move this maneuver phase, or whether it must hold, re-order or retreat",
            dice: "2d6",
        }
    }

    fn problems(&self, _: &Tables, f: &Situation) -> Vec<Problem> {
        let mut out = f.unit.problems("unit");
        if let Some(p) = f.cinc_near.filter(|p| !(0..=4).contains(p)) {
            out.push(Problem::new(
                "cinc_near",
                format!("a presence of {p}"),
                "a CinC's presence is 0 to +3, +4 for Napoleon (\"NW 4.0\")",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, f: &Situation) -> Vec<Modifier> {
        modifiers(&t.maneuver, f)
    }

    fn resolve(
        &self,
        t: &Tables,
        f: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Allowed {
        let r = resolve(&t.maneuver, f, dice);
        rolls.push(r.roll);
        r.allowed
    }

    fn odds(&self, t: &Tables, f: &Situation) -> Exact<Allowed> {
        let sum: i32 = modifiers(&t.maneuver, f).iter().map(|m| m.value).sum();
        Exact::of_throws(&[6, 6], |d| {
            read(&t.maneuver, f, d[0] as i32 + d[1] as i32 + sum)
        })
    }

    fn roles(&self) -> &'static [&'static str] {
        &["unit"]
    }

    /// A disordered unit that re-orders is in good order again; the other results change
    /// none of its facts.
    fn effects(&self, _: &Situation, a: &Allowed) -> Vec<Effect> {
        match a {
            Allowed::Disordered(d) if d.reorders().is_some() => {
                vec![Effect::set(
                    "unit",
                    serde_json::json!({"disordered": false}),
                )]
            }
            _ => Vec::new(),
        }
    }
}
