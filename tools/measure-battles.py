#!/usr/bin/env python3
"""Battles a second and instructions a battle, for each book and each pairing of players,
on one thread: the figures docs/performance.md quotes.

    cargo build --release -p grognard-cli
    python3 tools/measure-battles.py target/release/grognard

Wall time comes from `grognard batch --threads 1` (its own rate, the best of three runs).
Instructions come from valgrind's cachegrind (no cache simulation): the instructions of
a batch of k + 1 battles less those of one battle, over k, so that process start and the
first battle's set-up are left out. Instructions a command are the instructions spent in
the book's `execute` alone (callgrind collecting only inside it), over the commands the
batch carried out: the cost of carrying out commands, whoever chose them.
Add --quick for fewer battles.
"""
import json
import re
import subprocess
import sys
import tempfile

GROGNARD = next((a for a in sys.argv[1:] if not a.startswith("--")), "target/release/grognard")
QUICK = "--quick" in sys.argv

BOOKS = {
    "two-by-two": {"wall": 200, "counted": 4},
    "napoleons-wars": {"wall": 40, "counted": 2},
}
PAIRINGS = ["ai:ai", "ai:random", "random:random"]


def batch(rules, players, games, seed=7):
    out = subprocess.run(
        [GROGNARD, "batch", "--rules", rules, "--players", players, "--games", str(games),
         "--seed", str(seed), "--threads", "1", "--json"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def instructions(args, extra=()):
    with tempfile.NamedTemporaryFile() as f:
        err = subprocess.run(
            ["valgrind", *extra, f"--cachegrind-out-file={f.name}", "--cache-sim=no",
             "--tool=cachegrind", GROGNARD, *args],
            check=True, capture_output=True, text=True).stderr
    m = re.search(r"I\s+refs:\s+([\d,]+)", err)
    return int(m.group(1).replace(",", ""))


def executed(args):
    with tempfile.NamedTemporaryFile() as f:
        err = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={f.name}",
             "--toggle-collect=*Ruleset*execute*", GROGNARD, *args],
            check=True, capture_output=True, text=True).stderr
    m = re.search(r"Collected\s*:\s*(\d+)", err)
    return int(m.group(1))


def args_of(rules, players, games, seed=7):
    return ["batch", "--rules", rules, "--players", players, "--games", str(games),
            "--seed", str(seed), "--threads", "1", "--json"]


print("| book | players | battles/s | commands a battle | instructions a battle | instructions a command (execute) |")
print("|---|---|---|---|---|---|")
for rules, n in BOOKS.items():
    for players in PAIRINGS:
        games = max(2, n["wall"] // (4 if QUICK else 1))
        rate = max(batch(rules, players, games)["battles_per_second"] for _ in range(3))
        k = max(1, n["counted"] // (2 if QUICK else 1))
        one = instructions(args_of(rules, players, 1))
        many = instructions(args_of(rules, players, k + 1))
        per_battle = (many - one) / k
        report = batch(rules, players, k + 1)
        report_one = batch(rules, players, 1)
        commands = report["commands"] - report_one["commands"]
        in_execute = executed(args_of(rules, players, k + 1)) - executed(args_of(rules, players, 1))
        print(f"| {rules} | {players} | {rate:,.0f} | {commands / k:,.0f} | "
              f"{per_battle / 1e6:,.1f}M | {in_execute / max(commands, 1):,.0f} |", flush=True)
