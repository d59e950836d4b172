import Testing

@testable import Motion

@Suite("Timing curves")
struct TimingCurveTests {
    static let progresses = [0.1, 0.25, 0.5, 0.75, 0.9]

    /// Reference values at progress 0.1, 0.25, 0.5, 0.75, 0.9, computed independently of the
    /// Swift solver: in Python with exact rationals (`fractions.Fraction`), the Bernstein
    /// form B(t) = 3(1-t)²t·a + 3(1-t)t²·b + t³, bisection on t for x(t) = p over 90 halvings
    /// (t to 2^-90), then y(t), printed with 12 decimals. (The Swift code uses the power
    /// form and Newton's method.) The script:
    ///
    ///     from fractions import Fraction as F
    ///     def bern(t, a, b): u = 1 - t; return 3*u*u*t*a + 3*u*t*t*b + t*t*t
    ///     def value(x1, y1, x2, y2, p):
    ///         lo, hi = F(0), F(1)
    ///         for _ in range(90):
    ///             mid = (lo + hi) / 2
    ///             if bern(mid, x1, x2) < p: lo = mid
    ///             else: hi = mid
    ///         return bern((lo + hi) / 2, y1, y2)
    static let references: [(String, TimingCurve, [Double])] = [
        ("linear", .linear, [0.1, 0.25, 0.5, 0.75, 0.9]),
        (
            "ease-in (0.42, 0, 1, 1)", .easeIn,
            [0.017026609652, 0.093464650719, 0.315356812573, 0.621861869175, 0.839427845762]
        ),
        (
            "ease-out (0, 0, 0.58, 1)", .easeOut,
            [0.160572154238, 0.378138130825, 0.684643187427, 0.906535349281, 0.982973390348]
        ),
        (
            "ease-in-out (0.42, 0, 0.58, 1)", .easeInOut,
            [0.019722453548, 0.129161931047, 0.500000000000, 0.870838068953, 0.980277546452]
        ),
        (
            "CSS ease (0.25, 0.1, 0.25, 1)", try! .cubicBezier(0.25, 0.1, 0.25, 1),
            [0.094796305716, 0.408510591355, 0.802403387585, 0.960458978349, 0.994316477485]
        ),
        (
            "back-out, overshooting (0.175, 0.885, 0.32, 1.275)", try! .cubicBezier(0.175, 0.885, 0.32, 1.275),
            [0.448261486144, 0.846680512220, 1.067552685070, 1.075874905977, 1.036928311040]
        ),
        (
            "anticipate, undershooting (0.6, -0.28, 0.735, 0.045)", try! .cubicBezier(0.6, -0.28, 0.735, 0.045),
            [-0.042677063187, -0.086946418046, -0.063621841821, 0.240392922653, 0.653100590599]
        ),
    ]

    @Test(arguments: 0..<references.count)
    func matchesIndependentValues(_ index: Int) {
        let (name, curve, expected) = Self.references[index]
        for (p, want) in zip(Self.progresses, expected) {
            let got = curve.value(at: p)
            // Required: 1e-4. The solver does far better; the references carry 12 decimals.
            #expect(abs(got - want) <= 1e-4, "\(name) at \(p): \(got) vs \(want)")
            #expect(abs(got - want) <= 1e-9, "\(name) at \(p): \(got) vs \(want)")
        }
    }

    @Test func endpointsAreExactAndInputIsClamped() {
        for (_, curve, _) in Self.references {
            #expect(curve.value(at: 0) == 0)
            #expect(curve.value(at: 1) == 1)
            #expect(curve.value(at: -0.5) == 0)
            #expect(curve.value(at: 1.5) == 1)
            #expect(curve.value(at: .nan) == 0)
        }
    }

    @Test func namedCurvesAreTheirControlPoints() throws {
        #expect(TimingCurve.easeIn == (try .cubicBezier(0.42, 0, 1, 1)))
        #expect(TimingCurve.easeOut == (try .cubicBezier(0, 0, 0.58, 1)))
        #expect(TimingCurve.easeInOut == (try .cubicBezier(0.42, 0, 0.58, 1)))
        #expect(TimingCurve.linear == (try .cubicBezier(0, 0, 1, 1)))
        #expect(TimingCurve.linear.isLinear)
        #expect((try TimingCurve.cubicBezier(0.3, 0.3, 0.8, 0.8)).value(at: 0.37) == 0.37)
    }

    /// Every curve is solved: x(t) = p to 1e-12 over a fine sweep, including the hard
    /// ones (x1 = 1, x2 = 0 has a vertical tangent at t = 1/2; x1 = x2 = 0 and x1 = x2 = 1
    /// are flat at an end).
    @Test func solverInvertsX() throws {
        let curves = [
            TimingCurve.easeIn, .easeOut, .easeInOut, try .cubicBezier(1, 0, 0, 1), try .cubicBezier(0, 0.5, 0, 0.5),
            try .cubicBezier(1, 0.5, 1, 0.5), try .cubicBezier(0.9, -2, 0.1, 3),
        ]
        for curve in curves {
            for i in 0...1000 {
                let p = Double(i) / 1000
                let t = curve.solveT(forX: p)
                #expect((0...1).contains(t))
                #expect(abs(TimingCurve.polynomial(t, curve.x1, curve.x2) - p) <= 1e-12, "\(curve) at \(p)")
            }
        }
    }

    @Test func valuesIncreaseForMonotonicCurves() {
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut] {
            var last = 0.0
            for i in 1...200 {
                let v = curve.value(at: Double(i) / 200)
                #expect(v > last)
                last = v
            }
        }
    }

    @Test func slopeMatchesDifferences() throws {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, try .cubicBezier(0.175, 0.885, 0.32, 1.275)] {
            for p in [0.05, 0.3, 0.5, 0.8, 0.95] {
                let h = 1e-5
                let numeric = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
                #expect(abs(curve.slope(at: p) - numeric) <= 1e-5, "\(curve) at \(p)")
            }
        }
        // The ends of ease-in-out are flat; ease-out starts at 1/0.58 (its limit y''/x'').
        #expect(abs(TimingCurve.easeInOut.slope(at: 0)) <= 1e-5)
        #expect(abs(TimingCurve.easeInOut.slope(at: 1)) <= 1e-5)
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - 1 / 0.58) <= 1e-9)
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - 1 / 0.58) <= 1e-9)
        // A vertical tangent: steep, finite.
        #expect(try TimingCurve.cubicBezier(1, 0, 0, 1).slope(at: 0.5) > 100)
    }
}
