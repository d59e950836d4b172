import Compositor
import FixedPoint
import Motion
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

@Suite struct ShowSceneRevealTests {
    /// The fixture at 240x144: one row of 4 tiles (5 columns in landscape) with its
    /// bottom at y = 105; the "books" panel is a bar (20) + one row of 31-point icons
    /// (31 * 1.5 = 46.5, rounded up to 47) + a 6-point margin = 73 high;
    /// 105 + 73 - 144 = 34 points don't fit below, so the upper part rises by 34 and
    /// the lower part goes down by 39, its top edge ending at 144. The arrow (5 high, 10
    /// wide) points at tile 0's centre, x = 52.5.
    @Test func geometryWhenThePanelDoesNotFitBelow() {
        let home = HomeLayout(home: ShowFixture.show.home, width: 240, height: 144)
        let r = FolderRevealLayout(show: ShowFixture.show, home: home, tile: 0, folder: ShowFixture.show.folders[0])
        #expect(r.split == 105 && r.pointX == 52.5)
        #expect(r.panelHeight == 73 && r.rise == 34)
        #expect(r.upperOffset(1) == -34 && r.lowerOffset(1) == 39)
        #expect(r.panelTop(1) == 71 && r.lowerTop(1) == 144)
        #expect(r.arrow == Rect2D(x: 47, y: -5, width: 10, height: 5))
        #expect(r.title == Rect2D(x: 6, y: 0, width: 228, height: 20))
        #expect(r.grid.cellWidth == 45 && r.grid.icon == 31 && r.grid.cellHeight == 46)  // the home screen's
        #expect(r.grid.cell(0).minY == 20)
        #expect(r.openPanel == Rect2D(x: 0, y: 71, width: 240, height: 73))
        #expect(r.tapPoint(1).y == 71 + r.grid.tapPoint(1).y)
    }

    /// Portrait 144x240: the panel (20 + 45 + 6 = 71: 30-point icons, 30 * 1.5 = 45) fits
    /// below the first row (bottom at 130), so the upper part stays.
    @Test func geometryWhenThePanelFitsBelow() {
        let home = HomeLayout(home: ShowFixture.show.home, width: 144, height: 240)
        let r = FolderRevealLayout(show: ShowFixture.show, home: home, tile: 0, folder: ShowFixture.show.folders[0])
        #expect(r.split == 130 && r.panelHeight == 71 && r.rise == 0)
        #expect(r.upperOffset(1) == 0 && r.lowerTop(1) == 201)
        // A folder too big for the screen is cut to the screen less two bar heights.
        var show = ShowFixture.show
        show.folders[0].tiles = Array(repeating: show.folders[0].tiles[0], count: 40)
        let big = FolderRevealLayout(show: show, home: home, tile: 3, folder: show.folders[0])
        #expect(big.panelHeight == 240 - 40)
        #expect(big.lowerTop(1) == 240 && big.panelTop(1) == 40)
        #expect(big.grid.rows == 14 && big.grid.cellHeight * 14 <= 200 - 20 - 6)
    }

