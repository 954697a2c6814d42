//! The single rolls against a number: cavalry reaction ("NW 10.1"), rallying ("NW 12.0"),
//! artillery evasion ("NW 8.5"), initiative ("NW 6.0"), officer losses ("NW 9.3", "NW
//! Combat Results Table") and the delay before a commander is replaced ("NW 11.7").

use super::{add, roll_2d6};
use crate::levels::{Fatigue, Quality};
use crate::tables::{Evasion, Rally, Reaction};
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

/// A roll that passes or fails.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Test {
    pub roll: Explanation,
    pub needed: i32,
    pub passed: bool,
}

fn test(
    dice: &mut dyn Dice,
    rule: &'static str,
    purpose: &'static str,
    modifiers: Vec<Modifier>,
    needed: i32,
    pass: &'static str,
    fail: &'static str,
) -> Test {
    let mut roll = roll_2d6(dice, rule, purpose, modifiers);
    let passed = roll.total >= needed;
    roll.row = format!("{needed} or better").into();
    roll.result = if passed { pass } else { fail }.into();
    Test {
        roll,
        needed,
        passed,
    }
}

/// Chance that 2d6 plus `modifier` reaches `needed`.
pub fn chance(needed: i32, modifier: i32) -> f64 {
    let d: Distribution<bool> = distribution(2, |dice| {
        dice.roll(6, "a") as i32 + dice.roll(6, "b") as i32 + modifier >= needed
    });
    d.probability(|p| *p)
}

/// What a cavalry reaction roll depends on ("NW Cavalry Reaction Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReactionFacts {
    pub fatigue: Option<Fatigue>,
    pub quality: Quality,
    pub general_attached: bool,
    pub valorous_near: bool,
    pub disordered: bool,
    pub command_fatigued: bool,
    pub target_of_charge: bool,
}

pub fn reaction_modifiers(t: &Reaction, f: &ReactionFacts) -> Vec<Modifier> {
    let mut m = Vec::new();
    add(
        &mut m,
        f.fatigue == Some(Fatigue::Fresh),
        t.fresh,
        "unit is Fresh",
    );
    add(
        &mut m,
        f.fatigue == Some(Fatigue::Worn),
        t.worn,
        "unit is Worn",
    );
    add(
        &mut m,
        f.fatigue == Some(Fatigue::Spent),
        t.spent,
        "unit is Spent",
    );
    let q = t.quality[f.quality as usize];
    if q != 0 {
        m.push(Modifier::new(q, format!("{} class", f.quality)));
    }
    add(
        &mut m,
        f.general_attached,
        t.general_attached,
        "general attached",
    );
    add(
        &mut m,
        f.valorous_near,
        t.valorous_near,
        "within 3\" of a valorous commander",
    );
    add(&mut m, f.disordered, t.disordered, "disordered");
    add(
        &mut m,
        f.command_fatigued,
        t.command_fatigued,
        "command fatigued",
    );
    add(
        &mut m,
        f.target_of_charge,
        t.target_of_charge,
        "target of a charge",
    );
    m
}

pub fn reaction(t: &Reaction, f: &ReactionFacts, dice: &mut dyn Dice) -> Test {
    test(
        dice,
        "NW 10.1 Reaction procedure",
        "cavalry reaction",
        reaction_modifiers(t, f),
        t.needed,
        "may react",
        "does not react",
    )
}

/// What a rally roll depends on ("NW Rally Table").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RallyFacts {
    pub quality: Quality,
    /// A brigade's fatigue level; `None` for a battery, which has none (ruling N38).
    pub fatigue: Option<Fatigue>,
    pub outside_command: bool,
    pub general_attached: bool,
    pub valorous_or_cinc_near: bool,
}

pub fn rally_modifiers(t: &Rally, f: &RallyFacts) -> Vec<Modifier> {
    let mut m = Vec::new();
    add(
        &mut m,
        f.fatigue == Some(Fatigue::Fresh),
        t.fresh,
        "unit is Fresh",
    );
    add(
        &mut m,
        f.fatigue == Some(Fatigue::Spent),
        t.spent,
        "unit is Spent",
    );
    add(
        &mut m,
        f.outside_command,
        t.outside_command,
        "outside its commander's range",
    );
    add(
        &mut m,
        f.general_attached,
        t.general_attached,
        "general attached",
    );
    add(
        &mut m,
        f.valorous_or_cinc_near,
        t.valorous_or_cinc_near,
        "within 3\" of a valorous commander or the CinC",
    );
    m
}

