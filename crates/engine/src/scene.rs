//! A drawable description of a battle at one moment, produced by a rule set and rendered by
//! the command line (or a browser) without knowing any rule.

use crate::terrain::Feature;
use crate::Side;
use grognard_geometry::Pose;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneBase {
    /// The unit's number in its book (what [`crate::book::Book::order_unit`] names).
    #[serde(default)]
    pub id: u32,
    /// The unit's full name ("6th Ligne"), for a reader looking for it.
    #[serde(default)]
    pub name: String,
    pub side: Side,
    pub pose: Pose,
    pub width: f64,
    pub depth: f64,
    /// Short label drawn on the base.
    pub label: String,
    /// Kind of troops, for the symbol: "infantry", "cavalry", "artillery", "hq".
    pub arm: String,
    /// Status marker text, if any ("pinned", "disrupted").
    pub marker: Option<String>,
    /// The stands of a unit made of several, each with its figures; empty for a unit of
    /// one base.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stands: Vec<SceneStand>,
}

/// One stand of a unit of several, for pictures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SceneStand {
    pub pose: Pose,
    pub width: f64,
    pub depth: f64,
    /// Figures on the stand.
    pub figures: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScenePoint {
    pub side: Side,
    pub x: f64,
    pub y: f64,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scene {
    pub title: String,
    pub width: f64,
    pub depth: f64,
    pub side_names: [String; 2],
    pub terrain: Vec<Feature>,
    pub bases: Vec<SceneBase>,
    pub points: Vec<ScenePoint>,
    pub caption: Vec<String>,
}

impl Scene {
    /// A scene's caption: the book's own line for the moment, then how the battle ended,
    /// once it has.
    pub fn caption_for(state: &impl crate::Battle, line: String) -> Vec<String> {
        let mut caption = vec![line];
        if let Some(o) = state.outcome() {
            caption.push(o.reason.clone());
        }
        caption
    }
}

/// The caption's line for books that count figures: the turn, and each side's figures lost
/// of those it had.
pub fn figures_lost_line(turn: u32, names: &[String; 2], lost: [(u32, u32); 2]) -> String {
    format!(
        "Turn {turn}. Figures lost: {} {} of {}, {} {} of {}.",
        names[0], lost[0].0, lost[0].1, names[1], lost[1].0, lost[1].1
    )
}

/// A unit's name cut to fit beside its base: its first word, at most ten letters.
pub fn short_label(name: &str) -> String {
    name.split_whitespace()
        .next()
        .unwrap_or(name)
        .chars()
        .take(10)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::Clock;
    use crate::Outcome;

    struct Ended(Clock, Option<Outcome>);

    impl crate::Battle for Ended {
        fn clock(&self) -> &Clock {
            &self.0
        }
        fn outcome(&self) -> Option<&Outcome> {
            self.1.as_ref()
        }
        fn side_name(&self, side: Side) -> &str {
            ["Blue", "Red"][side.index()]
        }
    }

    #[test]
    fn a_caption_tells_how_the_battle_ended_once_it_has() {
        let clock = Clock {
            turn: 3,
            phase: 0,
            first: Side(0),
        };
        let line = || figures_lost_line(3, &["Blue".into(), "Red".into()], [(2, 40), (5, 36)]);
        assert_eq!(
            Scene::caption_for(&Ended(clock, None), line()),
            vec!["Turn 3. Figures lost: Blue 2 of 40, Red 5 of 36.".to_string()]
        );
        let over = Outcome {
            winner: Some(Side(0)),
            result: "field_held".into(),
            reason: "the Red have no unit left in order".into(),
        };
        let caption = Scene::caption_for(&Ended(clock, Some(over)), line());
        assert_eq!(caption.len(), 2);
        assert_eq!(caption[1], "the Red have no unit left in order");
    }

    #[test]
    fn a_label_is_the_first_word_cut_to_ten_letters() {
        assert_eq!(short_label("1/8e Ligne"), "1/8e");
        assert_eq!(short_label("Chasseurs-a-cheval de la Garde"), "Chasseurs-");
        assert_eq!(short_label(""), "");
    }
}
