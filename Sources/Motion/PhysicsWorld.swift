// A small 2-D rigid-body world for UIKit-Dynamics-style scenes (the guillotine menu).

#if canImport(Glibc)
    import Glibc
#endif

import FixedPoint

/// Rigid rectangles with pushes, hinges and boundary segments, stepped at a fixed 4 ms: what
/// UIKit's `UIDynamicAnimator` does with `UIPushBehavior`, `UIAttachmentBehavior` (to an
/// anchor), `UICollisionBehavior` boundaries and `UIDynamicItemBehavior`.
///
/// Single-threaded (owned by the event loop), not `Sendable`. Units: points, seconds, y down;
/// angles clockwise on screen (see `RigidBody`). Bodies collide with boundaries, not with
/// each other.
///
/// **Time.** `advance(to:)` runs as many whole 4 ms steps as fit up to the given time and
/// keeps the remainder for next time, so results depend only on the times asked for, never
/// on frame timing: the same inputs give bit-identical states. The state shown is the one
/// at the last whole step (up to 4 ms behind the frame time; not interpolated).
///
/// **A step** (sequential impulses, after Box2D):
/// 1. pushes and damping change velocities (semi-implicit Euler);
/// 2. contacts are found: every body corner against every boundary segment, and every
///    segment end against every body face, within a speculative reach of twice the distance
///    any point of the body can move in a step plus 1 pt;
/// 3. 10 velocity iterations of hinges and contacts (warm-started from the last step). A
///    contact allows the body to approach by at most its gap in this step (a speculative
///    contact: this is what prevents tunnelling, at any speed, with no sub-stepping); when
///    the approach is faster than `restitutionThreshold` and would close the gap within
///    the step, the contact instead demands the reflected speed times the body's elasticity
///    (a bounce, up to one step's travel before the exact moment of impact);
/// 4. positions integrate from the new velocities;
/// 5. 4 position iterations pull hinges back onto their anchors and push corners out of
///    boundaries beyond `linearSlop`.
///
/// **Accuracy.** Hinges hold to ~1e-13 pt in the guillotine test (10 s pendulum: < 0.01
/// pt). A corner meeting a boundary ends its step on the boundary up to the curvature of its
/// path within the step: in the tests it goes past by about 1e-6 pt at most for the menu
/// and 0.07 pt for a box hitting at 30 000 pt/s while spinning at 20 rad/s, then is pushed
/// back to within `linearSlop`. The documented tolerance is 0.5 pt. Two contacts struck at
/// once (a box landing flat on two points) are solved one after the other, which leaves a
/// small asymmetry in the bounce (a slight spin); friction takes it out.
///
/// **Allocation.** `step` allocates nothing on the heap: bodies, hinges, pushes and one
/// contact slot per (body, boundary, feature) live in arrays sized when they are added, and
/// are updated in place (0 allocations over 1000 guillotine steps under an LD_PRELOAD malloc
/// counter, debug build).
///
/// **Settling.** `isSettled` is true once every body has moved slower than
/// `restLinearSpeed` and turned slower than `restAngularSpeed` for `restDuration` (25
/// steps by default), as UIDynamicAnimator pauses when its items come to rest. A body that
/// merely passes through zero speed (the top of a swing) does not settle unless its motion
/// is so slow it stays under both thresholds for the whole duration.
public final class PhysicsWorld {
    /// The fixed step, seconds (the Architecture article, "Conventions").
    public static let stepDuration = 0.004
    /// Velocity solver iterations per step.
    public static let velocityIterations = 10
    /// Position solver iterations per step.
    public static let positionIterations = 4
    /// Penetration of a boundary tolerated without position correction, points.
    public static let linearSlop = 0.05
    /// The fraction of a penetration removed per position iteration.
    static let contactCorrectionFactor = 0.2
    /// The largest position correction per contact per iteration, points.
    static let maxCorrection = 4.0
    /// A corner farther than this from a boundary's line (points) is clearly on one side.
    static let sideLock = 0.5

    /// Approach speeds (pt/s, along the contact normal) under this collide inelastically,
    /// so a body resting on a boundary under a push does not jitter (a push adds about
    /// force/mass · 4 ms per step). 50 pt/s is under 1 pt per 60 Hz frame.
    public var restitutionThreshold = 50.0
    /// Settling: points per second (see the type's documentation).
    public var restLinearSpeed = 2.0
    /// Settling: radians per second (0.005 rad/s is 0.29°/s).
    public var restAngularSpeed = 0.005
    /// Settling: seconds the bodies must stay under both speeds.
    public var restDuration = 0.1

