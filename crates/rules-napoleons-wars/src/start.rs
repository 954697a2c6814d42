//! The first state of a battle, made from its (already checked) scenario.

use crate::scenario::Scenario;
use crate::state::{Field, Pending, Place, Role, State, Unit, UnitId};
use grognard_engine::sequence::Clock;
use grognard_engine::Side;
use std::sync::Arc;

/// Build the first state of a scenario (already checked).
pub fn start(scenario: &Scenario) -> State {
    let mut units: Vec<Unit> = Vec::new();
    let mut infos = Vec::new();
    for (si, spec) in scenario.sides.iter().enumerate().take(2) {
        let side = Side(si as u8);
        let army = &spec.army;
        let place_of = |name: &str| spec.deploy.iter().find(|p| p.unit == name);
        let push =
            |label: String, role: Role, command: Option<u8>, sp: u32, units: &mut Vec<Unit>| {
                let p = place_of(&label);
                let (pose, place) = match p {
                    Some(p) => (
                        grognard_geometry::Pose::new(p.at[0], p.at[1], p.at[2].to_radians()),
                        if p.turn <= 1 {
                            Place::Table
                        } else {
                            Place::Waiting(p.turn)
                        },
                    ),
                    None => (grognard_geometry::Pose::default(), Place::Waiting(u32::MAX)),
                };
                let id = units.len() as UnitId;
                units.push(Unit {
                    id,
                    side,
                    label,
                    role,
                    command,
                    pose,
                    place,
                    sp,
                    disordered: false,
                    routed: false,
                    suppressed: false,
                    fired: false,
                    fired_in_own_phase: false,
                    moved: false,
                    road_moved: false,
                    lost_in_fire: false,
                    arrived: false,
                    shifted: false,
                    reacted: false,
                    countercharged: false,
                    attached: None,
                    open_to_skirmish: 0,
                });
                id
            };
        let cinc = push(army.cinc.name.clone(), Role::Cinc, None, 0, &mut units);
        for k in 0..army.adcs {
            let id = push(format!("ADC {}", k + 1), Role::Adc, None, 0, &mut units);
            if place_of(&units[id as usize].label).is_none() {
                let c = units[cinc as usize].clone();
                units[id as usize].pose = c.pose.advanced(0.0, -1.6 - 1.1 * k as f64);
                units[id as usize].place = c.place;
            }
        }
        let mut commands = Vec::new();
        for (ci, c) in army.commands.iter().enumerate() {
            let ci = ci as u8;
            push(
                c.commander.name.clone(),
                Role::Commander { command: ci },
                Some(ci),
                0,
                &mut units,
            );
            for (di, d) in c.divisions.iter().enumerate() {
                let mut first_brigade = None;
                for b in &d.brigades {
                    let id = push(
                        b.label.clone(),
                        Role::Brigade(b.clone()),
                        Some(ci),
                        b.sp,
                        &mut units,
                    );
                    first_brigade.get_or_insert(id);
                }
                for g in &d.generals {
                    let id = push(
                        g.clone(),
                        Role::General {
                            command: ci,
                            division: di as u8,
                        },
                        Some(ci),
                        0,
                        &mut units,
                    );
                    // A general not placed starts attached to his division's first brigade.
                    if place_of(g).is_none() {
                        if let Some(b) = first_brigade {
                            let bu = units[b as usize].clone();
                            let u = &mut units[id as usize];
                            u.pose = bu.pose;
                            u.place = bu.place;
                            u.attached = Some(b);
                        }
                    }
                }
            }
            for b in &c.batteries {
                push(
                    b.label.clone(),
                    Role::Battery(b.clone()),
                    Some(ci),
                    2,
                    &mut units,
                );
            }
            commands.push(crate::state::CommandInfo {
                name: c.name.clone(),
                short: c.short.clone(),
                rating: c.commander.rating,
                valorous: c.commander.valorous,
                basic_range: c.commander.basic_range,
                range: c.commander.range,
                morale: c.morale,
                fatigue: c.fatigue,
            });
        }
        for b in &army.independent {
            push(
                b.label.clone(),
                Role::Brigade(b.clone()),
                None,
                b.sp,
                &mut units,
            );
        }
        infos.push(crate::state::SideInfo {
            name: spec.name.clone(),
            nation: army.nation,
            cinc: army.cinc.name.clone(),
            cinc_rating: army.cinc.rating,
            presence: army.cinc.presence,
            napoleon: army.cinc.napoleon,
            cinc_valorous: army.cinc.valorous,
            fatigue: army.fatigue,
            commands,
        });
    }
    let field = Field {
        name: scenario.name.clone(),
        width: scenario.table.width,
        depth: scenario.table.depth,
        turns: scenario.turns,
        weather: scenario.weather.clone(),
        terrain: scenario.terrain.clone(),
        objectives: scenario.objectives.clone(),
        tables: scenario.tables.clone(),
        sides: [infos.remove(0), infos.remove(0)],
    };
    let pending = scenario.first_initiative.map(|s| Pending::ChooseFirst {
        side: Side(s as u8),
    });
    State {
        field: Arc::new(field),
        units,
        clock: Clock::new(Side(0)),
        done: [false; 2],
        pending,
        fire_orders: Vec::new(),
        combats: Vec::new(),
        napoleon_reroll_used: [false; 2],
        replacements: Vec::new(),
        valour_used: false,
        fatigued: Vec::new(),
        replaced: Vec::new(),
        outcome: None,
        derived: Default::default(),
    }
}
