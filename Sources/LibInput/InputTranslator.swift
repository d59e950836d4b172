import Input

/// Turns raw libinput events into `Input` values, with the guarantees the kiosk relies on
/// whatever a device sends:
/// - only the selected devices (`DeviceSelection`) drive the show; others' events are
///   dropped;
/// - every position handed on lies inside the panel (`PanelSize.clamp`): a digitizer
///   reporting beyond its axis range, or a calibration that overshoots, is held to the
///   edge rather than refused, since the finger is really there;
/// - a slot of -1 (a device without slots) is slot 0;
/// - each device's slots become the kiosk's fingers `0..<fingers` (the tracker's slots):
///   a device's slot keeps its number when that finger is free, else takes the lowest
///   free one, so two touchscreens never share a finger and a device with more slots
///   than the kiosk follows (a 16-slot digitizer's slot 13) still drives it. A touch that
///   finds every finger taken is ignored whole (its down, motion and lift; counted in
///   `ignoredTouches`), so it can leave nothing pressed;
/// - motion, up or cancel on a slot that is not down is dropped;
/// - a device that goes away with fingers down (or the pointer pressed) ends each of
///   them with a cancel and a frame, and one whose last touch changes were never framed
///   (a lift whose frame did not come) gets that frame: never a stuck press;
/// - only the left button drives the pointer's finger; a release from another device
///   than the one that pressed is dropped.
///
/// Times: device time (CLOCK_MONOTONIC seconds) minus `timeOrigin`, so that velocities,
/// taps and swipes use when the finger moved, not when the loop woke up.
public struct InputTranslator {
    /// The panel's native size (it changes when an output comes back in another mode).
    public var panelSize: PanelSize
    public let selection: DeviceSelection
    /// Subtracted from device times: the scene clock's zero on CLOCK_MONOTONIC, seconds.
    public var timeOrigin: Double
    /// The devices seen, by sysname, and whether each is selected.
    public private(set) var devices: [String: (info: InputDeviceInfo, selected: Bool)] = [:]
    /// How many fingers the kiosk follows at once (the tracker's `slotCount`).
    public let fingers: Int
    /// The finger each device slot that is down drives.
    private var fingerOf: [DeviceSlot: Int] = [:]
    /// Which fingers are taken, by finger number.
    private var taken: [Bool]
    /// Devices whose touch changes handed on since their last frame wait for one.
    private var unframed: Set<String> = []
    /// Touches ignored because every finger was taken, since start.
    public private(set) var ignoredTouches = 0
    /// The device holding the pointer's button down, if any.
    public private(set) var pointerHeldBy: String?

    /// A device's slot: libinput numbers slots per device, from 0.
    private struct DeviceSlot: Hashable {
        var device: String
        var slot: Int
    }

    /// - Parameter fingers: the fingers the kiosk follows at once (at least 1).
    public init(
        panelSize: PanelSize, selection: DeviceSelection, timeOrigin: Double = 0,
        fingers: Int = TouchTracker.defaultSlotCount
    ) {
        self.panelSize = panelSize
        self.selection = selection
        self.timeOrigin = timeOrigin
        self.fingers = Swift.max(1, fingers)
        taken = Array(repeating: false, count: Swift.max(1, fingers))
    }

    /// The selected devices present now, in sysname order.
    public var selectedDevices: [InputDeviceInfo] {
        devices.values.filter(\.selected).map(\.info).sorted { $0.sysname < $1.sysname }
    }

    /// Whether a selected device is present (cheap: for every wake-up).
    public var hasSelectedDevice: Bool { devices.values.contains { $0.selected } }

    /// Whether any finger or the pointer is down.
    public var anyDown: Bool { pointerHeldBy != nil || !fingerOf.isEmpty }

    /// The fingers `device` has down, by its slot: for tests and logs.
    public func fingersDown(of device: String) -> [Int: Int] {
        var out: [Int: Int] = [:]
        for (key, finger) in fingerOf where key.device == device { out[key.slot] = finger }
        return out
    }

