//! Scenario files read and checked: every problem with the file, line, column and path of
//! the value at fault, and a hint.

use crate::facts::Formation;
use crate::scenario::{Guard, Nation, Rank, Scenario, SideSpec, StandKind};
use grognard_engine::files::{FileError, Problem};
use grognard_geometry::overlap::bases_overlap;

/// Read a scenario file and check it.
pub fn load(file: &str, text: &str) -> Result<Scenario, Vec<FileError>> {
    grognard_engine::files::load_checked(file, text, problems)
}

/// The scenario is this book's only kind of file (a player's own tables go in its
/// `[tables]`, or in a file of tables alone: [`crate::tables::load`]).
impl grognard_engine::book::ScenarioFile for Scenario {
    fn load(file: &str, text: &str) -> Result<Scenario, Vec<FileError>> {
        load(file, text)
    }

    fn problems(&self) -> Vec<Problem> {
        problems(self)
    }

    fn summary(&self) -> String {
        let units = |s: &SideSpec| s.brigades.len() + s.batteries.len();
        grognard_engine::files::scenario_summary(
            &self.name,
            [
                (&self.sides[0].name, units(&self.sides[0])),
                (&self.sides[1].name, units(&self.sides[1])),
            ],
            self.terrain.len(),
            self.turns,
        )
    }
}

/// The years the module covers.
const YEARS: std::ops::RangeInclusive<u32> = 1792..=1815;

