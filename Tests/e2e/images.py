"""Images for the end-to-end suite, Python standard library only (zlib + struct).

Screens arrive from QEMU's screendump as binary PPM (P6, 8-bit RGB); references come
from `vitrine render` as PNG. Both are held as `Image`: width, height and a bytes
object of packed RGB triples, row after row (no padding).
"""

import struct
import zlib


class Image:
    """Packed 8-bit RGB pixels, `width * height * 3` bytes."""

    def __init__(self, width, height, rgb):
        if len(rgb) != width * height * 3:
            raise ValueError("image: %dx%d needs %d bytes, got %d" % (width, height, width * height * 3, len(rgb)))
        self.width = width
        self.height = height
        self.rgb = rgb

    @property
    def size(self):
        return "%dx%d" % (self.width, self.height)


def read_ppm(path):
    """A binary PPM (P6, maxval 255) as QEMU's screendump writes it."""
    with open(path, "rb") as f:
        data = f.read()
    fields = []
    i = 0
    # Header: magic, width, height, maxval, separated by whitespace (and # comments),
    # then exactly one whitespace byte before the pixels.
    while len(fields) < 4:
        while i < len(data) and data[i : i + 1].isspace():
            i += 1
        if data[i : i + 1] == b"#":
            while i < len(data) and data[i : i + 1] != b"\n":
                i += 1
            continue
        j = i
        while j < len(data) and not data[j : j + 1].isspace():
            j += 1
        if j == i:
            raise ValueError("%s: truncated PPM header" % path)
        fields.append(data[i:j])
        i = j
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError("%s: not an 8-bit binary PPM (%r)" % (path, fields))
    width, height = int(fields[1]), int(fields[2])
    pixels = data[i + 1 : i + 1 + width * height * 3]
    return Image(width, height, pixels)


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    """An 8-bit, non-interlaced PNG (gray, RGB, gray+alpha or RGBA; alpha dropped:
    `vitrine render` writes opaque frames)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG" % path)
    pos = 8
    idat = []
    width = height = depth = ctype = interlace = None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or channels is None or interlace != 0:
        raise ValueError("%s: PNG depth %s type %s interlace %s not supported" % (path, depth, ctype, interlace))
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    rows = []
    prior = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        if kind == 1:
            for x in range(channels, stride):
                line[x] = (line[x] + line[x - channels]) & 255
        elif kind == 2:
            for x in range(stride):
                line[x] = (line[x] + prior[x]) & 255
        elif kind == 3:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                line[x] = (line[x] + ((left + prior[x]) >> 1)) & 255
        elif kind == 4:
            for x in range(stride):
                left = line[x - channels] if x >= channels else 0
                upleft = prior[x - channels] if x >= channels else 0
                line[x] = (line[x] + _paeth(left, prior[x], upleft)) & 255
        elif kind != 0:
            raise ValueError("%s: bad PNG filter %d on row %d" % (path, kind, y))
        rows.append(bytes(line))
        prior = line
    pixels = b"".join(rows)
    if channels == 3:
        rgb = pixels
    elif channels == 4:
        rgb = bytearray(width * height * 3)
        rgb[0::3] = pixels[0::4]
        rgb[1::3] = pixels[1::4]
        rgb[2::3] = pixels[2::4]
        rgb = bytes(rgb)
    elif channels == 1:
        rgb = bytes(b for g in pixels for b in (g, g, g))
    else:
        rgb = bytes(b for i in range(0, len(pixels), 2) for b in (pixels[i],) * 3)
    return Image(width, height, rgb)


def write_png(image, path):
    """RGB, filter 0 on every row (simple and fast; the files are for people to look at)."""
    stride = image.width * 3
    raw = b"".join(b"\x00" + image.rgb[y * stride : (y + 1) * stride] for y in range(image.height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


class Difference:
    """How far a screen is from a reference: `mean` is the mean absolute difference per
    channel in percent of full scale (0-100); `differing` the percentage of pixels whose
    largest channel difference exceeds `threshold` (0-255); `dark` the percentage of the
    screen's pixels with every channel below 32 (a black or console screen)."""

    def __init__(self, mean, differing, dark, threshold, sampled):
        self.mean = mean
        self.differing = differing
        self.dark = dark
        self.threshold = threshold
        self.sampled = sampled

    def within(self, max_mean, max_differing):
        return self.mean <= max_mean and self.differing <= max_differing

    def __str__(self):
        return "mean=%.2f%% differing=%.2f%%" % (self.mean, self.differing)


