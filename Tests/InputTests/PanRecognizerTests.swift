import FixedPoint
import Testing
@testable import Input

@Suite struct PanRecognizerTests {
    @Test func aSteady300PointPerSecondDragHasVelocity300() {
        let r = PanRecognizer()
        var velocities: [Point2D] = []
        r.action = { if $0.state == .changed { velocities.append($0.velocity) } }
        let f = Finger()
        let last = drag(f, from: Point2D(x: 100, y: 200), velocity: Point2D(x: 300, y: 0), duration: 0.5) {
            r.handle($0)
        }
        #expect(r.state == .changed)
        #expect(abs(r.velocity.x - 300) <= 1)
        #expect(abs(r.velocity.y) <= 1e-9)
        // Once a few samples are in, every estimate is 300.
        #expect(velocities.dropFirst(2).allSatisfy { abs($0.x - 300) <= 1 })
        r.handle(f.up(at: last))
        #expect(r.state == .ended)
        #expect(abs(r.velocity.x - 300) <= 1)
        #expect(abs(r.translation.x - 150) < 1e-9)
    }

    @Test func aDiagonalUpwardsFlingAtAnUneven120Hz() {
        let r = PanRecognizer()
        let f = Finger()
        r.handle(f.down(400, 400, at: 0))
        // Samples every 8 ms or so, with the timing jittered by up to 2 ms.
        var t = 0.0
        for k in 1...30 {
            t = Double(k) * 0.008 + (k % 3 == 0 ? 0.002 : k % 3 == 1 ? -0.001 : 0)
            r.handle(f.move(400 + 600 * t, 400 - 800 * t, at: t))
        }
        r.handle(f.up(at: t + 0.004))
        #expect(r.state == .ended)
        #expect(abs(r.velocity.x - 600) <= 1)
        #expect(abs(r.velocity.y + 800) <= 1)
    }

    @Test func jitteryPositionsStillGiveTheDragSpeed() {
        // ±2 pt of digitizer noise on a 300 pt/s drag at 60 Hz: the last two samples
        // alone would say anything from 60 to 540 pt/s; the fit stays close.
        let r = PanRecognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        let noise: [Double] = [2, -2, 1, -1, 2, 0, -2, 1]
        for k in 1...30 {
            let t = Double(k) / 60
            r.handle(f.move(300 * t + noise[k % noise.count], 0, at: t))
        }
        #expect(abs(r.velocity.x - 300) < 40)
    }

    @Test func itBeginsOnlyPastTheTenPointSlop() {
        let r = PanRecognizer()
        var began: Point2D?
        r.action = { if $0.state == .began { began = $0.translation } }
        let f = Finger()
        r.handle(f.down(50, 50, at: 0))
        r.handle(f.move(60, 50, at: 0.05))
        #expect(r.state == .possible)
        r.handle(f.move(50, 60, at: 0.1))
        #expect(r.state == .possible)
        r.handle(f.move(50, 60.5, at: 0.15))
        #expect(r.state == .began)
        // Translation counts from where the finger went down.
        #expect(began == Point2D(x: 0, y: 10.5))
        #expect(r.startLocation == Point2D(x: 50, y: 50))
    }

    @Test func liftingBeforeTheSlopFailsIt() {
        let r = PanRecognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.move(9, 0, at: 0.1))
        r.handle(f.up(at: 0.2))
        #expect(r.state == .failed)
    }

    @Test func aDragThatRestsBeforeLiftingDoesNotFling() {
        let r = PanRecognizer()
        let f = Finger()
        let last = drag(f, from: .zero, velocity: Point2D(x: 0, y: 500), duration: 0.3) { r.handle($0) }
        r.handle(f.up(at: last + 0.06))
        #expect(r.state == .ended)
        #expect(r.velocity == .zero)
        // Lifting within 50 ms keeps the velocity.
        let r2 = PanRecognizer()
        let g = Finger(2)
        let last2 = drag(g, from: .zero, velocity: Point2D(x: 0, y: 500), duration: 0.3) { r2.handle($0) }
        r2.handle(g.up(at: last2 + 0.04))
        #expect(abs(r2.velocity.y - 500) <= 1)
    }

    @Test func aChangeOfSpeedShowsWithinATenthOfASecond() {
        let r = PanRecognizer()
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        var x = 0.0
        for k in 1...60 {
            x += (k <= 30 ? 100.0 : 900.0) / 60
            r.handle(f.move(x, 0, at: Double(k) / 60))
        }
        #expect(abs(r.velocity.x - 900) <= 1)
    }

    @Test func aCancelCancelsWithNoVelocity() {
        let r = PanRecognizer()
        var states: [GestureState] = []
        r.action = { states.append($0.state) }
        let f = Finger()
        let last = drag(f, from: .zero, velocity: Point2D(x: 300, y: 0), duration: 0.1) { r.handle($0) }
        r.handle(f.cancel(at: last))
        #expect(states.first == .began)
        #expect(states.last == .cancelled)
        #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(r.velocity == .zero)
    }

    @Test func aSecondFingerDoesNotMoveThePan() {
        let r = PanRecognizer()
        let a = Finger(1), b = Finger(2, source: .finger(slot: 1))
        r.handle(a.down(0, 0, at: 0))
        r.handle(b.down(500, 0, at: 0.01))
        r.handle(b.move(100, 0, at: 0.02))
        r.handle(a.move(20, 0, at: 0.03))
        r.handle(b.move(0, 300, at: 0.04))
        #expect(r.state == .began)
        #expect(r.translation == Point2D(x: 20, y: 0))
        r.handle(b.up(at: 0.05))
        #expect(r.state == .began)
    }
}

@Suite struct VelocityEstimatorTests {
    @Test func fewerThanTwoSamplesIsZero() {
        var v = VelocityEstimator()
        #expect(v.velocity(at: 0) == .zero)
        v.add(Point2D(x: 5, y: 5), time: 1)
        #expect(v.velocity(at: 1) == .zero)
        v.add(Point2D(x: 10, y: 5), time: 1)  // same time: no slope
        #expect(v.velocity(at: 1) == .zero)
        v.add(Point2D(x: .nan, y: 5), time: 1.01)  // ignored
        v.add(Point2D(x: 15, y: 5), time: 1.01)
        #expect(v.velocity(at: 1.01).x > 0)
    }

    @Test func onlyTheLastTenthOfASecondCounts() {
        var v = VelocityEstimator()
        v.add(Point2D(x: 0, y: 0), time: 0)
        v.add(Point2D(x: 1000, y: 0), time: 0.01)  // a glitch, long ago
        v.add(Point2D(x: 1000, y: 0), time: 0.5)
        v.add(Point2D(x: 1010, y: 0), time: 0.55)
        v.add(Point2D(x: 1020, y: 0), time: 0.6)
        #expect(abs(v.velocity(at: 0.6).x - 200) < 1e-6)
    }

    @Test func moreSamplesThanTheRingHoldsKeepsTheNewest() {
        var v = VelocityEstimator()
        for k in 0..<1000 {
            let t = Double(k) / 1000  // 1 kHz: the window holds more than the ring
            v.add(Point2D(x: 250 * t, y: -50 * t), time: t)
        }
        let r = v.velocity(at: 0.999)
        #expect(abs(r.x - 250) < 1e-6)
        #expect(abs(r.y + 50) < 1e-6)
        v.reset()
        #expect(v.velocity(at: 1) == .zero)
    }
}
