//! The module's vocabulary for brigades and batteries: the facts a roll reads and a battle
//! keeps (docs/fire-and-fury-design.md, part 5).

use serde::{Deserialize, Serialize};

/// How an army's infantry moves and fights ("NFF Maneuver: General 4").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum InfantryClass {
    /// Fought in line: more fire, slower to maneuver (item a, restored by elimination).
    Linear,
    /// Fought in column: quicker to maneuver, weaker in fire.
    #[default]
    Columnar,
    /// Maneuvers as column, fights as line.
    Impulse,
}

impl InfantryClass {
    /// Whether the class maneuvers as column ("NFF Maneuver: Tactical Movement 2d").
    pub fn maneuvers_as_column(self) -> bool {
        matches!(self, InfantryClass::Columnar | InfantryClass::Impulse)
    }

    /// Whether the class fires as line ("NFF M&C Modifiers c").
    pub fn fires_as_line(self) -> bool {
        matches!(self, InfantryClass::Linear | InfantryClass::Impulse)
    }
}

/// A brigade's effectiveness state (Grognard's chart, design 4.5).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Every brigade starts so.
    #[default]
    Fresh,
    Worn,
    Spent,
}

/// A brigade's skirmishers ("NFF M&C 9").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Skirmish {
    #[default]
    None,
    Semi,
    Full,
}

/// A brigade's formation ("NFF Maneuver: Formations").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// F&F's Line of Battle.
    #[default]
    SingleEchelon,
    /// F&F's Line of Battle Supported.
    DoubleEchelon,
    /// F&F's Field Column.
    BrigadeMasse,
    MarchColumn,
    /// Infantry only, and only as a result of charge combat.
    Square,
}

impl Formation {
    pub fn name(self) -> &'static str {
        match self {
            Formation::SingleEchelon => "Single Echelon",
            Formation::DoubleEchelon => "Double Echelon",
            Formation::BrigadeMasse => "Brigade Masse",
            Formation::MarchColumn => "March Column",
            Formation::Square => "square",
        }
    }

    /// Whether fire at it always counts as enfilade ("NFF Maneuver: Formations 1, 3d").
    pub fn always_enfiladed(self) -> bool {
        matches!(self, Formation::MarchColumn | Formation::Square)
    }
}

/// How strong cover or favourable ground is.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    #[default]
    None,
    Light,
    Medium,
    Heavy,
}

/// A battery's standing for fire ("NFF M&C Modifiers e").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Quality {
    #[default]
    Ordinary,
    BritishKgl,
    FrenchLine,
    YoungGuard,
    OldGuard,
}

/// Engineers with an attacking brigade ("NFF Additional 1").
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Engineers {
    #[default]
    None,
    Engineers,
    /// Guard engineers (optional rule).
    Guard,
}
