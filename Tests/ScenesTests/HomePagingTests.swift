import Compositor
import FixedPoint
import Motion
import Show
import Testing

@testable import Scenes

@Suite struct HomePagingTests {
    /// The fixture with `count` home tiles (every fifth a folder, the rest the shelf).
    static func show(tiles count: Int, columns: Int = 3) -> Show {
        var show = ShowFixture.show
        show.home.columns = columns
        show.home.tiles = (0..<count).map { i in
            Tile(title: "T\(i)", icon: "i/\(i).png", open: i % 5 == 0 ? .folder("books") : .shelf)
        }
        return show
    }

    /// At 240x144 (5 columns in landscape: round(3 * 240 / 144)), full-size cells are
    /// 45 x 46 with 31-point icons: two rows fit above the dots' 12-point strip, so 10
    /// tiles a page; 23 tiles make 3 pages, the last one starting at the top left.
    @Test func pagesHoldFullRows() {
        let home = HomeLayout(home: Self.show(tiles: 23).home, width: 240, height: 144)
        #expect(home.grid.columns == 5)
        #expect(home.grid.cellWidth == 45 && home.grid.icon == 31 && home.grid.cellHeight == 46)
        #expect(home.perPage == 10 && home.pages == 3)
        #expect(home.dotsArea == Rect2D(x: 6, y: 126, width: 228, height: 12))
        #expect(home.page(of: 9) == 0 && home.page(of: 10) == 1 && home.page(of: 22) == 2)
        #expect(home.cell(20) == home.cell(0))
        #expect(home.cell(0) == Rect2D(x: 7, y: 30, width: 45, height: 46))
        #expect(home.rowBottom(of: 16) == 30 + 2 * 46)
        // Dots: 5-point discs (30% of 12, at least 5), one diameter apart, centred.
        #expect(home.dot(0) == Rect2D(x: 107, y: 129, width: 5, height: 5))
        #expect(home.dot(2) == Rect2D(x: 127, y: 129, width: 5, height: 5))
        // What fits one page stays one centred page without dots (as before paging).
        let one = HomeLayout(home: Self.show(tiles: 10).home, width: 240, height: 144)
        #expect(one.pages == 1 && one.dotsArea == nil && one.grid.rows == 2)
        #expect(one.dot(0) == .zero)
        // Portrait: the show's 3 columns; 40 tiles at 144x240 page too.
        let portrait = HomeLayout(home: Self.show(tiles: 40).home, width: 144, height: 240)
        #expect(portrait.grid.columns == 3)
        #expect(portrait.pages > 1 && portrait.perPage % 3 == 0)
    }

    /// Swipes page through: left to the next page (the strip rests one screen width
    /// further left, the dot follows), never past the last; right back.
    @Test(arguments: [0, 90]) func swipesTurnPages(mount: Int) throws {
        let h = try ShowHarness(show: Self.show(tiles: 23), mount: mount, start: .home)
        let home = h.scene.home
        let w = Double(h.scene.width)
        #expect(home.home.pages > 1)
        let y = home.pager.frame.minY + 20
        func swipe(_ from: Double, _ to: Double, at t: Double) -> String {
            let a = h.panel(Point2D(x: from, y: y))
            let b = h.panel(Point2D(x: to, y: y))
            return "\(t) swipe \(a.x) \(a.y) \(b.x) \(b.y) 0.2\n"
        }
        let pages = home.home.pages
        var script = ""
        for k in 0..<(pages + 1) { script += swipe(w * 0.9, w * 0.1, at: 0.5 + Double(k)) }
        script += swipe(w * 0.1, w * 0.9, at: Double(pages) + 1.5)
        try h.load(script)
        h.run(until: 1.4)
        #expect(home.page == 1)
        #expect(home.strip.frame.minX == -w)
        #expect(home.dots[1].opacity == 1 && home.dots[0].opacity == HomeScreen.dimDotOpacity)
        #expect(!h.scene.isAnimating)
        h.run(until: Double(pages) + 1.4)
        #expect(home.page == pages - 1)
        #expect(home.strip.frame.minX == -w * Double(pages - 1))
        h.run(until: Double(pages) + 2.4)
        #expect(home.page == pages - 2)
        #expect(home.strip.frame.minX == -w * Double(pages - 2))
        #expect(h.scene.current == .home)
    }

    /// The pages follow the finger while it drags (a third of its travel before the
    /// first page); a slow release short of half a page slides back, a slow one past
    /// half goes on, a 0.3 s ease-out slide from where the finger left them.
    @Test func dragFollowsTheFinger() throws {
        let h = try ShowHarness(show: Self.show(tiles: 23), start: .home)
        let home = h.scene.home
        let y = home.pager.frame.minY + 20
        try h.load(
            """
            0.5 down 0 150 \(y)
            0.6 move 0 110 \(y)
            0.7 move 0 100 \(y)
            0.9 up 0
            1.5 down 0 150 \(y)
            1.6 move 0 120 \(y)
            1.7 move 0 10 \(y)
            1.9 up 0
            2.5 down 0 20 \(y)
            2.6 move 0 160 \(y)
            2.8 up 0
            3.5 down 0 20 \(y)
            3.6 move 0 80 \(y)
            """)
        h.run(until: 0.75)
        #expect(home.strip.frame.minX == -50)
        #expect(h.scene.isAnimating)
        h.run(until: 0.9)
        let slideStart = h.time
        h.run(until: slideStart + 0.1)
        let p = TimingCurve.easeOut.value(at: (h.time - slideStart) / 0.3)
        #expect(home.strip.frame.minX == (-50 * (1 - p)).rounded())
        h.run(until: 1.4)
        #expect(home.page == 0 && home.strip.frame.minX == 0)
        h.run(until: 2.4)
        #expect(home.page == 1 && home.strip.frame.minX == -240)
        h.run(until: 3.4)
        #expect(home.page == 0 && home.strip.frame.minX == 0)
        // Before the first page: a third of the finger's 60 points.
        h.run(until: 3.65)
        #expect(home.strip.frame.minX == 20)
    }

    /// A tile on the second page opens its target once that page is shown; the dots
    /// take no taps.
    @Test func tileOnTheSecondPageOpens() throws {
        let h = try ShowHarness(show: Self.show(tiles: 23), start: .home)
        let home = h.scene.home
        home.show(page: 1)
        #expect(home.strip.frame.minX == -240)
        try h.load(h.tap(home.home.dot(0).centre, at: 0.3) + h.tap(home.home.tapPoint(11), at: 0.6))
        h.run(until: 0.5)
        #expect(h.scene.current == .home)
        h.run(until: 1.0)
        #expect(h.scene.current == .shelf)
    }
}
