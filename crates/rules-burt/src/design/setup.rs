//! The state a scenario starts from, and the built-in battle.

use crate::scenario::{Scenario, SideSpec, TableSize, UnitSpec};
use crate::state::{Army, Chit, Field, Formation, Marks, Order, State, Status, Troop, Unit};
use crate::tables::{Class, Tables, Weapon};
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::Side;
use grognard_geometry::shape::ShapeSpec;
use grognard_geometry::{Pose, Vec2};
use std::sync::Arc;

/// Figures of a unit when the scenario gives none.
pub fn default_figures(troop: Troop) -> u32 {
    match troop {
        Troop::Infantry => 24,
        Troop::Skirmishers => 8,
        Troop::HeavyCavalry | Troop::LightCavalry => 15,
        _ => 1,
    }
}

pub fn start(s: &Scenario) -> State {
    let mut units = Vec::new();
    let mut names = Vec::new();
    let tables = &s.tables;
    for (i, side) in s.sides.iter().enumerate() {
        for spec in &side.units {
            let troop = spec.troop;
            let guns = if troop.arm() == crate::state::Arm::Artillery {
                spec.guns.unwrap_or(4)
            } else {
                0
            };
            let calibre = spec.calibre.or(if guns > 0 {
                Some(crate::state::Calibre::P6)
            } else {
                None
            });
            let figures = match calibre {
                Some(c) if guns > 0 => guns * c.crew(tables),
                _ => spec.figures.unwrap_or(default_figures(troop)),
            };
            let weapon = spec.weapon.or(match troop {
                Troop::Infantry | Troop::Skirmishers => Some(Weapon::Musket),
                _ => None,
            });
            let formation = spec.formation.unwrap_or(match troop {
                Troop::Skirmishers => Formation::Open,
                _ => Formation::Line,
            });
            let order = spec.order.unwrap_or(Order::Manoeuvre);
            units.push(Unit {
                id: units.len() as u16,
                side: Side(i as u8),
                troop,
                class: spec.class.unwrap_or(Class::C),
                weapon,
                calibre: if guns > 0 { calibre } else { None },
                armoured: spec.armoured,
                lancers: spec.lancers,
                brigade: spec.brigade,
                figures,
                start_figures: figures,
                guns,
                start_guns: guns,
                formation,
                pose: Pose::new(spec.at[0], spec.at[1], spec.at[2].to_radians()),
                cohesion: if troop.never_formed() {
                    crate::state::Cohesion::Unformed
                } else {
                    crate::state::Cohesion::Formed
                },
                status: Status::Steady,
                chit: if troop.needs_orders() {
                    Chit::Secret(order)
                } else {
                    Chit::None
                },
                left_reserve: order != Order::Reserve,
                fired_today: false,
                retreat_due: false,
                with: None,
                marks: Marks::default(),
                gone: false,
            });
            names.push(spec.name.clone());
        }
    }
    let mean_y = |side: u8| {
        let ys: Vec<f64> = units
            .iter()
            .filter(|u| u.side == Side(side))
            .map(|u| u.pose.pos.y)
            .collect();
        ys.iter().sum::<f64>() / ys.len().max(1) as f64
    };
    let south = Vec2::new(0.0, -1.0);
    let home = if mean_y(0) <= mean_y(1) {
        [south, -south]
    } else {
        [-south, south]
    };
    let armies = [0, 1].map(|i: usize| {
        let troops = units
            .iter()
            .filter(|u| u.side == Side(i as u8) && u.fights())
            .count() as i32;
        let m = s.sides[i].army_morale.unwrap_or(troops);
        Army {
            morale: Some(m),
            start: Some(m),
            demoralised: false,
        }
    });
    State::new(
        Arc::new(Field {
            name: s.name.clone(),
            width: s.table.width,
            depth: s.table.depth,
            side_names: [s.sides[0].name.clone(), s.sides[1].name.clone()],
            names,
            terrain: s.terrain.clone(),
            tables: s.tables.clone(),
            turns: s.turns,
            home,
        }),
        units,
        armies,
    )
}

