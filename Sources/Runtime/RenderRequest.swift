import Input
import Rotation

/// What `vitrine render` was asked for (the README's commands): the panel, the scene, the times
/// and where the pictures go.
public struct RenderRequest: Sendable, Equatable {
    /// When to draw frames.
    public enum Times: Sendable, Equatable {
        /// One frame at each of these times, seconds from the cold start.
        case at([Double])
        /// `count` frames at `fps` frames per second, the first at t = 0.
        case frames(count: Int, fps: Double)
    }

    /// The panel's native size, pixels.
    public var width: Int
    public var height: Int
    /// Scanout format name: "xrgb8888" or "rgb565".
    public var format: String
    public var buffers: Int
    /// How the panel is turned (the board's mount, or `--rotation`): the orientation at
    /// t = 0, and the one a touch script's `rotate auto` goes back to.
    public var rotation: Orientation
    public var scene: String
    public var times: Times
    /// A PNG file (one `at`), else a folder.
    public var outPath: String
    /// Time the frames without writing them: PNG encoding between frames evicts the
    /// CPU caches and would make composite times look worse than on a panel.
    public var timingOnly = false
    /// Repaint every frame whole (buffers handed out with age 0): the cost of a full frame.
    public var fullRepaint = false
    /// A touch script (the Touch scripts article) played into the scene, panel coordinates; its
    /// `rotate` lines turn the show (`HeadlessRenderer`).
    public var touchPath: String?
    /// A touch script already parsed (the demo tour), played instead of `touchPath`.
    public var touchScript: TouchScript?
    /// Threads painting besides the caller (nil: one per further CPU, up to 3).
    public var paintThreads: Int?
    /// The panel's refresh rate, hertz: with `--at`, the runtime steps once a period
    /// from t = 0, as the kiosk draws once a vblank (the board's `mode` refresh, else 60).
    public var refreshRate = 60.0

    public init(
        width: Int, height: Int, format: String = "xrgb8888", buffers: Int = 2, rotation: Orientation = .upright,
        scene: String = "test", times: Times, outPath: String
    ) {
        self.width = width
        self.height = height
        self.format = format
        self.buffers = buffers
        self.rotation = rotation
        self.scene = scene
        self.times = times
        self.outPath = outPath
    }

    /// Whether the output is a single PNG file rather than a folder.
    public var writesSingleFile: Bool {
        if case .at(let ts) = times { return ts.count == 1 }
        return false
    }
}
