/// A displacement in logical space: a translation in points, or a velocity in points
/// per second (the type does not say which; the property holding it does).
public struct Vector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    @inlinable
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = Vector(dx: 0, dy: 0)

    /// Euclidean length (points, or points per second for a velocity).
    @inlinable
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    @inlinable
    public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }

    @inlinable
    public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }

    @inlinable
    public static func * (v: Vector, s: Double) -> Vector { Vector(dx: v.dx * s, dy: v.dy * s) }

    /// "(dx, dy)".
    public var description: String { "(\(dx), \(dy))" }
}
