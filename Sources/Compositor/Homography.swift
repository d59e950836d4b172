import FixedPoint

/// A 3x3 projective transform of the plane in Double, column-vector convention
/// (p' = H p, p = (x, y, 1)), rows (a b c), (d e f), (g h i): the same layout as
/// `Matrix3` and pixman. Composed once per layer per frame; pixels only ever see its
/// inverse converted to Q16.16 (`Homography+Fixed.swift`).
public struct Homography: Hashable, Sendable {
    public var a, b, c: Double
    public var d, e, f: Double
    public var g, h, i: Double

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double, i: Double) {
        (self.a, self.b, self.c) = (a, b, c)
        (self.d, self.e, self.f) = (d, e, f)
        (self.g, self.h, self.i) = (g, h, i)
    }

    public static let identity = Homography(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0, g: 0, h: 0, i: 1)

    public static func translation(x: Double, y: Double) -> Homography {
        Homography(a: 1, b: 0, c: x, d: 0, e: 1, f: y, g: 0, h: 0, i: 1)
    }

    public static func scale(x: Double, y: Double) -> Homography {
        Homography(a: x, b: 0, c: 0, d: 0, e: y, f: 0, g: 0, h: 0, i: 1)
    }

    /// `self` x `o`: `o` applied first, then `self`.
    @inline(__always)
    public static func * (l: Homography, o: Homography) -> Homography {
        Homography(
            a: l.a * o.a + l.b * o.d + l.c * o.g, b: l.a * o.b + l.b * o.e + l.c * o.h,
            c: l.a * o.c + l.b * o.f + l.c * o.i,
            d: l.d * o.a + l.e * o.d + l.f * o.g, e: l.d * o.b + l.e * o.e + l.f * o.h,
            f: l.d * o.c + l.e * o.f + l.f * o.i,
            g: l.g * o.a + l.h * o.d + l.i * o.g, h: l.g * o.b + l.h * o.e + l.i * o.h,
            i: l.g * o.c + l.h * o.f + l.i * o.i)
    }

    /// The homogeneous image (x', y', w) of the point (x, y).
    @inline(__always)
    public func applyHomogeneous(x: Double, y: Double) -> (x: Double, y: Double, w: Double) {
        (a * x + b * y + c, d * x + e * y + f, g * x + h * y + i)
    }

    /// The image of `p`, or nil when it lies on or behind the eye (w <= 0).
    public func apply(_ p: Point2D) -> Point2D? {
        let (x, y, w) = applyHomogeneous(x: p.x, y: p.y)
        guard w > 0 else { return nil }
        return Point2D(x: x / w, y: y / w)
    }

    public var determinant: Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The inverse scaled by the determinant's sign only (a homography is defined up to
    /// scale; keeping w's sign keeps "in front of the eye" meaning w > 0), or nil when
    /// singular.
    public var inverse: Homography? {
        let det = determinant
        guard det.isFinite, det != 0 else { return nil }
        let r = 1 / det
        return Homography(
            a: (e * i - f * h) * r, b: (c * h - b * i) * r, c: (b * f - c * e) * r,
            d: (f * g - d * i) * r, e: (a * i - c * g) * r, f: (c * d - a * f) * r,
            g: (d * h - e * g) * r, h: (b * g - a * h) * r, i: (a * e - b * d) * r)
    }

    /// No perspective: the bottom row is (0, 0, i) with i > 0.
    public var isAffine: Bool { g == 0 && h == 0 && i > 0 }

    /// A pure translation by whole pixels (each entry within 1e-9 of it): the copy and over kernels can
    /// draw it, no resampling needed. Returns the offset.
    public var integerTranslation: (x: Int, y: Int)? {
        let eps = 1e-9
        guard abs(g) <= 1e-12, abs(h) <= 1e-12, abs(i - 1) <= eps, abs(a - 1) <= eps, abs(b) <= eps,
            abs(d) <= eps, abs(e - 1) <= eps
        else { return nil }
        let rx = c.rounded(), ry = f.rounded()
        guard abs(c - rx) <= 1e-9, abs(f - ry) <= 1e-9, abs(rx) < 1e9, abs(ry) < 1e9 else { return nil }
        return (Int(rx), Int(ry))
    }

    /// The quarter turn this is for a `width` x `height` picture, when it is one exactly
    /// (within 1e-9): the picture turned about its corner and moved back onto the
    /// turned size's origin, as the raster's `rotate` lands each pixel (`QuarterTurn`'s
    /// table, at pixel centres). nil otherwise, and for no turn.
    public func quarterTurn(width: Int, height: Int) -> QuarterTurn? {
        let eps = 1e-9
        guard abs(g) <= 1e-12, abs(h) <= 1e-12, abs(i - 1) <= eps else { return nil }
        let (w, hh) = (Double(width), Double(height))
        func near(_ m: (Double, Double, Double, Double, Double, Double)) -> Bool {
            abs(a - m.0) <= eps && abs(b - m.1) <= eps && abs(c - m.2) <= eps && abs(d - m.3) <= eps
                && abs(e - m.4) <= eps && abs(f - m.5) <= eps
        }
        if near((0, -1, hh, 1, 0, 0)) { return .clockwise90 }
        if near((-1, 0, w, 0, -1, hh)) { return .half }
        if near((0, 1, 0, -1, 0, w)) { return .clockwise270 }
        return nil
    }

    /// Keeps axes parallel: a translation and a positive scale (within 1e-12).
    public var isAxisAligned: Bool { isAffine && b == 0 && d == 0 && a > 0 && e > 0 }
}
