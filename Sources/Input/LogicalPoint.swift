/// A point in *logical space*, in points (= logical pixels): what the show is laid out
/// in, after rotation (the Architecture article). Everything downstream of `TouchTracker` — touch
/// updates, recognizers, hit testing — works in logical points.
public struct LogicalPoint: Hashable, Sendable, CustomStringConvertible {
    /// Points from the logical screen's left edge.
    public var x: Double
    /// Points from the logical screen's top edge, y down.
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = LogicalPoint(x: 0, y: 0)

    /// Whether both coordinates are finite (not NaN, not infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The vector from `b` to `a`, in points.
    @inlinable
    public static func - (a: LogicalPoint, b: LogicalPoint) -> Vector {
        Vector(dx: a.x - b.x, dy: a.y - b.y)
    }

    /// `a` moved by `v`.
    @inlinable
    public static func + (a: LogicalPoint, v: Vector) -> LogicalPoint {
        LogicalPoint(x: a.x + v.dx, y: a.y + v.dy)
    }

    /// Straight-line distance to `other`, in points.
    @inlinable
    public func distance(to other: LogicalPoint) -> Double {
        (self - other).length
    }

    /// "(x, y)".
    public var description: String { "(\(x), \(y))" }
}
