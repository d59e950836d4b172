import Raster
import Show

/// One picture of the demo show, named by its asset path (`DemoShow.show` uses exactly
/// these paths), with its natural size, drawn by code on demand.
enum DemoPicture: Hashable {
    case door(left: Bool, portrait: Bool)
    case background(portrait: Bool)
    case wallpaper
    case icon(DemoIcon)
    case cover(book: Int)
    case page(book: Int, index: Int)
    case portrait(person: Int)

    /// The picture at `path`, nil if the demo has none there.
    init?(path: AssetPath) {
        if let picture = DemoPicture.byPath[path] { self = picture } else { return nil }
    }

    /// Every demo picture by path. Built once (a few dozen entries).
    private static let byPath: [AssetPath: DemoPicture] = {
        var map: [AssetPath: DemoPicture] = [:]
        for portrait in [true, false] {
            let o = portrait ? "p" : "l"
            map["launch/left-\(o).png"] = .door(left: true, portrait: portrait)
            map["launch/right-\(o).png"] = .door(left: false, portrait: portrait)
            map["launch/bg-\(o).png"] = .background(portrait: portrait)
        }
        map["home/wall.jpg"] = .wallpaper
        for icon in DemoIcon.allCases { map[icon.path] = .icon(icon) }
        for (b, book) in DemoBook.all.enumerated() {
            map[book.coverPath] = .cover(book: b)
            for p in book.pages.indices { map[book.pagePath(p)] = .page(book: b, index: p) }
        }
        for (i, person) in DemoPerson.all.enumerated() { map[person.imagePath] = .portrait(person: i) }
        return map
    }()

    /// The size the show uses, pixels.
    var size: (width: Int, height: Int) {
        switch self {
        case .door(_, let portrait): DemoDoors.size(portrait: portrait)
        case .background(let portrait): DemoDoors.backgroundSize(portrait: portrait)
        case .wallpaper: DemoWallpaper.size
        case .icon: (DemoIcon.size, DemoIcon.size)
        case .cover: DemoCovers.size
        case .page: DemoPages.size
        case .portrait: (DemoPortraits.size, DemoPortraits.size)
        }
    }

    /// Whether the picture is written as a JPEG (photographic: wallpaper, covers, pages,
    /// portraits) rather than a PNG (doors, backgrounds, icons: flat colours or alpha).
    var isJPEG: Bool {
        switch self {
        case .wallpaper, .cover, .page, .portrait: true
        case .door, .background, .icon: false
        }
    }

    /// The picture drawn at `width` x `height` (default its `size`; smaller sizes give
    /// the same design scaled, for tests and previews). Opaque pictures are `xrgb8888`,
    /// icons premultiplied `argb8888`.
    func draw(text: DemoTextPainter, width: Int? = nil, height: Int? = nil) -> Surface {
        let w = width ?? size.width
        let h = height ?? size.height
        switch self {
        case .door(let left, _): return DemoDoors.door(left: left, width: w, height: h)
        case .background: return DemoDoors.background(width: w, height: h, title: DemoShow.show.title, text: text)
        case .wallpaper: return DemoWallpaper.draw(width: w, height: h)
        case .icon(let icon): return icon.draw(size: min(w, h))
        case .cover(let b): return DemoCovers.draw(DemoBook.all[b], width: w, height: h, text: text)
        case .page(let b, let p): return DemoPages.draw(DemoBook.all[b], page: p, width: w, height: h, text: text)
        case .portrait(let i): return DemoPortraits.draw(person: i, size: min(w, h))
        }
    }
}
