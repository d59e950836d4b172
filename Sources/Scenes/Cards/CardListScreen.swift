import Compositor
import FixedPoint
import Raster
import Input
import Motion
import Show

/// A card list (after Ray Fix's "How To Make a Table View Drop-In Card
/// Animation"): the show's cards in one column (`CardListLayout`) under a top bar with
/// the menu button at its left (when the show has a menu), "‹ Home" (the show's labels)
/// and the list's title.
///
/// Scrolling: dragging moves the list with the finger; a release flings it at
/// `UIScrollView`'s normal rate and it bounces at either end (`CardScroller`). A finger
/// going down stops a fling or a bounce where it is, and a tap then only stops it.
///
/// Tip-in: when a card is about to be displayed for the first time since the list was
/// opened (the article's willDisplayCell: its slot comes to overlap the viewport), its
/// content tips in (`CardTip`: the show's `tip`, `tip_angle`, `tip_offset`,
/// `tip_opacity`, `tip_duration`; by default the article's -15° and (-20, -20), 0.8
/// opacity, 0.4 s ease-in-out), as the article's cards scroll in from the bottom. The
/// cards the list opens on arrive with it, at rest (ours: tipped, the first one's corner
/// would rise under the bar and show cut flat). The tipped content overhangs its slot;
/// a card tipping in is drawn above the cards at rest (and of two tipping, the later one
/// in the list above), lifted off them by a soft shadow (`CoverDressing`) that fades as
/// it lands, so that one reads over the other. Each card tips on its own clock,
/// so a fast scroll tips several at once. A card seen before does not tip again
/// (the article's set of shown rows, `CardListState`) until the list is opened anew;
/// with the show's `again = "fade"` it fades in instead (opacity 0 to 1, the tip's
/// duration and curve). A card that leaves the viewport mid-tip stops tipping.
///
/// Layers: only the cards near the viewport (`CardListLayout.near`: displayed or within
/// half a viewport) have layers (`CardView`, reused as cards come and go), so a list of
/// 1000 cards holds as many views as one of 20. A card's text and picture are drawn when
/// its view is given the card: at once, in the frame, for the cards displayed on screen,
/// and for the others one card between two frames (`prepareAhead()`, the card's
/// picture composited then too: `Layer.drawGroupAhead()`): first the
/// displayed cards still off screen (a list sliding in from the right draws its first
/// cards one a gap before they come into view), then ahead of the scroll. So opening a
/// long list draws one card a gap, and a scroll rarely draws a card in a frame.
///
/// Tap: a card's tap opens its detail (`CardDetail`: the picture large, the whole text);
/// its back button returns to the list where it was. The list's offset is drawn at whole
/// points, so cards at rest are drawn without resampling.
///
/// Rotation and rebuilds: the list remembers its seen set, its tips, its first visible
/// card and an open detail in a `CardListState` kept in the scene's `ShowPictures`; a
/// list laid out anew for a new logical size (or a scene built again on it) shows the
/// same first card at the top, its detail still open if it was.
final class CardListScreen: ShowScreen {
    let list: CardList?
    let layout: CardListLayout
    let face: CardFaceLayout
    let tip: CardTip
    let state: CardListState
    /// The list's area: clips the cards, takes the drags and taps.
    let viewport: Layer
    let menuButton: Layer
    let backButton: Layer
    let titleLayer: Layer
    let detail: CardDetail
    /// The "No cards" text of an empty list.
    private(set) var emptyLabel: Layer?
    private(set) var scroller: CardScroller
    /// The views of the cards near the viewport, by card.
    private(set) var views: [Int: CardView] = [:]
    /// Views not showing a card.
    private var pool: [CardView] = []
    /// Every view made (a list's views are bounded by its near range).
    private(set) var viewsMade = 0
    /// The offset drawn at the last update, whole points.
    private(set) var offset = 0.0
    /// The finger now down went down on a moving list: its tap only stops it.
    private var caughtMoving = false
    /// Scratch lists reused by every update (no allocation per frame).
    private var scratch: [Int] = []
    /// The soft shadow under a card tipping in, its ring in strips, shared by the views
    /// (made once).
    private let cardShadow: [(rect: PixelRect, picture: Surface)]

    /// The last update's cards (displayed, near) and scroll velocity (points a second):
    /// what `prepareAhead()` gives views to.
    private var ahead: (visible: Range<Int>, near: Range<Int>, velocity: Double)?
    /// The z position of a card tipping in (or fading): above the cards at rest.
    static let enteringZ = 1_000_000.0

