//! The state a scenario starts from, and the built-in battle.

use crate::scenario::{Scenario, SideSpec, TableSize, UnitSpec};
use crate::state::{Done, Field, Order, State, Status, Troop, Unit};
use crate::tables::{Control, Tables};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::Side;
use grognard_geometry::shape::ShapeSpec;
use grognard_geometry::Pose;

pub fn start(s: &Scenario) -> State {
    let mut units = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        for u in &side.units {
            let figures = u.figures.unwrap_or(u.troop.full());
            units.push(Unit {
                id: units.len() as u16,
                side: Side(i as u8),
                name: u.name.clone(),
                troop: u.troop,
                figures,
                start_figures: figures,
                order: u.order,
                pose: Pose::new(u.at[0], u.at[1], u.at[2].to_radians()),
                status: Status::Effective,
                disrupted_until: None,
                done: Done::default(),
                gun_moved: false,
                control: u.control,
                green: u.green,
                halved: false,
                assaulted: false,
                ready_turn: 0,
                gone: false,
            });
        }
    }
    State::new(
        Field {
            name: s.name.clone(),
            width: s.table.width,
            depth: s.table.depth,
            side_names: [s.sides[0].name.clone(), s.sides[1].name.clone()],
            terrain: s.terrain.clone(),
            tables: s.tables.clone(),
            turns: s.turns,
            control: s.control,
        },
        units,
        Clock::new(Side(s.first.min(1))),
    )
}

fn unit(name: &str, troop: Troop, x: f64, y: f64, facing: f64, order: Order) -> UnitSpec {
    UnitSpec {
        name: name.to_string(),
        troop,
        at: [x, y, facing],
        order,
        figures: None,
        control: Control::A,
        green: false,
    }
}

fn area(kind: TerrainKind, name: &str, spec: ShapeSpec) -> Feature {
    let mut f = Feature::new(kind, spec);
    f.name = Some(name.to_string());
    f
}

/// The built-in battle: two small corps of the book's scale ("B&P Introduction": a game
/// between two corps) meet across a stream, with a wooded hill and a road; the project's
/// own (ruling B14), since the book has no scenario.
pub fn built_in() -> Scenario {
    use Order::*;
    use Troop::*;
    let (n, s) = (90.0, 270.0);
    let french = vec![
        unit("1/21e Ligne", LineInfantry, 24.0, 10.0, n, Column),
        unit("2/21e Ligne", LineInfantry, 30.0, 10.0, n, Column),
        unit("1/46e Ligne", LineInfantry, 38.0, 10.0, n, Column),
        unit("2/46e Ligne", LineInfantry, 44.0, 10.0, n, Column),
        unit("3/46e Ligne", LineInfantry, 50.0, 10.0, n, Skirmish),
        unit("1/3e Grenadiers", GuardInfantry, 36.0, 5.0, n, Column),
        unit("5e Hussards", LightCavalry, 14.0, 8.0, n, Column),
        unit("10e Cuirassiers", HeavyCavalry, 58.0, 6.0, n, Column),
        unit("6/1er d'Artillerie", FootArtillery, 34.0, 13.0, n, Line),
        unit(
            "2/5e d'Artillerie à cheval",
            HorseArtillery,
            52.0,
            13.0,
            n,
            Line,
        ),
        unit("General Morand", Commander, 36.0, 8.0, n, Line),
    ];
    let austrians = vec![
        unit(
            "I/IR 4 Hoch- und Deutschmeister",
            LineInfantry,
            24.0,
            38.0,
            s,
            Line,
        ),
        unit(
            "II/IR 4 Hoch- und Deutschmeister",
            LineInfantry,
            32.0,
            38.0,
            s,
            Line,
        ),
        unit("I/IR 49 Kerpen", LineInfantry, 40.0, 38.0, s, Line),
        unit("II/IR 49 Kerpen", LineInfantry, 48.0, 38.0, s, Line),
        unit("I/Grenz IR 5", LineInfantry, 36.0, 33.0, s, Skirmish),
        unit("Grenadier Bn Scovaud", GuardInfantry, 36.0, 43.0, s, Column),
        unit("Chevaulegers Nr. 3", LightCavalry, 14.0, 40.0, s, Column),
        unit("Kürassiere Nr. 4", HeavyCavalry, 58.0, 42.0, s, Column),
        unit("Fußbatterie 6 pdr", FootArtillery, 28.0, 35.0, s, Line),
        unit("Fußbatterie 12 pdr", FootArtillery, 44.0, 35.0, s, Line),
        unit("FML Hohenzollern", Commander, 36.0, 40.0, s, Line),
    ];
    Scenario {
        rules: Some("beer-and-pretzel".into()),
        name: "A corps battle on the Vils".into(),
        table: TableSize::default(),
        turns: 12,
        control: false,
        first: 0,
        sides: [
            SideSpec {
                name: "French".into(),
                units: french,
            },
            SideSpec {
                name: "Austrians".into(),
                units: austrians,
            },
        ],
        terrain: vec![
            area(
                TerrainKind::Stream,
                "the Vils",
                ShapeSpec::Band {
                    points: vec![[0.0, 22.0], [30.0, 24.0], [72.0, 21.0]],
                    width: 1.0,
                },
            ),
            area(
                TerrainKind::Road,
                "the Landshut road",
                ShapeSpec::Band {
                    points: vec![[36.0, 0.0], [36.0, 48.0]],
                    width: 1.0,
                },
            ),
            {
                let mut hill = area(
                    TerrainKind::Hill,
                    "the Kirchberg",
                    ShapeSpec::Circle {
                        centre: [60.0, 30.0],
                        radius: 6.0,
                    },
                );
                hill.elevation = 1;
                hill
            },
            area(
                TerrainKind::LightWood,
                "the Eichholz",
                ShapeSpec::Circle {
                    centre: [12.0, 28.0],
                    radius: 4.0,
                },
            ),
        ],
        tables: Tables::default(),
    }
}

