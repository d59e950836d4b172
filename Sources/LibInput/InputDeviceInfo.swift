/// What a device is, as libinput sees it: what `vitrine inputs` lists and what the board's
/// `[touch] device` is matched against.
public struct InputDeviceInfo: Hashable, Sendable {
    /// What the device can report, as libinput groups it.
    public struct Capabilities: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A multi-touch (or single-touch) digitizer mapped to a screen.
        public static let touch = Capabilities(rawValue: 1)
        /// A mouse, touchpad or absolute pointer (QEMU's usb-tablet).
        public static let pointer = Capabilities(rawValue: 2)
        public static let keyboard = Capabilities(rawValue: 4)
        /// A tablet's pen or puck.
        public static let tabletTool = Capabilities(rawValue: 8)

        /// "touch, pointer": what `vitrine inputs` prints; "none" when empty.
        public var names: String {
            var parts: [String] = []
            if contains(.touch) { parts.append("touch") }
            if contains(.pointer) { parts.append("pointer") }
            if contains(.keyboard) { parts.append("keyboard") }
            if contains(.tabletTool) { parts.append("tablet") }
            return parts.isEmpty ? "none" : parts.joined(separator: ", ")
        }
    }

    /// The kernel's name for the device ("FT5406 memory based driver").
    public var name: String
    /// The event node's name under /dev/input ("event2").
    public var sysname: String
    public var capabilities: Capabilities
    /// The sensing area's size, millimetres (nil: the device doesn't say).
    public var size: SizeMillimetres?
    /// Touch slots (simultaneous contacts) of a touch device; nil for other devices, 0
    /// when a touch device doesn't say.
    public var touchSlots: Int?
    /// The calibration matrix in force, `[a, b, c, d, e, f]` (libinput's, on normalized
    /// coordinates); nil when the device takes none (not a touch or tablet device).
    public var calibration: [Double]?

    public init(
        name: String, sysname: String, capabilities: Capabilities, size: SizeMillimetres? = nil,
        touchSlots: Int? = nil, calibration: [Double]? = nil
    ) {
        self.name = name
        self.sysname = sysname
        self.capabilities = capabilities
        self.size = size
        self.touchSlots = touchSlots
        self.calibration = calibration
    }

    /// "/dev/input/event2".
    public var node: String { "/dev/input/" + sysname }

    /// Whether the device can drive the show: a touch device, a pointer or a tablet tool.
    public var drivesTouch: Bool { !capabilities.isDisjoint(with: [.touch, .pointer, .tabletTool]) }
}

/// A width and height in millimetres.
public struct SizeMillimetres: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
