import Assets
import Compositor
import FixedPoint
import Glibc
import Input
import Raster
import Testing

@testable import Scenes

@Suite struct TestSceneTests {
    /// A touch script drags a card through the whole input path: panel coordinates,
    /// tracker, router, hit testing through the layer tree, pan recognizer, scene.
    @Test(arguments: [0, 90]) func panDragsTheCardUnderTheFinger(mount: Int) throws {
        let (pw, ph) = (400, 240)  // the panel, native
        let (lw, lh) = mount == 90 ? (ph, pw) : (pw, ph)
        let compositor = Compositor(width: lw, height: lh, paintThreads: 0)
        let scene = TestScene(root: compositor.root, width: lw, height: lh)
        let router = TouchRouter(hitTester: LayerHitTester(compositor: compositor))
        scene.attachGestures(to: router)
        let mounted = MountedPanel(mount: mount, width: pw, height: ph)
        let tracker = TouchTracker(panelSize: PanelSize(width: pw, height: ph)) { p in mounted.logical(p) }
        scene.update(time: 0)
        // Touch the middle of the topmost card, in panel coordinates.
        let card = scene.cards[9]
        let centre = card.position
        let panel: PanelPoint =
            mount == 90 ? PanelPoint(x: centre.y, y: Double(ph) - 1 - centre.x) : PanelPoint(x: centre.x, y: centre.y)
        #expect(compositor.hitTest(centre).map { $0 === card || $0.superlayer === card } == true)
        let script = try TouchScript.parse(
            """
            0.10 down 0 \(panel.x) \(panel.y)
            0.20 move 0 \(panel.x) \(panel.y + 40)
            0.30 move 0 \(panel.x) \(panel.y + 60)
            0.40 up 0
            """, path: "drag.touch")
        var player = TouchScript.Player(script)
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            for e in player.advance(to: t) { tracker.handle(e) { router.handle($0) } }
            router.tick(time: t)
        }
        // 60 panel pixels down the panel's y: on a panel mounted at 90 that is logical -x.
        let expected = mount == 90 ? Point2D(x: -60, y: 0) : Point2D(x: 0, y: 60)
        #expect(scene.dragOffsets[9] == expected)
        scene.update(time: 0)
        #expect(card.position == Point2D(x: centre.x + expected.x, y: centre.y + expected.y))
    }

    @Test func tapBringsACardToTheFront() throws {
        let compositor = Compositor(width: 400, height: 240, paintThreads: 0)
        let scene = TestScene(root: compositor.root, width: 400, height: 240)
        let router = TouchRouter(hitTester: LayerHitTester(compositor: compositor))
        scene.attachGestures(to: router)
        let tracker = TouchTracker(panelSize: PanelSize(width: 400, height: 240)) { Point2D(x: $0.x, y: $0.y) }
        let p = scene.cards[0].position
        let script = try TouchScript.parse("0.1 tap \(p.x) \(p.y)\n", path: "tap.touch")
        var player = TouchScript.Player(script)
        for t in stride(from: 0.0, through: 0.3, by: 0.05) {
            for e in player.advance(to: t) { tracker.handle(e) { router.handle($0) } }
            router.tick(time: t)
        }
        scene.update(time: 0.3)
        #expect(scene.cards[0].zPosition > scene.cards[9].zPosition)
    }

    /// A corrupt picture: the image cache hands out the placeholder and one warning, and
    /// the frame shows the placeholder where the picture was.
    @Test func corruptPictureIsDrawnAsThePlaceholder() throws {
        let path = "/tmp/vitrine-scenes-\(getpid())-corrupt.png"
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3, 4, 5]
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        defer { unlink(path) }
        let cache = ImageCache(budgetBytes: 1 << 20, placeholderSize: (64, 48))
        let load = cache.image(at: path)
        #expect(load.isPlaceholder && load.newWarning != nil)
        #expect(cache.image(at: path).newWarning == nil)  // one warning, not one per frame
        #expect("\(load.error!)".hasPrefix(path))

        let compositor = Compositor(width: 100, height: 80, paintThreads: 0)
        let picture = Layer(frame: Rect2D(x: 10, y: 10, width: 64, height: 48), contents: .image(load.surface))
        compositor.root.addSublayer(picture)
        let target = try Surface(width: 100, height: 80, format: .xrgb8888)
        _ = try compositor.render(into: target, bufferAge: 0)
        #expect(target[10 + 32, 10 + 5] == Placeholder.background)
        #expect(target[10, 10] == Placeholder.ink)  // the border
        #expect(target[5, 5] == 0xff00_0000)
    }

    /// A missing font: the text layer stays empty and the fault, naming the file, is
    /// reported once however often the layer is drawn.
    @Test func missingFontLeavesTextEmptyWithOneWarning() throws {
        let text = AssetsTextRasterizer(regularFont: .file("/nonexistent/vitrine.ttf"))
        let compositor = Compositor(width: 80, height: 30, paintThreads: 0)
        compositor.textRasterizer = text
        let label = Layer(frame: Rect2D(x: 0, y: 0, width: 80, height: 30))
        label.contents = .text("Hello", TextAttributes(size: 14, color: 0xffff_ffff))
        compositor.root.addSublayer(label)
        let target = try Surface(width: 80, height: 30, format: .xrgb8888)
        _ = try compositor.render(into: target, bufferAge: 0)
        label.contents = .text("Hello again", TextAttributes(size: 14, color: 0xffff_ffff))
        _ = try compositor.render(into: target, bufferAge: 1)
        let warnings = text.takeWarnings()
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("/nonexistent/vitrine.ttf") == true, "\(warnings)")
        #expect(target[40, 15] == 0xff00_0000)  // nothing drawn, no crash
        // The default font works.
        let ok = AssetsTextRasterizer().rasterize("Hello", attributes: TextAttributes(size: 12), width: 60, height: 20)
        #expect(ok?.width == 60 && ok?.height == 20)
    }
}
