import Compositor
import FixedPoint

/// The sizes every screen of a show shares for a logical screen of `width` x `height`
/// points: one function of the screen size, so that the scenes, the demo tour and the
/// tests agree on where things are. All values are whole points (layers at whole-point
/// positions draw with the compositor's copy and over paths, not a bilinear one).
struct ScreenMetrics: Hashable {
    let width: Double
    let height: Double

    init(width: Int, height: Int) {
        self.width = Double(Swift.max(1, width))
        self.height = Double(Swift.max(1, height))
    }

    /// Whether the screen is portrait (taller than wide): the show's portrait pictures.
    var isPortrait: Bool { height > width }

    /// The shorter side, points: what sizes scale with.
    var unit: Double { Swift.min(width, height) }

    /// The longer side, points: how far the launch doors travel.
    var longSide: Double { Swift.max(width, height) }

    /// The height of a screen's title bar, and the side of the home screen's menu
    /// button: a tenth of the shorter side, at least 20 points.
    var barHeight: Double { Swift.max(20, (unit * 0.1).rounded()) }

    /// The space around content, points: 4% of the shorter side, at least 4.
    var margin: Double { Swift.max(4, (unit * 0.04).rounded()) }

    /// The whole screen.
    var screen: Rect2D { Rect2D(x: 0, y: 0, width: width, height: height) }

    /// A plain screen's title bar, across the top.
    var titleBar: Rect2D { Rect2D(x: 0, y: 0, width: width, height: barHeight) }

    /// The "‹ Home" button in the title bar, right of the menu button (`menuButton`, a
    /// square of the bar's height at its left end): the bar's height, 2.6 times as wide,
    /// at most a third of the screen.
    var backButton: Rect2D {
        Rect2D(
            x: barHeight, y: 0, width: Swift.min((barHeight * 2.6).rounded(), (width / 3).rounded(.down)),
            height: barHeight)
    }

    /// The title between the back button and its mirror image on the right.
    var titleText: Rect2D {
        let side = backButton.maxX
        return Rect2D(x: side, y: 0, width: Swift.max(1, width - 2 * side), height: barHeight)
    }

    /// Text at the right of the title bar (a book's page number), as wide as the back button.
    var barTrailingText: Rect2D {
        let side = backButton.width
        return Rect2D(x: width - side, y: 0, width: side - margin, height: barHeight)
    }

    /// A plain screen's content: below the title bar, inside the margin.
    var content: Rect2D {
        Rect2D(
            x: margin, y: barHeight + margin, width: Swift.max(1, width - 2 * margin),
            height: Swift.max(1, height - barHeight - 2 * margin))
    }

    /// The font size of a title bar's text, pixels.
    var barFontSize: Double { Swift.max(8, (barHeight * 0.45).rounded()) }

    /// Tiles per row: the show's `columns` in portrait; in landscape as many more as the
    /// screen is wider than tall (round(columns * W / H)), at most 12.
    func gridColumns(portrait columns: Int) -> Int {
        let c = Swift.max(1, columns)
        if isPortrait || width == height { return c }
        return Swift.min(12, Swift.max(c, (Double(c) * width / height).rounded().clampedInt))
    }
}

extension Double {
    /// The value as an Int, saturating (for sizes computed in Double).
    var clampedInt: Int {
        guard self.isFinite else { return 0 }
        return Int(Swift.min(Swift.max(self, -1e9), 1e9))
    }
}

/// Rectangles fitted into rectangles, with whole-point results.
enum ScreenFit {
    /// `size` scaled to fit inside `rect` keeping its aspect, centred (letterboxed).
    static func fit(_ size: Size2D, in rect: Rect2D) -> Rect2D {
        guard size.width > 0, size.height > 0 else { return rect }
        let s = Swift.min(rect.width / size.width, rect.height / size.height)
        return centred(Size2D(width: size.width * s, height: size.height * s), in: rect)
    }

    /// `size` scaled to cover all of `rect` keeping its aspect, centred (cropped by the
    /// screen's edges: aspect-fill).
    static func fill(_ size: Size2D, in rect: Rect2D) -> Rect2D {
        guard size.width > 0, size.height > 0 else { return rect }
        let s = Swift.max(rect.width / size.width, rect.height / size.height)
        return centred(Size2D(width: size.width * s, height: size.height * s), in: rect)
    }

    /// A rectangle of `size` (rounded to whole points, at least 1) centred in `rect`,
    /// its origin rounded down to a whole point.
    static func centred(_ size: Size2D, in rect: Rect2D) -> Rect2D {
        let w = Swift.max(1, size.width.rounded())
        let h = Swift.max(1, size.height.rounded())
        return Rect2D(
            x: (rect.minX + (rect.width - w) / 2).rounded(.down), y: (rect.minY + (rect.height - h) / 2).rounded(.down),
            width: w, height: h)
    }
}

extension Rect2D {
    /// The centre point.
    var centre: Point2D { Point2D(x: minX + width / 2, y: minY + height / 2) }
}
