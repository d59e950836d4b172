#!/usr/bin/env python3
"""Tests/soak/trend.py: does a soak trace rise beyond noise?

The soak (Tests/soak/run) samples the kiosk's resident size, open descriptors and
threads once a second while the demo tour plays in a loop with period P seconds. A leak
shows as a level that keeps rising from one pass of the tour to the next; noise is what
the level does within a pass (pictures made and freed as screens change), transient
spikes (a control connection, a page turn's surfaces) and the allocator's settling.

The criterion, per metric:
  1. Warm-up: samples before max(2 P, 5 % of the run) are left out (the first pass
     plays the doors and fills the show's picture and glyph caches; the allocator's
     arenas grow to their working size).
  2. The rest is cut into whole passes of P seconds (a partial last pass is left out),
     so every window holds every phase of the tour once: the within-pass sawtooth
     weighs the same in each.
  3. k = max(1, passes // 3): the level of the first k passes ("first third") and of
     the last k passes ("last third"), the level being the 90th percentile of their
     samples (`level`): near each pass's peak, the working set. Not the median: the
     kiosk's RSS drops for moments when glibc trims the top of its heap (dips of up to
     3 MiB seen in an hour), which moves medians (pass to pass: 462 KiB standard
     deviation; they crept up 2 MiB over the first five passes) but hardly the level
     (322 KiB; settled within about two passes). Not the maximum, so that spikes (a
     control connection's descriptor) are left out: up to a tenth of a window's
     samples, and at least 3.
  4. rise = last level - first level. The trace fails when rise > the metric's
     threshold: RSS 2048 KiB (in the hour measured, levels two passes apart differed by
     at most +1172 KiB, and a 2-minute run starts with +300 to +900 KiB of settling:
     see the Testing article, "The soak"; a leak of 5 MiB a minute, 1.4 KiB a frame at 60 fps, is caught
     within a 2-minute run, one of 70 KiB a minute, 4 MiB an hour, within an hour),
     descriptors and threads 0 (whole counts: in steady state the levels do not move at
     all; a single descriptor or thread more in the last third is a leak).

A slope is also reported, as a figure (not a verdict): the Theil-Sen slope (the median
of the slopes between every pair of passes) of the per-pass levels after the warm-up,
per hour.

`trend.py --self-test` checks the criterion on synthetic traces (seeded): flat noisy
traces with a tour-shaped sawtooth, spikes and a warm-up pass; the same with real leaks
(which must fail); it prints one line per case and exits 1 if any is judged wrongly.
`trend.py --self-test-seeds N` plays the same cases with N other draws of the random
numbers (each must be judged right in every draw: the thresholds are not a lucky seed).
`trend.py CSV PERIOD` judges a soak CSV (columns t_s, rss_kib, fds, threads, ...).
"""

import csv
import math
import random
import statistics
import sys
from dataclasses import dataclass

# Thresholds on the rise of the last third's median over the first third's, per metric,
# in the metric's unit (see the module comment for why these).
THRESHOLDS = {"rss_kib": 2048.0, "fds": 0.0, "threads": 0.0}
UNITS = {"rss_kib": "KiB", "fds": "", "threads": ""}
NAMES = {"rss_kib": "RSS", "fds": "descriptors", "threads": "threads"}


def warmup_seconds(period, run_seconds):
    """Seconds left out at the start: two passes, or 5 % of a long run."""
    return max(2 * period, 0.05 * run_seconds)


def minimum_seconds(period):
    """The shortest trace that can be judged: the warm-up and two whole passes."""
    return 4 * period


@dataclass
class Verdict:
    metric: str
    start: float  # the first sample
    end: float  # the last sample
    maximum: float
    first: float  # level of the first third (after the warm-up)
    last: float  # level of the last third
    rise: float
    threshold: float
    slope_per_hour: float  # Theil-Sen over per-pass levels
    passes: int  # whole passes judged
    window: int  # passes per third

    @property
    def ok(self):
        return self.rise <= self.threshold

    def line(self):
        unit = UNITS[self.metric]
        u = f" {unit}" if unit else ""
        verdict = "ok" if self.ok else "RISES"
        return (
            f"{verdict:5} {NAMES[self.metric]:11} start {fmt(self.start)}{u}, end {fmt(self.end)}{u}, "
            f"max {fmt(self.maximum)}{u}; level (p90) of the first {self.window} pass(es) {fmt(self.first)}, "
            f"of the last {self.window} {fmt(self.last)}: rise {fmt(self.rise, signed=True)}{u} "
            f"(threshold {fmt(self.threshold)}{u}); slope {fmt(self.slope_per_hour, signed=True, places=1)}{u}/h "
            f"over {self.passes} passes"
        )