    public internal(set) var bodies: [RigidBody] = []
    public private(set) var hinges: [Hinge] = []
    public private(set) var pushes: [Push] = []
    public private(set) var boundaries: [Boundary] = []

    /// Per body (scratch for the force pass).
    private var forces: [Point2D] = []
    private var torques: [Double] = []
    /// Per hinge: the solver state.
    private var hingeR: [Point2D] = []
    private var hingeImpulse: [Point2D] = []
    /// Per (body, boundary, feature): see `ContactSlot`.
    var contacts: [ContactSlot] = []

    private var originTime: Double
    /// Whole steps run since `originTime`.
    public private(set) var stepCount = 0
    /// Consecutive steps every body has been under the rest speeds.
    private var quietSteps = 0

    /// An empty world whose clock starts at `startTime` (seconds, on the animation clock).
    public init(startTime: Double = 0) {
        originTime = startTime
    }

    /// The simulated time: the start time plus the whole steps run, seconds.
    public var time: Double { originTime + Double(stepCount) * Self.stepDuration }

    // MARK: Building

    /// Adds a body; returns its handle.
    @discardableResult
    public func addBody(_ body: RigidBody) -> BodyID {
        bodies.append(body)
        forces.append(.zero)
        torques.append(0)
        quietSteps = 0
        rebuildContactSlots()
        return BodyID(index: bodies.count - 1)
    }

    /// The body `id`; set it to teleport, change velocity, elasticity...
    public subscript(id: BodyID) -> RigidBody {
        get { bodies[id.index] }
        set {
            bodies[id.index] = newValue
            quietSteps = 0
        }
    }

    /// Pins `localPoint` of `body` (body coordinates) to the world point `anchor` (nil: where
    /// that point is now).
    @discardableResult
    public func addHinge(body: BodyID, localPoint: Point2D, anchor: Point2D? = nil) -> HingeID {
        let anchor = anchor ?? bodies[body.index].worldPoint(localPoint)
        hinges.append(Hinge(body: body, localPoint: localPoint, anchor: anchor))
        hingeR.append(.zero)
        hingeImpulse.append(.zero)
        quietSteps = 0
        return HingeID(index: hinges.count - 1)
    }

    /// The hinge `id`.
    public subscript(id: HingeID) -> Hinge {
        hinges[id.index]
    }

    /// How far the hinge's body point is from its anchor, points.
    public func hingeError(_ id: HingeID) -> Double {
        let hinge = hinges[id.index]
        return (bodies[hinge.body.index].worldPoint(hinge.localPoint) - hinge.anchor).magnitude
    }

    /// Adds a constant `force` (mass·pt/s², world direction) on `body` at `localPoint` (body
    /// coordinates; default the centre).
    @discardableResult
    public func addPush(to body: BodyID, force: Point2D, at localPoint: Point2D = .zero) -> PushID {
        pushes.append(Push(body: body, force: force, localPoint: localPoint))
        quietSteps = 0
        return PushID(index: pushes.count - 1)
    }

    /// The push `id`; set it to change the force or disable it.
    public subscript(id: PushID) -> Push {
        get { pushes[id.index] }
        set {
            pushes[id.index] = newValue
            quietSteps = 0
        }
    }

    /// Adds a boundary segment from `from` to `to` (world points).
    @discardableResult
    public func addBoundary(from: Point2D, to: Point2D) -> BoundaryID {
        boundaries.append(Boundary(from: from, to: to))
        rebuildContactSlots()
        quietSteps = 0
        return BoundaryID(index: boundaries.count - 1)
    }

    /// The boundary `id`.
    public subscript(id: BoundaryID) -> Boundary {
        boundaries[id.index]
    }

    /// One slot per (body, boundary, feature), keeping the state of those that existed.
    private func rebuildContactSlots() {
        var slots: [ContactSlot] = []
        slots.reserveCapacity(bodies.count * boundaries.count * 6)
        for b in bodies.indices {
            for s in boundaries.indices {
                for f in 0..<6 {
                    slots.append(
                        contacts.first { $0.body == b && $0.boundary == s && $0.feature == f }
                            ?? ContactSlot(body: b, boundary: s, feature: f))
                }
            }
        }
        contacts = slots
    }

    // MARK: Running

    /// Runs every whole step that ends at or before `time` (seconds); the remainder waits
    /// for the next call. Returns the number of steps run (0 if `time` is not past the next
    /// step's end).
    @discardableResult
    public func advance(to time: Double) -> Int {
        // The small epsilon makes 0.1 s exactly 25 steps despite 0.1 / 0.004 rounding down.
        let target = Int(((time - originTime) / Self.stepDuration + 1e-9).rounded(.down))
        var run = 0
        while stepCount < target {
            step()
            run += 1
        }
        return run
    }

