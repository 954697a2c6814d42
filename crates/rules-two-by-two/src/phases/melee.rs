//! Melee ("2x2 Melee", "Multiple melees", "Melee modifiers", "Melee results", "Clearing
//! dense woods"; optional "Column of Attack", "Lancers", "Irregular Warband").

use crate::ctx::Ctx;
use crate::ctx::Effects;
use crate::event::{Cause, Event};
use crate::measure::{self, touching};
use crate::measure::{overlapping, OVERLAP_TOLERANCE};
use crate::phases::movement;
use crate::phases::rout::RoutOrder;
use crate::phases::rout::{self, RoutPath};
use crate::resolve::facts::UnitFacts;
use crate::resolve::melee::{self as resolve, Higher, Role, Situation};
use crate::state::Pending;
use crate::state::{Contact, State, Status, Unit, UnitId};
use crate::units::UnitType;
use grognard_engine::dice::Distribution;
use grognard_engine::explain::Modifier;
use grognard_engine::terrain::TerrainKind;
use grognard_engine::Dice;
use grognard_geometry::overlap::travel_before_near;
use grognard_geometry::{Base, Face, Vec2};
use smallvec::SmallVec;

pub use crate::resolve::melee::{Fight, RULE};

/// Is this contact the clearing of light infantry from dense woods?
pub fn clearing(state: &State, c: &Contact) -> bool {
    let a = state.unit(c.attacker);
    let d = state.unit(c.defender);
    d.kind == UnitType::LightInfantry
        && measure::in_dense_wood(state, d)
        && !measure::in_dense_wood(state, a)
}

/// The support of `unit` in contact `c`, if its player took a column of attack for it
/// (`columns`) and the support still stands behind it ("Column of Attack", ruling R33): only
/// an attacker may.
pub fn column_taken(state: &State, unit: &Unit, c: &Contact) -> Option<UnitId> {
    column_in(state, unit, c, &state.melee.columns)
}

