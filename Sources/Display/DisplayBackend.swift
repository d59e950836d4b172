import Raster

/// A back buffer handed to the compositor: the surface to draw the next frame into, its
/// age and its place in the swap chain (Slint's software display, EGL's buffer age).
public struct DisplayBuffer {
    /// Panel-space pixels, the panel's native size and scanout format.
    public let surface: Surface
    /// Frames since this buffer was last shown: 1 means it holds the previous frame, so
    /// only that frame's damage needs repainting; 0 means unknown (never shown, or
    /// contents lost): repaint everything.
    public let age: Int
    /// Which buffer of the chain (0 ..< bufferCount).
    public let index: Int

    public init(surface: Surface, age: Int, index: Int) {
        self.surface = surface
        self.age = age
        self.index = index
    }
}

/// What puts frames on a screen: DRM/KMS, fbdev, a Wayland window, or nothing
/// (headless). One frame at a time: `acquire` a back buffer, draw into it, `present` it.
/// Owned by the event loop thread.
public protocol DisplayBackend: AnyObject {
    /// The panel's native size, pixels (before rotation).
    var width: Int { get }
    var height: Int { get }
    /// The scanout format of the buffers handed out.
    var format: PixelFormat { get }
    /// A short name for logs: "headless", "drm /dev/dri/card0 HDMI-A-1", ...
    var name: String { get }

    /// The buffer to draw the next frame into.
    func acquire() throws(DisplayError) -> DisplayBuffer
    /// Shows `buffer`, acquired last; `damage` (panel pixels) is what changed in it since
    /// the frame shown before, for backends that can use it (DIRTYFB, partial updates).
    func present(_ buffer: DisplayBuffer, damage: [PixelRect]) throws(DisplayError)
}

/// What goes wrong putting frames on a screen.
public enum DisplayError: Error, Equatable, CustomStringConvertible {
    /// A buffer of this size or format can't be made.
    case unsupported(String)
    /// `present` was given a buffer that isn't the one last acquired.
    case notAcquired(index: Int)
    /// `acquire` was called twice without a `present` between.
    case alreadyAcquired(index: Int)

    public var description: String {
        switch self {
        case .unsupported(let what): "display: \(what)"
        case .notAcquired(let i): "display: buffer \(i) presented without being acquired"
        case .alreadyAcquired(let i): "display: buffer \(i) is still acquired; present it first"
        }
    }
}
