import FixedPoint
import Testing
@testable import Input

@Suite struct SwipeRecognizerTests {
    /// A stroke from (400, 240) by (dx, dy) in `duration` seconds, moves at 60 Hz.
    func stroke(_ dx: Double, _ dy: Double, _ duration: Double = 0.2, directions: SwipeDirections = .all)
        -> SwipeRecognizer
    {
        let r = SwipeRecognizer(directions: directions)
        let f = Finger()
        let last = drag(
            f, from: Point2D(x: 400, y: 240), velocity: Point2D(x: dx / duration, y: dy / duration),
            duration: duration
        ) { r.handle($0) }
        r.handle(f.up(at: last))
        return r
    }

    @Test(arguments: [
        (-120.0, 10.0, SwipeDirection.left), (120, -10, .right), (5, -90, .up), (0, 90, .down),
    ])
    func directions(dx: Double, dy: Double, expected: SwipeDirection) {
        let r = stroke(dx, dy)
        #expect(r.state == .recognized)
        #expect(r.direction == expected)
    }

    @Test func tooShortIsNotASwipe() {
        #expect(stroke(-49, 0).state == .failed)
        #expect(stroke(-50, 0).state == .ended)
    }

    @Test func tooSlowIsNotASwipe() {
        #expect(stroke(100, 0, 0.55).state == .failed)  // 182 pt/s
        #expect(stroke(100, 0, 0.45).state == .ended)  // 222 pt/s
    }

    @Test func tooDiagonalIsNotASwipe() {
        #expect(stroke(100, 60).state == .failed)  // 31 degrees
        #expect(stroke(100, 57).state == .ended)  // 29.7 degrees
        #expect(stroke(100, 100).state == .failed)
    }

    @Test func aDirectionNotAskedForFails() {
        let r = stroke(-200, 0, directions: .vertical)
        #expect(r.state == .failed)
        #expect(r.direction == nil)
        #expect(stroke(-200, 0, directions: [.left, .up]).direction == .left)
    }

    @Test func theActionRunsOnceAndACancelFails() {
        let r = SwipeRecognizer()
        var count = 0
        r.action = { _ in count += 1 }
        let f = Finger()
        r.handle(f.down(0, 0, at: 0))
        r.handle(f.move(200, 0, at: 0.1))
        r.handle(f.up(at: 0.1))
        #expect(count == 1)
        let g = Finger(2)
        r.handle(g.down(0, 0, at: 1))
        #expect(r.state == .possible)
        r.handle(g.move(200, 0, at: 1.1))
        r.handle(g.cancel(at: 1.1))
        #expect(r.state == .failed)
        #expect(count == 1)
    }
}
