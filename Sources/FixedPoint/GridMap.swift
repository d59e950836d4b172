/// A map of the pixel grid onto itself that keeps pixels whole: a quarter turn, a mirror,
/// or none, then a shift. Pixel (x, y) goes to
///
///     x' = xx * x + xy * y + tx
///     y' = yx * x + yy * y + ty
///
/// with the 2x2 part one of the eight signed permutations (each coefficient -1, 0 or 1,
/// one non-zero per row and column). Integer pixels map to integer pixels exactly; the
/// `Double` form maps points (touch) through the same numbers, pixel centres on whole
/// values as in the Architecture article's rotation table.
public struct GridMap: Hashable, Sendable {
    public let xx: Int, xy: Int, tx: Int
    public let yx: Int, yy: Int, ty: Int

    /// - Precondition: the 2x2 part is a signed permutation.
    public init(xx: Int, xy: Int, tx: Int, yx: Int, yy: Int, ty: Int) {
        precondition(
            abs(xx) + abs(xy) == 1 && abs(yx) + abs(yy) == 1 && abs(xx) + abs(yx) == 1 && abs(xy) + abs(yy) == 1,
            "GridMap: not a signed permutation")
        (self.xx, self.xy, self.tx, self.yx, self.yy, self.ty) = (xx, xy, tx, yx, yy, ty)
    }

    /// Every pixel where it was.
    public static let identity = GridMap(xx: 1, xy: 0, tx: 0, yx: 0, yy: 1, ty: 0)

    /// Whether x and y trade places (a quarter turn, or a mirror across a diagonal).
    public var swapsAxes: Bool { xx == 0 }

    @inlinable
    public func apply(x: Int, y: Int) -> (x: Int, y: Int) {
        (xx * x + xy * y + tx, yx * x + yy * y + ty)
    }

    @inlinable
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (Double(xx) * x + Double(xy) * y + Double(tx), Double(yx) * x + Double(yy) * y + Double(ty))
    }

    /// The map back: a signed permutation's inverse is its transpose, and the shift is
    /// undone through it.
    public var inverse: GridMap {
        GridMap(xx: xx, xy: yx, tx: -(xx * tx + yx * ty), yx: xy, yy: yy, ty: -(xy * tx + yy * ty))
    }

    /// The size a `width` x `height` area has after the map.
    public func mappedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }
}
