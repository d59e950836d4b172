import FixedPoint
import Input
import Testing

@testable import LibInput

/// The translation at the edge, with events built here (no device): every slot, points
/// held inside the panel, selection, pointers, and cancels when a device goes away.
@Suite struct InputTranslatorTests {
    static let touchscreen = InputDeviceInfo(
        name: "Vitrine virtual touchscreen", sysname: "event4", capabilities: .touch, touchSlots: 10)
    static let tablet = InputDeviceInfo(name: "QEMU QEMU USB Tablet", sysname: "event5", capabilities: .pointer)
    static let keyboard = InputDeviceInfo(name: "AT keyboard", sysname: "event0", capabilities: .keyboard)

    func translator(_ selection: DeviceSelection = .every, width: Int = 800, height: Int = 480) -> InputTranslator {
        var t = InputTranslator(panelSize: PanelSize(width: width, height: height), selection: selection)
        for d in [Self.touchscreen, Self.tablet, Self.keyboard] { t.translate(RawInputEvent(device: d.sysname, time: 0, .added(d))) { _ in } }
        return t
    }

    func run(_ t: inout InputTranslator, _ events: [RawInputEvent]) -> [InputAction] {
        var out: [InputAction] = []
        for e in events { t.translate(e) { out.append($0) } }
        return out
    }

    @Test func everySlotZeroToNineIsDelivered() {
        var t = translator()
        var events: [RawInputEvent] = []
        for s in 0..<10 { events.append(RawInputEvent(device: "event4", time: 1, .touchDown(slot: s, x: Double(10 * s), y: 20))) }
        events.append(RawInputEvent(device: "event4", time: 1, .touchFrame))
        for s in 0..<10 { events.append(RawInputEvent(device: "event4", time: 1.01, .touchMotion(slot: s, x: Double(10 * s + 5), y: 30))) }
        for s in 0..<10 { events.append(RawInputEvent(device: "event4", time: 1.02, .touchUp(slot: s))) }
        events.append(RawInputEvent(device: "event4", time: 1.02, .touchFrame))
        let out = run(&t, events)
        #expect(out.count == 32)
        #expect(out[9] == .touch(.down(9, 90, 20, at: 1)))
        #expect(out[11] == .touch(.move(0, 5, 30, at: 1.01)))
        #expect(out[30] == .touch(.up(9, at: 1.02)))
        #expect(!t.anyDown)
    }

