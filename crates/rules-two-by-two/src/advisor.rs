//! Candidate commands with the book's tactical advice as scores ("2x2 The Flow of Battle").
//!
//! The advice, as scores: infantry on the attack should not fire (it pins itself) but close
//! with the bayonet; a first volley is worth most against cavalry and against chargers;
//! cavalry waits for Disrupted targets and HQs caught in the open; HQs go where units need
//! rallying and stay clear of the enemy; reinforcements are diced for every phase; the
//! strongest attacker of a melee group is rolled first. Units head round dense woods they
//! may not enter and to a river's bridges and fords. Plain moves are offered unchecked, for
//! [`settle`] to decide when a player would take one; every other candidate is legal.

use crate::command::{Command, Legs};
use crate::measure::{self, distance};
use crate::offer::{self, wants_draw};
use crate::phases::melee;
use crate::phases::melee::follow_up_reach;
use crate::phases::movement;
use crate::phases::movement::face_poses;
use crate::phases::reinforcements::Arrival;
use crate::phases::shooting;
use crate::sequence::{phase_key, SEQUENCE};
use crate::state::{Contact, Pending, ShotResult, State, Status, Unit, UnitId};
use crate::tables::Melee as MeleeTable;
use crate::units::UnitType;
use grognard_engine::dice::Distribution;
use grognard_engine::{Candidate, Side};
use grognard_geometry::{Base, Face, Leg, Pose, Vec2};
use smallvec::SmallVec;

/// A candidate offered unchecked: a player settles it ([`settle`]) only when it would take
/// it, so the general checks only its best candidates and the random player only the one
/// it draws.
fn push(out: &mut Vec<Candidate<Command>>, command: Command, score: f64, why: &'static str) {
    out.push(Candidate {
        command,
        score,
        why,
        checked: false,
    });
}

/// A candidate checked as it is offered, for a list whose shape depends on what is legal
/// (a shooter's turn is offered only when it has a shot).
fn push_checked(
    state: &State,
    side: Side,
    out: &mut Vec<Candidate<Command>>,
    command: Command,
    score: f64,
    why: &'static str,
) {
    if crate::orders::check(state, side, &command).is_ok() {
        out.push(Candidate {
            command,
            score,
            why,
            checked: true,
        });
    }
}

/// A candidate whose legality was already settled by the same check run another way (a
/// simulation through `execute`, or the placement test itself).
fn push_legal(
    state: &State,
    side: Side,
    out: &mut Vec<Candidate<Command>>,
    command: Command,
    score: f64,
    why: &'static str,
) {
    debug_assert!(
        crate::orders::check(state, side, &command).is_ok(),
        "{command:?}"
    );
    out.push(Candidate {
        command,
        score,
        why,
        checked: true,
    });
}

