import Compositor
import FixedPoint

/// A centred grid of tiles (an icon with its title below) in an area: the home screen's,
/// a folder's and the shelf's. Whole-point rectangles, rows filled left to right.
///
/// Each cell is `area.width / columns` wide (the orientation's column count, so that a
/// short row keeps the size of a full one) and 1.5 icon sides tall: the icon, a gap of
/// a tenth, and the title in 0.4 of the icon side. The icon side is 70% of the cell
/// width, shrunk when the rows would not fit the area's height (the home screen pages
/// instead: `HomeLayout`). The grid is as wide as its widest row and centred both ways, so a
/// single short row sits in the middle.
struct ScreenGrid: Hashable {
    let count: Int
    /// Tiles per row actually used: the orientation's count, at most `count`.
    let columns: Int
    let rows: Int
    /// The icon's side, points.
    let icon: Double
    let cellWidth: Double
    let cellHeight: Double
    /// The top-left corner of the first cell.
    let origin: Point2D

    /// Icon side to cell height.
    static let cellHeightRatio = 1.5

    /// - Parameters:
    ///   - columns: the orientation's tiles per row (`ScreenMetrics.gridColumns`).
    init(count: Int, columns: Int, area: Rect2D) {
        self.count = Swift.max(0, count)
        let full = Swift.max(1, columns)
        self.columns = Swift.max(1, Swift.min(full, self.count))
        rows = Swift.max(1, (self.count + self.columns - 1) / self.columns)
        cellWidth = (area.width / Double(full)).rounded(.down)
        let byWidth = cellWidth * 0.7
        let byHeight = area.height / (Double(rows) * Self.cellHeightRatio)
        icon = Swift.max(1, Swift.min(byWidth, byHeight).rounded(.down))
        cellHeight = (icon * Self.cellHeightRatio).rounded(.down)
        let gridWidth = cellWidth * Double(self.columns)
        let gridHeight = cellHeight * Double(rows)
        origin = Point2D(
            x: (area.minX + (area.width - gridWidth) / 2).rounded(.down),
            y: (area.minY + (area.height - gridHeight) / 2).rounded(.down))
    }

    /// How many rows of full-size cells (icon 70% of the cell width) fit `area`'s height
    /// with `columns` per row: what a page of the home screen holds.
    static func fullSizeRows(columns: Int, area: Rect2D) -> Int {
        Int((area.height / fullSizeCellHeight(columns: columns, width: area.width)).rounded(.down))
    }

    /// The height of a full-size cell (icon 70% of the cell width) in a grid `width`
    /// points wide with `columns` per row, points (at least 1).
    static func fullSizeCellHeight(columns: Int, width: Double) -> Double {
        Swift.max(1, (fullSizeIcon(columns: columns, width: width) * cellHeightRatio).rounded(.down))
    }

    /// The full-size icon's side in a grid `width` points wide with `columns` per row.
    static func fullSizeIcon(columns: Int, width: Double) -> Double {
        let cellWidth = (width / Double(Swift.max(1, columns))).rounded(.down)
        return Swift.max(1, (cellWidth * 0.7).rounded(.down))
    }

    /// The row and column of tile `i`.
    func place(_ i: Int) -> (row: Int, column: Int) { (i / columns, i % columns) }

    /// Tile `i`'s whole cell: what takes its taps.
    func cell(_ i: Int) -> Rect2D {
        let (row, column) = place(i)
        return Rect2D(
            x: origin.x + Double(column) * cellWidth, y: origin.y + Double(row) * cellHeight, width: cellWidth,
            height: cellHeight)
    }

    /// Tile `i`'s icon, centred at the top of its cell.
    func iconFrame(_ i: Int) -> Rect2D {
        let c = cell(i)
        return Rect2D(x: c.minX + ((cellWidth - icon) / 2).rounded(.down), y: c.minY, width: icon, height: icon)
    }

    /// Tile `i`'s title, under the icon, as wide as the cell.
    func titleFrame(_ i: Int) -> Rect2D {
        let c = cell(i)
        let top = (icon * 1.1).rounded()
        return Rect2D(x: c.minX, y: c.minY + top, width: cellWidth, height: Swift.max(1, cellHeight - top))
    }

    /// The title's font size, pixels.
    var titleFontSize: Double { Swift.max(6, (icon * 0.22).rounded()) }

    /// The bottom edge of `row` (where the folder reveal splits the screen).
    func rowBottom(_ row: Int) -> Double { origin.y + Double(row + 1) * cellHeight }

    /// Where to tap tile `i`: its icon's centre.
    func tapPoint(_ i: Int) -> Point2D { iconFrame(i).centre }
}
