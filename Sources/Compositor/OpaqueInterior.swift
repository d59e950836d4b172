import FixedPoint
import Raster

/// The destination pixels a transformed draw of an opaque source at full opacity covers
/// with fully opaque colour (so that whatever was drawn under them is overwritten): the
/// pixels whose bilinear footprint lies wholly inside the source, in front of the eye.
/// It leaves out the one-pixel edge where bilinear sampling fades the picture, and for a
/// projective quad the pixels behind the eye. A convex polygon, kept as the five
/// half-planes that bound it, each exact in integers; per row it is one interval of
/// pixels (`span(row:)`).
///
/// Why those pixels come out exactly the source's colour, whatever is under them: the
/// kernel (`Surface.draw(_:destinationToSource:...)`, bilinear) reads the 2x2 pixels
/// around the position (u, v) with x1 = floor(u - 1/2), y1 = floor(v - 1/2); when all
/// four are inside (1/2 <= u < width - 1/2, the same for v) and opaque (xrgb8888: alpha
/// 255 by definition), the weights sum to exactly 255 alpha (128 x 128 x 255 >> 14), and
/// OVER with alpha 255 keeps the source alone (d x 0 / 255 = 0).
///
/// Conservative: the kernel's position is the matrix `m` applied to the pixel centre,
/// each homogeneous component rounded once to Q16.16 (error at most 2^-17) and for a
/// projective `m` divided (quotient truncated, error under 2^-16). Writing (U, V, W) for
/// the exact components (m's Q16.16 entries times the centre), a pixel counts when
///   W >= (1 + max(width, height)) / 256           (projective only)
///   U >= (1/2 + e) W  and  U <= (width - 1/2 - e) W, likewise V with the height,
/// with e = `margin` (1/64 source pixel). The first bound keeps the component rounding's
/// effect on the quotient under 2^-17 (1 + width) / W <= 1/512 source pixel, so the
/// kernel's position is within 1/512 + 2^-16 of U / W, well inside the margin: a pixel
/// that counts is inside by more than 1/128 of a source pixel however the kernel rounds
/// (a cheaper position computation that stays within 1/128 of the exact one keeps this
/// true). The bounds are checked exactly, in Int128, at the ends of every row's
/// interval (linear in x, so the ends decide); Doubles only guess the ends.
///
/// Only pixels inside the item's rectangle count: the item draws nothing outside it.
struct OpaqueInterior {
    /// The margin e, in source pixels.
    static let marginNumerator: Int64 = 1
    static let marginDenominator: Int64 = 64

    /// One bound A cx + B cy + C >= 0, with cx, cy the pixel centre in Q16.16
    /// (X << 16 | 0x8000), exact in Int128; and its root in pixel columns for a row,
    /// X* = p + q Y, as a Double guess.
    struct HalfPlane {
        var a: Int64
        var b: Int64
        var c: Int128
        var p: Double
        var q: Double

        init(a: Int64, b: Int64, c: Int128) {
            (self.a, self.b, self.c) = (a, b, c)
            // A (X + 1/2) 65536 + B (Y + 1/2) 65536 + C = 0, solved for X.
            if a != 0 {
                let da = Double(a), db = Double(b), dc = Double(c)
                q = -db / da
                p = -(db * 32768 + dc) / (da * 65536) - 0.5
            } else {
                (p, q) = (0, 0)
            }
        }

        /// The bound's value at the centre of pixel (x, y), given `row` = B cy + C.
        @inline(__always)
        func value(x: Int, row: Int128) -> Int128 {
            Int128(a) * Int128(Int64(x) << 16 | 0x8000) + row
        }
    }

    /// The five bounds (the fifth, W's, is always true for an affine `m`).
    var planes: (HalfPlane, HalfPlane, HalfPlane, HalfPlane, HalfPlane)
    /// The item's rectangle: nothing outside it counts.
    let rect: PixelRect
    /// A box around the interior, within `rect` (an estimate, for deciding where
    /// occlusion is worth working out; `span(row:within:)` alone says what is covered).
    let box: PixelRect

