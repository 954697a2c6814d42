//! A historical order of battle, as a designer writes it, and its conversion into a ready
//! [`Army`] by chapter II of the book. Every step of the arithmetic is kept as a note, so
//! the designer can check each brigade against the book.
//!
//! ```toml
//! name = "Army of Italy"
//! nation = "France"
//! year = 1809
//! morale = "Average"
//! cinc = "Eugene de Beauharnais"     # rated from the officer ratings, or a table
//!
//! [[commands]]
//! name = "V Corps"
//! commander = "Macdonald"
//!
//! [[commands.divisions]]
//! name = "1st Division"
//! artillery = [6]                      # divisional batteries (pounds): extra s.p.
//!
//! [[commands.divisions.brigades]]
//! type = "Ligne Infantry"              # a type from the national ratings
//! men = 3200
//!
//! [[commands.batteries]]
//! pounds = 12
//! ```

use crate::design::army::{
    self, Army, Battery, Brigade, Cinc, Command, Commander, Division, Kind, Ordnance,
};
use crate::design::ratings::{self, RatedArm};
use crate::design::{self, Mover};
use crate::levels::{Arm, CavalryWeight, GunWeight, Morale, Quality, Rating};
use crate::nation::Nation;
use crate::tables::Tables;
use grognard_engine::files::Problem;
use serde::Deserialize;

/// An order of battle: an army as history records it (men, unit types, guns, officers), from
/// which `grognard design`, or a scenario naming the file, works out a roster by chapter II.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OrderOfBattle {
    /// "napoleons-wars", or left out: the rule set the file is for.
    #[serde(default)]
    pub rules: Option<String>,
    /// The army's name ("Army of Italy").
    pub name: String,
    /// The army's nation: its unit types and officers are looked up in its rating lists.
    pub nation: Nation,
    /// The year of the battle, 1792 to 1815: picks the ratings of that year and sets the
    /// allies' infantry movement ("NW 9.1").
    pub year: u32,
    /// The army's morale: its breaking point, and each command's fatigue level unless the
    /// command gives its own ("NW II 4.0").
    pub morale: Morale,
    /// The commander in chief, rated as an army commander.
    pub cinc: OfficerSpec,
    /// The army's corps, wings or (in a linear army) divisions.
    pub commands: Vec<CommandSpec>,
    /// Brigades under the CinC alone, labelled "1B/Ind" and so on; they maneuver by his
    /// rating ("NW 9.0 C" step 6).
    #[serde(default)]
    pub independent: Vec<BrigadeSpec>,
    /// The army fights with linear divisions ("NW II 3.11"): every command is reckoned as a
    /// division unless it says otherwise.
    #[serde(default)]
    pub linear: bool,
}

/// An officer: a name from the officer ratings, or a table with the rating given.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum OfficerSpec {
    /// A name the officer ratings list ("NW Officer Ratings"), under the army's nation or
    /// another: his rating and valour are taken from there.
    Named(String),
    /// An officer with his rating written out.
    Rated(RatedOfficer),
}

/// An officer rated by the designer ("NW II 3.0"): for one the ratings do not list, or to
/// rate a listed one otherwise for this battle.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RatedOfficer {
    /// His name.
    pub name: String,
    /// His rating; needed unless the officer ratings list him for the post.
    pub rating: Option<Rating>,
    /// Valorous ("V", "NW II 3.2"); left out, as the officer ratings have him (or not).
    pub valorous: Option<bool>,
    /// He is Napoleon: +1 presence, one more ADC and the initiative rules of "NW 6.0".
    #[serde(default)]
    pub napoleon: bool,
}

/// A corps, wing or (in a linear army) division under one commander.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommandSpec {
    /// The command's name ("V Corps"); each command's must differ.
    pub name: String,
    /// The short form for labels; by default the name without "Corps"/"Corp".
    pub short: Option<String>,
    /// Its commander, rated as a corps or division commander.
    pub commander: OfficerSpec,
    /// How its commander's range is reckoned: "corps" unless the army is `linear`; give
    /// "division" for an Ottoman wing ("NW II 3.11").
    pub kind: Option<Kind>,
    /// Its morale, when it differs from the army's ("NW II 4.0").
    pub morale: Option<Morale>,
    /// Its divisions of brigades, numbered in the labels in this order.
    pub divisions: Vec<DivisionSpec>,
    /// Batteries on their own bases: corps or army reserve guns, and horse guns with
    /// cavalry ("NW II 2.7").
    #[serde(default)]
    pub batteries: Vec<BatterySpec>,
}

/// A division of a command and its brigades.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DivisionSpec {
    /// The division's name ("1st Division"); each division of a command needs its own.
    pub name: String,
    /// Pounds of each battery serving with the division; shared out as s.p. ("NW II 2.5").
    #[serde(default)]
    pub artillery: Vec<u32>,
    /// Generals named for the division; otherwise the army's generals are assigned to the
    /// largest divisions first (ruling N20).
    #[serde(default)]
    pub generals: Vec<String>,
    /// Its brigades, numbered in the labels in this order.
    pub brigades: Vec<BrigadeSpec>,
}

