//! Combat ("NW 11.0"-"NW 11.7", "NW Combat Results Table", "NW Combat Die Roll Modifiers").
//!
//! A round: each side throws 2d6 with its modifiers, and the attacker's total less the
//! defender's reads the results table. A desperate struggle (a difference of 0) costs both
//! sides and is thrown again with the modifiers worked out afresh; the battle calls
//! [`round`] once a round, from the facts of the table as they stand. The whole combat, its
//! struggles followed to the end and the officers' risks the table chains to its results,
//! is [`CombatRoll`], for the odds and the table companion.

use super::{add, officer, roll_2d6};
use crate::levels::{Arm, CavalryWeight, Fatigue};
use crate::nation::Nation;
use crate::resolve::facts::UnitFacts;
use crate::tables::{Combat, CombatResult, Tables};
use grognard_engine::dice::Distribution;
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Effect, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};
use std::fmt;

const RULE: &str = "NW 11.0 Combat";

/// The ground the defender holds against its attackers ("NW Combat Die Roll Modifiers").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// Open ground, no higher than the attacker.
    #[default]
    None,
    /// Soft cover, behind an obstacle the attackers came across, or on higher ground than
    /// the primary attacker (+1).
    Soft,
    /// A town, a redoubt, or works every attacker came across (ruling N34): +2 (+3 for
    /// Spanish troops), no combined arms and no outflanking; the attackers are disordered
    /// after the combat ("NW 11.3").
    Hard,
}

/// A combat as a player at the table states it: one or two attackers against one defender
/// ("NW 9.92", "NW 11.0").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The primary attacker: of two, the one with more s.p., the cavalry on a tie ("NW 11.0"
    /// step 1). Its own state gives the attack's Fresh, Spent, disorder and general
    /// modifiers (ruling N16), and it takes the attack's losses.
    pub attacker: UnitFacts,
    /// A second attacker, when two units made contact.
    pub second: Option<UnitFacts>,
    /// The unit attacked. A routed defender is overrun without a roll ("NW 11.2" #8).
    pub defender: UnitFacts,
    /// The defender's ground: `none`, `soft` (soft cover, an obstacle, or higher) or `hard`
    /// (a town, a redoubt, works the attackers came across).
    pub cover: Cover,
    /// The defender stands in a forest: no combined arms bonus (ruling N15).
    pub forest: bool,
    /// The defender is fording, on a bridge, or moved by road in its last maneuver phase:
    /// +1 to the attacker (ruling N17).
    pub vulnerable: bool,
    /// The second attacker is on the defender's flank or rear (the defender turned to face
    /// the first to reach it, "NW 11.1"): -2 to the defender, not in hard cover.
    pub outflanked: bool,
    /// Defending cavalry met the charge by countercharging ("NW 10.2"); cavalry charged by
    /// cavalry otherwise meets it at the halt (-1).
    pub countercharged: bool,
    /// The primary attacker lost a s.p. in this half-turn's skirmish or artillery fire:
    /// disordered, it fights at -2 rather than -1 ("NW 11.2" #1, ruling N39).
    pub attacker_lost_sp_in_fire: bool,
    /// The second attacker lost a s.p. in this half-turn's fire (read only if it becomes
    /// the primary attacker).
    pub second_lost_sp_in_fire: bool,
    /// The defender lost a s.p. in this half-turn's fire.
    pub defender_lost_sp_in_fire: bool,
    /// The primary attacker takes the +1 of a valorous commander or CinC within 3" (one unit
    /// a combat phase, "NW 11.2" #3); if it is beaten, he shares its general's risk ("NW II
    /// 3.2", ruling N32).
    pub attacker_valorous_near: bool,
    /// The defender takes the +1 of a valorous commander or CinC within 3".
    pub defender_valorous_near: bool,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            attacker: UnitFacts::default(),
            second: None,
            defender: UnitFacts::default(),
            cover: Cover::None,
            forest: false,
            vulnerable: false,
            outflanked: false,
            countercharged: false,
            attacker_lost_sp_in_fire: false,
            second_lost_sp_in_fire: false,
            defender_lost_sp_in_fire: false,
            attacker_valorous_near: false,
            defender_valorous_near: false,
        }
    }
}

impl Situation {
    /// The attacking units, the primary first.
    pub fn attackers(&self) -> impl Iterator<Item = &UnitFacts> {
        std::iter::once(&self.attacker).chain(self.second.as_ref())
    }

    fn attacker_sp(&self) -> u32 {
        self.attackers().map(|u| u.sp).sum()
    }

    fn hard_cover(&self) -> bool {
        self.cover == Cover::Hard
    }

    /// Infantry and cavalry attack together, against a defender where the bonus counts
    /// (ruling N15).
    pub fn combined_arms(&self) -> bool {
        let inf = self.attackers().any(|u| u.arm == Arm::Infantry);
        let cav = self.attackers().any(|u| u.arm == Arm::Cavalry);
        inf && cav && !self.hard_cover() && !self.forest
    }

    /// Infantry attacked by cavalry alone forms squares ("NW 11.2" #4).
    pub fn cavalry_alone_against_infantry(&self) -> bool {
        self.defender.arm == Arm::Infantry && self.attackers().all(|u| u.arm == Arm::Cavalry)
    }

