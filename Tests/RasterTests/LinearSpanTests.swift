import Testing

@testable import Raster

/// `LinearSpan.touching` and `inside` solve an affine row in 64 bits; these check them
/// against the same bounds solved by the 128-bit `restrict`, on seeded random rows from
/// tiny to extreme.
@Suite struct LinearSpanTests {
    /// `touching` as the 128-bit solver gives it.
    static func touchingWide(u0: Int64, v0: Int64, du: Int64, dv: Int64, width: Int, height: Int, count: Int)
        -> Range<Int64>
    {
        var k0: Int64 = 0, k1 = Int64(count)
        LinearSpan.restrict(
            &k0, &k1, start: Int128(u0), step: Int128(du), above: -0x8000, below: Int128(width) << 16 + 0x8000)
        LinearSpan.restrict(
            &k0, &k1, start: Int128(v0), step: Int128(dv), above: -0x8000, below: Int128(height) << 16 + 0x8000)
        return k0 < k1 ? k0..<k1 : 0..<0
    }

    /// `inside` as the 128-bit solver gives it.
    static func insideWide(u0: Int64, v0: Int64, du: Int64, dv: Int64, width: Int, height: Int, within: Range<Int64>)
        -> Range<Int64>
    {
        var a = within.lowerBound, b = within.upperBound
        LinearSpan.restrict(
            &a, &b, start: Int128(u0) - 0x8000, step: Int128(du), above: -1, below: Int128(width - 1) << 16)
        LinearSpan.restrict(
            &a, &b, start: Int128(v0) - 0x8000, step: Int128(dv), above: -1, below: Int128(height - 1) << 16)
        return a < b ? a..<b : within.upperBound..<within.upperBound
    }

    @Test func narrowSpansAgreeWithWide() {
        var rng = SeededRandom(seed: 0x5EED_5A4)
        let positions: [ClosedRange<Int64>] = [-0x40000...0x400000, -(1 << 34)...(1 << 34), -(1 << 48)...(1 << 48)]
        let steps: [ClosedRange<Int64>] = [-0x30000...0x30000, -0x200...0x200, -(1 << 31)...(1 << 31), 0...0]
        for i in 0..<20_000 {
            let p = positions[i % positions.count], s = steps[(i / 3) % steps.count]
            let u0 = Int64.random(in: p, using: &rng), v0 = Int64.random(in: p, using: &rng)
            // Steps exactly zero on one axis now and then (upright rows).
            let du = i % 7 == 0 ? 0 : Int64.random(in: s, using: &rng)
            let dv = i % 5 == 0 ? 0 : Int64.random(in: s, using: &rng)
            let width = [1, 2, 3, 17, 640, 32768][i % 6], height = [1, 2, 5, 300, 1080, 32768][(i / 6) % 6]
            let count = [0, 1, 2, 33, 800, 1920, 100_000][(i / 2) % 7]
            let touching = LinearSpan.touching(
                u0: u0, v0: v0, du: du, dv: dv, width: width, height: height, count: count)
            let want = Self.touchingWide(u0: u0, v0: v0, du: du, dv: dv, width: width, height: height, count: count)
            #expect(touching == want, "touching #\(i) \(u0) \(v0) \(du) \(dv) \(width)x\(height) \(count)")
            let within = touching.isEmpty ? Int64(0)..<Int64(count) : touching
            let inside = LinearSpan.inside(u0: u0, v0: v0, du: du, dv: dv, width: width, height: height, within: within)
            let wantInside = Self.insideWide(
                u0: u0, v0: v0, du: du, dv: dv, width: width, height: height, within: within)
            #expect(inside == wantInside, "inside #\(i) \(u0) \(v0) \(du) \(dv) \(width)x\(height) \(within)")
        }
    }

    /// Values past the 64-bit solver's limit take the 128-bit one: the same answers.
    @Test func extremeValuesAgree() {
        let big = Int64.max / 2, cases: [(Int64, Int64, Int64, Int64)] = [
            (big, 0, -(1 << 61), 0), (-big, -big, 1 << 62, 1 << 62), (Int64.min / 4, 0x8000, Int64.max / 4, 1),
            (0x8000, Int64.max / 3, 0, -(Int64.max / 3)),
        ]
        for (u0, v0, du, dv) in cases {
            let got = LinearSpan.touching(u0: u0, v0: v0, du: du, dv: dv, width: 100, height: 100, count: 64)
            #expect(got == Self.touchingWide(u0: u0, v0: v0, du: du, dv: dv, width: 100, height: 100, count: 64))
        }
    }
}
