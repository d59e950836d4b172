import VitrineTestSupport
import FixedPoint
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

private let ulp = 1.0 / 65536

private func randomMatrix(_ rng: inout SplitMix64, within bound: Int32) -> Matrix3 {
    Matrix3(
        m00: rng.nextFixed(within: bound), m01: rng.nextFixed(within: bound), m02: rng.nextFixed(within: bound),
        m10: rng.nextFixed(within: bound), m11: rng.nextFixed(within: bound), m12: rng.nextFixed(within: bound),
        m20: rng.nextFixed(within: bound), m21: rng.nextFixed(within: bound), m22: rng.nextFixed(within: bound))
}

private func rawRows(_ m: Matrix3) -> [[Int128]] {
    [[m.m00, m.m01, m.m02], [m.m10, m.m11, m.m12], [m.m20, m.m21, m.m22]].map { $0.map { Int128($0.raw) } }
}

@Suite("Matrix3 basics")
struct MatrixBasicsTests {
    @Test func constructors() {
        #expect(Matrix3.identity.rowsAsDoubles == [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        #expect(Matrix3.translation(x: Fixed(3), y: Fixed(-4)).rowsAsDoubles == [[1, 0, 3], [0, 1, -4], [0, 0, 1]])
        #expect(Matrix3.scale(x: Fixed(2), y: Fixed(0.5)).rowsAsDoubles == [[2, 0, 0], [0, 0.5, 0], [0, 0, 1]])
        let rows: [[Double]] = [[1.5, -2, 3], [4, 5.25, -6], [0.125, 0, 1]]
        #expect(Matrix3(rows: rows).rowsAsDoubles == rows)
        #expect(Matrix3(rows: rows).m12 == Fixed(-6))  // matrix[row][col]
        #expect(Matrix3(rows: rows).m20 == Fixed(0.125))
        // Entries round as Fixed(Double): ties away from zero.
        let tie = Matrix3(rows: [[0.5 * ulp, -0.5 * ulp, 0], [0, 1, 0], [0, 0, 1]])
        #expect(tie.m00.raw == 1 && tie.m01.raw == -1)
    }

    @Test func isAffine() {
        #expect(Matrix3.identity.isAffine)
        #expect(Matrix3.translation(x: Fixed(5), y: Fixed(6)).isAffine)
        #expect(Matrix3.rotation(degrees: Fixed(33)).isAffine)
        var m = Matrix3.identity
        m.m22 = Fixed(2)
        #expect(!m.isAffine)
        m = .identity
        m.m20 = .ulp
        #expect(!m.isAffine)
        m = .identity
        m.m21 = -Fixed.ulp
        #expect(!m.isAffine)
    }

    /// y-down pixels: positive angles turn clockwise on screen, (1, 0) -> (0, 1) at +90.
    @Test func rotationSignConvention() {
        let p = Point(1, 0)
        #expect(Matrix3.rotation(degrees: Fixed(90)).apply(to: p) == Point(0, 1))
        #expect(Matrix3.rotation(degrees: Fixed(-90)).apply(to: p) == Point(0, -1))
        #expect(Matrix3.rotation(degrees: Fixed(180)).apply(to: p) == Point(-1, 0))
        #expect(Matrix3.rotation(degrees: Fixed(270)).apply(to: p) == Point(0, -1))
        #expect(Matrix3.rotation(degrees: Fixed(90)).apply(to: Point(0, 1)) == Point(-1, 0))
        #expect(Matrix3.rotation(degrees: Fixed(90)).rowsAsDoubles == [[0, -1, 0], [1, 0, 0], [0, 0, 1]])
        #expect(Matrix3.rotation(degrees: .zero) == .identity)
        #expect(Matrix3.rotation(degrees: Fixed(360)) == .identity)
    }

    @Test func rotationMatchesDouble() {
        var rng = SplitMix64(seed: 40)
        for _ in 0..<500 {
            let degrees = rng.nextFixed(within: 720)
            let r = degrees.doubleValue * Double.pi / 180
            let m = Matrix3.rotation(degrees: degrees).rowsAsDoubles
            let expected = [[cos(r), -sin(r), 0], [sin(r), cos(r), 0], [0, 0, 1]]
            for i in 0..<3 {
                for j in 0..<3 {
                    #expect(Swift.abs(m[i][j] - expected[i][j]) <= 0.5 * ulp + 1e-8, "\(degrees) [\(i)][\(j)]")
                }
            }
        }
    }

    @Test func pointArithmetic() {
        #expect(Point(1, 2) + Point(3, -5) == Point(4, -3))
        #expect(Point(1, 2) - Point(3, -5) == Point(-2, 7))
        #expect(-Point(1, -2) == Point(-1, 2))
        #expect(Point(0.5, -0.25) == Point(x: .half, y: Fixed(raw: -0x4000)))
        #expect(Point(0.5 * ulp, -0.5 * ulp) == Point(x: .ulp, y: -Fixed.ulp))
        #expect(Point(1.5, 2).description == "(1.5, 2.0)")
    }
}