    /// The squares: cavalry alone against infantry, its losses capped ("NW 11.2" #4).
    pub fn squares(&self) -> bool {
        self.cavalry_alone_against_infantry() && !self.combined_arms()
    }

    /// Defending cavalry meets charging cavalry standing.
    pub fn at_the_halt(&self) -> bool {
        self.defender.arm == Arm::Cavalry
            && self.attacker.arm == Arm::Cavalry
            && !self.countercharged
    }
}

fn state_modifiers(t: &Combat, u: &UnitFacts, lost_in_fire: bool, valorous: bool) -> Vec<Modifier> {
    let mut m = Vec::new();
    let fatigue = u.brigade_fatigue();
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
    if u.disordered {
        if lost_in_fire {
            m.push(Modifier::new(
                t.disordered_with_loss,
                "disordered, with a loss to fire",
            ));
        } else {
            m.push(Modifier::new(t.disordered, "disordered"));
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
        valorous,
        t.valorous_near,
        "within 3\" of a valorous commander",
    );
    m
}

fn cavalry_matchup(t: &Combat, mine: &UnitFacts, theirs: &UnitFacts, m: &mut Vec<Modifier>) {
    if mine.arm == Arm::Cavalry
        && theirs.arm == Arm::Cavalry
        && theirs.weight == CavalryWeight::Heavy
    {
        match mine.weight {
            CavalryWeight::Light => m.push(Modifier::new(
                t.light_vs_heavy_cavalry,
                "light cavalry against heavy",
            )),
            CavalryWeight::Medium => m.push(Modifier::new(
                t.medium_vs_heavy_cavalry,
                "medium cavalry against heavy",
            )),
            CavalryWeight::Heavy => {}
        }
    }
    add(
        m,
        theirs.arm == Arm::Cavalry && theirs.armored,
        t.versus_armored_cavalry,
        "against armored cavalry",
    );
}

fn outnumbered(t: &Combat, ours: u32, theirs: u32, m: &mut Vec<Modifier>) {
    let v = t.outnumbered(ours, theirs);
    if v != 0 {
        m.push(Modifier::new(
            v,
            format!("outnumbered, {theirs} s.p. to {ours}"),
        ));
    }
}

/// The attacker's modifiers: the primary unit's own state (ruling N16) and the whole
/// attack's; a vulnerable defender is a bonus to the attacker's roll (ruling N17).
pub fn attacker_modifiers(t: &Combat, s: &Situation) -> Vec<Modifier> {
    let p = &s.attacker;
    let d = &s.defender;
    let mut m = state_modifiers(t, p, s.attacker_lost_sp_in_fire, s.attacker_valorous_near);
    add(&mut m, s.combined_arms(), t.combined_arms, "combined arms");
    outnumbered(t, s.attacker_sp(), d.sp, &mut m);
    add(
        &mut m,
        p.arm == Arm::Infantry && p.nation == Nation::France && d.arm != Arm::Cavalry,
        t.french_infantry_attacking,
        "French infantry attacking",
    );
    cavalry_matchup(t, p, d, &mut m);
    add(
        &mut m,
        s.vulnerable,
        t.defender_vulnerable,
        "defender is vulnerable",
    );
    add(
        &mut m,
        s.squares(),
        t.cavalry_vs_infantry,
        "cavalry attacking infantry without combined arms",
    );
    m
}

/// The defender's modifiers.
pub fn defender_modifiers(t: &Combat, s: &Situation) -> Vec<Modifier> {
    let d = &s.defender;
    let p = &s.attacker;
    let mut m = state_modifiers(t, d, s.defender_lost_sp_in_fire, s.defender_valorous_near);
    if s.hard_cover() {
        if d.nation == Nation::Spain {
            m.push(Modifier::new(
                t.spanish_hard_cover,
                "Spanish troops defending hard cover",
            ));
        } else {
            m.push(Modifier::new(t.hard_cover, "defending hard cover"));
        }
    }
    outnumbered(t, d.sp, s.attacker_sp(), &mut m);
    add(
        &mut m,
        s.cover == Cover::Soft,
        t.soft_cover_obstacle_or_higher,
        "defending soft cover, an obstacle or higher ground",
    );
    add(
        &mut m,
        d.arm == Arm::Infantry && matches!(d.nation, Nation::Russia | Nation::Britain),
        t.russian_british_infantry_defending,
        "Russian or British infantry defending",
    );
    cavalry_matchup(t, d, p, &mut m);
    add(
        &mut m,
        s.at_the_halt(),
        t.cavalry_at_the_halt,
        "cavalry meeting charging cavalry at the halt",
    );
    add(
        &mut m,
        s.outflanked && s.second.is_some() && !s.hard_cover(),
        t.outflanked,
        "outflanked",
    );
    m
}

/// The attacker's modifiers less the defender's: the result hangs on the dice and this.
fn lead(t: &Combat, s: &Situation) -> i32 {
    let sum = |m: Vec<Modifier>| m.iter().map(|m| m.value).sum::<i32>();
    sum(attacker_modifiers(t, s)) - sum(defender_modifiers(t, s))
}

/// One round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Round {
    pub attack: Explanation,
    pub defence: Explanation,
    pub difference: i32,
    pub result: CombatResult,
}

