// Timing curves: how an animation's progress (time) maps to its value fraction.

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1) with control points (x1, y1) and
/// (x2, y2), as Core Animation's `CAMediaTimingFunction` and CSS's `cubic-bezier()`.
///
/// The input is the fraction of the duration elapsed (x); the output is the fraction of the
/// way from `from` to `to` (y). `x1` and `x2` lie in 0...1, so x(t) is monotonic and every
/// progress has exactly one value; `y1` and `y2` may lie outside 0...1 (overshoot).
///
/// One representation for every curve, named or not: `.easeIn` is exactly
/// `cubicBezier(0.42, 0, 1, 1)`, they compare equal and print the same (`description`).
///
/// Solving: x(t) = progress is solved for t by Newton's method from t = progress, with a
/// bisection fallback when Newton stalls (a flat x'(t)) or leaves 0...1; the solution is
/// accurate to 1e-12 in x. Any curve with x1 == y1 and x2 == y2 is the identity (`linear`)
/// and is not solved at all.
public struct TimingCurve: Hashable, Sendable {
    /// The first control point's x, in 0...1.
    public let x1: Double
    /// The first control point's y (any finite value).
    public let y1: Double
    /// The second control point's x, in 0...1.
    public let x2: Double
    /// The second control point's y (any finite value).
    public let y2: Double

    /// Core Animation's `linear`: the value fraction equals the time fraction.
    public static let linear = TimingCurve(uncheckedX1: 0, y1: 0, x2: 1, y2: 1)
    /// Core Animation's `easeIn`: control points (0.42, 0), (1, 1).
    public static let easeIn = TimingCurve(uncheckedX1: 0.42, y1: 0, x2: 1, y2: 1)
    /// Core Animation's `easeOut`: control points (0, 0), (0.58, 1).
    public static let easeOut = TimingCurve(uncheckedX1: 0, y1: 0, x2: 0.58, y2: 1)
    /// Core Animation's `easeInEaseOut`: control points (0.42, 0), (0.58, 1).
    public static let easeInOut = TimingCurve(uncheckedX1: 0.42, y1: 0, x2: 0.58, y2: 1)

    /// A custom curve. Throws `TimingCurveError.controlPointXOutOfRange` when x1 or x2 is
    /// outside 0...1, and `.notFinite` for an infinity or NaN.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(TimingCurveError)
        -> TimingCurve
    {
        for (name, v) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !v.isFinite {
            throw .notFinite(name: name, text: "\(v)")
        }
        if !(0...1).contains(x1) { throw .controlPointXOutOfRange(name: "x1", value: x1) }
        if !(0...1).contains(x2) { throw .controlPointXOutOfRange(name: "x2", value: x2) }
        return TimingCurve(uncheckedX1: x1, y1: y1, x2: x2, y2: y2)
    }

    @usableFromInline
    init(uncheckedX1 x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// True when the curve is the identity (x1 == y1 and x2 == y2: the Bézier lies on y = x).
    public var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// The value fraction at `progress` (the time fraction, clamped to 0...1): exactly 0 at
    /// 0 and exactly 1 at 1.
    public func value(at progress: Double) -> Double {
        let p = Self.clamp(progress)
        if p == 0 { return 0 }
        if p == 1 { return 1 }
        if isLinear { return p }
        return Self.polynomial(solveT(forX: p), y1, y2)
    }

    /// dy/dx at `progress` (clamped to 0...1): the value fraction's rate of change per unit
    /// of time fraction. Used to carry velocity from an interrupted curve animation into a
    /// spring. Where x'(t) and y'(t) both vanish (ease-out's and ease-in-out's flat ends),
    /// the limit by L'Hôpital's rule; where only x'(t) does (a vertical tangent), a
    /// one-sided difference over 1e-6 of progress (large, finite).
    public func slope(at progress: Double) -> Double {
        let p = Self.clamp(progress)
        if isLinear { return 1 }
        let t = solveT(forX: p)
        let epsilon = 1e-9
        let dx = Self.derivative(t, x1, x2)
        if Swift.abs(dx) > epsilon {
            return Self.derivative(t, y1, y2) / dx
        }
        if Swift.abs(Self.derivative(t, y1, y2)) <= epsilon {
            let ddx = Self.secondDerivative(t, x1, x2)
            if Swift.abs(ddx) > epsilon {
                return Self.secondDerivative(t, y1, y2) / ddx
            }
            let dddx = Self.thirdDerivative(x1, x2)
            if Swift.abs(dddx) > epsilon {
                return Self.thirdDerivative(y1, y2) / dddx
            }
        }
        let h = 1e-6
        let (a, b) = p + h <= 1 ? (p, p + h) : (p - h, p)
        return (value(at: b) - value(at: a)) / (b - a)
    }

    // MARK: The polynomial

    /// B(t) = 3(1-t)^2 t a + 3(1-t) t^2 b + t^3, as ((A t + B) t + C) t.
    @inlinable
    static func polynomial(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let c = 3 * a
        let bb = 3 * (b - a) - c
        let aa = 1 - c - bb
        return ((aa * t + bb) * t + c) * t
    }

    /// B'(t) = (3 A t + 2 B) t + C.
    @inlinable
    static func derivative(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let c = 3 * a
        let bb = 3 * (b - a) - c
        let aa = 1 - c - bb
        return (3 * aa * t + 2 * bb) * t + c
    }

    /// B''(t) = 6 A t + 2 B.
    @inlinable
    static func secondDerivative(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let c = 3 * a
        let bb = 3 * (b - a) - c
        let aa = 1 - c - bb
        return 6 * aa * t + 2 * bb
    }

    /// B'''(t) = 6 A.
    @inlinable
    static func thirdDerivative(_ a: Double, _ b: Double) -> Double {
        let c = 3 * a
        let bb = 3 * (b - a) - c
        return 6 * (1 - c - bb)
    }

    static func clamp(_ p: Double) -> Double {
        // NaN (comparisons false) clamps to 0.
        p >= 1 ? 1 : (p > 0 ? p : 0)
    }

    /// The t in 0...1 with x(t) = x, to 1e-12 in x.
    func solveT(forX x: Double) -> Double {
        let epsilon = 1e-12
        // Newton from t = x: converges in a handful of steps for every sensible curve.
        var t = x
        for _ in 0..<8 {
            let error = Self.polynomial(t, x1, x2) - x
            if Swift.abs(error) < epsilon { return t }
            let d = Self.derivative(t, x1, x2)
            if Swift.abs(d) < 1e-6 { break }
            let next = t - error / d
            if !(0...1).contains(next) { break }
            t = next
        }
        // Bisection: x(t) is non-decreasing on 0...1 since x1, x2 are in 0...1.
        var lo = 0.0
        var hi = 1.0
        t = x
        for _ in 0..<64 {
            let error = Self.polynomial(t, x1, x2) - x
            if Swift.abs(error) < epsilon { return t }
            if error < 0 { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
