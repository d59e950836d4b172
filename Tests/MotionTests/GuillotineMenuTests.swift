import Testing

@testable import Motion

#if canImport(Glibc)
    import Glibc
#endif

/// The seed's drop-down menu (/work/shared/seeds/guillotine-menu.txt, after Yalantis's
/// GuillotineMenuTransitionAnimation): a 320 x 568 menu on a 320 x 568 screen, hinged at
/// the centre of the menu button (32, 32) — the point 32 pt right of and below the menu's
/// top-left corner — starts turned by -90° (lying along the 64 pt top bar, its left edge
/// on the bar's bottom) and a constant push downwards swings it down like a blade. A boundary
/// runs along the screen's left edge from mid-height to the bottom-left corner; it stops the
/// menu upright and, with elasticity 0.6 (Yalantis's `menuElasticity`), makes it rebound.
///
/// The push is Yalantis's: (2/π) · screen height / 0.6 s = 602.6 in UIKit's units, which is
/// 100 times that in mass·pt/s² (see `RigidBody`).
struct GuillotineScene {
    static let screen = Vector2(320, 568)
    static let pin = Vector2(32, 32)
    /// The pinned point in menu coordinates: (32, 32) from the top-left corner.
    static let pinLocal = Vector2(-160 + 32, -284 + 32)
    static let pushUIKit = 2 / Double.pi * 568 / 0.6

    let world = PhysicsWorld()
    let menu: BodyID
    let hinge: HingeID
    let push: PushID

    /// The menu at `angle`, hinged, pushed down (`direction` +1) or up (-1).
    init(angle: Double, direction: Double, boundaries: [(Vector2, Vector2)]) {
        let centre = Self.pin - Self.pinLocal.rotated(by: angle)
        menu = world.addBody(RigidBody(size: Self.screen, position: centre, angle: angle, elasticity: 0.6))
        hinge = world.addHinge(body: menu, localPoint: Self.pinLocal, anchor: Self.pin)
        push = world.addPush(to: menu, force: Vector2(0, direction * Self.pushUIKit * 100))
        for (a, b) in boundaries {
            world.addBoundary(from: a, to: b)
        }
    }

    /// The seed's presentation: from -90° down to upright against the left-edge boundary.
    static func presentation() -> GuillotineScene {
        GuillotineScene(angle: -Double.pi / 2, direction: 1, boundaries: [(Vector2(0, 284), Vector2(0, 568))])
    }
}

@Suite("Guillotine menu")
struct GuillotineMenuTests {
    @Test func explore() {
        let scene = GuillotineScene.presentation()
        let world = scene.world
        var t = 0.0
        var worstPen = 0.0
        var worstPin = 0.0
        var firstNeg: Double? = nil
        var worstEnd = -1e9
        while t < 8 && !world.isSettled {
            t += 0.004
            world.advance(to: t)
            let m = world[scene.menu]
            for c in m.corners where c.y >= 284 && c.y <= 568 { worstPen = min(worstPen, c.x) }
            let e = m.localPoint(Vector2(0, 284))
            let inside = min(160 - abs(e.x), 284 - abs(e.y))
            worstEnd = max(worstEnd, inside)
            worstPin = max(worstPin, world.hingeError(scene.hinge))
            if firstNeg == nil && m.angularVelocity < 0 { firstNeg = t; print("first neg", t, m.angularVelocity) }
        }
        print("settled", world.isSettled, world.time, world[scene.menu].angle * 180 / .pi, "pen", worstPen, "pin", worstPin, "endInside", worstEnd)
    }
}