    /// - Parameters:
    ///   - state: what the list remembers, to go on with (nil or another list's: the
    ///     list opens anew).
    init(id: String, context: ShowScreenContext, state kept: CardListState? = nil) {
        let m = context.metrics
        let list = context.show.cardList(id: id)
        self.list = list
        let count = list?.items.count ?? 0
        layout = CardListLayout(count: count, metrics: m)
        face = CardFaceLayout(size: layout.cardSize)
        cardShadow = CoverDressing.shadowRing(
            width: Swift.max(1, face.size.width.rounded().clampedInt), height: Swift.max(1, face.size.height.rounded().clampedInt))
        tip = list.map(CardTip.init(list:)) ?? .article
        let state = kept.flatMap { $0.id == id ? $0 : nil } ?? CardListState(id: id, count: count)
        self.state = state
        context.pictures.cardList = state
        viewport = Layer(name: "cards.viewport", frame: layout.viewport)
        viewport.masksToBounds = true
        menuButton = Layer(name: "cards.menu", frame: layout.menuButton)
        backButton = Layer(name: "cards.back", frame: layout.backButton)
        let title = list?.title ?? "cards:\(id)"
        titleLayer = PlainScreen.label(
            "cards.title", title, frame: layout.title,
            TextAttributes(
                size: m.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1,
                fonts: context.fonts(list?.titleFont ?? [])))
        let labels = context.show.labels
        let hasMenu = context.show.hasMenu
        detail = CardDetail(
            layout: layout, detail: CardDetailLayout(metrics: m), backTitle: labels.backTitle(title), hasMenu: hasMenu)
        scroller = CardScroller(
            maxOffset: layout.maxOffset, extent: layout.viewport.height,
            offset: layout.offset(showingFirst: state.firstVisible))
        super.init(target: .cards(id), context: context)
        layer.contents = .color(ScreenColors.background)
        layer.masksToBounds = true
        layer.addSublayer(viewport)
        let bar = Layer(name: "cards.bar", frame: layout.bar, contents: .color(ScreenColors.bar))
        bar.allowsHitTesting = false
        layer.addSublayer(bar)
        Self.decorate(menu: menuButton, back: backButton, title: labels.backTitle(labels.home), metrics: m)
        if hasMenu { layer.addSublayer(menuButton) }
        layer.addSublayer(backButton)
        layer.addSublayer(titleLayer)
        layer.addSublayer(detail.layer)
        if hasMenu {
            bindTap(menuButton, opening: .menu)
            bindTap(detail.menuButton, opening: .menu)
        }
        bindTap(backButton, opening: .home)
        if count == 0 {
            let label = PlainScreen.emptyLabel("cards.empty", labels.cardsEmpty, metrics: m)
            layer.addSublayer(label)
            emptyLabel = label
        }
        bindGestures()
        if let i = state.detail, let card = list?.items[safe: i] {
            detail.open(card, index: i, pictures: context.pictures, now: context.now(), animated: false)
        } else {
            state.detail = nil
        }
        // No update here: the scene's next update lays the list out where it is placed
        // (off screen at the right when it slides in: its cards are then drawn a few a
        // frame, not all in the frame that builds it).
    }

    /// The menu button's bars and the back button's text, for the list's bar and the
    /// detail's.
    static func decorate(menu: Layer, back: Layer, title: String, metrics m: ScreenMetrics) {
        menu.contents = .color(ScreenColors.menuButton)
        MenuGlyph.addBars(to: menu, side: menu.bounds.width, namePrefix: menu.name)
        let text = PlainScreen.label(
            back.name + ".text", title,
            frame: Rect2D(x: m.margin / 2, y: 0, width: Swift.max(1, back.bounds.width - m.margin / 2), height: back.bounds.height),
            TextAttributes(size: m.barFontSize, color: ScreenColors.accent, maxLines: 1))
        back.addSublayer(text)
    }

