import Compositor
import Raster
import Show
import Testing

@testable import Scenes

/// Pictures fetched ahead of the screens that draw them (`ShowScene+Fetch.swift`): with
/// `fetchesAhead`, no frame (the scene's update) decodes or resamples a picture for a
/// screen a tap opens, or for home under the launch doors; the gaps between frames
/// (`prepareAhead()`) do, one picture each, and the screen comes when they are done.
@Suite struct ShowSceneFetchTests {
    /// One frame at `t` as the runtime draws it (the harness's events, tick and update),
    /// then the gap's look-ahead: the resampled pictures the frame made, those the gap
    /// made, and whether a navigation waited in the gap (it may start there).
    private func frame(_ h: ShowHarness, at t: Double) -> (made: Int, gapMade: Int, waited: Bool) {
        let before = h.scene.pictures.made
        h.looksAhead = false
        h.frame(at: t)
        let made = h.scene.pictures.made - before
        let waited = h.scene.pending != nil
        _ = h.scene.prepareAhead()
        return (made, h.scene.pictures.made - before - made, waited)
    }

    /// A tap on a book in a folder's panel: the folder stays while the book's cover and
    /// the leaves under it are made between frames, the book's screen is built in the
    /// gap that makes the last and slides in from the next frame; no frame made a
    /// picture. Tapped while the panel still opens (`moving`), a gap makes one item's
    /// picture; at rest, several (a screen's worth of pixels).
    @Test(arguments: [(0, false), (90, false), (0, true)])
    func aTappedBookWaitsForItsPicturesMadeBetweenFrames(mount: Int, moving: Bool) throws {
        let h = try ShowHarness(mount: mount, start: .folder("books"), fetchesAhead: true)
        let reveal = try #require(h.scene.reveal)
        let tap = moving ? 0.3 : 1.0
        try h.load(h.tap(reveal.layout.tapPoint(0), at: tap))
        var t = 0.0
        var made = 0
        var gaps = 0
        var onePerGap = true
        while h.scene.current != .book("atlas") && t < tap + 2 {
            t += 1.0 / 60
            let opening = h.scene.reveal?.isMoving(at: t) == true
            let f = frame(h, at: t)
            made += f.made
            if f.waited {
                gaps += 1
                #expect(h.scene.isAnimating, "a waiting navigation keeps the frames coming")
                // One item a gap: the cover's is two pictures (the plain one it is rounded from).
                if opening && f.gapMade > 2 { onePerGap = false }
            }
        }
        let book = try #require(h.scene.screen as? BookScreen)
        // Each item the closed book draws (the cover's size is known: the panel's icon),
        // one a gap while the panel moves, several at rest.
        let items = BookPictures.closedItems(book.layout)
        #expect(onePerGap, "a gap made more than one picture while the panel opened")
        if moving {
            #expect(gaps == items.count, "gaps \(gaps), items \(items)")
        } else {
            #expect(gaps >= 1 && gaps < items.count, "gaps \(gaps), items \(items)")
        }
        #expect(made == 0, "frames made \(made) pictures")
        #expect(h.scene.pending == nil)
        #expect(Set(book.slots.keys) == Set(items))
        // Built in the gap: the slide starts at the next frame.
        #expect(h.scene.transition?.slide.start == nil)
        t += 1.0 / 60
        #expect(frame(h, at: t).made == 0)
        #expect(h.scene.transition?.slide.start == t)
        for _ in 0..<30 {
            t += 1.0 / 60
            #expect(frame(h, at: t).made == 0)
        }
        #expect(h.scene.transition == nil && h.scene.current == .book("atlas"))
    }

    /// The back control of a book opened from a folder's panel: the folder comes back
    /// revealed, its icons (still cached here: small) and the snapshot's surface made in
    /// the gap after the tap's frame, which builds it; no frame makes a picture.
    @Test func theWayBackToARevealedFolderWaitsForItsSnapshotSurface() throws {
        let h = try ShowHarness(start: .folder("books"), fetchesAhead: true)
        let reveal = try #require(h.scene.reveal)
        try h.load(h.tap(reveal.layout.tapPoint(1), at: 1.0) + h.tap(h.metrics.backButton.centre, at: 2.0))
        var t = 0.0
        while t < 2.04 {
            t += 1.0 / 60
            _ = frame(h, at: t)
        }
        #expect(h.scene.current == .book("tides"))
        var made = 0
        var gaps = 0
        while h.scene.current != .folder("books") && t < 4 {
            t += 1.0 / 60
            let f = frame(h, at: t)
            made += f.made
            if f.waited { gaps += 1 }
        }
        #expect(h.scene.reveal != nil && h.scene.screen == nil)
        #expect(made == 0)
        #expect(gaps == 1, "gaps \(gaps)")
    }

    /// A menu item opening a folder (called as the item's tap calls it): the folder
    /// comes under the menu as a screen of its own once its icons are made between
    /// frames; no frame makes a picture.
    @Test func aMenuItemWaitsForItsScreensPictures() throws {
        var show = ShowFixture.show
        show.menu = [MenuItem(title: "Books", open: .folder("books"))]
        let h = try ShowHarness(show: show, start: .menu, fetchesAhead: true)
        var t = 0.0
        while t < 1 {
            t += 1.0 / 60
            _ = frame(h, at: t)
        }
        #expect(h.scene.menu != nil)
        h.scene.menuItemTapped(0)
        #expect(h.scene.pending?.underMenu == true)
        var made = 0
        var gaps = 0
        while !(h.scene.screen is FolderScreen) && t < 3 {
            t += 1.0 / 60
            let f = frame(h, at: t)
            made += f.made
            if f.waited { gaps += 1 }
        }
        #expect(h.scene.screen is FolderScreen && h.scene.reveal == nil)
        #expect(made == 0)
        // The folder's two book covers: one or two gaps (one a gap while the menu moves).
        #expect(gaps >= 1 && gaps <= 2, "gaps \(gaps)")
    }

