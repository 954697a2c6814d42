//! Musketry and cannonade ("NFF M&C"): the fire points of the stands that fire, with the
//! module's multipliers and additions, pick a column of the Musketry & Cannonade Table
//! (Grognard's, design 4.3); a d10 with the module's die modifiers picks the row.
//!
//! The order of the arithmetic is Grognard's ruling (design 4.3): each stand's points times
//! its own multipliers (class or ranks, enfilade, Grand Battery), then each battery's
//! addition for quality, then the multiplier for the target's skirmishers, then the total
//! rounded to the nearest whole number, halves up.

use super::{d10, from_table, sum};
use crate::facts::{Formation, InfantryClass, Level, Quality, Skirmish};
use crate::tables::{FireResult, Tables, Weight};
use grognard_engine::files::Problem;
use grognard_engine::resolution::{About, Chance, Exact, Resolution};
use grognard_engine::{Dice, Explanation, Modifier};
use serde::{Deserialize, Serialize};

pub const RULE: &str = "NFF M&C 1";

/// What a group of firing stands is.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    #[default]
    Infantry,
    /// Light cavalry fires mounted; heavy and irregular cavalry never do ("NFF M&C 6").
    LightCavalry,
    /// A battery is one stand.
    Battery,
}

/// A group of like stands firing together.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Firers {
    pub kind: Kind,
    /// How many stands (batteries, for artillery).
    pub stands: u32,
    /// Infantry's class.
    pub class: InfantryClass,
    /// Two-rank infantry ("NFF Mustering 2f").
    pub two_rank: bool,
    /// Infantry's skirmishers, which reach beyond musket range ("NFF M&C 9e").
    pub skirmish: Skirmish,
    /// A battery's weight.
    pub weight: Weight,
    /// A battery's standing ("NFF M&C Modifiers e").
    pub quality: Quality,
    /// These stands fire from enfilade.
    pub enfilade: bool,
}

impl Default for Firers {
    fn default() -> Self {
        Firers {
            kind: Kind::Infantry,
            stands: 1,
            class: InfantryClass::default(),
            two_rank: false,
            skirmish: Skirmish::None,
            weight: Weight::default(),
            quality: Quality::default(),
            enfilade: false,
        }
    }
}

/// The brigade or battery fired at.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Target {
    pub formation: Formation,
    /// Its skirmishers, which screen it at longer ranges ("NFF M&C 9b").
    pub skirmish: Skirmish,
    /// Limbered, changing formation or movement mode, or about-facing ("NFF M&C
    /// Modifiers f").
    pub changing: bool,
    /// The cover it is in.
    pub cover: Level,
}

/// The facts of one roll of fire.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Situation {
    /// The stands that fire, in groups of like stands.
    pub firers: Vec<Firers>,
    /// Inches to the target.
    pub range: f64,
    /// The firing brigade is in square ("NFF M&C 5").
    pub square: bool,
    /// The batteries fire as a Grand Battery ("NFF M&C 10").
    pub grand_battery: bool,
    /// The Grand Battery's artillery commander is down and not yet replaced.
    pub commander_down: bool,
    pub disordered: bool,
    /// Irregulars are always Disordered.
    pub irregular: bool,
    pub target: Target,
}

impl Default for Situation {
    /// Four columnar stands at musket range.
    fn default() -> Self {
        Situation {
            firers: vec![Firers {
                stands: 4,
                ..Firers::default()
            }],
            range: 1.0,
            square: false,
            grand_battery: false,
            commander_down: false,
            disordered: false,
            irregular: false,
            target: Target::default(),
        }
    }
}

/// Whether a range falls in a band the module gives to the tenth ("2.1-5.0"): its first
/// value is read as "past the tenth before".
fn in_band(range: f64, [from, to]: [f64; 2]) -> bool {
    range > from - 0.1 + 1e-9 && range <= to + 1e-9
}

/// The fire points of a roll, with each step of the arithmetic in words.
#[derive(Debug, Clone, PartialEq)]
pub struct Points {
    /// Before rounding.
    pub total: f64,
    pub steps: Vec<String>,
}

/// The fire points the stands bring, each step explained.
pub fn points(t: &Tables, s: &Situation) -> Points {
    tally(t, s, true)
}

/// The fire points the stands bring, unexplained: what the odds need.
pub fn points_total(t: &Tables, s: &Situation) -> f64 {
    tally(t, s, false).total
}

/// Notes kept only when someone will read them.
struct Notes {
    on: bool,
    list: Vec<String>,
}

impl Notes {
    fn push(&mut self, note: impl FnOnce() -> String) {
        if self.on {
            self.list.push(note());
        }
    }
}

