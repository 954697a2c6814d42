//! `grognard companion`: a line-oriented session for a table with real miniatures. A player
//! names their units once, asks the odds of a roll by naming the units it concerns, enters
//! the dice they threw, and the session keeps each unit's state as results come in. It reads
//! lines from any input, so a file of lines piped in plays the same as typing them.

use crate::odds::{self, Refusal};
use grognard_engine::book::Book;
use grognard_engine::dice::Seeded;
use grognard_engine::resolution::{pair_of_word, situation_from_pairs, AnyResolution, Role};
use serde_json::{Map, Value};
use std::io::{BufRead, Write};

/// Words that join a plain request together and say nothing themselves ("fire the
/// battery at IR 31 with long range").
const FILLERS: &[&str] = &["at", "against", "on", "with", "and", "the", "range", "by"];

/// One named unit and its facts, as the player stated them and as results changed them.
struct Record {
    name: String,
    facts: Map<String, Value>,
    gone: bool,
}

/// A session's units and the book it plays.
pub struct Session<'b, B: Book> {
    rules: &'b B,
    resolutions: Vec<Box<dyn AnyResolution>>,
    units: Vec<Record>,
    seed: u64,
    throws: u64,
}

/// A roll asked for and waiting for its dice.
struct Asked {
    roll: usize,
    situation: Value,
    /// Which unit stands in each role.
    cast: Vec<(String, usize)>,
}

/// Split a line into words; double quotes keep spaces inside a word (`target="IR 31"`).
pub fn words(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err("a quote is not closed".into());
    }
    if any {
        out.push(word);
    }
    Ok(out)
}

const HELP: &str = "Commands:
  unit NAME key=value ...    name a unit (or change its facts), e.g. unit \"IR 31\" kind=line
  units                      every unit with its facts
  rolls                      the rolls of the book
  facts ROLL                 the facts a roll takes
  ROLL role=NAME key=value   the odds of a roll, the units named for its roles,
                             e.g. rally unit=\"IR 31\" hq_in_contact=yes
  ROLL NAME at NAME words    the same in plain words: units fill the roll's roles
                             in order; a yes-or-no fact by its name, a choice by
                             its value, e.g. shooting Guns at IR 31, long, flank;
                             where a role takes several units (batteries firing
                             together) it takes all those named beyond the rest,
                             e.g. artillery Foot Horse at IR 31
                             then give the dice thrown (4 or 4,3), `throw` to throw
                             them here, or an empty line to let it be
  help                       this list
  quit                       end the session";

impl<'b, B: Book> Session<'b, B> {
    pub fn new(rules: &'b B, seed: u64) -> Self {
        Session {
            rules,
            resolutions: rules.resolutions(),
            units: Vec::new(),
            seed,
            throws: 0,
        }
    }

