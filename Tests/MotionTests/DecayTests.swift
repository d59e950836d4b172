import FixedPoint
import Testing

@testable import Motion

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Decay")
struct DecayTests {
    @Test func rates() {
        #expect(DecelerationRate.normal.perMillisecond == 0.998)
        #expect(DecelerationRate.fast.perMillisecond == 0.99)
        // λ = -1000 ln r (python: -1000*math.log(0.998)).
        #expect(abs(DecelerationRate.normal.decayConstant - 2.0020026706730794) <= 1e-12)
        #expect(abs(DecelerationRate.fast.decayConstant - 10.050335853501451) <= 1e-12)
    }

    /// v(t) = v0 · r^(1000 t): after 500 ms at .normal, 0.998^500 of it; after 100 ms at
    /// .fast, 0.99^100 (python: 1000*0.998**500, 1000*0.99**100).
    @Test func velocity() {
        let normal = Decay(from: 0.0, initialVelocity: 1000, rate: .normal)
        #expect(abs(normal.velocity(at: 0.5) - 367.5112548571586) <= 1e-9)
        let fast = Decay(from: 0.0, initialVelocity: 1000, rate: .fast)
        #expect(abs(fast.velocity(at: 0.1) - 366.0323412732292) <= 1e-9)
        // Each millisecond keeps r of the velocity.
        #expect(abs(normal.velocity(at: 0.201) / normal.velocity(at: 0.200) - 0.998) <= 1e-12)
        #expect(normal.velocity(at: 0) == 1000)
    }

    /// Position is the integral of velocity: against the closed form worked in python
    /// (10 + 1000 (1 - 0.998^500) / λ) and against Simpson's rule on v(t).
    @Test func position() {
        let decay = Decay(from: 10.0, initialVelocity: 1000, rate: .normal)
        #expect(abs(decay.position(at: 0.5) - 325.9280226785096) <= 1e-9)
        #expect(decay.position(at: 0) == 10)
        for rate in [DecelerationRate.normal, .fast, DecelerationRate(perMillisecond: 0.95)] {
            let d = Decay(from: -20.0, initialVelocity: -2500, rate: rate)
            for t in [0.05, 0.3, 1.2] {
                let n = 2000
                let h = t / Double(n)
                var sum = d.velocity(at: 0) + d.velocity(at: t)
                for i in 1..<n {
                    sum += d.velocity(at: Double(i) * h) * (i % 2 == 1 ? 4 : 2)
                }
                let simpson = -20 + sum * h / 3
                #expect(abs(d.position(at: t) - simpson) <= 1e-6, "\(rate) at \(t)")
            }
        }
    }

    /// The projected end is x0 + v0 / λ: 499.4998... pt for 1000 pt/s at .normal, where the
    /// discrete sum v0/1000 · r/(1 - r) gives 499.0 (documented difference).
    @Test func projectedEnd() {
        let normal = Decay(from: 0.0, initialVelocity: 1000, rate: .normal)
        #expect(abs(normal.projectedEnd - 499.4998331664548) <= 1e-9)
        let r = 0.998
        let discrete: Double = 1000.0 / 1000 * r / (1 - r)
        #expect(abs(discrete - 499.0) <= 1e-9)
        let fast = Decay(from: 100.0, initialVelocity: -1000, rate: .fast)
        #expect(abs(fast.projectedEnd - (100 - 99.49916247342207)) <= 1e-9)
        #expect(abs(fast.position(at: 100) - fast.projectedEnd) <= 1e-9)
        #expect(
            Decay.projectedEnd(from: 5.0, initialVelocity: 300, rate: .normal)
                == Decay(from: 5.0, initialVelocity: 300).projectedEnd)
    }

    /// Settled once the speed is at most 0.5 pt/s: ln(2000)/λ after a 1000 pt/s fling
    /// (3.797 s at .normal, 0.756 s at .fast); the rest of the travel is under 0.25 pt.
    @Test func settling() {
        let normal = Decay(from: 0.0, initialVelocity: 1000, rate: .normal)
        #expect(abs(normal.settlingDuration - 3.7966495104557656) <= 1e-9)
        #expect(!normal.isSettled(at: 3.79))
        #expect(normal.isSettled(at: 3.80))
        #expect(
            abs(normal.projectedEnd - normal.position(at: normal.settlingDuration)) <= 0.5 / 2.0020026706730794 + 1e-9)
        let fast = Decay(from: 0.0, initialVelocity: -1000, rate: .fast)
        #expect(abs(fast.settlingDuration - 0.756283428766611) <= 1e-9)
        #expect(Decay(from: 0.0, initialVelocity: 0.2).settlingDuration == 0)
        #expect(Decay(from: 0.0, initialVelocity: 0.2).isSettled(at: 0))
    }

    @Test func vectorFlingKeepsItsDirection() {
        let d = Decay(from: Point2D(10, 10), initialVelocity: Point2D(300, -400), rate: .normal)
        let p = d.position(at: 0.7) - Point2D(10, 10)
        #expect(abs(p.x * -400 - p.y * 300) <= 1e-9)
        // Speed 500: settles when 500 r^(1000t) = 0.5.
        #expect(abs(d.settlingDuration - log(1000) / DecelerationRate.normal.decayConstant) <= 1e-12)
        #expect(d.projectedEnd == Point2D(10, 10) + Point2D(300, -400) * (1 / DecelerationRate.normal.decayConstant))
    }
}