#[allow(clippy::too_many_arguments)]
fn unit(
    name: &str,
    troop: Troop,
    x: f64,
    y: f64,
    facing: f64,
    brigade: u8,
    class: Class,
    order: Order,
) -> UnitSpec {
    UnitSpec {
        name: name.to_string(),
        troop,
        at: [x, y, facing],
        figures: None,
        class: Some(class),
        weapon: None,
        calibre: None,
        guns: None,
        armoured: false,
        lancers: false,
        brigade,
        formation: None,
        order: troop.needs_orders().then_some(order),
    }
}

fn feature(kind: TerrainKind, spec: ShapeSpec) -> Feature {
    Feature::new(kind, spec)
}

/// The built-in battle: a French division of two brigades, a cavalry brigade and a
/// battery meets an allied one of the same shape across a stream with a ford and a farm
/// (the project's own, ruling R28; the book has no scenario).
pub fn built_in() -> Scenario {
    use Order::{Fire, Manoeuvre, Reserve};
    use Troop::*;
    let n = 90.0;
    let s = 270.0;
    let mut french = vec![
        unit(
            "1/8e Ligne",
            Infantry,
            26.0,
            10.0,
            n,
            1,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "2/8e Ligne",
            Infantry,
            34.0,
            10.0,
            n,
            1,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "8e Ligne eagle",
            CommandElement,
            30.0,
            8.0,
            n,
            1,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "1/24e Leger",
            Infantry,
            42.0,
            10.0,
            n,
            2,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "2/24e Leger",
            Infantry,
            50.0,
            10.0,
            n,
            2,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "24e Leger eagle",
            CommandElement,
            46.0,
            8.0,
            n,
            2,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "Voltigeurs",
            Skirmishers,
            38.0,
            16.0,
            n,
            0,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "5e Hussards",
            LightCavalry,
            12.0,
            8.0,
            n,
            3,
            Class::C,
            Reserve,
        ),
        unit(
            "10e Chasseurs",
            LightCavalry,
            62.0,
            8.0,
            n,
            3,
            Class::C,
            Reserve,
        ),
        unit(
            "Cavalry brigade staff",
            CommandElement,
            14.0,
            4.0,
            n,
            3,
            Class::C,
            Manoeuvre,
        ),
        unit("Foot battery", FootGuns, 38.0, 6.0, n, 0, Class::C, Fire),
        unit(
            "General of division",
            CommanderInChief,
            38.0,
            2.5,
            n,
            0,
            Class::C,
            Manoeuvre,
        ),
    ];
    french[7].weapon = Some(Weapon::Carbine);
    french[8].weapon = Some(Weapon::Carbine);
    for i in [0, 1, 3, 4] {
        french[i].formation = Some(Formation::Column);
    }
    let mut allies = vec![
        unit(
            "1/52nd Foot",
            Infantry,
            26.0,
            38.0,
            s,
            1,
            Class::B,
            Manoeuvre,
        ),
        unit(
            "1/43rd Foot",
            Infantry,
            34.0,
            38.0,
            s,
            1,
            Class::B,
            Manoeuvre,
        ),
        unit(
            "Light brigade colours",
            CommandElement,
            30.0,
            40.0,
            s,
            1,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "1st Line KGL",
            Infantry,
            42.0,
            38.0,
            s,
            2,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "2nd Line KGL",
            Infantry,
            50.0,
            38.0,
            s,
            2,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "KGL brigade colours",
            CommandElement,
            46.0,
            40.0,
            s,
            2,
            Class::C,
            Manoeuvre,
        ),
        unit(
            "95th Rifles",
            Skirmishers,
            38.0,
            32.0,
            s,
            0,
            Class::B,
            Manoeuvre,
        ),
        unit(
            "23rd Light Dragoons",
            LightCavalry,
            12.0,
            40.0,
            s,
            3,
            Class::C,
            Reserve,
        ),
        unit(
            "1st Hussars KGL",
            LightCavalry,
            62.0,
            40.0,
            s,
            3,
            Class::B,
            Reserve,
        ),
        unit(
            "Cavalry brigade staff",
            CommandElement,
            14.0,
            44.0,
            s,
            3,
            Class::C,
            Manoeuvre,
        ),
        unit("Troop RHA", HorseGuns, 38.0, 42.0, s, 0, Class::C, Fire),
        unit(
            "General commanding",
            CommanderInChief,
            38.0,
            45.5,
            s,
            0,
            Class::C,
            Manoeuvre,
        ),
    ];
    allies[6].weapon = Some(Weapon::Rifle);
    allies[7].weapon = Some(Weapon::Carbine);
    allies[8].weapon = Some(Weapon::Carbine);
    for i in [0, 1] {
        allies[i].figures = Some(26);
    }
    Scenario {
        rules: Some("burt".into()),
        name: "An encounter on the Coa".into(),
        table: TableSize::default(),
        turns: 12,
        sides: [
            SideSpec {
                name: "French".into(),
                army_morale: None,
                units: french,
            },
            SideSpec {
                name: "Allies".into(),
                army_morale: None,
                units: allies,
            },
        ],
        terrain: vec![
            feature(
                TerrainKind::Stream,
                ShapeSpec::Band {
                    points: vec![[0.0, 25.0], [30.0, 23.0], [50.0, 26.0], [72.0, 24.0]],
                    width: 1.0,
                },
            ),
            feature(
                TerrainKind::Ford,
                ShapeSpec::Rect {
                    centre: [38.0, 24.0],
                    width: 6.0,
                    height: 3.0,
                    angle: 0.0,
                },
            ),
            feature(
                TerrainKind::LightWood,
                ShapeSpec::Rect {
                    centre: [60.0, 30.0],
                    width: 8.0,
                    height: 6.0,
                    angle: 0.0,
                },
            ),
            feature(
                TerrainKind::Town,
                ShapeSpec::Rect {
                    centre: [18.0, 30.0],
                    width: 5.0,
                    height: 4.0,
                    angle: 0.0,
                },
            ),
            feature(
                TerrainKind::Hedge,
                ShapeSpec::Band {
                    points: vec![[22.0, 17.0], [32.0, 17.0]],
                    width: 0.3,
                },
            ),
        ],
        tables: Tables::default(),
    }
}

