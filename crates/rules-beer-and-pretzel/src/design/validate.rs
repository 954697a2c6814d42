//! Scenario files read and checked: every problem with the file, line, column and path of
//! the value at fault, and a hint.

use crate::scenario::Scenario;
use crate::state::{Order, Troop};
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
        "beer-and-pretzel",
        "Beer and Pretzel",
        s.rules.as_deref(),
        (t.width, t.depth),
        s.turns,
    );
    if s.first > 1 {
        out.push(Problem::new(
            "first",
            format!("side {} moves first", s.first),
            "give 0 for the first side listed, 1 for the second",
        ));
    }
    if s.sides[0].name.trim().is_empty() || s.sides[0].name == s.sides[1].name {
        out.push(Problem::new(
            "sides[1].name",
            "the sides need names of their own",
            "give each side a different, non-empty name",
        ));
    }
    for (i, side) in s.sides.iter().enumerate() {
        if !side.units.iter().any(|u| u.troop != Troop::Commander) {
            out.push(Problem::new(
                format!("sides[{i}].units"),
                "a side with no troops",
                "give each side at least one unit of infantry, cavalry or artillery",
            ));
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
            if let Some(n) = u.figures {
                let most = u.troop.full() * 3;
                if n == 0 || n > most {
                    out.push(Problem::new(
                        format!("{at}.figures"),
                        format!("{n} figures for {}", u.troop.name()),
                        format!(
                            "give 1 to {most} figures, or leave it out for a full unit ({})",
                            u.troop.full()
                        ),
                    ));
                }
            }
            let arm = u.troop.arm();
            let allowed = match arm {
                crate::state::Arm::Infantry => true,
                crate::state::Arm::Cavalry => u.order != Order::Square,
                _ => u.order == Order::Line,
            };
            if !allowed {
                let hint = if arm == crate::state::Arm::Cavalry {
                    "cavalry takes line, column or skirmish order; only infantry forms square"
                } else {
                    "guns and command figures have no formations: leave order out"
                };
                out.push(Problem::new(
                    format!("{at}.order"),
                    format!("{} in {}", u.troop.name(), u.order.name()),
                    hint,
                ));
            }
            if u.name.trim().is_empty() {
                out.push(Problem::new(
                    format!("{at}.name"),
                    "a unit with no name",
                    "give each unit a name for the narrative",
                ));
            }
        }
    }
    crate::tables::problems(&s.tables, &mut out);
    out
}
