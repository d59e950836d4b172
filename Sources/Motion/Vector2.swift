// A 2-D vector of Doubles: animated positions and sizes, and the physics world's arithmetic.

#if canImport(Glibc)
    import Glibc
#endif

/// A 2-D vector or point in Double precision: points (or points per second, ...) in logical
/// space, y growing downwards (the Architecture article, "Coordinate spaces").
///
/// Per-pixel work uses `FixedPoint`; `Vector2` is for animation and physics, which run once
/// per layer per frame.
public struct Vector2: Hashable, Sendable, Animatable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vector2(0, 0)

    /// The Euclidean length.
    @inlinable
    public var magnitude: Double { (x * x + y * y).squareRoot() }

    /// `magnitude` squared: cheaper, for comparisons.
    @inlinable
    public var magnitudeSquared: Double { x * x + y * y }

    /// The dot product.
    @inlinable
    public func dot(_ o: Vector2) -> Double { x * o.x + y * o.y }

    /// The 2-D cross product `x * o.y - y * o.x` (the z of the 3-D cross product). With y
    /// down, positive means `o` lies clockwise of `self` on screen.
    @inlinable
    public func cross(_ o: Vector2) -> Double { x * o.y - y * o.x }

    /// The vector turned a quarter turn clockwise on screen (y down): `(-y, x)`. A body
    /// turning at angular velocity ω (rad/s, clockwise positive) moves a point at offset `r`
    /// from its centre at `ω * r.perpendicular`.
    @inlinable
    public var perpendicular: Vector2 { Vector2(-y, x) }

    /// The vector rotated by `angle` radians, clockwise on screen (y down):
    /// `(x cos a - y sin a, x sin a + y cos a)`.
    @inlinable
    public func rotated(by angle: Double) -> Vector2 {
        rotated(cos: cos(angle), sin: sin(angle))
    }

    /// `rotated(by:)` with the cosine and sine already computed.
    @inlinable
    public func rotated(cos c: Double, sin s: Double) -> Vector2 {
        Vector2(x * c - y * s, x * s + y * c)
    }

    @inlinable
    public static func + (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x + b.x, a.y + b.y) }

    @inlinable
    public static func - (a: Vector2, b: Vector2) -> Vector2 { Vector2(a.x - b.x, a.y - b.y) }

    @inlinable
    public static prefix func - (a: Vector2) -> Vector2 { Vector2(-a.x, -a.y) }

    @inlinable
    public static func * (a: Vector2, s: Double) -> Vector2 { Vector2(a.x * s, a.y * s) }

    @inlinable
    public static func * (s: Double, a: Vector2) -> Vector2 { Vector2(a.x * s, a.y * s) }

    @inlinable
    public static func / (a: Vector2, s: Double) -> Vector2 { Vector2(a.x / s, a.y / s) }

    public var description: String { "(\(x), \(y))" }
}
