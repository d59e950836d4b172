import FixedPoint
import Raster
import Testing

@testable import Compositor

/// `Compositor.paintOverlay`: a frame with one picture over it, drawn in the target's
/// own space (the orientation turn's old frame over the new layout).
@Suite struct OverlayTests {
    // Above PaintPool.minimumPixels: painted in bands on threads.
    let w = 320
    let h = 240

    /// `under`, then the picture drawn over it as a layer of a compositor would be.
    func expected(_ picture: Surface, _ hm: Homography, opacity: UInt8, under: Surface) throws -> Surface {
        let want = TestImages.target(width: w, height: h)
        try want.copy(from: under)
        let m = try #require(hm.destinationToSource(over: want.bounds))
        if let (x, y) = hm.integerTranslation {
            try want.over(picture, x: x, y: y, opacity: opacity)
        } else {
            try want.draw(picture, destinationToSource: m, opacity: opacity, path: .reference)
        }
        return want
    }

    /// Turned (resampled, blended from `under` in one pass), shifted by whole pixels
    /// (copied or blended), fading and not, on 0 to 2 paint threads: the bytes of
    /// copying the frame in and drawing the picture over it; every pixel of the target is
    /// written (none keeps the target's old colour).
    @Test(arguments: [0, 2])
    func paintsThePictureOverTheFrame(threads: Int) throws {
        let c = Compositor(width: w, height: h, paintThreads: threads)
        let under = TestImages.gradient(width: w, height: h, blue: 0x20)
        let picture = TestImages.gradient(width: 200, height: 150, blue: 0xe0)
        let centre = Homography.translation(x: Double(w) / 2, y: Double(h) / 2)
        let toCentre = Homography.translation(x: -100, y: -75)
        for (angle, opacity) in [(0.0, 255), (0.0, 90), (0.4, 255), (-0.7, 128), (0.4, 0)] as [(Double, UInt8)] {
            let (cs, sn) = (cos(angle), sin(angle))
            let turn = Homography(a: cs, b: -sn, c: 0, d: sn, e: cs, f: 0, g: 0, h: 0, i: 1)
            let hm = centre * turn * toCentre
            let got = TestImages.target(width: w, height: h)
            try c.paintOverlay(picture, homography: hm, opacity: opacity, over: under, into: got)
            let want = try expected(picture, hm, opacity: opacity, under: under)
            #expect(TestImages.firstDifference(got, want) == nil, "angle \(angle) opacity \(opacity)")
        }
    }

    /// An opaque picture turned a whole quarter onto the whole target (a turn's first
    /// frame, the old frame as it was) is turned by the quarter-turn kernel: the bytes of
    /// resampling it (every pixel centre lands on one), and `Homography.quarterTurn`
    /// names the turn only for those three maps, not for a picture a pixel off or of
    /// another size.
    @Test(arguments: [0, 2])
    func aWholeQuarterTurnIsTurnedNotResampled(threads: Int) throws {
        let c = Compositor(width: w, height: h, paintThreads: threads)
        let under = TestImages.gradient(width: w, height: h, blue: 0x20)
        for turn in QuarterTurn.allCases {
            let (pw, ph) = turn == .half ? (w, h) : (h, w)
            let picture = TestImages.gradient(width: pw, height: ph, blue: 0xe0)
            let (cs, sn) = (
                [QuarterTurn.clockwise90: 0.0, .half: -1, .clockwise270: 0][turn]!,
                [QuarterTurn.clockwise90: 1.0, .half: 0, .clockwise270: -1][turn]!
            )
            let hm = Homography.translation(x: Double(w) / 2, y: Double(h) / 2)
                * Homography(a: cs, b: -sn, c: 0, d: sn, e: cs, f: 0, g: 0, h: 0, i: 1)
                * Homography.translation(x: -Double(pw) / 2, y: -Double(ph) / 2)
            #expect(hm.quarterTurn(width: pw, height: ph) == turn)
            #expect(hm.quarterTurn(width: pw + 2, height: ph + 2) == nil)
            #expect((Homography.translation(x: 1, y: 0) * hm).quarterTurn(width: pw, height: ph) == nil)
            let got = TestImages.target(width: w, height: h)
            try c.paintOverlay(picture, homography: hm, opacity: 255, over: under, into: got)
            let want = try expected(picture, hm, opacity: 255, under: under)
            #expect(TestImages.firstDifference(got, want) == nil, "\(turn)")
        }
        #expect(Homography.identity.quarterTurn(width: w, height: h) == nil)
    }

    /// A frame below of another size, or a 16-bit target, is refused by name.
    @Test func mismatchedSurfacesAreRefused() throws {
        let c = Compositor(width: w, height: h, paintThreads: 0)
        let under = TestImages.gradient(width: w, height: h)
        let picture = TestImages.gradient(width: 10, height: 10)
        let small = TestImages.target(width: w - 1, height: h)
        #expect(throws: CompositorError.targetSize(expected: under.bounds, got: small.bounds)) {
            try c.paintOverlay(picture, homography: .identity, opacity: 255, over: under, into: small)
        }
        let rgb565 = try Surface(width: w, height: h, format: .rgb565)
        #expect(throws: CompositorError.targetFormat(.rgb565)) {
            try c.paintOverlay(picture, homography: .identity, opacity: 255, over: under, into: rgb565)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
