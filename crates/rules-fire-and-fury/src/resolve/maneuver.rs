//! The Maneuver Table's rolls: Reserve Movement in the Reserve Zone ("NFF Maneuver: Reserve
//! Movement 4, 5"), with only its own modifiers, and Tactical Movement in the Tactical Zone
//! ("NFF Maneuver: Tactical Movement 2"), on the Good Order or the Disorder column. The
//! table is Grognard's (design 4.2); the modifiers are the module's.

use super::{d10, from_table, sum};
use crate::facts::{Condition, Formation, InfantryClass};
use crate::modifiers::Commander;
use crate::tables::{ManeuverResult, Tables};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

pub const RESERVE: &str = "NFF Maneuver: Reserve Movement 4";
pub const TACTICAL: &str = "NFF Maneuver: Tactical Movement 1";

/// The facts of a Reserve Movement roll.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Reserve {
    /// The army commander, by the module's lists.
    pub commander: Commander,
    /// He is attached (to a brigade or a formation commander): his own modifier does not
    /// count this turn.
    pub commander_attached: bool,
    /// An ADC or the army commander is attached to the commander of the formation moving.
    pub adc_attached: bool,
    /// The first turn of a set battle.
    pub set_battle_first_turn: bool,
    /// Its Reserve Movement succeeded last turn.
    pub succeeded_last_turn: bool,
    /// The turns running, up to last turn, in which its Reserve Movement failed.
    pub failures_in_a_row: u32,
    /// It is moving out of the Tactical Zone into the Reserve Zone.
    pub disengaging: bool,
    pub disordered: bool,
    /// Irregulars are always Disordered.
    pub irregular: bool,
}

pub struct ReserveMovement;

impl ReserveMovement {
    pub fn modifiers_of(t: &Tables, s: &Reserve) -> Vec<Modifier> {
        let r = &t.modifiers.reserve;
        let mut m = Vec::new();
        if !s.commander_attached {
            m.push(
                t.modifiers
                    .commanders
                    .modifier(s.commander, "the army commander"),
            );
        }
        if s.adc_attached {
            m.push(
                r.adc_attached
                    .modifier("an ADC or the army commander with its commander"),
            );
        }
        if s.set_battle_first_turn {
            m.push(r.set_battle.modifier("first turn of a set battle"));
        }
        if s.succeeded_last_turn {
            m.push(r.succeeded.modifier("moved by Reserve Movement last turn"));
        }
        match s.failures_in_a_row {
            0 => {}
            1 => m.push(r.failed_once.modifier("Reserve Movement failed last turn")),
            _ => m.push(
                r.failed_twice
                    .modifier("Reserve Movement failed in turns running"),
            ),
        }
        if s.disengaging {
            m.push(r.disengaging.modifier("disengaging"));
        }
        if s.disordered || s.irregular {
            m.push(r.disordered.modifier(if s.irregular {
                "irregulars, always Disordered"
            } else {
                "Disordered"
            }));
        }
        m
    }
}

impl Resolution<Tables> for ReserveMovement {
    type Situation = Reserve;
    type Outcome = ManeuverResult;

    fn about(&self) -> About {
        About {
            name: "reserve-movement",
            title: "Reserve Movement",
            section: RESERVE,
            modifiers: "NFF Maneuver: Reserve Movement 5",
            summary: "how far a brigade in the Reserve Zone may move, on the Maneuver Table's Reserve Movement column (Grognard's table, not the published one)",
            dice: "1d10",
        }
    }

