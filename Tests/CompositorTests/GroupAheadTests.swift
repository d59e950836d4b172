import FixedPoint
import Raster
import Testing

@testable import Compositor

/// `Layer.drawGroupAhead()`: a rasterized layer's picture drawn between frames, so that
/// the frame after draws only the picture, with the bytes it would have drawn itself.
@Suite struct GroupAheadTests {
    /// A turned, fading card (`shouldRasterize`) holding two squares, on a grey root.
    func scene() -> (Compositor, Layer, Layer) {
        let c = Compositor(width: 120, height: 100, paintThreads: 0)
        let backdrop = Layer(name: "backdrop", frame: Rect2D(x: 0, y: 0, width: 120, height: 100), contents: .color(0xff80_8080))
        c.root.addSublayer(backdrop)
        let card = Layer(name: "card", frame: Rect2D(x: 20, y: 20, width: 70, height: 50), contents: .color(0xffff_ffff))
        card.shouldRasterize = true
        card.transform = .rotation(angle: -0.2, x: 0, y: 0, z: 1)
        card.opacity = 0.8
        let a = Layer(name: "a", frame: Rect2D(x: 5, y: 5, width: 30, height: 20), contents: .color(0xffff_0000))
        let b = Layer(name: "b", frame: Rect2D(x: 30, y: 15, width: 30, height: 30), contents: .color(0x8000_0080))
        card.addSublayer(a)
        card.addSublayer(b)
        c.root.addSublayer(card)
        return (c, card, b)
    }

    @Test func aheadFrameDrawsTheSameBytesWithoutRedrawing() throws {
        let (plain, plainCard, plainInner) = scene()
        let (ahead, aheadCard, aheadInner) = scene()
        let want = TestImages.target(width: 120, height: 100), got = TestImages.target(width: 120, height: 100)
        // The first frame: drawn ahead, the frame redraws no group.
        #expect(aheadCard.drawGroupAhead())
        #expect(!aheadCard.drawGroupAhead())  // nothing changed since
        #expect(try plain.render(into: want, bufferAge: 1).groupsRedrawn == 1)
        #expect(try ahead.render(into: got, bufferAge: 1).groupsRedrawn == 0)
        #expect(TestImages.firstDifference(got, want) == nil)
        // A change inside and a move, the picture drawn ahead: the frame repaints its
        // place as it would have.
        for (card, inner) in [(plainCard, plainInner), (aheadCard, aheadInner)] {
            inner.contents = .color(0xff00_ff00)
            card.position.x += 3
        }
        #expect(aheadCard.drawGroupAhead())
        #expect(try plain.render(into: want, bufferAge: 1).groupsRedrawn == 1)
        let stats = try ahead.render(into: got, bufferAge: 1)
        #expect(stats.groupsRedrawn == 0)
        #expect(TestImages.firstDifference(got, want) == nil)
        // Drawn ahead in place (nothing moved): the frame still repaints it.
        plainInner.contents = .color(0xff00_00ff)
        aheadInner.contents = .color(0xff00_00ff)
        #expect(aheadCard.drawGroupAhead())
        #expect(try plain.render(into: want, bufferAge: 1).damagedPixels > 0)
        #expect(try ahead.render(into: got, bufferAge: 1).damagedPixels > 0)
        #expect(TestImages.firstDifference(got, want) == nil)
    }

    @Test func onlyRasterizedGroupsInATreeAreDrawnAhead() {
        let (c, card, inner) = scene()
        #expect(!inner.drawGroupAhead())  // no sublayers
        card.shouldRasterize = false
        #expect(!card.drawGroupAhead())
        card.shouldRasterize = true
        card.isHidden = true
        #expect(!card.drawGroupAhead())
        card.isHidden = false
        card.removeFromSuperlayer()
        #expect(!card.drawGroupAhead())  // in no compositor's tree
        c.root.addSublayer(card)
        #expect(card.drawGroupAhead())
    }
}
