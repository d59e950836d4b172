import Assets
import FixedPoint
import Motion
import Raster
import Show
import ShowDemo
import Testing
import VitrineTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@testable import Compositor
@testable import Scenes

/// The guillotine menu in the scene: goldens, the angle over time, the button's turn, the
/// hinge on every screen in every orientation, rotation with the menu open, items, and
/// bad input (no items, 50 items, a storm of taps on the button).
@Suite struct GuillotineMenuSceneTests {
    static let golden = GoldenImage.directory()
    static let degree = Double.pi / 180

    /// The demo show on a `panel` panel mounted at `mount`, the menu dropping over home
    /// from t = 0 (`--scene menu`).
    static func harness(
        mount: Int = 0, panel: (Int, Int) = (800, 480), start: ShowTarget? = .menu, show: Show = DemoShow.show,
        text: Bool = false
    ) throws -> ShowHarness {
        try ShowHarness(
            show: show, assets: show.title == DemoShow.show.title ? ShowAssets.demo() : ShowFixture.assets(),
            panelWidth: panel.0,
            panelHeight: panel.1, mount: mount, start: start, text: text)
    }

    /// A screen's hinge, worked out here from the menu's rule: the bar is a tenth of the
    /// shorter side (at least 20 points), the button a square of its height at its left
    /// end, so the hinge lies half the bar's height from the left edge and from the top.
    static func expectedHinge(width: Int, height: Int) -> Point2D {
        let bar = max(20, (Double(min(width, height)) * 0.1).rounded())
        return Point2D(bar / 2, bar / 2)
    }

    /// The angle of a layer's z rotation, radians (clockwise on screen).
    static func turn(of layer: Layer) -> Double { atan2(layer.transform.m12, layer.transform.m11) }

    /// Where the blade's point `local` (blade points) is on screen, by the layer tree.
    static func screenPoint(_ blade: Layer, _ local: Point2D) -> Point2D? {
        blade.worldHomography.apply(local)
    }

    // MARK: Goldens

    static func name(mount: Int, at t: Double) -> String {
        let ms = String(Int((t * 1000).rounded()))
        return "menu_800x480_r\(mount)_t" + String(repeating: "0", count: max(0, 4 - ms.count)) + ms
    }

    /// The menu dropping over the demo's home screen (`--scene menu`) at 0.1 s (just
    /// leaving the bar), 0.3 s (half way), 0.6 s (the first contact), 1.0 s (after the
    /// rebound), on an 800x480 panel at 0 and 90. Looked at: the blade, dark with its bar
    /// ("Museum of Light") and the items (Home, Books, Shelf, People, Visit), turning
    /// clockwise about the menu button at the top-left, over the home screen; the button's
    /// bars turning towards upright. Numbers: the blade's turn is the scene's swing, the
    /// swing is an independent drop on the independently computed hinge, the button's
    /// turn is 90° - |angle|, and points inside the blade show its background and bar.
    @Test(arguments: [0, 90], [0.1, 0.3, 0.6, 1.0]) func golden(mount: Int, at t: Double) throws {
        let h = try Self.harness(mount: mount, text: true)
        h.run(until: t, step: 1.0 / 60)
        let surface = try h.render()
        let m = try #require(h.scene.menu)
        let (w, hh) = (h.scene.width, h.scene.height)
        let hinge = Self.expectedHinge(width: w, height: hh)
        #expect(m.geometry.hinge == hinge)
        let drop = GuillotineDrop(
            geometry: GuillotineGeometry(width: Double(w), height: Double(hh), hinge: hinge), time: 0)
        drop.advance(to: h.time)
        #expect(m.angle == drop.angle)
        #expect(abs(Self.turn(of: m.blade) - drop.angle) < 1e-9)
        #expect(abs(Self.turn(of: m.button) - (Double.pi / 2 - abs(drop.angle))) < 1e-9)
        // Blade points on screen (3 px inside) show what the blade shows there.
        let bar = m.layout.bar
        let probes: [(Point2D, UInt32)] = [
            (Point2D(x: 6, y: Double(hh) / 2), GuillotineMenu.background),
            (Point2D(x: Double(w) * 0.75, y: 4), GuillotineMenu.barColor),
            (Point2D(x: Double(w) - 6, y: Double(hh) - 6), GuillotineMenu.background),
            (Point2D(x: bar.height + 4, y: bar.height - 4), GuillotineMenu.barColor),
            // Just under the bar, right of the host's bar on the blade's edge: the margin.
            (Point2D(x: bar.height + 2, y: bar.height + 2), GuillotineMenu.background),
        ]
        var seen = 0
        // The host's bar on the blade's left edge (shown near closed) covers the first probe.
        for (local, color) in probes where m.hostBar.isHidden || local.x >= m.hostBar.position.x {
            guard let p = Self.screenPoint(m.blade, local), p.x >= 3, p.y >= 3, p.x < Double(w) - 3,
                p.y < Double(hh) - 3
            else { continue }
            let px = surface[Int(p.x), Int(p.y)]
            #expect(px == color, "t \(t): blade \(local) at \(p): \(String(px, radix: 16))")
            seen += 1
        }
        // Just after the drop begins, what shows of the blade is the host's bar on its edge
        // (GuillotineClosedBladeTests checks its pixels).
        #expect(seen >= 1 || !m.hostBar.isHidden)
        try assertGolden(surface, named: Self.name(mount: mount, at: t), in: Self.golden)
    }