    /// Play a session over `input`, answering on `out`. Returns how many lines were refused.
    pub fn run(
        &mut self,
        input: impl BufRead,
        out: &mut dyn Write,
        prompt: bool,
    ) -> std::io::Result<usize> {
        writeln!(
            out,
            "{}: table companion. Type `help` for the commands.",
            self.rules.title()
        )?;
        let mut refused = 0;
        let mut asked: Option<Asked> = None;
        let mut lines = input.lines();
        loop {
            if prompt {
                write!(out, "{}", if asked.is_some() { "dice> " } else { "> " })?;
                out.flush()?;
            }
            let Some(line) = lines.next() else { break };
            let line = line?;
            let line = line.trim();
            if let Some(a) = asked.take() {
                if line.is_empty() || line == "skip" {
                    writeln!(out, "Not rolled.")?;
                    continue;
                }
                // A command in place of dice leaves the roll unmade and is done.
                if self.is_command(line) {
                    writeln!(out, "Not rolled.")?;
                } else {
                    match self.roll(&a, line) {
                        Ok(text) => writeln!(out, "{text}")?,
                        Err(e) => {
                            refused += 1;
                            writeln!(out, "{e}")?;
                            // Ask again for the same roll.
                            asked = Some(a);
                        }
                    }
                    continue;
                }
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            match self.command(line) {
                Ok(Reply::Said(text)) => writeln!(out, "{text}")?,
                Ok(Reply::Asked(text, a)) => {
                    writeln!(out, "{text}")?;
                    writeln!(
                        out,
                        "Dice? (the faces thrown, `throw` to throw them here, or an empty line to let it be)"
                    )?;
                    asked = Some(a);
                }
                Ok(Reply::Quit) => break,
                Err(e) => {
                    refused += 1;
                    writeln!(out, "{e}")?;
                }
            }
        }
        Ok(refused)
    }

    /// Whether a line is a command or a roll's name, rather than dice.
    fn is_command(&self, line: &str) -> bool {
        let first = line.split_whitespace().next().unwrap_or("");
        [
            "help", "?", "quit", "exit", "rolls", "units", "facts", "unit",
        ]
        .contains(&first)
            || self.resolutions.iter().any(|r| r.about().name == first)
    }

    fn command(&mut self, line: &str) -> Result<Reply, Refusal> {
        let w = words(line).map_err(|e| Refusal(format!("{e}\n  hint: close the quote")))?;
        let Some(first) = w.first() else {
            return Ok(Reply::Said(String::new()));
        };
        match first.as_str() {
            "help" | "?" => Ok(Reply::Said(HELP.to_string())),
            "quit" | "exit" => Ok(Reply::Quit),
            "rolls" => Ok(Reply::Said(odds::list(self.rules))),
            "units" => Ok(Reply::Said(self.show_units())),
            "facts" => {
                let name = w.get(1).ok_or_else(|| {
                    Refusal("facts of which roll?\n  hint: facts ROLL, e.g. facts rally".into())
                })?;
                let r = odds::find(self.rules, name)?;
                Ok(Reply::Said(odds::help(r.as_ref(), self.rules.name())))
            }
            "unit" => self.name_unit(&w[1..]).map(Reply::Said),
            roll => self.ask(roll, &w[1..]),
        }
    }

    fn show_units(&self) -> String {
        if self.units.is_empty() {
            return "No units yet: name one with `unit NAME key=value ...`.".into();
        }
        self.units
            .iter()
            .map(|u| {
                let facts: Vec<String> = u
                    .facts
                    .iter()
                    .map(|(k, v)| format!("{k}={}", plain(v)))
                    .collect();
                format!(
                    "  {}: {}{}",
                    u.name,
                    facts.join(" "),
                    if u.gone { " (gone)" } else { "" }
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// A roll that takes units, and the role a unit's facts are read under.
    fn unit_role(&self) -> Option<(&dyn AnyResolution, &'static str)> {
        self.resolutions.iter().find_map(|r| {
            r.roles()
                .iter()
                .find(|role| !Role::parse(role).list)
                .map(|role| (r.as_ref(), *role))
        })
    }

    fn name_unit(&mut self, w: &[String]) -> Result<String, Refusal> {
        let Some(name) = w.first().filter(|n| !n.contains('=')) else {
            return Err(Refusal(
                "a unit needs a name\n  hint: unit NAME key=value ..., e.g. unit \"IR 31\" kind=line".into(),
            ));
        };
        let (r, role) = self
            .unit_role()
            .ok_or_else(|| Refusal("this book's rolls take no units".into()))?;
        let pairs: Vec<String> = w[1..].iter().map(|p| format!("{role}.{p}")).collect();
        let unit_refusal = |p: &grognard_engine::files::Problem| {
            Refusal(format!(
                "{}: {}\n  hint: a unit's facts are those a roll's units take: see `facts ROLL`",
                p.path.trim_start_matches(&format!("{role}.")),
                p.message
            ))
        };
        let given = situation_from_pairs(&r.schema(), &pairs).map_err(|p| unit_refusal(&p))?;
        r.reads(&given).map_err(|p| unit_refusal(&p[0]))?;
        let facts = given
            .get(role)
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let i = match self
            .units
            .iter()
            .position(|u| u.name.eq_ignore_ascii_case(name))
        {
            Some(i) => i,
            None => {
                self.units.push(Record {
                    name: name.clone(),
                    facts: Map::new(),
                    gone: false,
                });
                self.units.len() - 1
            }
        };
        let u = &mut self.units[i];
        for (k, v) in facts {
            u.facts.insert(k, v);
        }
        let shown: Vec<String> = u
            .facts
            .iter()
            .map(|(k, v)| format!("{k}={}", plain(v)))
            .collect();
        Ok(format!("{}: {}", u.name, shown.join(" ")))
    }

    fn find_unit(&self, name: &str) -> Result<usize, Refusal> {
        if let Some(i) = self
            .units
            .iter()
            .position(|u| u.name.eq_ignore_ascii_case(name))
        {
            return Ok(i);
        }
        let lower = name.to_lowercase();
        let starts: Vec<usize> = (0..self.units.len())
            .filter(|i| self.units[*i].name.to_lowercase().starts_with(&lower))
            .collect();
        match starts[..] {
            [i] => Ok(i),
            [] => Err(Refusal(format!(
                "no unit is named {name:?}\n  hint: name it first: unit \"{name}\" key=value ..."
            ))),
            _ => Err(Refusal(format!(
                "{name:?} could be {}\n  hint: give more of the name",
                starts
                    .iter()
                    .map(|i| self.units[*i].name.as_str())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ))),
        }
    }

    /// The longest run of words at the start of `w` that names a unit, and its length.
    fn unit_run(&self, w: &[String]) -> Option<(usize, usize)> {
        (1..=w.len()).rev().find_map(|n| {
            let name = w[..n].join(" ");
            let name = name.trim_end_matches(',');
            self.units
                .iter()
                .position(|u| u.name.eq_ignore_ascii_case(name))
                .map(|i| (n, i))
        })
    }

    fn too_many(&self, roll: &str, roles: &[Role], unit: usize) -> Refusal {
        Refusal(format!(
            "{} is one unit too many: {roll} takes {}\n  hint: name each unit once, by its role if need be ({})",
            self.units[unit].name,
            if roles.is_empty() {
                "no units".to_string()
            } else {
                roles.iter().map(|r| r.key).collect::<Vec<_>>().join(" and ")
            },
            roles
                .iter()
                .map(|r| format!("{}=NAME", r.key))
                .collect::<Vec<_>>()
                .join(" ")
        ))
    }

    fn ask(&mut self, roll: &str, w: &[String]) -> Result<Reply, Refusal> {
        let index = self
            .resolutions
            .iter()
            .position(|r| r.about().name == roll)
            .ok_or_else(|| {
                let names: Vec<&str> = self.resolutions.iter().map(|r| r.about().name).collect();
                Refusal(format!(
                    "{roll:?} is no command and no roll of this book\n  hint: the rolls are {}; type `help` for the commands",
                    names.join(", ")
                ))
            })?;
        let r = &self.resolutions[index];
        let roles: Vec<Role> = r.roles().iter().map(|x| Role::parse(x)).collect();
        let schema = r.schema();
        // Units named for a role (`target=NAME`), and units named plainly, in order.
        let mut named: Vec<(usize, usize)> = Vec::new();
        let mut plain_units: Vec<usize> = Vec::new();
        let mut pairs = Vec::new();
        let mut i = 0;
        while i < w.len() {
            let word = w[i].trim_end_matches(',');
            let n = match word.split_once('=') {
                Some((k, name)) if roles.iter().any(|r| r.key == k) => {
                    let role = roles.iter().position(|r| r.key == k).expect("a role");
                    let unit = self.find_unit(name)?;
                    if !roles[role].list {
                        named.retain(|(r, _)| *r != role);
                    }
                    named.push((role, unit));
                    1
                }
                Some(_) => {
                    pairs.push(word.to_string());
                    1
                }
                None => match self.unit_run(&w[i..]) {
                    Some((n, unit)) => {
                        plain_units.push(unit);
                        n
                    }
                    None if word.is_empty() || FILLERS.contains(&word.to_lowercase().as_str()) => 1,
                    None => match pair_of_word(&schema, word) {
                        Some(pair) => {
                            pairs.push(pair);
                            1
                        }
                        None => {
                            return Err(Refusal(format!(
                                "{word:?} is no unit, fact or value of {roll}\n  hint: name units as `units` lists them, and facts as `facts {roll}` does (key=value, a yes-or-no fact by its name, or a value only one fact takes)"
                            )))
                        }
                    },
                },
            };
            i += n;
        }
        // Units named plainly fill the roles not named in order; a list role takes as many
        // as are named beyond the roles after it.
        let mut rest = plain_units.into_iter().peekable();
        for (k, role) in roles.iter().enumerate() {
            if role.list {
                let after = roles[k + 1..]
                    .iter()
                    .enumerate()
                    .filter(|(j, r)| !r.list && !named.iter().any(|(n, _)| *n == k + 1 + j))
                    .count();
                let take = rest.len().saturating_sub(after);
                for _ in 0..take {
                    named.push((k, rest.next().expect("counted")));
                }
            } else if !named.iter().any(|(n, _)| *n == k) {
                if let Some(unit) = rest.next() {
                    named.push((k, unit));
                }
            }
        }
        if let Some(unit) = rest.next() {
            return Err(self.too_many(roll, &roles, unit));
        }
        named.sort_by_key(|(role, _)| *role);
        let mut situation =
            situation_from_pairs(&schema, &pairs).map_err(|p| odds::refusal(r.as_ref(), &[p]))?;
        let mut cast: Vec<(String, usize)> = Vec::new();
        let mut counts = vec![0; roles.len()];
        for (role, unit) in named {
            let u = &self.units[unit];
            if u.gone {
                return Err(Refusal(format!(
                    "{} is gone from the battle\n  hint: `units` lists them",
                    u.name
                )));
            }
            let at = roles[role]
                .place(&mut situation, counts[role], &u.facts)
                .map_err(|lack| {
                    Refusal(format!(
                        "{} cannot stand as {} in {roll}: {lack}\n  hint: give it: unit \"{}\" {}=...",
                        u.name,
                        roles[role].key,
                        u.name,
                        roles[role].fact.unwrap_or("")
                    ))
                })?;
            counts[role] += 1;
            cast.push((at, unit));
        }
        let o = r
            .odds(&situation)
            .map_err(|p| odds::refusal(r.as_ref(), &p))?;
        let mut text = String::new();
        for (role, i) in &cast {
            text.push_str(&format!("{role}: {}\n", self.units[*i].name));
        }
        text.push_str(&odds::show_odds(
            &o,
            &r.filled(&situation).unwrap_or_default(),
        ));
        Ok(Reply::Asked(
            text,
            Asked {
                roll: index,
                situation,
                cast,
            },
        ))
    }

    fn roll(&mut self, a: &Asked, line: &str) -> Result<String, Refusal> {
        let r = &self.resolutions[a.roll];
        let done = if line == "throw" {
            self.throws += 1;
            let seed = grognard_engine::dice::derive_seed(self.seed, self.throws);
            r.resolve(&a.situation, &mut Seeded::new(seed))
                .map_err(|p| odds::refusal(r.as_ref(), &p))?
        } else {
            let faces = odds::parse_dice(&line.replace("--dice", ""))?;
            odds::resolve(r.as_ref(), &a.situation, Some(&faces), 0)?
        };
        let mut text = odds::show_resolved(&done);
        for e in &done.effects {
            let Some((_, i)) = a.cast.iter().find(|(role, _)| *role == e.role) else {
                continue;
            };
            let u = &mut self.units[*i];
            for (k, v) in &e.set {
                u.facts.insert(k.clone(), v.clone());
            }
            if e.gone {
                u.gone = true;
                text.push_str(&format!("\n{} is gone.", u.name));
            } else if !e.set.is_empty() {
                let changed: Vec<String> = e
                    .set
                    .iter()
                    .map(|(k, v)| format!("{k}={}", plain(v)))
                    .collect();
                text.push_str(&format!("\n{}: {}", u.name, changed.join(" ")));
            }
        }
        Ok(text)
    }
}

enum Reply {
    Said(String),
    Asked(String, Asked),
    Quit,
}

fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Bool(b) => if *b { "yes" } else { "no" }.into(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::words;

    #[test]
    fn quotes_keep_a_name_whole() {
        assert_eq!(
            words("rally unit=\"IR 31\" hq_in_contact=yes").unwrap(),
            ["rally", "unit=IR 31", "hq_in_contact=yes"]
        );
        assert_eq!(
            words("unit \"6th Ligne\" kind=line").unwrap(),
            ["unit", "6th Ligne", "kind=line"]
        );
        assert!(words("unit \"open").is_err());
        assert_eq!(words("  ").unwrap(), Vec::<String>::new());
    }
}
