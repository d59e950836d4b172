import Compositor
import Show

/// Where the home screen's parts sit on a `width` x `height` logical screen: the
/// wallpaper over the whole screen (aspect-fill), the menu button in the top-right
/// corner, and the tile grid centred in what is left below the button's row.
///
/// Issue 5's home screen (paging, the folder reveal splitting the screen at a row's
/// bottom edge) grows from this geometry: `grid.rowBottom(_:)` is that edge.
struct HomeLayout: Hashable {
    let metrics: ScreenMetrics
    let grid: ScreenGrid

    init(home: HomeSection, width: Int, height: Int) {
        metrics = ScreenMetrics(width: width, height: height)
        grid = ScreenGrid(
            count: home.tiles.count, columns: metrics.gridColumns(portrait: home.columns), area: Self.gridArea(metrics))
    }

    /// The tiles' area: inside the margin, below the menu button's row.
    static func gridArea(_ m: ScreenMetrics) -> Rect2D {
        let top = m.margin + m.barHeight
        return Rect2D(
            x: m.margin, y: top, width: Swift.max(1, m.width - 2 * m.margin),
            height: Swift.max(1, m.height - top - m.margin))
    }

    /// The menu button: a square of the bar's height in the top-right corner, inside
    /// the margin.
    var menuButton: Rect2D {
        let s = metrics.barHeight
        return Rect2D(x: metrics.width - metrics.margin - s, y: metrics.margin, width: s, height: s)
    }
}