    /// Restarts the world's clock at `time` without simulating the gap: for resuming after
    /// the runtime stopped advancing a settled world.
    public func resume(at time: Double) {
        originTime = time
        stepCount = 0
    }

    /// True when every body has been at rest for the last `restDuration` of simulated time
    /// (see the type's documentation). Only steps count: a new world, or one just changed
    /// through a subscript or `add...`, is not settled until it has stepped quietly for that
    /// long (an empty world after `restDuration`).
    public var isSettled: Bool {
        quietSteps >= Int((restDuration / Self.stepDuration - 1e-9).rounded(.up))
    }

    /// Runs one 4 ms step.
    public func step() {
        let h = Self.stepDuration
        applyForces(h)
        detectContacts(h)
        prepareHinges()
        prepareContacts(h)
        for _ in 0..<Self.velocityIterations {
            solveHingeVelocities()
            solveContactVelocities()
        }
        for i in bodies.indices {
            bodies[i].position += bodies[i].velocity * h
            bodies[i].angle += bodies[i].angularVelocity * h
        }
        for _ in 0..<Self.positionIterations {
            solveHingePositions()
            solveContactPositions()
        }
        stepCount += 1
        // Index loops, not `for body in bodies`: unspecialized (debug) iteration over large
        // structs boxes each element on the heap.
        var quiet = true
        for i in bodies.indices
        where bodies[i].velocity.magnitude > restLinearSpeed || Swift.abs(bodies[i].angularVelocity) > restAngularSpeed
        {
            quiet = false
            break
        }
        quietSteps = quiet ? quietSteps + 1 : 0
    }

    // MARK: Forces

    private func applyForces(_ h: Double) {
        for i in forces.indices {
            forces[i] = .zero
            torques[i] = 0
        }
        for j in pushes.indices where pushes[j].isEnabled {
            let b = pushes[j].body.index
            let r = pushes[j].localPoint.rotated(by: bodies[b].angle)
            forces[b] += pushes[j].force
            torques[b] += r.cross(pushes[j].force)
        }
        for i in bodies.indices {
            var body = bodies[i]
            body.velocity += forces[i] * (h * body.inverseMass)
            body.angularVelocity += torques[i] * (h * body.inverseInertia)
            body.velocity = body.velocity * (1 / (1 + h * body.resistance))
            body.angularVelocity *= 1 / (1 + h * body.angularResistance)
            bodies[i] = body
        }
    }

    // MARK: Impulses

    private func applyImpulse(_ impulse: Point2D, to b: Int, at r: Point2D) {
        bodies[b].velocity += impulse * bodies[b].inverseMass
        bodies[b].angularVelocity += r.cross(impulse) * bodies[b].inverseInertia
    }

    /// Solves K x = rhs for the hinge's 2 x 2 effective mass K at offset `r`.
    private static func solveHinge(_ rhs: Point2D, r: Point2D, inverseMass m: Double, inverseInertia i: Double)
        -> Point2D
    {
        let k11 = m + i * r.y * r.y
        let k12 = -i * r.x * r.y
        let k22 = m + i * r.x * r.x
        let det = k11 * k22 - k12 * k12
        return Point2D(k22 * rhs.x - k12 * rhs.y, k11 * rhs.y - k12 * rhs.x) / det
    }

    // MARK: Hinges

    private func prepareHinges() {
        for j in hinges.indices {
            let b = hinges[j].body.index
            hingeR[j] = hinges[j].localPoint.rotated(by: bodies[b].angle)
            applyImpulse(hingeImpulse[j], to: b, at: hingeR[j])
        }
    }

    private func solveHingeVelocities() {
        for j in hinges.indices {
            let b = hinges[j].body.index
            let r = hingeR[j]
            let body = bodies[b]
            let pinVelocity = body.velocity + r.perpendicular * body.angularVelocity
            let impulse = -Self.solveHinge(
                pinVelocity, r: r, inverseMass: body.inverseMass, inverseInertia: body.inverseInertia)
            hingeImpulse[j] += impulse
            applyImpulse(impulse, to: b, at: r)
        }
    }

    private func solveHingePositions() {
        for j in hinges.indices {
            let b = hinges[j].body.index
            let body = bodies[b]
            let r = hinges[j].localPoint.rotated(by: body.angle)
            let error = body.position + r - hinges[j].anchor
            let correction = -Self.solveHinge(
                error, r: r, inverseMass: body.inverseMass, inverseInertia: body.inverseInertia)
            bodies[b].position += correction * body.inverseMass
            bodies[b].angle += r.cross(correction) * body.inverseInertia
        }
    }
}
