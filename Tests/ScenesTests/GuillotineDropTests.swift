import FixedPoint
import Testing

import Motion

@testable import Scenes

#if canImport(Glibc)
    import Glibc
#endif

/// A swing played under a manual clock in 60 Hz frames from the swing's start.
struct DropRun {
    /// (seconds since the swing began, angle) at every frame.
    var frames: [(time: Double, angle: Double)] = []
    /// Seconds from the swing's start to the first contact with the open stop.
    var firstContact: Double?
    /// Seconds from the swing's start to the frame the blade was first at rest.
    var restAt: Double?
    /// The farthest any corner of the blade went past the open stop (left of x = 0 with y
    /// between H/2 and H), and past the close stop, points, at any frame.
    var pastOpenStop = 0.0
    var pastCloseStop = 0.0
    /// The largest hinge error at any frame, points.
    var hingeError = 0.0
    /// Whether every frame's state was finite.
    var finite = true
}

extension GuillotineDrop {
    /// Plays from the swing's start for `limit` seconds in 60 Hz frames.
    func play(for limit: Double = 3) -> DropRun {
        var run = DropRun()
        let g = geometry
        let start = swingStart
        var k = 0
        while Double(k) / 60 <= limit + 1e-9 {
            let t = start + Double(k) / 60
            advance(to: t)
            run.frames.append((t - start, angle))
            run.finite = run.finite && angle.isFinite && angularVelocity.isFinite
            let (stop, close) = (g.openStop, g.closeStop)
            for c in g.corners(at: angle) {
                if c.y >= g.height / 2 - 1e-9 && c.y <= g.height + 1e-9 { run.pastOpenStop = max(run.pastOpenStop, -c.x) }
                if c.x >= close.from.x && c.x <= close.to.x { run.pastCloseStop = max(run.pastCloseStop, close.from.y - c.y) }
            }
            _ = stop
            run.hingeError = max(run.hingeError, world.hingeError(hinge))
            if run.firstContact == nil, let f = firstContact { run.firstContact = f - start }
            if run.restAt == nil, isAtRest { run.restAt = t - start }
            k += 1
        }
        return run
    }
}

@Suite("Guillotine drop")
struct GuillotineDropTests {
    static let degree = Double.pi / 180

    /// Screens the tests drop the menu on: common panel sizes, both ways up, and others.
    static let screens: [(Double, Double)] = [
        (800, 480), (480, 800), (1920, 1080), (1080, 1920), (240, 144), (144, 240), (320, 568), (1024, 600),
        (600, 1024), (1280, 800), (800, 1280), (3840, 2160), (1920, 720), (100, 100),
    ]
    /// Screens no panel has, where the world's solver needs help (`GuillotineDrop.advance`).
    static let extremes: [(Double, Double)] = [
        (2000, 300), (300, 2000), (1920, 360), (360, 1920), (4096, 400), (20, 4000), (4000, 20), (1, 1), (8, 8),
    ]

    /// The hinge of a screen's standard bar: a tenth of the shorter side tall (at least 20
    /// points), its button a square of that height at the left: the bar's half height both
    /// ways (as `ScreenMetrics` and `MenuBar` lay it out; computed here on its own).
    static func geometry(_ w: Double, _ h: Double) -> GuillotineGeometry {
        let bar = max(20, (min(w, h) * 0.1).rounded())
        return GuillotineGeometry(width: w, height: h, hinge: Point2D(bar / 2, bar / 2))
    }

