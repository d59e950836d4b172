// Addition, subtraction, multiplication and division of Q16.16 values.
//
// Every operation is computed exactly in a wider integer and rounded once. The operators trap on
// overflow (and division by zero) with a message naming the operands; the `...ReportingOverflow`
// variants never trap.

extension Fixed {
    // MARK: Shared rounding steps (also used by Matrix3)

    /// Rounds an exact Q32.32 value (units of 2^-32) to Q16.16 raw: to nearest, ties toward
    /// +infinity (`(p + 0x8000) >> 16`, pixman's `pixman_fixed_mul` rule). Not range-checked.
    @inlinable
    static func roundQ32ToQ16(_ p: Int128) -> Int128 {
        (p + 0x8000) >> 16
    }

    /// `numerator / denominator` rounded to nearest, ties away from zero. `denominator != 0`.
    @inlinable
    static func divideRoundingTiesAway(_ numerator: Int128, _ denominator: Int128) -> Int128 {
        let (q, r) = numerator.quotientAndRemainder(dividingBy: denominator)
        // Swift's division truncates toward zero; the remainder has the numerator's sign.
        if 2 * r.magnitude >= denominator.magnitude {
            return (numerator < 0) == (denominator < 0) ? q + 1 : q - 1
        }
        return q
    }

    /// `value` as a Fixed when it fits Int32, else the low 32 bits with `overflow == true`.
    @inlinable
    static func fromRaw(_ value: Int128) -> (partialValue: Fixed, overflow: Bool) {
        let truncated = Int32(truncatingIfNeeded: value)
        return (Fixed(raw: truncated), Int128(truncated) != value)
    }

    // MARK: Reporting overflow

    /// `self + o`, exact; on overflow the wrapped sum and `true`.
    @inlinable
    public func addingReportingOverflow(_ o: Fixed) -> (partialValue: Fixed, overflow: Bool) {
        let (r, overflow) = raw.addingReportingOverflow(o.raw)
        return (Fixed(raw: r), overflow)
    }

    /// `self - o`, exact; on overflow the wrapped difference and `true`.
    @inlinable
    public func subtractingReportingOverflow(_ o: Fixed) -> (partialValue: Fixed, overflow: Bool) {
        let (r, overflow) = raw.subtractingReportingOverflow(o.raw)
        return (Fixed(raw: r), overflow)
    }

    /// `self * o`: the exact Q32.32 product rounded to nearest, ties toward +infinity
    /// (`(p + 0x8000) >> 16`, pixman's rule). On overflow (the *rounded* product does not fit),
    /// its low 32 bits and `true`.
    @inlinable
    public func multipliedReportingOverflow(by o: Fixed) -> (partialValue: Fixed, overflow: Bool) {
        let p = Int64(raw) * Int64(o.raw)  // |p| <= 2^62: exact in Int64.
        let r = (p + 0x8000) >> 16  // Cannot overflow Int64.
        let truncated = Int32(truncatingIfNeeded: r)
        return (Fixed(raw: truncated), Int64(truncated) != r)
    }

    /// `self / o`: `(self.raw << 16) / o.raw` computed exactly in Int64, rounded to nearest,
    /// ties away from zero. On overflow, the low 32 bits and `true`; for `o == 0`, `(self, true)`
    /// (as `Int.dividedReportingOverflow(by:)` does).
    @inlinable
    public func dividedReportingOverflow(by o: Fixed) -> (partialValue: Fixed, overflow: Bool) {
        guard o.raw != 0 else { return (self, true) }
        let n = Int64(raw) << 16  // |n| <= 2^47.
        let d = Int64(o.raw)
        var q = n / d  // Truncates toward zero; |q| <= 2^47, no overflow (d != 0, n > Int64.min).
        let r = n - q * d
        if 2 * r.magnitude >= d.magnitude {
            q += (n < 0) == (d < 0) ? 1 : -1
        }
        let truncated = Int32(truncatingIfNeeded: q)
        return (Fixed(raw: truncated), Int64(truncated) != q)
    }

    // MARK: Trapping operators

    /// Exact sum. Traps on overflow.
    @inlinable
    public static func + (a: Fixed, b: Fixed) -> Fixed {
        let (r, overflow) = a.addingReportingOverflow(b)
        precondition(!overflow, "Fixed overflow: \(a) + \(b)")
        return r
    }

    /// Exact difference. Traps on overflow.
    @inlinable
    public static func - (a: Fixed, b: Fixed) -> Fixed {
        let (r, overflow) = a.subtractingReportingOverflow(b)
        precondition(!overflow, "Fixed overflow: \(a) - \(b)")
        return r
    }

    /// Exact negation. Traps for `Fixed.min` (32768 does not fit).
    @inlinable
    public static prefix func - (a: Fixed) -> Fixed {
        precondition(a.raw != Int32.min, "Fixed overflow: -(\(a))")
        return Fixed(raw: -a.raw)
    }

    /// Product rounded to nearest, ties toward +infinity (pixman's rule). Traps on overflow.
    @inlinable
    public static func * (a: Fixed, b: Fixed) -> Fixed {
        let (r, overflow) = a.multipliedReportingOverflow(by: b)
        precondition(!overflow, "Fixed overflow: \(a) * \(b)")
        return r
    }

    /// Quotient rounded to nearest, ties away from zero. Traps on overflow and division by zero.
    @inlinable
    public static func / (a: Fixed, b: Fixed) -> Fixed {
        precondition(b.raw != 0, "Fixed division by zero: \(a) / 0")
        let (r, overflow) = a.dividedReportingOverflow(by: b)
        precondition(!overflow, "Fixed overflow: \(a) / \(b)")
        return r
    }

    @inlinable
    public static func += (a: inout Fixed, b: Fixed) { a = a + b }
    @inlinable
    public static func -= (a: inout Fixed, b: Fixed) { a = a - b }
    @inlinable
    public static func *= (a: inout Fixed, b: Fixed) { a = a * b }
    @inlinable
    public static func /= (a: inout Fixed, b: Fixed) { a = a / b }
}
