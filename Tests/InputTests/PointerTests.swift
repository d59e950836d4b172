import FixedPoint
import Testing
@testable import Input

@Suite struct PointerTests {
    func tracker() -> TouchTracker {
        TouchTracker(panelSize: PanelSize(width: 800, height: 480), toLogical: unrotated)
    }

    @Test func theCursorStartsAtTheCentreAndStaysOnThePanel() {
        let t = tracker()
        #expect(t.cursor == PanelPoint(x: 400, y: 240))
        var out: [TouchUpdate] = []
        t.handle(PointerEvent(time: 0, .motion(dx: -1000, dy: 5000))) { out.append($0) }
        #expect(t.cursor == PanelPoint(x: 0, y: 479))
        t.handle(PointerEvent(time: 0, .motion(dx: 2000.5, dy: -10.25))) { out.append($0) }
        #expect(t.cursor == PanelPoint(x: 799, y: 468.75))
        t.handle(PointerEvent(time: 0, .absolute(PanelPoint(x: 900, y: -3)))) { out.append($0) }
        #expect(t.cursor == PanelPoint(x: 799, y: 0))
        t.handle(PointerEvent(time: 0, .motion(dx: .nan, dy: 1))) { out.append($0) }
        t.handle(PointerEvent(time: 0, .absolute(PanelPoint(x: .infinity, y: 1)))) { out.append($0) }
        #expect(t.cursor == PanelPoint(x: 799, y: 0))
        #expect(out.isEmpty, "hovering makes no touch")
    }

    @Test func theHeldButtonIsOneFinger() {
        let t = tracker()
        var out: [TouchUpdate] = []
        let events: [PointerEvent] = [
            PointerEvent(time: 1, .absolute(PanelPoint(x: 100, y: 100))),
            PointerEvent(time: 1.1, .button(pressed: true)),
            PointerEvent(time: 1.1, .button(pressed: true)),  // ignored
            PointerEvent(time: 1.2, .motion(dx: 10, dy: -5)),
            PointerEvent(time: 1.3, .button(pressed: false)),
            PointerEvent(time: 1.4, .button(pressed: false)),  // ignored
            PointerEvent(time: 1.5, .motion(dx: 10, dy: 0)),  // hover
        ]
        for e in events { t.handle(e) { out.append($0) } }
        #expect(out.map(\.phase) == [.began, .moved, .ended])
        #expect(out.allSatisfy { $0.source == .pointer && $0.id == out[0].id })
        #expect(out.map(\.location) == [Point2D(x: 100, y: 100), Point2D(x: 110, y: 95), Point2D(x: 110, y: 95)])
        #expect(out.map(\.time) == [1.1, 1.2, 1.3])
    }

    /// The pointer's device went away with the button held: the touch is cancelled, not
    /// ended (no tap), and the next press begins a new touch.
    @Test func aPointerGoneMidPressCancels() {
        let t = tracker()
        var out: [TouchUpdate] = []
        t.handle(PointerEvent(time: 1, .button(pressed: true))) { out.append($0) }
        t.cancelPointer(time: 1.2) { out.append($0) }
        t.cancelPointer(time: 1.3) { out.append($0) }  // nothing held: nothing
        t.handle(PointerEvent(time: 1.4, .button(pressed: true))) { out.append($0) }
        #expect(out.map(\.phase) == [.began, .cancelled, .began])
        #expect(out[0].id == out[1].id && out[2].id != out[0].id)
        #expect(t.isPointerPressed)
    }

    @Test func pointerAsTouchOffMakesNoTouches() {
        let t = tracker()
        t.pointerAsTouch = false
        var out: [TouchUpdate] = []
        t.handle(PointerEvent(time: 0, .button(pressed: true))) { out.append($0) }
        t.handle(PointerEvent(time: 0.1, .motion(dx: 50, dy: 0))) { out.append($0) }
        t.handle(PointerEvent(time: 0.2, .button(pressed: false))) { out.append($0) }
        #expect(out.isEmpty)
        #expect(t.cursor == PanelPoint(x: 450, y: 240))
    }

    @Test func thePointerDrivesTheSameRecognizersAsAFinger() {
        let t = tracker()
        let tap = TapRecognizer()
        let pan = PanRecognizer()
        var taps = 0
        tap.action = { _ in taps += 1 }
        func send(_ e: PointerEvent) { t.handle(e) { tap.handle($0); pan.handle($0) } }
        send(PointerEvent(time: 0, .absolute(PanelPoint(x: 10, y: 10))))
        send(PointerEvent(time: 0.1, .button(pressed: true)))
        send(PointerEvent(time: 0.2, .button(pressed: false)))
        #expect(taps == 1)
        #expect(tap.location == Point2D(x: 10, y: 10))
        // A drag at 300 pt/s with the mouse.
        send(PointerEvent(time: 1, .button(pressed: true)))
        for k in 1...12 { send(PointerEvent(time: 1 + Double(k) / 60, .motion(dx: 5, dy: 0))) }
        send(PointerEvent(time: 1 + 12.0 / 60, .button(pressed: false)))
        #expect(pan.state == .ended)
        #expect(pan.translation == Point2D(x: 60, y: 0))
        #expect(abs(pan.velocity.x - 300) < 1)
        #expect(taps == 1)
    }
}
