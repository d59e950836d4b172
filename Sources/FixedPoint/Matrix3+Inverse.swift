// Determinant, inverse and projective (homography) inverse, all from the exact adjugate.

extension Matrix3 {
    /// The adjugate (transposed cofactor matrix), exact, entries in Q32.32 (units of 2^-32),
    /// row-major. `self * adjugate == determinant * identity`.
    func adjugateQ32() -> [Int128] {
        let (a, b, c) = row(0)
        let (d, e, f) = row(1)
        let (g, h, i) = row(2)
        return [
            e * i - f * h, c * h - b * i, b * f - c * e,
            f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d,
        ]
    }

    /// The exact determinant in Q48.48: the real determinant is `determinant / 2^48`.
    /// (A product of three Q16.16 raws has 48 fraction bits; |determinant| < 6 * 2^93.)
    public var determinant: Int128 {
        let adj = adjugateQ32()
        let (a, b, c) = row(0)
        // Expansion along row 0: the cofactors of row 0 are column 0 of the adjugate.
        return a * adj[0] + b * adj[3] + c * adj[6]
    }

    /// The inverse, or nil when the matrix is singular (determinant exactly 0) or an entry of the
    /// inverse does not fit Q16.16. Each entry is adjugate / determinant computed exactly in Int128
    /// and rounded once, to nearest, ties away from zero (as `Fixed`'s divide).
    public var inverse: Matrix3? {
        let det = determinant
        guard det != 0 else { return nil }
        // entry = (adj * 2^-32) / (det * 2^-48) = adj / det * 2^16; raw = entry * 2^16.
        var out = [Fixed]()
        out.reserveCapacity(9)
        for a in adjugateQ32() {
            let (value, overflow) = Fixed.fromRaw(Fixed.divideRoundingTiesAway(a << 32, det))
            guard !overflow else { return nil }
            out.append(value)
        }
        return Matrix3(entries: out)
    }

    /// For projective maps: a matrix equal to the inverse up to a positive scale factor (a
    /// homography doesn't change under scaling), scaled by a power of two so that its largest
    /// entry magnitude is in [2^13, 2^14) for precision; nil when singular.
    ///
    /// It is the exact adjugate times sign(determinant) (so W' keeps its sign: points in front
    /// stay in front), times 2^s, each entry rounded once to nearest, ties away from zero.
    /// Unlike `inverse`, this never fails for a nonsingular matrix.
    ///
    /// Precision: the largest entry keeps 30 bits, but every entry has the same absolute error
    /// (0.5 ulp), so small entries, typically the perspective row, lose relative precision. A
    /// point mapped forward to (x', y') and back to (x, y) through this is off by about
    /// 0.5 ulp * (|x'| + |y'| + 1) * (1 + |x|) / W per coordinate, W the third coordinate of the
    /// way back (first order; the exact bound is in MatrixRoundTripTests). Measured: ~20 ulp
    /// for a page turn about a vertical spine, up to ~0.23 px when that page is also spun about
    /// z on a 1024 x 600 panel. Where that matters, step in Int64 with 32 fraction bits (the Architecture article).
    public var homographyInverse: Matrix3? {
        let det = determinant
        guard det != 0 else { return nil }
        let adj = adjugateQ32().map { det < 0 ? -$0 : $0 }
        let largest = adj.map(\.magnitude).max()!  // Nonzero: adj = det * inverse.
        let bits = 128 - largest.leadingZeroBitCount
        // Want the largest raw in [2^29, 2^30), i.e. real value in [2^13, 2^14).
        for shift in [30 - bits, 29 - bits] {
            let scaled = adj.map { Self.scale($0, byPowerOfTwo: shift) }
            if scaled.allSatisfy({ $0.magnitude < 1 << 30 }) {
                return Matrix3(entries: scaled.map { Fixed(raw: Int32($0)) })
            }
        }
        preconditionFailure("unreachable: one more halving always fits")
    }

    /// value * 2^shift, rounded to nearest, ties away from zero, when shift < 0.
    static func scale(_ value: Int128, byPowerOfTwo shift: Int) -> Int128 {
        if shift >= 0 { return value << shift }
        return Fixed.divideRoundingTiesAway(value, Int128(1) << -shift)
    }

    /// From nine entries, row-major.
    init(entries e: [Fixed]) {
        self.init(
            m00: e[0], m01: e[1], m02: e[2],
            m10: e[3], m11: e[4], m12: e[5],
            m20: e[6], m21: e[7], m22: e[8])
    }
}
