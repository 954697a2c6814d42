//! What a side may order.

use crate::state::UnitId;
use grognard_geometry::Leg;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

/// A move's legs: most moves have one to three, kept inline so that a command is copied
/// without allocating.
pub type Legs = SmallVec<[Leg; 3]>;

#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// Move a unit along a path of legs; `exit` leaves the table across the edge its front
    /// ends on ("2x2 Movement", "2x2 Reinforcements").
    Move {
        unit: UnitId,
        legs: Legs,
        #[serde(default)]
        exit: bool,
    },
    /// Throw one of the phase's two reinforcement dice for the next unit waiting at a point
    /// ("2x2 Reinforcements").
    Reinforce { point: u8 },
    /// Place the arrived reinforcement with its rear edge on the table edge, its centre
    /// `offset` inches along the edge from the point.
    Place { offset: f64 },
    /// Exchange the arrived reinforcement for an enemy unit within 3" of the point.
    Exchange { enemy: UnitId },
    /// Keep the arrived reinforcement waiting (it stays first in line).
    Hold,
    /// Light infantry or light cavalry routs of its own accord ("2x2 The Units").
    VoluntaryRout { unit: UnitId },
    /// The defender faces one of the units that contacted it, or stays as it is.
    Face {
        unit: UnitId,
        toward: Option<UnitId>,
    },
    /// Try to rally a Pinned or Disrupted unit ("2x2 Rallying").
    Rally { unit: UnitId },
    /// Shoot; `with` names a second battery for a grand battery ("Grand Battery").
    Fire {
        shooter: UnitId,
        target: UnitId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<UnitId>,
    },
    /// Which unit of a target group takes the shooting result.
    Victim { unit: UnitId },
    /// Rout straight back (`away = false`) or directly away from the firer.
    RoutWay { away: bool },
    /// Fight a melee group: the contacts in the order to roll them ("Multiple melees").
    /// `columns` names the attackers that take the support of the unit behind them
    /// (optional "Column of Attack": +1, and the support shares the attacker's result).
    Melee {
        order: Vec<(UnitId, UnitId)>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        columns: Vec<UnitId>,
    },
    /// Follow up straight ahead by this many inches (0 declines).
    FollowUp { distance: f64 },
    /// This unit does nothing more this phase: it stands, holds its fire, or does not try
    /// to rally.
    Pass { unit: UnitId },
    /// End the current phase.
    EndPhase,
}

/// Written out so that a move's legs are copied as a block (`Legs::from_slice`) rather than
/// leg by leg through an iterator: the random player copies many offers a decision.
impl Clone for Command {
    fn clone(&self) -> Self {
        match self {
            Command::Move { unit, legs, exit } => Command::Move {
                unit: *unit,
                legs: Legs::from_slice(legs),
                exit: *exit,
            },
            Command::Reinforce { point } => Command::Reinforce { point: *point },
            Command::Place { offset } => Command::Place { offset: *offset },
            Command::Exchange { enemy } => Command::Exchange { enemy: *enemy },
            Command::Hold => Command::Hold,
            Command::VoluntaryRout { unit } => Command::VoluntaryRout { unit: *unit },
            Command::Face { unit, toward } => Command::Face {
                unit: *unit,
                toward: *toward,
            },
            Command::Rally { unit } => Command::Rally { unit: *unit },
            Command::Fire {
                shooter,
                target,
                with,
            } => Command::Fire {
                shooter: *shooter,
                target: *target,
                with: *with,
            },
            Command::Victim { unit } => Command::Victim { unit: *unit },
            Command::RoutWay { away } => Command::RoutWay { away: *away },
            Command::Melee { order, columns } => Command::Melee {
                order: order.clone(),
                columns: columns.clone(),
            },
            Command::FollowUp { distance } => Command::FollowUp {
                distance: *distance,
            },
            Command::Pass { unit } => Command::Pass { unit: *unit },
            Command::EndPhase => Command::EndPhase,
        }
    }
}
