//! What a side may order in a "Napoleon's Wars" battle.

use crate::moves::Step;
use crate::state::UnitId;
use grognard_engine::Side;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// The CinCs roll for the initiative ("NW 6.0").
    RollInitiative,
    /// Napoleon's side uses his once-a-battle re-roll, or lets the roll stand ("NW 6.0").
    Reroll { reroll: bool },
    /// The initiative winner names the side to go first this turn.
    ChooseFirst { first: Side },
    /// Skirmish attack by one or more units on one target ("NW 7.6").
    Skirmish {
        attackers: Vec<UnitId>,
        target: UnitId,
    },
    /// Artillery fire by one or more batteries on one target ("NW 8.2").
    Fire {
        batteries: Vec<UnitId>,
        target: UnitId,
    },
    /// Attach a general or ADC to a brigade, or detach him (`unit: None`) ("NW 9.0 A").
    Attach {
        officer: UnitId,
        unit: Option<UnitId>,
    },
    /// Attach a battery to an infantry brigade of its command whose front it touches, or
    /// detach it (`infantry: None`) ("NW 8.6").
    AttachBattery {
        battery: UnitId,
        infantry: Option<UnitId>,
    },
    /// Roll on the maneuver table for a unit ("NW 9.0 C").
    Roll { unit: UnitId },
    /// Move the unit that rolled (or a newly arrived unit, or an officer) along `steps`.
    Move { unit: UnitId, steps: Vec<Step> },
    /// Leave the unit that rolled where it stands.
    Hold,
    /// Roll for a cavalry unit's reaction ("NW 10.1").
    React { unit: UnitId },
    /// A reacting cavalry unit charged by the enemy meets the charge ("NW 10.2").
    Countercharge,
    /// A reacting cavalry unit gets away from its attacker, a full move ("NW 10.2").
    Evade,
    /// A reacting cavalry unit charges the enemy that came into its zone ("NW 10.2").
    ChargeInto,
    /// Fight the combat against this defender ("NW 11.0").
    Fight { defender: UnitId },
    /// This side has finished the phase.
    EndPhase,
}
