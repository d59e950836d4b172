import Compositor
import FixedPoint
import Show

/// Where the folder reveal's parts sit (logical points), for a folder tile `tile` of the
/// home screen laid out by `home`: one function of the layout, so the scene, the demo
/// tour and the tests agree.
///
/// The captured home screen is split at `split`, the bottom edge of the tapped tile's
/// row. The panel spans the screen's width, its top edge at the split: the folder's
/// title in a bar-high strip (bold, at the left margin), then its tiles in a grid with
/// the home screen's column count and cell size (as many rows as it needs), then a
/// margin. A panel taller than the screen less two bar heights is cut to that (its icons
/// shrink to fit), so some of the captured screen always shows to tap on.
///
/// Open, the lower part of the capture lies under the panel's bottom edge. When the
/// panel doesn't fit below the split, the upper part (and the panel with it) rises by
/// what is missing (`rise`), so the lower part's top edge ends at the screen's bottom:
/// at open fraction v (0 closed, 1 open) the upper part is `upperOffset(v)` =
/// -round(v * rise) from where it rests and the lower part `lowerOffset(v)` =
/// round(v * (panelHeight - rise)).
///
/// The arrow, in the panel's colour, stands on the panel's top edge with its apex
/// `arrowHeight` above it, pointing at the tapped tile's centre: a triangle twice as
/// wide as high, its height a tenth of the home icon (at least 5 points), kept inside
/// the screen's width.
struct FolderRevealLayout: Hashable {
    let metrics: ScreenMetrics
    /// The tapped home tile.
    let tile: Int
    /// Screen y of the split: the bottom edge of the tapped tile's row.
    let split: Double
    /// Screen x of the tapped tile's centre: where the arrow points.
    let pointX: Double
    let panelHeight: Double
    /// How far the upper part rises when open, points (0 when the panel fits below).
    let rise: Double
    /// The folder's tiles, in the panel's own space.
    let grid: ScreenGrid
    /// The title strip, in the panel's own space.
    let title: Rect2D
    /// The arrow's box, in the panel's own space (above the top edge: y < 0).
    let arrow: Rect2D

    init(home: HomeLayout, tile: Int, folderTiles: Int, columns: Int) {
        let m = home.metrics
        metrics = m
        self.tile = tile
        split = home.rowBottom(of: tile)
        pointX = home.cell(tile).centre.x
        let width = Swift.max(1, m.width - 2 * m.margin)
        let rows = Swift.max(1, (folderTiles + Swift.max(1, columns) - 1) / Swift.max(1, columns))
        // Rows of full-size icons: icon * 1.5 each, rounded up as a whole (the grid's
        // cells are whole points, so the grid keeps the full-size icon).
        let icon = ScreenGrid.fullSizeIcon(columns: columns, width: width)
        let limit = Swift.max(m.barHeight + m.margin + 1, m.height - 2 * m.barHeight)
        let gridHeight = Swift.min(
            (Double(rows) * icon * ScreenGrid.cellHeightRatio).rounded(.up), limit - m.barHeight - m.margin)
        panelHeight = m.barHeight + gridHeight + m.margin
        rise = Swift.min(split, Swift.max(0, split + panelHeight - m.height))
        grid = ScreenGrid(
            count: folderTiles, columns: columns,
            area: Rect2D(x: m.margin, y: m.barHeight, width: width, height: gridHeight))
        title = Rect2D(x: m.margin, y: 0, width: width, height: m.barHeight)
        let h = Swift.max(5, (home.grid.icon * 0.1).rounded())
        let x = Swift.min(Swift.max(0, (pointX - h).rounded(.down)), Swift.max(0, m.width - 2 * h))
        arrow = Rect2D(x: x, y: -h, width: 2 * h, height: h)
    }

    /// The layout for `folder` opened from home tile `tile`.
    init(show: Show, home: HomeLayout, tile: Int, folder: Folder?) {
        self.init(
            home: home, tile: tile, folderTiles: folder?.tiles.count ?? 0,
            columns: home.metrics.gridColumns(portrait: show.home.columns))
    }

    /// The upper part's vertical offset at open fraction `v`, points (0 or less).
    func upperOffset(_ v: Double) -> Double { -(v * rise).rounded() }

    /// The lower part's vertical offset at open fraction `v`, points (0 or more).
    func lowerOffset(_ v: Double) -> Double { (v * (panelHeight - rise)).rounded() }

    /// Screen y of the panel's top edge at `v` (it follows the upper part).
    func panelTop(_ v: Double) -> Double { split + upperOffset(v) }

    /// Screen y of the lower part's top edge at `v`.
    func lowerTop(_ v: Double) -> Double { split + lowerOffset(v) }

    /// The panel's frame on screen, open.
    var openPanel: Rect2D { Rect2D(x: 0, y: panelTop(1), width: metrics.width, height: panelHeight) }

    /// Where to tap the folder's tile `j` once the panel is open.
    func tapPoint(_ j: Int) -> Point2D {
        let p = grid.tapPoint(j)
        return Point2D(x: p.x, y: p.y + panelTop(1))
    }

    /// A point on the captured screen above the open panel (closes it): the middle of
    /// the top margin, or of what shows above the panel.
    var abovePanel: Point2D {
        Point2D(x: (metrics.width / 2).rounded(), y: Swift.max(0, (panelTop(1) / 2).rounded(.down)))
    }
}
