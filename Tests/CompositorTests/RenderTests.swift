import FixedPoint
import Raster
import Testing

@testable import Compositor

@Suite struct RenderTests {
    @Test func integerTranslationTakesCopyAndOver() throws {
        let c = Compositor(width: 64, height: 48)
        let opaque = Layer(name: "opaque", frame: Rect2D(x: 3, y: 4, width: 16, height: 12))
        opaque.contents = .image(TestImages.gradient(width: 16, height: 12))
        let translucent = Layer(name: "disc", frame: Rect2D(x: 20, y: 10, width: 16, height: 16))
        translucent.contents = .image(TestImages.disc(size: 16))
        let faded = Layer(name: "faded", frame: Rect2D(x: 40, y: 10, width: 16, height: 12))
        faded.contents = .image(TestImages.gradient(width: 16, height: 12))
        faded.opacity = 0.5
        let turned = Layer(name: "turned", frame: Rect2D(x: 40, y: 30, width: 16, height: 12))
        turned.contents = .image(TestImages.gradient(width: 16, height: 12))
        turned.transform = .rotation(angle: 0.3, x: 0, y: 0, z: 1)
        for l in [opaque, translucent, faded, turned] { c.root.addSublayer(l) }
        let target = TestImages.target(width: 64, height: 48)
        _ = try c.render(into: target, bufferAge: 0)
        let ops = c.items.map { item -> String in
            switch item.operation {
            case .copy(_, let x, let y): "copy \(x),\(y)"
            case .over(_, let x, let y, let o): "over \(x),\(y) \(o)"
            case .transformed(_, _, let o): "transformed \(o)"
            case .transformedOver(_, _, let o, _): "transformed over \(o)"
            case .transformedFill(_, _, _, _, let o): "transformed fill \(o)"
            case .fill: "fill"
            case .blend: "blend"
            }
        }
        #expect(ops == ["copy 3,4", "over 20,10 255", "over 40,10 128", "transformed 255"])
        // The copy put the image's pixels exactly in place.
        #expect(target[3, 4] == TestImages.gradient(width: 16, height: 12)[0, 0])
        #expect(target[18, 15] == TestImages.gradient(width: 16, height: 12)[15, 11])
    }

    @Test func transformedLayerMatchesTheKernelDirectly() throws {
        // A layer scaled and rotated about its centre draws exactly what Surface.draw
        // draws with the same forward matrix.
        let image = TestImages.gradient(width: 20, height: 10)
        let c = Compositor(width: 48, height: 40)
        let layer = Layer(name: "img", frame: Rect2D(x: 10, y: 12, width: 20, height: 10), contents: .image(image))
        layer.transform = Transform3D.rotation(angle: -15 * Double.pi / 180, x: 0, y: 0, z: 1).scaled(x: 1.3, y: 1.3)
        c.root.addSublayer(layer)
        let target = TestImages.target(width: 48, height: 40)
        _ = try c.render(into: target, bufferAge: 0)

        let expected = TestImages.target(width: 48, height: 40)
        expected.fill(0xff00_0000)
        let h = layer.localHomography
        let m = try #require(h.destinationToSource(over: PixelRect(width: 48, height: 40)))
        try expected.draw(image, destinationToSource: m, filter: .bilinear)
        #expect(TestImages.firstDifference(target, expected) == nil)
        // And the picture really is turned: the centre stays, a corner moved.
        #expect(target[20, 17] != 0xff00_0000)
    }

    @Test func perspectivePageRecedesAsDesignSays() throws {
        // A 100x60 page hinged at its left edge (anchor (0, 0.5)) at x = 20, turned 60
        // degrees about y with m34 = -1/2000: its free edge (u = 100) lands at
        // x = 20 + 100 cos(60) / (1 + 100 sin(60) / 2000).
        let c = Compositor(width: 140, height: 80)
        let page = Layer(name: "page", bounds: Rect2D(x: 0, y: 0, width: 100, height: 60), position: Point2D(x: 20, y: 40))
        page.anchorPoint = Point2D(x: 0, y: 0.5)
        page.contents = .color(0xffff_ffff)
        let angle = 60 * Double.pi / 180
        page.transform = Transform3D.perspective(eyeDistance: 2000).rotated(angle: angle, x: 0, y: 1, z: 0)
        c.root.addSublayer(page)
        let target = TestImages.target(width: 140, height: 80)
        _ = try c.render(into: target, bufferAge: 0)
        let edge = 20 + 100 * 0.5 / (1 + 100 * (3.0.squareRoot() / 2) / 2000)
        let free = try #require(page.localHomography.apply(Point2D(x: 100, y: 30)))
        #expect(abs(free.x - edge) < 1e-9)
        // On the middle row: white up to the edge, black beyond.
        #expect(target[Int(edge) - 1, 40] == 0xffff_ffff)
        #expect(target[Int(edge) + 1, 40] == 0xff00_0000)
        // The far edge is shorter than the hinge (it recedes): top of the page at the
        // free edge is below the top at the hinge.
        let hingeTop = try #require(page.localHomography.apply(Point2D(x: 0, y: 0)))
        let freeTop = try #require(page.localHomography.apply(Point2D(x: 100, y: 0)))
        #expect(freeTop.y > hingeTop.y)
    }