/// What is wrong with a scenario, each problem named by its path.
pub fn problems(s: &Scenario) -> Vec<Problem> {
    let t = s.table;
    let mut out = grognard_engine::files::frame_problems(
        "fire-and-fury",
        "Napoleonic Fire & Fury",
        s.rules.as_deref(),
        (t.width, t.depth),
        s.turns,
    );
    if !YEARS.contains(&s.year) {
        out.push(Problem::new(
            "year",
            format!("{} is outside the module's wars", s.year),
            "give the year of the battle, 1792 to 1815: it sets each army's infantry class",
        ));
    }
    if s.sides[0].name.trim().is_empty() || s.sides[0].name == s.sides[1].name {
        out.push(Problem::new(
            "sides[1].name",
            "the sides need names of their own",
            "give each side a different, non-empty name",
        ));
    }
    let on_table = |at: [f64; 3]| {
        let [x, y, f] = at;
        x.is_finite()
            && y.is_finite()
            && f.is_finite()
            && (0.0..=t.width).contains(&x)
            && (0.0..=t.depth).contains(&y)
    };
    let off = |path: String, at: [f64; 3], out: &mut Vec<Problem>| {
        if !on_table(at) {
            out.push(Problem::new(
                format!("{path}.at"),
                format!(
                    "({}, {}) is off the {}\" by {}\" table",
                    at[0], at[1], t.width, t.depth
                ),
                "give x and y inside the table and a facing in degrees",
            ));
        }
    };
    for (i, side) in s.sides.iter().enumerate() {
        let sp = format!("sides[{i}]");
        leaders(&sp, side, &mut out);
        let rank_of = |name: &str| side.leaders.iter().find(|l| l.name == name).map(|l| l.rank);
        for (j, l) in side.leaders.iter().enumerate() {
            off(format!("{sp}.leaders[{j}]"), l.at, &mut out);
        }
        if side.brigades.is_empty() {
            out.push(Problem::new(
                format!("{sp}.brigades"),
                "an army with no brigades",
                "give each side at least one brigade of infantry or cavalry",
            ));
        }
        for (j, b) in side.brigades.iter().enumerate() {
            let bp = format!("{sp}.brigades[{j}]");
            off(bp.clone(), b.at, &mut out);
            match rank_of(&b.commander) {
                None => out.push(Problem::new(
                    format!("{bp}.commander"),
                    format!("no leader of the {} is named {:?}", side.name, b.commander),
                    "name the brigade's division commander as listed in the side's leaders",
                )),
                Some(Rank::ArtilleryCommander) => out.push(Problem::new(
                    format!("{bp}.commander"),
                    format!("{} commands batteries only", b.commander),
                    "an artillery commander commands nothing but batteries (NFF Maneuver: Grand Batteries 3): name a division commander",
                )),
                Some(_) => {}
            }
            if b.stands.is_empty() {
                out.push(Problem::new(
                    format!("{bp}.stands"),
                    "a brigade with no stands",
                    "give its stands, e.g. stands = [{ kind = \"infantry\", count = 6, rating = \"regular\" }]",
                ));
            }
            let total: u32 = b.stands.iter().map(|x| x.count).sum();
            if total > 24 {
                out.push(Problem::new(
                    format!("{bp}.stands"),
                    format!("{total} stands in one brigade"),
                    "a brigade has a few stands to a dozen or so: split a larger body into brigade equivalents (NFF Prepare for Battle 2)",
                ));
            }
            let horse = b.stands.iter().any(|x| x.kind.cavalry());
            for (k, st) in b.stands.iter().enumerate() {
                let kp = format!("{bp}.stands[{k}]");
                if st.count == 0 {
                    out.push(Problem::new(
                        format!("{kp}.count"),
                        "no stands",
                        "give one stand or more, or leave the run out",
                    ));
                }
                if st.armoured && st.kind != StandKind::HeavyCavalry {
                    out.push(Problem::new(
                        format!("{kp}.armoured"),
                        "armour on stands that are not heavy cavalry",
                        "only heavy cavalry is armoured (NFF Charge 1c): leave armoured out",
                    ));
                }
                if st.lance && !st.kind.cavalry() {
                    out.push(Problem::new(
                        format!("{kp}.lance"),
                        "lances on foot",
                        "only cavalry carries lances (NFF Charge 1e): leave lance out",
                    ));
                }
                if st.lance && b.irregular {
                    out.push(Problem::new(
                        format!("{kp}.lance"),
                        "lances for irregulars",
                        "irregular cavalry never counts as lancers (NFF Charge 1e, NFF Mustering 2h)",
                    ));
                }
                if st.old_guard && side.nation != Nation::French {
                    out.push(Problem::new(
                        format!("{kp}.old_guard"),
                        format!("Old Guard in the {} army", side.name),
                        "the Old Guard is French (NFF Charge 1d)",
                    ));
                }
            }
            if b.formation == Formation::Square {
                out.push(Problem::new(
                    format!("{bp}.formation"),
                    "a brigade starting in square",
                    "square is never chosen, only a result of charge combat (NFF Maneuver: Formations 3b): give single_echelon, double_echelon, brigade_masse or march_column",
                ));
            }
            if b.guard.is_some() && side.nation != Nation::French {
                out.push(Problem::new(
                    format!("{bp}.guard"),
                    format!("Imperial Guard in the {} army", side.name),
                    "only the French army has the Imperial Guard: leave guard out",
                ));
            }
            if b.davout_1812 && !(side.nation == Nation::French && s.year == 1812) {
                out.push(Problem::new(
                    format!("{bp}.davout_1812"),
                    "Davout's corps of 1812 outside the French army of 1812",
                    "leave davout_1812 out",
                ));
            }
            if b.engineers && !b.stands.iter().any(|x| !x.kind.cavalry()) {
                out.push(Problem::new(
                    format!("{bp}.engineers"),
                    "engineers with a brigade of cavalry",
                    "engineers attach to infantry only (NFF Additional 1)",
                ));
            }
            if b.band && side.nation != Nation::French {
                out.push(Problem::new(
                    format!("{bp}.band"),
                    format!("the Imperial Guard's band in the {} army", side.name),
                    "the band is the French Imperial Guard's (NFF Additional 2): leave band out",
                ));
            }
            if b.band && side.brigades[..j].iter().any(|o| o.band) {
                out.push(Problem::new(
                    format!("{bp}.band"),
                    "a second band",
                    "the Imperial Guard has one band: give it to one brigade",
                ));
            }
            if horse && b.guard == Some(Guard::Middle) {
                out.push(Problem::new(
                    format!("{bp}.guard"),
                    "Middle Guard cavalry",
                    "the Middle Guard was infantry: give old or young",
                ));
            }
        }
        engineers(&sp, side, &off, &mut out);
        for (j, b) in side.batteries.iter().enumerate() {
            let bp = format!("{sp}.batteries[{j}]");
            off(bp.clone(), b.at, &mut out);
            if rank_of(&b.commander).is_none() {
                out.push(Problem::new(
                    format!("{bp}.commander"),
                    format!("no leader of the {} is named {:?}", side.name, b.commander),
                    "name the leader who commands the battery, as listed in the side's leaders",
                ));
            }
            if !(1..=24).contains(&b.guns) {
                out.push(Problem::new(
                    format!("{bp}.guns"),
                    format!("{} guns", b.guns),
                    "a battery has its historical guns, 1 to 24 (usually 6 or 8)",
                ));
            }
        }
    }
    if let Some(given) = &s.tables {
        for mut p in given.problems() {
            p.path = format!("tables.{}", p.path);
            out.push(p);
        }
    }
    if out.is_empty() {
        room(s, &mut out);
    }
    out
}

