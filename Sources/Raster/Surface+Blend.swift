extension Surface {
    /// Composites the solid premultiplied `color` (0xAARRGGBB) OVER every pixel in `clip`
    /// (default: all): d' = c + d * (255 - alpha(c)) / 255 per channel, rounded as
    /// `mulDiv255` (pixman's `over_n_8888`). An opaque colour is a `fill`. 32-bit only.
    public func blend(_ color: UInt32, clip: PixelRect? = nil, path: KernelPath = .fast) throws(RasterError) {
        try require32Bit("blend destination")
        let r = resolve(clip)
        guard !r.isEmpty else { return }
        let alpha = color >> 24
        if alpha == 255 { return fill(color, clip: r, path: path) }
        if color == 0 { return }
        let keep = 255 &- alpha
        let setAlpha: UInt32 = format == .xrgb8888 ? 0xff00_0000 : 0
        for y in r.y..<r.maxY {
            let d = row(y, as: UInt32.self) + r.x
            switch path {
            case .reference:
                for i in 0..<r.width { d[i] = overPixel(color, d[i] | setAlpha) }
            case .fast:
                if setAlpha != 0 {
                    blendSpan(d, r.width, color: color, keep: keep, opaqueDestination: true)
                } else {
                    blendSpan(d, r.width, color: color, keep: keep, opaqueDestination: false)
                }
            }
        }
    }
}

/// `n` pixels `d` under the solid premultiplied `color` whose alpha leaves `keep` (255 -
/// alpha) of them: d' = color + d * keep / 255 per channel (`overPixel`), four at a
/// time in channel pairs as `overFour` (the colour's two halves constant); with
/// `opaqueDestination` (xrgb8888) each pixel's alpha byte read as 255. Call it with a
/// literal `opaqueDestination`.
@inline(__always)
func blendSpan(_ d: UnsafeMutablePointer<UInt32>, _ n: Int, color: UInt32, keep: UInt32, opaqueDestination: Bool) {
    let dr = UnsafeMutableRawPointer(d)
    let keepLanes = SIMD8<UInt16>(repeating: UInt16(keep))
    let colorBytes = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD16<UInt8>.self)
    let colorEven = evenBytes(colorBytes)
    let colorOdd = highByteOnly(unsafeBitCast(colorBytes, to: SIMD8<UInt16>.self))
    let setAlpha: UInt32 = opaqueDestination ? 0xff00_0000 : 0
    let k = MultiplierLanes.current.pointee.div255
    var i = 0
    while i &+ 4 <= n {
        let dv0 = dr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        let dv = opaqueDestination ? opaqueAlpha(dv0) : dv0
        let even = divideBy255(evenBytes(dv) &* keepLanes, k) &+ colorEven
        let odd = shiftLeft8(divideBy255(oddBytes(dv) &* keepLanes, k)) &+ colorOdd
        dr.storeBytes(of: joinChannels(even: even, odd: odd), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        i &+= 4
    }
    while i < n {
        d[i] = color &+ mulDiv255x4(d[i] | setAlpha, keep)
        i &+= 1
    }
}