    /// Numbers, in all four orientations: at time t after the opening starts, the lower
    /// part's top edge is at split + p(t) * (panel height - rise) and the upper part at
    /// -p(t) * rise, within 1 px, p being the 0.5 s ease-out curve's value; the panel's
    /// top edge follows the upper part's bottom; the arrow's apex is within 1 px of the
    /// tapped tile's centre x, rising out of the gap (at most as high above the panel as
    /// the panel shows; open, it stands on the top edge). Then nothing moves.
    @Test(arguments: [0, 90, 180, 270]) func partsFollowTheCurve(mount: Int) throws {
        let h = try ShowHarness(mount: mount, start: .home)
        try h.load(h.tap(h.home.tapPoint(3), at: 0.5))
        h.run(until: 0.6)
        let r = try #require(h.scene.reveal)
        #expect(h.scene.current == .folder("more"))
        let t0 = try #require(r.slide.start)
        #expect(t0 == 17.0 / 30)  // the first frame after the tap's lift at 0.55 s
        let L = r.layout
        for dt in [0, 0.05, 0.125, 0.25, 0.375, 0.45, 0.5, 0.8] {
            h.frame(at: t0 + dt)
            let p = FolderReveal.curve.value(at: min(1, dt / 0.5))
            let lowerTop = L.split + p * (L.panelHeight - L.rise)
            #expect(abs(r.lower.frame.minY - lowerTop) <= 1, "dt=\(dt): \(r.lower.frame.minY) vs \(lowerTop)")
            #expect(abs(r.upper.frame.minY + p * L.rise) <= 1, "dt=\(dt)")
            #expect(r.upper.frame.maxY == r.panel.layer.frame.minY)
            let arrow = r.panel.arrow.frame
            let gap = r.lower.frame.minY - r.panel.layer.frame.minY
            #expect(arrow.minY == -min(L.arrow.height, gap) && abs(arrow.centre.x - L.pointX) <= 1, "dt=\(dt)")
            #expect(abs(r.panel.layer.frame.minX) == 0 && r.panel.layer.frame.width == Double(h.scene.width))
            #expect(h.scene.isAnimating == (dt < 0.5), "dt=\(dt)")
        }
        #expect(r.lower.frame.minY == L.lowerTop(1))
        #expect(!h.scene.home.layer.isHidden && h.scene.home.content.isHidden)
    }

    /// The capture: the upper part shows the home screen as it was above the split
    /// (moved by the upper part's offset), the lower part the rest (moved down), with the
    /// panel's colour between them and in the arrow.
    @Test func captureShowsTheHomeScreenSplit() throws {
        let home = try ShowHarness(show: DemoShow.show, assets: ShowAssets.demo(), start: .home, text: true)
        let before = try Surface(width: 240, height: 144, format: .xrgb8888)
        _ = try home.compositor.render(into: before, bufferAge: 0)
        let h = try ShowHarness(show: DemoShow.show, assets: ShowAssets.demo(), start: .folder("books"), text: true)
        h.scene.update(time: 0.25)
        let stats = try h.compositor.render(into: h.target, bufferAge: 0)
        #expect(stats.snapshots == 1)
        let r = try #require(h.scene.reveal)
        let L = r.layout
        let v = FolderReveal.curve.value(at: 0.5)
        let up = Int(L.upperOffset(v))
        let down = Int(L.lowerOffset(v))
        let split = Int(L.split)
        var mismatches = 0
        // The bar's rows: chrome, not captured (theBarStaysPutWhileAFolderOpens).
        let bar = Int(h.metrics.barHeight)
        for y in bar..<144 {
            let source: Int?
            if y < split + up {
                source = y - up
            } else if y >= split + down {
                source = y - down
            } else {
                source = nil
            }
            for x in stride(from: 0, to: 240, by: 3) {
                let inArrow =
                    Double(x) >= L.arrow.minX && Double(x) < L.arrow.maxX && y >= split + up - Int(L.arrow.height)
                    && y < split + up
                if let s = source, !inArrow {
                    if h.target[x, y] != before[x, s] { mismatches += 1 }
                } else if y >= split + up + 1, y < split + down, x < 4 {
                    #expect(h.target[x, y] == ScreenColors.panel, "(\(x), \(y))")
                }
            }
        }
        #expect(mismatches == 0)
        // The arrow: the panel's colour just above the panel's top edge at the apex's x.
        let apexX = Int(L.arrow.minX + L.arrow.width / 2)
        #expect(h.target[apexX, split + up - 2] == ScreenColors.panel)
        #expect(h.target[Int(L.arrow.minX) - 2, split + up - 2] == before[Int(L.arrow.minX) - 2, split - 2])
    }

