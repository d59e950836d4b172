import Assets
import Compositor
import FixedPoint
import Foundation
import Motion
import Raster
import Show
import ShowDemo
import Testing

@testable import Scenes

/// Opening a book from the shelf (`ShelfScreen`, `BookScreen`, `OpeningPose`), on an
/// 800x480 panel with the demo show: 400x600 covers (2:3), 3:4 pages, so in the book the
/// cover is fitted on paper (288 x 432 at x 18 of a 324 x 432 page at r0, 213 x 320 on
/// 240 x 320 at r90).
///
/// The cover's corners are followed frame by frame (60 Hz) through the layers'
/// homographies: from the shelf's rectangle, lifting and growing, to the book's first
/// frame, checked against a book built on its own and against the page's perspective
/// formula.
@Suite struct ShelfOpeningTests {
    /// `layer`'s homography to the screen (logical points): its own and its ancestors'.
    static func world(_ layer: Layer) -> Homography {
        var h = layer.localHomography
        var l = layer.superlayer
        while let p = l {
            h = p.localHomography * h
            l = p.superlayer
        }
        return h
    }

    /// The corners of the cover's picture on screen (top-left, top-right, bottom-right,
    /// bottom-left), as `book` draws it now.
    static func coverCorners(_ book: BookScreen) throws -> [Point2D] {
        let slot = try #require(book.slots[0])
        let r = book.coverRect
        let h = world(slot.page)
        return try [(r.minX, r.minY), (r.maxX, r.minY), (r.maxX, r.maxY), (r.minX, r.maxY)].map {
            try #require(h.apply(Point2D(x: $0.0, y: $0.1)))
        }
    }

    static func corners(_ r: Rect2D) -> [Point2D] {
        [
            Point2D(x: r.minX, y: r.minY), Point2D(x: r.maxX, y: r.minY), Point2D(x: r.maxX, y: r.maxY),
            Point2D(x: r.minX, y: r.maxY),
        ]
    }

    static func distance(_ a: Point2D, _ b: Point2D) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// The page's perspective formula, written here: a point `u` points from the spine
    /// and `v` from the page's top on a right page turned 45 degrees about its spine
    /// (m34 = -1/2000) lands at x = W/2 + u cos t / f, y = H/2 + (v - h/2) / f,
    /// f = 1 - u sin t / 2000.
    static func formula(u: Double, v: Double, pageHeight h: Double, eye: Double, screen: (Double, Double)) -> Point2D {
        let t = Double.pi / 4
        let f = 1 - u * sin(t) / eye
        return Point2D(x: screen.0 / 2 + u * cos(t) / f, y: screen.1 / 2 + (v - h / 2) / f)
    }