/// A brigade: its type, its men, and anything the ratings leave to the designer.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BrigadeSpec {
    /// A unit type of the national ratings; or, with `arm` given, the designer's own name.
    #[serde(rename = "type")]
    pub kind: String,
    /// A type the ratings do not list: "infantry" or "cavalry", with `quality` (and
    /// `weight` for cavalry) given by the designer.
    pub arm: Option<Arm>,
    /// Cavalry's weight, for a type of the designer's own ("NW 2.0").
    pub weight: Option<CavalryWeight>,
    /// Armored cavalry, for a type of the designer's own; listed types take it from the
    /// ratings.
    #[serde(default)]
    pub armored: bool,
    /// Men, or horsemen for cavalry: with the quality, they give its s.p. ("NW II 2.1").
    pub men: u32,
    /// Horsemen of a mixed infantry brigade, counted as infantry ("NW II 2.4").
    #[serde(default)]
    pub cavalry_men: u32,
    /// A historical name, carried to the roster and its printed sheet.
    pub name: Option<String>,
    /// A contingent of another nation.
    pub nation: Option<Nation>,
    /// Whom a contingent fights beside, for its movement ("NW 9.1", ruling N7).
    pub allied_to: Option<Nation>,
    /// Required where the ratings offer a choice of levels.
    pub quality: Option<Quality>,
    /// The qualities of its battalions, averaged instead ("NW II 2.1").
    #[serde(default)]
    pub battalions: Vec<Quality>,
    /// Light battalions among `battalions`, for its skirmish rating ("NW II 2.8").
    pub light_battalions: Option<u32>,
    /// Its skirmish rating, 0 to 2, given outright instead of the ratings' or the light
    /// battalions' ("NW II 2.8").
    pub sk: Option<u8>,
    /// A French unit serving in Spain: one quality level better (France's "NW National Unit
    /// Ratings").
    #[serde(default)]
    pub in_spain: bool,
}

/// A battery on its own base ("NW II 2.7"), labelled "V Corp, 12 lb, Foot" from its command.
#[derive(Debug, Clone, PartialEq, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BatterySpec {
    /// Pounds of shot, which give its weight: 3-4 light, 6-9 medium, 10-24 heavy (ruling
    /// N45).
    pub pounds: u32,
    /// Horse artillery; otherwise foot.
    #[serde(default)]
    pub horse: bool,
    /// What it fires; rockets are always horse.
    #[serde(default)]
    pub ordnance: Ordnance,
    /// A contingent's battery: its nation, if not the army's.
    pub nation: Option<Nation>,
    /// Cossack artillery: Russian horse guns serving with the Cossacks, which fire at -1 as
    /// Ottoman guns do ("NW Fire Modifiers", ruling N52).
    #[serde(default)]
    pub cossack: bool,
    /// French Old Guard foot artillery: moves its whole allowance after firing ("NW 9.2").
    #[serde(default)]
    pub old_guard: bool,
}

/// A designed army with the working behind it.
#[derive(Debug, Clone, PartialEq)]
pub struct Designed {
    pub army: Army,
    /// One line for each figure worked out, citing the book.
    pub notes: Vec<String>,
}

struct Ctx<'a> {
    t: &'a Tables,
    year: u32,
    problems: Vec<Problem>,
    notes: Vec<String>,
}

impl Ctx<'_> {
    fn problem(&mut self, path: String, message: String, hint: impl Into<String>) {
        self.problems.push(Problem::new(path, message, hint));
    }
}

fn officer(
    cx: &mut Ctx,
    spec: &OfficerSpec,
    nation: Nation,
    as_cinc: bool,
    path: String,
) -> Option<(String, Rating, bool, bool)> {
    let (name, rating, valorous, napoleon) = match spec {
        OfficerSpec::Named(n) => (n.clone(), None, None, false),
        OfficerSpec::Rated(r) => (r.name.clone(), r.rating, r.valorous, r.napoleon),
    };
    let found = ratings::find_officer(Some(nation), &name)
        .or_else(|_| ratings::find_officer(None, &name))
        .ok();
    let listed = found.and_then(|o| if as_cinc { o.army } else { o.command });
    let rating = match rating.or(listed) {
        Some(r) => r,
        None => {
            let why = match found {
                Some(_) => format!(
                    "{name} has no rating as {} in the officer ratings",
                    if as_cinc {
                        "an army commander"
                    } else {
                        "a corps or division commander"
                    }
                ),
                None => format!("{name} is not in the officer ratings"),
            };
            cx.problem(
                path,
                why,
                "give the officer as a table: { name = \"...\", rating = \"Good\" }",
            );
            return None;
        }
    };
    let valorous = valorous.unwrap_or(found.is_some_and(|o| o.valorous));
    let napoleon = napoleon || found.is_some_and(|o| o.napoleon);
    Some((name, rating, valorous, napoleon))
}

fn short_of(name: &str) -> String {
    let n = name.trim();
    for suffix in [" Corps", " Corp", " corps", " Wing", " wing"] {
        if let Some(s) = n.strip_suffix(suffix) {
            return s.trim().to_string();
        }
    }
    n.to_string()
}

