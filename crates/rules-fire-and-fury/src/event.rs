//! What happens in a battle, as events: each is applied to the state the moment it is
//! emitted, and applying them is the only way the state changes.

use crate::facts::{Condition, Formation};
use crate::state::{State, UnitId, What};
use crate::tables::{FireResult, ManeuverResult};
use grognard_engine::sequence::Clock;
use grognard_engine::{Explanation, Outcome, Side};
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The initiative was thrown; the winner chooses to be first or second player
    /// ("NFF Sequence 1").
    Initiative {
        winner: Side,
        rolls: Vec<Explanation>,
    },
    /// The first player of this turn.
    FirstPlayer { side: Side },
    /// The battle moves on to a phase (of a new turn, perhaps).
    Clock { clock: Clock },
    /// A brigade's Maneuver Table roll, and what it allows ("NFF Maneuver").
    Maneuver {
        unit: UnitId,
        reserve: bool,
        result: ManeuverResult,
        rolls: Vec<Explanation>,
    },
    /// A battery announced Reserve Movement, which it makes without a throw ("NFF Maneuver:
    /// Reserve Movement 7").
    Reserve { unit: UnitId },
    /// A Disordered brigade chose what its result offers: here, the rally.
    Chose {
        unit: UnitId,
        result: ManeuverResult,
    },
    /// A brigade turned about: it counts as changing formation this turn ("NFF M&C
    /// Modifiers f").
    Changing { unit: UnitId },
    /// A brigade announced a charge on an enemy before its roll ("NFF Charge 2").
    Announced { unit: UnitId, target: UnitId },
    /// A unit moved: a brigade using a share of its full move, a battery a function, a
    /// leader so many inches.
    Moved { unit: UnitId, to: Pose, used: f64 },
    /// A brigade took up a formation.
    Formed { unit: UnitId, formation: Formation },
    /// A battery limbered or unlimbered.
    Limbered { unit: UnitId, limbered: bool },
    /// A brigade became Disordered, or recovered Good Order.
    Order {
        unit: UnitId,
        disordered: bool,
        why: String,
    },
    /// A battery hit by a "D" may not fire or move in its next player turn (design 4.3).
    Silenced { unit: UnitId },
    /// A brigade or battery fired ("NFF M&C").
    Fired {
        unit: UnitId,
        target: UnitId,
        result: FireResult,
        rolls: Vec<Explanation>,
    },
    /// Stands lost: foot and horse left after.
    Lost {
        unit: UnitId,
        foot: u32,
        horse: u32,
        fire: bool,
    },
    /// A brigade's effectiveness fell (design 4.5).
    Condition { unit: UnitId, condition: Condition },
    /// Horse charged by horse rode out to meet the charger ("NFF Charge 4").
    Countercharged { unit: UnitId },
    /// A brigade moved into contact with an enemy as a charger, so far from where it stood.
    Contact {
        unit: UnitId,
        target: UnitId,
        distance: f64,
    },
    /// A charge combat was fought ("NFF Charge").
    Charge {
        attacker: UnitId,
        defender: UnitId,
        differential: i32,
        rolls: Vec<Explanation>,
    },
    /// A winner may make a breakthrough charge, or (`may` false) has let it go.
    MayBreak { unit: UnitId, may: bool },
    /// A breakthrough charge into contact ("NFF Sequence 2c").
    Breaking {
        unit: UnitId,
        target: UnitId,
        distance: f64,
    },
    /// Infantry formed square against horse ("NFF Maneuver: Formations 3b").
    Square { unit: UnitId },
    /// A Grand Battery formed ("NFF Maneuver: Grand Batteries 1"), known by its first
    /// battery; its commander is attached to it.
    GrandBattery {
        commander: UnitId,
        batteries: Vec<UnitId>,
    },
    /// A leader attached himself to a unit, or left it.
    Attached { leader: UnitId, to: Option<UnitId> },
    /// A leader's casualty roll ("NFF M&C 8").
    LeaderRoll {
        leader: UnitId,
        lost: bool,
        rolls: Vec<Explanation>,
    },
    /// A brigade's engineers were lost: after a charge ("NFF Additional 1"), or with the
    /// brigade.
    EngineersLost { unit: UnitId, company: UnitId },
    /// A company of engineers attached itself to a brigade (`to`), or left the one it was
    /// with to stand at `at` ("NFF Additional 1").
    Engineers {
        company: UnitId,
        from: Option<UnitId>,
        to: Option<UnitId>,
        at: Pose,
    },
    /// A company standing alone was taken by the enemy beside it (ruling R13).
    Captured { company: UnitId, by: UnitId },
    /// A replacement takes a lost leader's place, with a unit of his command (design 4.10).
    Replaced {
        leader: UnitId,
        at: grognard_geometry::Pose,
    },
    /// A unit left the field: destroyed, captured, or a leader lost.
    Gone { unit: UnitId, why: String },
    /// The battle is over.
    Ended { outcome: Outcome },
}

