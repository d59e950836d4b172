import Testing

@testable import Raster

/// `lerpRows` (four pixels at a time in 16-bit lanes) against the formula one channel at
/// a time, bit for bit: every weight, both alpha modes, counts with a tail.
@Suite struct RowLerpTests {
    @Test func agreesWithOneChannelAtATime() {
        var rng = SeededRandom(seed: 31)
        for n in [0, 1, 3, 4, 5, 8, 13, 64] {
            let a = (0..<n).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
            let b = (0..<n).map { _ in UInt32.random(in: 0...UInt32.max, using: &rng) }
            for w in UInt32(0)...255 {
                for opaque in [false, true] {
                    var d = [UInt32](repeating: 0, count: n)
                    a.withUnsafeBufferPointer { pa in
                        b.withUnsafeBufferPointer { pb in
                            d.withUnsafeMutableBufferPointer { pd in
                                guard n > 0 else { return }
                                lerpRows(
                                    pa.baseAddress!, pb.baseAddress!, into: pd.baseAddress!, count: n, weight: w,
                                    opaque: opaque)
                            }
                        }
                    }
                    let want = (0..<n).map { i -> UInt32 in
                        var v: UInt32 = 0
                        for shift in stride(from: 0, to: 32, by: 8) {
                            let x = a[i] >> UInt32(shift) & 0xff, y = b[i] >> UInt32(shift) & 0xff
                            v |= ((x * (256 - w) + y * w + 128) >> 8) << UInt32(shift)
                        }
                        return opaque ? v | 0xff00_0000 : v
                    }
                    #expect(d == want, "n \(n) w \(w) opaque \(opaque)")
                }
            }
        }
    }
}
