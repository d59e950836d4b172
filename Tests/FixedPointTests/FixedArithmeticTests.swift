import VitrineTestSupport
import FixedPoint
import Testing

/// Oracles written independently of the implementation: exact Int128 values, then the rounding
/// rule stated as floor/remainder comparisons.
enum Oracle {
    /// The Q16.16 raw if `value` fits Int32, else nil.
    static func fit(_ value: Int128) -> Int32? {
        value >= Int128(Int32.min) && value <= Int128(Int32.max) ? Int32(value) : nil
    }

    /// floor(n / d) for d > 0.
    static func floorDiv(_ n: Int128, _ d: Int128) -> Int128 {
        let q = n / d
        return (n % d != 0 && n < 0) ? q - 1 : q
    }

    /// Nearest to n / d, ties toward +infinity (d > 0): floor((2n + d) / 2d).
    static func nearestTiesUp(_ n: Int128, _ d: Int128) -> Int128 {
        floorDiv(2 * n + d, 2 * d)
    }

    /// Nearest to n / d, ties away from zero (d != 0), on magnitudes.
    static func nearestTiesAway(_ n: Int128, _ d: Int128) -> Int128 {
        let (an, ad) = (n.magnitude, d.magnitude)
        var q = an / ad
        if 2 * (an % ad) >= ad { q += 1 }
        return (n < 0) != (d < 0) ? -Int128(q) : Int128(q)
    }

    static func product(_ a: Fixed, _ b: Fixed) -> Int128 {
        nearestTiesUp(Int128(a.raw) * Int128(b.raw), 65536)
    }

    static func quotient(_ a: Fixed, _ b: Fixed) -> Int128 {
        nearestTiesAway(Int128(a.raw) * 65536, Int128(b.raw))
    }
}

