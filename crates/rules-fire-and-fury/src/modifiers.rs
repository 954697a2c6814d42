//! The module's modifiers as data: every modifier "Napoleonic Fire & Fury" gives to its
//! rolls, with the section it comes from (docs/fire-and-fury-design.md, part 3), kept in
//! `tables/module.toml`.
//!
//! These are the module's values, not Grognard's. Where the module's item was lost in
//! extraction, the item says how its value was found: `reconstructed` (read back from the
//! surrounding text) or `grognards` (a value of the project's own, for a lost item whose
//! words give no number). Every modifier a roll shows carries that label with its section.
//! A player may replace any group of them from a file, as with the tables.

use grognard_engine::files::Problem;
use grognard_engine::Modifier;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// What every modifier here is, unless its item says otherwise.
pub const MODULE: &str = "the module's values (\"Napoleonic Fire & Fury\"), section by section";

const SHIPPED: &str = include_str!("../tables/module.toml");

/// Where an item's value comes from.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Printed in the module.
    #[default]
    Module,
    /// A lost item, read back from the surrounding text (design part 2).
    Reconstructed,
    /// A lost item whose value the text does not give: the project's own.
    Grognards,
}

impl Source {
    fn is_module(&self) -> bool {
        *self == Source::Module
    }
}

/// One modifier: its value, the section that gives it, and where the value comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Item<V> {
    pub value: V,
    /// The section, e.g. "NFF Maneuver: Tactical Movement 2e".
    pub cite: String,
    #[serde(default, skip_serializing_if = "Source::is_module")]
    pub source: Source,
}

impl<V> Item<V> {
    /// The section, with how the value was found when it is not printed.
    pub fn label(&self) -> String {
        let mut s = String::new();
        self.push_label(&mut s);
        s
    }

    fn push_label(&self, s: &mut String) {
        s.push_str(&self.cite);
        match self.source {
            Source::Module => {}
            Source::Reconstructed => s.push_str(", restored"),
            Source::Grognards => s.push_str(", Grognard's value"),
        }
    }

    /// "what (label)", written straight into one string: modifiers are made for every
    /// odds the general weighs.
    fn reason(&self, what: &str) -> String {
        let mut s = String::with_capacity(what.len() + self.cite.len() + 22);
        s.push_str(what);
        s.push_str(" (");
        self.push_label(&mut s);
        s.push(')');
        s
    }
}

impl Item<i32> {
    /// The modifier to a die, with what it is for and where it comes from.
    pub fn modifier(&self, what: &str) -> Modifier {
        Modifier::new(self.value, self.reason(what))
    }

    /// The modifier `times` over (each leader, each stand lost).
    pub fn times(&self, times: i32, what: &str) -> Modifier {
        Modifier::new(self.value * times, self.reason(what))
    }
}

/// The classes of army commander by the module's named lists ("NFF Sequence 1",
/// "NFF Maneuver: Reserve Movement 5" a-f).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Commander {
    /// Napoleon, with Berthier as his chief of staff.
    NapoleonWithBerthier,
    /// Napoleon without Berthier, Davout, Wellington.
    Great,
    /// Archduke Charles, Suvorov, Lannes, Massena, Moreau, Suchet, Blücher from 1813.
    Able,
    /// Prussian generals from 1813, Moore, Kutusov, Barclay de Tolley, Bagration, other
    /// French generals, Bernadotte.
    Steady,
    /// Any general the lists do not name.
    #[default]
    Ordinary,
    /// Archduke John, the Duke of Brunswick, Cuesta, Czar Alexander, the Prince of Orange.
    Poor,
}

/// One class of commander: its modifier and the generals the module names in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CommanderClass {
    pub value: i32,
    pub cite: String,
    #[serde(default, skip_serializing_if = "Source::is_module")]
    pub source: Source,
    /// The generals the module names, in its words.
    pub who: Vec<String>,
}

/// Every class of army commander.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Commanders {
    pub napoleon_with_berthier: CommanderClass,
    pub great: CommanderClass,
    pub able: CommanderClass,
    pub steady: CommanderClass,
    pub ordinary: CommanderClass,
    pub poor: CommanderClass,
}

