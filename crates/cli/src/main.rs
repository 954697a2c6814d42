//! `grognard`: battles, checks, replays and batches from the command line.
//!
//! Key decision: every subcommand is written once, generically over a rule set that
//! implements [`Book`]; the rule set is picked by name at the top and nothing below knows
//! which book it is playing.

mod companion;
mod odds;
mod picture;
mod roster;
mod study;

/// Print a line; a closed pipe (`grognard battle | head`) ends the program quietly.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
        }
    }};
}

/// A faster allocator than the system one: a battle makes and frees many small vectors.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Parser, Subcommand};
use grognard_engine::book::{Book, Files};
use grognard_engine::dice::derive_seed;
use grognard_engine::driver::Match;
use grognard_engine::files::{self, FileError, Header, Includes};
use grognard_engine::replay::{state_at, verify, Replay};
use grognard_engine::stats::wilson;
use grognard_engine::{Player, Ruleset, Side};
use grognard_rules_beer_and_pretzel::BeerAndPretzel;
use grognard_rules_burt::Burt;
use grognard_rules_fire_and_fury::FireAndFury;
use grognard_rules_napoleons_wars::NapoleonsWars;
use grognard_rules_two_by_two::TwoByTwo;
use rayon::prelude::*;
use serde_json::json;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The rule sets this build knows, with the name used on the command line.
const RULE_SETS: &[&str] = &[
    "two-by-two",
    "napoleons-wars",
    "beer-and-pretzel",
    "burt",
    "fire-and-fury",
];

/// The rule set used when neither `--rules` nor the file names one.
const DEFAULT_RULES: &str = "two-by-two";

/// Most bytes a replay file may hold: far above the longest battle's record.
const MAX_REPLAY_BYTES: usize = 512 << 20;

/// Exit status of `replay` when the file could not be read or is not a replay (a re-run
/// that differs from the record exits with 1).
const EXIT_UNREADABLE: u8 = 2;

/// Worker threads allowed for each core the machine has.
const THREADS_PER_CORE: usize = 4;

/// Run `$body` with `$b` bound to the rule set named `$name`.
macro_rules! with_book {
    ($name:expr, $b:ident => $body:expr) => {
        match $name {
            "two-by-two" => {
                let $b = &TwoByTwo;
                $body
            }
            "napoleons-wars" => {
                let $b = &NapoleonsWars;
                $body
            }
            "beer-and-pretzel" => {
                let $b = &BeerAndPretzel;
                $body
            }
            "burt" => {
                let $b = &Burt;
                $body
            }
            "fire-and-fury" => {
                let $b = &FireAndFury;
                $body
            }
            other => Err(unknown_rules(other)),
        }
    };
}

