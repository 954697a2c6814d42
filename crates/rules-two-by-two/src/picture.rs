//! The battle as a scene to draw.

use crate::state::{State, Status};
use crate::units::Arm;
use grognard_engine::scene::{Scene, SceneBase, ScenePoint};

pub fn scene(state: &State) -> Scene {
    let f = &state.field;
    let bases = state
        .on_table()
        .map(|u| SceneBase {
            id: u32::from(u.id),
            name: state.name(u.id).to_string(),
            side: u.side,
            pose: u.pose,
            width: u.base().width,
            depth: u.base().depth,
            label: u.kind.code().to_string(),
            arm: match u.kind.arm() {
                Arm::Hq => "hq",
                Arm::Infantry => "infantry",
                Arm::Cavalry => "cavalry",
                Arm::Artillery => "artillery",
            }
            .to_string(),
            marker: match u.status {
                Status::Ready => None,
                s => Some(s.name().to_string()),
            },
            stands: Vec::new(),
        })
        .collect();
    let points = f
        .points
        .iter()
        .enumerate()
        .map(|(i, p)| ScenePoint {
            side: p.side,
            x: p.pos.x,
            y: p.pos.y,
            label: format!("R{} ({} waiting)", i + 1, state.queues[i].len()),
        })
        .collect();
    let caption = Scene::caption_for(
        state,
        format!(
            "Turn {}. Destroyed: {} {}, {} {}.",
            state.clock.turn, f.sides[0].name, state.lost[0], f.sides[1].name, state.lost[1]
        ),
    );
    Scene {
        title: f.name.clone(),
        width: f.width,
        depth: f.depth,
        side_names: [f.sides[0].name.clone(), f.sides[1].name.clone()],
        terrain: f.terrain.clone(),
        bases,
        points,
        caption,
    }
}
