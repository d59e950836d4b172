import Raster

/// How a book cover, or a card, is dressed to read as an object lying on the screen:
/// its corners rounded (a book's cover, as the article's covers and pages are) and a
/// soft shadow under it, lit from above (Paper's look, which the shelf copies). The
/// sizes scale with the object, so it looks the same at every panel size.
enum CoverDressing {
    /// The corner radius, in object widths.
    static let cornerShare = 0.04
    /// The shadow's blur (its fade from dark to clear), in the object's shorter side, at
    /// least 2 px.
    static let blurShare = 0.07
    /// How far the shadow is moved down, in object heights.
    static let dropShare = 0.015
    /// The shadow's darkness where it is darkest (alpha, 0...1).
    static let shadowAlpha = 0.5

    /// The corner radius for an object `width` pixels wide, pixels.
    static func radius(width: Int) -> Double { Double(width) * cornerShare }
    /// The blur for an object `width` x `height` pixels, whole pixels (at least 2).
    static func blur(width: Int, height: Int) -> Int {
        Swift.max(2, (Double(Swift.min(width, height)) * blurShare).rounded().clampedInt)
    }
    /// The shadow's drop for an object `height` pixels high, whole pixels.
    static func drop(height: Int) -> Int { (Double(height) * dropShare).rounded().clampedInt }
    /// The margin a shadowed picture of an object `width` x `height` has on every side,
    /// pixels: room for the blur's outer half (the fade is centred on the object's edge)
    /// and the drop.
    static func margin(width: Int, height: Int) -> Int { (blur(width: width, height: height) + 1) / 2 + drop(height: height) }

    /// `picture` with its four corners rounded (`radius` pixels, antialiased): a
    /// premultiplied ARGB copy, clear outside the corners' arcs.
    static func rounded(_ picture: Surface, radius: Double) -> Surface {
        guard let out = try? Surface(width: picture.width, height: picture.height, format: .argb8888) else {
            return picture
        }
        for y in 0..<picture.height {
            copyRow(picture, y, into: out.row(y, as: UInt32.self), at: 0)
        }
        roundCorners(out, x: 0, y: 0, width: picture.width, height: picture.height, radius: radius)
        return out
    }

    /// `picture` rounded as `rounded(_:radius:)` does, on a soft shadow, laid on the
    /// opaque colour `ground` (the screen's background under it, which is plain): an
    /// opaque picture `margin(...)` pixels larger on every side, the picture at its
    /// centre, drawn as a copy like any opaque picture. Returns the picture itself
    /// (undressed) when the larger one cannot be made.
    static func shadowed(_ picture: Surface, on ground: UInt32) -> Surface {
        let (w, h) = (picture.width, picture.height)
        let m = margin(width: w, height: h)
        guard let shadow = shadow(width: w, height: h),
            let out = try? Surface(width: w + 2 * m, height: h + 2 * m, format: .xrgb8888)
        else { return picture }
        out.fill(ground | 0xFF00_0000)
        try? out.over(shadow)
        // The picture, rounded, laid over the shadow.
        try? out.over(rounded(picture, radius: radius(width: w)), x: m, y: m)
        return out
    }

    /// A soft shadow alone for an object `width` x `height` pixels: premultiplied black,
    /// `margin(...)` pixels larger on every side, the object's place (moved down by the
    /// drop) darkest.
    static func shadow(width w: Int, height h: Int) -> Surface? {
        let m = margin(width: w, height: h)
        guard let out = try? Surface(width: w + 2 * m, height: h + 2 * m, format: .argb8888) else { return nil }
        drawShadow(into: out, object: PixelRect(x: m, y: m + drop(height: h), width: w, height: h), blur: blur(width: w, height: h))
        return out
    }

    /// The soft shadow of `shadow(width:height:)` less the part an opaque object of that
    /// size over it hides (all but `overlap` pixels inside its edges): four strips, top
    /// and bottom full width, left and right between them, each with its rectangle in
    /// the whole shadow's pixels. Drawn under an object that is itself drawn over them,
    /// they cost the ring's pixels, a quarter of the whole for a card.
    static func shadowRing(width w: Int, height h: Int, overlap: Int = 2) -> [(rect: PixelRect, picture: Surface)] {
        guard let whole = shadow(width: w, height: h) else { return [] }
        let m = margin(width: w, height: h)
        let (W, H) = (whole.width, whole.height)
        let k = Swift.max(0, Swift.min(overlap, w / 2, h / 2))
        let top = PixelRect(x: 0, y: 0, width: W, height: m + k)
        let bottom = PixelRect(x: 0, y: m + h - k, width: W, height: H - (m + h - k))
        let side = (y: m + k, height: h - 2 * k)
        let left = PixelRect(x: 0, y: side.y, width: m + k, height: side.height)
        let right = PixelRect(x: m + w - k, y: side.y, width: W - (m + w - k), height: side.height)
        return [top, bottom, left, right].compactMap { r in
            guard r.width > 0, r.height > 0, let strip = try? Surface(width: r.width, height: r.height, format: .argb8888)
            else { return nil }
            for y in 0..<r.height {
                let src = whole.row(r.y + y, as: UInt32.self) + r.x
                strip.row(y, as: UInt32.self).update(from: src, count: r.width)
            }
            return (r, strip)
        }
    }