    // MARK: The angle over time

    /// The drop after a tap on the home screen's menu button, played at 60 Hz under the
    /// manual clock: it begins at the first frame after the tap; the first contact 0.6 ±
    /// 0.05 s later; at least one rebound; at rest (not moving, not drawing) by 2.5 s; the
    /// blade never past the stop (the screen's left edge from half its height down) by more
    /// than 1 px; at every frame the button turned by 90° - |angle| and the hinge where it
    /// was. Then the button closes it: up to -90° and gone.
    @Test(arguments: [0, 90], [(800, 480), (1920, 1080)]) func angleOverTime(mount: Int, panel: (Int, Int)) throws {
        let h = try Self.harness(mount: mount, panel: panel, start: .home)
        let hinge = Self.expectedHinge(width: h.scene.width, height: h.scene.height)
        let button = hinge
        try h.load(h.tap(button, at: 0.5) + h.tap(button, at: 4))
        var frames: [(t: Double, angle: Double)] = []
        var start: Double?
        var restAt: Double?
        var worstPast = 0.0
        let (W, H) = (Double(h.scene.width), Double(h.scene.height))
        h.run(until: 3.9, step: 1.0 / 60) { t in
            guard let m = h.scene.menu else { return }
            if start == nil { start = t }
            frames.append((t, m.angle))
            #expect(abs(Self.turn(of: m.button) - (Double.pi / 2 - abs(m.angle))) < 1e-9, "\(t)")
            let p = Self.screenPoint(m.blade, hinge)!
            #expect(abs(p.x - hinge.x) < 1e-6 && abs(p.y - hinge.y) < 1e-6)
            for c in [Point2D(x: 0, y: 0), Point2D(x: W, y: 0), Point2D(x: W, y: H), Point2D(x: 0, y: H)] {
                let q = Self.screenPoint(m.blade, c)!
                if q.y >= H / 2 && q.y <= H { worstPast = max(worstPast, -q.x) }
            }
            if restAt == nil, !h.scene.isAnimating { restAt = t }
        }
        let s = try #require(start)
        #expect(s >= 0.55 - 1e-9 && s <= 0.55 + 1.0 / 60 + 1e-9, "the drop begins at the tap's lift's frame: \(s)")
        let m = try #require(h.scene.menu)
        let contact = try #require(m.drop?.firstContact) - s
        #expect(abs(contact - 0.6) <= 0.05, "first contact \(contact)")
        let after = frames.filter { $0.t > s + contact }
        #expect(after.contains { $0.angle < -2 * Self.degree }, "a rebound")
        let rest = try #require(restAt) - s
        #expect(rest <= 2.5, "at rest \(rest) s after the drop began")
        #expect(frames.filter { $0.t >= s + rest }.allSatisfy { $0.angle == 0 })
        #expect(worstPast <= 1)
        #expect(h.scene.current == .menu && h.scene.resumeName == "home+menu")
        // The button closes it.
        h.run(until: 4.1, step: 1.0 / 60)
        #expect(h.scene.current == .home && h.scene.menu?.isOpening == false)
        h.run(until: 7, step: 1.0 / 60)
        #expect(h.scene.menu == nil && !h.scene.isAnimating && h.router.modalTarget == nil)
        #expect(h.compositor.root.sublayers.allSatisfy { $0.name != "menu" })
    }

