import Compositor
import FixedPoint
import Show

/// Where the home screen's parts sit on a `width` x `height` logical screen: the
/// wallpaper over the whole screen (aspect-fill), the top bar with the menu button at its
/// left, and the tiles in what is left below the bar.
///
/// Pages: the tiles are laid out at full size (`ScreenGrid`'s icon of 70% of a cell's
/// width; columns from `ScreenMetrics.gridColumns`: the show's `columns` in portrait,
/// more in landscape). When they all fit in the area, there is one page and the grid is
/// centred both ways (as before paging). When they don't, a strip for the page dots is
/// taken off the area's bottom, a page holds as many full rows as fit above it (at least
/// one; the icon shrinks only when not even one row fits), and the tiles fill page after
/// page, rows left to right. Every page has the same cells (the grid of a full page, so
/// a short last page starts at the top left like the others); page `k` lies `k` screen
/// widths to the right of the first, and the home screen slides between them.
struct HomeLayout: Hashable {
    let metrics: ScreenMetrics
    /// One page's grid: every page's tiles sit in these cells.
    let grid: ScreenGrid
    /// Tiles in all.
    let count: Int
    /// Tiles on a full page (all of them when there is one page).
    let perPage: Int
    /// At least 1.
    let pages: Int
    /// The page dots' strip, across the grid area's bottom; nil with one page.
    let dotsArea: Rect2D?

    init(home: HomeSection, width: Int, height: Int) {
        metrics = ScreenMetrics(width: width, height: height)
        count = home.tiles.count
        let columns = metrics.gridColumns(portrait: home.columns)
        let area = Self.gridArea(metrics)
        let fit = ScreenGrid.fullSizeRows(columns: columns, area: area)
        if count <= columns * Swift.max(1, fit) {
            grid = ScreenGrid(count: count, columns: columns, area: area)
            perPage = Swift.max(1, count)
            pages = 1
            dotsArea = nil
        } else {
            let dots = Self.dotsHeight(metrics)
            let strip = Rect2D(x: area.minX, y: area.maxY - dots, width: area.width, height: dots)
            let pageArea = Rect2D(
                x: area.minX, y: area.minY, width: area.width, height: Swift.max(1, area.height - dots))
            let rows = Swift.max(1, ScreenGrid.fullSizeRows(columns: columns, area: pageArea))
            perPage = rows * Swift.max(1, columns)
            grid = ScreenGrid(count: perPage, columns: columns, area: pageArea)
            pages = (count + perPage - 1) / perPage
            dotsArea = strip
        }
    }

    /// The tiles' area: inside the margin, below the top bar.
    static func gridArea(_ m: ScreenMetrics) -> Rect2D {
        let top = m.margin + m.barHeight
        return Rect2D(
            x: m.margin, y: top, width: Swift.max(1, m.width - 2 * m.margin),
            height: Swift.max(1, m.height - top - m.margin))
    }

    /// The height of the page dots' strip: 5% of the shorter side, at least 12 points.
    static func dotsHeight(_ m: ScreenMetrics) -> Double { Swift.max(12, (m.unit * 0.05).rounded()) }

    /// The menu button: a square of the bar's height at the left end of the top bar
    /// (`ScreenMetrics.titleBar`, translucent over the wallpaper), as on every screen.
    var menuButton: Rect2D { metrics.menuButton }

    /// The page tile `i` is on.
    func page(of i: Int) -> Int { i / perPage }

    /// Tile `i`'s index within its page (its cell in `grid`).
    func slot(of i: Int) -> Int { i % perPage }

    /// Tile `i`'s cell on screen while its page is shown.
    func cell(_ i: Int) -> Rect2D { grid.cell(slot(of: i)) }

    /// Where to tap tile `i` while its page is shown: its icon's centre.
    func tapPoint(_ i: Int) -> Point2D { grid.tapPoint(slot(of: i)) }

    /// The bottom edge of tile `i`'s row on screen: where the folder reveal splits the
    /// screen.
    func rowBottom(of i: Int) -> Double { grid.rowBottom(grid.place(slot(of: i)).row) }

    /// Page dot `k`'s square (the dot is the disc inside it), centred in the strip:
    /// diameter 30% of the strip's height (at least 5 points), one diameter apart.
    func dot(_ k: Int) -> Rect2D {
        guard let strip = dotsArea else { return .zero }
        let d = Self.dotDiameter(strip)
        let total = Double(2 * pages - 1) * d
        let x0 = (strip.minX + (strip.width - total) / 2).rounded(.down)
        return Rect2D(
            x: x0 + Double(2 * k) * d, y: (strip.minY + (strip.height - d) / 2).rounded(.down), width: d, height: d)
    }

    static func dotDiameter(_ strip: Rect2D) -> Double { Swift.max(5, (strip.height * 0.3).rounded()) }
}
