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

/// `n` xrgb8888 pixels to rgb565, eight at a time (`to565Four` on two vectors, packed),
/// the rest one by one as `rgb565`.
@inline(__always)
func to565Span(_ s: UnsafePointer<UInt32>, _ d: UnsafeMutablePointer<UInt16>, _ n: Int) {
    let sr = UnsafeRawPointer(s), dr = UnsafeMutableRawPointer(d)
    var i = 0
    let whole = n & ~7
    while i < whole {
        let a = to565Four(sr.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt32>.self))
        let b = to565Four(sr.loadUnaligned(fromByteOffset: i &* 4 &+ 16, as: SIMD4<UInt32>.self))
        dr.storeBytes(of: packLow(a, b), toByteOffset: i &* 2, as: SIMD8<Int16>.self)
        i &+= 8
    }
    while i < n {
        d[i] = rgb565(s[i])
        i &+= 1
    }
}

/// Four pixels' rgb565 values, each sign-extended from its lane's top 16 bits (so that
/// a signed saturating pack keeps them exactly: `packLow`), as pixman's
/// `pack_565_2packedx128_128` does it: red and blue masked together and moved by one
/// multiply-add (pmaddwd: blue, bits 3-7 of the low 16-bit lane, times 4, to bits 5-9;
/// red, bits 3-7 of the high lane, times 2^13, to bits 16-20 of the 32-bit sum), green
/// left where it is (bits 10-15), and the three shifted up by 11 so that the value is
/// the lane's top half.
@inline(__always)
func to565Four(_ p: SIMD4<UInt32>) -> SIMD4<Int32> {
    let rb = unsafeBitCast(p & SIMD4(repeating: 0x00F8_00F8), to: SIMD8<Int16>.self)
    let moved = multiplyAddPairs(rb, SIMD8(4, 1 << 13, 4, 1 << 13, 4, 1 << 13, 4, 1 << 13))
    let top = (unsafeBitCast(moved, to: SIMD4<UInt32>.self) | (p & SIMD4(repeating: 0xFC00))) &<< SIMD4(repeating: 11)
    return unsafeBitCast(top, to: SIMD4<Int32>.self) &>> SIMD4(repeating: 16)
}

/// Eight 32-bit lanes holding sign-extended 16-bit values, as 16-bit lanes: their low
/// halves, which LLVM packs with one packssdw (nothing to saturate).
@inline(__always)
func packLow(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD8<Int16> {
    let l = unsafeBitCast(a, to: SIMD8<Int16>.self), h = unsafeBitCast(b, to: SIMD8<Int16>.self)
    return SIMD8<Int16>(l[0], l[2], l[4], l[6], h[0], h[2], h[4], h[6])
}
