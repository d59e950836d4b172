import Compositor
import FixedPoint
import Motion
import Show
import Testing

@testable import Scenes

@Suite struct ShowSceneNavigationTests {
    /// Tap a folder tile: the folder opens over home (the reveal, 0.5 s from the next
    /// frame after the tap); a tap on the captured screen above it (here where the back
    /// button of a plain screen would be) closes it in 0.5 s, then nothing moves. (The
    /// folder was once a plain screen sliding in, closed by its back button.)
    @Test(arguments: [0, 90]) func folderTileRevealsAndATapAboveCloses(mount: Int) throws {
        let h = try ShowHarness(mount: mount)
        try h.load(h.tap(h.home.tapPoint(0), at: 2.0) + h.tap(h.metrics.backButton.centre, at: 3.0))
        h.run(until: 2.1)
        #expect(h.scene.current == .folder("books"))
        #expect(h.scene.isAnimating)
        #expect(h.scene.screen == nil && h.scene.reveal != nil)
        h.run(until: 2.7)
        #expect(!h.scene.isAnimating)
        #expect(!h.scene.home.layer.isHidden && h.scene.home.content.isHidden)
        h.run(until: 3.1)
        #expect(h.scene.current == .home)
        #expect(h.scene.isAnimating)
        h.run(until: 3.7)
        #expect(h.scene.reveal == nil)
        #expect(h.scene.screen == nil)
        #expect(!h.scene.home.content.isHidden)
        #expect(h.scene.home.layer.frame.minX == 0)
        #expect(!h.scene.isAnimating)
        #expect(h.scene.launch == nil)
        #expect(h.router.modalTarget == nil)
    }

    /// The slide: forward, the new screen comes from the right as the old one leaves to
    /// the left, by round(W * p) with p the ease-in-out value; back, the other way.
    @Test func transitionSlidesBothScreens() throws {
        let h = try ShowHarness(start: .home)
        h.scene.open(.shelf, time: 5)
        let shelf = try #require(h.scene.screen)
        h.scene.update(time: 5)
        #expect(shelf.layer.frame.minX == 240 && h.scene.home.layer.frame.minX == 0)
        h.scene.update(time: 5.075)
        let p = TimingCurve.easeInOut.value(at: 0.25)
        #expect(shelf.layer.frame.minX == 240 - (240 * p).rounded())
        #expect(h.scene.home.layer.frame.minX == -(240 * p).rounded())
        #expect(h.scene.isAnimating)
        h.scene.update(time: 5.15)
        #expect(shelf.layer.frame.minX == 120 && h.scene.home.layer.frame.minX == -120)
        h.scene.update(time: 5.3)
        #expect(shelf.layer.frame.minX == 0)
        #expect(h.scene.home.layer.isHidden)
        #expect(!h.scene.isAnimating)
        h.scene.goHome(time: 6)
        h.scene.update(time: 6.15)
        #expect(h.scene.home.layer.frame.minX == -120 && shelf.layer.frame.minX == 120)
        h.scene.update(time: 6.3)
        #expect(shelf.layer.superlayer == nil)
        #expect(h.scene.home.layer.frame.minX == 0)
    }

    /// Returning home (the control socket, the idle reset) never replays the doors.
    @Test func goHomeNeverReplaysTheDoors() throws {
        let h = try ShowHarness()
        h.run(until: 2)
        h.scene.open(.book("atlas"), time: 2)
        h.run(until: 2.5)
        #expect(h.scene.current == .book("atlas"))
        h.scene.goHome(time: 3)
        #expect(h.scene.current == .home)
        h.run(until: 4) { _ in
            #expect(h.scene.launch == nil)
            #expect(!h.compositor.root.sublayers.contains { $0.name == "launch" })
        }
        #expect(!h.scene.isAnimating)
        // At home already: nothing happens.
        h.scene.goHome(time: 4)
        #expect(!h.scene.isAnimating && h.scene.transition == nil)
    }

    /// A navigation during the doors cuts them short, and so does `goHome` (`vitrine ctl
    /// home`): home is the screen under them, so they go and nothing slides.
    @Test func openDuringTheDoorsCutsThemShort() throws {
        let h = try ShowHarness()
        h.scene.update(time: 0.2)
        h.scene.goHome(time: 0.2)
        #expect(h.scene.launch == nil)
        #expect(h.scene.current == .home && h.scene.transition == nil)
        let again = try ShowHarness()
        again.scene.update(time: 0.2)
        #expect(again.scene.launch != nil)
        again.scene.open(.menu, time: 0.3)
        #expect(again.scene.launch == nil)
        #expect(again.scene.current == .menu)
        again.scene.update(time: 0.6)
        #expect(again.scene.isAnimating)
        again.scene.update(time: 3)
        #expect(!again.scene.isAnimating && again.scene.menu?.isOpening == true)
    }

