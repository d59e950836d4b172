import Assets
import Compositor
import FixedPoint
import Foundation
import Input
import Motion
import Show
import Testing

@testable import Scenes

/// The card list on an 800x480 panel (bar 48, cards 536 x 134 at x 132, pitch 153:
/// `CardListLayoutTests`), with the fixture's 20 cards (placeholder pictures) unless
/// said: the tip-in on screen, the seen set, fades, several tips at once, taps, the
/// detail, rotation and rebuilds.
@Suite struct CardListScreenTests {
    static func harness(
        show: Show = ShowFixture.show, assets: ShowAssets = ShowFixture.assets(), mount: Int = 0, id: String = "team",
        text: Bool = false
    ) throws -> (ShowHarness, CardListScreen) {
        let h = try ShowHarness(
            show: show, assets: assets, panelWidth: 800, panelHeight: 480, mount: mount, start: .cards(id), text: text)
        return (h, try #require(h.scene.screen as? CardListScreen))
    }

    /// A show whose list "team" has `cards` and the given settings.
    static func show(_ cards: [Card], again: CardList.Again = .none, tip: CardList.Tip = .rotate) -> Show {
        var show = ShowFixture.show
        show.cardLists = [CardList(id: "team", title: "People", items: cards, tip: tip, again: again)]
        return show
    }

    static func cards(_ n: Int) -> [Card] {
        (0..<n).map { Card(title: "Person \($0)", subtitle: "Role \($0)", image: "p/\($0 % 7).png", text: "About \($0).") }
    }

    /// Card `i`'s layer corners in viewport space.
    static func corners(_ s: CardListScreen, _ i: Int) throws -> [Point2D] {
        let v = try #require(s.views[i])
        let b = v.layer.bounds
        return try [(0.0, 0.0), (b.width, 0), (b.width, b.height), (0, b.height)].map {
            try #require(v.layer.localHomography.apply(Point2D(x: $0.0, y: $0.1)))
        }
    }

    /// Opening: the three cards displayed arrive with the list, at rest (tipped, the
    /// first one's corner would rise under the bar); a card scrolled into view later tips
    /// in with the article's transform (corners computed here, about the card's centre),
    /// at 0.2 s half way with opacity 0.9, resting after 0.4 s, drawn above the resting
    /// cards on a shadow that fades as it lands.
    @Test func openingShowsTheCardsAtRestThenScrolledOnesTip() throws {
        let (h, s) = try Self.harness()
        #expect(s.state.entrances.isEmpty && (0..<3).allSatisfy { s.state.hasSeen($0) })
        for i in 0..<3 {
            let v = try #require(s.views[i])
            #expect(v.layer.transform.isIdentity && v.layer.opacity == 1 && v.shadow.isHidden, "card \(i)")
        }
        #expect(!h.scene.isAnimating)
        // Scrolled by a card's pitch: card 3 comes into view and tips from 1 s.
        h.frame(at: 1)
        s.scroll(to: 153)
        #expect(Set(s.state.entrances.keys) == [3])
        let y = 19 + 153 * 3.0 - 153
        let a = -15 * Double.pi / 180
        let t = (-20 * cos(a) + 20 * sin(a), -20 * sin(a) - 20 * cos(a))
        let want = CardTipTests.corners(w: 536, h: 134, degrees: -15, t: t).map { Point2D(x: $0.x + 132, y: $0.y + y) }
        #expect(CardTipTests.close(try Self.corners(s, 3), want, 1e-6))
        let v = try #require(s.views[3])
        #expect(v.layer.opacity == 0.8)
        // Its shadow: shown, under it, turned with it, at full strength.
        #expect(!v.shadow.isHidden && v.shadow.zPosition < v.layer.zPosition)
        // Its four strips (the ring the card does not hide), each at full strength.
        #expect(v.shadow.sublayers.count == 4 && v.shadow.sublayers.allSatisfy { $0.opacity == 1 })
        #expect(v.shadow.transform == v.layer.transform && v.shadow.position == v.layer.position)
        h.frame(at: 1.2)
        let mid = CardTipTests.corners(w: 536, h: 134, degrees: -7.5, t: (CardTipTests.t0.0 / 2, CardTipTests.t0.1 / 2))
            .map { Point2D(x: $0.x + 132, y: $0.y + y) }
        #expect(CardTipTests.close(try Self.corners(s, 3), mid, 1e-6))
        #expect(abs(v.layer.opacity - 0.9) < 1e-9 && v.shadow.sublayers.allSatisfy { abs($0.opacity - 0.5) < 1e-9 })
        // Cards at rest lie below the tipping one.
        #expect(s.views[2]!.layer.transform.isIdentity && v.layer.zPosition > s.views[2]!.layer.zPosition)
        #expect(v.shadow.zPosition > s.views[2]!.layer.zPosition)
        #expect(h.scene.isAnimating)
        h.frame(at: 1.45)
        #expect(s.state.entrances.isEmpty && v.layer.transform.isIdentity && v.layer.opacity == 1 && v.shadow.isHidden)
        #expect(v.layer.frame == Rect2D(x: 132, y: y, width: 536, height: 134))
        #expect(!h.scene.isAnimating)
    }

    /// A card seen before does not tip in again; with `again = "fade"` it fades in.
    @Test(arguments: [CardList.Again.none, .fade]) func seenBefore(again: CardList.Again) throws {
        let (h, s) = try Self.harness(show: Self.show(Self.cards(20), again: again))
        h.frame(at: 1)
        s.scroll(to: 1000)
        #expect(Set(s.state.entrances.keys) == Set(6..<10))
        #expect(s.state.entrances.values.allSatisfy { $0.kind == .tip })
        h.frame(at: 2)
        s.scroll(to: 0)
        if again == .none {
            #expect(s.state.entrances.isEmpty)
            #expect((0..<3).allSatisfy { s.views[$0]!.layer.transform.isIdentity && s.views[$0]!.layer.opacity == 1 })
        } else {
            #expect(Set(s.state.entrances.keys) == [0, 1, 2])
            #expect(s.state.entrances.values.allSatisfy { $0.kind == .fade })
            #expect(s.views[0]!.layer.opacity == 0 && s.views[0]!.layer.transform.isIdentity)
            h.frame(at: 2.2)
            #expect(abs(s.views[0]!.layer.opacity - 0.5) < 1e-9)
        }
        // Cards 3-5, passed by the jump, were never displayed: they tip in.
        s.scroll(to: 400)
        #expect(Set(s.state.entrances.filter { $0.value.kind == .tip }.keys) == [3, 4, 5])
    }

    /// A fast fling tips several cards at once, each on its own clock, the later one in
    /// the list drawn above the earlier.
    @Test func severalAtOnce() throws {
        let (h, s) = try Self.harness()
        h.frame(at: 1)
        try h.load("1.1 swipe 400 420 400 120 0.1\n")
        var most = 0
        var starts: Set<Double> = []
        var ordered = true
        h.run(until: 4, step: 1.0 / 60) { _ in
            let active = s.state.entrances.filter { $0.value.kind == .tip }
            most = max(most, active.count)
            for (_, e) in active { if let t = e.start { starts.insert(t) } }
            let tipping = active.keys.sorted()
            for (a, b) in zip(tipping, tipping.dropFirst()) {
                if let va = s.views[a], let vb = s.views[b], va.layer.zPosition >= vb.layer.zPosition { ordered = false }
            }
        }
        #expect(most >= 2, "\(most)")
        #expect(starts.count >= 3, "\(starts.sorted())")
        #expect(ordered)
        #expect(s.offset > 1000)
    }

    /// A tap on a card opens its detail (sliding in over 0.3 s); its back button returns
    /// to the list where it was, no card tipping again. A tap during a fling only stops it.
    @Test func tapOpensTheDetail() throws {
        let (h, s) = try Self.harness()
        s.scroll(to: 300)
        // Card 2's slot is at 325 - 300 = 25 in the viewport: 73 on screen.
        try h.load(h.tap(Point2D(x: 400, y: 48 + 25 + 60), at: 1) + h.tap(s.detail.backButton.frame.centre, at: 2))
        h.run(until: 1.1)
        #expect(s.state.detail == 2 && s.detail.isOpen)
        h.run(until: 1.5)
        #expect(s.detail.layer.position.x == 400 && !s.detail.layer.isHidden)
        h.run(until: 2.5)
        #expect(s.state.detail == nil && s.detail.layer.isHidden && s.offset == 300)
        #expect(s.state.entrances.isEmpty)
        // A fling, then a tap on a card while it moves: it stops, nothing opens.
        try h.load("3.0 swipe 400 420 400 220 0.1\n" + h.tap(Point2D(x: 400, y: 200), at: 3.3).dropFirst(0))
        h.run(until: 3.25)
        #expect(s.scroller.isMoving(at: h.time))
        h.run(until: 3.6)
        let stopped = s.offset
        h.run(until: 4)
        #expect(s.offset == stopped && s.state.detail == nil && !s.scroller.isMoving(at: h.time))
    }

    /// The detail of a card with a 10 000-character text: the whole text in pieces of at
    /// most 1024 (+2) pixels, stacked without gaps, the column scrolls to its end.
    @Test func detailOfALongText() throws {
        let long = String(repeating: "Light bends in glass and water. ", count: 313)
        #expect(long.count >= 10_000)
        var cards = Self.cards(3)
        cards[1].text = long
        let (h, s) = try Self.harness(show: Self.show(cards))
        s.openDetail(1)
        h.run(until: 0.5)
        let pieces = s.detail.column.sublayers.filter { $0.name.hasPrefix("cards.detail.text2.") }
        #expect(pieces.count >= 2)
        for (a, b) in zip(pieces, pieces.dropFirst()) { #expect(b.frame.minY > a.frame.minY && b.frame.minY <= a.frame.maxY) }
        #expect(pieces.allSatisfy { $0.bounds.height <= CardTextColumn.maxPieceHeight + 2 })
        var joined = ""
        for p in pieces { if case .text(let t, _) = p.contents { joined += t + " " } }
        #expect(joined.split(separator: " ") == long.split(separator: " "))
        let maxOffset = s.detail.scroller.maxOffset
        #expect(maxOffset > 1000)
        try h.load("1 swipe 600 400 600 100 0.05\n2 swipe 600 400 600 100 0.05\n3 swipe 600 400 600 100 0.05\n")
        var reached = 0.0
        h.run(until: 12) { _ in reached = max(reached, s.detail.column.frame.minY * -1) }
        #expect(reached >= maxOffset - 1, "\(reached) of \(maxOffset)")
        #expect(s.detail.column.frame.minY == -maxOffset)
    }

    /// Rotation: the list laid out anew for 480x800 shows the same first card at the
    /// top, keeps its seen set and its open detail; a scene built again on the same
    /// pictures (the runtime's rebuild) does too. Opened anew, every card tips again.
    @Test func rotationKeepsTheList() throws {
        let (h, s) = try Self.harness()
        h.frame(at: 1)
        s.scroll(to: 765)  // card 5 first
        h.frame(at: 2)
        #expect(s.state.firstVisible == 5)
        h.scene.resize(width: 480, height: 800)
        let t = try #require(h.scene.screen as? CardListScreen)
        #expect(t !== s && t.state === s.state)
        #expect(t.offset == 765 && t.layout.visible(offset: 765) == 5..<10)
        // 5-8 were seen (at 800x480 5..<8 showed; 8 not): only the unseen tip.
        #expect(Set(t.state.entrances.keys) == [8, 9])
        t.openDetail(7)
        h.frame(at: 3)
        let pictures = t.context.pictures
        let again = ShowScene(
            show: h.scene.show, assets: ShowFixture.assets(), root: Layer(name: "r", frame: Rect2D(x: 0, y: 0, width: 800, height: 480)),
            width: 800, height: 480, start: .cards("team"), pictures: pictures)
        let u = try #require(again.screen as? CardListScreen)
        #expect(u.state === s.state && u.offset == 765 && u.detail.isOpen && u.detail.index == 7)
        again.update(time: 3.1)
        #expect(u.detail.layer.position.x == 400)
        // Home, and the list opened anew: the seen set is new (the cards it opens on
        // arrive at rest; the next ones tip again).
        h.scene.open(.home, time: 4)
        h.frame(at: 5)
        h.scene.open(.cards("team"), time: 5)
        h.frame(at: 5)
        let fresh = try #require(h.scene.screen as? CardListScreen)
        #expect(fresh.state !== s.state && fresh.offset == 0)
        #expect(fresh.state.entrances.isEmpty && fresh.state.hasSeen(4) && !fresh.state.hasSeen(5))
    }

    /// Opened from home, the list slides in from the right: in the frame that builds it
    /// (off screen) one card gets its view, then one a frame, the displayed ones first;
    /// every displayed card has its view before any of it is on screen.
    @Test func slidingInDrawsOneCardAFrame() throws {
        let h = try ShowHarness(panelWidth: 800, panelHeight: 480)
        h.frame(at: 5)
        h.scene.open(.cards("team"), time: 5)
        h.frame(at: 5)
        let s = try #require(h.scene.screen as? CardListScreen)
        #expect(Set(s.views.keys) == [0])
        var frame = 0
        var counts: [Int] = []
        while h.scene.transition != nil {
            frame += 1
            h.frame(at: 5 + Double(frame) / 60)
            counts.append(s.views.count)
            let shift = s.layer.position.x - 400
            for i in 0..<3 where shift + 132 < 800 { #expect(s.views[i] != nil, "card \(i) shows at frame \(frame)") }
        }
        // Cards 1 and 2 (displayed) and 3 and 4 (near) one a frame: nothing tips (the
        // cards arrive with the list), so nothing waits.
        #expect(counts.prefix(4) == [2, 3, 4, 5], "\(counts)")
        h.run(until: 6)
        #expect(s.views.count == 5)
    }

    /// 1000 cards: the first update gives views to the displayed cards only (and one
    /// ahead); scrolling end to end and back keeps the views (and the layers under the
    /// viewport) to the near range, reused; every card was displayed and tipped once.
    @Test func aThousandCards() throws {
        let (h, s) = try Self.harness(show: Self.show(Self.cards(1000)))
        // The scene's first update: the three displayed only; then one ahead a frame.
        #expect(Set(s.views.keys) == [0, 1, 2])
        h.frame(at: 1.0 / 60)
        #expect(Set(s.views.keys) == [0, 1, 2, 3])
        h.frame(at: 2.0 / 60)
        #expect(Set(s.views.keys) == [0, 1, 2, 3, 4])
        var near = 0
        var most = 0
        var tips = 0
        var t = 0.0
        var y = 0.0
        while y < s.layout.maxOffset + 200 {
            t += 1.0 / 60
            y += 97
            s.scroll(to: y)
            h.frame(at: t)
            most = max(most, s.views.count)
            near = max(near, s.layout.near(offset: s.offset).count)
            tips = max(tips, s.state.entrances.count)
        }
        while y > 0 {
            t += 1.0 / 60
            y -= 131
            s.scroll(to: y)
            h.frame(at: t)
            most = max(most, s.views.count)
        }
        #expect(most <= near, "\(most) views for near ranges of \(near) cards at most")
        // Each view is a card and its shadow.
        #expect(s.viewsMade <= near && s.viewport.sublayers.count == 2 * s.viewsMade)
        #expect((0..<1000).allSatisfy { s.state.hasSeen($0) })
        #expect(tips >= 2)
    }

    /// No cards: "No cards", taps and drags do nothing. One card: it rests at 0, a pull
    /// bounces back.
    @Test func noneAndOne() throws {
        let (h0, s0) = try Self.harness(show: Self.show([]))
        #expect(s0.emptyLabel != nil && s0.views.isEmpty)
        try h0.load(h0.tap(Point2D(x: 400, y: 200), at: 0.5) + "1 swipe 400 400 400 100 0.2\n")
        h0.run(until: 3)
        #expect(s0.offset == 0 && s0.state.detail == nil && !h0.scene.isAnimating)
        let (h1, s1) = try Self.harness(show: Self.show(Self.cards(1)))
        #expect(s1.views.count == 1 && s1.layout.maxOffset == 0)
        try h1.load("1 down 0 400 100\n1.1 move 0 400 300\n1.2 move 0 400 300\n1.3 up 0\n")
        var pulled = 0.0
        h1.run(until: 4) { _ in pulled = min(pulled, s1.offset) }
        #expect(pulled < -50 && pulled > -200, "\(pulled)")
        #expect(s1.offset == 0 && !h1.scene.isAnimating)
    }

    /// A list id the show lacks: an empty list titled by the id, no crash.
    @Test func unknownList() throws {
        let (h, s) = try Self.harness(id: "nope")
        h.frame(at: 1)
        #expect(s.list == nil && s.emptyLabel != nil)
        if case .text(let t, _) = s.titleLayer.contents { #expect(t == "cards:nope") } else { Issue.record("no title") }
    }

    /// The menu button sits at the bar's left (its centre as far from the left edge as
    /// from the bar's bottom) and opens the menu; back goes home.
    @Test func menuAndBack() throws {
        let (h, s) = try Self.harness()
        let c = s.menuButton.frame.centre
        #expect(c.x == 24 && 48 - c.y == 24)
        #expect(s.menuButton.sublayers.count == 3)
        try h.load(h.tap(c, at: 0.5))
        h.run(until: 1)
        #expect(h.scene.current == .menu)
        let (h2, s2) = try Self.harness()
        try h2.load(h2.tap(s2.backButton.frame.centre, at: 0.5))
        h2.run(until: 1)
        #expect(h2.scene.current == .home)
    }
}
