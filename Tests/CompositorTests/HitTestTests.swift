import FixedPoint
import Testing

@testable import Compositor

@Suite struct HitTestTests {
    func tree() -> (Compositor, Layer, Layer, Layer) {
        let c = Compositor(width: 200, height: 200)
        let panel = Layer(name: "panel", frame: Rect2D(x: 50, y: 50, width: 100, height: 100))
        let button = Layer(name: "button", frame: Rect2D(x: 10, y: 10, width: 20, height: 20))
        let badge = Layer(name: "badge", frame: Rect2D(x: 90, y: -5, width: 20, height: 20))
        panel.addSublayer(button)
        panel.addSublayer(badge)
        c.root.addSublayer(panel)
        return (c, panel, button, badge)
    }

    @Test func deepestLayerWins() {
        let (c, panel, button, badge) = tree()
        #expect(c.hitTest(Point2D(x: 65, y: 65)) === button)
        #expect(c.hitTest(Point2D(x: 100, y: 100)) === panel)
        #expect(c.hitTest(Point2D(x: 155, y: 50)) === badge)  // outside the panel, no mask
        #expect(c.hitTest(Point2D(x: 10, y: 10)) == nil)  // the root's background
    }

    @Test func hiddenTransparentAndMaskedLayersAreSkipped() {
        let (c, panel, button, badge) = tree()
        button.isHidden = true
        #expect(c.hitTest(Point2D(x: 65, y: 65)) === panel)
        button.isHidden = false
        button.opacity = 0.005
        #expect(c.hitTest(Point2D(x: 65, y: 65)) === panel)
        panel.masksToBounds = true
        #expect(c.hitTest(Point2D(x: 155, y: 50)) == nil)
        #expect(c.hitTest(Point2D(x: 145, y: 50)) === badge)
        panel.allowsHitTesting = false
        #expect(c.hitTest(Point2D(x: 100, y: 100)) == nil)
    }

    @Test func transformsAreHonoured() throws {
        let (c, panel, button, _) = tree()
        // Turn the panel a quarter turn clockwise about its centre (100, 100): the button
        // at the panel's top-left (60..80, 60..80 on screen) moves to the top-right.
        panel.transform = .rotation(angle: Double.pi / 2, x: 0, y: 0, z: 1)
        #expect(c.hitTest(Point2D(x: 65, y: 65)) === panel)
        #expect(c.hitTest(Point2D(x: 135, y: 65)) === button)
        let local = try #require(button.convertFromScreen(Point2D(x: 135, y: 65)))
        #expect(abs(local.x - 5) < 1e-9 && abs(local.y - 5) < 1e-9)
        // Turned in perspective about y: still found where it is drawn.
        panel.transform = Transform3D.perspective(eyeDistance: 500).rotated(angle: 0.5, x: 0, y: 1, z: 0)
        let centre = try #require(
            (panel.localHomography * button.localHomography).apply(Point2D(x: 10, y: 10)))
        #expect(c.hitTest(centre) === button)
    }
}
