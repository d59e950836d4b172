// Decay: the motion of a flung scroll view after the finger lifts.

#if canImport(Glibc)
    import Glibc
#endif

/// How fast a fling slows down: the fraction of its velocity kept per millisecond, as
/// `UIScrollView.DecelerationRate`.
public struct DecelerationRate: Hashable, Sendable {
    /// The fraction of velocity kept per millisecond, 0 < r < 1.
    public let perMillisecond: Double

    /// A custom rate, 0 < r < 1 (per millisecond).
    public init(perMillisecond r: Double) {
        precondition(r > 0 && r < 1, "DecelerationRate(perMillisecond: \(r)): must be in 0 < r < 1")
        perMillisecond = r
    }

    /// UIScrollView's `.normal`: 0.998 per ms (velocity halves in about 0.35 s).
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// UIScrollView's `.fast`: 0.99 per ms (velocity halves in about 69 ms).
    public static let fast = DecelerationRate(perMillisecond: 0.99)

    /// λ = -1000 ln r, per second: v(t) = v0 e^{-λ t} = v0 r^{1000 t}.
    public var decayConstant: Double { -1000 * log(perMillisecond) }
}

/// A fling: a value moving at `initialVelocity` that slows down exponentially,
/// v(t) = v0 · r^(1000 t), with r the deceleration rate per millisecond and t in seconds.
///
/// Position is the exact integral: x(t) = x0 + v0 (1 - e^{-λt}) / λ with λ = -1000 ln r, so
/// the position at rest is `projectedEnd` = x0 + v0 / λ.
///
/// That is the continuous definition. UIKit sample code (and paging code based on it)
/// often projects with the discrete per-millisecond sum, x0 + v0/1000 · r / (1 - r): for
/// `.normal` 0.4990 s · v0 against our 0.4995 s · v0 (0.1% more), for `.fast` 0.0990 s · v0
/// against 0.0995 s · v0. We use the integral everywhere (position, `projectedEnd`,
/// settling) so the motion ends exactly where it was projected to.
///
/// Settling: the fling is at rest once its speed is at most `restSpeed` (value units per
/// second, default 0.5: for points, under one point every two seconds). The remaining travel
/// then is at most `restSpeed / λ` (0.25 pt for `.normal`, 0.05 pt for `.fast`), which an
/// animator covers by applying `projectedEnd` when it finishes.
public struct Decay<Value: Animatable>: Equatable, Sendable {
    public var from: Value
    /// Value units per second.
    public var initialVelocity: Value
    public var rate: DecelerationRate
    /// Value units per second; see the type's documentation.
    public var restSpeed: Double

    public init(from: Value, initialVelocity: Value, rate: DecelerationRate = .normal, restSpeed: Double = 0.5) {
        precondition(restSpeed > 0, "Decay: restSpeed \(restSpeed) must be > 0")
        self.from = from
        self.initialVelocity = initialVelocity
        self.rate = rate
        self.restSpeed = restSpeed
    }

    /// The value at `t` seconds (t < 0 reads as 0).
    public func position(at t: Double) -> Value {
        let lambda = rate.decayConstant
        // 1 - e^{-λt} without cancellation for small t.
        return from + initialVelocity * (-expm1(-lambda * Swift.max(t, 0)) / lambda)
    }

    /// The velocity at `t` seconds, value units per second (t < 0 reads as 0).
    public func velocity(at t: Double) -> Value {
        initialVelocity * exp(-rate.decayConstant * Swift.max(t, 0))
    }

    /// Where the value comes to rest: x0 + v0 / λ (t → ∞).
    public var projectedEnd: Value {
        Self.projectedEnd(from: from, initialVelocity: initialVelocity, rate: rate)
    }

    /// Where a fling from `from` at `initialVelocity` comes to rest: x0 + v0 / λ. For
    /// paging code choosing a target before animating.
    public static func projectedEnd(from: Value, initialVelocity: Value, rate: DecelerationRate) -> Value {
        from + initialVelocity * (1 / rate.decayConstant)
    }

    /// The time, in seconds, at which the speed falls to `restSpeed`:
    /// ln(|v0| / restSpeed) / λ, or 0 if it starts slower.
    public var settlingDuration: Double {
        let speed = initialVelocity.magnitude
        guard speed > restSpeed else { return 0 }
        return log(speed / restSpeed) / rate.decayConstant
    }

    /// True when the speed at `t` is at most `restSpeed`.
    public func isSettled(at t: Double) -> Bool {
        velocity(at: t).magnitude <= restSpeed
    }
}
