import FixedPoint
import Testing

@testable import Motion

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Springs")
struct SpringTests {
    /// An independent solution: classical Runge-Kutta (RK4) on m x'' = -k (x - to) - c x'
    /// with a 1e-5 s step (error of order 1e-17 per step), returning (x, v) at each time.
    static func integrate(_ p: SpringParameters, from: Double, to: Double, velocity: Double, times: [Double])
        -> [(Double, Double)]
    {
        func acceleration(_ x: Double, _ v: Double) -> Double {
            (-p.stiffness * (x - to) - p.damping * v) / p.mass
        }
        var x = from
        var v = velocity
        var t = 0.0
        let h = 1e-5
        var out: [(Double, Double)] = []
        for target in times {
            let steps = Int(((target - t) / h).rounded())
            for _ in 0..<steps {
                let k1x = v
                let k1v = acceleration(x, v)
                let k2x = v + h / 2 * k1v
                let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
                let k3x = v + h / 2 * k2v
                let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
                let k4x = v + h * k3v
                let k4v = acceleration(x + h * k3x, v + h * k3v)
                x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            t += Double(steps) * h
            out.append((x, v))
        }
        return out
    }

    static let times = [0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 1.7]

    /// Under-damped (bouncy, undamped too), critical, over-damped, and the band around
    /// critical, each with an initial velocity against the motion.
    @Test(arguments: [
        SpringParameters(mass: 1, stiffness: 200, damping: 0),
        SpringParameters(mass: 1, stiffness: 200, damping: 5),
        SpringParameters(dampingRatio: 0.5, response: 0.4),
        SpringParameters(mass: 2, stiffness: 300, damping: 2 * (300.0 * 2).squareRoot()),
        SpringParameters(mass: 1, stiffness: 100, damping: 20.000001),
        SpringParameters(mass: 1, stiffness: 100, damping: 20 * (1 + 1e-11)),
        SpringParameters(mass: 1, stiffness: 100, damping: 20 * (1 - 1e-11)),
        SpringParameters(mass: 1, stiffness: 100, damping: 19.999999),
        SpringParameters(mass: 1, stiffness: 100, damping: 20.01),
        SpringParameters(mass: 0.5, stiffness: 80, damping: 40),
    ])
    func matchesNumericalIntegration(_ p: SpringParameters) {
        let spring = Spring(p, from: 100, to: 300, initialVelocity: -900.0)
        let reference = Self.integrate(p, from: 100, to: 300, velocity: -900, times: Self.times)
        for (t, (x, v)) in zip(Self.times, reference) {
            // Closed form vs RK4 on a 200 pt move: agree to a micro-point.
            #expect(abs(spring.position(at: t) - x) <= 1e-6, "x at \(t): \(spring.position(at: t)) vs \(x)")
            #expect(abs(spring.velocity(at: t) - v) <= 1e-5, "v at \(t): \(spring.velocity(at: t)) vs \(v)")
            let state = spring.state(at: t)
            #expect(state.position == spring.position(at: t) && state.velocity == spring.velocity(at: t))
        }
    }

    /// Values worked out by hand from the textbook solutions.
    @Test func handComputedValues() {
        // Critical (ω0 = 10): x = e^{-10t}(1 + 10t), v = -100 t e^{-10t}. At 0.1: 2/e, -10/e.
        let critical = Spring(stiffness: 100, damping: 20, from: 1.0, to: 0)
        #expect(abs(critical.position(at: 0.1) - 2 * exp(-1)) <= 1e-15)
        #expect(abs(critical.velocity(at: 0.1) + 10 * exp(-1)) <= 1e-14)
        #expect(abs(critical.position(at: 0.1) - 0.7357588823428847) <= 1e-15)
        // Over-damped, roots -1 and -2: x = 2e^{-t} - e^{-2t}, v = -2e^{-t} + 2e^{-2t}.
        let over = Spring(stiffness: 2, damping: 3, from: 1.0, to: 0)
        #expect(abs(over.position(at: 1) - 0.600423599106272) <= 1e-15)
        #expect(abs(over.velocity(at: 1) + 0.46508831586965926) <= 1e-15)
        // Undamped, ω = 1: x = cos t about the target. Half a period: the mirror image.
        let undamped = Spring(stiffness: 1, damping: 0, from: 5.0, to: 3)
        #expect(abs(undamped.position(at: Double.pi) - 1) <= 1e-14)
        #expect(abs(undamped.velocity(at: Double.pi / 2) + 2) <= 1e-14)
        // Undamped, ω = 2, launched from rest position at 2/s: x = sin 2t.
        let launched = Spring(stiffness: 4, damping: 0, from: 0.0, to: 0, initialVelocity: 2)
        #expect(abs(launched.position(at: Double.pi / 4) - 1) <= 1e-15)
        #expect(abs(launched.velocity(at: Double.pi / 4)) <= 1e-15)
        // At t = 0: the initial conditions, in every regime.
        for p in [
            SpringParameters(stiffness: 100, damping: 2), .init(stiffness: 100, damping: 20),
            .init(stiffness: 100, damping: 50),
        ] {
            let s = Spring(p, from: 7.0, to: -3, initialVelocity: 11)
            #expect(abs(s.position(at: 0) - 7) <= 1e-12)
            #expect(abs(s.velocity(at: 0) - 11) <= 1e-12)
        }
    }

    @Test func dampingRatioAndResponse() {
        let p = SpringParameters(dampingRatio: 0.8, response: 0.5)
        #expect(p.mass == 1)
        #expect(abs(p.stiffness - 157.91367041742973) <= 1e-9)  // (2π / 0.5)²
        #expect(abs(p.damping - 20.106192982974676) <= 1e-9)  // 4π · 0.8 / 0.5
        #expect(abs(p.dampingRatio - 0.8) <= 1e-12)
        #expect(abs(p.naturalFrequency - 4 * Double.pi) <= 1e-12)
        // The undamped period is the response: back at the start after 0.5 s.
        let undamped = Spring(SpringParameters(dampingRatio: 0, response: 0.5), from: 10.0, to: 0)
        #expect(abs(undamped.position(at: 0.5) - 10) <= 1e-9)
    }

    @Test func vectorsMoveComponentwise() {
        let p = SpringParameters(dampingRatio: 0.6, response: 0.35)
        let v = Spring(p, from: Point2D(10, -40), to: Point2D(200, 60), initialVelocity: Point2D(-300, 1200))
        let x = Spring(p, from: 10.0, to: 200, initialVelocity: -300)
        let y = Spring(p, from: -40.0, to: 60, initialVelocity: 1200)
        for t in Self.times {
            #expect(v.position(at: t) == Point2D(x.position(at: t), y.position(at: t)))
            #expect(v.velocity(at: t) == Point2D(x.velocity(at: t), y.velocity(at: t)))
        }
    }

    /// Settling is for good: once settled, the spring stays settled (energy only falls);
    /// passing through the target at speed is not settling.
    @Test func settling() {
        let spring = Spring(SpringParameters(dampingRatio: 0.3, response: 0.5), from: 0.0, to: 300)
        var first: Double?
        var t = 0.0
        while t < 10 {
            if spring.isSettled(at: t) {
                if first == nil { first = t }
            } else {
                #expect(first == nil, "unsettled again at \(t) after settling at \(first!)")
            }
            // Crossing the target while moving is not at rest.
            if let f = first, t < f, abs(spring.position(at: t) - 300) < 0.001 {
                #expect(!spring.isSettled(at: t))
            }
            t += 0.001
        }
        let settled = try! #require(first)
        #expect(settled > 1 && settled < 5)
        #expect(abs(spring.position(at: settled) - 300) <= spring.restDisplacement)
        #expect(abs(spring.velocity(at: settled)) <= spring.restSpeed)
        #expect(!Spring(stiffness: 1, damping: 0, from: 0.0, to: 1).isSettled(at: 1000))
    }
}