impl Commanders {
    pub fn class(&self, c: Commander) -> &CommanderClass {
        match c {
            Commander::NapoleonWithBerthier => &self.napoleon_with_berthier,
            Commander::Great => &self.great,
            Commander::Able => &self.able,
            Commander::Steady => &self.steady,
            Commander::Ordinary => &self.ordinary,
            Commander::Poor => &self.poor,
        }
    }

    /// A commander's modifier to the initiative and to Reserve Movement.
    pub fn modifier(&self, c: Commander, what: &str) -> Modifier {
        let k = self.class(c);
        Item {
            value: k.value,
            cite: k.cite.clone(),
            source: k.source,
        }
        .modifier(what)
    }

    fn all(&self) -> [(&'static str, &CommanderClass); 6] {
        [
            ("napoleon_with_berthier", &self.napoleon_with_berthier),
            ("great", &self.great),
            ("able", &self.able),
            ("steady", &self.steady),
            ("ordinary", &self.ordinary),
            ("poor", &self.poor),
        ]
    }
}

/// Reserve Movement's own modifiers beside the commander's ("NFF Maneuver: Reserve
/// Movement 5" g-l).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reserve {
    /// An ADC or an army commander attached to the commander of the formation moving.
    pub adc_attached: Item<i32>,
    /// The first turn of a set battle.
    pub set_battle: Item<i32>,
    /// Reserve Movement succeeded last turn.
    pub succeeded: Item<i32>,
    /// Reserve Movement failed last turn.
    pub failed_once: Item<i32>,
    /// Reserve Movement failed in two or more turns running.
    pub failed_twice: Item<i32>,
    /// Moving from the Tactical Zone into the Reserve Zone.
    pub disengaging: Item<i32>,
    /// Disordered, as irregulars always are.
    pub disordered: Item<i32>,
}

/// Tactical Movement's modifiers ("NFF Maneuver: Tactical Movement 2").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tactical {
    /// Beyond its division commander's radius, or he is down.
    pub out_of_command: Item<i32>,
    /// Each leader of its chain attached.
    pub leader: Item<i32>,
    /// Each charismatic leader of its chain attached.
    pub charismatic: Item<i32>,
    /// The most the attached leaders give together.
    pub leaders_at_most: Item<i32>,
    /// In March Column or Square.
    pub column_or_square: Item<i32>,
    /// Columnar or impulse infantry.
    pub columnar_or_impulse: Item<i32>,
    pub fresh: Item<i32>,
    pub spent: Item<i32>,
    /// A flank unsecured.
    pub unsecured_flank: Item<i32>,
    /// Disordered cavalry trying to charge.
    pub disordered_cavalry_charging: Item<i32>,
    /// French troops near the Imperial Guard's band (optional).
    pub guard_band: Item<i32>,
    /// How near the band must be, inches.
    pub guard_band_range: Item<f64>,
}

/// Cover's die modifiers to fire at a target in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cover {
    pub light: Item<i32>,
    pub medium: Item<i32>,
    pub heavy: Item<i32>,
}

/// Fire points added to a battery of better quality.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BatteryQuality {
    pub british_kgl: Item<f64>,
    pub french_line: Item<f64>,
    pub young_guard: Item<f64>,
    pub old_guard: Item<f64>,
}