    /// Translates `event`, calling `emit` for each action it makes (none, one, or for a
    /// removal a cancel per slot down, a frame and the removal).
    public mutating func translate(_ event: RawInputEvent, emit: (InputAction) -> Void) {
        let time = event.time - timeOrigin
        let device = event.device
        if case .added(let info) = event.kind {
            let selected = selection.selects(info)
            devices[device] = (info, selected)
            emit(.deviceAdded(info, selected: selected))
            return
        }
        if case .removed = event.kind {
            removed(device, time: time, emit: emit)
            return
        }
        guard devices[device]?.selected == true else { return }
        switch event.kind {
        case .added, .removed, .other:
            return
        case .touchDown(let slot, let x, let y):
            guard let p = inside(x, y) else { return }
            let key = DeviceSlot(device: device, slot: Swift.max(0, slot))
            // A down on a slot already down (libinput ends the old touch first; be safe)
            // keeps its finger: the tracker cancels the old touch and begins the new.
            guard let finger = fingerOf[key] ?? takeFinger(preferring: key.slot) else {
                ignoredTouches += 1
                return
            }
            fingerOf[key] = finger
            unframed.insert(device)
            emit(.touch(TouchEvent(time: time, .down(slot: finger, position: p))))
        case .touchMotion(let slot, let x, let y):
            guard let finger = fingerOf[DeviceSlot(device: device, slot: Swift.max(0, slot))], let p = inside(x, y)
            else { return }
            unframed.insert(device)
            emit(.touch(TouchEvent(time: time, .move(slot: finger, position: p))))
        case .touchUp(let slot):
            guard let finger = release(DeviceSlot(device: device, slot: Swift.max(0, slot))) else { return }
            unframed.insert(device)
            emit(.touch(.up(finger, at: time)))
        case .touchCancel(let slot):
            guard let finger = release(DeviceSlot(device: device, slot: Swift.max(0, slot))) else { return }
            unframed.insert(device)
            emit(.touch(.cancel(finger, at: time)))
        case .touchFrame:
            unframed.remove(device)
            emit(.touch(.frame(at: time)))
        case .pointerMotion(let dx, let dy):
            guard dx.isFinite, dy.isFinite else { return }
            emit(.pointer(PointerEvent(time: time, .motion(dx: dx, dy: dy))))
        case .pointerAbsolute(let x, let y), .tabletAxis(let x, let y):
            guard let p = inside(x, y) else { return }
            emit(.pointer(PointerEvent(time: time, .absolute(p))))
        case .pointerButton(let code, let pressed):
            guard code == RawInputEvent.leftButton else { return }
            button(pressed, device: device, time: time, emit: emit)
        case .tabletTip(let x, let y, let down):
            if let p = inside(x, y) { emit(.pointer(PointerEvent(time: time, .absolute(p)))) }
            button(down, device: device, time: time, emit: emit)
        }
    }

    /// The device's own slot number if that finger is free, else the lowest free finger;
    /// nil when every finger is taken.
    private mutating func takeFinger(preferring slot: Int) -> Int? {
        let finger = taken.indices.contains(slot) && !taken[slot] ? slot : taken.firstIndex(of: false)
        if let finger { taken[finger] = true }
        return finger
    }

    /// Frees the finger of `key`, returning it; nil when the slot was not down.
    private mutating func release(_ key: DeviceSlot) -> Int? {
        guard let finger = fingerOf.removeValue(forKey: key) else { return nil }
        taken[finger] = false
        return finger
    }

    private mutating func button(_ pressed: Bool, device: String, time: Double, emit: (InputAction) -> Void) {
        if pressed {
            guard pointerHeldBy == nil else { return }
            pointerHeldBy = device
        } else {
            guard pointerHeldBy == device else { return }
            pointerHeldBy = nil
        }
        emit(.pointer(PointerEvent(time: time, .button(pressed: pressed))))
    }

    private mutating func removed(_ device: String, time: Double, emit: (InputAction) -> Void) {
        let known = devices.removeValue(forKey: device)
        let down = fingerOf.keys.filter { $0.device == device }.sorted { $0.slot < $1.slot }
        for key in down { if let finger = release(key) { emit(.touch(.cancel(finger, at: time))) } }
        if unframed.remove(device) != nil || !down.isEmpty { emit(.touch(.frame(at: time))) }
        if pointerHeldBy == device {
            pointerHeldBy = nil
            emit(.pointerCancelled(time: time))
        }
        if let known { emit(.deviceRemoved(known.info, selected: known.selected)) }
    }

    /// The point held to the panel; nil when not finite (a broken device or matrix).
    private func inside(_ x: Double, _ y: Double) -> PanelPoint? {
        let p = PanelPoint(x: x, y: y)
        guard p.isFinite else { return nil }
        return panelSize.clamp(p)
    }
}
