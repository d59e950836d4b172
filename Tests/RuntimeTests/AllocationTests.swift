import CAllocCount
import Compositor
import Display
import Raster
import Rotation
import Runtime
import Scenes
import Testing

/// No heap allocation per frame in steady state (the Performance article): the built-in test scene,
/// with text, animated and then still, through the whole frame pipeline (scene update,
/// compositor, turning into the panel buffer, present). Counted by interposing malloc
/// in the test executable (Tests/CAllocCount), per thread.
@Suite struct AllocationTests {
    func allocationsPerFrame(mount: Int, format: PixelFormat) throws -> [UInt] {
        let display = try HeadlessDisplay(width: 96, height: 64, format: format, buffers: 2)
        let pipeline = try FramePipeline(display: display, orientation: Orientation(degrees: mount)!)
        pipeline.compositor.textRasterizer = AssetsTextRasterizer()
        let scene = TestScene(root: pipeline.compositor.root, width: pipeline.logicalWidth, height: pipeline.logicalHeight)
        var counts: [UInt] = []
        counts.reserveCapacity(200)
        let frames = Int(TestScene.duration * 30) + 30
        for i in 0..<frames {
            let before = vitrine_thread_allocations()
            scene.update(time: Double(i) / 30)
            try pipeline.drawFrame()
            counts.append(vitrine_thread_allocations() - before)
        }
        return counts
    }

    @Test(arguments: [(0, PixelFormat.xrgb8888), (90, .xrgb8888), (270, .rgb565)])
    func steadyStateFramesAllocateNothing(mount: Int, format: PixelFormat) throws {
        let counts = try allocationsPerFrame(mount: mount, format: format)
        // The first frames make group pictures, text and caches; after them, nothing.
        #expect(counts.prefix(3).reduce(0, +) > 0, "the counter must see the warm-up")
        let steady = counts.dropFirst(3)
        #expect(steady.allSatisfy { $0 == 0 }, "allocations per frame: \(Array(steady))")
    }
}
