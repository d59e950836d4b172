import Compositor
import FixedPoint
import Motion
import Show

/// A card's detail (the design is ours, `CardDetailLayout`): a full screen
/// over the card list with the list's top bar ("‹ <list title>" goes back, the menu
/// button opens the menu, the card's title in the middle), the picture large and the
/// title, subtitle and whole text in a column that scrolls as the list does
/// (`CardScroller`: momentum and rubber band) when it is taller than the screen.
///
/// It slides in from the right over 0.3 s, ease-in-out, as a pushed view does, and
/// back out to the right; the list under it stays where it was. Its layers stay in the
/// card list's screen (hidden while closed) so that their gestures are bound once;
/// what it shows is made when it opens and dropped when it has closed.
final class CardDetail {
    let layout: CardDetailLayout
    /// The whole screen, over the list: hidden while closed.
    let layer: Layer
    let menuButton: Layer
    let backButton: Layer
    let titleLayer: Layer
    /// The column's viewport: clips it and takes the drags.
    let pager: Layer
    /// The column: moves with the scroll.
    let column: Layer
    let picture: Layer
    private(set) var scroller: CardScroller
    /// The card shown, nil while closed.
    private(set) var index: Int?
    /// 0 closed (off screen at the right), 1 open.
    private var slide = ShowSlide.resting(at: 0)
    /// The column's text layers and their tops and heights, column space.
    private var pieces: [(layer: Layer, top: Double, height: Double)] = []

    /// - Parameter hasMenu: whether the bar has a menu button (the show has a menu).
    init(layout: CardListLayout, detail: CardDetailLayout, backTitle: String, hasMenu: Bool) {
        self.layout = detail
        let m = detail.metrics
        layer = Layer(name: "cards.detail", frame: m.screen, contents: .color(ScreenColors.background))
        layer.isHidden = true
        pager = Layer(name: "cards.detail.pager", frame: detail.viewport)
        pager.masksToBounds = true
        column = Layer(
            name: "cards.detail.column",
            frame: Rect2D(x: detail.columnX, y: 0, width: detail.columnWidth, height: 1))
        column.allowsHitTesting = false
        picture = Layer(name: "cards.detail.picture", frame: detail.pictureBox)
        picture.allowsHitTesting = false
        scroller = CardScroller(maxOffset: 0, extent: detail.viewport.height)
        let bar = Layer(name: "cards.detail.bar", frame: layout.bar, contents: .color(ScreenColors.bar))
        bar.allowsHitTesting = false
        menuButton = Layer(name: "cards.detail.menu", frame: layout.menuButton)
        backButton = Layer(name: "cards.detail.back", frame: layout.backButton)
        titleLayer = PlainScreen.label(
            "cards.detail.title", "", frame: layout.title,
            TextAttributes(
                size: m.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1))
        layer.addSublayer(pager)
        pager.addSublayer(column)
        if detail.pictureScrolls { column.addSublayer(picture) } else { layer.addSublayer(picture) }
        layer.addSublayer(bar)
        CardListScreen.decorate(menu: menuButton, back: backButton, title: backTitle, metrics: m)
        if hasMenu { layer.addSublayer(menuButton) }
        layer.addSublayer(backButton)
        layer.addSublayer(titleLayer)
    }

    /// Whether a card's detail is open or opening (not closing or closed).
    var isOpen: Bool { index != nil && slide.to == 1 }

    /// Opens on card `card` (index `i`): sliding in from the next update, or at once
    /// (`animated` false: a list laid out anew with its detail open).
    func open(_ card: Card, index i: Int, pictures: ShowPictures, now: Double, animated: Bool) {
        build(card, pictures: pictures)
        index = i
        layer.isHidden = false
        scroller = CardScroller(maxOffset: scroller.maxOffset, extent: layout.viewport.height)
        if animated {
            slide = ShowSlide(
                from: slide.value(at: now), to: 1, start: nil, duration: ShowSlide.standardDuration,
                curve: ShowScene.transitionCurve)
        } else {
            slide = .resting(at: 1)
        }
    }