fn tally(t: &Tables, s: &Situation, explain: bool) -> Points {
    let f = &t.modifiers.fire;
    let fp = &t.fire_points;
    let mut steps = Notes {
        on: explain,
        list: Vec::new(),
    };
    let mut total = 0.0;
    let enfiladed = s.target.formation.always_enfiladed();
    for g in &s.firers {
        let n = f64::from(g.stands);
        let mut why = Notes {
            on: explain,
            list: Vec::new(),
        };
        let base = match g.kind {
            Kind::Infantry if s.range <= fp.musket_range => {
                if s.square {
                    why.push(|| format!("in square, flat ({})", f.square.label()));
                    f.square.value
                } else if g.class.fires_as_line() && g.two_rank {
                    why.push(|| {
                        format!("two-rank, x{} ({})", f.two_rank.value, f.two_rank.label())
                    });
                    fp.infantry * f.two_rank.value
                } else if g.class.fires_as_line() {
                    why.push(|| {
                        format!(
                            "linear or impulse, x{} ({})",
                            f.linear_or_impulse.value,
                            f.linear_or_impulse.label()
                        )
                    });
                    fp.infantry * f.linear_or_impulse.value
                } else {
                    fp.infantry
                }
            }
            Kind::Infantry
                if g.skirmish != Skirmish::None
                    && !s.square
                    && in_band(s.range, f.skirmish_fire_band.value) =>
            {
                why.push(|| format!("skirmish fire, flat ({})", f.skirmish_fire.label()));
                f.skirmish_fire.value
            }
            Kind::Infantry => {
                why.push(|| "out of musket range".into());
                0.0
            }
            Kind::LightCavalry if s.range <= fp.light_cavalry_range => fp.light_cavalry,
            Kind::LightCavalry => {
                why.push(|| "out of range".into());
                0.0
            }
            Kind::Battery => match fp.battery(g.weight, s.range) {
                Some(p) => p,
                None => {
                    why.push(|| "out of range".into());
                    0.0
                }
            },
        };
        let mut each = base;
        if each > 0.0 && (g.enfilade || enfiladed) {
            each *= f.enfilade.value;
            why.push(|| format!("enfilade, x{} ({})", f.enfilade.value, f.enfilade.label()));
        }
        if each > 0.0 && g.kind == Kind::Battery && s.grand_battery {
            if s.commander_down {
                why.push(|| "Grand Battery without its commander: no bonus (NFF M&C 10b)".into());
            } else {
                each *= f.grand_battery.value;
                why.push(|| {
                    format!(
                        "Grand Battery, x{} ({})",
                        f.grand_battery.value,
                        f.grand_battery.label()
                    )
                });
            }
        }
        let mut group = each * n;
        if group > 0.0 && g.kind == Kind::Battery {
            let q = &f.battery_quality;
            let add = match g.quality {
                Quality::Ordinary => None,
                Quality::BritishKgl => Some(&q.british_kgl),
                Quality::FrenchLine => Some(&q.french_line),
                Quality::YoungGuard => Some(&q.young_guard),
                Quality::OldGuard => Some(&q.old_guard),
            };
            if let Some(a) = add {
                group += a.value * n;
                why.push(|| format!("+{} a battery for its quality ({})", a.value, a.label()));
            }
        }
        let what = match g.kind {
            Kind::Infantry => "infantry",
            Kind::LightCavalry => "light cavalry",
            Kind::Battery => "battery",
        };
        steps.push(|| {
            let mut line = format!("{} {what} stand(s) at {base} each", g.stands);
            for w in why.list {
                line.push_str("; ");
                line.push_str(&w);
            }
            format!("{line}: {}", round_tenth(group))
        });
        total += group;
    }
    if total > 0.0
        && s.target.formation != Formation::Square
        && in_band(s.range, f.skirmish_band.value)
    {
        let m = match s.target.skirmish {
            Skirmish::None => None,
            Skirmish::Semi => Some(&f.skirmish_semi),
            Skirmish::Full => Some(&f.skirmish_full),
        };
        if let Some(m) = m {
            total *= m.value;
            steps.push(|| {
                format!(
                    "the target's skirmishers, x{} ({}): {}",
                    round_tenth(m.value * 100.0) / 100.0,
                    m.label(),
                    round_tenth(total)
                )
            });
        }
    }
    Points {
        total,
        steps: steps.list,
    }
}

fn round_tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

pub struct FireRoll;

impl FireRoll {
    /// The mean of `value` over the odds ([`Resolution::odds`]), counted in plain numbers:
    /// the same throws read from the same table, each distinct result weighed by its share
    /// of the ten faces in the order first met, so the sum is the one the exact odds give.
    /// For an advisor weighing many fires.
    pub fn mean(t: &Tables, s: &Situation, value: impl Fn(&FireResult) -> f64) -> f64 {
        let Some(throws) = Self::throws(t, s) else {
            return value(&FireResult::default());
        };
        let mut seen: smallvec::SmallVec<[(FireResult, u32); 10]> = smallvec::SmallVec::new();
        for r in throws {
            match seen.iter_mut().find(|(o, _)| *o == r) {
                Some(slot) => slot.1 += 1,
                None => seen.push((r, 1)),
            }
        }
        seen.iter()
            .map(|(r, k)| value(r) * (f64::from(*k) / 10.0))
            .sum()
    }

