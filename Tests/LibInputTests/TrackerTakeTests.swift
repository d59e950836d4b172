import FixedPoint
import Input
import Testing

@testable import LibInput

/// `TouchTracker.take`: the one path from the translator's actions into the tracker (the
/// kiosk's input loop and the TouchStreamFuzz target both use it).
@Suite struct TrackerTakeTests {
    func tracker() -> TouchTracker {
        TouchTracker(panelSize: PanelSize(width: 800, height: 480)) { Point2D(x: $0.x, y: $0.y) }
    }

    @Test func touchAndPointerActionsReachTheTracker() {
        let t = tracker()
        var phases: [TouchPhase] = []
        #expect(t.take(.touch(.down(0, 10, 20, at: 1))) { phases.append($0.phase) })
        #expect(t.take(.touch(.frame(at: 1))) { phases.append($0.phase) })
        #expect(t.take(.pointer(PointerEvent(time: 2, .button(pressed: true)))) { phases.append($0.phase) })
        #expect(t.activeTouchCount == 2)
        #expect(t.take(.pointerCancelled(time: 3)) { phases.append($0.phase) })
        #expect(phases == [.began, .began, .cancelled])
        #expect(t.activeTouchCount == 1)
    }

    @Test func deviceArrivalsAndDeparturesAreNotTouch() {
        let t = tracker()
        let info = InputDeviceInfo(name: "pad", sysname: "event1", capabilities: .touch, touchSlots: 10)
        var updates = 0
        #expect(!t.take(.deviceAdded(info, selected: true)) { _ in updates += 1 })
        #expect(!t.take(.deviceRemoved(info, selected: true)) { _ in updates += 1 })
        #expect(updates == 0)
    }
}
