// Matrix product and point transform.

extension Matrix3 {
    /// Row `i` of raw entries, widened.
    @inlinable
    func row(_ i: Int) -> (Int128, Int128, Int128) {
        switch i {
        case 0: return (Int128(m00.raw), Int128(m01.raw), Int128(m02.raw))
        case 1: return (Int128(m10.raw), Int128(m11.raw), Int128(m12.raw))
        default: return (Int128(m20.raw), Int128(m21.raw), Int128(m22.raw))
        }
    }

    /// `self * b` (applies b first). Each entry is the exact sum of three Q32.32 products
    /// (Int128), rounded once as `Fixed`'s multiply: to nearest, ties toward +infinity. On
    /// overflow of any entry, the entries' low 32 bits and `true`.
    public func multipliedReportingOverflow(by b: Matrix3) -> (partialValue: Matrix3, overflow: Bool) {
        var out = [Fixed]()
        out.reserveCapacity(9)
        var overflow = false
        let columns = [
            (Int128(b.m00.raw), Int128(b.m10.raw), Int128(b.m20.raw)),
            (Int128(b.m01.raw), Int128(b.m11.raw), Int128(b.m21.raw)),
            (Int128(b.m02.raw), Int128(b.m12.raw), Int128(b.m22.raw)),
        ]
        for i in 0..<3 {
            let r = row(i)
            for c in columns {
                let sum = r.0 * c.0 + r.1 * c.1 + r.2 * c.2  // Q32.32, exact.
                let (value, o) = Fixed.fromRaw(Fixed.roundQ32ToQ16(sum))
                out.append(value)
                overflow = overflow || o
            }
        }
        let m = Matrix3(
            m00: out[0], m01: out[1], m02: out[2],
            m10: out[3], m11: out[4], m12: out[5],
            m20: out[6], m21: out[7], m22: out[8])
        return (m, overflow)
    }

    /// `a * b`: the transform that applies b first, then a. Rounding as
    /// `multipliedReportingOverflow(by:)`. Traps when an entry overflows Q16.16.
    public static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        let (m, overflow) = a.multipliedReportingOverflow(by: b)
        precondition(!overflow, "Matrix3 product overflows Q16.16: \(a.rowsAsDoubles) * \(b.rowsAsDoubles)")
        return m
    }

    /// Transforms (x, y, 1).
    ///
    /// Affine (`isAffine`): x' and y' are exact Q32.32 sums rounded once as `Fixed`'s multiply
    /// (to nearest, ties toward +infinity), bit-compatible with pixman's affine point transform.
    ///
    /// Projective: X', Y', W' exact in Q32.32 (Int128), then x' = X'/W' and y' = Y'/W' each
    /// rounded once to nearest, ties away from zero (as `Fixed`'s divide).
    ///
    /// Returns nil when W' <= 0 (the point is at or behind the viewer's plane) or when a result
    /// does not fit Q16.16.
    @inlinable
    public func apply(to p: Point) -> Point? {
        let x = Int128(p.x.raw)
        let y = Int128(p.y.raw)
        func dot(_ r: (Int128, Int128, Int128)) -> Int128 {
            r.0 * x + r.1 * y + (r.2 << 16)  // Q32.32, exact.
        }
        let X = dot(row(0))
        let Y = dot(row(1))
        let xRaw: Int128
        let yRaw: Int128
        if isAffine {
            xRaw = Fixed.roundQ32ToQ16(X)
            yRaw = Fixed.roundQ32ToQ16(Y)
        } else {
            let W = dot(row(2))
            guard W > 0 else { return nil }
            // x' = X/W; raw = x' * 2^16. |X| < 2^64, so X << 16 fits Int128.
            xRaw = Fixed.divideRoundingTiesAway(X << 16, W)
            yRaw = Fixed.divideRoundingTiesAway(Y << 16, W)
        }
        let (fx, ox) = Fixed.fromRaw(xRaw)
        let (fy, oy) = Fixed.fromRaw(yRaw)
        guard !ox && !oy else { return nil }
        return Point(x: fx, y: fy)
    }
}