/// Every brigade and battery wholly on the table and none standing on another: checked on
/// the battle as it would start, once the rest of the scenario is sound.
fn room(s: &Scenario, out: &mut Vec<Problem>) {
    let state = super::setup::start(s);
    let mut paths = Vec::new();
    for (i, side) in s.sides.iter().enumerate() {
        paths.extend((0..side.leaders.len()).map(|j| format!("sides[{i}].leaders[{j}]")));
        paths.extend((0..side.brigades.len()).map(|j| format!("sides[{i}].brigades[{j}]")));
        paths.extend((0..side.batteries.len()).map(|j| format!("sides[{i}].batteries[{j}]")));
        paths.extend(
            (0..side.brigades.len())
                .filter(|j| side.brigades[*j].engineers)
                .map(|j| format!("sides[{i}].brigades[{j}].engineers")),
        );
        paths.extend((0..side.engineers.len()).map(|j| format!("sides[{i}].engineers[{j}]")));
    }
    let fighting: Vec<_> = state.units().iter().filter(|u| u.fights()).collect();
    let (w, d) = (s.table.width, s.table.depth);
    for (k, u) in fighting.iter().enumerate() {
        let f = u.footprint();
        let path = &paths[usize::from(u.id)];
        if f.corners()
            .iter()
            .any(|c| c.x < -1e-6 || c.y < -1e-6 || c.x > w + 1e-6 || c.y > d + 1e-6)
        {
            out.push(Problem::new(
                format!("{path}.at"),
                format!("{} reaches off the table", state.name(u.id)),
                "move it in from the edge: its formation's stands must all be on the table",
            ));
        }
        if let Some(o) = fighting[..k]
            .iter()
            .find(|o| bases_overlap(&o.footprint(), &f, 1e-6))
        {
            out.push(Problem::new(
                format!("{path}.at"),
                format!("{} stands on {}", state.name(u.id), state.name(o.id)),
                "place it clear of every other brigade and battery, its formation's stands included",
            ));
        }
    }
}

/// Reports a place off the table: the path, the place, the problems.
type OffTable<'a> = &'a dyn Fn(String, [f64; 3], &mut Vec<Problem>);

