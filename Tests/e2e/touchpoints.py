#!/usr/bin/env python3
"""Where the touch checks touch the screen, for the demo show on the 800x480 panel in
each of its four orientations, and a check of those places on the headless path before
any machine boots.

Usage: touchpoints.py VITRINE BOARD REFDIR
  VITRINE  the binary; BOARD  board/headless-800x480.toml; REFDIR  e2e-out/ref, holding
  folder.png (`render --scene folder:books --at 1`) and home.png (`--at 5`), and for
  the rotation checks the same at 90, 180 and 270 (`--rotation R`): folder-rR.png,
  home-rR.png.
Writes REFDIR/touch.conf (shell variables, installed in the guest as
/etc/vitrine-e2e/touch.conf) and prints what it found; exit 1 when a place does not do
on the headless path what the guest checks expect of it (then the suite's touch checks
would test the harness, not the kiosk).

The places, in panel pixels (what the digitizer reports; the Architecture article's table turns them
into logical points):
- the Books tile: the demo tour's tap that opens the folder "books" (`vitrine render
  --tour --rotation R` writes the tour's script with exact panel coordinates for that
  orientation, from the layout code): BOOKS (mount 0) and BOOKS_R<R>;
- closing the folder: above the revealed panel, at the middle of the logical screen's
  width and half the panel's top (where the tour taps "close the folder" for a folder
  without a book: FolderRevealLayout.abovePanel); the panel's top is read from the
  folder's picture turned back into logical space: the longest run of one colour down
  logical column 4 is the panel's plain colour (its top at mount 0 is also the first row
  from which every row down to the bottom has that colour; at 90 and 270 the home
  screen's lower part shows below the panel). The logical point goes to panel pixels by
  the Architecture article's table: CLOSE (mount 0) and CLOSE_R<R>;
- places where a touch does nothing on the home screen (the wallpaper below the tiles):
  for the two-finger touch, the held touch pulled out with its device, the bad input
  and the flood.
Checked with `vitrine render --touch` (the same runtime, scripted touch): the Books tap
opens the folder (matches folder.png), the close tap brings home back (home.png), and the
two-finger touch and a held-then-lifted finger on the quiet places leave home as it is;
and in each other orientation (`--rotation R`), the Books tap and the close tap at R's
points open the folder (folder-rR.png) and close it (home-rR.png).
"""

import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import images  # noqa: E402

MAX_MEAN = 1.0
MAX_DIFFERING = 1.0
FOLDER = "books"
# The wallpaper under the home screen's row of tiles (tiles and labels end at y = 315 on
# the 800x480 demo home screen; the top bar with the menu button is above them).
QUIET = {"TWO_A": (200, 400), "TWO_B": (600, 400), "HOLD": (300, 420), "QUIET": (400, 430)}


# The orientations of the rotation checks, in the order the guest turns through them.
ROTATIONS = (90, 180, 270, 0)
# The folder panel's plain colour runs at least this far down logical column 4 (180 rows
# at 0 and 180, 183 at 90 and 270); a shorter longest run means the picture is not what
# the close point is read from.
MIN_PANEL_ROWS = 100


def panel_of(rotation, width, height, x, y):
    """The panel pixel of logical point (x, y) on a `width` x `height` panel (native
    size) turned by `rotation`: the Architecture article's table."""
    return {0: (x, y), 90: (y, height - 1 - x), 180: (width - 1 - x, height - 1 - y),
            270: (width - 1 - y, x)}[rotation]


def logical_size(rotation, width, height):
    return (width, height) if rotation in (0, 180) else (height, width)


def panel_top(folder, rotation):
    """The first logical row of the folder's panel, and its height: the longest run of one
    colour down logical column 4 (the panel is a plain colour; the wallpaper above and
    around it is not)."""
    _, lh = logical_size(rotation, folder.width, folder.height)

    def px(y):
        x, yy = panel_of(rotation, folder.width, folder.height, 4, y)
        i = (yy * folder.width + x) * 3
        return folder.rgb[i:i + 3]
    column = [px(y) for y in range(lh)]
    best, start = (0, 0), 0
    for y in range(1, lh + 1):
        if y == lh or column[y] != column[start]:
            if y - start > best[1] - best[0]:
                best = (start, y)
            start = y
    return best[0], best[1] - best[0]


def tour_books(vitrine, board, tmp, rotation):
    """The panel pixel where the demo tour taps the Books tile at `rotation`, or None."""
    out = os.path.join(tmp, "tour-r%d" % rotation)
    subprocess.run([vitrine, "render", "--board", board, "--rotation", str(rotation), "--tour", "--frames", "1",
                    "--out", out], check=True, stdout=subprocess.DEVNULL, timeout=120)
    books = None
    with open(os.path.join(out, "tour.touch")) as f:
        for line in f:
            m = re.match(r"\s*[0-9.]+\s+tap\s+(\d+)\s+(\d+)\s+#\s*open the folder \"%s\"" % FOLDER, line)
            if m:
                books = (int(m.group(1)), int(m.group(2)))
    return books


