import Assets
import Compositor
import FixedPoint
import Foundation
import Raster
import Show
import ShowDemo
import Testing
import VitrineTestSupport

@testable import Scenes

/// The book screen: goldens of the demo's "atlas" at 800x480 (rotation 0 and 90), turning
/// by the finger, resuming at a page, and bad input.
@Suite struct BookScreenTests {
    static let golden = GoldenImage.directory()

    static func name(mount: Int, p: Double) -> String {
        let q = Int((abs(p) * 1000).rounded())
        let digits = String(q)
        return "book_800x480_r\(mount)_p" + (p < 0 ? "m" : "") + String(repeating: "0", count: max(0, 4 - digits.count))
            + digits
    }

    /// The book at p = -1 (closed: the cover alone right of the spine), -0.5 (the cover
    /// standing up, culled: only the first page's fan), 0 (open at the first spread),
    /// 0.25, 0.5 (leaf 1 edge-on), 0.75 and 1.5. Numbers: the items drawn, back to front,
    /// and at a whole p the right page's free edge where the formula puts it.
    @Test(arguments: [0, 90], [-1, -0.5, 0, 0.25, 0.5, 0.75, 1.5]) func golden(mount: Int, p: Double) throws {
        let h = try ShowHarness(
            show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: 800, panelHeight: 480, mount: mount,
            start: .book("atlas"), text: true)
        let book = try #require(h.scene.screen as? BookScreen)
        book.show(position: p)
        let surface = try h.render()
        let L = book.layout
        // The demo's pages and covers are 2:3: the pages have the cover's aspect.
        #expect(mount == 0 ? (L.pageWidth == 272 && L.pageHeight == 408) : (L.pageWidth == 240 && L.pageHeight == 360))
        let items = book.drawn.map(\.item)
        // Worked out by hand from the book's formulas (the cover and 8 pages: leaves 0-4).
        let expected: [Double: [Int]] = [
            -1: [8, 6, 4, 2, 0], -0.5: [8, 6, 4, 2], 0: [8, 6, 4, 1, 2], 0.25: [8, 6, 4, 1, 2], 0.5: [8, 6, 1, 4],
            0.75: [8, 6, 1, 4, 3], 1.5: [1, 8, 3, 6],
        ]
        #expect(items == expected[p]!, "p \(p): \(items)")
        if p == p.rounded() {
            // The right page at rest: its free edge where the formula puts it.
            let right = try #require(book.drawn.last { $0.side > 0 })
            // The eye stands pageWidth / 0.181 away (the article's 362 / 2000).
            let x = L.pageWidth * cos(Double.pi / 4) / (1 - 0.181 * sin(Double.pi / 4))
            #expect(abs(right.reach - x) < 1e-6)
            #expect(abs(right.angle + Double.pi / 4) < 1e-12)
        }
        try assertGolden(surface, named: Self.name(mount: mount, p: p), in: Self.golden)
    }

    /// A drag follows the finger (p changes by -dx / W), a slow release settles to the
    /// nearest page, a new drag catches the leaf mid-settle, and a fling turns at most
    /// one page.
    @Test func dragSettleAndCatch() throws {
        let h = try ShowHarness(start: .book("atlas"))
        let book = try #require(h.scene.screen as? BookScreen)
        let W = Double(h.scene.width)
        let y = Int(Double(h.scene.height) / 2)
        // Slow drag of 0.3 W to the left: p = -1 + 0.3 (within a point), back to -1.
        try h.load(
            """
            0.1 down 0 200 \(y)
            0.2 move 0 180 \(y)
            0.4 move 0 \(Int(200 - 0.3 * W)) \(y)
            1.0 up 0
            """)
        h.run(until: 0.5)
        #expect(abs(book.position - (-1 + 0.3)) < 1.5 / W)
        h.run(until: 1.5)
        #expect(book.page == -1 && book.position == -1)
        // A fast swipe of 0.6 W forward: page 0, and caught mid-settle by a new touch.
        try h.load(
            """
            2.0 swipe 200 \(y) \(Int(200 - 0.6 * W)) \(y) 0.1
            2.25 down 0 100 \(y)
            2.3 move 0 80 \(y)
            """)
        h.run(until: 2.2)
        #expect(book.page == 0)
        let mid = book.position
        #expect(mid > -0.5 && mid < 0)
        h.run(until: 2.4)
        #expect(h.scene.isAnimating)
        let caught = book.position
        #expect(caught > mid && caught < 0.3)
        // Two flings of 0.92 W, the second catching the first's settle halfway: one page each.
        let g = try ShowHarness(start: .book("atlas"))
        try g.load("0.2 swipe 230 \(y) 10 \(y) 0.05\n0.35 swipe 230 \(y) 10 \(y) 0.05\n")
        g.run(until: 0.3)
        #expect((g.scene.screen as! BookScreen).page == 0)
        g.run(until: 1.5)
        #expect((g.scene.screen as! BookScreen).page == 1 && (g.scene.screen as! BookScreen).position == 1)
    }

