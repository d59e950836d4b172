/// The size a Wayland window's buffers are made at, from the compositor's configure
/// events (xdg_toplevel.configure, then xdg_surface.configure to apply them) and the
/// output's scale. Pure, tested without a compositor.
///
/// A configure of 0 in either dimension leaves the size to the client: the board's
/// `size`. A size below `minimum` points on a side (a 1x1 configure) can't hold the show:
/// the window is then unusable and nothing is drawn until a usable size arrives. The
/// buffers are `scale` times the window's size in points (wl_surface.set_buffer_scale),
/// so a 2x output shows the show sharp.
public struct WindowSize: Equatable, Sendable {
    /// The board's size, points: used when the compositor leaves the size to us.
    public let preferred: (width: Int, height: Int)
    /// The window's size in surface points, as last configured.
    public private(set) var width: Int
    public private(set) var height: Int
    /// The buffer scale (1 and up): the largest scale of the outputs the window is on.
    public private(set) var scale: Int = 1
    /// The size last asked for in an xdg_toplevel.configure, applied at the next
    /// xdg_surface.configure.
    private var pending: (width: Int, height: Int)?

    /// The smallest side, surface points, the show is laid out at (a board's panel
    /// minimum, `PanelDimensions`).
    public static let minimum = 120
    /// The largest side of a buffer, pixels.
    public static let maximum = 8192

    public init(preferred width: Int, _ height: Int) {
        preferred = (width, height)
        self.width = width
        self.height = height
    }

    public static func == (a: WindowSize, b: WindowSize) -> Bool {
        a.width == b.width && a.height == b.height && a.scale == b.scale && a.preferred == b.preferred
    }

    /// xdg_toplevel.configure's size (0: the client's choice).
    public mutating func toplevelConfigure(width w: Int32, height h: Int32) {
        pending = (w > 0 ? Int(w) : preferred.width, h > 0 ? Int(h) : preferred.height)
    }

    /// xdg_surface.configure: the pending size takes effect. True when the window's
    /// size changed.
    public mutating func apply() -> Bool {
        guard let p = pending else { return false }
        pending = nil
        let changed = p.width != width || p.height != height
        width = p.width
        height = p.height
        return changed
    }

    /// The outputs' largest scale changed (wl_surface.enter/leave, wl_output.scale).
    /// True when the buffer scale changed. Scales outside 1...4 are taken as 1.
    public mutating func setScale(_ s: Int) -> Bool {
        let clean = (1...4).contains(s) ? s : 1
        defer { scale = clean }
        return clean != scale
    }

    /// The buffers' size, pixels.
    public var bufferWidth: Int { width * scale }
    public var bufferHeight: Int { height * scale }

    /// Whether the show can be drawn at this size.
    public var isUsable: Bool {
        width >= Self.minimum && height >= Self.minimum && bufferWidth <= Self.maximum && bufferHeight <= Self.maximum
    }

    /// "800x480" or "800x480 (1600x960 pixels at scale 2)", for logs.
    public var description: String {
        scale == 1 ? "\(width)x\(height)" : "\(width)x\(height) (\(bufferWidth)x\(bufferHeight) pixels at scale \(scale))"
    }
}
