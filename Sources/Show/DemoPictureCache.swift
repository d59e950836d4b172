import Assets
import Raster

/// The demo show's pictures, drawn on first request and kept within a budget of
/// `stride * height` bytes (least recently used dropped first; a dropped picture is
/// drawn again, identically, when asked for). A path the demo does not have is the
/// placeholder, with a warning the first time.
final class DemoPictureCache {
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
    func image(_ path: AssetPath) -> (Surface, String?) {
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

    /// `picture` drawn at `width` x `height` (default its natural size), not kept; and
    /// the warning, the first time, that its text was left out (no font).
    func draw(_ picture: DemoPicture, width: Int? = nil, height: Int? = nil) -> (Surface, String?) {
        let surface = picture.draw(text: text, width: width, height: height)
        guard let error = text.fontError, !fontReported else { return (surface, nil) }
        fontReported = true
        return (surface, "demo show: text left out: \(error)")
    }
}
