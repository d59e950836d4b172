import FixedPoint
import Testing

@testable import Motion

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Physics world")
struct PhysicsWorldTests {
    static let h = PhysicsWorld.stepDuration

    @Test func massAndInertiaFollowUIKit() {
        let body = RigidBody(size: Point2D(100, 100), position: .zero)
        #expect(body.mass == 1)
        let menu = RigidBody(size: Point2D(320, 568), position: .zero, density: 2)
        #expect(abs(menu.mass - 2 * 320 * 568 / 10_000) <= 1e-12)
        #expect(abs(menu.momentOfInertia - menu.mass * (320.0 * 320 + 568 * 568) / 12) <= 1e-9)
        #expect(RigidBody(size: Point2D(10, 20), position: .zero, mass: 3).mass == 3)
    }

    /// Semi-implicit Euler under a constant force, exactly: after n steps v = n a h and
    /// x = a h² n (n + 1) / 2; within a·h·t of the continuous a t² / 2.
    @Test func constantPushIsSemiImplicitEuler() {
        let world = PhysicsWorld()
        let body = world.addBody(RigidBody(size: Point2D(100, 100), position: Point2D(0, 0), mass: 2))
        world.addPush(to: body, force: Point2D(0, 1000))  // a = 500 pt/s²
        let steps = world.advance(to: 1)
        #expect(steps == 250 && world.stepCount == 250 && world.time == 1)
        let n = 250.0
        #expect(abs(world[body].velocity.y - n * 500 * Self.h) <= 1e-9)
        #expect(abs(world[body].position.y - 500 * Self.h * Self.h * n * (n + 1) / 2) <= 1e-9)
        #expect(abs(world[body].position.y - 250) <= 500 * Self.h * 1)
        #expect(world[body].position.x == 0 && world[body].angle == 0)
    }

    /// Whole 4 ms steps up to the time asked for; the remainder waits. Any sequence of frame
    /// times reaching the same time gives bit-identical states.
    @Test func fixedStepAccumulator() {
        func make() -> (PhysicsWorld, BodyID) {
            let world = PhysicsWorld(startTime: 3)
            let body = world.addBody(RigidBody(size: Point2D(40, 20), position: Point2D(100, 100)))
            world.addPush(to: body, force: Point2D(30, 80), at: Point2D(20, 10))
            world.addBoundary(from: Point2D(0, 300), to: Point2D(400, 320))
            return (world, body)
        }
        let (a, bodyA) = make()
        #expect(a.advance(to: 3.0099) == 2)
        #expect(a.time == 3.008)
        #expect(a.advance(to: 3.011) == 0)
        #expect(a.advance(to: 3.012) == 1)
        #expect(a.advance(to: 3.1) == 22)  // 25 in all: 0.1 s is exactly 25 steps
        var t = 3.1
        var frame = 0
        while t < 5 {  // uneven frames: 16.7 ms, 15 ms, 33 ms...
            t += [1.0 / 60, 0.015, 0.033, 0.001][frame % 4]
            frame += 1
            a.advance(to: t)
        }
        a.advance(to: 5)
        let (b, bodyB) = make()
        b.advance(to: 5)
        #expect(a.stepCount == 500 && b.stepCount == 500)
        #expect(bitPattern(a[bodyA]) == bitPattern(b[bodyB]))
    }

    /// Pushing the right edge down turns the body clockwise on screen: positive angle, the
    /// right side going down.
    @Test func angleIsClockwiseOnScreen() {
        let world = PhysicsWorld()
        let body = world.addBody(RigidBody(size: Point2D(100, 20), position: Point2D(200, 200)))
        world.addPush(to: body, force: Point2D(0, 50), at: Point2D(50, 0))
        world.advance(to: 0.2)
        let b = world[body]
        #expect(b.angle > 0 && b.angularVelocity > 0)
        #expect(b.worldPoint(Point2D(50, 0)).y > b.worldPoint(Point2D(-50, 0)).y)
        #expect(Point2D(1, 0).rotated(by: Double.pi / 2).y > 0.999)  // +x turns to +y (down)
    }

