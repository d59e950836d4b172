import FixedPoint

/// The two transforms of the pixman reference benchmark, computed in Double exactly as
/// pixbench.c does and rounded to the same Q16.16 destination-to-source matrix that
/// pixman is given, so both compositors sample the same source positions.
public enum BenchTransforms {
    /// Row-major 3x3 in Double, column-vector convention (p' = M p).
    typealias M3 = [[Double]]

    static func mul(_ a: M3, _ b: M3) -> M3 {
        var r = [[Double]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 {
            for j in 0..<3 {
                var sum: Double = a[i][0] * b[0][j]
                sum += a[i][1] * b[1][j]
                sum += a[i][2] * b[2][j]
                r[i][j] = sum
            }
        }
        return r
    }

    static func inverse(_ m: M3) -> M3 {
        var r = [[Double]](repeating: [0, 0, 0], count: 3)
        r[0][0] = m[1][1] * m[2][2] - m[1][2] * m[2][1]
        r[0][1] = m[0][2] * m[2][1] - m[0][1] * m[2][2]
        r[0][2] = m[0][1] * m[1][2] - m[0][2] * m[1][1]
        r[1][0] = m[1][2] * m[2][0] - m[1][0] * m[2][2]
        r[1][1] = m[0][0] * m[2][2] - m[0][2] * m[2][0]
        r[1][2] = m[0][2] * m[1][0] - m[0][0] * m[1][2]
        r[2][0] = m[1][0] * m[2][1] - m[1][1] * m[2][0]
        r[2][1] = m[0][1] * m[2][0] - m[0][0] * m[2][1]
        r[2][2] = m[0][0] * m[1][1] - m[0][1] * m[1][0]
        let det = m[0][0] * r[0][0] + m[0][1] * r[1][0] + m[0][2] * r[2][0]
        return r.map { $0.map { $0 / det } }
    }

    static func translate(_ x: Double, _ y: Double) -> M3 { [[1, 0, x], [0, 1, y], [0, 0, 1]] }
    static func scale(_ s: Double) -> M3 { [[s, 0, 0], [0, s, 0], [0, 0, 1]] }
    /// y-down pixels: a positive angle turns clockwise on screen (CGAffineTransform's way).
    static func rotate(_ rad: Double) -> M3 {
        let c = cosine(rad), s = sine(rad)
        return [[c, -s, 0], [s, c, 0], [0, 0, 1]]
    }

    /// affine_bilinear's forward (source to screen) map: rotate -15 degrees and scale
    /// 0.85 about the centre (W/2, H/2), then move by (-20, -20).
    static func affineForward(width w: Int, height h: Int) -> M3 {
        let cx = Double(w) / 2, cy = Double(h) / 2
        var f = translate(-cx, -cy)
        f = mul(rotate(-15 * Double.pi / 180), f)
        f = mul(scale(0.85), f)
        f = mul(translate(cx, cy), f)
        return mul(translate(-20, -20), f)
    }

    /// projective_bilinear's forward map: a (W/2) x H page turned 60 degrees about its
    /// left edge at x = W/2, m34 = -1/2000 (w = 1 + u sin(60)/2000).
    static func projectiveForward(width w: Int, height h: Int) -> M3 {
        let th = 60 * Double.pi / 180, d = 2000.0
        let c = cosine(th), p = sine(th) / d
        let W = Double(w), H = Double(h)
        return [[c + p * W / 2, 0, W / 2], [p * H / 2, 1, 0], [p, 0, 1]]
    }

    /// pixbench's `normalize_homography`: scales a destination-to-source homography so
    /// every homogeneous component over the destination (grown by 1 px) is at most
    /// `limit` with w > 0, then so that the perspective entry m[2][0] is a whole number
    /// of 1/65536 units (which makes the page's other small entries exact too).
    static func normalizeHomography(_ m0: M3, width w: Int, height h: Int, limit: Double) -> M3 {
        var maxabs = 0.0
        var wneg = false
        for cy in 0..<2 {
            for cx in 0..<2 {
                let X = cx == 1 ? Double(w) + 1 : -1, Y = cy == 1 ? Double(h) + 1 : -1
                for i in 0..<3 {
                    let v = m0[i][0] * X + m0[i][1] * Y + m0[i][2]
                    maxabs = max(maxabs, abs(v))
                    if i == 2 && v <= 0 { wneg = true }
                }
            }
        }
        let k = limit / maxabs * (wneg ? -1 : 1)
        var m = m0.map { $0.map { $0 * k } }
        let q = abs(m[2][0]) * 65536
        if q >= 1 {
            let adj = q.rounded(.down) / q
            m = m.map { $0.map { $0 * adj } }
        }
        return m
    }

    /// The destination-to-source matrix pixman gets for affine_bilinear (its bottom
    /// row forced to exactly (0, 0, 1)).
    public static func affineInverse(width w: Int, height h: Int) -> Matrix3 {
        var inv = inverse(affineForward(width: w, height: h))
        inv[2] = [0, 0, 1]
        return Matrix3(rows: inv)
    }

    /// The destination-to-source matrix pixman gets for projective_bilinear.
    public static func projectiveInverse(width w: Int, height h: Int) -> Matrix3 {
        Matrix3(rows: normalizeHomography(inverse(projectiveForward(width: w, height: h)), width: w, height: h, limit: 30000))
    }
}

// Double sine and cosine without Foundation, for building transforms once per run
// (never per pixel): argument reduction to [-pi/4, pi/4] and Taylor series to 1e-16.
func sine(_ x: Double) -> Double { sinCosDouble(x).sin }
func cosine(_ x: Double) -> Double { sinCosDouble(x).cos }

func sinCosDouble(_ x: Double) -> (sin: Double, cos: Double) {
    let halfPi = Double.pi / 2
    let q = (x / halfPi).rounded()
    let r = x - q * halfPi
    let r2 = r * r
    var s = r, c = 1.0, ts = r, tc = 1.0
    for n in 1...12 {
        ts *= -r2 / Double((2 * n) * (2 * n + 1))
        tc *= -r2 / Double((2 * n - 1) * (2 * n))
        s += ts
        c += tc
    }
    switch ((Int(q) % 4) + 4) % 4 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}
