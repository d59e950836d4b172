/// Bilinear sampling with REPEAT_NONE edges, in the arithmetic pixman uses, so that
/// Vitrine's transformed draws can be checked against pixman pixel for pixel.
///
/// A sample position (x, y) in Q16.16 source pixels (pixel centres at +0.5) reads the
/// 2x2 pixels around it: x1 = floor(x - 0.5), x2 = x1 + 1 (likewise y), with 7-bit
/// weights distx = ((x - 0.5) >> 9) & 0x7f, disty likewise. Pixels outside the source
/// are transparent black, which fades a transformed image's edges over one pixel: the
/// antialiasing of REPEAT_NONE.

/// Bits of the fractional position that weight the four pixels (pixman's
/// BILINEAR_INTERPOLATION_BITS).
let bilinearWeightBits: Int32 = 7

/// The 2x2 pixels `tl, tr, bl, br` blended with 7-bit weights: per channel
/// floor((tl (128-dx)(128-dy) + tr dx (128-dy) + bl (128-dx) dy + br dx dy) * 4 / 65536),
/// two channels per 64-bit lane (pixman's 64-bit `bilinear_interpolation`).
@inline(__always)
func bilinear(_ tl: UInt32, _ tr: UInt32, _ bl: UInt32, _ br: UInt32, _ distx: UInt32, _ disty: UInt32) -> UInt32 {
    let dx = UInt64(distx << 1), dy = UInt64(disty << 1)
    let wxy = dx &* dy, wxiy = dx &* (256 &- dy), wixy = (256 &- dx) &* dy, wixiy = (256 &- dx) &* (256 &- dy)
    // Alpha and blue: bytes 3 and 0 stay 24 bits apart, room for 16 bits of weight each.
    var f = UInt64(tl & 0xff00_00ff) &* wixiy &+ UInt64(tr & 0xff00_00ff) &* wxiy
        &+ UInt64(bl & 0xff00_00ff) &* wixy &+ UInt64(br & 0xff00_00ff) &* wxy
    var r = f & 0x0000_ff00_00ff_0000
    // Red and green: red moved up to bits 32..39, green stays at 8..15.
    @inline(__always) func spread(_ p: UInt32) -> UInt64 {
        let q = UInt64(p)
        return ((q << 16) & 0x0000_00ff_0000_0000) | (q & 0x0000_ff00)
    }
    f = spread(tl) &* wixiy &+ spread(tr) &* wxiy &+ spread(bl) &* wixy &+ spread(br) &* wxy
    r |= ((f >> 16) & 0x0000_00ff_0000_0000) | (f & 0xff00_0000)
    return UInt32(truncatingIfNeeded: r >> 16)
}

/// The source a transformed draw reads: its pixels and size, and the alpha it ORs into
/// every pixel it reads (0xff000000 for xrgb8888, which has no alpha).
struct SampleSource {
    let base: UnsafeMutablePointer<UInt32>
    /// Elements (not bytes) from one row to the next.
    let rowPitch: Int
    let width: Int
    let height: Int
    let alphaMask: UInt32

    init(_ s: Surface) {
        base = s.row(0, as: UInt32.self)
        rowPitch = s.stride / 4
        width = s.width
        height = s.height
        alphaMask = s.format == .xrgb8888 ? 0xff00_0000 : 0
    }

    /// Pixel (x, y), or transparent black outside the source.
    @inline(__always)
    func pixel(_ x: Int, _ y: Int) -> UInt32 {
        UInt(bitPattern: x) < UInt(bitPattern: width) && UInt(bitPattern: y) < UInt(bitPattern: height)
            ? base[y &* rowPitch &+ x] | alphaMask : 0
    }

    /// The bilinear sample at Q16.16 source position (x, y), edges transparent.
    @inline(__always)
    func bilinearSample(_ x: Int64, _ y: Int64) -> UInt32 {
        let xs = x &- 0x8000, ys = y &- 0x8000
        let x1 = Int(xs >> 16), y1 = Int(ys >> 16)
        let dx = UInt32(truncatingIfNeeded: xs >> 9) & 0x7f, dy = UInt32(truncatingIfNeeded: ys >> 9) & 0x7f
        // Interior: all four pixels inside, no per-pixel bounds checks.
        if UInt(bitPattern: x1) < UInt(bitPattern: width &- 1) && UInt(bitPattern: y1) < UInt(bitPattern: height &- 1) {
            let p = base + (y1 &* rowPitch &+ x1)
            return bilinear(
                p[0] | alphaMask, p[1] | alphaMask, p[rowPitch] | alphaMask, p[rowPitch &+ 1] | alphaMask, dx, dy)
        }
        return bilinear(pixel(x1, y1), pixel(x1 &+ 1, y1), pixel(x1, y1 &+ 1), pixel(x1 &+ 1, y1 &+ 1), dx, dy)
    }

    /// The nearest pixel to Q16.16 source position (x, y): floor(x - 1/65536), as
    /// pixman's NEAREST filter rounds a position exactly on a pixel edge down.
    @inline(__always)
    func nearestSample(_ x: Int64, _ y: Int64) -> UInt32 {
        pixel(Int((x &- 1) >> 16), Int((y &- 1) >> 16))
    }

    /// Whether a sample at Q16.16 (x, y) can see any source pixel: x and y in
    /// (-0.5, size + 0.5), the band where bilinear's edge fade is not yet zero.
    @inline(__always)
    func touches(_ x: Int64, _ y: Int64) -> Bool {
        x > -0x8000 && y > -0x8000 && x < Int64(width) << 16 + 0x8000 && y < Int64(height) << 16 + 0x8000
    }
}
