import Raster
import Testing

@testable import Compositor

@Suite struct GroupTests {
    /// A 60x60 translucent panel (opacity 0.5) holding two overlapping opaque squares.
    func scene() -> (Compositor, Layer, Layer) {
        let c = Compositor(width: 100, height: 100)
        let panel = Layer(name: "panel", frame: Rect2D(x: 20, y: 20, width: 60, height: 60))
        panel.opacity = 0.5
        let a = Layer(name: "a", frame: Rect2D(x: 0, y: 0, width: 40, height: 40), contents: .color(0xffff_0000))
        let b = Layer(name: "b", frame: Rect2D(x: 20, y: 20, width: 40, height: 40), contents: .color(0xff00_00ff))
        panel.addSublayer(a)
        panel.addSublayer(b)
        c.root.addSublayer(panel)
        return (c, panel, b)
    }

    @Test func groupOpacityFadesThePictureAsOne() throws {
        let (c, _, _) = scene()
        let target = TestImages.target(width: 100, height: 100)
        let stats = try c.render(into: target, bufferAge: 0)
        #expect(stats.groupsRedrawn == 1)
        // Where the squares overlap only blue shows, at half strength: the red under it
        // does not bleed through (it would if each square were faded on its own).
        #expect(target[50, 50] == 0xff00_0080)
        #expect(target[25, 25] == 0xff80_0000)
        #expect(target[10, 10] == 0xff00_0000)
    }

    @Test func cacheIsKeptWhileTheInsideIsUnchanged() throws {
        let (c, panel, b) = scene()
        let target = TestImages.target(width: 100, height: 100)
        _ = try c.render(into: target, bufferAge: 0)
        #expect(try c.render(into: target, bufferAge: 1).groupsRedrawn == 0)
        panel.position.x += 5  // moving the group reuses its picture
        let moved = try c.render(into: target, bufferAge: 1)
        #expect(moved.groupsRedrawn == 0)
        #expect(moved.repaintedPixels == 65 * 60)
        panel.opacity = 0.25  // so does fading it
        #expect(try c.render(into: target, bufferAge: 1).groupsRedrawn == 0)
        b.contents = .color(0xff00_ff00)  // a change inside redraws it
        #expect(try c.render(into: target, bufferAge: 1).groupsRedrawn == 1)
        #expect(target[55, 55] == 0xff00_4000)
    }

    @Test func threeDTransformMakesAGroup() throws {
        let (c, panel, _) = scene()
        panel.opacity = 1
        let target = TestImages.target(width: 100, height: 100)
        #expect(try c.render(into: target, bufferAge: 0).groupsRedrawn == 0)
        panel.transform = Transform3D.perspective(eyeDistance: 500).rotated(angle: 0.4, x: 0, y: 1, z: 0)
        let turned = try c.render(into: target, bufferAge: 1)
        #expect(turned.groupsRedrawn == 1)
        #expect(turned.drawItems == 1)
        panel.transform = Transform3D.perspective(eyeDistance: 500).rotated(angle: 0.5, x: 0, y: 1, z: 0)
        #expect(try c.render(into: target, bufferAge: 1).groupsRedrawn == 0)
        panel.transform = .identity  // flat again: drawn layer by layer
        let flat = try c.render(into: target, bufferAge: 1)
        #expect(flat.drawItems == 2)
        #expect(target[50, 50] == 0xff00_00ff)
    }
}