impl grognard_engine::ctx::Applies for State {
    type Event = Event;

    fn apply(&mut self, e: &Event) {
        apply(self, e)
    }
}

fn brigade(s: &mut State, id: UnitId) -> Option<&mut crate::state::Brigade> {
    match &mut s.units[usize::from(id)].what {
        What::Brigade(b) => Some(b),
        _ => None,
    }
}

/// The units an event may change; `None` for every unit.
fn touches(e: &Event) -> Option<smallvec::SmallVec<[UnitId; 4]>> {
    use smallvec::smallvec;
    Some(match e {
        Event::Clock { .. } => return None,
        Event::Initiative { .. }
        | Event::FirstPlayer { .. }
        | Event::LeaderRoll { .. }
        | Event::Ended { .. } => smallvec![],
        Event::Maneuver { unit, .. }
        | Event::Reserve { unit }
        | Event::Chose { unit, .. }
        | Event::Changing { unit }
        | Event::Announced { unit, .. }
        | Event::Moved { unit, .. }
        | Event::Formed { unit, .. }
        | Event::Limbered { unit, .. }
        | Event::Order { unit, .. }
        | Event::Silenced { unit }
        | Event::Fired { unit, .. }
        | Event::Lost { unit, .. }
        | Event::Condition { unit, .. }
        | Event::Countercharged { unit }
        | Event::Contact { unit, .. }
        | Event::MayBreak { unit, .. }
        | Event::Breaking { unit, .. }
        | Event::Square { unit }
        | Event::Gone { unit, .. } => smallvec![*unit],
        Event::EngineersLost { unit, company } => smallvec![*unit, *company],
        Event::Captured { company, .. } => smallvec![*company],
        Event::Engineers {
            company, from, to, ..
        } => std::iter::once(*company).chain(*from).chain(*to).collect(),
        Event::Charge {
            attacker, defender, ..
        } => smallvec![*attacker, *defender],
        Event::GrandBattery {
            commander,
            batteries,
        } => std::iter::once(*commander)
            .chain(batteries.iter().copied())
            .collect(),
        Event::Attached { leader, .. } | Event::Replaced { leader, .. } => smallvec![*leader],
    })
}

