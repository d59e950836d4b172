import CAllocCount
import Compositor
import Display
import Rotation
import Runtime
import Scenes
import Show
import Testing

/// No heap allocation per frame while the guillotine menu swings (the Performance article): the
/// demo show's home with the menu dropping from t = 0, through the whole frame pipeline,
/// counted by interposing malloc (Tests/CAllocCount), per thread. The first frames make
/// the blade's picture, text and caches; after them, the physics steps, the layer
/// updates and the compositing allocate nothing.
@Suite struct GuillotineMenuAllocationTests {
    @Test(arguments: [0, 90]) func swingAllocatesNothing(mount: Int) throws {
        let display = try HeadlessDisplay(width: 200, height: 120, format: .xrgb8888, buffers: 2)
        let pipeline = try FramePipeline(display: display, orientation: Orientation(degrees: mount)!)
        pipeline.compositor.textRasterizer = AssetsTextRasterizer()
        let playback = try ShowPlayback.load(folder: nil)
        let scene = playback.makeScene(
            root: pipeline.compositor.root, width: pipeline.logicalWidth, height: pipeline.logicalHeight,
            resume: "menu", orientationKnown: true)
        var counts: [UInt] = []
        counts.reserveCapacity(200)
        for i in 0..<150 {
            let before = vitrine_thread_allocations()
            scene.update(time: Double(i) / 60)
            try pipeline.drawFrame()
            counts.append(vitrine_thread_allocations() - before)
        }
        #expect(counts.prefix(3).reduce(0, +) > 0, "the counter must see the warm-up")
        let steady = counts.dropFirst(3)
        #expect(steady.allSatisfy { $0 == 0 }, "allocations per frame: \(Array(steady))")
    }
}