    private func bindGestures() {
        let now = context.now
        let accepts = context.accepts
        // The list: a finger down holds it, a pan drags and flings it, a tap opens a card.
        bind(
            CardTouchDown { [unowned self] u in
                switch u.phase {
                case .began:
                    guard accepts(u.time) else { return }
                    self.caughtMoving = self.scroller.isMoving(at: now()) && !self.scroller.isHeld
                    self.scroller.hold(at: now())
                default:
                    if !self.scroller.isDragging { self.scroller.release(velocity: 0) }
                }
            }, to: viewport)
        bind(
            PanRecognizer { [unowned self] pan in
                switch pan.state {
                case .began:
                    guard accepts(now()) else { return }
                    if !self.scroller.isHeld { self.scroller.hold(at: now()) }
                    self.scroller.drag(travel: pan.translation.y)
                case .changed:
                    self.scroller.drag(travel: pan.translation.y)
                case .ended:
                    self.scroller.release(velocity: -pan.velocity.y)
                default:
                    self.scroller.release(velocity: 0)
                }
            }, to: viewport)
        bind(
            TapRecognizer { [unowned self] tap in
                guard accepts(tap.startTime), !self.caughtMoving, !self.detail.isOpen else { return }
                let shift = self.layer.position.x - self.metrics.width / 2
                let p = Point2D(x: tap.location.x - shift, y: tap.location.y - self.layout.viewport.minY)
                if let i = self.layout.card(at: p, offset: self.offset) { self.openDetail(i) }
            }, to: viewport)
        // The detail: its column scrolls the same way; back closes it.
        bind(
            CardTouchDown { [unowned self] u in
                switch u.phase {
                case .began:
                    guard accepts(u.time) else { return }
                    self.detail.withScroller { $0.hold(at: now()) }
                default:
                    self.detail.withScroller { if !$0.isDragging { $0.release(velocity: 0) } }
                }
            }, to: detail.pager)
        bind(
            PanRecognizer { [unowned self] pan in
                switch pan.state {
                case .began:
                    guard accepts(now()) else { return }
                    self.detail.withScroller { s in
                        if !s.isHeld { s.hold(at: now()) }
                        s.drag(travel: pan.translation.y)
                    }
                case .changed:
                    self.detail.withScroller { $0.drag(travel: pan.translation.y) }
                case .ended:
                    self.detail.withScroller { $0.release(velocity: -pan.velocity.y) }
                default:
                    self.detail.withScroller { $0.release(velocity: 0) }
                }
            }, to: detail.pager)
        bind(
            TapRecognizer { [unowned self] tap in
                guard accepts(tap.startTime) else { return }
                self.closeDetail()
            }, to: detail.backButton)
    }

    // MARK: Actions

    /// Opens card `i`'s detail, sliding in from the next update.
    func openDetail(_ i: Int) {
        guard let card = list?.items[safe: i] else { return }
        state.detail = i
        detail.open(card, index: i, pictures: context.pictures, now: context.now(), animated: true)
    }

    /// Closes the detail: it slides out, the list shows where it was.
    func closeDetail() {
        state.detail = nil
        detail.close(now: context.now())
    }

    /// Puts the list at offset `y` at once, resting (tests, goldens).
    func scroll(to y: Double) {
        scroller.rest(at: y)
        update(time: context.now())
    }

    // MARK: Frames

    override func update(time: Double) {
        // A scene built again starts its updates at 0: the list's clock goes on.
        let time = Swift.max(time, state.lastTime)
        state.lastTime = time
        scroller.step(to: time)
        let y = scroller.offset(at: time).rounded()
        offset = y
        let visible = layout.visible(offset: y)
        updateEntrances(visible: visible, time: time)
        updateViews(visible: visible, near: layout.near(offset: y), velocity: scroller.velocity(at: time))
        for (i, view) in views { place(view, card: i, offset: y, time: time) }
        state.firstVisible = visible.first ?? state.firstVisible
        detail.update(time: time)
    }

    /// The article's willDisplayCell for the cards that have come into view since the
    /// last update: a tip for a card not seen before, a fade (with `again = "fade"`) for
    /// one seen; entrances of cards gone out of view, and those over, end.
    private func updateEntrances(visible: Range<Int>, time: Double) {
        scratch.removeAll(keepingCapacity: true)
        for i in state.displayed where !visible.contains(i) { scratch.append(i) }
        for i in scratch {
            state.displayed.remove(i)
            state.entrances[i] = nil
        }
        let arriving = !state.hasArrived
        state.hasArrived = true
        for i in visible where !state.displayed.contains(i) {
            state.displayed.insert(i)
            if arriving {
                state.markSeen(i)
            } else if !state.hasSeen(i) {
                state.markSeen(i)
                state.entrances[i] = (.tip, nil)
            } else if list?.again == .fade {
                state.entrances[i] = (.fade, nil)
            }
        }
        scratch.removeAll(keepingCapacity: true)
        for (i, e) in state.entrances {
            // Ended ones as themselves, ones to start as -1 - i.
            if let start = e.start {
                if tip.isOver(elapsed: time - start) { scratch.append(i) }
            } else {
                scratch.append(-1 - i)
            }
        }
        for k in scratch {
            if k >= 0 {
                state.entrances[k] = nil
            } else if let e = state.entrances[-1 - k] {
                state.entrances[-1 - k] = (e.kind, time)
            }
        }
    }