/// Throw one round of a combat.
pub fn round(t: &Combat, s: &Situation, dice: &mut dyn Dice) -> Round {
    let mut attack = roll_2d6(dice, RULE, "combat, attacker", attacker_modifiers(t, s));
    let mut defence = roll_2d6(dice, RULE, "combat, defender", defender_modifiers(t, s));
    let difference = attack.total - defence.total;
    let result = t.result(difference);
    for e in [&mut attack, &mut defence] {
        e.row = format!("difference {difference:+}").into();
        e.result = result.name().into();
    }
    Round {
        attack,
        defence,
        difference,
        result,
    }
}

/// How many of the 1,296 throws of four dice give each difference of two 2d6, from -10 to
/// +10.
pub(crate) fn differences() -> [u128; 21] {
    let mut two = [0u128; 11];
    for a in 0..6 {
        for b in 0..6 {
            two[a + b] += 1;
        }
    }
    let mut out = [0u128; 21];
    for (i, x) in two.iter().enumerate() {
        for (j, y) in two.iter().enumerate() {
            out[10 + i - j] += x * y;
        }
    }
    out
}

/// Odds of each band of one round, for the AI's weighing of an attack.
///
/// A round's result depends on the throw only through the attacker's 2d6 less the
/// defender's, so the 1,296 throws are counted once by that difference ([`differences_met`])
/// and each band takes the chance of the throws that reach it. Outcomes come in the order a
/// walk of every throw first meets them, each chance summed one throw at a time as that
/// walk sums it ([`summed`]): the result is the walk's, to the last bit.
pub fn round_odds(t: &Combat, s: &Situation) -> Distribution<CombatResult> {
    round_odds_with_lead(t, lead(t, s))
}

fn round_odds_with_lead(t: &Combat, lead: i32) -> Distribution<CombatResult> {
    let mut counts: Vec<(CombatResult, usize)> = Vec::with_capacity(8);
    for &(k, n) in differences_met() {
        let r = t.result(k + lead);
        match counts.iter_mut().find(|(o, _)| *o == r) {
            Some(c) => c.1 += n,
            None => counts.push((r, n)),
        }
    }
    Distribution {
        outcomes: counts.into_iter().map(|(r, n)| (r, summed(n))).collect(),
        unresolved: 0.0,
    }
}

/// The four dice of a combat round: the attacker's two, then the defender's two.
const ROUND_DICE: [u8; 4] = [6; 4];

/// Each difference of the attacker's 2d6 less the defender's, with the number of throws that
/// give it, in the order a walk of every throw first meets it.
fn differences_met() -> &'static [(i32, usize)] {
    static D: std::sync::OnceLock<Vec<(i32, usize)>> = std::sync::OnceLock::new();
    D.get_or_init(|| {
        let mut d: Vec<(i32, usize)> = Vec::new();
        grognard_engine::dice::each_throw(&ROUND_DICE, |t| {
            let k = t[0] as i32 + t[1] as i32 - t[2] as i32 - t[3] as i32;
            match d.iter_mut().find(|(x, _)| *x == k) {
                Some(e) => e.1 += 1,
                None => d.push((k, 1)),
            }
        });
        d
    })
}

/// The chance of `n` throws of the round's dice, added one throw at a time.
fn summed(n: usize) -> f64 {
    static S: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    S.get_or_init(|| {
        let p: f64 = ROUND_DICE.iter().map(|s| 1.0 / *s as f64).product();
        let mut sums = vec![0.0];
        for i in 0..6usize.pow(4) {
            sums.push(sums[i] + p);
        }
        sums
    })[n]
}

/// What becomes of one unit of a combat.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fate {
    /// It stays where it is.
    Holds,
    /// The victor advances this many inches ("NW 11.7").
    Advances(f64),
    /// It falls back this many inches.
    FallsBack(f64),
    /// It retreats a full move.
    Retreats,
    /// It routs ("NW 11.5").
    Routs,
    /// It is destroyed: its last s.p. lost, or a battery that would rout (ruling N50).
    Destroyed,
}

/// One unit's part in a combat's outcome.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Lot {
    /// S.p. (a battery's steps) lost in the whole combat.
    pub lost: u32,
    pub fate: Fate,
    /// Disordered (a battery suppressed) at the end.
    pub disordered: bool,
}

impl fmt::Display for Lot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.lost > 0 {
            parts.push(format!("loses {} s.p.", self.lost));
        }
        match self.fate {
            Fate::Holds if parts.is_empty() && !self.disordered => parts.push("holds".into()),
            Fate::Holds => {}
            Fate::Advances(d) => parts.push(format!("advances {d}\"")),
            Fate::FallsBack(d) => parts.push(format!("falls back {d}\"")),
            Fate::Retreats => parts.push("retreats a full move".into()),
            Fate::Routs => parts.push("routs".into()),
            Fate::Destroyed => parts.push("is destroyed".into()),
        }
        if self.disordered && !matches!(self.fate, Fate::Routs | Fate::Destroyed) {
            parts.push("disordered".into());
        }
        f.write_str(&parts.join(", "))
    }
}

