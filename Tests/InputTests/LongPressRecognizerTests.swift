import FixedPoint
import Testing
@testable import Input

@Suite struct LongPressRecognizerTests {
    final class Log {
        var states: [GestureState] = []
    }

    func recognizer() -> (LongPressRecognizer, Log) {
        let log = Log()
        let r = LongPressRecognizer { log.states.append($0.state) }
        return (r, log)
    }

    @Test func firesFromTheTickAtDownPlusHalfASecond() {
        let (r, log) = recognizer()
        let f = Finger()
        r.handle(f.down(200, 100, at: 2))
        #expect(r.nextDeadline == 2.5)
        r.tick(time: 2.499)
        #expect(r.state == .possible)
        r.tick(time: 2.5)
        #expect(r.state == .began)
        #expect(r.nextDeadline == nil)
        #expect(log.states == [.began])
        r.handle(f.move(260, 100, at: 2.6))  // any movement once recognized
        r.handle(f.up(at: 2.7))
        #expect(log.states == [.began, .changed, .ended])
        #expect(r.location == Point2D(x: 260, y: 100))
        #expect(r.startLocation == Point2D(x: 200, y: 100))
    }

    @Test func movingMoreThanTenPointsFirstFailsIt() {
        let (r, log) = recognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.move(0, 10, at: 0.2))
        #expect(r.state == .possible)
        r.handle(f.move(0, 10.5, at: 0.3))
        #expect(r.state == .failed)
        r.tick(time: 0.6)
        #expect(r.state == .failed)
        #expect(log.states.isEmpty)
    }

    @Test func liftingEarlyFailsIt() {
        let (r, _) = recognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.up(at: 0.49))
        #expect(r.state == .failed)
    }

    @Test func anUpdateAfterAMissedTickStillRecognizesFirst() {
        let (r, log) = recognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.move(40, 0, at: 0.7))  // no tick came at 0.5
        #expect(log.states == [.began, .changed])
        let (r2, log2) = recognizer()
        r2.handle(f.down(0, 0, at: 1))
        r2.handle(f.up(at: 1.5))
        #expect(log2.states == [.began, .ended])
        #expect(r2.state == .ended)
        _ = r
    }

    @Test func aCancelAfterBeganCancels() {
        let (r, log) = recognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.tick(time: 0.5)
        r.handle(f.cancel(at: 0.6))
        #expect(log.states == [.began, .cancelled])
    }

    @Test func disablingAnActivePressCancelsIt() {
        let (r, log) = recognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.tick(time: 0.5)
        r.isEnabled = false
        #expect(log.states == [.began, .cancelled])
        r.handle(f.up(at: 1))
        #expect(log.states == [.began, .cancelled])
    }

    @Test func aCancelAfterAMissedTickFailsWithoutBeginning() {
        let (r, log) = recognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.cancel(at: 0.6))
        #expect(r.state == .failed)
        #expect(log.states.isEmpty)
    }
}