/// The Musketry & Cannonade modifiers ("NFF M&C Modifiers", M&C 5, 9, 10).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FireMods {
    /// Fire at a brigade with full skirmishers within the skirmish band.
    pub skirmish_full: Item<f64>,
    /// Fire at a brigade with semi-skirmishers within the skirmish band.
    pub skirmish_semi: Item<f64>,
    /// The band, inches, over which skirmishers screen their brigade.
    pub skirmish_band: Item<[f64; 2]>,
    /// A skirmish-capable stand's fire points beyond musket range.
    pub skirmish_fire: Item<f64>,
    /// The band, inches, of skirmish fire.
    pub skirmish_fire_band: Item<[f64; 2]>,
    /// Each linear or impulse infantry stand.
    pub linear_or_impulse: Item<f64>,
    /// Each linear or impulse two-rank stand (instead of the above).
    pub two_rank: Item<f64>,
    /// Each stand firing from enfilade.
    pub enfilade: Item<f64>,
    /// Each stand of a Grand Battery.
    pub grand_battery: Item<f64>,
    /// A stand of a brigade in square, whatever its class.
    pub square: Item<f64>,
    pub battery_quality: BatteryQuality,
    /// The firing unit is Disordered.
    pub firer_disordered: Item<i32>,
    /// The target is limbered, changing formation or mode, or about-facing.
    pub target_changing: Item<i32>,
    pub cover: Cover,
}

/// Outnumbering in stands: at this ratio or more, this modifier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outnumbering {
    pub ratio: f64,
    pub value: i32,
    pub cite: String,
}

/// The defender's favourable ground, by how strong it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    pub light: Item<i32>,
    pub medium: Item<i32>,
    pub heavy: Item<i32>,
    /// Steps the bonus falls when an attacking brigade has engineers.
    pub engineers: Item<i32>,
    /// Steps it falls with Guard engineers (optional).
    pub guard_engineers: Item<i32>,
}

/// The Charge modifiers ("NFF Charge 5").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChargeMods {
    /// Each leader of the chain attached to a participating brigade.
    pub leader: Item<i32>,
    /// Each charismatic one.
    pub charismatic: Item<i32>,
    pub leaders_at_most: Item<i32>,
    /// Each level of rating above the other side's.
    pub rating: Item<i32>,
    pub fresh: Item<i32>,
    pub spent: Item<i32>,
    /// Cavalry charging infantry from this far or nearer, inches...
    pub cavalry_close_range: Item<f64>,
    /// ...takes this,
    pub cavalry_close: Item<i32>,
    /// ...and from farther, this.
    pub cavalry_far: Item<i32>,
    pub heavy: Item<i32>,
    pub armoured: Item<i32>,
    /// Lance-armed cavalry charging infantry.
    pub lance: Item<i32>,
    /// A supported charge, or a breakthrough charge.
    pub supported: Item<i32>,
    /// Outnumbering, highest ratio first.
    pub outnumbering: Vec<Outnumbering>,
    /// Disordered, as irregulars always are.
    pub disordered: Item<i32>,
    /// Cavalry charged while standing still.
    pub standing_still: Item<i32>,
    /// Each stand lost in this turn's fire phase.
    pub stand_lost: Item<i32>,
    pub terrain: Terrain,
    /// The defender hit in flank or rear, or a square charged by infantry.
    pub flank_or_rear: Item<i32>,
    /// A square hit by infantry.
    pub square_by_infantry: Item<i32>,
    /// A square hit by cavalry.
    pub square_by_cavalry: Item<i32>,
    /// Facing any element of the French Old Guard.
    pub old_guard: Item<i32>,
}

/// Engineers after a charge combat of their brigade ("NFF Additional 1").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Engineers {
    /// A d10 at or below this destroys them.
    pub destroyed_at_or_below: Item<i32>,
}

/// Every modifier the module gives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Modifiers {
    /// Where the values come from: [`MODULE`] for the module's.
    pub provenance: String,
    pub commanders: Commanders,
    pub reserve: Reserve,
    pub tactical: Tactical,
    pub fire: FireMods,
    pub charge: ChargeMods,
    pub engineers: Engineers,
}

impl Default for Modifiers {
    /// The module's modifiers, as shipped.
    fn default() -> Self {
        static BUILT: OnceLock<Modifiers> = OnceLock::new();
        BUILT
            .get_or_init(|| match shipped() {
                Ok(m) => m,
                // The shipped file is checked by the crate's tests.
                Err(e) => panic!("the shipped modifiers do not read: {e:?}"),
            })
            .clone()
    }
}