fn column_in(state: &State, unit: &Unit, c: &Contact, columns: &[UnitId]) -> Option<UnitId> {
    if c.attacker != unit.id || !columns.contains(&unit.id) {
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

/// The facts of contact `c` on the table, as a player would state them: `engaged` counts
/// the enemies of each unit as its group started, `columns` the attackers whose player took
/// a column of attack.
pub fn situation(
    state: &State,
    c: &Contact,
    engaged: &[(UnitId, u8)],
    columns: &[UnitId],
) -> Situation {
    let a = state.unit(c.attacker);
    let d = state.unit(c.defender);
    let count = |id: UnitId| {
        engaged
            .iter()
            .find(|(u, _)| *u == id)
            .map(|(_, n)| *n)
            .unwrap_or(1)
    };
    let (ea, ed) = (measure::elevation(state, a), measure::elevation(state, d));
    Situation {
        attacker: UnitFacts::of(a),
        defender: UnitFacts::of(d),
        attacker_engaged: count(a.id),
        defender_engaged: count(d.id),
        higher: if ea > ed {
            Higher::Attacker
        } else if ed > ea {
            Higher::Defender
        } else {
            Higher::Neither
        },
        attacker_hq_in_contact: measure::hq_in_contact(state, a).is_some(),
        defender_hq_in_contact: measure::hq_in_contact(state, d).is_some(),
        attacker_in_town: measure::in_town(state, a),
        defender_in_town: measure::in_town(state, d),
        attacker_followed_up: a.followed_up,
        defender_followed_up: d.followed_up,
        attacker_road_column: a.road_column,
        defender_road_column: d.road_column,
        clearing: clearing(state, c),
        support: column_in(state, a, c, columns).map(|id| UnitFacts::of(state.unit(id))),
        attacker_rout: RoutPath::Clear,
        defender_rout: RoutPath::Clear,
        support_rout: RoutPath::Clear,
    }
}

/// The facts of contact `c` as [`situation`] gives them, with what each unit's rout move
/// would meet if it lost: the loser aligned against the winner and routed straight back, or
/// directly away from the winner where there is no room to align ("2x2 Melee results",
/// ruling R21), the column's support straight back. The battle fights without them (they
/// throw no dice and change no modifier); the table companion shows how each rout ends.
pub fn situation_with_routs(
    state: &State,
    c: &Contact,
    engaged: &[(UnitId, u8)],
    columns: &[UnitId],
) -> Situation {
    let mut s = situation(state, c, engaged, columns);
    let path = |loser: UnitId, winner: UnitId| {
        let l = state.unit(loser);
        let w = state.unit(winner);
        match aligned(state, l, w, loser == c.attacker) {
            Some(pose) => {
                let mut after = state.clone();
                after.set_pose(loser, pose);
                let dir = rout::rear_dir(&after, loser);
                rout::path_of(&after, loser, dir)
            }
            None => rout::path_of(state, loser, rout::away_dir(state, loser, w.pose.pos)),
        }
    };
    s.attacker_rout = path(c.attacker, c.defender);
    s.defender_rout = path(c.defender, c.attacker);
    if let Some(id) = column_in(state, state.unit(c.attacker), c, columns) {
        s.support_rout = rout::path_of(state, id, rout::rear_dir(state, id));
    }
    s
}

/// Every modifier `unit` has in its melee against `enemy` in contact `contact`.
pub fn modifiers(
    state: &State,
    unit: &Unit,
    enemy: &Unit,
    engaged: &[(UnitId, u8)],
    contact: &Contact,
) -> Vec<Modifier> {
    let attacking = contact.attacker == unit.id;
    let c = if attacking {
        Contact {
            attacker: unit.id,
            defender: enemy.id,
        }
    } else {
        Contact {
            attacker: enemy.id,
            defender: unit.id,
        }
    };
    let s = situation(state, &c, engaged, &state.melee.columns);
    let role = if attacking {
        Role::Attacker
    } else {
        Role::Defender
    };
    resolve::modifiers(&state.field.tables.melee, &s, role)
}

/// Roll a melee, re-rolling drawn totals ("2x2 Melee results").
pub fn fight(state: &State, c: &Contact, engaged: &[(UnitId, u8)], dice: &mut dyn Dice) -> Fight {
    let s = situation(state, c, engaged, &state.melee.columns);
    resolve::fight(&state.field.tables.melee, &s, dice)
}

/// Exact odds that the attacker wins, and of each difference, through the same code.
///
/// Drawn rounds are re-rolled with the same modifiers, so every round is alike: walking one
/// round and conditioning on a decision gives the exact distribution.
pub fn odds(state: &State, c: &Contact, engaged: &[(UnitId, u8)]) -> Distribution<(bool, i32)> {
    // The modifiers do not depend on the dice: sum them once, then walk the rolls.
    let s = situation(state, c, engaged, &state.melee.columns);
    odds_by_lead(resolve::lead(&state.field.tables.melee, &s)).into_owned()
}

/// The odds of a melee whose attacker's modifiers come to `lead` more than the defender's.
/// A round is decided by the difference of the two totals alone, so the odds rest only on
/// `lead`: those of the leads up to 20 either way are counted once and kept.
pub fn odds_by_lead(lead: i32) -> std::borrow::Cow<'static, Distribution<(bool, i32)>> {
    static KEPT: std::sync::LazyLock<Vec<Distribution<(bool, i32)>>> =
        std::sync::LazyLock::new(|| (-20..=20).map(count_odds).collect());
    match usize::try_from(lead + 20) {
        Ok(i) if i < KEPT.len() => std::borrow::Cow::Borrowed(&KEPT[i]),
        _ => std::borrow::Cow::Owned(count_odds(lead)),
    }
}

/// Every base is the same size: touching bases stand within this of each other, centre to
/// centre, with a little to spare.
pub const TOUCH: f64 = 2.0 * crate::state::BASE_RADIUS + grognard_geometry::CONTACT + 0.05;

/// What [`charge_lead`] rests on that the attacker's side changes by moving and charging:
/// how many enemies each of the two units will be in melee with, whether an HQ of the
/// attacker's stands near enough to touch it there, and whether the attacker took a column
/// of attack. All else it rests on stands while the two units, the defender's side and the
/// ground do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ChargeLeadKey {
    engaged: [u8; 2],
    hq_near: bool,
    column: bool,
}

