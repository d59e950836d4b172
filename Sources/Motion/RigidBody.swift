// A rectangle that moves and turns: the physics world's only kind of body.

#if canImport(Glibc)
    import Glibc
#endif

import FixedPoint

/// A rigid rectangle in the physics world.
///
/// Units and conventions: points, seconds, y down (logical space). `position` is the
/// centre. `angle` is in radians and **positive turns the body clockwise on screen** (with y
/// down, the usual rotation matrix [cos -sin; sin cos] turns clockwise), as `CGAffineTransform`
/// rotations do in UIKit; `angularVelocity` (rad/s) follows the same sign. A point given in
/// body coordinates is an offset from the centre in the unrotated body (UIKit's
/// `offsetFromCenter`).
///
/// Mass follows UIKit Dynamics so pushes ported from UIKit behave alike: a body's mass is
/// `density * width * height / 10_000` (a 100 x 100 pt view of density 1 has mass 1). Forces
/// are in mass·pt/s²; UIKit's push magnitude 1 is 100 of them (it accelerates a mass-1 body
/// at 100 pt/s²).
public struct RigidBody: Equatable, Sendable {
    /// Width and height, points.
    public let size: Point2D
    /// Mass units (see the type's documentation).
    public let mass: Double
    /// About the centre, mass·pt²: m (w² + h²) / 12 for a uniform rectangle.
    public let momentOfInertia: Double

    /// The centre, points.
    public var position: Point2D
    /// Radians, clockwise on screen.
    public var angle: Double
    /// Points per second.
    public var velocity: Point2D
    /// Radians per second, clockwise on screen.
    public var angularVelocity: Double

    /// Linear velocity damping, per second (UIKit's `resistance`): without forces the speed
    /// decays like e^(-resistance t) (per 4 ms step by 1 / (1 + 0.004 resistance)).
    public var resistance: Double
    /// Angular velocity damping, per second (UIKit's `angularResistance`), as `resistance`.
    public var angularResistance: Double
    /// Restitution against boundaries, 0...1 (UIKit's `elasticity`): the fraction of the
    /// approach speed kept, reversed, by a collision.
    public var elasticity: Double
    /// Coulomb friction coefficient against boundaries (UIKit's `friction`), >= 0.
    public var friction: Double
    /// When false the body never turns (UIKit's `allowsRotation`).
    public var allowsRotation: Bool

    /// A body of uniform density (UIKit's default density is 1; see the type's
    /// documentation for the mass).
    public init(
        size: Point2D, position: Point2D, angle: Double = 0, density: Double = 1, elasticity: Double = 0,
        friction: Double = 0, resistance: Double = 0, angularResistance: Double = 0, allowsRotation: Bool = true
    ) {
        precondition(density > 0 && density.isFinite, "RigidBody: density \(density) must be finite and > 0")
        self.init(
            size: size, position: position, angle: angle, mass: density * size.x * size.y / 10_000,
            elasticity: elasticity, friction: friction, resistance: resistance,
            angularResistance: angularResistance, allowsRotation: allowsRotation)
    }

    /// A body of the given mass.
    public init(
        size: Point2D, position: Point2D, angle: Double = 0, mass: Double, elasticity: Double = 0,
        friction: Double = 0, resistance: Double = 0, angularResistance: Double = 0, allowsRotation: Bool = true
    ) {
        precondition(
            size.x > 0 && size.y > 0 && size.x.isFinite && size.y.isFinite,
            "RigidBody: size \(size) must be finite and > 0")
        precondition(mass > 0 && mass.isFinite, "RigidBody: mass \(mass) must be finite and > 0")
        precondition((0...1).contains(elasticity), "RigidBody: elasticity \(elasticity) must be in 0...1")
        precondition(
            friction >= 0 && resistance >= 0 && angularResistance >= 0,
            "RigidBody: friction and resistances must be >= 0")
        self.size = size
        self.mass = mass
        momentOfInertia = mass * (size.x * size.x + size.y * size.y) / 12
        self.position = position
        self.angle = angle
        velocity = .zero
        angularVelocity = 0
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.elasticity = elasticity
        self.friction = friction
        self.allowsRotation = allowsRotation
    }

    var inverseMass: Double { 1 / mass }
    var inverseInertia: Double { allowsRotation ? 1 / momentOfInertia : 0 }

    /// Half the width and height.
    public var halfSize: Point2D { size * 0.5 }

    /// The world position of `local` (an offset from the centre in body coordinates).
    public func worldPoint(_ local: Point2D) -> Point2D {
        position + local.rotated(by: angle)
    }

    /// The body coordinates of the world point `world`.
    public func localPoint(_ world: Point2D) -> Point2D {
        (world - position).rotated(by: -angle)
    }

    /// The velocity (pt/s) of the body's material point now at world point `world`:
    /// v + ω × r.
    public func velocity(atWorldPoint world: Point2D) -> Point2D {
        velocity + (world - position).perpendicular * angularVelocity
    }

    /// Corner `index` in body coordinates: 0 top-left, 1 top-right, 2 bottom-right,
    /// 3 bottom-left (of the unrotated body).
    public func localCorner(_ index: Int) -> Point2D {
        let h = halfSize
        switch index & 3 {
        case 0: return Point2D(-h.x, -h.y)
        case 1: return Point2D(h.x, -h.y)
        case 2: return Point2D(h.x, h.y)
        default: return Point2D(-h.x, h.y)
        }
    }

    /// The four corners in world coordinates, in `localCorner` order.
    public var corners: [Point2D] {
        (0..<4).map { worldPoint(localCorner($0)) }
    }

    /// Kinetic energy, mass·pt²/s²: ½ m v² + ½ I ω².
    public var kineticEnergy: Double {
        0.5 * mass * velocity.magnitudeSquared + 0.5 * momentOfInertia * angularVelocity * angularVelocity
    }
}