/// The module's modifiers read from the shipped file.
pub fn shipped() -> Result<Modifiers, Vec<grognard_engine::files::FileError>> {
    grognard_engine::files::load_checked("tables/module.toml", SHIPPED, |m: &Modifiers| {
        let mut out = Vec::new();
        m.problems(&mut out);
        out
    })
}

/// A file's modifiers: each group it gives replaces the module's whole.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ModifiersFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provenance: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commanders: Option<Commanders>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserve: Option<Reserve>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tactical: Option<Tactical>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fire: Option<FireMods>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub charge: Option<ChargeMods>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engineers: Option<Engineers>,
}

impl ModifiersFile {
    /// The module's modifiers with this file's groups in their place.
    pub fn over(self, base: Modifiers) -> Modifiers {
        Modifiers {
            provenance: self.provenance.unwrap_or(base.provenance),
            commanders: self.commanders.unwrap_or(base.commanders),
            reserve: self.reserve.unwrap_or(base.reserve),
            tactical: self.tactical.unwrap_or(base.tactical),
            fire: self.fire.unwrap_or(base.fire),
            charge: self.charge.unwrap_or(base.charge),
            engineers: self.engineers.unwrap_or(base.engineers),
        }
    }

    pub fn problems(&self, out: &mut Vec<Problem>) {
        if let Some(p) = &self.provenance {
            provenance(p, out);
        }
        if let Some(c) = &self.charge {
            c.problems(out);
        }
        if let Some(f) = &self.fire {
            f.problems(out);
        }
    }
}

fn provenance(p: &str, out: &mut Vec<Problem>) {
    if p.trim().is_empty() {
        out.push(Problem::new(
            "modifiers.provenance",
            "the modifiers must say where their values come from",
            format!("e.g. provenance = {MODULE:?}"),
        ));
    }
}

impl Modifiers {
    pub fn problems(&self, out: &mut Vec<Problem>) {
        provenance(&self.provenance, out);
        for (name, c) in self.commanders.all() {
            if c.who.is_empty() {
                out.push(Problem::new(
                    format!("modifiers.commanders.{name}.who"),
                    "a class of commander names its generals",
                    "list the generals as the module names them",
                ));
            }
        }
        self.fire.problems(out);
        self.charge.problems(out);
    }
}

impl FireMods {
    fn problems(&self, out: &mut Vec<Problem>) {
        for (key, band) in [
            ("skirmish_band", &self.skirmish_band),
            ("skirmish_fire_band", &self.skirmish_fire_band),
        ] {
            let [from, to] = band.value;
            if !(from >= 0.0 && to > from) {
                out.push(Problem::new(
                    format!("modifiers.fire.{key}.value"),
                    format!("{from} to {to} is not a band of range"),
                    "give the nearest and farthest inches, e.g. [2.1, 5.0]",
                ));
            }
        }
    }
}

impl ChargeMods {
    fn problems(&self, out: &mut Vec<Problem>) {
        for (i, w) in self.outnumbering.windows(2).enumerate() {
            if w[1].ratio >= w[0].ratio {
                out.push(Problem::new(
                    format!("modifiers.charge.outnumbering[{}].ratio", i + 1),
                    format!(
                        "{} is not below the ratio before ({})",
                        w[1].ratio, w[0].ratio
                    ),
                    "list the ratios from the highest down, e.g. 3, 2, 1.5",
                ));
            }
        }
        for (i, o) in self.outnumbering.iter().enumerate() {
            if o.ratio.is_nan() || o.ratio <= 1.0 {
                out.push(Problem::new(
                    format!("modifiers.charge.outnumbering[{i}].ratio"),
                    format!("{} is not outnumbering", o.ratio),
                    "give a ratio of stands above 1, e.g. 1.5 for 3 to 2",
                ));
            }
        }
    }

    /// The outnumbering modifier for `ours` stands against `theirs`, if any.
    pub fn outnumbering(&self, ours: u32, theirs: u32) -> Option<&Outnumbering> {
        self.outnumbering
            .iter()
            .find(|o| f64::from(ours) >= o.ratio * f64::from(theirs.max(1)))
    }
}
