import Compositor
import FixedPoint
import Input
import Show

/// Tiles in a `ScreenGrid`: the home screen's, a folder's, the shelf's.
enum ScreenTiles {
    /// One tile to lay out: a picture, a title, where a tap goes.
    struct Item {
        var title: String
        var picture: AssetPath
        var open: ShowTarget
    }

    /// Adds tile layers for `items` under `parent` (each a cell-sized layer holding the
    /// icon, aspect-fitted in its square, and the title under it) and a tap on each
    /// cell opening its target. Item `k` takes cell `first + k` of `grid`, moved by
    /// `offset` (the grid is in screen space; `parent` may be a page strip that isn't).
    /// With `tap`, a tap on item `k`'s cell calls it with `k` instead (the home screen:
    /// a folder tile reveals its folder). Returns the cells, in order.
    @discardableResult
    static func build(
        _ items: some Collection<Item>, grid: ScreenGrid, first: Int = 0, offset: Point2D = .zero, in parent: Layer,
        screen: ShowScreen, titleColor: UInt32, tap: ((Int) -> Void)? = nil
    ) -> [Layer] {
        var cells: [Layer] = []
        let pictures = screen.context.pictures
        for (k, item) in items.enumerated() {
            let i = first + k
            let c = grid.cell(i)
            let cellFrame = Rect2D(x: c.minX + offset.x, y: c.minY + offset.y, width: c.width, height: c.height)
            let cell = Layer(name: "tile \(i) \(item.title)", frame: cellFrame)
            let icon = pictures.layer(name: "tile.icon", path: item.picture, fit: iconRect(i, grid: grid))
            icon.allowsHitTesting = false
            cell.addSublayer(icon)
            cell.addSublayer(
                PlainScreen.label(
                    "tile.title", item.title, frame: local(grid.titleFrame(i), in: c),
                    TextAttributes(size: grid.titleFontSize, color: titleColor, alignment: .center, maxLines: 1)))
            parent.addSublayer(cell)
            if let tap {
                let accepts = screen.context.accepts
                screen.bind(TapRecognizer { t in if accepts(t.startTime) { tap(k) } }, to: cell)
            } else {
                screen.bindTap(cell, opening: item.open)
            }
            cells.append(cell)
        }
        return cells
    }

    /// The rectangle of cell `i`'s icon in the cell (points from its top-left corner).
    static func iconRect(_ i: Int, grid: ScreenGrid) -> Rect2D { local(grid.iconFrame(i), in: grid.cell(i)) }

    /// `r` (screen points) in `cell`'s own points, from its top-left corner.
    private static func local(_ r: Rect2D, in cell: Rect2D) -> Rect2D {
        Rect2D(x: r.minX - cell.minX, y: r.minY - cell.minY, width: r.width, height: r.height)
    }

    /// Steps fetching the icons `build` draws for `items` from cell `first` of `grid`
    /// (`PictureFetch`), one icon a step.
    static func iconSteps(
        _ items: some Collection<Item>, grid: ScreenGrid, first: Int = 0, pictures: ShowPictures
    ) -> [PictureFetch.Step] {
        items.enumerated().map { k, item in
            { fetch in fetch.hold(pictures.picture(item.picture, fitting: iconRect(first + k, grid: grid))) }
        }
    }
}