    /// Between frames the book fetches the pages a turn either way would draw
    /// (`prepareAhead`, one a call, until none is left), so a turn's frames resample
    /// nothing; once it settles on the next page, the pages beyond it are fetched in turn.
    @Test func pagesAreFetchedAheadOfATurn() throws {
        let h = try ShowHarness(start: .book("atlas"))
        h.looksAhead = false
        let book = try #require(h.scene.screen as? BookScreen)
        let y = Int(Double(h.scene.height) / 2)
        let W = Double(h.scene.width)
        h.frame(at: 0.1)
        var fetched = 0
        while h.scene.prepareAhead() {
            fetched += 1
            try #require(fetched < 50, "the look-ahead never ends")
        }
        #expect(fetched > 0)
        let before = h.scene.pictures.made
        // Open the cover, then turn a page: every frame finds its pictures made, as long
        // as the look-ahead runs between them.
        try h.load("0.2 swipe 230 \(y) \(Int(230 - 0.6 * W)) \(y) 0.2\n1.0 swipe 230 \(y) \(Int(230 - 0.6 * W)) \(y) 0.2\n")
        var t = 0.1
        var madeInFrames = 0
        while t < 2 {
            t += 1.0 / 60
            let m = h.scene.pictures.made
            h.frame(at: t)
            madeInFrames += h.scene.pictures.made - m
            while h.scene.prepareAhead() {}
        }
        #expect(book.page == 1 && book.position == 1)
        #expect(madeInFrames == 0, "frames resampled \(madeInFrames) pictures")
        #expect(h.scene.pictures.made > before, "the pages beyond page 0 fetched ahead")
        // Without the look-ahead, the same turns resample in their frames.
        let g = try ShowHarness(start: .book("atlas"))
        g.looksAhead = false
        try g.load("0.2 swipe 230 \(y) \(Int(230 - 0.6 * W)) \(y) 0.2\n1.0 swipe 230 \(y) \(Int(230 - 0.6 * W)) \(y) 0.2\n")
        let m0 = g.scene.pictures.made
        g.run(until: 2, step: 1.0 / 60)
        #expect(g.scene.pictures.made > m0)
    }

    /// The back button goes to the shelf when the book was opened from it, else home;
    /// the menu button opens the menu.
    @Test func backAndMenu() throws {
        let h = try ShowHarness(start: .shelf)
        h.scene.open(.book("atlas"), time: 0)
        h.run(until: 1)
        let book = try #require(h.scene.screen as? BookScreen)
        #expect(book.backTarget == .shelf)
        try h.load(h.tap(h.metrics.backButton.centre, at: 1.2))
        h.run(until: 2)
        #expect(h.scene.current == .shelf)
        let g = try ShowHarness(start: .book("atlas"))
        let b = try #require(g.scene.screen as? BookScreen)
        #expect(b.backTarget == .home)
        try g.load(g.tap(b.menuButton.frame.centre, at: 0.5))
        g.run(until: 1.5)
        #expect(g.scene.current == .menu)
    }