/// The one place a state changes.
pub fn apply(s: &mut State, e: &Event) {
    let n = s.units.len();
    match touches(e) {
        None => s.stamps.touch_all(n),
        Some(ids) => {
            for id in ids {
                s.stamps.touch(id, n);
            }
        }
    }
    match e {
        Event::Initiative { winner, .. } => s.choosing = Some(*winner),
        Event::FirstPlayer { side } => {
            s.choosing = None;
            s.clock.first = *side;
        }
        Event::Clock { clock } => {
            s.clock = *clock;
            begin(s);
        }
        Event::Maneuver {
            unit,
            reserve,
            result,
            ..
        } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.maneuver = Some(result.clone());
                b.marks.used = 0.0;
                if *reserve {
                    b.marks.used_rm = true;
                    b.marks.rm_this_turn = Some(result.moves > 0.0);
                }
            }
        }
        Event::Announced { unit, target } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.announced = Some(*target);
            }
        }
        Event::Moved { unit, to, used } => {
            let u = &mut s.units[usize::from(*unit)];
            u.pose = *to;
            match &mut u.what {
                What::Brigade(b) => b.marks.used += used,
                What::Battery(b) => b.functions += 1,
                What::Leader(l) => l.moved += used,
                What::Company(c) => c.functions += 1,
            }
            s.reindex(*unit);
        }
        Event::Formed { unit, formation } => {
            if let Some(b) = brigade(s, *unit) {
                b.formation = *formation;
                b.marks.changing = true;
            }
            s.reindex(*unit);
        }
        Event::Limbered { unit, limbered } => {
            if let What::Battery(b) = &mut s.units[usize::from(*unit)].what {
                b.limbered = *limbered;
                b.functions += 1;
            }
        }
        Event::Order {
            unit, disordered, ..
        } => {
            if let Some(b) = brigade(s, *unit) {
                b.disordered = *disordered;
            }
        }
        Event::Silenced { unit } => {
            if let What::Battery(b) = &mut s.units[usize::from(*unit)].what {
                b.silenced = 2;
            }
        }
        Event::Fired { unit, .. } => {
            let phase = s.phase();
            let offensive = phase == crate::state::Phase::OffensiveFire;
            let early = !matches!(
                phase,
                crate::state::Phase::OffensiveFire | crate::state::Phase::DefensiveFire
            );
            match &mut s.units[usize::from(*unit)].what {
                What::Brigade(b) if early => b.marks.fired_early = true,
                What::Brigade(b) => b.marks.fired = true,
                What::Battery(b) if early => b.fired_early = true,
                What::Battery(b) => {
                    b.fired = true;
                    if offensive {
                        b.functions += 1;
                    }
                }
                What::Leader(_) | What::Company(_) => {}
            }
        }
        Event::Lost {
            unit,
            foot,
            horse,
            fire,
        } => {
            if let Some(b) = brigade(s, *unit) {
                let lost = b.stands().saturating_sub(foot + horse);
                b.foot = *foot;
                b.horse = *horse;
                if *fire {
                    b.marks.lost_to_fire += lost;
                }
            }
            s.reindex(*unit);
        }
        Event::Condition { unit, condition } => {
            if let Some(b) = brigade(s, *unit) {
                b.condition = *condition;
            }
        }
        Event::Contact {
            unit,
            target,
            distance,
        } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.charging = Some(*target);
                b.marks.charge_distance = *distance;
            }
        }
        Event::Countercharged { unit } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.countercharged = true;
            }
        }
        Event::Reserve { unit } => match &mut s.units[usize::from(*unit)].what {
            What::Battery(b) => b.used_rm = true,
            What::Company(c) => c.used_rm = true,
            _ => {}
        },
        Event::Chose { unit, result } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.maneuver = Some(result.clone());
            }
        }
        Event::Changing { unit } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.changing = true;
            }
        }
        Event::Charge {
            attacker, defender, ..
        } => {
            for u in [*attacker, *defender] {
                match &mut s.units[usize::from(u)].what {
                    What::Brigade(b) => b.marks.fought = true,
                    What::Battery(b) => b.fought = true,
                    What::Leader(_) | What::Company(_) => {}
                }
            }
        }
        Event::MayBreak { unit, may } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.may_break = *may;
            }
        }
        Event::Breaking {
            unit,
            target,
            distance,
        } => {
            if let Some(b) = brigade(s, *unit) {
                b.marks.may_break = false;
                b.marks.breaking = Some(*target);
                b.marks.charge_distance = *distance;
            }
        }
        Event::LeaderRoll { .. } => {}
        Event::Square { unit } => {
            if let Some(b) = brigade(s, *unit) {
                b.squared_from = b.formation;
                b.formation = Formation::Square;
            }
            s.reindex(*unit);
        }
        Event::GrandBattery {
            commander,
            batteries,
        } => {
            let gb = batteries[0];
            for b in batteries {
                if let What::Battery(x) = &mut s.units[usize::from(*b)].what {
                    x.grand_battery = Some(gb);
                }
            }
            if let What::Leader(l) = &mut s.units[usize::from(*commander)].what {
                l.commands_battery = Some(gb);
                l.attached = Some(gb);
            }
        }
        Event::Attached { leader, to } => {
            if let What::Leader(l) = &mut s.units[usize::from(*leader)].what {
                l.attached = *to;
            }
        }
        Event::EngineersLost { unit, company } => {
            if let Some(b) = brigade(s, *unit) {
                b.engineers = None;
            }
            s.units[usize::from(*company)].gone = true;
            s.reindex(*company);
        }
        Event::Engineers {
            company,
            from,
            to,
            at,
        } => {
            let u = &mut s.units[usize::from(*company)];
            if let What::Company(c) = &mut u.what {
                c.functions += 1;
                c.attached = *to;
            }
            u.pose = *at;
            for (b, with) in [(*from, None), (*to, Some(*company))] {
                if let Some(b) = b.and_then(|b| brigade(s, b)) {
                    b.engineers = with;
                }
            }
            s.reindex(*company);
        }
        Event::Captured { company, .. } => {
            s.units[usize::from(*company)].gone = true;
            s.reindex(*company);
        }
        Event::Replaced { leader, at } => {
            let u = &mut s.units[usize::from(*leader)];
            u.gone = false;
            u.pose = *at;
            if let What::Leader(l) = &mut u.what {
                l.charismatic = false;
                l.replacement = true;
                l.attached = None;
            }
            s.reindex(*leader);
        }
        Event::Gone { unit, .. } => {
            s.units[usize::from(*unit)].gone = true;
            s.reindex(*unit);
        }
        Event::Ended { outcome } => s.outcome = Some(outcome.clone()),
    }
}