fn brigade(
    cx: &mut Ctx,
    spec: &BrigadeSpec,
    army_nation: Nation,
    label: String,
    extra_sp: u32,
    path: &str,
) -> Vec<Brigade> {
    let nation = spec.nation.unwrap_or(army_nation);
    if let Some(arm) = spec.arm {
        return custom_brigade(cx, spec, nation, arm, label, extra_sp, path);
    }
    // Infantry first, then cavalry: the names rarely clash.
    let mut adjust = None;
    let row = match (
        ratings::find_unit(nation, RatedArm::Infantry, &spec.kind, cx.year),
        ratings::find_unit(nation, RatedArm::Cavalry, &spec.kind, cx.year),
    ) {
        (Ok(r), _) | (_, Ok(r)) => r,
        (Err(inf), Err(cav)) => {
            // A listed cavalry type under one of the book's blanket adjustments: French
            // "Provisional" cavalry, Prussian "Guard" cavalry ("NW National Unit Ratings").
            if let Some((r, a)) = adjusted_cavalry(nation, &spec.kind, cx.year) {
                adjust = Some(a);
                r
            } else {
                // A type that exists in other years says so; otherwise list every type.
                let message = match (&inf, &cav) {
                    (e @ ratings::Lookup::WrongYear { .. }, _)
                    | (_, e @ ratings::Lookup::WrongYear { .. }) => e.to_string(),
                    (
                        ratings::Lookup::NoType { known: a, .. },
                        ratings::Lookup::NoType { known: b, .. },
                    ) => format!(
                        "{nation} has no unit type named \"{}\"; infantry: {a}; cavalry: {b}",
                        spec.kind
                    ),
                    _ => inf.to_string(),
                };
                cx.problem(
                    format!("{path}.type"),
                    message,
                    "names follow the book's National Unit Ratings for the nation and year",
                );
                return Vec::new();
            }
        }
    };
    let cavalry = row.arm == RatedArm::Cavalry;
    let quality = choose_quality(cx, spec, &row.quality, &row.name, nation, &label, path);
    let quality = match (quality, adjust) {
        (Some(q), Some(a)) => {
            let to = if a.better { q.better() } else { q.worse() };
            cx.notes.push(format!(
                "{label}: {} is {} {q}, {}: {to} (NW National Unit Ratings, {nation})",
                spec.kind, row.name, a.why
            ));
            Some(to)
        }
        (q, _) => q,
    };
    let Some(quality) = quality else {
        return Vec::new();
    };
    let facts = Facts {
        nation,
        cavalry,
        quality,
        sk: row.skirmish,
        weight: row.weight,
        armored: row.armored,
    };
    finish_brigade(cx, spec, facts, label, extra_sp, path)
}

/// A blanket adjustment of a listed type's quality by one level.
#[derive(Debug, Clone, Copy)]
struct Adjust {
    better: bool,
    why: &'static str,
}

/// A cavalry type named with the prefix one of the book's blanket adjustments uses: French
/// cavalry "listed as Provisional" is one level worse, Prussian "Guard class" cavalry one
/// level better (Guard Uhlans are Elite). The rest of the name must be a listed type.
fn adjusted_cavalry(
    nation: Nation,
    kind: &str,
    year: u32,
) -> Option<(&'static ratings::UnitRating, Adjust)> {
    let (prefix, adjust) = match nation {
        Nation::France => (
            "provisional ",
            Adjust {
                better: false,
                why: "Provisional cavalry, one level lower",
            },
        ),
        Nation::Prussia => (
            "guard ",
            Adjust {
                better: true,
                why: "Guard class cavalry, one level higher",
            },
        ),
        _ => return None,
    };
    let k = kind.trim();
    let head = k.get(..prefix.len())?;
    if !head.eq_ignore_ascii_case(prefix) {
        return None;
    }
    let base = k[prefix.len()..].trim();
    if base.is_empty() {
        return None;
    }
    let row = ratings::find_unit(nation, RatedArm::Cavalry, base, year).ok()?;
    Some((row, adjust))
}

/// What a brigade's type gives it, from the ratings or from the designer.
struct Facts {
    nation: Nation,
    cavalry: bool,
    quality: Quality,
    sk: u8,
    weight: Option<CavalryWeight>,
    armored: bool,
}

fn custom_brigade(
    cx: &mut Ctx,
    spec: &BrigadeSpec,
    nation: Nation,
    arm: Arm,
    label: String,
    extra_sp: u32,
    path: &str,
) -> Vec<Brigade> {
    let cavalry = match arm {
        Arm::Infantry => false,
        Arm::Cavalry => true,
        Arm::Artillery => {
            cx.problem(
                format!("{path}.arm"),
                "a brigade is infantry or cavalry".into(),
                "batteries go under [[commands.batteries]] with their pounds",
            );
            return Vec::new();
        }
    };
    let Some(quality) = spec.quality.or(design::average_quality(&spec.battalions)) else {
        cx.problem(
            format!("{path}.quality"),
            format!(
                "\"{}\" is the designer's own type, so its quality must be given",
                spec.kind
            ),
            "add quality = \"Line\" (Guard, Elite, Veteran, Line, Conscript or Militia)",
        );
        return Vec::new();
    };
    if cavalry && spec.weight.is_none() {
        cx.problem(
            format!("{path}.weight"),
            "a cavalry type of the designer's own needs its weight".into(),
            "add weight = \"Light\", \"Medium\" or \"Heavy\"",
        );
        return Vec::new();
    }
    cx.notes
        .push(format!("{label}: {} is the designer's own type", spec.kind));
    let facts = Facts {
        nation,
        cavalry,
        quality,
        sk: spec.sk.unwrap_or(0),
        weight: if cavalry { spec.weight } else { None },
        armored: spec.armored,
    };
    finish_brigade(cx, spec, facts, label, extra_sp, path)
}

fn choose_quality(
    cx: &mut Ctx,
    spec: &BrigadeSpec,
    offered: &[Quality],
    type_name: &str,
    nation: Nation,
    label: &str,
    path: &str,
) -> Option<Quality> {
    let quality = if !spec.battalions.is_empty() {
        let q = design::average_quality(&spec.battalions).expect("not empty");
        cx.notes
            .push(format!("{label}: battalions average {q} (NW II 2.1)"));
        q
    } else if let Some(q) = spec.quality {
        if !offered.contains(&q) {
            cx.notes.push(format!(
                "{label}: {q} chosen where the ratings suggest {}",
                list(offered)
            ));
        }
        q
    } else if offered.len() == 1 {
        offered[0]
    } else {
        cx.problem(
            format!("{path}.type"),
            format!("{nation} {type_name} may be {}", list(offered)),
            "choose one with quality = \"...\"",
        );
        return None;
    };
    Some(if spec.in_spain && nation == Nation::France {
        cx.notes
            .push(format!("{label}: serving in Spain, one level better"));
        quality.better()
    } else {
        quality
    })
}