@Suite("Fixed arithmetic")
struct FixedArithmeticTests {
    @Test func additionAndSubtractionMatchInt128() {
        var rng = SplitMix64(seed: 10)
        for _ in 0..<10000 {
            let a = rng.nextFixed()
            let b = rng.nextFixed()
            let sum = Int128(a.raw) + Int128(b.raw)
            let s = a.addingReportingOverflow(b)
            #expect(s.overflow == (Oracle.fit(sum) == nil))
            #expect(s.partialValue.raw == Int32(truncatingIfNeeded: sum))
            if let r = Oracle.fit(sum) { #expect((a + b).raw == r) }

            let difference = Int128(a.raw) - Int128(b.raw)
            let d = a.subtractingReportingOverflow(b)
            #expect(d.overflow == (Oracle.fit(difference) == nil))
            #expect(d.partialValue.raw == Int32(truncatingIfNeeded: difference))
            if let r = Oracle.fit(difference) { #expect((a - b).raw == r) }
            if a != .min { #expect((-a).raw == -a.raw) }
        }
    }

    @Test func additionOverflowEdges() {
        #expect(Fixed.max.addingReportingOverflow(.ulp) == (Fixed.min, true))
        #expect(Fixed.max.addingReportingOverflow(.zero) == (Fixed.max, false))
        #expect(Fixed.min.addingReportingOverflow(-Fixed.ulp) == (Fixed.max, true))
        #expect(Fixed.min.addingReportingOverflow(.max) == (-Fixed.ulp, false))
        #expect(Fixed.min.subtractingReportingOverflow(.ulp) == (Fixed.max, true))
        #expect(Fixed.max.subtractingReportingOverflow(-Fixed.ulp) == (Fixed.min, true))
        // -min overflows: 0 - min is 32768.
        #expect(Fixed.zero.subtractingReportingOverflow(.min) == (Fixed.min, true))
        #expect(Fixed(-1).subtractingReportingOverflow(.min) == (Fixed(32767), false))
    }

    @Test func multiplicationMatchesOracle() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<10000 {
            let a = rng.nextFixed()
            let b = rng.nextFixed()
            let expected = Oracle.product(a, b)
            let m = a.multipliedReportingOverflow(by: b)
            #expect(m.overflow == (Oracle.fit(expected) == nil), "\(a.raw) * \(b.raw)")
            #expect(m.partialValue.raw == Int32(truncatingIfNeeded: expected))
            if let r = Oracle.fit(expected) { #expect((a * b).raw == r) }
            #expect(a.multipliedReportingOverflow(by: b) == b.multipliedReportingOverflow(by: a))
        }
    }

    /// Ties go toward +infinity (pixman_fixed_mul's (p + 0x8000) >> 16), so -x*y may differ
    /// from -(x*y) by one ulp.
    @Test func multiplicationTiesGoUp() {
        #expect((Fixed.ulp * .half).raw == 1)  // 0.5 ulp -> 1
        #expect((-Fixed.ulp * .half).raw == 0)  // -0.5 ulp -> 0
        #expect((Fixed(raw: 3) * .half).raw == 2)  // 1.5 ulp -> 2
        #expect((Fixed(raw: -3) * .half).raw == -1)  // -1.5 ulp -> -1
        #expect((Fixed(raw: 5) * Fixed(raw: 0x4000)).raw == 1)  // 1.25 ulp -> 1
        #expect((Fixed(raw: -5) * Fixed(raw: 0x4000)).raw == -1)  // -1.25 ulp -> -1
        #expect((Fixed(raw: 7) * Fixed(raw: 0x4000)).raw == 2)  // 1.75 ulp -> 2
        #expect((Fixed(-3) * Fixed(2.5)) == Fixed(-7.5))
    }

    @Test func multiplicationOverflowEdges() {
        #expect(Fixed(256).multipliedReportingOverflow(by: Fixed(128)).overflow)  // 32768
        #expect(Fixed(256).multipliedReportingOverflow(by: Fixed(-128)) == (Fixed.min, false))
        #expect(!Fixed(256).multipliedReportingOverflow(by: Fixed(128) - .ulp).overflow)
        #expect(Fixed.max.multipliedReportingOverflow(by: .one) == (Fixed.max, false))
        #expect(Fixed.min.multipliedReportingOverflow(by: .one) == (Fixed.min, false))
        #expect(Fixed.min.multipliedReportingOverflow(by: -Fixed.one) == (Fixed.min, true))
        #expect(Fixed.max.multipliedReportingOverflow(by: Fixed(raw: 0x1_0001)).overflow)  // one ulp over 1
        #expect(Fixed.min.multipliedReportingOverflow(by: .min).overflow)
        // Overflow caused by rounding alone: the exact product is raw 2^31 - 0.5, which rounds up.
        let a = Fixed(raw: 0x1_0001 << 14)
        let b = Fixed(raw: 0xFFFF * 2)
        #expect(a.multipliedReportingOverflow(by: b) == (Fixed.min, true))
        // At the bottom the tie rounds up into range: exact raw -2^31 - 0.5 -> -2^31 ...
        let c = Fixed(raw: 641 << 15)
        let d = Fixed(raw: -6_700_417)
        #expect(c.multipliedReportingOverflow(by: d) == (Fixed.min, false))
        // ... and one ulp of the product further down it overflows.
        #expect(Fixed(raw: c.raw + 1).multipliedReportingOverflow(by: d).overflow)
    }

    @Test func divisionMatchesOracle() {
        var rng = SplitMix64(seed: 12)
        for i in 0..<10000 {
            let a = rng.nextFixed()
            // Every third divisor is tiny so that quotients cross the overflow edge often.
            let b = i % 3 == 0 ? Fixed(raw: Int32.random(in: -300...300, using: &rng)) : rng.nextFixed()
            let q = a.dividedReportingOverflow(by: b)
            if b == .zero {
                #expect(q == (a, true))
                continue
            }
            let expected = Oracle.quotient(a, b)
            #expect(q.overflow == (Oracle.fit(expected) == nil), "\(a.raw) / \(b.raw)")
            #expect(q.partialValue.raw == Int32(truncatingIfNeeded: expected))
            if let r = Oracle.fit(expected) { #expect((a / b).raw == r) }
        }
    }

    @Test func divisionTiesGoAwayFromZero() {
        #expect((Fixed.ulp / Fixed(2)).raw == 1)  // 0.5 ulp -> 1
        #expect((-Fixed.ulp / Fixed(2)).raw == -1)  // -0.5 ulp -> -1
        #expect((Fixed.ulp / Fixed(-2)).raw == -1)
        #expect((Fixed(raw: 3) / Fixed(2)).raw == 2)  // 1.5 ulp -> 2
        #expect((Fixed(raw: -3) / Fixed(2)).raw == -2)
        #expect((Fixed(raw: 5) / Fixed(4)).raw == 1)  // 1.25 ulp -> 1
        #expect((Fixed(1) / Fixed(3)).raw == 21845)  // 21845.33
        #expect((Fixed(2) / Fixed(3)).raw == 43691)  // 43690.67
        #expect((Fixed(-2) / Fixed(3)).raw == -43691)
    }

    @Test func divisionOverflowEdges() {
        #expect(Fixed(5).dividedReportingOverflow(by: .zero) == (Fixed(5), true))
        #expect(Fixed.zero.dividedReportingOverflow(by: .zero) == (Fixed.zero, true))
        #expect(Fixed.min.dividedReportingOverflow(by: -Fixed.one) == (Fixed.min, true))
        #expect(Fixed.min.dividedReportingOverflow(by: .one) == (Fixed.min, false))
        #expect(Fixed.max.dividedReportingOverflow(by: .one) == (Fixed.max, false))
        #expect(Fixed.max.dividedReportingOverflow(by: -Fixed.one) == (Fixed(raw: -Int32.max), false))
        #expect(Fixed.one.dividedReportingOverflow(by: .ulp).overflow)  // 65536
        #expect(Fixed(0.25).dividedReportingOverflow(by: .ulp) == (Fixed(16384), false))
        #expect(Fixed(-0.5).dividedReportingOverflow(by: .ulp) == (Fixed.min, false))
        #expect(Fixed(0.5).dividedReportingOverflow(by: .ulp) == (Fixed.min, true))
        // -32768 fits, +32768 does not.
        #expect(Fixed(-1).dividedReportingOverflow(by: Fixed(raw: 2)) == (Fixed.min, false))
        #expect(Fixed(1).dividedReportingOverflow(by: Fixed(raw: 2)) == (Fixed.min, true))
        // Dividing by just under one pushes max out of range.
        #expect(Fixed.max.dividedReportingOverflow(by: .one - .ulp).overflow)
        #expect(!Fixed(32767).dividedReportingOverflow(by: .one - .ulp).overflow)
    }

    @Test func compoundAssignment() {
        var x = Fixed(3)
        x += Fixed(2)
        #expect(x == Fixed(5))
        x -= Fixed(0.5)
        #expect(x == Fixed(4.5))
        x *= Fixed(2)
        #expect(x == Fixed(9))
        x /= Fixed(-4)
        #expect(x == Fixed(-2.25))
    }
}
