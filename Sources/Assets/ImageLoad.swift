import Raster

/// What `ImageCache.image(at:)` hands out: a picture to draw, and whether it is the
/// real one.
public struct ImageLoad: Sendable {
    /// The decoded picture, or the cache's placeholder when loading failed. Shared with
    /// the cache: draw from it, never into it.
    public let surface: Surface
    /// Why the picture could not be loaded (then `surface` is the placeholder); nil on
    /// success. Repeated on every request for the same path until it is invalidated.
    public let error: ImageError?
    /// True only the first time a failure is handed out (per path, until invalidated):
    /// log `error` then, and the show logs one warning per bad file, not one per frame.
    public let isFirstFailure: Bool

    /// Whether `surface` is the placeholder.
    public var isPlaceholder: Bool { error != nil }

    /// The error to log now: `error` on its first hand-out, else nil.
    public var newWarning: ImageError? { isFirstFailure ? error : nil }
}
