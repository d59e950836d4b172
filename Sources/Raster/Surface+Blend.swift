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
                // Two channels per 32-bit lane, the loop vectorized by the compiler.
                var i = 0
                let n = r.width
                while i < n {
                    let p = d[i] | setAlpha
                    d[i] = color &+ mulDiv255x4(p, keep)
                    i += 1
                }
            }
        }
    }
}