    /// The top bar is chrome: while a folder opens near the bottom (the upper part
    /// rising under it), the bar's title and menu button stay where they are at home, at
    /// every size: each bright pixel of the bar at rest (title and button, every channel
    /// over 200) is the same pixel at every step of the opening, and the bar covers the
    /// same rows. Before, the bar went up with the upper part, cut to a stub.
    @Test(arguments: [(240, 144), (800, 480), (1920, 1080)])
    func theBarStaysPutWhileAFolderOpens(size: (Int, Int)) throws {
        let (w, hgt) = size
        let home = try ShowHarness(
            show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: w, panelHeight: hgt, start: .home, text: true)
        let rest = try Surface(width: w, height: hgt, format: .xrgb8888)
        _ = try home.compositor.render(into: rest, bufferAge: 0)
        let barRows = Int(home.metrics.barHeight)
        var bright: [(Int, Int)] = []
        for y in 0..<barRows {
            for x in 0..<w {
                let p = rest[x, y]
                if (p >> 16) & 0xff > 200 && (p >> 8) & 0xff > 200 && p & 0xff > 200 { bright.append((x, y)) }
            }
        }
        #expect(bright.count > 20, "the bar shows a title and a button")
        let h = try ShowHarness(
            show: DemoShow.show, assets: ShowAssets.demo(), panelWidth: w, panelHeight: hgt, start: .folder("books"),
            text: true)
        let r = try #require(h.scene.reveal)
        #expect(r.layout.rise > 0, "the folder's panel does not fit below its tile: the upper part rises")
        for t in [0.0, 0.1, 0.2, 0.3, 0.5, 1.0] {
            h.scene.update(time: t)
            _ = try h.compositor.render(into: h.target, bufferAge: 0)
            var worst = 0
            for (x, y) in bright {
                let a = h.target[x, y], b = rest[x, y]
                for shift: UInt32 in [0, 8, 16] {
                    worst = max(worst, abs(Int((a >> shift) & 0xff) - Int((b >> shift) & 0xff)))
                }
            }
            #expect(worst <= 16, "\(w)x\(hgt) t = \(t): a bright pixel of the bar changed by \(worst)")
        }
    }

    /// While the folder is open only the panel takes touches: a tap where a home tile
    /// shows (captured) closes the folder instead of opening the tile; a tap on the
    /// panel's title does nothing; a tap on a panel tile opens its target.
    @Test func onlyThePanelTakesTouches() throws {
        let h = try ShowHarness(start: .home)
        let L = FolderRevealLayout(show: h.scene.show, home: h.home, tile: 0, folder: h.scene.show.folders[0])
        let shelfTile = h.home.tapPoint(1)
        let raised = Point2D(x: shelfTile.x, y: shelfTile.y + L.upperOffset(1))
        try h.load(
            h.tap(h.home.tapPoint(0), at: 0.5) + h.tap(Point2D(x: 200, y: L.panelTop(1) + 10), at: 1.2)
                + h.tap(raised, at: 1.6))
        h.run(until: 1.5)
        #expect(h.scene.current == .folder("books") && !h.scene.isAnimating)
        #expect(h.router.modalTarget == LayerTarget(h.scene.reveal!.panel.layer))
        h.run(until: 1.7)
        #expect(h.scene.current == .home)
        h.run(until: 2.5)
        #expect(h.scene.reveal == nil && h.scene.screen == nil)
        #expect(h.router.modalTarget == nil)
        // Open again; a panel tile opens its book with the slide, and the reveal goes
        // with the home screen: back home, the home screen is closed.
        try h.load(h.tap(h.home.tapPoint(0), at: 3.0) + h.tap(L.tapPoint(1), at: 4.0))
        h.run(until: 4.1)
        #expect(h.scene.current == .book("tides"))
        #expect(h.router.modalTarget == nil)
        #expect(h.scene.reveal != nil)  // sliding out with the home screen
        h.run(until: 4.5)
        #expect(h.scene.reveal == nil && h.scene.home.layer.isHidden && !h.scene.home.content.isHidden)
        h.scene.goHome(time: 5)
        h.run(until: 5.5)
        #expect(h.scene.current == .home && h.scene.reveal == nil && !h.scene.isAnimating)
    }

