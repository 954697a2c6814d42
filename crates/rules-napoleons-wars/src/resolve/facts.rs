//! A unit's facts as a player at the table states them, named alike in every roll of the
//! book, so that the table companion fills any roll's units from the same record.
//!
//! Brigades and batteries share the record: the facts that belong to one kind only (a
//! brigade's quality, fatigue and strength; a battery's guns and steps) are read only for
//! that kind.

use crate::design::army::Ordnance;
use crate::levels::{Arm, CavalryWeight, Fatigue, GunWeight, Quality};
use crate::nation::Nation;
use crate::state::{State, Unit};
use grognard_engine::files::Problem;
use serde::{Deserialize, Serialize};

/// One unit's facts ("NW 2.0", "NW II 2.0").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct UnitFacts {
    /// Infantry, cavalry or artillery (a battery).
    pub arm: Arm,
    /// Its nation, for the national modifiers.
    pub nation: Nation,
    /// A brigade's quality grade; a battery has none and this is not read for it (ruling
    /// N50).
    pub quality: Quality,
    /// A brigade's fatigue level; a battery has none and this is not read for it (ruling
    /// N38).
    pub fatigue: Fatigue,
    /// A brigade's strength points now.
    pub sp: u32,
    /// A brigade's skirmish value: 0, 1 or 2 ("NW 7.1").
    pub sk: u8,
    /// Disordered.
    pub disordered: bool,
    /// A cavalry brigade's weight ("NW 2.0").
    pub weight: CavalryWeight,
    /// Armored cavalry: its opponents take -1 in combat.
    pub armored: bool,
    /// Irregular cavalry (Cossacks and the like, "NW 7.9", "NW II 3.12").
    pub irregular: bool,
    /// A mixed infantry and cavalry brigade ("NW II 2.4").
    pub mixed: bool,
    /// A battery's gun weight ("NW 8.4").
    pub guns: GunWeight,
    /// What a battery fires: guns, howitzers or rockets.
    pub ordnance: Ordnance,
    /// Horse artillery.
    pub horse: bool,
    /// Cossack artillery, which fires at -1 as Ottoman guns do (ruling N52).
    pub cossack: bool,
    /// A battery that has lost its first step ("NW 8.4").
    pub damaged: bool,
    /// A suppressed battery ("NW 11.6").
    pub suppressed: bool,
    /// A general is attached to the unit.
    pub general_attached: bool,
    /// The strength at or below which a brigade is Worn, from its roster's fatigue circles
    /// ("NW II 2.6"); left out where the brigade skips the level, or where it is not known
    /// (its fatigue level then stays as given whatever it loses in a roll).
    pub worn_at: Option<u32>,
    /// The strength at or below which a brigade is Spent ("NW II 2.6"); left out as
    /// `worn_at` is.
    pub spent_at: Option<u32>,
}

impl Default for UnitFacts {
    fn default() -> Self {
        UnitFacts {
            arm: Arm::Infantry,
            nation: Nation::France,
            quality: Quality::Line,
            fatigue: Fatigue::Fresh,
            sp: 6,
            sk: 0,
            disordered: false,
            weight: CavalryWeight::Medium,
            armored: false,
            irregular: false,
            mixed: false,
            guns: GunWeight::Medium,
            ordnance: Ordnance::Guns,
            horse: false,
            cossack: false,
            damaged: false,
            suppressed: false,
            general_attached: false,
            worn_at: None,
            spent_at: None,
        }
    }
}

impl UnitFacts {
    /// The facts of a brigade or battery on the table; `None` for an officer.
    pub fn of(state: &State, u: &Unit) -> Option<UnitFacts> {
        let mut f = UnitFacts {
            arm: u.arm()?,
            nation: u.nation()?,
            disordered: u.disordered,
            general_attached: state.general_on(u.id).is_some(),
            ..UnitFacts::default()
        };
        if let Some(b) = u.brigade() {
            f.quality = b.quality;
            f.fatigue = u.fatigue().unwrap_or(Fatigue::Fresh);
            f.sp = u.sp;
            f.sk = b.sk;
            f.weight = b.weight.unwrap_or(CavalryWeight::Medium);
            f.armored = b.armored;
            f.irregular = b.irregular;
            f.mixed = b.mixed;
            f.worn_at = b.fatigue.worn;
            f.spent_at = b.fatigue.spent;
        }
        if let Some(b) = u.battery() {
            f.guns = b.weight;
            f.ordnance = b.ordnance;
            f.horse = b.horse;
            f.cossack = b.cossack;
            f.damaged = u.damaged();
            f.suppressed = u.suppressed;
            f.sp = u.sp;
        }
        Some(f)
    }