/// Companies of engineers ("NFF Additional 1", ruling R13): controlled by a leader of the
/// side, either with an infantry brigade or standing somewhere, one company a brigade, the
/// Guard's only in the French army.
fn engineers(sp: &str, side: &SideSpec, off: OffTable<'_>, out: &mut Vec<Problem>) {
    // The brigades that have a company already, by the shorthand on the brigade.
    let mut taken: Vec<&str> = side
        .brigades
        .iter()
        .filter(|b| b.engineers)
        .map(|b| b.name.as_str())
        .collect();
    for (j, e) in side.engineers.iter().enumerate() {
        let ep = format!("{sp}.engineers[{j}]");
        if !side.leaders.iter().any(|l| l.name == e.commander) {
            out.push(Problem::new(
                format!("{ep}.commander"),
                format!("no leader of the {} is named {:?}", side.name, e.commander),
                "name the leader who controls the company, as listed in the side's leaders",
            ));
        }
        if e.guard && side.nation != Nation::French {
            out.push(Problem::new(
                format!("{ep}.guard"),
                format!("Imperial Guard engineers in the {} army", side.name),
                "only the French army has the Imperial Guard: leave guard out",
            ));
        }
        match (&e.with, e.at) {
            (Some(_), Some(_)) | (None, None) => out.push(Problem::new(
                ep.clone(),
                "a company both with a brigade and standing on its own, or neither",
                "give either with = \"<brigade>\" (attached from the start) or at = [x, y, facing]",
            )),
            (None, Some(at)) => off(ep.clone(), at, out),
            (Some(name), None) => match side.brigades.iter().find(|b| &b.name == name) {
                None => out.push(Problem::new(
                    format!("{ep}.with"),
                    format!("no brigade of the {} is named {name:?}", side.name),
                    "name one of the side's brigades",
                )),
                Some(b) if !b.stands.iter().any(|x| !x.kind.cavalry()) => out.push(Problem::new(
                    format!("{ep}.with"),
                    format!("engineers with {name}, a brigade of cavalry"),
                    "engineers attach to infantry only (NFF Additional 1)",
                )),
                Some(_) if taken.contains(&name.as_str()) => out.push(Problem::new(
                    format!("{ep}.with"),
                    format!("a second company with {name}"),
                    "one company of engineers to a brigade at a time (NFF Additional 1)",
                )),
                Some(_) => taken.push(name),
            },
        }
    }
}

/// The chain of command: one army commander, names of their own, superiors that exist
/// and rank above, Napoleon's ADCs alone ("NFF Prepare for Battle 3", "NFF Mustering 2e").
fn leaders(sp: &str, side: &SideSpec, out: &mut Vec<Problem>) {
    let armies = side.leaders.iter().filter(|l| l.rank == Rank::Army).count();
    if armies != 1 {
        out.push(Problem::new(
            format!("{sp}.leaders"),
            format!("{armies} army commanders"),
            "give each army one leader of rank \"army\"",
        ));
    }
    let level = |r: Rank| match r {
        Rank::Army => 3,
        Rank::Corps => 2,
        Rank::Division | Rank::ArtilleryCommander | Rank::Adc => 1,
    };
    for (j, l) in side.leaders.iter().enumerate() {
        let lp = format!("{sp}.leaders[{j}]");
        if side.leaders[..j].iter().any(|o| o.name == l.name) {
            out.push(Problem::new(
                format!("{lp}.name"),
                format!("two leaders named {:?}", l.name),
                "give each leader a name of his own: brigades name their commander by it",
            ));
        }
        match (&l.superior, l.rank) {
            (Some(_), Rank::Army) => out.push(Problem::new(
                format!("{lp}.superior"),
                "an army commander with a superior",
                "leave superior out for the army commander",
            )),
            (None, r) if r != Rank::Army => out.push(Problem::new(
                format!("{lp}.superior"),
                format!("{} answers to no one", l.name),
                "name the leader he answers to",
            )),
            (Some(sup), r) => match side.leaders.iter().find(|o| &o.name == sup) {
                None => out.push(Problem::new(
                    format!("{lp}.superior"),
                    format!("no leader of the {} is named {sup:?}", side.name),
                    "name a leader listed in the side's leaders",
                )),
                Some(o) if level(o.rank) <= level(r) => out.push(Problem::new(
                    format!("{lp}.superior"),
                    format!("{sup} does not rank above {}", l.name),
                    "a leader answers to one of higher rank: division to corps or army, corps to army",
                )),
                Some(_) => {}
            },
            _ => {}
        }
    }
    let adcs = side.leaders.iter().filter(|l| l.rank == Rank::Adc).count();
    if adcs > 0 && side.nation != Nation::French {
        out.push(Problem::new(
            format!("{sp}.leaders"),
            "ADCs in an army other than the French",
            "only Napoleon's ADCs are leaders (NFF Mustering 2e): give them another rank",
        ));
    } else if adcs > 2 {
        out.push(Problem::new(
            format!("{sp}.leaders"),
            format!("{adcs} ADCs"),
            "Napoleon has at most two ADCs a game (NFF Mustering 2e)",
        ));
    }
}
