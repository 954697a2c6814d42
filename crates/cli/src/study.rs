//! Studies of many battles: the record of each battle of a batch, written as CSV or JSON
//! lines, and `grognard balance`, every pairing of a book's army lists played out into a
//! matrix of win rates with their 95% intervals, drawn as an SVG heat map beside the
//! distributions of turns and losses.

use anyhow::{bail, Context, Result};
use grognard_engine::book::Book;
use grognard_engine::driver::Match;
use grognard_engine::stats::{wilson, Proportion};
use grognard_engine::{Player, Side};
use rayon::prelude::*;
use serde::Serialize;
use std::path::Path;
use std::time::Instant;
use svg::node::element::{Group, Line, Rectangle, Text};
use svg::Document;

/// One battle, as a study records it.
#[derive(Debug, Clone, Serialize)]
pub struct BattleRecord {
    /// Its number in the study.
    pub battle: u64,
    pub seed: u64,
    /// Each side's name, side 0 first.
    pub sides: [String; 2],
    /// Who played each side.
    pub players: [String; 2],
    /// The winning side's name; empty for a draw.
    pub winner: String,
    /// How the battle ended, in the book's word ("decisive_victory", "draw", ...).
    pub result: String,
    pub turns: u32,
    pub commands: usize,
    /// Units each side lost.
    pub losses: [u32; 2],
    pub seconds: f64,
}

/// Play one battle to its end and record it.
pub fn play<R: Book>(
    rules: &R,
    scenario: R::Scenario,
    seed: u64,
    battle: u64,
    players: [&str; 2],
    limit: usize,
) -> Result<(BattleRecord, Option<usize>), String> {
    let started = Instant::now();
    let mut m = Match::new(rules, scenario, seed).without_history();
    let mut boxed: Vec<Box<dyn Player<R>>> = players
        .iter()
        .map(|p| grognard_ai::by_name::<R>(p).ok_or_else(|| format!("no player {p:?}")))
        .collect::<Result<_, _>>()?;
    let (a, b) = boxed.split_at_mut(1);
    let mut seats: [&mut dyn Player<R>; 2] = [a[0].as_mut(), b[0].as_mut()];
    let outcome = m
        .play(&mut seats, limit)
        .map_err(|e| format!("battle {battle} (seed {seed}): {e}"))?;
    let sides = [
        rules.side_name(&m.state, Side(0)),
        rules.side_name(&m.state, Side(1)),
    ];
    let record = BattleRecord {
        battle,
        seed,
        winner: outcome
            .winner
            .map(|w| sides[w.index()].clone())
            .unwrap_or_default(),
        sides,
        players: [players[0].to_string(), players[1].to_string()],
        result: outcome.result,
        turns: rules.turn(&m.state),
        commands: m.commands(),
        losses: rules.losses(&m.state),
        seconds: started.elapsed().as_secs_f64(),
    };
    Ok((record, outcome.winner.map(|w| w.index())))
}

