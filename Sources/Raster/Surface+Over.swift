extension Surface {
    /// Composites `source` OVER this surface, its pixel (0, 0) on this surface's (x, y),
    /// inside `clip`, with a constant `opacity` (255: none).
    ///
    /// Per channel c of the premultiplied source pixel s and destination pixel d:
    ///   s' = s * opacity / 255          (skipped when opacity is 255)
    ///   d' = s' + d * (255 - alpha(s')) / 255
    /// each division rounded to nearest exactly (`mulDiv255`), as pixman's
    /// `over_8888_8888` and `over_8888_n_8888` with a solid mask do. An xrgb8888 source
    /// counts as opaque (alpha 255). Both surfaces must be 32-bit.
    public func over(
        _ source: Surface, x: Int = 0, y: Int = 0, opacity: UInt8 = 255, clip: PixelRect? = nil,
        path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("over destination")
        try source.require32Bit("over source")
        let r = resolve(clip).intersection(source.bounds.offsetBy(dx: x, dy: y))
        guard !r.isEmpty, opacity > 0 else { return }
        let opaqueSource = source.format == .xrgb8888
        if opaqueSource && opacity == 255 {
            return try copy(from: source, x: x, y: y, clip: r, path: path)
        }
        let alphaMask: UInt32 = opaqueSource ? 0xff00_0000 : 0
        let m = UInt32(opacity)
        for dy in r.y..<r.maxY {
            let d = row(dy, as: UInt32.self) + r.x
            let s = source.row(dy - y, as: UInt32.self) + (r.x - x)
            switch path {
            case .reference:
                for i in 0..<r.width {
                    var sp = s[i] | alphaMask
                    if m != 255 { sp = mulDiv255x4(sp, m) }
                    d[i] = overPixel(sp, d[i])
                }
            case .fast:
                if m == 255 {
                    overSpan(s, d, r.width)
                } else {
                    if opaqueSource {
                        overSpan(s, d, r.width, opacity: m, opaqueSource: true)
                    } else {
                        overSpan(s, d, r.width, opacity: m, opaqueSource: false)
                    }
                }
            }
        }
    }
}

/// Four premultiplied pixels `sv` OVER four `dv`, in channel pairs (`evenBytes`,
/// `oddBytes`): d' = s + d * (255 - alpha(s)) / 255 per channel, rounded as
/// `mulDiv255`. The source is added to each pair's part before the two are joined, so
/// that no add has operands LLVM can prove disjoint (`joinChannels`).
@inline(__always)
func overFour(_ sv: SIMD16<UInt8>, _ dv: SIMD16<UInt8>, _ k: SIMD8<UInt16>) -> SIMD16<UInt8> {
    let keep = alphaLanes(SIMD16<UInt8>(repeating: 255) &- sv)
    let lanes = unsafeBitCast(sv, to: SIMD8<UInt16>.self)
    let even = divideBy255(evenBytes(dv) &* keep, k) &+ evenBytes(sv)
    let odd = shiftLeft8(divideBy255(oddBytes(dv) &* keep, k)) &+ highByteOnly(lanes)
    return joinChannels(even: even, odd: odd)
}

/// `n` premultiplied pixels `s` OVER `d`, four at a time (`overFour`).
@inline(__always)
func overSpan(_ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt32>, _ n: Int) {
    let sr = UnsafeRawPointer(s), dr = UnsafeMutableRawPointer(d)
    let k = MultiplierLanes.current.pointee.div255
    var i = 0
    while i &+ 4 <= n {
        let sv = sr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        let dv = dr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        dr.storeBytes(of: overFour(sv, dv, k), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        i &+= 4
    }
    while i < n {
        d[i] = overPixel(s[i], d[i])
        i &+= 1
    }
}

/// `n` pixels `s` scaled by `opacity / 255`, then OVER `d`; with `opaqueSource` the
/// source's alpha byte is taken as 255 (xrgb8888). Call it with a literal
/// `opaqueSource`, so that each variant compiles with it constant. Channel pairs as
/// `overFour`, the source scaled in them too: unpacking it for the scaling and packing
/// it back before `overFour` let LLVM merge the pack with the pair shuffles into one
/// byte shuffle that it lowered to twenty instructions.
@inline(__always)
func overSpan(
    _ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt32>, _ n: Int, opacity: UInt32, opaqueSource: Bool
) {
    let sr = UnsafeRawPointer(s), dr = UnsafeMutableRawPointer(d)
    let k255 = SIMD8<UInt16>(repeating: 255)
    let mv = SIMD8<UInt16>(repeating: UInt16(opacity))
    let alphaMask: UInt32 = opaqueSource ? 0xff00_0000 : 0
    let k = MultiplierLanes.current.pointee.div255
    var i = 0
    while i &+ 4 <= n {
        let sv0 = sr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        let sv = opaqueSource ? opaqueAlpha(sv0) : sv0
        let dv = dr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        let se = divideBy255(evenBytes(sv) &* mv, k)
        let so = divideBy255(oddBytes(sv) &* mv, k)
        // The scaled alpha: lane 1 of each pixel's odd pair, in both lanes.
        let keep = k255 &- splatOddLanes(so)
        let even = divideBy255(evenBytes(dv) &* keep, k) &+ se
        let odd = shiftLeft8(divideBy255(oddBytes(dv) &* keep, k) &+ so)
        dr.storeBytes(of: joinChannels(even: even, odd: odd), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
        i &+= 4
    }
    while i < n {
        d[i] = overPixel(mulDiv255x4(s[i] | alphaMask, opacity), d[i])
        i &+= 1
    }
}
