import Assets
import Compositor
import FixedPoint
import Input
import Motion
import Show
import ShowDemo
import Testing

@testable import Scenes

/// The shelf screen driven by touch scripts on an 800x480 panel with the demo show
/// (three 400x600 covers: slots 272 x 408, pitch 279), and with bad shows.
@Suite struct ShelfScreenTests {
    static func harness(
        show: Show = DemoShow.show, assets: ShowAssets = .demo(), mount: Int = 0
    ) throws -> (ShowHarness, ShelfScreen) {
        let h = try ShowHarness(show: show, assets: assets, panelWidth: 800, panelHeight: 480, mount: mount, start: .shelf)
        return (h, try #require(h.scene.screen as? ShelfScreen))
    }

    /// At rest: cover 0 centred, unscaled at 0.7 of its slot (190 x 286, whole points, a
    /// copy), cover 1 at the factor's floor (143 x 214 picture, identity transform), cover
    /// 2 beyond the screen's edge hidden or clipped.
    @Test func rest() throws {
        let (_, s) = try Self.harness()
        #expect(s.shownFrame(0) == Rect2D(x: 305, y: 97, width: 190, height: 286))
        #expect(s.covers[0].transform.isIdentity)
        #expect(s.shownFrame(1) == Rect2D(x: 608, y: 133, width: 143, height: 214))
        #expect(s.covers[1].transform.isIdentity)
        #expect(s.centred == 0 && !s.isMoving(at: 0))
        // Each layer holds its cover on a shadow: larger by the margin on every side
        // (half the blur, 7 of 13, and the drop, 4, for 190 x 286; 5 of 10 and 3 for
        // 143 x 214).
        #expect(s.covers[0].frame == Rect2D(x: 305 - 11, y: 97 - 11, width: 190 + 22, height: 286 + 22))
        #expect(s.covers[1].frame == Rect2D(x: 608 - 8, y: 133 - 8, width: 143 + 16, height: 214 + 16))
    }

    /// A cover is dressed as an object lying on the shelf: its corners rounded (radius
    /// 0.04 of its width: 7.6 points for 190) and a soft shadow around it, darkest just
    /// below its bottom edge, the whole laid on the shelf's background (opaque: a cover
    /// at rest is drawn as a copy).
    @Test func coversAreRoundedOnASoftShadow() throws {
        let (h, s) = try Self.harness()
        guard case .image(let p) = s.covers[0].contents else {
            Issue.record("cover 0 shows no picture")
            return
        }
        #expect(p.format == .xrgb8888 && p.width == 190 + 22 && p.height == 286 + 22)
        let plain = h.scene.pictures.picture(s.books[0].cover, width: 190, height: 286)
        let px = { (x: Int, y: Int) in p.row(y, as: UInt32.self)[x] & 0xff_ffff }
        let bg = ScreenColors.background & 0xff_ffff
        let darker = { (a: UInt32, b: UInt32) in (0..<3).allSatisfy { (a >> ($0 * 8)) & 0xff <= (b >> ($0 * 8)) & 0xff } }
        let (m, w, hh) = (11, 190, 286)
        // Inside, the cover as it is; its corner pixel is outside the arc: shadow on the
        // background, not the cover.
        #expect(px(m + w / 2, m + hh / 2) == plain.row(hh / 2, as: UInt32.self)[w / 2] & 0xff_ffff)
        #expect(px(m, m) != plain.row(0, as: UInt32.self)[0] & 0xff_ffff && darker(px(m, m), bg))
        #expect(px(m + w - 1, m + hh - 1) != plain.row(hh - 1, as: UInt32.self)[w - 1] & 0xff_ffff)
        // The shadow: the plain background at the picture's edges, darker below the
        // cover than above it.
        #expect(px(0, 0) == bg && px(m + w / 2, 0) == bg && px(m + w / 2, p.height - 1) == bg)
        #expect(px(m + w / 2, m + hh + 2) != bg && darker(px(m + w / 2, m + hh + 2), px(m + w / 2, m - 3)))
    }

    /// A flick left (finger 600 -> 200 in 0.1 s: some 4000 pt/s) passes cover 1 and
    /// rests on the last (ceil, clamped); the glide ends within about a second, exactly
    /// on offset 558, with no frame beyond it.
    @Test func flick() throws {
        let (h, s) = try Self.harness()
        try h.load("0.1 swipe 600 240 200 240 0.1\n")
        var maxOffset = -Double.infinity
        h.run(until: 1.6, step: 1.0 / 60) { t in maxOffset = max(maxOffset, s.offset(at: t)) }
        #expect(s.centred == 2)
        #expect(s.offset(at: h.time) == 558 && !s.isMoving(at: h.time))
        #expect(maxOffset <= 558)
        #expect(s.shownFrame(2) == Rect2D(x: 305, y: 97, width: 190, height: 286))
    }

    /// Between frames the shelf fetches the covers a scroll shows next, in both sizes
    /// (`prepareAhead`, one a gap, as the runtime calls it): a flick's frames then make
    /// no picture; without the look-ahead they make the covers coming into view.
    @Test func coversAreFetchedAheadOfAScroll() throws {
        func flick(lookingAhead: Bool) throws -> Int {
            let (h, s) = try Self.harness()
            h.looksAhead = false
            h.frame(at: 0.05)
            if lookingAhead {
                var fetched = 0
                while h.scene.prepareAhead() {
                    fetched += 1
                    try #require(fetched < 50, "the look-ahead never ends")
                }
                #expect(fetched > 0)
            }
            try h.load("0.1 swipe 600 240 200 240 0.1\n")
            var madeInFrames = 0
            var t = 0.05
            // The flick's frames, until the glide has settled (the warm-up of the book
            // it rests on comes `ShelfScreen.warmDelay` later, in updates that change
            // nothing on screen).
            while t < 0.15 || (h.scene.isAnimating && t < 10) {
                t += 1.0 / 60
                let m = h.scene.pictures.made
                h.frame(at: t)
                madeInFrames += h.scene.pictures.made - m
                if lookingAhead { _ = h.scene.prepareAhead() }
            }
            #expect(s.centred == 2)
            return madeInFrames
        }
        #expect(try flick(lookingAhead: true) == 0)
        #expect(try flick(lookingAhead: false) > 0)
    }

    /// A slow drag of 100 pt with a hold before the lift (velocity 0): round(100 / 279) = 0,
    /// back to the first; 200 pt: round(0.72) = 1.
    @Test(arguments: [(100, 0), (200, 1)]) func dragAndHold(distance: Int, expected: Int) throws {
        let (h, s) = try Self.harness()
        try h.load(
            """
            0.10 down 0 600 240
            0.15 move 0 590 240
            0.50 move 0 \(600 - distance) 240
            0.60 move 0 \(600 - distance) 240
            0.90 up 0
            """)
        h.run(until: 0.8, step: 1.0 / 60)
        // Following the finger: 100 or 200 pt of travel.
        #expect(s.offset(at: h.time) == Double(distance))
        h.run(until: 2.5, step: 1.0 / 60)
        #expect(s.centred == expected)
        #expect(s.offset(at: h.time) == Double(expected) * 279)
    }

    /// A tap on the centred cover opens its book: the tap builds the book screen over the
    /// shelf (back to the shelf), in the opening's first pose; over 0.5 s the other covers
    /// and the bar fade while the book lifts; at the end the scene adopts that very book
    /// screen (no slide, the shelf gone). `ShelfOpeningTests` checks the geometry.
    @Test func tapOpens() throws {
        let (h, s) = try Self.harness()
        let id = DemoShow.show.books[0].id
        try h.load(h.tap(Point2D(x: 400, y: 240), at: 0.2))
        h.run(until: 0.3, step: 1.0 / 60)
        let o = try #require(s.opening)
        #expect(o.book == 0 && s.openingBook == id)
        #expect(o.from == Rect2D(x: 305, y: 97, width: 190, height: 286))
        #expect(o.screen.layer.superlayer === s.layer && o.screen.backTarget == .shelf)
        #expect(h.scene.resumeName == "book:\(id)" && h.scene.current == .shelf)
        let start = try #require(o.start)
        h.frame(at: start + 0.25)
        // Halfway (ease-in-out 0.5 = 0.5): the other covers at half opacity, the shelf's
        // bar just gone and the book's not yet shown (one after the other), the book's
        // leaves half lifted.
        #expect(abs(s.covers[1].opacity - 0.5) < 1e-9 && s.titleLayer.opacity == 0)
        #expect(abs(o.screen.pose.lift - 0.5) < 1e-9 && o.screen.backButton.opacity == 0 && o.screen.bar.opacity == 0)
        h.frame(at: start + 0.51)
        #expect(h.scene.current == .book(id) && h.scene.screen === o.screen && h.scene.transition == nil)
        #expect(o.screen.pose == .open && o.screen.opening == nil && s.layer.superlayer == nil)
        #expect(o.screen.backButton.opacity == 1 && !h.scene.isAnimating)
    }

    /// The demo's three covers repeated: ten books (ids b0...b9), pitch 279.
    static func tenBooks() -> Show {
        var show = DemoShow.show
        show.books = (0..<10).map { i in
            var b = DemoShow.show.books[i % 3]
            b.id = "b\(i)"
            return b
        }
        return show
    }

    /// A finger down on a gliding shelf catches it (as on `UIScrollView`): the row stops
    /// where the glide had it at the touch's time and holds while the finger stays down;
    /// lifting without a drag (a tap, here on the centred cover) opens nothing and the row
    /// settles on the cover nearest where it was caught, not where the flick was going.
    @Test func touchDownCatchesTheGlide() throws {
        let (h, s) = try Self.harness(show: Self.tenBooks())
        // A flick left (finger 600 -> 200 in 0.1 s): offset 400 at the lift, some
        // 4000 pt/s, proposed 400 + 4000/10.05 = 798: ceil(2.86) = cover 3 (offset 837).
        try h.load("0.1 swipe 600 240 200 240 0.1\n0.25 down 0 400 240\n0.35 up 0\n")
        h.run(until: 0.24, step: 1.0 / 60)
        #expect(s.centred == 3 && s.isMoving(at: h.time))
        var held: [Double] = []
        h.run(until: 0.34, step: 1.0 / 60) { t in if t >= 0.25 { held.append(s.offset(at: t)) } }
        let x0 = try #require(held.first)
        #expect(x0 > 400 && x0 < 837, "caught at \(x0)")
        #expect(held.allSatisfy { $0 == x0 } && !s.isMoving(at: h.time), "\(held)")
        var opened = false
        h.run(until: 2.5, step: 1.0 / 60) { _ in opened = opened || s.opening != nil }
        let nearest = (x0 / 279).rounded()
        #expect(!opened && h.scene.current == .shelf)
        #expect(s.centred == Int(nearest) && s.offset(at: h.time) == nearest * 279 && !s.isMoving(at: h.time))
        #expect(nearest < 3)
    }

    /// Caught, then dragged: the row follows the finger from where it was caught (no
    /// jump back to where the glide was going); a tap on a side cover whose glide to the
    /// centre is caught does not open it.
    @Test func caughtThenDraggedOrTapped() throws {
        let (h, s) = try Self.harness(show: Self.tenBooks())
        try h.load(
            """
            0.1 swipe 600 240 200 240 0.1
            0.25 down 0 400 240
            0.30 move 0 380 240
            0.40 move 0 340 240
            0.45 move 0 340 240
            0.80 up 0
            """)
        h.run(until: 0.25, step: 1.0 / 60)
        let x0 = s.offset(at: h.time)
        h.run(until: 0.5, step: 1.0 / 60)
        // The finger moved 60 pt left since it went down: 60 pt further.
        #expect(abs(s.offset(at: h.time) - (x0 + 60)) < 1e-9, "\(x0) -> \(s.offset(at: h.time))")
        h.run(until: 2.5, step: 1.0 / 60)
        #expect(s.offset(at: h.time) == ((x0 + 60) / 279).rounded() * 279)

        let (g, t) = try Self.harness()
        try g.load(g.tap(Point2D(x: 679, y: 240), at: 0.2) + g.tap(Point2D(x: 400, y: 240), at: 0.3))
        g.run(until: 0.28, step: 1.0 / 60)
        #expect(t.centred == 1 && t.isMoving(at: g.time))
        var opened = false
        g.run(until: 3, step: 1.0 / 60) { _ in opened = opened || t.opening != nil }
        #expect(!opened && g.scene.current == .shelf && !t.isMoving(at: g.time))
    }

    /// A tap on cover 1 (right of the centre) glides it to the centre, then opens it.
    @Test func tapSideCover() throws {
        let (h, s) = try Self.harness()
        try h.load(h.tap(Point2D(x: 679, y: 240), at: 0.2))
        h.run(until: 0.4, step: 1.0 / 60)
        #expect(s.centred == 1 && s.opening == nil && s.isMoving(at: h.time))
        h.run(until: 3, step: 1.0 / 60)
        #expect(h.scene.current == .book(DemoShow.show.books[1].id))
    }

    /// Turning the panel: `resize` keeps the centred book, and so does a scene built again
    /// (the runtime's rebuild with `resume: "shelf"`) sharing the show's `ShowPictures`.
    @Test func rotationKeepsBook() throws {
        let (h, s) = try Self.harness()
        s.scroll(to: 279 * 2)
        h.scene.resize(width: 480, height: 800)
        let t = try #require(h.scene.screen as? ShelfScreen)
        #expect(t.centred == 2 && t.offset(at: 0) == 2 * 465)
        let pictures = ShowPictures(assets: .demo())
        let root = Layer(name: "root", frame: Rect2D(x: 0, y: 0, width: 800, height: 480))
        let first = ShowScene(
            show: DemoShow.show, assets: .demo(), root: root, width: 800, height: 480, start: .shelf, pictures: pictures)
        (first.screen as? ShelfScreen)?.scroll(to: 279)
        let again = ShowScene(
            show: DemoShow.show, assets: .demo(), root: Layer(name: "root2", frame: Rect2D(x: 0, y: 0, width: 480, height: 800)),
            width: 480, height: 800, start: .shelf, pictures: pictures)
        #expect((again.screen as? ShelfScreen)?.centred == 1)
        // Opened from the menu over another screen instead: the first book.
        let other = ShowScene(
            show: DemoShow.show, assets: .demo(), root: Layer(name: "root3", frame: Rect2D(x: 0, y: 0, width: 480, height: 800)),
            width: 480, height: 800, start: .home, pictures: pictures)
        other.open(.menu, time: 1)
        other.update(time: 2)
        other.open(.shelf, time: 2)
        #expect((other.screen as? ShelfScreen)?.centred == 0)
    }

    /// No books: "No books", drags and taps do nothing. One book: it stays centred.
    /// Missing covers: placeholders (square slots), one warning each.
    @Test func badShows() throws {
        var empty = ShowFixture.show
        empty.books = []
        let (h0, s0) = try Self.harness(show: empty, assets: ShowFixture.assets())
        #expect(s0.emptyLabel != nil && s0.covers.isEmpty)
        try h0.load("0.1 swipe 600 240 200 240 0.1\n" + h0.tap(Point2D(x: 400, y: 240), at: 0.5))
        h0.run(until: 1, step: 1.0 / 60)
        #expect(h0.scene.current == .shelf && !s0.isMoving(at: 1))

        var one = ShowFixture.show
        one.books = [ShowFixture.show.books[0]]
        let (h1, s1) = try Self.harness(show: one, assets: ShowFixture.assets())
        try h1.load("0.1 swipe 600 240 200 240 0.1\n")
        h1.run(until: 2, step: 1.0 / 60)
        #expect(s1.centred == 0 && s1.offset(at: 2) == 0)

        let assets = ShowFixture.assets()
        let (h2, s2) = try Self.harness(show: ShowFixture.show, assets: assets)
        // 64x64 placeholders: square slots 408 x 408, pitch 415; both covers' pictures.
        #expect(s2.layout.slots == [Size2D(width: 408, height: 408), Size2D(width: 408, height: 408)])
        #expect(s2.shownFrame(0) == Rect2D(x: 257, y: 97, width: 286, height: 286))
        let warnings = assets.takeWarnings().filter { $0.contains("b/atlas.png") || $0.contains("b/tides.png") }
        #expect(warnings.count == 2)
        _ = h2
    }

    /// The glide goes on at the finger's speed: a steady drag (100 and 300 points in
    /// 0.4 s, both ways, away from the row's ends) moves the row the same step in the first frames after the
    /// release as in the last frames before it (within a quarter), never steps backwards,
    /// and comes to rest exactly on a cover. Before, the glide started at the speed that
    /// landed an exponential decay on the cover: 17 points a frame before the release, 40
    /// after.
    @Test(arguments: [(600, 500), (600, 300), (200, 300), (200, 500)])
    func theGlideStartsAtTheFingersSpeed(drag: (Int, Int)) throws {
        let (h, s) = try Self.harness()
        // Towards later covers from the first one; towards earlier ones from the last
        // (the demo's three), so that the row never runs past an end.
        let toLast = drag.1 > drag.0 ? "0.1 swipe 600 240 200 240 0.1\n" : ""
        try h.load(toLast + "1.5 swipe \(drag.0) 240 \(drag.1) 240 0.4\n")
        var offsets: [(t: Double, x: Double)] = []
        h.run(until: 3.5, step: 1.0 / 60) { t in if t > 1.5 { offsets.append((t, s.offset(at: t))) } }
        // The release is at 1.9 s: steps of the frames before and after it.
        let steps = zip(offsets.dropFirst(), offsets).map { (t: $0.t, dx: $0.x - $1.x) }
        let before = steps.filter { $0.t > 1.8 && $0.t < 1.9 - 1e-6 }.map(\.dx)
        let after = steps.filter { $0.t > 1.9 + 1e-6 && $0.t < 1.96 }.map(\.dx)
        let finger = before.reduce(0, +) / Double(max(1, before.count))
        #expect(abs(finger) > 3, "the finger moved the row \(finger) a frame")
        for dx in after {
            #expect(abs(dx - finger) <= abs(finger) / 4, "\(drag): \(finger) a frame before the release, \(dx) after")
        }
        let glide = steps.filter { $0.t > 1.9 + 1e-6 }
        #expect(glide.allSatisfy { $0.dx == 0 || ($0.dx > 0) == (finger > 0) }, "the glide turned back")
        #expect(!s.isMoving(at: h.time) && s.offset(at: h.time) == s.layout.offset(centring: s.centred))
    }
}
