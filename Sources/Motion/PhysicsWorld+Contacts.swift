// Finding and resolving contacts between bodies and boundary segments.

#if canImport(Glibc)
    import Glibc
#endif

import FixedPoint

extension PhysicsWorld {
    // MARK: Detection

    /// Refreshes every contact slot from the bodies' positions at the start of the step.
    func detectContacts(_ h: Double) {
        for k in contacts.indices {
            let b = contacts[k].body
            let body = bodies[b]
            let boundary = boundaries[contacts[k].boundary]
            // Twice the farthest any point of the body can move in this step, plus 1 pt.
            let reach =
                2 * h * (body.velocity.magnitude + Swift.abs(body.angularVelocity) * body.halfSize.magnitude) + 1
            contacts[k].wasActive = contacts[k].isActive
            if contacts[k].feature < 4 {
                detectCorner(k, body: body, boundary: boundary, reach: reach)
            } else {
                detectEnd(k, body: body, end: contacts[k].feature == 4 ? boundary.from : boundary.to, reach: reach)
            }
            if !contacts[k].isActive {
                contacts[k].normalImpulse = 0
                contacts[k].tangentImpulse = 0
            }
        }
    }

    /// A corner of the body against the segment.
    private func detectCorner(_ k: Int, body: RigidBody, boundary: Boundary, reach: Double) {
        let local = body.localCorner(contacts[k].feature)
        let p = body.worldPoint(local)
        let lineNormal = boundary.unitNormal
        let signed = (p - boundary.from).dot(lineNormal)
        let t = boundary.projection(of: p)
        var slot = contacts[k]
        if t > 0 && t < 1 {
            // Over the segment: it can only be crossed by penetrating, so keep the side the
            // corner came from unless it is clearly on one side.
            if slot.side == 0 || Swift.abs(signed) > Self.sideLock {
                slot.side = signed >= 0 ? 1 : -1
            }
            let side = Double(slot.side)
            slot.normal = lineNormal * side
            slot.gap = signed * side
            slot.wallPoint = boundary.from + (boundary.to - boundary.from) * t
        } else {
            // Beyond an end: free to pass either side; the nearest end is the contact.
            let end = t <= 0 ? boundary.from : boundary.to
            slot.side = signed >= 0 ? 1 : -1
            let offset = p - end
            let distance = offset.magnitude
            if distance > 1e-9 {
                slot.normal = offset / distance
            } else {
                slot.normal = lineNormal * Double(slot.side)
            }
            slot.gap = distance
            slot.wallPoint = end
        }
        slot.bodyPoint = local
        slot.isActive = slot.gap < reach
        contacts[k] = slot
    }

    /// An end of the segment against a face of the body (corner regions are left to the
    /// corner contacts).
    private func detectEnd(_ k: Int, body: RigidBody, end: Point2D, reach: Double) {
        let local = body.localPoint(end)
        let half = body.halfSize
        let outsideX = Swift.abs(local.x) > half.x
        let outsideY = Swift.abs(local.y) > half.y
        var slot = contacts[k]
        if outsideX && outsideY {
            slot.isActive = false
            contacts[k] = slot
            return
        }
        var normalLocal: Point2D
        if outsideX || outsideY {
            if outsideX {
                slot.gap = Swift.abs(local.x) - half.x
                normalLocal = Point2D(local.x > 0 ? -1 : 1, 0)
                slot.bodyPoint = Point2D(local.x > 0 ? half.x : -half.x, local.y)
            } else {
                slot.gap = Swift.abs(local.y) - half.y
                normalLocal = Point2D(0, local.y > 0 ? -1 : 1)
                slot.bodyPoint = Point2D(local.x, local.y > 0 ? half.y : -half.y)
            }
        } else {
            // Inside: the face it is least deep behind.
            let depthX = half.x - Swift.abs(local.x)
            let depthY = half.y - Swift.abs(local.y)
            if depthX <= depthY {
                slot.gap = -depthX
                normalLocal = Point2D(local.x > 0 ? -1 : 1, 0)
                slot.bodyPoint = Point2D(local.x > 0 ? half.x : -half.x, local.y)
            } else {
                slot.gap = -depthY
                normalLocal = Point2D(0, local.y > 0 ? -1 : 1)
                slot.bodyPoint = Point2D(local.x, local.y > 0 ? half.y : -half.y)
            }
        }
        slot.normal = normalLocal.rotated(by: body.angle)
        slot.wallPoint = end
        slot.isActive = slot.gap < reach
        contacts[k] = slot
    }

