/// A display mode's timings exactly as the kernel's `struct drm_mode_modeinfo` holds them,
/// kept whole so a mode read from a connector can be handed back to the kernel unchanged.
public struct ModeTimings: Hashable, Sendable {
    /// Pixel clock, kHz.
    public var clock: UInt32
    /// Horizontal: visible pixels, sync start and end, total pixels per line, skew.
    public var hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16
    /// Vertical: visible lines, sync start and end, total lines per frame, scan count.
    public var vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16, vtotal: UInt16, vscan: UInt16
    /// The kernel's rounded refresh, Hz (may be 0 from old drivers).
    public var vrefresh: UInt32
    /// DRM_MODE_FLAG_* (sync polarity, interlace, double scan, ...).
    public var flags: UInt32
    /// DRM_MODE_TYPE_* (preferred, driver, user-defined, ...).
    public var type: UInt32
    /// The kernel's name for the mode, "800x480" (at most 31 bytes).
    public var name: String

    public init(
        clock: UInt32, hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16 = 0,
        vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16, vtotal: UInt16, vscan: UInt16 = 0,
        vrefresh: UInt32, flags: UInt32 = 0, type: UInt32 = 0, name: String
    ) {
        self.clock = clock
        self.hdisplay = hdisplay
        self.hsyncStart = hsyncStart
        self.hsyncEnd = hsyncEnd
        self.htotal = htotal
        self.hskew = hskew
        self.vdisplay = vdisplay
        self.vsyncStart = vsyncStart
        self.vsyncEnd = vsyncEnd
        self.vtotal = vtotal
        self.vscan = vscan
        self.vrefresh = vrefresh
        self.flags = flags
        self.type = type
        self.name = name
    }

    /// DRM_MODE_TYPE_PREFERRED: the mode the sink (EDID) or panel driver prefers.
    static let typePreferred: UInt32 = 1 << 3
    /// DRM_MODE_FLAG_INTERLACE and DRM_MODE_FLAG_DBLSCAN.
    static let flagInterlace: UInt32 = 1 << 4
    static let flagDoubleScan: UInt32 = 1 << 5
}
