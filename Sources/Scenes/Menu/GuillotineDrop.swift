// The guillotine menu's swing: a screen-sized blade on a hinge, pushed down or up
// against its stops, in the physics world at its fixed 4 ms step.

import FixedPoint
internal import Glibc

import Motion

/// The drop (and the way back) of the guillotine menu, after Yalantis's
/// GuillotineTransitionAnimation (UIDynamicAnimator with a push, an attachment, a
/// collision boundary and an item behaviour), in a `PhysicsWorld`:
///
/// - one body, the blade (`GuillotineGeometry`), density 1.5 (the published code's
///   `menuDensity`), elasticity 0.6 (`menuElasticity`), no friction;
/// - a hinge pinning it at the menu button's centre (`UIAttachmentBehavior` to an anchor);
/// - a constant push at its centre of mass (`UIPushBehavior`, continuous): downwards while
///   it opens, upwards while it closes;
/// - both stops as boundaries (`UICollisionBehavior`): the screen's left edge from half
///   its height down (the blade strikes it upright and rebounds) and its mirror image for
///   the closed blade.
///
/// **The push** (ours): the published code pushes with (2/π) · screen height / 0.6 s in
/// UIKit's units whatever the screen, so its first contact comes at a different time on
/// every screen. Here it is sized for each geometry so that the first contact comes at
/// `firstContactTime` (0.6 s, the published duration): the swing about the hinge is one
/// degree of freedom, θ'' = τ(θ) / I_hinge under the world's damping, integrated with the
/// world's own step (semi-implicit Euler, 4 ms), and the push is found by bisection as
/// the least for which that integration reaches upright within 150 steps. The world then
/// meets the stop in the same step (checked on many screens by the tests).
///
/// **Damping** (ours): `resistance` per second on both the linear and the angular
/// velocity (the same factor on both, so the hinge stays consistent and the swing is
/// damped exactly like the one-degree model). Without it, elasticity 0.6 under a
/// constant push rebounds for 3-4 s; with it the blade is at rest well within 2.5 s on
/// every screen, with a clear first rebound.
///
/// **Rest**: the blade's farthest point has moved slower than 1 pt/s for 0.1 s (25
/// steps), within a degree of the stop it is pushed towards (as `PhysicsWorld.isSettled`,
/// with thresholds scaled to the screen); the blade is then set exactly on the stop (0 or
/// -90°) and the world is no longer stepped until the push reverses. Whatever happens, a
/// swing is over `longestSwing` (5 s) after it began.
///
/// **Reversing** (ours: a tap during either swing): the push turns round and the blade's
/// velocity is zeroed, so it swings back from where it is, whichever way it was going.
/// The state is the world's: deterministic for the same times, never stuck (the push
/// always drives the blade to one of the stops).
///
/// Single-threaded, not `Sendable` (the event loop owns it). Time is the animation
/// clock's, seconds.
public final class GuillotineDrop {
    /// Where the push drives the blade.
    public enum Direction: Sendable, Hashable {
        /// Down to upright, covering the screen (the menu opens).
        case opening
        /// Up to -90°, along the host's bar (the menu closes).
        case closing
    }

    /// The published code's elasticity.
    public static let elasticity = 0.6
    /// The published code's density (it changes nothing but the units of the push).
    public static let density = 1.5
    /// Seconds from the start of a drop to the first contact with the open stop.
    public static let firstContactTime = 0.6
    /// Damping per second on the blade's velocity (ours; see the type's documentation).
    public static let resistance = 2.0

    public let geometry: GuillotineGeometry
    /// The push's magnitude, mass·pt/s² (see the type's documentation).
    public let pushMagnitude: Double
    /// The physics world (one body, one hinge, one push, two boundaries; made anew only
    /// after a failed step: see `advance(to:)`).
    public private(set) var world: PhysicsWorld
    /// The handles, the same in every world made.
    let blade = BodyID(index: 0)
    let hinge = HingeID(index: 0)
    let push = PushID(index: 0)
    let openStop = BoundaryID(index: 0)
    let closeStop = BoundaryID(index: 1)
    /// Steps redone by hand (see `advance(to:)`).
    public private(set) var recoveries = 0
    /// Consecutive steps with the blade's farthest point slower than 1 pt/s.
    private var quietSteps = 0
    /// Quiet steps that make a rest: 0.1 s.
    static let restSteps = 25
    /// Seconds after which a swing is set on its stop whatever it does (only screens of
    /// absurd shapes, 20 x 4000 points, come near it: the tests' screens rest within 2.5 s).
    public static let longestSwing = 5.0