    // MARK: The hinge

    /// On every screen with a top bar (home, a folder, the shelf, a book, a card list), in
    /// all four orientations at 800x480 and 1920x1080: the host's menu button is at the
    /// top-left of its bar, its centre is the hinge, at equal distances from the left edge
    /// and the bar's bottom; the menu's button covers the host's; the closed blade's left
    /// edge lies along the bar's bottom and it covers the bar.
    @Test(arguments: [0, 90, 180, 270], [(800, 480), (1920, 1080)]) func hingeOnEveryScreen(
        mount: Int, panel: (Int, Int)
    ) throws {
        for target: ShowTarget in [.home, .folder("books"), .shelf, .book("atlas"), .cards("team")] {
            // A folder from home is the reveal (modal: a tap outside its panel closes it);
            // from another screen it is the folder's own screen, with a bar.
            let h = try Self.harness(
                mount: mount, panel: panel, start: target == .folder("books") ? .shelf : target, show: ShowFixture.show)
            if target == .folder("books") {
                h.scene.open(target, time: 0)
                h.run(until: 0.4, step: 1.0 / 60)
                #expect(h.scene.screen is FolderScreen)
            }
            let (w, hh) = (h.scene.width, h.scene.height)
            let expected = Self.expectedHinge(width: w, height: hh)
            let host = h.scene.screenShown
            let bar = host.menuBar ?? .standard(h.metrics, title: "")
            #expect(bar.button.minX == 0 && bar.button.minY == bar.frame.minY, "\(target)")
            let centre = Point2D(x: bar.button.minX + bar.button.width / 2, y: bar.button.minY + bar.button.height / 2)
            #expect(centre.x == expected.x && centre.y == expected.y, "\(target) \(mount)")
            #expect(centre.x == bar.frame.maxY - centre.y)
            // The host's button layer is there, and a tap there opens the menu.
            let hit = try #require(h.compositor.hitTest(centre))
            #expect(hit.name.hasSuffix("menu"), "\(target): \(hit.name)")
            try h.load(h.tap(centre, at: 0.5))
            h.run(until: 0.6, step: 1.0 / 60)
            let m = try #require(h.scene.menu, "\(target)")
            #expect(m.geometry.hinge == expected)
            #expect(m.button.frame == bar.button)
            // Closed: the blade's corners worked out by hand (R(-90°)(x, y) = (y, -x)).
            let g = m.geometry
            let b = g.barBottom
            let closed = g.corners(at: GuillotineGeometry.closedAngle)
            #expect((closed[0] - Point2D(0, b)).magnitude < 1e-9 && (closed[3] - Point2D(Double(hh), b)).magnitude < 1e-9)
            #expect(closed[1].y == b - Double(w) && closed[0].y >= bar.frame.maxY - 1e-9)
        }
    }

    // MARK: Rotation