/// The risk an officer runs in a combat's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Risk {
    /// None is at risk.
    None,
    /// He survives the roll.
    Unhurt,
    /// He is killed, by the result itself or on the roll.
    Killed,
}

/// A combat's final outcome: every desperate struggle fought again to the end, and the
/// officers' rolls the result calls for made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fought {
    /// Desperate struggles before the deciding round.
    pub struggles: u8,
    /// The deciding result; `None` when a desperate struggle left a side with no unit.
    pub result: Option<CombatResult>,
    pub attacker: Lot,
    pub second: Option<Lot>,
    pub defender: Lot,
    /// The general attached to the beaten unit ("NW Combat Results Table").
    pub general: Risk,
    /// The valorous commander whose bonus the beaten unit took ("NW II 3.2", ruling N32).
    pub valorous: Risk,
}

impl fmt::Display for Fought {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.result {
            Some(r) => f.write_str(r.name())?,
            None => f.write_str("fought out")?,
        }
        match self.struggles {
            0 => {}
            1 => f.write_str(" after a desperate struggle")?,
            n => write!(f, " after {n} desperate struggles")?,
        }
        write!(f, ": attacker {}", self.attacker)?;
        if let Some(s) = self.second {
            write!(f, "; second attacker {s}")?;
        }
        write!(f, "; defender {}", self.defender)?;
        let risk = |r: Risk| match r {
            Risk::None => None,
            Risk::Unhurt => Some("unhurt"),
            Risk::Killed => Some("killed"),
        };
        if let Some(r) = risk(self.general) {
            write!(f, "; the beaten unit's general {r}")?;
        }
        if let Some(r) = risk(self.valorous) {
            write!(f, "; the valorous commander {r}")?;
        }
        Ok(())
    }
}

/// Where a combat stands between rounds: the facts of the next round, and what has befallen
/// each unit so far.
#[derive(Debug, Clone, Copy)]
struct Stage {
    s: Situation,
    /// The first attacker is gone and the second fights on as the primary.
    first_gone: bool,
    struggles: u8,
    attacker: Lot,
    second: Option<Lot>,
    defender: Lot,
}

/// The most rounds the battle fights a combat; past them it ends undecided.
const MOST_ROUNDS: u8 = 20;

impl Stage {
    fn new(s: &Situation) -> Stage {
        let lot = |u: &UnitFacts| Lot {
            lost: 0,
            fate: Fate::Holds,
            disordered: u.disordered || (u.is_battery() && u.suppressed),
        };
        Stage {
            s: *s,
            first_gone: false,
            struggles: 0,
            attacker: lot(&s.attacker),
            second: s.second.as_ref().map(lot),
            defender: lot(&s.defender),
        }
    }

    /// The lot of the unit fighting as the primary attacker now.
    fn primary(&mut self) -> &mut Lot {
        if self.first_gone {
            self.second.as_mut().expect("the second fights on")
        } else {
            &mut self.attacker
        }
    }

    /// The lot of the other attacker still fighting, if there is one.
    fn other(&mut self) -> Option<&mut Lot> {
        if self.first_gone {
            None
        } else {
            self.second.as_mut()
        }
    }

    fn done(self, result: Option<CombatResult>) -> Fought {
        Fought {
            struggles: self.struggles,
            result,
            attacker: self.attacker,
            second: self.second,
            defender: self.defender,
            general: Risk::None,
            valorous: Risk::None,
        }
    }

    /// The attackers left disordered after attacking hard cover ("NW 11.3").
    fn town(&mut self) {
        if self.s.hard_cover() {
            for l in [Some(&mut self.attacker), self.second.as_mut()]
                .into_iter()
                .flatten()
            {
                if l.fate != Fate::Destroyed {
                    l.disordered = true;
                }
            }
        }
    }
}

fn disorder(u: &mut UnitFacts, lot: &mut Lot) {
    if u.is_battery() {
        u.suppressed = true;
    } else {
        u.disordered = true;
    }
    lot.disordered = true;
}

/// A unit loses `n`; true if that was its last.
fn lose(u: &mut UnitFacts, lot: &mut Lot, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    lot.lost += u.lose(n);
    if u.sp == 0 {
        lot.fate = Fate::Destroyed;
        true
    } else {
        false
    }
}

/// A desperate struggle: both lose and are disordered, and the combat goes on with the
/// modifiers worked out afresh, unless a side is left with no unit. A valorous commander's
/// bonus stays with the unit that took it (ruling N56); a second attacker taking the
/// primary's place has none.
fn struggle(t: &Combat, mut st: Stage) -> Result<Stage, Fought> {
    let cap = if st.s.squares() {
        t.struggle_loss.min(t.squares_loss_cap)
    } else {
        t.struggle_loss
    };
    st.struggles += 1;
    let mut a = st.s.attacker;
    let a_gone = lose(&mut a, st.primary(), cap);
    disorder(&mut a, st.primary());
    let mut d = st.s.defender;
    let mut dl = st.defender;
    let d_gone = lose(&mut d, &mut dl, t.struggle_loss);
    disorder(&mut d, &mut dl);
    st.defender = dl;
    st.s.attacker = a;
    st.s.defender = d;
    let mut no_attacker = false;
    if a_gone {
        match st.s.second.take() {
            Some(second) if !st.first_gone => {
                st.first_gone = true;
                st.s.attacker = second;
                st.s.attacker_valorous_near = false;
                st.s.attacker_lost_sp_in_fire = st.s.second_lost_sp_in_fire;
            }
            _ => no_attacker = true,
        }
    }
    if st.s.second.is_none() {
        st.s.outflanked = false;
    }
    if no_attacker || d_gone || st.struggles >= MOST_ROUNDS {
        st.town();
        return Err(st.done(None));
    }
    Ok(st)
}

