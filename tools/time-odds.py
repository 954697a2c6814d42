#!/usr/bin/env python3
"""How long a one-off `grognard odds` takes, process start included: each question asked 50
times, the median and the slowest printed.

    cargo build --release -p grognard-cli
    python3 tools/time-odds.py target/release/grognard
"""
import subprocess
import sys
import time

GROGNARD = sys.argv[1] if len(sys.argv) > 1 else "target/release/grognard"
QUESTIONS = [
    ["odds", "rally", "unit.status=disrupted", "hq_in_contact=yes"],
    ["odds", "shooting", "target.kind=heavy_cavalry"],
    ["odds", "--rules", "napoleons-wars", "combat", "attacker.arm=cavalry",
     "attacker.weight=Heavy", "attacker.armored=yes", "defender.quality=Conscript",
     "defender.disordered=yes"],
]

for q in QUESTIONS:
    times = []
    for _ in range(50):
        start = time.perf_counter()
        subprocess.run([GROGNARD, *q], stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"grognard {' '.join(q)}: median {times[25] * 1000:.1f} ms, "
          f"slowest {times[-1] * 1000:.1f} ms")