/// Write the records to `path`: JSON lines if it ends in `.jsonl`, CSV otherwise. The file
/// is written whole beside its place and then moved there, so an old one is never left half
/// overwritten.
pub fn write_records(path: &Path, records: &[BattleRecord]) -> Result<()> {
    let jsonl = path.extension().is_some_and(|e| e == "jsonl");
    let mut text = String::new();
    if jsonl {
        for r in records {
            text.push_str(&serde_json::to_string(r)?);
            text.push('\n');
        }
    } else {
        text.push_str("battle,seed,side_0,side_1,player_0,player_1,winner,result,turns,commands,losses_0,losses_1,seconds\n");
        for r in records {
            let cells = [
                r.battle.to_string(),
                r.seed.to_string(),
                csv(&r.sides[0]),
                csv(&r.sides[1]),
                csv(&r.players[0]),
                csv(&r.players[1]),
                csv(&r.winner),
                csv(&r.result),
                r.turns.to_string(),
                r.commands.to_string(),
                r.losses[0].to_string(),
                r.losses[1].to_string(),
                format!("{:.6}", r.seconds),
            ];
            text.push_str(&cells.join(","));
            text.push('\n');
        }
    }
    let tmp = path.with_extension("partial");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// A CSV cell, quoted when it must be.
fn csv(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A battle of a balance study: its pairing, whether the pairing's first list stood on side
/// 1, its record and the winning side.
type Played = (usize, bool, BattleRecord, Option<usize>);

/// How one army list fared against another.
#[derive(Debug, Clone, Serialize)]
pub struct Pairing {
    pub list: String,
    pub against: String,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The win rate and its 95% interval (Wilson).
    pub rate: f64,
    pub low: f64,
    pub high: f64,
}

/// A balance study: every pairing of the lists.
#[derive(Debug, Clone, Serialize)]
pub struct Balance {
    pub rules: String,
    pub players: [String; 2],
    pub lists: Vec<String>,
    pub games_each: u64,
    pub seed: u64,
    /// `cells[i][j]`: list i against list j.
    pub cells: Vec<Vec<Pairing>>,
    pub seconds: f64,
}

/// How a balance study sets up a battle: the armies of two of its lists (side 0's first,
/// by their places in the study's lists) and a seed, into a scenario.
pub type SetUp<'a, S> = dyn Fn([usize; 2], u64) -> Option<S> + Sync + 'a;

/// The set-up of the book's own lists, by name, after checking that each is one.
pub fn book_lists<'a, R: Book>(
    rules: &'a R,
    lists: &'a [String],
) -> Result<Box<SetUp<'a, R::Scenario>>> {
    for l in lists {
        if rules.scenario_of_lists([l, l], 0).is_none() {
            bail!(
                "{l:?} is no army list of {}\n  hint: its lists are {}",
                rules.name(),
                rules.army_lists().join(", ")
            );
        }
    }
    Ok(Box::new(move |[a, b]: [usize; 2], seed: u64| {
        rules
            .scenario_of_lists([&lists[a], &lists[b]], seed)
            .map(|(s, _)| s)
    }))
}

/// Play `games` battles for every pairing of `lists` (each list against every list, itself
/// included; the lists swap sides every other battle), each set up by `setup`, and gather
/// the win rates. Battles are seeded from `seed` and their number, so any split over
/// threads gives the same study.
#[allow(clippy::too_many_arguments)]
pub fn balance<R: Book>(
    rules: &R,
    lists: &[String],
    setup: &SetUp<'_, R::Scenario>,
    games: u64,
    seed: u64,
    players: [&str; 2],
    limit: usize,
    bar: &indicatif::ProgressBar,
) -> Result<(Balance, Vec<BattleRecord>)> {
    if lists.len() < 2 {
        bail!(
            "{} army list{} given: a balance study needs two or more",
            lists.len(),
            if lists.len() == 1 { "" } else { "s" }
        );
    }
    let n = lists.len();
    let pairs: Vec<(usize, usize)> = (0..n).flat_map(|i| (i..n).map(move |j| (i, j))).collect();
    let jobs: Vec<(usize, u64)> = (0..pairs.len())
        .flat_map(|p| (0..games).map(move |g| (p, g)))
        .collect();
    bar.set_length(jobs.len() as u64);
    let started = Instant::now();
    let played: Vec<Result<Played, String>> = jobs
        .par_iter()
        .map(|&(p, g)| {
            let (i, j) = pairs[p];
            // List i takes side 0 in even battles, side 1 in odd ones.
            let swap = g % 2 == 1;
            let sides = if swap { [j, i] } else { [i, j] };
            let number = (p as u64) * games + g;
            let s = grognard_engine::dice::derive_seed(seed, number);
            let scenario = setup(sides, s)
                .ok_or_else(|| format!("no set-up for {} against {}", lists[i], lists[j]))?;
            let seat = if swap {
                [players[1], players[0]]
            } else {
                players
            };
            let (r, winner) = play(rules, scenario, s, number, seat, limit)?;
            bar.inc(1);
            Ok((p, swap, r, winner))
        })
        .collect();
    // Wins, losses and draws of list i of each pairing, counted by the side it stood on.
    let mut tally = vec![(0u64, 0u64, 0u64); pairs.len()];
    let mut records = Vec::new();
    for r in played {
        let (p, swap, rec, winner) = r.map_err(anyhow::Error::msg)?;
        let t = &mut tally[p];
        match winner {
            None => t.2 += 1,
            Some(w) if w == usize::from(swap) => t.0 += 1,
            Some(_) => t.1 += 1,
        }
        records.push(rec);
    }
    bar.finish_and_clear();
    records.sort_by_key(|r| r.battle);
    let cell = |i: usize, j: usize| -> Pairing {
        let (p, flipped) = match pairs.iter().position(|x| *x == (i, j)) {
            Some(p) => (p, false),
            None => (
                pairs.iter().position(|x| *x == (j, i)).expect("every pair"),
                true,
            ),
        };
        let (w, l, d) = tally[p];
        let (wins, losses) = if flipped { (l, w) } else { (w, l) };
        let Proportion {
            rate, low, high, ..
        } = wilson(wins, games);
        Pairing {
            list: lists[i].clone(),
            against: lists[j].clone(),
            games,
            wins,
            losses,
            draws: d,
            rate,
            low,
            high,
        }
    };
    let cells = (0..n)
        .map(|i| (0..n).map(|j| cell(i, j)).collect())
        .collect();
    Ok((
        Balance {
            rules: rules.name().to_string(),
            players: [players[0].to_string(), players[1].to_string()],
            lists: lists.to_vec(),
            games_each: games,
            seed,
            cells,
            seconds: started.elapsed().as_secs_f64(),
        },
        records,
    ))
}

