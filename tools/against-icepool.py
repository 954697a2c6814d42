#!/usr/bin/env python3
"""The same questions asked of grognard and of icepool, a general-purpose dice calculator:
the exact chances must be equal, and the time each takes a query is printed.

    pip install icepool==2.1.3
    cargo build --release -p grognard-cli
    python3 tools/against-icepool.py target/release/grognard
"""
import json
import subprocess
import sys
import timeit
from fractions import Fraction

import icepool

GROGNARD = sys.argv[1] if len(sys.argv) > 1 else "target/release/grognard"


def grognard(*args):
    out = subprocess.run([GROGNARD, "odds", *args, "--json"], check=True,
                         capture_output=True, text=True).stdout
    o = json.loads(out)
    return {c["outcome"]: Fraction(c["numerator"], c["denominator"]) for c in o["outcomes"]}


def rally():
    # 2x2 Rallying: a d6, +1 for an HQ in contact, -1 for Disrupted, rallies on 5 or more.
    return icepool.d6.map(lambda d: "rallies: no longer Disrupted" if d + 1 - 1 >= 5
                          else "fails to rally: stays Disrupted")


def shooting():
    # 2x2 Resolving shooting: line infantry's first volley (+1) at cavalry (+2); a result
    # of Routs is followed by the target's rout roll, which destroys it on 1-2.
    def end(d, rout):
        t = d + 3
        if t >= 8:
            return "target destroyed"
        if t >= 7:
            return ("target routs and is destroyed on its rout roll" if rout <= 2
                    else "target routs, survives its rout roll and ends Disrupted")
        if t >= 6:
            return "target Disrupted"
        if t >= 5:
            return "target Pinned"
        return "no effect"
    return icepool.map(end, icepool.d6, icepool.d6)


CASES = [
    ("2x2 rally, disrupted, HQ in contact", rally,
     ["rally", "unit.status=disrupted", "hq_in_contact=yes"]),
    ("2x2 shooting, line at heavy cavalry, with the rout roll", shooting,
     ["shooting", "target.kind=heavy_cavalry"]),
]

for title, ask, args in CASES:
    die = ask()
    theirs = {o: Fraction(n, die.denominator()) for o, n in die.items()}
    ours = grognard(*args)
    assert ours == theirs, f"{title}: grognard {ours} but icepool {theirs}"
    n = 2000
    seconds = timeit.timeit(ask, number=n) / n
    print(f"{title}: equal; icepool {seconds * 1e6:.1f} us a query")