    /// Where the push drives the blade now.
    public private(set) var direction: Direction
    /// When the current swing began (the drop, or the last reversal), seconds.
    public private(set) var swingStart: Double
    /// When the blade first touched the open stop in the current opening swing (nil: not
    /// yet, or closing), seconds: the end of the step in which the stop first pushed back.
    public private(set) var firstContact: Double?
    /// Whether the blade rests on the stop it is pushed towards (and is set exactly there).
    public private(set) var isAtRest: Bool

    /// A blade for `geometry` at `time` (seconds).
    /// - Parameter open: false (the drop): closed at -90° and pushed down, the swing
    ///   starting at `time`; true: resting upright, open (a scene built again with its menu
    ///   open), pushed down.
    public init(geometry: GuillotineGeometry, time: Double, open: Bool = false) {
        self.geometry = geometry
        let push = Self.push(for: geometry)
        pushMagnitude = push
        let angle = open ? -Self.hair(geometry) : GuillotineGeometry.closedAngle
        let body = RigidBody(
            size: Point2D(geometry.width, geometry.height), position: geometry.centre(at: angle), angle: angle,
            density: Self.density, elasticity: Self.elasticity, resistance: Self.resistance,
            angularResistance: Self.resistance)
        world = Self.makeWorld(geometry, body: body, push: push, direction: .opening, time: time)
        direction = .opening
        swingStart = time
        isAtRest = open
        firstContact = open ? time : nil
    }

    /// The blade's angle, radians (clockwise; -π/2 closed, 0 open): exactly its stop's at
    /// rest (the body itself rests a hair short of it: see `hair`).
    public var angle: Double {
        if isAtRest { return direction == .opening ? 0 : GuillotineGeometry.closedAngle }
        return world[blade].angle
    }
    /// Radians per second, clockwise.
    public var angularVelocity: Double { world[blade].angularVelocity }
    /// The blade as a body (position, corners).
    public var body: RigidBody { world[blade] }
    /// Whether the blade is closed and at rest: the menu can go.
    public var isClosed: Bool { isAtRest && direction == .closing }
    /// Whether the blade is open and at rest.
    public var isOpen: Bool { isAtRest && direction == .opening }
    /// The simulated time, seconds (the last whole step; up to 4 ms behind the frame).
    public var time: Double { world.time }

    /// Runs the world's whole steps up to `time` (seconds), noting the first contact and
    /// the rest. Does nothing at rest.
    ///
    /// A step that fails is taken again by hand (ours): the world's sequential impulses
    /// converge poorly when the blade is many times wider than tall (a 2000 x 300 screen: the
    /// stop's impulse and the hinge's fight, and the blade went through the stop and gained
    /// energy) or smaller than its bar. A step fails when it leaves the blade past a stop by
    /// more than the world's slop (0.05 point) at its farthest corner, off its hinge by more
    /// than half a point, turning faster than the push alone could make it (a stop only
    /// takes speed away: the same blade rebounded faster than it struck), or not finite. It is then redone as the one-degree swing it is (the push's
    /// torque about the hinge, the damping, semi-implicit Euler), a stop passed setting the
    /// blade on it with its angular velocity reversed times the elasticity, and the world is
    /// made anew from that state (no stale impulses). On the screens of the tests (800x480
    /// to 3840x2160, either way up) no step fails.
    public func advance(to time: Double) {
        guard !isAtRest else { return }
        let h = PhysicsWorld.stepDuration
        while world.time + h <= time + 1e-9 {
            let before = world[blade]
            world.step()
            if !isSound(after: before) { redoStep(from: before) }
            if direction == .opening, firstContact == nil, touchesOpenStop {
                firstContact = world.time
            }
            let b = world[blade]
            let quiet = Swift.abs(b.angularVelocity) * geometry.reach <= 1 && b.velocity.magnitude <= 1
            quietSteps = quiet ? quietSteps + 1 : 0
            if (quietSteps >= Self.restSteps && isAgainstItsStop) || world.time - swingStart >= Self.longestSwing {
                settle()
                return
            }
        }
    }

