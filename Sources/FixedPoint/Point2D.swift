#if canImport(Glibc)
    import Glibc
#endif

/// A point or a vector in logical space, in Double: points (= logical pixels) from the
/// logical screen's top-left corner, y down (the Architecture article, "Coordinate
/// spaces"), or a displacement in points, a velocity in points per second, a force, a
/// size; the type does not say which, the property holding it does. Touch locations,
/// layer positions, animated values and the physics world's arithmetic all use it.
///
/// Panel space has its own type (`Input`'s `PanelPoint`), so that a point on the panel
/// and one in logical space cannot be mixed; only `Rotation` converts between them.
/// Per-pixel work uses `Point` (Q16.16); `Point2D` is for work done once a frame per
/// touch or layer.
public struct Point2D: Hashable, Sendable, AdditiveArithmetic, CustomStringConvertible {
    /// Points from the logical screen's left edge (or the x component of a vector).
    public var x: Double
    /// Points from the logical screen's top edge, y down (or the y component).
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public static var zero: Point2D { Point2D(x: 0, y: 0) }

    /// Whether both coordinates are finite (not NaN, not infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The Euclidean length (points, or points per second for a velocity).
    @inlinable
    public var magnitude: Double { (x * x + y * y).squareRoot() }

    /// `magnitude` squared: cheaper, for comparisons.
    @inlinable
    public var magnitudeSquared: Double { x * x + y * y }

    /// Straight-line distance to `other`, in points.
    @inlinable
    public func distance(to other: Point2D) -> Double { (self - other).magnitude }

    /// The dot product.
    @inlinable
    public func dot(_ o: Point2D) -> Double { x * o.x + y * o.y }

    /// The 2-D cross product `x * o.y - y * o.x` (the z of the 3-D cross product). With y
    /// down, positive means `o` lies clockwise of `self` on screen.
    @inlinable
    public func cross(_ o: Point2D) -> Double { x * o.y - y * o.x }

    /// The vector turned a quarter turn clockwise on screen (y down): `(-y, x)`. A body
    /// turning at angular velocity ω (rad/s, clockwise positive) moves a point at offset `r`
    /// from its centre at `ω * r.perpendicular`.
    @inlinable
    public var perpendicular: Point2D { Point2D(-y, x) }

    /// The vector rotated by `angle` radians, clockwise on screen (y down):
    /// `(x cos a - y sin a, x sin a + y cos a)`.
    @inlinable
    public func rotated(by angle: Double) -> Point2D {
        rotated(cos: cos(angle), sin: sin(angle))
    }

    /// `rotated(by:)` with the cosine and sine already computed.
    @inlinable
    public func rotated(cos c: Double, sin s: Double) -> Point2D {
        Point2D(x * c - y * s, x * s + y * c)
    }

    @inlinable
    public static func + (a: Point2D, b: Point2D) -> Point2D { Point2D(a.x + b.x, a.y + b.y) }

    @inlinable
    public static func - (a: Point2D, b: Point2D) -> Point2D { Point2D(a.x - b.x, a.y - b.y) }

    @inlinable
    public static prefix func - (a: Point2D) -> Point2D { Point2D(-a.x, -a.y) }

    @inlinable
    public static func * (a: Point2D, s: Double) -> Point2D { Point2D(a.x * s, a.y * s) }

    @inlinable
    public static func * (s: Double, a: Point2D) -> Point2D { Point2D(a.x * s, a.y * s) }

    @inlinable
    public static func / (a: Point2D, s: Double) -> Point2D { Point2D(a.x / s, a.y / s) }

    /// "(x, y)".
    public var description: String { "(\(x), \(y))" }
}
