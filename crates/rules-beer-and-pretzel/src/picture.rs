//! What the battle looks like, for pictures: each unit's footprint, its stands and figures.

use crate::state::{Arm, State, Status};
use grognard_engine::scene::{figures_lost_line, short_label, Scene, SceneBase, SceneStand};

pub fn scene(state: &State) -> Scene {
    let f = &state.field;
    let turn = state.clock.turn;
    let bases = state
        .on_table()
        .map(|u| {
            let fp = u.footprint();
            let arm = match u.arm() {
                Arm::Infantry => "infantry",
                Arm::Cavalry => "cavalry",
                Arm::Artillery => "artillery",
                Arm::Command => "hq",
            };
            let marker = match u.status {
                Status::Routed => Some("routed".to_string()),
                Status::Halted => Some("halted".to_string()),
                Status::Reforming => Some("reforming".to_string()),
                Status::Effective if u.disrupted(turn) => Some("disrupted".to_string()),
                Status::Effective => None,
            };
            let per = u.troop.per_stand();
            let stands = u.stand_bases();
            let n = stands.len() as u32;
            let stands = stands
                .iter()
                .enumerate()
                .map(|(i, s)| SceneStand {
                    pose: s.pose,
                    width: s.width,
                    depth: s.depth,
                    figures: if i as u32 + 1 == n {
                        u.figures - per * (n - 1)
                    } else {
                        per
                    },
                })
                .collect();
            SceneBase {
                id: u32::from(u.id),
                name: u.name.clone(),
                side: u.side,
                pose: u.pose,
                width: fp.width,
                depth: fp.depth,
                label: format!("{} {}", short_label(&u.name), u.figures),
                arm: arm.to_string(),
                marker,
                stands,
            }
        })
        .collect();
    let lost = |s: u8| state.figures_lost(grognard_engine::Side(s));
    let caption = Scene::caption_for(
        state,
        figures_lost_line(turn, &f.side_names, [lost(0), lost(1)]),
    );
    Scene {
        title: f.name.clone(),
        width: f.width,
        depth: f.depth,
        side_names: f.side_names.clone(),
        terrain: f.terrain.clone(),
        bases,
        points: Vec::new(),
        caption,
    }
}