    /// Opening the first book, frame by frame at 60 Hz:
    /// - the first frame puts the cover's corners where the shelf drew it (within 1 px);
    /// - the opening's last frame (progress 1, still the shelf's update) puts them where a
    ///   book screen built on its own draws its first frame, and where the formula says
    ///   (within 1 px), and the two frames' pixels are the same;
    /// - the frames after the hand-over don't move them;
    /// - no frame moves a corner more than 2.5 times its average step. Justification: a
    ///   corner going D px in 0.5 s at 60 Hz averages D/30 px a frame; ease-in-out's
    ///   steepest slope is 1.72 (cubic-bezier(0.42, 0, 0.58, 1) at its middle: dy/ds 1.5
    ///   over dx/ds 0.87), and a corner's path bends a little as the cover lifts, so 2.5
    ///   times leaves room for both while a jump fails it: the old hand-over moved the top
    ///   right corner some 50 px in one frame (from the flat cover to 45 degrees) against an
    ///   average of 6.
    @Test(arguments: [0, 90]) func openingLandsOnTheBooksFirstFrame(mount: Int) throws {
        let h = try ShowHarness(
            show: DemoShow.show, assets: .demo(), panelWidth: 800, panelHeight: 480, mount: mount, start: .shelf,
            text: true)
        let shelf = try #require(h.scene.screen as? ShelfScreen)
        let W = Double(h.scene.width), H = Double(h.scene.height)
        let onShelf = Self.corners(shelf.shownFrame(0))
        try h.load(h.tap(Point2D(x: W / 2, y: H / 2), at: 0.2))
        var frames: [(t: Double, corners: [Point2D], handedOver: Bool)] = []
        var book: BookScreen?
        var last: Surface?
        var lastCorners: [Point2D] = []
        h.run(until: 1.2, step: 1.0 / 60) { t in
            if let o = shelf.opening { book = o.screen }
            guard let b = book, let c = try? Self.coverCorners(b) else { return }
            let handed = h.scene.screen === b
            if handed && !(frames.last?.handedOver ?? true) {
                // The opening's last frame: drawn after the update that reached 1.
                last = try? h.render().copy()
                lastCorners = c
            }
            frames.append((t, c, handed))
        }
        let b = try #require(book)
        #expect(h.scene.current == .book(b.bookID) && b.backTarget == .shelf)
        let opening = frames.filter { !$0.handedOver }
        #expect(opening.count >= 28 && opening.count <= 31, "\(opening.count) frames of opening")
        // The first frame: where the shelf drew the cover.
        for (a, e) in zip(try #require(opening.first).corners, onShelf) {
            #expect(Self.distance(a, e) <= 1, "first frame \(a), shelf \(e)")
        }
        // The book on its own: the shelf, then the book opened by the navigation (a slide).
        let g = try ShowHarness(
            show: DemoShow.show, assets: .demo(), panelWidth: 800, panelHeight: 480, mount: mount, start: .shelf,
            text: true)
        g.scene.open(.book(b.bookID), time: 0)
        g.run(until: 1)
        let alone = try #require(g.scene.screen as? BookScreen)
        #expect(alone.position == -1 && alone.backTarget == .shelf)
        let reference = try Self.coverCorners(alone)
        let L = alone.layout
        let cover = alone.coverRect
        // The 2:3 cover on a 3:4 page: as tall as the page, centred (r0: 272 x 408 at x 17).
        let fw = L.pageHeight * 2 / 3
        #expect(abs(cover.width - fw) <= 1 && cover.height == L.pageHeight && cover.minY == 0)
        #expect(abs(cover.minX - (L.pageWidth - fw) / 2) <= 1)
        let expected = Self.corners(cover).map {
            Self.formula(u: $0.x, v: $0.y, pageHeight: L.pageHeight, eye: L.eyeDistance, screen: (W, H))
        }
        #expect(lastCorners.count == 4)
        for k in 0..<4 {
            #expect(Self.distance(lastCorners[k], reference[k]) <= 1, "last \(lastCorners[k]), book \(reference[k])")
            #expect(Self.distance(lastCorners[k], expected[k]) <= 1, "last \(lastCorners[k]), formula \(expected[k])")
        }
        // The same pixels.
        let mine = try #require(last)
        let theirs = try g.render()
        var worst = 0
        for y in 0..<mine.height {
            let a = mine.row(y, as: UInt32.self), c = theirs.row(y, as: UInt32.self)
            for x in 0..<mine.width {
                for shift in [0, 8, 16] {
                    worst = max(worst, abs(Int((a[x] >> UInt32(shift)) & 0xff) - Int((c[x] >> UInt32(shift)) & 0xff)))
                }
            }
        }
        #expect(worst <= 2, "pixels differ by up to \(worst)")
        // Smooth: every frame's step against the bound; none once handed over.
        var bound = 0.0
        for k in 0..<4 { bound = max(bound, Self.distance(onShelf[k], expected[k])) }
        bound = 2.5 * bound / 30
        var steepest = 0.0
        for j in 1..<frames.count {
            for k in 0..<4 {
                let step = Self.distance(frames[j].corners[k], frames[j - 1].corners[k])
                steepest = max(steepest, step)
                if frames[j - 1].handedOver { #expect(step < 1e-9, "moved after the hand-over at \(frames[j].t)") }
            }
        }
        #expect(steepest <= bound, "a corner moved \(steepest) px in a frame (bound \(bound))")
        #expect(steepest > 0)
    }

    /// The bar while a book opens from the shelf: the shelf's bar (its "‹ Home", its
    /// title) fades out over the opening's first half and the book's ("‹ Shelf", the
    /// book's title) fades in over its second, so no frame shows both back controls or
    /// both titles, and the bar's colour moves by at most 8 levels a frame (at 60 Hz) from
    /// the shelf's to the book's. Before, the book's bar and title showed in full on the
    /// first frame over the fading "Shelf", the back controls overlapped, and the bar
    /// jumped from (43, 48, 59) to (26, 29, 35) in one frame.
    @Test(arguments: [0, 90]) func theBarChangesOverWithoutOverlap(mount: Int) throws {
        let h = try ShowHarness(
            show: DemoShow.show, assets: .demo(), panelWidth: 800, panelHeight: 480, mount: mount, start: .shelf,
            text: true)
        let shelf = try #require(h.scene.screen as? ShelfScreen)
        let W = Double(h.scene.width), H = Double(h.scene.height)
        // A point of the bar away from every title and button and above the book's pages:
        // 0.85 across, in its top row.
        let probe = (x: Int(W * 0.85), y: 1)
        try h.load(h.tap(Point2D(x: W / 2, y: H / 2), at: 0.2))
        var previous: UInt32?
        var worst = 0
        var frames = 0
        h.run(until: 1.2, step: 1.0 / 60) { _ in
            guard let s = try? h.render() else { return }
            let p = s[probe.x, probe.y]
            if let q = previous {
                for shift: UInt32 in [0, 8, 16] {
                    worst = max(worst, abs(Int((p >> shift) & 0xff) - Int((q >> shift) & 0xff)))
                }
            }
            previous = p
            guard let o = shelf.opening else { return }
            frames += 1
            let book = o.screen
            #expect(
                shelf.backButton.opacity == 0 || book.backButton.opacity == 0,
                "both back controls show: shelf \(shelf.backButton.opacity), book \(book.backButton.opacity)")
            #expect(
                shelf.backButton.opacity == 0 || book.bar.opacity == 0,
                "the book's title shows over the shelf's bar: \(book.bar.opacity)")
        }
        #expect(frames >= 25, "\(frames) frames of opening")
        #expect(worst <= 8, "the bar's colour moved \(worst) levels in a frame")
    }

    /// The pose: at 0 the cover rectangle lands on the shelf's rectangle, leaves flat; at
    /// 1 the identity; halfway, lift 0.5 and scale and offset halfway.
    @Test func poseNumbers() {
        let L = BookLayout(itemCount: 9, width: 800, height: 480, aspect: 0.75)
        let cover = Rect2D(x: 17, y: 0, width: 272, height: 408)
        let shelf = Rect2D(x: 305, y: 97, width: 190, height: 286)
        let p0 = OpeningPose(layout: L, cover: cover, shelf: shelf, progress: 0)
        #expect(p0.lift == 0 && abs(p0.scale - 190.0 / 272) < 1e-12)
        let tl = p0.apply(Point2D(x: 400 + 17, y: 36))
        let br = p0.apply(Point2D(x: 400 + 289, y: 444))
        #expect(abs(tl.x - 305) < 1e-9 && abs(br.x - 495) < 1e-9)
        // 408 * 190 / 272 = 285 tall, centred on the shelf's 286: half a point in.
        #expect(abs(tl.y - 97.5) < 1e-9 && abs(br.y - 382.5) < 1e-9)
        #expect(OpeningPose(layout: L, cover: cover, shelf: shelf, progress: 1) == .open)
        #expect(OpeningPose(layout: L, cover: cover, shelf: shelf, progress: 2) == .open)
        let half = OpeningPose(layout: L, cover: cover, shelf: shelf, progress: 0.5)
        #expect(half.lift == 0.5 && abs(half.scale - (p0.scale + 1) / 2) < 1e-12 && abs(half.dx - p0.dx / 2) < 1e-9)
        // Lift scales every angle: at 0 the book lies flat (only the cover drawn: it hides the rest).
        #expect(L.drawList(page: -1, lift: 0).map(\.item) == [0])
        #expect(L.drawList(page: -1, lift: 1) == L.drawList(page: -1))
        let lifted = L.ordered(page: -1, lift: 0.5)
        for (a, b) in zip(lifted, L.ordered(page: -1)) { #expect(abs(a.angle - b.angle / 2) < 1e-12) }
    }

    /// The book has its cover's shape (2:3, the fixture's cover; its pages are 3:4):
    /// while it opens, the cover's picture is its whole page, its corners rounded as on
    /// the shelf (no paper beside it), and the leaves under it come out drawn in full,
    /// while the shelf keeps only the cover's fading shadow; at the end the background
    /// turns opaque.
    @Test func coverIsThePageAndLeavesComeOut() throws {
        let (h, shelf) = try ShelfScreenTests.harness()
        try h.load(h.tap(Point2D(x: 400, y: 240), at: 0.2))
        h.run(until: 0.3, step: 1.0 / 60)
        let o = try #require(shelf.opening)
        let start = try #require(o.start)
        h.frame(at: start + 0.25)
        let L = o.screen.layout
        #expect(abs(L.pageWidth / L.pageHeight - 2.0 / 3) < 0.01, "\(L.pageWidth) x \(L.pageHeight)")
        let cover = try #require(o.screen.slots[0])
        #expect(o.screen.coverRect == Rect2D(x: 0, y: 0, width: L.pageWidth, height: L.pageHeight))
        #expect(cover.page.bounds.size == o.screen.coverRect.size)
        guard case .image(let p) = cover.page.contents else {
            Issue.record("the cover shows no picture")
            return
        }
        #expect(p.format == .argb8888 && p.row(0, as: UInt32.self)[0] >> 24 < 128)
        #expect(p.row(p.height / 2, as: UInt32.self)[0] >> 24 == 255)
        // The leaves under the cover come out from under it, drawn in full.
        let under = o.screen.drawn.filter { $0.item != 0 }
        #expect(!under.isEmpty)
        for d in under { #expect(o.screen.slots[d.item]!.page.opacity == 1) }
        #expect(o.screen.layer.contents == .none)
        // On the shelf, only the cover's shadow is left where it lay (black, some alpha),
        // fading out over the first half: the picture is the book's now, shown once.
        guard case .image(let left) = shelf.covers[0].contents else {
            Issue.record("the shelf's cover 0 shows no picture")
            return
        }
        let middle = left.row(left.height / 2, as: UInt32.self)[left.width / 2]
        #expect(middle & 0xff_ffff == 0 && middle >> 24 > 64)
        #expect(shelf.covers[0].opacity < 1 && shelf.covers[0].opacity < shelf.covers[1].opacity)
        h.frame(at: start + 0.51)
        #expect(o.screen.layer.contents == .color(ScreenColors.background))
    }

    /// Resting on a book, the shelf warms up that book's first frame, a picture a frame
    /// from 0.4 s on (the scene's `nextChange` asks for those frames; nothing moves):
    /// the cover (its size decides the pages'), the fanned leaves' pages; then both sizes of the
    /// covers near it. Opening the book then fetches
    /// no picture in its frames (the fixture's pictures are all missing: each is first
    /// fetched where its one warning comes).
    @Test func warmUpBeforeOpening() throws {
        let assets = ShowFixture.assets()
        let h = try ShowHarness(assets: assets, start: .shelf)
        // The warm-up alone (the book's own look-ahead between frames would fetch its
        // pages too).
        h.looksAhead = false
        let shelf = try #require(h.scene.screen as? ShelfScreen)
        _ = assets.takeWarnings()
        h.frame(at: 0.1)
        #expect(!h.scene.isAnimating && h.scene.nextChange == ShelfScreen.warmDelay)
        #expect(assets.takeWarnings().isEmpty)
        h.frame(at: 0.4)
        #expect(abs(try #require(h.scene.nextChange) - (0.4 + ShelfScreen.warmStep)) < 1e-9)
        h.run(until: 0.7, step: 1.0 / 60)
        // The book (cover, fanned leaves), then both sizes of each cover.
        #expect(shelf.warmUp?.isDone == true && h.scene.nextChange == nil && !h.scene.isAnimating)
        let warmed = assets.takeWarnings().filter { $0.contains("b/atlas/") }
        #expect(warmed.count >= 2 && warmed.contains { $0.contains("b/atlas/2.png") }, "\(warmed)")
        try h.load(h.tap(Point2D(x: 120, y: 72), at: 0.8))
        h.run(until: 1.6, step: 1.0 / 60)
        #expect(h.scene.current == .book("atlas"))
        #expect(assets.takeWarnings().filter { $0.contains("b/atlas") }.isEmpty)
        // Scrolled to the next book: warmed up in turn.
        let g = try ShowHarness(assets: assets, start: .shelf)
        let s2 = try #require(g.scene.screen as? ShelfScreen)
        s2.scroll(to: s2.layout.pitch)
        g.run(until: 0.8, step: 1.0 / 60)
        #expect(s2.warmUp?.id == "tides" && s2.warmUp?.isDone == true)
    }

    /// A turn of the panel during the opening lands in the book, closed, whose back
    /// control still goes to the shelf; so does a scene built again on the resume name.
    @Test func rotationDuringTheOpening() throws {
        let (h, shelf) = try ShelfScreenTests.harness()
        let id = DemoShow.show.books[0].id
        try h.load(h.tap(Point2D(x: 400, y: 240), at: 0.2))
        h.run(until: 0.4, step: 1.0 / 60)
        #expect(shelf.opening != nil && h.scene.resumeName == "book:\(id)")
        h.scene.resize(width: 480, height: 800)
        let book = try #require(h.scene.screen as? BookScreen)
        #expect(h.scene.current == .book(id) && book.backTarget == .shelf && book.opening == nil && book.position == -1)
        #expect(!h.scene.isAnimating)
        // The runtime's rebuild: the same show pictures, resumed on "book:<id>".
        let pictures = ShowPictures(assets: .demo())
        let root = Layer(name: "root", frame: Rect2D(x: 0, y: 0, width: 800, height: 480))
        let first = ShowScene(
            show: DemoShow.show, assets: .demo(), root: root, width: 800, height: 480, start: .shelf, pictures: pictures)
        first.update(time: 0)
        first.open(.book(id), time: 0)
        let again = ShowScene(
            show: DemoShow.show, assets: .demo(), root: Layer(), width: 480, height: 800, start: .book(id),
            pictures: pictures)
        #expect((again.screen as? BookScreen)?.backTarget == .shelf)
        // Another book resumed: home (nothing carried for it).
        let other = ShowScene(
            show: DemoShow.show, assets: .demo(), root: Layer(), width: 480, height: 800,
            start: .book(DemoShow.show.books[1].id), pictures: pictures)
        #expect((other.screen as? BookScreen)?.backTarget == .home)
    }
}
