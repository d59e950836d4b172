import FixedPoint

/// Layer geometry in points (logical pixels: one point is one pixel of the logical
/// screen), Double: layer properties are set once per frame per layer, never per pixel.
/// Positions are `FixedPoint`'s `Point2D`.

/// A width and a height, in points.
public struct Size2D: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size2D(width: 0, height: 0)
    public var description: String { "\(width)x\(height)" }
}

/// An axis-aligned rectangle, in points: origin (top-left) and size.
public struct Rect2D: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point2D
    public var size: Size2D

    public init(origin: Point2D, size: Size2D) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point2D(x: x, y: y), size: Size2D(width: width, height: height))
    }

    public static let zero = Rect2D(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// Whether `p` lies inside: the left and top edges are in, the right and bottom out.
    public func contains(_ p: Point2D) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The smallest rectangle holding both (an empty one adds nothing).
    public func union(_ other: Rect2D) -> Rect2D {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect2D(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public var description: String { "\(size)+\(origin.x)+\(origin.y)" }
}
