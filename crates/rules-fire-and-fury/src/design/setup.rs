//! A battle set up from a scenario: every leader, brigade and battery given its id, its
//! place and what it is; and the built-in battle.

use super::derive;
use crate::facts::Condition;
use crate::scenario::Scenario;
use crate::state::{Battery, Brigade, Field, Leader, Marks, State, Unit, UnitId, What};
use crate::tables::Tables;
use grognard_engine::Side;
use grognard_geometry::Pose;
use std::sync::Arc;

/// The built-in battle: Quatre Bras, 16 June 1815, the example scenario.
const BUILT_IN: &str = include_str!("../../../../scenarios/fire-and-fury/quatre-bras-1815.toml");

pub fn built_in() -> Scenario {
    // Read once a process: a batch would otherwise read the file again for every battle.
    static BUILT: std::sync::OnceLock<Scenario> = std::sync::OnceLock::new();
    BUILT
        .get_or_init(
            || match super::validate::load("quatre-bras-1815.toml", BUILT_IN) {
                Ok(s) => s,
                // The built-in battle is checked by the crate's tests.
                Err(e) => panic!("the built-in battle does not read: {e:?}"),
            },
        )
        .clone()
}

fn pose([x, y, facing]: [f64; 3]) -> Pose {
    Pose::new(x, y, facing.to_radians())
}

/// The battle at its start. The scenario is taken as checked: names it refers to exist.
pub fn start(s: &Scenario) -> State {
    let tables = match &s.tables {
        Some(given) => given.clone().over(Tables::default()),
        None => Tables::default(),
    };
    let mut units = Vec::new();
    let mut names = Vec::new();
    for (i, side_spec) in s.sides.iter().enumerate() {
        let side = Side(i as u8);
        let first = units.len();
        let id_of = |name: &str| -> UnitId {
            let at = side_spec
                .leaders
                .iter()
                .position(|l| l.name == name)
                .unwrap_or(0);
            (first + at) as UnitId
        };
        for l in &side_spec.leaders {
            names.push(l.name.clone());
            units.push(Unit {
                id: units.len() as UnitId,
                side,
                pose: pose(l.at),
                gone: false,
                what: What::Leader(Leader {
                    rank: l.rank,
                    superior: l.superior.as_deref().map(id_of),
                    charismatic: l.charismatic,
                    attached: None,
                    moved: 0.0,
                    grand_battery: l.grand_battery
                        || l.rank == crate::scenario::Rank::ArtilleryCommander,
                    commands_battery: None,
                    replacement: false,
                }),
            });
        }
        for b in &side_spec.brigades {
            let d = derive::brigade(&tables, side_spec.nation, s.year, b);
            let horse: u32 = b
                .stands
                .iter()
                .filter(|x| x.kind.cavalry())
                .map(|x| x.count)
                .sum();
            names.push(b.name.clone());
            units.push(Unit {
                id: units.len() as UnitId,
                side,
                pose: pose(b.at),
                gone: false,
                what: What::Brigade(Brigade {
                    commander: id_of(&b.commander),
                    foot: d.stands - horse,
                    horse,
                    start_stands: d.stands,
                    cavalry: d.arm.cavalry(),
                    mixed: matches!(d.arm, derive::BrigadeArm::Mixed { .. }),
                    rating: d.rating,
                    heavy: d.heavy,
                    armoured: d.armoured,
                    lance: d.lance,
                    class: d.class,
                    skirmish: d.skirmish,
                    two_rank: d.two_rank,
                    old_guard: d.old_guard,
                    irregular: b.irregular,
                    engineers: b.engineers,
                    band: b.band && s.options.guard_band,
                    formation: b.formation,
                    squared_from: b.formation,
                    disordered: b.irregular,
                    condition: Condition::Fresh,
                    marks: Marks::default(),
                }),
            });
        }
        for b in &side_spec.batteries {
            names.push(b.name.clone());
            units.push(Unit {
                id: units.len() as UnitId,
                side,
                pose: pose(b.at),
                gone: false,
                what: What::Battery(Battery {
                    commander: id_of(&b.commander),
                    guns: b.guns,
                    weight: b.weight,
                    horse: b.horse,
                    quality: b.quality,
                    limbered: b.limbered,
                    functions: 0,
                    silenced: 0,
                    fired: false,
                    fired_early: false,
                    used_rm: false,
                    fought: false,
                    grand_battery: None,
                }),
            });
        }
    }
    let field = Field {
        name: s.name.clone(),
        width: s.table.width,
        depth: s.table.depth,
        year: s.year,
        turns: s.turns,
        set_battle: s.set_battle,
        options: s.options,
        side_names: [s.sides[0].name.clone(), s.sides[1].name.clone()],
        nations: [s.sides[0].nation, s.sides[1].nation],
        commanders: [s.sides[0].commander, s.sides[1].commander],
        names,
        terrain: s.terrain.clone(),
        tables,
    };
    State::new(Arc::new(field), units)
}