/// A move of a unit along `legs`. No score of a plain move needs its plan, so it is
/// offered unchecked (`checked` false), for [`settle`] to plan only when a player would take
/// it (the general settles its candidates best first); or, already planned, as checked.
fn push_move(
    out: &mut Vec<Candidate<Command>>,
    u: &Unit,
    legs: Legs,
    (score, why): (f64, &'static str),
    checked: bool,
) {
    out.push(Candidate {
        command: Command::Move {
            unit: u.id,
            legs,
            exit: false,
        },
        score,
        why,
        checked,
    });
}

pub fn candidates(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    offer(state, side, true, f64::INFINITY, None, out)
}

/// [`candidates`] for a general that keeps `memo` from one decision to the next.
pub fn candidates_with(
    state: &State,
    side: Side,
    memo: &mut Memo,
    out: &mut Vec<Candidate<Command>>,
) {
    candidates_within(state, side, memo, f64::INFINITY, out)
}

/// [`candidates_with`] for a general that takes only candidates scoring within `within` of
/// the best legal one: a unit's move scoring more than `within` below one of its own legal
/// moves is left out, and often not worked out in full.
pub fn candidates_within(
    state: &State,
    side: Side,
    memo: &mut Memo,
    within: f64,
    out: &mut Vec<Candidate<Command>>,
) {
    offer(state, side, true, within, Some(memo), out)
}

/// What the general keeps from one decision to the next: each unit's reckoning, which serves
/// while the enemy stands as it stood ([`Reckonings`]), each unit's distance to the nearest
/// enemy, the shooters without a shot, and the plans the last decision made as it weighed
/// its candidates.
#[derive(Default)]
pub struct Memo {
    /// The reckonings are those the last call of [`candidates_with`] weighed its units by.
    current: bool,
    /// The random player's part: what [`offers_with`] keeps.
    offered: crate::offer::Offered,
    /// Each unit's distance to the nearest enemy, by which the units are taken in turn.
    nearest: Nearest,
    /// What the units' moves rest on that friends' moves leave as it was.
    reckonings: Reckonings,
    /// The shots the last call of [`candidates_with`] or [`offers_in_memo`] planned as it
    /// listed them, each given out once ([`kept_plan`]).
    shots: Vec<(Command, shooting::ShotPlan)>,
    /// The shooters found without a shot in the battle as it stands ([`Blind`]).
    blind: Blind,
    /// The reach of the full follow-up the last such call found as it weighed a follow-up
    /// ([`melee::follow_up_reach`]): the distance asked, and how far the unit goes and whom
    /// it touches there; given out once ([`kept_plan`]).
    follow_up: Option<(f64, f64, Vec<UnitId>)>,
}

/// Shooters found to have no shot, with what that rests on: where every unit stands, on the
/// table or not (the state's places mark, [`crate::state::Stamps::places`]), and who is in
/// contact with whom, on one field. Whether a unit that may fire has a shot rests on
/// nothing else: the enemies in its range, the target group and what blocks its sight
/// ([`shooting::plan_quietly`]).
#[derive(Default)]
struct Blind {
    field: Option<std::sync::Arc<crate::state::Field>>,
    places: Option<u64>,
    contacts: Vec<Contact>,
    shooters: SmallVec<[UnitId; 8]>,
}

impl Blind {
    /// Forget the shooters unless every unit stands in `state` as it stood when they were
    /// found.
    fn look(&mut self, state: &State) {
        let places = Some(state.stamps.places());
        let same = self
            .field
            .as_ref()
            .is_some_and(|f| std::sync::Arc::ptr_eq(f, &state.field))
            && self.places == places
            && self.contacts == state.contacts;
        if !same {
            self.shooters.clear();
            self.field = Some(state.field.clone());
            self.contacts.clone_from(&state.contacts);
            self.places = places;
        }
    }
}

/// A side's units on the table in the order a movement phase takes them, nearest the enemy
/// first (the lower id on a tie), each with the square of its distance to the nearest
/// enemy; kept with where each unit stood when it was measured and the mark of the enemy's
/// units ([`crate::state::Stamps`]) then. The order serves while the enemy stands and every
/// friend that has not moved this phase stands where it stood: a unit that has moved is
/// passed over whatever its distance, so the move a decision makes leaves the order good
/// for the next.
#[derive(Default)]
struct Nearest {
    enemy: Option<(Side, u64)>,
    /// `(distance squared, id)`, in the order the units are taken.
    order: Vec<(f64, UnitId)>,
    /// Where each unit stood and its distance then, by id; `None` for a unit not measured.
    by_unit: Vec<Option<(Vec2, f64)>>,
    /// The still mark of the side's own units when the order was last found to serve
    /// ([`crate::state::Stamps::still_of`]): while it stands, so does every unit of the side
    /// that has not moved.
    friends: Option<u64>,
}

impl Nearest {
    /// The order of `side`'s units in `state`, measured again where it no longer serves: a
    /// unit's distance is measured by `near` unless it stood where it stands when last
    /// measured against the same enemy. It may name units that have since moved or left
    /// the table.
    fn order(
        &mut self,
        side: Side,
        state: &State,
        near: impl Fn(&Unit) -> f64,
    ) -> &[(f64, UnitId)] {
        let now = Some((side, state.stamps.of(side.other())));
        let enemy_stands = self.enemy == now;
        if !enemy_stands {
            self.enemy = now;
            self.by_unit.clear();
        }
        // A place for every unit, so that none is asked for later.
        if self.by_unit.len() < state.units.len() {
            self.by_unit.resize(state.units.len(), None);
        }
        let mark = Some(state.stamps.still_of(side));
        let stands =
            |u: &Unit| matches!(self.by_unit[usize::from(u.id)], Some((at, _)) if at == u.pose.pos);
        let serves = enemy_stands
            && !self.order.is_empty()
            && (self.friends == mark || state.friends_of(side).all(|u| u.moved || stands(u)));
        self.friends = mark;
        if !serves {
            self.order.clear();
            for u in state.friends_of(side) {
                let i = usize::from(u.id);
                let d = match self.by_unit[i] {
                    Some((at, d)) if at == u.pose.pos => d,
                    _ => {
                        let d = near(u);
                        self.by_unit[i] = Some((u.pose.pos, d));
                        d
                    }
                };
                self.order.push((d, u.id));
            }
            // No distance is NaN, so the order is total.
            self.order
                .sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        }
        &self.order
    }
}

/// The move generator's offer: the commands of [`candidates`], unscored, and its moves
/// unplanned. Charges are not valued, places not weighed for danger and moves not checked,
/// which is nearly all the advisor's work; [`settle`] checks the move a player takes. A move
/// the advisor would leave out because it is illegal, or (a charge) falls short of its
/// enemy, is offered here and refused, or taken as the plain move it is.
pub fn offers(state: &State, side: Side, out: &mut Vec<Command>) {
    offers_with(state, side, &mut Memo::default(), out)
}

/// [`offers`] for a player that keeps `memo` from one decision to the next.
pub fn offers_with(state: &State, side: Side, memo: &mut Memo, out: &mut Vec<Command>) {
    let n = offers_in_memo(state, side, memo);
    out.extend((0..n).filter_map(|i| memo.offered.command(state, i)));
}

/// [`offers_with`], the offers left listed in `memo` as places ([`kept_offer`]): their
/// number.
pub fn offers_in_memo(state: &State, side: Side, memo: &mut Memo) -> usize {
    memo.offered.begin();
    let mut scratch = std::mem::take(&mut memo.offered.scratch);
    offer(state, side, false, f64::INFINITY, Some(memo), &mut scratch);
    memo.offered.scratch = scratch;
    memo.offered.count()
}

/// The command at place `i` of the last [`offers_in_memo`] for `state`: none if that place
/// holds none (a unit's order that proves to have no move), as if it were refused.
pub fn kept_offer(state: &State, memo: &mut Memo, i: usize) -> Option<Command> {
    memo.offered.command(state, i)
}

/// Whether an offer is legal. Most offers are made unchecked; those checked as they were
/// offered pass again here, so a caller may settle any offer.
pub fn settle(state: &State, side: Side, command: &Command) -> bool {
    crate::orders::allows(state, side, command)
}

/// The plan made of a checked candidate of the last call of [`candidates_with`] or of a
/// checked offer of [`offers_in_memo`] for `state` and `side`, as the memo kept it: a shot's
/// plan, given out once, or the plan of a unit's advance or charge from its reckoning, which
/// is the move's plan while the move has room. `None` where none was kept.
pub fn kept_plan(
    state: &State,
    side: Side,
    memo: &mut Memo,
    command: &Command,
) -> Option<crate::orders::Plan> {
    use crate::orders::Plan;
    match command {
        Command::Fire { .. } => {
            let i = memo.shots.iter().position(|(c, _)| c == command)?;
            Some(Plan::Shot(memo.shots.swap_remove(i).1))
        }
        Command::FollowUp { distance } if memo.follow_up.as_ref()?.0 == *distance => {
            let (_, d, touches) = memo.follow_up.take()?;
            Some(Plan::FollowUp(d, touches))
        }
        Command::Move {
            unit,
            legs,
            exit: false,
        } if memo.current => {
            let u = state.unit(*unit);
            let r = memo.reckonings.of(state, side, u)?;
            let free = |room: &Option<Room>| matches!(room, Some(Room::Free));
            let ways = r.advances.iter().map(|w| (&w.legs, &w.room, &w.plan));
            let charges = r
                .charges
                .iter()
                .filter_map(|c| Some((c.found_legs()?, &c.room, &c.plan)));
            let plan = ways
                .chain(charges)
                .find(|(l, room, _)| *l == legs && free(room))?
                .2
                .clone()??;
            Some(Plan::Move(plan))
        }
        _ => None,
    }
}

fn offer(
    state: &State,
    side: Side,
    scoring: bool,
    within: f64,
    mut memo: Option<&mut Memo>,
    out: &mut Vec<Candidate<Command>>,
) {
    if let Some(m) = memo.as_deref_mut() {
        m.current = false;
        m.shots.clear();
        m.follow_up = None;
    }
    if let Some(p) = &state.pending {
        pending(state, side, scoring, p, memo, out);
    } else {
        match phase_key(state) {
            "move" => movement(state, side, scoring, within, memo, out),
            "rally" => rally(state, side, out),
            "shoot" => shoot(state, side, scoring, memo, out),
            "melee" => melee_groups(state, out),
            _ => {}
        }
        let end = if out.is_empty() { 0.0 } else { -1.0 };
        push(out, Command::EndPhase, end, "end the phase");
    }
}

/// How much a unit matters: every unit counts one toward defeat; HQs also rally the army.
fn worth(u: &Unit) -> f64 {
    match u.kind {
        UnitType::Hq => 2.0,
        k if k.is_artillery() => 1.2,
        k if k.is_cavalry() => 1.1,
        _ => 1.0,
    }
}

/// P(first total beats second) for opposed d6 with modifier difference `d`, draws re-rolled.
pub fn p_win(d: i32) -> f64 {
    let (mut win, mut tie) = (0, 0);
    for a in 1..=6 {
        for b in 1..=6 {
            let x = a + d;
            if x > b {
                win += 1;
            } else if x == b {
                tie += 1;
            }
        }
    }
    if tie == 36 {
        return 0.5;
    }
    win as f64 / (36 - tie) as f64
}

/// Expected value of a melee for `me` attacking `enemy`, counting friends already in contact
/// with it ("Enemy is in melee with more than one unit": each extra attacker adds +1 to every
/// attacker).
fn melee_value(state: &State, me: &Unit, enemy: &Unit) -> f64 {
    let c = Contact {
        attacker: me.id,
        defender: enemy.id,
    };
    let already = state
        .contacts
        .iter()
        .filter(|k| k.defender == enemy.id && k.attacker != me.id)
        .count() as u8;
    let engaged = [(me.id, 1u8), (enemy.id, 1 + already)];
    let ma: i32 = melee::modifiers(state, me, enemy, &engaged, &c)
        .iter()
        .map(|m| m.value)
        .sum();
    let md: i32 = melee::modifiers(state, enemy, me, &engaged, &c)
        .iter()
        .map(|m| m.value)
        .sum();
    let p = p_win(ma - md);
    // Losing routs or destroys us; winning routs or destroys them (about half destroyed).
    // Friends already engaged also gain +1 each.
    let help = 0.15 * already as f64;
    p * worth(enemy) * 0.8 - (1.0 - p) * worth(me) * 0.8 + help
}

/// Where a charge ends, the enemy it contacts and whether light woods pin it there: none if
/// other units leave it no room, or its plan is refused or contacts no enemy. Most charges
/// weighed are blocked by other units: that is found first, cheaply. Both answers are kept
/// with the charge.
fn charge_reaches(
    state: &State,
    near: &movement::Near,
    me: &Unit,
    charge: &mut Charge,
) -> Option<(Pose, UnitId, bool)> {
    let Charge {
        legs,
        room: r,
        plan,
        ..
    } = charge;
    let legs = legs.as_ref()?.as_ref()?;
    if !room(me, legs, near, r) {
        return None;
    }
    let plan = plan.get_or_insert_with(|| {
        movement::plan_with_room(state, me, legs, near)
            .ok()
            .filter(|p| !p.touches.is_empty())
    });
    plan.as_ref()
        .map(|p| (p.to, p.touches[0], p.pinned_by_light_wood))
}

/// The value of a charge that ends at `to` in contact with `defender` (pinned there if
/// `pinned`), worked out on a scratch copy of the state with the charge made: the
/// defender's shot first, with its real modifiers ("Defensive fire against contact"), then
/// the melee with its exact odds, both from the rule set's own resolution code. The scratch
/// state is put back as it was before this returns. The value is worked out in full only if
/// it could reach `floor` (see [`charge_made`]).
fn charge_value(
    state: &State,
    sim: &mut State,
    me: &Unit,
    (to, defender, pinned): (Pose, UnitId, bool),
    floor: f64,
) -> Option<f64> {
    let contacts = sim.contacts.len();
    let mut trial = Trial {
        sim,
        kept: SmallVec::new(),
    };
    trial.set_pose(me.id, to);
    if pinned {
        trial.sim.units[me.id as usize].status = Status::Pinned;
    }
    let contact = Contact {
        attacker: me.id,
        defender,
    };
    trial.sim.contacts.push(contact);
    let v = charge_made(state, &mut trial, me, contact, floor);
    trial.put_back();
    trial.sim.contacts.truncate(contacts);
    v
}

/// The scratch copy of the battle a charge is tried on, with the units moved on it as they
/// stood before (pose and status), to be put back once the charge is valued.
struct Trial<'s> {
    sim: &'s mut State,
    kept: SmallVec<[(UnitId, Pose, Status); 6]>,
}

impl Trial<'_> {
    /// Move unit `id` on the scratch copy, keeping where it stood first.
    fn set_pose(&mut self, id: UnitId, pose: Pose) {
        if !self.kept.iter().any(|(k, _, _)| *k == id) {
            let u = &self.sim.units[id as usize];
            self.kept.push((id, u.pose, u.status));
        }
        self.sim.set_pose(id, pose);
    }

    /// Put every unit moved back as it stood.
    fn put_back(&mut self) {
        for (id, pose, status) in self.kept.drain(..) {
            let u = &mut self.sim.units[id as usize];
            u.status = status;
            if u.pose != pose {
                self.sim.set_pose(id, pose);
            }
        }
    }
}

/// Whether `charge` by `me` could be worth `floor` by its bound ([`ChargeBounds`]), asked
/// before the units near are looked at: first, for a charge that lines up, where its
/// reckoning says it ends; then, its legs found, where they end. False also for a charge
/// whose legs could never be legal.
fn charge_bound<'s>(
    state: &'s State,
    me: &Unit,
    charge: &mut Charge,
    (floor, bounds, look): (f64, &mut ChargeBounds, &std::cell::OnceCell<ChargeLook<'s>>),
) -> bool {
    let look = look.get_or_init(|| ChargeLook::of(state, me));
    let (_, face, aim) = charge.target;
    // A charge that lines up first is bounded before its legs are found.
    let lines_up = charge.lines_up;
    if let Some(at) = lines_up {
        if !bounds.may_reach((state, look), me, at, melee::TOUCH + LINED_UP, floor) {
            return false;
        }
    }
    // The enemy stands as it stood when the charge was reckoned.
    let enemy = state.unit(charge.target.0);
    debug_assert!(enemy.pose == aim, "the enemy charged has not moved");
    let found = charge.legs.get_or_insert_with(|| {
        // A charge longer than the unit could go with every bonus is never legal.
        offer::charge_legs(me, &enemy.base(), face)
            .filter(|legs| !movement::too_far(state, me, legs))
    });
    let Some(legs) = found.as_ref() else {
        return false;
    };
    let legs_end = *charge.end.get_or_insert_with(|| end_of(me, legs));
    debug_assert!(
        lines_up.is_none_or(|at| legs_end.distance(at) <= LINED_UP),
        "a charge that lines up ends where its reckoning put it"
    );
    bounds.may_reach((state, look), me, legs_end, melee::TOUCH, floor)
}

