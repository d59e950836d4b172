import VitrineTestSupport
import FixedPoint
import Testing

@Suite("Fixed integer parts")
struct FixedRoundingTests {
    @Test func examples() {
        #expect(Fixed(-1.5).floor == -2)
        #expect(Fixed(-1.5).ceil == -1)
        #expect(Fixed(-1.5).rounded == -1)  // Ties toward +infinity.
        #expect(Fixed(-2.5).rounded == -2)
        #expect(Fixed(2.5).rounded == 3)
        #expect(Fixed(-2.6).rounded == -3)
        #expect(Fixed(-0.25).floor == -1)
        #expect(Fixed(-0.25).ceil == 0)
        #expect(Fixed(-0.25).rounded == 0)
        #expect(Fixed(-3).floor == -3)
        #expect(Fixed(-3).ceil == -3)
        #expect(Fixed.ulp.ceil == 1)
        #expect((-Fixed.ulp).floor == -1)
        #expect(Fixed.max.floor == 32767)
        #expect(Fixed.max.ceil == 32768)
        #expect(Fixed.max.rounded == 32768)
        #expect(Fixed.min.floor == -32768)
        #expect(Fixed.min.ceil == -32768)
        #expect(Fixed(32767).ceiled == Fixed(32767))
        #expect(Fixed(-1.5).floored == Fixed(-2))
        #expect(Fixed(-1.5).ceiled == Fixed(-1))
        #expect(Fixed(-7.25).magnitude == Fixed(7.25))
        #expect(Fixed.max.magnitude == .max)
        #expect(Fixed(raw: Int32.min + 1).magnitude == .max)
    }

    /// Against Double, where value and value + 0.5 are exact.
    @Test func matchDouble() {
        var rng = SplitMix64(seed: 20)
        for _ in 0..<10000 {
            let x = rng.nextFixed()
            let d = x.doubleValue
            #expect(x.floor == Int(d.rounded(.down)))
            #expect(x.ceil == Int(d.rounded(.up)))
            #expect(x.rounded == Int((d + 0.5).rounded(.down)))
            #expect(x.floored.doubleValue == d.rounded(.down))
            if d <= 32767 { #expect(x.ceiled.doubleValue == d.rounded(.up)) }
            if x != .min { #expect(x.magnitude.doubleValue == Swift.abs(d)) }
        }
    }
}
