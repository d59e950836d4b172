import Assets
import Compositor
import Input
import Motion
import Show
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
        #expect(s.covers[0].frame == Rect2D(x: 305, y: 97, width: 190, height: 286))
        #expect(s.covers[0].transform.isIdentity)
        #expect(s.covers[1].frame == Rect2D(x: 608, y: 133, width: 143, height: 214))
        #expect(s.covers[1].transform.isIdentity)
        #expect(s.centred == 0 && !s.isMoving(at: 0))
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
        #expect(s.covers[2].frame == Rect2D(x: 305, y: 97, width: 190, height: 286))
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

    /// A tap on the centred cover opens its book: the cover moves from its shelf frame to
    /// the book's cover rectangle (x 400, y 24, 288 x 432) over 0.5 s, the others fade;
    /// then the scene cuts (no slide) to the book.
    @Test func tapOpens() throws {
        let (h, s) = try Self.harness()
        try h.load(h.tap(Point2D(x: 400, y: 240), at: 0.2))
        h.run(until: 0.3, step: 1.0 / 60)
        let o = try #require(s.opening)
        #expect(o.book == 0)
        #expect(abs(o.from.minX - 304.8) < 1e-9 && abs(o.from.minY - 97.2) < 1e-9)
        #expect(abs(o.from.width - 190.4) < 1e-9 && abs(o.from.height - 285.6) < 1e-9)
        #expect(o.to == Rect2D(x: 400, y: 24, width: 288, height: 432))
        let start = try #require(o.start)
        h.frame(at: start + 0.25)
        // Halfway (ease-in-out 0.5 = 0.5): the centre and width halfway.
        #expect(abs(o.layer.position.x - (400 + 544) / 2) < 1e-9 && abs(o.layer.position.y - 240) < 1e-9)
        #expect(abs(o.layer.transform.m11 - (190.4 + 288) / 2 / 288) < 1e-9)
        #expect(abs(s.covers[1].opacity - 0.5) < 1e-9)
        h.frame(at: start + 0.5)
        #expect(o.layer.frame == Rect2D(x: 400, y: 24, width: 288, height: 432) && o.layer.transform.isIdentity)
        #expect(h.scene.current == .book(DemoShow.show.books[0].id))
        h.frame(at: start + 0.5 + 1.0 / 60)
        #expect(h.scene.screen is BookScreen && h.scene.transition == nil)
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
        #expect(s2.covers[0].frame == Rect2D(x: 257, y: 97, width: 286, height: 286))
        let warnings = assets.takeWarnings().filter { $0.contains("b/atlas.png") || $0.contains("b/tides.png") }
        #expect(warnings.count == 2)
        _ = h2
    }
}
