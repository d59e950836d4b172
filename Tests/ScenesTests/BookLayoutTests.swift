import Compositor
import FixedPoint
import Foundation
import Raster
import Testing

@testable import Scenes

/// The book's geometry, checked against a computation written here from the article's
/// formulas (not `BookLayout`'s own), and on pixels the compositor drew.
@Suite struct BookLayoutTests {
    /// A page of width w at angle t (its magnitude) about its spine, m34 = -1/e with the
    /// eye e = w / 0.181 away (the article's 362 / 2000), seen from the front: the free
    /// edge at spine + w cos t / (1 - w sin t / e), its height there h over the same factor.
    static func expected(w: Double, h: Double, degrees: Double, spine: Double) -> (x: Double, height: Double) {
        let t = degrees * Double.pi / 180
        let f = 1 - w * sin(t) / (w / 0.181)
        return (spine + w * cos(t) / f, h / f)
    }

    /// A right page (an even item: anchor (0, 0.5)) at -45 and -60 degrees about its
    /// spine: where its free edge lands and how tall it is there, within 1 px, from the
    /// layer's own homography and from the pixels the compositor draws (the page 689x919
    /// at 1920x1080, 306x408 at 800x480: 568/667 of the screen's height, 3:4).
    @Test(arguments: [(1920, 1080), (800, 480)], [45.0, 60.0]) func freeEdge(size: (Int, Int), degrees: Double) throws {
        let (W, H) = size
        let L = BookLayout(itemCount: 9, width: Double(W), height: Double(H), aspect: 0.75)
        #expect(L.pageWidth == (W == 1920 ? 689 : 306) && L.pageHeight == (W == 1920 ? 919 : 408))
        let e = Self.expected(w: L.pageWidth, h: L.pageHeight, degrees: degrees, spine: Double(W) / 2)
        // BookLayout's own numbers.
        #expect(abs(Double(W) / 2 + L.freeEdgeDistance(angle: -degrees * .pi / 180) - e.x) < 1e-9)
        #expect(abs(L.freeEdgeHeight(angle: -degrees * .pi / 180) - e.height) < 1e-9)
        // The layer as BookScreen sets it, through the compositor's homography.
        let page = Layer(name: "page", bounds: Rect2D(x: 0, y: 0, width: L.pageWidth, height: L.pageHeight))
        page.anchorPoint = Point2D(x: 0, y: 0.5)
        page.position = L.spine
        page.transform = L.transform(angle: -degrees * .pi / 180)
        let m = page.localHomography
        let top = m.apply(Point2D(x: L.pageWidth, y: 0))!
        let bottom = m.apply(Point2D(x: L.pageWidth, y: L.pageHeight))!
        #expect(abs(top.x - e.x) <= 1 && abs(bottom.x - e.x) <= 1, "\(top) \(bottom) \(e)")
        #expect(abs((bottom.y - top.y) - e.height) <= 1)
        // Pixels: a white page on black.
        let c = Compositor(width: W, height: H, paintThreads: 0)
        page.contents = .color(0xffff_ffff)
        c.root.addSublayer(page)
        let s = try Surface(width: W, height: H, format: .xrgb8888)
        _ = try c.render(into: s, bufferAge: 0)
        let row = H / 2
        var last = 0
        for x in 0..<W where s.row(row, as: UInt32.self)[x] & 0xff > 127 { last = x }
        #expect(abs(Double(last + 1) - e.x) <= 1, "free edge \(last + 1), expected \(e.x)")
        if e.height < Double(H) {
            let col = Int(e.x.rounded(.down)) - 1
            var n = 0
            for y in 0..<H where s.row(y, as: UInt32.self)[col] & 0xff > 127 { n += 1 }
            // One column in from the edge: h / f at that column.
            let inner = Self.expected(w: L.pageWidth, h: L.pageHeight, degrees: degrees, spine: Double(W) / 2)
            let slope = (inner.height - L.pageHeight) / (inner.x - Double(W) / 2)
            let want = L.pageHeight + slope * (Double(col) + 0.5 - Double(W) / 2)
            #expect(abs(Double(n) - want) <= 1, "height \(n), expected \(want)")
        }
    }