    /// Turning the screen with the menu open: laid out anew (`resize`), the menu is open
    /// and at rest, hinged on the new layout's button, its stop the new left edge; a scene
    /// built again from `resumeName` ("shelf+menu") too. Closing, it goes.
    @Test func rotationKeepsTheMenuRight() throws {
        let h = try Self.harness(start: .shelf, show: ShowFixture.show)
        h.scene.open(.menu, time: 1)
        h.run(until: 4, step: 1.0 / 60)
        #expect(h.scene.resumeName == "shelf+menu")
        h.scene.resize(width: 480, height: 800)
        let m = try #require(h.scene.menu)
        #expect(m.geometry.hinge == Self.expectedHinge(width: 480, height: 800))
        #expect(m.geometry.openStop.from == Point2D(0, 400))
        h.run(until: 4.2, step: 1.0 / 60)
        #expect(m.isOpening && m.angle == 0 && !h.scene.isAnimating && h.scene.current == .menu)
        #expect(abs(Self.turn(of: m.button) - Double.pi / 2) < 1e-12)
        #expect(m.button.frame == h.metrics.menuButton)
        // A scene built again on the resume name.
        let r = try #require(ShowScene.resume(parsing: h.scene.resumeName))
        #expect(r.target == .shelf && r.menuOpen)
        let again = ShowScene(
            show: ShowFixture.show, assets: ShowFixture.assets(), root: Layer(name: "root"), width: 800, height: 480,
            start: r.target, menuOpen: r.menuOpen)
        #expect(again.current == .menu && again.menu?.isOpening == true)
        again.update(time: 0.1)
        #expect(again.menu?.angle == 0 && !again.isAnimating && again.resumeName == "shelf+menu")
        #expect(again.screen is ShelfScreen)
        // Closing when turned: gone, the shelf shown.
        m.reverse()
        h.scene.resize(width: 800, height: 480)
        #expect(h.scene.menu == nil && h.scene.current == .shelf && h.scene.resumeName == "shelf")
        // Names: "+menu" only after a screen, once.
        #expect(ShowScene.resume(parsing: "book:atlas@2+menu")! == (.book("atlas"), 2, true))
        #expect(ShowScene.resume(parsing: "menu")! == (.menu, nil, false))
        #expect(ShowScene.resume(parsing: "menu+menu") == nil && ShowScene.resume(parsing: "home+menu+menu") == nil)
        #expect(ShowScene.resume(parsing: "+menu") == nil)
    }

    // MARK: Items

    /// Items: a tap before the first contact reverses the drop (the items don't take it);
    /// after it, the item's target appears at once under the menu, which swings up off it
    /// and goes; `current` is the target from the tap. A folder opens as its plain screen.
    @Test func itemsNavigateAndTheMenuClosesOverThem() throws {
        let h = try Self.harness(start: .home)
        let layout = GuillotineMenuLayout(count: DemoShow.show.menu.count, metrics: h.metrics, bar: h.metrics.titleBar)
        let shelf = try #require(DemoShow.show.menu.firstIndex { $0.open == .shelf })
        let books = try #require(DemoShow.show.menu.firstIndex { $0.open == .folder("books") })
        h.scene.open(.menu, time: 0)
        // Before the contact (0.3 s): the item's tap closes the menu.
        try h.load(h.tap(layout.item(shelf).centre, at: 0.3) + h.tap(h.metrics.menuButton.centre, at: 3))
        h.run(until: 0.4, step: 1.0 / 60)
        #expect(h.scene.menu?.isOpening == false && h.scene.current == .home)
        h.run(until: 2.9, step: 1.0 / 60)
        #expect(h.scene.menu == nil)
        // Dropped again; after the contact, the item opens the shelf under it.
        h.run(until: 4.5, step: 1.0 / 60)
        #expect(h.scene.menu?.itemsActive == true)
        try h.load(h.tap(layout.item(shelf).centre, at: 4.5) + h.tap(h.metrics.menuButton.centre, at: 8)
            + h.tap(layout.item(books).centre, at: 10))
        h.run(until: 4.6, step: 1.0 / 60)
        #expect(h.scene.current == .shelf && h.scene.screen is ShelfScreen && h.scene.home.layer.isHidden)
        #expect(h.scene.menu?.isOpening == false)
        h.run(until: 7.5, step: 1.0 / 60)
        #expect(h.scene.menu == nil && h.scene.current == .shelf)
        // From the shelf's menu: Books opens the folder's plain screen.
        h.run(until: 10.2, step: 1.0 / 60)
        #expect(h.scene.current == .folder("books") && h.scene.screen is FolderScreen && h.scene.reveal == nil)
        h.run(until: 13, step: 1.0 / 60)
        #expect(h.scene.menu == nil && !h.scene.isAnimating)
    }

