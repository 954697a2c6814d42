//! Helpers shared by the "2 by 2" integration tests: small battles built in code, the clock
//! put where a test needs it, and commands run with scripted dice.
//!
//! Conventions: side 0 ("Austrians") defends from the south edge and so moves first; side 1
//! ("French") attacks from the north edge. Positions are `[x, y, facing in degrees]` of a
//! base's centre, facing counter-clockwise from +x (90 faces north). Bases are 1" wide and
//! 0.5" deep.

#![allow(dead_code)]

use grognard_engine::dice::Scripted;
use grognard_engine::explain::{Explanation, Modifier};
use grognard_engine::sequence::Clock;
use grognard_engine::terrain::{Feature, TerrainKind};
use grognard_engine::{Illegal, Ruleset, Side};
use grognard_geometry::shape::ShapeSpec;
use grognard_rules_two_by_two::event::Event;
use grognard_rules_two_by_two::scenario::{
    Deployment, Edge, Game, Options, PointSpec, Role, Scenario, SideSpec, TableSize, UnitSpec,
};
use grognard_rules_two_by_two::sequence::SEQUENCE;
use grognard_rules_two_by_two::state::{ShotResult, State, Status, Unit, UnitId};
use grognard_rules_two_by_two::units::{Size, UnitType};
use grognard_rules_two_by_two::{Command, TwoByTwo};

/// The defender, on the south edge; it moves first.
pub const AUSTRIA: Side = Side(0);
/// The attacker, on the north edge.
pub const FRANCE: Side = Side(1);

/// A scenario under construction.
#[derive(Debug, Clone)]
pub struct Battle {
    pub scenario: Scenario,
}

impl Default for Battle {
    fn default() -> Self {
        Battle::new()
    }
}

impl Battle {
    /// Two empty sides on the book's 24" x 24" table, free deployment, no reinforcement
    /// points, no terrain, no optional rules.
    pub fn new() -> Battle {
        let side = |name: &str, role, edge| SideSpec {
            name: name.to_string(),
            nation: None,
            role,
            edge,
            points: Vec::new(),
            units: Vec::new(),
        };
        Battle {
            scenario: Scenario {
                rules: "two-by-two".into(),
                name: "test".into(),
                table: TableSize::default(),
                game: Game {
                    deployment: Deployment::Free,
                    ..Game::default()
                },
                options: Options::default(),
                terrain: Vec::new(),
                sides: vec![
                    side("Austrians", Role::Defender, Edge::South),
                    side("French", Role::Attacker, Edge::North),
                ],
                armies: Vec::new(),
                tables: Default::default(),
            },
        }
    }

    fn push(mut self, side: Side, spec: UnitSpec) -> Battle {
        self.scenario.sides[side.index()].units.push(spec);
        self
    }

    /// A Common unit on the table.
    pub fn unit(self, side: Side, name: &str, kind: UnitType, at: [f64; 3]) -> Battle {
        self.sized(side, name, kind, Size::Common, at)
    }

    /// A unit of a given size on the table.
    pub fn sized(self, side: Side, name: &str, kind: UnitType, size: Size, at: [f64; 3]) -> Battle {
        self.push(
            side,
            UnitSpec {
                name: name.into(),
                kind,
                size,
                at: Some(at),
                point: None,
                command: None,
            },
        )
    }

    /// A unit on the table in the chain of command of the named HQ.
    pub fn commanded(
        self,
        side: Side,
        name: &str,
        kind: UnitType,
        at: [f64; 3],
        hq: &str,
    ) -> Battle {
        self.push(
            side,
            UnitSpec {
                name: name.into(),
                kind,
                size: Size::Common,
                at: Some(at),
                point: None,
                command: Some(hq.into()),
            },
        )
    }

    /// A unit waiting at the side's reinforcement point `point` (index among its points).
    pub fn waiting(self, side: Side, name: &str, kind: UnitType, point: usize) -> Battle {
        self.push(
            side,
            UnitSpec {
                name: name.into(),
                kind,
                size: Size::Common,
                at: None,
                point: Some(point),
                command: None,
            },
        )
    }

    /// A reinforcement point on `edge`, `at` inches from the edge's low end.
    pub fn point(mut self, side: Side, edge: Edge, at: f64) -> Battle {
        self.scenario.sides[side.index()]
            .points
            .push(PointSpec { edge, at });
        self
    }

    pub fn feature(mut self, kind: TerrainKind, spec: ShapeSpec) -> Battle {
        self.scenario.terrain.push(Feature::new(kind, spec));
        self
    }

    /// A rectangle of terrain, axis-aligned, `w` by `h`, centred on `(x, y)`.
    pub fn rect(self, kind: TerrainKind, x: f64, y: f64, w: f64, h: f64) -> Battle {
        self.feature(
            kind,
            ShapeSpec::Rect {
                centre: [x, y],
                width: w,
                height: h,
                angle: 0.0,
            },
        )
    }

