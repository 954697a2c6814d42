//! Unit types and sizes ("2x2 The Units", "2x2 Scale", optional "New Units").

use serde::{Deserialize, Serialize};

/// The type of a unit ("2x2 The Units"; the last four from the optional "New Units", each
/// usable only with its switch under `[options]`). One base is one unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnitType {
    /// A headquarters: lets units within 6" rally, moves 6", cannot shoot, -3 in melee.
    Hq,
    /// Line infantry, the bulk of an army: moves 3", fires muskets to 1" and is Pinned by
    /// firing.
    Line,
    /// Guards or Grenadiers: line infantry with +1 in melee and rally; a routing Guards unit
    /// routs the friends it passes within 1".
    Guards,
    /// Skirmishers: takes any shooting result as Pinned, may enter dense woods and rout at
    /// will; -3 in melee.
    LightInfantry,
    /// Less steady infantry: routs when a friend within 1" routs, -1 to rally, never Small.
    Militia,
    /// Heavy cavalry: +2 in melee, moves 4", cannot shoot.
    HeavyCavalry,
    /// Light cavalry: -1 in melee, moves 5", cannot shoot, may rout at will.
    LightCavalry,
    /// Foot artillery: range 3", or 8" at long range; moves 2"; never charges.
    FootArtillery,
    /// Horse artillery: range 2", or 5" at long range; moves 4"; never charges.
    HorseArtillery,
    /// Optional "Irregular Shooters": infantry that fires at -1 and costs 1.5 AP.
    IrregularShooters,
    /// Optional "Irregular Warband": infantry that never shoots and has +1 in melee.
    IrregularWarband,
    /// Optional "Irregular Cavalry": routs when a friend within 2" routs and may not charge
    /// infantry.
    IrregularCavalry,
    /// Optional "Lancers": light cavalry with +2 against a Disrupted enemy and -1 against
    /// cavalry.
    Lancers,
}

/// The broad arm a type belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Arm {
    Hq,
    Infantry,
    Cavalry,
    Artillery,
}

impl UnitType {
    pub const ALL: [UnitType; 13] = [
        UnitType::Hq,
        UnitType::Line,
        UnitType::Guards,
        UnitType::LightInfantry,
        UnitType::Militia,
        UnitType::HeavyCavalry,
        UnitType::LightCavalry,
        UnitType::FootArtillery,
        UnitType::HorseArtillery,
        UnitType::IrregularShooters,
        UnitType::IrregularWarband,
        UnitType::IrregularCavalry,
        UnitType::Lancers,
    ];

    pub fn arm(self) -> Arm {
        use UnitType::*;
        match self {
            Hq => Arm::Hq,
            Line | Guards | LightInfantry | Militia | IrregularShooters | IrregularWarband => {
                Arm::Infantry
            }
            HeavyCavalry | LightCavalry | IrregularCavalry | Lancers => Arm::Cavalry,
            FootArtillery | HorseArtillery => Arm::Artillery,
        }
    }

    pub fn is_infantry(self) -> bool {
        self.arm() == Arm::Infantry
    }
    pub fn is_cavalry(self) -> bool {
        self.arm() == Arm::Cavalry
    }
    pub fn is_artillery(self) -> bool {
        self.arm() == Arm::Artillery
    }

    /// The types that belong to an optional rule and need its switch.
    pub fn optional_rule(self) -> Option<&'static str> {
        match self {
            UnitType::IrregularShooters => Some("irregular_shooters"),
            UnitType::IrregularWarband => Some("irregular_warband"),
            UnitType::IrregularCavalry => Some("irregular_cavalry"),
            UnitType::Lancers => Some("lancers"),
            _ => None,
        }
    }

    /// Small arms: the infantry that shoots ("2x2 Artillery & small-arms fire").
    pub fn small_arms(self) -> bool {
        matches!(
            self,
            UnitType::Line
                | UnitType::Guards
                | UnitType::LightInfantry
                | UnitType::Militia
                | UnitType::IrregularShooters
        )
    }

    pub fn can_shoot(self) -> bool {
        self.small_arms() || self.is_artillery()
    }

    /// May this type move into contact with `target` ("2x2 Melee", "Irregular Cavalry")?
    pub fn may_charge(self, target: UnitType) -> bool {
        if self.is_artillery() {
            return false;
        }
        if self.is_infantry() && target.is_cavalry() {
            return false;
        }
        if self == UnitType::IrregularCavalry && target.is_infantry() {
            return false;
        }
        true
    }

    /// True if size (Large/Small) changes this type's shooting ("2x2 Scale").
    pub fn size_counts_for_fire(self) -> bool {
        self.is_infantry()
    }

    /// True if size changes this type's melee.
    pub fn size_counts_for_melee(self) -> bool {
        self.is_infantry() || self.is_cavalry()
    }

    pub fn name(self) -> &'static str {
        use UnitType::*;
        match self {
            Hq => "HQ",
            Line => "Line Infantry",
            Guards => "Guards",
            LightInfantry => "Light Infantry",
            Militia => "Militia",
            HeavyCavalry => "Heavy Cavalry",
            LightCavalry => "Light Cavalry",
            FootArtillery => "Foot Artillery",
            HorseArtillery => "Horse Artillery",
            IrregularShooters => "Irregular Shooters",
            IrregularWarband => "Irregular Warband",
            IrregularCavalry => "Irregular Cavalry",
            Lancers => "Lancers",
        }
    }

    /// Short code for labels on pictures.
    pub fn code(self) -> &'static str {
        use UnitType::*;
        match self {
            Hq => "HQ",
            Line => "LN",
            Guards => "GD",
            LightInfantry => "LI",
            Militia => "MI",
            HeavyCavalry => "HC",
            LightCavalry => "LC",
            FootArtillery => "FA",
            HorseArtillery => "HA",
            IrregularShooters => "IS",
            IrregularWarband => "IW",
            IrregularCavalry => "IC",
            Lancers => "LA",
        }
    }
}

/// Unit size ("2x2 Scale"). It changes infantry fire and melee and cavalry melee only; HQs
/// and artillery are always Common (ruling R30).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    /// Over 2,000 rank and file: +1 to its rolls where size counts, 1 AP dearer.
    Large,
    /// 800 to 1,999 rank and file: no modifier.
    #[default]
    Common,
    /// Under 800 rank and file: -1 where size counts and -1 to rally, 0.5 AP cheaper; never
    /// Militia.
    Small,
}

impl Size {
    /// The size of a unit of `men` rank and file.
    pub fn from_strength(men: u32) -> Size {
        if men > 2000 {
            Size::Large
        } else if men >= 800 {
            Size::Common
        } else {
            Size::Small
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Size::Large => "Large",
            Size::Common => "Common",
            Size::Small => "Small",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_rank_and_file() {
        assert_eq!(Size::from_strength(2400), Size::Large);
        assert_eq!(Size::from_strength(2000), Size::Common);
        assert_eq!(Size::from_strength(800), Size::Common);
        assert_eq!(Size::from_strength(799), Size::Small);
    }

    #[test]
    fn who_may_charge_whom() {
        assert!(!UnitType::Line.may_charge(UnitType::LightCavalry));
        assert!(!UnitType::FootArtillery.may_charge(UnitType::Line));
        assert!(!UnitType::IrregularCavalry.may_charge(UnitType::Militia));
        assert!(UnitType::IrregularCavalry.may_charge(UnitType::HeavyCavalry));
        assert!(UnitType::HeavyCavalry.may_charge(UnitType::Line));
    }
}
