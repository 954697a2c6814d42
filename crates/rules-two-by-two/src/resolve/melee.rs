//! The melee roll ("2x2 Melee", "Multiple melees", "Melee modifiers", "Melee results",
//! "Clearing dense woods"; optional "Column of Attack", "Lancers", "Irregular Warband") as a
//! function of the facts a player states, followed to the loser's rout survival roll
//! ("2x2 Effects: Routs"). The battle builds the same facts from the table
//! ([`crate::phases::melee::situation`]) and fights with [`fight`].

use crate::resolve::facts::{Condition, UnitFacts};
use crate::resolve::rout_survival::{self as rout, RoutEnd, RoutPath};
use crate::tables::{Melee, Tables};
use crate::units::{Size, UnitType};
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Effect, Exact, Resolution};
use grognard_engine::Dice;
use serde::{Deserialize, Serialize};

pub const RULE: &str = "2x2 Melee results";

/// Which of the two units stands higher ("2x2 Melee modifiers": higher than the opponent).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Higher {
    /// Both on the same level.
    #[default]
    Neither,
    /// The attacker stands higher (uphill of the defender).
    Attacker,
    /// The defender stands higher.
    Defender,
}

/// What a melee depends on, as a player at the table states it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The unit that moved (or followed up) into contact.
    pub attacker: UnitFacts,
    /// The unit it contacted.
    pub defender: UnitFacts,
    /// How many enemy units the attacker is in melee with, counted as its melee group
    /// starts: the defender has +1 for each beyond the first ("2x2 Multiple melees", R22).
    pub attacker_engaged: u8,
    /// How many enemy units the defender is in melee with, counted as its melee group
    /// starts: the attacker has +1 for each beyond the first (three attackers on one
    /// defender: +2 each).
    pub defender_engaged: u8,
    /// Which unit stands higher than the other: +1 to it.
    pub higher: Higher,
    /// A friendly HQ touches the attacker, base to base (+1; not for an HQ itself).
    pub attacker_hq_in_contact: bool,
    /// A friendly HQ touches the defender, base to base (+1; not for an HQ itself).
    pub defender_hq_in_contact: bool,
    /// The attacker stands in a town (-2 if it is cavalry).
    pub attacker_in_town: bool,
    /// The defender stands in a town (-2 if it is cavalry).
    pub defender_in_town: bool,
    /// The attacker made a follow-up move this melee phase (-1, kept for later follow-ups).
    pub attacker_followed_up: bool,
    /// The defender made a follow-up move this melee phase (-1).
    pub defender_followed_up: bool,
    /// The attacker's last move was wholly on road, in road column (-2, ruling R23).
    pub attacker_road_column: bool,
    /// The defender's last move was wholly on road, in road column (-2, ruling R23).
    pub defender_road_column: bool,
    /// Clearing dense woods: the defender is light infantry at a dense wood's edge and the
    /// attacker, infantry, stands outside the wood (ruling R29). A non-light attacker has -1,
    /// the light infantry loses its -3 (and has -1 if Pinned or Disrupted), and the attacker
    /// is Pinned after the melee, win or lose.
    pub clearing: bool,
    /// The attacker's column of attack (optional "Column of Attack", ruling R33): the unit
    /// squarely behind it, of its exact type and size. The attacker has +1, and the support
    /// shares its fate if it loses, rolling its own rout roll if it routs (ruling R38). Give
    /// its facts as support.kind, support.size and support.status; leave it out when no
    /// column is taken.
    pub support: Option<UnitFacts>,
    /// What the attacker's rout move would meet if it lost and survived its rout roll
    /// (aligned against the defender, then straight back): the table decides it, so state
    /// it as you see it.
    pub attacker_rout: RoutPath,
    /// What the defender's rout move would meet if it lost and survived its rout roll
    /// (aligned front to front with the attacker, then straight back).
    pub defender_rout: RoutPath,
    /// What the column support's rout move would meet, straight back, if the attacker
    /// routs and the support survives its own rout roll.
    pub support_rout: RoutPath,
}