/// The value of `charge` by `me` in `state`, which its bound allows ([`charge_bound`]), as
/// [`charge_value`] finds it (`sim`, a copy of `state`, made when first needed): none if
/// other units in `near` leave it no room, it does not reach an enemy, or its value surely
/// falls below `floor`.
fn charge_worth(
    state: &State,
    near: &movement::Near,
    scratch: &mut Option<State>,
    me: &Unit,
    charge: &mut Charge,
    floor: f64,
) -> Option<f64> {
    let reached = charge_reaches(state, near, me, charge)?;
    let sim = scratch.get_or_insert_with(|| state.clone());
    charge_value(state, sim, me, reached, floor)
}

/// What the bound of a charge ([`charge_bound`]) rests on, checked in a debug build once the
/// charge is valued at `v`: the enemy met touches the charger where its legs end, and the
/// value lies within the bound.
#[cfg(debug_assertions)]
fn check_bound(
    state: &State,
    me: &Unit,
    charge: &Charge,
    v: f64,
    (bounds, look): (&mut ChargeBounds, &ChargeLook),
) {
    let met = charge.plan.as_ref().and_then(Option::as_ref);
    let enemy = state.unit(met.expect("a valued charge was planned").touches[0]);
    let end = charge.end.expect("a bounded charge has its end");
    assert!(
        enemy.pose.pos.distance(end) <= melee::TOUCH,
        "charge met an enemy away from where its legs end"
    );
    let most = bounds.most(state, look, me, enemy);
    assert!(v <= most + 1e-6, "charge worth {v}, above its bound {most}");
}

/// The value of a charge made on `sim`, in contact through `contact`; none if it is surely
/// below `floor`. Fire that stops the charger costs more than a melee it then never fights
/// could lose, down to a bound on the melee's worth, so the value is bounded first from the
/// melee alone and again once the defender's shot is counted: the defender's shot, and the
/// other enemies' shots (the dearest part), are worked out only for a charge that could
/// still reach `floor`.
fn charge_made(
    state: &State,
    trial: &mut Trial,
    me: &Unit,
    contact: Contact,
    floor: f64,
) -> Option<f64> {
    let enemy = trial.sim.unit(contact.defender).clone();
    let mine = worth(me);
    let theirs = worth(&enemy);
    // A defender in good order turns to face the charge before it fires.
    if enemy.kind.is_infantry() && enemy.status == Status::Ready {
        if let Ok((dp, ap, others)) = face_poses(trial.sim, enemy.id, me.id) {
            trial.set_pose(enemy.id, dp);
            trial.set_pose(me.id, ap);
            for (o, p) in others {
                trial.set_pose(o, p);
            }
        }
    }
    let sim: &State = trial.sim;
    let engaged = melee::engaged_counts(&sim.contacts);
    let t = &state.field.tables.melee;
    let melee_odds = melee::odds(sim, &contact, &engaged);
    let outcome_value = |attacker_won, diff| melee_outcome(t, attacker_won, diff, mine, theirs);
    let melee_worth = melee_worth(t, &melee_odds, mine, theirs);
    // The value is the fire's cost plus the melee's worth in the share of cases where the
    // charger still stands to fight it. Every share the fire takes away costs at least a
    // quarter of the charger (Pinned or Disrupted by the defender; a rout or worse by
    // anyone else costs more), so fire lowers the value unless the melee is worth less than
    // that: the melee's worth, or at the lowest a quarter of the charger, bounds the value,
    // and a charge surely below `floor` by that is not shot at.
    let loose = melee_worth.max(-0.25 * mine) + 1e-9;
    if loose < floor {
        return None;
    }
    let mut reach = 1.0;
    let mut v = 0.0;
    let me_now = sim.unit(me.id).clone();
    if let Ok(plan) = shooting::plan_quietly(sim, enemy.id, me.id, None) {
        for (r, p) in &shooting::odds(sim, &plan).outcomes {
            match shooting::effect_on(&me_now, *r) {
                ShotResult::NoEffect => {}
                ShotResult::Pinned | ShotResult::Disrupted => {
                    reach -= p;
                    v -= p * 0.25 * mine;
                }
                ShotResult::Routs => {
                    reach -= p;
                    v -= p * 0.6 * mine;
                }
                ShotResult::Destroyed => {
                    reach -= p;
                    v -= p * mine;
                }
            }
        }
    }
    // The other enemies' fire stops the charger only by a rout or worse, at least 0.6 of
    // it for each share taken; a little slack for rounding, since the bound is summed
    // otherwise than the value.
    let bound = v + reach * melee_worth.max(-0.6 * mine) + 1e-9;
    if bound < floor {
        return None;
    }
    // Other enemies may fire on the charger where it stands before the melee: a unit that
    // routs or dies never fights it ("2x2 Sequence of play").
    let at = me_now.base();
    for e in sim.enemies_of(me.side).filter(|e| e.id != enemy.id) {
        let Some((max, _)) = sim.field.tables.range(e.kind) else {
            continue;
        };
        // Judged from the charger's side, the same test as from the enemy's: both bases are
        // a unit's.
        if measure::beyond_unit(&at, e, max) {
            continue;
        }
        if distance(&e.base(), &at) > max {
            continue;
        }
        let Ok(plan) = shooting::plan_quietly(sim, e.id, me.id, None) else {
            continue;
        };
        let (mut gone, mut cost) = (0.0, 0.0);
        for (r, p) in &shooting::odds(sim, &plan).outcomes {
            match shooting::effect_on(&me_now, *r) {
                ShotResult::Routs => {
                    gone += p;
                    cost += p * 0.6;
                }
                ShotResult::Destroyed => {
                    gone += p;
                    cost += p;
                }
                _ => {}
            }
        }
        v -= reach * cost * mine;
        reach *= 1.0 - gone;
    }
    for ((attacker_won, diff), p) in &melee_odds.outcomes {
        v += reach * p * outcome_value(*attacker_won, *diff);
    }
    debug_assert!(
        v <= loose.min(bound) + 1e-9,
        "charge worth {v}, above its bounds"
    );
    Some(v)
}

/// What a melee's outcome is worth to the attacker, worth `mine` against a defender worth
/// `theirs`. A loser is destroyed outright from the "destroyed" row; otherwise it routs and
/// dies on a 1-2 one time in three. Our own routed unit is left Disrupted in front of the
/// enemy, so a rout costs us more than it gains us.
fn melee_outcome(t: &MeleeTable, attacker_won: bool, diff: i32, mine: f64, theirs: f64) -> f64 {
    let destroyed = diff >= t.destroyed_from;
    if attacker_won {
        (if destroyed { 1.0 } else { 0.4 }) * theirs
    } else {
        -(if destroyed { 1.0 } else { 0.7 }) * mine
    }
}

/// What a melee with `odds` is worth to the attacker ([`melee_outcome`]).
fn melee_worth(t: &MeleeTable, odds: &Distribution<(bool, i32)>, mine: f64, theirs: f64) -> f64 {
    odds.outcomes
        .iter()
        .map(|((won, diff), p)| p * melee_outcome(t, *won, *diff, mine, theirs))
        .sum()
}

/// The most a charge by one unit could be worth against each enemy it might meet, each
/// found when first asked for and kept with what it rests on that the unit's friends
/// change ([`melee::ChargeLeadKey`]): the rest stands while the unit's reckoning does.
#[derive(Default)]
struct ChargeBounds(SmallVec<[(UnitId, melee::ChargeLeadKey, f64); 4]>);

/// What the bounds of one unit's charges rest on as the battle stands: its side's part in
/// the melees ([`melee::ChargeScene`]) and the enemies near enough to be met, with the most
/// a charge could be worth against each once asked ([`ChargeBounds::most`]), which stands
/// while the battle does.
struct ChargeLook<'s> {
    scene: melee::ChargeScene,
    enemies: SmallVec<[Met<'s>; 12]>,
}

/// An enemy a charge might meet, where it stands, and the most a charge meeting it could
/// be worth once asked.
struct Met<'s> {
    at: Vec2,
    unit: &'s Unit,
    most: std::cell::Cell<Option<f64>>,
}

impl<'s> ChargeLook<'s> {
    fn of(state: &'s State, me: &Unit) -> ChargeLook<'s> {
        // No charge goes further than the unit could move with every bonus
        // ([`movement::too_far`]), and the enemy it meets touches it where it ends.
        let t = &state.field.tables;
        let far = t.move_allowance(me.kind) + t.movement.road_bonus.max(0.0) + melee::TOUCH;
        ChargeLook {
            scene: melee::ChargeScene::of(state, me),
            enemies: state
                .enemies_of(me.side)
                .filter(|e| e.pose.pos.distance_squared(me.pose.pos) <= far * far)
                .map(|unit| Met {
                    at: unit.pose.pos,
                    unit,
                    most: std::cell::Cell::new(None),
                })
                .collect(),
        }
    }
}

/// Where the centre of a unit at `me` ends after `legs`, as [`movement::plan`] moves it.
fn end_of(me: &Unit, legs: &[Leg]) -> Vec2 {
    legs.iter().fold(me.pose, |pose, leg| leg.apply(pose)).pos
}

impl ChargeBounds {
    /// Whether a charge by `me` that meets only enemies standing within `within` of `at`
    /// could be worth `floor`: [`charge_made`] bounds its value by the melee's worth, or a
    /// quarter of the charger lost if that is more, and a melee is worth at most what it is
    /// at the best lead it could have ([`melee::charge_lead`]). The enemy a move meets is
    /// one its base touches where it ends, so a charge whose legs end with the charger's
    /// centre at `end` ([`end_of`]) meets only enemies within [`melee::TOUCH`] of `end`;
    /// before its legs are found, its reckoning says where it could end ([`Charge`]).
    fn may_reach(
        &mut self,
        (state, look): (&State, &ChargeLook),
        me: &Unit,
        at: Vec2,
        within: f64,
        floor: f64,
    ) -> bool {
        let within2 = within * within;
        look.enemies.iter().any(|e| {
            e.at.distance_squared(at) <= within2
                && e.most.get().unwrap_or_else(|| {
                    let v = self.most(state, look, me, e.unit);
                    e.most.set(Some(v));
                    v
                }) + 1e-9
                    >= floor
        })
    }

