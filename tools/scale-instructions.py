#!/usr/bin/env python3
"""Instructions a turn by army size for a book's scale bench, counted by valgrind, so that
the growth with the armies can be read on a machine whose speed varies from run to run.

    cargo bench -p grognard-rules-fire-and-fury --bench scale --no-run
    python3 tools/scale-instructions.py fire-and-fury 12 25 50 100 150

The bench binary, run without `--bench`, plays its built-in battle five times and then each
size named for three turns. Cachegrind (no cache simulation) counts a run with one unit a
side and a run with each size; the difference is the instructions of that size's three
turns (the set-up's checks included), printed with the commands from the bench's own
output, the instructions a turn, and the power of the size the growth from the previous
size follows.
"""
import glob
import math
import os
import re
import subprocess
import sys

BOOK = sys.argv[1].replace("-", "_") if len(sys.argv) > 1 else "fire_and_fury"
SIZES = [int(a) for a in sys.argv[2:]] or [12, 25, 50, 100, 150]


def bench_binary():
    crate = f"grognard_rules_{BOOK}"
    # Bench binaries are named after the bench: pick the newest whose dependencies name
    # the book's crate.
    found = []
    for path in glob.glob("target/release/deps/scale-*"):
        if path.endswith(".d") or not os.access(path, os.X_OK):
            continue
        dep = path + ".d"
        if os.path.exists(dep) and f"crates/rules-{BOOK.replace('_', '-')}/" in open(dep).read():
            found.append(path)
    if not found:
        sys.exit(f"no scale bench built for {crate}: run cargo bench --no-run first")
    return max(found, key=os.path.getmtime)


def run(binary, n):
    proc = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         binary, str(n)],
        check=True, capture_output=True, text=True)
    refs = int(re.search(r"I\s+refs:\s+([\d,]+)", proc.stderr).group(1).replace(",", ""))
    commands = int(proc.stdout.strip().splitlines()[-1].split()[-1])
    return refs, commands


def main():
    binary = bench_binary()
    base, _ = run(binary, 1)
    print(f"{binary}: instructions of three turns AI against AI, less a battle of one a side")
    print("size  commands  instructions a turn  power since the size before")
    before = None
    for n in SIZES:
        refs, commands = run(binary, n)
        turn = (refs - base) / 3
        power = ""
        if before:
            power = f"{math.log(turn / before[1]) / math.log(n / before[0]):.2f}"
        print(f"{n:>4}  {commands:>8}  {turn / 1e6:>17.1f}M  {power:>6}")
        before = (n, turn)


main()
