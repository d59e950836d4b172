/// Rows of an affine draw that magnify the source twice across, upright: positions step
/// by half a source pixel along the row (du = 1/2, dv = 0) and fall a quarter of a pixel
/// past a pixel centre (u = k + 1/4 or k + 3/4 for a whole k, the positions of a picture
/// at half size stretched back whole, shifted by whole pixels). Then the horizontal
/// bilinear weights alternate, 3/4 and 1/4 from pixel to pixel, and two destination
/// pixels read three source columns, the next two the next two columns: each source
/// column's vertical step is worked out once for the two destination pixels that read
/// it, with no per-pixel position, weight or address. Four destination pixels a step,
/// from two new source pixels of each of the row's two source rows. The same bytes as
/// `bilinear`, the opacity and `overPixel` give (the reference).
///
/// The orientation turn's picture is drawn this way (`Compositor.paintDoubled`): turned
/// at half the buffer's size each way, then this once over the new layout.
extension TransformJob {
    /// Whether a row whose first pixel's position is `u0` (Q16.16), stepping by (du, dv),
    /// is one `doubledOverSpan` can draw.
    @inline(__always)
    static func isDoubledRow(u0: Int64, du: Int64, dv: Int64) -> Bool {
        du == 0x8000 && dv == 0 && (u0 & 0x7fff) == 0x4000
    }

    /// `count` bilinear samples OVER `q`'s pixels into `p`'s, positions from (u, v)
    /// stepping by half a source pixel along the row (`isDoubledRow`): the pixels of
    /// `inside` (their whole footprint inside the source) four at a time from one whose
    /// position is a quarter past a centre, the others one at a time with edge checks.
    /// One specialized copy per `PairBlend`, its flags constant, out of line whatever the
    /// inliner decides about the row around it.
    @inline(never)
    func doubledOverSpan<Blend: PairBlend>(
        _: Blend.Type, _ u: Int64, _ v: Int64, _ p: UnsafeMutablePointer<UInt32>, _ q: UnsafeMutablePointer<UInt32>,
        count: Int, inside: Range<Int>
    ) {
        let (opaqueSource, fade) = (Blend.opaqueSource, Blend.fade)
        var (u, p, q) = (u, p, q)
        var i = 0
        @inline(__always) func single() {
            singleBilinearOver(u, v, p, below: q)
            u &+= 0x8000
            p += 1
            q += 1
            i &+= 1
        }
        while i < count && (i < inside.lowerBound || (u & 0xffff) != 0x4000) { single() }
        if i &+ 3 < inside.upperBound {
            let pitch = src.rowPitch &* 4
            let lanes = MultiplierLanes.current.pointee
            let divisor = lanes.div255, dx = lanes.doubledWeights
            let alpha: UInt64 = opaqueSource && fade ? 0xff00_0000_ff00_0000 : 0
            // An opaque, unfaded sample's alpha, set at the store (`storeSampledPair`).
            let storeAlpha = unsafeBitCast(
                SIMD2<UInt64>(repeating: opaqueSource && !fade ? 0xff00_0000_ff00_0000 : 0), to: SIMD16<UInt8>.self)
            let ys = v &- 0x8000
            let dy = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: ys >> 9) & 0x7f)
            let opacity16 = UInt16(truncatingIfNeeded: opacity)
            // The footprint's top-left pixel: for a position k + 1/4, column k - 1.
            var s =
                UnsafeRawPointer(src.base) + (Int(truncatingIfNeeded: ys >> 16) &* pitch
                    &+ Int(truncatingIfNeeded: (u &- 0x8000) >> 16) &* 4)
            // Two source columns' vertical step, t (128 - dy) + b dy >> 6, as
            // `bilinearOverPair` computes it, from their pixels in the two rows.
            @inline(__always) func columns(_ t: UInt64, _ b: UInt64) -> SIMD8<UInt16> {
                let t = widenPair(t), b = widenPair(b)
                return ((t &<< 7) &+ (b &- t) &* dy) &>> 6
            }
            // Columns [k - 1, k]; each step reads [k + 1, k + 2] and draws the four
            // pixels between k - 1 and k + 2: [k - 1, k] to [k, k + 1], then
            // [k, k + 1] to [k + 1, k + 2]. Where all four columns are transparent
            // (a source with alpha), the four samples are: the pixels below are
            // copied as they are.
            var lastTop = s.loadUnaligned(as: UInt64.self) | alpha
            var lastBottom = s.loadUnaligned(fromByteOffset: pitch, as: UInt64.self) | alpha
            var left = columns(lastTop, lastBottom)
            while i &+ 3 < inside.upperBound {
                s += 8
                let top = s.loadUnaligned(as: UInt64.self) | alpha
                let bottom = s.loadUnaligned(fromByteOffset: pitch, as: UInt64.self) | alpha
                if !opaqueSource && (top | bottom | lastTop | lastBottom) == 0 {
                    // `left` is zero already: its columns are the last step's.
                    if p != q {
                        UnsafeMutableRawPointer(p).storeBytes(
                            of: UnsafeRawPointer(q).loadUnaligned(as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
                    }
                } else {
                    let next = columns(top, bottom)
                    let middle = SIMD8<UInt16>(lowHalf: left.highHalf, highHalf: next.lowHalf)
                    let first = ((left &<< 7) &+ (middle &- left) &* dx) &>> 8
                    let second = ((middle &<< 7) &+ (next &- middle) &* dx) &>> 8
                    let a = sampledOver(
                        first, below: UnsafeRawPointer(q), opaqueSource: opaqueSource, fade: fade, opacity: opacity16,
                        divisor: divisor)
                    let b = sampledOver(
                        second, below: UnsafeRawPointer(q + 2), opaqueSource: opaqueSource, fade: fade,
                        opacity: opacity16, divisor: divisor)
                    UnsafeMutableRawPointer(p).storeBytes(of: packPixels(a, b) | storeAlpha, as: SIMD16<UInt8>.self)
                    left = next
                }
                (lastTop, lastBottom) = (top, bottom)
                u &+= 0x2_0000
                p += 4
                q += 4
                i &+= 4
            }
        }
        while i < count { single() }
    }
}