    /// Over an open folder (its reveal is modal too): the menu's modal is the innermost
    /// while it is there, through a turn and through an item that drops the reveal; the
    /// folder's comes back when the menu closes over it.
    @Test func overAnOpenFolderTheMenuStaysModal() throws {
        let h = try Self.harness(start: .folder("books"), show: ShowFixture.show)
        h.run(until: 1, step: 1.0 / 60)
        let reveal = try #require(h.scene.reveal)
        h.scene.open(.menu, time: 1)
        h.run(until: 3.5, step: 1.0 / 60)
        var m = try #require(h.scene.menu)
        #expect(h.router.modalTarget == LayerTarget(m.layer))
        // A turn: the folder laid out anew under the menu, the menu's modal on top.
        h.scene.resize(width: 480, height: 800)
        m = try #require(h.scene.menu)
        #expect(h.scene.reveal != nil && h.router.modalTarget == LayerTarget(m.layer))
        h.scene.resize(width: 800, height: 480)
        m = try #require(h.scene.menu)
        // The button closes the menu: the folder is there, modal again.
        m.reverse()
        h.run(until: 6.5, step: 1.0 / 60)
        #expect(h.scene.menu == nil && h.scene.reveal != nil)
        #expect(h.router.modalTarget == LayerTarget(h.scene.reveal!.panel.layer))
        _ = reveal
        // Again, and an item (Shelf): the reveal goes, the menu stays modal while closing,
        // and a tap then reverses it.
        h.scene.open(.menu, time: 6.5)
        h.run(until: 8.5, step: 1.0 / 60)
        m = try #require(h.scene.menu)
        let layout = GuillotineMenuLayout(count: 2, metrics: h.metrics, bar: h.metrics.titleBar)
        try h.load(h.tap(layout.item(1).centre, at: 8.5) + h.tap(Point2D(x: 700, y: 400), at: 8.8))
        h.run(until: 8.6, step: 1.0 / 60)
        #expect(h.scene.reveal == nil && h.scene.current == .shelf && !m.isOpening)
        #expect(h.router.modalTarget == LayerTarget(m.layer))
        h.run(until: 8.9, step: 1.0 / 60)
        #expect(m.isOpening && h.scene.current == .menu)
    }

    /// The blade is its face drawn live: a colour layer (the background) with the bar,
    /// the host's title, the items' titles and lines, and the invisible tap rows as its
    /// sublayers; no picture of the face is made (the one image in the menu is the host's
    /// bar, a bar-high strip, hidden once the blade has swung down). Open and at rest,
    /// the background is the topmost opaque draw covering the screen: nothing under it
    /// is painted.
    @Test func bladeIsItsFaceDrawnLive() throws {
        let h = try Self.harness(text: true)
        h.run(until: 3, step: 1.0 / 60)
        let m = try #require(h.scene.menu)
        #expect(m.blade.contents == .color(GuillotineMenu.background))
        let names = m.blade.sublayers.map(\.name)
        #expect(names.first == "menu.bar" && names.contains("menu.title") && names.contains("menu.item0.title"))
        #expect(names.contains("menu.item0.line") && names.dropLast().last == "menu.item\(m.items.count - 1)")
        #expect(names.last == "menu.hostBar" && m.hostBar.isHidden)
        func images(_ l: Layer) -> Int {
            var own = 0
            if case .image = l.contents { own = 1 }
            return own + l.sublayers.reduce(0) { $0 + images($1) }
        }
        #expect(images(m.layer) == 1 && m.hostBar.bounds.height == h.metrics.barHeight)
        let stats = try h.compositor.render(into: h.target, bufferAge: 0)
        #expect(stats.repaintedPixels == 800 * 480)
        let surface = try h.render()
        #expect(surface[400, 470] == GuillotineMenu.background)
        #expect(h.compositor.firstVisibleItem(for: PixelRect(x: 0, y: 0, width: 800, height: 480)) >= 0)
    }