    /// The menu button: the frame of the tap drops nothing; the gap after it builds the
    /// menu (its words rasterized there, with a text rasterizer), whose drop starts at the
    /// next frame.
    @Test func theMenuIsBuiltInTheGapAfterTheTap() throws {
        let h = try ShowHarness(start: .home, text: true, fetchesAhead: true)
        try h.load(h.tap(h.metrics.menuButton.centre, at: 0.5))
        var t = 0.0
        h.looksAhead = false
        while h.scene.pending == nil && t < 2 {
            t += 1.0 / 60
            h.frame(at: t)
        }
        #expect(h.scene.pending?.target == .menu && h.scene.menu == nil)
        _ = h.scene.prepareAhead()
        let menu = try #require(h.scene.menu)
        #expect(h.scene.pending == nil)
        t += 1.0 / 60
        h.frame(at: t)
        #expect(menu.isMoving && h.scene.current == .menu)
    }

    /// A newer navigation replaces a waiting one: a tap on a book, then the control's
    /// `home` before its pictures are fetched: home, never the book.
    @Test func goingHomeDropsAWaitingNavigation() throws {
        let h = try ShowHarness(start: .folder("books"), fetchesAhead: true)
        let reveal = try #require(h.scene.reveal)
        try h.load(h.tap(reveal.layout.tapPoint(0), at: 1.0))
        var t = 0.0
        h.looksAhead = false  // the tap's frame only: its navigation waits
        while h.scene.pending == nil && t < 2 {
            t += 1.0 / 60
            h.frame(at: t)
        }
        #expect(h.scene.pending != nil)
        h.scene.goHome(time: t)
        #expect(h.scene.pending == nil && h.scene.current == .home)
        while t < 3 {
            t += 1.0 / 60
            _ = frame(h, at: t)
            #expect(h.scene.current == .home && h.scene.screen == nil)
        }
        #expect(h.scene.reveal == nil)
    }

    /// Without `fetchesAhead` a tap opens its screen at once (the pictures made in that
    /// frame): a caller that never looks ahead still navigates.
    @Test func withoutFetchingAheadATapOpensAtOnce() throws {
        let h = try ShowHarness(start: .folder("books"))
        let reveal = try #require(h.scene.reveal)
        try h.load(h.tap(reveal.layout.tapPoint(0), at: 1.0))
        h.looksAhead = false
        h.run(until: 1.1)
        #expect(h.scene.pending == nil && h.scene.current == .book("atlas"))
    }

    /// A cold start: home's wallpaper and icons are made between frames under the closed
    /// doors, home built from them before the doors open, and no frame makes a picture.
    /// Without the look-ahead, the first frame of the opening builds home.
    @Test func aColdStartFetchesHomeUnderTheClosedDoors() throws {
        let h = try ShowHarness(fetchesAhead: true)
        let opening = try #require(h.scene.launch?.openingStart)
        var t = 0.0
        var made = 0
        var builtAt: Double?
        while t < opening + 0.1 {
            t += 1.0 / 60
            made += frame(h, at: t).made
            if builtAt == nil, h.scene.homeScreen != nil { builtAt = t }
        }
        #expect(made == 0)
        #expect(builtAt.map { $0 < opening } == true, "home built at \(String(describing: builtAt))")
        #expect(h.scene.home.layer.superlayer != nil)

        let lazy = try ShowHarness(fetchesAhead: true)
        lazy.looksAhead = false
        lazy.run(until: opening - 0.05, step: 1.0 / 60)
        #expect(lazy.scene.homeScreen == nil)
        lazy.run(until: opening + 0.02, step: 1.0 / 60)
        #expect(lazy.scene.homeScreen != nil && lazy.scene.home.layer.superlayer != nil)
    }

    /// A fetch's step runs past the pictures made already: one picture made a gap.
    @Test func aStepMakesOnePictureAndSkipsThoseMade() throws {
        let pictures = ShowPictures(assets: ShowFixture.assets())
        let steps: [PictureFetch.Step] = ["a.png", "a.png", "b.png"].map { path in
            { fetch in fetch.hold(pictures.picture(path, width: 8, height: 8)) }
        }
        let fetch = PictureFetch(pictures: pictures, steps: steps)
        #expect(fetch.step() && pictures.made == 1 && !fetch.isDone)
        #expect(fetch.step() && pictures.made == 2 && fetch.isDone)
        #expect(!fetch.step())
        #expect(fetch.held.count == 3)
    }

    /// Held pictures stay cached through a settle (the screen they are for is still to
    /// come); let go, they are kept only within the resting budget like any other.
    @Test func heldPicturesOutlastASettle() throws {
        let pictures = ShowPictures(assets: ShowFixture.assets())
        pictures.fitBudget(width: 800, height: 480)
        let root = Layer(name: "root", frame: Rect2D(x: 0, y: 0, width: 800, height: 480))
        var fetch: PictureFetch? = PictureFetch(
            pictures: pictures,
            steps: [{ fetch in fetch.hold(pictures.picture("big.png", width: 800, height: 700)) }])
        fetch?.step()
        _ = pictures.picture("other.png", width: 800, height: 480)
        pictures.settle(showing: root)
        #expect(pictures.isCached("big.png"))
        fetch = nil
        pictures.settle(showing: root)
        #expect(!pictures.isCached("big.png"))
    }
}