    /// The interior of drawing a `width` x `height` opaque source through the
    /// destination-to-source matrix `m` (as the kernel takes it) inside `rect`; nil when
    /// the source is under 2 pixels a side (no footprint fits inside) or `rect` is empty.
    /// - Parameter box: where the interior lies, roughly (default: all of `rect`).
    init?(_ m: Matrix3, sourceWidth width: Int, sourceHeight height: Int, rect: PixelRect, box: PixelRect? = nil) {
        guard width >= 2, height >= 2, !rect.isEmpty else { return nil }
        self.rect = rect
        self.box = box?.intersection(rect) ?? rect
        let e = (Self.marginNumerator, Self.marginDenominator)
        // Rows of m as (x, y, constant) coefficients of (cx, cy, 1) in Q32.32: the
        // constant is the entry shifted up by 16.
        let u = (Int64(m.m00.raw), Int64(m.m01.raw), Int128(m.m02.raw) << 16)
        let v = (Int64(m.m10.raw), Int64(m.m11.raw), Int128(m.m12.raw) << 16)
        let w = (Int64(m.m20.raw), Int64(m.m21.raw), Int128(m.m22.raw) << 16)
        /// k1 r1 - k2 r2, coefficient by coefficient.
        typealias Row = (Int64, Int64, Int128)
        func combine(_ k1: Int64, _ r1: Row, _ k2: Int64, _ r2: Row) -> HalfPlane {
            HalfPlane(a: k1 * r1.0 - k2 * r2.0, b: k1 * r1.1 - k2 * r2.1, c: Int128(k1) * r1.2 - Int128(k2) * r2.2)
        }
        // U >= (1/2 + e) W: D U - (D/2 + N) W >= 0, with e = N / D.
        let (n, d) = e
        let low = d / 2 + n
        let highU = Int64(width) * d - d / 2 - n, highV = Int64(height) * d - d / 2 - n
        let uLow = combine(d, u, low, w)
        let uHigh = combine(highU, w, d, u)
        let vLow = combine(d, v, low, w)
        let vHigh = combine(highV, w, d, v)
        // 256 W >= (1 + max(w, h)) in Q32.32; for an affine m, W is 1 exactly.
        let isAffine = m.m20.raw == 0 && m.m21.raw == 0 && m.m22.raw == 0x1_0000
        let wBound =
            isAffine
            ? HalfPlane(a: 0, b: 0, c: 0)
            : HalfPlane(
                a: 256 * w.0, b: 256 * w.1, c: 256 * w.2 - Int128(1 + Swift.max(width, height)) << 32)
        planes = (uLow, uHigh, vLow, vHigh, wBound)
    }

    /// The pixels [x0, x1) of row `y` inside the interior and inside `range`, or nil
    /// when none is.
    func span(row y: Int, within range: Range<Int>) -> Range<Int>? {
        guard y >= rect.y, y < rect.maxY else { return nil }
        var lo = Swift.max(range.lowerBound, rect.x)
        var hi = Swift.min(range.upperBound, rect.maxX) - 1  // inclusive
        guard lo <= hi else { return nil }
        let cy = Int64(y) << 16 | 0x8000
        let rows = (
            Int128(planes.0.b) * Int128(cy) + planes.0.c, Int128(planes.1.b) * Int128(cy) + planes.1.c,
            Int128(planes.2.b) * Int128(cy) + planes.2.c, Int128(planes.3.b) * Int128(cy) + planes.3.c,
            Int128(planes.4.b) * Int128(cy) + planes.4.c
        )
        // Guess the ends from the Doubles.
        let fy = Double(y)
        @inline(__always) func narrow(_ h: HalfPlane, _ row: Int128) -> Bool {
            if h.a == 0 { return row >= 0 }
            let root = Swift.min(Swift.max(h.p + h.q * fy, -1e9), 1e9)
            if h.a > 0 {
                lo = Swift.max(lo, Int(root.rounded(.up)))
            } else {
                hi = Swift.min(hi, Int(root.rounded(.down)))
            }
            return true
        }
        guard narrow(planes.0, rows.0), narrow(planes.1, rows.1), narrow(planes.2, rows.2),
            narrow(planes.3, rows.3), narrow(planes.4, rows.4)
        else { return nil }
        // Check the ends exactly; step inwards a little where a guess was off.
        @inline(__always) func inside(_ x: Int) -> Bool {
            planes.0.value(x: x, row: rows.0) >= 0 && planes.1.value(x: x, row: rows.1) >= 0
                && planes.2.value(x: x, row: rows.2) >= 0 && planes.3.value(x: x, row: rows.3) >= 0
                && planes.4.value(x: x, row: rows.4) >= 0
        }
        var tries = 0
        while lo <= hi && !inside(lo) {
            tries += 1
            if tries > 4 { return nil }
            lo += 1
        }
        tries = 0
        while lo <= hi && !inside(hi) {
            tries += 1
            if tries > 4 { return nil }
            hi -= 1
        }
        return lo <= hi ? lo..<(hi + 1) : nil
    }
}
