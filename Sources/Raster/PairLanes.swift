/// The positions of a row's interior pairs (`TransformJob.bilinearOverSpan`) in one
/// vector: the pair's two footprints, Q16.16 less half a pixel, as 32-bit lanes
/// [xa, ya, xb, yb], stepped by two pixels' worth per pair.
///
/// Inside a source (at most `Surface.maxSide`, 32768 pixels, a side) every such
/// position is non-negative and below 2^31, so a 32-bit lane holds it exactly (wrapping additions of the
/// truncated step leave the same low 32 bits as 64-bit ones), its integer part is its
/// upper 16 bits and its 7-bit weight its bits 9-15: both footprints' addresses and
/// weights come from the one vector, with no per-footprint shifts, masks and splats.
struct PairLanes {
    var lanes: SIMD4<Int32>
    let step: SIMD4<Int32>

    /// The pair at (xa, ya) (Q16.16, already less half a pixel) and the one pixel step
    /// (du, dv) to its second footprint.
    @inline(__always)
    init(_ xa: Int64, _ ya: Int64, du: Int64, dv: Int64) {
        @inline(__always) func lane(_ x: Int64) -> Int32 { Int32(truncatingIfNeeded: x) }
        lanes = SIMD4(lane(xa), lane(ya), lane(xa &+ du), lane(ya &+ dv))
        step = SIMD4(lane(du &+ du), lane(dv &+ dv), lane(du &+ du), lane(dv &+ dv))
    }

    @inline(__always)
    mutating func advance() { lanes &+= step }
}

extension PairSampler {
    /// `drawInside` for the pair at `at` (both footprints inside the source): the same
    /// arithmetic lane for lane, so the same bytes. The two footprints' rows are loaded
    /// interleaved, [A's left, B's left, A's right, B's right], so that one vertical step
    /// per column serves both footprints with their dy in their own four lanes, and its
    /// results are already the horizontal step's [A's left, B's left] and [A's right,
    /// B's right]. It also asks for the line B's footprint will read `rowsAhead` rows
    /// later (`ahead`).
    @inline(__always)
    func drawInside(
        at pair: PairLanes, into p: UnsafeMutablePointer<UInt32>, below q: UnsafeMutablePointer<UInt32>,
        opaqueSource: Bool, fade: Bool
    ) {
        let halves = unsafeBitCast(pair.lanes, to: SIMD8<UInt16>.self)
        let topA = base + (Int(halves[3]) &* pitchBytes &+ Int(halves[1]) &<< 2)
        let topB = base + (Int(halves[7]) &* pitchBytes &+ Int(halves[5]) &<< 2)
        let weights = unsafeBitCast(
            (unsafeBitCast(pair.lanes, to: SIMD4<UInt32>.self) &>> SIMD4(repeating: 9)) & SIMD4(repeating: 0x7f),
            to: SIMD8<UInt16>.self)
        prefetch(topB + pitchBytes + ahead)
        let dx = splatLanes04(weights), dy = splatLanes26(weights)
        // An opaque source's alpha set to 255 where the blend reads it (a fade), as
        // `bilinearOverPair` does.
        let opaqueAlpha = unsafeBitCast(SIMD4<UInt32>(repeating: 0xff00_0000), to: SIMD16<UInt8>.self)
        let alpha = opaqueSource && fade ? opaqueAlpha : SIMD16<UInt8>()
        let (tl, tr) = widen(loadInterleaved(topA, topB) | alpha)
        let (bl, br) = widen(loadInterleaved(topA + pitchBytes, topB + pitchBytes) | alpha)
        let left = ((tl &<< 7) &+ (bl &- tl) &* dy) &>> 6
        let right = ((tr &<< 7) &+ (br &- tr) &* dy) &>> 6
        let sampled = ((left &<< 7) &+ (right &- left) &* dx) &>> 8
        storeSampledPair(
            sampled, into: UnsafeMutableRawPointer(p), below: UnsafeRawPointer(q), opaqueSource: opaqueSource,
            fade: fade, opacity: opacity, divisor: divisor)
    }
}
