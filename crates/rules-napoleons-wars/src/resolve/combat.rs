//! One round of combat ("NW 11.0", "NW 11.2", "NW Combat Results Table", "NW Combat Die
//! Roll Modifiers"). A desperate struggle (a difference of 0) costs both sides and is
//! rolled again with the modifiers worked out afresh, so the battle calls this once a round.

use super::{add, roll_2d6};
use crate::levels::{Arm, CavalryWeight, Fatigue};
use crate::nation::Nation;
use crate::tables::{Combat, CombatResult};
use grognard_engine::dice::Distribution;
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

const RULE: &str = "NW 11.0 Combat";

/// One unit in a combat.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    pub nation: Nation,
    pub arm: Arm,
    pub weight: Option<CavalryWeight>,
    pub armored: bool,
    pub sp: u32,
    /// A brigade's fatigue level; `None` for a battery, which has none (ruling N38).
    pub fatigue: Option<Fatigue>,
    pub disordered: bool,
    /// Lost a strength point in the skirmish or artillery phase just before ("NW 11.2" #1).
    pub lost_sp_in_fire: bool,
    pub general_attached: bool,
    /// Gets the combat bonus of a valorous commander within 3" (one unit a phase).
    pub valorous_near: bool,
}

/// A combat: one or two attackers (the primary first) against one defender ("NW 9.92").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Situation {
    pub attackers: Vec<Unit>,
    pub defender: Unit,
    /// In a town, a redoubt or behind prepared works the attackers did not cross.
    pub defender_hard_cover: bool,
    /// In soft cover, behind an obstacle, or higher than the attackers.
    pub defender_soft_cover_obstacle_or_higher: bool,
    /// Defending in a forest: no combined arms bonus.
    pub defender_in_forest: bool,
    /// Fording, on a bridge, or moved by road in its last maneuver phase.
    pub defender_vulnerable: bool,
    /// A second attacker is on the defender's flank or rear.
    pub outflanked: bool,
    /// Defending cavalry that met charging cavalry standing still.
    pub defender_cavalry_at_halt: bool,
}

impl Situation {
    pub fn primary(&self) -> &Unit {
        &self.attackers[0]
    }

    fn attacker_sp(&self) -> u32 {
        self.attackers.iter().map(|u| u.sp).sum()
    }

    /// Infantry and cavalry attack together, against a defender where the bonus counts
    /// (ruling N15).
    pub fn combined_arms(&self) -> bool {
        let inf = self.attackers.iter().any(|u| u.arm == Arm::Infantry);
        let cav = self.attackers.iter().any(|u| u.arm == Arm::Cavalry);
        inf && cav && !self.defender_hard_cover && !self.defender_in_forest
    }

    /// Infantry attacked by cavalry alone forms squares ("NW 11.2" #4).
    pub fn cavalry_alone_against_infantry(&self) -> bool {
        self.defender.arm == Arm::Infantry && self.attackers.iter().all(|u| u.arm == Arm::Cavalry)
    }
}

fn state_modifiers(t: &Combat, u: &Unit, m: &mut Vec<Modifier>) {
    add(
        m,
        u.fatigue == Some(Fatigue::Fresh),
        t.fresh,
        "unit is Fresh",
    );
    add(
        m,
        u.fatigue == Some(Fatigue::Spent),
        t.spent,
        "unit is Spent",
    );
    if u.disordered {
        if u.lost_sp_in_fire {
            m.push(Modifier::new(
                t.disordered_with_loss,
                "disordered, with a loss to fire",
            ));
        } else {
            m.push(Modifier::new(t.disordered, "disordered"));
        }
    }
    add(
        m,
        u.general_attached,
        t.general_attached,
        "general attached",
    );
    add(
        m,
        u.valorous_near,
        t.valorous_near,
        "within 3\" of a valorous commander",
    );
}

