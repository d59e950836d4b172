import Compositor
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
    /// cell opening its target. Returns the cells, in order.
    @discardableResult
    static func build(
        _ items: [Item], grid: ScreenGrid, in parent: Layer, screen: ShowScreen, titleColor: UInt32
    ) -> [Layer] {
        var cells: [Layer] = []
        let pictures = screen.context.pictures
        for (i, item) in items.enumerated() {
            let cellFrame = grid.cell(i)
            let cell = Layer(name: "tile \(i) \(item.title)", frame: cellFrame)
            let local = { (r: Rect2D) in
                Rect2D(x: r.minX - cellFrame.minX, y: r.minY - cellFrame.minY, width: r.width, height: r.height)
            }
            let icon = pictures.layer(name: "tile.icon", path: item.picture, fit: local(grid.iconFrame(i)))
            icon.allowsHitTesting = false
            cell.addSublayer(icon)
            cell.addSublayer(
                PlainScreen.label(
                    "tile.title", item.title, frame: local(grid.titleFrame(i)),
                    TextAttributes(size: grid.titleFontSize, color: titleColor, alignment: .center, maxLines: 1)))
            parent.addSublayer(cell)
            screen.bindTap(cell, opening: item.open)
            cells.append(cell)
        }
        return cells
    }
}
