/// A CRTC: the scanout engine that reads a plane's framebuffer and times a mode out to a
/// connector. Saved at open so the mode it showed can be restored at close.
public struct CRTC: Hashable, Sendable {
    public var id: UInt32
    /// Its place among the card's CRTCs: bit `index` in encoders' and planes' masks.
    public var index: Int
    /// The framebuffer scanned out now (0: none, the CRTC is off).
    public var framebufferID: UInt32
    /// The mode set now; nil when the CRTC is off.
    public var mode: Mode?
    /// Where in the framebuffer scanout starts, pixels.
    public var x: Int
    public var y: Int
    /// Filled by `DRMDevice.crtc(_:index:)`: "MODE_ID", "ACTIVE", ...
    public var properties: PropertySet

    public init(
        id: UInt32, index: Int, framebufferID: UInt32 = 0, mode: Mode? = nil, x: Int = 0, y: Int = 0,
        properties: PropertySet = PropertySet()
    ) {
        self.id = id
        self.index = index
        self.framebufferID = framebufferID
        self.mode = mode
        self.x = x
        self.y = y
        self.properties = properties
    }
}
