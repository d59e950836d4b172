import Compositor
import FixedPoint

/// Where a card list's parts sit on a `width` x `height` logical screen, as pure
/// functions of the screen size, the number of cards and the scroll offset.
/// Points are logical points, y down, whole points.
///
/// - Top bar: across the top, the bar's height (`ScreenMetrics.barHeight`). The menu
///   button is a square of that side at its left end, so its centre (the guillotine
///   menu's hinge) is as far from the screen's left edge as from the bar's bottom; the
///   back button ("‹ Home") follows it, as wide as the plain screens' back button; the
///   title is centred between the back button and its mirror image.
/// - Viewport: the rest of the screen below the bar; the list scrolls in it.
/// - Cards: one column, `margin` apart, the first `margin` below the viewport's top at
///   offset 0 (and the last as far above its bottom at the largest offset). A card is
///   28% of the screen's shorter side tall (at least 40 points): the same on either
///   orientation of a panel, two or three to a landscape screenful, five or six in
///   portrait. It is as wide as the screen inside the margin, but at most four times its
///   height, centred: a readable column on a wide screen (as iOS's readable content
///   width and Material's card widths keep lines from running across a whole landscape
///   screen; ours), which also keeps a tipping card's overhang and its transformed draw
///   near the article's phone proportions.
/// - Offset: the scroll offset, points: the content's point at the viewport's top. Card
///   `i`'s slot in content space is (x, margin + i * pitch), x centring the column; on
///   screen it is moved up by the offset. Offsets go from 0 to `maxOffset` at rest (beyond them only while
///   a finger pulls or the list bounces back).
struct CardListLayout: Hashable {
    let metrics: ScreenMetrics
    let count: Int
    /// The list's area on screen: below the top bar.
    let viewport: Rect2D
    /// A card's size.
    let cardSize: Size2D
    /// The space around and between cards.
    let gap: Double
    /// The column's left edge in the viewport.
    let cardX: Double

    /// A card's height as a fraction of the screen's shorter side.
    static let cardHeightRatio = 0.28
    /// The smallest card height, points.
    static let minimumCardHeight = 40.0
    /// The widest card, in card heights.
    static let maximumAspect = 4.0

    init(count: Int, metrics m: ScreenMetrics) {
        metrics = m
        self.count = Swift.max(0, count)
        viewport = Rect2D(x: 0, y: m.barHeight, width: m.width, height: Swift.max(1, m.height - m.barHeight))
        gap = m.margin
        let h = Swift.max(Self.minimumCardHeight, (m.unit * Self.cardHeightRatio).rounded())
        let w = Swift.max(1, Swift.min(m.width - 2 * m.margin, h * Self.maximumAspect))
        cardSize = Size2D(width: w, height: h)
        cardX = ((m.width - w) / 2).rounded(.down)
    }

    /// From one card's top to the next's.
    var pitch: Double { cardSize.height + gap }

    /// The content's height: the cards with the gap around them (0 with no cards).
    var contentHeight: Double { count == 0 ? 0 : Double(count) * pitch + gap }

    /// The largest resting offset: the last card `gap` above the viewport's bottom (0
    /// when every card fits).
    var maxOffset: Double { Swift.max(0, contentHeight - viewport.height) }

    /// Card `i`'s slot in content space.
    func slot(_ i: Int) -> Rect2D {
        Rect2D(x: cardX, y: gap + Double(i) * pitch, width: cardSize.width, height: cardSize.height)
    }

    /// Card `i`'s frame in the viewport's space at `offset`.
    func frame(_ i: Int, offset: Double) -> Rect2D {
        let s = slot(i)
        return Rect2D(x: s.minX, y: s.minY - offset, width: s.width, height: s.height)
    }

