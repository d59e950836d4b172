import Compositor

/// Where a card's detail puts things on a `width` x `height` logical screen ("picture
/// large, the whole text"; ours). Whole points.
///
/// - The top bar as the list's (`CardListLayout`): the menu button, "‹ <list title>"
///   (back to the list), the card's title.
/// - Landscape (wider than tall): the picture fitted in a box at the left, 40% of the
///   width inside the margins and the whole height below the bar, fixed; right of it a
///   column with the title (bold, up to two lines), the subtitle (up to two lines) and
///   the whole text, which scrolls when it is taller than the screen.
/// - Portrait (and square): one column down the screen, the picture first (fitted in a
///   box as wide as the column and 42% of the height below the bar), then the title,
///   the subtitle and the text; the whole column scrolls.
///
/// Column space: x from the column's left edge, y from its top (the viewport's top at
/// offset 0); the column's parts start `margin` below it.
struct CardDetailLayout: Hashable {
    let metrics: ScreenMetrics
    /// The area the column scrolls in, on screen: below the bar.
    let viewport: Rect2D
    /// The column's left edge in the viewport, and its width.
    let columnX: Double
    let columnWidth: Double
    /// The picture's box: on screen in landscape, in column space in portrait.
    let pictureBox: Rect2D
    /// Whether the picture is in the column (portrait) or fixed beside it (landscape).
    let pictureScrolls: Bool
    /// Font sizes, pixels.
    let titleFont: Double
    let subtitleFont: Double
    let textFont: Double

    init(metrics m: ScreenMetrics) {
        metrics = m
        let bar = m.barHeight
        let below = Swift.max(1, m.height - bar)
        if m.width > m.height {
            let boxWidth = Swift.max(1, ((m.width - 3 * m.margin) * 0.4).rounded())
            pictureBox = Rect2D(
                x: m.margin, y: bar + m.margin, width: boxWidth, height: Swift.max(1, below - 2 * m.margin))
            pictureScrolls = false
            viewport = Rect2D(x: pictureBox.maxX, y: bar, width: Swift.max(1, m.width - pictureBox.maxX), height: below)
        } else {
            viewport = Rect2D(x: 0, y: bar, width: m.width, height: below)
            pictureScrolls = true
            pictureBox = Rect2D(
                x: 0, y: m.margin, width: Swift.max(1, m.width - 2 * m.margin), height: Swift.max(1, (below * 0.42).rounded()))
        }
        columnX = m.margin
        columnWidth = Swift.max(1, viewport.width - 2 * m.margin)
        titleFont = Swift.max(10, (m.unit * 0.055).rounded())
        subtitleFont = Swift.max(8, (m.unit * 0.04).rounded())
        textFont = Swift.max(8, (m.unit * 0.036).rounded())
    }

    /// The space between the column's parts (picture, title, subtitle, text), points.
    var spacing: Double { (metrics.margin / 2).rounded() }
}