    /// All four mounts: a swipe as the panel reports it (through the mount's mapping)
    /// turns forward when it goes left on the logical screen and back when it goes right.
    @Test(arguments: [0, 90, 180, 270]) func turnsAtEveryMount(mount: Int) throws {
        let h = try ShowHarness(mount: mount, start: .book("atlas"))
        let book = try #require(h.scene.screen as? BookScreen)
        let f = BookScreen.swipe(forward: true, metrics: h.metrics)
        let b = BookScreen.swipe(forward: false, metrics: h.metrics)
        func swipe(_ s: (from: Point2D, to: Point2D), at t: Double) -> String {
            let (p, q) = (h.panel(s.from), h.panel(s.to))
            return "\(t) swipe \(p.x) \(p.y) \(q.x) \(q.y) 0.2\n"
        }
        try h.load(swipe(f, at: 0.2) + swipe(f, at: 1.0) + swipe(b, at: 1.8))
        h.run(until: 0.9)
        #expect(book.page == 0 && book.position == 0)
        h.run(until: 1.7)
        #expect(book.page == 1 && book.position == 1)
        h.run(until: 2.6)
        #expect(book.page == 0 && book.position == 0 && !h.scene.isAnimating)
    }

    /// Depth, in numbers: at rest nothing is shaded and no shadow shows; at p = 0.25 the
    /// turning leaf (r = 0.25: shade 0.5) shows its picture blended at 1 - 0.55 * 0.5 of
    /// 255 over the background, drawn opaque, and the leaves under it on both sides carry
    /// a shadow of 0.5 * 0.5; standing edge-on (p = 0.5) the shadows are at full strength.
    @Test func shadeAndShadowNumbers() throws {
        let h = try ShowHarness(start: .book("atlas"))
        let book = try #require(h.scene.screen as? BookScreen)
        book.show(position: 0)
        for d in book.drawn {
            let slot = try #require(book.slots[d.item])
            #expect(slot.shadeLevel == 255 && slot.shadow.isHidden && slot.page.opacity == 1)
        }
        book.show(position: 0.25)
        let turning = try #require(book.drawn.last)
        #expect(turning.item == 2 && abs(turning.ratio - 0.25) < 1e-12)
        let slot = try #require(book.slots[2])
        #expect(slot.shadeLevel == UInt8(((1 - 0.55 * 0.5) * 255).rounded()) && slot.page.opacity == 1)
        let shaded = try #require(slot.shaded)
        // One pixel, by hand: the picture's over the background at that level.
        let c = slot.picture.row(10, as: UInt32.self)[10], bg = ScreenColors.background
        let a = Int(slot.shadeLevel)
        for shift in [0, 8, 16] {
            let want = (Int((c >> UInt32(shift)) & 0xff) * a + Int((bg >> UInt32(shift)) & 0xff) * (255 - a) + 127) / 255
            #expect(abs(Int((shaded.row(10, as: UInt32.self)[10] >> UInt32(shift)) & 0xff) - want) <= 1)
        }
        let under = book.drawn.filter { $0.leaf != 1 }
        let left = try #require(under.last { $0.side < 0 }), right = try #require(under.last { $0.side > 0 })
        for d in [left, right] {
            let sh = try #require(book.slots[d.item]).shadow
            #expect(!sh.isHidden && abs(sh.opacity - 0.25) < 1e-12)
        }
        book.show(position: 0.5)
        #expect(book.drawn.allSatisfy { $0.leaf != 1 })
        let shadows = book.drawn.compactMap { book.slots[$0.item] }.filter { !$0.shadow.isHidden }
        #expect(shadows.count == 2 && shadows.allSatisfy { abs($0.shadow.opacity - 0.5) < 1e-12 })
    }

    /// The back control's title.
    static func backTitle(_ b: BookScreen) -> String? {
        guard case .text(let t, _)? = b.backButton.sublayers.first?.contents else { return nil }
        return t
    }

