import Compositor

/// Where the guillotine menu's parts sit on its blade, in blade points (the screen's
/// points when the menu is open, upright): its own top bar as tall as the host's (so the
/// host's title sits where the host's own title sat), and the items below it.
///
/// Items (ours): rows down the area under the bar, inside the screen's margin, each row
/// 1.2 bar heights, the title left-aligned at the margin, a one-point line under each
/// row. When they don't fit, the rows get shorter, down to 0.6 bar heights (at least 12
/// points); when even those don't fit, the items go into as many columns as needed,
/// filled top to bottom then left to right, so every item keeps a row to tap (a menu of 50
/// items on 800x480 is 4 columns of 13 rows). No items: nothing to tap, and the area says
/// so (the show's `labels.menu_empty`).
struct GuillotineMenuLayout: Hashable {
    let count: Int
    /// The blade's (and the screen's) size, points.
    let width: Double
    let height: Double
    /// The menu's bar, blade points: the host's bar.
    let bar: Rect2D
    /// The items' area, blade points.
    let area: Rect2D
    /// Rows per column (at least 1), columns (at least 1).
    let rows: Int
    let columns: Int
    /// A row's height including its line, points; a column's width.
    let pitch: Double
    let columnWidth: Double
    /// The items' font size, pixels.
    let fontSize: Double
    /// The inset of an item's title from its row's left edge, points.
    let inset: Double

    init(count: Int, metrics m: ScreenMetrics, bar: Rect2D) {
        self.count = Swift.max(0, count)
        width = m.width
        height = m.height
        self.bar = Rect2D(x: 0, y: 0, width: m.width, height: Swift.max(1, bar.maxY))
        let top = self.bar.maxY + m.margin
        area = Rect2D(
            x: m.margin, y: top, width: Swift.max(1, m.width - 2 * m.margin),
            height: Swift.max(1, m.height - top - m.margin))
        let b = m.barHeight
        let preferred = (b * 1.2).rounded()
        let least = Swift.max(12, (b * 0.6).rounded())
        let n = Swift.max(1, self.count)
        let fitting = (area.height / Double(n)).rounded(.down)
        if fitting >= least {
            pitch = Swift.max(1, Swift.min(preferred, fitting))
            rows = n
            columns = 1
        } else {
            pitch = Swift.min(least, Swift.max(1, area.height))
            rows = Swift.max(1, (area.height / pitch).rounded(.down).clampedInt)
            columns = (n + rows - 1) / rows
        }
        columnWidth = Swift.max(1, (area.width / Double(columns)).rounded(.down))
        fontSize = Swift.max(6, Swift.min((b * 0.5).rounded(), (pitch * 0.5).rounded()))
        inset = Swift.min(m.margin, (columnWidth * 0.1).rounded(.down))
    }

    /// Item `i`'s row, blade points: the whole tappable row (its line included).
    func item(_ i: Int) -> Rect2D {
        let column = i / rows
        let row = i % rows
        return Rect2D(
            x: area.minX + Double(column) * columnWidth, y: area.minY + Double(row) * pitch, width: columnWidth,
            height: pitch)
    }

    /// Item `i`'s title, blade points: inside its row above the line.
    func title(_ i: Int) -> Rect2D {
        let r = item(i)
        return Rect2D(
            x: r.minX + inset, y: r.minY, width: Swift.max(1, r.width - 2 * inset), height: Swift.max(1, r.height - 1))
    }

    /// The line under item `i`, blade points.
    func line(_ i: Int) -> Rect2D {
        let r = item(i)
        return Rect2D(x: r.minX, y: r.maxY - 1, width: r.width, height: 1)
    }

    /// The host's title in the menu's bar: between squares of the bar's height at both
    /// ends (the menu button's and its mirror image).
    var titleFrame: Rect2D {
        let side = Swift.min(bar.height, (width / 3).rounded(.down))
        return Rect2D(x: side, y: 0, width: Swift.max(1, width - 2 * side), height: bar.height)
    }
}
