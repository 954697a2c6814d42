#!/usr/bin/env python3
"""Battles a second and instructions a battle, for each book and each pairing of players,
on one thread: the figures docs/performance.md quotes.

    cargo build --release -p grognard-cli
    python3 tools/measure-battles.py target/release/grognard

Wall time comes from `grognard batch --threads 1` (its own rate, the best of three runs).
Instructions come from valgrind's cachegrind (no cache simulation): the instructions of
a batch of k + 1 battles less those of one battle, over k, so that process start and the
first battle's set-up are left out. Instructions a command are those of each call of the
book's `execute` or `execute_planned` (callgrind, a part written at every call), over all
the commands of the k + 1 battles, as a median and a mean: the cost of carrying out
commands, whoever chose them. A command the random player settled with its plan
(`execute_planned`) was planned as it was settled, so its cost here leaves out planning.
Add --quick for fewer battles, and book names after the binary to measure only those
books (`python3 tools/measure-battles.py target/release/grognard fire-and-fury`).
"""
import glob
import json
import re
import statistics
import subprocess
import sys
import tempfile

POSITIONAL = [a for a in sys.argv[1:] if not a.startswith("--")]
GROGNARD = POSITIONAL[0] if POSITIONAL else "target/release/grognard"
QUICK = "--quick" in sys.argv

BOOKS = {
    "two-by-two": {"wall": 200, "counted": 4},
    "napoleons-wars": {"wall": 40, "counted": 2},
    "beer-and-pretzel": {"wall": 200, "counted": 4},
    "burt": {"wall": 200, "counted": 4},
    "fire-and-fury": {"wall": 100, "counted": 4},
}
PAIRINGS = ["ai:ai", "ai:random", "random:random"]

UNKNOWN = [b for b in POSITIONAL[1:] if b not in BOOKS]
if UNKNOWN:
    sys.exit(f"measure-battles.py: no book named {', '.join(UNKNOWN)}\n"
             f"  hint: name one or more of {', '.join(BOOKS)} after the binary")


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
    """The instructions of every call of the book's `execute`, one a command: callgrind
    writes a part at each entry to it, and each part holds one call, inclusive."""
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg.out",
             "--dump-before=*Ruleset*execute*", GROGNARD, *args],
            check=True, capture_output=True, text=True)
        costs = []
        for part in glob.glob(f"{d}/cg.out*"):
            names = {}
            lines = open(part).read().split("\n")
            for i, line in enumerate(lines):
                m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?$", line)
                if not m:
                    continue
                if m.group(3):
                    names[m.group(2)] = m.group(3)
                name = names.get(m.group(2), "")
                if m.group(1) == "cfn" and re.search(r"Ruleset>?::execute(_planned)?$", name):
                    # The call line, then the inclusive cost of the call.
                    costs.append(int(lines[i + 2].split()[1]))
    return sorted(costs)


def args_of(rules, players, games, seed=7):
    return ["batch", "--rules", rules, "--players", players, "--games", str(games),
            "--seed", str(seed), "--threads", "1", "--json"]


print("| book | players | battles/s | commands a battle | instructions a battle | instructions a command (execute), median | mean |")
print("|---|---|---|---|---|---|---|")
for rules, n in BOOKS.items():
    if POSITIONAL[1:] and rules not in POSITIONAL[1:]:
        continue
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
        costs = executed(args_of(rules, players, k + 1))
        print(f"| {rules} | {players} | {rate:,.0f} | {commands / k:,.0f} | "
              f"{per_battle / 1e6:,.1f}M | {statistics.median(costs):,.0f} | "
              f"{statistics.mean(costs):,.0f} |", flush=True)
