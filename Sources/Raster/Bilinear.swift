/// Bilinear sampling with REPEAT_NONE edges, pixman's geometry with arithmetic that
/// fits 16-bit SIMD lanes.
///
/// A sample position (x, y) in Q16.16 source pixels (pixel centres at +0.5) reads the
/// 2x2 pixels around it: x1 = floor(x - 0.5), x2 = x1 + 1 (likewise y), with 7-bit
/// weights dx = ((x - 0.5) >> 9) & 0x7f, dy likewise (pixman's
/// BILINEAR_INTERPOLATION_BITS = 7). Pixels outside the source are transparent black,
/// which fades a transformed image's edges over one pixel: pixman's REPEAT_NONE.
///
/// Per 8-bit channel, with t, b the top and bottom pixels of a column:
///   column  = t (128 - dy) + b dy                          exact, at most 32640
///   result  = ((left >> 6) (128 - dx) + (right >> 6) dx) >> 8
/// Every intermediate fits an unsigned 16-bit lane (the sum is at most 510 * 128), so
/// the SIMD fast path computes exactly this with pmullw. pixman computes
/// floor(sum of the four weighted pixels / 16384) in 64-bit; this is the same or one
/// less (the two dropped fraction bits cost at most 0.49 before the final floor).
/// Channels stay at most alpha, so the result is valid premultiplied colour.

/// The 2x2 pixels `tl, tr, bl, br` blended with 7-bit weights `dx`, `dy` (see above),
/// two channels per 32-bit word.
@inline(__always)
func bilinear(_ tl: UInt32, _ tr: UInt32, _ bl: UInt32, _ br: UInt32, _ dx: UInt32, _ dy: UInt32) -> UInt32 {
    let iy = 128 &- dy, ix = 128 &- dx
    @inline(__always) func lanes(_ shift: UInt32) -> UInt32 {
        let m: UInt32 = 0x00ff_00ff
        let left = ((tl >> shift) & m) &* iy &+ ((bl >> shift) & m) &* dy
        let right = ((tr >> shift) & m) &* iy &+ ((br >> shift) & m) &* dy
        let h = ((left >> 6) & 0x01ff_01ff) &* ix &+ ((right >> 6) & 0x01ff_01ff) &* dx
        return ((h >> 8) & m) << shift
    }
    return lanes(0) | lanes(8)
}

/// Two horizontally adjacent sample footprints blended (see `bilinear`) and composited
/// OVER two destination pixels (or over the two pixels at `below`, written to `d`), in
/// 16-bit lanes: the fast path's interior step.
/// `topA`/`topB` point at each footprint's top-left pixel; the bottom row is
/// `pitchBytes` further. With `opaqueSource` every read pixel's alpha is taken as 255.
/// With `fade`, each sample is scaled by `opacity` / 255 first, rounded as `mulDiv255x4`
/// (exactly: the product fits a 16-bit lane), as the reference's `blend` does.
///
/// Each footprint's row, [left, right], is one 64-bit load widened whole; the vertical
/// step runs on each footprint's two rows (its dy in all eight lanes), and only its
/// result is rearranged, into [A's left, B's left] and [A's right, B's right], for the
/// horizontal step (a dx per footprint in its four lanes, made from a 64-bit word: a
/// weight times 0x0001000100010001). Rearranging the four loaded rows instead, in
/// 64-bit words, took about 8% more instructions; building vectors lane by lane, or
/// splatting the alpha of a computed vector, compiles to a lane move per element on
/// SSE2. Vertically t (128 - dy) + b dy is computed as t 128 + (b - t) dy, and
/// horizontally l (128 - dx) + r dx as l 128 + (r - l) dx, the same values: wrapping
/// 16-bit arithmetic, and the true results are below 65536.
@inline(__always)
func bilinearOverPair(
    _ topA: UnsafeRawPointer, _ topB: UnsafeRawPointer, pitchBytes: Int,
    dxA: UInt16, dyA: UInt16, dxB: UInt16, dyB: UInt16,
    into d: UnsafeMutableRawPointer, below: UnsafeRawPointer? = nil, opaqueSource: Bool, fade: Bool = false,
    opacity: UInt16 = 255, divisor: SIMD8<UInt16>
) {
    // Each row's two pixels of a footprint, [left, right], widened; an opaque source's
    // alpha lanes (3 and 7) set to 255 where the blend reads them (a fade). Unfaded,
    // each sample's alpha byte is set to 255 once at the store instead: every lane is
    // blended on its own, so the colour bytes are the same whatever alpha was read.
    let opaqueAlpha: UInt64 = 0xff00_0000_ff00_0000
    let alpha: UInt64 = opaqueSource && fade ? opaqueAlpha : 0
    let ta = widenPair(topA.loadUnaligned(as: UInt64.self) | alpha)
    let ba = widenPair(topA.loadUnaligned(fromByteOffset: pitchBytes, as: UInt64.self) | alpha)
    let tb = widenPair(topB.loadUnaligned(as: UInt64.self) | alpha)
    let bb = widenPair(topB.loadUnaligned(fromByteOffset: pitchBytes, as: UInt64.self) | alpha)
    // Vertically per footprint: t (128 - dy) + b dy, >> 6, as [left, right]; then the
    // two footprints' columns side by side, [A's left, B's left] and [A's right, B's right].
    let dyA8 = SIMD8<UInt16>(repeating: dyA), dyB8 = SIMD8<UInt16>(repeating: dyB)
    let columnsA = ((ta &<< 7) &+ (ba &- ta) &* dyA8) &>> 6
    let columnsB = ((tb &<< 7) &+ (bb &- tb) &* dyB8) &>> 6
    let left = SIMD8<UInt16>(lowHalf: columnsA.lowHalf, highHalf: columnsB.lowHalf)
    let right = SIMD8<UInt16>(lowHalf: columnsA.highHalf, highHalf: columnsB.highHalf)
    let dx = splatPair(dxA, dxB)
    let sampled = ((left &<< 7) &+ (right &- left) &* dx) &>> 8
    storeSampledPair(
        sampled, into: d, below: below, opaqueSource: opaqueSource, fade: fade, opacity: opacity, divisor: divisor)
}