fn cavalry_matchup(t: &Combat, mine: &Unit, theirs: &Unit, m: &mut Vec<Modifier>) {
    if mine.arm == Arm::Cavalry
        && theirs.arm == Arm::Cavalry
        && theirs.weight == Some(CavalryWeight::Heavy)
    {
        match mine.weight {
            Some(CavalryWeight::Light) => m.push(Modifier::new(
                t.light_vs_heavy_cavalry,
                "light cavalry against heavy",
            )),
            Some(CavalryWeight::Medium) => m.push(Modifier::new(
                t.medium_vs_heavy_cavalry,
                "medium cavalry against heavy",
            )),
            _ => {}
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
    let p = s.primary();
    let d = &s.defender;
    let mut m = Vec::new();
    state_modifiers(t, p, &mut m);
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
        s.defender_vulnerable,
        t.defender_vulnerable,
        "defender is vulnerable",
    );
    add(
        &mut m,
        s.cavalry_alone_against_infantry() && !s.combined_arms(),
        t.cavalry_vs_infantry,
        "cavalry attacking infantry without combined arms",
    );
    m
}

/// The defender's modifiers.
pub fn defender_modifiers(t: &Combat, s: &Situation) -> Vec<Modifier> {
    let d = &s.defender;
    let p = s.primary();
    let mut m = Vec::new();
    state_modifiers(t, d, &mut m);
    if s.defender_hard_cover {
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
        s.defender_soft_cover_obstacle_or_higher && !s.defender_hard_cover,
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
        s.defender_cavalry_at_halt && d.arm == Arm::Cavalry,
        t.cavalry_at_the_halt,
        "cavalry meeting charging cavalry at the halt",
    );
    add(
        &mut m,
        s.outflanked && !s.defender_hard_cover,
        t.outflanked,
        "outflanked",
    );
    m
}

/// One round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Round {
    pub attack: Explanation,
    pub defence: Explanation,
    pub difference: i32,
    pub result: CombatResult,
}

/// Roll one round of a combat.
pub fn resolve(t: &Combat, s: &Situation, dice: &mut dyn Dice) -> Round {
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

/// Exact odds of each band for one round. The result hangs only on the difference of the
/// two totals, so the modifiers are summed once and the 1,296 throws of the four dice
/// counted directly (`odds_walk` in the tests checks this against resolving every throw).
pub fn odds(t: &Combat, s: &Situation) -> Distribution<CombatResult> {
    let lead: i32 = attacker_modifiers(t, s)
        .iter()
        .map(|m| m.value)
        .sum::<i32>()
        - defender_modifiers(t, s)
            .iter()
            .map(|m| m.value)
            .sum::<i32>();
    Distribution::of_throws(&[6; 4], |d| {
        let (a, b, c, e) = (d[0] as i32, d[1] as i32, d[2] as i32, d[3] as i32);
        t.result(a + b - c - e + lead)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grognard_engine::dice::distribution;

    fn unit(arm: Arm, sp: u32, fatigue: Option<Fatigue>) -> Unit {
        Unit {
            nation: Nation::France,
            arm,
            weight: (arm == Arm::Cavalry).then_some(CavalryWeight::Heavy),
            armored: false,
            sp,
            fatigue,
            disordered: false,
            lost_sp_in_fire: false,
            general_attached: false,
            valorous_near: false,
        }
    }

    /// The direct count agrees, outcome for outcome and bit for bit, with walking every
    /// throw through `resolve`.
    #[test]
    fn odds_walk() {
        let t = Combat::default();
        let mut cases = Vec::new();
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
                cases.push(Situation {
                    attackers: vec![unit(a, sa, fa)],
                    defender: unit(d, sd, fd),
                    defender_hard_cover: sd > 8,
                    defender_soft_cover_obstacle_or_higher: sa < 3,
                    defender_in_forest: false,
                    defender_vulnerable: sd == 3,
                    outflanked: false,
                    defender_cavalry_at_halt: false,
                });
            }
        }
        for s in &cases {
            let walked = distribution(4, |d| resolve(&t, s, d).result);
            let counted = odds(&t, s);
            assert_eq!(walked.outcomes, counted.outcomes, "{s:?}");
            assert_eq!(walked.unresolved, counted.unresolved);
            assert!(counted.outcomes.len() > 1, "{s:?}");
        }
    }
}