    /// The most a charge by `me` that meets `e` could be worth.
    fn most(&mut self, state: &State, look: &ChargeLook, me: &Unit, e: &Unit) -> f64 {
        let key = look.scene.key(state, e);
        let kept = self.0.iter().position(|(id, _, _)| *id == e.id);
        if let Some(i) = kept {
            if self.0[i].1 == key {
                return self.0[i].2;
            }
        }
        let mine = worth(me);
        let v = match melee::charge_lead_keyed(state, me, e, key) {
            Some((lo, hi)) => {
                let t = &state.field.tables.melee;
                (lo..=hi)
                    .map(|lead| melee_worth(t, &melee::odds_by_lead(lead), mine, worth(e)))
                    .fold(-0.25 * mine, f64::max)
            }
            None => f64::INFINITY,
        };
        match kept {
            Some(i) => self.0[i] = (e.id, key, v),
            None => self.0.push((e.id, key, v)),
        }
        v
    }
}

fn enemies_near<'a>(
    state: &'a State,
    side: Side,
    at: &Base,
    r: f64,
) -> impl Iterator<Item = &'a Unit> + 'a {
    let at = *at;
    state
        .enemies_of(side)
        .filter(move |e| measure::unit_within(&at, e, r))
}

/// How exposed a base would be to enemy fire and charges. Cavalry is shot at +2 ("Target is
/// cavalry"), so fire weighs on it twice as much.
fn danger(state: &State, me: &Unit, at: &Base, reach: f64) -> f64 {
    // Nothing further than any of the reaches below counts (`reach`, the longest of them):
    // the enemies looked at are those whose centres may be within it as `measure::beyond`
    // widens it.
    let near = state.near_side(me.side.other(), at.pose.pos, reach + 0.5 + 1e-6);
    danger_from(me, at, near.map(|e| Threat::of(state, e)))
}

/// An enemy unit as [`danger`] weighs it: its status and base, and the reaches at which it
/// counts: of its guns, its muskets and its charge (each negative where it has none, or
/// none it may use), and the longest of them.
#[derive(Clone, Copy)]
struct Threat {
    status: Status,
    base: Base,
    guns: f64,
    muskets: f64,
    lances: f64,
    reach: f64,
}

impl Threat {
    fn of(state: &State, e: &Unit) -> Threat {
        let tables = &state.field.tables;
        let shoots = e.status != Status::Disrupted;
        let guns = if e.kind.is_artillery() && shoots {
            tables.range(e.kind).map_or(0.0, |r| r.0)
        } else {
            -1.0
        };
        let muskets = if e.kind.small_arms() && shoots {
            1.1
        } else {
            -1.0
        };
        let lances = if e.kind.is_cavalry() && e.status == Status::Ready {
            tables.move_allowance(e.kind) + 0.5
        } else {
            -1.0
        };
        Threat {
            status: e.status,
            base: e.base(),
            guns,
            muskets,
            lances,
            reach: guns.max(muskets).max(lances),
        }
    }
}

/// [`danger`] from the enemies `threats`, in id order: only those within reach count.
fn danger_from<T: std::borrow::Borrow<Threat>>(
    me: &Unit,
    at: &Base,
    threats: impl Iterator<Item = T>,
) -> f64 {
    let fire_weight = if me.kind.is_cavalry() { 2.0 } else { 1.0 };
    let half_diagonal = measure::half_diagonal(at);
    let inner = 0.5 * at.width.min(at.depth);
    let mut d = 0.0;
    for e in threats {
        let e = e.borrow();
        // The base is measured only when it could lie within the enemy's longest reach.
        if e.reach < 0.0 || measure::beyond_by(&e.base, at, half_diagonal, e.reach) {
            continue;
        }
        let within = Within::new(&e.base, at, half_diagonal, inner);
        if within.reach(e.guns) {
            d += 0.25 * fire_weight;
        }
        if within.reach(e.muskets) {
            d += if e.status == Status::Ready { 0.5 } else { 0.3 } * fire_weight;
        }
        if within.reach(e.lances) {
            d += if me.kind.is_cavalry() {
                0.1
            } else if me.kind == UnitType::Hq || me.kind.is_artillery() {
                0.6
            } else {
                0.15
            };
        }
    }
    d * worth(me)
}

/// Whether a base lies within a reach of an enemy's by [`distance`], judged first from the
/// centres: every face centre of the enemy lies within half its longer side (`a`) of its
/// centre, and the base holds every point within half its shorter side (`inner`) of its
/// own and none further than half its diagonal. So the distance is at least the centres'
/// distance less both, and at most, from the face turned most toward the base, the
/// hypotenuse of the centres' distance and `a`, less `inner`. The base is measured only for
/// a reach between the two.
struct Within<'b> {
    from: &'b Base,
    to: &'b Base,
    lo: f64,
    hi: f64,
    measured: std::cell::Cell<Option<f64>>,
}

impl<'b> Within<'b> {
    fn new(from: &'b Base, to: &'b Base, half_diagonal: f64, inner: f64) -> Within<'b> {
        let centres = from.pose.pos.distance(to.pose.pos);
        let a = 0.5 * from.width.max(from.depth);
        Within {
            from,
            to,
            lo: centres - a - half_diagonal,
            hi: ((centres * centres + a * a).sqrt() - inner).max(0.0),
            measured: std::cell::Cell::new(None),
        }
    }

    /// `distance(from, to) <= r`, with a margin far above rounding before the bounds decide.
    fn reach(&self, r: f64) -> bool {
        if r < 0.0 || self.lo > r + 1e-9 {
            false
        } else if self.hi < r - 1e-9 {
            true
        } else {
            let d = self.measured.get().unwrap_or_else(|| {
                let d = distance(self.from, self.to);
                self.measured.set(Some(d));
                d
            });
            d <= r
        }
    }
}

/// The longest reach at which [`danger`] counts an enemy: its fire, musketry's 1.1", or
/// a cavalry charge.
fn danger_reach(state: &State) -> f64 {
    let tables = &state.field.tables;
    UnitType::ALL.iter().fold(1.1_f64, |m, &k| {
        let fire = tables.range(k).map_or(0.0, |r| r.0);
        let charge = if k.is_cavalry() {
            tables.move_allowance(k) + 0.5
        } else {
            0.0
        };
        m.max(fire).max(charge)
    })
}

fn movement(
    state: &State,
    side: Side,
    scoring: bool,
    within: f64,
    mut memo: Option<&mut Memo>,
    out: &mut Vec<Candidate<Command>>,
) {
    // Reinforcements are diced first, both dice, each at the likelier point not yet diced
    // this phase; then one unit at a time.
    let arrival = &state.field.tables.arrival;
    let dice_left = state.reinforcement_dice(side) < u32::from(arrival.rolls_per_phase);
    let mut rolling = false;
    for (i, p) in state.field.points.iter().enumerate() {
        if dice_left && p.side == side && !state.queues[i].is_empty() {
            let need = if p.flank {
                arrival.flank_at
            } else {
                arrival.rear_at
            };
            let chance = f64::from(7u8.saturating_sub(need)) / 6.0;
            let again = if state.rolled[i] > 0 { 0.5 } else { 0.0 };
            push(
                out,
                Command::Reinforce { point: i as u8 },
                8.0 + chance - again,
                "dice for reinforcements",
            );
            rolling = true;
        }
    }
    if rolling {
        return;
    }
    let draw_play = wants_draw(state, side);
    // As the turn limit nears without a decision, a draw looms: accept harder fights and
    // more fire. Ahead on losses a general need not gamble, but a lead at the limit is still
    // only a draw, so that caution fades as time runs out.
    let limit = state.field.turn_limit as f64;
    let pressure = ((state.clock.turn as f64 - limit * 0.3) / (limit * 0.5)).clamp(0.0, 1.0);
    let lead = state.lost[side.other().index()] as f64 - state.lost[side.index()] as f64;
    let urgency = 1.5 * pressure - 0.3 * lead.clamp(-2.0, 3.0) * (1.0 - pressure);
    // Units move nearest the enemy first, so the front line acts before those behind it
    // and every unit gets its turn before the phase ends: the general weighs the nearest
    // unit's moves ([`WEIGHED`]), the move generator offers those of a few ([`OFFERED`]).
    let foes = std::cell::OnceCell::<SmallVec<[Vec2; 32]>>::new();
    let near = |u: &Unit| {
        // A plain comparison: no distance is NaN, so `f64::min`'s care for one is not wanted.
        let mut least = f64::INFINITY;
        for p in foes.get_or_init(|| state.enemies_of(side).map(|e| e.pose.pos).collect()) {
            let d = p.distance_squared(u.pose.pos);
            if d < least {
                least = d;
            }
        }
        least
    };
    // A unit's distance to the nearest enemy stands while it and the enemy do, and the
    // order of the units while their distances do, so a memo keeps them from one decision
    // to the next.
    let mut fresh = Nearest::default();
    let nearest = match memo.as_deref_mut() {
        Some(m) => &mut m.nearest,
        None => &mut fresh,
    };
    // The nearest that have not moved and may move (or slip away), nearest first.
    let wanted = if scoring { WEIGHED } else { OFFERED };
    let mut ready: SmallVec<[(f64, &Unit); 4]> = SmallVec::new();
    for &(d, id) in nearest.order(side, state, near) {
        let u = state.unit(id);
        if u.moved || !u.on_table() {
            continue;
        }
        if crate::phases::movement::may_move(state, u).is_ok() || offer::light(u) {
            ready.push((d, u));
            if ready.len() == wanted {
                break;
            }
        }
    }
    // Unscored, through a memo: the move generator lists the units' places, and a unit
    // listed before keeps its own.
    if !scoring {
        if let Some(m) = memo {
            m.offered
                .list(state, side, draw_play, ready.iter().copied());
        }
        return;
    }
    // One scratch copy of the state for every charge weighed.
    let mut scratch = None;
    let mut reckonings = match memo {
        Some(ref mut m) => std::mem::take(&mut m.reckonings),
        None => Reckonings::default(),
    };
    reckonings.begin(state, side, draw_play);
    // The best legal score of the units weighed so far: a candidate more than `within`
    // below it could never be taken.
    let mut mark = STAND;
    for &(_, u) in &ready {
        mark = unit_moves(
            state,
            side,
            u,
            Stakes {
                draw_play,
                pressure,
                urgency,
                within,
            },
            mark,
            &mut reckonings,
            &mut scratch,
            out,
        );
    }
    if let Some(m) = memo {
        m.current = true;
        m.reckonings = reckonings;
    }
}

