// Damped springs, solved in closed form.

#if canImport(Glibc)
    import Glibc
#endif

/// The physical constants of a damped spring: m x'' = -k x - c x', where x is the
/// displacement from the target.
///
/// Units: `mass` in arbitrary mass units, `stiffness` in mass/s², `damping` in mass/s, so
/// only the ratios k/m and c/m matter (as for `CASpringAnimation`).
public struct SpringParameters: Hashable, Sendable {
    /// m > 0.
    public var mass: Double
    /// k > 0.
    public var stiffness: Double
    /// c >= 0 (0: undamped, never settles).
    public var damping: Double

    /// A spring from its physical constants (`CASpringAnimation`'s mass, stiffness, damping).
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        precondition(mass > 0 && mass.isFinite, "SpringParameters: mass \(mass) must be finite and > 0")
        precondition(
            stiffness > 0 && stiffness.isFinite, "SpringParameters: stiffness \(stiffness) must be finite and > 0")
        precondition(damping >= 0 && damping.isFinite, "SpringParameters: damping \(damping) must be finite and >= 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring described as SwiftUI's `Spring(response:dampingRatio:)` and UIKit's
    /// `UISpringTimingParameters(dampingRatio:)` think of it, with mass 1:
    /// - `response` (s, > 0): the period of the undamped oscillation, 2π / ω0, so
    ///   stiffness = (2π / response)²;
    /// - `dampingRatio` (>= 0): ζ = c / (2 √(k m)); 1 is critically damped (fastest without
    ///   overshoot), < 1 bounces, > 1 creeps. So damping = 4π ζ / response.
    public init(dampingRatio: Double, response: Double) {
        precondition(response > 0 && response.isFinite, "SpringParameters: response \(response) must be finite and > 0")
        precondition(
            dampingRatio >= 0 && dampingRatio.isFinite,
            "SpringParameters: dampingRatio \(dampingRatio) must be finite and >= 0")
        let omega = 2 * Double.pi / response
        self.init(mass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega)
    }

    /// ω0 = √(k / m), rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c / (2 √(k m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Damping ratios within this of 1 use the critically damped solution. Just above 1 the
    /// over-damped formula divides by the difference of two close roots, 2 ω0 √(ζ² - 1),
    /// and loses about half the digits of |ζ - 1| (≈ 5 of 16 at the band's edge, harmless);
    /// inside the band the critical solution is off by about |ζ - 1| ω0 t relative, under
    /// 1e-9 for any visible spring.
    public static let criticalBand = 1e-10

    /// The response of a unit displacement and of a unit velocity:
    /// x(t) = x0 · f(t) + v0 · g(t), x'(t) = x0 · f'(t) + v0 · g'(t).
    ///
    /// The equation is linear, so a vector-valued spring moves each component by these same
    /// four scalars; `Spring<Value>` is built on them.
    public func basis(at t: Double) -> (f: Double, g: Double, df: Double, dg: Double) {
        let w0 = naturalFrequency
        let zeta = dampingRatio
        if Swift.abs(zeta - 1) <= Self.criticalBand {
            // x = e^{-w0 t} (x0 + (v0 + w0 x0) t)
            let e = exp(-w0 * t)
            return (e * (1 + w0 * t), e * t, -w0 * w0 * t * e, e * (1 - w0 * t))
        } else if zeta < 1 {
            // x = e^{-ζ w0 t} (x0 cos wd t + (v0 + ζ w0 x0) / wd sin wd t)
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = zeta * w0
            let e = exp(-a * t)
            let c = cos(wd * t)
            let s = sin(wd * t)
            let f = e * (c + a / wd * s)
            let g = e * s / wd
            // f' = -e (a² / wd + wd) s = -e w0² / wd s;  g' = e (c - a / wd s)
            let df = -e * (w0 * w0 / wd) * s
            let dg = e * (c - a / wd * s)
            return (f, g, df, dg)
        } else {
            // x = c1 e^{r1 t} + c2 e^{r2 t}, r1,2 = -w0 (ζ ∓ √(ζ² - 1)) (r1 the slower root)
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root)
            let r2 = -w0 * (zeta + root)
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            let d = r2 - r1
            let f = (r2 * e1 - r1 * e2) / d
            let g = (e2 - e1) / d
            let df = r1 * r2 * (e1 - e2) / d
            let dg = (r2 * e2 - r1 * e1) / d
            return (f, g, df, dg)
        }
    }
}

/// A damped spring moving a value from `from` to `to`, starting with `initialVelocity`:
/// the exact (closed-form) solution of m x'' = -k (x - to) - c x' for the under-damped,
/// critically damped and over-damped cases. Time `t` is in seconds since the spring started.
///
/// `initialVelocity` is in value units per second (absolute, unlike UIKit's
/// `initialSpringVelocity`, which is relative to the distance to travel).
///
/// Settling: `isSettled(at:)` is true when the displacement from `to` is at most
/// `restDisplacement` and the speed at most `restSpeed` (both in the value's units, per
/// second for the speed; defaults 0.001 and 0.01, below a hundredth of a point or of
/// full opacity). The spring's energy never increases (c >= 0), so once both are small
/// the displacement stays below √(restDisplacement² + (m/k) restSpeed²): settling is for
/// good, not a zero crossing.
public struct Spring<Value: Animatable>: Equatable, Sendable {
    public var parameters: SpringParameters
    public var from: Value
    public var to: Value
    /// Value units per second.
    public var initialVelocity: Value
    /// Value units; see the type's documentation.
    public var restDisplacement: Double
    /// Value units per second; see the type's documentation.
    public var restSpeed: Double

    public init(
        _ parameters: SpringParameters, from: Value, to: Value, initialVelocity: Value = .zero,
        restDisplacement: Double = 0.001, restSpeed: Double = 0.01
    ) {
        precondition(restDisplacement > 0 && restSpeed > 0, "Spring: rest thresholds must be > 0")
        self.parameters = parameters
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.restDisplacement = restDisplacement
        self.restSpeed = restSpeed
    }

    /// A spring from its physical constants.
    public init(
        mass: Double = 1, stiffness: Double, damping: Double, from: Value, to: Value,
        initialVelocity: Value = .zero
    ) {
        self.init(
            SpringParameters(mass: mass, stiffness: stiffness, damping: damping), from: from, to: to,
            initialVelocity: initialVelocity)
    }

    /// The value at `t` seconds (t < 0 reads as 0).
    public func position(at t: Double) -> Value {
        let b = parameters.basis(at: Swift.max(t, 0))
        return to + (from - to) * b.f + initialVelocity * b.g
    }

    /// The velocity at `t` seconds, value units per second (t < 0 reads as 0).
    public func velocity(at t: Double) -> Value {
        let b = parameters.basis(at: Swift.max(t, 0))
        return (from - to) * b.df + initialVelocity * b.dg
    }

    /// Both at once (one evaluation of the exponentials).
    public func state(at t: Double) -> (position: Value, velocity: Value) {
        let b = parameters.basis(at: Swift.max(t, 0))
        let x0 = from - to
        return (to + x0 * b.f + initialVelocity * b.g, x0 * b.df + initialVelocity * b.dg)
    }

    /// True when the spring is at rest at `t`: see the type's documentation.
    public func isSettled(at t: Double) -> Bool {
        let s = state(at: t)
        return (s.position - to).magnitude <= restDisplacement && s.velocity.magnitude <= restSpeed
    }
}
