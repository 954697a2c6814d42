#!/usr/bin/env python3
"""Time the "2 by 2" speed aims (issue 11: 2,000 random-against-random and 500 AI-against-AI
battles a second on one core) as docs/performance.md reports them, with the yardstick read
beside each run so that a slow sitting shows for what it is.

    cargo build --release -p grognard-cli
    python3 tools/time-aims.py target/release/grognard [--runs 5]

Each run is, in turn: the yardstick (the built-in "Napoleon's Wars" battle, AI against AI,
40 battles, `--seed 1`; 102 to 107 a second on a usual-speed day), then 3,000 random
"2 by 2" battles and 300 AI ones (`--seed 7`), every one `grognard batch --threads 1`. The
last lines give each figure's range over the runs, and whether each aim held in every run.

The yardstick measures the machine, so it must be the same work from sitting to sitting:
"Napoleon's Wars" battles became faster in the sixth sitting of 2026-12-03 (from 18:18 UTC,
builds a498433 on), so the yardstick is read with a binary of build 5a31f5b, the last
before, given as `--yardstick` (made with `git worktree add ../yard 5a31f5b` and a release
build there). Without it the yardstick is read with the binary timed, which is comparable
only for builds before a498433.
"""
import argparse
import json
import subprocess

parser = argparse.ArgumentParser(
    description='Time the "2 by 2" speed aims with the yardstick beside each run.')
parser.add_argument("grognard", nargs="?", default="target/release/grognard",
                    help="the release binary (default: target/release/grognard)")
parser.add_argument("--runs", type=int, default=5, help="how many runs (default: 5)")
parser.add_argument("--yardstick", default=None,
                    help="the binary that reads the yardstick (default: the one timed)")
ARGS = parser.parse_args()
GROGNARD = ARGS.grognard
YARDSTICK = ARGS.yardstick or GROGNARD
RUNS = ARGS.runs

AIMS = {"random:random": 2000.0, "ai:ai": 500.0}
FIGURES = [
    ("yardstick", "napoleons-wars", "ai:ai", 40, 1),
    ("random:random", "two-by-two", "random:random", 3000, 7),
    ("ai:ai", "two-by-two", "ai:ai", 300, 7),
]


def rate(rules, players, games, seed, binary=None):
    out = subprocess.run(
        [binary or GROGNARD, "batch", "--rules", rules, "--players", players, "--games", str(games),
         "--seed", str(seed), "--threads", "1", "--json"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)["battles_per_second"]


seen = {name: [] for name, *_ in FIGURES}
print("| run | yardstick | 2x2 random:random | 2x2 ai:ai |")
print("|---|---|---|---|")
for run in range(1, RUNS + 1):
    row = []
    for name, rules, players, games, seed in FIGURES:
        r = rate(rules, players, games, seed,
                 YARDSTICK if name == "yardstick" else GROGNARD)
        seen[name].append(r)
        row.append(f"{r:,.1f}" if name == "yardstick" else f"{r:,.0f}")
    print(f"| {run} | " + " | ".join(row) + " |", flush=True)

y = seen["yardstick"]
print(f"\nyardstick {min(y):,.1f} to {max(y):,.1f} a second (usual: 102 to 107)")
for name, aim in AIMS.items():
    v = seen[name]
    held = "held in every run" if min(v) >= aim else "not held in every run"
    print(f"2x2 {name}: {min(v):,.0f} to {max(v):,.0f} a second, aim {aim:,.0f}: {held}")