@Suite("Matrix3 product")
struct MatrixProductTests {
    @Test func appliesRightOperandFirst() {
        let m = Matrix3.translation(x: Fixed(10), y: .zero) * Matrix3.scale(x: Fixed(2), y: Fixed(2))
        #expect(m.apply(to: Point(3, 4)) == Point(16, 8))
        let n = Matrix3.scale(x: Fixed(2), y: Fixed(2)) * Matrix3.translation(x: Fixed(10), y: .zero)
        #expect(n.apply(to: Point(3, 4)) == Point(26, 8))
    }

    @Test func identityIsExact() {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<1000 {
            let m = Matrix3(
                m00: rng.nextFixed(), m01: rng.nextFixed(), m02: rng.nextFixed(),
                m10: rng.nextFixed(), m11: rng.nextFixed(), m12: rng.nextFixed(),
                m20: rng.nextFixed(), m21: rng.nextFixed(), m22: rng.nextFixed())
            #expect(Matrix3.identity * m == m)
            #expect(m * Matrix3.identity == m)
        }
    }

    /// Within 0.5 ulp of the Double product, bit-exact against an Int128 oracle (ties up).
    @Test func matchesOracles() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<1500 {
            let a = randomMatrix(&rng, within: 100)
            let b = randomMatrix(&rng, within: 100)
            let (p, overflow) = a.multipliedReportingOverflow(by: b)
            #expect(!overflow)
            #expect(p == a * b)
            let expected = DoubleMatrix.multiply(a.rowsAsDoubles, b.rowsAsDoubles)
            let got = p.rowsAsDoubles
            let (ra, rb) = (rawRows(a), rawRows(b))
            let exact = rawRows(p)
            for i in 0..<3 {
                for j in 0..<3 {
                    #expect(Swift.abs(got[i][j] - expected[i][j]) <= 0.5 * ulp + 1e-9)
                    let sum = (0..<3).reduce(Int128(0)) { $0 + ra[i][$1] * rb[$1][j] }
                    #expect(exact[i][j] == Oracle.nearestTiesUp(sum, 65536))
                }
            }
        }
    }

    /// Rounded once: three half-ulp products sum to 1.5 ulp -> 2 ulp (per-product rounding would
    /// give 3); -0.5 + 0.5 ulp -> 0 (per-product: 0 + 1); a lone -0.5 ulp ties up to 0.
    @Test func roundsOnceTiesUp() {
        let halves = Matrix3(
            m00: .half, m01: .half, m02: .half, m10: -Fixed.half, m11: .half, m12: .zero,
            m20: .zero, m21: .zero, m22: .one)
        let ulps = Matrix3(
            m00: .ulp, m01: .zero, m02: .zero, m10: .ulp, m11: .zero, m12: .zero,
            m20: .ulp, m21: .zero, m22: .one)
        let p = halves * ulps
        #expect(p.m00.raw == 2)
        #expect(p.m10.raw == 0)  // -0.5 + 0.5 = 0 ulp exactly
        var neg = halves
        neg.m10 = -Fixed.half
        neg.m11 = .zero
        neg.m12 = .zero
        #expect((neg * ulps).m10.raw == 0)  // -0.5 ulp ties up to 0
    }

    @Test func overflowFlag() {
        let big = Matrix3.scale(x: Fixed(256), y: .one)
        #expect(big.multipliedReportingOverflow(by: .scale(x: Fixed(128), y: .one)).overflow)  // 32768
        #expect(!big.multipliedReportingOverflow(by: .scale(x: Fixed(-128), y: .one)).overflow)  // -32768
        #expect(!big.multipliedReportingOverflow(by: .scale(x: Fixed(128) - .ulp, y: .one)).overflow)
        // Each product fits, their sum does not: 100*100 + 100*100 + 100*100 = 30000 fits, 40000 not.
        let rows100 = Matrix3(rows: [[100, 100, 100], [0, 1, 0], [0, 0, 1]])
        let cols100 = Matrix3(rows: [[100, 0, 0], [100, 1, 0], [100, 0, 1]])
        #expect(!rows100.multipliedReportingOverflow(by: cols100).overflow)
        let rows200 = Matrix3(rows: [[200, 100, 100], [0, 1, 0], [0, 0, 1]])
        #expect(rows200.multipliedReportingOverflow(by: cols100).overflow)
        // Random full-range entries: the flag is set exactly when some entry does not fit.
        var rng = SplitMix64(seed: 43)
        var overflows = 0
        for _ in 0..<1500 {
            let a = randomMatrix(&rng, within: 160)
            let b = randomMatrix(&rng, within: 160)
            let (ra, rb) = (rawRows(a), rawRows(b))
            var expected = false
            for i in 0..<3 {
                for j in 0..<3 {
                    let sum = (0..<3).reduce(Int128(0)) { $0 + ra[i][$1] * rb[$1][j] }
                    expected = expected || Oracle.fit(Oracle.nearestTiesUp(sum, 65536)) == nil
                }
            }
            #expect(a.multipliedReportingOverflow(by: b).overflow == expected)
            if expected { overflows += 1 }
        }
        #expect(overflows > 100 && overflows < 1400, "\(overflows)")  // Both outcomes were exercised.
    }
}