    /// The cards whose slots overlap the content from `top` to `bottom` (content space).
    private func cards(from top: Double, to bottom: Double) -> Range<Int> {
        guard count > 0, bottom > top else { return 0..<0 }
        // Slot i spans [gap + i p, gap + i p + h): overlaps when it ends after top and
        // starts before bottom.
        let lo = ((top - gap - cardSize.height) / pitch).rounded(.down) + 1
        let hi = ((bottom - gap) / pitch).rounded(.up) - 1
        let first = Int(Swift.max(0, Swift.min(lo, Double(count))))
        let last = Int(Swift.max(-1, Swift.min(hi, Double(count - 1))))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The cards displayed at `offset`: those whose slots overlap the viewport (the
    /// article's willDisplayCell comes as a card enters this range).
    func visible(offset: Double) -> Range<Int> { cards(from: offset, to: offset + viewport.height) }

    /// How far beyond the viewport cards are made ready (their layers made, text and
    /// pictures drawn) before they are displayed: half a viewport, at least a card.
    var prefetchDistance: Double { Swift.max(pitch, (viewport.height / 2).rounded()) }

    /// The cards near the viewport at `offset`: displayed or within `prefetchDistance`.
    /// Only these have layers.
    func near(offset: Double) -> Range<Int> {
        cards(from: offset - prefetchDistance, to: offset + viewport.height + prefetchDistance)
    }

    /// The card under `point` (viewport space) at `offset`, nil between cards.
    func card(at point: Point2D, offset: Double) -> Int? {
        let y = point.y + offset - gap
        guard point.x >= cardX, point.x < cardX + cardSize.width, y >= 0 else { return nil }
        let i = Int((y / pitch).rounded(.down))
        guard i < count, y - Double(i) * pitch < cardSize.height else { return nil }
        return i
    }

    /// The first card displayed at `offset` (0 with no cards).
    func firstVisible(offset: Double) -> Int { visible(offset: offset).first ?? 0 }

    /// The resting offset that shows card `i` first, `gap` below the viewport's top
    /// (clamped to 0...maxOffset, and to the cards).
    func offset(showingFirst i: Int) -> Double {
        guard count > 0 else { return 0 }
        let k = Swift.max(0, Swift.min(i, count - 1))
        return Swift.min(Swift.max(0, Double(k) * pitch), maxOffset)
    }

    // MARK: The top bar

    /// The top bar, across the screen.
    var bar: Rect2D { metrics.titleBar }

    /// The menu button: a square of the bar's height at its left end.
    var menuButton: Rect2D { Rect2D(x: 0, y: 0, width: metrics.barHeight, height: metrics.barHeight) }

    /// The back button, right of the menu button (never past the screen's middle).
    var backButton: Rect2D {
        let x = menuButton.maxX
        let w = Swift.max(1, Swift.min(metrics.backButton.width, (metrics.width / 2).rounded(.down) - x))
        return Rect2D(x: x, y: 0, width: w, height: metrics.barHeight)
    }

    /// The title, centred between the back button and its mirror image.
    var title: Rect2D {
        let side = backButton.maxX
        return Rect2D(x: side, y: 0, width: Swift.max(1, metrics.width - 2 * side), height: metrics.barHeight)
    }
}

/// Where a card's parts sit inside it (a `width` x `height` card, its own space): the
/// picture a square at the left, inside a padding of 8% of the height; at its right the
/// title (bold, one line), the subtitle (one line) and the text (as many lines as fit,
/// the last cut with an ellipsis), each line cut with an ellipsis when too long.
struct CardFaceLayout: Hashable {
    let size: Size2D
    let padding: Double
    let picture: Rect2D
    let title: Rect2D
    let subtitle: Rect2D
    let text: Rect2D
    /// Font sizes, pixels.
    let titleFont: Double
    let subtitleFont: Double
    let textFont: Double

    init(size: Size2D) {
        self.size = size
        let h = size.height
        let w = size.width
        padding = Swift.max(2, (h * 0.08).rounded())
        let side = Swift.max(1, Swift.min(h - 2 * padding, w / 3).rounded(.down))
        picture = Rect2D(x: padding, y: padding, width: side, height: side)
        let x = 2 * padding + side
        let textWidth = Swift.max(1, w - x - padding)
        let titleHeight = (h * 0.24).rounded()
        let subtitleHeight = (h * 0.17).rounded()
        title = Rect2D(x: x, y: padding, width: textWidth, height: titleHeight)
        subtitle = Rect2D(x: x, y: padding + titleHeight, width: textWidth, height: subtitleHeight)
        let top = padding + titleHeight + subtitleHeight
        text = Rect2D(x: x, y: top, width: textWidth, height: Swift.max(1, h - top - padding))
        titleFont = Swift.max(6, (h * 0.15).rounded())
        subtitleFont = Swift.max(6, (h * 0.11).rounded())
        textFont = Swift.max(6, (h * 0.095).rounded())
    }
}