    /// Home tiles, folder tiles (in the revealed panel) and menu items open their targets;
    /// the menu button drops the menu (its items take taps once it has struck the stop; it
    /// is gone, closed, within 2.5 s of an item's tap).
    @Test func tilesAndMenuItemsOpenTheirTargets() throws {
        let h = try ShowHarness(start: .home)
        let folder = FolderRevealLayout(
            show: ShowFixture.show, home: h.home, tile: 0, folder: ShowFixture.show.folders[0])
        let menu = GuillotineMenuLayout(count: 2, metrics: h.metrics, bar: h.metrics.titleBar)
        try h.load(
            h.tap(h.home.tapPoint(1), at: 0.5)  // Shelf
                + h.tap(h.metrics.backButton.centre, at: 1.0)
                + h.tap(h.home.tapPoint(0), at: 1.5)  // folder "books"
                + h.tap(folder.tapPoint(1), at: 2.0)  // book "tides"
                + h.tap(h.metrics.backButton.centre, at: 2.5)  // back to the folder
                + h.tap(folder.abovePanel, at: 3.0)  // closes it
                + h.tap(h.home.menuButton.centre, at: 3.75)
                + h.tap(menu.item(1).centre, at: 5.25)  // Shelf
                + h.tap(h.metrics.backButton.centre, at: 7.75)
                + h.tap(h.home.menuButton.centre, at: 8.25)
                + h.tap(menu.item(0).centre, at: 9.75))  // Home
        var visits: [ShowTarget] = []
        h.run(until: 12.25) { _ in if visits.last != h.scene.current { visits.append(h.scene.current) } }
        #expect(h.scene.menu == nil)
        #expect(
            visits == [
                .home, .shelf, .home, .folder("books"), .book("tides"), .folder("books"), .home, .menu, .shelf, .home,
                .menu, .home,
            ])
    }

    /// A book: swipe left twice, then right once; it opens (p from -1 to 0), turns a
    /// page, and back, each swipe one page (fast releases: the next page that way).
    @Test(arguments: [0, 90]) func bookSwipesPageByPage(mount: Int) throws {
        let h = try ShowHarness(mount: mount, start: .book("atlas"))
        let book = try #require(h.scene.screen as? BookScreen)
        #expect(book.page == -1 && book.position == -1)
        let left = BookScreen.swipe(forward: true, metrics: h.metrics)
        let right = BookScreen.swipe(forward: false, metrics: h.metrics)
        func swipe(_ s: (from: Point2D, to: Point2D), at t: Double) -> String {
            let a = h.panel(s.from)
            let b = h.panel(s.to)
            return "\(t) swipe \(a.x) \(a.y) \(b.x) \(b.y) 0.3\n"
        }
        try h.load(swipe(left, at: 0.5) + swipe(left, at: 1.5) + swipe(right, at: 2.5))
        h.run(until: 1.4)
        #expect(book.page == 0 && book.position == 0)
        #expect(!h.scene.isAnimating)
        h.run(until: 2.4)
        #expect(book.page == 1 && book.position == 1)
        h.run(until: 3.4)
        #expect(book.page == 0 && book.position == 0)
        #expect(h.scene.current == .book("atlas"))
    }

    /// A card list: a swipe up flings it on (further than the finger went), and it comes
    /// to rest within the list (`CardListScreenTests` has the details).
    @Test func cardsFling() throws {
        let h = try ShowHarness(start: .cards("team"))
        let cards = try #require(h.scene.screen as? CardListScreen)
        let s = CardListScreen.swipe(forward: true, metrics: h.metrics)
        let a = h.panel(s.from)
        let b = h.panel(s.to)
        try h.load("0.5 swipe \(a.x) \(a.y) \(b.x) \(b.y) 0.3\n")
        h.run(until: 6)
        #expect(cards.offset > s.from.y - s.to.y)
        #expect(cards.offset <= cards.layout.maxOffset)
        #expect(!h.scene.isAnimating)
    }

    /// A rotation at run time lays everything out again and keeps the screen (and page).
    @Test func resizeKeepsTheScreen() throws {
        let h = try ShowHarness(start: .book("atlas"))
        (h.scene.screen as! BookScreen).turn(by: 3, now: 0)
        h.scene.update(time: 1)
        h.scene.resize(width: 144, height: 240)
        #expect(h.scene.current == .book("atlas"))
        let book = try #require(h.scene.screen as? BookScreen)
        #expect(book.page == 2 && book.position == 2)
        #expect(book.layer.frame == Rect2D(x: 0, y: 0, width: 144, height: 240))
        #expect(book.layout.width == 144 && book.layout.height == 240)
        #expect(h.scene.home.layer.isHidden)
        #expect(h.scene.home.home.metrics.isPortrait)
        // During the doors: the portrait doors, with the same timing.
        let cold = try ShowHarness()
        cold.scene.update(time: 1.1)
        cold.scene.resize(width: 144, height: 240)
        let doors = try #require(cold.scene.launch)
        #expect(doors.leftDoor.frame.maxX == 72 - 120)
    }

    /// When nothing moves, an update changes no layer: the next frame repaints nothing
    /// (during the doors' hold, and resting on every kind of screen).
    @Test func stillFramesRepaintNothing() throws {
        let cold = try ShowHarness()
        cold.scene.update(time: 0.1)
        _ = try cold.compositor.render(into: cold.target, bufferAge: 1)
        cold.scene.update(time: 0.4)
        #expect(!cold.compositor.needsDisplay)
        for start: ShowTarget in [
            .home, .folder("books"), .folder("nope"), .shelf, .book("atlas"), .cards("team"), .menu,
        ] {
            let h = try ShowHarness(start: start)
            h.scene.update(time: 3)  // the menu's drop rests within 2.5 s
            _ = try h.compositor.render(into: h.target, bufferAge: 1)
            h.scene.update(time: 4)
            #expect(!h.compositor.needsDisplay, "\(start)")
            #expect(try h.compositor.render(into: h.target, bufferAge: 1).repaintedPixels == 0)
        }
    }
}