/// What a charge by one unit would bring into melee from its own side as it stands: where
/// the side's other HQs stand, how many enemies the unit is in melee with already, and
/// whether it took a column of attack. Found once, it serves every enemy the unit might
/// charge ([`ChargeScene::key`]).
pub struct ChargeScene {
    hqs: SmallVec<[Vec2; 4]>,
    engaged: u8,
    column: bool,
}

/// How many enemies `id` will be in melee with once one more contact is made.
fn engaged_after_one_more(state: &State, id: UnitId) -> u8 {
    let n = state
        .contacts
        .iter()
        .filter(|c| c.attacker == id || c.defender == id)
        .count();
    u8::try_from(n + 1).unwrap_or(u8::MAX)
}

impl ChargeScene {
    pub fn of(state: &State, attacker: &Unit) -> ChargeScene {
        ChargeScene {
            hqs: state
                .friends_of(attacker.side)
                .filter(|h| h.kind == UnitType::Hq && h.id != attacker.id)
                .map(|h| h.pose.pos)
                .collect(),
            engaged: engaged_after_one_more(state, attacker.id),
            column: state.melee.columns.contains(&attacker.id),
        }
    }

    /// The key of [`charge_lead`] for a charge on `defender`.
    pub fn key(&self, state: &State, defender: &Unit) -> ChargeLeadKey {
        // An HQ touching a unit that touches the defender stands within two touches of it.
        let reach = 2.0 * TOUCH;
        let d = defender.pose.pos;
        ChargeLeadKey {
            engaged: [self.engaged, engaged_after_one_more(state, defender.id)],
            hq_near: self
                .hqs
                .iter()
                .any(|h| h.distance_squared(d) <= reach * reach),
            column: self.column,
        }
    }
}

/// The least and the most the lead ([`resolve::lead`]) could be in the melee that would
/// open if `attacker` charged `defender` now and came to touch it anywhere, before it is
/// known where: none if too much rests on that to weigh cheaply.
///
/// The defender turns in place to face a charge, so what rests on its centre (its height,
/// a town or dense wood under it) is known; so are the units' types, sizes and marks (the
/// attacker taken as Ready, the best it could be), their earlier moves, and how many
/// enemies each will be in melee with. What rests on where the attacker ends or which way
/// the defender then faces (the attacker's height, a town or dense wood under it, an HQ
/// touching either, the attacker's column of attack) is taken each way it could fall,
/// unless no hill, town, dense wood or HQ stands near enough to the defender to matter, or
/// the attacker took no column.
pub fn charge_lead(state: &State, attacker: &Unit, defender: &Unit) -> Option<(i32, i32)> {
    charge_lead_keyed(
        state,
        attacker,
        defender,
        ChargeScene::of(state, attacker).key(state, defender),
    )
}

