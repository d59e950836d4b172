import Assets
import Raster

/// The pictures of one show. Never fails: a missing or corrupt picture gives the
/// placeholder and one warning (taken with takeWarnings()).
///
/// Two sources behind one interface, so a scene never knows which it has: files under
/// a show folder (through Assets' `ImageCache`: decoded on first use, kept within a
/// budget, a failure remembered and reported once), or pictures drawn by code
/// (`DrawnPictures`: the built-in demo show's, ShowDemo's `ShowAssets.demo()`), drawn on
/// first use and kept likewise.
///
/// Not thread-safe: one owner (the event loop) calls it. Surfaces handed out are
/// shared: draw from them, never into them.
public final class ShowAssets {
    private enum Source {
        case directory(String, ImageCache)
        case drawn(any DrawnPictures)
    }
    private let source: Source
    private var warnings: [String] = []
    /// Each file's picture size once decoded, kept when the pictures go
    /// (`removePictures`): a layout asks for sizes again without decoding again.
    private var sizes: [AssetPath: (width: Int, height: Int)] = [:]

    /// Pictures from files under `directory` (through Assets' ImageCache).
    /// - Parameter budgetBytes: most bytes of decoded pixels kept (see `ImageCache`; 16
    ///   MiB: the scenes keep their pictures resampled to the screen in `ShowPictures`, so
    ///   an original is needed only to resample it, and a layout's size queries decode
    ///   a show's covers once, not twice).
    public init(directory: String, budgetBytes: Int = 16 << 20) {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        source = .directory(base, ImageCache(budgetBytes: budgetBytes))
    }

    /// Pictures drawn by `source` (the built-in demo show's: ShowDemo's `demo()`).
    public init(drawn source: any DrawnPictures) {
        self.source = .drawn(source)
    }

    /// The show folder the paths are relative to; nil for the drawn (demo) pictures.
    public var directory: String? {
        switch source {
        case .directory(let base, _): base
        default: nil
        }
    }

    /// The picture at `path` (relative to the show folder); the placeholder (64x64, grey
    /// with a cross: see Assets' `Placeholder`) when it is missing or cannot be decoded,
    /// with one warning the first time.
    public func image(_ path: AssetPath) -> Surface {
        switch source {
        case .directory(let base, let cache):
            let load = cache.image(at: base + "/" + path)
            if let error = load.newWarning { warnings.append(error.description) }
            return load.surface
        case .drawn(let pictures):
            let (surface, warning) = pictures.image(path)
            if let warning { warnings.append(warning) }
            return surface
        }
    }

    /// The picture at `path` for showing at about `width` x `height` pixels: a drawn
    /// picture is drawn at its design's aspect just large enough to cover that size (at
    /// most its natural size), instead of at its natural size to be brought down (the
    /// demo's launch doors and background are 1920x1080 by design: at 800x480, drawing
    /// them so and resampling them was most of the start's work); not
    /// kept. A file's picture is `image(path)`.
    public func image(_ path: AssetPath, covering width: Int, _ height: Int) -> Surface {
        guard case .drawn(let pictures) = source, let (surface, warning) = pictures.image(path, covering: width, height)
        else { return image(path) }
        if let warning { warnings.append(warning) }
        return surface
    }

    /// The size of the picture at `path`, pixels: what `image(path).width/height` would
    /// give. Drawn pictures answer from their design without drawing anything (a layout
    /// asks for sizes before, and more often than, pixels); a file's is decoded (through
    /// the cache) the first time.
    public func size(_ path: AssetPath) -> (width: Int, height: Int) {
        if case .drawn(let pictures) = source, let size = pictures.size(path) { return size }
        if let known = sizes[path] { return known }
        let s = image(path)
        sizes[path] = (s.width, s.height)
        return (s.width, s.height)
    }

    /// Lets go of the pictures kept (the scenes keep what they show resampled; an
    /// original serves only to resample one again): at rest, once a screen has gone
    /// (`ShowPictures.settle`). Failures stay remembered (one warning each, ever) and
    /// sizes known; a picture asked for again is decoded, or drawn, again.
    public func removePictures() {
        switch source {
        case .directory(_, let cache): cache.removePictures()
        case .drawn(let pictures): pictures.removePictures()
        }
    }

    /// Pictures kept now (decoded files or drawn demo pictures).
    public var picturesKept: Int {
        switch source {
        case .directory(_, let cache): cache.picturePaths.count
        case .drawn(let pictures): pictures.count
        }
    }

    /// Warnings since the last call, one line each ("show/x.png: not a PNG or JPEG file").
    public func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }
}
