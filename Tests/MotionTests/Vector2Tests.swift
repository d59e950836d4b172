import Testing

@testable import Motion

@Suite("Vector2 and Animatable")
struct Vector2Tests {
    @Test func arithmetic() {
        let a = Vector2(3, 4)
        let b = Vector2(-1, 2)
        #expect(a + b == Vector2(2, 6))
        #expect(a - b == Vector2(4, 2))
        #expect(a * 2 == Vector2(6, 8) && 2 * a == Vector2(6, 8) && a / 2 == Vector2(1.5, 2))
        #expect(-a == Vector2(-3, -4))
        #expect(a.magnitude == 5 && a.magnitudeSquared == 25)
        #expect(a.dot(b) == 5)
        #expect(a.cross(b) == 10)
        #expect(Vector2.zero == Vector2(x: 0, y: 0))
        #expect(a.description == "(3.0, 4.0)")
    }

    /// y down: a positive rotation and `perpendicular` turn clockwise on screen (right to down).
    @Test func rotationIsClockwiseOnScreen() {
        let right = Vector2(1, 0)
        let turned = right.rotated(by: Double.pi / 2)
        #expect(abs(turned.x) < 1e-15 && abs(turned.y - 1) < 1e-15)
        #expect(right.perpendicular == Vector2(0, 1))
        #expect(Vector2(0, 1).perpendicular == Vector2(-1, 0))
        #expect(right.cross(Vector2(0, 1)) > 0)  // down lies clockwise of right
        let v = Vector2(2, -7)
        let back = v.rotated(by: 0.8).rotated(by: -0.8)
        #expect((back - v).magnitude < 1e-14)
    }

    @Test func magnitude() {
        #expect((-4.0).magnitude == 4)
        #expect(Vector2(3, -4).magnitude == 5)
    }
}