    @Test func resistanceDampsVelocity() {
        let world = PhysicsWorld()
        var body = RigidBody(size: Point2D(10, 10), position: .zero, resistance: 2, angularResistance: 5)
        body.velocity = Point2D(100, 0)
        body.angularVelocity = 3
        let id = world.addBody(body)
        world.advance(to: 0.4)
        #expect(abs(world[id].velocity.x - 100 / pow(1 + 2 * Self.h, 100)) <= 1e-9)
        #expect(abs(world[id].angularVelocity - 3 / pow(1 + 5 * Self.h, 100)) <= 1e-12)
        // Close to e^{-ct}.
        #expect(abs(world[id].velocity.x - 100 * exp(-0.8)) <= 0.2)
    }

    /// A hinged bar swinging freely under a push (a physical pendulum): the pin stays put,
    /// and the small-swing period matches T = 2π √(I_pivot / (F d)).
    @Test func hingedPendulum() {
        let world = PhysicsWorld()
        let size = Point2D(20, 200)
        let pin = Point2D(300, 100)
        let pinLocal = Point2D(0, -90)  // 10 pt below the top: d = 90 from the centre
        let angle0 = 0.1
        let body = world.addBody(
            RigidBody(size: size, position: pin - pinLocal.rotated(by: angle0), angle: angle0, mass: 4))
        let hinge = world.addHinge(body: body, localPoint: pinLocal)
        #expect(world[hinge].anchor == pin)
        let force = 4 * 1000.0  // "gravity" 1000 pt/s²
        world.addPush(to: body, force: Point2D(0, force))
        // Zero crossings of the angle, going from positive to negative.
        var crossings: [Double] = []
        var last = angle0
        var worstPin = 0.0
        var t = 0.0
        while t < 10 {
            t += Self.h
            world.advance(to: t)
            let a = world[body].angle
            if last > 0 && a <= 0 { crossings.append(world.time - Self.h * a / (a - last)) }
            last = a
            worstPin = max(worstPin, world.hingeError(hinge))
        }
        #expect(worstPin <= 0.01)
        let b = world[body]
        let inertiaAboutPin = b.momentOfInertia + b.mass * 90 * 90
        let period = 2 * Double.pi * (inertiaAboutPin / (force * 90)).squareRoot()
        let measured = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        // Small-angle theory (0.1 rad: +0.06%) and the integrator: within 0.5%.
        #expect(abs(measured / period - 1) <= 0.005, "period \(measured) vs \(period)")
        #expect(crossings.count >= 4)
    }

    /// A box dropped on a floor bounces with its elasticity, never sinks in, and settles.
    @Test func bounceOnAFloor() {
        let world = PhysicsWorld()
        let box = world.addBody(
            RigidBody(size: Point2D(40, 40), position: Point2D(100, 0), elasticity: 0.5, allowsRotation: false))
        world.addPush(to: box, force: Point2D(0, world[box].mass * 2000))
        world.addBoundary(from: Point2D(0, 400), to: Point2D(300, 400))
        var previous = 0.0
        var impacts: [(Double, Double)] = []  // (speed before, speed after)
        var deepest = 0.0
        var t = 0.0
        while t < 6 && !world.isSettled {
            t += Self.h
            world.advance(to: t)
            let v = world[box].velocity.y
            if previous > 0 && v < 0 { impacts.append((previous, v)) }
            previous = v
            deepest = max(deepest, world[box].position.y + 20 - 400)
        }
        #expect(deepest <= PhysicsWorld.linearSlop)
        let first = try! #require(impacts.first)
        // Impact at √(2 · 2000 · 380) ≈ 1233 pt/s; the rebound is half of it (the push adds
        // at most one step's 8 pt/s).
        #expect(abs(first.0 - (2 * 2000 * 380.0).squareRoot()) <= 2000 * Self.h * 2)
        #expect(abs(-first.1 / first.0 - 0.5) <= 0.02)
        #expect(impacts.count >= 3)
        #expect(world.isSettled)
        #expect(abs(world[box].position.y - 380) <= PhysicsWorld.linearSlop)
        // Settling resets when the world is changed.
        world[box] = world[box]
        #expect(!world.isSettled)
    }