    /// A tap during the opening reverses it from where it is (0.5 s ease-out back to
    /// closed); a tap during the closing opens it again from where it is.
    @Test func tapsDuringTheAnimationsReverseThem() throws {
        let h = try ShowHarness(start: .folder("books"))
        let r = try #require(h.scene.reveal)
        let L = r.layout
        try h.load(h.tap(L.abovePanel, at: 0.1))
        h.run(until: 0.2)  // the tap lifts at 0.15: the closing starts at the frame after
        #expect(h.scene.current == .home)
        #expect(!r.isOpening)
        let t1 = try #require(r.slide.start)
        let v1 = FolderReveal.curve.value(at: 0.15 / 0.5)
        #expect(t1 == 5.0 / 30)  // the first frame after the lift at 0.15 s
        // From where it was at the frame before (4/30 s into the opening).
        #expect(r.slide.from == FolderReveal.curve.value(at: (4.0 / 30) / 0.5))
        h.frame(at: t1 + 0.25)
        let v = r.slide.from * (1 - FolderReveal.curve.value(at: 0.5))
        #expect(abs(r.lower.frame.minY - (L.split + v * (L.panelHeight - L.rise))) <= 1)
        #expect(v1 > 0)
        // During the closing, a tap (on the panel still showing) opens it again.
        try h.load(h.tap(Point2D(x: 3, y: L.split + 1), at: t1 + 0.3))
        h.run(until: t1 + 0.45)
        #expect(r.isOpening && h.scene.current == .folder("books"))
        h.run(until: t1 + 1.2)
        #expect(!h.scene.isAnimating && h.scene.reveal === r)
        #expect(r.lower.frame.minY == L.lowerTop(1))
    }

    /// `goHome` (the menu, the control socket, the idle reset) closes the folder with
    /// the closing animation; home is `current` at once; no launch doors.
    @Test func goHomeClosesTheFolder() throws {
        let h = try ShowHarness()
        try h.load(h.tap(h.home.tapPoint(0), at: 2.0))
        h.run(until: 2.8)
        #expect(h.scene.current == .folder("books"))
        h.scene.goHome(time: 3)
        #expect(h.scene.current == .home)
        h.run(until: 3.25)
        #expect(h.scene.reveal != nil && h.scene.isAnimating)
        h.run(until: 3.6)
        #expect(h.scene.reveal == nil && h.scene.launch == nil && !h.scene.isAnimating)
        #expect(!h.scene.home.content.isHidden)
    }

    /// The capture picture is made when a folder opens (the tap, before its frame) and
    /// goes with the reveal: the home screen keeps no screen-sized picture for it (the
    /// memory budget). Each opening gets a new one; once the folder has closed and a
    /// frame has been drawn without it, nothing holds it.
    @Test func theCaptureIsMadeForTheRevealAndGoesWithIt() throws {
        let h = try ShowHarness(start: .home)
        let tile = h.home.tapPoint(0)
        try h.load(h.tap(tile, at: 0.5) + h.tap(Point2D(x: 120, y: 10), at: 1.5) + h.tap(tile, at: 3))
        h.run(until: 0.6)
        try h.render()
        weak var first: Surface?
        do {
            let r = try #require(h.scene.reveal)
            guard case .image(let picture) = r.lowerImage.contents else {
                Issue.record("the lower part shows no picture")
                return
            }
            #expect(picture.width == 240 && picture.height == 144 && picture.format == .xrgb8888)
            #expect(!r.upperImage.isSnapshotPending)  // drawn in the tap's frame
            first = picture
        }
        #expect(first != nil)
        h.run(until: 2.5)  // closed by the tap above the panel at 1.5, 0.5 s
        try h.render()
        #expect(h.scene.reveal == nil && !h.scene.home.content.isHidden)
        #expect(first == nil, "the closed reveal's capture is still held")
        h.run(until: 3.1)
        let again = try #require(h.scene.reveal)
        guard case .image(let second) = again.lowerImage.contents else {
            Issue.record("the second reveal shows no picture")
            return
        }
        #expect(second.width == 240 && again.upperImage.isSnapshotPending)
    }

