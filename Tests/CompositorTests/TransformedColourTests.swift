import FixedPoint
import Raster
import Testing
import VitrineTestSupport

@testable import Compositor

/// A colour layer turned, scaled or at a fractional position (`DrawItem.transformedFill`):
/// the frame is byte for byte the one drawn when the layer shows a picture of its colour
/// (its bounds rounded up) stretched over its bounds, as colour layers were drawn before;
/// and the picture is never made.
@Suite struct TransformedColourTests {
    /// The same random stack twice: colour layers as colours, then as pictures of their
    /// colour; each kind of occlusion; bands and one thread.
    @Test func turnedColoursDrawWhatTheirPicturesDraw() throws {
        let (w, h) = (150, 110)
        for seed in UInt64(1)...40 {
            for (threads, occlusion) in [(0, Occlusion.worthwhile), (1, .everywhere), (0, .rectangles)] {
                var frames: [Surface] = []
                for asPictures in [false, true] {
                    var g = SplitMix64(seed: seed)
                    let c = Compositor(width: w, height: h, paintThreads: threads)
                    c.occlusion = occlusion
                    c.root.addSublayer(Layer(frame: Rect2D(x: 0, y: 0, width: 150, height: 110), contents: .color(0xff20_3040)))
                    let parent = Layer(frame: Rect2D(x: 0, y: 0, width: 150, height: 110))
                    if Bool.random(using: &g) {
                        parent.transform = .rotation(angle: Double.random(in: -0.5...0.5, using: &g), x: 0, y: 0, z: 1)
                    }
                    c.root.addSublayer(parent)
                    for _ in 0..<Int.random(in: 2...7, using: &g) {
                        let color: UInt32 = [
                            0xff00_0000 | UInt32.random(in: 0...0xff_ffff, using: &g), 0x8040_2010, 0x0302_0100,
                        ][Int.random(in: 0..<3, using: &g)]
                        let l = TransformedOcclusionTests.randomLayer(
                            &g, screen: (Double(w), Double(h)), picture: TestImages.gradient(width: 3, height: 3))
                        // Fractional sizes too: the picture is the bounds rounded up.
                        l.bounds = Rect2D(
                            x: 0, y: 0, width: Double.random(in: 0.5...90, using: &g),
                            height: Double.random(in: 0.5...70, using: &g))
                        if Int.random(in: 0..<4, using: &g) == 0 { l.opacity = Double.random(in: 0.2...0.9, using: &g) }
                        if asPictures {
                            let pw = max(1, Int(l.bounds.width.rounded(.up))), ph = max(1, Int(l.bounds.height.rounded(.up)))
                            let s = try Surface(width: pw, height: ph, format: color >> 24 == 255 ? .xrgb8888 : .argb8888)
                            s.fill(color)
                            l.contents = .image(s)
                        } else {
                            l.contents = .color(color)
                        }
                        parent.addSublayer(l)
                    }
                    let target = try Surface(width: w, height: h, format: .xrgb8888)
                    _ = try c.render(into: target, bufferAge: 0)
                    frames.append(target)
                }
                #expect(
                    TransformedOcclusionTests.firstByteDifference(frames[0], frames[1]) == nil,
                    "seed \(seed), \(threads) threads, \(occlusion)")
            }
        }
    }

    /// A turned colour layer makes no picture of its colour (the old way made one the
    /// size of its bounds and resampled it each frame).
    @Test func aTurnedColourLayerHasNoPicture() throws {
        let c = Compositor(width: 64, height: 48, paintThreads: 0)
        let l = Layer(frame: Rect2D(x: 10, y: 8, width: 40, height: 30), contents: .color(0xff33_6699))
        l.transform = .rotation(angle: 0.3, x: 0, y: 0, z: 1)
        c.root.addSublayer(l)
        let target = try Surface(width: 64, height: 48, format: .xrgb8888)
        _ = try c.render(into: target, bufferAge: 0)
        #expect(l.contentCache == nil)
        #expect(target[32, 23] == 0xff33_6699)
    }
}