/// A battle of `n` units a side for measuring how play grows with size: each side in two
/// lines facing the other across an open table as wide as its front needs, three units in
/// five infantry, one cavalry, one a battery, with a command figure for every ten.
pub fn large(n: usize) -> Scenario {
    use Order::*;
    use Troop::*;
    // A larger battle is a longer front, not a deeper one: the density of troops, and so
    // what each unit has near it, stays the same.
    let lines = 2;
    let per_line = n.div_ceil(lines).max(1);
    let width = (per_line as f64 * 6.0 + 12.0).max(72.0);
    let depth = (2.0 * (4.0 + 5.0 * lines as f64) + 20.0).max(48.0);
    let side = |s: usize| {
        let front = 4.0 + 5.0 * lines as f64;
        let (y0, facing, step) = if s == 0 {
            (front, 90.0, -5.0)
        } else {
            (depth - front, 270.0, 5.0)
        };
        let mut units: Vec<UnitSpec> = (0..n)
            .map(|i| {
                let (line, slot) = (i / per_line, i % per_line);
                let x = 9.0 + slot as f64 * 6.0;
                let y = y0 + line as f64 * step;
                let (troop, order) = match i % 5 {
                    3 => (LightCavalry, Column),
                    4 => (FootArtillery, Line),
                    _ => (LineInfantry, Column),
                };
                unit(
                    &format!("{} {}", ["Blue", "Red"][s], i + 1),
                    troop,
                    x,
                    y,
                    facing,
                    order,
                )
            })
            .collect();
        let generals = n.div_ceil(10);
        for c in 0..generals {
            let x = 9.0 + (c as f64 + 0.5) * per_line as f64 * 6.0 / generals as f64;
            units.push(unit(
                &format!("{} general {}", ["Blue", "Red"][s], c + 1),
                Commander,
                x,
                y0 + step * 0.5,
                facing,
                Line,
            ));
        }
        SideSpec {
            name: ["Blue", "Red"][s].into(),
            units,
        }
    };
    Scenario {
        rules: Some("beer-and-pretzel".into()),
        name: format!("{n} units a side"),
        table: TableSize { width, depth },
        turns: 12,
        control: false,
        first: 0,
        sides: [side(0), side(1)],
        terrain: Vec::new(),
        tables: Tables::default(),
    }
}
