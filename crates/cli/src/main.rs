//! `grognard`: battles, checks, replays and batches from the command line.
//!
//! Key decision: every subcommand is written once, generically over a rule set that
//! implements [`Book`]; the rule set is picked by name at the top and nothing below knows
//! which book it is playing.

mod picture;
mod roster;

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

use anyhow::{anyhow, bail, Context, Result};
use clap::{Parser, Subcommand};
use grognard_engine::book::Book;
use grognard_engine::dice::derive_seed;
use grognard_engine::driver::Match;
use grognard_engine::replay::{verify, Replay};
use grognard_engine::stats::wilson;
use grognard_engine::{Player, Ruleset, Side};
use grognard_rules_napoleons_wars::NapoleonsWars;
use grognard_rules_two_by_two::TwoByTwo;
use rayon::prelude::*;
use serde_json::json;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// The rule sets this build knows, with the name used on the command line.
const RULE_SETS: &[&str] = &["two-by-two", "napoleons-wars"];

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
        /// Rule set to play.
        #[arg(long, default_value = "two-by-two")]
        rules: String,
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
    },
    /// Check a scenario or army list file.
    Check {
        file: PathBuf,
        #[arg(long, default_value = "two-by-two")]
        rules: String,
    },
    /// Re-run a replay file and confirm every event is reproduced.
    Replay { file: PathBuf },
    /// Play many seeded battles in parallel and report win rates.
    Batch {
        #[arg(long, default_value = "two-by-two")]
        rules: String,
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The two players, A:B; they swap sides every other battle.
        #[arg(long, default_value = "ai:ai")]
        players: String,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        #[arg(long)]
        json: bool,
    },
    /// List the rule sets and how complete each is.
    Rules,
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

fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Cmd::Battle {
            rules,
            scenario,
            seed,
            players,
            out,
            json,
        } => match rules.as_str() {
            "two-by-two" => battle(
                &TwoByTwo,
                scenario.as_deref(),
                seed,
                &players,
                out.as_deref(),
                json,
            ),
            "napoleons-wars" => battle(
                &NapoleonsWars,
                scenario.as_deref(),
                seed,
                &players,
                out.as_deref(),
                json,
            ),
            other => Err(unknown_rules(other)),
        },
        Cmd::Check { file, rules } => match rules.as_str() {
            "two-by-two" => check(&TwoByTwo, &file),
            "napoleons-wars" => check(&NapoleonsWars, &file),
            other => Err(unknown_rules(other)),
        },
        Cmd::Replay { file } => {
            let text = std::fs::read_to_string(&file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let head: serde_json::Value = serde_json::from_str(&text)
                .with_context(|| format!("{} is not a replay file (JSON)", file.display()))?;
            let rules = head
                .get("rules")
                .and_then(|r| r.as_str())
                .unwrap_or_default()
                .to_string();
            match rules.as_str() {
                "two-by-two" => replay(&TwoByTwo, &file, &text),
                "napoleons-wars" => replay(&NapoleonsWars, &file, &text),
                other => Err(unknown_rules(other)),
            }
        }
        Cmd::Batch {
            rules,
            games,
            seed,
            players,
            threads,
            json,
        } => {
            if let Some(n) = threads {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .build_global()
                    .ok();
            }
            match rules.as_str() {
                "two-by-two" => batch(&TwoByTwo, games, seed, &players, json),
                "napoleons-wars" => batch(&NapoleonsWars, games, seed, &players, json),
                other => Err(unknown_rules(other)),
            }
        }
        Cmd::Design { file, out } => design(&file, out.as_deref()),
        Cmd::Rules => {
            say!("{:<14} {:<45} completeness", "name", "book");
            let b = TwoByTwo;
            say!("{:<14} {:<45} {}", b.name(), b.title(), b.completeness());
            let n = NapoleonsWars;
            say!("{:<14} {:<45} {}", n.name(), n.title(), n.completeness());
            Ok(ExitCode::SUCCESS)
        }
    }
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

fn make_players<R: Ruleset>(names: &[String; 2]) -> [Box<dyn Player<R>>; 2] {
    [
        grognard_ai::by_name::<R>(&names[0]).expect("names checked"),
        grognard_ai::by_name::<R>(&names[1]).expect("names checked"),
    ]
}

const STEP_LIMIT: usize = 200_000;

fn battle<R: Book>(
    rules: &R,
    scenario: Option<&Path>,
    seed: Option<u64>,
    players: &str,
    out: Option<&Path>,
    json: bool,
) -> Result<ExitCode> {
    let names = parse_players(players)?;
    let seed = seed.unwrap_or_else(fresh_seed);
    let (scenario, notes) = match scenario {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            match rules.load_scenario(&path.display().to_string(), &text) {
                Ok(s) => (s, Vec::new()),
                Err(errors) => {
                    for e in errors {
                        eprintln!("{e}");
                    }
                    return Ok(ExitCode::FAILURE);
                }
            }
        }
        None => rules.default_scenario(seed),
    };
    let mut m = Match::new(rules, scenario, seed);
    let start_scene = rules.scene(&m.state);
    let mut boxed = make_players::<R>(&names);
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
        std::fs::write(dir.join("replay.json"), serde_json::to_string(&replay)?)?;
        std::fs::write(dir.join("start.svg"), picture::render(&start_scene))?;
        std::fs::write(
            dir.join("battle.svg"),
            picture::render(&rules.scene(&m.state)),
        )?;
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