impl Default for Situation {
    fn default() -> Self {
        Situation {
            attacker: UnitFacts::default(),
            defender: UnitFacts::default(),
            attacker_engaged: 1,
            defender_engaged: 1,
            higher: Higher::Neither,
            attacker_hq_in_contact: false,
            defender_hq_in_contact: false,
            attacker_in_town: false,
            defender_in_town: false,
            attacker_followed_up: false,
            defender_followed_up: false,
            attacker_road_column: false,
            defender_road_column: false,
            clearing: false,
            support: None,
            attacker_rout: RoutPath::Clear,
            defender_rout: RoutPath::Clear,
            support_rout: RoutPath::Clear,
        }
    }
}

/// One of the two units of a melee.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Attacker => "attacker",
            Role::Defender => "defender",
        }
    }

    pub fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }
}

/// The most units one unit may be in melee with that a situation may state: one on each
/// face, and a second on a face only when it is struck by bases side by side.
pub const MOST_ENGAGED: u8 = 8;

/// What the book forbids in a situation, each named by its fact.
pub fn barred(s: &Situation) -> Vec<(&'static str, String, &'static str)> {
    let mut out = Vec::new();
    let (a, d) = (s.attacker.kind, s.defender.kind);
    if !a.may_charge(d) {
        out.push((
            "attacker.kind",
            format!(
                "{} may not move into contact with {} (\"2x2 Melee\")",
                a.name(),
                d.name()
            ),
            "artillery never charges, infantry never charges cavalry, irregular cavalry never charges infantry: swap the roles if the other unit charged",
        ));
    }
    for (path, n) in [
        ("attacker_engaged", s.attacker_engaged),
        ("defender_engaged", s.defender_engaged),
    ] {
        if n == 0 || n > MOST_ENGAGED {
            out.push((
                path,
                format!("{n} units in melee with it: a unit in melee fights from 1 to {MOST_ENGAGED} enemies"),
                "count the enemy units touching it as its melee group starts, the one it fights included",
            ));
        }
    }
    if s.clearing {
        if d != UnitType::LightInfantry {
            out.push((
                "clearing",
                format!(
                    "only light infantry holds a dense wood's edge, not {}",
                    d.name()
                ),
                "give clearing=no, or defender.kind=light_infantry",
            ));
        }
        if !a.is_infantry() {
            out.push((
                "clearing",
                format!("{} may not clear dense woods: only infantry may", a.name()),
                "give clearing=no: cavalry, artillery and HQs fight light infantry in dense woods only from inside them",
            ));
        }
    }
    if let Some(sup) = &s.support {
        if !s.attacker.kind.is_infantry() {
            out.push((
                "support",
                format!(
                    "{} may not form a column of attack: only infantry may",
                    a.name()
                ),
                "leave support out",
            ));
        } else if sup.kind != s.attacker.kind || sup.size != s.attacker.size {
            out.push((
                "support",
                format!(
                    "a column of attack needs a support of the attacker's exact type and size ({} {}), not {} {}",
                    s.attacker.size.name(),
                    s.attacker.kind.name(),
                    sup.size.name(),
                    sup.kind.name()
                ),
                "give the support the attacker's kind and size, or leave it out",
            ));
        }
    }
    out
}

/// How much the attacker's modifiers come to above the defender's: the odds of the melee
/// rest on this alone.
pub fn lead(t: &Melee, s: &Situation) -> i32 {
    let (mut attack, mut defence) = (0, 0);
    each_modifier(t, s, Role::Attacker, &mut attack);
    each_modifier(t, s, Role::Defender, &mut defence);
    attack - defence
}

