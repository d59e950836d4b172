import Compositor
import Input
import Motion
import Show

/// Where a card list's cards sit: a vertical list in the content area, as many whole
/// cards per screenful as fit at 28% of the screen's shorter side at least, stretched to
/// fill the content area's height exactly (so that a screenful is `perScreen` cards).
struct ScreenCardsLayout: Hashable {
    let count: Int
    let perScreen: Int
    let cardHeight: Double
    let gap: Double
    let width: Double

    init(count: Int, metrics m: ScreenMetrics) {
        self.count = count
        gap = m.margin
        width = m.content.width
        let minimum = Swift.max(24, (m.unit * 0.28).rounded())
        perScreen = Swift.max(1, ((m.content.height + gap) / (minimum + gap)).rounded(.down).clampedInt)
        cardHeight = Swift.max(1, ((m.content.height + gap) / Double(perScreen) - gap).rounded(.down))
    }

    /// The distance from one card's top to the next's.
    var pitch: Double { cardHeight + gap }

    /// Card `i` in the list's space (the list's top-left is the content area's).
    func card(_ i: Int) -> Rect2D { Rect2D(x: 0, y: Double(i) * pitch, width: width, height: cardHeight) }

    /// The largest first visible card: the last screenful ends with the last card.
    var lastFirst: Int { Swift.max(0, count - perScreen) }
}

/// A card list as a plain screen (issue 8 brings the tip-in): the cards in a vertical
/// list (`ScreenCardsLayout`), each a light card with the portrait at the left and the
/// title (bold), subtitle and text at the right. A swipe up shows the next screenful, a
/// swipe down the previous (a 0.3 s ease-out slide).
final class CardsScreen: PlainScreen {
    let list: CardList?
    let cards: ScreenCardsLayout
    /// Clips the list to the content area; the swipes' target.
    let viewport: Layer
    let listLayer: Layer
    /// The first card shown (or being slid to).
    private(set) var first = 0
    private var slide = ShowSlide.resting(at: 0)

    /// Where a swipe over the list starts and ends: along the middle 60% of the content
    /// area's height, at its horizontal centre (upwards for `forward`).
    static func swipe(forward: Bool, metrics m: ScreenMetrics) -> (from: Point2D, to: Point2D) {
        let c = m.content
        let a = Point2D(x: c.centre.x.rounded(), y: (c.minY + c.height * 0.8).rounded())
        let b = Point2D(x: c.centre.x.rounded(), y: (c.minY + c.height * 0.2).rounded())
        return forward ? (a, b) : (b, a)
    }

    init(id: String, context: ShowScreenContext, first: Int = 0) {
        let m = context.metrics
        list = context.show.cardList(id: id)
        cards = ScreenCardsLayout(count: list?.items.count ?? 0, metrics: m)
        viewport = Layer(name: "cards.viewport", frame: m.content)
        viewport.masksToBounds = true
        listLayer = Layer(
            name: "cards.list",
            frame: Rect2D(x: 0, y: 0, width: m.content.width, height: Swift.max(1, Double(cards.count) * cards.pitch)))
        listLayer.allowsHitTesting = false
        super.init(target: .cards(id), title: list?.title ?? "cards:\(id)", context: context)
        self.first = Swift.max(0, Swift.min(first, cards.lastFirst))
        slide = .resting(at: Double(self.first))
        for (i, card) in (list?.items ?? []).enumerated() {
            listLayer.addSublayer(makeCard(card, frame: cards.card(i), index: i))
        }
        viewport.addSublayer(listLayer)
        layer.addSublayer(viewport)
        let now = context.now
        let accepts = context.accepts
        bind(
            SwipeRecognizer(directions: .vertical) { [unowned self] swipe in
                guard accepts(now()) else { return }
                self.scroll(by: swipe.direction == .up ? 1 : -1, now: now())
            }, to: viewport)
        update(time: context.now())
    }

    /// Scrolls by `screens` screenfuls (clamped to the list), sliding from where the
    /// list is at `now`; the slide starts at the next update.
    func scroll(by screens: Int, now: Double) {
        let target = Swift.max(0, Swift.min(first + screens * cards.perScreen, cards.lastFirst))
        guard target != first else { return }
        first = target
        slide.curve = .easeOut
        slide.duration = ShowSlide.standardDuration
        slide.retarget(Double(target), valueAt: now, startingAt: nil)
    }

    override func update(time: Double) {
        let at = slide.value(at: time)
        listLayer.position = Point2D(
            x: listLayer.bounds.width / 2, y: (listLayer.bounds.height / 2 - at * cards.pitch).rounded())
    }

    override func isMoving(at time: Double) -> Bool { slide.isMoving(at: time) }

    private func makeCard(_ card: Card, frame: Rect2D, index: Int) -> Layer {
        let layer = Layer(name: "card \(index)", frame: frame, contents: .color(ScreenColors.card))
        layer.allowsHitTesting = false
        let h = frame.height
        let w = frame.width
        let pad = Swift.max(2, (h * 0.08).rounded())
        let side = Swift.max(1, h - 2 * pad)
        let portrait = context.pictures.layer(
            name: "card.image", path: card.image, fit: Rect2D(x: pad, y: pad, width: side, height: side))
        portrait.allowsHitTesting = false
        layer.addSublayer(portrait)
        let x = 2 * pad + side
        let textWidth = Swift.max(1, w - x - pad)
        let titleHeight = (h * 0.26).rounded()
        let subtitleHeight = (h * 0.18).rounded()
        layer.addSublayer(
            PlainScreen.label(
                "card.title", card.title, frame: Rect2D(x: x, y: pad, width: textWidth, height: titleHeight),
                TextAttributes(
                    size: Swift.max(6, (h * 0.16).rounded()), weight: .bold, color: ScreenColors.cardTitle, maxLines: 1)
            ))
        layer.addSublayer(
            PlainScreen.label(
                "card.subtitle", card.subtitle,
                frame: Rect2D(x: x, y: pad + titleHeight, width: textWidth, height: subtitleHeight),
                TextAttributes(size: Swift.max(6, (h * 0.12).rounded()), color: ScreenColors.cardSubtitle, maxLines: 1))
        )
        let textTop = pad + titleHeight + subtitleHeight
        layer.addSublayer(
            PlainScreen.label(
                "card.text", card.text,
                frame: Rect2D(x: x, y: textTop, width: textWidth, height: Swift.max(1, h - textTop - pad)),
                TextAttributes(size: Swift.max(6, (h * 0.1).rounded()), color: ScreenColors.cardTitle)))
        return layer
    }
}
