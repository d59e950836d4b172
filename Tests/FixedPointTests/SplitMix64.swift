import FixedPoint
import VitrineTestSupport

/// Fixed-point cases drawn from the suites' seeded generator.
extension SplitMix64 {
    /// Raw values worth testing most: the edges of the range, zero, one, halves, ulps.
    static let edgeRaws: [Int32] = [
        .min, .min + 1, .min + 0x8000, .max, .max - 1, .max - 0x8000,
        0, 1, -1, 2, -2, 0x8000, -0x8000, 0x1_0000, -0x1_0000, 0x1_8000, -0x1_8000,
        0xFFFF, -0xFFFF, 0x1_0001, -0x1_0001,
    ]

    /// A Fixed from a mix: 1/8 edge values, 3/8 full-range raws, 1/4 small magnitudes
    /// (|x| < 256), 1/4 tiny magnitudes (|raw| < 2^12).
    mutating func nextFixed() -> Fixed {
        switch next() % 8 {
        case 0: return Fixed(raw: Self.edgeRaws.randomElement(using: &self)!)
        case 1, 2, 3: return Fixed(raw: Int32(truncatingIfNeeded: next()))
        case 4, 5: return Fixed(raw: Int32.random(in: -(1 << 24)...(1 << 24), using: &self))
        default: return Fixed(raw: Int32.random(in: -(1 << 12)...(1 << 12), using: &self))
        }
    }

    /// A Fixed with |value| <= bound (bound in whole units), uniform on raws.
    mutating func nextFixed(within bound: Int32) -> Fixed {
        Fixed(raw: Int32.random(in: -(bound << 16)...(bound << 16), using: &self))
    }
}
