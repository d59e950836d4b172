#!/usr/bin/env python3
"""Where the touch checks touch the screen, for the demo show on the 800x480 panel at
mount 0, and a check of those places on the headless path before any machine boots.

Usage: touchpoints.py VITRINE BOARD REFDIR
  VITRINE  the binary; BOARD  board/headless-800x480.toml; REFDIR  e2e-out/ref, holding
  folder.png (`render --scene folder:books --at 1`) and home.png (`--at 5`).
Writes REFDIR/touch.conf (shell variables, installed in the guest as
/etc/vitrine-e2e/touch.conf) and prints what it found; exit 1 when a place does not do
on the headless path what the guest checks expect of it (then the suite's touch checks
would test the harness, not the kiosk).

The places:
- the Books tile: the demo tour's tap that opens the folder "books" (`vitrine render
  --tour` writes the tour's script with exact panel coordinates, from the layout code);
- closing the folder: above the revealed panel, at the middle of the screen's width and
  half the panel's top (where the tour taps "close the folder" for a folder without a
  book: FolderRevealLayout.abovePanel); the panel's top is read from folder.png, the
  first row from which every row down to the bottom is the panel's plain colour;
- places where a touch does nothing on the home screen (the wallpaper below the tiles):
  for the two-finger touch, the held touch pulled out with its device, the bad input
  and the flood.
Checked with `vitrine render --touch` (the same runtime, scripted touch): the Books tap
opens the folder (matches folder.png), the close tap brings home back (home.png), and the
two-finger touch and a held-then-lifted finger on the quiet places leave home as it is.
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
# the 800x480 demo home screen; the menu button is at the top right).
QUIET = {"TWO_A": (200, 400), "TWO_B": (600, 400), "HOLD": (300, 420), "QUIET": (400, 430)}


def panel_top(folder):
    """The first row of the folder's panel: from it to the bottom, column 4 has one colour."""
    def px(x, y):
        i = (y * folder.width + x) * 3
        return tuple(folder.rgb[i:i + 3])
    bottom = px(4, folder.height - 1)
    y = folder.height - 1
    while y > 0 and px(4, y - 1) == bottom:
        y -= 1
    return y


def main(argv):
    vitrine, board, ref = argv[1], argv[2], argv[3]
    tmp = tempfile.mkdtemp(prefix="vitrine-touchpoints-")
    subprocess.run([vitrine, "render", "--board", board, "--tour", "--frames", "1", "--out", tmp],
                   check=True, stdout=subprocess.DEVNULL, timeout=120)
    books = None
    with open(os.path.join(tmp, "tour.touch")) as f:
        for line in f:
            m = re.match(r"\s*[0-9.]+\s+tap\s+(\d+)\s+(\d+)\s+#\s*open the folder \"%s\"" % FOLDER, line)
            if m:
                books = (int(m.group(1)), int(m.group(2)))
    if books is None:
        print("touchpoints: the demo tour opens no folder \"%s\" (%s)" % (FOLDER, os.path.join(tmp, "tour.touch")))
        return 1
    folder = images.read_png(os.path.join(ref, "folder.png"))
    home = images.read_png(os.path.join(ref, "home.png"))
    top = panel_top(folder)
    close = (folder.width // 2, top // 2)
    places = {"BOOKS": books, "CLOSE": close}
    places.update(QUIET)

    # The places on the headless path: the folder opens at 2.3 s (the tour's time),
    # closes at 3.5 s; two fingers at 5.0 s; a finger held 0.5 s at 6.5 s.
    a, b = QUIET["TWO_A"], QUIET["TWO_B"]
    lines = ["2.300 tap %d %d" % books, "3.500 tap %d %d" % close,
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
    pngs = sorted(p for p in os.listdir(shots) if p.endswith(".png"))
    expected = [("the Books tap (folder open)", folder), ("the close tap (home)", home),
                ("two fingers on the wallpaper (home)", home), ("a finger held on the wallpaper (home)", home)]
    ok = len(pngs) == len(expected)
    report = []
    for (what, reference), name in zip(expected, pngs):
        d = images.compare(images.read_png(os.path.join(shots, name)), reference, step=1)
        good = d.within(MAX_MEAN, MAX_DIFFERING)
        ok = ok and good
        report.append("%s %s: %s" % ("ok" if good else "WRONG", what, d))
    with open(os.path.join(ref, "touch.conf"), "w") as f:
        f.write("# Tests/e2e/touchpoints.py: panel pixels (800x480, mount 0) of the touch checks\n")
        f.write("FOLDER_SCREEN=folder:%s\n" % FOLDER)
        for name, (x, y) in places.items():
            f.write("%s_X=%d\n%s_Y=%d\n" % (name, x, name, y))
    print("touchpoints: Books tile %s (the tour's tap), close %s (panel top %d), quiet %s; headless: %s" % (
        books, close, top, " ".join("%s=%s" % kv for kv in QUIET.items()), "; ".join(report) if report else "no frames"))
    if ok:
        subprocess.run(["rm", "-rf", tmp])
    else:
        print("touchpoints: the frames are in %s" % shots)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
