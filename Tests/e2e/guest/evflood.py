#!/usr/bin/env python3
"""Tests/e2e guest: a flood of touch events onto an evdev node (the virtual touchscreen).

Usage: evflood.py NODE X0 X1 Y COUNT SECONDS [TAPX TAPY]
One finger down on slot 0 at axis values (X0, Y), then moves alternating between X0 and
X1 (so that the kernel drops none as a repeat), each move with its SYN_REPORT, then the
finger up: COUNT events in all (SYN_REPORTs included; an empty SYN_REPORT at the end when
one short), written in 100 batches spread over SECONDS. With TAPX TAPY: halfway through,
a second finger (slot 1) taps there (down, 5 batches later up), so that the kiosk has
something to animate while the flood goes on. Each batch is one write() of many events
(evemu-play writes one event a system call and sleeps between them: under TCG 10 000
events took it 8.5 s). Prints `events=N seconds=S` (the time from the first write to the
last).
"""

import os
import struct
import sys
import time

EV_SYN, SYN_REPORT, EV_ABS = 0, 0, 3
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
BATCHES = 100


def event(kind, code, value):
    # struct input_event on 64-bit Linux: struct timeval (two longs), __u16 type, __u16
    # code, __s32 value. The kernel stamps injected events itself.
    return struct.pack("@qqHHi", 0, 0, kind, code, value)


def main(argv):
    node, x0, x1, y, count, seconds = argv[1], int(argv[2]), int(argv[3]), int(argv[4]), int(argv[5]), float(argv[6])
    tap = (int(argv[7]), int(argv[8])) if len(argv) > 8 else None
    down = [
        event(EV_ABS, ABS_MT_SLOT, 0),
        event(EV_ABS, ABS_MT_TRACKING_ID, 900),
        event(EV_ABS, ABS_MT_POSITION_X, x0),
        event(EV_ABS, ABS_MT_POSITION_Y, y),
        event(EV_SYN, SYN_REPORT, 0),
    ]
    up = [event(EV_ABS, ABS_MT_TRACKING_ID, -1), event(EV_SYN, SYN_REPORT, 0)]
    tap_down = tap_up = []
    if tap:
        # Slot 1 down, then back to slot 0 for the flood's moves; later slot 1 up.
        tap_down = [
            event(EV_ABS, ABS_MT_SLOT, 1),
            event(EV_ABS, ABS_MT_TRACKING_ID, 901),
            event(EV_ABS, ABS_MT_POSITION_X, tap[0]),
            event(EV_ABS, ABS_MT_POSITION_Y, tap[1]),
            event(EV_SYN, SYN_REPORT, 0),
            event(EV_ABS, ABS_MT_SLOT, 0),
        ]
        tap_up = [
            event(EV_ABS, ABS_MT_SLOT, 1),
            event(EV_ABS, ABS_MT_TRACKING_ID, -1),
            event(EV_SYN, SYN_REPORT, 0),
            event(EV_ABS, ABS_MT_SLOT, 0),
        ]
    fixed = len(down) + len(up) + len(tap_down) + len(tap_up)
    pairs = (count - fixed) // 2
    moves = []
    for k in range(pairs):
        moves.append([event(EV_ABS, ABS_MT_POSITION_X, x1 if k % 2 == 0 else x0), event(EV_SYN, SYN_REPORT, 0)])
    if tap:
        # Halfway, and 5 % of the flood (5 batches, about 50 ms) later.
        moves.insert(pairs // 2, tap_down)
        moves.insert(pairs // 2 + 1 + pairs // 20, tap_up)
    events = down + [e for group in moves for e in group] + up
    events += [event(EV_SYN, SYN_REPORT, 0)] * (count - len(events))
    per = -(-len(events) // BATCHES)
    fd = os.open(node, os.O_WRONLY)
    start = time.monotonic()
    written = 0
    for b in range(BATCHES):
        chunk = events[b * per:(b + 1) * per]
        if not chunk:
            break
        due = start + seconds * b / BATCHES
        pause = due - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        data = b"".join(chunk)
        while data:
            n = os.write(fd, data)
            data = data[n:]
        written += len(chunk)
    took = time.monotonic() - start
    os.close(fd)
    print("events=%d seconds=%.3f" % (written, took))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