/// A battle of `n` battalions a side in brigades of two, for measuring how time grows with
/// size: two lines facing each other across a table widened to fit them.
pub fn large(n: usize) -> Scenario {
    let mut s = built_in();
    s.terrain.clear();
    let width = (n as f64 * 9.0 + 20.0).max(72.0);
    s.table = TableSize { width, depth: 48.0 };
    s.name = format!("{n} battalions a side");
    for (i, side) in s.sides.iter_mut().enumerate() {
        let (y, facing, ce_y) = if i == 0 {
            (10.0, 90.0, 8.0)
        } else {
            (38.0, 270.0, 40.0)
        };
        let mut units = Vec::new();
        for b in 0..n {
            let x = 10.0 + b as f64 * 9.0;
            let brigade = (b / 2 + 1).min(250) as u8;
            units.push(unit(
                &format!("Battalion {}", b + 1),
                Troop::Infantry,
                x,
                y,
                facing,
                brigade,
                Class::C,
                Order::Manoeuvre,
            ));
            if b % 2 == 1 {
                units.push(unit(
                    &format!("Brigade {brigade} command"),
                    Troop::CommandElement,
                    x - 4.5,
                    ce_y,
                    facing,
                    brigade,
                    Class::C,
                    Order::Manoeuvre,
                ));
            }
        }
        side.units = units;
    }
    s
}