fn finish_brigade(
    cx: &mut Ctx,
    spec: &BrigadeSpec,
    facts: Facts,
    label: String,
    extra_sp: u32,
    path: &str,
) -> Vec<Brigade> {
    let t = cx.t;
    let Facts {
        nation,
        cavalry,
        quality,
        sk: rated_sk,
        weight,
        armored,
    } = facts;
    let mixed = spec.cavalry_men > 0;
    if mixed && cavalry {
        cx.problem(
            format!("{path}.cavalry_men"),
            "only an infantry brigade can be mixed (MX)".into(),
            "remove cavalry_men, or give an infantry type",
        );
        return Vec::new();
    }
    let men = spec.men + spec.cavalry_men;
    let base_sp = design::strength_points(&t.design, men, quality, cavalry);
    let per = t.design.men_per_sp(cavalry, quality);
    cx.notes.push(format!(
        "{label}: {men} men / {per} a s.p. ({quality} {}) = {base_sp} s.p. (NW II 2.1)",
        if cavalry { "cavalry" } else { "infantry" }
    ));
    let sp = base_sp + extra_sp;
    if extra_sp > 0 {
        cx.notes.push(format!(
            "{label}: +{extra_sp} s.p. of divisional artillery (NW II 2.5)"
        ));
    }
    if sp < 2 {
        cx.problem(
            format!("{path}.men"),
            format!("{men} men make only {sp} s.p.; the fatigue chart starts at 2"),
            "merge the brigade with another, or check the number of men",
        );
        return Vec::new();
    }
    let sk = match (spec.sk, spec.light_battalions) {
        (Some(sk), _) => sk.min(2),
        (None, Some(light)) => {
            let total = (spec.battalions.len() as u32).max(light);
            design::skirmish_rating(&t.design, nation, total, light)
        }
        (None, None) => rated_sk,
    };
    let movement = design::movement_allowance(
        &t.movement,
        if cavalry {
            Mover::Cavalry(weight.unwrap_or(CavalryWeight::Light))
        } else {
            Mover::Infantry {
                nation,
                allied_to: spec.allied_to,
            }
        },
        cx.year,
    );
    // Cossacks, Yuruks, Bedouin and Arabs are the skirmishing light horse; militia cavalry
    // is any cavalry of Militia class, whatever its weight ("NW 7.9", "NW II 3.12", ruling
    // N19).
    let irregular = cavalry
        && (quality == Quality::Militia || (rated_sk > 0 && weight == Some(CavalryWeight::Light)));
    let parts = design::split_brigade(&t.design, sp);
    if parts.len() > 1 {
        cx.notes.push(format!(
            "{label}: {sp} s.p. is over {}, split into {} (NW II 2.2)",
            t.design.max_sp,
            parts
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ));
    }
    let n = parts.len();
    parts
        .into_iter()
        .enumerate()
        .map(|(i, sp)| Brigade {
            label: if n > 1 {
                format!("{label}{}", (b'a' + i as u8) as char)
            } else {
                label.clone()
            },
            name: spec.name.clone(),
            nation,
            arm: if cavalry { Arm::Cavalry } else { Arm::Infantry },
            quality,
            sp,
            fatigue: t.design.fatigue_levels(sp, quality).expect("2 to 12 s.p."),
            sk,
            mixed,
            weight,
            armored,
            irregular,
            movement,
        })
        .collect()
}