    /// Turns the push round at the state shown (the last step): the blade stops and swings
    /// back from where it is. From rest, the world's clock restarts at `time` (the time in
    /// between is not simulated: nothing moved).
    public func reverse(at time: Double) {
        if isAtRest { world.resume(at: Swift.max(time, world.time)) }
        direction = direction == .opening ? .closing : .opening
        var body = world[blade]
        body.velocity = .zero
        body.angularVelocity = 0
        world[blade] = body
        var p = world[push]
        p.force = Point2D(0, (direction == .opening ? 1 : -1) * pushMagnitude * body.mass)
        world[push] = p
        swingStart = isAtRest ? Swift.max(time, world.time) : world.time
        firstContact = nil
        quietSteps = 0
        isAtRest = false
    }

    /// Whether the last step, from `before`, left the blade on its hinge (to half a
    /// point), within its stops (to the world's slop, 0.05 point, at its farthest corner),
    /// no faster than the push can make it in a step (a stop only slows it), and finite.
    func isSound(after before: RigidBody) -> Bool {
        let b = world[blade]
        guard b.angle.isFinite, b.angularVelocity.isFinite, b.position.x.isFinite, b.position.y.isFinite else {
            return false
        }
        let slack = PhysicsWorld.linearSlop / geometry.reach
        if b.angle > slack || b.angle < GuillotineGeometry.closedAngle - slack { return false }
        let gain = PhysicsWorld.stepDuration * pushMagnitude * geometry.reach / Self.hingeInertia(geometry)
        if Swift.abs(b.angularVelocity) > Swift.abs(before.angularVelocity) + gain * 1.01 + 1e-9 { return false }
        return world.hingeError(hinge) <= 0.5
    }

    /// Takes the last step again by hand from `before` (see `advance(to:)`), and makes the
    /// world anew from the result.
    private func redoStep(from before: RigidBody) {
        recoveries += 1
        let h = PhysicsWorld.stepDuration
        let a = -geometry.pinLocal.x
        let b = -geometry.pinLocal.y
        let inertia = Self.hingeInertia(geometry)
        let f = (direction == .opening ? 1 : -1) * pushMagnitude
        let theta0 = before.angle.isFinite ? before.angle : GuillotineGeometry.closedAngle
        let omega0 = before.angularVelocity.isFinite ? before.angularVelocity : 0
        var omega = (omega0 + h * f * (a * cos(theta0) - b * sin(theta0)) / inertia) / (1 + h * Self.resistance)
        var theta = theta0 + h * omega
        let hair = Self.hair(geometry)
        if theta >= -hair {
            theta = -hair
            omega = firstContact == nil || omega > 0 ? -Self.elasticity * Swift.max(0, omega) : 0
            if omega * geometry.reach > -world.restitutionThreshold { omega = 0 }
            if direction == .opening, firstContact == nil { firstContact = world.time }
        } else if theta <= GuillotineGeometry.closedAngle + hair {
            theta = GuillotineGeometry.closedAngle + hair
            omega = -Self.elasticity * Swift.min(0, omega)
            if omega * geometry.reach < world.restitutionThreshold { omega = 0 }
        }
        var body = before
        body.angle = theta
        body.angularVelocity = omega
        body.position = geometry.centre(at: theta)
        body.velocity = (body.position - geometry.hinge).perpendicular * omega
        world = Self.makeWorld(geometry, body: body, push: pushMagnitude, direction: direction, time: world.time)
    }

    /// A world with the blade `body`, its hinge, the push for `direction` and both stops,
    /// its clock at `time`.
    static func makeWorld(
        _ g: GuillotineGeometry, body: RigidBody, push: Double, direction: Direction, time: Double
    ) -> PhysicsWorld {
        let world = PhysicsWorld(startTime: time)
        let blade = world.addBody(body)
        world.addHinge(body: blade, localPoint: g.pinLocal, anchor: g.hinge)
        world.addPush(to: blade, force: Point2D(0, (direction == .opening ? 1 : -1) * push * body.mass))
        world.addBoundary(from: g.openStop.from, to: g.openStop.to)
        world.addBoundary(from: g.closeStop.from, to: g.closeStop.to)
        world.restAngularSpeed = 1 / g.reach
        world.restLinearSpeed = 1
        world.restitutionThreshold = restitutionThreshold(g, push: push)
        return world
    }