/// What weighs on every move of a movement phase: whether the side plays for a draw
/// (`draw_play`), how near the turn limit looms (`pressure`), how much harder a fight the
/// general will accept (`urgency`), and how far below a unit's best legal move a candidate
/// may be left out (`within`).
#[derive(Clone, Copy)]
struct Stakes {
    draw_play: bool,
    pressure: f64,
    urgency: f64,
    within: f64,
}

/// What standing is worth to a unit: every unit that may stand has that legal candidate.
const STAND: f64 = 0.3;

/// How many of the units nearest the enemy the general weighs at a decision in a movement
/// phase. One is as strong as three, and cheaper: weighing only the nearest, the general
/// won as often against the random player and against a general weighing three
/// (docs/performance.md, "The general weighs one unit at a time").
const WEIGHED: usize = 1;

/// How much the danger where an advance ends ([`danger`]) counts against it, against how
/// much nearer its goal it goes: counted twice, rather than once, it made a stronger general
/// (docs/performance.md, "The general weighs one unit at a time").
const DANGER: f64 = 2.0;

/// How many of the units nearest the enemy the move generator offers moves for at a
/// decision in a movement phase.
const OFFERED: usize = 3;

/// The candidate moves of one unit, scored: its charges valued on `scratch` (a copy of the
/// battle made when the first is weighed), its advances weighed for progress and danger,
/// both checked, and an illegal one left out. What only the unit and the enemy decide comes
/// from its reckoning in `reckonings` ([`Reckoned`]).
///
/// A candidate scoring more than `within` below `mark`, the best legal score of the units
/// weighed before it, or below a legal candidate of the unit's own, is left out, since a
/// player taking only candidates within `within` of the best legal one could never take it:
/// the unit's standing, each advance found legal and each charge valued raise that mark, and
/// a charge or an advance whose value is bounded below it is not worked out in full. Returns
/// the mark as the unit leaves it.
#[allow(clippy::too_many_arguments)]
fn unit_moves(
    state: &State,
    side: Side,
    u: &Unit,
    Stakes {
        draw_play,
        pressure,
        urgency,
        within,
    }: Stakes,
    mark: f64,
    reckonings: &mut Reckonings,
    scratch: &mut Option<State>,
    out: &mut Vec<Candidate<Command>>,
) -> f64 {
    out.push(Candidate {
        command: Command::Pass { unit: u.id },
        score: STAND,
        why: "stand",
        checked: true,
    });
    let movable = crate::phases::movement::may_move(state, u).is_ok();
    let r = movable.then(|| reckonings.take(state, u, draw_play));
    let threats = &reckonings.threats;
    let exposure = |me: &Unit, at: &Base| danger_from(me, at, threats.iter());
    if offer::light(u) {
        let threat = match &r {
            Some(r) => r.here,
            None => exposure(u, &u.base()),
        };
        push(
            out,
            Command::VoluntaryRout { unit: u.id },
            threat - 1.5,
            "light troops slip away",
        );
    }
    let mut best_legal = mark.max(STAND);
    let Some(mut r) = r else {
        return best_legal;
    };
    let allowance = state.field.tables.move_allowance(u.kind);
    // The unit's neighbourhood, gathered once a move's room is asked for ([`near_of`]).
    let mut near = None;
    let reach = allowance + 3.0;
    let here = r.here;
    // An advance's score, and the most it could be before the danger where it ends is
    // counted against it.
    let advance_bound = |progress: f64| 1.0 + 0.35 * progress + here * 0.5 + pressure * 0.5;
    let advance_score = |way: &mut Way| {
        let danger = *way.danger.get_or_insert_with(|| {
            exposure(u, &Base::new(way.end, u.base().width, u.base().depth))
        });
        1.0 + 0.35 * way.progress - DANGER * danger * (1.0 - 0.6 * pressure)
            + here * 0.5
            + pressure * 0.5
    };
    // Advances toward the goal, the furthest on first: each that could come within `within`
    // of the best legal candidate so far is checked, a legal one raising that mark and an
    // illegal one left out. They come before the charges, so that the mark they set prunes
    // those too. The shortest (through a town, over a bridge or across streams a unit goes
    // less far) are offered only when none of the others is legal.
    let n = r.advances.len();
    let mut fates: SmallVec<[Fate; 9]> = SmallVec::from_elem(Fate::Unseen, n);
    let legal = |way: &mut Way, near: &movement::Near| {
        // Other units block most advances found illegal: that is asked first, and the plan
        // then looks no more at them.
        room(u, &way.legs, near, &mut way.room)
            && way
                .plan
                .get_or_insert_with(|| movement::plan_with_room(state, u, &way.legs, near).ok())
                .is_some()
    };
    for short in [false, true] {
        if short {
            let others_legal = fates.iter().any(|f| matches!(f, Fate::Legal(_)));
            let could = r
                .advances
                .iter()
                .any(|w| w.short && advance_bound(w.progress) >= best_legal - within);
            if others_legal || !could {
                break;
            }
            // Whether the shortest are offered rests on the others left unchecked.
            let unchecked = |i: usize| matches!(fates[i], Fate::Unseen | Fate::Below);
            let others: SmallVec<[usize; 9]> = (0..n)
                .filter(|&i| !r.advances[i].short && unchecked(i))
                .collect();
            if !others.is_empty() {
                let gathered = near_of(&mut near, state, u, reach, &mut r);
                if others.iter().any(|&i| legal(&mut r.advances[i], gathered)) {
                    break;
                }
            }
        }
        for k in 0..n {
            let i = usize::from(r.order[k]);
            if r.advances[i].short != short {
                continue;
            }
            // Danger only lowers an advance's score: the rest go less far.
            if advance_bound(r.advances[i].progress) < best_legal - within {
                break;
            }
            let score = advance_score(&mut r.advances[i]);
            fates[i] = if score < best_legal - within {
                Fate::Below
            } else {
                let gathered = near_of(&mut near, state, u, reach, &mut r);
                if legal(&mut r.advances[i], gathered) {
                    best_legal = best_legal.max(score);
                    Fate::Legal(score)
                } else {
                    Fate::Illegal
                }
            };
        }
    }
    // Charges.
    let look = std::cell::OnceCell::new();
    for c in 0..r.charges.len() {
        // The charge is checked as it would be carried out; its value matters only if its
        // score could come within `within` of the best legal one.
        let floor = (best_legal - within - 0.5 - urgency) / 4.0;
        // A room found at the neighbourhood gathered now is as it stands.
        let blocked = matches!(r.charges[c].room, Some(Room::Blocked(_)));
        if (blocked && near.is_some())
            || !charge_bound(state, u, &mut r.charges[c], (floor, &mut r.bounds, &look))
        {
            continue;
        }
        let gathered = near_of(&mut near, state, u, reach, &mut r);
        let charge = &mut r.charges[c];
        let Some(v) = charge_worth(state, gathered, scratch, u, charge, floor) else {
            continue;
        };
        #[cfg(debug_assertions)]
        check_bound(
            state,
            u,
            charge,
            v,
            (&mut r.bounds, look.get().expect("bounded")),
        );
        let Some(legs) = charge.found_legs() else {
            continue;
        };
        let command = Command::Move {
            unit: u.id,
            legs: legs.clone(),
            exit: false,
        };
        let score = 0.5 + 4.0 * v + urgency;
        best_legal = best_legal.max(score);
        push_legal(state, side, out, command, score, "charge");
    }
    // An HQ joins a stuck unit.
    if u.kind == UnitType::Hq && !draw_play {
        for (f, legs, at) in offer::hq_joins(state, side, u) {
            let score = 2.0 + worth(f) - exposure(u, &at);
            push_move(out, u, legs, (score, "HQ joins a stuck unit"), false);
        }
    }
    // Leaving the field when playing for a draw.
    if draw_play {
        if let Some(legs) = offer::exit_legs(state, u) {
            let command = Command::Move {
                unit: u.id,
                legs,
                exit: true,
            };
            let score = 6.0 + if u.kind.is_cavalry() { -1.0 } else { 0.0 };
            push(out, command, score, "exit for a draw");
        }
    }
    for (way, fate) in r.advances.iter().zip(fates) {
        if let Fate::Legal(score) = fate {
            if score >= best_legal - within {
                push_move(out, u, way.legs.clone(), (score, "advance"), true);
            }
        }
    }
    reckonings.keep(u, r);
    best_legal
}

/// The neighbourhood of `u` within `reach` (every move weighed for it goes no further),
/// gathered into `near` on first asking, when `r`, the unit's reckoning, is brought up to it
/// ([`Reckoned::catch_up`]): a reckoning's rooms and plans are read only after that, and one
/// left behind is caught up from where it stood at the next weighing that asks.
fn near_of<'n, 's>(
    near: &'n mut Option<movement::Near<'s>>,
    state: &'s State,
    u: &Unit,
    reach: f64,
    r: &mut Reckoned,
) -> &'n movement::Near<'s> {
    near.get_or_insert_with(|| {
        let n = movement::neighbourhood(state, u, reach);
        r.catch_up(u, &n);
        n
    })
}

/// What became of an advance weighed for a unit: not looked at (its bound fell short of the
/// mark), scored below the mark, found illegal, or found legal with its score.
#[derive(Clone, Copy)]
enum Fate {
    Unseen,
    Below,
    Illegal,
    Legal(f64),
}