/// [`charge_lead`] with its key found beforehand.
pub fn charge_lead_keyed(
    state: &State,
    attacker: &Unit,
    defender: &Unit,
    key: ChargeLeadKey,
) -> Option<(i32, i32)> {
    let d = defender.pose.pos;
    let touch = TOUCH;
    // The ground near enough to the defender to lie under a unit touching it, and what of
    // it lies under the defender's centre (its height matters only with a hill near, and
    // then is left open with the attacker's).
    let (mut hill, mut town, mut wood) = (false, false, false);
    let (mut defender_in_town, mut defender_in_wood) = (false, false);
    for f in &state.field.terrain {
        let (lo, hi) = f.shape.bounds();
        // One test of the four, not four branches in turn.
        if (lo.x > d.x + touch) | (lo.y > d.y + touch) | (hi.x < d.x - touch) | (hi.y < d.y - touch)
        {
            continue;
        }
        match f.kind {
            TerrainKind::Hill => hill = true,
            TerrainKind::Town => {
                town = true;
                defender_in_town = defender_in_town || f.shape.contains(d);
            }
            TerrainKind::DenseWood => {
                wood = true;
                defender_in_wood = defender_in_wood || f.shape.contains(d);
            }
            _ => {}
        }
    }
    let light_in_wood = defender.kind == UnitType::LightInfantry && defender_in_wood;
    let mut s = Situation {
        attacker: UnitFacts {
            status: crate::resolve::facts::Condition::Ready,
            ..UnitFacts::of(attacker)
        },
        defender: UnitFacts::of(defender),
        attacker_engaged: key.engaged[0],
        defender_engaged: key.engaged[1],
        // With no hill near, both stand on the flat.
        higher: Higher::Neither,
        attacker_hq_in_contact: false,
        defender_hq_in_contact: false,
        attacker_in_town: false,
        defender_in_town,
        attacker_followed_up: attacker.followed_up,
        defender_followed_up: defender.followed_up,
        attacker_road_column: attacker.road_column,
        defender_road_column: defender.road_column,
        // Clearing needs the attacker outside the wood: so it is, away from every wood.
        clearing: light_in_wood,
        support: None,
        attacker_rout: RoutPath::Clear,
        defender_rout: RoutPath::Clear,
        support_rout: RoutPath::Clear,
    };
    // The facts left open, each a way of setting it in `s`, taken in turn.
    let mut open: SmallVec<[(Open, usize); 6]> = SmallVec::new();
    if hill {
        open.push((
            |s, k| s.higher = [Higher::Neither, Higher::Attacker, Higher::Defender][k],
            3,
        ));
    }
    if town {
        open.push((|s, k| s.attacker_in_town = k == 1, 2));
    }
    if light_in_wood && wood {
        open.push((|s, k| s.clearing = k == 0, 2));
    }
    if key.hq_near {
        open.push((|s, k| s.attacker_hq_in_contact = k == 1, 2));
    }
    let defender_hq_near = state.friends_of(defender.side).any(|h| {
        h.kind == UnitType::Hq
            && h.id != defender.id
            && h.pose.pos.distance_squared(d) <= touch * touch
    });
    if defender_hq_near {
        open.push((|s, k| s.defender_hq_in_contact = k == 1, 2));
    }
    if key.column {
        let support = UnitFacts::of(attacker);
        let mut with = s;
        with.support = Some(support);
        let (lo, hi) = open_leads(state, &mut with, &open)?;
        let (lo2, hi2) = open_leads(state, &mut s, &open)?;
        return Some((lo.min(lo2), hi.max(hi2)));
    }
    open_leads(state, &mut s, &open)
}

/// A fact of a [`Situation`] left open by [`charge_lead`]: a way of setting it by number,
/// from nought up to how many ways there are.
type Open = fn(&mut Situation, usize);

/// The least and the most lead of `s` over every way of setting the facts left `open`
/// ([`charge_lead`]); none if they are too many to weigh.
fn open_leads(state: &State, s: &mut Situation, open: &[(Open, usize)]) -> Option<(i32, i32)> {
    let ways: usize = open.iter().map(|(_, n)| n).product();
    if ways > 16 {
        return None;
    }
    let t = &state.field.tables.melee;
    let (mut lo, mut hi) = (i32::MAX, i32::MIN);
    for mut w in 0..ways {
        for (set, n) in open {
            set(s, w % n);
            w /= n;
        }
        let lead = resolve::lead(t, s);
        lo = lo.min(lead);
        hi = hi.max(lead);
    }
    Some((lo, hi))
}

