import FixedPoint
import Testing

@testable import Raster

/// The affine pair loop keeps its positions in 32-bit lanes (`PairLanes`), which holds
/// for sources up to `Surface.maxSide` pixels a side: positions far into the widest
/// sources, against the reference.
@Suite struct PairLanesTests {
    @Test(arguments: [Surface.maxSide - 1, Surface.maxSide])
    func widestSourcesAgree(width: Int) throws {
        var rng = SeededRandom(seed: UInt64(width))
        let src = rng.surface(width: width, height: 3, format: .argb8888)
        for i in 0..<12 {
            let dst = rng.surface(width: 64, height: 8, format: .xrgb8888)
            // Along the source's far end, turned slightly (every pair inside it for a few
            // rows), magnified or minified, fading or not.
            let s = [0.5, 1, 1.7][i % 3], a = Double.random(in: -0.05...0.05, using: &rng)
            let tx = Double(width) - Double.random(in: 20...70, using: &rng)
            let m = Matrix3(rows: [[cosine(a) / s, -sine(a) / s, tx], [sine(a) / s, cosine(a) / s, -1.5], [0, 0, 1]])
            let opacity: UInt8 = i % 2 == 0 ? 255 : 200
            let ref = dst.copy(), fast = dst.copy()
            try ref.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, path: .reference)
            try fast.draw(src, destinationToSource: m, filter: .bilinear, opacity: opacity, path: .fast)
            #expect(ref.pixelBytes == fast.pixelBytes, "width \(width) #\(i) \(m)")
        }
    }

    /// The interior loop asks for the source's lines `PairSampler.rowsAhead` destination
    /// rows early: where a pixel's footprint will be that many rows down, in whole
    /// pixels, rounded.
    @Test func prefetchesWhereTheFootprintWillBeRowsLater() throws {
        let src = SampleSource(try Surface(width: 96, height: 50, format: .argb8888))
        let pitch = src.rowPitch * 4
        #expect(pitch == 384)
        // A card tipped 15 degrees: each destination row moves the source position
        // (-0.259, 0.966) pixels; three rows, (-0.776, 2.898): one pixel left, three down.
        let tipped = PairSampler(src, opacity: 255, rowStep: (du: -16962, dv: 63303))
        #expect(PairSampler.rowsAhead == 3)
        #expect(tipped.ahead == 3 * pitch - 4)
        // Upright at half size: six source rows down, the same column.
        #expect(PairSampler(src, opacity: 255, rowStep: (du: 0, dv: 2 << 16)).ahead == 6 * pitch)
        // Turned the other way, and read bottom-up.
        #expect(PairSampler(src, opacity: 255, rowStep: (du: 16962, dv: -63303)).ahead == -3 * pitch + 4)
        // Not walked row after row.
        #expect(PairSampler(src, opacity: 255).ahead == 0)
    }
}