/// Where the modifiers of a roll go as they are found: into a list with their reasons, or
/// only into their sum, which needs no reason written.
trait Sink {
    fn add(&mut self, value: i32, reason: &'static str);
    fn add_written(&mut self, value: i32, reason: impl FnOnce() -> String);
}

impl Sink for Vec<Modifier> {
    fn add(&mut self, value: i32, reason: &'static str) {
        self.push(Modifier::new(value, reason));
    }
    fn add_written(&mut self, value: i32, reason: impl FnOnce() -> String) {
        self.push(Modifier::new(value, reason()));
    }
}

impl Sink for i32 {
    fn add(&mut self, value: i32, _: &'static str) {
        *self += value;
    }
    fn add_written(&mut self, value: i32, _: impl FnOnce() -> String) {
        *self += value;
    }
}

/// Every modifier of one unit's melee roll ("2x2 Melee modifiers", "Multiple melees",
/// "Clearing dense woods"; optional "Lancers", "Irregular Warband", "Column of Attack").
pub fn modifiers(t: &Melee, s: &Situation, role: Role) -> Vec<Modifier> {
    let mut m = Vec::new();
    each_modifier(t, s, role, &mut m);
    m
}

/// [`modifiers`], each into `m`.
fn each_modifier(t: &Melee, s: &Situation, role: Role, m: &mut impl Sink) {
    let attacking = role == Role::Attacker;
    let (me, enemy) = if attacking {
        (&s.attacker, &s.defender)
    } else {
        (&s.defender, &s.attacker)
    };
    let (enemy_engaged, hq, in_town, higher, followed_up, road_column) = if attacking {
        (
            s.defender_engaged,
            s.attacker_hq_in_contact,
            s.attacker_in_town,
            s.higher == Higher::Attacker,
            s.attacker_followed_up,
            s.attacker_road_column,
        )
    } else {
        (
            s.attacker_engaged,
            s.defender_hq_in_contact,
            s.defender_in_town,
            s.higher == Higher::Defender,
            s.defender_followed_up,
            s.defender_road_column,
        )
    };
    use UnitType::*;
    match me.kind {
        LightCavalry => m.add(t.light_cavalry, "light cavalry"),
        HeavyCavalry => m.add(t.heavy_cavalry, "heavy cavalry"),
        Guards => m.add(t.guards, "Guards"),
        Lancers => {
            m.add(t.light_cavalry, "light cavalry");
            if enemy.status == Condition::Disrupted {
                m.add(t.lancers_vs_disrupted, "lancers against a Disrupted enemy");
            }
            if enemy.kind.is_cavalry() {
                m.add(t.lancers_vs_cavalry, "lancers against cavalry");
            }
        }
        // A warband on the table means the optional rule is in play.
        IrregularWarband => m.add(t.warband, "irregular warband"),
        _ => {}
    }
    if me.kind.is_cavalry() && in_town {
        m.add(t.cavalry_in_town, "cavalry in a town");
    }
    if enemy.status == Condition::Disrupted {
        m.add(t.enemy_disrupted, "enemy is Disrupted");
    }
    if enemy_engaged > 1 {
        m.add_written(t.enemy_outnumbered * (enemy_engaged as i32 - 1), || {
            format!("enemy is in melee with {enemy_engaged} units")
        });
    }
    if me.kind != Hq && hq {
        m.add(t.hq_in_contact, "HQ in base-to-base contact");
    }
    if higher {
        m.add(t.higher, "higher than the enemy");
    }
    let li_defending_wood = s.clearing && !attacking;
    if me.kind.is_artillery() || me.kind == Hq || (me.kind == LightInfantry && !li_defending_wood) {
        m.add(
            t.artillery_hq_light_infantry,
            "artillery, HQ or light infantry",
        );
    }
    if s.clearing && attacking && me.kind != LightInfantry {
        m.add(t.clearing_non_light_attacker, "clearing dense woods");
    }
    if s.clearing && !attacking && me.status != Condition::Ready {
        m.add(
            t.clearing_defender_pinned,
            "Pinned light infantry holding a wood",
        );
    }
    if me.kind.size_counts_for_melee() {
        match me.size {
            Size::Large => m.add(t.large, "Large unit"),
            Size::Small => m.add(t.small, "Small unit"),
            Size::Common => {}
        }
    }
    if followed_up {
        m.add(t.follow_up, "follow-up melee");
    }
    if road_column {
        m.add(t.road_column, "caught on the road in column");
    }
    if attacking && s.support.is_some() {
        m.add(t.column_support, "column of attack");
    }
}

/// Result of one fought contact.
#[derive(Debug, Clone, PartialEq)]
pub struct Fight {
    pub attack: Explanation,
    pub defence: Explanation,
    pub attacker_won: bool,
    pub difference: i32,
}

/// One round of melee dice: the attacker's, then the defender's.
fn roll_round(dice: &mut dyn Dice) -> (u8, u8) {
    (
        dice.roll(6, "melee, attacker"),
        dice.roll(6, "melee, defender"),
    )
}

/// The decision of a round from the two totals: whether the attacker won and by how much,
/// or nothing for a draw, which is rolled again ("2x2 Melee results").
pub fn decide(attack: i32, defence: i32) -> Option<(bool, i32)> {
    (attack != defence).then(|| (attack > defence, (attack - defence).abs()))
}

/// Fight a melee, rolling drawn totals again ("2x2 Melee results"); the explanations keep
/// the deciding round.
pub fn fight(t: &Melee, s: &Situation, dice: &mut dyn Dice) -> Fight {
    let mut attack = Explanation::new(RULE);
    attack.modifiers = modifiers(t, s, Role::Attacker);
    let mut defence = Explanation::new(RULE);
    defence.modifiers = modifiers(t, s, Role::Defender);
    loop {
        dice.round();
        let (ra, rd) = roll_round(dice);
        attack.dice = vec![ra];
        defence.dice = vec![rd];
        let ta = attack.tally();
        let td = defence.tally();
        if let Some((attacker_won, diff)) = decide(ta, td) {
            let (row, res) = if diff >= t.mandatory_follow_up_from {
                (
                    format!("difference {}+", t.mandatory_follow_up_from),
                    "loser destroyed, follow-up mandatory",
                )
            } else if diff >= t.destroyed_from {
                (
                    format!("difference {diff}"),
                    "loser destroyed, may follow up",
                )
            } else {
                (
                    "difference 1 or 2".to_string(),
                    "loser routs, may follow up",
                )
            };
            for e in [&mut attack, &mut defence] {
                e.row = row.clone().into();
                e.result = res.into();
            }
            return Fight {
                attack,
                defence,
                attacker_won,
                difference: diff,
            };
        }
    }
}

/// The row of the results table a difference falls in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// The loser routs; the winner may follow up.
    Routs,
    /// The loser is destroyed; the winner may follow up.
    Destroyed,
    /// The loser is destroyed; the winner must follow up.
    DestroyedMustFollow,
}