@Suite("Matrix3 apply(to:)")
struct MatrixApplyTests {
    @Test func affineMatchesOracles() {
        var rng = SplitMix64(seed: 50)
        for _ in 0..<3000 {
            let m = rng.nextAffine()
            let p = Point(x: rng.nextFixed(within: 2000), y: rng.nextFixed(within: 2000))
            guard let q = m.apply(to: p) else {
                Issue.record("nil for \(m.rowsAsDoubles) \(p)")
                continue
            }
            let e = DoubleMatrix.apply(m.rowsAsDoubles, p.x.doubleValue, p.y.doubleValue)
            #expect(Swift.abs(q.x.doubleValue - e.x) <= 0.5 * ulp + 1e-9)
            #expect(Swift.abs(q.y.doubleValue - e.y) <= 0.5 * ulp + 1e-9)
            let r = rawRows(m)
            let x = Int128(p.x.raw), y = Int128(p.y.raw)
            #expect(Int128(q.x.raw) == Oracle.nearestTiesUp(r[0][0] * x + r[0][1] * y + r[0][2] * 65536, 65536))
            #expect(Int128(q.y.raw) == Oracle.nearestTiesUp(r[1][0] * x + r[1][1] * y + r[1][2] * 65536, 65536))
        }
    }

    @Test func projectiveMatchesOracles() {
        var rng = SplitMix64(seed: 51)
        for _ in 0..<3000 {
            let m = rng.nextProjective()
            let p = Point(x: rng.nextFixed(within: 1024), y: rng.nextFixed(within: 1024))
            let e = DoubleMatrix.apply(m.rowsAsDoubles, p.x.doubleValue, p.y.doubleValue)
            guard let q = m.apply(to: p) else {
                #expect(e.w <= 0 || Swift.abs(e.x) >= 32767 || Swift.abs(e.y) >= 32767)
                continue
            }
            #expect(e.w > 0)
            #expect(Swift.abs(q.x.doubleValue - e.x) <= 0.5 * ulp + 1e-9)
            #expect(Swift.abs(q.y.doubleValue - e.y) <= 0.5 * ulp + 1e-9)
            let r = rawRows(m)
            let x = Int128(p.x.raw), y = Int128(p.y.raw)
            let w = r[2][0] * x + r[2][1] * y + r[2][2] * 65536
            #expect(Int128(q.x.raw) == Oracle.nearestTiesAway((r[0][0] * x + r[0][1] * y + r[0][2] * 65536) * 65536, w))
        }
    }

    @Test func ties() {
        // Affine rounds as Fixed's multiply: ties toward +infinity.
        let half = Matrix3.scale(x: .half, y: .half)
        #expect(half.apply(to: Point(x: .ulp, y: -Fixed.ulp)) == Point(x: .ulp, y: .zero))
        // Projective rounds as Fixed's divide: ties away from zero.
        var w2 = Matrix3.identity
        w2.m22 = Fixed(2)
        #expect(w2.apply(to: Point(x: .ulp, y: -Fixed.ulp)) == Point(x: .ulp, y: -Fixed.ulp))
        #expect(w2.apply(to: Point(3, -5)) == Point(1.5, -2.5))
    }

    @Test func nilWhenBehindOrOutOfRange() {
        var m = Matrix3.identity
        m.m20 = -Fixed.one  // w = 1 - x
        #expect(m.apply(to: Point(0.5, 0)) == Point(1, 0))
        #expect(m.apply(to: Point(x: .one - Fixed(raw: 4), y: .zero)) == Point(16383, 0))  // w = 4 ulp, x' = 65532 / 4
        #expect(m.apply(to: Point(1, 0)) == nil)  // w = 0
        #expect(m.apply(to: Point(2, 0)) == nil)  // w < 0
        #expect(m.apply(to: Point(x: .one - .ulp, y: .zero)) == nil)  // w = 1 ulp: x' = 65535
        #expect(Matrix3.translation(x: Fixed(32767), y: .zero).apply(to: Point(1, 0)) == nil)
        #expect(Matrix3.translation(x: Fixed(32767), y: .zero).apply(to: Point(0, 0)) == Point(32767, 0))
        #expect(Matrix3.translation(x: .zero, y: Fixed(-32768)).apply(to: Point(0, -1)) == nil)
        var tiny = Matrix3.identity
        tiny.m22 = .ulp
        #expect(tiny.apply(to: Point(0.25, 0)) == Point(16384, 0))
        #expect(tiny.apply(to: Point(0.5, 0)) == nil)  // 32768
        #expect(tiny.apply(to: Point(-0.5, 0)) == Point(-32768, 0))
    }
}
