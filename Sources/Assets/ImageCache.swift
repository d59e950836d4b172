import Raster

/// Decoded pictures by path, kept within a memory budget, for the event loop that draws
/// the show: `image(at:)` returns the cached surface, or reads and decodes the file on
/// a miss (`Image.read`: PNG or JPEG by content, within `limits`).
///
/// - Budget: the sum of the cached surfaces' `stride * height` stays at or under
///   `budgetBytes`. Least recently used pictures are dropped first. A picture bigger than
///   the whole budget is still cached, alone (everything else is dropped, and it goes at
///   the next miss): a wallpaper over the budget must not be decoded again every
///   frame, and `limits` already bounds how far over it can be.
/// - Failures are cached too, costing no budget and never evicted (so a bad file is
///   not read again each frame, nor reported again): each returns the shared
///   placeholder with its error, and `isFirstFailure` is true on the first hand-out only.
/// - `invalidate(_:)` and `removeAll()` forget pictures and failures alike (a show
///   reload): the next request reads the file again, and a failure counts as new.
///
/// Not thread-safe: one owner (the event loop) calls it. Surfaces handed out are shared:
/// a caller draws from them and never into them. A surface evicted while a caller still
/// holds it stays valid (it is reference-counted); only the cache forgets it.
public final class ImageCache {
    /// Most bytes of decoded pixels kept (`stride * height` summed over cached surfaces).
    public let budgetBytes: Int
    /// Limits every decode is checked against.
    public let limits: ImageLimits
    /// Drawn for every failure: `Placeholder.surface` at the size given to `init`.
    public let placeholder: Surface

    /// Requests answered from the cache (pictures and cached failures).
    public private(set) var hits = 0
    /// Requests that read a file (successfully or not).
    public private(set) var misses = 0
    /// Pictures dropped to stay within the budget (not those removed by `invalidate` or
    /// `removeAll`).
    public private(set) var evictions = 0
    /// Bytes of decoded pixels cached now.
    public private(set) var bytesInUse = 0

    private enum Entry {
        case picture(Surface, bytes: Int)
        case failure(ImageError)
    }
    private var entries: [String: (entry: Entry, lastUse: UInt64)] = [:]
    /// Incremented on every request: a larger `lastUse` is more recent.
    private var clock: UInt64 = 0

    /// - Parameters:
    ///   - budgetBytes: most bytes of decoded pixels kept (negative is taken as 0: every
    ///     picture is then dropped at the next miss).
    ///   - limits: checked against each file and header before decoding.
    ///   - placeholderSize: size of the placeholder returned for failures, in pixels;
    ///     the caller scales it into the picture's frame like any picture.
    public init(
        budgetBytes: Int, limits: ImageLimits = .default, placeholderSize: (width: Int, height: Int) = (64, 64)
    ) {
        self.budgetBytes = max(budgetBytes, 0)
        self.limits = limits
        self.placeholder = Placeholder.surface(width: placeholderSize.width, height: placeholderSize.height)
    }

    /// The picture at `path`, from the cache or loaded now; the placeholder and the
    /// error if it cannot be loaded. Never throws, never traps on bad input.
    public func image(at path: String) -> ImageLoad {
        clock += 1
        if let cached = entries[path] {
            hits += 1
            entries[path]!.lastUse = clock
            switch cached.entry {
            case .picture(let surface, _): return ImageLoad(surface: surface, error: nil, isFirstFailure: false)
            case .failure(let error): return ImageLoad(surface: placeholder, error: error, isFirstFailure: false)
            }
        }

        misses += 1
        let surface: Surface
        do {
            surface = try Image.read(path: path, limits: limits)
        } catch {
            entries[path] = (.failure(error), clock)
            return ImageLoad(surface: placeholder, error: error, isFirstFailure: true)
        }
        let bytes = surface.stride * surface.height
        evict(toFit: bytes)
        entries[path] = (.picture(surface, bytes: bytes), clock)
        bytesInUse += bytes
        return ImageLoad(surface: surface, error: nil, isFirstFailure: false)
    }

    /// Whether `path` is cached (a picture or a failure), without counting as a use.
    public func contains(_ path: String) -> Bool { entries[path] != nil }

    /// Paths of the cached pictures (not failures), least recently used first.
    public var picturePaths: [String] {
        entries.filter { if case .picture = $0.value.entry { true } else { false } }
            .sorted { $0.value.lastUse < $1.value.lastUse }.map(\.key)
    }

    /// Forgets `path` (picture or failure): the next request reads the file again.
    public func invalidate(_ path: String) {
        guard let removed = entries.removeValue(forKey: path) else { return }
        if case .picture(_, let bytes) = removed.entry { bytesInUse -= bytes }
    }

    /// Forgets every picture but remembers failures (a bad file is not read, nor
    /// reported, again): the pictures at rest, when only their resampled copies are
    /// shown. The counters keep counting.
    public func removePictures() {
        entries = entries.filter {
            if case .failure = $0.value.entry { return true }
            return false
        }
        bytesInUse = 0
    }

    /// Forgets every picture and failure. The counters keep counting.
    public func removeAll() {
        entries.removeAll()
        bytesInUse = 0
    }

    /// Drops least recently used pictures until `incoming` more bytes fit the budget,
    /// or none is left (a picture over the whole budget is then cached alone).
    ///
    /// A linear scan per dropped picture: a show holds tens to hundreds of pictures,
    /// and a drop happens only on a miss, next to a file read and a decode that cost
    /// far more.
    private func evict(toFit incoming: Int) {
        while bytesInUse + incoming > budgetBytes {
            var oldest: (path: String, lastUse: UInt64, bytes: Int)? = nil
            for (path, value) in entries {
                guard case .picture(_, let bytes) = value.entry else { continue }
                if oldest == nil || value.lastUse < oldest!.lastUse { oldest = (path, value.lastUse, bytes) }
            }
            guard let oldest else { return }
            entries.removeValue(forKey: oldest.path)
            bytesInUse -= oldest.bytes
            evictions += 1
        }
    }
}
