/// An axis-aligned rectangle of whole pixels: the columns `x ..< x + width` and rows
/// `y ..< y + height`. Kernels take one as their destination clip.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// A rectangle at the origin.
    public init(width: Int, height: Int) {
        self.init(x: 0, y: 0, width: width, height: height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    /// True when the rectangle holds no pixel (zero or negative width or height).
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The number of pixels inside (0 when empty).
    public var area: Int { isEmpty ? 0 : width * height }

    /// The pixels in both rectangles; an empty rectangle at the origin when they don't meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The smallest rectangle holding both; an empty rectangle does not count.
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The same rectangle moved by (dx, dy).
    public func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
