import FuzzSupport
import Input
import LibInput
import Rotation

/// The input devices' event stream, as libinput hands it to the edge after reading the
/// kernel's evdev events (slots and tracking ids become per-slot down, motion, up and
/// cancel; each SYN_REPORT a touch frame; positions scaled to the panel, which a digitizer
/// reporting beyond its axis range or an overshooting calibration puts off it), through
/// the kiosk's path: `InputTranslator.translate`, then `TouchTracker.take`, with the
/// kiosk's tracker rebuilt (touches cancelled first) when the orientation changes.
///
/// Devices come and go, slots run from -1 (a device without slots) to 32767, positions
/// and deltas are any float (NaN, infinities, far off the panel), times jump back or are
/// not finite. The touches handed on must be well formed and on the logical screen
/// (`TouchSequenceCheck`), and once every device has gone nothing may be left pressed.
///
/// Input layout: a 4-byte header (orientation, panel size, fingers followed, the board's
/// `[touch] device`), then 13-byte records: kind, device (event0...event3), slot (Int16),
/// x and y (Float32 bits), time step (Int8 milliseconds; -128 is NaN, 127 infinity).
func touchStreamFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = ByteReader(fuzzBytes(data, size))
    let panels = [(800, 480), (480, 800), (1920, 1080), (320, 240), (1, 1)]
    let (width, height) = panels[Int(input.u8()) % panels.count]
    let panel = PanelSize(width: width, height: height)
    var orientation = Orientation.allCases[Int(input.u8()) % 4]
    let fingers = 1 + Int(input.u8()) % 16
    let selection = [DeviceSelection.every, .node("/dev/input/event1"), .name("Fuzz device 2")][Int(input.u8()) % 3]

    let origin = 1000.0
    var translator = InputTranslator(panelSize: panel, selection: selection, timeOrigin: origin, fingers: fingers)
    func makeTracker() -> (TouchTracker, TouchSequenceCheck) {
        let transform = PanelTransform(orientation: orientation, panelWidth: width, panelHeight: height)
        let tracker = TouchTracker(panelSize: panel, slotCount: fingers) { transform.logicalPoint($0) }
        let check = TouchSequenceCheck(
            bounds: (transform.logicalWidth, transform.logicalHeight), maxOpen: tracker.slotCount + 1)
        return (tracker, check)
    }
    var (tracker, check) = makeTracker()

    var time = origin
    var devices = Set<String>()
    while !input.isAtEnd {
        let kind = input.u8()
        let device = "event\(input.u8() % 4)"
        let slot = Int(input.i16())
        let x = Double(input.f32()), y = Double(input.f32())
        let step = Int8(bitPattern: input.u8())
        time = step == -128 ? .nan : step == 127 ? .infinity : (time.isFinite ? time : origin) + Double(step) / 1000

        let event: RawInputEvent.Kind
        switch kind % 17 {
        case 0:
            // libinput removes a device before adding it again (a replug).
            if devices.contains(device) {
                translator.translate(RawInputEvent(device: device, time: time, .removed)) { action in
                    checkAction(action, panel: panel, fingers: fingers)
                    tracker.take(action) { check.check($0) }
                }
            }
            // Capabilities from the slot's low bits, slots from the rest.
            let info = InputDeviceInfo(
                name: "Fuzz device \(device.last!)", sysname: device,
                capabilities: InputDeviceInfo.Capabilities(rawValue: UInt8(truncatingIfNeeded: slot) & 0x0f),
                touchSlots: slot >> 4)
            event = .added(info)
            devices.insert(device)
        case 1:
            event = .removed
            devices.remove(device)
        case 2, 3: event = .touchDown(slot: slot, x: x, y: y)
        case 4, 5: event = .touchMotion(slot: slot, x: x, y: y)
        case 6: event = .touchUp(slot: slot)
        case 7: event = .touchCancel(slot: slot)
        case 8, 9: event = .touchFrame
        case 10: event = .pointerMotion(dx: x, dy: y)
        case 11: event = .pointerAbsolute(x: x, y: y)
        case 12:
            let code = slot & 1 == 0 ? RawInputEvent.leftButton : UInt32(truncatingIfNeeded: slot)
            event = .pointerButton(code: code, pressed: x.sign == .plus)
        case 13: event = .tabletAxis(x: x, y: y)
        case 14: event = .tabletTip(x: x, y: y, down: slot & 1 == 1)
        case 15:
            // The orientation changes: the kiosk cancels every touch and builds a new
            // tracker for the new layout (Kiosk.rebuild).
            tracker.cancelAll(time: time - origin) { check.check($0) }
            orientation = Orientation.allCases[Int(UInt16(bitPattern: Int16(slot))) % 4]
            (tracker, check) = makeTracker()
            continue
        default: event = .other
        }
        translator.translate(RawInputEvent(device: device, time: time, event)) { action in
            checkAction(action, panel: panel, fingers: fingers)
            tracker.take(action) { check.check($0) }
        }
    }

    // Every device goes away: what each held down is cancelled, nothing stays pressed.
    for device in devices.sorted() {
        translator.translate(RawInputEvent(device: device, time: time, .removed)) { action in
            checkAction(action, panel: panel, fingers: fingers)
            tracker.take(action) { check.check($0) }
        }
    }
    guard !translator.anyDown else { fuzzFailure("the translator holds a press after every device went away") }
    guard tracker.activeTouchCount == 0, check.open.isEmpty else {
        fuzzFailure("\(tracker.activeTouchCount) touches left down after every device went away")
    }
    return 0
}

/// What the translator promises of each action: positions on the panel, fingers within
/// the count it was given.
func checkAction(_ action: InputAction, panel: PanelSize, fingers: Int) {
    func onPanel(_ p: PanelPoint) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x <= Double(panel.width - 1) && p.y <= Double(panel.height - 1)
    }
    switch action {
    case .touch(let e):
        if let slot = e.slot, !(0..<fingers).contains(slot) { fuzzFailure("finger \(slot) of \(fingers): \(e)") }
        switch e.kind {
        case .down(_, let p), .move(_, let p):
            if !onPanel(p) { fuzzFailure("off the \(panel) panel: \(e)") }
        default: break
        }
    case .pointer(let e):
        switch e.kind {
        case .absolute(let p): if !onPanel(p) { fuzzFailure("pointer off the \(panel) panel: \(p)") }
        case .motion(let dx, let dy): if !dx.isFinite || !dy.isFinite { fuzzFailure("motion not finite: \(dx), \(dy)") }
        case .button: break
        }
    case .pointerCancelled, .deviceAdded, .deviceRemoved: break
    }
}

runFuzzer(touchStreamFuzz)
