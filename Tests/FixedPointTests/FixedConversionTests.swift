import VitrineTestSupport
import FixedPoint
import Testing

@Suite("Fixed conversions")
struct FixedConversionTests {
    @Test func constants() {
        #expect(Fixed.zero.raw == 0)
        #expect(Fixed.one.raw == 65536)
        #expect(Fixed.half.raw == 32768)
        #expect(Fixed.ulp.raw == 1)
        #expect(Fixed.min.raw == Int32.min)
        #expect(Fixed.max.raw == Int32.max)
        #expect(Fixed.min.doubleValue == -32768)
        #expect(Fixed.max.doubleValue == 32767.9999847412109375)
    }

    @Test func integers() {
        for i in [-32768, -32767, -1, 0, 1, 2, 1000, 32767] {
            #expect(Fixed(i).raw == Int32(i) * 65536)
            #expect(Fixed(exactly: i) == Fixed(i))
            #expect(Fixed(i).doubleValue == Double(i))
        }
        for i in [-32769, 32768, 65536, Int.min, Int.max] {
            #expect(Fixed(exactly: i) == nil)
        }
    }

    @Test func doubleRoundTripIsExact() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<5000 {
            let x = rng.nextFixed()
            #expect(Fixed(x.doubleValue) == x)
            #expect(Fixed(checking: x.doubleValue) == x)
            #expect(x.doubleValue == Double(x.raw) / 65536)
        }
    }

    /// Halfway between two raws: ties go away from zero, so Fixed(-d) == -Fixed(d).
    @Test func doubleTiesGoAwayFromZero() {
        #expect(Fixed(0.5 / 65536).raw == 1)
        #expect(Fixed(-0.5 / 65536).raw == -1)
        #expect(Fixed(1.5 / 65536).raw == 2)
        #expect(Fixed(-1.5 / 65536).raw == -2)
        #expect(Fixed(2.5).raw == 0x2_8000)
        var rng = SplitMix64(seed: 2)
        for _ in 0..<5000 {
            let r = Int64(Int32.random(in: Int32.min...(Int32.max - 1), using: &rng))
            let tie = (Double(r) + 0.5) / 65536  // Exactly representable.
            let expected = r >= 0 ? r + 1 : r  // Away from zero: up for positive, down for negative.
            #expect(Int64(Fixed(tie).raw) == expected, "tie \(tie)")
        }
    }

    /// Non-tie values round to the nearest raw (oracle: floor and compare remainders in Double,
    /// where the scaled value and its floor are exact).
    @Test func doubleRoundsToNearest() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<5000 {
            let d = Double.random(in: -32768.0...32767.99, using: &rng)
            let scaled = d * 65536
            let below = scaled.rounded(.down)
            let expected = scaled - below < 0.5 ? below : below + 1
            guard scaled - below != 0.5, expected <= Double(Int32.max) else { continue }
            #expect(Double(Fixed(d).raw) == expected, "\(d)")
        }
    }

    @Test func checkingRejectsNonFiniteAndOutOfRange() {
        #expect(Fixed(checking: .nan) == nil)
        #expect(Fixed(checking: .infinity) == nil)
        #expect(Fixed(checking: -.infinity) == nil)
        #expect(Fixed(checking: 32768) == nil)
        #expect(Fixed(checking: 1e300) == nil)
        // max + 0.5 ulp rounds up to 2^31 raw: out of range. Just below stays max.
        #expect(Fixed(checking: (Double(Int32.max) + 0.5) / 65536) == nil)
        #expect(Fixed(checking: (Double(Int32.max) + 0.49) / 65536) == .max)
        // min - 0.5 ulp rounds away from zero to -2^31 - 1: out of range. Just above stays min.
        #expect(Fixed(checking: (-2_147_483_648.0 - 0.5) / 65536) == nil)
        #expect(Fixed(checking: (-2_147_483_648.0 - 0.49) / 65536) == .min)
        #expect(Fixed(checking: -32768) == .min)
        #expect(Fixed(checking: -0.0) == .zero)
    }

    @Test func description() {
        #expect(Fixed(1.5).description == "1.5")
        #expect(Fixed(-3).description == "-3.0")
        #expect(Fixed.zero.description == "0.0")
        #expect(Fixed.ulp.description == "0.0000152587890625")
        #expect((-Fixed.ulp).description == "-0.0000152587890625")
        #expect(Fixed.min.description == "-32768.0")
        #expect(Fixed.max.description == "32767.9999847412109375")
        #expect(Fixed(-0.25).description == "-0.25")
        var rng = SplitMix64(seed: 4)
        for _ in 0..<2000 {
            let x = rng.nextFixed()
            // Exact decimal: parsing it back as a Double gives the exact value.
            #expect(Double(x.description) == x.doubleValue, "\(x.raw)")
        }
    }

    @Test func comparisonFollowsValue() {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<5000 {
            let a = rng.nextFixed()
            let b = rng.nextFixed()
            #expect((a < b) == (a.doubleValue < b.doubleValue))
            #expect((a == b) == (a.doubleValue == b.doubleValue))
        }
    }
}