/// The matrix as text: each row's win rate against each column, with its interval.
pub fn show(b: &Balance) -> String {
    let width = b.lists.iter().map(|l| l.len()).max().unwrap_or(4).max(4);
    let mut out = format!(
        "Balance of {} army lists, {} battles a pairing ({} against {}, seed {}):\nrow's win rate against the column, 95% interval\n",
        b.rules, b.games_each, b.players[0], b.players[1], b.seed
    );
    out.push_str(&format!("{:width$}", ""));
    for l in &b.lists {
        out.push_str(&format!("  {:>20}", l));
    }
    out.push('\n');
    for row in &b.cells {
        out.push_str(&format!("{:width$}", row[0].list));
        for c in row {
            out.push_str(&format!(
                "  {:>20}",
                format!(
                    "{:.0}% ({:.0}-{:.0})",
                    100.0 * c.rate,
                    100.0 * c.low,
                    100.0 * c.high
                )
            ));
        }
        out.push('\n');
    }
    let total: u64 = b.games_each * (b.lists.len() * (b.lists.len() + 1) / 2) as u64;
    out.push_str(&format!(
        "{total} battles in {:.1} s ({:.0} battles per second)",
        b.seconds,
        total as f64 / b.seconds.max(1e-9)
    ));
    out
}

/// A colour for a win rate: red below a half, blue above, white at a half.
fn shade(rate: f64) -> String {
    let t = ((rate - 0.5) * 2.0).clamp(-1.0, 1.0);
    let (r, g, b) = if t < 0.0 {
        (255.0, 255.0 * (1.0 + t), 255.0 * (1.0 + t))
    } else {
        (255.0 * (1.0 - t), 255.0 * (1.0 - t * 0.5), 255.0)
    };
    format!("rgb({:.0},{:.0},{:.0})", r, g, b)
}

/// A histogram of `values` as an SVG group at (x, y), `w` by `h`.
fn histogram(title: &str, values: &[u32], x: f64, y: f64, w: f64, h: f64) -> Group {
    let most = values.iter().copied().max().unwrap_or(0);
    let bins = (most as usize + 1).max(1);
    let mut counts = vec![0usize; bins];
    for v in values {
        counts[*v as usize] += 1;
    }
    let top = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bw = w / bins as f64;
    let mut g = Group::new().add(
        Text::new(title.to_string())
            .set("x", x)
            .set("y", y - 8.0)
            .set("font-size", 13)
            .set("font-family", "sans-serif"),
    );
    for (i, c) in counts.iter().enumerate() {
        let bh = h * *c as f64 / top;
        g = g.add(
            Rectangle::new()
                .set("x", x + i as f64 * bw)
                .set("y", y + h - bh)
                .set("width", (bw - 1.0).max(0.5))
                .set("height", bh)
                .set("fill", "#4a6fa5"),
        );
    }
    g = g.add(
        Line::new()
            .set("x1", x)
            .set("y1", y + h)
            .set("x2", x + w)
            .set("y2", y + h)
            .set("stroke", "#333"),
    );
    for (i, label) in [(0usize, "0".to_string()), (bins - 1, most.to_string())] {
        g = g.add(
            Text::new(label)
                .set("x", x + (i as f64 + 0.5) * bw)
                .set("y", y + h + 14.0)
                .set("font-size", 11)
                .set("text-anchor", "middle")
                .set("font-family", "sans-serif"),
        );
    }
    g.add(
        Text::new(format!("{} battles, most in one bar {}", values.len(), top))
            .set("x", x + w)
            .set("y", y - 8.0)
            .set("font-size", 11)
            .set("text-anchor", "end")
            .set("font-family", "sans-serif"),
    )
}

