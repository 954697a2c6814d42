//! A battle set up from a scenario: every leader, brigade and battery given its id, its
//! place and what it is; and the built-in battle.

use super::derive;
use crate::facts::Condition;
use crate::scenario::Scenario;
use crate::state::{Battery, Brigade, Company, Field, Leader, Marks, State, Unit, UnitId, What};
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
                    engineers: None,
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
        // Companies of engineers: those the brigades name, then those listed.
        let brigade_id = |name: &str| -> Option<UnitId> {
            side_spec
                .brigades
                .iter()
                .position(|b| b.name == name)
                .map(|at| (first + side_spec.leaders.len() + at) as UnitId)
        };
        let mut companies: Vec<(String, UnitId, bool, Option<UnitId>, Pose)> = Vec::new();
        for b in side_spec.brigades.iter().filter(|b| b.engineers) {
            let with = brigade_id(&b.name);
            companies.push((
                format!("{}'s engineers", b.name),
                id_of(&b.commander),
                b.guard.is_some(),
                with,
                pose(b.at),
            ));
        }
        for e in &side_spec.engineers {
            let with = e.with.as_deref().and_then(brigade_id);
            let at = match (e.at, with) {
                (Some(at), _) => pose(at),
                (None, Some(b)) => units[usize::from(b)].pose,
                (None, None) => Pose::new(0.0, 0.0, 0.0),
            };
            companies.push((e.name.clone(), id_of(&e.commander), e.guard, with, at));
        }
        for (name, commander, guard, with, at) in companies {
            let id = units.len() as UnitId;
            if let Some(b) = with {
                if let What::Brigade(x) = &mut units[usize::from(b)].what {
                    x.engineers = Some(id);
                }
            }
            names.push(name);
            units.push(Unit {
                id,
                side,
                pose: at,
                gone: false,
                what: What::Company(Company {
                    commander,
                    guard,
                    attached: with,
                    functions: 0,
                    used_rm: false,
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

/// A battle of `n` brigades a side for measuring how the time of a turn grows with the
/// armies: Quatre Bras's armies and rules on an open table as wide as the line, each side
/// one line of six-stand infantry brigades in Double Echelon eight inches apart, a division
/// commander and a foot battery for every four brigades, the army commander behind the
/// middle. Every unit stands on the table and none on another (checked by the tests).
pub fn large(n: usize) -> Scenario {
    use crate::scenario::{BatterySpec, BrigadeSpec, LeaderSpec, Rank, StandKind, StandSpec};
    let mut s = built_in();
    s.terrain.clear();
    let width = (n as f64 * 8.0 + 16.0).max(60.0);
    s.table.width = width;
    s.table.depth = 48.0;
    s.name = format!("{n} brigades a side");
    for (i, side) in s.sides.iter_mut().enumerate() {
        let (line, rear, facing) = if i == 0 {
            (12.0, 4.0, 90.0)
        } else {
            (36.0, 44.0, 270.0)
        };
        let army = side.leaders[0].name.clone();
        let rating = side.brigades[0].stands[0].rating;
        let quality = side
            .batteries
            .first()
            .map(|b| b.quality)
            .unwrap_or_default();
        side.leaders = vec![LeaderSpec {
            name: army.clone(),
            rank: Rank::Army,
            superior: None,
            charismatic: false,
            grand_battery: false,
            at: [width / 2.0, rear, facing],
        }];
        side.brigades.clear();
        side.batteries.clear();
        side.engineers.clear();
        for b in 0..n {
            let x = 12.0 + b as f64 * 8.0;
            let division = format!("Division {}", b / 4 + 1);
            if b % 4 == 0 {
                side.leaders.push(LeaderSpec {
                    name: division.clone(),
                    rank: Rank::Division,
                    superior: Some(army.clone()),
                    charismatic: false,
                    grand_battery: false,
                    at: [x + 12.0, rear, facing],
                });
                side.batteries.push(BatterySpec {
                    name: format!("{division}'s battery"),
                    commander: division.clone(),
                    guns: 8,
                    weight: crate::tables::Weight::Medium,
                    horse: false,
                    quality,
                    limbered: false,
                    at: [x + 4.0, line, facing],
                });
            }
            side.brigades.push(BrigadeSpec {
                name: format!("Brigade {}", b + 1),
                commander: division,
                stands: vec![StandSpec {
                    kind: StandKind::Infantry,
                    count: 6,
                    rating,
                    armoured: false,
                    lance: false,
                    old_guard: false,
                }],
                at: [x, line, facing],
                formation: crate::facts::Formation::DoubleEchelon,
                class: None,
                skirmish: None,
                irregular: false,
                two_rank: None,
                guard: None,
                davout_1812: false,
                engineers: false,
                band: false,
            });
        }
    }
    s
}