fn list(qs: &[Quality]) -> String {
    qs.iter()
        .map(|q| q.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

fn battery(cx: &mut Ctx, spec: &BatterySpec, nation: Nation, short: &str) -> Battery {
    // Howitzer batteries: the book's Prussian foot howitzers are heavy, the Swedish horse
    // howitzers light; rockets move as horse ("NW Optional rules 3.0, 4.0", ruling N33).
    let horse = spec.horse || spec.ordnance == Ordnance::Rockets;
    let weight = match spec.ordnance {
        Ordnance::Howitzers if horse => GunWeight::Light,
        Ordnance::Howitzers => GunWeight::Heavy,
        _ => GunWeight::from_pounds(spec.pounds),
    };
    let what = format!(
        "{short} Corp, {} lb, {}",
        spec.pounds,
        if horse { "Horse" } else { "Foot" }
    );
    match spec.ordnance {
        Ordnance::Guns => {}
        Ordnance::Howitzers => cx.notes.push(format!(
            "{what}, Howitzers: fires over any unit, as a {} {} battery (NW Optional rules 3.0)",
            if horse { "light" } else { "heavy" },
            if horse { "horse" } else { "foot" }
        )),
        Ordnance::Rockets => cx.notes.push(format!(
            "{what}, Rockets: moves as horse, fires over enemy units to 12\", 1d6 fire points (2d6 against cavalry), no final fire (NW Optional rules 4.0)"
        )),
    }
    let movement = design::movement_allowance(
        &cx.t.movement,
        if horse {
            Mover::HorseArtillery
        } else {
            Mover::FootArtillery
        },
        cx.year,
    );
    let mut label = what;
    match spec.ordnance {
        Ordnance::Guns => {}
        Ordnance::Howitzers => label.push_str(", Howitzers"),
        Ordnance::Rockets => label.push_str(", Rockets"),
    }
    Battery {
        label,
        nation: spec.nation.unwrap_or(nation),
        weight,
        pounds: spec.pounds,
        horse,
        ordnance: spec.ordnance,
        cossack: spec.cossack,
        old_guard: spec.old_guard,
        movement,
    }
}

/// Batteries of one command with the same weight and kind would share a label ("IV Corp,
/// 6 lb, Horse"); each of them gets a numeral after it, so every piece on the table has a
/// label of its own to be placed and named by ("NW 2.0").
fn number_alike(batteries: &mut [Battery], notes: &mut Vec<String>) {
    let labels: Vec<String> = batteries.iter().map(|b| b.label.clone()).collect();
    for (i, b) in batteries.iter_mut().enumerate() {
        let same = labels.iter().filter(|l| **l == labels[i]).count();
        if same > 1 {
            let n = labels[..i].iter().filter(|l| **l == labels[i]).count() + 1;
            b.label = format!("{} ({n})", labels[i]);
            if n == 1 {
                notes.push(format!(
                    "{}: {same} batteries alike, numbered (1) to ({same}) to tell them apart",
                    labels[i]
                ));
            }
        }
    }
}

/// Most men in one brigade entry: three times the largest brigade the book suggests
/// ("NW II 2.1": 1,500 to 4,000 infantry); larger formations are divisions.
pub const MAX_BRIGADE_MEN: u32 = 12_000;
/// Most men in one army: more than either host at Leipzig, the largest battle of the wars.
pub const MAX_ARMY_MEN: u64 = 500_000;
/// Most battalions listed for one brigade.
pub const MAX_BATTALIONS: usize = 24;
/// Most batteries serving with one division ("NW II 2.5": usually one).
pub const MAX_DIVISION_ARTILLERY: usize = 8;

fn officer_name(spec: &OfficerSpec) -> &str {
    match spec {
        OfficerSpec::Named(n) => n,
        OfficerSpec::Rated(r) => &r.name,
    }
}

/// The shape of an order of battle, checked before anything is designed from it: the rule
/// set it names, its names, and every count and size bounded. With `true`, a count or size
/// is out of bounds and nothing may be designed from the file; otherwise the design goes on
/// and adds its own problems to these.
fn structure(oob: &OrderOfBattle) -> (Vec<Problem>, bool) {
    use crate::design::validate::{self, text};
    let mut out = Vec::new();
    // Names are plain text, and problems with them end the checks here: the design's own
    // messages would show them as written.
    let mut fatal = false;
    if let Some(r) = oob.rules.as_deref().filter(|r| *r != "napoleons-wars") {
        let other = match r {
            "two-by-two" => {
                "; a \"2 by 2 Napoleonic's\" army list is checked with --rules two-by-two"
            }
            _ => "",
        };
        out.push(Problem::new(
            "rules",
            format!(
                "an order of battle is for \"Napoleon's Wars\" (napoleons-wars), not {}",
                format_args!("{r:?}")
            ),
            format!("write rules = \"napoleons-wars\", or leave it out{other}"),
        ));
    }
    fatal |= !text(&mut out, "name", &oob.name, "the army's name");
    if !validate::YEARS.contains(&oob.year) {
        out.push(Problem::new(
            "year",
            format!("{} is not a year of the wars the book covers", oob.year),
            format!(
                "the book's wars and ratings run from {} to {}",
                validate::YEARS.start(),
                validate::YEARS.end()
            ),
        ));
    }
    let cinc = officer_name(&oob.cinc);
    fatal |= !text(&mut out, "cinc", cinc, "the CinC's name");
    if oob.commands.is_empty() {
        out.push(Problem::new(
            "commands",
            "an order of battle with no commands",
            "add a [[commands]] with its name, commander and [[commands.divisions]] of brigades",
        ));
    }
    let count =
        |out: &mut Vec<Problem>, path: String, n: usize, max: usize, what: &str, hint: &str| {
            if n > max {
                out.push(Problem::new(
                    path,
                    format!("{n} {what}, more than {max}"),
                    hint.to_string(),
                ));
                false
            } else {
                true
            }
        };
    let ok = count(
        &mut out,
        "commands".into(),
        oob.commands.len(),
        validate::MAX_COMMANDS,
        "commands",
        "an army has a few corps or wings; split a larger host into two armies",
    ) & count(
        &mut out,
        "independent".into(),
        oob.independent.len(),
        validate::MAX_INDEPENDENT,
        "independent brigades",
        "put brigades under commanders in [[commands]]",
    );
    if !ok {
        return (out, true);
    }
    // Officers by name, with where each is written: every officer needs a name of his own,
    // for the roster's labels and the scenario's placements. A commander named twice, or
    // as the CinC, gets a figure named for his command (ruling N47); a general may not
    // share another officer's name.
    let mut officers: Vec<(String, String)> = vec![(cinc.trim().to_string(), "cinc".into())];
    for (ci, c) in oob.commands.iter().enumerate() {
        let name = officer_name(&c.commander).trim().to_string();
        officers.push((name, format!("commands[{ci}].commander")));
    }
    let is_adc = |name: &str| {
        name.trim()
            .strip_prefix("ADC ")
            .is_some_and(|n| n.trim().parse::<u32>().is_ok())
    };
    for (name, path) in &officers {
        if is_adc(name) {
            out.push(Problem::new(
                path.clone(),
                format!("{name:?} is the name the army's ADCs are given"),
                "name the officer otherwise",
            ));
        }
    }
    let mut officer = |out: &mut Vec<Problem>, name: &str, path: String| {
        let name = name.trim();
        if let Some((_, first)) = officers.iter().find(|(n, _)| n == name) {
            out.push(Problem::new(
                path,
                format!("{name:?} is also the officer at {first}"),
                "every officer of an army needs a name of his own: the roster and the scenario's placements know him by it",
            ));
        } else if is_adc(name) {
            out.push(Problem::new(
                path,
                format!("{name:?} is the name the army's ADCs are given"),
                "name the officer otherwise",
            ));
        } else {
            officers.push((name.to_string(), path));
        }
    };
    let mut men: u64 = 0;
    let mut names: Vec<&str> = Vec::new();
    let mut shorts: Vec<(String, usize)> = Vec::new();
    for (ci, c) in oob.commands.iter().enumerate() {
        let path = format!("commands[{ci}]");
        fatal |= !text(
            &mut out,
            format!("{path}.name"),
            &c.name,
            "a command's name",
        );
        if let Some(first) = names.iter().position(|n| *n == c.name.trim()) {
            out.push(Problem::new(
                format!("{path}.name"),
                format!("commands {first} and {ci} are both called {:?}", c.name),
                "give each command a name of its own: its brigades' labels are made from it",
            ));
        }
        names.push(c.name.trim());
        let short = c.short.clone().unwrap_or_else(|| short_of(&c.name));
        let short_path = if c.short.is_some() {
            format!("{path}.short")
        } else {
            format!("{path}.name")
        };
        fatal |= !text(
            &mut out,
            short_path.clone(),
            &short,
            "a command's short name",
        );
        if let Some((_, first)) = shorts.iter().find(|(s, _)| *s == short) {
            out.push(Problem::new(
                short_path,
                format!(
                    "commands {first} and {ci} both have the short name {short:?}, so their brigades would share labels"
                ),
                "give one of them short = \"...\" of its own (\"NW 2.0\": \"1B/1/IV\")",
            ));
        }
        shorts.push((short, ci));
        let commander = officer_name(&c.commander);
        fatal |= !text(
            &mut out,
            format!("{path}.commander"),
            commander,
            "a commander's name",
        );
        let ok = count(
            &mut out,
            format!("{path}.divisions"),
            c.divisions.len(),
            validate::MAX_DIVISIONS,
            "divisions",
            "split the command in two",
        ) & count(
            &mut out,
            format!("{path}.batteries"),
            c.batteries.len(),
            validate::MAX_BATTERIES,
            "batteries",
            "give batteries to other commands, or split the command",
        );
        if !ok {
            fatal = true;
            continue;
        }
        for (bi, b) in c.batteries.iter().enumerate() {
            let bp = format!("{path}.batteries[{bi}]");
            if !validate::pounds_ok(b.pounds) {
                out.push(Problem::new(
                    format!("{bp}.pounds"),
                    format!("{} lb guns", b.pounds),
                    validate::POUNDS_HINT,
                ));
            }
            let nation = b.nation.unwrap_or(oob.nation);
            let horse = b.horse || b.ordnance == Ordnance::Rockets;
            validate::battery_markings(&mut out, &bp, nation, horse, b.cossack, b.old_guard);
        }
        let mut divisions: Vec<&str> = Vec::new();
        for (di, d) in c.divisions.iter().enumerate() {
            let dp = format!("{path}.divisions[{di}]");
            fatal |= !text(&mut out, format!("{dp}.name"), &d.name, "a division's name");
            if let Some(first) = divisions.iter().position(|n| *n == d.name.trim()) {
                out.push(Problem::new(
                    format!("{dp}.name"),
                    format!(
                        "divisions {first} and {di} of {:?} are both called {:?}",
                        c.name, d.name
                    ),
                    "give each division of a command a name of its own",
                ));
            }
            divisions.push(d.name.trim());
            if d.brigades.is_empty() {
                out.push(Problem::new(
                    format!("{dp}.brigades"),
                    format!("the division {:?} has no brigades", d.name),
                    "give it [[commands.divisions.brigades]], or remove it; batteries on their own bases go under [[commands.batteries]]",
                ));
            }
            let ok = count(
                &mut out,
                format!("{dp}.brigades"),
                d.brigades.len(),
                validate::MAX_BRIGADES,
                "brigades",
                "split the division",
            ) & count(
                &mut out,
                format!("{dp}.artillery"),
                d.artillery.len(),
                MAX_DIVISION_ARTILLERY,
                "divisional batteries",
                "a division usually has one battery (\"NW II 2.5\"); put the rest under [[commands.batteries]]",
            ) & count(
                &mut out,
                format!("{dp}.generals"),
                d.generals.len(),
                validate::MAX_GENERALS,
                "generals",
                "a division has one general, or a few by special rules (\"NW II 3.3\")",
            );
            if !ok {
                fatal = true;
                continue;
            }
            for (ai, p) in d.artillery.iter().enumerate() {
                if !validate::pounds_ok(*p) {
                    out.push(Problem::new(
                        format!("{dp}.artillery[{ai}]"),
                        format!("a {p} lb battery"),
                        validate::POUNDS_HINT,
                    ));
                }
            }
            for (gi, g) in d.generals.iter().enumerate() {
                let gp = format!("{dp}.generals[{gi}]");
                fatal |= !text(&mut out, gp.clone(), g, "a general's name");
                officer(&mut out, g, gp);
            }
            for (bi, b) in d.brigades.iter().enumerate() {
                let (m, bad) = brigade_shape(&mut out, b, &format!("{dp}.brigades[{bi}]"));
                men += m;
                fatal |= bad;
            }
        }
    }
    for (bi, b) in oob.independent.iter().enumerate() {
        let (m, bad) = brigade_shape(&mut out, b, &format!("independent[{bi}]"));
        men += m;
        fatal |= bad;
    }
    if men > MAX_ARMY_MEN {
        out.push(Problem::new(
            "commands",
            format!("{men} men in the army, more than {MAX_ARMY_MEN}"),
            "no army of the wars fielded more on one battlefield: check the numbers of men, or split the host",
        ));
        fatal = true;
    }
    (out, fatal)
}

/// A brigade's names and counts; its men, to be added up for the army, and whether a count
/// is out of bounds.
fn brigade_shape(out: &mut Vec<Problem>, b: &BrigadeSpec, path: &str) -> (u64, bool) {
    use crate::design::validate::text;
    let mut fatal = !text(out, format!("{path}.type"), &b.kind, "a brigade's type");
    if let Some(n) = &b.name {
        fatal |= !text(out, format!("{path}.name"), n, "a brigade's name");
    }
    let hint = format!(
        "a brigade held 1,500 to 4,000 infantry or 1,000 to 2,500 horse (\"NW II 2.1\"); give a larger formation as several brigades, up to {MAX_BRIGADE_MEN} men each"
    );
    for (field, n) in [("men", b.men), ("cavalry_men", b.cavalry_men)] {
        if n > MAX_BRIGADE_MEN {
            out.push(Problem::new(
                format!("{path}.{field}"),
                format!("{n} men in one brigade, more than {MAX_BRIGADE_MEN}"),
                hint.clone(),
            ));
            return (0, true);
        }
    }
    let men = b.men + b.cavalry_men;
    if men > MAX_BRIGADE_MEN {
        fatal = true;
        out.push(Problem::new(
            format!("{path}.cavalry_men"),
            format!(
                "{} men and {} horsemen in one brigade, more than {MAX_BRIGADE_MEN} together",
                b.men, b.cavalry_men
            ),
            hint,
        ));
    }
    if b.battalions.len() > MAX_BATTALIONS {
        fatal = true;
        out.push(Problem::new(
            format!("{path}.battalions"),
            format!(
                "{} battalions in one brigade, more than {MAX_BATTALIONS}",
                b.battalions.len()
            ),
            "a brigade had two to eight battalions: list the qualities of its own",
        ));
    } else if let Some(light) = b.light_battalions {
        let of = if b.battalions.is_empty() {
            MAX_BATTALIONS
        } else {
            b.battalions.len()
        };
        if light as usize > of {
            out.push(Problem::new(
                format!("{path}.light_battalions"),
                if b.battalions.is_empty() {
                    format!("{light} light battalions in one brigade, more than {MAX_BATTALIONS}")
                } else {
                    format!("{light} light battalions among {of} battalions")
                },
                "count the light battalions (jagers, grenzers, legere, rifles) among those in battalions (\"NW II 2.8\")",
            ));
        }
    }
    if let Some(sk) = b.sk.filter(|sk| *sk > 2) {
        out.push(Problem::new(
            format!("{path}.sk"),
            format!("a skirmish rating of SK{sk}"),
            "ratings are 0, 1 or 2 (\"NW II 2.8\")",
        ));
    }
    (u64::from(men), fatal)
}

/// Turn an order of battle into an army, or say what is wrong with it (by field path).
pub fn design(t: &Tables, oob: &OrderOfBattle) -> Result<Designed, Vec<Problem>> {
    let (shape, fatal) = structure(oob);
    if fatal {
        return Err(shape);
    }
    let mut cx = Ctx {
        t,
        year: oob.year,
        problems: shape,
        notes: Vec::new(),
    };
    let Some((cinc_name, cinc_rating, cinc_v, napoleon)) =
        officer(&mut cx, &oob.cinc, oob.nation, true, "cinc".into())
    else {
        return Err(cx.problems);
    };
    let presence = design::presence(&t.design, cinc_rating, napoleon);
    let mut commands = Vec::new();
    let mut taken = vec![cinc_name.clone()];
    for (ci, c) in oob.commands.iter().enumerate() {
        let path = format!("commands[{ci}]");
        let short = c.short.clone().unwrap_or_else(|| short_of(&c.name));
        let mut divisions = Vec::new();
        for (di, d) in c.divisions.iter().enumerate() {
            let weights: Vec<GunWeight> = d
                .artillery
                .iter()
                .map(|p| GunWeight::from_pounds(*p))
                .collect();
            let extra = design::divisional_artillery(&t.design, &weights, d.brigades.len());
            let mut brigades = Vec::new();
            for (bi, b) in d.brigades.iter().enumerate() {
                let label = format!("{}B/{}/{}", bi + 1, di + 1, short);
                let bpath = format!("{path}.divisions[{di}].brigades[{bi}]");
                brigades.extend(brigade(&mut cx, b, oob.nation, label, extra[bi], &bpath));
            }
            divisions.push(Division {
                name: d.name.clone(),
                generals: d.generals.clone(),
                brigades,
            });
        }
        let mut batteries: Vec<Battery> = c
            .batteries
            .iter()
            .map(|b| battery(&mut cx, b, oob.nation, &short))
            .collect();
        number_alike(&mut batteries, &mut cx.notes);
        let Some((name, rating, valorous, _)) = officer(
            &mut cx,
            &c.commander,
            oob.nation,
            false,
            format!("{path}.commander"),
        ) else {
            continue;
        };
        if c.divisions.is_empty() && c.batteries.is_empty() {
            cx.problem(
                format!("{path}.divisions"),
                format!("the command {:?} has no brigades or batteries", c.name),
                "give it [[commands.divisions]] of brigades, or [[commands.batteries]], or remove it",
            );
            continue;
        }
        // An officer who leads the army or another command as well has a figure for each
        // post; this one is named for its command, so that each can be placed (ruling N47).
        let name = if taken.contains(&name) {
            let own = format!("{name} ({})", c.name.trim());
            cx.notes.push(format!(
                "{}: {name} holds another post too; the command's figure is named {own:?} (ruling N47)",
                c.name
            ));
            own
        } else {
            name
        };
        taken.push(name.clone());
        let kind = c.kind.unwrap_or(if oob.linear {
            Kind::Division
        } else {
            Kind::Corps
        });
        let morale = c.morale.unwrap_or(oob.morale);
        let mut command = Command {
            name: c.name.clone(),
            short,
            kind,
            commander: Commander {
                name,
                rating,
                valorous,
                basic_range: 0.0,
                range: 0.0,
            },
            morale,
            fatigue: 0,
            divisions,
            batteries,
        };
        let units = command.units();
        if units as usize > crate::design::validate::MAX_COMMAND_UNITS {
            cx.problem(
                path,
                format!(
                    "{units} brigades and batteries under one commander, more than {}",
                    crate::design::validate::MAX_COMMAND_UNITS
                ),
                "split the command in two",
            );
            continue;
        }
        let (basic, range) =
            design::command_range(&t.design, oob.nation, rating, kind.into(), units);
        command.commander.basic_range = basic;
        command.commander.range = range;
        command.fatigue = design::fatigue_threshold(&t.design, morale, units);
        cx.notes.push(format!(
            "{}: {} units, range {}\" + {}\" = {}\" (NW II 3.1); fatigued after {} losses ({:?} morale, NW II 4.0)",
            command.name,
            units,
            army::fmt_inches(basic),
            army::fmt_inches(range - basic),
            army::fmt_inches(range),
            command.fatigue,
            morale
        ));
        commands.push(command);
    }
    let mut independent = Vec::new();
    for (bi, b) in oob.independent.iter().enumerate() {
        let label = format!("{}B/Ind", bi + 1);
        independent.extend(brigade(
            &mut cx,
            b,
            oob.nation,
            label,
            0,
            &format!("independent[{bi}]"),
        ));
    }
    if !cx.problems.is_empty() {
        return Err(cx.problems);
    }
    let mut army = Army {
        rules: Some("napoleons-wars".into()),
        name: oob.name.clone(),
        nation: oob.nation,
        year: oob.year,
        morale: oob.morale,
        cinc: Cinc {
            name: cinc_name,
            rating: cinc_rating,
            presence,
            napoleon,
            valorous: cinc_v,
        },
        fatigue: 0,
        adcs: design::adcs(&t.design, cinc_rating, napoleon),
        commands,
        independent,
    };
    if army.units() as usize > crate::design::validate::MAX_UNITS {
        return Err(vec![Problem::new(
            "commands",
            format!(
                "{} brigades and batteries in one army, more than {}",
                army.units(),
                crate::design::validate::MAX_UNITS
            ),
            "split the host into two armies",
        )]);
    }
    // Irregular horse never count against the army's fatigue (NW II 3.12, ruling N40).
    let counted = army.fatigue_units();
    army.fatigue = design::fatigue_threshold(&t.design, army.morale, counted);
    assign_generals(t, &mut army, &mut cx.notes);
    let irregular = army.units() - counted;
    cx.notes.push(format!(
        "army: {} units{}, breaks after {} losses; {} ADC(s) for a {} CinC{} (NW II 3.3, 3.12, 4.0)",
        counted,
        if irregular > 0 {
            format!(" (and {irregular} of irregular horse, not counted)")
        } else {
            String::new()
        },
        army.fatigue,
        army.adcs,
        army.cinc.rating,
        if napoleon {
            " (Napoleon: one more)"
        } else {
            ""
        }
    ));
    // What the designer writes must be a roster a scenario accepts.
    let mut roster = Vec::new();
    crate::design::validate::army(&mut roster, &army, "army");
    if let Some(p) = roster.into_iter().next() {
        return Err(vec![Problem::new(
            "",
            format!(
                "the designed roster would be refused: {}: {}",
                p.path, p.message
            ),
            p.hint,
        )]);
    }
    Ok(Designed {
        army,
        notes: cx.notes,
    })
}

/// Give the army's generals to divisions without named ones, largest first ("NW II 3.3").
fn assign_generals(t: &Tables, army: &mut Army, notes: &mut Vec<String>) {
    let inf_cav = army.brigades().count() as u32;
    let due = design::generals(&t.design, army.nation, inf_cav) as usize;
    let named = army.generals();
    notes.push(format!(
        "{inf_cav} infantry and cavalry units give {due} general(s) (NW II 3.3)"
    ));
    let mut free = due.saturating_sub(named);
    if named > due {
        notes.push(format!(
            "{named} generals are named where the book allows {due}"
        ));
    }
    let mut order: Vec<(usize, usize, usize)> = Vec::new();
    for (ci, c) in army.commands.iter().enumerate() {
        for (di, d) in c.divisions.iter().enumerate() {
            if d.generals.is_empty() {
                order.push((d.brigades.len(), ci, di));
            }
        }
    }
    order.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    for (_, ci, di) in order {
        if free == 0 {
            break;
        }
        let short = army.commands[ci].short.clone();
        let d = &mut army.commands[ci].divisions[di];
        d.generals.push(format!("{}/{}", di + 1, short));
        free -= 1;
    }
}