def fmt(x, signed=False, places=None):
    if places is None:
        places = 0 if float(x).is_integer() else 1
    s = f"{x:+.{places}f}" if signed else f"{x:.{places}f}"
    return s


def level(values):
    """A window's level: its 90th percentile, with at least 3 samples above it (so that
    in a one-pass window of 20 samples, up to 3 spikes are left out)."""
    v = sorted(values)
    above = max(math.ceil(len(v) / 10), 3)
    return v[max(0, len(v) - 1 - above)]


def theil_sen(xs, ys):
    """The median of the slopes between every pair of points (0 for fewer than 2)."""
    slopes = [(ys[j] - ys[i]) / (xs[j] - xs[i]) for i in range(len(xs)) for j in range(i + 1, len(xs)) if xs[j] != xs[i]]
    return statistics.median(slopes) if slopes else 0.0


def judge(times, values, period, metric, threshold=None):
    """The verdict for one metric's trace: `times` (seconds from the kiosk's start, which
    is the start of pass 0: passes are [k P, (k + 1) P)) and `values`, sampled about
    once a second."""
    if threshold is None:
        threshold = THRESHOLDS[metric]
    run = times[-1] if times else 0
    if run < minimum_seconds(period):
        raise ValueError(
            f"a trace of {run:.0f} s is too short to judge: at least {minimum_seconds(period):.0f} s (4 passes of {period} s)")
    warm = warmup_seconds(period, run)
    start_pass = math.ceil(warm / period - 1e-9)
    end_pass = math.floor(times[-1] / period + 1e-9)  # exclusive: the last whole pass ends by the last sample
    passes = []
    for p in range(start_pass, end_pass):
        lo, hi = p * period, (p + 1) * period
        vs = [v for t, v in zip(times, values) if lo <= t < hi]
        if vs:
            passes.append((p, vs))
    if len(passes) < 2:
        raise ValueError(f"fewer than 2 whole passes after the warm-up ({len(passes)})")
    k = max(1, len(passes) // 3)
    first = level([v for _, vs in passes[:k] for v in vs])
    last = level([v for _, vs in passes[-k:] for v in vs])
    levels = [level(vs) for _, vs in passes]
    centres = [(p + 0.5) * period for p, _ in passes]
    slope = theil_sen(centres, levels) * 3600
    return Verdict(
        metric=metric, start=values[0], end=values[-1], maximum=max(values), first=first, last=last, rise=last - first,
        threshold=threshold, slope_per_hour=slope, passes=len(passes), window=k)


def read_csv(path):
    """The soak CSV's columns as lists of floats."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return {k: [float(r[k]) for r in rows] for k in rows[0]} if rows else {}


def judge_csv(path, period):
    cols = read_csv(path)
    return [judge(cols["t_s"], cols[m], period, m) for m in THRESHOLDS]


# --- self-test: synthetic traces the criterion must pass or fail -------------------


def synthetic(minutes, period, base, noise, saw, spikes, leak_per_min=0.0, warm_fill=0.0, step_every=None, seed=1,
              spike=None):
    """A trace sampled at 1 Hz: `base`, Gaussian noise (sd `noise`), a sawtooth of
    amplitude `saw` over each pass (the tour's screens), a spike of `spike` (default 2x
    `saw` + 1) in a `spikes` fraction of samples, a cache fill of `warm_fill` over the
    first pass, and a leak: `leak_per_min` a minute, or one unit every `step_every`
    seconds."""
    rnd = random.Random(seed)
    ts, vs = [], []
    for i in range(int(minutes * 60) + 1):
        t = i + rnd.uniform(-0.05, 0.05)  # sampling jitter
        phase = (t % period) / period
        v = base + rnd.gauss(0, noise) + saw * phase
        v += warm_fill * min(1.0, t / period)
        if rnd.random() < spikes:
            v += 2 * saw + 1 if spike is None else spike
        v += leak_per_min * t / 60
        if step_every:
            v += math.floor(t / step_every)
        ts.append(max(0.0, t))
        vs.append(round(v) if noise == 0 else v)
    return ts, vs


def self_test_cases(seed=0):
    """(name, metric, trace, whether it is flat) for `self_test`; `seed` shifts every
    trace's random numbers (the self-test uses 0; `--self-test-seeds N` tries N more)."""
    P = 20.0

    def trace(*args, seed, **kw):
        return synthetic(*args, seed=seed * 1000 + kw.pop("case"), **kw)

    return P, [
        ("flat RSS, 2 min, noise 300 KiB, sawtooth 3 MiB, a few spikes", "rss_kib",
         trace(2, P, 60000, 300, 3072, 0.01, warm_fill=20000, seed=seed, case=1), True),
        ("flat RSS, 60 min, noise 300 KiB, sawtooth 3 MiB, a few spikes", "rss_kib",
         trace(60, P, 60000, 300, 3072, 0.01, warm_fill=20000, seed=seed, case=2), True),
        ("flat RSS, 60 min, noise 1 MiB, no sawtooth, 5% spikes of 10 MiB", "rss_kib",
         trace(60, P, 60000, 1024, 0, 0.05, spike=10240, seed=seed, case=3), True),
        ("RSS leak 5 MiB/min (1.4 KiB a frame at 60 fps), 2 min", "rss_kib",
         trace(2, P, 60000, 300, 3072, 0.01, leak_per_min=5120, warm_fill=20000, seed=seed, case=4), False),
        ("RSS leak 100 KiB/min (6 MiB/h), 60 min", "rss_kib",
         trace(60, P, 60000, 300, 3072, 0.01, leak_per_min=100, seed=seed, case=5), False),
        ("RSS leak 70 KiB/min (4 MiB/h), 60 min", "rss_kib",
         trace(60, P, 60000, 300, 3072, 0.01, leak_per_min=70, seed=seed, case=6), False),
        ("RSS rising only during the warm-up (caches filling), 60 min", "rss_kib",
         trace(60, P, 60000, 300, 3072, 0.01, warm_fill=40000, seed=seed, case=7), True),
        ("descriptors flat at 11, a control connection now and then", "fds",
         trace(2, P, 11, 0, 0, 0.03, spike=1, seed=seed, case=8), True),
        ("descriptors +1 every pass, 2 min", "fds", trace(2, P, 11, 0, 0, 0.0, step_every=P, seed=seed, case=9), False),
        ("descriptors +1 every 10 min, 60 min", "fds",
         trace(60, P, 11, 0, 0, 0.01, spike=1, step_every=600, seed=seed, case=10), False),
        ("threads flat at 2", "threads", trace(60, P, 2, 0, 0, 0.0, seed=seed, case=11), True),
        ("threads +1 every 20 min, 60 min", "threads",
         trace(60, P, 2, 0, 0, 0.0, step_every=1200, seed=seed, case=12), False),
    ]


def self_test(seed=0, quiet=False):
    P, cases = self_test_cases(seed)
    wrong = 0
    for name, metric, (ts, vs), expected in cases:
        v = judge(ts, vs, P, metric)
        right = v.ok == expected
        wrong += not right
        if not quiet or not right:
            print(f"{'PASS' if right else 'FAIL'} {name}: judged {'flat' if v.ok else 'rising'}"
                  f" (rise {fmt(v.rise, signed=True)}, threshold {fmt(v.threshold)})")
    # Too short a trace is refused, never judged.
    try:
        judge(*synthetic(1, P, 11, 0, 0, 0), P, "fds")
        print("FAIL a 1-minute trace with a 20 s period was judged")
        wrong += 1
    except ValueError as e:
        if not quiet:
            print(f"PASS a 1-minute trace is refused: {e}")
    return wrong == 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return 0 if self_test() else 1
    if len(argv) == 3 and argv[1] == "--self-test-seeds":
        # The cases with other random numbers: each must be judged right whatever the draw.
        bad = [s for s in range(1, int(argv[2]) + 1) if not self_test(seed=s, quiet=True)]
        print(f"{int(argv[2]) - len(bad)} of {argv[2]} seeds judged right" + (f"; wrong: {bad}" if bad else ""))
        return 0 if not bad else 1
    if len(argv) != 3:
        print("usage: trend.py --self-test | trend.py --self-test-seeds N | trend.py CSV PERIOD_SECONDS", file=sys.stderr)
        return 64
    verdicts = judge_csv(argv[1], float(argv[2]))
    for v in verdicts:
        print(v.line())
    return 0 if all(v.ok for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
