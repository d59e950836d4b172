extension Surface {
    /// Makes this surface `colour` with `source` OVER it at `opacity`: the bytes of
    /// `fill(colour)` then `over(source, opacity: opacity)`, in one pass. For an opaque
    /// (xrgb8888) source every pixel's scaled alpha is `opacity`, so what shows of the
    /// colour is one constant, mulDiv255(colour, 255 - opacity) per channel, and each
    /// pixel is its source pixel scaled plus that: one read and one write a pixel where
    /// the fill and the OVER made three and two. (A book's turning leaf, darkened towards
    /// the background each frame it turns.) A source with alpha takes the two steps.
    /// - Parameter colour: premultiplied, opaque (alpha 255).
    /// - Throws: `RasterError.sizeMismatch` when `source` is not this surface's size.
    public func drawFaded(
        _ source: Surface, over colour: UInt32, opacity: UInt8, path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("faded draw destination")
        try source.require32Bit("faded draw source")
        guard source.width == width, source.height == height else {
            throw RasterError.sizeMismatch(expected: bounds, got: source.bounds)
        }
        guard path == .fast, source.format == .xrgb8888, colour >> 24 == 255 else {
            fill(colour, path: path)
            try over(source, opacity: opacity, path: path)
            return
        }
        let m = UInt32(opacity)
        let shown = mulDiv255x4(colour, 255 &- m)
        for y in 0..<height {
            fadedRow(source.row(y, as: UInt32.self), row(y, as: UInt32.self), width, opacity: m, plus: shown)
        }
    }
}

/// `n` opaque source pixels (their alpha byte taken as 255) scaled by `opacity / 255`
/// plus the constant `plus` (a colour's part that shows under them), four at a time in
/// 16-bit lanes: `mulDiv255x4(s | 0xff000000, opacity) &+ plus`, which carries between
/// no channels (a scaled channel and what shows of the colour's add up to 255 at most).
@inline(__always)
func fadedRow(
    _ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt32>, _ n: Int, opacity: UInt32, plus: UInt32
) {
    let sr = UnsafeRawPointer(s), dr = UnsafeMutableRawPointer(d)
    let mv = SIMD8<UInt16>(repeating: UInt16(opacity))
    let alphaBytes = SIMD16<UInt8>(0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255)
    let plusBytes = unsafeBitCast(SIMD4<UInt32>(repeating: plus), to: SIMD16<UInt8>.self)
    let k = MultiplierLanes.current.pointee.div255
    var i = 0
    while i &+ 4 <= n {
        let sv = sr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self) | alphaBytes
        let (lo, hi) = widen(sv)
        let scaled = narrow(divideBy255(lo &* mv, k), divideBy255(hi &* mv, k))
        dr.storeBytes(of: scaled &+ plusBytes, toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        i &+= 4
    }
    while i < n {
        d[i] = mulDiv255x4(s[i] | 0xff00_0000, opacity) &+ plus
        i &+= 1
    }
}