    /// What each face of the d10, 1 to 10, reads off the table; `None` for too few fire
    /// points to fire at all.
    fn throws<'a>(t: &'a Tables, s: &Situation) -> Option<impl Iterator<Item = FireResult> + 'a> {
        let column = t.fire.column(points_total(t, s))?;
        let m = sum(&Self::modifiers_of(t, s));
        Some((1..=10).map(move |face| t.fire.read(column, face + m)))
    }

    /// The die modifiers.
    pub fn modifiers_of(t: &Tables, s: &Situation) -> Vec<Modifier> {
        let f = &t.modifiers.fire;
        let mut m = Vec::new();
        if s.disordered || s.irregular {
            m.push(f.firer_disordered.modifier(if s.irregular {
                "irregulars, always Disordered"
            } else {
                "firing while Disordered"
            }));
        }
        if s.target.changing {
            m.push(
                f.target_changing
                    .modifier("target limbered, changing formation or about-facing"),
            );
        }
        match s.target.cover {
            Level::None => {}
            Level::Light => m.push(f.cover.light.modifier("target in light cover")),
            Level::Medium => m.push(f.cover.medium.modifier("target in medium cover")),
            Level::Heavy => m.push(f.cover.heavy.modifier("target in heavy cover")),
        }
        m
    }
}

impl Resolution<Tables> for FireRoll {
    type Situation = Situation;
    type Outcome = FireResult;

    fn about(&self) -> About {
        About {
            name: "fire",
            title: "Musketry & Cannonade",
            section: RULE,
            modifiers: "NFF M&C Modifiers",
            summary: "what one brigade's or battery's fire does to its target, on the Musketry & Cannonade Table (Grognard's table, not the published one)",
            dice: "1d10",
        }
    }

    fn problems(&self, _: &Tables, s: &Situation) -> Vec<Problem> {
        let mut out = Vec::new();
        if !(s.range.is_finite() && s.range >= 0.0) {
            out.push(Problem::new(
                "range",
                format!("{} is not a range", s.range),
                "give the inches to the target, e.g. 1.5",
            ));
        }
        if s.firers.iter().all(|g| g.stands == 0) {
            out.push(Problem::new(
                "firers",
                "no stand fires",
                "give the firing stands, e.g. firers = [{ kind = \"infantry\", stands = 4 }]",
            ));
        }
        for (i, g) in s.firers.iter().enumerate() {
            if g.kind == Kind::LightCavalry && s.irregular {
                out.push(Problem::new(
                    format!("firers[{i}].kind"),
                    "irregular cavalry never fires mounted (NFF M&C 6)",
                    "leave the irregular cavalry out of the fire",
                ));
            }
            if g.kind != Kind::Battery && s.grand_battery {
                out.push(Problem::new(
                    format!("firers[{i}].kind"),
                    "a Grand Battery is made of batteries alone (NFF Maneuver: Grand Batteries 1)",
                    "give only batteries, or leave grand_battery out",
                ));
            }
        }
        out
    }

    fn modifiers(&self, t: &Tables, s: &Situation) -> Vec<Modifier> {
        Self::modifiers_of(t, s)
    }

    fn resolve(
        &self,
        t: &Tables,
        s: &Situation,
        dice: &mut dyn Dice,
        rolls: &mut Vec<Explanation>,
    ) -> FireResult {
        let p = points(t, s);
        let Some(column) = t.fire.column(p.total) else {
            let mut e = Explanation::new(RULE);
            e.row = format!("{} fire points", round_tenth(p.total)).into();
            e.result = format!("no fire: under {} a fire point", t.fire.minimum).into();
            rolls.push(e);
            return FireResult::default();
        };
        let mut e = d10(
            RULE,
            "musketry and cannonade",
            Self::modifiers_of(t, s),
            dice,
        );
        let r = t.fire.read(column, e.total);
        e.row = format!(
            "{} fire points ({}), {}",
            t.fire.heading(column),
            p.steps.join("; "),
            e.total
        )
        .into();
        e.result = format!("{r} {}", from_table(&t.fire.provenance)).into();
        rolls.push(e);
        r
    }

    fn odds(&self, t: &Tables, s: &Situation) -> Exact<FireResult> {
        let Some(throws) = Self::throws(t, s) else {
            return Exact::certain(FireResult::default());
        };
        let mut out = Exact::new();
        for r in throws {
            out.add(r, Chance::new(1, 10));
        }
        out
    }

    fn counts(&self, r: &FireResult) -> Vec<(&'static str, f64)> {
        vec![("stands lost", f64::from(r.stands))]
    }
}
