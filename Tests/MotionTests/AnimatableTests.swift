import FixedPoint
import Testing

@testable import Motion

@Suite struct AnimatableTests {
    /// The norm springs and decays settle by: |x| for a number, the length for a point.
    @Test func magnitude() {
        func norm<T: Animatable>(_ value: T) -> Double { value.magnitude }
        #expect(norm(-4.0) == 4)
        #expect(norm(Point2D(3, -4)) == 5)
        #expect(norm(Point2D(3, -4) * 2 - Point2D(6, -8)) == 0)
    }
}
