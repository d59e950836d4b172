// The solver's memory of one possible contact between a body and a boundary.

import FixedPoint

/// One candidate contact between a body and a boundary: either a corner of the body against
/// the segment (`feature` 0...3, `RigidBody.localCorner` order) or an end of the segment
/// against a face of the body (`feature` 4: `from`, 5: `to`). The world keeps one slot per
/// (body, boundary, feature), allocated when bodies and boundaries are added, so stepping
/// allocates nothing and impulses carry over between steps (warm starting).
struct ContactSlot {
    let body: Int
    let boundary: Int
    let feature: Int

    /// Which side of the boundary's line the corner is on (+1: `Boundary.unitNormal`'s
    /// side, -1: the other, 0: not yet known). Updated only while the corner is clearly on
    /// one side (more than `PhysicsWorld.sideLock` from the line) or beyond the segment's ends,
    /// so a corner that touches the line is always pushed back to the side it came from.
    var side: Int8 = 0

    /// Within reach this step (its constraint is solved).
    var isActive = false
    /// Was active in the previous step (its impulses are valid for warm starting).
    var wasActive = false

    /// Unit vector, world space, along which the boundary pushes the body.
    var normal = Point2D.zero
    /// The contact point on the body, body coordinates.
    var bodyPoint = Point2D.zero
    /// The contact point on the boundary, world space.
    var wallPoint = Point2D.zero
    /// Distance between the two along `normal` at detection, points (negative: penetration).
    var gap = 0.0

    /// The body point's offset from the centre, world orientation (this step).
    var r = Point2D.zero
    var normalMass = 0.0
    var tangentMass = 0.0
    /// The least normal velocity allowed after the solve, pt/s (restitution or speculative).
    var velocityTarget = 0.0
    /// Accumulated impulses, mass·pt/s.
    var normalImpulse = 0.0
    var tangentImpulse = 0.0

    init(body: Int, boundary: Int, feature: Int) {
        self.body = body
        self.boundary = boundary
        self.feature = feature
    }
}