    /// Without memory for the capture, nothing splits: the panel opens over the live
    /// home screen, which stays shown, and closing takes the panel away.
    @Test func withoutACaptureThePanelOpensOverTheLiveHomeScreen() throws {
        let h = try ShowHarness(start: .home)
        let home = h.scene.home
        let layout = FolderRevealLayout(
            show: ShowFixture.show, home: home.home, tile: 0, folder: ShowFixture.show.folders[0])
        let r = FolderReveal(
            layout: layout, folder: ShowFixture.show.folders[0], folderID: "books", content: home.content,
            capture: nil, parent: home.layer, context: h.scene.context(), start: 0)
        r.update(time: 1)
        #expect(!home.content.isHidden && r.upperImage.contents == .none && r.lowerImage.contents == .none)
        #expect(r.panel.layer.superlayer === home.layer && r.panel.layer.frame.minY == layout.panelTop(1))
        r.remove(showing: home.content)
        #expect(r.panel.layer.superlayer == nil && !home.content.isHidden)
    }

    /// A rotation while a folder is open: it is open over the new home screen at once
    /// (a new capture, the new layout); while closing, it just goes.
    @Test func resizeKeepsTheFolderOpen() throws {
        let h = try ShowHarness(start: .folder("books"))
        h.scene.update(time: 1)
        h.scene.resize(width: 144, height: 240)
        let r = try #require(h.scene.reveal)
        #expect(h.scene.current == .folder("books"))
        #expect(r.layout.metrics.isPortrait)
        #expect(r.upperImage.isSnapshotPending)
        #expect(r.lower.frame.minY == r.layout.lowerTop(1))
        #expect(!h.scene.isAnimating)
        h.scene.goHome(time: 2)
        h.scene.update(time: 2.1)
        h.scene.resize(width: 240, height: 144)
        #expect(h.scene.reveal == nil && h.scene.current == .home && !h.scene.home.content.isHidden)
    }

    /// A folder tile on the second home page: the reveal splits that page at the tile's
    /// row and points at it; opening the folder by name reveals it from its first tile,
    /// whose page is shown first.
    @Test func folderTileOnTheSecondPage() throws {
        let show = HomePagingTests.show(tiles: 23)
        let h = try ShowHarness(show: show, start: .home)
        let home = h.scene.home
        home.show(page: 1)
        try h.load(h.tap(home.home.tapPoint(15), at: 0.5))  // tile 15: a folder (every fifth)
        h.run(until: 1.2)
        let r = try #require(h.scene.reveal)
        #expect(r.layout.tile == 15 && r.layout.split == home.home.rowBottom(of: 15))
        #expect(r.layout.pointX == home.home.cell(15).centre.x)
        #expect(home.page == 1 && home.strip.frame.minX == -240)
        h.scene.goHome(time: 1.3)
        h.run(until: 2)
        #expect(h.scene.reveal == nil)
        h.scene.open(.folder("books"), time: 2.5)
        let again = try #require(h.scene.reveal)
        #expect(again.layout.tile == 0 && home.page == 0 && home.strip.frame.minX == 0)
    }

    /// Opening a folder away from home (the menu) is the plain folder screen; so is a
    /// folder no home tile opens.
    @Test func folderAwayFromHomeIsAPlainScreen() throws {
        let h = try ShowHarness(start: .menu)
        h.scene.open(.folder("books"), time: 1)
        h.scene.update(time: 1.4)
        #expect(h.scene.screen is FolderScreen && h.scene.reveal == nil)
        var show = ShowFixture.show
        show.home.tiles.removeAll { $0.open == .folder("more") }
        let g = try ShowHarness(show: show, start: .home)
        g.scene.open(.folder("more"), time: 1)
        #expect(g.scene.screen is FolderScreen && g.scene.reveal == nil)
        g.scene.open(.home, time: 2)
        g.scene.update(time: 2.4)
        g.scene.open(.folder("books"), time: 3)
        #expect(g.scene.reveal != nil && g.scene.screen == nil)
    }
}