def close_point(folder, rotation):
    """(panel pixel, logical point, logical panel top, panel rows) of the close tap."""
    top, rows = panel_top(folder, rotation)
    lw, _ = logical_size(rotation, folder.width, folder.height)
    logical = (lw // 2, top // 2)
    return panel_of(rotation, folder.width, folder.height, *logical), logical, top, rows


def compare_shots(shots, expected):
    """(ok, report lines): the PNGs in `shots` (sorted) against `expected`, a list of
    (what, reference image)."""
    pngs = sorted(p for p in os.listdir(shots) if p.endswith(".png"))
    ok = len(pngs) == len(expected)
    report = []
    for (what, reference), name in zip(expected, pngs):
        d = images.compare(images.read_png(os.path.join(shots, name)), reference, step=1)
        good = d.within(MAX_MEAN, MAX_DIFFERING)
        ok = ok and good
        report.append("%s %s: %s" % ("ok" if good else "WRONG", what, d))
    if len(pngs) != len(expected):
        report.append("WRONG: %d frames rendered, %d wanted" % (len(pngs), len(expected)))
    return ok, report


def main(argv):
    vitrine, board, ref = argv[1], argv[2], argv[3]
    tmp = tempfile.mkdtemp(prefix="vitrine-touchpoints-")
    refs = {}
    for r in ROTATIONS:
        suffix = "" if r == 0 else "-r%d" % r
        refs[r] = (images.read_png(os.path.join(ref, "folder%s.png" % suffix)),
                   images.read_png(os.path.join(ref, "home%s.png" % suffix)))
    books, close, found = {}, {}, []
    for r in ROTATIONS:
        books[r] = tour_books(vitrine, board, tmp, r)
        if books[r] is None:
            print("touchpoints: the demo tour at rotation %d opens no folder \"%s\" (%s)" % (
                r, FOLDER, os.path.join(tmp, "tour-r%d" % r, "tour.touch")))
            return 1
        close[r], logical, top, rows = close_point(refs[r][0], r)
        if rows < MIN_PANEL_ROWS:
            print("touchpoints: no folder panel in folder%s.png (the longest plain run down logical column 4 is %d rows from %d)" % (
                "" if r == 0 else "-r%d" % r, rows, top))
            return 1
        found.append("rotation %d: Books %s, close %s (logical %s; panel top %d, %d rows)" % (
            r, books[r], close[r], logical, top, rows))
    folder, home = refs[0]
    places = {"BOOKS": books[0], "CLOSE": close[0]}
    places.update(QUIET)
    for r in ROTATIONS:
        places["BOOKS_R%d" % r] = books[r]
        places["CLOSE_R%d" % r] = close[r]

    # The places on the headless path: the folder opens at 2.3 s (the tour's time),
    # closes at 3.5 s; two fingers at 5.0 s; a finger held 0.5 s at 6.5 s.
    a, b = QUIET["TWO_A"], QUIET["TWO_B"]
    lines = ["2.300 tap %d %d" % books[0], "3.500 tap %d %d" % close[0],
             "5.000 down 0 %d %d" % a, "5.000 down 1 %d %d" % b]
    for k in range(1, 7):
        t = 5.0 + 0.016 * k
        lines += ["%.3f move 0 %d %d" % (t, a[0], a[1] - 8 * k), "%.3f move 1 %d %d" % (t, b[0], b[1] - 8 * k)]
    lines += ["5.200 up 0", "5.200 up 1", "6.500 down 0 %d %d" % QUIET["HOLD"], "7.000 up 0"]
    script = os.path.join(tmp, "places.touch")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    shots = os.path.join(tmp, "shots")
    subprocess.run([vitrine, "render", "--board", board, "--touch", script, "--at", "3.4", "--at", "4.9", "--at", "6.4", "--at", "8.0",
                    "--out", shots], check=True, stdout=subprocess.DEVNULL, timeout=120)
    ok, report = compare_shots(shots, [
        ("the Books tap (folder open)", folder), ("the close tap (home)", home),
        ("two fingers on the wallpaper (home)", home), ("a finger held on the wallpaper (home)", home)])
    # Each other orientation: its Books tap opens the folder, its close tap closes it, in
    # a kiosk started in that orientation (`--rotation R`; the rotation checks turn the
    # running kiosk, whose pictures at rest must be these).
    for r in ROTATIONS:
        if r == 0:
            continue
        script = os.path.join(tmp, "places-r%d.touch" % r)
        with open(script, "w") as f:
            f.write("2.300 tap %d %d\n3.500 tap %d %d\n" % (books[r] + close[r]))
        shots_r = os.path.join(tmp, "shots-r%d" % r)
        subprocess.run([vitrine, "render", "--board", board, "--rotation", str(r), "--touch", script,
                        "--at", "3.4", "--at", "4.9", "--out", shots_r], check=True, stdout=subprocess.DEVNULL, timeout=120)
        good, more = compare_shots(shots_r, [("rotation %d: the Books tap (folder open)" % r, refs[r][0]),
                                             ("rotation %d: the close tap (home)" % r, refs[r][1])])
        ok = ok and good
        report += more
    with open(os.path.join(ref, "touch.conf"), "w") as f:
        f.write("# Tests/e2e/touchpoints.py: panel pixels (800x480) of the touch checks: mount 0,\n")
        f.write("# and *_R<R> in each orientation R of the rotation checks\n")
        f.write("FOLDER_SCREEN=folder:%s\n" % FOLDER)
        f.write("ROTATIONS=\"%s\"\n" % " ".join(str(r) for r in ROTATIONS))
        for name, (x, y) in places.items():
            f.write("%s_X=%d\n%s_Y=%d\n" % (name, x, name, y))
    print("touchpoints: %s; quiet %s; headless: %s" % (
        "; ".join(found), " ".join("%s=%s" % kv for kv in QUIET.items()), "; ".join(report) if report else "no frames"))
    if ok:
        subprocess.run(["rm", "-rf", tmp])
    else:
        print("touchpoints: the frames are in %s" % tmp)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
