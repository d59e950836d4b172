import Compositor
import Glibc
import Display
import Raster
import Runtime
import Scenes
import Testing
import VitrineTestSupport

@Suite struct FramePipelineTests {
    static let golden = GoldenImage.directory()

    func frame(mount: Int, format: PixelFormat = .xrgb8888, time: Double) throws -> (HeadlessDisplay, FramePipeline) {
        let display = try HeadlessDisplay(width: 240, height: 144, format: format, buffers: 2)
        let pipeline = try FramePipeline(display: display, mount: mount, paintThreads: 0)
        pipeline.compositor.textRasterizer = AssetsTextRasterizer()
        let scene = TestScene(root: pipeline.compositor.root, width: pipeline.logicalWidth, height: pipeline.logicalHeight)
        scene.update(time: time)
        try pipeline.drawFrame()
        return (display, pipeline)
    }

    /// What the panel shows: the test scene laid out in logical space, turned onto the
    /// panel by its mount (looked at: at 90 the title reads bottom to top, its start at
    /// the panel's bottom-left, as a panel turned a quarter clockwise must show it).
    @Test(arguments: [0, 90]) func panelPictureOfTheTestScene(mount: Int) throws {
        let (display, _) = try frame(mount: mount, time: 1.0)
        let front = try #require(display.front)
        try assertGolden(front, named: "testscene_240x144_r\(mount)_t1000", in: Self.golden)
    }

    /// Every mount and rgb565: the panel buffer is the logical frame turned exactly by
    /// DESIGN.md §2's table (pixel by pixel), and damage repair keeps it so.
    @Test(arguments: [90, 180, 270]) func turnedFrameFollowsTheTable(mount: Int) throws {
        let (display, pipeline) = try frame(mount: mount, time: 0.5)
        // Logical (x, y) lands on a panel pixel per the table: compare against a mount-0
        // render at the logical size.
        let logical = try HeadlessDisplay(width: pipeline.logicalWidth, height: pipeline.logicalHeight, buffers: 1)
        let reference = try FramePipeline(display: logical, mount: 0, paintThreads: 0)
        reference.compositor.textRasterizer = AssetsTextRasterizer()
        TestScene(root: reference.compositor.root, width: reference.logicalWidth, height: reference.logicalHeight)
            .update(time: 0.5)
        try reference.drawFrame()
        let l = try #require(logical.front), p = try #require(display.front)
        let (W, H) = (p.width, p.height)
        var mismatches = 0
        for y in stride(from: 0, to: l.height, by: 3) {
            for x in stride(from: 0, to: l.width, by: 3) {
                let (px, py): (Int, Int)
                switch mount {
                case 90: (px, py) = (y, H - 1 - x)
                case 180: (px, py) = (W - 1 - x, H - 1 - y)
                default: (px, py) = (W - 1 - y, x)
                }
                if l[x, y] != p[px, py] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func rgb565PanelGetsTheConvertedFrame() throws {
        let (display, _) = try frame(mount: 0, format: .rgb565, time: 0.5)
        let (plain, _) = try frame(mount: 0, time: 0.5)
        let p = try #require(display.front), x = try #require(plain.front)
        let expected = try Surface(width: 240, height: 144, format: .rgb565)
        try expected.convert(from: x)
        for y in 0..<144 {
            for i in 0..<240 where p.row(y, as: UInt16.self)[i] != expected.row(y, as: UInt16.self)[i] {
                Issue.record("(\(i), \(y)) differs")
                return
            }
        }
    }

    /// The turn into the panel buffer is cut into bands for the paint threads when the
    /// frame is large: the panel gets the same pixels with a thread as without, for every
    /// mount and both scanout formats.
    @Test(arguments: [90, 180, 270]) func threadedTransferMatchesTheCallersAlone(mount: Int) throws {
        for format in [PixelFormat.xrgb8888, .rgb565] {
            var fronts: [Surface] = []
            for threads in [0, 1] {
                let display = try HeadlessDisplay(width: 400, height: 240, format: format, buffers: 2)
                let pipeline = try FramePipeline(display: display, mount: mount, paintThreads: threads)
                pipeline.compositor.textRasterizer = AssetsTextRasterizer()
                let scene = TestScene(
                    root: pipeline.compositor.root, width: pipeline.logicalWidth, height: pipeline.logicalHeight)
                scene.update(time: 0.7)
                try pipeline.drawFrame()
                fronts.append(try #require(display.front))
            }
            let bytes = fronts[0].stride * fronts[0].height
            #expect(memcmp(fronts[0].baseAddress, fronts[1].baseAddress, bytes) == 0, "mount \(mount) \(format)")
        }
    }

    @Test func badMountIsRefused() throws {
        let display = try HeadlessDisplay(width: 8, height: 8)
        #expect(throws: PipelineError.badMount(45)) { try FramePipeline(display: display, mount: 45) }
        #expect(PipelineError.badMount(45).description == "rotation: mount 45 is not 0, 90, 180 or 270")
    }
}