    @Test func pointsAreHeldInsideThePanel() {
        var t = translator(width: 480, height: 800)
        let out = run(&t, [
            RawInputEvent(device: "event4", time: 0, .touchDown(slot: 0, x: -30, y: 900)),
            RawInputEvent(device: "event4", time: 0, .touchMotion(slot: 0, x: 99_999_999, y: -1)),
            RawInputEvent(device: "event4", time: 0, .touchMotion(slot: 0, x: .nan, y: 3)),
            RawInputEvent(device: "event5", time: 0, .pointerAbsolute(x: 500, y: 801)),
        ])
        #expect(out == [
            .touch(.down(0, 0, 799, at: 0)), .touch(.move(0, 479, 0, at: 0)),
            .pointer(PointerEvent(time: 0, .absolute(PanelPoint(x: 479, y: 799)))),
        ])
    }

    @Test func timesAreDeviceTimesFromTheOrigin() {
        var t = translator()
        t.timeOrigin = 100
        let out = run(&t, [RawInputEvent(device: "event4", time: 102.5, .touchDown(slot: 1, x: 1, y: 2))])
        #expect(out == [.touch(.down(1, 1, 2, at: 2.5))])
    }

    @Test func slotMinusOneIsSlotZeroAndStrayEventsAreDropped() {
        var t = translator()
        let out = run(&t, [
            RawInputEvent(device: "event4", time: 0, .touchMotion(slot: 3, x: 1, y: 1)),  // not down
            RawInputEvent(device: "event4", time: 0, .touchUp(slot: 3)),
            RawInputEvent(device: "event4", time: 0, .touchCancel(slot: 3)),
            RawInputEvent(device: "event4", time: 0, .touchDown(slot: -1, x: 5, y: 6)),
            RawInputEvent(device: "event4", time: 0, .touchUp(slot: -1)),
        ])
        #expect(out == [.touch(.down(0, 5, 6, at: 0)), .touch(.up(0, at: 0))])
    }

    @Test func aDeviceRemovedMidTouchEndsEachTouchWithACancel() {
        var t = translator()
        let out = run(&t, [
            RawInputEvent(device: "event4", time: 1, .touchDown(slot: 0, x: 5, y: 6)),
            RawInputEvent(device: "event4", time: 1, .touchDown(slot: 3, x: 7, y: 8)),
            RawInputEvent(device: "event4", time: 1, .touchFrame),
            RawInputEvent(device: "event5", time: 1, .pointerButton(code: RawInputEvent.leftButton, pressed: true)),
            RawInputEvent(device: "event4", time: 2, .removed),
            RawInputEvent(device: "event5", time: 3, .removed),
            // Late events of a removed device are dropped.
            RawInputEvent(device: "event4", time: 3, .touchUp(slot: 0)),
        ])
        #expect(out.suffix(6) == [
            .touch(.cancel(0, at: 2)), .touch(.cancel(3, at: 2)), .touch(.frame(at: 2)),
            .deviceRemoved(Self.touchscreen, selected: true),
            .pointerCancelled(time: 3), .deviceRemoved(Self.tablet, selected: true),
        ])
        #expect(!t.anyDown)
        #expect(t.selectedDevices.isEmpty)
    }

    /// Found by TouchStreamFuzz: a lift whose frame never came (the device went away
    /// between the two) stayed held back in the tracker, so the show saw a touch begin and
    /// never end. The removal frames what the device left unframed.
    @Test func aDeviceRemovedBeforeTheFrameOfItsLiftStillEndsTheTouch() {
        var t = translator()
        let tracker = TouchTracker(panelSize: PanelSize(width: 800, height: 480)) { Point2D(x: $0.x, y: $0.y) }
        var phases: [TouchPhase] = []
        let out = run(&t, [
            RawInputEvent(device: "event4", time: 1, .touchDown(slot: 0, x: 5, y: 6)),
            RawInputEvent(device: "event4", time: 1, .touchFrame),
            RawInputEvent(device: "event4", time: 2, .touchUp(slot: 0)),
            RawInputEvent(device: "event4", time: 3, .removed),
        ])
        for action in out { tracker.take(action) { phases.append($0.phase) } }
        #expect(out.suffix(3) == [
            .touch(.up(0, at: 2)), .touch(.frame(at: 3)), .deviceRemoved(Self.touchscreen, selected: true),
        ])
        #expect(phases == [.began, .ended])
        // A device whose last change was framed adds no frame of its own.
        var u = translator()
        let framed = run(&u, [
            RawInputEvent(device: "event4", time: 1, .touchDown(slot: 0, x: 5, y: 6)),
            RawInputEvent(device: "event4", time: 2, .touchUp(slot: 0)),
            RawInputEvent(device: "event4", time: 2, .touchFrame),
            RawInputEvent(device: "event4", time: 3, .removed),
        ])
        #expect(framed.suffix(2) == [.touch(.frame(at: 2)), .deviceRemoved(Self.touchscreen, selected: true)])
    }

    @Test func theLeftButtonIsTheFingerOnlyFromTheDeviceThatPressed() {
        var t = translator()
        let touchscreenAsPointer = InputDeviceInfo(name: "mouse", sysname: "event7", capabilities: .pointer)
        t.translate(RawInputEvent(device: "event7", time: 0, .added(touchscreenAsPointer))) { _ in }
        let out = run(&t, [
            RawInputEvent(device: "event5", time: 0, .pointerButton(code: 0x111, pressed: true)),  // right: ignored
            RawInputEvent(device: "event5", time: 0, .pointerButton(code: RawInputEvent.leftButton, pressed: true)),
            RawInputEvent(device: "event7", time: 0, .pointerButton(code: RawInputEvent.leftButton, pressed: true)),
            RawInputEvent(device: "event7", time: 0, .pointerButton(code: RawInputEvent.leftButton, pressed: false)),
            RawInputEvent(device: "event7", time: 0, .pointerMotion(dx: 3, dy: -2)),
            RawInputEvent(device: "event5", time: 1, .pointerButton(code: RawInputEvent.leftButton, pressed: false)),
        ])
        #expect(out == [
            .pointer(PointerEvent(time: 0, .button(pressed: true))),
            .pointer(PointerEvent(time: 0, .motion(dx: 3, dy: -2))),
            .pointer(PointerEvent(time: 1, .button(pressed: false))),
        ])
    }

    @Test func aTabletTipIsAPress() {
        var t = translator()
        let pen = InputDeviceInfo(name: "pen", sysname: "event9", capabilities: .tabletTool)
        t.translate(RawInputEvent(device: "event9", time: 0, .added(pen))) { _ in }
        let out = run(&t, [
            RawInputEvent(device: "event9", time: 0, .tabletTip(x: 10, y: 20, down: true)),
            RawInputEvent(device: "event9", time: 0, .tabletAxis(x: 11, y: 21)),
            RawInputEvent(device: "event9", time: 0, .tabletTip(x: 11, y: 21, down: false)),
        ])
        #expect(out == [
            .pointer(PointerEvent(time: 0, .absolute(PanelPoint(x: 10, y: 20)))),
            .pointer(PointerEvent(time: 0, .button(pressed: true))),
            .pointer(PointerEvent(time: 0, .absolute(PanelPoint(x: 11, y: 21)))),
            .pointer(PointerEvent(time: 0, .absolute(PanelPoint(x: 11, y: 21)))),
            .pointer(PointerEvent(time: 0, .button(pressed: false))),
        ])
    }

    @Test func onlySelectedDevicesDriveTheShow() {
        var t = translator(.name("Vitrine virtual touchscreen"))
        #expect(t.selectedDevices == [Self.touchscreen])
        let out = run(&t, [
            RawInputEvent(device: "event5", time: 0, .pointerButton(code: RawInputEvent.leftButton, pressed: true)),
            RawInputEvent(device: "event0", time: 0, .other),
            RawInputEvent(device: "event4", time: 0, .touchDown(slot: 0, x: 1, y: 1)),
            RawInputEvent(device: "event99", time: 0, .touchDown(slot: 1, x: 1, y: 1)),  // never added
        ])
        #expect(out == [.touch(.down(0, 1, 1, at: 0))])
    }

    /// A flood: 10 000 events in a second from one device, fingers going down on slots
    /// already down and moving everywhere: every down ends, every point is on the panel.
    @Test func aFloodOfRandomEventsKeepsTheGuarantees() {
        var t = translator(width: 320, height: 240)
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            seed ^= seed << 13
            seed ^= seed >> 7
            seed ^= seed << 17
            return seed
        }
        var out: [InputAction] = []
        for i in 0..<10_000 {
            let slot = Int(next() % 14) - 2
            let x = Double(Int(next() % 2000)) - 500
            let y = Double(Int(next() % 2000)) - 500
            let kind: RawInputEvent.Kind
            switch next() % 6 {
            case 0: kind = .touchDown(slot: slot, x: x, y: y)
            case 1, 2: kind = .touchMotion(slot: slot, x: x, y: y)
            case 3: kind = .touchUp(slot: slot)
            case 4: kind = .touchFrame
            default: kind = .touchCancel(slot: slot)
            }
            t.translate(RawInputEvent(device: "event4", time: Double(i) / 10_000, kind)) { out.append($0) }
        }
        t.translate(RawInputEvent(device: "event4", time: 1, .removed)) { out.append($0) }
        var down = Set<Int>()
        for a in out {
            guard case .touch(let e) = a else { continue }
            switch e.kind {
            case .down(let s, let p), .move(let s, let p):
                #expect((0...319).contains(p.x) && (0...239).contains(p.y))
                if case .down = e.kind { down.insert(s) } else { #expect(down.contains(s)) }
            case .up(let s), .cancel(let s):
                down.remove(s)
            case .frame:
                break
            }
        }
        #expect(down.isEmpty)
    }

    @Test func twoTouchscreensNeverShareAFinger() {
        var t = translator()
        let second = InputDeviceInfo(name: "second touchscreen", sysname: "event8", capabilities: .touch, touchSlots: 10)
        t.translate(RawInputEvent(device: "event8", time: 0, .added(second))) { _ in }
        let out = run(&t, [
            RawInputEvent(device: "event4", time: 1, .touchDown(slot: 0, x: 5, y: 6)),
            RawInputEvent(device: "event8", time: 1, .touchDown(slot: 0, x: 7, y: 8)),
            RawInputEvent(device: "event8", time: 2, .touchMotion(slot: 0, x: 9, y: 8)),
            RawInputEvent(device: "event4", time: 3, .touchUp(slot: 0)),
            RawInputEvent(device: "event8", time: 4, .removed),
        ])
        #expect(out == [
            .touch(.down(0, 5, 6, at: 1)), .touch(.down(1, 7, 8, at: 1)), .touch(.move(1, 9, 8, at: 2)),
            .touch(.up(0, at: 3)), .touch(.cancel(1, at: 4)), .touch(.frame(at: 4)),
            .deviceRemoved(second, selected: true),
        ])
        #expect(!t.anyDown)
    }

    /// A 16-slot digitizer on a kiosk following ten fingers: its slots 10...15 drive the
    /// fingers that are free; with all ten taken, more touches are ignored whole.
    @Test func aDeviceWithMoreSlotsThanFingersDrivesTheFreeOnes() {
        var t = translator()
        let wide = InputDeviceInfo(name: "wide", sysname: "event9", capabilities: .touch, touchSlots: 16)
        t.translate(RawInputEvent(device: "event9", time: 0, .added(wide))) { _ in }
        // Slot 13 alone: finger 0 (13 is past the fingers).
        var out = run(&t, [
            RawInputEvent(device: "event9", time: 1, .touchDown(slot: 13, x: 1, y: 1)),
            RawInputEvent(device: "event9", time: 1, .touchUp(slot: 13)),
        ])
        #expect(out == [.touch(.down(0, 1, 1, at: 1)), .touch(.up(0, at: 1))])
        // Twelve at once (slots 4...15): ten fingers, two ignored whole.
        var events: [RawInputEvent] = []
        for s in 4..<16 { events.append(RawInputEvent(device: "event9", time: 2, .touchDown(slot: s, x: Double(s), y: 2))) }
        for s in 4..<16 { events.append(RawInputEvent(device: "event9", time: 3, .touchMotion(slot: s, x: Double(s), y: 3))) }
        out = run(&t, events)
        let downs = out.compactMap { a -> Int? in
            if case .touch(let e) = a, case .down(let f, _) = e.kind { return f }
            return nil
        }
        #expect(downs == [4, 5, 6, 7, 8, 9, 0, 1, 2, 3])
        #expect(t.ignoredTouches == 2)
        #expect(t.fingersDown(of: "event9")[14] == nil && t.fingersDown(of: "event9")[13] == 3)
        #expect(out.count == 20)  // ten downs, ten moves: nothing for slots 14 and 15
        // A freed finger takes the next touch; the ignored ones' lifts change nothing.
        out = run(&t, [
            RawInputEvent(device: "event9", time: 4, .touchUp(slot: 14)),
            RawInputEvent(device: "event9", time: 4, .touchUp(slot: 6)),
            RawInputEvent(device: "event9", time: 4, .touchDown(slot: 14, x: 14, y: 4)),
        ])
        #expect(out == [.touch(.up(6, at: 4)), .touch(.down(6, 14, 4, at: 4))])
        out = run(&t, [RawInputEvent(device: "event9", time: 5, .removed)])
        #expect(out.filter { if case .touch(let e) = $0, case .cancel = e.kind { return true } else { return false } }.count == 10)
        #expect(!t.anyDown)
    }
}