    pub fn is_battery(&self) -> bool {
        self.arm == Arm::Artillery
    }

    /// A brigade's fatigue level, `None` for a battery (ruling N38).
    pub fn brigade_fatigue(&self) -> Option<Fatigue> {
        (!self.is_battery()).then_some(self.fatigue)
    }

    /// A brigade's quality, `None` for a battery (ruling N50).
    pub fn brigade_quality(&self) -> Option<Quality> {
        (!self.is_battery()).then_some(self.quality)
    }

    /// The fatigue level of the brigade at `sp`: read from its fatigue circles where they are
    /// given, else the level stated ("NW II 2.6").
    pub fn fatigue_at(&self, sp: u32) -> Fatigue {
        if self.worn_at.is_none() && self.spent_at.is_none() {
            return self.fatigue;
        }
        crate::design::fatigue_state(
            &crate::tables::FatigueLevels {
                fresh: self.sp,
                worn: self.worn_at,
                spent: self.spent_at,
            },
            sp,
        )
    }

    /// The unit after losing `n` strength points (or a battery's steps): its fatigue level
    /// follows its fatigue circles where they are known; a battery down to one step is
    /// damaged. Returns the points actually lost (never more than it has).
    pub fn lose(&mut self, n: u32) -> u32 {
        let n = n.min(self.sp);
        self.sp -= n;
        if self.is_battery() {
            self.damaged |= self.sp < 2;
        } else {
            self.fatigue = self.fatigue_at(self.sp);
        }
        n
    }

    /// Facts the book does not allow together, each named under `role`.
    pub fn problems(&self, role: &str) -> Vec<Problem> {
        let mut out = Vec::new();
        let at = |field: &str| format!("{role}.{field}");
        if !self.is_battery() && self.sp == 0 {
            out.push(Problem::new(
                at("sp"),
                "a brigade with no strength points",
                "a brigade at 0 s.p. is gone; give 1 or more",
            ));
        }
        if self.sp > crate::design::validate::MAX_SP {
            out.push(Problem::new(
                at("sp"),
                format!("{} strength points", self.sp),
                format!(
                    "a brigade has at most {} s.p. (\"NW II 2.2\"); give 1 to {}",
                    crate::design::validate::MAX_SP,
                    crate::design::validate::MAX_SP
                ),
            ));
        }
        if self.sk > 2 {
            out.push(Problem::new(
                at("sk"),
                format!("a skirmish value of {}", self.sk),
                "a skirmish value is 0, 1 or 2 (\"NW 7.1\")",
            ));
        }
        if self.is_battery() {
            for (set, field) in [
                (self.sk != 0, "sk"),
                (self.armored, "armored"),
                (self.irregular, "irregular"),
                (self.mixed, "mixed"),
            ] {
                if set {
                    out.push(Problem::new(
                        at(field),
                        format!("a battery with `{field}`"),
                        "that is a brigade's fact: leave it out for a battery",
                    ));
                }
            }
        } else {
            for (set, field) in [
                (self.damaged, "damaged"),
                (self.suppressed, "suppressed"),
                (self.horse, "horse"),
                (self.cossack, "cossack"),
            ] {
                if set {
                    out.push(Problem::new(
                        at(field),
                        format!("a brigade with `{field}`"),
                        "that is a battery's fact: give `arm=artillery` or leave it out",
                    ));
                }
            }
            if (self.worn_at.is_some() || self.spent_at.is_some())
                && self.fatigue_at(self.sp) != self.fatigue
            {
                out.push(Problem::new(
                    at("fatigue"),
                    format!(
                        "a brigade of {} s.p. whose fatigue circles make it {}, given as {}",
                        self.sp,
                        self.fatigue_at(self.sp),
                        self.fatigue
                    ),
                    "give the level its circles show at its strength, or leave worn_at and spent_at out",
                ));
            }
            if let (Some(w), Some(s)) = (self.worn_at, self.spent_at) {
                if s > w {
                    out.push(Problem::new(
                        at("spent_at"),
                        format!("Spent at {s} s.p. but Worn only at {w}"),
                        "a brigade is Spent at fewer s.p. than it is Worn (\"NW II 2.6\")",
                    ));
                }
            }
            if self.arm == Arm::Infantry && (self.armored || self.irregular) {
                out.push(Problem::new(
                    at(if self.armored { "armored" } else { "irregular" }),
                    "infantry that is armored or irregular",
                    "armored and irregular are cavalry's facts: give `arm=cavalry`",
                ));
            }
        }
        out
    }
}
