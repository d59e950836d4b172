import LinuxSystem
internal import CLibInput
internal import Glibc
import Input

extension RawInputEvent {
    /// Reads `event` off libinput (nil for an event without a device). Positions are
    /// libinput's transformed ones, scaled to `panelSize`; times its microseconds.
    init?(_ event: OpaquePointer, panelSize: PanelSize, seat: LibInputSeat) {
        guard let device = libinput_event_get_device(event) else { return nil }
        let sysname = String(cString: libinput_device_get_sysname(device))
        let w = UInt32(clamping: panelSize.width)
        let h = UInt32(clamping: panelSize.height)
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            let info = InputDeviceInfo(device, seat: seat)
            self.init(device: sysname, time: Self.monotonicNow(), .added(info))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            seat.removed(device)
            self.init(device: sysname, time: Self.monotonicNow(), .removed)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL,
            LIBINPUT_EVENT_TOUCH_FRAME:
            let t = libinput_event_get_touch_event(event)
            let time = Double(libinput_event_touch_get_time_usec(t)) / 1_000_000
            let slot = type == LIBINPUT_EVENT_TOUCH_FRAME ? 0 : Int(libinput_event_touch_get_seat_slot(t))
            let kind: Kind
            switch type {
            case LIBINPUT_EVENT_TOUCH_DOWN:
                kind = .touchDown(
                    slot: slot, x: libinput_event_touch_get_x_transformed(t, w),
                    y: libinput_event_touch_get_y_transformed(t, h))
            case LIBINPUT_EVENT_TOUCH_MOTION:
                kind = .touchMotion(
                    slot: slot, x: libinput_event_touch_get_x_transformed(t, w),
                    y: libinput_event_touch_get_y_transformed(t, h))
            case LIBINPUT_EVENT_TOUCH_UP: kind = .touchUp(slot: slot)
            case LIBINPUT_EVENT_TOUCH_CANCEL: kind = .touchCancel(slot: slot)
            default: kind = .touchFrame
            }
            self.init(device: sysname, time: time, kind)
        case LIBINPUT_EVENT_POINTER_MOTION:
            let p = libinput_event_get_pointer_event(event)
            self.init(
                device: sysname, time: Double(libinput_event_pointer_get_time_usec(p)) / 1_000_000,
                .pointerMotion(dx: libinput_event_pointer_get_dx(p), dy: libinput_event_pointer_get_dy(p)))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let p = libinput_event_get_pointer_event(event)
            self.init(
                device: sysname, time: Double(libinput_event_pointer_get_time_usec(p)) / 1_000_000,
                .pointerAbsolute(
                    x: libinput_event_pointer_get_absolute_x_transformed(p, w),
                    y: libinput_event_pointer_get_absolute_y_transformed(p, h)))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let p = libinput_event_get_pointer_event(event)
            self.init(
                device: sysname, time: Double(libinput_event_pointer_get_time_usec(p)) / 1_000_000,
                .pointerButton(
                    code: libinput_event_pointer_get_button(p),
                    pressed: libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED))
        case LIBINPUT_EVENT_TABLET_TOOL_AXIS, LIBINPUT_EVENT_TABLET_TOOL_PROXIMITY, LIBINPUT_EVENT_TABLET_TOOL_TIP:
            let tool = libinput_event_get_tablet_tool_event(event)
            let time = Double(libinput_event_tablet_tool_get_time_usec(tool)) / 1_000_000
            let x = libinput_event_tablet_tool_get_x_transformed(tool, w)
            let y = libinput_event_tablet_tool_get_y_transformed(tool, h)
            if type == LIBINPUT_EVENT_TABLET_TOOL_TIP {
                let down = libinput_event_tablet_tool_get_tip_state(tool) == LIBINPUT_TABLET_TOOL_TIP_DOWN
                self.init(device: sysname, time: time, .tabletTip(x: x, y: y, down: down))
            } else {
                self.init(device: sysname, time: time, .tabletAxis(x: x, y: y))
            }
        default:
            self.init(device: sysname, time: Self.monotonicNow(), .other)
        }
    }

    /// CLOCK_MONOTONIC now, seconds: libinput's clock, for events that carry no time.
    static func monotonicNow() -> Double { MonotonicClock.now() }
}

extension InputDeviceInfo {
    /// What libinput says of `device`, with the board's calibration set on it first.
    init(_ device: OpaquePointer, seat: LibInputSeat) {
        var caps: Capabilities = []
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { caps.insert(.touch) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0 { caps.insert(.pointer) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0 { caps.insert(.keyboard) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TABLET_TOOL) != 0 { caps.insert(.tabletTool) }
        let name = String(cString: libinput_device_get_name(device))
        var w = 0.0
        var h = 0.0
        let size = libinput_device_get_size(device, &w, &h) == 0 ? SizeMillimetres(width: w, height: h) : nil
        var slots: Int? = nil
        if caps.contains(.touch) { slots = max(0, Int(libinput_device_touch_get_touch_count(device))) }
        self.init(
            name: name, sysname: String(cString: libinput_device_get_sysname(device)), capabilities: caps, size: size,
            touchSlots: slots, calibration: seat.calibrate(device, name: name))
    }
}
