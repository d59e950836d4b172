import VitrineTestSupport
import FixedPoint
import Testing

private let ulp = 1.0 / 65536

/// Matrices with determinant exactly zero.
private func singularMatrices(_ rng: inout SplitMix64) -> [Matrix3] {
    var out: [Matrix3] = [
        Matrix3(rows: [[0, 0, 0], [0, 0, 0], [0, 0, 0]]),
        Matrix3(rows: [[1, 2, 3], [0, 0, 0], [0, 0, 1]]),  // zero row
        Matrix3(rows: [[1, 2, 3], [1, 2, 3], [0, 0, 1]]),  // two equal rows
        Matrix3(rows: [[1, 0, 5], [0, 1, 6], [0, 0, 0]]),  // zero bottom row
        .scale(x: .zero, y: Fixed(3)),
        .scale(x: Fixed(2), y: .zero),
        Matrix3(rows: [[2, 4, 1], [1, 2, 7], [3, 6, -2]]),  // equal columns up to a factor
    ]
    for _ in 0..<300 {
        // Row 2 = row 0 + row 1, exactly (entries small enough not to overflow).
        let a = (0..<3).map { _ in rng.nextFixed(within: 1000) }
        let b = (0..<3).map { _ in rng.nextFixed(within: 1000) }
        let c = zip(a, b).map { $0 + $1 }
        out.append(Matrix3(m00: a[0], m01: a[1], m02: a[2], m10: c[0], m11: c[1], m12: c[2], m20: b[0], m21: b[1], m22: b[2]))
        // Two equal random rows.
        out.append(Matrix3(m00: a[0], m01: a[1], m02: a[2], m10: b[0], m11: b[1], m12: b[2], m20: a[0], m21: a[1], m22: a[2]))
    }
    return out
}

private func entries(_ m: Matrix3) -> [Double] {
    m.rowsAsDoubles.flatMap { $0 }
}

@Suite("Matrix3 determinant and inverse")
struct MatrixInverseTests {
    @Test func determinantIsExactQ48() {
        #expect(Matrix3.identity.determinant == Int128(1) << 48)
        #expect(Matrix3.scale(x: Fixed(2), y: Fixed(3)).determinant == Int128(6) << 48)
        #expect(Matrix3.scale(x: .ulp, y: .ulp).determinant == Int128(1) << 16)
        #expect(Matrix3.rotation(degrees: Fixed(90)).determinant == Int128(1) << 48)
        #expect(Matrix3(rows: [[2, 4, 1], [1, 2, 7], [3, 6, -2]]).determinant == 0)
        #expect(Matrix3(rows: [[1, 2, 3], [4, 5, 6], [7, 8, 10]]).determinant == Int128(-3) << 48)
        var rng = SplitMix64(seed: 60)
        for _ in 0..<1000 {
            let i = (0..<9).map { _ in Int128(Int.random(in: -300...300, using: &rng)) }
            let m = Matrix3(
                m00: Fixed(Int(i[0])), m01: Fixed(Int(i[1])), m02: Fixed(Int(i[2])),
                m10: Fixed(Int(i[3])), m11: Fixed(Int(i[4])), m12: Fixed(Int(i[5])),
                m20: Fixed(Int(i[6])), m21: Fixed(Int(i[7])), m22: Fixed(Int(i[8])))
            let det = i[0] * (i[4] * i[8] - i[5] * i[7]) - i[1] * (i[3] * i[8] - i[5] * i[6])
                + i[2] * (i[3] * i[7] - i[4] * i[6])
            #expect(m.determinant == det << 48)
            let a = rng.nextAffine()
            let d = DoubleMatrix.determinant(a.rowsAsDoubles)
            #expect(Swift.abs(Double(a.determinant) / 0x1p48 - d) <= 1e-12 * Swift.max(1, Swift.abs(d)))
        }
    }

    @Test func singularHasNoInverse() {
        var rng = SplitMix64(seed: 61)
        for m in singularMatrices(&rng) {
            #expect(m.determinant == 0, "\(m.rowsAsDoubles)")
            #expect(m.inverse == nil)
            #expect(m.homographyInverse == nil)
        }
    }

    @Test func exactInverses() {
        #expect(Matrix3.identity.inverse == .identity)
        #expect(Matrix3.translation(x: Fixed(3), y: Fixed(-4)).inverse == .translation(x: Fixed(-3), y: Fixed(4)))
        #expect(Matrix3.scale(x: Fixed(2), y: Fixed(-4)).inverse == .scale(x: .half, y: Fixed(-0.25)))
        #expect(Matrix3.rotation(degrees: Fixed(90)).inverse == .rotation(degrees: Fixed(-90)))
        #expect(Matrix3.scale(x: Fixed(3), y: .one).inverse?.m00.raw == 21845)  // 21845.33
        #expect(Matrix3.scale(x: Fixed(-3), y: .one).inverse?.m00.raw == -21845)
        #expect(Matrix3.scale(x: Fixed(1.5), y: .one).inverse?.m00.raw == 43691)  // 43690.67
    }