    /// Slides out to the right from the next update; the list shows again under it.
    func close(now: Double) {
        guard index != nil, slide.to != 0 else { return }
        slide = ShowSlide(
            from: slide.value(at: now), to: 0, start: nil, duration: ShowSlide.standardDuration,
            curve: ShowScene.transitionCurve)
    }

    /// Makes the layers of `card`: the picture fitted in its box, the title, subtitle
    /// and text as pieces of one column (`CardTextColumn`).
    private func build(_ card: Card, pictures: ShowPictures) {
        for p in pieces { p.layer.removeFromSuperlayer() }
        pieces = []
        let l = layout
        titleLayer.contents = .text(
            card.title,
            TextAttributes(
                size: l.metrics.barFontSize, weight: .bold, color: ScreenColors.title, alignment: .center, maxLines: 1))
        let fit = ScreenFit.fit(pictures.size(card.image), in: l.pictureBox)
        picture.frame = fit
        picture.contents = .image(pictures.picture(card.image, width: fit.width.clampedInt, height: fit.height.clampedInt))
        var y = l.pictureScrolls ? picture.frame.maxY + l.spacing : l.metrics.margin
        let width = Int(l.columnWidth)
        let parts: [(String, TextAttributes)] = [
            (card.title, TextAttributes(size: l.titleFont, weight: .bold, color: ScreenColors.title, maxLines: 2)),
            (card.subtitle, TextAttributes(size: l.subtitleFont, color: ScreenColors.accent, maxLines: 2)),
            (card.text, TextAttributes(size: l.textFont, color: ScreenColors.tileTitle)),
        ]
        for (k, (text, attributes)) in parts.enumerated() where !text.isEmpty {
            let c = CardTextColumn(text, attributes: attributes, width: width, engine: pictures.textEngine)
            for (j, piece) in c.pieces.enumerated() {
                let t = PlainScreen.label(
                    "cards.detail.text\(k).\(j)", piece.text,
                    frame: Rect2D(x: 0, y: y + piece.top, width: l.columnWidth, height: piece.height), attributes)
                t.isHidden = true
                column.addSublayer(t)
                pieces.append((t, y + piece.top, piece.height))
            }
            y += c.height + l.spacing
        }
        let height = (y - l.spacing + l.metrics.margin).rounded(.up)
        column.frame = Rect2D(x: l.columnX, y: 0, width: l.columnWidth, height: Swift.max(1, height))
        scroller = CardScroller(maxOffset: height - l.viewport.height, extent: l.viewport.height)
    }

    /// Drops what the detail showed (it has closed).
    private func clear() {
        for p in pieces { p.layer.removeFromSuperlayer() }
        pieces = []
        picture.contents = .none
        titleLayer.contents = .none
        index = nil
        layer.isHidden = true
    }

    /// Sets the detail for `time`; returns whether it has just closed.
    @discardableResult
    func update(time: Double) -> Bool {
        guard index != nil else { return false }
        let p = slide.progress(at: time)
        let v = slide.from + (slide.to - slide.from) * p
        let m = layout.metrics
        layer.position = Point2D(x: m.width / 2 + ((1 - v) * m.width).rounded(), y: m.height / 2)
        if slide.to == 0 && !slide.isMoving(at: time) {
            clear()
            return true
        }
        scroller.step(to: time)
        let y = scroller.offset(at: time).rounded()
        column.position = Point2D(x: layout.columnX + column.bounds.width / 2, y: column.bounds.height / 2 - y)
        // Only the pieces within a viewport of the visible part are drawn.
        let lo = y - layout.viewport.height
        let hi = y + 2 * layout.viewport.height
        for p in pieces {
            let near = p.top + p.height > lo && p.top < hi
            if p.layer.isHidden == near { p.layer.isHidden = !near }
        }
        return false
    }

    /// Whether something in the detail moves after `time`.
    func isMoving(at time: Double) -> Bool {
        guard index != nil else { return false }
        return slide.isMoving(at: time) || scroller.isMoving(at: time)
    }

    /// The scroller, for the list screen's gestures.
    func withScroller(_ body: (inout CardScroller) -> Void) { body(&scroller) }
}
