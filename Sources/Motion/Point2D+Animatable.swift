import FixedPoint

/// Positions, velocities and sizes in points animate as vectors: each coordinate by the
/// same scalar laws, `magnitude` the Euclidean length.
extension Point2D: Animatable {}
