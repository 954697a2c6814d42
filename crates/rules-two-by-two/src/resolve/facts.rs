//! A unit's facts as a player at the table states them, named alike in every roll of the
//! book, so that the table companion fills any roll's units from the same record.

use crate::state::{Status, Unit};
use crate::units::{Size, UnitType};
use serde::{Deserialize, Serialize};

/// A unit's marker, or none ("2x2 Effects").
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Condition {
    /// In good order: no marker.
    #[default]
    Ready,
    /// Pinned: may not move or turn.
    Pinned,
    /// Disrupted: may not move, turn or fire.
    Disrupted,
}

impl From<Status> for Condition {
    fn from(s: Status) -> Condition {
        match s {
            Status::Ready => Condition::Ready,
            Status::Pinned => Condition::Pinned,
            Status::Disrupted => Condition::Disrupted,
        }
    }
}

impl Condition {
    pub fn name(self) -> &'static str {
        match self {
            Condition::Ready => "ready",
            Condition::Pinned => "Pinned",
            Condition::Disrupted => "Disrupted",
        }
    }
}

/// One unit's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct UnitFacts {
    /// The unit's type.
    pub kind: UnitType,
    /// Its size (Large and Small count only for infantry and cavalry, ruling R30).
    pub size: Size,
    /// Its marker.
    pub status: Condition,
}

impl Default for UnitFacts {
    fn default() -> Self {
        UnitFacts {
            kind: UnitType::Line,
            size: Size::Common,
            status: Condition::Ready,
        }
    }
}

impl UnitFacts {
    /// The facts of a unit on the table.
    pub fn of(u: &Unit) -> UnitFacts {
        UnitFacts {
            kind: u.kind,
            size: u.size,
            status: u.status.into(),
        }
    }
}