    /// The back control returns to where the book was opened from, sliding back (that
    /// screen comes in from the left), its title saying where: a folder revealed at home
    /// comes back open over home (modal, as it was left); the shelf comes back on the book
    /// it opened; a folder opened as a plain screen and a card list come back; from the
    /// menu, home.
    @Test func backReturnsWhereOpened() throws {
        let h = try ShowHarness(start: .home)
        let folder = FolderRevealLayout(
            show: ShowFixture.show, home: h.home, tile: 0, folder: ShowFixture.show.folders[0])
        try h.load(
            h.tap(h.home.tapPoint(0), at: 0.5) + h.tap(folder.tapPoint(0), at: 1.5)
                + h.tap(h.metrics.backButton.centre, at: 2.5))
        h.run(until: 2.4)
        let book = try #require(h.scene.screen as? BookScreen)
        #expect(book.backTarget == .folder("books") && Self.backTitle(book) == "‹ Books")
        h.run(until: 2.72)
        #expect(h.scene.current == .folder("books") && h.scene.home.layer.frame.minX < 0 && book.layer.frame.minX > 0)
        h.run(until: 3.2)
        let reveal = try #require(h.scene.reveal)
        #expect(h.scene.screen == nil && reveal.isOpening && !h.scene.isAnimating && h.router.modalTarget != nil)
        #expect(book.layer.superlayer == nil && !h.scene.home.layer.isHidden && h.scene.home.layer.frame.minX == 0)

        let (g, _) = try ShelfScreenTests.harness()
        try g.load(g.tap(Point2D(x: 679, y: 240), at: 0.2))  // cover 1: glides to the centre, opens
        g.run(until: 3, step: 1.0 / 60)
        let b = try #require(g.scene.screen as? BookScreen)
        #expect(b.backTarget == .shelf && b.bookID == DemoShow.show.books[1].id && Self.backTitle(b) == "‹ Shelf")
        try g.load(g.tap(g.metrics.backButton.centre, at: 3.2))
        g.run(until: 3.4, step: 1.0 / 60)
        let shelf = try #require(g.scene.screen as? ShelfScreen)
        #expect(shelf.centred == 1 && shelf.layer.frame.minX < 0)
        g.run(until: 4, step: 1.0 / 60)
        #expect(g.scene.current == .shelf && shelf.layer.frame.minX == 0 && shelf.offset(at: g.time) == 279)

        let k = try ShowHarness(start: .shelf)
        k.scene.open(.folder("books"), time: 0)  // away from home: a plain screen
        k.run(until: 0.5)
        #expect(k.scene.screen is FolderScreen)
        k.scene.open(.book("atlas"), time: 0.5)
        k.run(until: 1)
        #expect((k.scene.screen as? BookScreen)?.backTarget == .folder("books"))
        try k.load(k.tap(k.metrics.backButton.centre, at: 1.2))
        k.run(until: 2)
        #expect(k.scene.current == .folder("books") && k.scene.screen is FolderScreen)
        k.scene.open(.cards("team"), time: 2)
        k.run(until: 2.5)
        k.scene.open(.book("atlas"), time: 2.5)
        k.run(until: 3)
        let c = try #require(k.scene.screen as? BookScreen)
        #expect(c.backTarget == .cards("team") && Self.backTitle(c) == "‹ People")
        k.scene.open(.menu, time: 3)
        k.run(until: 3.5)
        k.scene.open(.book("tides"), time: 3.5)
        k.run(until: 4)
        let m = try #require(k.scene.screen as? BookScreen)
        #expect(m.backTarget == .home && Self.backTitle(m) == "‹ Home")
    }

    /// The resume name carries the page; a scene built from it opens there; a resize
    /// during a turn settles the page (where it was going) and lays the book out anew.
    @Test func resumeAndRotate() throws {
        let h = try ShowHarness(start: .book("atlas"))
        #expect(h.scene.resumeName == "book:atlas")
        let book = try #require(h.scene.screen as? BookScreen)
        book.turn(by: 2, now: 0)
        h.scene.update(time: 0.1)
        #expect(h.scene.resumeName == "book:atlas@1")
        h.scene.resize(width: 144, height: 240)
        let turned = try #require(h.scene.screen as? BookScreen)
        #expect(turned.position == 1 && !h.scene.isAnimating)
        #expect(turned.layout.spine == Point2D(x: 72, y: 120))
        let r = try #require(ShowScene.resume(parsing: "book:atlas@2"))
        #expect(r.target == .book("atlas") && r.bookPage == 2)
        #expect(ShowScene.resume(parsing: "book:atlas")! == (.book("atlas"), nil, false))
        #expect(ShowScene.resume(parsing: "home@2") == nil && ShowScene.resume(parsing: "book:atlas@x") == nil)
        let root = Layer()
        let s = ShowScene(
            show: ShowFixture.show, assets: ShowFixture.assets(), root: root, width: 240, height: 144,
            start: .book("atlas"), bookPage: 2)
        #expect((s.screen as! BookScreen).position == 2 && s.resumeName == "book:atlas@2")
        // Past the end: the last spread (the fixture's 8 pages: p = 3).
        let far = ShowScene(
            show: ShowFixture.show, assets: ShowFixture.assets(), root: Layer(), width: 240, height: 144,
            start: .book("atlas"), bookPage: 40)
        #expect((far.screen as! BookScreen).position == 3)
    }