    fn problems(&self, _: &Tables, s: &Reserve) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.succeeded_last_turn && s.failures_in_a_row > 0 {
            out.push(Problem::new(
                "failures_in_a_row",
                "a brigade whose Reserve Movement succeeded last turn has no failures running",
                "give succeeded_last_turn or failures_in_a_row, not both",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Reserve) -> Vec<Modifier> {
        Self::modifiers_of(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Reserve,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> ManeuverResult {
        let mut e = d10(RESERVE, "Reserve Movement", Self::modifiers_of(t, s), dice);
        let r = t.maneuver.reserve.read(e.total).clone();
        e.row = format!("Reserve Movement, {}", e.total).into();
        e.result = format!("{r} {}", from_table(&t.maneuver.provenance)).into();
        rolls.push(e);
        r
    }

    fn odds(&self, t: &Tables, s: &Reserve) -> Exact<ManeuverResult> {
        column_odds(t.maneuver.reserve.faces(sum(&Self::modifiers_of(t, s))))
    }
}

/// Each face's cell, a tenth each.
fn column_odds<'a>(cells: impl Iterator<Item = &'a ManeuverResult>) -> Exact<ManeuverResult> {
    let mut out = Exact::new();
    for c in cells {
        out.add(c.clone(), grognard_engine::resolution::Chance::new(1, 10));
    }
    out
}

/// The facts of a Tactical Movement roll.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tactical {
    /// Cavalry, or a mixed brigade mainly of cavalry.
    pub cavalry: bool,
    /// The infantry's class; cavalry has none.
    pub class: InfantryClass,
    pub formation: Formation,
    pub state: Condition,
    pub disordered: bool,
    /// Irregulars are always Disordered, and roll on the Disorder column.
    pub irregular: bool,
    /// Beyond the command radius of its division commander, or he is down.
    pub out_of_command: bool,
    /// Leaders of its chain of command attached to it, not charismatic.
    pub leaders: u32,
    /// Charismatic leaders of its chain attached to it.
    pub charismatic_leaders: u32,
    /// An enemy within a move of a flank with no friend covering it.
    pub unsecured_flank: bool,
    /// It announced a charge.
    pub charge: bool,
    /// French troops within reach of the Imperial Guard's band (optional rule).
    pub guard_band: bool,
}

pub struct TacticalMovement;

impl TacticalMovement {
    /// Whether the brigade rolls on the Disorder column.
    pub fn disorder_column(s: &Tactical) -> bool {
        s.disordered || s.irregular
    }

    pub fn modifiers_of(t: &Tables, s: &Tactical) -> Vec<Modifier> {
        let k = &t.modifiers.tactical;
        let mut m = Vec::new();
        if s.out_of_command {
            m.push(k.out_of_command.modifier("out of command"));
        }
        if s.leaders + s.charismatic_leaders > 0 {
            let given = k.leader.value * s.leaders as i32
                + k.charismatic.value * s.charismatic_leaders as i32;
            let n = s.leaders + s.charismatic_leaders;
            let what = if n == 1 {
                "a leader attached".to_string()
            } else {
                format!("{n} leaders attached")
            };
            m.push(Modifier::new(
                given.min(k.leaders_at_most.value),
                format!("{what} ({})", k.leader.label()),
            ));
        }
        if matches!(s.formation, Formation::MarchColumn | Formation::Square) {
            m.push(
                k.column_or_square
                    .modifier(if s.formation == Formation::Square {
                        "in square"
                    } else {
                        "in march column"
                    }),
            );
        }
        if !s.cavalry && (s.irregular || s.class.maneuvers_as_column()) {
            m.push(
                k.columnar_or_impulse
                    .modifier(match (s.irregular, s.class) {
                        (true, _) => "irregular infantry, columnar",
                        (_, InfantryClass::Impulse) => "impulse infantry",
                        _ => "columnar infantry",
                    }),
            );
        }
        match s.state {
            Condition::Fresh => m.push(k.fresh.modifier("Fresh")),
            Condition::Spent => m.push(k.spent.modifier("Spent")),
            Condition::Worn => {}
        }
        if s.unsecured_flank {
            m.push(k.unsecured_flank.modifier("a flank unsecured"));
        }
        if s.cavalry && s.charge && Self::disorder_column(s) {
            m.push(
                k.disordered_cavalry_charging
                    .modifier("Disordered cavalry trying to charge"),
            );
        }
        if s.guard_band {
            m.push(k.guard_band.modifier("the Imperial Guard's band near"));
        }
        m
    }

    fn column<'a>(t: &'a Tables, s: &Tactical) -> &'a crate::tables::Column<ManeuverResult> {
        if Self::disorder_column(s) {
            &t.maneuver.disorder
        } else {
            &t.maneuver.good_order
        }
    }
}

impl Resolution<Tables> for TacticalMovement {
    type Situation = Tactical;
    type Outcome = ManeuverResult;

    fn about(&self) -> About {
        About {
            name: "maneuver",
            title: "Tactical Movement",
            section: TACTICAL,
            modifiers: "NFF Maneuver: Tactical Movement 2",
            summary: "what a brigade in the Tactical Zone may do: move, change formation, charge, rally (the Maneuver Table: Grognard's table, not the published one)",
            dice: "1d10",
        }
    }

    fn problems(&self, t: &Tables, s: &Tactical) -> Vec<Problem> {
        let mut out = Vec::new();
        if s.charge && s.state == Condition::Spent && !t.effectiveness.spent_may_charge {
            out.push(Problem::new(
                "charge",
                "a Spent brigade may not announce a charge (Grognard's ruling, design 4.5)",
                "leave charge out, or load tables with effectiveness.spent_may_charge = true",
            ));
        }
        if s.cavalry && s.formation == Formation::Square {
            out.push(Problem::new(
                "formation",
                "only infantry forms square (NFF Maneuver: Formations 3)",
                "give cavalry another formation",
            ));
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Tactical) -> Vec<Modifier> {
        Self::modifiers_of(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Tactical,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> ManeuverResult {
        let mut e = d10(
            TACTICAL,
            "Tactical Movement",
            Self::modifiers_of(t, s),
            dice,
        );
        let r = Self::column(t, s).read(e.total).clone();
        let column = if Self::disorder_column(s) {
            "Disorder Effects"
        } else {
            "Good Order Effects"
        };
        e.row = format!("{column}, {}", e.total).into();
        e.result = format!("{r} {}", from_table(&t.maneuver.provenance)).into();
        rolls.push(e);
        r
    }

    fn odds(&self, t: &Tables, s: &Tactical) -> Exact<ManeuverResult> {
        column_odds(Self::column(t, s).faces(sum(&Self::modifiers_of(t, s))))
    }
}
