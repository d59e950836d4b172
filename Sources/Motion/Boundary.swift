// Collision boundaries: fixed line segments bodies cannot cross.

import FixedPoint

/// A fixed line segment in world space (points) that bodies collide with, as a boundary
/// added to UIKit's `UICollisionBehavior`. Two-sided: a body on either side stays on that
/// side. Restitution and friction come from the body.
public struct Boundary: Hashable, Sendable {
    public var from: Point2D
    public var to: Point2D

    public init(from: Point2D, to: Point2D) {
        precondition(from != to, "Boundary: from and to must differ (\(from))")
        self.from = from
        self.to = to
    }

    /// The unit normal (-dy, dx) / |d| for the direction d = to - from: with y down, d turned
    /// a quarter turn clockwise on screen.
    var unitNormal: Point2D {
        let d = to - from
        return d.perpendicular / d.magnitude
    }

    /// The signed distance of `p` from the segment's line, positive on `unitNormal`'s side.
    public func signedDistance(to p: Point2D) -> Double {
        (p - from).dot(unitNormal)
    }

    /// The fraction along the segment (0 at `from`, 1 at `to`) of `p`'s projection onto its
    /// line, unclamped.
    func projection(of p: Point2D) -> Double {
        let d = to - from
        return (p - from).dot(d) / d.magnitudeSquared
    }

    /// The point of the segment closest to `p`.
    public func closestPoint(to p: Point2D) -> Point2D {
        let t = projection(of: p)
        return from + (to - from) * (t < 0 ? 0 : (t > 1 ? 1 : t))
    }
}
