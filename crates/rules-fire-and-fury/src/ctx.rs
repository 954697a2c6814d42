//! The working context of one command (the engine's [`grognard_engine::ctx::Ctx`] over this
//! book's state), and what this book does with it beyond emitting events: stands lost and
//! the effectiveness they bring, Disorder, leaders put at risk, units gone.

use crate::event::Event;
use crate::facts::Condition;
use crate::resolve::losses::{Fate, Leader, LeaderCasualty};
use crate::state::{State, UnitId, What};
use grognard_engine::resolution::Resolution;

pub type Ctx<'a> = grognard_engine::ctx::Ctx<'a, State>;

pub trait Effects {
    /// A brigade loses stands (from its minority arm first, "NFF Prepare for Battle 7b"); a
    /// battery that loses any is gone. Its effectiveness follows, and the leaders with it
    /// are put at risk.
    fn lose(&mut self, unit: UnitId, stands: u32, fire: bool, why: &str);
    /// A brigade becomes Disordered, or a battery is put out of action for its next player
    /// turn.
    fn disorder(&mut self, unit: UnitId, why: &str);
    /// Each leader of the unit's chain attached to it throws for his life ("NFF M&C 8").
    fn leaders_at_risk(&mut self, unit: UnitId);
    fn remove(&mut self, unit: UnitId, why: &str);
}

impl Effects for Ctx<'_> {
    fn lose(&mut self, unit: UnitId, stands: u32, fire: bool, why: &str) {
        let u = self.state.unit(unit);
        if u.gone || stands == 0 {
            return;
        }
        match &u.what {
            What::Battery(b) => {
                let gb = b.grand_battery;
                self.leaders_at_risk(unit);
                // A Grand Battery's commander is at risk when any of its batteries is lost.
                if let Some(g) = gb.filter(|g| *g != unit) {
                    self.leaders_at_risk(g);
                }
                self.remove(unit, why);
            }
            What::Brigade(b) => {
                let (mut foot, mut horse) = (b.foot, b.horse);
                let minority_horse = b.mixed && !b.cavalry;
                for _ in 0..stands {
                    let take_horse = if foot == 0 {
                        true
                    } else if horse == 0 {
                        false
                    } else {
                        minority_horse
                    };
                    if take_horse {
                        horse = horse.saturating_sub(1);
                    } else {
                        foot = foot.saturating_sub(1);
                    }
                }
                let start = b.start_stands;
                let rating = b.rating;
                let was = b.condition;
                self.emit(Event::Lost {
                    unit,
                    foot,
                    horse,
                    fire,
                });
                self.leaders_at_risk(unit);
                if foot + horse == 0 {
                    self.remove(unit, why);
                    return;
                }
                let t = self.state.tables().effectiveness.thresholds(start, rating);
                let lost = start - (foot + horse);
                let now = if lost >= t.spent {
                    Condition::Spent
                } else if lost >= t.worn {
                    Condition::Worn
                } else {
                    Condition::Fresh
                };
                if now != was && now != Condition::Fresh {
                    self.emit(Event::Condition {
                        unit,
                        condition: now,
                    });
                }
            }
            What::Leader(_) | What::Company(_) => {}
        }
    }

    fn disorder(&mut self, unit: UnitId, why: &str) {
        let u = self.state.unit(unit);
        if u.gone {
            return;
        }
        match &u.what {
            What::Brigade(b) if !b.disordered => self.emit(Event::Order {
                unit,
                disordered: true,
                why: why.to_string(),
            }),
            What::Battery(_) => self.emit(Event::Silenced { unit }),
            _ => {}
        }
    }

    fn leaders_at_risk(&mut self, unit: UnitId) {
        let s = &*self.state;
        let at_risk: Vec<(UnitId, bool)> = s
            .units()
            .iter()
            .filter_map(|l| {
                let ld = l.leader()?;
                (!l.gone && ld.attached == Some(unit)).then_some((l.id, ld.charismatic))
            })
            .collect();
        for (leader, charismatic) in at_risk {
            let mut rolls = Vec::new();
            let fate = LeaderCasualty.resolve(
                self.state.tables(),
                &Leader { charismatic },
                self.dice,
                &mut rolls,
            );
            let lost = fate == Fate::Lost;
            self.emit(Event::LeaderRoll {
                leader,
                lost,
                rolls,
            });
            if lost {
                self.remove(leader, "a casualty");
            }
        }
    }

    fn remove(&mut self, unit: UnitId, why: &str) {
        if self.state.unit(unit).gone {
            return;
        }
        // Leaders attached to it ride to the nearest unit of their side still on the field
        // (design 4.10), or stay where it stood.
        let s = &*self.state;
        let gone_at = s.unit(unit).pose.pos;
        let side = s.unit(unit).side;
        let with: Vec<UnitId> = s
            .units()
            .iter()
            .filter(|l| l.leader().is_some_and(|ld| ld.attached == Some(unit)))
            .map(|l| l.id)
            .collect();
        let refuge = s
            .on_table()
            .filter(|u| u.side == side && u.fights() && u.id != unit)
            .min_by(|a, b| {
                a.pose
                    .pos
                    .distance(gone_at)
                    .total_cmp(&b.pose.pos.distance(gone_at))
            })
            .map(|u| crate::measure::behind(s, u));
        let engineers = s.unit(unit).brigade().and_then(|b| b.engineers);
        for leader in with {
            self.emit(Event::Attached { leader, to: None });
            if let Some(to) = refuge {
                self.emit(Event::Moved {
                    unit: leader,
                    to,
                    used: 0.0,
                });
            }
        }
        // Engineers with a brigade share its fate (ruling R13).
        if let Some(c) = engineers {
            self.emit(Event::EngineersLost { unit, company: c });
        }
        self.emit(Event::Gone {
            unit,
            why: why.to_string(),
        });
    }
}
