import FixedPoint
import Testing
@testable import Input

@Suite struct TapRecognizerTests {
    /// Feeds a touch down at (100, 100) at t = 0, a move by `dx` at `t / 2`, and the up at `t`.
    func tap(movingBy dx: Double, dy: Double = 0, lasting t: Double = 0.1) -> (TapRecognizer, Int) {
        let r = TapRecognizer()
        var count = 0
        r.action = { _ in count += 1 }
        let f = Finger()
        r.handle(f.down(100, 100, at: 0))
        r.handle(f.move(100 + dx, 100 + dy, at: t / 2))
        r.handle(f.up(at: t))
        return (r, count)
    }

    @Test func aQuickStillTouchIsATap() {
        let (r, count) = tap(movingBy: 0)
        #expect(r.state == .recognized)
        #expect(count == 1)
        #expect(r.location == Point2D(x: 100, y: 100))
    }

    @Test func tenPointsOfMovementIsStillATapElevenIsNot() {
        #expect(tap(movingBy: 10).0.state == .ended)
        #expect(tap(movingBy: 6, dy: -8).0.state == .ended)  // 10 pt on a diagonal
        let (r, count) = tap(movingBy: 11)
        #expect(r.state == .failed)
        #expect(count == 0)
    }

    @Test func movingAwayAndBackIsNotATap() {
        let r = TapRecognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.move(11, 0, at: 0.05))
        #expect(r.state == .failed)
        r.handle(f.move(0, 0, at: 0.1))
        r.handle(f.up(at: 0.15))
        #expect(r.state == .failed)
    }

    @Test func upTo350MillisecondsIsATap() {
        #expect(tap(movingBy: 0, lasting: 0.35).0.state == .ended)
        #expect(tap(movingBy: 0, lasting: 0.36).0.state == .failed)
    }

    @Test func aTickPastTheLongestTapFailsIt() {
        let r = TapRecognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 1))
        r.tick(time: 1.35)
        #expect(r.state == .possible)
        r.tick(time: 1.36)
        #expect(r.state == .failed)
        #expect(r.nextDeadline == nil)
    }

    @Test func aCancelledTouchIsNotATap() {
        let r = TapRecognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.cancel(at: 0.1))
        #expect(r.state == .failed)
        #expect(r.trackedTouch == nil)
    }

    @Test func aSecondFingerIsIgnored() {
        let r = TapRecognizer()
        var count = 0
        r.action = { _ in count += 1 }
        let a = Finger(1), b = Finger(2, source: .finger(slot: 1))
        r.handle(a.down(10, 10, at: 0))
        r.handle(b.down(300, 300, at: 0.02))
        r.handle(b.move(400, 300, at: 0.05))
        r.handle(b.up(at: 0.08))
        #expect(r.state == .possible)
        #expect(r.trackedTouch == a.id)
        r.handle(a.up(at: 0.1))
        #expect(r.state == .ended)
        #expect(count == 1)
        #expect(r.location == Point2D(x: 10, y: 10))
    }

    @Test func itResetsForTheNextTouch() {
        let r = TapRecognizer()
        let a = Finger(1), b = Finger(2)
        r.handle(a.down(0, 0, at: 0))
        r.handle(a.move(50, 0, at: 0.1))
        r.handle(a.up(at: 0.2))
        #expect(r.state == .failed)
        r.handle(b.down(5, 5, at: 1))
        #expect(r.state == .possible)
        r.handle(b.up(at: 1.1))
        #expect(r.state == .ended)
    }

    @Test func aDisabledTapTakesNoTouchAndDisablingFailsTheCurrentOne() {
        let r = TapRecognizer()
        let a = Finger(1), b = Finger(2)
        r.handle(a.down(0, 0, at: 0))
        r.isEnabled = false
        #expect(r.state == .failed)
        #expect(r.trackedTouch == nil)
        r.handle(a.up(at: 0.1))
        r.handle(b.down(0, 0, at: 1))
        r.handle(b.up(at: 1.1))
        #expect(r.state == .failed)
    }
}