    /// The blade's moment of inertia about the hinge per unit mass, pt².
    static func hingeInertia(_ g: GuillotineGeometry) -> Double {
        let a = -g.pinLocal.x
        let b = -g.pinLocal.y
        return (g.width * g.width + g.height * g.height) / 12 + a * a + b * b
    }

    /// Whether the open stop pushes on the blade in the last step.
    var touchesOpenStop: Bool { world.isPressing(openStop) }

    /// Whether the blade lies within a degree of the stop it is pushed towards.
    var isAgainstItsStop: Bool {
        let target = direction == .opening ? 0 : GuillotineGeometry.closedAngle
        return Swift.abs(angle - target) < Double.pi / 180
    }

    /// A hundredth of a point at the blade's farthest corner, radians: how far short of a
    /// stop a blade is set at rest (and after a redone step). A contact takes the side a
    /// corner is on from where it is when the world first sees it, and a corner exactly on
    /// a stop's line could be taken for one on the far side (and held there).
    static func hair(_ g: GuillotineGeometry) -> Double { 0.01 / g.reach }

    /// Sets the blade at rest on its stop (a hair short of it: `angle` says the stop's).
    private func settle() {
        let hair = Self.hair(geometry)
        let target = direction == .opening ? -hair : GuillotineGeometry.closedAngle + hair
        var body = world[blade]
        body.angle = target
        body.position = geometry.centre(at: target)
        body.velocity = .zero
        body.angularVelocity = 0
        world[blade] = body
        isAtRest = true
    }

    /// The approach speed (pt/s) under which a contact is inelastic: what the push adds
    /// in 4 steps at the blade's farthest point, upright. The world's default (50 pt/s)
    /// is for small bodies; a large blade resting on its stop under the push gains more
    /// than that in one step at its far end, and would bounce on the stop forever.
    static func restitutionThreshold(_ g: GuillotineGeometry, push f: Double) -> Double {
        let alpha = f * Swift.max(-g.pinLocal.x, -g.pinLocal.y) / hingeInertia(g)
        return Swift.max(50, 4 * alpha * PhysicsWorld.stepDuration * g.reach)
    }

    // MARK: Sizing the push

    /// The push per unit mass (pt/s²) that brings a drop from -90° to its first contact
    /// with the open stop in `firstContactTime` (see the type's documentation).
    public static func push(for g: GuillotineGeometry) -> Double {
        let steps = Int((firstContactTime / PhysicsWorld.stepDuration).rounded())
        // The centre's offset from the hinge, upright, and the moment of inertia about the
        // hinge, per unit mass: k² + a² + b².
        let a = -g.pinLocal.x
        let b = -g.pinLocal.y
        let inertia = hingeInertia(g)
        var lo = 1e-3
        var hi = 1e9
        for _ in 0..<200 {
            let mid = (lo * hi).squareRoot()
            if contactStep(push: mid, a: a, b: b, inertia: inertia, limit: steps) <= steps { hi = mid } else { lo = mid }
            if hi / lo < 1 + 1e-12 { break }
        }
        return hi
    }

    /// The step in which a drop under `push` (pt/s² per unit mass) reaches upright, or
    /// `limit + 1` if not within `limit` steps: the world's integration of the hinged swing.
    static func contactStep(push f: Double, a: Double, b: Double, inertia: Double, limit: Int) -> Int {
        let h = PhysicsWorld.stepDuration
        let damping = 1 / (1 + h * resistance)
        var theta = GuillotineGeometry.closedAngle
        var omega = 0.0
        for n in 1...(limit + 1) {
            let torque = f * (a * cos(theta) - b * sin(theta))
            omega = (omega + h * torque / inertia) * damping
            theta += h * omega
            if theta >= 0 { return n }
        }
        return limit + 1
    }
}

