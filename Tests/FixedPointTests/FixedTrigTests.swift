import VitrineTestSupport
import FixedPoint
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Fixed trigonometry")
struct FixedTrigTests {
    /// The documented bound is 0.5 ulp + 1e-8; the required one is 1e-4.
    static let tolerance = 0.5 / 65536 + 1e-8

    static func check(_ x: Fixed) {
        let d = x.doubleValue
        let s = Fixed.sin(radians: x).doubleValue
        let c = Fixed.cos(radians: x).doubleValue
        #expect(Swift.abs(s - sin(d)) <= tolerance, "sin(\(x))")
        #expect(Swift.abs(c - cos(d)) <= tolerance, "cos(\(x))")
    }

    @Test func wholeRange() {
        var rng = SplitMix64(seed: 30)
        for _ in 0..<4000 {
            Self.check(rng.nextFixed())
        }
        for raw in SplitMix64.edgeRaws {
            Self.check(Fixed(raw: raw))
        }
    }

    /// Near multiples of pi/2 (including large and negative k), where a poor range reduction
    /// loses the most.
    @Test func nearMultiplesOfHalfPi() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<3000 {
            let k = Double(Int.random(in: -20860...20860, using: &rng))
            let center = Fixed(k * Double.pi / 2)
            let offset = Int32.random(in: -3...3, using: &rng)
            Self.check(Fixed(raw: center.raw + offset))
        }
    }

    @Test func exactValues() {
        #expect(Fixed.sin(radians: .zero) == .zero)
        #expect(Fixed.cos(radians: .zero) == .one)
        #expect(Fixed.sin(radians: Fixed(Double.pi / 2)) == .one)
        #expect(Fixed.cos(radians: Fixed(Double.pi)) == -Fixed.one)
        #expect(Fixed.sin(radians: Fixed(Double.pi / 6)) == .half)
    }

    @Test func symmetry() {
        var rng = SplitMix64(seed: 32)
        for _ in 0..<3000 {
            let x = rng.nextFixed()
            guard x != .min else { continue }
            #expect(Fixed.sin(radians: -x) == -Fixed.sin(radians: x))
            #expect(Fixed.cos(radians: -x) == Fixed.cos(radians: x))
        }
    }

    @Test func degreesExactAtMultiplesOf90() {
        for k in -364...364 {
            let (s, c) = Fixed.sinCos(degrees: Fixed(90 * k))
            let expected: [(Fixed, Fixed)] = [(.zero, .one), (.one, .zero), (.zero, -.one), (-.one, .zero)]
            let e = expected[((k % 4) + 4) % 4]
            #expect(s == e.0 && c == e.1, "\(90 * k) degrees")
        }
        #expect(Fixed.sinCos(degrees: Fixed(30)).sin == .half)
        #expect(Fixed.sinCos(degrees: Fixed(-30)).sin == -Fixed.half)
        #expect(Fixed.sinCos(degrees: Fixed(60)).cos == .half)
    }

    @Test func degreesMatchDouble() {
        var rng = SplitMix64(seed: 33)
        for _ in 0..<4000 {
            let x = rng.nextFixed()
            let radians = x.doubleValue * Double.pi / 180
            let (s, c) = Fixed.sinCos(degrees: x)
            #expect(Swift.abs(s.doubleValue - sin(radians)) <= Self.tolerance, "sin(\(x) degrees)")
            #expect(Swift.abs(c.doubleValue - cos(radians)) <= Self.tolerance, "cos(\(x) degrees)")
        }
    }
}