impl Row {
    pub fn of(t: &Melee, difference: i32) -> Row {
        if difference >= t.mandatory_follow_up_from {
            Row::DestroyedMustFollow
        } else if difference >= t.destroyed_from {
            Row::Destroyed
        } else {
            Row::Routs
        }
    }
}

/// What becomes of a unit that lost (or backed the loser in a column of attack).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fate {
    /// Destroyed by the melee result.
    Destroyed,
    /// Routed: its rout roll and its rout move decide the rest ("2x2 Effects: Routs").
    Routed(RoutEnd),
}

impl Fate {
    fn gone(self) -> bool {
        self != Fate::Routed(RoutEnd::Survives)
    }

    fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fate::Destroyed => write!(f, "destroyed"),
            Fate::Routed(RoutEnd::DestroyedOnRoll) => {
                write!(f, "routs and is destroyed on its rout roll")
            }
            Fate::Routed(RoutEnd::Survives) => {
                write!(f, "routs and survives its rout roll (Disrupted)")
            }
            Fate::Routed(RoutEnd::DestroyedOnMove(p)) => write!(
                f,
                "routs, survives its rout roll and is destroyed as its rout {}",
                p.ending()
            ),
        }
    }
}

/// Whether the winner follows up (the row, and ruling R20: only a unit in good order that
/// is not artillery).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FollowUp {
    No,
    May,
    Must,
}

/// How a melee ends for both units, every roll it leads to made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MeleeEnd {
    pub winner: Role,
    /// The least and greatest difference of the results row (no greatest: "or more").
    pub by: (u8, Option<u8>),
    pub loser: Fate,
    /// The attacker's column support, when the attacker lost with one.
    pub support: Option<Fate>,
    pub follow_up: FollowUp,
    /// The attacker is Pinned for having cleared a wood (it was in good order and stands).
    pub attacker_pinned: bool,
    /// A friendly HQ touching the loser is destroyed with it ("2x2 HQs and destroyed
    /// units", ruling R39).
    pub hq_lost: bool,
}