    /// The closed blade lies along the bar's bottom, covering the bar: its corners at -90°
    /// computed by hand (a point p goes to hinge + R(-90°)(p - hinge), R(-90°)(x, y) = (y, -x)).
    @Test func closedBladeLiesAlongTheBarsBottom() {
        let g = GuillotineGeometry(width: 800, height: 480, hinge: Point2D(24, 24))
        #expect(g.barBottom == 48)
        let corners = g.corners(at: GuillotineGeometry.closedAngle)
        let expected = [Point2D(0, 48), Point2D(0, 48 - 800), Point2D(480, 48 - 800), Point2D(480, 48)]
        for (c, e) in zip(corners, expected) { #expect((c - e).magnitude < 1e-9, "\(c) \(e)") }
        // Upright, it covers the screen.
        let open = g.corners(at: 0)
        for (c, e) in zip(open, [Point2D(0, 0), Point2D(800, 0), Point2D(800, 480), Point2D(0, 480)]) {
            #expect((c - e).magnitude < 1e-9)
        }
        #expect(abs(g.reach - (776.0 * 776 + 456 * 456).squareRoot()) < 1e-9)
        #expect(g.openStop.from == Point2D(0, 240) && g.openStop.to.x == 0 && g.openStop.to.y >= 480)
        #expect(g.closeStop.from == Point2D(240, 48 - 800) && g.closeStop.to.y == 48 - 800)
        // The button: 90° - |angle|.
        #expect(GuillotineGeometry.buttonTurn(forBladeAngle: -Double.pi / 2) == 0)
        #expect(GuillotineGeometry.buttonTurn(forBladeAngle: 0) == Double.pi / 2)
        #expect(abs(GuillotineGeometry.buttonTurn(forBladeAngle: -30 * Self.degree) - 60 * Self.degree) < 1e-12)
    }

    /// The push is the least for which the swing, integrated as the world integrates it,
    /// reaches upright in 150 steps (0.6 s).
    @Test func pushIsSizedForSixTenthsOfASecond() {
        for (w, h) in Self.screens {
            let g = Self.geometry(w, h)
            let f = GuillotineDrop.push(for: g)
            let (a, b, inertia) = (-g.pinLocal.x, -g.pinLocal.y, GuillotineDrop.hingeInertia(g))
            #expect(GuillotineDrop.contactStep(push: f, a: a, b: b, inertia: inertia, limit: 150) == 150)
            #expect(GuillotineDrop.contactStep(push: f * 0.999, a: a, b: b, inertia: inertia, limit: 150) == 151)
        }
    }

    /// The drop on every screen: the first contact at 0.6 ± 0.05 s, then at least one
    /// rebound (the blade goes back up by more than 2°), at rest by 2.5 s, never past the
    /// open stop by more than 1 pt (in fact 0.0002 at most), on its hinge, and on the
    /// tests' screens no step needs redoing.
    @Test func dropStrikesAtSixTenthsReboundsAndRests() throws {
        for (w, h) in Self.screens + Self.extremes {
            let drop = GuillotineDrop(geometry: Self.geometry(w, h), time: 10)
            let run = drop.play()
            let label = "\(Int(w))x\(Int(h))"
            #expect(run.finite, "\(label)")
            let contact = try #require(run.firstContact, "\(label)")
            #expect(abs(contact - 0.6) <= 0.05, "\(label): first contact at \(contact)")
            // Down, clockwise, until the contact; then back up at least 2 degrees.
            let before = run.frames.filter { $0.time < contact - 0.004 }
            #expect(zip(before, before.dropFirst()).allSatisfy { $0.angle <= $1.angle }, "\(label)")
            let lowest = run.frames.filter { $0.time > contact }.map(\.angle).min() ?? 0
            if Self.screens.contains(where: { $0 == (w, h) }) {
                #expect(lowest < -2 * Self.degree, "\(label): rebound to \(lowest)")
            }
            let rest = try #require(run.restAt, "\(label)")
            #expect(rest <= 2.5, "\(label): at rest at \(rest)")
            #expect(drop.isOpen && drop.angle == 0)
            #expect(run.frames.filter { $0.time >= rest }.allSatisfy { $0.angle == 0 })
            #expect(run.pastOpenStop <= 1, "\(label): \(run.pastOpenStop) pt past the stop")
            #expect(run.hingeError <= 0.5, "\(label)")
            if Self.screens.contains(where: { $0 == (w, h) }) { #expect(run.pastOpenStop <= 0.05, "\(label)") }
            if [800, 1920].contains(max(w, h)) && [480, 1080].contains(min(w, h)) {
                #expect(drop.recoveries == 0, "\(label)")
            }
        }
    }

    /// Closing: from open at rest, the push upwards swings the blade back to -90° about the
    /// hinge, where it rests on the close stop (and the menu can go), within 2.5 s (screens
    /// of absurd shapes: within the longest swing, 5 s), never past that stop by more than
    /// 1 pt.
    @Test func closingSwingsBackUpAndRestsClosed() throws {
        for (w, h) in Self.screens + Self.extremes {
            let drop = GuillotineDrop(geometry: Self.geometry(w, h), time: 0, open: true)
            #expect(drop.isOpen && drop.angle == 0 && drop.firstContact == 0)
            drop.reverse(at: 5)
            #expect(drop.direction == .closing && !drop.isAtRest && drop.swingStart == 5)
            let run = drop.play(for: 5.1)
            let label = "\(Int(w))x\(Int(h))"
            #expect(run.finite, "\(label)")
            #expect(run.firstContact == nil)
            guard let rest = run.restAt else {
                Issue.record("\(label): not closed after 3 s (angle \(drop.angle))")
                continue
            }
            #expect(rest <= (Self.extremes.contains { $0 == (w, h) } ? 5.0 + 1.0 / 60 : 2.5), "\(label): closed at \(rest)")
            #expect(drop.isClosed && drop.angle == GuillotineGeometry.closedAngle)
            #expect(run.pastCloseStop <= 1, "\(label): \(run.pastCloseStop)")
            #expect(run.hingeError <= 0.5, "\(label)")
        }
    }

    /// A reversal mid-swing stops the blade where it is and swings it back: down at 0.3 s,
    /// up from there; the first contact of the new opening is its own.
    @Test func reversalSwingsBackFromWhereItIs() throws {
        let drop = GuillotineDrop(geometry: Self.geometry(800, 480), time: 0)
        drop.advance(to: 0.3)
        let there = drop.angle
        #expect(there > GuillotineGeometry.closedAngle + 5 * Self.degree && there < -10 * Self.degree)
        drop.reverse(at: 0.3)
        #expect(drop.angle == there && drop.angularVelocity == 0 && drop.direction == .closing)
        drop.advance(to: 0.35)
        #expect(drop.angle < there)
        drop.advance(to: 3)
        #expect(drop.isClosed)
        drop.reverse(at: 4)
        #expect(drop.direction == .opening && drop.swingStart == 4 && drop.firstContact == nil)
        let run = drop.play()
        let contact = try #require(run.firstContact)
        #expect(abs(contact - 0.6) <= 0.05)
    }

    /// A storm of reversals (every frame, every other frame, at random) never leaves the
    /// blade stuck: each one turns the push round, and left alone it rests on a stop.
    @Test func reversalStormNeverSticks() {
        var random = SplitMix(seed: 17)
        for (w, h) in [(800.0, 480.0), (480, 800), (1920, 1080)] {
            let drop = GuillotineDrop(geometry: Self.geometry(w, h), time: 0)
            var t = 0.0
            var expected = GuillotineDrop.Direction.opening
            for k in 0..<400 {
                t += 1.0 / 60
                drop.advance(to: t)
                if k < 60 || random.next() % 3 == 0 {
                    drop.reverse(at: t)
                    expected = expected == .opening ? .closing : .opening
                }
                #expect(drop.direction == expected)
                #expect(drop.angle.isFinite)
                #expect(drop.angle <= 1e-3 && drop.angle >= GuillotineGeometry.closedAngle - 1e-3)
            }
            drop.advance(to: t + 3)
            #expect(drop.isAtRest)
            #expect(expected == .opening ? drop.isOpen : drop.isClosed)
        }
    }

    /// The same times give bit-identical swings, however the frames fall.
    @Test func deterministic() {
        let a = GuillotineDrop(geometry: Self.geometry(800, 480), time: 0)
        let b = GuillotineDrop(geometry: Self.geometry(800, 480), time: 0)
        var t = 0.0
        var k = 0
        while t < 1.2 {
            t += [1.0 / 60, 0.011, 0.033, 0.0005][k % 4]
            k += 1
            a.advance(to: t)
        }
        b.advance(to: t)
        #expect(a.angle.bitPattern == b.angle.bitPattern)
        #expect(a.angularVelocity.bitPattern == b.angularVelocity.bitPattern)
        #expect(a.time == b.time)
    }

    /// A hinge given outside the screen, not finite, or a screen of no size: held to a
    /// working blade.
    @Test func badGeometryIsHeld() {
        let g = GuillotineGeometry(width: .nan, height: -5, hinge: Point2D(.infinity, -3))
        #expect(g.width == 1 && g.height == 1 && g.hinge == Point2D(0, 0))
        let big = GuillotineGeometry(width: 800, height: 480, hinge: Point2D(900, 300))
        #expect(big.hinge == Point2D(96, 96))
        let drop = GuillotineDrop(geometry: big, time: 0)
        drop.advance(to: 3)
        #expect(drop.isOpen)
    }
}

/// A small deterministic generator for the storm.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
