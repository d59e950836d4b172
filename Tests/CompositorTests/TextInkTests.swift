import FixedPoint
import Raster
import Testing
import VitrineTestSupport

@testable import Compositor

/// Text pictures keep their ink alone (`ContentCache.ink`): a text layer draws, moved,
/// turned, scaled or in perspective, at any opacity, the bytes its whole picture draws.
@Suite struct TextInkTests {
    /// Draws a few translucent and opaque blobs where the string says (the same string,
    /// the same blobs), on a transparent box; "" has no ink; "full" fills the box.
    final class BlobText: TextRasterizing {
        var made: [String: Surface] = [:]
        func rasterize(_ text: String, attributes: TextAttributes, width: Int, height: Int) -> Surface? {
            guard let s = try? Surface(width: width, height: height, format: .argb8888) else { return nil }
            s.fill(0)
            if text == "full" {
                s.fill(0x8040_2010)
            } else if !text.isEmpty {
                var g = SplitMix64(seed: UInt64(text.utf8.reduce(7) { $0 &* 31 &+ Int($1) }.magnitude))
                for _ in 0..<Int.random(in: 1...4, using: &g) {
                    let x = Int.random(in: 0..<width, using: &g), y = Int.random(in: 0..<height, using: &g)
                    let r = PixelRect(
                        x: x, y: y, width: Int.random(in: 1...max(1, width / 3), using: &g),
                        height: Int.random(in: 1...max(1, height / 2), using: &g))
                    let a = UInt32.random(in: 1...255, using: &g)
                    s.fill(a << 24 | (a / 2) << 16 | (a / 3) << 8 | a / 4, clip: r)
                }
            }
            made[text] = s.copy()
            return s
        }
    }

    @Test func textDrawsWhatItsWholePictureDraws() throws {
        let (w, h) = (140, 100)
        for seed in UInt64(1)...80 {
            let text = BlobText()
            var frames: [Surface] = []
            for asPictures in [false, true] {
                var g = SplitMix64(seed: seed)
                let c = Compositor(width: w, height: h, paintThreads: 0)
                c.textRasterizer = text
                c.root.addSublayer(Layer(frame: Rect2D(x: 0, y: 0, width: 140, height: 100), contents: .color(0xff30_3030)))
                for k in 0..<Int.random(in: 1...5, using: &g) {
                    let string = ["a\(seed)", "bb\(k)", "", "full", "ccc\(seed * 7 + UInt64(k))"][Int.random(in: 0..<5, using: &g)]
                    let l = TransformedOcclusionTests.randomLayer(
                        &g, screen: (Double(w), Double(h)), picture: TestImages.gradient(width: 3, height: 3))
                    l.bounds = Rect2D(
                        x: 0, y: 0, width: Double.random(in: 4...100, using: &g), height: Double.random(in: 3...40, using: &g))
                    if Int.random(in: 0..<3, using: &g) == 0 {
                        // Upright at a whole or fractional position.
                        l.transform = .identity
                        l.anchorPoint = Point2D(x: 0, y: 0)
                        l.position = Point2D(
                            x: Double(Int.random(in: -10...120, using: &g)) + (Bool.random(using: &g) ? 0 : 0.37),
                            y: Double(Int.random(in: -10...90, using: &g)))
                    }
                    if Bool.random(using: &g) { l.opacity = Double.random(in: 0.2...0.95, using: &g) }
                    let attributes = TextAttributes(size: 12)
                    if asPictures {
                        let pw = max(1, Int(l.bounds.width.rounded(.up))), ph = max(1, Int(l.bounds.height.rounded(.up)))
                        guard let whole = text.rasterize(string, attributes: attributes, width: pw, height: ph) else {
                            Issue.record("no picture")
                            return
                        }
                        l.contents = .image(whole)
                    } else {
                        l.contents = .text(string, attributes)
                    }
                    c.root.addSublayer(l)
                }
                let target = try Surface(width: w, height: h, format: .xrgb8888)
                _ = try c.render(into: target, bufferAge: 0)
                frames.append(target)
            }
            #expect(TransformedOcclusionTests.firstByteDifference(frames[0], frames[1]) == nil, "seed \(seed)")
        }
    }

    /// What is kept: a label's ink alone, where it lies; nothing for no ink; a picture
    /// that is mostly ink whole.
    @Test func theInkKept() throws {
        let s = try Surface(width: 200, height: 40, format: .argb8888)
        s.fill(0)
        s.fill(0x80ff_ffff, clip: PixelRect(x: 12, y: 9, width: 30, height: 20))
        s[150, 30] = 0x0100_0000
        let ink = try #require(ContentCache.ink(of: s))
        #expect(ink.x == 12 && ink.y == 9 && ink.surface.width == 139 && ink.surface.height == 22)
        #expect(ink.surface[0, 0] == 0x80ff_ffff && ink.surface[138, 21] == 0x0100_0000)
        s.fill(0)
        #expect(ContentCache.ink(of: s) == nil)
        s.fill(0xff00_0000, clip: PixelRect(x: 0, y: 0, width: 200, height: 39))
        #expect(try #require(ContentCache.ink(of: s)).surface === s)
    }
}