    @Test func backFacesAreCulledUnlessDoubleSided() throws {
        let c = Compositor(width: 40, height: 40)
        let layer = Layer(name: "card", frame: Rect2D(x: 10, y: 10, width: 20, height: 20), contents: .color(0xff00_00ff))
        layer.transform = .rotation(angle: Double.pi * 0.9, x: 0, y: 1, z: 0)
        c.root.addSublayer(layer)
        let target = TestImages.target(width: 40, height: 40)
        _ = try c.render(into: target, bufferAge: 0)
        #expect(target[20, 20] == 0xff00_00ff)  // double-sided by default: its back shows
        layer.isDoubleSided = false
        _ = try c.render(into: target, bufferAge: 1)
        #expect(target[20, 20] == 0xff00_0000)
        #expect(c.hitTest(Point2D(x: 20, y: 20)) == nil)
    }

    @Test func opaqueLayerOccludesWhatIsUnder() throws {
        let c = Compositor(width: 50, height: 50)
        let below = Layer(name: "below", frame: Rect2D(x: 0, y: 0, width: 50, height: 50))
        below.contents = .image(TestImages.gradient(width: 50, height: 50))
        let cover = Layer(name: "cover", frame: Rect2D(x: 0, y: 0, width: 50, height: 50), contents: .color(0xff33_3333))
        let above = Layer(name: "above", frame: Rect2D(x: 5, y: 5, width: 16, height: 16), contents: .image(TestImages.disc(size: 16)))
        for l in [below, cover, above] { c.root.addSublayer(l) }
        let target = TestImages.target(width: 50, height: 50)
        _ = try c.render(into: target, bufferAge: 0)
        // The full-screen repaint starts at the cover: the image under it isn't drawn.
        #expect(c.firstVisibleItem(for: PixelRect(width: 50, height: 50)) == 1)
        #expect(target[40, 40] == 0xff33_3333)
        #expect(target[13, 13] != 0xff33_3333)  // the disc is drawn over the cover
    }

    @Test func masksToBoundsClipsSublayers() throws {
        let c = Compositor(width: 40, height: 40)
        let parent = Layer(name: "parent", frame: Rect2D(x: 10, y: 10, width: 10, height: 10))
        parent.masksToBounds = true
        let child = Layer(name: "child", frame: Rect2D(x: -5, y: -5, width: 30, height: 30), contents: .color(0xffff_ffff))
        parent.addSublayer(child)
        c.root.addSublayer(parent)
        let target = TestImages.target(width: 40, height: 40)
        _ = try c.render(into: target, bufferAge: 0)
        #expect(target[10, 10] == 0xffff_ffff && target[19, 19] == 0xffff_ffff)
        #expect(target[9, 9] == 0xff00_0000 && target[20, 20] == 0xff00_0000)
    }

    @Test func zPositionOrdersSiblings() throws {
        let c = Compositor(width: 20, height: 20)
        let a = Layer(name: "a", frame: Rect2D(x: 0, y: 0, width: 20, height: 20), contents: .color(0xffff_0000))
        let b = Layer(name: "b", frame: Rect2D(x: 0, y: 0, width: 20, height: 20), contents: .color(0xff00_ff00))
        c.root.addSublayer(a)
        c.root.addSublayer(b)
        let target = TestImages.target(width: 20, height: 20)
        _ = try c.render(into: target, bufferAge: 0)
        #expect(target[5, 5] == 0xff00_ff00)
        a.zPosition = 1
        _ = try c.render(into: target, bufferAge: 1)
        #expect(target[5, 5] == 0xffff_0000)
        #expect(c.hitTest(Point2D(x: 5, y: 5)) === a)
    }

    @Test func translucentColourBlends() throws {
        let c = Compositor(width: 10, height: 10, clearColor: 0xff00_0000)
        c.root.addSublayer(Layer(frame: Rect2D(x: 0, y: 0, width: 10, height: 10), contents: .color(Color.premultiplied(0x80ff_ffff))))
        let target = TestImages.target(width: 10, height: 10)
        _ = try c.render(into: target, bufferAge: 0)
        #expect(target[3, 3] == 0xff80_8080)
    }

    @Test func targetOfTheWrongSizeOrFormatIsAnError() throws {
        let c = Compositor(width: 10, height: 10)
        #expect(throws: CompositorError.targetSize(expected: PixelRect(width: 10, height: 10), got: PixelRect(width: 9, height: 10))) {
            try c.render(into: try Surface(width: 9, height: 10, format: .xrgb8888), bufferAge: 0)
        }
        #expect(throws: CompositorError.targetFormat(.rgb565)) {
            try c.render(into: try Surface(width: 10, height: 10, format: .rgb565), bufferAge: 0)
        }
        #expect(CompositorError.targetSize(expected: PixelRect(width: 10, height: 10), got: PixelRect(width: 9, height: 10)).description
            == "compositor: target surface is 9x10, expected 10x10")
    }
}