    /// A band (road, stream, river) `width` wide along a polyline.
    pub fn band(self, kind: TerrainKind, points: &[[f64; 2]], width: f64) -> Battle {
        self.feature(
            kind,
            ShapeSpec::Band {
                points: points.to_vec(),
                width,
            },
        )
    }

    pub fn options(mut self, f: impl FnOnce(&mut Options)) -> Battle {
        f(&mut self.scenario.options);
        self
    }

    pub fn game(mut self, f: impl FnOnce(&mut Game)) -> Battle {
        f(&mut self.scenario.game);
        self
    }

    /// Swap the roles: side 0 attacks, side 1 defends (and so moves first).
    pub fn side_zero_attacks(mut self) -> Battle {
        self.scenario.sides[0].role = Role::Attacker;
        self.scenario.sides[1].role = Role::Defender;
        self
    }

    pub fn start(&self) -> Table {
        Table {
            state: TwoByTwo.start(&self.scenario),
        }
    }
}

/// A battle in progress.
#[derive(Debug, Clone)]
pub struct Table {
    pub state: State,
}

impl Table {
    /// The id of the unit with this name.
    pub fn id(&self, name: &str) -> UnitId {
        self.state
            .field
            .names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("no unit named {name}")) as UnitId
    }

    pub fn unit(&self, name: &str) -> &Unit {
        self.state.unit(self.id(name))
    }

    pub fn status(&self, name: &str) -> Status {
        self.unit(name).status
    }

    /// `[x, y, facing in degrees]` of a unit's centre.
    pub fn at(&self, name: &str) -> [f64; 3] {
        let p = self.unit(name).pose;
        [p.pos.x, p.pos.y, p.facing.to_degrees()]
    }

    /// Apply an event directly, as set-up for a test.
    pub fn apply(&mut self, e: Event) {
        TwoByTwo.apply(&mut self.state, &e);
    }

    /// Put the clock at the phase `key` ("move", "rally", "shoot", "melee") in which `actor`
    /// acts, in turn `turn`. The phase begins as it would in play (flags are reset).
    pub fn phase(&mut self, turn: u32, key: &str, actor: Side) {
        let first = self.state.clock.first;
        let phase = (0..SEQUENCE.phases.len() as u8)
            .find(|&phase| {
                let c = Clock { turn, phase, first };
                c.spec(&SEQUENCE).key == key && c.actor(&SEQUENCE) == actor
            })
            .unwrap_or_else(|| panic!("no {key} phase for side {}", actor.0));
        self.apply(Event::PhaseBegan {
            clock: Clock { turn, phase, first },
        });
    }

    /// Record that `attacker` moved into contact with `defender` (their bases must already
    /// touch).
    pub fn contact(&mut self, attacker: &str, defender: &str) {
        let (a, d) = (self.id(attacker), self.id(defender));
        self.apply(Event::Contacted {
            attacker: a,
            defender: d,
        });
    }

    pub fn set_status(&mut self, name: &str, status: Status) {
        let unit = self.id(name);
        self.apply(Event::StatusChanged {
            unit,
            status,
            why: "test set-up".into(),
        });
    }

    /// Destroy a unit outright, as set-up for a test (no victory check).
    pub fn destroy(&mut self, name: &str) {
        let unit = self.id(name);
        self.apply(Event::Destroyed {
            unit,
            cause: grognard_rules_two_by_two::event::Cause::Shooting,
        });
    }

    pub fn check(&self, side: Side, cmd: &Command) -> Result<(), Illegal> {
        TwoByTwo.check(&self.state, side, cmd)
    }

    /// Execute a command with these die faces; every face must be used.
    pub fn try_run(
        &mut self,
        side: Side,
        cmd: &Command,
        faces: &[u8],
    ) -> Result<Vec<Event>, Illegal> {
        let mut dice = Scripted::new(faces);
        let mut events = Vec::new();
        TwoByTwo.execute(&mut self.state, side, cmd, &mut dice, &mut events)?;
        assert!(
            dice.remaining().is_empty(),
            "dice left over after {cmd:?}: {:?}",
            dice.remaining()
        );
        Ok(events)
    }

    /// Execute a command that must be legal.
    pub fn run(&mut self, side: Side, cmd: &Command, faces: &[u8]) -> Vec<Event> {
        self.try_run(side, cmd, faces)
            .unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"))
    }

    /// Execute a command that must be refused; returns the reason.
    pub fn refused(&mut self, side: Side, cmd: &Command) -> Illegal {
        let before = self.state.clone();
        match self.try_run(side, cmd, &[]) {
            Ok(events) => panic!("{cmd:?} was allowed: {events:?}"),
            Err(e) => {
                assert_eq!(self.state, before, "a refused command changed the state");
                e
            }
        }
    }
}