    /// A book of light, plain pages (a 3:4 cover and 8 pages, 0xe8e4dc): only edges,
    /// shading and shadows make features on them.
    static func plainShow() throws -> (Show, ShowAssets, String) {
        let dir = NSTemporaryDirectory() + "vitrine-plain-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let page = try Surface(width: 60, height: 80, format: .xrgb8888)
        page.fill(0xffe8_e4dc)
        try PNG.write(page, to: dir + "/page.png")
        var show = ShowFixture.show
        show.books = [Book(id: "plain", title: "Plain", cover: "page.png", pages: Array(repeating: "page.png", count: 8))]
        return (show, ShowAssets(directory: dir), dir)
    }

    /// No light line along the turning leaf's free edge (it was there: the leaf drawn
    /// with its shading opacity over the bright leaf under it, at the edge's pixel
    /// column only): along rows across the page, the column the edge crosses is not
    /// lighter than both its neighbours, at several points of a turn either way.
    @Test(arguments: [0.1, 0.25, 0.4, 0.6, 0.75, 0.9]) func noLightLineAtTheTurningEdge(p: Double) throws {
        let (show, assets, dir) = try Self.plainShow()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let h = try ShowHarness(show: show, assets: assets, panelWidth: 800, panelHeight: 480, start: .book("plain"))
        let book = try #require(h.scene.screen as? BookScreen)
        book.show(position: p)
        let s = try h.render()
        let turning = try #require(book.drawn.last)
        #expect(turning.leaf == 1)
        let x = Int((400 + Double(turning.side) * turning.reach).rounded(.down))
        func lum(_ x: Int, _ y: Int) -> Int {
            let c = s.row(y, as: UInt32.self)[x]
            return Int((c >> 16) & 0xff) + Int((c >> 8) & 0xff) + Int(c & 0xff)
        }
        for y in stride(from: 140, through: 340, by: 20) {
            let m = max(lum(x - 1, y), lum(x + 1, y))
            #expect(lum(x, y) <= m + 3, "p \(p), row \(y): column \(x) at \(lum(x, y)), neighbours \(lum(x - 1, y)) \(lum(x + 1, y))")
        }
    }

    /// A show folder whose book has a cover, a picture of another aspect, a missing one,
    /// a corrupt one and one whose header says 8000x8000.
    static func badShow() throws -> (Show, ShowAssets, String) {
        let dir = NSTemporaryDirectory() + "vitrine-book-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let cover = try Surface(width: 30, height: 40, format: .xrgb8888)
        cover.fill(0xff33_6699)
        try PNG.write(cover, to: dir + "/cover.png")
        let wide = try Surface(width: 80, height: 40, format: .xrgb8888)
        wide.fill(0xff99_3333)
        try PNG.write(wide, to: dir + "/wide.png")
        try Data([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5, 6]).write(to: URL(fileURLWithPath: dir + "/corrupt.png"))
        let huge: [UInt8] = [
            0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
            0x1f, 0x40, 0x00, 0x00, 0x1f, 0x40, 0x08, 0x06, 0x00, 0x00, 0x00, 0x06, 0xf1, 0xad, 0xf4, 0x00, 0x00, 0x00,
            0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
        ]
        try Data(huge).write(to: URL(fileURLWithPath: dir + "/huge.png"))
        var show = ShowFixture.show
        show.books = [
            Book(id: "bad", title: "Bad", cover: "cover.png", pages: ["wide.png", "missing.png", "corrupt.png", "huge.png"]),
            Book(id: "empty", title: "Empty", cover: "cover.png", pages: []),
            Book(id: "one", title: "One", cover: "cover.png", pages: ["wide.png"]),
            Book(id: "long", title: "Long", cover: "cover.png", pages: (0..<500).map { "long/\($0).png" }),
        ]
        return (show, ShowAssets(directory: dir), dir)
    }