pub fn rally(t: &Rally, f: &RallyFacts, dice: &mut dyn Dice) -> Test {
    let mut rolled = test(
        dice,
        "NW 12.0 Rally phase",
        "rally",
        rally_modifiers(t, f),
        t.needed[f.quality as usize],
        "rallies, disordered, facing the enemy",
        "stays routed",
    );
    if !rolled.passed {
        rolled.roll.result = format!("stays routed and falls back {}\"", t.failed_move).into();
    }
    rolled
}

/// What an evasion roll depends on ("NW 8.5", "NW Artillery Evasion Table").
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvasionFacts {
    pub horse_artillery: bool,
    /// The attacker is light cavalry (the chart's "other cavalry").
    pub attacker_light_cavalry: bool,
    pub bad_weather: bool,
    pub suppressed: bool,
    pub rough: bool,
    pub obstacle_or_higher: bool,
}

pub fn evasion_modifiers(t: &Evasion, f: &EvasionFacts) -> Vec<Modifier> {
    let mut m = Vec::new();
    add(&mut m, f.bad_weather, t.bad_weather, "mud, rain or snow");
    add(&mut m, f.suppressed, t.suppressed, "battery suppressed");
    add(&mut m, f.rough, t.rough, "battery in rough terrain");
    add(
        &mut m,
        f.obstacle_or_higher,
        t.obstacle_or_higher,
        "behind an obstacle or higher",
    );
    m
}

pub fn evasion_needed(t: &Evasion, f: &EvasionFacts) -> i32 {
    let row = if f.horse_artillery { t.horse } else { t.foot };
    row[usize::from(f.attacker_light_cavalry)]
}

pub fn evasion(t: &Evasion, f: &EvasionFacts, dice: &mut dyn Dice) -> Test {
    test(
        dice,
        "NW 8.5 Artillery final fire and evasion",
        "artillery evasion",
        evasion_modifiers(t, f),
        evasion_needed(t, f),
        "escapes a full move to the rear",
        "fails to escape",
    )
}

/// An officer's life at risk: killed on `killed_from` or more on 2d6 ("NW 9.3": 12 when
/// enemies pass through him; "NW Combat Results Table": 10 or more).
pub fn officer_risk(dice: &mut dyn Dice, rule: &'static str, killed_from: i32) -> Test {
    test(
        dice,
        rule,
        "officer casualty",
        Vec::new(),
        killed_from,
        "killed",
        "unhurt",
    )
}

/// The two CinCs' initiative rolls ("NW 6.0"): 2d6 plus presence each, re-rolled on a tie
/// unless one side has Napoleon, who wins ties. Returns the rolls of the deciding round and
/// the winner (0 or 1).
pub fn initiative(
    presence: [i32; 2],
    napoleon: [bool; 2],
    dice: &mut dyn Dice,
) -> ([Explanation; 2], usize) {
    loop {
        let roll = |dice: &mut dyn Dice, p: i32| {
            let m = if p != 0 {
                vec![Modifier::new(p, "CinC's presence")]
            } else {
                Vec::new()
            };
            roll_2d6(dice, "NW 6.0 Initiative phase", "initiative", m)
        };
        let mut a = roll(dice, presence[0]);
        let mut b = roll(dice, presence[1]);
        let winner = if a.total > b.total {
            Some(0)
        } else if b.total > a.total {
            Some(1)
        } else if napoleon[0] != napoleon[1] {
            Some(if napoleon[0] { 0 } else { 1 })
        } else {
            None
        };
        if let Some(w) = winner {
            let row = if a.total == b.total {
                format!("tie at {}: Napoleon wins ties", a.total)
            } else {
                format!("{} against {}", a.total, b.total)
            };
            for (i, e) in [&mut a, &mut b].into_iter().enumerate() {
                e.row = row.clone().into();
                e.result = if i == w {
                    "wins the initiative"
                } else {
                    "loses the initiative"
                }
                .into();
            }
            return ([a, b], w);
        }
    }
}

/// The delay before a lost commander is replaced ("NW 11.7"): 1d6 less the CinC's presence,
/// at least one turn.
pub fn replacement_delay(presence: i32, dice: &mut dyn Dice) -> (Explanation, u32) {
    let mut e = Explanation::new("NW 11.7 Officer casualties");
    e.dice = vec![dice.roll(6, "commander replacement")];
    if presence != 0 {
        e.modifiers
            .push(Modifier::new(-presence, "CinC's presence"));
    }
    e.tally();
    let turns = crate::design::replacement_delay(e.dice[0], presence);
    e.row = "at least 1".into();
    e.result = format!("{turns} turn(s) pass before the replacement arrives").into();
    (e, turns)
}
