// Hinges: a point of a body pinned to a fixed point of the world.

import FixedPoint

/// A revolute joint pinning a point of a body to a fixed world point, as UIKit's
/// `UIAttachmentBehavior(item:offsetFromCenter:attachedToAnchor:)` with length 0: the body
/// may turn about the pin but not move away from it.
///
/// Solved as a velocity constraint (the pin's velocity is zero, with warm starting from the
/// previous step's impulse), then, after positions are integrated, a position projection
/// that moves the body so the pin is back on the anchor (non-linear Gauss-Seidel, as Box2D's
/// revolute joint). The projection removes the drift that a velocity-only constraint
/// accumulates while turning (ω² h² r / 2 per step), so the pin stays on its anchor to well
/// under 0.01 pt.
public struct Hinge: Hashable, Sendable {
    /// The pinned body.
    public var body: BodyID
    /// The pinned point, body coordinates (offset from the centre, unrotated), points.
    public var localPoint: Point2D
    /// The fixed world point, points.
    public var anchor: Point2D

    public init(body: BodyID, localPoint: Point2D, anchor: Point2D) {
        self.body = body
        self.localPoint = localPoint
        self.anchor = anchor
    }
}