    /// Bad pages open as placeholders, one warning each; a wide picture is fitted on
    /// paper; books of no page, one page, an odd count turn through without trouble.
    @Test func badPagesStillOpen() throws {
        let (show, assets, dir) = try Self.badShow()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let h = try ShowHarness(show: show, assets: assets, panelWidth: 800, panelHeight: 480, start: .book("bad"))
        let book = try #require(h.scene.screen as? BookScreen)
        #expect(book.layout.pageWidth == 306 && book.layout.pageHeight == 408)  // the cover's 3:4
        for p in stride(from: -1.0, through: 2.0, by: 0.125) {
            book.show(position: p)
            try h.render()
        }
        let warnings = assets.takeWarnings().filter { !$0.contains("/i/") && !$0.contains("wall.jpg") }
        #expect(warnings.count == 3, "\(warnings)")
        #expect(warnings.contains { $0.contains("missing.png") } && warnings.contains { $0.contains("corrupt.png") })
        #expect(warnings.contains { $0.contains("huge.png") })
        // The wide (2:1) page on the 3:4 page: paper above and below the picture (306 x
        // 153, from row 128), the picture in the middle.
        let wide = book.picture(1)
        #expect(wide.width == 306 && wide.height == 408)
        #expect(wide.row(100, as: UInt32.self)[153] & 0xff_ffff == BookScreen.paper & 0xff_ffff)
        #expect(wide.row(204, as: UInt32.self)[153] & 0xff_ffff == 0x99_3333)
        // The cover fills its page, its corners rounded: clear at the corner pixel.
        let cover = book.picture(0)
        #expect(cover.width == 306 && cover.height == 408 && cover.format == .argb8888)
        #expect(cover.row(204, as: UInt32.self)[153] == 0xff33_6699)
        #expect(cover.row(0, as: UInt32.self)[0] >> 24 < 128 && cover.row(407, as: UInt32.self)[305] >> 24 < 128)
        book.show(position: 0)
        book.show(position: 0.5)
        #expect(assets.takeWarnings().isEmpty)  // once each
        for id in ["empty", "one"] {
            let g = try ShowHarness(show: show, assets: assets, start: .book(id))
            let b = try #require(g.scene.screen as? BookScreen)
            #expect(b.layout.maxPage == 0)
            for p in stride(from: -1.0, through: 0.0, by: 0.25) {
                b.show(position: p)
                try g.render()
            }
            // The empty book opens onto the cover's blank back (paper).
            if id == "empty" { #expect(b.drawn.map(\.item) == [1]) }
        }
    }

    /// 500 pages: opening fetches the cover and the few pages of the fan, not all; turning
    /// 20 pages keeps about a dozen items' layers; every picture fetched is of a leaf
    /// within 4 of p when it is fetched.
    @Test func longBookFetchesOnlyWhatIsNear() throws {
        let (show, assets, dir) = try Self.badShow()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let h = try ShowHarness(show: show, assets: assets, panelWidth: 800, panelHeight: 480, start: .book("long"))
        let book = try #require(h.scene.screen as? BookScreen)
        #expect(book.layout.maxPage == 249)
        // At p = -1: the fronts of the 4 leaves fanned under the cover (all missing
        // files: one warning each); the cover gives the aspect.
        let opened = assets.takeWarnings().filter { $0.contains("/long/") }
        #expect(opened.count == 4, "\(opened)")
        var p = -1.0
        var most = 0
        while p <= 20 {
            book.show(position: p)
            try h.render()
            for w in assets.takeWarnings() where w.contains("/long/") {
                let page = Int(w.split(separator: "/").last!.split(separator: ".").first!)!
                let leaf = Double((page + 1) / 2)
                #expect(leaf >= p - 4 && leaf <= p + 7, "page \(page) fetched at p \(p)")
            }
            most = max(most, book.slots.count)
            p += 0.1
        }
        #expect(most <= 16, "\(most) slots")
    }
}