/// What a unit's moves rest on that only the unit itself, the enemy and the ground decide:
/// how exposed it stands, the advances toward its goal, each with how much nearer it goes
/// and, once weighed, how exposed it ends, and the charges it might make. In a movement
/// phase the enemy stands still, so a unit's reckoning serves every decision until it moves.
struct Reckoned {
    /// The unit as it was reckoned.
    unit: Unit,
    /// Where the unit heads ([`offer::goal_for`]), and its goal on the way there
    /// ([`offer::route`]).
    aim: (Vec2, f64),
    goal: (Vec2, f64),
    here: f64,
    advances: Vec<Way>,
    /// The places of `advances`, each the furthest on first (the earlier on a tie).
    order: SmallVec<[u8; 9]>,
    /// Each charge not surely too long, by enemy and then by face.
    charges: Vec<Charge>,
    /// The other units of the unit's neighbourhood as the rooms held were found.
    around: Vec<movement::NearUnit>,
    /// The most its charges could be worth against each enemy they might meet.
    bounds: ChargeBounds,
}

/// An advance toward a unit's goal: its legs, where it ends, how much nearer the goal that
/// is, whether it is one of the shortest ([`offer::REACHES`]), the danger where it ends
/// once weighed, and its room once found.
struct Way {
    legs: Legs,
    end: Pose,
    progress: f64,
    short: bool,
    danger: Option<f64>,
    room: Option<Room>,
    /// Its plan, other units leaving room, once made (none if refused): the plan then looks
    /// only at the ground and the enemy near, and is dropped when the enemy near changes
    /// ([`Reckoned::catch_up`]), so it is the plan of the move while the move has room
    /// ([`kept_plan`]).
    plan: Option<Option<movement::MovePlan>>,
}

/// A charge a unit might make: its legs once found, its room once found, and once planned
/// (other units leaving room, so that the plan rests only on the ground and the enemy) its
/// plan, or none if it is refused or contacts no enemy.
struct Charge {
    /// Its legs ([`offer::charge_legs`]), found when the charge could first be worth its
    /// floor ([`charge_bound`]): none inside if no charge into that face could be legal.
    legs: Option<Option<Legs>>,
    /// The enemy charged, the face aimed at and where the enemy stood.
    target: (UnitId, Face, Pose),
    /// Where the charger's centre ends, lined up against the face, if the charge lines up
    /// first rather than going straight in ([`offer::charge_lines_up`]), to within
    /// [`LINED_UP`].
    lines_up: Option<Vec2>,
    room: Option<Room>,
    plan: Option<Option<movement::MovePlan>>,
    /// Where the charger's centre ends after its legs ([`end_of`]), once asked.
    end: Option<Vec2>,
}

impl Charge {
    /// Its legs, if found and a charge could take them.
    fn found_legs(&self) -> Option<&Legs> {
        self.legs.as_ref()?.as_ref()
    }
}

/// How far from where [`offer::charge_lines_up`] puts it the centre of a charger that lines up
/// may end, its legs applied in floating point.
const LINED_UP: f64 = 1e-3;

/// What a move's room test ([`movement::room_for`]) found: room, or a unit in the way.
#[derive(Clone, Copy)]
enum Room {
    Free,
    Blocked(UnitId),
}

/// Whether other units in `near` leave `u` room for `legs`, as `room` holds it if it was
/// found at the neighbourhood the reckoning last caught up with ([`Reckoned::catch_up`]),
/// else found now and kept there.
fn room(u: &Unit, legs: &[Leg], near: &movement::Near, room: &mut Option<Room>) -> bool {
    let found = *room.get_or_insert_with(|| match movement::room_blocker(u, legs, near) {
        Some(b) => Room::Blocked(b),
        None => Room::Free,
    });
    matches!(found, Room::Free)
}

impl Reckoned {
    /// Bring the room found for each move up to `near`, the unit's neighbourhood now: a move
    /// that had room has it still unless a unit come near or standing elsewhere since is in
    /// its way, and a move blocked stays blocked while the unit in its way stands where it
    /// stood; otherwise the room is found again when it is asked for.
    fn catch_up(&mut self, u: &Unit, near: &movement::Near) {
        // Room on the stack for the units come near or moved between most decisions.
        let mut changed: SmallVec<[movement::NearUnit; 16]> = SmallVec::new();
        movement::changed_since(&self.around, near, &mut changed);
        let stands =
            |b: UnitId| near.units().iter().any(|o| o.0 == b) && !changed.iter().any(|c| c.0 == b);
        let since = |legs: &[Leg], room: &mut Option<Room>| {
            *room = match *room {
                Some(Room::Free) => Some(
                    match movement::room_blocker_among(u, legs, near, &changed) {
                        Some(b) => Room::Blocked(b),
                        None => Room::Free,
                    },
                ),
                Some(Room::Blocked(b)) if stands(b) => Some(Room::Blocked(b)),
                _ => None,
            }
        };
        // With nothing changed and as many units near, the neighbourhood is the one held.
        if !changed.is_empty() || self.around.len() != near.units().len() {
            // A plan rests on the enemy near (who it touches on the way and at the end): it
            // holds while the same enemy bases stand near, none come and none gone.
            let enemy = |o: &&movement::NearUnit| o.1 != u.side;
            let enemy_changed = changed.iter().any(|c| c.1 != u.side)
                || self.around.iter().filter(enemy).count()
                    != near.units().iter().filter(enemy).count();
            if enemy_changed {
                for way in &mut self.advances {
                    way.plan = None;
                }
                for c in &mut self.charges {
                    c.plan = None;
                }
            }
            for way in &mut self.advances {
                since(&way.legs, &mut way.room);
            }
            for c in &mut self.charges {
                if let Some(Some(legs)) = &c.legs {
                    since(legs, &mut c.room);
                }
            }
            self.around.clear();
            self.around.extend_from_slice(near.units());
        }
    }
}

/// Units' reckonings ([`Reckoned`]), kept for the side, enemy (by its mark) and draw play
/// they were made for. A mark is never given twice, so another battle, or this one's enemy
/// changed, shows another mark. An HQ's goal follows its friends, so its reckoning is never
/// kept.
#[derive(Default)]
struct Reckonings {
    seen: Option<(Side, u64, bool)>,
    by_unit: Vec<Option<Box<Reckoned>>>,
    /// The reckonings kept before the enemy last changed, for the same side, draw play and
    /// field, that a new reckoning may draw on ([`reckon`]).
    before: Vec<Option<Box<Reckoned>>>,
    /// The field the reckonings were made on.
    field: Option<std::sync::Arc<crate::state::Field>>,
    /// The enemy as [`danger`] weighs it, in id order.
    threats: Vec<Threat>,
    /// What new reckonings may reuse.
    spare: Spare,
}

/// Room a new reckoning may take rather than allocate its own: the boxes of reckonings no
/// longer wanted, with their lists, and an empty list of charges.
#[derive(Default)]
struct Spare {
    /// Boxes, not reckonings, since a reckoning is kept in its box.
    #[allow(clippy::vec_box)]
    boxes: Vec<Box<Reckoned>>,
    charges: Vec<Charge>,
}

impl Spare {
    /// Keep the boxes of `reckonings`, leaving it empty.
    fn keep(&mut self, reckonings: &mut Vec<Option<Box<Reckoned>>>) {
        self.boxes.extend(reckonings.drain(..).flatten());
    }
}

impl Reckonings {
    /// Drop every reckoning unless made for `side`'s enemy as it stands and with this draw
    /// play.
    fn begin(&mut self, state: &State, side: Side, draw_play: bool) {
        let now = Some((side, state.stamps.of(side.other()), draw_play));
        if self.seen != now {
            let same_field = self
                .field
                .as_ref()
                .is_some_and(|f| std::sync::Arc::ptr_eq(f, &state.field));
            let carried = same_field
                && self
                    .seen
                    .is_some_and(|(s, _, d)| s == side && d == draw_play);
            if carried {
                std::mem::swap(&mut self.before, &mut self.by_unit);
            } else {
                self.spare.keep(&mut self.before);
                self.field = Some(state.field.clone());
            }
            self.seen = now;
            self.spare.keep(&mut self.by_unit);
            self.threats.clear();
            self.threats
                .extend(state.enemies_of(side).map(|e| Threat::of(state, e)));
        }
    }

    /// `u`'s reckoning: the one kept if `u` stands as it did, or a new one.
    fn take(&mut self, state: &State, u: &Unit, draw_play: bool) -> Box<Reckoned> {
        let kept = self
            .by_unit
            .get_mut(usize::from(u.id))
            .and_then(Option::take);
        match kept {
            Some(r) if offer::alike_but_moved(&r.unit, u) => r,
            _ => {
                self.spare.boxes.extend(kept);
                let before = self
                    .before
                    .get_mut(usize::from(u.id))
                    .and_then(Option::take);
                reckon(state, u, draw_play, &self.threats, before, &mut self.spare)
            }
        }
    }

    /// The reckoning kept for `u`, of `side`, as it stands now.
    fn of(&self, state: &State, side: Side, u: &Unit) -> Option<&Reckoned> {
        let draw_play = wants_draw(state, side);
        if self.seen != Some((side, state.stamps.of(side.other()), draw_play)) {
            return None;
        }
        let r = self.by_unit.get(usize::from(u.id))?.as_deref()?;
        offer::alike_but_moved(&r.unit, u).then_some(r)
    }

    /// Keep `r`, the reckoning of `u`, unless `u` is an HQ.
    fn keep(&mut self, u: &Unit, r: Box<Reckoned>) {
        if u.kind == UnitType::Hq {
            return;
        }
        let i = usize::from(u.id);
        if self.by_unit.len() <= i {
            self.by_unit.resize_with(i + 1, || None);
        }
        self.by_unit[i] = Some(r);
    }
}

