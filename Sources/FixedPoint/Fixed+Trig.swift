// Sine and cosine of Q16.16 angles, in integers only (no Double, no Foundation).
//
// Method: exact range reduction to r in [-pi/4, pi/4] plus a quadrant, Taylor polynomials for
// sin r and cos r in Q2.30 (error below 1e-8), then one rounding to Q16.16, to nearest with ties
// away from zero. The total error is therefore at most 0.5 ulp + 1e-8 (about 7.7e-6) for every
// input, and the results are odd/even exactly: sin(-x) == -sin(x), cos(-x) == cos(x).

extension Fixed {
    /// pi/2 * 2^64, rounded to nearest: the reduction constant for radians (error < 2^-65 rad;
    /// times the largest quotient, 20861, still below 2^-50 rad).
    @usableFromInline
    static let halfPiQ64: Int128 = 0x1_921F_B544_42D1_846A

    /// pi/180 * 2^80, rounded to nearest: converts Q16.16 degrees to radians in units of 2^-64.
    @usableFromInline
    static let radiansPerDegreeQ80: Int128 = 0x477_D1A8_94A7_4E45_7076

    /// sin(x) in radians, x any Q16.16 value. Error <= 0.5 ulp + 1e-8 (about 7.7e-6).
    /// Rounding: to nearest, ties away from zero.
    public static func sin(radians x: Fixed) -> Fixed {
        sinCos(reducedRadians: x).sin
    }

    /// cos(x) in radians, x any Q16.16 value. Error <= 0.5 ulp + 1e-8 (about 7.7e-6).
    /// Rounding: to nearest, ties away from zero.
    public static func cos(radians x: Fixed) -> Fixed {
        sinCos(reducedRadians: x).cos
    }

    /// sin and cos of an angle in degrees, any Q16.16 value. Exact at every multiple of 90
    /// degrees (0, +-1), since the reduction by 90 degrees is exact integer arithmetic; elsewhere
    /// error <= 0.5 ulp + 1e-8. Rounding: to nearest, ties away from zero.
    public static func sinCos(degrees: Fixed) -> (sin: Fixed, cos: Fixed) {
        let ninety = Int128(90) << 16
        let d = Int128(degrees.raw)
        let quadrant = divideRoundingTiesAway(d, ninety)
        let remainder = d - quadrant * ninety  // Exact, in [-45, 45] degrees, Q16.16.
        // remainder * 2^-16 degrees * (pi/180) = remainder * radiansPerDegreeQ80 * 2^-96 rad.
        let r64 = divideRoundingTiesAway(remainder * radiansPerDegreeQ80, Int128(1) << 32)
        return sinCos(reduced: r64, quadrant: quadrant)
    }

    /// Both functions of a radian angle: the shared range reduction.
    static func sinCos(reducedRadians x: Fixed) -> (sin: Fixed, cos: Fixed) {
        let x64 = Int128(x.raw) << 48  // x in units of 2^-64, exact.
        let quadrant = divideRoundingTiesAway(x64, halfPiQ64)
        let r64 = x64 - quadrant * halfPiQ64  // In [-pi/4, pi/4], units of 2^-64.
        return sinCos(reduced: r64, quadrant: quadrant)
    }

    /// sin and cos of `quadrant * pi/2 + r64 * 2^-64`, |r64 * 2^-64| <= pi/4 (+ a hair).
    static func sinCos(reduced r64: Int128, quadrant: Int128) -> (sin: Fixed, cos: Fixed) {
        // Work on |r| so that the odd/even symmetries hold exactly.
        let r30 = Int64(divideRoundingTiesAway(Int128(r64.magnitude), Int128(1) << 34))
        let (s30, c30) = sinCosQ30(r30)
        let s = r64 < 0 ? -s30 : s30
        switch quadrant & 3 {  // Two's complement: also right for negative quadrants.
        case 0: return (roundQ30(s), roundQ30(c30))
        case 1: return (roundQ30(c30), roundQ30(-s))
        case 2: return (roundQ30(-s), roundQ30(-c30))
        default: return (roundQ30(-c30), roundQ30(s))
        }
    }

    /// Q2.30 -> Q16.16 raw, to nearest, ties away from zero. |v| <= 2^30, so it always fits.
    static func roundQ30(_ v: Int64) -> Fixed {
        let m = (v.magnitude + (1 << 13)) >> 14
        return Fixed(raw: v < 0 ? -Int32(m) : Int32(m))
    }

    /// sin x and cos x in Q2.30 for 0 <= x <= 0.7854 * 2^30 (x in Q2.30), by Horner's rule on
    /// the Taylor series through x^11 and x^12: truncation error below 1e-12, each of the ~12
    /// rounding steps below 1e-9.
    static func sinCosQ30(_ x: Int64) -> (sin: Int64, cos: Int64) {
        let one: Int64 = 1 << 30
        let x2 = (x * x + (1 << 29)) >> 30
        // sin x = x (1 - x^2/(2*3) (1 - x^2/(4*5) (1 - ... (1 - x^2/(10*11)))))
        var s = one
        for n: Int64 in [10, 8, 6, 4, 2] {
            s = one - ((x2 * s + (1 << 29)) >> 30) / (n * (n + 1))
        }
        s = (x * s + (1 << 29)) >> 30
        // cos x = 1 - x^2/(1*2) (1 - x^2/(3*4) (1 - ... (1 - x^2/(11*12))))
        var c = one
        for n: Int64 in [11, 9, 7, 5, 3, 1] {
            c = one - ((x2 * c + (1 << 29)) >> 30) / (n * (n + 1))
        }
        return (s, c)
    }
}
