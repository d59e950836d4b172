import Assets
import Raster
import Show

/// The demo show's pictures, drawn on first request and kept within a budget of
/// `stride * height` bytes (least recently used dropped first; a dropped picture is
/// drawn again, identically, when asked for). A path the demo does not have is the
/// placeholder, with a warning the first time.
final class DemoPictureCache: DrawnPictures {
    let budgetBytes: Int
    let placeholder = Placeholder.surface(width: 64, height: 64)
    private let text = DemoTextPainter()
    private var pictures: [AssetPath: (surface: Surface, lastUse: UInt64)] = [:]
    private var unknown: Set<AssetPath> = []
    private var bytesInUse = 0
    private var clock: UInt64 = 0
    private var fontReported = false

    init(budgetBytes: Int) { self.budgetBytes = max(budgetBytes, 0) }

    /// Forgets every drawn picture (a path the demo lacks stays known: not warned of
    /// again); each is drawn again, identically, when next asked for.
    func removePictures() {
        pictures.removeAll()
        bytesInUse = 0
    }

    /// Pictures drawn and kept now.
    var count: Int { pictures.count }

    /// The picture, and a warning to log now (if any).
    func image(_ path: AssetPath) -> (picture: Surface, warning: String?) {
        clock += 1
        if let cached = pictures[path] {
            pictures[path]!.lastUse = clock
            return (cached.surface, nil)
        }
        guard let picture = DemoPicture(path: path) else {
            let first = unknown.insert(path).inserted
            return (placeholder, first ? "\(path): not a picture of the demo show" : nil)
        }
        let (surface, warning) = draw(picture)
        let bytes = surface.stride * surface.height
        while bytesInUse + bytes > budgetBytes, let oldest = pictures.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            pictures.removeValue(forKey: oldest.key)
            bytesInUse -= oldest.value.surface.stride * oldest.value.surface.height
        }
        pictures[path] = (surface, clock)
        bytesInUse += bytes
        return (surface, warning)
    }

    /// The picture drawn at its design's aspect just large enough to cover `width` x
    /// `height` (at most its natural size: nil when that is what it takes), at that very
    /// size when it has the design's aspect to a pixel; not kept.
    func image(_ path: AssetPath, covering width: Int, _ height: Int) -> (picture: Surface, warning: String?)? {
        guard let picture = DemoPicture(path: path) else { return nil }
        let (w, h) = picture.size
        let scale = Swift.max(Double(width) / Double(w), Double(height) / Double(h))
        if scale >= 1 { return nil }
        var dw = Swift.max(1, Swift.min(w, Int((Double(w) * scale).rounded(.up))))
        var dh = Swift.max(1, Swift.min(h, Int((Double(h) * scale).rounded(.up))))
        // The size asked for has the design's aspect to a pixel (home's wallpaper filling
        // the screen): drawn at that very size, nothing is left to resample.
        if dw - width <= 1 && dh - height <= 1 { (dw, dh) = (width, height) }
        return draw(picture, width: dw, height: dh)
    }

    /// The size of the picture at `path` from its design.
    func size(_ path: AssetPath) -> (width: Int, height: Int)? { DemoPicture(path: path)?.size }

    /// `picture` drawn at `width` x `height` (default its natural size), not kept; and
    /// the warning, the first time, that its text was left out (no font).
    func draw(_ picture: DemoPicture, width: Int? = nil, height: Int? = nil) -> (picture: Surface, warning: String?) {
        let surface = picture.draw(text: text, width: width, height: height)
        guard let error = text.fontError, !fontReported else { return (surface, nil) }
        fontReported = true
        return (surface, "demo show: text left out: \(error)")
    }
}

extension ShowAssets {
    /// The built-in demo show's pictures, drawn on first use and cached within 4 MiB
    /// (a cover or a page; a larger picture, a wallpaper, is kept alone until the next
    /// miss): the scenes keep them resampled (`ShowPictures`), an original serves only to
    /// resample it, and sizes come from the design (`size(_:)`), not the pixels.
    public static func demo() -> ShowAssets { demo(budgetBytes: 4 << 20) }

    /// The demo's pictures, keeping at most `budgetBytes` of drawn pixels (least
    /// recently used dropped first, and drawn again when asked for).
    public static func demo(budgetBytes: Int) -> ShowAssets {
        ShowAssets(drawn: DemoPictureCache(budgetBytes: budgetBytes))
    }
}
