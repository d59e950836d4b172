extension Surface {
    /// Converts `source` into this surface's format, pixel (0, 0) to (0, 0), inside `clip`
    /// (the two must be the same size). SRC: no blending.
    ///
    /// - xrgb8888 or argb8888 to rgb565: the top 5, 6, 5 bits of red, green, blue
    ///   (truncation, as pixman's `src_x888_0565`; a premultiplied source is taken as
    ///   it is, which is right for the opaque frames that are scanned out).
    /// - rgb565 to xrgb8888 or argb8888: bit replication, alpha 255.
    /// - 32-bit to 32-bit: as `copy`.
    public func convert(from source: Surface, clip: PixelRect? = nil, path: KernelPath = .fast) throws(RasterError) {
        guard source.width == width, source.height == height else {
            throw RasterError.sizeMismatch(expected: bounds, got: source.bounds)
        }
        let r = resolve(clip)
        guard !r.isEmpty else { return }
        switch (source.format.bytesPerPixel, format.bytesPerPixel) {
        case (4, 2) where format == .rgb565:
            for y in r.y..<r.maxY {
                let s = source.row(y, as: UInt32.self) + r.x, d = row(y, as: UInt16.self) + r.x
                switch path {
                case .reference: for i in 0..<r.width { d[i] = rgb565(s[i]) }
                case .fast: to565Span(s, d, r.width)
                }
            }
        case (2, 4) where source.format == .rgb565:
            for y in r.y..<r.maxY {
                let s = source.row(y, as: UInt16.self) + r.x, d = row(y, as: UInt32.self) + r.x
                for i in 0..<r.width { d[i] = xrgb(from565: s[i]) }
            }
        case (4, 4), (2, 2):
            try copy(from: source, clip: r, path: path)
        default:
            throw RasterError.unsupportedFormat(source.format, role: "convert source into \(format)")
        }
    }
}

/// `n` xrgb8888 pixels to rgb565. Each 565 value is assembled in the top half of a
/// 32-bit lane and brought down with an arithmetic shift, so the lane holds its own
/// 16-bit sign and the narrowing is one saturating pack (SSE2's packssdw, as pixman's
/// `pack_565_2packedx128_128`); assembled in the low half, the narrowing compiles to
/// three shuffles per four pixels.
@inline(__always)
func to565Span(_ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt16>, _ n: Int) {
    for i in 0..<n {
        let p = s[i]
        let top = ((p << 8) & 0xF800_0000) | ((p << 11) & 0x07E0_0000) | ((p << 13) & 0x001F_0000)
        d[i] = UInt16(bitPattern: Int16(truncatingIfNeeded: Int32(bitPattern: top) >> 16))
    }
}