fn check<R: Book>(rules: &R, file: &Path) -> Result<ExitCode> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    match rules.check_file(&file.display().to_string(), &text) {
        Ok(c) => {
            let article = if c.kind.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            say!(
                "{}: ok, {article} {} for {}: {}",
                file.display(),
                c.kind,
                rules.name(),
                c.summary
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(errors) => {
            for e in &errors {
                eprintln!("{e}");
            }
            eprintln!("{}: {} problem(s)", file.display(), errors.len());
            Ok(ExitCode::FAILURE)
        }
    }
}

fn replay<R: Book>(rules: &R, file: &Path, text: &str) -> Result<ExitCode> {
    let replay: Replay<R::Scenario, R::Command, R::Event> = serde_json::from_str(text)
        .with_context(|| format!("{} is not a {} replay", file.display(), rules.name()))?;
    let problems = rules.scenario_problems(&replay.scenario);
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("{}: {p}", file.display());
        }
        eprintln!(
            "{}: the scenario in this replay is not valid",
            file.display()
        );
        return Ok(ExitCode::FAILURE);
    }
    let events: usize = replay.steps.iter().map(|s| s.events.len()).sum();
    match verify(rules, &replay) {
        Ok(_) => {
            say!(
                "{}: reproduced all {} commands and {events} events (seed {})",
                file.display(),
                replay.steps.len(),
                replay.seed
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(d) => {
            eprintln!("{}: differs at {d}", file.display());
            Ok(ExitCode::FAILURE)
        }
    }
}

/// One battle of a batch: which player (0 = A, 1 = B) won, if any.
fn batch_game<R: Book>(
    rules: &R,
    master: u64,
    index: u64,
    names: &[String; 2],
) -> Result<Option<usize>, String> {
    let seed = derive_seed(master, index);
    let (scenario, _) = rules.default_scenario(seed);
    let mut m = Match::new(rules, scenario, seed);
    // A plays side 0 in even battles and side 1 in odd ones.
    let swap = index % 2 == 1;
    let order = if swap {
        [names[1].clone(), names[0].clone()]
    } else {
        names.clone()
    };
    let mut boxed = make_players::<R>(&order);
    let (a, b) = boxed.split_at_mut(1);
    let mut players: [&mut dyn Player<R>; 2] = [a[0].as_mut(), b[0].as_mut()];
    let outcome = m
        .play(&mut players, STEP_LIMIT)
        .map_err(|e| format!("battle {index} (seed {seed}): {e}"))?;
    Ok(outcome
        .winner
        .map(|s| if swap { 1 - s.index() } else { s.index() }))
}

fn batch<R: Book>(rules: &R, games: u64, seed: u64, players: &str, json: bool) -> Result<ExitCode> {
    let names = parse_players(players)?;
    let bar = if std::io::stderr().is_terminal() && !json {
        let b = indicatif::ProgressBar::new(games);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} battles, {per_sec}, eta {eta}",
        ) {
            b.set_style(style);
        }
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    let started = Instant::now();
    let results: Vec<Result<Option<usize>, String>> = (0..games)
        .into_par_iter()
        .map(|i| {
            let r = batch_game(rules, seed, i, &names);
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let mut wins = [0u64; 2];
    let mut draws = 0u64;
    let mut errors = Vec::new();
    for r in results {
        match r {
            Ok(Some(w)) => wins[w] += 1,
            Ok(None) => draws += 1,
            Err(e) => errors.push(e),
        }
    }
    let rate = games as f64 / secs;
    let threads = rayon::current_num_threads();
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
        say!(
            "  {rate:.1} battles per second on {threads} threads ({:.1} per thread)",
            rate / threads as f64
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
    use grognard_rules_napoleons_wars::army::{cinc_label, commander_label};
    use grognard_rules_napoleons_wars::oob::{self, OrderOfBattle};
    use grognard_rules_napoleons_wars::roster::boxes_text;
    use grognard_rules_napoleons_wars::tables::Tables;
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let name = file.display().to_string();
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
        std::fs::write(
            &roster,
            format!("# Designed by `grognard design {}`\n{toml}", file.display()),
        )
        .with_context(|| format!("cannot write {}", roster.display()))?;
        let sheet = dir.join("roster.html");
        std::fs::write(&sheet, roster::html(army))
            .with_context(|| format!("cannot write {}", sheet.display()))?;
        say!("");
        say!("wrote {} and {}", roster.display(), sheet.display());
    }
    Ok(ExitCode::SUCCESS)
}