/// [`odds_by_lead`] counted over the throws: the attacker's die, then the defender's, as
/// the resolution throws them.
fn count_odds(lead: i32) -> Distribution<(bool, i32)> {
    Distribution::of_throws_again(&[6, 6], |d| {
        resolve::decide(d[0] as i32 + lead, d[1] as i32).map(|(won, diff)| (won, diff.min(4)))
    })
}

/// The enemies each unit of a group of contacts is in melee with.
pub fn engaged_counts(contacts: &[Contact]) -> Vec<(UnitId, u8)> {
    // At most two units a contact.
    let mut out: Vec<(UnitId, u8)> = Vec::with_capacity(2 * contacts.len());
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

/// Fight the queued contacts until the queue is empty or a decision is needed.
pub(crate) fn run_melee(ctx: &mut Ctx) {
    while ctx.state.pending.is_none() && ctx.state.outcome.is_none() {
        let Some(c) = ctx.state.melee.queue.first().copied() else {
            break;
        };
        let mut work = ctx.state.melee.clone();
        work.queue.remove(0);
        ctx.emit(Event::MeleeWork { work });
        if !ctx.state.contacts.contains(&c) {
            continue;
        }
        let engaged = ctx.state.melee.engaged.clone();
        let fight = fight(ctx.state, &c, &engaged, ctx.dice);
        let (winner, loser) = if fight.attacker_won {
            (c.attacker, c.defender)
        } else {
            (c.defender, c.attacker)
        };
        let clearing = clearing(ctx.state, &c);
        let support = (loser == c.attacker)
            .then(|| column_taken(ctx.state, ctx.state.unit(loser), &c))
            .flatten();
        ctx.emit(Event::MeleeFought {
            attacker: c.attacker,
            defender: c.defender,
            attack: Box::new(fight.attack),
            defence: Box::new(fight.defence),
            winner,
            loser,
            difference: fight.difference,
        });
        ctx.emit(Event::ContactEnded {
            attacker: c.attacker,
            defender: c.defender,
        });
        let t = ctx.state.field.tables.melee.clone();
        if fight.difference >= t.destroyed_from {
            ctx.destroy(loser, Cause::Melee);
            if let Some(s) = support {
                ctx.destroy(s, Cause::ColumnSupport);
            }
        } else {
            let l = ctx.state.unit(loser).clone();
            let w = ctx.state.unit(winner).clone();
            let order = match aligned(ctx.state, &l, &w, loser == c.attacker) {
                Some(pose) => {
                    ctx.emit(Event::Placed {
                        unit: loser,
                        pose,
                        why: format!("aligned to {}", ctx.state.name(winner)),
                    });
                    RoutOrder::rear(ctx, loser, Cause::Melee)
                }
                None => RoutOrder::away_from(ctx, loser, w.pose.pos, Cause::Melee),
            };
            rout::rout(ctx, order);
            if let Some(s) = support {
                let o = RoutOrder::rear(ctx, s, Cause::ColumnSupport);
                rout::rout(ctx, o);
            }
        }
        if ctx.state.outcome.is_some() {
            break;
        }
        if clearing
            && ctx.state.unit(c.attacker).on_table()
            && ctx.state.unit(c.attacker).status == Status::Ready
        {
            ctx.emit(Event::StatusChanged {
                unit: c.attacker,
                status: Status::Pinned,
                why: "cleared a wood".into(),
            });
        }
        let w = ctx.state.unit(winner);
        if may_follow_up(ctx.state, w) {
            let mandatory = fight.difference >= t.mandatory_follow_up_from;
            ctx.emit(Event::Pending {
                pending: Some(Pending::FollowUp {
                    side: w.side,
                    unit: winner,
                    mandatory,
                }),
            });
        }
    }
}

/// How far straight ahead `unit` can go, up to `want` inches, and whom it touches there.
pub fn follow_up_reach(state: &State, unit: UnitId, want: f64) -> (f64, Vec<UnitId>) {
    let u = state.unit(unit);
    let b0 = u.base();
    // What lies within reach, gathered once for every distance tried.
    let near = movement::neighbourhood(state, u, want.max(0.0));
    let legal = |d: f64| {
        if d <= 0.0 {
            return true;
        }
        let b = Base::new(u.pose.advanced(d, 0.0), b0.width, b0.depth);
        if follow_up_barred(state, u, &b) {
            return false;
        }
        let legs = [grognard_geometry::Leg::Forward { d }];
        movement::plan_near(state, u, &legs, false, Some(&near)).is_ok()
    };
    // Where the base would stand may be judged alone at each step (a wood it may not enter,
    // a river, the table's edge); the whole move is planned once, for the distance found.
    let stands = |d: f64| {
        let b = Base::new(u.pose.advanced(d, 0.0), b0.width, b0.depth);
        !follow_up_barred(state, u, &b) && movement::may_stand(state, &near, u, &b)
    };
    let found = walk_follow_up(state, u, &near, want, &stands, true);
    if legal(found.0) {
        return found;
    }
    // Some step between was not a legal move of its own: walk again planning every one.
    walk_follow_up(state, u, &near, want, &legal, false)
}

/// How much further than `b`, the base `d` inches along a follow-up walk, it may surely go
/// with every place on the way still allowed to stand on and meeting nothing: no friend
/// overlapped and no enemy touched (each bounded by [`travel_before_near`] straight
/// ahead), no wood or river's bounding box reached, every corner still on the table. Going
/// straight ahead by `d` moves each point of the base by `d`, so no feature or edge nearer
/// than that can be met. `stops` keeps how far along the walk each friend and enemy could
/// first come near ([`Stop`]).
fn follow_up_clearance(state: &State, (d, b): (f64, &Base), stops: &mut [Stop]) -> f64 {
    let mut clear = b
        .corners()
        .iter()
        .map(|p| {
            p.x.min(p.y)
                .min(state.field.width - p.x)
                .min(state.field.depth - p.y)
        })
        .fold(f64::INFINITY, f64::min);
    for stop in stops.iter_mut() {
        // Met no further than here: the base may have passed alongside, so it is asked
        // again from here.
        if stop.at <= d {
            stop.at = d + stop.travel_from(b);
        }
        clear = clear.min(stop.at - d);
    }
    // Only woods and rivers bar a place to stand on (bridges and fords only lift a river's bar).
    let (c, r) = (b.pose.pos, b.radius());
    for t in &state.field.terrain {
        if matches!(
            t.kind,
            TerrainKind::DenseWood | TerrainKind::LightWood | TerrainKind::River
        ) {
            let (lo, hi) = t.shape.bounds();
            let dx = (lo.x - c.x).max(c.x - hi.x).max(0.0);
            let dy = (lo.y - c.y).max(c.y - hi.y).max(0.0);
            clear = clear.min(dx.hypot(dy) - r);
        }
    }
    // Kept short of the bound by far more than any rounding in it.
    clear - 1e-6
}

/// A friend or enemy that may stop a follow-up walk, and how far along the walk it could
/// first come near. The walk goes straight ahead, so from a base further along, short of
/// that, it lies exactly as much less far ahead.
pub(crate) struct Stop {
    base: Base,
    enemy: bool,
    at: f64,
}

impl Stop {
    /// Each friend and enemy that may stop a follow-up walk of `u` from `b`, `d` inches
    /// along it.
    fn all_from(u: &Unit, near: &movement::Near, (d, b): (f64, &Base)) -> Vec<Stop> {
        stops_ahead(u, near, b)
            .map(|(base, enemy, travel)| Stop {
                base,
                enemy,
                at: d + travel,
            })
            .collect()
    }

    /// How far straight ahead `b` may surely go before it could meet this stop.
    fn travel_from(&self, b: &Base) -> f64 {
        travel_before_near(b, b.forward(), &self.base, stop_margin(self.enemy))
    }

    /// Whether `b`, `d` inches along the walk, meets this stop: overlaps the friend or
    /// touches the enemy. Short of where it could first come near, it surely does not.
    fn met_by(&self, d: f64, b: &Base) -> bool {
        d >= self.at
            && if self.enemy {
                touching(b, &self.base)
            } else {
                overlapping(b, &self.base)
            }
    }
}

/// How near a base comes to an enemy before it could touch it, or (negative) how far into
/// a friend before it could overlap it, each with a millionth of an inch to spare: short of
/// that, the two lie apart along some side's direction by more than any rounding.
fn stop_margin(enemy: bool) -> f64 {
    if enemy {
        grognard_geometry::CONTACT + 1e-6
    } else {
        -(OVERLAP_TOLERANCE - 1e-6)
    }
}

/// What may stop a follow-up from `b` on: each friend gathered in `near` (which stops it by
/// overlapping it) and each enemy gathered there (by touching it), whether it is an enemy,
/// and how far straight ahead `b` may surely go before it could ([`travel_before_near`]).
/// The walk goes no further than `near` reaches, so nothing beyond it could stop it.
fn stops_ahead<'n>(
    u: &'n Unit,
    near: &'n movement::Near,
    b: &'n Base,
) -> impl Iterator<Item = (Base, bool, f64)> + 'n {
    let ahead = b.forward();
    near.sides_and_bases().map(move |(side, o)| {
        let enemy = side != u.side;
        (
            *o,
            enemy,
            travel_before_near(b, ahead, o, stop_margin(enemy)),
        )
    })
}