/// The explanation and result of the only shot among `events`.
pub fn shot(events: &[Event]) -> (Explanation, ShotResult) {
    let shots: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Fired { roll, result, .. } => Some(((**roll).clone(), *result)),
            _ => None,
        })
        .collect();
    assert_eq!(shots.len(), 1, "expected one shot in {events:?}");
    shots[0].clone()
}

/// One fought melee as recorded in the events.
#[derive(Debug, Clone)]
pub struct Fought {
    pub attacker: UnitId,
    pub defender: UnitId,
    pub attack: Explanation,
    pub defence: Explanation,
    pub winner: UnitId,
    pub difference: i32,
}

pub fn melees(events: &[Event]) -> Vec<Fought> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::MeleeFought {
                attacker,
                defender,
                attack,
                defence,
                winner,
                difference,
                ..
            } => Some(Fought {
                attacker: *attacker,
                defender: *defender,
                attack: (**attack).clone(),
                defence: (**defence).clone(),
                winner: *winner,
                difference: *difference,
            }),
            _ => None,
        })
        .collect()
}

/// Modifiers as `(value, reason)` pairs, for comparing with a list.
pub fn mods(modifiers: &[Modifier]) -> Vec<(i32, String)> {
    modifiers
        .iter()
        .map(|m| (m.value, m.reason.to_string()))
        .collect()
}

/// The value of the modifier whose reason contains `reason`, if there is exactly one.
pub fn modifier(modifiers: &[Modifier], reason: &str) -> Option<i32> {
    let found: Vec<i32> = modifiers
        .iter()
        .filter(|m| m.reason.contains(reason))
        .map(|m| m.value)
        .collect();
    assert!(
        found.len() <= 1,
        "{reason:?} appears twice in {modifiers:?}"
    );
    found.first().copied()
}

/// Causes of the `Destroyed` events, in order.
pub fn destroyed(events: &[Event]) -> Vec<(UnitId, grognard_rules_two_by_two::event::Cause)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed { unit, cause } => Some((*unit, cause.clone())),
            _ => None,
        })
        .collect()
}

pub fn near(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[track_caller]
pub fn assert_at(table: &Table, name: &str, x: f64, y: f64, tol: f64) {
    let [ux, uy, _] = table.at(name);
    assert!(
        near(ux, x, tol) && near(uy, y, tol),
        "{name} is at ({ux:.3}, {uy:.3}), expected ({x}, {y})"
    );
}

/// Forward / back / side / turn legs in inches and degrees.
pub mod legs {
    use grognard_geometry::Leg;

    pub fn fwd(d: f64) -> Leg {
        Leg::Forward { d }
    }
    pub fn back(d: f64) -> Leg {
        Leg::Back { d }
    }
    /// Positive to the base's left.
    pub fn side(d: f64) -> Leg {
        Leg::Side { d }
    }
    pub fn turn(degrees: f64) -> Leg {
        Leg::Turn {
            facing: degrees.to_radians(),
        }
    }
}

pub fn mv(unit: UnitId, legs: Vec<grognard_geometry::Leg>) -> Command {
    Command::Move {
        unit,
        legs: legs.into(),
        exit: false,
    }
}

pub fn exit(unit: UnitId, legs: Vec<grognard_geometry::Leg>) -> Command {
    Command::Move {
        unit,
        legs: legs.into(),
        exit: true,
    }
}

/// Fight a melee group in this order, no unit taking a column of attack.
pub fn melee_order(order: Vec<(UnitId, UnitId)>) -> Command {
    Command::Melee {
        order,
        columns: Vec::new(),
    }
}

pub fn fire(shooter: UnitId, target: UnitId) -> Command {
    Command::Fire {
        shooter,
        target,
        with: None,
    }
}

/// Play the book's built-in battle of `seed` to its end, the random player choosing for both
/// sides with dice of the same seed; `each` sees every state a side acts in, that side and
/// the command chosen, before it is carried out.
pub fn random_battle(seed: u64, mut each: impl FnMut(&State, Side, &Command)) {
    use grognard_engine::book::Book;
    use grognard_engine::Player;
    let (scenario, _) = TwoByTwo.default_scenario(seed);
    let mut state = TwoByTwo.start(&scenario);
    let mut dice = grognard_engine::dice::Seeded::new(seed);
    let mut player = grognard_ai::RandomPlayer::<Command>::default();
    let mut events = Vec::new();
    while let Some(side) = TwoByTwo.to_act(&state) {
        let c = player.choose(&TwoByTwo, &&state, side, &mut dice);
        each(&state, side, &c);
        events.clear();
        TwoByTwo
            .execute(&mut state, side, &c, &mut dice, &mut events)
            .expect("the random player's command is legal");
    }
}