/// Reckon `u`'s moves ([`Reckoned`]).
///
/// `before` is the unit's reckoning before the enemy last changed, if there is one: where the
/// unit stands as it stood then, a move the same then is the same now (its legs rest only on
/// the unit, the ground and, for a charge, the enemy charged), and so is its room as it was
/// found, which the next catch-up ([`Reckoned::catch_up`]) brings up to the units near now.
/// So is its plan, which rests only on the ground and the enemy near: the catch-up drops it
/// if the enemy near has changed. Its danger and value rest on the whole enemy, and are
/// found again.
fn reckon(
    state: &State,
    u: &Unit,
    draw_play: bool,
    threats: &[Threat],
    mut before: Option<Box<Reckoned>>,
    spare: &mut Spare,
) -> Box<Reckoned> {
    let at = u.base();
    let here = danger_from(u, &at, threats.iter());
    let allowance = state.field.tables.move_allowance(u.kind);
    // The box of the reckoning before is reused; what it holds is drawn on only where the
    // unit stands as it stood. With none before, a spare box is reused, and nothing in it
    // drawn on.
    let alike = before
        .as_deref()
        .is_some_and(|b| b.unit.pose == u.pose && b.unit.kind == u.kind);
    if before.is_none() {
        before = spare.boxes.pop();
    }
    // The way to a goal rests only on the ground, the unit's kind and where it stands.
    let aim = offer::goal_for(state, u, draw_play);
    let goal = match before.as_deref() {
        Some(b) if alike && b.aim == aim => b.goal,
        _ => offer::route(state, u, aim),
    };
    let (advances, order, around) = match before.as_deref_mut() {
        Some(b) if alike && b.goal == goal => {
            for way in &mut b.advances {
                way.danger = None;
            }
            (
                std::mem::take(&mut b.advances),
                std::mem::take(&mut b.order),
                std::mem::take(&mut b.around),
            )
        }
        b => {
            let mut advances = b
                .map(|b| std::mem::take(&mut b.advances))
                .unwrap_or_default();
            advances_toward(state, u, allowance, goal, &mut advances);
            // Furthest on first, the earlier on a tie: each goes in after those before it
            // that go at least as far.
            let mut order: SmallVec<[u8; 9]> = SmallVec::new();
            let mut progress: SmallVec<[f64; 9]> = SmallVec::new();
            for (i, way) in advances.iter().enumerate() {
                let at = progress
                    .iter()
                    .position(|p| way.progress.total_cmp(p).is_gt())
                    .unwrap_or(progress.len());
                progress.insert(at, way.progress);
                order.insert(at, i as u8);
            }
            // Rooms carried over are caught up from the units near as they were found.
            let mut around = before
                .as_deref_mut()
                .map(|b| std::mem::take(&mut b.around))
                .unwrap_or_default();
            if !alike {
                around.clear();
            }
            (advances, order, around)
        }
    };
    let mut charges = std::mem::take(&mut spare.charges);
    if !u.kind.is_artillery() && !draw_play {
        // A new list starts with room for the two faces of a few enemies.
        charges.reserve(8);
        let reach = offer::charge_reach(state, u);
        let ub = u.base();
        for e in state.enemies_of(u.side) {
            if !u.kind.may_charge(e.kind) {
                continue;
            }
            if measure::beyond_unit(&ub, e, reach) {
                continue;
            }
            let eb = e.base();
            if distance(&ub, &eb) > reach {
                continue;
            }
            for face in offer::charge_faces(u, &eb) {
                let lines_up = offer::charge_lines_up(u, &eb, face);
                if offer::charge_surely_too_long(state, u, &eb, face, lines_up) {
                    continue;
                }
                let target = (e.id, face, e.pose);
                let kept = before
                    .as_deref_mut()
                    .filter(|_| alike)
                    .and_then(|b| b.charges.iter_mut().find(|c| c.target == target));
                // Its legs are found when first needed ([`charge_bound`]).
                charges.push(match kept {
                    Some(c) => Charge {
                        legs: c.legs.take(),
                        target,
                        lines_up,
                        room: c.room,
                        plan: c.plan.take(),
                        end: c.end,
                    },
                    None => Charge {
                        legs: None,
                        target,
                        lines_up,
                        room: None,
                        plan: None,
                        end: None,
                    },
                });
            }
        }
    }
    // The list of charges before becomes the spare.
    if let Some(b) = before.as_deref_mut() {
        spare.charges = std::mem::take(&mut b.charges);
        spare.charges.clear();
    }
    let r = Reckoned {
        unit: u.clone(),
        aim,
        goal,
        here,
        advances,
        order,
        charges,
        around,
        bounds: ChargeBounds::default(),
    };
    match before {
        Some(mut b) => {
            *b = r;
            b
        }
        None => Box::new(r),
    }
}

/// `u`'s advances toward `goal` ([`Way`]), at each of the [`offer::REACHES`] of its
/// `allowance` and each of the [`offer::AIMS`], written into `advances`.
fn advances_toward(
    state: &State,
    u: &Unit,
    allowance: f64,
    goal: (Vec2, f64),
    advances: &mut Vec<Way>,
) {
    advances.clear();
    // Room for every reach and aim at once, rather than growing a list met empty.
    advances.reserve(offer::REACHES.len() * offer::AIMS.len());
    let mut aims = offer::Toward::new(u, goal);
    let [full, most, short] = offer::REACHES;
    for frac in [full, most, short] {
        for aim in 0..offer::AIMS.len() {
            if let Some((legs, end)) = aims.legs(state, u, aim, allowance * frac) {
                advances.push(Way {
                    legs,
                    end,
                    progress: u.pose.pos.distance(goal.0) - end.pos.distance(goal.0),
                    short: frac == short,
                    danger: None,
                    room: None,
                    plan: None,
                });
            }
        }
    }
}

fn rally(state: &State, side: Side, out: &mut Vec<Candidate<Command>>) {
    for u in state.friends_of(side) {
        if u.status != Status::Ready {
            push(out, Command::Rally { unit: u.id }, 5.0, "rally");
        }
    }
}

fn shot_value(state: &State, plan: &shooting::ShotPlan) -> f64 {
    let dist = shooting::odds(state, plan);
    let target = state.unit(plan.target);
    let mut v = 0.0;
    for (r, p) in &dist.outcomes {
        let r = shooting::effect_on(target, *r);
        v += p * match r {
            ShotResult::NoEffect => 0.0,
            ShotResult::Pinned => 0.25,
            ShotResult::Disrupted => 0.5,
            ShotResult::Routs => 0.75,
            ShotResult::Destroyed => 1.0,
        };
    }
    v * worth(target)
}

/// The shots of the first shooter that has any, with holding its fire; scored only if
/// `scoring` (the move generator's offer leaves them unscored).
fn shoot(
    state: &State,
    side: Side,
    scoring: bool,
    mut memo: Option<&mut Memo>,
    out: &mut Vec<Candidate<Command>>,
) {
    // Only the side whose shooting phase it is has shots (each one checked below by its
    // plan alone).
    if state.outcome.is_some() || state.clock.actor(&SEQUENCE) != side {
        return;
    }
    // A shooter found without a shot has none while the units stand as they stood.
    let mut blind = memo.as_deref_mut().map(|m| {
        m.blind.look(state);
        std::mem::take(&mut m.blind.shooters)
    });
    // Friends come in id order; each is asked whether it may fire only when those before
    // it proved to have no shot, and only if it is not among them.
    for s in state.friends_of(side) {
        if blind.as_ref().is_some_and(|b| b.contains(&s.id))
            || shooting::may_fire(state, s).is_err()
        {
            continue;
        }
        let before = out.len();
        let (max, _) = state.field.tables.range(s.kind).unwrap_or((0.0, None));
        for t in enemies_near(state, side, &s.base(), max + 0.01) {
            let Ok(plan) = shooting::plan_quietly(state, s.id, t.id, None) else {
                continue;
            };
            let mut score = if scoring {
                4.0 * shot_value(state, &plan)
            } else {
                0.0
            };
            let defensive = state
                .contacts
                .iter()
                .any(|c| c.defender == s.id && c.attacker == t.id);
            if s.kind.small_arms() && s.status == Status::Ready {
                // "Infantry should be wary about firing": it pins itself.
                // A unit already close enough to shoot is holding a line, where a first
                // volley pays; a unit meant to charge should not stall itself.
                if defensive {
                    score += 1.0;
                } else {
                    score -= 0.1;
                }
            }
            // The shot just planned is the whole of its check in the shooting phase, and
            // the plan to carry it out on.
            let command = Command::Fire {
                shooter: s.id,
                target: t.id,
                with: None,
            };
            if let Some(m) = memo.as_deref_mut() {
                m.shots.push((command.clone(), plan));
            }
            push_legal(state, side, out, command, score, "fire");
            if state.field.options.grand_battery && s.kind.is_artillery() {
                for w in state.friends_of(side) {
                    if w.id != s.id
                        && w.kind.is_artillery()
                        && measure::touching(&s.base(), &w.base())
                    {
                        push_checked(
                            state,
                            side,
                            out,
                            Command::Fire {
                                shooter: s.id,
                                target: t.id,
                                with: Some(w.id),
                            },
                            score + 0.5,
                            "grand battery",
                        );
                    }
                }
            }
        }
        if out.len() > before {
            // One shooter at a time: its shots, or holding its fire.
            out.push(Candidate {
                command: Command::Pass { unit: s.id },
                score: 0.0,
                why: "hold fire",
                checked: true,
            });
            break;
        }
        if let Some(b) = blind.as_mut() {
            b.push(s.id);
        }
    }
    if let (Some(m), Some(b)) = (memo, blind) {
        m.blind.shooters = b;
    }
}