/// The officers' rolls a result calls for: the beaten unit's attached general, and the
/// valorous commander whose bonus it took.
#[derive(Debug, Clone, Copy, Default)]
struct Rolls {
    general: bool,
    valorous: bool,
}

/// Apply a deciding result (every result but a desperate struggle) to the stage, as the
/// battle does: losses, the pursuing cavalry's cut, routs, retreats and advances.
fn settle(t: &Combat, mut st: Stage, result: CombatResult) -> (Fought, Rolls) {
    use CombatResult::*;
    let squares = st.s.squares();
    let cap = |n: u32| {
        if squares {
            n.min(t.squares_loss_cap)
        } else {
            n
        }
    };
    let cavalry = st.s.attackers().any(|u| u.arm == Arm::Cavalry);
    let mut d = st.s.defender;
    let mut dl = st.defender;
    let mut a = st.s.attacker;
    let mut rolls = Rolls::default();
    let mut general = Risk::None;
    let mut valorous = Risk::None;
    // The beaten defender routs; infantry routed by a victory with cavalry in it loses more
    // to the pursuit; a battery that would rout is lost (ruling N50).
    let rout = |d: &mut UnitFacts, dl: &mut Lot| {
        if cavalry && d.arm == Arm::Infantry && lose(d, dl, t.pursuit_loss) {
            return;
        }
        dl.fate = if d.is_battery() {
            Fate::Destroyed
        } else {
            Fate::Routs
        };
    };
    let advance = |st: &mut Stage, a: &UnitFacts, i: usize| {
        if !a.is_battery() {
            st.primary().fate = Fate::Advances(t.advance[i]);
        }
    };
    match result {
        DefenderCrushed => {
            let gone = lose(&mut d, &mut dl, t.defender_losses[0]);
            if !gone {
                if d.general_attached {
                    general = Risk::Killed;
                    d.general_attached = false;
                }
                rout(&mut d, &mut dl);
            }
            if st.s.defender_valorous_near {
                valorous = Risk::Killed;
            }
            advance(&mut st, &a, 0);
        }
        DefenderBroken => {
            let was_disordered = d.disordered;
            let gone = lose(&mut d, &mut dl, t.defender_losses[1]);
            rolls.general = !gone && d.general_attached;
            rolls.valorous = st.s.defender_valorous_near;
            if !gone {
                if was_disordered {
                    rout(&mut d, &mut dl);
                } else {
                    dl.fate = Fate::Retreats;
                }
            }
            advance(&mut st, &a, 1);
        }
        DefenderDrivenBack => {
            if !lose(&mut d, &mut dl, t.defender_losses[2]) {
                disorder(&mut d, &mut dl);
                dl.fate = Fate::Retreats;
            }
            advance(&mut st, &a, 2);
        }
        DefenderGivesGround => {
            disorder(&mut d, &mut dl);
            dl.fate = Fate::FallsBack(t.fall_back);
            if a.arm == Arm::Cavalry {
                disorder(&mut a, st.primary());
            }
            if let Some(s) = st.s.second.filter(|s| s.arm == Arm::Cavalry) {
                let mut s = s;
                if let Some(l) = st.other() {
                    disorder(&mut s, l);
                }
            }
        }
        AssaultChecked => {
            disorder(&mut a, st.primary());
            st.primary().fate = Fate::FallsBack(t.fall_back);
            if let Some(mut s) = st.s.second {
                if let Some(l) = st.other() {
                    disorder(&mut s, l);
                    l.fate = Fate::FallsBack(t.fall_back);
                }
            }
            if d.arm == Arm::Cavalry {
                disorder(&mut d, &mut dl);
            }
        }
        AssaultRepulsed => {
            if !lose(&mut a, st.primary(), cap(t.attacker_losses[0])) {
                st.primary().fate = Fate::Retreats;
            }
            if let Some(l) = st.other() {
                l.fate = Fate::Retreats;
            }
        }
        LeGuardRecule => {
            let was_disordered = a.disordered;
            let gone = lose(&mut a, st.primary(), cap(t.attacker_losses[1]));
            rolls.general = !gone && a.general_attached;
            rolls.valorous = st.s.attacker_valorous_near;
            if !gone {
                st.primary().fate = if was_disordered {
                    if a.is_battery() {
                        Fate::Destroyed
                    } else {
                        Fate::Routs
                    }
                } else {
                    Fate::Retreats
                };
            }
            if let Some(l) = st.other() {
                l.fate = Fate::Retreats;
            }
        }
        DesperateStruggle => unreachable!("a desperate struggle decides nothing"),
    }
    st.defender = dl;
    st.town();
    let mut out = st.done(Some(result));
    out.general = general;
    out.valorous = valorous;
    (out, rolls)
}

