import FixedPoint
import Testing
@testable import Input

@Suite struct TouchTrackerTests {
    /// A tracker on an 800x480 panel with the identity map, and what it emits.
    final class Rig {
        let tracker: TouchTracker
        var out: [TouchUpdate] = []

        init(slotCount: Int = 10, map: @escaping (PanelPoint) -> Point2D = unrotated) {
            tracker = TouchTracker(panelSize: PanelSize(width: 800, height: 480), slotCount: slotCount, toLogical: map)
        }

        func send(_ events: TouchEvent...) {
            for e in events { tracker.handle(e) { out.append($0) } }
        }

        func point(_ events: PointerEvent...) {
            for e in events { tracker.handle(e) { out.append($0) } }
        }

        /// Emitted (phase, x, y, time) since the last call.
        func take() -> [String] {
            defer { out.removeAll() }
            return out.map { "\($0.phase) \($0.location.x),\($0.location.y) @\($0.time)" }
        }
    }

    @Test func downMoveUpBecomeOneSequenceInLogicalSpace() {
        // A stand-in for the rotation at 90 degrees on a 800x480 panel: the inverse of
        // The Architecture article's table, logical (x, y) = (H - 1 - panel y, panel x).
        let rig = Rig(map: { Point2D(x: 479 - $0.y, y: $0.x) })
        rig.send(.down(0, 400, 240, at: 0), .frame(at: 0))
        rig.send(.move(0, 390, 240, at: 0.05), .frame(at: 0.05))
        rig.send(.up(0, at: 0.1), .frame(at: 0.1))
        #expect(rig.out.map(\.source) == [.finger(slot: 0), .finger(slot: 0), .finger(slot: 0)])
        #expect(Set(rig.out.map(\.id)).count == 1)
        #expect(rig.take() == ["began 239.0,400.0 @0.0", "moved 239.0,390.0 @0.05", "ended 239.0,390.0 @0.1"])
    }

    @Test func changesWaitForTheFrame() {
        let rig = Rig()
        rig.send(.down(0, 10, 10, at: 1), .down(1, 20, 20, at: 1))
        #expect(rig.out.isEmpty)
        #expect(rig.tracker.activeTouchCount == 2)
        rig.send(.frame(at: 1))
        #expect(rig.take() == ["began 10.0,10.0 @1.0", "began 20.0,20.0 @1.0"])
    }

    @Test func movesOfOneTouchInOneFrameAreMerged() {
        let rig = Rig()
        rig.send(.down(0, 0, 0, at: 0), .frame(at: 0))
        rig.send(.move(0, 5, 0, at: 0.01), .move(1, 9, 9, at: 0.01), .move(0, 7, 0, at: 0.02), .frame(at: 0.02))
        _ = rig.take()
        rig.send(.down(0, 0, 0, at: 0.1), .move(0, 3, 0, at: 0.1), .move(0, 4, 0, at: 0.1), .frame(at: 0.1))
        // The second down cancels the first touch; a down followed by moves keeps both.
        #expect(rig.take() == ["cancelled 7.0,0.0 @0.1", "began 0.0,0.0 @0.1", "moved 4.0,0.0 @0.1"])
    }

    @Test func mergedMoveKeepsTheLastTime() {
        let rig = Rig()
        rig.send(.down(0, 0, 0, at: 0), .frame(at: 0), .move(0, 5, 0, at: 0.01), .move(0, 7, 0, at: 0.02), .frame(at: 0.02))
        #expect(rig.take() == ["began 0.0,0.0 @0.0", "moved 7.0,0.0 @0.02"])
    }

    /// Found by TouchStreamFuzz: a move merged into its touch's waiting move took the new
    /// time in the old place, ahead of another touch's later update, so the updates handed
    /// on ran back in time. The merged move goes last, as the newest change.
    @Test func aMergedMoveGoesAfterTheOtherTouchesUpdatesSoTimeNeverRunsBack() {
        let rig = Rig()
        rig.send(.down(0, 0, 0, at: 0), .down(1, 50, 50, at: 0), .frame(at: 0))
        _ = rig.take()
        rig.send(.move(0, 5, 0, at: 0.01), .move(1, 55, 50, at: 0.02), .move(0, 7, 0, at: 0.03), .frame(at: 0.03))
        #expect(rig.take() == ["moved 55.0,50.0 @0.02", "moved 7.0,0.0 @0.03"])
    }

