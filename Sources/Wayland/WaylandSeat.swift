internal import CWayland
import Input

/// A wl_seat: its touch (every touch point, by the compositor's id) and pointer, in
/// surface points turned into buffer pixels (times the window's scale), queued on the
/// display as `WaylandInput` in the order they came. Touch ids become slots: the
/// lowest slot free when the touch went down (the `TouchTracker` follows ten).
///
/// wl_touch.frame closes a group of touch events (the tracker hands them on at the
/// frame). A compositor that sends none (cage 0.1.4, Debian 12's, relays wlroots'
/// down, motion and up but not the frame: seen in Tests/e2e) would leave every touch
/// waiting; so touch events a batch read from the connection left open are closed with a
/// frame at its end (`closeTouchFrame`), and the log says so once.
final class WaylandSeat {
    let proxy: OpaquePointer
    let globalName: UInt32
    unowned let display: WaylandDisplay
    var name = "seat"
    var touch: OpaquePointer?
    var pointer: OpaquePointer?
    /// Touch id → slot, for the touch points down.
    var slots: [Int32: Int] = [:]
    /// The pointer's last position, surface points.
    var pointerAt = (x: 0.0, y: 0.0)
    var pointerPressed = false
    /// Touch events queued since the last wl_touch.frame.
    var touchOpen = false
    /// The log has said this seat's compositor leaves touch events without a frame.
    var saidFrameless = false

    init(proxy: OpaquePointer, name: UInt32, display: WaylandDisplay) {
        self.proxy = proxy
        self.globalName = name
        self.display = display
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandSeat {
        Unmanaged<WaylandSeat>.fromOpaque(data!).takeUnretainedValue()
    }

    var userData: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    func capabilities(_ caps: UInt32) {
        let hasTouch = caps & UInt32(WL_SEAT_CAPABILITY_TOUCH.rawValue) != 0
        let hasPointer = caps & UInt32(WL_SEAT_CAPABILITY_POINTER.rawValue) != 0
        if hasTouch, touch == nil, let t = wl_seat_get_touch(proxy) {
            touch = t
            _ = wl_touch_add_listener(t, Listeners.touch, userData)
        } else if !hasTouch, let t = touch {
            touchCancel()
            release(touch: t)
            touch = nil
        }
        if hasPointer, pointer == nil, let p = wl_seat_get_pointer(proxy) {
            pointer = p
            _ = wl_pointer_add_listener(p, Listeners.pointer, userData)
        } else if !hasPointer, let p = pointer {
            pointerLeave()
            release(pointer: p)
            pointer = nil
        }
        display.input.append(.seat("\(name): \(hasTouch ? "touch" : "no touch"), \(hasPointer ? "pointer" : "no pointer")"))
    }

    // MARK: touch

    func touchDown(time: UInt32, id: Int32, x: Double, y: Double) {
        var slot = 0
        let used = Set(slots.values)
        while used.contains(slot) { slot += 1 }
        slots[id] = slot
        display.input.append(.touch(.down(slot, x * scale, y * scale, at: seconds(time))))
        touchOpen = true
    }

    func touchMotion(time: UInt32, id: Int32, x: Double, y: Double) {
        guard let slot = slots[id] else { return }
        display.input.append(.touch(.move(slot, x * scale, y * scale, at: seconds(time))))
        touchOpen = true
    }

    func touchUp(time: UInt32, id: Int32) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        display.input.append(.touch(.up(slot, at: seconds(time))))
        touchOpen = true
    }

    func touchFrame() {
        touchOpen = false
        display.input.append(.touch(TouchEvent(time: display.now, .frame)))
    }

    /// At the end of a batch read from the connection: touch events still without their
    /// wl_touch.frame get one (a compositor sends the frame with the events it closes, in
    /// the same flush).
    func closeTouchFrame() {
        guard touchOpen else { return }
        if !saidFrameless {
            saidFrameless = true
            display.input.append(.seat("\(name): touch events came without wl_touch.frame; each batch read is taken as one frame"))
        }
        touchFrame()
    }

    /// The compositor took every touch point back (wl_touch.cancel): each is cancelled.
    func touchCancel() {
        guard !slots.isEmpty else { return }
        let t = display.now
        for slot in slots.values.sorted() { display.input.append(.touch(.cancel(slot, at: t))) }
        slots.removeAll()
        touchOpen = false
        display.input.append(.touch(TouchEvent(time: t, .frame)))
    }

    // MARK: pointer

    func pointerEnter(x: Double, y: Double) {
        pointerAt = (x, y)
        display.input.append(.pointer(PointerEvent(time: display.now, .absolute(PanelPoint(x: x * scale, y: y * scale)))))
    }

    func pointerLeave() {
        if pointerPressed {
            pointerPressed = false
            display.input.append(.pointerCancelled(time: display.now))
        }
    }

    func pointerMotion(time: UInt32, x: Double, y: Double) {
        pointerAt = (x, y)
        display.input.append(.pointer(PointerEvent(time: seconds(time), .absolute(PanelPoint(x: x * scale, y: y * scale)))))
    }

    /// The primary button (BTN_LEFT, 0x110) only, as the libinput edge forwards.
    func pointerButton(time: UInt32, button: UInt32, pressed: Bool) {
        guard button == 0x110 else { return }
        pointerPressed = pressed
        display.input.append(.pointer(PointerEvent(time: seconds(time), .button(pressed: pressed))))
    }

    var scale: Double { Double(display.size.scale) }

    /// An event's millisecond timestamp on CLOCK_MONOTONIC seconds. The protocol leaves
    /// the compositor's clock unspecified (weston and wlroots use CLOCK_MONOTONIC), so
    /// the stamps keep their spacing (a fling's velocity) on an offset taken at the
    /// first event, and the offset is taken again when a stamp lands in the future or
    /// more than a second in the past (another clock, or the 49-day wrap).
    func seconds(_ ms: UInt32) -> Double {
        let now = display.now
        let stamp = Double(ms) / 1000
        if let o = clockOffset, stamp + o <= now + 0.001, stamp + o >= now - 1 { return stamp + o }
        clockOffset = now - stamp
        return now
    }

    /// CLOCK_MONOTONIC seconds minus the compositor's stamp, seconds.
    var clockOffset: Double?

    func release(touch t: OpaquePointer) {
        if wl_proxy_get_version(proxy) >= 3 { wl_touch_release(t) } else { wl_touch_destroy(t) }
    }

    func release(pointer p: OpaquePointer) {
        if wl_proxy_get_version(proxy) >= 3 { wl_pointer_release(p) } else { wl_pointer_destroy(p) }
    }

    func destroy() {
        if let t = touch { release(touch: t) }
        if let p = pointer { release(pointer: p) }
        touch = nil
        pointer = nil
        if wl_proxy_get_version(proxy) >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }
}