/// Fight a whole combat: rounds until one decides, then the officers' rolls it calls for.
pub fn fight(
    t: &Combat,
    s: &Situation,
    dice: &mut dyn Dice,
    rolls: &mut Vec<Explanation>,
) -> Fought {
    let mut st = Stage::new(s);
    loop {
        let r = round(t, &st.s, dice);
        rolls.push(r.attack);
        rolls.push(r.defence);
        if r.result == CombatResult::DesperateStruggle {
            match struggle(t, st) {
                Ok(next) => {
                    st = next;
                    continue;
                }
                Err(done) => return done,
            }
        }
        let (mut out, need) = settle(t, st, r.result);
        let mut risk = |case: officer::Case| {
            let test = officer::roll_in_combat(case, t, dice);
            let killed = test.passed;
            rolls.push(test.roll);
            if killed {
                Risk::Killed
            } else {
                Risk::Unhurt
            }
        };
        if need.general {
            out.general = risk(officer::Case::Attached);
        }
        if need.valorous {
            out.valorous = risk(officer::Case::Valorous);
        }
        return out;
    }
}

/// The exact odds of every final outcome, the rounds' differences counted and the chained
/// rounds and rolls combined.
///
/// Every outcome records how many desperate struggles came first, so all the ways to reach
/// it have the same number of rounds: their chances are whole counts over 1,296 to the power
/// of the rounds (and once more for the officers' two 2d6, over 36 each). The counts are
/// summed as integers and made fractions once each; from [`COUNTED_STRUGGLES`] struggles on,
/// where the counts could overflow, the fractions are combined as they come.
pub fn odds(t: &Combat, s: &Situation) -> Exact<Fought> {
    let killed_throws = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| a + b))
        .filter(|x| *x >= t.officer_killed_from)
        .count() as u128;
    let diffs = differences();
    let mut counted: Vec<(Fought, u128)> = Vec::new();
    let mut out = Exact::new();
    count_from(
        t,
        Stage::new(s),
        1,
        killed_throws,
        &diffs,
        &mut counted,
        &mut out,
    );
    for (o, n) in counted {
        let den = 1296u128.pow(u32::from(o.struggles) + 2);
        out.add(o, Chance::new(n, den));
    }
    out
}

/// Struggles from which the chances are combined as fractions: an outcome after fewer has
/// its chance over at most 1,296 to the twelfth, which fits in 128 bits.
const COUNTED_STRUGGLES: u8 = 10;

/// The results of a round in the book's order, for counting.
const RESULTS: [CombatResult; 8] = [
    CombatResult::DefenderCrushed,
    CombatResult::DefenderBroken,
    CombatResult::DefenderDrivenBack,
    CombatResult::DefenderGivesGround,
    CombatResult::DesperateStruggle,
    CombatResult::AssaultChecked,
    CombatResult::AssaultRepulsed,
    CombatResult::LeGuardRecule,
];

/// How many of the 1,296 throws of a round read each result, in the order of [`RESULTS`].
fn result_counts(t: &Combat, s: &Situation, diffs: &[u128; 21]) -> [u128; 8] {
    let lead = lead(t, s);
    let mut counts = [0u128; 8];
    for (i, n) in diffs.iter().enumerate() {
        let r = t.result(i as i32 - 10 + lead);
        counts[RESULTS.iter().position(|x| *x == r).unwrap_or(0)] += n;
    }
    counts
}

fn tally(counted: &mut Vec<(Fought, u128)>, o: Fought, n: u128) {
    match counted.iter_mut().find(|(x, _)| *x == o) {
        Some(slot) => slot.1 += n,
        None => counted.push((o, n)),
    }
}

/// Count the ways to each outcome from `st`, reached by `w` throws of the rounds before.
fn count_from(
    t: &Combat,
    st: Stage,
    w: u128,
    killed: u128,
    diffs: &[u128; 21],
    counted: &mut Vec<(Fought, u128)>,
    out: &mut Exact<Fought>,
) {
    if st.struggles >= COUNTED_STRUGGLES {
        let p = Chance::new(w, 1296u128.pow(u32::from(st.struggles)));
        let k = Chance::new(killed, 36);
        odds_from(t, st, p, k, diffs, out);
        return;
    }
    let unhurt = 36 - killed;
    for (r, n) in RESULTS.iter().zip(result_counts(t, &st.s, diffs)) {
        if n == 0 {
            continue;
        }
        let w = w * n;
        if *r == CombatResult::DesperateStruggle {
            match struggle(t, st) {
                Ok(next) => count_from(t, next, w, killed, diffs, counted, out),
                // Ended a round later than the stage: over 1,296 once more than a result.
                Err(done) => tally(counted, done, w * 1296 * 1296),
            }
            continue;
        }
        let (o, need) = settle(t, st, *r);
        let risks = |on: bool| -> [(Risk, u128); 2] {
            if on {
                [(Risk::Killed, killed), (Risk::Unhurt, unhurt)]
            } else {
                [(Risk::None, 36), (Risk::None, 0)]
            }
        };
        for (g, ng) in risks(need.general) {
            for (v, nv) in risks(need.valorous) {
                if ng * nv == 0 {
                    continue;
                }
                let mut o = o;
                if need.general {
                    o.general = g;
                }
                if need.valorous {
                    o.valorous = v;
                }
                tally(counted, o, w * ng * nv);
            }
        }
    }
}

