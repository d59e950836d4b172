/// 3x3 matrix of Q16.16 entries for affine and projective transforms of 2D points, column-vector
/// convention p' = M p with p = (x, y, 1): the same layout and meaning as pixman_transform_t
/// (`matrix[row][col]`), so `mRC` is row R, column C, and `m02`, `m12` are the translation.
///
/// Products, determinants, inverses and point transforms are computed exactly in Int128 and
/// rounded once; see each member for its rounding rule.
public struct Matrix3: Hashable, Sendable {
    public var m00, m01, m02: Fixed
    public var m10, m11, m12: Fixed
    public var m20, m21, m22: Fixed

    @inlinable
    public init(
        m00: Fixed, m01: Fixed, m02: Fixed,
        m10: Fixed, m11: Fixed, m12: Fixed,
        m20: Fixed, m21: Fixed, m22: Fixed
    ) {
        self.m00 = m00
        self.m01 = m01
        self.m02 = m02
        self.m10 = m10
        self.m11 = m11
        self.m12 = m12
        self.m20 = m20
        self.m21 = m21
        self.m22 = m22
    }

    /// From three rows of three Doubles, each rounded as `Fixed(_: Double)` (to nearest, ties
    /// away from zero). Traps unless the shape is 3x3 and every entry is finite and in range.
    public init(rows: [[Double]]) {
        precondition(
            rows.count == 3 && rows.allSatisfy { $0.count == 3 },
            "Matrix3(rows:): expected 3 rows of 3 entries, got \(rows.map(\.count))")
        self.init(
            m00: Fixed(rows[0][0]), m01: Fixed(rows[0][1]), m02: Fixed(rows[0][2]),
            m10: Fixed(rows[1][0]), m11: Fixed(rows[1][1]), m12: Fixed(rows[1][2]),
            m20: Fixed(rows[2][0]), m21: Fixed(rows[2][1]), m22: Fixed(rows[2][2]))
    }

    /// Entries by row then column, as `matrix[row][col]`.
    @inlinable
    public var entries: [Fixed] {
        [m00, m01, m02, m10, m11, m12, m20, m21, m22]
    }

    /// The exact entries as Doubles, `rowsAsDoubles[row][col]`.
    public var rowsAsDoubles: [[Double]] {
        [
            [m00.doubleValue, m01.doubleValue, m02.doubleValue],
            [m10.doubleValue, m11.doubleValue, m12.doubleValue],
            [m20.doubleValue, m21.doubleValue, m22.doubleValue],
        ]
    }

    public static let identity = Matrix3(
        m00: .one, m01: .zero, m02: .zero,
        m10: .zero, m11: .one, m12: .zero,
        m20: .zero, m21: .zero, m22: .one)

    /// Moves points by (x, y) pixels.
    public static func translation(x: Fixed, y: Fixed) -> Matrix3 {
        var m = identity
        m.m02 = x
        m.m12 = y
        return m
    }

    /// Scales about the origin by x horizontally and y vertically.
    public static func scale(x: Fixed, y: Fixed) -> Matrix3 {
        var m = identity
        m.m00 = x
        m.m11 = y
        return m
    }

    /// Rotation about the origin by `degrees`. In y-down pixel coordinates a positive angle turns
    /// clockwise on screen (like CGAffineTransform): +90 degrees maps (1, 0) to (0, 1).
    /// Entries are `Fixed.sinCos(degrees:)`, so multiples of 90 degrees are exact.
    public static func rotation(degrees: Fixed) -> Matrix3 {
        let (s, c) = Fixed.sinCos(degrees: degrees)
        var m = identity
        m.m00 = c
        m.m01 = -s
        m.m10 = s
        m.m11 = c
        return m
    }

    /// True when the bottom row is exactly (0, 0, 1): no perspective.
    @inlinable
    public var isAffine: Bool {
        m20 == .zero && m21 == .zero && m22 == .one
    }
}