/// What a phase clears as it begins: a player turn's marks for the side whose turn it is,
/// the stands lost to the last fire phase for both, the firing marks of the side that
/// fires; and a new turn moves each brigade's record of Reserve Movement on ("NFF Maneuver:
/// Reserve Movement 5i, 5j").
fn begin(s: &mut State) {
    use crate::state::Phase;
    let phase = s.phase();
    let phasing = s.phasing();
    let firing = match phase {
        Phase::DefensiveFire => Some(phasing.other()),
        Phase::OffensiveFire => Some(phasing),
        _ => None,
    };
    for u in &mut s.units {
        let own = u.side == phasing;
        match &mut u.what {
            What::Brigade(b) => {
                let m = &mut b.marks;
                match phase {
                    Phase::Initiative => match m.rm_this_turn.take() {
                        Some(true) => {
                            m.rm_succeeded = true;
                            m.rm_failures = 0;
                        }
                        Some(false) => {
                            m.rm_succeeded = false;
                            m.rm_failures += 1;
                        }
                        None => {
                            m.rm_succeeded = false;
                            m.rm_failures = 0;
                        }
                    },
                    Phase::Attach => {
                        m.lost_to_fire = 0;
                        m.countercharged = false;
                        if own {
                            m.used_rm = false;
                            m.maneuver = None;
                            m.used = 0.0;
                            m.changing = false;
                            m.charging = None;
                            m.charge_distance = 0.0;
                            m.announced = None;
                        }
                    }
                    _ => {}
                }
                if firing == Some(u.side) {
                    // A shot taken at a passing enemy stands for the next defensive fire.
                    m.fired = phase == Phase::DefensiveFire && m.fired_early;
                    m.fired_early = false;
                }
                if phase == Phase::Charge {
                    m.fought = false;
                    m.may_break = false;
                    m.breaking = None;
                }
            }
            What::Battery(b) => {
                if phase == Phase::Charge {
                    b.fought = false;
                }
                if phase == Phase::Attach && own {
                    b.functions = 0;
                    b.used_rm = false;
                    b.silenced = b.silenced.saturating_sub(1);
                }
                if firing == Some(u.side) {
                    b.fired = phase == Phase::DefensiveFire && b.fired_early;
                    b.fired_early = false;
                }
            }
            What::Leader(l) => {
                if phase == Phase::Attach && own {
                    l.moved = 0.0;
                }
            }
            What::Company(c) => {
                if phase == Phase::Attach && own {
                    c.functions = 0;
                    c.used_rm = false;
                }
            }
        }
    }
}
