// Pushes: constant forces on bodies.

import FixedPoint

/// A constant force on a body, as UIKit's `UIPushBehavior` in continuous mode (or gravity:
/// a force of mass × g): fixed in world direction, applied at a point of the body.
public struct Push: Hashable, Sendable {
    public var body: BodyID
    /// mass·pt/s² in world coordinates (UIKit's push magnitude 1 = 100 of these).
    public var force: Point2D
    /// Where it acts, body coordinates (offset from the centre): a push off-centre also turns
    /// the body. `.zero` is the centre.
    public var localPoint: Point2D
    /// A disabled push exerts no force.
    public var isEnabled: Bool = true
}