def compare(screen, reference, threshold=8, step=1):
    """Compares two images of the same size, every `step`-th pixel of every `step`-th
    row (step 1: every pixel). A size mismatch is total difference."""
    if (screen.width, screen.height) != (reference.width, reference.height):
        return Difference(100.0, 100.0, 0.0, threshold, 0)
    a, b = screen.rgb, reference.rgb
    w = screen.width
    total = 0
    differing = 0
    dark = 0
    n = 0
    for y in range(0, screen.height, step):
        row = y * w * 3
        # Channels pulled out with slices (C speed), then one Python loop over the pixels.
        end = row + w * 3
        sa = a[row:end]
        sb = b[row:end]
        px = 3 * step
        for r1, g1, b1, r2, g2, b2 in zip(sa[0::px], sa[1::px], sa[2::px], sb[0::px], sb[1::px], sb[2::px]):
            dr = r1 - r2 if r1 > r2 else r2 - r1
            dg = g1 - g2 if g1 > g2 else g2 - g1
            db = b1 - b2 if b1 > b2 else b2 - b1
            total += dr + dg + db
            if dr > threshold or dg > threshold or db > threshold:
                differing += 1
            if r1 < 32 and g1 < 32 and b1 < 32:
                dark += 1
            n += 1
    return Difference(100.0 * total / (3 * 255 * n), 100.0 * differing / n, 100.0 * dark / n, threshold, n)


def _row_matches(a, b, w, y, step, threshold, max_differing):
    """Whether sampled row `y` of two same-size images agrees: at most `max_differing`
    percent of its sampled pixels differ by more than `threshold` in some channel."""
    row = y * w * 3
    sa = a[row : row + w * 3]
    sb = b[row : row + w * 3]
    px = 3 * step
    n = differing = 0
    for r1, g1, b1, r2, g2, b2 in zip(sa[0::px], sa[1::px], sa[2::px], sb[0::px], sb[1::px], sb[2::px]):
        n += 1
        if abs(r1 - r2) > threshold or abs(g1 - g2) > threshold or abs(b1 - b2) > threshold:
            differing += 1
    return 100.0 * differing / max(n, 1) <= max_differing


def torn_between(screen, old, new, step=8, threshold=8, max_differing=5.0):
    """Whether `screen` is `old` being overwritten by `new`, caught half way (fbdev: the
    kiosk copies its frame into /dev/fb0, and a screendump can land during the copy):
    every sampled row matches one picture or the other, but for at most one (the row
    being copied when the screendump was taken), and each picture has rows of its own.
    The rows need not make one band each: QEMU's VGA brings the framebuffer's dirty
    pages onto its display surface as they were at its last refresh, so a copy caught
    half way can show new rows at the top and at the bottom with old ones between
    (seen: the doors' top 108 and bottom 25 rows over black). False for a size
    mismatch."""
    size = (screen.width, screen.height)
    if size != (old.width, old.height) or size != (new.width, new.height):
        return False
    rows = range(0, screen.height, step)
    is_old = [_row_matches(screen.rgb, old.rgb, screen.width, y, step, threshold, max_differing) for y in rows]
    is_new = [_row_matches(screen.rgb, new.rgb, screen.width, y, step, threshold, max_differing) for y in rows]
    neither = sum(1 for o, n in zip(is_old, is_new) if not o and not n)
    only_old = any(o and not n for o, n in zip(is_old, is_new))
    only_new = any(n and not o for o, n in zip(is_old, is_new))
    return neither <= 1 and only_old and only_new


def dark_fraction(image, step=8):
    """Percentage of sampled pixels with every channel below 32."""
    p = image.rgb
    px = 3 * step
    n = dark = 0
    for y in range(0, image.height, step):
        row = y * image.width * 3
        s = p[row : row + image.width * 3]
        for r, g, b in zip(s[0::px], s[1::px], s[2::px]):
            n += 1
            if r < 32 and g < 32 and b < 32:
                dark += 1
    return 100.0 * dark / max(n, 1)


def diff_image(screen, reference):
    """A picture of where two same-size images differ: the reference dimmed to a quarter,
    differing pixels (any channel > 8) in magenta."""
    out = bytearray(len(reference.rgb))
    a, b = screen.rgb, reference.rgb
    for i in range(0, len(b), 3):
        if abs(a[i] - b[i]) > 8 or abs(a[i + 1] - b[i + 1]) > 8 or abs(a[i + 2] - b[i + 2]) > 8:
            out[i], out[i + 1], out[i + 2] = 255, 0, 255
        else:
            out[i], out[i + 1], out[i + 2] = b[i] >> 2, b[i + 1] >> 2, b[i + 2] >> 2
    return Image(reference.width, reference.height, bytes(out))