    /// No tunnelling: a thin box at 30 000 pt/s (120 pt per step, six times its thickness)
    /// meets a segment and stays on its side; the speculative contact stops it at the wall.
    @Test func noTunnellingAtHighSpeed() {
        for elasticity in [0.0, 0.8] {
            let world = PhysicsWorld()
            var body = RigidBody(size: Point2D(60, 20), position: Point2D(200, 100), angle: 0.3, elasticity: elasticity)
            body.velocity = Point2D(0, 30_000)
            body.angularVelocity = 20
            let id = world.addBody(body)
            world.addBoundary(from: Point2D(0, 500), to: Point2D(400, 500))
            var worst = -1e9
            for _ in 0..<200 {
                world.step()
                for c in world[id].corners { worst = max(worst, c.y - 500) }
            }
            #expect(worst <= 0.5, "elasticity \(elasticity): \(worst)")
            if elasticity > 0 {
                #expect(world[id].velocity.y < 0)  // bounced back up
            }
        }
    }

    /// Boundaries are two-sided: from below, a box pushed up stops under the segment.
    @Test func boundaryFromTheOtherSide() {
        let world = PhysicsWorld()
        let box = world.addBody(RigidBody(size: Point2D(30, 30), position: Point2D(50, 300)))
        world.addPush(to: box, force: Point2D(0, -world[box].mass * 3000))
        world.addBoundary(from: Point2D(100, 100), to: Point2D(0, 100))
        world.advance(to: 2)
        #expect(world.isSettled)
        #expect(abs(world[box].position.y - 115) <= PhysicsWorld.linearSlop)
        #expect(abs(world[box].angle) <= 1e-9)
    }

    /// A segment shorter than the box, under its middle: no corner touches it, its ends
    /// hold the bottom face. (With friction: without it, the slightly asymmetric bounce
    /// that sequential impulses give two simultaneous contacts leaves a sideways drift
    /// that nothing stops.)
    @Test func segmentEndsAgainstAFace() {
        let world = PhysicsWorld()
        let box = world.addBody(
            RigidBody(size: Point2D(200, 40), position: Point2D(100, 0), elasticity: 0.2, friction: 0.5))
        world.addPush(to: box, force: Point2D(0, world[box].mass * 1500))
        world.addBoundary(from: Point2D(80, 300), to: Point2D(120, 300))
        var deepest = 0.0
        var t = 0.0
        while t < 4 && !world.isSettled {
            t += Self.h
            world.advance(to: t)
            let local = world[box].localPoint(Point2D(80, 300))
            deepest = max(deepest, 20 - local.y)
        }
        #expect(world.isSettled)
        #expect(deepest <= PhysicsWorld.linearSlop)
        #expect(abs(world[box].position.y - 280) <= PhysicsWorld.linearSlop)
        #expect(abs(world[box].position.x - 100) <= 1)
        #expect(abs(world[box].angle) <= 1e-4)
    }

    @Test func resumeSkipsTheGapWithoutSimulating() {
        let world = PhysicsWorld()
        let body = world.addBody(RigidBody(size: Point2D(10, 10), position: .zero))
        world.addPush(to: body, force: Point2D(100, 0))
        world.advance(to: 0.1)
        let before = world[body]
        world.resume(at: 50)
        #expect(world.time == 50 && world[body] == before)
        #expect(world.advance(to: 50.1) == 25)
    }

    @Test func emptyWorldIsSettled() {
        let world = PhysicsWorld()
        #expect(!world.isSettled)  // no step yet
        world.advance(to: 0.1)
        #expect(world.isSettled)
    }
}

/// Every Double of a body's state, as bits: for bit-identical comparisons.
func bitPattern(_ b: RigidBody) -> [UInt64] {
    [b.position.x, b.position.y, b.angle, b.velocity.x, b.velocity.y, b.angularVelocity].map(\.bitPattern)
}
