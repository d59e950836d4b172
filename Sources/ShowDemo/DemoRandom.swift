/// SplitMix64: the demo pictures' seeded generator, so each picture is the same, byte
/// for byte, on every run and machine (positions, sizes and colour choices come from it;
/// no `SystemRandomNumberGenerator` anywhere).
struct DemoRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double in lo..<hi, from the top 53 bits (exact and platform-independent).
    mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() >> 11) / Double(1 << 53)
    }

    /// An index in 0..<count.
    mutating func index(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    mutating func pick<T>(_ items: [T]) -> T { items[index(items.count)] }
}