fn odds_from(
    t: &Combat,
    st: Stage,
    p: Chance,
    killed: Chance,
    diffs: &[u128; 21],
    out: &mut Exact<Fought>,
) {
    let counts = result_counts(t, &st.s, diffs);
    let unhurt = Chance::from_integer(1) - killed;
    for (r, n) in RESULTS.iter().zip(counts) {
        if n == 0 {
            continue;
        }
        let q = p * Chance::new(n, 1296);
        if *r == CombatResult::DesperateStruggle {
            match struggle(t, st) {
                Ok(next) => odds_from(t, next, q, killed, diffs, out),
                Err(done) => out.add(done, q),
            }
            continue;
        }
        let (o, need) = settle(t, st, *r);
        let generals: &[(Risk, Chance)] = if need.general {
            &[(Risk::Killed, killed), (Risk::Unhurt, unhurt)]
        } else {
            &[(Risk::None, Chance::from_integer(1))]
        };
        for (g, pg) in generals {
            let mut o = o;
            if need.general {
                o.general = *g;
            }
            if need.valorous {
                for (v, pv) in [(Risk::Killed, killed), (Risk::Unhurt, unhurt)] {
                    let mut o = o;
                    o.valorous = v;
                    out.add(o, q * pg * pv);
                }
            } else {
                out.add(o, q * pg);
            }
        }
    }
}

/// The combat, for the table companion and the odds.
pub struct CombatRoll;

impl Resolution<Tables> for CombatRoll {
    type Situation = Situation;
    type Outcome = Fought;

