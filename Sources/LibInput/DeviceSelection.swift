/// Which input devices drive the show: the board's `[touch] device` (the board file reference).
///
/// - nil: every device that can (touch, pointer, tablet), found by udev on seat0 and
///   followed as they come and go;
/// - a path under /dev/ ("/dev/input/event2", or a udev symlink such as
///   "/dev/input/by-path/...-event"): that node alone, opened directly (libinput's path
///   backend, which needs no udev), and opened again whenever the node reappears;
/// - anything else: a device name as `vitrine inputs` prints it, matched exactly; every
///   device of that name drives the show (udev backend, hotplug as for nil).
public enum DeviceSelection: Hashable, Sendable, CustomStringConvertible {
    case every
    case name(String)
    case node(String)

    /// The selection a board's `[touch] device` value makes.
    public init(boardDevice: String?) {
        guard let d = boardDevice else {
            self = .every
            return
        }
        self = d.hasPrefix("/dev/") ? .node(d) : .name(d)
    }

    /// Whether `device` drives the show. For `.node` the path backend has opened only
    /// that node, so whatever it opened is selected.
    public func selects(_ device: InputDeviceInfo) -> Bool {
        guard device.drivesTouch else { return false }
        switch self {
        case .every, .node: return true
        case .name(let n): return device.name == n
        }
    }

    /// How `vitrine inputs` and the log name it.
    public var description: String {
        switch self {
        case .every: "every touch and pointer device"
        case .name(let n): "the device named \"\(n)\""
        case .node(let p): p
        }
    }
}
