import Compositor
import Show

/// A folder as a plain screen: the folder's title in the bar and its tiles in a grid
/// over the content area (the home screen's column count); a tile opens its target.
/// Used where there is no home tile to reveal it from (a folder opened from the menu or
/// another screen, or one no home tile opens); from home, folders open with the reveal
/// (`FolderReveal`).
final class FolderScreen: PlainScreen {
    static func grid(_ folder: Folder?, show: Show, metrics m: ScreenMetrics) -> ScreenGrid {
        ScreenGrid(
            count: folder?.tiles.count ?? 0, columns: m.gridColumns(portrait: show.home.columns), area: m.content)
    }

    init(id: String, context: ShowScreenContext) {
        let folder = context.show.folder(id: id)
        super.init(
            target: .folder(id), title: folder?.title ?? "folder:\(id)", context: context,
            titleFont: folder?.titleFont ?? [])
        ScreenTiles.build(
            ScreenTiles.items(of: folder), grid: Self.grid(folder, show: context.show, metrics: metrics), in: layer,
            screen: self, titleColor: ScreenColors.tileTitle)
    }
}

extension ScreenTiles {
    /// A folder's tiles (none without a folder).
    static func items(of folder: Folder?) -> [Item] {
        (folder?.tiles ?? []).map { Item(title: $0.title, picture: $0.icon, open: $0.open) }
    }
}