    /// While it swings, the blade's colours are drawn as turned fills and its titles as
    /// their ink: the frame is what drawing the same face as one picture, turned, draws
    /// (the picture's way, before), within the bilinear rounding at the titles' edges.
    @Test func aSwingingBladeDrawsWhatItsPictureDrew() throws {
        let h = try Self.harness(text: true)
        h.run(until: 0.5, step: 1.0 / 60)
        let m = try #require(h.scene.menu)
        #expect(m.angle != 0 && m.angle != GuillotineGeometry.closedAngle)
        let live = try h.render().copy()
        // The face as one picture: the blade's own tree drawn upright into a surface.
        let face = try Surface(width: 800, height: 480, format: .xrgb8888)
        let upright = Compositor(width: 800, height: 480, paintThreads: 0)
        upright.textRasterizer = h.compositor.textRasterizer
        let copy = Layer(name: "face", frame: Rect2D(x: 0, y: 0, width: 800, height: 480), contents: .color(GuillotineMenu.background))
        for l in m.blade.sublayers where l !== m.hostBar {
            let k = Layer(name: l.name, frame: l.frame, contents: l.contents)
            copy.addSublayer(k)
        }
        upright.root.addSublayer(copy)
        _ = try upright.render(into: face, bufferAge: 0)
        let saved = m.blade.sublayers
        for l in saved { l.isHidden = true }
        m.blade.contents = .image(face)
        let pictured = try h.render().copy()
        for l in saved { l.isHidden = false }
        m.blade.contents = .color(GuillotineMenu.background)
        var worst = 0, differing = 0
        for y in 0..<480 {
            for x in 0..<800 {
                let a = live[x, y], b = pictured[x, y]
                var d = 0
                for shift in [0, 8, 16] { d = max(d, abs(Int((a >> UInt32(shift)) & 0xff) - Int((b >> UInt32(shift)) & 0xff))) }
                worst = max(worst, d)
                if d > 2 { differing += 1 }
            }
        }
        // Text resampled then laid over the background, or laid over it then resampled
        // with it: the 7-bit weights round apart by a few levels at the glyphs' edges.
        #expect(worst <= 12 && differing < 800 * 480 / 1000, "worst \(worst), \(differing) pixels differ by more than 2")
    }

    // MARK: Bad input

    /// No items: home has no menu button and a tap where it was does nothing; the menu
    /// opened by a target (a tile's `open = "menu"`) drops with its bar and the show's
    /// `menu_empty` text, takes no item taps, and its own button closes it.
    @Test func noItems() throws {
        var show = ShowFixture.show
        show.menu = []
        show.labels.menuEmpty = "Keine Einträge"
        let h = try Self.harness(start: .home, show: show)
        #expect(h.scene.home.menuButton.superlayer == nil)
        try h.load(h.tap(h.metrics.menuButton.centre, at: 0.2) + h.tap(Point2D(x: 400, y: 240), at: 3.5)
            + h.tap(h.metrics.menuButton.centre, at: 4))
        h.run(until: 0.9, step: 1.0 / 60)
        #expect(h.scene.menu == nil && h.scene.current == .home && !h.scene.isAnimating)
        h.scene.open(.menu, time: 1)
        h.run(until: 3.8, step: 1.0 / 60)
        let m = try #require(h.scene.menu)
        let empty = try #require(m.blade.sublayers.first { $0.name == "menu.empty" })
        guard case .text(let said, _) = empty.contents else { throw ShowLabelsSceneTests.NotText(name: empty.name) }
        #expect(said == "Keine Einträge")
        #expect(m.rows.isEmpty)
        #expect(m.isOpening && h.scene.current == .menu)
        h.run(until: 7, step: 1.0 / 60)
        #expect(h.scene.menu == nil && h.scene.current == .home)
    }

