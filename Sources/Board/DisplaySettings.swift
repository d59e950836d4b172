import Display
import Raster

/// `[display]`: which backend puts frames on which output, in what mode and format.
public struct DisplaySettings: Hashable, Sendable {
    /// What drives the screen (`backend`, required).
    public enum Backend: String, Hashable, Sendable, CaseIterable {
        /// DRM/KMS dumb buffers with page flips: a panel's normal backend.
        case drm
        /// /dev/fb*: old kernels and drivers without KMS.
        case fbdev
        /// A window on a developer's Wayland desktop.
        case wayland
        /// No screen: frames in memory (`vitrine render`, tests).
        case headless
    }

    /// A display mode as a board names it: "800x480@60", or "800x480" for any refresh
    /// (Display's `ModeRequest`).
    public typealias Mode = ModeRequest

    /// `backend`: required.
    public var backend: Backend
    /// `device`: drm (a /dev/dri/card*) and fbdev (a /dev/fb*) only. nil: for drm the
    /// first card with a connected connector, for fbdev /dev/fb0. Not checked for
    /// existence here (a missing device is exit 69 at run time).
    public var device: String?
    /// `connector`: drm only, a connector name as `vitrine outputs` prints it ("DSI-1",
    /// "HDMI-A-1"). nil: the first connected connector.
    public var connector: String?
    /// `mode`: drm only. nil: the connector's preferred mode.
    public var mode: Mode?
    /// `format`: the scanout format, `xrgb8888` (default) or `rgb565`.
    public var format: PixelFormat
    /// `buffers`: 2 (default, double buffering) or 3 (triple).
    public var buffers: Int
    /// `size`: the output's size, panel pixels. Required for headless; for wayland the
    /// window's size, default `DisplaySettings.defaultWindowSize`; nil (and refused in
    /// the file) for drm and fbdev, whose size comes from the mode.
    public var size: PanelDimensions?
    /// `fullscreen`: wayland only. True (default): the window asks its compositor for
    /// fullscreen (a kiosk under cage or labwc); false: a window of `size` (a show's
    /// author on a desktop).
    public var fullscreen: Bool

    /// A Wayland window's size when the board gives none: the common 7-inch panel's.
    public static let defaultWindowSize = PanelDimensions(width: 800, height: 480)
    /// The buffer counts a board may ask for.
    public static let bufferCounts = [2, 3]

    public init(
        backend: Backend, device: String? = nil, connector: String? = nil, mode: Mode? = nil,
        format: PixelFormat = .xrgb8888, buffers: Int = 2, size: PanelDimensions? = nil, fullscreen: Bool = true
    ) {
        self.fullscreen = fullscreen
        self.backend = backend
        self.device = device
        self.connector = connector
        self.mode = mode
        self.format = format
        self.buffers = buffers
        self.size = size
    }
}
