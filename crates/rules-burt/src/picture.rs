//! What the battle looks like, for pictures: each unit's stands and figures, its state of
//! order and its order chit, as a side may see it.

use crate::state::{Arm, Chit, Cohesion, State, Status};
use grognard_engine::scene::{figures_lost_line, short_label, Scene, SceneBase, SceneStand};
use grognard_engine::Side;

/// The table as `reader` sees it (`None`: everything, for a finished battle or an umpire).
pub fn scene(state: &State, reader: Option<Side>) -> Scene {
    let seen = match reader {
        Some(s) => state.seen_by(s),
        None => state.clone(),
    };
    let f = &seen.field;
    let bases = seen
        .on_table()
        .map(|u| {
            let fp = u.footprint();
            let arm = match u.arm() {
                Arm::Infantry => "infantry",
                Arm::Cavalry => "cavalry",
                Arm::Artillery => "artillery",
                Arm::Officer | Arm::Train => "hq",
            };
            let mut marks: Vec<String> = Vec::new();
            if u.cohesion != Cohesion::Formed
                && !(u.troop.never_formed() && u.cohesion == Cohesion::Unformed)
            {
                marks.push(u.cohesion.name().to_string());
            }
            if let Status::Pursuing(_) = u.status {
                marks.push("pursuing".into());
            }
            match u.chit {
                Chit::Open(o) => marks.push(o.name().to_string()),
                Chit::Secret(o) => marks.push(format!("{} (face down)", o.name())),
                Chit::Hidden => marks.push("order face down".into()),
                Chit::None => {}
            }
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
                    figures: if u.is_guns() {
                        u.calibre.map_or(1, |c| c.crew(seen.tables()))
                    } else if i as u32 + 1 == n {
                        u.figures.saturating_sub(per * (n - 1))
                    } else {
                        per
                    },
                })
                .collect();
            let count = if u.is_guns() {
                format!("{} guns", u.guns)
            } else if u.fights() {
                u.figures.to_string()
            } else {
                String::new()
            };
            SceneBase {
                id: u32::from(u.id),
                name: seen.name(u.id).to_string(),
                side: u.side,
                pose: u.pose,
                width: fp.width,
                depth: fp.depth,
                label: format!("{} {count}", short_label(seen.name(u.id)))
                    .trim()
                    .to_string(),
                arm: arm.to_string(),
                marker: (!marks.is_empty()).then(|| marks.join(", ")),
                stands,
            }
        })
        .collect();
    let lost = |s: u8| seen.figures_lost(Side(s));
    let caption = Scene::caption_for(
        &seen,
        figures_lost_line(seen.clock.turn, &f.side_names, [lost(0), lost(1)]),
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
