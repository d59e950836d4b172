import Display

/// A display mode a connector offers: its size, its refresh rate and whether it is the
/// preferred one. Named like a board file names it: "800x480@60".
public struct Mode: Hashable, Sendable, CustomStringConvertible {
    /// What the kernel knows of the mode, handed back unchanged to set it.
    public var timings: ModeTimings

    public init(timings: ModeTimings) {
        self.timings = timings
    }

    /// Visible pixels per line and lines per frame.
    public var width: Int { Int(timings.hdisplay) }
    public var height: Int { Int(timings.vdisplay) }

    /// Whether the sink or the panel driver marks the mode preferred (DRM_MODE_TYPE_PREFERRED).
    public var isPreferred: Bool { timings.type & ModeTimings.typePreferred != 0 }

    /// Frames per second, Hz, from the pixel clock and the totals (as the kernel's
    /// drm_mode_vrefresh computes it, without its rounding): 59.94 for a 59.94 Hz mode.
    /// Falls back to the kernel's rounded `vrefresh` when the totals are zero.
    public var refresh: Double {
        let t = timings
        guard t.htotal > 0, t.vtotal > 0, t.clock > 0 else { return Double(t.vrefresh) }
        var hz = Double(t.clock) * 1000 / (Double(t.htotal) * Double(t.vtotal))
        if t.flags & ModeTimings.flagInterlace != 0 { hz *= 2 }
        if t.flags & ModeTimings.flagDoubleScan != 0 { hz /= 2 }
        if t.vscan > 1 { hz /= Double(t.vscan) }
        return hz
    }

    /// The refresh rate rounded to whole hertz, as board files write it.
    public var roundedRefresh: Int { Int(refresh.rounded()) }

    /// "800x480@60".
    public var description: String { "\(width)x\(height)@\(roundedRefresh)" }

    /// Whether this mode is what a board asks for: the same size, and the same rounded
    /// refresh when the board gives one.
    public func matches(_ request: ModeRequest) -> Bool {
        width == request.width && height == request.height && (request.refresh.map { $0 == roundedRefresh } ?? true)
    }
}