    fn about(&self) -> About {
        About {
            name: "combat",
            title: "Combat",
            section: "NW 11.0-11.7",
            modifiers: "NW Combat Die Roll Modifiers",
            summary: "a combat fought to its end: desperate struggles thrown again, the results table applied to both sides, and the officers' risks it calls for",
            dice: "2d6 each side a round",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = s.attacker.problems("attacker");
        if let Some(second) = &s.second {
            out.extend(second.problems("second"));
            let primary_first = second.sp < s.attacker.sp
                || second.sp == s.attacker.sp
                    && (s.attacker.arm == Arm::Cavalry || second.arm != Arm::Cavalry);
            if !primary_first {
                out.push(Problem::new(
                    "second",
                    "the second attacker should be the primary one",
                    "the primary attacker is the one with more s.p., cavalry on a tie (\"NW 11.0\" step 1): swap `attacker` and `second`",
                ));
            }
        }
        out.extend(s.defender.problems("defender"));
        if s.outflanked && s.second.is_none() {
            out.push(Problem::new(
                "outflanked",
                "outflanked by a single attacker",
                "the defender turns to face a lone attacker (\"NW 11.1\"): give `second` or leave `outflanked` out",
            ));
        }
        if s.countercharged && s.defender.arm != Arm::Cavalry {
            out.push(Problem::new(
                "countercharged",
                "a defender that is not cavalry countercharged",
                "only cavalry countercharges (\"NW 10.2\"): leave it out, or give `defender.arm=cavalry`",
            ));
        }
        if s.attacker_valorous_near && s.defender_valorous_near {
            out.push(Problem::new(
                "defender_valorous_near",
                "both sides take a valorous commander's bonus",
                "one unit a combat phase takes it (\"NW 11.2\" #3): the attacker's first",
            ));
        }
        if s.second.is_none() && s.second_lost_sp_in_fire {
            out.push(Problem::new(
                "second_lost_sp_in_fire",
                "a loss to fire for a second attacker that is not there",
                "give `second`, or leave this out",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        let mut m = attacker_modifiers(&t.combat, s);
        for d in defender_modifiers(&t.combat, s) {
            m.push(Modifier::new(-d.value, format!("defender: {}", d.reason)));
        }
        m
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> Fought {
        fight(&t.combat, s, dice, rolls)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<Fought> {
        odds(&t.combat, s)
    }

    fn depth(&self) -> usize {
        4 * MOST_ROUNDS as usize + 4
    }

    fn counts(&self, o: &Fought) -> Vec<(&'static str, f64)> {
        let attackers = o.attacker.lost + o.second.map_or(0, |l| l.lost);
        vec![
            ("attacker s.p. lost", f64::from(attackers)),
            ("defender s.p. lost", f64::from(o.defender.lost)),
        ]
    }

    fn roles(&self) -> &'static [&'static str] {
        &["attacker", "second", "defender"]
    }

    fn effects(&self, s: &Situation, o: &Fought) -> Vec<Effect> {
        let beaten = match o.result {
            Some(CombatResult::LeGuardRecule) => "attacker",
            _ => "defender",
        };
        let effect = |role: &'static str, u: &UnitFacts, lot: &Lot| {
            if lot.fate == Fate::Destroyed {
                return Effect::gone(role);
            }
            let mut after = *u;
            after.lose(lot.lost);
            let mut set = serde_json::Map::new();
            set.insert("sp".into(), after.sp.into());
            if !u.is_battery() {
                if after.fatigue != u.fatigue {
                    set.insert(
                        "fatigue".into(),
                        serde_json::to_value(after.fatigue).unwrap_or_default(),
                    );
                }
                if lot.disordered || lot.fate == Fate::Routs {
                    set.insert("disordered".into(), true.into());
                }
            } else {
                if after.damaged != u.damaged {
                    set.insert("damaged".into(), true.into());
                }
                if lot.disordered {
                    set.insert("suppressed".into(), true.into());
                }
            }
            if o.general == Risk::Killed && role == beaten {
                set.insert("general_attached".into(), false.into());
            }
            Effect::set(role, serde_json::Value::Object(set))
        };
        let mut out = vec![effect("attacker", &s.attacker, &o.attacker)];
        if let (Some(u), Some(l)) = (&s.second, &o.second) {
            out.push(effect("second", u, l));
        }
        out.push(effect("defender", &s.defender, &o.defender));
        out
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_odds_are_the_walk_of_every_throw_to_the_last_bit() {
        let t = &crate::resolve::resolutions::book_tables().combat;
        for lead in -14..=14 {
            let walked = Distribution::of_throws(&ROUND_DICE, |d| {
                t.result(d[0] as i32 + d[1] as i32 - d[2] as i32 - d[3] as i32 + lead)
            });
            assert_eq!(round_odds_with_lead(t, lead), walked, "lead {lead}");
        }
        assert_eq!(differences_met().iter().map(|d| d.1).sum::<usize>(), 1296);
    }

    use super::*;
    use grognard_engine::dice::distribution;

    fn unit(arm: Arm, sp: u32, fatigue: Option<Fatigue>) -> UnitFacts {
        UnitFacts {
            arm,
            weight: CavalryWeight::Heavy,
            sp,
            fatigue: fatigue.unwrap_or(Fatigue::Fresh),
            ..UnitFacts::default()
        }
    }

    /// The count of one round agrees, band for band and bit for bit, with walking every
    /// throw through `round`.
    #[test]
    fn round_odds_walk() {
        let t = Combat::default();
        for (a, d) in [
            (Arm::Infantry, Arm::Infantry),
            (Arm::Cavalry, Arm::Infantry),
            (Arm::Cavalry, Arm::Cavalry),
        ] {
            for (sa, sd, fa, fd) in [
                (4, 4, Some(Fatigue::Fresh), Some(Fatigue::Fresh)),
                (8, 3, Some(Fatigue::Fresh), Some(Fatigue::Spent)),
                (2, 9, Some(Fatigue::Worn), None),
            ] {
                let s = Situation {
                    attacker: unit(a, sa, fa),
                    defender: unit(d, sd, fd),
                    cover: if sd > 8 {
                        Cover::Hard
                    } else if sa < 3 {
                        Cover::Soft
                    } else {
                        Cover::None
                    },
                    vulnerable: sd == 3,
                    ..Situation::default()
                };
                let walked = distribution(4, |d| round(&t, &s, d).result);
                let counted = round_odds(&t, &s);
                assert_eq!(walked.outcomes, counted.outcomes, "{s:?}");
                assert!(counted.outcomes.len() > 1, "{s:?}");
            }
        }
    }

    /// The counts summed as integers agree with fractions combined as they come, through
    /// long combats that pass from one to the other (12 s.p. a side: up to 12 struggles).
    #[test]
    fn counted_odds_agree_with_fractions() {
        let t = Combat::default();
        for (a, d) in [(12, 12), (12, 11), (6, 12)] {
            let s = Situation {
                attacker: unit(Arm::Infantry, a, Some(Fatigue::Fresh)),
                defender: UnitFacts {
                    general_attached: true,
                    ..unit(Arm::Infantry, d, Some(Fatigue::Fresh))
                },
                defender_valorous_near: true,
                ..Situation::default()
            };
            let counted = odds(&t, &s);
            let mut fractions = Exact::new();
            odds_from(
                &t,
                Stage::new(&s),
                Chance::from_integer(1),
                Chance::new(1, 6),
                &differences(),
                &mut fractions,
            );
            assert_eq!(counted.outcomes.len(), fractions.outcomes.len());
            for (o, p) in &fractions.outcomes {
                assert_eq!(counted.chance(|x| x == o), *p, "{o}");
            }
            let total: Chance = counted.outcomes.iter().map(|(_, p)| *p).sum();
            assert_eq!(total, Chance::from_integer(1));
            let most = counted.outcomes.iter().map(|(o, _)| o.struggles).max();
            // Each struggle costs each side a s.p.: the smaller side lasts that many.
            assert_eq!(most, Some(a.min(d) as u8));
            assert_eq!(a.min(d) > 6, most > Some(COUNTED_STRUGGLES));
        }
    }

    #[test]
    fn differences_of_two_throws_of_2d6() {
        let d = differences();
        assert_eq!(d.iter().sum::<u128>(), 1296);
        assert_eq!(d[10], 146, "a tie");
        assert_eq!((d[0], d[20]), (1, 1));
    }
}