/// The follow-up walk: straight ahead in steps of at most 0.05" while `ok` allows, up to
/// the first base it would meet, found to the hair; with the enemies touched there. With
/// `clearance`, where `ok` asks only whether the base may stand where it is, the steps
/// [`follow_up_clearance`] shows clear are passed over unasked.
pub(crate) fn walk_follow_up(
    state: &State,
    u: &crate::state::Unit,
    near: &movement::Near,
    want: f64,
    ok: &dyn Fn(f64) -> bool,
    clearance: bool,
) -> (f64, Vec<UnitId>) {
    let b0 = u.base();
    let at = |d: f64| Base::new(u.pose.advanced(d, 0.0), b0.width, b0.depth);
    // A base meets what it overlaps: a friend, or an enemy, which it then touches too.
    let mut stops = Stop::all_from(u, near, (0.0, &b0));
    let steps = (want / 0.05).ceil() as usize;
    let step = |s: usize| want * s as f64 / steps as f64;
    let mut last_ok = 0.0;
    let mut s = 0;
    while s < steps {
        s += 1;
        let d = step(s);
        let here = at(d);
        if stops.iter().any(|stop| stop.met_by(d, &here)) {
            // Find the first touching distance between last_ok and d, looking only at what
            // the base could meet between the two: the friends it could come to overlap
            // and the enemies it could come to touch that far ahead. What meets the base
            // is always a friend it overlaps or an enemy it touches.
            let (mut lo, mut hi) = (last_ok, d);
            let (from, within) = (at(lo), hi - lo + 1e-6);
            let stops: SmallVec<[(Base, bool); 4]> = stops_ahead(u, near, &from)
                .filter(|(_, _, travel)| *travel <= within)
                .map(|(o, enemy, _)| (o, enemy))
                .collect();
            let meets_between = |b: &Base| {
                stops.iter().any(|(o, enemy)| {
                    if *enemy {
                        touching(b, o)
                    } else {
                        overlapping(b, o)
                    }
                })
            };
            for _ in 0..30 {
                let mid = (lo + hi) * 0.5;
                if meets_between(&at(mid)) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            // The enemies touched there, in id order, all among those gathered.
            let b = at(hi);
            let contact: Vec<UnitId> = near
                .units()
                .iter()
                .filter(|(_, side, o)| *side != u.side && touching(&b, o))
                .map(|(id, _, _)| *id)
                .collect();
            if !contact.is_empty() && ok(hi) {
                return (hi, contact);
            }
            return (if ok(lo) { lo } else { last_ok }, Vec::new());
        }
        if !ok(d) {
            return (last_ok, Vec::new());
        }
        last_ok = d;
        // Where `ok` asks only where the base may stand, the steps within the clearance
        // meet nothing and are allowed: they are passed over, as the walk would pass them.
        if clearance {
            let reach = d + follow_up_clearance(state, (d, &here), &mut stops);
            while s < steps && step(s + 1) < reach {
                s += 1;
                last_ok = step(s);
            }
        }
    }
    (last_ok, Vec::new())
}

/// The state a follow-up command leaves just before the melee that comes next is fought:
/// the move made and any contact it makes queued first ("2x2 Melee results"). No die is
/// thrown on the way, so the table companion reads the next melee's facts from it.
pub fn after_follow_up(state: &State, distance: f64) -> Option<State> {
    let Some(Pending::FollowUp { unit, .. }) = state.pending.clone() else {
        return None;
    };
    let mut after = state.clone();
    let mut events = Vec::new();
    let mut dice = grognard_engine::dice::Entered::new(&[]);
    let mut ctx = Ctx {
        state: &mut after,
        dice: &mut dice,
        events: &mut events,
    };
    ctx.emit(Event::Pending { pending: None });
    follow_up(&mut ctx, unit, distance);
    Some(after)
}

/// The contact `run_melee` fights next: the first of the queue still standing.
pub fn next_fight(state: &State) -> Option<Contact> {
    state
        .melee
        .queue
        .iter()
        .find(|c| state.contacts.contains(c))
        .copied()
}

pub(crate) fn follow_up(ctx: &mut Ctx, unit: UnitId, distance: f64) {
    if distance <= 0.0 {
        return;
    }
    let (d, contacts) = follow_up_reach(ctx.state, unit, distance);
    follow_up_to(ctx, unit, d, contacts);
}

/// Carry out a follow-up of `unit` that goes `d` inches and touches `contacts` there, as
/// [`follow_up_reach`] found them.
pub(crate) fn follow_up_to(ctx: &mut Ctx, unit: UnitId, d: f64, contacts: Vec<UnitId>) {
    if d <= 1e-9 {
        return;
    }
    let to = ctx.state.unit(unit).pose.advanced(d, 0.0);
    ctx.emit(Event::FollowedUp { unit, to });
    if contacts.is_empty() {
        return;
    }
    let mut new_pairs = Vec::new();
    for e in contacts {
        ctx.emit(Event::Contacted {
            attacker: unit,
            defender: e,
        });
        new_pairs.push(Contact {
            attacker: unit,
            defender: e,
        });
    }
    let mut work = ctx.state.melee.clone();
    let counts = engaged_counts(&ctx.state.contacts);
    for (id, n) in counts {
        if new_pairs
            .iter()
            .any(|c| c.attacker == id || c.defender == id)
        {
            match work.engaged.iter_mut().find(|(u, _)| *u == id) {
                Some(slot) => slot.1 = n,
                None => work.engaged.push((id, n)),
            }
        }
    }
    new_pairs.extend(work.queue);
    work.queue = new_pairs;
    ctx.emit(Event::MeleeWork { work });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The odds kept by lead are, to the last bit, those counted from the two sums of
    /// modifiers themselves, for leads inside and outside the kept ones.
    #[test]
    fn odds_kept_by_lead_are_the_odds_of_the_two_sums() {
        for sa in -12..=12 {
            for sd in -12..=12 {
                let counted = Distribution::of_throws_again(&[6, 6], |d| {
                    resolve::decide(d[0] as i32 + sa, d[1] as i32 + sd)
                        .map(|(won, diff)| (won, diff.min(4)))
                });
                assert_eq!(*odds_by_lead(sa - sd), counted, "{sa} against {sd}");
            }
        }
    }
}
