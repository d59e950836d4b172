import Compositor
import FixedPoint
import Foundation
import Motion
import Testing

@testable import Scenes

/// The card list's geometry and its scroll physics, as pure functions.
@Suite struct CardListLayoutTests {
    /// 800x480: bar 48, margin 19, cards 536 x 134 (28% of 480 tall, four times that wide,
    /// centred at x 132), pitch 153; 24 cards make
    /// 3691 points of content, so the largest offset is 3691 - 432 = 3259.
    @Test func layoutAt800x480() {
        let L = CardListLayout(count: 24, metrics: ScreenMetrics(width: 800, height: 480))
        #expect(L.viewport == Rect2D(x: 0, y: 48, width: 800, height: 432))
        #expect(L.cardSize == Size2D(width: 536, height: 134) && L.pitch == 153 && L.cardX == 132)
        #expect(L.contentHeight == 3691 && L.maxOffset == 3259)
        #expect(L.slot(0) == Rect2D(x: 132, y: 19, width: 536, height: 134))
        #expect(L.frame(2, offset: 100) == Rect2D(x: 132, y: 325 - 100, width: 536, height: 134))
        #expect(L.visible(offset: 0) == 0..<3)
        // Card 2's slot ends at 459, card 3's starts at 478.
        #expect(L.visible(offset: 27) == 0..<3 && L.visible(offset: 47) == 0..<4)
        #expect(L.visible(offset: 152) == 0..<4 && L.visible(offset: 153) == 1..<4)
        #expect(L.visible(offset: L.maxOffset) == 21..<24)
        #expect(L.prefetchDistance == 216)
        #expect(L.near(offset: 0) == 0..<5 && L.near(offset: 1000) == 5..<11)
        #expect(L.card(at: Point2D(x: 400, y: 100), offset: 0) == 0)
        #expect(L.card(at: Point2D(x: 400, y: 160), offset: 0) == nil)  // the gap
        #expect(L.card(at: Point2D(x: 131, y: 100), offset: 0) == nil)  // beside the column
        #expect(L.card(at: Point2D(x: 667, y: 100), offset: 0) == 0 && L.card(at: Point2D(x: 668, y: 100), offset: 0) == nil)
        #expect(L.card(at: Point2D(x: 400, y: 10), offset: 170) == 1)
        #expect(L.firstVisible(offset: 154) == 1)
        #expect(L.offset(showingFirst: 5) == 765 && L.offset(showingFirst: 23) == 3259 && L.offset(showingFirst: -3) == 0)
        // The bar: the menu button's centre is as far from the left edge as from the
        // bar's bottom; back right of it; the title centred.
        #expect(L.menuButton == Rect2D(x: 0, y: 0, width: 48, height: 48))
        #expect(L.backButton == Rect2D(x: 48, y: 0, width: 125, height: 48))
        #expect(L.title == Rect2D(x: 173, y: 0, width: 454, height: 48))
    }

    /// Portrait: the same cards (28% of the shorter side), five or six to a screenful.
    @Test func portraitAndEmpty() {
        let L = CardListLayout(count: 24, metrics: ScreenMetrics(width: 480, height: 800))
        #expect(L.cardSize == Size2D(width: 442, height: 134) && L.cardX == 19)
        // 1920x1080: 302 tall, 1208 wide (not 1843), centred.
        let wide = CardListLayout(count: 24, metrics: ScreenMetrics(width: 1920, height: 1080))
        #expect(wide.cardSize == Size2D(width: 1208, height: 302) && wide.cardX == 356)
        #expect(L.visible(offset: 0) == 0..<5)
        let none = CardListLayout(count: 0, metrics: ScreenMetrics(width: 800, height: 480))
        #expect(none.contentHeight == 0 && none.maxOffset == 0 && none.visible(offset: 0).isEmpty)
        #expect(none.near(offset: 0).isEmpty && none.card(at: Point2D(x: 400, y: 100), offset: 0) == nil)
        let one = CardListLayout(count: 1, metrics: ScreenMetrics(width: 800, height: 480))
        #expect(one.maxOffset == 0 && one.visible(offset: 0) == 0..<1 && one.near(offset: -500) == 0..<1)
        // A tiny panel still has cards of 40 points.
        #expect(CardListLayout(count: 3, metrics: ScreenMetrics(width: 120, height: 120)).cardSize.height == 40)
    }

    /// The face: the picture a square in the padding, the texts right of it.
    @Test func face() {
        let f = CardFaceLayout(size: Size2D(width: 762, height: 134))
        #expect(f.padding == 11 && f.picture == Rect2D(x: 11, y: 11, width: 112, height: 112))
        #expect(f.title.minX == 134 && f.title.width == 617)
        #expect(f.text.maxY == 134 - 11)
    }

