import Raster
import Testing

@testable import Compositor

@Suite struct DamageTests {
    /// A 400x300 screen with one 100x100 opaque layer at (50, 50).
    func scene() -> (Compositor, Layer, Surface) {
        let c = Compositor(width: 400, height: 300)
        let layer = Layer(name: "box", frame: Rect2D(x: 50, y: 50, width: 100, height: 100), contents: .color(0xffff_0000))
        c.root.addSublayer(layer)
        return (c, layer, TestImages.target(width: 400, height: 300))
    }

    @Test func firstFrameRepaintsEverything() throws {
        let (c, _, target) = scene()
        let stats = try c.render(into: target, bufferAge: 1)
        #expect(stats.fullRepaint)
        #expect(stats.repaintedPixels == 400 * 300)
    }

    @Test func staticSceneRepaintsNothing() throws {
        let (c, _, target) = scene()
        _ = try c.render(into: target, bufferAge: 1)
        #expect(!c.needsDisplay)
        for _ in 0..<3 {
            let stats = try c.render(into: target, bufferAge: 1)
            #expect(stats.repaintedPixels == 0)
            #expect(stats.damagedPixels == 0)
            #expect(stats.repaintedRects == 0)
        }
    }

    @Test func settingAnUnchangedValueIsNotAChange() throws {
        let (c, layer, target) = scene()
        _ = try c.render(into: target, bufferAge: 1)
        let p = layer.position
        layer.position = p
        layer.opacity = 1
        layer.contents = .color(0xffff_0000)
        #expect(!c.needsDisplay)
        #expect(try c.render(into: target, bufferAge: 1).repaintedPixels == 0)
    }

    @Test func movingLayerRepaintsItsOldAndNewPlace() throws {
        let (c, layer, target) = scene()
        _ = try c.render(into: target, bufferAge: 1)
        layer.position.x += 200
        #expect(c.needsDisplay)
        let stats = try c.render(into: target, bufferAge: 1)
        #expect(stats.repaintedPixels == 2 * 100 * 100)
        #expect(stats.repaintedRects == 2)
        #expect(Set(c.repaintRegion.rects) == [
            PixelRect(x: 50, y: 50, width: 100, height: 100), PixelRect(x: 250, y: 50, width: 100, height: 100),
        ])
        #expect(target[60, 60] | 0xff00_0000 == 0xff00_0000)  // old place: background again
        #expect(target[260, 60] == 0xffff_0000)
    }

    @Test func smallMoveRepaintsTheUnionOnce() throws {
        let (c, layer, target) = scene()
        _ = try c.render(into: target, bufferAge: 1)
        layer.position.x += 10
        let stats = try c.render(into: target, bufferAge: 1)
        #expect(stats.repaintedPixels == 110 * 100)
        #expect(stats.repaintedRects == 1)
    }

    @Test func bufferAgeWidensTheRepaint() throws {
        let (c, layer, target) = scene()
        _ = try c.render(into: target, bufferAge: 0)
        layer.position.x += 200  // frame 2: damage A (old) + B (new)
        _ = try c.render(into: target, bufferAge: 1)
        layer.position.y += 100  // frame 3: damage B + C
        let age2 = try c.render(into: target, bufferAge: 2)
        // A buffer two frames old misses frame 2's damage too: A, B and C.
        #expect(age2.repaintedPixels == 100 * 100 + 100 * 200)
        #expect(age2.damagedPixels == 100 * 200)
        #expect(!age2.fullRepaint)
        layer.position.y -= 10
        #expect(try c.render(into: target, bufferAge: 0).fullRepaint)
        layer.position.y -= 10
        #expect(try c.render(into: target, bufferAge: DamageHistory.depth + 1).fullRepaint)
    }

    @Test func removingAndHidingDamageWhereTheLayerWas() throws {
        let (c, layer, target) = scene()
        _ = try c.render(into: target, bufferAge: 1)
        layer.isHidden = true
        #expect(try c.render(into: target, bufferAge: 1).repaintedPixels == 100 * 100)
        #expect(target[60, 60] | 0xff00_0000 == 0xff00_0000)
        layer.isHidden = false
        #expect(try c.render(into: target, bufferAge: 1).repaintedPixels == 100 * 100)
        #expect(target[60, 60] == 0xffff_0000)
        layer.removeFromSuperlayer()
        #expect(try c.render(into: target, bufferAge: 1).repaintedPixels == 100 * 100)
        #expect(target[60, 60] | 0xff00_0000 == 0xff00_0000)
        #expect(try c.render(into: target, bufferAge: 1).repaintedPixels == 0)
    }

    @Test func movingAParentDamagesItsChildren() throws {
        let (c, layer, target) = scene()
        let child = Layer(name: "child", frame: Rect2D(x: 0, y: 0, width: 10, height: 10), contents: .color(0xff00_ff00))
        layer.addSublayer(child)
        _ = try c.render(into: target, bufferAge: 1)
        #expect(target[50, 50] == 0xff00_ff00)
        layer.position.y += 150
        let stats = try c.render(into: target, bufferAge: 1)
        // Old and new places, 50 px apart: one 100x250 rectangle costs only a quarter more
        // than the two (DamageRegion.simplify), so it is painted as one.
        #expect(stats.repaintedPixels == 100 * 250)
        #expect(stats.damagedPixels == 2 * 100 * 100)
        #expect(target[50, 200] == 0xff00_ff00)
        #expect(target[50, 50] | 0xff00_0000 == 0xff00_0000)
    }

    @Test func regionMergesAndCollapses() {
        var region = DamageRegion(bounds: PixelRect(width: 1000, height: 1000))
        region.add(PixelRect(x: 0, y: 0, width: 10, height: 10))
        region.add(PixelRect(x: 2, y: 2, width: 5, height: 5))  // inside: nothing new
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 10, height: 10)])
        region.add(PixelRect(x: 5, y: 0, width: 10, height: 10))  // overlapping: the union is cheaper
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 15, height: 10)])
        region.add(PixelRect(x: -50, y: 990, width: 100, height: 100))  // clipped to bounds
        #expect(region.rects.last == PixelRect(x: 0, y: 990, width: 50, height: 10))
        region.removeAll()
        for i in 0..<(DamageRegion.maxRects + 1) { region.add(PixelRect(x: i * 50, y: i * 50, width: 10, height: 10)) }
        #expect(region.rects == [PixelRect(x: 0, y: 0, width: 810, height: 810)])
    }
}
