extension PairSampler {
    /// Two samples whose footprints may reach past the source's edge, at (xa, ya) and
    /// (xb, yb) (Q16.16, already less half a pixel), OVER `q`'s two pixels into `p`'s:
    /// each tap read as `SampleSource.pixel` reads it (transparent outside the source,
    /// the source's alpha mask ORed in inside), then the interior pair's arithmetic in
    /// 16-bit lanes. The bytes `singleBilinearOver` gives each pixel (the reference's
    /// `bilinear`, opacity and `overPixel`). Always the general OVER: an opaque source's
    /// sample is not opaque where its footprint reaches outside.
    @inline(__always)
    func drawEdge(
        _ src: SampleSource, _ xa: Int64, _ ya: Int64, _ xb: Int64, _ yb: Int64, into p: UnsafeMutablePointer<UInt32>,
        below q: UnsafeMutablePointer<UInt32>, fade: Bool
    ) {
        let x1a = Int(truncatingIfNeeded: xa >> 16), y1a = Int(truncatingIfNeeded: ya >> 16)
        let x1b = Int(truncatingIfNeeded: xb >> 16), y1b = Int(truncatingIfNeeded: yb >> 16)
        // [A's left, B's left, A's right, B's right] of each row, as `drawInside(at:)`.
        let top = SIMD4<UInt32>(src.pixel(x1a, y1a), src.pixel(x1b, y1b), src.pixel(x1a &+ 1, y1a), src.pixel(x1b &+ 1, y1b))
        let bottom = SIMD4<UInt32>(
            src.pixel(x1a, y1a &+ 1), src.pixel(x1b, y1b &+ 1), src.pixel(x1a &+ 1, y1a &+ 1),
            src.pixel(x1b &+ 1, y1b &+ 1))
        let (tl, tr) = widen(unsafeBitCast(top, to: SIMD16<UInt8>.self))
        let (bl, br) = widen(unsafeBitCast(bottom, to: SIMD16<UInt8>.self))
        let dx = splatPair(UInt16(truncatingIfNeeded: xa >> 9) & 0x7f, UInt16(truncatingIfNeeded: xb >> 9) & 0x7f)
        let dy = splatPair(UInt16(truncatingIfNeeded: ya >> 9) & 0x7f, UInt16(truncatingIfNeeded: yb >> 9) & 0x7f)
        let left = ((tl &<< 7) &+ (bl &- tl) &* dy) &>> 6
        let right = ((tr &<< 7) &+ (br &- tr) &* dy) &>> 6
        let sampled = ((left &<< 7) &+ (right &- left) &* dx) &>> 8
        storeSampledPair(
            sampled, into: UnsafeMutableRawPointer(p), below: UnsafeRawPointer(q), opaqueSource: false, fade: fade,
            opacity: opacity, divisor: divisor)
    }
}

extension TransformJob {
    /// `count` pairs of samples at an affine row's edge (footprints that may reach past
    /// the source), positions (u, v) stepping by (du, dv), OVER `q`'s pixels into `p`'s:
    /// `bilinearOverSpan`'s pixels outside its interior, two at a time (`drawEdge`). One
    /// copy for each blend (only the fade matters: edge samples always blend as OVER).
    @inline(never)
    static func edgePairs<Blend: PairBlend>(
        _: Blend.Type, _ pair: PairSampler, _ src: SampleSource, _ u: Int64, _ v: Int64, _ du: Int64, _ dv: Int64,
        _ p: UnsafeMutablePointer<UInt32>, _ q: UnsafeMutablePointer<UInt32>, count: Int
    ) {
        var xa = u &- 0x8000, ya = v &- 0x8000, p = p, q = q, k = 0
        let du2 = du &+ du, dv2 = dv &+ dv
        while k < count {
            pair.drawEdge(src, xa, ya, xa &+ du, ya &+ dv, into: p, below: q, fade: Blend.fade)
            xa &+= du2
            ya &+= dv2
            p += 2
            q += 2
            k &+= 1
        }
    }
}
