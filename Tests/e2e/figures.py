#!/usr/bin/env python3
"""The suite's measured times as one table: every figure the machines recorded
(speed.txt, `<configuration> <figure>=<value> [note]`), per machine, with the median and
the worst over the machines (the largest, or for frame and flip counts the smallest).

Under TCG these are figures, not verdicts: how long a step takes depends on the machine
and on what else runs on it. The checks assert behaviour with hang bounds
(Tests/e2e/README.md); this table is what to read for speed.

Usage: figures.py SPEED.TXT...   (prints the table; standard library only)
"""

import re
import sys

# Counts where fewer is worse.
FEWER_IS_WORSE = ("launch_frames", "launch_flips", "restart_launch_frames", "restart_launch_flips")
NUMBER = re.compile(r"^-?[0-9]+(?:\.[0-9]+)?")


def median(values):
    ordered = sorted(values)
    n = len(ordered)
    return ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2


def text(value, like):
    """`value` with as many decimals as the recorded figure `like` has."""
    decimals = len(like.split(".")[1]) if "." in like else 0
    return "%.*f" % (decimals, value)


def main(paths):
    configs = []
    figures = {}  # figure -> {config: recorded text}
    order = []
    for path in paths:
        with open(path) as f:
            for line in f:
                config, _, rest = line.strip().partition(" ")
                key, _, value = rest.partition("=")
                # Snapshots of `vitrine ctl status` are facts, not measurements.
                if not key or key.startswith("ctl_"):
                    continue
                m = NUMBER.match(value)
                if not m:
                    continue
                if config not in configs:
                    configs.append(config)
                if key not in figures:
                    figures[key] = {}
                    order.append(key)
                figures[key][config] = m.group(0)
    if not order:
        print("# no figures recorded")
        return 0
    width = max(len(k) for k in order)
    head = ["%-*s" % (width, "figure")] + ["%10s" % c for c in configs] + ["%10s" % "median", "%10s" % "worst"]
    print("# figures (TCG: recorded, not verdicts); median and worst over %d machine(s)" % len(configs))
    print(" ".join(head))
    for key in order:
        row = figures[key]
        values = [float(row[c]) for c in configs if c in row]
        like = next(iter(row.values()))
        worst = min(values) if key in FEWER_IS_WORSE else max(values)
        cells = ["%10s" % row.get(c, "-") for c in configs]
        print(" ".join(["%-*s" % (width, key)] + cells + ["%10s" % text(median(values), like), "%10s" % text(worst, like)]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
