import Input
import Raster

/// What the kiosk needs to know to run: the panel (from the board), the timings, and
/// where its control socket and notifications go.
public struct KioskSettings {
    /// The panel's native size, pixels.
    public var panelWidth: Int
    public var panelHeight: Int
    public var format: PixelFormat
    public var buffers: Int
    /// Clockwise mount angle, degrees (DESIGN.md §2).
    public var mount: Int
    /// Seconds without touch before returning home; 0: never.
    public var idleReset: Double
    /// The control socket's path; nil: none.
    public var controlPath: String?
    /// Frames per second of the headless display's clock (a panel's flips pace DRM).
    public var frameRate = 60.0
    /// Threads painting besides the loop's (nil: one per further CPU, up to 3).
    public var paintThreads: Int?
    /// Touch played into the headless panel as if from a digitizer (times from the start).
    public var touchScript: TouchScript?
    /// systemd's watchdog interval, seconds (nil: no watchdog).
    public var watchdogInterval: Double?

    public init(
        panelWidth: Int, panelHeight: Int, format: PixelFormat = .xrgb8888, buffers: Int = 2, mount: Int = 0,
        idleReset: Double = 120
    ) {
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.format = format
        self.buffers = buffers
        self.mount = mount
        self.idleReset = idleReset
    }
}
