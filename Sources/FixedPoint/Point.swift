/// A 2D point (or vector) in pixels, Q16.16 coordinates, y grows downwards (the Architecture article).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Fixed
    public var y: Fixed

    @inlinable
    public init(x: Fixed, y: Fixed) {
        self.x = x
        self.y = y
    }

    /// Integer coordinates, exactly. Traps outside -32768...32767.
    @inlinable
    public init(_ x: Int, _ y: Int) {
        self.init(x: Fixed(x), y: Fixed(y))
    }

    /// Each coordinate rounded as `Fixed(_: Double)` (to nearest, ties away from zero).
    /// Traps when not finite or out of range.
    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.init(x: Fixed(x), y: Fixed(y))
    }

    public static let zero = Point(x: .zero, y: .zero)

    /// Component-wise exact sum. Traps on overflow.
    @inlinable
    public static func + (a: Point, b: Point) -> Point {
        Point(x: a.x + b.x, y: a.y + b.y)
    }

    /// Component-wise exact difference. Traps on overflow.
    @inlinable
    public static func - (a: Point, b: Point) -> Point {
        Point(x: a.x - b.x, y: a.y - b.y)
    }

    /// Component-wise exact negation. Traps for `Fixed.min`.
    @inlinable
    public static prefix func - (a: Point) -> Point {
        Point(x: -a.x, y: -a.y)
    }

    /// "(x, y)" with each coordinate exact, as `Fixed.description`.
    public var description: String {
        "(\(x), \(y))"
    }
}