    /// Gives views to the displayed cards and, a few per update, to the cards near them
    /// (ahead of the scroll first); takes them from cards no longer near.
    private func updateViews(visible: Range<Int>, near: Range<Int>, velocity: Double) {
        scratch.removeAll(keepingCapacity: true)
        for (i, _) in views where !near.contains(i) { scratch.append(i) }
        for i in scratch {
            let v = views.removeValue(forKey: i)!
            v.recycle()
            pool.append(v)
        }
        // Displayed cards on screen now get their views at once; the others between
        // frames (`prepareAhead()`).
        let shift = layer.position.x - metrics.width / 2
        for i in visible where views[i] == nil {
            let f = layout.frame(i, offset: offset)
            guard shift + f.minX < metrics.width, shift + f.minX + f.width > 0 else { continue }
            assignView(to: i)
        }
        ahead = (visible, near, velocity)
    }

    /// Between frames: gives one card near the viewport its view and draws the card's
    /// picture (`Layer.drawGroupAhead()`: its text rasterized, its picture and text
    /// composited), so that the frame that shows it draws none: first the displayed cards
    /// still off screen (the list sliding in from the right), then ahead of the scroll
    /// (below when it moves down the list or rests), then behind it. True when it gave
    /// one.
    override func prepareAhead() -> Bool {
        guard let (visible, near, velocity) = ahead else { return false }
        let below = visible.upperBound..<Swift.max(visible.upperBound, near.upperBound)
        let above = near.lowerBound..<Swift.max(near.lowerBound, visible.lowerBound)
        if prefetch(visible) { return true }
        return velocity >= 0
            ? prefetch(below) || prefetch(above.reversed()) : prefetch(above.reversed()) || prefetch(below)
    }

    /// Gives the first card of `cards` without a view its view, placed as the last
    /// update placed the others; true when there was one.
    private func prefetch(_ cards: some Sequence<Int>) -> Bool {
        guard let i = cards.first(where: { views[$0] == nil }) else { return false }
        assignView(to: i)
        guard let v = views[i] else { return false }
        place(v, card: i, offset: offset, time: state.lastTime)
        v.layer.drawGroupAhead()
        return true
    }

    private func assignView(to i: Int) {
        guard let card = list?.items[safe: i] else { return }
        let v: CardView
        if let p = pool.popLast() {
            v = p
        } else {
            v = CardView(face: face, shadow: cardShadow)
            viewsMade += 1
            viewport.addSublayer(v.shadow)
            viewport.addSublayer(v.layer)
        }
        v.show(card, index: i, face: face, pictures: context.pictures)
        views[i] = v
    }

    /// Places card `i`'s view for the offset and its entrance.
    private func place(_ v: CardView, card i: Int, offset y: Double, time: Double) {
        let f = layout.frame(i, offset: y)
        v.layer.position = Point2D(x: f.minX + f.width / 2, y: f.minY + f.height / 2)
        if let e = state.entrances[i] {
            let p = tip.progress(elapsed: time - (e.start ?? time))
            let pose = CardEntrance.pose(e.kind, tip: tip, progress: p)
            v.layer.transform = pose.transform
            v.layer.opacity = pose.opacity
            v.layer.zPosition = Self.enteringZ + Double(i)
            v.lift(e.kind == .tip ? 1 - p : 0)
        } else {
            v.layer.transform = .identity
            v.layer.opacity = 1
            v.layer.zPosition = Double(i)
            v.lift(0)
        }
    }

    override func isMoving(at time: Double) -> Bool {
        if scroller.isMoving(at: time) || detail.isMoving(at: time) { return true }
        for (_, e) in state.entrances {
            guard let start = e.start else { return true }
            if !tip.isOver(elapsed: Swift.max(time, state.lastTime) - start) { return true }
        }
        return false
    }

    /// Where a swipe over the list starts and ends: along the middle 60% of the
    /// viewport's height, at its horizontal centre (upwards for `forward`).
    static func swipe(forward: Bool, metrics m: ScreenMetrics) -> (from: Point2D, to: Point2D) {
        let c = CardListLayout(count: 0, metrics: m).viewport
        let a = Point2D(x: c.centre.x.rounded(), y: (c.minY + c.height * 0.8).rounded())
        let b = Point2D(x: c.centre.x.rounded(), y: (c.minY + c.height * 0.2).rounded())
        return forward ? (a, b) : (b, a)
    }
}

extension Array {
    /// The element at `i`, nil when out of range.
    subscript(safe i: Int) -> Element? { i >= 0 && i < count ? self[i] : nil }
}