    /// 50 items: in columns, every row inside the blade's area below its bar, none
    /// overlapping; the last item's tap opens its target.
    @Test(arguments: [(800, 480), (480, 800), (240, 144)]) func fiftyItems(panel: (Int, Int)) throws {
        var show = ShowFixture.show
        show.menu = (0..<50).map { MenuItem(title: "Item \($0)", open: $0 == 49 ? .cards("team") : .shelf) }
        let h = try Self.harness(panel: panel, start: .home, show: show)
        let m0 = ScreenMetrics(width: panel.0, height: panel.1)
        let layout = GuillotineMenuLayout(count: 50, metrics: m0, bar: m0.titleBar)
        #expect(layout.rows * layout.columns >= 50)
        for i in 0..<50 {
            let r = layout.item(i)
            #expect(r.minX >= layout.area.minX && r.maxX <= layout.area.maxX + 1e-9, "\(i) \(r)")
            #expect(r.minY >= layout.bar.maxY && r.maxY <= layout.area.maxY + 1e-9, "\(i) \(r)")
            #expect(r.height >= 1 && r.width >= 1)
            if i > 0 { #expect(r.minY >= layout.item(i - 1).maxY - 1e-9 || r.minX >= layout.item(i - 1).maxX - 1e-9) }
        }
        try h.load(h.tap(h.metrics.menuButton.centre, at: 0.2) + h.tap(layout.item(49).centre, at: 3))
        h.run(until: 2.9, step: 1.0 / 60)
        #expect(h.scene.menu?.rows.count == 50)
        h.run(until: 6.5, step: 1.0 / 60)
        #expect(h.scene.current == .cards("team") && h.scene.menu == nil)
    }

    /// A storm of taps on the menu button (every 100 ms for 3 s, then every 60 ms): every
    /// tap reverses the swing, and left alone the menu rests, open or gone, never stuck.
    @Test(arguments: [0.1, 0.06]) func tapStormOnTheButton(every interval: Double) throws {
        let h = try Self.harness(start: .home)
        let c = h.metrics.menuButton.centre
        var script = ""
        var t = 0.2
        var taps = 0
        while t < 3.2 {
            script += h.tap(c, at: (t * 1000).rounded() / 1000)
            t += interval
            taps += 1
        }
        try h.load(script)
        var reversals = 0
        var opened = 0
        var wasMenu = false
        var direction: [Bool] = []
        h.run(until: 3.3, step: 1.0 / 60) { _ in
            if let m = h.scene.menu {
                if !wasMenu {
                    opened += 1
                    direction = [m.isOpening]
                    let previous = m.onReverse
                    m.onReverse = {
                        reversals += 1
                        previous?()
                    }
                } else if direction.last != m.isOpening {
                    direction.append(m.isOpening)
                }
            }
            wasMenu = h.scene.menu != nil
        }
        // Each tap either dropped the menu (when there was none) or reversed it.
        #expect(opened + reversals == taps, "\(opened) drops + \(reversals) reversals for \(taps) taps")
        #expect(zip(direction, direction.dropFirst()).allSatisfy { $0 != $1 })
        h.run(until: 9, step: 1.0 / 60)
        #expect(!h.scene.isAnimating)
        if let m = h.scene.menu {
            #expect(m.isOpening && m.angle == 0 && h.scene.current == .menu)
        } else {
            #expect(h.scene.current == .home && h.router.modalTarget == nil)
        }
    }
}

extension Layer {
    /// Whether the layer draws anything of its own.
    fileprivate var hasVisibleContents: Bool {
        if case .none = contents { return false }
        return true
    }
}