/// Two bilinear samples (16-bit lanes, each at most 255: `bilinearOverPair`'s `sampled`)
/// scaled by `opacity` / 255 (with `fade`) and composited OVER the two pixels at `below`
/// (nil: `d`'s own), written to `d`. With `opaqueSource` the samples' alpha is taken as
/// 255: unfaded, it is set at the store; faded, the caller has set it in the pixels read.
@inline(__always)
func storeSampledPair(
    _ sampled: SIMD8<UInt16>, into d: UnsafeMutableRawPointer, below: UnsafeRawPointer?, opaqueSource: Bool,
    fade: Bool, opacity: UInt16, divisor: SIMD8<UInt16>
) {
    let out = sampledOver(
        sampled, below: below ?? UnsafeRawPointer(d), opaqueSource: opaqueSource, fade: fade, opacity: opacity,
        divisor: divisor)
    d.storeBytes(of: narrowPair(out) | (opaqueSource && !fade ? 0xff00_0000_ff00_0000 : 0), as: UInt64.self)
}

/// `storeSampledPair`'s pixels before the store, in 16-bit lanes (each at most 255): the
/// samples scaled by the opacity and OVER the two pixels at `below`. An opaque, unfaded
/// sample is the sample itself, its alpha lanes as they came (the store sets them).
@inline(__always)
func sampledOver(
    _ sampled: SIMD8<UInt16>, below: UnsafeRawPointer, opaqueSource: Bool, fade: Bool, opacity: UInt16,
    divisor: SIMD8<UInt16>
) -> SIMD8<UInt16> {
    // The pixels under the samples, read only where they show through (not under an
    // opaque, unfaded sample: a read the store would not need).
    @inline(__always) func under() -> SIMD8<UInt16> { widenPair(below.loadUnaligned(as: UInt64.self)) }
    if opaqueSource {
        // The sample's alpha is 255, or the opacity once faded: no alpha to splat.
        guard fade else { return sampled }
        let dv = under()
        let k = SIMD8<UInt16>(repeating: opacity)
        return divideBy255(sampled &* k, divisor) &+ divideBy255(dv &* (SIMD8<UInt16>(repeating: 255) &- k), divisor)
    }
    let dv = under()
    let s = fade ? divideBy255(sampled &* SIMD8(repeating: opacity), divisor) : sampled
    return s &+ divideBy255(dv &* (SIMD8<UInt16>(repeating: 255) &- splatLanes37(s, ofProduct: fade)), divisor)
}

/// Two pixels (a 64-bit word, the first in the low half) zero-extended to 16-bit lanes.
@inline(__always)
func widenPair(_ w: UInt64) -> SIMD8<UInt16> { widen8(unsafeBitCast(w, to: SIMD8<UInt8>.self)) }

/// `a` in the first pixel's four lanes, `b` in the second's.
@inline(__always)
func splatPair(_ a: UInt16, _ b: UInt16) -> SIMD8<UInt16> {
    let ones: UInt64 = 0x0001_0001_0001_0001
    return unsafeBitCast(SIMD2<UInt64>(UInt64(a) &* ones, UInt64(b) &* ones), to: SIMD8<UInt16>.self)
}

/// Two pixels' 16-bit lanes (each at most 255) back to their bytes, as a 64-bit word.
/// Written as a 16-byte shuffle whose upper half is zeros: after a shift right by 8
/// (the bilinear's last step) that compiles to one packuswb, where an 8-byte shuffle of
/// the even bytes became a dozen word shuffles once LLVM folded the shift into it, and the
/// standard library's `init(truncatingIfNeeded:)` stayed a call.
@inline(__always)
func narrowPair(_ v: SIMD8<UInt16>) -> UInt64 {
    let b = unsafeBitCast(v, to: SIMD16<UInt8>.self)
    let packed = SIMD16<UInt8>(b[0], b[2], b[4], b[6], b[8], b[10], b[12], b[14], 0, 0, 0, 0, 0, 0, 0, 0)
    return unsafeBitCast(packed, to: SIMD2<UInt64>.self)[0]
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
        return edgeSample(x1, y1, dx, dy)
    }

    /// A footprint that may reach past the source's edge, pixel by pixel. Kept out of
    /// line so that the loops calling `bilinearSample` stay small enough for the
    /// inliner to keep their SIMD conversions inline.
    @inline(never)
    func edgeSample(_ x1: Int, _ y1: Int, _ dx: UInt32, _ dy: UInt32) -> UInt32 {
        bilinear(pixel(x1, y1), pixel(x1 &+ 1, y1), pixel(x1, y1 &+ 1), pixel(x1 &+ 1, y1 &+ 1), dx, dy)
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
