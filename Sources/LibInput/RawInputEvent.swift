/// One libinput event as the edge reads it off the C structure, before translation:
/// plain values, so that `InputTranslator` is tested with events built in the test.
public struct RawInputEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// LIBINPUT_EVENT_DEVICE_ADDED.
        case added(InputDeviceInfo)
        /// LIBINPUT_EVENT_DEVICE_REMOVED: unplugged, or its node vanished.
        case removed
        /// TOUCH_DOWN on a seat slot, at libinput's transformed position (panel pixels,
        /// calibration applied; may lie outside the panel when the digitizer reports
        /// beyond its axis range).
        case touchDown(slot: Int, x: Double, y: Double)
        case touchMotion(slot: Int, x: Double, y: Double)
        case touchUp(slot: Int)
        case touchCancel(slot: Int)
        case touchFrame
        /// POINTER_MOTION: a mouse's accelerated motion, pixels.
        case pointerMotion(dx: Double, dy: Double)
        /// POINTER_MOTION_ABSOLUTE at libinput's transformed position, panel pixels.
        case pointerAbsolute(x: Double, y: Double)
        /// POINTER_BUTTON: the evdev button code (BTN_LEFT is 0x110).
        case pointerButton(code: UInt32, pressed: Bool)
        /// TABLET_TOOL_AXIS / PROXIMITY: the tool's transformed position.
        case tabletAxis(x: Double, y: Double)
        /// TABLET_TOOL_TIP: the tip touched (or left) the surface at this position.
        case tabletTip(x: Double, y: Double, down: Bool)
        /// Anything else (keys, scrolling, gestures, switches): not for the show.
        case other
    }

    /// The device's sysname ("event2"): which device the event came from.
    public var device: String
    /// Seconds on CLOCK_MONOTONIC (libinput's microseconds / 10^6).
    public var time: Double
    public var kind: Kind

    public init(device: String, time: Double, _ kind: Kind) {
        self.device = device
        self.time = time
        self.kind = kind
    }

    /// BTN_LEFT: the mouse button (and QEMU usb-tablet's click) that acts as the finger.
    public static let leftButton: UInt32 = 0x110
}
