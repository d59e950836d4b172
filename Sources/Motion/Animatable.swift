// Values that animations and springs can move.

import FixedPoint

/// A value that can be animated: a vector space over Double with a length.
///
/// Springs and decays are linear equations, so they move every component by the same
/// scalar laws (see `Spring`). `magnitude`
/// measures displacements and velocities for the settling tests, in the value's own units
/// (points for positions, radians for angles, plain numbers for opacity).
///
/// `Double` and `Point2D` conform here; scenes conform their own types (a colour, a rect)
/// by implementing `+`, `-`, `zero`, `* Double` and `magnitude`.
public protocol Animatable: AdditiveArithmetic, Sendable {
    /// The value scaled by `factor` (every component multiplied).
    static func * (lhs: Self, rhs: Double) -> Self

    /// A norm, used to decide when a spring or decay has come to rest: |x| for a scalar,
    /// the Euclidean length for a vector. Never negative.
    var magnitude: Double { get }
}

extension Double: Animatable {}
