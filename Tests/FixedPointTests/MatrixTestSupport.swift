import VitrineTestSupport
import FixedPoint

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Double oracles for Matrix3. Inputs are the exact entries (`rowsAsDoubles`); each Double
/// operation adds a relative error of 2^-53, far below the 2^-16 ulp being checked.
enum DoubleMatrix {
    typealias M = [[Double]]

    static func multiply(_ a: M, _ b: M) -> M {
        (0..<3).map { i in (0..<3).map { j in (0..<3).reduce(0.0) { $0 + a[i][$1] * b[$1][j] } } }
    }

    static func determinant(_ m: M) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    static func inverse(_ m: M) -> M {
        let det = determinant(m)
        func c(_ r0: Int, _ r1: Int, _ c0: Int, _ c1: Int) -> Double {
            m[r0][c0] * m[r1][c1] - m[r0][c1] * m[r1][c0]
        }
        let adj = [
            [c(1, 2, 1, 2), -c(0, 2, 1, 2), c(0, 1, 1, 2)],
            [-c(1, 2, 0, 2), c(0, 2, 0, 2), -c(0, 1, 0, 2)],
            [c(1, 2, 0, 1), -c(0, 2, 0, 1), c(0, 1, 0, 1)],
        ]
        return adj.map { $0.map { $0 / det } }
    }

    static func apply(_ m: M, _ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        let w = m[2][0] * x + m[2][1] * y + m[2][2]
        let xp = m[0][0] * x + m[0][1] * y + m[0][2]
        let yp = m[1][0] * x + m[1][1] * y + m[1][2]
        return (xp / w, yp / w, w)
    }
}

extension SplitMix64 {
    /// A well-conditioned affine map: scale in [0.5, 2] (each axis, either sign), rotation,
    /// shear up to 0.3, translation up to +-1000 pixels.
    mutating func nextAffine() -> Matrix3 {
        func s(_ r: inout SplitMix64) -> Double {
            Double.random(in: 0.5...2, using: &r) * (Bool.random(using: &r) ? 1 : -1)
        }
        let sx = s(&self), sy = s(&self)
        let angle = Double.random(in: -Double.pi...Double.pi, using: &self)
        let shear = Double.random(in: -0.3...0.3, using: &self)
        let tx = Double.random(in: -1000...1000, using: &self)
        let ty = Double.random(in: -1000...1000, using: &self)
        let (c, sn) = (cos(angle), sin(angle))
        return Matrix3(rows: [
            [sx * c, sx * (-sn + shear * c), tx],
            [sy * sn, sy * (c + shear * sn), ty],
            [0, 0, 1],
        ])
    }

    /// An affine map followed by a perspective row (p, q, 1) with |p|, |q| <= 1/5000 per pixel and
    /// r in [0.75, 1.25] (the size of Core Animation's m34 = -1/2000 page turns, the Architecture article), so
    /// w > 0.4 over a 1024 x 600 panel.
    mutating func nextProjective() -> Matrix3 {
        var m = nextAffine()
        m.m20 = Fixed(Double.random(in: -0.0002...0.0002, using: &self))
        m.m21 = Fixed(Double.random(in: -0.0002...0.0002, using: &self))
        m.m22 = Fixed(Double.random(in: 0.75...1.25, using: &self))
        return m
    }
}