    /// The sign (the Architecture article): a right page at rest (r = 0.5) comes towards the viewer,
    /// so it is taller at its free edge than at its spine; a left page likewise.
    @Test func pagesAtRestComeForward() throws {
        let L = BookLayout(itemCount: 9, width: 800, height: 480, aspect: 0.75)
        let c = Compositor(width: 800, height: 480, paintThreads: 0)
        for (item, r) in [(2, 0.5), (1, -0.5)] {
            let page = Layer(name: "p", bounds: Rect2D(x: 0, y: 0, width: L.pageWidth, height: L.pageHeight))
            page.anchorPoint = Point2D(x: item % 2 == 0 ? 0 : 1, y: 0.5)
            page.position = L.spine
            page.transform = L.transform(angle: BookLayout.angle(item: item, ratio: r))
            page.contents = .color(0xffff_ffff)
            c.root.addSublayer(page)
        }
        let s = try Surface(width: 800, height: 480, format: .xrgb8888)
        _ = try c.render(into: s, bufferAge: 0)
        func height(_ x: Int) -> Int { (0..<480).filter { s.row($0, as: UInt32.self)[x] & 0xff > 127 }.count }
        #expect(height(402) == Int(L.pageHeight) && height(398) == Int(L.pageHeight))
        #expect(height(600) > Int(L.pageHeight) + 40 && height(200) > Int(L.pageHeight) + 40)
        #expect(abs(BookLayout.angle(item: 2, ratio: 0.5) + .pi / 4) < 1e-12)
        #expect(abs(BookLayout.angle(item: 1, ratio: -0.5) - (.pi / 4 + 0.001)) < 1e-12)
    }

