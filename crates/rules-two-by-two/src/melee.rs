//! Melee ("2x2 Melee", "Multiple melees", "Melee modifiers", "Melee results", "Clearing
//! dense woods"; optional "Column of Attack", "Lancers", "Irregular Warband").

use crate::measure::{self, touching};
use crate::state::{Contact, State, Status, Unit, UnitId};
use crate::units::{Size, UnitType};
use grognard_engine::dice::{distribution, Distribution};
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::terrain::TerrainKind;
use grognard_engine::Dice;
use grognard_geometry::{Base, Face};

pub const RULE: &str = "2x2 Melee results";

/// Is this contact the clearing of light infantry from dense woods?
pub fn clearing(state: &State, c: &Contact) -> bool {
    let a = state.unit(c.attacker);
    let d = state.unit(c.defender);
    d.kind == UnitType::LightInfantry
        && measure::in_dense_wood(state, d)
        && !measure::in_dense_wood(state, a)
}

/// The support of `unit` in contact `c`, if its player took a column of attack for it and the
/// support still stands behind it ("Column of Attack", ruling R33): only an attacker may.
pub fn column_taken(state: &State, unit: &Unit, c: &Contact) -> Option<UnitId> {
    if c.attacker != unit.id || !state.melee.columns.contains(&unit.id) {
        return None;
    }
    column_support(state, unit)
}

/// A unit of the same type directly behind `unit`, in full contact with its rear
/// ("Column of Attack"): the support it may take.
pub fn column_support(state: &State, unit: &Unit) -> Option<UnitId> {
    if !state.field.options.column_of_attack || !unit.kind.is_infantry() {
        return None;
    }
    let b = unit.base();
    let want = b.pose.advanced(-b.depth, 0.0);
    state
        .friends_of(unit.side)
        .find(|f| {
            f.id != unit.id
                && f.kind == unit.kind
                && f.size == unit.size
                && f.pose.pos.distance(want.pos) < 0.05
                && grognard_geometry::wrap(f.pose.facing - unit.pose.facing).abs() < 0.05
                && state.contacts_of(f.id).next().is_none()
        })
        .map(|f| f.id)
}

/// Every modifier `unit` has in its melee against `enemy`.
pub fn modifiers(
    state: &State,
    unit: &Unit,
    enemy: &Unit,
    engaged: &[(UnitId, u8)],
    contact: &Contact,
) -> Vec<Modifier> {
    let t = &state.field.tables.melee;
    let o = &state.field.options;
    let mut m = Vec::new();
    let clear = clearing(state, contact);
    let attacking = contact.attacker == unit.id;
    use UnitType::*;
    match unit.kind {
        LightCavalry => m.push(Modifier::new(t.light_cavalry, "light cavalry")),
        HeavyCavalry => m.push(Modifier::new(t.heavy_cavalry, "heavy cavalry")),
        Guards => m.push(Modifier::new(t.guards, "Guards")),
        Lancers => {
            m.push(Modifier::new(t.light_cavalry, "light cavalry"));
            if enemy.status == Status::Disrupted {
                m.push(Modifier::new(
                    t.lancers_vs_disrupted,
                    "lancers against a Disrupted enemy",
                ));
            }
            if enemy.kind.is_cavalry() {
                m.push(Modifier::new(
                    t.lancers_vs_cavalry,
                    "lancers against cavalry",
                ));
            }
        }
        IrregularWarband if o.irregular_warband => {
            m.push(Modifier::new(t.warband, "irregular warband"))
        }
        _ => {}
    }
    if unit.kind.is_cavalry() && measure::in_town(state, unit) {
        m.push(Modifier::new(t.cavalry_in_town, "cavalry in a town"));
    }
    if enemy.status == Status::Disrupted {
        m.push(Modifier::new(t.enemy_disrupted, "enemy is Disrupted"));
    }
    let enemy_count = engaged
        .iter()
        .find(|(id, _)| *id == enemy.id)
        .map(|(_, n)| *n)
        .unwrap_or(1);
    if enemy_count > 1 {
        m.push(Modifier::new(
            t.enemy_outnumbered * (enemy_count as i32 - 1),
            format!("enemy is in melee with {enemy_count} units"),
        ));
    }
    if unit.kind != Hq && measure::hq_in_contact(state, unit).is_some() {
        m.push(Modifier::new(t.hq_in_contact, "HQ in base-to-base contact"));
    }
    if measure::elevation(state, unit) > measure::elevation(state, enemy) {
        m.push(Modifier::new(t.higher, "higher than the enemy"));
    }
    let li_defending_wood = clear && !attacking;
    if unit.kind.is_artillery()
        || unit.kind == Hq
        || (unit.kind == LightInfantry && !li_defending_wood)
    {
        m.push(Modifier::new(
            t.artillery_hq_light_infantry,
            "artillery, HQ or light infantry",
        ));
    }
    if clear && attacking && unit.kind != LightInfantry {
        m.push(Modifier::new(
            t.clearing_non_light_attacker,
            "clearing dense woods",
        ));
    }
    if clear && !attacking && unit.status != Status::Ready {
        m.push(Modifier::new(
            t.clearing_defender_pinned,
            "Pinned light infantry holding a wood",
        ));
    }
    if unit.kind.size_counts_for_melee() {
        match unit.size {
            Size::Large => m.push(Modifier::new(t.large, "Large unit")),
            Size::Small => m.push(Modifier::new(t.small, "Small unit")),
            Size::Common => {}
        }
    }
    if unit.followed_up {
        m.push(Modifier::new(t.follow_up, "follow-up melee"));
    }
    if unit.road_column {
        m.push(Modifier::new(t.road_column, "caught on the road in column"));
    }
    if column_taken(state, unit, contact).is_some() {
        m.push(Modifier::new(t.column_support, "column of attack"));
    }
    m
}

