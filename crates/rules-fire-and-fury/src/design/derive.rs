//! What a brigade is, fixed at the start from its stands, its army and the year: its arm,
//! its rating, whether it counts as heavy, armoured or lancers, its infantry class and its
//! skirmishers (docs/fire-and-fury-design.md, part 5).

use crate::facts::{InfantryClass, Skirmish};
use crate::scenario::{BrigadeSpec, Guard, Nation, StandKind};
use crate::tables::{Rating, Tables};

/// A brigade's arm: all foot, all horse, or mixed with the arm of more than half its
/// stands ("NFF Prepare for Battle 7").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrigadeArm {
    Infantry,
    Cavalry,
    /// Stands of both arms; `cavalry` when more than half are horse.
    Mixed {
        cavalry: bool,
    },
}

impl BrigadeArm {
    /// Whether it fights and moves as cavalry ("NFF Charge 2, 4, 1g": "mainly cavalry").
    pub fn cavalry(self) -> bool {
        matches!(
            self,
            BrigadeArm::Cavalry | BrigadeArm::Mixed { cavalry: true }
        )
    }
}

/// Everything fixed at the start about a brigade.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Derived {
    pub arm: BrigadeArm,
    pub stands: u32,
    pub rating: Rating,
    /// Heavy cavalry: more than half its stands ("NFF Charge 1b").
    pub heavy: bool,
    pub armoured: bool,
    pub lance: bool,
    pub class: InfantryClass,
    pub skirmish: Skirmish,
    pub two_rank: bool,
    /// Any element of the Old Guard ("NFF Charge 5n").
    pub old_guard: bool,
}

/// Whether more than half of `total` stands are counted ("4 of 7 yes, 4 of 8 no").
pub fn majority(count: u32, total: u32) -> bool {
    count * 2 > total
}

/// The infantry class an army's brigade has by its nation and the year ("NFF Maneuver:
/// General 4", design 5.3; linear by elimination, ruling 2.6).
pub fn class(nation: Nation, year: u32, guard: Option<Guard>, davout_1812: bool) -> InfantryClass {
    use InfantryClass::*;
    match (nation, guard) {
        (Nation::French, Some(Guard::Old | Guard::Middle)) => Impulse,
        (Nation::French, Some(Guard::Young)) => {
            if (1813..=1814).contains(&year) {
                Columnar
            } else {
                Impulse
            }
        }
        (Nation::French, None) => match year {
            ..=1804 => Columnar,
            1805..=1811 => Impulse,
            1812 if davout_1812 => Impulse,
            1812..=1814 => Columnar,
            _ => Impulse,
        },
        (Nation::British, _) => {
            if year >= 1809 {
                Impulse
            } else {
                Linear
            }
        }
        (Nation::BritishAllied, _) if year >= 1815 => Impulse,
        _ => {
            if year >= 1809 {
                Columnar
            } else {
                Linear
            }
        }
    }
}

/// An army's skirmishers by its nation and the year, where the module's lists can be read
/// from the nation alone ("NFF M&C 9c, 9d", design 5.4): the French, their allies in
/// French-style battalions 1805-14, the British and Wellington's army of 1815 have full
/// skirmishers. The lists' other troops (Jäger, Fusiliers, Grenzer...) are named by a
/// scenario's `skirmish`.
pub fn skirmish(nation: Nation, year: u32) -> Skirmish {
    match nation {
        Nation::French | Nation::British => Skirmish::Full,
        Nation::FrenchAllied if (1805..=1814).contains(&year) => Skirmish::Full,
        Nation::BritishAllied if year >= 1815 => Skirmish::Full,
        _ => Skirmish::None,
    }
}

/// Two-rank infantry ("NFF Mustering 2f"): the British and KGL, Portuguese after 1809, all
/// of Wellington's army in 1815.
pub fn two_rank(nation: Nation, year: u32) -> bool {
    match nation {
        Nation::British => true,
        Nation::Portuguese => year >= 1810,
        Nation::BritishAllied => year >= 1815,
        _ => false,
    }
}

/// A brigade's fixed facts.
pub fn brigade(t: &Tables, nation: Nation, year: u32, b: &BrigadeSpec) -> Derived {
    let count = |f: &dyn Fn(&crate::scenario::StandSpec) -> bool| -> u32 {
        b.stands.iter().filter(|s| f(s)).map(|s| s.count).sum()
    };
    let stands = count(&|_| true);
    let horse = count(&|s| s.kind.cavalry());
    let arm = match (horse, stands - horse) {
        (0, _) => BrigadeArm::Infantry,
        (_, 0) => BrigadeArm::Cavalry,
        _ => BrigadeArm::Mixed {
            cavalry: majority(horse, stands),
        },
    };
    let ratings: Vec<Rating> = b
        .stands
        .iter()
        .flat_map(|s| std::iter::repeat_n(s.rating, s.count as usize))
        .collect();
    let irregular_foot = b.irregular && !arm.cavalry();
    Derived {
        arm,
        stands,
        rating: t.effectiveness.rating(&ratings).unwrap_or(Rating::Regular),
        heavy: !b.irregular && majority(count(&|s| s.kind == StandKind::HeavyCavalry), stands),
        armoured: !b.irregular && majority(count(&|s| s.armoured), stands),
        lance: !b.irregular && majority(count(&|s| s.lance), stands),
        class: if irregular_foot {
            InfantryClass::Columnar
        } else {
            b.class
                .unwrap_or_else(|| class(nation, year, b.guard, b.davout_1812))
        },
        skirmish: if b.irregular || arm == BrigadeArm::Cavalry {
            Skirmish::None
        } else {
            b.skirmish.unwrap_or_else(|| skirmish(nation, year))
        },
        two_rank: b.two_rank.unwrap_or_else(|| two_rank(nation, year)),
        old_guard: b.stands.iter().any(|s| s.old_guard) || b.guard == Some(Guard::Old),
    }
}
