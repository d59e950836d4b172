import Display
import Raster

/// What a board asks of the DRM backend (its `[display]` section): which card, connector
/// and mode, in which format, with how many buffers. Every field has a default.
public struct DRMSettings: Hashable, Sendable {
    /// "/dev/dri/card1"; nil: the first card (by number) with a connected connector.
    public var device: String?
    /// "HDMI-A-1", "DSI-1", "Virtual-1"; nil: the card's first connected connector.
    public var connector: String?
    /// nil: the connector's preferred mode (else its first).
    public var mode: ModeRequest?
    /// The scanout format: xrgb8888 or rgb565.
    public var format: PixelFormat
    /// Dumb buffers in the swap chain: 2 (double buffering) or 3.
    public var buffers: Int
    /// Whether atomic modesetting is used when the driver offers it. false forces the
    /// legacy path (drmModeSetCrtc and drmModePageFlip), for a driver whose atomic
    /// support misbehaves.
    public var allowAtomic: Bool

    public init(
        device: String? = nil, connector: String? = nil, mode: ModeRequest? = nil, format: PixelFormat = .xrgb8888,
        buffers: Int = 2, allowAtomic: Bool = true
    ) {
        self.device = device
        self.connector = connector
        self.mode = mode
        self.format = format
        self.buffers = buffers
        self.allowAtomic = allowAtomic
    }
}
