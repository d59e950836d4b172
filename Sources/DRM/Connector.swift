/// A connector: where a panel or monitor plugs in (HDMI-A-1, DSI-1, Virtual-1), whether
/// something is connected, and the modes it offers.
public struct Connector: Hashable, Sendable {
    /// Whether a sink is there (DRM_MODE_CONNECTED = 1, DISCONNECTED = 2, UNKNOWN = 3).
    public enum Connection: String, Hashable, Sendable {
        case connected, disconnected, unknown
    }

    public var id: UInt32
    /// DRM_MODE_CONNECTOR_* (11 is HDMI-A) and the kernel's count within that type.
    public var type: UInt32
    public var typeIndex: UInt32
    public var connection: Connection
    /// The modes offered, in the kernel's order (the preferred one usually first).
    public var modes: [Mode]
    /// The encoders it can use, and the one in use now (0: none).
    public var encoderIDs: [UInt32]
    public var encoderID: UInt32
    /// Physical size of the sink, millimetres (0 when unknown).
    public var widthMM: Int
    public var heightMM: Int
    /// Filled by `DRMDevice.connector(_:)`: "CRTC_ID", "panel orientation", ...
    public var properties: PropertySet

    public init(
        id: UInt32, type: UInt32, typeIndex: UInt32, connection: Connection, modes: [Mode],
        encoderIDs: [UInt32], encoderID: UInt32 = 0, widthMM: Int = 0, heightMM: Int = 0,
        properties: PropertySet = PropertySet()
    ) {
        self.id = id
        self.type = type
        self.typeIndex = typeIndex
        self.connection = connection
        self.modes = modes
        self.encoderIDs = encoderIDs
        self.encoderID = encoderID
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.properties = properties
    }

    /// The name the kernel gives it in sysfs, and boards use: "HDMI-A-1".
    public var name: String { "\(Connector.typeName(type))-\(typeIndex)" }

    public var isConnected: Bool { connection == .connected }

    /// The preferred mode, else the first listed; nil when none is offered.
    public var preferredMode: Mode? { modes.first { $0.isPreferred } ?? modes.first }

    /// "panel orientation" (DSI and eDP panels mounted turned in their case): "Normal",
    /// "Upside Down", "Left Side Up", "Right Side Up"; nil when the driver has no such
    /// property.
    public var panelOrientation: String? { properties["panel orientation"]?.valueName }

    /// The kernel's names for DRM_MODE_CONNECTOR_* (drm_connector_enum_list), the part
    /// before the index in "HDMI-A-1".
    public static func typeName(_ type: UInt32) -> String {
        let names = [
            "Unknown", "VGA", "DVI-I", "DVI-D", "DVI-A", "Composite", "SVIDEO", "LVDS", "Component", "DIN", "DP",
            "HDMI-A", "HDMI-B", "TV", "eDP", "Virtual", "DSI", "DPI", "Writeback", "SPI", "USB",
        ]
        return Int(type) < names.count ? names[Int(type)] : "Unknown\(type)"
    }
}