    /// Ratios: squashed beyond +-0.5, clamped; at rest the fan at 45, 36, 27, 18, 9, 0.
    @Test func ratiosFanOut() {
        let r = (0..<8).map { BookLayout.ratio(leaf: $0, page: 0) }
        let want = [-0.5, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.0]
        for (a, b) in zip(r, want) { #expect(abs(a - b) < 1e-12) }
        let degrees = (1..<7).map { -BookLayout.angle(item: 2 * $0, ratio: r[$0]) * 180 / .pi }
        for (a, b) in zip(degrees, [45.0, 36, 27, 18, 9, 0]) { #expect(abs(a - b) < 1e-9) }
        #expect(BookLayout.ratio(leaf: 0, page: -1) == 0.5)
        #expect(BookLayout.ratio(leaf: 0, page: 20) == -1)
    }

    /// Culling and order at p = 0.25 (a book of the cover and 8 pages, and of 500
    /// pages): leaf 0's back (item 1) on the left, leaf 1 turning (its front, item 2,
    /// r = 0.25) drawn last, the right fan under it back to front. With 500 pages the
    /// leaves lying flat come first, the farthest first; at 800x480 those, and leaf 6 at
    /// 2.25 degrees (free edge 325.8 from the spine), are hidden under leaf 5 at 11.25
    /// degrees (328.2) and left out.
    @Test func cullingAndOrderAtAQuarter() {
        let nine = BookLayout(itemCount: 9, width: 800, height: 480, aspect: 0.75)
        #expect(nine.ordered(page: 0.25).map(\.item) == [8, 6, 4, 1, 2])
        #expect(nine.drawList(page: 0.25).map(\.item) == [8, 6, 4, 1, 2])
        let big = BookLayout(itemCount: 501, width: 800, height: 480, aspect: 0.75)
        #expect(big.ordered(page: 0.25).map(\.item) == [18, 16, 14, 12, 10, 8, 6, 4, 1, 2])
        #expect(big.drawList(page: 0.25).map(\.item) == [10, 8, 6, 4, 1, 2])
        // Both sides of a leaf edge-on are culled; even culls for r < 0, odd for r > 0.
        #expect(BookLayout.isCulled(item: 2, ratio: 0) && BookLayout.isCulled(item: 3, ratio: 0))
        #expect(BookLayout.isCulled(item: 2, ratio: -0.1) && !BookLayout.isCulled(item: 3, ratio: -0.1))
        #expect(!BookLayout.isCulled(item: 2, ratio: 0.1) && BookLayout.isCulled(item: 3, ratio: 0.1))
        // At p = 0.5 leaf 1 stands perpendicular: neither side drawn.
        #expect(!nine.ordered(page: 0.5).contains { $0.leaf == 1 })
        // The cover culls like any page: from p = -0.5 on, it is not drawn.
        #expect(nine.ordered(page: -0.6).map(\.item).last == 0)
        #expect(!nine.ordered(page: 0).contains { $0.item == 0 })
        #expect(nine.ordered(page: 0).map(\.item).suffix(2).sorted() == [1, 2])
    }

    /// At 1920x1080 at rest (689-point pages, the eye 3807 points away) the fan's flat
    /// leaves are wholly under the 9-degree one (reaching 689 against its 700): not drawn;
    /// the 9-degree leaf shows beyond the 18-degree one (694); each drawn leaf is clipped
    /// to the columns where it shows, the top one from the spine to its free edge at
    /// 689 cos 45 / (1 - 0.181 sin 45) = 558.7 from it.
    @Test func hiddenLeavesAreLeftOut() {
        let L = BookLayout(itemCount: 501, width: 1920, height: 1080, aspect: 0.75)
        let right = L.drawList(page: 0).filter { $0.side > 0 }
        #expect(right.map(\.item) == [10, 8, 6, 4, 2])  // 9, 18, 27, 36, 45 degrees
        let cols = right.map { L.visibleColumns($0) }
        #expect(cols.last!.minX == 959 && abs(cols.last!.maxX - 1520) <= 1)
        // Each lower leaf starts at the pixel column the free edge of the one over it crosses.
        #expect(cols[2].minX == (960 + right[3].reach).rounded(.down))
    }

    /// Page counts: the last spread, and a book of a cover alone.
    @Test func pageRange() {
        func maxPage(_ n: Int) -> Double { BookLayout(itemCount: n, width: 800, height: 480, aspect: 0.75).maxPage }
        #expect([1, 2, 3, 4, 5, 9, 501].map(maxPage) == [0, 0, 0, 1, 1, 3, 249])
        // The pictures' aspect decides the page: a wide picture is limited by half the width.
        let wide = BookLayout(itemCount: 3, width: 800, height: 480, aspect: 2)
        #expect(wide.pageWidth == 400 && wide.pageHeight == 200)
    }

    /// The article's proportions at every size: the page is 568/667 of the screen's
    /// height (or half its width, whichever is less), the page's width over the eye's
    /// distance is 362/2000 = 0.181, and a page at rest (45 degrees, coming forward: the
    /// open spread's outer edges and the closed cover) is inside the screen, its free
    /// edge 0.977 of the screen's height high (the article's 651/667).
    @Test(arguments: [(800, 480), (1920, 1080), (480, 800), (1080, 1920), (1024, 600), (320, 240)])
    func theBookFitsTheScreenWithTheArticlesProportions(size: (Int, Int)) {
        let (W, H) = (Double(size.0), Double(size.1))
        for aspect in [0.75, 2.0 / 3, 1.0] {
            let L = BookLayout(itemCount: 9, width: W, height: H, aspect: aspect)
            #expect(L.pageHeight <= (H * 568 / 667).rounded(.down) && L.pageWidth <= W / 2)
            #expect(
                L.pageHeight >= (H * 568 / 667).rounded(.down) - 1 || L.pageWidth >= (W / 2).rounded(.down) - 1,
                "the page is as large as the rule lets it be")
            #expect(abs(L.pageWidth / L.eyeDistance - 0.181) < 1e-9)
            let edge = L.freeEdgeHeight(angle: .pi / 4)
            #expect(edge <= H, "\(size) aspect \(aspect): the free edge at 45 degrees is \(edge) high")
            #expect(W / 2 + L.freeEdgeDistance(angle: .pi / 4) <= W)
            if L.pageHeight >= (H * 568 / 667).rounded(.down) - 1 {
                #expect(abs(edge / H - 651.0 / 667) < 0.005, "\(edge / H)")
            }
        }
    }
}