    @Test func eventsOnASlotThatIsNotDownAreIgnored() {
        let rig = Rig()
        rig.send(.move(3, 1, 1, at: 0), .up(3, at: 0), .cancel(3, at: 0), .frame(at: 0))
        #expect(rig.out.isEmpty)
        rig.send(.down(3, 1, 1, at: 1), .up(3, at: 1), .up(3, at: 1), .move(3, 2, 2, at: 1), .frame(at: 1))
        #expect(rig.take() == ["began 1.0,1.0 @1.0", "ended 1.0,1.0 @1.0"])
    }

    @Test func aSecondDownOnAnActiveSlotCancelsTheOldTouch() {
        let rig = Rig()
        rig.send(.down(2, 1, 1, at: 0), .frame(at: 0), .down(2, 50, 50, at: 0.2), .frame(at: 0.2))
        #expect(rig.out.map(\.phase) == [.began, .cancelled, .began])
        #expect(rig.out[0].id == rig.out[1].id)
        #expect(rig.out[1].id != rig.out[2].id)
        #expect(rig.out[1].location == Point2D(x: 1, y: 1))
    }

    @Test func slotReuseGetsANewID() {
        let rig = Rig()
        rig.send(.down(0, 1, 1, at: 0), .up(0, at: 0.1), .frame(at: 0.1), .down(0, 1, 1, at: 0.2), .frame(at: 0.2))
        #expect(rig.out.count == 3)
        #expect(rig.out[0].id != rig.out[2].id)
    }

    @Test func outOfRangeSlotsAndNonFinitePositionsAreIgnored() {
        let rig = Rig(slotCount: 2)
        rig.send(.down(-1, 1, 1, at: 0), .down(2, 1, 1, at: 0), .down(Int.max, 1, 1, at: 0))
        rig.send(.down(0, .nan, 1, at: 0), .down(1, 1, .infinity, at: 0), .frame(at: 0))
        #expect(rig.out.isEmpty)
        rig.send(.down(0, 5, 5, at: 0), .frame(at: 0), .move(0, .nan, 9, at: 0.1), .frame(at: 0.1))
        #expect(rig.take() == ["began 5.0,5.0 @0.0"])
    }

    @Test func timeNeverRunsBackwards() {
        let rig = Rig()
        rig.send(.down(0, 0, 0, at: 5), .frame(at: 5), .move(0, 1, 0, at: 4), .frame(at: 4))
        rig.send(.move(0, 2, 0, at: .nan), .frame(at: .nan), .up(0, at: 6), .frame(at: 6))
        #expect(rig.out.map(\.time) == [5, 5, 5, 6])
    }

    @Test func cancelAllFlushesThenCancelsEveryTouch() {
        let rig = Rig()
        rig.point(PointerEvent(time: 0.5, .button(pressed: true)))
        rig.send(.down(0, 1, 1, at: 1), .frame(at: 1), .down(4, 2, 2, at: 1.5))
        rig.tracker.cancelAll(time: 2) { rig.out.append($0) }
        #expect(rig.out.map(\.phase) == [.began, .began, .began, .cancelled, .cancelled, .cancelled])
        #expect(rig.out.suffix(3).map(\.source) == [.finger(slot: 0), .finger(slot: 4), .pointer])
        #expect(rig.tracker.activeTouchCount == 0)
        // Fingers still down are ignored until they lift; the held button until released.
        rig.out.removeAll()
        rig.send(.move(0, 3, 3, at: 2.1), .up(0, at: 2.2), .frame(at: 2.2))
        rig.point(PointerEvent(time: 2.3, .motion(dx: 5, dy: 0)), PointerEvent(time: 2.4, .button(pressed: false)))
        #expect(rig.out.isEmpty)
    }

    @Test func aDeviceThatNeverSendsFramesIsFlushedWhenTheBufferIsFull() {
        let rig = Rig()
        rig.send(.down(0, 0, 0, at: 0))
        for i in 1...1000 {
            // Alternate slots, so that no two moves in a row merge.
            rig.send(.move(0, Double(i), 0, at: Double(i)))
            rig.send(.down(1, 0, 0, at: Double(i)))
        }
        #expect(!rig.out.isEmpty)
        #expect(rig.tracker.pending.count < TouchTracker.maximumPendingUpdates)
    }
}
