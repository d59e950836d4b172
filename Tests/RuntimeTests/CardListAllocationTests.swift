import CAllocCount
import Compositor
import Display
import Raster
import Rotation
import Runtime
import Show
import ShowDemo
import Testing

@testable import Scenes

/// The card list allocates nothing per frame in steady state (the Performance article): once the
/// cards near the screen have their views, the frames of a tip-in and of a small drag
/// (no card coming near) go through the whole pipeline (scene update, compositor, panel
/// buffer) without a heap allocation. Counted as `AllocationTests` does.
@Suite struct CardListAllocationTests {
    @Test func tipAndScrollFramesAllocateNothing() throws {
        let display = try HeadlessDisplay(width: 320, height: 200, format: .xrgb8888, buffers: 2)
        let pipeline = try FramePipeline(display: display, orientation: Orientation(degrees: 0)!)
        pipeline.compositor.textRasterizer = AssetsTextRasterizer()
        let scene = ShowScene(
            show: DemoShow.show, assets: .demo(), root: pipeline.compositor.root, width: pipeline.logicalWidth,
            height: pipeline.logicalHeight, start: .cards("team"))
        var counts: [UInt] = []
        counts.reserveCapacity(64)
        // 0.4 s of tip-in at 60 Hz: the first frames give the near cards their views.
        for i in 0..<24 {
            let before = vitrine_thread_allocations()
            scene.update(time: Double(i) / 60)
            try pipeline.drawFrame()
            counts.append(vitrine_thread_allocations() - before)
            // Between frames, as the kiosk's loop does.
            _ = scene.prepareAhead()
        }
        #expect(counts.prefix(6).reduce(0, +) > 0, "the counter must see the warm-up")
        #expect(counts.dropFirst(6).allSatisfy { $0 == 0 }, "tip frames: \(Array(counts.dropFirst(6)))")
        // The tips over, the cards near the screen get their views, one between two frames.
        let list = try #require(scene.screenShown as? CardListScreen)
        let near = list.layout.near(offset: 0)
        var t = 0.4
        while Set(list.views.keys) != Set(near) && t < 2 {
            t += 1.0 / 60
            scene.update(time: t)
            try pipeline.drawFrame()
            _ = scene.prepareAhead()
        }
        // A drag of 20 points, a point a frame: every card moves, none comes near.
        #expect(list.layout.near(offset: 20) == near && Set(list.views.keys) == Set(near))
        counts.removeAll(keepingCapacity: true)
        for k in 1...20 {
            let before = vitrine_thread_allocations()
            list.scroll(to: Double(k))
            scene.update(time: 1 + Double(k) / 60)
            try pipeline.drawFrame()
            counts.append(vitrine_thread_allocations() - before)
        }
        #expect(counts.allSatisfy { $0 == 0 }, "scroll frames: \(counts)")
    }
}