#[derive(Parser)]
#[command(
    name = "grognard",
    version,
    about = "A rules engine for Napoleonic miniature wargames"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Play a battle and tell it turn by turn (AI against AI by default).
    Battle {
        /// Rule set to play (default: the one the scenario file names, else two-by-two).
        #[arg(long)]
        rules: Option<String>,
        /// Scenario file (TOML); without it, a battle is set up by the book's procedure.
        #[arg(long)]
        scenario: Option<PathBuf>,
        /// Seed for the dice (and the set-up); a fresh one if not given.
        #[arg(long)]
        seed: Option<u64>,
        /// Who plays each side: "ai" or "random", as SIDE0:SIDE1.
        #[arg(long, default_value = "ai:ai")]
        players: String,
        /// Write replay.json, start.svg and battle.svg to this folder.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Print only a JSON summary.
        #[arg(long)]
        json: bool,
        /// A file of your own tables in place of the book's (for a book played on tables
        /// of the project's own, such as fire-and-fury).
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Check a scenario or army list file.
    Check {
        file: PathBuf,
        /// Rule set (default: the one the file names, or the one whose files it reads as).
        #[arg(long)]
        rules: Option<String>,
    },
    /// Re-run a replay file and confirm every event is reproduced.
    Replay { file: PathBuf },
    /// Play many seeded battles in parallel and report win rates.
    Batch {
        /// Rule set (default: the one the scenario file names, else two-by-two).
        #[arg(long)]
        rules: Option<String>,
        /// Scenario file for every battle; without it, each battle is the book's built-in
        /// one for its seed.
        #[arg(long)]
        scenario: Option<PathBuf>,
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The two players, A:B; they swap sides every other battle.
        #[arg(long, default_value = "ai:ai")]
        players: String,
        /// Worker threads (default: all cores; at most 4 a core).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        threads: Option<u32>,
        #[arg(long)]
        json: bool,
        /// Write each battle's record (seed, sides, players, winner, result, turns,
        /// commands, losses, time) to this file: CSV, or JSON lines if it ends in .jsonl.
        #[arg(long)]
        records: Option<PathBuf>,
        /// An army file for each side (A.toml,B.toml), set up by the book's own procedure
        /// for each battle.
        #[arg(long, value_delimiter = ',', conflicts_with = "scenario")]
        armies: Vec<PathBuf>,
        /// A file of your own tables in place of the book's, for every battle (for a book
        /// played on tables of the project's own, such as fire-and-fury).
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Play every pairing of a book's army lists and report each list's win rate against
    /// each other list, with 95% intervals; `--svg` draws the matrix as a heat map with the
    /// distributions of turns and losses.
    Balance {
        /// Rule set (default two-by-two).
        #[arg(long)]
        rules: Option<String>,
        /// The lists to pair (default: every list of the book).
        #[arg(long, value_delimiter = ',', conflicts_with = "armies")]
        lists: Vec<String>,
        /// Army files to pair instead of the book's lists, e.g. the army lists a player
        /// wrote (each checked as `grognard check` checks it).
        #[arg(long, value_delimiter = ',')]
        armies: Vec<PathBuf>,
        /// Battles for each pairing; the lists swap sides every other battle.
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The two players, the row's list's first.
        #[arg(long, default_value = "ai:ai")]
        players: String,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
        threads: Option<u32>,
        /// Draw the study to this SVG file.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Write each battle's record, as `batch --records` does.
        #[arg(long)]
        records: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// List the rule sets and how complete each is.
    Rules,
    /// The exact odds of a roll: every final outcome with its chance, the modifiers that
    /// apply, and the expected losses. `--list` names every roll of the book; `ROLL --help`
    /// lists the facts a roll takes.
    #[command(disable_help_flag = true)]
    Odds {
        /// Rule set (default two-by-two).
        #[arg(long)]
        rules: Option<String>,
        /// The roll, e.g. rally; see --list.
        roll: Option<String>,
        /// Facts of the situation, as key=value (each has a default).
        facts: Vec<String>,
        /// A file of facts (TOML key = value lines, or a JSON object); facts on the command
        /// line win.
        #[arg(long)]
        situation: Option<PathBuf>,
        /// Name every roll of the book.
        #[arg(long)]
        list: bool,
        /// Print the odds as JSON.
        #[arg(long)]
        json: bool,
        /// Help: the facts a roll takes, or this command's options.
        #[arg(short, long)]
        help: bool,
        /// The odds of the roll made at a step of this replay, from where it was made.
        #[arg(long, requires = "step")]
        replay: Option<PathBuf>,
        /// The step of the replay (its command's number, from 0).
        #[arg(long, requires = "replay")]
        step: Option<usize>,
    },
    /// Resolve a roll: with the dice a player threw (`--dice 4,3`) or thrown here
    /// (`--seed`), explained as the battle's narrative explains it.
    Resolve {
        #[arg(long)]
        rules: Option<String>,
        /// The roll, e.g. rally; see `grognard odds --list`.
        roll: String,
        /// Facts of the situation, as key=value.
        facts: Vec<String>,
        #[arg(long)]
        situation: Option<PathBuf>,
        /// The faces thrown, in order, e.g. 4,3.
        #[arg(long)]
        dice: Option<String>,
        /// Seed for dice thrown here, without --dice; a fresh one if not given.
        #[arg(long)]
        seed: Option<u64>,
        #[arg(long)]
        json: bool,
    },
    /// A session for a table with real miniatures: name your units, ask the odds of a roll
    /// by naming the units it concerns, enter the dice you threw, and the session keeps each
    /// unit's state. Reads lines from standard input (a file piped in works too); exit
    /// status 1 if any line was refused.
    Companion {
        #[arg(long, default_value = DEFAULT_RULES)]
        rules: String,
        /// Seed for the dice the session throws when asked to (`throw`).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Serve battles to play in the browser: a person or a machine at each side, every
    /// game kept in an SQLite file and resumed after a restart.
    Serve {
        /// Port to listen on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The file games are kept in.
        #[arg(long, default_value = "grognard.db")]
        db: PathBuf,
        /// Print a line for every request on standard error: its method, path, status and
        /// time taken.
        #[arg(long)]
        log: bool,
    },
    /// Print a completion script for a shell (bash, zsh, fish, elvish, powershell), e.g.
    /// `grognard completions bash > ~/.local/share/bash-completion/completions/grognard`.
    Completions { shell: clap_complete::Shell },
    /// Print the reference of every file a rule set reads (Markdown): each key, its value,
    /// whether it is needed, and what it means.
    Reference {
        #[arg(long, default_value = DEFAULT_RULES)]
        rules: String,
    },
    /// Turn a historical order of battle into a ready "Napoleon's Wars" army roster
    /// (chapter II of the book), with the working behind every figure.
    Design {
        file: PathBuf,
        /// Write army.toml (the roster for a scenario) and roster.html (a printable sheet)
        /// to this folder.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("grognard: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn unknown_rules(name: &str) -> anyhow::Error {
    anyhow!(
        "unknown rule set \"{name}\"; known: {}",
        RULE_SETS.join(", ")
    )
}

/// The bytes of a file named on the command line: only a regular file, and only up to
/// `limit` bytes, so that a FIFO, a device or a runaway file can neither hang nor exhaust
/// the machine.
fn read_bytes(path: &Path, limit: usize) -> Result<Vec<u8>> {
    use std::io::Read;
    let shown = path.display();
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read {shown}"))?;
    if !meta.is_file() {
        let what = file_type_name(&meta);
        bail!(
            "{shown} is {what}, not a regular file\n  hint: give the path of a file saved on disk"
        );
    }
    let too_big = |size: u64| {
        anyhow!(
            "{shown} is {size} bytes, more than the {} MiB this command reads\n  hint: is it the right file?",
            limit >> 20
        )
    };
    if meta.len() > limit as u64 {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit as u64 + 1).read_to_end(&mut bytes))
        .with_context(|| format!("cannot read {shown}"))?;
    if bytes.len() > limit {
        return Err(too_big(bytes.len() as u64));
    }
    Ok(bytes)
}

fn file_type_name(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() || t.is_block_device() {
            return "a device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a plain file"
}

/// A file a person wrote (a scenario, army list, order of battle), as text. A file in
/// another encoding is refused with where it stops being UTF-8.
enum Text {
    Ok(String),
    /// The file was read, but is not UTF-8 text.
    Bad(FileError),
}

fn read_text(path: &Path) -> Result<Text> {
    let bytes = read_bytes(path, files::MAX_TEXT_BYTES)?;
    Ok(match files::decode(&path.display().to_string(), bytes) {
        Ok(t) => Text::Ok(t),
        Err(e) => Text::Bad(e),
    })
}

/// The kind of file `header` is to the rule set `rules`, if it reads it at all.
fn kind_for(rules: &str, header: &Header) -> Option<&'static str> {
    let r: Result<Option<&'static str>> = with_book!(rules, b => Ok(b.file_kind(header)));
    r.ok().flatten()
}

/// The rule set to read a file with: the one the file names in its `rules` key (an explicit
/// `--rules` must agree), else `--rules`, else the only rule set whose files look like it,
/// else the default. A file that reads as another book's gets that book suggested.
/// `flag` must already be a known rule set.
fn choose_rules(
    flag: Option<&str>,
    file: &Path,
    header: &Header,
) -> Result<&'static str, FileError> {
    let known = |n: &str| RULE_SETS.iter().copied().find(|r| *r == n);
    let error = |path: &str, message: String, hint: String| {
        let (line, column) = if path.is_empty() {
            (1, 1)
        } else {
            header.rules_at
        };
        FileError {
            file: file.display().to_string(),
            line,
            column,
            path: path.to_string(),
            message,
            hint,
        }
    };
    let readers: Vec<(&'static str, &'static str)> = RULE_SETS
        .iter()
        .filter_map(|r| kind_for(r, header).map(|k| (*r, k)))
        .collect();
    if let Some(named) = &header.rules {
        let Some(r) = known(named) else {
            return Err(error(
                "rules",
                format!("\"{named}\" is not a rule set this build knows"),
                format!("use one of {}", RULE_SETS.join(", ")),
            ));
        };
        if let Some(f) = flag.filter(|f| *f != r) {
            return Err(error(
                "rules",
                format!("the file is for {r}, but --rules {f} was given"),
                format!("leave out --rules, or give --rules {r}"),
            ));
        }
        if let [(other, kind)] = readers[..] {
            if other != r {
                return Err(error(
                    "rules",
                    format!(
                        "the file says it is for {r}, but it reads as {} {kind} for {other}",
                        article(kind)
                    ),
                    format!("write rules = \"{other}\""),
                ));
            }
        }
        return Ok(r);
    }
    match flag {
        Some(f) => {
            if let [(other, kind)] = readers[..] {
                if other != f {
                    return Err(error(
                        "",
                        format!(
                            "this is not a {f} file: it reads as {} {kind} for {other}",
                            article(kind)
                        ),
                        format!("give --rules {other}"),
                    ));
                }
            }
            Ok(known(f).unwrap_or(DEFAULT_RULES))
        }
        None => Ok(match readers[..] {
            [(only, _)] => only,
            _ => DEFAULT_RULES,
        }),
    }
}

/// An explicit `--rules`, checked against the rule sets this build knows.
fn known_flag(flag: Option<&str>) -> Result<Option<&str>> {
    match flag {
        Some(f) if !RULE_SETS.contains(&f) => Err(unknown_rules(f)),
        other => Ok(other),
    }
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    }
}

/// Most worker threads a batch may use, and the cores it is reckoned from.
fn thread_cap() -> (usize, usize) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    (cores * THREADS_PER_CORE, cores)
}

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Cmd::Battle {
            rules,
            scenario,
            seed,
            players,
            out,
            json,
            tables,
        } => {
            let names = parse_players(&players)?;
            let file = match &scenario {
                Some(path) => match scenario_file(path, rules.as_deref())? {
                    Ok(f) => Some(f),
                    Err(code) => return Ok(code),
                },
                None => None,
            };
            let name = match &file {
                Some(f) => f.rules,
                None => rules.as_deref().unwrap_or(DEFAULT_RULES),
            };
            let tables = match tables_text(tables.as_ref())? {
                Ok(t) => t,
                Err(code) => return Ok(code),
            };
            with_book!(name, b => battle(b, file.as_ref(), tables.as_ref(), seed, &names, out.as_deref(), json))
        }
        Cmd::Check { file, rules } => {
            known_flag(rules.as_deref())?;
            let text = match read_text(&file)? {
                Text::Ok(t) => t,
                Text::Bad(e) => return Ok(refuse(&file, &[e])),
            };
            let header = match Header::read(&file.display().to_string(), &text) {
                Ok(h) => h,
                Err(e) => return Ok(refuse(&file, &[e])),
            };
            let name = match choose_rules(rules.as_deref(), &file, &header) {
                Ok(n) => n,
                Err(e) => return Ok(refuse(&file, &[e])),
            };
            with_book!(name, b => check(b, &file, &text))
        }
        Cmd::Replay { file } => Ok(match replay_file(&file) {
            Ok(code) => code,
            Err(e) => {
                eprintln!("grognard: {e:#}");
                ExitCode::from(EXIT_UNREADABLE)
            }
        }),
        Cmd::Batch {
            rules,
            scenario,
            games,
            seed,
            players,
            threads,
            json,
            records,
            armies,
            tables,
        } => {
            let names = parse_players(&players)?;
            let tables = match tables_text(tables.as_ref())? {
                Ok(t) => t,
                Err(code) => return Ok(code),
            };
            let file = match &scenario {
                Some(path) => match scenario_file(path, rules.as_deref())? {
                    Ok(f) => Some(f),
                    Err(code) => return Ok(code),
                },
                None => None,
            };
            let pool = worker_pool(threads)?;
            let name = match &file {
                Some(f) => f.rules,
                None => rules.as_deref().unwrap_or(DEFAULT_RULES),
            };
            pool.install(|| {
                with_book!(name, b => batch(b, file.as_ref(), &armies, tables.as_ref(), games, seed, &names, json, records.as_deref()))
            })
        }
        Cmd::Balance {
            rules,
            lists,
            armies,
            games,
            seed,
            players,
            threads,
            svg,
            records,
            json,
        } => {
            let names = parse_players(&players)?;
            let pool = worker_pool(threads)?;
            let name = rules.as_deref().unwrap_or(DEFAULT_RULES);
            pool.install(|| {
                with_book!(name, b => balance(b, &lists, &armies, games, seed, &names, svg.as_deref(), records.as_deref(), json))
            })
        }
        Cmd::Design { file, out } => design(&file, out.as_deref()),
        Cmd::Odds {
            rules,
            roll,
            facts,
            situation,
            list,
            json,
            help,
            replay,
            step,
        } => {
            if let (Some(file), Some(step)) = (&replay, step) {
                let (bytes, named) = replay_bytes(file)?;
                if let Some(r) = known_flag(rules.as_deref())?.filter(|r| *r != named) {
                    bail!("{} is a replay of {named}, but --rules {r} was given\n  hint: leave out --rules", file.display());
                }
                return with_book!(named.as_str(), b => replay_odds(b, file, &bytes, step, json));
            }
            let name = known_flag(rules.as_deref())?.unwrap_or(DEFAULT_RULES);
            let file = match &situation {
                Some(path) => match read_text(path)? {
                    Text::Ok(t) => Some((path.display().to_string(), t)),
                    Text::Bad(e) => return Ok(refuse(path, &[e])),
                },
                None => None,
            };
            with_book!(name, b => odds_command(b, roll.as_deref(), &facts, file, list, json, help))
        }
        Cmd::Resolve {
            rules,
            roll,
            facts,
            situation,
            dice,
            seed,
            json,
        } => {
            let name = known_flag(rules.as_deref())?.unwrap_or(DEFAULT_RULES);
            let file = match &situation {
                Some(path) => match read_text(path)? {
                    Text::Ok(t) => Some((path.display().to_string(), t)),
                    Text::Bad(e) => return Ok(refuse(path, &[e])),
                },
                None => None,
            };
            with_book!(name, b => resolve_command(b, &roll, &facts, file, dice.as_deref(), seed, json))
        }
        Cmd::Serve { port, db, log } => {
            grognard_server::run(port, &db, log)
                .with_context(|| format!("cannot serve on port {port}"))?;
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Companion { rules, seed } => with_book!(rules.as_str(), b => {
            let mut session = companion::Session::new(b, seed.unwrap_or_else(fresh_seed));
            let stdin = std::io::stdin();
            let prompt = stdin.is_terminal();
            let refused = session.run(stdin.lock(), &mut std::io::stdout(), prompt)?;
            Ok(if refused == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
        }),
        Cmd::Completions { shell } => {
            use clap::CommandFactory;
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "grognard",
                &mut std::io::stdout(),
            );
            Ok(ExitCode::SUCCESS)
        }
        Cmd::Reference { rules } => with_book!(rules.as_str(), b => {
            say!("{}", reference(b));
            Ok(ExitCode::SUCCESS)
        }),
        Cmd::Rules => {
            say!("{:<17} {:<45} completeness", "name", "book");
            fn line<B: Book>(b: &B) -> String {
                format!(
                    "{:<17} {:<45} {}; {} rolls with exact odds (grognard odds --rules {} --list)",
                    b.name(),
                    b.title(),
                    b.completeness(),
                    b.resolutions().len(),
                    b.name()
                )
            }
            say!("{}", line(&TwoByTwo));
            say!("{}", line(&NapoleonsWars));
            say!("{}", line(&BeerAndPretzel));
            say!("{}", line(&Burt));
            say!("{}", line(&FireAndFury));
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Print a refusal of the table companion; exit status 1.
fn refused(r: odds::Refusal) -> ExitCode {
    eprintln!("{r}");
    ExitCode::FAILURE
}

fn odds_command<R: Book>(
    rules: &R,
    roll: Option<&str>,
    facts: &[String],
    file: Option<(String, String)>,
    list: bool,
    json: bool,
    help: bool,
) -> Result<ExitCode> {
    use clap::CommandFactory;
    if list {
        say!("{}", odds::list(rules));
        return Ok(ExitCode::SUCCESS);
    }
    let Some(roll) = roll else {
        if help {
            let mut cmd = Cli::command();
            if let Some(sub) = cmd.find_subcommand_mut("odds") {
                say!("{}", sub.render_long_help());
            }
            return Ok(ExitCode::SUCCESS);
        }
        return Ok(refused(odds::Refusal(format!(
            "name the roll to give the odds of\n  hint: {}",
            odds::list(rules).replace('\n', "\n  ")
        ))));
    };
    let r = match odds::find(rules, roll) {
        Ok(r) => r,
        Err(e) => return Ok(refused(e)),
    };
    if help {
        say!("{}", odds::help(r.as_ref(), rules.name()));
        return Ok(ExitCode::SUCCESS);
    }
    let situation = match odds::situation(r.as_ref(), file, facts) {
        Ok(s) => s,
        Err(e) => return Ok(refused(e)),
    };
    let o = match r.odds(&situation) {
        Ok(o) => o,
        Err(p) => return Ok(refused(odds::refusal(r.as_ref(), &p))),
    };
    let filled = r.filled(&situation).unwrap_or_default();
    if json {
        say!(
            "{}",
            serde_json::to_string_pretty(&odds::odds_json(rules.name(), &o, &filled))?
        );
    } else {
        say!("{}", odds::show_odds(&o, &filled));
    }
    Ok(ExitCode::SUCCESS)
}

/// The odds of the roll made at step `step` of a replay, from the position it was made in.
fn replay_odds<R: Book>(
    rules: &R,
    file: &Path,
    bytes: &[u8],
    step: usize,
    json: bool,
) -> Result<ExitCode> {
    let shown = file.display();
    let replay = parse_replay(rules, file, bytes)?;
    let Some(made) = replay.steps.get(step) else {
        return Ok(refused(odds::Refusal(format!(
            "{shown} has {} steps, numbered 0 to {}; there is no step {step}\n  hint: give --step a number in that range",
            replay.steps.len(),
            replay.steps.len().saturating_sub(1)
        ))));
    };
    let state = match state_at(rules, &replay, step) {
        Ok(s) => s,
        Err(d) => {
            return Ok(refused(odds::Refusal(format!(
                "{shown}: the replay departs from its record before step {step}, at {d}\n  hint: check the file with `grognard replay {shown}`"
            ))))
        }
    };
    let who = rules.side_name(&state, made.side);
    let command = serde_json::to_string(&made.command)?;
    let Some((name, situation)) = rules.roll_of(&state, made.side, &made.command) else {
        return Ok(refused(odds::Refusal(format!(
            "step {step} ({who} gives {command}) throws no dice the odds can be given of\n  hint: choose a step whose command rolls: a rally, a shot, a melee, a maneuver roll..."
        ))));
    };
    let r = match odds::find(rules, name) {
        Ok(r) => r,
        Err(e) => return Ok(refused(e)),
    };
    let o = match r.odds(&situation) {
        Ok(o) => o,
        Err(p) => return Ok(refused(odds::refusal(r.as_ref(), &p))),
    };
    let filled = r.filled(&situation).unwrap_or_default();
    if json {
        let mut j = odds::odds_json(rules.name(), &o, &filled);
        j["step"] = json!(step);
        j["thrown"] = json!(made.rolls);
        say!("{}", serde_json::to_string_pretty(&j)?);
    } else {
        say!("Step {step}: {who} gives {command}");
        say!("{}", odds::show_odds(&o, &filled));
        let thrown: Vec<String> = made
            .rolls
            .iter()
            .map(|r| format!("d{} = {} ({})", r.sides, r.face, r.purpose))
            .collect();
        say!("Thrown at this step: {}", thrown.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}

fn resolve_command<R: Book>(
    rules: &R,
    roll: &str,
    facts: &[String],
    file: Option<(String, String)>,
    dice: Option<&str>,
    seed: Option<u64>,
    json: bool,
) -> Result<ExitCode> {
    let r = match odds::find(rules, roll) {
        Ok(r) => r,
        Err(e) => return Ok(refused(e)),
    };
    let situation = match odds::situation(r.as_ref(), file, facts) {
        Ok(s) => s,
        Err(e) => return Ok(refused(e)),
    };
    let faces = match dice.map(odds::parse_dice).transpose() {
        Ok(f) => f,
        Err(e) => return Ok(refused(e)),
    };
    let seed = seed.unwrap_or_else(fresh_seed);
    let done = match odds::resolve(r.as_ref(), &situation, faces.as_deref(), seed) {
        Ok(d) => d,
        Err(e) => return Ok(refused(e)),
    };
    if json {
        say!("{}", serde_json::to_string_pretty(&done)?);
    } else {
        say!("{}", odds::show_resolved(&done));
    }
    Ok(ExitCode::SUCCESS)
}

/// The reference page of a rule set's files.
fn reference<R: Book>(rules: &R) -> String {
    let title = format!("Files of {} (`--rules {}`)", rules.title(), rules.name());
    let intro = format!(
        "Made by `grognard reference --rules {0}` from the types that read these files, so every key a file may hold is here and no other. `grognard check FILE` checks a file against them and against the book; a file says which rule set it is for with `rules = \"{0}\"`.",
        rules.name()
    );
    grognard_engine::reference::page(&title, &intro, &rules.file_schemas())
}

/// Print a file's problems and say how many; exit status 1.
fn refuse(file: &Path, errors: &[FileError]) -> ExitCode {
    for e in errors {
        eprintln!("{e}");
    }
    eprintln!("{}: {} problem(s)", file.display(), errors.len());
    ExitCode::FAILURE
}

/// A scenario file read from disk, with the rule set it is for.
struct ScenarioFile {
    rules: &'static str,
    name: String,
    text: String,
    includes: Beside,
}

/// The files a scenario names, read from its own folder (a name may also be a whole path),
/// under the same limits as any file given on the command line. Each is read once.
struct Beside {
    dir: PathBuf,
    read: std::sync::Mutex<std::collections::HashMap<String, (String, String)>>,
}

impl Beside {
    fn new(file: &Path) -> Beside {
        Beside {
            dir: file.parent().map(Path::to_path_buf).unwrap_or_default(),
            read: Default::default(),
        }
    }
}

impl Includes for Beside {
    fn read(&self, name: &str) -> Result<(String, String), String> {
        let mut cache = self.read.lock().map_err(|e| e.to_string())?;
        if let Some(done) = cache.get(name) {
            return Ok(done.clone());
        }
        let path = self.dir.join(name);
        let shown = path.display().to_string();
        let bytes = read_bytes(&path, files::MAX_TEXT_BYTES).map_err(|e| format!("{e:#}"))?;
        let text = files::decode(&shown, bytes).map_err(|e| e.to_string())?;
        cache.insert(name.to_string(), (shown.clone(), text.clone()));
        Ok((shown, text))
    }
}

/// Read a scenario file named on the command line and choose its rule set; a file that is
/// not a scenario of that rule set is refused here (the inner `Err` is the exit status).
fn scenario_file(path: &Path, flag: Option<&str>) -> Result<Result<ScenarioFile, ExitCode>> {
    let text = match read_text(path)? {
        Text::Ok(t) => t,
        Text::Bad(e) => return Ok(Err(refuse(path, &[e]))),
    };
    let name = path.display().to_string();
    let header = match Header::read(&name, &text) {
        Ok(h) => h,
        Err(e) => return Ok(Err(refuse(path, &[e]))),
    };
    let rules = match choose_rules(known_flag(flag)?, path, &header) {
        Ok(r) => r,
        Err(e) => return Ok(Err(refuse(path, &[e]))),
    };
    if let Some(kind) = kind_for(rules, &header).filter(|k| *k != "scenario") {
        bail!(
            "{name} is {} {kind} for {rules}, not a scenario\n  hint: check it with `grognard check {name}`; a battle starts from a scenario file",
            article(kind)
        );
    }
    Ok(Ok(ScenarioFile {
        rules,
        includes: Beside::new(path),
        name,
        text,
    }))
}

fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

fn parse_players(s: &str) -> Result<[String; 2]> {
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() != 2 || parts.iter().any(|p| !["ai", "random"].contains(p)) {
        bail!("--players takes two of \"ai\" and \"random\" as A:B, e.g. ai:random (got \"{s}\")");
    }
    Ok([parts[0].to_string(), parts[1].to_string()])
}

/// The worker threads `--threads` asks for (all cores by default), at most the cap, said
/// so when more are asked.
fn worker_pool(threads: Option<u32>) -> Result<rayon::ThreadPool> {
    let (cap, cores) = thread_cap();
    let threads = threads.map(|n| n as usize);
    if let Some(n) = threads.filter(|n| *n > cap) {
        eprintln!(
            "grognard: --threads {n} is more than {cap} ({THREADS_PER_CORE} for each of the {cores} cores); using {cap}"
        );
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, |n| n.min(cap)))
        .build()
        .context("cannot start the worker threads")
}

fn make_players<R: Ruleset>(names: &[String; 2]) -> [Box<dyn Player<R>>; 2] {
    [
        grognard_ai::by_name::<R>(&names[0]).expect("names checked"),
        grognard_ai::by_name::<R>(&names[1]).expect("names checked"),
    ]
}

const STEP_LIMIT: usize = 200_000;

/// A scenario on the player's own tables (`--tables FILE`), or the exit code once the
/// refusal is printed: the file's problems with their places, or a book that plays only its
/// own tables.
fn on_tables<R: Book>(
    rules: &R,
    scenario: R::Scenario,
    tables: Option<&(PathBuf, String)>,
) -> std::result::Result<R::Scenario, ExitCode> {
    let Some((path, text)) = tables else {
        return Ok(scenario);
    };
    match rules.with_tables(scenario, &path.display().to_string(), text) {
        None => {
            eprintln!(
                "--tables: the {} rule set plays its book's own tables, which a file does not replace",
                rules.name()
            );
            Err(ExitCode::from(EXIT_UNREADABLE))
        }
        Some(Err(errors)) => Err(refuse(path, &errors)),
        Some(Ok(s)) => Ok(s),
    }
}

/// The text of a `--tables` file, read once for every battle.
fn tables_text(
    path: Option<&PathBuf>,
) -> Result<std::result::Result<Option<(PathBuf, String)>, ExitCode>> {
    Ok(match path {
        Some(path) => match read_text(path)? {
            Text::Ok(t) => Ok(Some((path.clone(), t))),
            Text::Bad(e) => Err(refuse(path, &[e])),
        },
        None => Ok(None),
    })
}

fn battle<R: Book>(
    rules: &R,
    file: Option<&ScenarioFile>,
    tables: Option<&(PathBuf, String)>,
    seed: Option<u64>,
    names: &[String; 2],
    out: Option<&Path>,
    json: bool,
) -> Result<ExitCode> {
    let seed = seed.unwrap_or_else(fresh_seed);
    let (scenario, notes) = match file {
        Some(f) => match rules.load_scenario(&f.name, &f.text, &f.includes, seed) {
            Ok(loaded) => loaded,
            Err(errors) => return Ok(refuse(Path::new(&f.name), &errors)),
        },
        None => rules.default_scenario(seed),
    };
    let scenario = match on_tables(rules, scenario, tables) {
        Ok(s) => s,
        Err(code) => return Ok(code),
    };
    let mut m = Match::new(rules, scenario, seed);
    // Each picture says which command draws it again.
    let again = match file {
        Some(f) => format!(
            "grognard battle --scenario {} --seed {seed} --players {}",
            f.name,
            names.join(":")
        ),
        None => format!(
            "grognard battle --rules {} --seed {seed} --players {}",
            rules.name(),
            names.join(":")
        ),
    } + &tables.map_or(String::new(), |(p, _)| format!(" --tables {}", p.display()));
    let scene = |state: &R::State| {
        let mut s = rules.scene(state);
        s.caption.push(again.clone());
        s
    };
    let start_scene = scene(&m.state);
    let mut boxed = make_players::<R>(names);
    let (a, b) = boxed.split_at_mut(1);
    let mut players: [&mut dyn Player<R>; 2] = [a[0].as_mut(), b[0].as_mut()];
    if !json {
        say!("Grognard: {} (seed {seed})", rules.title());
        for n in &notes {
            say!("  set-up: {n}");
        }
    }
    let mut heading = String::new();
    let mut printed_heading = String::new();
    loop {
        if !json {
            heading = rules.headline(&m.state);
        }
        let before = m.steps.len();
        let more = m.step(&mut players).map_err(|e| anyhow!("{e}"))?;
        if !more {
            break;
        }
        if m.steps.len() > STEP_LIMIT {
            bail!("the battle did not end within {STEP_LIMIT} commands");
        }
        if !json {
            // Narrate with the state as it is now; names and sides never change.
            for e in &m.steps[before].events {
                if let Some(line) = rules.narrate(&m.state, e) {
                    if printed_heading != heading {
                        say!("\n== {heading} ==");
                        printed_heading = heading.clone();
                    }
                    say!("  {line}");
                }
            }
        }
    }
    let outcome = rules.outcome(&m.state).expect("the battle ended");
    let losses = rules.losses(&m.state);
    let side_names = [
        rules.side_name(&m.state, Side(0)),
        rules.side_name(&m.state, Side(1)),
    ];
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let replay = m.replay();
        write_file(&dir.join("replay.json"), &serde_json::to_string(&replay)?)?;
        write_file(&dir.join("start.svg"), &picture::render(&start_scene))?;
        write_file(&dir.join("battle.svg"), &picture::render(&scene(&m.state)))?;
    }
    let winner = outcome.winner.map(|s| side_names[s.index()].clone());
    if json {
        let summary = json!({
            "rules": rules.name(),
            "seed": seed,
            "winner": winner,
            "result": outcome.result,
            "reason": outcome.reason,
            "turns": rules.turn(&m.state),
            "commands": m.steps.len(),
            "sides": side_names,
            "destroyed": { side_names[0].clone(): losses[0], side_names[1].clone(): losses[1] },
        });
        say!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        say!();
        match &winner {
            Some(w) => say!(
                "Winner: {w} ({}) after {} turns.",
                outcome.reason,
                rules.turn(&m.state)
            ),
            None => say!(
                "Draw ({}) after {} turns.",
                outcome.reason,
                rules.turn(&m.state)
            ),
        }
        say!(
            "Destroyed: {} {}, {} {}.",
            side_names[0],
            losses[0],
            side_names[1],
            losses[1]
        );
        if let Some(dir) = out {
            say!(
                "Wrote {0}/replay.json, {0}/start.svg and {0}/battle.svg",
                dir.display()
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Write a file whole or not at all: the text goes to a temporary file beside it, which then
/// replaces the old one, so a failed write never leaves a file half written.
fn write_file(path: &Path, text: &str) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".partial");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            anyhow!("cannot write {}: {e}", path.display())
        })
}

fn check<R: Book>(rules: &R, file: &Path, text: &str) -> Result<ExitCode> {
    match rules.check_file(&file.display().to_string(), text, &Beside::new(file)) {
        Ok(c) => {
            say!(
                "{}: ok, {} {} for {}: {}",
                file.display(),
                article(&c.kind),
                c.kind,
                rules.name(),
                c.summary
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(errors) => Ok(refuse(file, &errors)),
    }
}

/// The first fields of a replay, read to choose the rule set.
#[derive(serde::Deserialize)]
struct ReplayHead {
    rules: Option<String>,
}

/// `grognard replay`: exit 0 when every command, roll and event is reproduced, 1 when the
/// re-run differs, and (through the caller) 2 when the file cannot be read as a replay.
fn replay_file(file: &Path) -> Result<ExitCode> {
    let (bytes, rules) = replay_bytes(file)?;
    with_book!(rules.as_str(), b => replay(b, file, &bytes))
}

/// A replay file's bytes and the rule set it names, or why it is not a replay.
fn replay_bytes(file: &Path) -> Result<(Vec<u8>, String)> {
    let shown = file.display();
    let bytes = read_bytes(file, MAX_REPLAY_BYTES)?;
    let not_a_replay = "a replay is the JSON object `grognard battle --out DIR` writes to DIR/replay.json, with rules, seed, scenario, steps and outcome";
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace()).copied();
    let held = match first {
        None => Some("nothing"),
        Some(b'[') => Some("a JSON list"),
        Some(b'n') => Some("JSON null"),
        Some(b'"') => Some("a JSON string"),
        Some(b't' | b'f') => Some("a JSON true or false"),
        Some(b'-' | b'0'..=b'9') => Some("a JSON number"),
        _ => None,
    };
    if let Some(held) = held {
        bail!("{shown} is not a replay: it holds {held}, not an object\n  hint: {not_a_replay}");
    }
    let head: ReplayHead = serde_json::from_slice(&bytes).map_err(|e| {
        if e.is_data() {
            anyhow!("{shown} is not a replay: {e}\n  hint: {not_a_replay}")
        } else {
            anyhow!(
                "{shown}:{}:{}: not valid JSON: {e}\n  hint: {not_a_replay}",
                e.line(),
                e.column()
            )
        }
    })?;
    let Some(rules) = head.rules else {
        bail!("{shown} is not a replay: it names no rule set (no \"rules\" field)\n  hint: {not_a_replay}");
    };
    Ok((bytes, rules))
}

type ReplayOf<R> = Replay<<R as Ruleset>::Scenario, <R as Ruleset>::Command, <R as Ruleset>::Event>;

/// A replay of rule set `rules`, read whole, its scenario checked.
fn parse_replay<R: Book>(rules: &R, file: &Path, bytes: &[u8]) -> Result<ReplayOf<R>> {
    let shown = file.display();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let replay: Replay<R::Scenario, R::Command, R::Event> =
        serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let path = e.path().to_string();
            let inner = e.into_inner();
            let message = inner.to_string();
            let message = message.split(" at line ").next().unwrap_or_default();
            anyhow!(
                "{shown}:{}:{}: {path}: {message}\n  hint: this is not a {} replay as `grognard battle --out` writes it; was it edited?",
                inner.line(),
                inner.column(),
                rules.name()
            )
        })?;
    if replay.version != rules.version() {
        bail!(
            "{shown}: a replay of version {} of the {} rules, and this build plays version {}: the rules have changed since it was recorded, so it would not play the same\n  hint: play it again from its scenario and seed ({}) with `grognard battle --out DIR` for a replay of this version",
            replay.version,
            rules.name(),
            rules.version(),
            replay.seed
        );
    }
    let problems = rules.scenario_problems(&replay.scenario);
    if !problems.is_empty() {
        let list: Vec<String> = problems.iter().map(|p| format!("{shown}: {p}")).collect();
        bail!(
            "{}\n{shown}: the scenario in this replay is not valid",
            list.join("\n")
        );
    }
    Ok(replay)
}

fn replay<R: Book>(rules: &R, file: &Path, bytes: &[u8]) -> Result<ExitCode> {
    let shown = file.display();
    let replay = parse_replay(rules, file, bytes)?;
    let events: usize = replay.steps.iter().map(|s| s.events.len()).sum();
    let rolls: usize = replay.steps.iter().map(|s| s.rolls.len()).sum();
    match verify(rules, &replay) {
        Ok(_) => {
            say!(
                "{shown}: reproduced all {} commands, {rolls} dice and {events} events (seed {})",
                replay.steps.len(),
                replay.seed
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(d) => {
            eprintln!("{shown}: the re-run differs from the replay at {d}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// One battle of a batch: which player (0 = A, 1 = B) won, if any, and its record.
fn batch_game<R: Book>(
    rules: &R,
    field: &Field,
    tables: Option<&(PathBuf, String)>,
    master: u64,
    index: u64,
    names: &[String; 2],
) -> Result<(Option<usize>, study::BattleRecord), String> {
    let seed = derive_seed(master, index);
    let scenario = match field {
        Field::Armies(files) => {
            let pair = [
                (files[0].0.as_str(), files[0].1.as_str()),
                (files[1].0.as_str(), files[1].1.as_str()),
            ];
            match rules.scenario_of_army_files(pair, seed) {
                Some(Ok((s, _))) => s,
                _ => {
                    return Err(format!(
                        "battle {index} (seed {seed}): no set-up of the two armies"
                    ))
                }
            }
        }
        Field::Scenario(f) => {
            rules
                .load_scenario(&f.name, &f.text, &f.includes, seed)
                .map_err(|e| {
                    let first = e.first().map(ToString::to_string).unwrap_or_default();
                    format!("battle {index} (seed {seed}): {first}")
                })?
                .0
        }
        Field::Builtin => rules.default_scenario(seed).0,
    };
    let scenario = match tables {
        None => scenario,
        Some((path, text)) => {
            match rules.with_tables(scenario, &path.display().to_string(), text) {
                Some(Ok(s)) => s,
                _ => {
                    return Err(format!(
                        "battle {index} (seed {seed}): the tables of {} do not load",
                        path.display()
                    ))
                }
            }
        }
    };
    // A plays side 0 in even battles and side 1 in odd ones.
    let swap = index % 2 == 1;
    let order = if swap {
        [names[1].as_str(), names[0].as_str()]
    } else {
        [names[0].as_str(), names[1].as_str()]
    };
    let (record, winner) = study::play(rules, scenario, seed, index, order, STEP_LIMIT)?;
    Ok((winner.map(|s| if swap { 1 - s } else { s }), record))
}

/// A rate to three significant figures: 0.0123, 1.23, 123, 1230.
fn significant(x: f64) -> String {
    if !x.is_finite() || x <= 0.0 {
        return format!("{x}");
    }
    let decimals = (2 - x.log10().floor() as i32).max(0) as usize;
    let scale = 10f64.powi(x.log10().floor() as i32 - 2);
    let rounded = if decimals == 0 {
        (x / scale).round() * scale
    } else {
        x
    };
    format!("{rounded:.decimals$}")
}

/// A bar of battles played with the rate and the time left, on a terminal only.
fn progress_bar(json: bool, battles: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() || json {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(battles);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} battles, {per_sec}, eta {eta}",
    ) {
        b.set_style(style);
    }
    b
}

/// Army files given on the command line, read and checked once, each as (name, text).
fn army_files<R: Book>(
    rules: &R,
    armies: &[PathBuf],
    seed: u64,
) -> Result<Result<Vec<(String, String)>, ExitCode>> {
    let mut files = Vec::new();
    for path in armies {
        let text = match read_text(path)? {
            Text::Ok(t) => t,
            Text::Bad(e) => return Ok(Err(refuse(path, &[e]))),
        };
        let name = path.display().to_string();
        match rules.scenario_of_army_files([(&name, &text), (&name, &text)], seed) {
            None => {
                return Ok(Err(refused(odds::Refusal(format!(
                    "{} sets up no battle from army files\n  hint: give a scenario with --scenario",
                    rules.name()
                )))))
            }
            Some(Err(mut errors)) => {
                // The file was read twice, once for each side: each problem once.
                let mut seen = std::collections::HashSet::new();
                errors.retain(|e| seen.insert(e.to_string()));
                return Ok(Err(refuse(path, &errors)));
            }
            Some(Ok(_)) => files.push((name, text)),
        }
    }
    Ok(Ok(files))
}

/// Where the battles of a batch come from.
enum Field<'a> {
    /// The book's built-in battle for each seed.
    Builtin,
    /// A scenario file, set up with each battle's seed.
    Scenario(&'a ScenarioFile),
    /// Two army files, on the book's own set-up.
    Armies(&'a [(String, String)]),
}

/// `grognard balance`: every pairing of the book's army lists.
#[allow(clippy::too_many_arguments)]
fn balance<R: Book>(
    rules: &R,
    lists: &[String],
    armies: &[PathBuf],
    games: u64,
    seed: u64,
    names: &[String; 2],
    svg: Option<&Path>,
    records: Option<&Path>,
    json: bool,
) -> Result<ExitCode> {
    let files = match army_files(rules, armies, seed)? {
        Ok(f) => f,
        Err(code) => return Ok(code),
    };
    let lists: Vec<String> = if !files.is_empty() {
        files
            .iter()
            .map(|(name, _)| {
                Path::new(name)
                    .file_stem()
                    .map_or(name.clone(), |s| s.to_string_lossy().into_owned())
            })
            .collect()
    } else if lists.is_empty() {
        rules.army_lists().iter().map(|l| l.to_string()).collect()
    } else {
        lists.to_vec()
    };
    if lists.is_empty() {
        return Ok(refused(odds::Refusal(format!(
            "{} has no army lists of its own to pair\n  hint: give army files with --armies, or play its battles with `grognard batch --scenario FILE`",
            rules.name()
        ))));
    }
    let from_files = |[a, b]: [usize; 2], s: u64| {
        let pair = [
            (files[a].0.as_str(), files[a].1.as_str()),
            (files[b].0.as_str(), files[b].1.as_str()),
        ];
        rules
            .scenario_of_army_files(pair, s)
            .and_then(Result::ok)
            .map(|(scenario, _)| scenario)
    };
    let setup: Box<study::SetUp<'_, R::Scenario>> = if files.is_empty() {
        match study::book_lists(rules, &lists) {
            Ok(s) => s,
            Err(e) => return Ok(refused(odds::Refusal(e.to_string()))),
        }
    } else {
        Box::new(from_files)
    };
    let players = [names[0].as_str(), names[1].as_str()];
    let bar = progress_bar(json, 0);
    let (b, played) = match study::balance(
        rules,
        &lists,
        setup.as_ref(),
        games,
        seed,
        players,
        STEP_LIMIT,
        &bar,
    ) {
        Ok(x) => x,
        Err(e) => return Ok(refused(odds::Refusal(e.to_string()))),
    };
    if let Some(path) = svg {
        let doc = study::picture(&b, &played);
        svg::save(path, &doc).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = records {
        study::write_records(path, &played)?;
    }
    if json {
        say!("{}", serde_json::to_string_pretty(&b)?);
    } else {
        say!("{}", study::show(&b));
    }
    Ok(ExitCode::SUCCESS)
}

#[allow(clippy::too_many_arguments)]
fn batch<R: Book>(
    rules: &R,
    file: Option<&ScenarioFile>,
    armies: &[PathBuf],
    tables: Option<&(PathBuf, String)>,
    games: u64,
    seed: u64,
    names: &[String; 2],
    json: bool,
    records: Option<&Path>,
) -> Result<ExitCode> {
    let files = match army_files(rules, armies, seed)? {
        Ok(f) => f,
        Err(code) => return Ok(code),
    };
    if !files.is_empty() && files.len() != 2 {
        return Ok(refused(odds::Refusal(format!(
            "--armies takes one army file for each side, and {} {} given\n  hint: --armies A.toml,B.toml; `grognard balance --armies` pairs more",
            files.len(),
            if files.len() == 1 { "was" } else { "were" }
        ))));
    }
    let field = match (file, files.is_empty()) {
        (Some(f), _) => Field::Scenario(f),
        (None, false) => Field::Armies(&files),
        (None, true) => Field::Builtin,
    };
    // The file is checked once; each battle then sets it up with its own seed.
    if let Some(f) = file {
        if let Err(errors) = rules.load_scenario(&f.name, &f.text, &f.includes, seed) {
            return Ok(refuse(Path::new(&f.name), &errors));
        }
    }
    // So is a file of tables, on the built-in battle.
    if tables.is_some() {
        if let Err(code) = on_tables(rules, rules.default_scenario(seed).0, tables) {
            return Ok(code);
        }
    }
    let bar = progress_bar(json, games);
    let started = Instant::now();
    let results: Vec<Result<(Option<usize>, study::BattleRecord), String>> = (0..games)
        .into_par_iter()
        .map(|i| {
            let r = batch_game(rules, &field, tables, seed, i, names);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let mut wins = [0u64; 2];
    let mut draws = 0u64;
    let mut errors = Vec::new();
    let mut commands = 0usize;
    let mut played = Vec::new();
    for r in results {
        match r {
            Ok((winner, record)) => {
                commands += record.commands;
                played.push(record);
                match winner {
                    Some(w) => wins[w] += 1,
                    None => draws += 1,
                }
            }
            Err(e) => errors.push(e),
        }
    }
    if let Some(path) = records {
        study::write_records(path, &played)?;
    }
    let rate = games as f64 / secs;
    let threads = rayon::current_num_threads();
    // How each side did, by its name, whoever played it.
    let mut sides: Vec<(String, u64, u64)> = Vec::new();
    for r in &played {
        for name in &r.sides {
            match sides.iter_mut().find(|(n, _, _)| n == name) {
                Some(s) => s.1 += 1,
                None => sides.push((name.clone(), 1, 0)),
            }
        }
        if let Some(s) = sides.iter_mut().find(|(n, _, _)| *n == r.winner) {
            s.2 += 1;
        }
    }
    let (wa, wb, dr) = (
        wilson(wins[0], games),
        wilson(wins[1], games),
        wilson(draws, games),
    );
    if json {
        let summary = json!({
            "rules": rules.name(),
            "seed": seed,
            "players": names,
            "games": games,
            "wins": wins,
            "draws": draws,
            "win_rate_ci95": [[wa.low, wa.high], [wb.low, wb.high]],
            "draw_rate_ci95": [dr.low, dr.high],
            "errors": errors.len(),
            "threads": threads,
            "seconds": secs,
            "battles_per_second": rate,
            "commands": commands,
            "sides": sides.iter().map(|(name, battles, won)| {
                let w = wilson(*won, *battles);
                json!({"name": name, "battles": battles, "wins": won, "win_rate_ci95": [w.low, w.high]})
            }).collect::<Vec<_>>(),
        });
        say!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        say!(
            "{games} battles of {} (seed {seed}), players swap sides every other battle",
            rules.name()
        );
        for (i, p) in [wa, wb].iter().enumerate() {
            say!(
                "  {} ({}): {} wins, {:.1}% (95% CI {:.1}% to {:.1}%)",
                if i == 0 { "A" } else { "B" },
                names[i],
                p.count,
                100.0 * p.rate,
                100.0 * p.low,
                100.0 * p.high
            );
        }
        say!(
            "  draws: {draws}, {:.1}% (95% CI {:.1}% to {:.1}%)",
            100.0 * dr.rate,
            100.0 * dr.low,
            100.0 * dr.high
        );
        for (name, battles, won) in &sides {
            let w = wilson(*won, *battles);
            say!(
                "  {name}: won {won} of the {battles} battles it fought, {:.1}% (95% CI {:.1}% to {:.1}%)",
                100.0 * w.rate,
                100.0 * w.low,
                100.0 * w.high
            );
        }
        say!(
            "  {} battles per second on {threads} thread{} ({} per thread)",
            significant(rate),
            if threads == 1 { "" } else { "s" },
            significant(rate / threads as f64)
        );
    }
    for e in &errors {
        eprintln!("error: {e}");
    }
    Ok(if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn design(file: &Path, out: Option<&Path>) -> Result<ExitCode> {
    use grognard_rules_napoleons_wars::design::army::{cinc_label, commander_label};
    use grognard_rules_napoleons_wars::design::oob::{self, OrderOfBattle};
    use grognard_rules_napoleons_wars::design::roster::boxes_text;
    use grognard_rules_napoleons_wars::tables::Tables;
    let text = match read_text(file)? {
        Text::Ok(t) => t,
        Text::Bad(e) => return Ok(refuse(file, &[e])),
    };
    let name = file.display().to_string();
    // Another kind of file, or another book's, is named for what it is.
    let header = match Header::read(&name, &text) {
        Ok(h) => h,
        Err(e) => return Ok(refuse(file, &[e])),
    };
    let nw = NapoleonsWars.name();
    if let Some(r) = header.rules.as_deref().filter(|r| *r != nw) {
        let (line, column) = header.rules_at;
        let e = FileError {
            file: name.clone(),
            line,
            column,
            path: "rules".into(),
            message: format!(
                "this file is for {r}; `grognard design` reads orders of battle of {nw}"
            ),
            hint: format!("check it with `grognard check {name}`"),
        };
        return Ok(refuse(file, &[e]));
    }
    let kind = RULE_SETS
        .iter()
        .filter_map(|r| kind_for(r, &header).map(|k| (*r, k)))
        .find(|(r, _)| *r == nw || header.rules.is_none());
    if let Some((r, kind)) = kind.filter(|(_, k)| *k != "order of battle") {
        bail!(
            "{name} is {} {kind} for {r}, not an order of battle\n  hint: `grognard design` turns an order of battle into a roster; check this file with `grognard check {name}`",
            article(kind)
        );
    }
    let oob: OrderOfBattle = match grognard_engine::files::parse_toml(&name, &text) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let designed = match oob::design(&Tables::default(), &oob) {
        Ok(d) => d,
        Err(problems) => {
            for p in problems {
                eprintln!("{}", p.locate(&name, &text));
            }
            return Ok(ExitCode::FAILURE);
        }
    };
    let army = &designed.army;
    say!(
        "{} ({}, {}), {:?} morale",
        army.name,
        army.nation,
        army.year,
        army.morale
    );
    say!(
        "CinC {}; {} ADC(s); army fatigue (AF-{})",
        cinc_label(&army.cinc),
        army.adcs,
        army.fatigue
    );
    for c in &army.commands {
        say!("");
        say!("{}  (CF-{})", commander_label(c), c.fatigue);
        for d in &c.divisions {
            let g = if d.generals.is_empty() {
                String::new()
            } else {
                format!("  general(s): {}", d.generals.join(", "))
            };
            say!("  {}{}", d.name, g);
            for b in &d.brigades {
                say!("    {:<40} {}", b.roster_label(), boxes_text(&b.fatigue));
            }
        }
        for b in &c.batteries {
            say!("    {}", b.label);
        }
    }
    for b in &army.independent {
        say!("  {:<42} {}", b.roster_label(), boxes_text(&b.fatigue));
    }
    say!("");
    say!("How each figure was reached:");
    for n in &designed.notes {
        say!("  {n}");
    }
    if let Some(dir) = out {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let toml = toml::to_string(army).context("cannot write the roster as TOML")?;
        let roster = dir.join("army.toml");
        write_file(
            &roster,
            &format!("# Designed by `grognard design {}`\n{toml}", file.display()),
        )?;
        let sheet = dir.join("roster.html");
        write_file(&sheet, &roster::html(army))?;
        say!("");
        say!("wrote {} and {}", roster.display(), sheet.display());
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::significant;

    #[test]
    fn rates_are_given_to_three_figures() {
        assert_eq!(significant(2187.4), "2190");
        assert_eq!(significant(218.74), "219");
        assert_eq!(significant(21.874), "21.9");
        assert_eq!(significant(0.021874), "0.0219");
        assert_eq!(significant(1.0), "1.00");
    }
}
