//! Scenario files read and checked: every problem with the file, line, column and path of
//! the value at fault, and a hint.

use crate::scenario::Scenario;
use crate::state::{Arm, Order, Troop};
use grognard_engine::files::{FileError, Problem};

/// Read a scenario file and check it.
pub fn load(file: &str, text: &str) -> Result<Scenario, Vec<FileError>> {
    grognard_engine::files::load_checked(file, text, problems)
}

/// The scenario is this book's only kind of file: loading it, checking it and its line in
/// `grognard check` are the engine's ([`grognard_engine::book::Files`]).
impl grognard_engine::book::ScenarioFile for Scenario {
    fn load(file: &str, text: &str) -> Result<Scenario, Vec<FileError>> {
        load(file, text)
    }

    fn problems(&self) -> Vec<Problem> {
        problems(self)
    }

    fn summary(&self) -> String {
        grognard_engine::files::scenario_summary(
            &self.name,
            [
                (&self.sides[0].name, self.sides[0].units.len()),
                (&self.sides[1].name, self.sides[1].units.len()),
            ],
            self.terrain.len(),
            self.turns,
        )
    }
}

/// What is wrong with a scenario, each problem named by its path.
pub fn problems(s: &Scenario) -> Vec<Problem> {
    let t = s.table;
    let mut out = grognard_engine::files::frame_problems(
        "burt",
        "Burt's rules",
        s.rules.as_deref(),
        (t.width, t.depth),
        s.turns,
    );
    if s.sides[0].name.trim().is_empty() || s.sides[0].name == s.sides[1].name {
        out.push(Problem::new(
            "sides[1].name",
            "the sides need names of their own",
            "give each side a different, non-empty name",
        ));
    }
    for (i, side) in s.sides.iter().enumerate() {
        if !side.units.iter().any(|u| u.troop.fights()) {
            out.push(Problem::new(
                format!("sides[{i}].units"),
                "a side with no troops",
                "give each side at least one unit of infantry, cavalry or artillery",
            ));
        }
        if let Some(m) = side.army_morale {
            if !(1..=500).contains(&m) {
                out.push(Problem::new(
                    format!("sides[{i}].army_morale"),
                    format!("army morale {m}"),
                    "give 1 to 500: about the number of units for an average army, less for a poor one, more for a good one",
                ));
            }
        }
        for (j, u) in side.units.iter().enumerate() {
            let at = format!("sides[{i}].units[{j}]");
            let [x, y, f] = u.at;
            if !(x.is_finite() && y.is_finite() && f.is_finite())
                || x < 0.0
                || y < 0.0
                || x > t.width
                || y > t.depth
            {
                out.push(Problem::new(
                    format!("{at}.at"),
                    format!("({x}, {y}) is off the {}\" by {}\" table", t.width, t.depth),
                    "give x and y inside the table and a facing in degrees",
                ));
            }
            if u.name.trim().is_empty() {
                out.push(Problem::new(
                    format!("{at}.name"),
                    "a unit with no name",
                    "give each unit a name for the narrative",
                ));
            }
            let arm = u.troop.arm();
            if let Some(n) = u.figures {
                let (lo, hi, what) = match u.troop {
                    Troop::Infantry => (1, 60, "a battalion has 20 to 30 figures"),
                    Troop::Skirmishers => (1, 30, "skirmishers: 1 to 30 figures"),
                    Troop::HeavyCavalry | Troop::LightCavalry => {
                        (1, 36, "a squadron has 12 to 18 figures")
                    }
                    _ => (
                        0,
                        0,
                        "leave figures out: officers, wagons and batteries take none",
                    ),
                };
                if arm == Arm::Artillery || arm == Arm::Officer || arm == Arm::Train {
                    out.push(Problem::new(
                        format!("{at}.figures"),
                        format!("{n} figures"),
                        what,
                    ));
                } else if n < lo || n > hi {
                    out.push(Problem::new(
                        format!("{at}.figures"),
                        format!("{n} figures for {}", u.troop.name()),
                        format!("{what}; give {lo} to {hi}"),
                    ));
                }
            }
            if let Some(g) = u.guns {
                if arm != Arm::Artillery || !(1..=12).contains(&g) {
                    out.push(Problem::new(
                        format!("{at}.guns"),
                        format!("{g} guns for {}", u.troop.name()),
                        "only foot or horse guns take guns: give 1 to 12",
                    ));
                }
            }
            for (field, set, what) in [
                ("armoured", u.armoured, "armour"),
                ("lancers", u.lancers, "lances"),
            ] {
                if set && arm != Arm::Cavalry {
                    out.push(Problem::new(
                        format!("{at}.{field}"),
                        format!("{what} for {}", u.troop.name()),
                        format!("only heavy or light cavalry take {what}: leave {field} out"),
                    ));
                }
            }
            if u.calibre.is_some() && arm != Arm::Artillery {
                out.push(Problem::new(
                    format!("{at}.calibre"),
                    format!("a calibre for {}", u.troop.name()),
                    "only foot or horse guns take a calibre",
                ));
            }
            if let Some(w) = u.weapon {
                if !w.is_small_arms()
                    || arm == Arm::Artillery
                    || arm == Arm::Officer
                    || arm == Arm::Train
                {
                    out.push(Problem::new(
                        format!("{at}.weapon"),
                        format!("{} for {}", w.name(), u.troop.name()),
                        "troops carry musket, rifle or carbine; a battery's guns are its calibre",
                    ));
                }
            }
            if let Some(f) = u.formation {
                if !u.troop.takes(f) {
                    out.push(Problem::new(
                        format!("{at}.formation"),
                        format!("{} in {}", u.troop.name(), f.name()),
                        formation_hint(u.troop),
                    ));
                }
            }
            if let Some(o) = u.order {
                if !u.troop.needs_orders() {
                    out.push(Problem::new(
                        format!("{at}.order"),
                        format!("an order for a {}", u.troop.name()),
                        "generals, command elements and wagons take no orders: leave it out",
                    ));
                } else if o == Order::Assault
                    && (u.troop == Troop::Skirmishers || arm == Arm::Artillery)
                {
                    out.push(Problem::new(
                        format!("{at}.order"),
                        "ASSAULT orders for skirmishers or guns",
                        "artillery and skirmishers may not be given ASSAULT orders (Burt 4)",
                    ));
                }
            }
            if u.troop == Troop::CommandElement && u.brigade == 0 {
                out.push(Problem::new(
                    format!("{at}.brigade"),
                    "a command element of no brigade",
                    "give the brigade number of the units it commands",
                ));
            }
        }
    }
    crate::tables::problems(&s.tables, &mut out);
    out
}

fn formation_hint(t: Troop) -> &'static str {
    match t {
        Troop::Infantry => "infantry forms line, column or square",
        Troop::Skirmishers => "skirmishers are always in open order",
        Troop::HeavyCavalry | Troop::LightCavalry => "cavalry forms line or column",
        Troop::FootGuns | Troop::HorseGuns => "guns are in line (unlimbered) or limbered",
        _ => "officers and wagons take no formation: leave it out",
    }
}
