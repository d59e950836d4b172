extension Surface {
    /// Composites the solid premultiplied `color` (0xAARRGGBB) through 8-bit `coverage`
    /// (`coverageWidth` x `coverageHeight`, rows `coverageWidth` bytes, top first: a
    /// glyph's mask) OVER this surface, the coverage's (0, 0) on this surface's (x, y),
    /// inside `clip` (default: all). Per pixel with coverage c and destination d, per
    /// channel:
    ///   s  = color * c / 255
    ///   d' = s + d * (255 - alpha(s)) / 255
    /// each division rounded as `mulDiv255` (pixman's `over_n_8_8888`: a solid source IN
    /// an a8 mask, OVER). An xrgb8888 destination's alpha reads as 255, so it stays
    /// opaque. Pixels with c = 0 are left alone. 32-bit destinations only; `coverage`
    /// must hold `coverageWidth * coverageHeight` bytes.
    public func over(
        color: UInt32, coverage: UnsafeBufferPointer<UInt8>, coverageWidth w: Int, coverageHeight h: Int,
        x: Int, y: Int, clip: PixelRect? = nil, path: KernelPath = .fast
    ) throws(RasterError) {
        try require32Bit("coverage destination")
        guard w > 0, h > 0, coverage.count >= w * h, let m = coverage.baseAddress else { return }
        let r = resolve(clip).intersection(PixelRect(x: x, y: y, width: w, height: h))
        guard !r.isEmpty, color != 0 else { return }
        let setAlpha: UInt32 = format == .xrgb8888 ? 0xff00_0000 : 0
        for dy in r.y..<r.maxY {
            let d = row(dy, as: UInt32.self) + r.x
            let c = m + ((dy - y) * w + (r.x - x))
            switch path {
            case .reference:
                for i in 0..<r.width {
                    let s = mulDiv255x4(color, UInt32(c[i]))
                    d[i] = overPixel(s, d[i] | setAlpha)
                }
            case .fast:
                coverageSpan(d, c, r.width, color: color, setAlpha: setAlpha)
            }
        }
    }
}

/// `n` pixels `d` under `color` through coverage `c` (see `Surface.over(color:coverage:...)`):
/// uncovered pixels skipped, fully covered ones with an opaque colour set to it.
@inline(__always)
func coverageSpan(
    _ d: UnsafeMutablePointer<UInt32>, _ c: UnsafePointer<UInt8>, _ n: Int, color: UInt32, setAlpha: UInt32
) {
    for i in 0..<n {
        let k = UInt32(c[i])
        if k == 0 { continue }
        let s = k == 255 ? color : mulDiv255x4(color, k)
        let sa = s >> 24
        d[i] = sa == 255 ? s : s &+ mulDiv255x4(d[i] | setAlpha, 255 &- sa)
    }
}
