//! What the battle looks like, for the command line's pictures.

use crate::state::{Role, State};
use grognard_engine::scene::{Scene, SceneBase, ScenePoint};

pub fn scene(state: &State) -> Scene {
    let f = &state.field;
    let bases = state
        .on_table()
        .map(|u| {
            let arm = match &u.role {
                Role::Brigade(b) if b.arm == crate::Arm::Cavalry => "cavalry",
                Role::Brigade(_) => "infantry",
                Role::Battery(_) => "artillery",
                _ => "hq",
            };
            let marker = if u.routed {
                Some("routed".to_string())
            } else if u.disordered {
                Some("disordered".to_string())
            } else if u.suppressed {
                Some("suppressed".to_string())
            } else {
                None
            };
            let label = match &u.role {
                Role::Brigade(_) => format!("{} {}", u.label, u.sp),
                Role::Battery(b) => format!("{}lb", b.pounds),
                _ => u.label.chars().take(8).collect(),
            };
            SceneBase {
                id: u32::from(u.id),
                name: u.label.clone(),
                side: u.side,
                pose: u.pose,
                width: u.size(),
                depth: u.size(),
                label,
                arm: arm.to_string(),
                marker,
                stands: Vec::new(),
            }
        })
        .collect();
    let caption = Scene::caption_for(
        state,
        format!(
            "Turn {}. Army losses: {} {:.1} of {}, {} {:.1} of {}.",
            state.clock.turn,
            f.sides[0].name,
            state.army_losses(grognard_engine::Side(0)),
            f.sides[0].fatigue,
            f.sides[1].name,
            state.army_losses(grognard_engine::Side(1)),
            f.sides[1].fatigue
        ),
    );
    Scene {
        title: f.name.clone(),
        width: f.width,
        depth: f.depth,
        side_names: [f.sides[0].name.clone(), f.sides[1].name.clone()],
        terrain: f.terrain.clone(),
        bases,
        points: f
            .objectives
            .iter()
            .map(|o| {
                let holder = crate::victory::holder(state, o);
                ScenePoint {
                    side: holder.unwrap_or(grognard_engine::Side(0)),
                    x: o.at[0],
                    y: o.at[1],
                    label: match holder {
                        Some(s) => format!("{} ({}): {}", o.name, o.value, f.sides[s.index()].name),
                        None => format!("{} ({}): held by neither", o.name, o.value),
                    },
                }
            })
            .collect(),
        caption,
    }
}
