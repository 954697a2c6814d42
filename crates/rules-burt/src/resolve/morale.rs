//! Morale tests ("Burt 8"): the book's die, modifiers added to it, against the score the
//! unit's class must equal or beat. What a failure does depends on why the unit tested.
//! The modifiers move the score needed, so a score above 6 is thrown as the book's die
//! reads it (ruling R4).

use super::{add, chance, throws};
use crate::tables::{Class, Tables};
use grognard_engine::resolution::{About, Chance, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

pub const RULE: &str = "Burt 8 Morale";

/// Why the unit tests: each has its own result of failing.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A tenth of its figures lost to fire this move.
    #[default]
    FireCasualties,
    TryingToAssault,
    BeingAssaulted,
    SupportingAssaulted,
    IndecisiveMelee,
    SeeingFriendsRout,
    ArmyMorale,
    RallyFromRout,
    RallyFromPursuit,
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Reason::FireCasualties => "a tenth of its figures lost to fire",
            Reason::TryingToAssault => "trying to assault",
            Reason::BeingAssaulted => "being assaulted",
            Reason::SupportingAssaulted => "supporting a unit assaulted",
            Reason::IndecisiveMelee => "an indecisive melee",
            Reason::SeeingFriendsRout => "seeing friends rout",
            Reason::ArmyMorale => "army morale gone",
            Reason::RallyFromRout => "rallying from a rout",
            Reason::RallyFromPursuit => "rallying from a pursuit",
        })
    }
}

impl Reason {
    pub const ALL: [Reason; 9] = [
        Reason::FireCasualties,
        Reason::TryingToAssault,
        Reason::BeingAssaulted,
        Reason::SupportingAssaulted,
        Reason::IndecisiveMelee,
        Reason::SeeingFriendsRout,
        Reason::ArmyMorale,
        Reason::RallyFromRout,
        Reason::RallyFromPursuit,
    ];
}

/// What a test comes to ("Burt 8", the table of effects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Result {
    /// Carries on with what it was doing, or rallies.
    Passes,
    /// Loses one class of order.
    LosesOrder,
    /// Loses one class of order and does not assault.
    LosesOrderNoAssault,
    /// Loses one class of order and gives no support.
    LosesOrderNoSupport,
    Routs,
    ContinuesRout,
    ContinuesPursuit,
}

impl fmt::Display for Result {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Result::Passes => "passes",
            Result::LosesOrder => "loses a class of order",
            Result::LosesOrderNoAssault => "loses a class of order and does not assault",
            Result::LosesOrderNoSupport => "loses a class of order and gives no support",
            Result::Routs => "routs",
            Result::ContinuesRout => "stays in rout",
            Result::ContinuesPursuit => "keeps up the pursuit",
        })
    }
}

/// What failing a test for `reason` does.
pub fn failing(reason: Reason) -> Result {
    match reason {
        Reason::FireCasualties
        | Reason::IndecisiveMelee
        | Reason::SeeingFriendsRout
        | Reason::ArmyMorale => Result::LosesOrder,
        Reason::TryingToAssault => Result::LosesOrderNoAssault,
        Reason::BeingAssaulted => Result::Routs,
        Reason::SupportingAssaulted => Result::LosesOrderNoSupport,
        Reason::RallyFromRout => Result::ContinuesRout,
        Reason::RallyFromPursuit => Result::ContinuesPursuit,
    }
}

/// The strength a unit has left against what it began with ("Burt 8": under three
/// quarters, a half, a third); a unit is in one band only, so the modifiers do not add up
/// (ruling R32).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    #[default]
    Full,
    UnderThreeQuarters,
    UnderHalf,
    UnderThird,
}

impl Strength {
    /// The band `left` figures of `start` fall in.
    pub fn of(left: u32, start: u32) -> Strength {
        let (l, s) = (u64::from(left), u64::from(start.max(1)));
        if 3 * l < s {
            Strength::UnderThird
        } else if 2 * l < s {
            Strength::UnderHalf
        } else if 4 * l < 3 * s {
            Strength::UnderThreeQuarters
        } else {
            Strength::Full
        }
    }
}

/// The unit's state of order as the test reads it.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    #[default]
    Formed,
    Unformed,
    Disordered,
    Shaken,
    Routing,
}

