import Compositor
import Display
import Glibc
import Raster
import Rotation
import Runtime
import Scenes
import Testing
import VitrineTestSupport

@Suite struct FramePipelineTests {
    static let golden = GoldenImage.directory()

    func frame(mount: Int, format: PixelFormat = .xrgb8888, time: Double) throws -> (HeadlessDisplay, FramePipeline) {
        let display = try HeadlessDisplay(width: 240, height: 144, format: format, buffers: 2)
        let pipeline = try FramePipeline(display: display, orientation: Orientation(degrees: mount)!, paintThreads: 0)
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

    /// A marker in each logical corner (a different colour each: top-left red, top-right
    /// green, bottom-left blue, bottom-right white), rendered on the headless backend in
    /// each orientation, lands on the panel pixel the Architecture article's table gives (written out
    /// here for the 24x16 panel).
    @Test(arguments: Orientation.allCases) func cornerMarkersLandOnTheTablesPanelPixels(o: Orientation) throws {
        let display = try HeadlessDisplay(width: 24, height: 16, buffers: 2)
        let pipeline = try FramePipeline(display: display, orientation: o, paintThreads: 0)
        let (lw, lh) = (pipeline.logicalWidth, pipeline.logicalHeight)
        let colours: [UInt32] = [0xffff_0000, 0xff00_ff00, 0xff00_00ff, 0xffff_ffff]
        let corners = [(0, 0), (lw - 1, 0), (0, lh - 1), (lw - 1, lh - 1)]
        for (c, (x, y)) in zip(colours, corners) {
            let marker = Layer(name: "marker", frame: Rect2D(x: Double(x), y: Double(y), width: 1, height: 1))
            marker.contents = .color(c)
            pipeline.compositor.root.addSublayer(marker)
        }
        try pipeline.drawFrame()
        let panel = try #require(display.front)
        let (W, H) = (24, 16)
        let want: [(Int, Int)] =
            switch o {
            case .upright: [(0, 0), (W - 1, 0), (0, H - 1), (W - 1, H - 1)]
            // Logical top-left at panel (0, H - 1): the panel's bottom-left is the top-left
            // of a panel turned a quarter clockwise.
            case .clockwise90: [(0, H - 1), (0, 0), (W - 1, H - 1), (W - 1, 0)]
            case .upsideDown: [(W - 1, H - 1), (0, H - 1), (W - 1, 0), (0, 0)]
            case .clockwise270: [(W - 1, 0), (W - 1, H - 1), (0, 0), (0, H - 1)]
            }
        for (c, (px, py)) in zip(colours, want) {
            #expect(panel[px, py] | 0xff00_0000 == c, "\(o): (\(px), \(py))")
        }
    }

    /// Every mount and rgb565: the panel buffer is the logical frame turned exactly by
    /// The Architecture article's table (pixel by pixel), and damage repair keeps it so.
    @Test(arguments: [90, 180, 270]) func turnedFrameFollowsTheTable(mount: Int) throws {
        let (display, pipeline) = try frame(mount: mount, time: 0.5)
        // Logical (x, y) lands on a panel pixel per the table: compare against a mount-0
        // render at the logical size.
        let logical = try HeadlessDisplay(width: pipeline.logicalWidth, height: pipeline.logicalHeight, buffers: 1)
        let reference = try FramePipeline(display: logical, orientation: .upright, paintThreads: 0)
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
                let pipeline = try FramePipeline(display: display, orientation: Orientation(degrees: mount)!, paintThreads: threads)
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

}