/// Result of one fought contact.
#[derive(Debug, Clone, PartialEq)]
pub struct Fight {
    pub attack: Explanation,
    pub defence: Explanation,
    pub attacker_won: bool,
    pub difference: i32,
}

/// Roll a melee, re-rolling drawn totals ("2x2 Melee results").
pub fn fight(state: &State, c: &Contact, engaged: &[(UnitId, u8)], dice: &mut dyn Dice) -> Fight {
    let a = state.unit(c.attacker);
    let d = state.unit(c.defender);
    let ma = modifiers(state, a, d, engaged, c);
    let md = modifiers(state, d, a, engaged, c);
    let mut attack = Explanation::new(RULE);
    attack.modifiers = ma;
    let mut defence = Explanation::new(RULE);
    defence.modifiers = md;
    loop {
        let (ra, rd) = roll_round(dice);
        attack.dice = vec![ra];
        defence.dice = vec![rd];
        let ta = attack.tally();
        let td = defence.tally();
        if let Some((attacker_won, diff)) = decide(ta, td) {
            let t = &state.field.tables.melee;
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
        // Drawn totals: both sides roll again; the explanation keeps the deciding round.
    }
}

/// Exact odds that the attacker wins, and of each difference, through the same code.
///
/// Drawn rounds are re-rolled with the same modifiers, so every round is alike: walking one
/// round and conditioning on a decision gives the exact distribution.
pub fn odds(state: &State, c: &Contact, engaged: &[(UnitId, u8)]) -> Distribution<(bool, i32)> {
    // The modifiers do not depend on the dice: sum them once, then walk the rolls.
    let a = state.unit(c.attacker);
    let d = state.unit(c.defender);
    let sa: i32 = modifiers(state, a, d, engaged, c)
        .iter()
        .map(|m| m.value)
        .sum();
    let sd: i32 = modifiers(state, d, a, engaged, c)
        .iter()
        .map(|m| m.value)
        .sum();
    distribution(2, |dice| loop {
        let (ra, rd) = roll_round(dice);
        if let Some((won, diff)) = decide(ra as i32 + sa, rd as i32 + sd) {
            return (won, diff.min(4));
        }
    })
    .conditional()
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
fn decide(attack: i32, defence: i32) -> Option<(bool, i32)> {
    (attack != defence).then(|| (attack > defence, (attack - defence).abs()))
}

/// The enemies each unit of a group of contacts is in melee with.
pub fn engaged_counts(contacts: &[Contact]) -> Vec<(UnitId, u8)> {
    let mut out: Vec<(UnitId, u8)> = Vec::new();
    for c in contacts {
        for id in [c.attacker, c.defender] {
            match out.iter_mut().find(|(u, _)| *u == id) {
                Some(slot) => slot.1 += 1,
                None => out.push((id, 1)),
            }
        }
    }
    out
}

/// The connected group of contacts holding `seed`.
pub fn group_of(contacts: &[Contact], seed: Contact) -> Vec<Contact> {
    let mut group = vec![seed];
    let mut changed = true;
    while changed {
        changed = false;
        for c in contacts {
            if group.contains(c) {
                continue;
            }
            let linked = group.iter().any(|g| {
                g.attacker == c.attacker
                    || g.defender == c.defender
                    || g.attacker == c.defender
                    || g.defender == c.attacker
            });
            if linked {
                group.push(*c);
                changed = true;
            }
        }
    }
    group
}

/// The pose that puts `loser` front to front against `winner`'s face, if there is room.
pub fn aligned(
    state: &State,
    loser: &Unit,
    winner: &Unit,
    loser_is_attacker: bool,
) -> Option<grognard_geometry::Pose> {
    let wb = winner.base();
    let face = if loser_is_attacker {
        grognard_geometry::aspect::sector_of_point(&wb, loser.pose.pos)
    } else {
        Face::Front
    };
    let pose = loser.base().aligned_against(&wb, face);
    let b = Base::new(pose, loser.base().width, loser.base().depth);
    let free = state
        .on_table()
        .filter(|u| u.id != loser.id && u.id != winner.id)
        .all(|u| !measure::overlapping(&b, &u.base()));
    (free && state.field.contains(&b)).then_some(pose)
}

/// May `unit` follow up at all ("2x2 Melee results", "Clearing dense woods")?
pub fn may_follow_up(state: &State, unit: &Unit) -> bool {
    unit.on_table()
        && unit.status == Status::Ready
        && !unit.kind.is_artillery()
        && !state
            .melee
            .queue
            .iter()
            .any(|c| c.attacker == unit.id || c.defender == unit.id)
        && state.contacts_of(unit.id).next().is_none()
}

/// Is the ground ahead closed to a follow-up by this unit?
pub fn follow_up_barred(state: &State, unit: &Unit, b: &Base) -> bool {
    let f = &state.field;
    let corners = b.corners();
    f.terrain.iter().any(|t| {
        let closed = match t.kind {
            TerrainKind::DenseWood => unit.kind != UnitType::LightInfantry,
            TerrainKind::LightWood => f.options.light_woods && unit.kind != UnitType::LightInfantry,
            _ => false,
        };
        closed
            && t.shape
                .overlaps_convex(&corners, measure::OVERLAP_TOLERANCE)
    })
}

/// Enemies touching a base.
pub fn touching_enemies(state: &State, unit: &Unit, b: &Base) -> Vec<UnitId> {
    state
        .enemies_of(unit.side)
        .filter(|e| touching(b, &e.base()))
        .map(|e| e.id)
        .collect()
}