/// The study drawn: the heat map of win rates, then the turns battles lasted and the units
/// each lost.
pub fn picture(b: &Balance, records: &[BattleRecord]) -> Document {
    let n = b.lists.len();
    let cell = 120.0;
    let left = 130.0;
    let top = 70.0;
    let width = left + cell * n as f64 + 40.0;
    let width = width.max(620.0);
    let plots = top + cell * n as f64 + 60.0;
    let height = plots + 2.0 * 170.0;
    let mut doc = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .add(
            Rectangle::new()
                .set("width", width)
                .set("height", height)
                .set("fill", "#ffffff"),
        )
        .add(
            Text::new(format!(
                "{}: win rate of the row's list against the column's ({} battles each, {} against {})",
                b.rules, b.games_each, b.players[0], b.players[1]
            ))
            .set("x", 10)
            .set("y", 24)
            .set("font-size", 14)
            .set("font-family", "sans-serif"),
        );
    for (j, l) in b.lists.iter().enumerate() {
        doc = doc.add(
            Text::new(l.clone())
                .set("x", left + (j as f64 + 0.5) * cell)
                .set("y", top - 10.0)
                .set("font-size", 13)
                .set("text-anchor", "middle")
                .set("font-family", "sans-serif"),
        );
    }
    for (i, row) in b.cells.iter().enumerate() {
        let y = top + i as f64 * cell;
        doc = doc.add(
            Text::new(b.lists[i].clone())
                .set("x", left - 10.0)
                .set("y", y + cell / 2.0)
                .set("font-size", 13)
                .set("text-anchor", "end")
                .set("font-family", "sans-serif"),
        );
        for (j, c) in row.iter().enumerate() {
            let x = left + j as f64 * cell;
            doc = doc
                .add(
                    Rectangle::new()
                        .set("x", x)
                        .set("y", y)
                        .set("width", cell)
                        .set("height", cell)
                        .set("fill", shade(c.rate))
                        .set("stroke", "#555"),
                )
                .add(
                    Text::new(format!("{:.0}%", 100.0 * c.rate))
                        .set("x", x + cell / 2.0)
                        .set("y", y + cell / 2.0)
                        .set("font-size", 20)
                        .set("text-anchor", "middle")
                        .set("font-family", "sans-serif"),
                )
                .add(
                    Text::new(format!("{:.0} to {:.0}%", 100.0 * c.low, 100.0 * c.high))
                        .set("x", x + cell / 2.0)
                        .set("y", y + cell / 2.0 + 20.0)
                        .set("font-size", 11)
                        .set("text-anchor", "middle")
                        .set("font-family", "sans-serif"),
                )
                .add(
                    Text::new(format!("{} drawn", c.draws))
                        .set("x", x + cell / 2.0)
                        .set("y", y + cell / 2.0 + 35.0)
                        .set("font-size", 11)
                        .set("text-anchor", "middle")
                        .set("font-family", "sans-serif"),
                );
        }
    }
    let turns: Vec<u32> = records.iter().map(|r| r.turns).collect();
    let losses: Vec<u32> = records.iter().flat_map(|r| r.losses).collect();
    doc = doc.add(histogram(
        "Turns a battle lasted",
        &turns,
        40.0,
        plots + 20.0,
        width - 80.0,
        110.0,
    ));
    doc.add(histogram(
        "Units a side lost",
        &losses,
        40.0,
        plots + 190.0,
        width - 80.0,
        110.0,
    ))
}