impl std::fmt::Display for MeleeEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let w = self.winner.name();
        let l = self.winner.other().name();
        match self.by {
            (lo, Some(hi)) if hi > lo => write!(f, "{w} wins by {lo}-{hi}")?,
            (lo, Some(_)) => write!(f, "{w} wins by {lo}")?,
            (lo, None) => write!(f, "{w} wins by {lo}+")?,
        }
        write!(f, ": {l} ")?;
        self.loser.write(f)?;
        if self.hq_lost {
            write!(f, ", and the HQ touching it with it")?;
        }
        if let Some(s) = self.support {
            write!(f, "; its column support ")?;
            s.write(f)?;
        }
        match self.follow_up {
            FollowUp::No => {}
            FollowUp::May => write!(f, "; {w} may follow up")?,
            FollowUp::Must => write!(f, "; {w} must follow up")?,
        }
        if self.attacker_pinned {
            write!(f, "; attacker Pinned for clearing the wood")?;
        }
        Ok(())
    }
}

/// The parts of a melee's final outcome the fight decides, before any rout roll.
fn decided(t: &Melee, s: &Situation, attacker_won: bool, row: Row) -> MeleeEnd {
    let winner = if attacker_won {
        Role::Attacker
    } else {
        Role::Defender
    };
    let by = match row {
        Row::Routs => (1, Some(small(t.destroyed_from - 1).max(1))),
        Row::Destroyed => (
            small(t.destroyed_from),
            Some(small(t.mandatory_follow_up_from - 1)),
        ),
        Row::DestroyedMustFollow => (small(t.mandatory_follow_up_from), None),
    };
    let w = if attacker_won {
        &s.attacker
    } else {
        &s.defender
    };
    let attacker_pinned = s.clearing && attacker_won && s.attacker.status == Condition::Ready;
    let follow_up = if w.status != Condition::Ready || w.kind.is_artillery() || attacker_pinned {
        FollowUp::No
    } else if row == Row::DestroyedMustFollow {
        FollowUp::Must
    } else {
        FollowUp::May
    };
    let loser = if row == Row::Routs {
        Fate::Routed(RoutEnd::Survives)
    } else {
        Fate::Destroyed
    };
    let support = (!attacker_won && s.support.is_some()).then_some(loser);
    MeleeEnd {
        winner,
        by,
        loser,
        support,
        follow_up,
        attacker_pinned,
        hq_lost: loser.gone() && loser_hq(s, winner),
    }
}

/// A difference of the results table as a small count.
fn small(n: i32) -> u8 {
    n.clamp(0, i32::from(u8::MAX)) as u8
}

/// What the loser's rout move meets when `winner` wins.
fn loser_rout(s: &Situation, winner: Role) -> RoutPath {
    match winner {
        Role::Attacker => s.defender_rout,
        Role::Defender => s.attacker_rout,
    }
}

/// Whether a friendly HQ touches the loser when `winner` wins.
fn loser_hq(s: &Situation, winner: Role) -> bool {
    match winner {
        Role::Attacker => s.defender_hq_in_contact,
        Role::Defender => s.attacker_hq_in_contact,
    }
}

/// The melee roll, followed to the rout rolls it leads to, for the table companion and the
/// odds.
pub struct MeleeRoll;

impl Resolution<Tables> for MeleeRoll {
    type Situation = Situation;
    type Outcome = MeleeEnd;