    // MARK: The scroller

    /// UIScrollView's rubber band: b(x) = (1 - 1 / (0.55 x / d + 1)) d, and its inverse.
    @Test func rubberBand() {
        let s = CardScroller(maxOffset: 1000, extent: 432)
        let b = (1 - 1 / (100 * 0.55 / 432 + 1)) * 432
        #expect(abs(s.banded(-100) + b) < 1e-9 && abs(s.banded(1100) - 1000 - b) < 1e-9)
        #expect(s.banded(500) == 500)
        for y in [-300.0, -12, 0, 400, 1000, 1012, 1300] { #expect(abs(s.banded(s.raw(y)) - y) < 1e-6) }
    }

    /// A drag follows the finger; a release flings at 0.998 per ms: x(t) = x0 + v (1 -
    /// 0.998^(1000 t)) / λ with λ = -1000 ln 0.998, resting at x0 + v / λ.
    @Test func dragAndFling() {
        var s = CardScroller(maxOffset: 5000, extent: 432, offset: 100)
        s.hold(at: 0)
        s.drag(travel: -60)
        #expect(s.offset(at: 0.1) == 160 && s.isDragging)
        s.release(velocity: 1000)
        s.step(to: 1)
        let lambda = -1000 * log(0.998)
        #expect(abs(s.offset(at: 1.5) - (160 + 1000 * (1 - pow(0.998, 500)) / lambda)) < 1e-9)
        #expect(abs(s.velocity(at: 1.5) - 1000 * pow(0.998, 500)) < 1e-9)
        var t = 1.0
        while s.isMoving(at: t) && t < 20 {
            t += 1.0 / 60
            s.step(to: t)
        }
        #expect(abs(s.offset(at: t) - (160 + 1000 / lambda)) < 1e-9 && t < 6)
    }

    /// A fling past the end runs to it, bounces beyond (never as far as the finger would
    /// have flung it) and settles exactly on it; a release beyond the top springs back.
    @Test func bounce() {
        var s = CardScroller(maxOffset: 1000, extent: 432, offset: 900)
        s.hold(at: 0)
        s.release(velocity: 3000)
        var t = 0.0
        var most = -Double.infinity
        var least = Double.infinity
        var frames = 0
        while s.isMoving(at: t) && t < 10 {
            s.step(to: t)
            let y = s.offset(at: t)
            most = max(most, y)
            if most > 1000 { least = min(least, y) }
            t += 1.0 / 60
            frames += 1
        }
        #expect(most > 1000 && most < 1200, "\(most)")
        #expect(least >= 1000 - 1e-6, "critically damped: no second overshoot")
        #expect(s.offset(at: t) == 1000 && t < 3, "\(t)")
        var top = CardScroller(maxOffset: 1000, extent: 432, offset: 0)
        top.hold(at: 0)
        top.drag(travel: 200)
        let pulled = top.offset(at: 0)
        #expect(pulled < 0 && pulled > -200)
        top.release(velocity: 0)
        top.step(to: 1)
        #expect(top.offset(at: 1.2) > pulled && top.offset(at: 1.2) < 0)
        top.step(to: 3)
        #expect(top.offset(at: 3) == 0 && !top.isMoving(at: 3))
    }

    /// A fling whose projected end is just past an end (here by a thousandth of a point:
    /// a swipe back as long as the one before) settles there in the decay's own time,
    /// put on the end; it does not crawl its tail to the end for seconds (it took 16.7
    /// s, the kiosk waking each frame with nothing to draw).
    @Test func aFlingEndingAtTheEndRestsThere() {
        let lambda = -1000 * log(0.998)
        var s = CardScroller(maxOffset: 1000, extent: 432, offset: 520 / lambda - 0.001)
        s.hold(at: 0)
        s.release(velocity: -520)
        var t = 0.0
        while s.isMoving(at: t) && t < 20 {
            s.step(to: t)
            t += 1.0 / 60
        }
        s.step(to: t)
        #expect(t < 3.3, "\(t)")
        #expect(s.offset(at: t) == 0)
    }

    /// A finger going down stops a fling where it is; a drag goes on from there.
    @Test func holdCatches() {
        var s = CardScroller(maxOffset: 5000, extent: 432, offset: 0)
        s.hold(at: 0)
        s.release(velocity: 2000)
        s.step(to: 0)
        let y = s.offset(at: 0.3)
        s.hold(at: 0.3)
        #expect(s.offset(at: 0.5) == y && s.isHeld && !s.isDragging)
        s.drag(travel: 50)
        #expect(s.offset(at: 0.6) == y - 50)
        s.release(velocity: 0)
        #expect(s.offset(at: 1) == y - 50 && !s.isMoving(at: 1))
    }
}