    @Test func inverseNilWhenAnEntryDoesNotFit() {
        #expect(Matrix3.scale(x: .ulp, y: .one).inverse == nil)  // 65536
        #expect(Matrix3.scale(x: Fixed(raw: 2), y: .one).inverse == nil)  // 32768
        #expect(Matrix3.scale(x: Fixed(raw: -2), y: .one).inverse?.m00 == .min)  // -32768 fits
        #expect(Matrix3.scale(x: Fixed(raw: 4), y: .one).inverse?.m00 == Fixed(16384))
        #expect(Matrix3.scale(x: .ulp, y: .one).homographyInverse != nil)
    }

    /// Entries within 0.5 ulp of the Double inverse (of the exact entries), and M * M^-1 within
    /// the error that 0.5 ulp per inverse entry can cause: sum_k |m_ik| * 0.5 ulp + 0.5 ulp.
    @Test func inverseOfRandomAffineAndProjective() {
        var rng = SplitMix64(seed: 62)
        for i in 0..<2000 {
            let m = i % 2 == 0 ? rng.nextAffine() : rng.nextProjective()
            guard let inv = m.inverse else {
                Issue.record("no inverse for \(m.rowsAsDoubles)")
                continue
            }
            if m.isAffine { #expect(inv.isAffine) }
            let expected = DoubleMatrix.inverse(m.rowsAsDoubles)
            let got = inv.rowsAsDoubles
            for r in 0..<3 {
                for c in 0..<3 {
                    #expect(Swift.abs(got[r][c] - expected[r][c]) <= 0.5 * ulp + 1e-9)
                }
            }
            let product = (m * inv).rowsAsDoubles
            let rows = m.rowsAsDoubles
            for r in 0..<3 {
                let bound = (rows[r].reduce(0) { $0 + Swift.abs($1) } + 1) * 0.5 * ulp
                for c in 0..<3 {
                    #expect(Swift.abs(product[r][c] - (r == c ? 1 : 0)) <= bound)
                }
            }
        }
    }

    /// Largest entry in [2^13, 2^14), and a positive multiple of the inverse to within 1 ulp.
    @Test func homographyInverseIsScaledInverse() {
        var rng = SplitMix64(seed: 63)
        var negativeDeterminants = 0
        for i in 0..<2000 {
            var m = i % 2 == 0 ? rng.nextAffine() : rng.nextProjective()
            if i % 10 == 9 { m = m * .scale(x: Fixed(raw: Int32.random(in: 1...300, using: &rng)), y: .one) }
            guard let h = m.homographyInverse else {
                Issue.record("nil for \(m.rowsAsDoubles)")
                continue
            }
            if m.determinant < 0 { negativeDeterminants += 1 }
            let he = entries(h)
            let largest = he.map { Swift.abs($0) }.max()!
            #expect(largest >= 8192 && largest < 16384, "\(largest)")
            let d = DoubleMatrix.inverse(m.rowsAsDoubles).flatMap { $0 }
            let k = d.indices.max { Swift.abs(d[$0]) < Swift.abs(d[$1]) }!
            let lambda = he[k] / d[k]
            #expect(lambda > 0)
            for j in 0..<9 {
                #expect(Swift.abs(he[j] - lambda * d[j]) <= ulp + 1e-9 * Swift.abs(lambda), "entry \(j)")
            }
        }
        #expect(negativeDeterminants > 100)
    }

    @Test func homographyInverseExamples() {
        // The inverse of scale(2, 2) is diag(0.5, 0.5, 1); its largest entry scaled to 2^13.
        let h = Matrix3.scale(x: Fixed(2), y: Fixed(2)).homographyInverse
        #expect(h == Matrix3(rows: [[4096, 0, 0], [0, 4096, 0], [0, 0, 8192]]))
        // Just under a power of two: the largest entry 3 * 2^k rounds into [2^13, 2^14).
        let t = Matrix3.translation(x: Fixed(3), y: .zero).homographyInverse
        #expect(t == Matrix3(rows: [[4096, 0, -12288], [0, 4096, 0], [0, 0, 4096]]))
        // A negative determinant still gives a positive w.
        let flip = Matrix3.scale(x: Fixed(-1), y: .one)
        #expect(flip.homographyInverse?.apply(to: Point(5, 7)) == Point(-5, 7))
    }
}
