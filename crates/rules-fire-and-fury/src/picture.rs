//! What the battle looks like, for pictures: each brigade's stands in its formation, each
//! battery with its guns, each leader with his rank; Disorder, effectiveness, square,
//! a Reserve Movement used and the marks of a charge (design 5.8).

use crate::facts::Condition;
use crate::scenario::Rank;
use crate::state::{State, What};
use grognard_engine::scene::{short_label, Scene, SceneBase, SceneStand};
use grognard_engine::Side;

fn rating_letter(r: crate::tables::Rating) -> &'static str {
    match r {
        crate::tables::Rating::Conscript => "C",
        crate::tables::Rating::Regular => "R",
        crate::tables::Rating::Elite => "E",
    }
}

/// The table as everyone sees it: the module hides nothing.
pub fn scene(state: &State) -> Scene {
    let f = &state.field;
    let bases = state
        .on_table()
        // A company with a brigade is shown as the brigade's mark.
        .filter(|u| u.company().is_none_or(|c| c.attached.is_none()))
        .map(|u| {
            let fp = u.footprint();
            let mut marks: Vec<String> = Vec::new();
            let (arm, label, figures) = match &u.what {
                What::Brigade(b) => {
                    if b.irregular {
                        marks.push("irregular (always Disordered)".into());
                    } else if b.disordered {
                        marks.push("Disordered".into());
                    }
                    match b.condition {
                        Condition::Fresh => marks.push("Fresh".into()),
                        Condition::Worn => marks.push("Worn".into()),
                        Condition::Spent => marks.push("Spent".into()),
                    }
                    if b.formation == crate::facts::Formation::Square {
                        marks.push("square".into());
                    }
                    if b.marks.used_rm {
                        marks.push("used Reserve Movement".into());
                    }
                    if b.marks.charging.is_some() {
                        marks.push("charging".into());
                    }
                    let mut tags = rating_letter(b.rating).to_string();
                    if !b.cavalry {
                        tags.push(match b.class {
                            crate::facts::InfantryClass::Linear => 'L',
                            crate::facts::InfantryClass::Columnar => 'C',
                            crate::facts::InfantryClass::Impulse => 'I',
                        });
                    }
                    if b.armoured {
                        tags.push_str(" armoured");
                    } else if b.heavy {
                        tags.push_str(" heavy");
                    }
                    if b.lance {
                        tags.push_str(" lancers");
                    }
                    if b.old_guard {
                        tags.push_str(" Old Guard");
                    }
                    if b.engineers.is_some() {
                        marks.push("with engineers".into());
                    }
                    (
                        if b.cavalry { "cavalry" } else { "infantry" },
                        format!("{} {} {}", short_label(state.name(u.id)), b.stands(), tags),
                        if b.cavalry { 2 } else { 4 },
                    )
                }
                What::Battery(b) => {
                    marks.push(if b.limbered { "limbered" } else { "unlimbered" }.into());
                    if b.silenced > 0 {
                        marks.push("out of action".into());
                    }
                    (
                        "artillery",
                        format!("{} {} guns", short_label(state.name(u.id)), b.guns),
                        1,
                    )
                }
                What::Company(c) => {
                    if c.guard {
                        marks.push("Guard engineers".into());
                    }
                    (
                        "engineers",
                        format!("{} Eng", short_label(state.name(u.id))),
                        2,
                    )
                }
                What::Leader(l) => {
                    if l.attached.is_some() {
                        marks.push("attached".into());
                    }
                    if l.charismatic {
                        marks.push("charismatic".into());
                    }
                    let figures = match l.rank {
                        Rank::Army => 4,
                        Rank::Corps => 3,
                        Rank::Division => 2,
                        Rank::ArtilleryCommander | Rank::Adc => 1,
                    };
                    ("hq", short_label(state.name(u.id)), figures)
                }
            };
            let stands = u
                .stand_bases()
                .iter()
                .map(|s| SceneStand {
                    pose: s.pose,
                    width: s.width,
                    depth: s.depth,
                    figures,
                })
                .collect();
            SceneBase {
                id: u32::from(u.id),
                name: state.name(u.id).to_string(),
                side: u.side,
                pose: u.pose,
                width: fp.width,
                depth: fp.depth,
                label,
                arm: arm.to_string(),
                marker: (!marks.is_empty()).then(|| marks.join(", ")),
                stands,
            }
        })
        .collect();
    let lost = |s: u8| state.stands_lost(Side(s));
    let (a, b) = (lost(0), lost(1));
    let ours = state
        .tables()
        .provenances()
        .iter()
        .all(|(_, p)| *p == crate::tables::OURS);
    let tables = if ours {
        "Results read from Grognard's tables, not the published ones.".to_string()
    } else {
        let mut named: Vec<&str> = state
            .tables()
            .provenances()
            .iter()
            .map(|(_, p)| *p)
            .collect();
        named.dedup();
        format!("Tables: {}.", named.join("; "))
    };
    let line = format!(
        "Turn {}: stands lost, {} {} of {}, {} {} of {}. {tables}",
        state.clock.turn, f.side_names[0], a.0, a.1, f.side_names[1], b.0, b.1
    );
    Scene {
        title: f.name.clone(),
        width: f.width,
        depth: f.depth,
        side_names: f.side_names.clone(),
        terrain: f.terrain.clone(),
        bases,
        points: Vec::new(),
        caption: Scene::caption_for(state, line),
    }
}
