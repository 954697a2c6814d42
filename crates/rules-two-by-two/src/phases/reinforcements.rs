//! Where an arriving reinforcement stands ("2x2 Reinforcements").

use crate::measure::{self};
use crate::phases::movement;
use crate::state::{Pending, State, Unit};
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
#[derive(Clone, Copy)]
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

    /// Whether `offset` lies within the point's reach, and the base placed there.
    fn placed(&self, state: &State, offset: f64) -> Option<Base> {
        let within = offset.is_finite() && offset.abs() <= state.field.tables.arrival.radius + 1e-9;
        within.then(|| {
            let pose = self
                .facing
                .moved_to(self.at + self.along * offset + self.inward);
            Base::new(pose, crate::state::BASE_WIDTH, crate::state::BASE_DEPTH)
        })
    }

    /// The unit placed here: the one being placed, else the first waiting.
    fn arriving<'s>(&self, state: &'s State) -> &'s Unit {
        state.unit(match &state.pending {
            Some(Pending::PlaceReinforcement { unit, .. }) => *unit,
            _ => state.queues[self.point as usize]
                .first()
                .copied()
                .unwrap_or(0),
        })
    }

    /// Every placement at this point, asked only whether it is legal, for a player weighing
    /// them all at once: what could stand in the way of any is gathered once.
    pub fn placing<'s>(&self, state: &'s State) -> Placing<'s> {
        let u = self.arriving(state);
        let reach = state.field.tables.arrival.radius + 1e-9;
        Placing {
            arrival: *self,
            unit: u,
            near: movement::neighbourhood_around(state, u.id, self.at + self.inward, reach),
        }
    }

    /// [`arrival_pose`] for `offset`.
    pub fn pose(&self, state: &State, offset: f64) -> Result<Pose, Illegal> {
        let f = &state.field;
        let Some(b) = self.placed(state, offset) else {
            return Err(Illegal::new(
                R_REINF,
                "a reinforcement is placed within 3\" of its point",
            ));
        };
        let pose = b.pose;
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
        let u = self.arriving(state);
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

/// The placements at one point with the units and ground near it gathered
/// ([`Arrival::placing`]).
pub struct Placing<'s> {
    arrival: Arrival,
    unit: &'s Unit,
    /// Everything a base placed within the point's reach could meet.
    near: movement::Near<'s>,
}

impl Placing<'_> {
    /// Where the reinforcement stands placed at `offset`, if it may be placed there: as
    /// [`Arrival::pose`] finds, without saying why not.
    pub fn pose(&self, state: &State, offset: f64) -> Option<Pose> {
        let b = self.arrival.placed(state, offset)?;
        let free = !self.near.bases().any(|o| measure::overlapping(&b, o));
        (free && movement::may_stand(state, &self.near, self.unit, &b)).then_some(b.pose)
    }
}
