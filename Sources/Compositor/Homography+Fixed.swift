import FixedPoint
import Raster

extension Homography {
    /// Largest homogeneous component, over the destination area, that a projective
    /// destination-to-source matrix is scaled to (Q16.16 holds up to 32767): as large
    /// as fits, so the small perspective entries keep their precision.
    static let projectiveLimit = 30000.0

    /// The destination-to-source matrix the Raster kernels take, for this homography
    /// mapping source pixels to destination pixels, to be used over `area` (destination
    /// pixels).
    ///
    /// Affine: the exact inverse, rounded to Q16.16 once per entry, bottom row (0, 0, 1).
    /// Projective: the inverse scaled (a homography means the same at any scale) so that
    /// the largest |component| at the corners of `area` grown by one pixel is
    /// `projectiveLimit` (or less, so that no entry passes 32000), with w > 0 at the
    /// area's centre, then by a factor just under 1
    /// that makes the perspective entry g a whole number of 1/65536 (pixbench's
    /// `normalize_homography`, so Vitrine's page and the benchmark's sample alike).
    /// Nil when singular or when an entry does not fit Q16.16 (nothing sensible to draw).
    public func destinationToSource(over area: PixelRect) -> Matrix3? {
        guard var m = inverse else { return nil }
        if isAffine {
            let s = 1 / m.i
            m = Homography(a: m.a * s, b: m.b * s, c: m.c * s, d: m.d * s, e: m.e * s, f: m.f * s, g: 0, h: 0, i: 1)
        } else {
            var maxAbs = 0.0
            for cy in 0..<2 {
                for cx in 0..<2 {
                    let x = cx == 1 ? Double(area.maxX) + 1 : Double(area.x) - 1
                    let y = cy == 1 ? Double(area.maxY) + 1 : Double(area.y) - 1
                    let (u, v, w) = m.applyHomogeneous(x: x, y: y)
                    maxAbs = Swift.max(Swift.max(maxAbs, abs(u)), Swift.max(abs(v), abs(w)))
                }
            }
            guard maxAbs > 0, maxAbs.isFinite else { return nil }
            let centre = m.applyHomogeneous(
                x: Double(area.x) + Double(area.width) / 2, y: Double(area.y) + Double(area.height) / 2)
            // Every entry must fit Q16.16 too (the translation column grows with the
            // distance of the area from the origin).
            // (Pairwise: variadic max would allocate an array every frame.)
            let maxEntry = Swift.max(
                Swift.max(Swift.max(abs(m.a), abs(m.b)), Swift.max(abs(m.c), abs(m.d))),
                Swift.max(Swift.max(abs(m.e), abs(m.f)), Swift.max(Swift.max(abs(m.g), abs(m.h)), abs(m.i))))
            var k = Swift.min(Homography.projectiveLimit / maxAbs, 32000 / maxEntry) * (centre.w < 0 ? -1 : 1)
            let q = abs(m.g * k) * 65536
            if q >= 1 { k *= q.rounded(.down) / q }
            m = Homography(
                a: m.a * k, b: m.b * k, c: m.c * k, d: m.d * k, e: m.e * k, f: m.f * k, g: m.g * k, h: m.h * k,
                i: m.i * k)
        }
        guard let m00 = Fixed(checking: m.a), let m01 = Fixed(checking: m.b), let m02 = Fixed(checking: m.c),
            let m10 = Fixed(checking: m.d), let m11 = Fixed(checking: m.e), let m12 = Fixed(checking: m.f),
            let m20 = Fixed(checking: m.g), let m21 = Fixed(checking: m.h), let m22 = Fixed(checking: m.i)
        else { return nil }
        return Matrix3(m00: m00, m01: m01, m02: m02, m10: m10, m11: m11, m12: m12, m20: m20, m21: m21, m22: m22)
    }

    /// The bounding box, in whole destination pixels, of `rect` (source coordinates)
    /// mapped through this homography, grown by one pixel for bilinear edges; nil when
    /// a corner lies on or behind the eye (the caller then bounds by the clip).
    func pixelBounds(of rect: Rect2D, grow: Int = 1) -> PixelRect? {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for corner in 0..<4 {
            let x = corner & 1 == 0 ? rect.minX : rect.maxX
            let y = corner & 2 == 0 ? rect.minY : rect.maxY
            let (u, v, w) = applyHomogeneous(x: x, y: y)
            guard w > 1e-9 else { return nil }
            x0 = Swift.min(x0, u / w)
            y0 = Swift.min(y0, v / w)
            x1 = Swift.max(x1, u / w)
            y1 = Swift.max(y1, v / w)
        }
        let lim = 1e7
        guard x0 > -lim, y0 > -lim, x1 < lim, y1 < lim else { return nil }
        let ix0 = Int(x0.rounded(.down)) - grow, iy0 = Int(y0.rounded(.down)) - grow
        let ix1 = Int(x1.rounded(.up)) + grow, iy1 = Int(y1.rounded(.up)) + grow
        return PixelRect(x: ix0, y: iy0, width: ix1 - ix0, height: iy1 - iy0)
    }
}
