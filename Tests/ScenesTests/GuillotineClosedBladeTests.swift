@testable import Compositor
import FixedPoint
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

/// The guillotine menu's closed blade over its host's bar.
@Suite struct GuillotineClosedBladeTests {
    /// The largest channel difference between `a` and `b`, and how many pixels differ by
    /// more than 2, outside the pixels `skip` says.
    static func compare(_ a: Surface, _ b: Surface, skip: (Int, Int) -> Bool = { _, _ in false }) -> (count: Int, worst: Int) {
        var count = 0, worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width where !skip(x, y) {
                let p = a[x, y], q = b[x, y]
                var d = 0
                for shift: UInt32 in [0, 8, 16] { d = max(d, abs(Int((p >> shift) & 0xff) - Int((q >> shift) & 0xff))) }
                worst = max(worst, d)
                if d > 2 { count += 1 }
            }
        }
        return (count, worst)
    }

    /// The closed blade is the host's bar (the article's view turned by 90° covering the
    /// navigation bar, with the host's title): the drop's first frame is the bar at rest
    /// (title included), the next frames differ from it only where the blade now lies,
    /// and at the end of closing the blade's last frame is the bar again, so nothing pops
    /// when the menu goes; the same over the shelf an item put under it. Before, the first
    /// frame showed a slab of the menu's colour with the items' turned initials over the
    /// bar, and at the end of closing it sat there for about a second, then popped back.
    @Test(arguments: [(800, 480, 0), (1920, 1080, 0), (800, 480, 90)])
    func theClosedBladeIsTheBar(panel: (Int, Int, Int)) throws {
        let h = try GuillotineMenuSceneTests.harness(mount: panel.2, panel: (panel.0, panel.1), start: .home, text: true)
        h.run(until: 0.5, step: 1.0 / 60)
        let before = try Surface(width: h.target.width, height: h.target.height, format: .xrgb8888)
        _ = try h.compositor.render(into: before, bufferAge: 0)
        h.scene.open(.menu, time: 1)
        h.frame(at: 1)
        // Every frame drawn whole (buffer age 0): the frames compared are the scene's, not
        // what a partial repaint left in the buffer.
        func full() throws -> Surface {
            let s = try Surface(width: h.target.width, height: h.target.height, format: .xrgb8888)
            _ = try h.compositor.render(into: s, bufferAge: 0)
            return s
        }
        let first = Self.compare(try full(), before)
        #expect(first.count == 0, "the drop's first frame: \(first.count) pixels differ from the bar at rest (largest \(first.worst))")
        // The next frames: changed only where the blade is now.
        let blade = try #require(h.scene.menu?.blade)
        for t in [1.0 + 1.0 / 60, 1.05, 1.1] {
            h.frame(at: t)
            let shown = try full()
            let inverse = try #require(blade.worldHomography.inverse)
            let outside = Self.compare(shown, before) { x, y in
                guard let p = inverse.apply(Point2D(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { return false }
                return p.x >= -1 && p.y >= -1 && p.x <= blade.bounds.width + 1 && p.y <= blade.bounds.height + 1
            }
            #expect(outside.count == 0, "t = \(t): \(outside.count) pixels changed where the blade is not")
        }
        // Closing over a shelf an item put under it: the last frame with the menu is the
        // frame after it went.
        h.run(until: 2.5, step: 1.0 / 60)
        let shelf = try #require(DemoShow.show.menu.firstIndex { $0.open == .shelf })
        let layout = GuillotineMenuLayout(count: DemoShow.show.menu.count, metrics: h.metrics, bar: h.metrics.titleBar)
        try h.load(h.tap(layout.item(shelf).centre, at: 2.6))
        var last: Surface?
        var t = 2.5
        while h.scene.menu != nil && t < 8 {
            t += 1.0 / 60
            h.frame(at: t)
            if h.scene.menu != nil {
                last = try full()
            }
        }
        #expect(h.scene.menu == nil && h.scene.current == .shelf)
        h.run(until: t + 1, step: 1.0 / 60)
        let pop = Self.compare(try #require(last), try full())
        #expect(pop.count == 0, "the menu's last frame against the shelf without it: \(pop.count) pixels differ (largest \(pop.worst))")
    }
}