    fn about(&self) -> About {
        About {
            name: "melee",
            title: "Melee",
            section: "2x2 Melee",
            modifiers: "2x2 Melee modifiers",
            summary: "attacker and defender each throw 1d6 plus modifiers, draws thrown again; the difference routs or destroys the loser, and a routing loser rolls to survive",
            dice: "1d6 each side",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        barred(s)
            .into_iter()
            .map(|(path, why, hint)| Problem::new(path, why, hint))
            .collect()
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        let mut m = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            for x in modifiers(&t.melee, s, role) {
                m.push(Modifier::new(
                    x.value,
                    format!("{}: {}", role.name(), x.reason),
                ));
            }
        }
        m
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> MeleeEnd {
        let f = fight(&t.melee, s, dice);
        rolls.push(f.attack);
        rolls.push(f.defence);
        let mut o = decided(&t.melee, s, f.attacker_won, Row::of(&t.melee, f.difference));
        if o.loser != Fate::Destroyed {
            let (e, ok) = rout::survival_roll(&t.arrival, false, dice);
            rolls.push(e);
            o.loser = Fate::Routed(rout::end_of(ok, loser_rout(s, o.winner)));
            o.hq_lost = o.loser.gone() && loser_hq(s, o.winner);
            if o.support.is_some() {
                let (e, ok) = rout::survival_roll(&t.arrival, false, dice);
                rolls.push(e);
                o.support = Some(Fate::Routed(rout::end_of(ok, s.support_rout)));
            }
        }
        o
    }

    /// Drawn rounds are thrown again with the same modifiers: every round is alike.
    fn rounds(&self, _: &Tables, _: &Situation) -> Option<usize> {
        Some(1)
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<MeleeEnd> {
        let m = &t.melee;
        let sa: i32 = modifiers(m, s, Role::Attacker)
            .iter()
            .map(|x| x.value)
            .sum();
        let sd: i32 = modifiers(m, s, Role::Defender)
            .iter()
            .map(|x| x.value)
            .sum();
        // Decided first rounds by winner and row; drawn rounds are thrown again alike, so
        // the decided ones share out the whole chance.
        let mut counts = [[0u128; 3]; 2];
        let mut decided_rounds = 0u128;
        for ra in 1..=6 {
            for rd in 1..=6 {
                if let Some((won, diff)) = decide(ra + sa, rd + sd) {
                    let row = Row::of(m, diff) as usize;
                    counts[usize::from(!won)][row] += 1;
                    decided_rounds += 1;
                }
            }
        }
        let k = u128::from(t.arrival.rout_destroyed_up_to.min(6));
        let survive = Chance::new(6 - k, 6);
        let die = Chance::new(k, 6);
        let ends = |path: RoutPath| {
            [
                (Fate::Routed(rout::end_of(true, path)), survive),
                (Fate::Routed(RoutEnd::DestroyedOnRoll), die),
            ]
        };
        let mut out = Exact::new();
        for (w, rows) in counts.iter().enumerate() {
            for (r, n) in rows.iter().enumerate() {
                if *n == 0 {
                    continue;
                }
                let row = [Row::Routs, Row::Destroyed, Row::DestroyedMustFollow][r];
                let p = Chance::new(*n, decided_rounds);
                let o = decided(m, s, w == 0, row);
                if o.loser == Fate::Destroyed {
                    out.add(o, p);
                    continue;
                }
                for (loser, q) in ends(loser_rout(s, o.winner)) {
                    let mut o = o;
                    o.loser = loser;
                    o.hq_lost = loser.gone() && loser_hq(s, o.winner);
                    if o.support.is_some() {
                        for (sup, r) in ends(s.support_rout) {
                            o.support = Some(sup);
                            out.add(o, p * q * r);
                        }
                    } else {
                        out.add(o, p * q);
                    }
                }
            }
        }
        out.without_impossible()
    }

    fn counts(&self, o: &MeleeEnd) -> Vec<(&'static str, f64)> {
        let loser = f64::from(u8::from(o.loser.gone())) + f64::from(u8::from(o.hq_lost));
        let support = f64::from(u8::from(o.support.is_some_and(Fate::gone)));
        let (attacking, defending) = match o.winner {
            Role::Attacker => (0.0, loser),
            Role::Defender => (loser + support, 0.0),
        };
        vec![
            ("units destroyed", attacking + defending),
            ("attacking units destroyed", attacking),
            ("defending units destroyed", defending),
        ]
    }

    fn roles(&self) -> &'static [&'static str] {
        &["attacker", "defender", "support"]
    }

    fn effects(&self, _: &Situation, o: &MeleeEnd) -> Vec<Effect> {
        let mut out = Vec::new();
        let fate = |role: &'static str, f: Fate| {
            if f.gone() {
                Effect::gone(role)
            } else {
                Effect::set(role, serde_json::json!({"status": "disrupted"}))
            }
        };
        out.push(fate(o.winner.other().name(), o.loser));
        if let Some(f) = o.support {
            out.push(fate("support", f));
        }
        if o.attacker_pinned {
            out.push(Effect::set(
                "attacker",
                serde_json::json!({"status": "pinned"}),
            ));
        }
        out
    }
}