/// A morale test as a player states it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    pub class: Class,
    pub reason: Reason,
    pub no_enemy_in_sight: bool,
    /// Testing to charge skirmishers or routing troops.
    pub charging_skirmishers_or_routers: bool,
    pub charging_flank_or_rear: bool,
    pub commander_in_chief: bool,
    pub charged_in_square: bool,
    pub supported: bool,
    pub hard_cover: bool,
    pub advancing: bool,
    pub subordinate_general: bool,
    pub charged_in_column: bool,
    pub secure_flank: bool,
    pub soft_cover: bool,
    pub strength: Strength,
    pub casualties_this_turn: bool,
    pub retiring: bool,
    pub order: Order,
    pub army_demoralised: bool,
}

pub fn modifiers(t: &Tables, s: &Situation) -> Vec<Modifier> {
    let m = &t.morale;
    let mut out = Vec::new();
    add(
        &mut out,
        s.no_enemy_in_sight,
        m.no_enemy_in_sight,
        "no enemy in sight",
    );
    add(
        &mut out,
        s.charging_skirmishers_or_routers,
        m.charging_skirmishers_or_routers,
        "charging skirmishers or routing troops",
    );
    add(
        &mut out,
        s.charging_flank_or_rear,
        m.charging_flank_or_rear,
        "charging a flank or rear",
    );
    add(
        &mut out,
        s.commander_in_chief,
        m.commander_in_chief,
        "C in C with the unit",
    );
    add(
        &mut out,
        s.charged_in_square,
        m.charged_in_square,
        "charged in square",
    );
    add(&mut out, s.supported, m.supported, "supported");
    add(&mut out, s.hard_cover, m.hard_cover, "in hard cover");
    add(
        &mut out,
        s.advancing,
        m.advancing,
        "advancing or pushing back",
    );
    add(
        &mut out,
        s.subordinate_general,
        m.subordinate_general,
        "subordinate general with the unit",
    );
    add(
        &mut out,
        s.charged_in_column,
        m.charged_in_column,
        "charged in column",
    );
    add(&mut out, s.secure_flank, m.secure_flank, "a secure flank");
    add(&mut out, s.soft_cover, m.soft_cover, "in soft cover");
    add(
        &mut out,
        s.strength == Strength::UnderThreeQuarters,
        m.under_three_quarters,
        "under three quarters strength",
    );
    add(
        &mut out,
        s.casualties_this_turn,
        m.casualties_this_turn,
        "casualties this turn",
    );
    add(&mut out, s.retiring, m.retiring, "retiring or pushed back");
    add(
        &mut out,
        s.order == Order::Disordered,
        m.disordered,
        "disordered",
    );
    add(
        &mut out,
        s.army_demoralised,
        m.army_demoralised,
        "army demoralised",
    );
    add(
        &mut out,
        s.strength == Strength::UnderHalf,
        m.under_half,
        "under half strength",
    );
    add(&mut out, s.order == Order::Shaken, m.shaken, "shaken");
    add(
        &mut out,
        s.strength == Strength::UnderThird,
        m.under_third,
        "under a third strength",
    );
    add(&mut out, s.order == Order::Routing, m.routing, "routing");
    out
}

/// The score the die itself must reach: the class's score less the modifiers.
pub fn need(t: &Tables, s: &Situation) -> i32 {
    t.morale.pass(s.class) - modifiers(t, s).iter().map(|m| m.value).sum::<i32>()
}

pub fn roll(t: &Tables, s: &Situation, dice: &mut dyn Dice) -> (Explanation, Result) {
    let n = need(t, s);
    let (mut e, passed) = throws(t.dice, 1, n, dice, RULE, "morale test", modifiers(t, s));
    let r = if passed == 1 {
        Result::Passes
    } else {
        failing(s.reason)
    };
    e.row = format!(
        "class {:?} passes on {}, so the die needs {n}",
        s.class,
        t.morale.pass(s.class)
    )
    .into();
    e.result = r.to_string().into();
    (e, r)
}

/// A morale test, for the odds and the table companion.
pub struct MoraleTest;

impl Resolution<Tables> for MoraleTest {
    type Situation = Situation;
    type Outcome = Result;

    fn about(&self) -> About {
        About {
            name: "morale",
            title: "Morale test",
            section: RULE,
            modifiers: RULE,
            summary: "whether a unit passes a morale test, and what failing it does for the reason it tests",
            dice: "1d6 (a 6 and a further die for more)",
        }
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
    ) -> Result {
        let (e, r) = roll(t, s, dice);
        rolls.push(e);
        r
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Result> {
        let p = chance(t.dice, need(t, s));
        let mut out = Exact::new();
        out.add(Result::Passes, p);
        out.add(failing(s.reason), Chance::from_integer(1) - p);
        out.without_impossible()
    }
}
