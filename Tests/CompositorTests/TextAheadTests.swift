import Raster
import Testing

@testable import Compositor

/// Text rasterized between frames (`Layer.rasterizeTextAhead(compositorOf:)`): the frame
/// that first draws it rasterizes nothing, and draws the same bytes.
@Suite struct TextAheadTests {
    /// Counts the strings it is asked to rasterize.
    final class CountingText: TextRasterizing {
        let blobs = TextInkTests.BlobText()
        var asked = 0
        func rasterize(_ text: String, attributes: TextAttributes, width: Int, height: Int) -> Surface? {
            asked += 1
            return blobs.rasterize(text, attributes: attributes, width: width, height: height)
        }
    }

    /// A screen of labels, one hidden and one clear (nothing to rasterize for either),
    /// not in the tree yet (built under something else).
    static func screen() -> (Layer, [Layer]) {
        let screen = Layer(name: "screen", frame: Rect2D(x: 0, y: 0, width: 200, height: 120))
        let labels = (0..<4).map { k in
            Layer(
                name: "label \(k)", frame: Rect2D(x: 10, y: 10 + Double(k) * 25, width: 150, height: 20),
                contents: .text("label \(k)", TextAttributes(size: 14, color: 0xffff_ffff)))
        }
        labels[2].isHidden = true
        labels[3].opacity = 0
        for l in labels { screen.addSublayer(l) }
        return (screen, labels)
    }

    @Test func textRasterizedAheadIsNotRasterizedAgainAndDrawsTheSame() throws {
        var frames: [Surface] = []
        for ahead in [false, true] {
            let text = CountingText()
            let c = Compositor(width: 200, height: 120, paintThreads: 0)
            c.textRasterizer = text
            let (screen, _) = Self.screen()
            if ahead {
                #expect(screen.rasterizeTextAhead(compositorOf: c.root) == 2)
                #expect(text.asked == 2)
                #expect(screen.rasterizeTextAhead(compositorOf: c.root) == 0, "made already")
            }
            c.root.addSublayer(screen)
            let target = try Surface(width: 200, height: 120, format: .xrgb8888)
            _ = try c.render(into: target, bufferAge: 0)
            #expect(text.asked == 2, "ahead: \(ahead)")
            frames.append(target)
        }
        #expect(TransformedOcclusionTests.firstByteDifference(frames[0], frames[1]) == nil)
        // A layer of no compositor's tree: nothing to rasterize with.
        #expect(Self.screen().0.rasterizeTextAhead(compositorOf: Layer(name: "loose")) == 0)
    }
}
