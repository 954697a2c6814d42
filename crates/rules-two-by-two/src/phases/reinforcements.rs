//! Where an arriving reinforcement stands ("2x2 Reinforcements").

use crate::measure::{self};
use crate::phases::movement;
use crate::state::{Pending, State};
use grognard_engine::Illegal;
use grognard_geometry::{angle_of, Base, Pose, Vec2};

const R_REINF: &str = "2x2 Reinforcements";

/// Where a reinforcement would stand: rear edge on the table edge, facing in, its centre
/// `offset` inches along the edge from the point ("2x2 Reinforcements").
pub fn arrival_pose(state: &State, point: u8, offset: f64) -> Result<Pose, Illegal> {
    Arrival::at(state, point).pose(state, offset)
}

/// What every placement at one entry point shares: where along the table edge the point
/// lies, which way runs along the edge and which way in, and the facing in.
pub struct Arrival {
    point: u8,
    at: Vec2,
    along: Vec2,
    /// Half a base's depth in from the edge.
    inward: Vec2,
    facing: Pose,
}

impl Arrival {
    /// The placements at `point`.
    pub fn at(state: &State, point: u8) -> Arrival {
        let f = &state.field;
        let p = &f.points[point as usize];
        let (_, along, inward) = f.edge_frame(p.edge);
        Arrival {
            point,
            at: p.pos,
            along,
            inward: inward * (crate::state::BASE_DEPTH * 0.5),
            facing: Pose::at(p.pos, angle_of(inward)),
        }
    }

    /// [`arrival_pose`] for `offset`.
    pub fn pose(&self, state: &State, offset: f64) -> Result<Pose, Illegal> {
        let f = &state.field;
        let point = self.point;
        if !offset.is_finite() || offset.abs() > f.tables.arrival.radius + 1e-9 {
            return Err(Illegal::new(
                R_REINF,
                "a reinforcement is placed within 3\" of its point",
            ));
        }
        let pose = self
            .facing
            .moved_to(self.at + self.along * offset + self.inward);
        let b = Base::new(pose, crate::state::BASE_WIDTH, crate::state::BASE_DEPTH);
        if !f.contains(&b) {
            return Err(Illegal::new(R_REINF, "the base would hang off the table"));
        }
        if let Some(o) = measure::blocked_by(state, &b, &[]) {
            return Err(Illegal::new(
                R_REINF,
                format!(
                    "{} stands there; a reinforcement may not start on another unit",
                    state.name(o)
                ),
            ));
        }
        let u = state.unit(match &state.pending {
            Some(Pending::PlaceReinforcement { unit, .. }) => *unit,
            _ => state.queues[point as usize].first().copied().unwrap_or(0),
        });
        movement::woods_allow(state, u.kind, &b)?;
        if movement::in_river(state, pose.pos) {
            return Err(Illegal::new(
                "2x2 Movement modifiers",
                "a reinforcement may not be placed in a river",
            ));
        }
        Ok(pose)
    }
}