fn melee_groups(state: &State, out: &mut Vec<Candidate<Command>>) {
    let mut seen: Vec<Contact> = Vec::new();
    for c in &state.contacts {
        if seen.contains(c) {
            continue;
        }
        let mut group = melee::group_of(&state.contacts, *c);
        seen.extend(group.iter().copied());
        // Strongest attacker first.
        group.sort_by(|a, b| {
            let va = melee_value(state, state.unit(a.attacker), state.unit(a.defender));
            let vb = melee_value(state, state.unit(b.attacker), state.unit(b.defender));
            vb.total_cmp(&va)
        });
        let order: Vec<(UnitId, UnitId)> = group.iter().map(|c| (c.attacker, c.defender)).collect();
        let reversed: Vec<(UnitId, UnitId)> = order.iter().rev().copied().collect();
        push(
            out,
            Command::Melee {
                order: order.clone(),
                columns: Vec::new(),
            },
            10.0,
            "fight, strongest first",
        );
        if reversed != order {
            push(
                out,
                Command::Melee {
                    order: reversed,
                    columns: Vec::new(),
                },
                9.0,
                "fight",
            );
        }
        // Columns of attack: every attacker that may take one, and those for which it pays.
        let mut eligible: Vec<(UnitId, f64)> = Vec::new();
        if state.field.options.column_of_attack {
            for c in &group {
                let a = state.unit(c.attacker);
                if eligible.iter().any(|(id, _)| *id == a.id) {
                    continue;
                }
                if let Some(s) = melee::column_support(state, a) {
                    let gain = column_gain(state, a, state.unit(c.defender), state.unit(s));
                    eligible.push((a.id, gain));
                }
            }
        }
        if eligible.is_empty() {
            continue;
        }
        let good: Vec<(UnitId, f64)> = eligible.iter().copied().filter(|(_, g)| *g > 0.0).collect();
        let mut offers = vec![eligible.clone()];
        if !good.is_empty() && good.len() != eligible.len() {
            offers.push(good);
        }
        for columns in offers {
            let score = 10.0 + columns.iter().map(|(_, g)| g).sum::<f64>();
            push(
                out,
                Command::Melee {
                    order: order.clone(),
                    columns: columns.into_iter().map(|(id, _)| id).collect(),
                },
                score,
                "fight, in column of attack",
            );
        }
    }
}

/// What taking the column of attack is worth to `me` against `enemy`: a better chance in the
/// melee, against the support sharing a defeat ("Column of Attack").
fn column_gain(state: &State, me: &Unit, enemy: &Unit, support: &Unit) -> f64 {
    let c = Contact {
        attacker: me.id,
        defender: enemy.id,
    };
    let engaged = [(me.id, 1u8), (enemy.id, 1u8)];
    let sum = |a: &Unit, b: &Unit| -> i32 {
        melee::modifiers(state, a, b, &engaged, &c)
            .iter()
            .map(|m| m.value)
            .sum()
    };
    let diff = sum(me, enemy) - sum(enemy, me);
    let p0 = p_win(diff);
    let p1 = p_win(diff + state.field.tables.melee.column_support);
    let value = |p: f64| p * worth(enemy) * 0.8 - (1.0 - p) * worth(me) * 0.8;
    value(p1) - value(p0) - (1.0 - p1) * worth(support) * 0.8
}

fn pending(
    state: &State,
    side: Side,
    scoring: bool,
    p: &Pending,
    memo: Option<&mut Memo>,
    out: &mut Vec<Candidate<Command>>,
) {
    match p {
        Pending::TurnToFace { defenders, .. } => {
            let d = defenders[0];
            let du = state.unit(d);
            push(
                out,
                Command::Face {
                    unit: d,
                    toward: None,
                },
                0.0,
                "hold facing",
            );
            for c in state.contacts.iter().filter(|c| c.defender == d) {
                if face_poses(state, d, c.attacker).is_ok() {
                    let a = state.unit(c.attacker);
                    let in_front =
                        grognard_geometry::aspect::sector_of_point(&du.base(), a.pose.pos)
                            == Face::Front;
                    let score = if in_front { 0.1 } else { 1.0 + worth(a) };
                    push(
                        out,
                        Command::Face {
                            unit: d,
                            toward: Some(c.attacker),
                        },
                        score,
                        "face the charge",
                    );
                }
            }
        }
        Pending::PlaceReinforcement { point, unit, .. } => {
            let centre = Vec2::new(state.field.width / 2.0, state.field.depth / 2.0);
            let pp = state.field.points[*point as usize].pos;
            let arrival = Arrival::at(state, *point);
            let placing = scoring.then(|| arrival.placing(state));
            for k in -6..=6 {
                let offset = k as f64 * 0.5;
                if !scoring {
                    // Unscored, a placement is settled only when drawn.
                    push(
                        out,
                        Command::Place { offset },
                        0.0,
                        "place the reinforcement",
                    );
                    continue;
                }
                let placed = placing.as_ref().and_then(|p| p.pose(state, offset));
                debug_assert_eq!(
                    placed.is_some(),
                    arrival.pose(state, offset).is_ok(),
                    "a placement judged at once as on its own"
                );
                if let Some(pose) = placed {
                    let score = 1.0
                        - 0.05 * pose.pos.distance(centre) / 10.0
                        - 0.01 * (pose.pos.distance(pp));
                    // Its place is the whole check of a placement (`arrival_pose`).
                    push_legal(
                        state,
                        side,
                        out,
                        Command::Place { offset },
                        score,
                        "place the reinforcement",
                    );
                }
            }
            let mine = worth(state.unit(*unit));
            for e in state.enemies_of(side) {
                if grognard_geometry::distance::point_base(pp, &e.base())
                    <= state.field.tables.arrival.radius
                {
                    let score = worth(e) - mine
                        + if state.lost[side.index()] < state.lost[side.other().index()] {
                            0.5
                        } else {
                            0.0
                        };
                    push(out, Command::Exchange { enemy: e.id }, score, "exchange");
                }
            }
            push(out, Command::Hold, -1.0, "hold back");
        }
        Pending::ChooseVictim { group, result, .. } => {
            for id in group {
                let u = state.unit(*id);
                let score = match result {
                    ShotResult::Destroyed | ShotResult::Routs => worth(u),
                    _ => worth(u) + if u.kind.is_cavalry() { 0.5 } else { 0.0 },
                };
                push(
                    out,
                    Command::Victim { unit: *id },
                    score,
                    "choose the victim",
                );
            }
        }
        Pending::RoutDirection { unit, shooter, .. } => {
            let u = state.unit(*unit);
            let s = state.unit(*shooter);
            let allowance = state.field.tables.move_allowance(u.kind);
            for away in [false, true] {
                let dir = if away {
                    (u.pose.pos - s.pose.pos).normalize_or_zero()
                } else {
                    -u.pose.forward()
                };
                let end = Base::new(
                    u.pose.moved_to(u.pose.pos + dir * allowance),
                    u.base().width,
                    u.base().depth,
                );
                let mut score = -danger(state, u, &end, danger_reach(state));
                if !state.field.contains(&end) {
                    score -= 5.0;
                }
                if state.enemies_of(u.side).any(|e| {
                    grognard_geometry::distance::segment_base(u.pose.pos, end.pose.pos, &e.base())
                        < 0.8
                }) {
                    score -= 5.0;
                }
                push(out, Command::RoutWay { away }, score, "rout direction");
            }
        }
        Pending::FollowUp {
            unit, mandatory, ..
        } => {
            let u = state.unit(*unit);
            let full = state.field.tables.move_allowance(u.kind);
            // Every follow-up offered is legal: none goes further than the full move, and
            // only the full move is offered where it is mandatory.
            if *mandatory {
                push_legal(
                    state,
                    side,
                    out,
                    Command::FollowUp { distance: full },
                    1.0,
                    "mandatory follow-up",
                );
                return;
            }
            push_legal(
                state,
                side,
                out,
                Command::FollowUp { distance: 0.0 },
                0.0,
                "hold the ground",
            );
            let (d, hits) = follow_up_reach(state, *unit, full);
            let offered = d > 0.05;
            if offered {
                let value: f64 = hits
                    .iter()
                    .map(|h| melee_value(state, u, state.unit(*h)) - 0.3)
                    .sum();
                let score = if hits.is_empty() { -0.2 } else { value };
                push_legal(
                    state,
                    side,
                    out,
                    Command::FollowUp {
                        distance: d.min(full),
                    },
                    score,
                    "follow up",
                );
                push_legal(
                    state,
                    side,
                    out,
                    Command::FollowUp { distance: full },
                    score - 0.05,
                    "follow up",
                );
            }
            // The full follow-up's reach is the plan to carry it out on.
            if let Some(m) = memo.filter(|_| offered) {
                m.follow_up = Some((full, d, hits));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bounds that decide most reaches never part from measuring: bases of every size
    /// and facing, at every distance, asked at reaches around the measured distance.
    #[test]
    fn reaches_judged_from_the_centres_agree_with_measuring() {
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64
        };
        let (mut measured, mut decided) = (0, 0);
        for _ in 0..20_000 {
            let mut base = |spread: f64| {
                Base::new(
                    grognard_geometry::Pose::new(spread * next(), spread * next(), 7.0 * next()),
                    0.2 + 2.0 * next(),
                    0.2 + 1.0 * next(),
                )
            };
            let (from, to) = (base(3.0), base(16.0));
            let within = Within::new(
                &from,
                &to,
                measure::half_diagonal(&to),
                0.5 * to.width.min(to.depth),
            );
            let d = distance(&from, &to);
            for r in [-1.0, 0.0, 1.1, 4.0, 6.5, 12.0] {
                assert_eq!(within.reach(r), d <= r, "{from:?} {to:?} at {r}");
            }
            if within.measured.get().is_some() {
                measured += 1;
            } else {
                decided += 1;
            }
            for r in [d, d - 1e-6, d + 1e-6] {
                assert_eq!(within.reach(r), d <= r, "{from:?} {to:?} at {r}");
            }
        }
        assert!(measured > 0 && decided > 0, "{measured} {decided}");
    }

    #[test]
    fn p_win_is_symmetric_and_monotone() {
        assert!((p_win(0) - 0.5).abs() < 1e-12);
        assert!((p_win(2) + p_win(-2) - 1.0).abs() < 1e-12);
        assert!(p_win(3) > p_win(2));
        assert_eq!(p_win(6), 1.0);
    }
}