    // MARK: Velocities

    /// Effective masses, warm starting, then the velocity each contact must reach.
    func prepareContacts(_ h: Double) {
        for k in contacts.indices where contacts[k].isActive {
            let b = contacts[k].body
            let body = bodies[b]
            let n = contacts[k].normal
            let r = contacts[k].bodyPoint.rotated(by: body.angle)
            contacts[k].r = r
            let rn = r.cross(n)
            let rt = r.cross(n.perpendicular)
            contacts[k].normalMass = 1 / (body.inverseMass + body.inverseInertia * rn * rn)
            contacts[k].tangentMass = 1 / (body.inverseMass + body.inverseInertia * rt * rt)
            if contacts[k].wasActive {
                applyContactImpulse(
                    n * contacts[k].normalImpulse + n.perpendicular * contacts[k].tangentImpulse, to: b, at: r)
            } else {
                contacts[k].normalImpulse = 0
                contacts[k].tangentImpulse = 0
            }
        }
        for k in contacts.indices where contacts[k].isActive {
            let body = bodies[contacts[k].body]
            let approach = (body.velocity + contacts[k].r.perpendicular * body.angularVelocity).dot(contacts[k].normal)
            let gap = contacts[k].gap
            if approach < -restitutionThreshold && gap <= -approach * h && body.elasticity > 0 {
                contacts[k].velocityTarget = -body.elasticity * approach
            } else {
                contacts[k].velocityTarget = gap > 0 ? -gap / h : 0
            }
        }
    }

    private func applyContactImpulse(_ impulse: Point2D, to b: Int, at r: Point2D) {
        bodies[b].velocity += impulse * bodies[b].inverseMass
        bodies[b].angularVelocity += r.cross(impulse) * bodies[b].inverseInertia
    }

    func solveContactVelocities() {
        for k in contacts.indices where contacts[k].isActive {
            let b = contacts[k].body
            let r = contacts[k].r
            let n = contacts[k].normal
            let friction = bodies[b].friction
            if friction > 0 {
                let t = n.perpendicular
                let body = bodies[b]
                let vt = (body.velocity + r.perpendicular * body.angularVelocity).dot(t)
                let limit = friction * contacts[k].normalImpulse
                let old = contacts[k].tangentImpulse
                let new = Swift.min(Swift.max(old - contacts[k].tangentMass * vt, -limit), limit)
                contacts[k].tangentImpulse = new
                applyContactImpulse(t * (new - old), to: b, at: r)
            }
            let body = bodies[b]
            let vn = (body.velocity + r.perpendicular * body.angularVelocity).dot(n)
            let old = contacts[k].normalImpulse
            let new = Swift.max(old + contacts[k].normalMass * (contacts[k].velocityTarget - vn), 0)
            contacts[k].normalImpulse = new
            applyContactImpulse(n * (new - old), to: b, at: r)
        }
    }

    // MARK: Positions

    func solveContactPositions() {
        for k in contacts.indices where contacts[k].isActive {
            let b = contacts[k].body
            let body = bodies[b]
            let n = contacts[k].normal
            let point = body.worldPoint(contacts[k].bodyPoint)
            let separation = (point - contacts[k].wallPoint).dot(n)
            let c = Swift.min(
                Swift.max(Self.contactCorrectionFactor * (separation + Self.linearSlop), -Self.maxCorrection), 0)
            if c < 0 {
                let r = point - body.position
                let rn = r.cross(n)
                let impulse = -c / (body.inverseMass + body.inverseInertia * rn * rn)
                bodies[b].position += n * (impulse * body.inverseMass)
                bodies[b].angle += rn * impulse * body.inverseInertia
            }
        }
    }
}

extension PhysicsWorld {
    /// Whether a body pressed on `boundary` in the last step: a contact with it active
    /// and pushing (a positive normal impulse).
    public func isPressing(_ boundary: BoundaryID) -> Bool {
        for k in contacts.indices
        where contacts[k].boundary == boundary.index && contacts[k].isActive && contacts[k].normalImpulse > 0 {
            return true
        }
        return false
    }
}
