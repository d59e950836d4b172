import FixedPoint
import Testing

@Suite struct Point2DTests {
    @Test func arithmetic() {
        let a = Point2D(3, 4)
        let b = Point2D(-1, 2)
        #expect(a + b == Point2D(2, 6))
        #expect(a - b == Point2D(4, 2))
        #expect(a * 2 == Point2D(6, 8) && 2 * a == Point2D(6, 8) && a / 2 == Point2D(1.5, 2))
        #expect(-a == Point2D(-3, -4))
        #expect(a.magnitude == 5 && a.magnitudeSquared == 25)
        #expect(a.dot(b) == 5)
        #expect(a.cross(b) == 10)
        #expect(Point2D.zero == Point2D(x: 0, y: 0))
        #expect(a.description == "(3.0, 4.0)")
    }

    /// y down: a positive rotation and `perpendicular` turn clockwise on screen (right to down).
    @Test func rotationIsClockwiseOnScreen() {
        let right = Point2D(1, 0)
        let turned = right.rotated(by: Double.pi / 2)
        #expect(abs(turned.x) < 1e-15 && abs(turned.y - 1) < 1e-15)
        #expect(right.perpendicular == Point2D(0, 1))
        #expect(Point2D(0, 1).perpendicular == Point2D(-1, 0))
        #expect(right.cross(Point2D(0, 1)) > 0)  // down lies clockwise of right
        let v = Point2D(2, -7)
        let back = v.rotated(by: 0.8).rotated(by: -0.8)
        #expect((back - v).magnitude < 1e-14)
    }

    @Test func pointsAndDistances() {
        let a = Point2D(x: 100, y: 200)
        let b = Point2D(x: 103, y: 196)
        #expect(b - a == Point2D(3, -4) && a + (b - a) == b)
        #expect(a.distance(to: b) == 5 && b.distance(to: a) == 5)
        #expect(a.isFinite && !Point2D(x: .nan, y: 0).isFinite && !Point2D(x: 0, y: .infinity).isFinite)
        #expect(Point2D(3, -4).magnitude == 5)
    }
}