    // MARK: Pixels

    /// Row `y` of `picture` into `row` from column `x`, as premultiplied ARGB (an opaque
    /// format's pixels with alpha 255).
    private static func copyRow(_ picture: Surface, _ y: Int, into row: UnsafeMutablePointer<UInt32>, at x: Int) {
        let src = picture.row(y, as: UInt32.self)
        let opaque: UInt32 = picture.format == .argb8888 ? 0 : 0xFF00_0000
        for i in 0..<picture.width { row[x + i] = src[i] | opaque }
    }

    /// Rounds the corners of premultiplied ARGB `s` (`radius` pixels): its corner
    /// pixels scaled by how much of each lies inside the arcs; the rest unchanged.
    static func roundCorners(_ s: Surface, radius: Double) {
        guard s.format == .argb8888 else { return }
        roundCorners(s, x: 0, y: 0, width: s.width, height: s.height, radius: radius)
    }

    /// Rounds the corners of the `width` x `height` rectangle at (`x`, `y`) in `s`.
    private static func roundCorners(_ s: Surface, x: Int, y: Int, width w: Int, height h: Int, radius r: Double) {
        let corner = Swift.min(Int(r.rounded(.up)), w / 2, h / 2)
        guard corner > 0 else { return }
        for j in 0..<h where j < corner || j >= h - corner {
            roundRow(s.row(y + j, as: UInt32.self) + x, y: j, width: w, height: h, radius: r)
        }
    }

    /// Scales the pixels of row `j` of a `w` x `h` rectangle by how much of each lies
    /// inside the rounded rectangle (radius `r`): only the corner columns change.
    private static func roundRow(_ row: UnsafeMutablePointer<UInt32>, y j: Int, width w: Int, height h: Int, radius r: Double) {
        let corner = Swift.min(Int(r.rounded(.up)), w / 2, h / 2)
        guard corner > 0 else { return }
        // The pixel centre's distance (vertically) from the arcs' centre row.
        let cy = j < corner ? r - (Double(j) + 0.5) : (Double(j) + 0.5) - (Double(h) - r)
        guard cy > 0 else { return }
        for i in 0..<corner {
            let cx = r - (Double(i) + 0.5)
            guard cx > 0 else { continue }
            // Coverage: the arc's edge crossed over about a pixel.
            let d = (cx * cx + cy * cy).squareRoot() - r
            let a = Swift.min(1, Swift.max(0, 0.5 - d))
            row[i] = scaled(row[i], a)
            row[w - 1 - i] = scaled(row[w - 1 - i], a)
        }
    }

    /// A premultiplied pixel times `a` (0...1), each channel rounded.
    private static func scaled(_ p: UInt32, _ a: Double) -> UInt32 {
        if a >= 1 { return p }
        let k = UInt32((a * 256).rounded())
        let rb = ((p & 0x00FF_00FF) &* k &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ag = ((p >> 8 & 0x00FF_00FF) &* k &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    /// Fills `out` with the soft shadow of `object` (clear elsewhere): a box of the
    /// object's size blurred across `blur` pixels, each axis's fade a smoothstep, the two
    /// multiplied (a blurred rectangle is separable; its corners come out round).
    private static func drawShadow(into out: Surface, object o: PixelRect, blur b: Int) {
        func profile(_ n: Int, from lo: Int, length: Int) -> [Double] {
            (0..<n).map { i in
                let c = Double(i) + 0.5
                // Distance inside the object's span (negative outside), in blur widths.
                let inside = Swift.min(c - Double(lo), Double(lo + length) - c)
                let t = Swift.min(1, Swift.max(0, inside / Double(b) + 0.5))
                return t * t * (3 - 2 * t)
            }
        }
        // Each axis's fade in 1/256ths, the rows' darkness in 1/255ths: a pixel's alpha is
        // their product, rounded, in integers.
        let fx = profile(out.width, from: o.x, length: o.width).map { UInt32(($0 * 256).rounded()) }
        let fy = profile(out.height, from: o.y, length: o.height)
        for y in 0..<out.height {
            let row = out.row(y, as: UInt32.self)
            let ay = UInt32((fy[y] * shadowAlpha * 255).rounded())
            for x in 0..<out.width { row[x] = ((ay &* fx[x] &+ 128) >> 8) << 24 }
        }
    }
}
