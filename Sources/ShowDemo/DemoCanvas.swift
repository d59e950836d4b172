import Glibc
import Raster
import Show

/// A surface to draw the demo show's pictures on: anti-aliased convex shapes, vertical
/// gradients and rectangles, in straight-alpha `0xAARRGGBB` colours.
///
/// Speed: the work per pixel runs in Raster's kernels (a shape's inside is one `fill` or
/// `blend` per row); Swift code here runs per row and per edge pixel only, so a
/// 1920x1080 picture draws in milliseconds even unoptimized.
struct DemoCanvas {
    let surface: Surface
    var width: Int { surface.width }
    var height: Int { surface.height }

    /// A new canvas: opaque (`xrgb8888`, black) or transparent (`argb8888`).
    init(width: Int, height: Int, opaque: Bool) {
        // Demo sizes are fixed and valid.
        surface = try! Surface(width: width, height: height, format: opaque ? .xrgb8888 : .argb8888)
    }

    /// `rect` painted OVER with `color` (straight alpha).
    func rect(_ rect: PixelRect, _ color: UInt32) {
        let c = premultiplied(color)
        if c >> 24 == 0xFF {
            surface.fill(c, clip: rect)
        } else {
            try! surface.blend(c, clip: rect)  // 32-bit surfaces only
        }
    }

    func rect(x: Int, y: Int, width: Int, height: Int, _ color: UInt32) {
        rect(PixelRect(x: x, y: y, width: width, height: height), color)
    }

    /// `rect` painted with a colour running from `top` at its first row to `bottom` at
    /// its last, one colour per row (straight alpha).
    func verticalGradient(_ rect: PixelRect, top: UInt32, bottom: UInt32) {
        let r = rect.intersection(surface.bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            let t = rect.height > 1 ? Double(y - rect.y) / Double(rect.height - 1) : 0
            self.rect(PixelRect(x: r.x, y: y, width: r.width, height: 1), mix(top, bottom, t))
        }
    }

    /// An ellipse centred at (cx, cy) with radii rx, ry (pixels; pixel (x, y) spans x...x+1).
    func ellipse(cx: Double, cy: Double, rx: Double, ry: Double, _ color: UInt32, clip: PixelRect? = nil) {
        shape(top: cy - ry, bottom: cy + ry, clip: clip, color: { _ in color }) { y in
            let d = (y - cy) / ry
            guard abs(d) < 1 else { return nil }
            let half = rx * (1 - d * d).squareRoot()
            return (cx - half, cx + half)
        }
    }

    /// A soft glow: as if `steps` ellipses from radius 1x down to `inner`x were each
    /// painted with a little of `color` (its alpha split evenly), so the edge fades out.
    ///
    /// Each pixel is painted once, with the alpha of the layers over it together
    /// (1 - (1 - a)^n for n layers of alpha a): a wide glow costs its area once, not
    /// once per step. The steps are not anti-aliased: each is too faint for its edge to
    /// show.
    func glow(cx: Double, cy: Double, rx: Double, ry: Double, _ color: UInt32, steps: Int = 6, inner: Double = 0.45) {
        let a = Double(color >> 24) / 255 / Double(steps)
        let colours = (1...steps).map { n in
            premultiplied((UInt32((255 * (1 - pow(1 - a, Double(n)))).rounded()) << 24) | (color & 0xFF_FFFF))
        }
        let scales = (0..<steps).map { 1 - (1 - inner) * Double($0) / Double(max(steps - 1, 1)) }
        let bounds = surface.bounds
        let y0 = max(Int((cy - ry).rounded(.down)), 0)
        let y1 = min(Int((cy + ry).rounded(.up)), bounds.maxY)
        guard y0 < y1 else { return }
        var halves = [Int](repeating: 0, count: steps + 1)
        for y in y0..<y1 {
            // Half-widths of each step's ellipse on this row, outermost first (0 outside).
            for i in 0..<steps {
                let d = (Double(y) + 0.5 - cy) / (ry * scales[i])
                halves[i] = abs(d) < 1 ? Int((rx * scales[i] * (1 - d * d).squareRoot()).rounded()) : 0
            }
            let c = Int(cx.rounded())
            for i in 0..<steps where halves[i] > halves[i + 1] {
                let outer = halves[i]
                let inner = halves[i + 1]
                let runs =
                    inner == 0
                    ? [PixelRect(x: c - outer, y: y, width: 2 * outer, height: 1)]
                    : [
                        PixelRect(x: c - outer, y: y, width: outer - inner, height: 1),
                        PixelRect(x: c + inner, y: y, width: outer - inner, height: 1),
                    ]
                for run in runs {
                    let r = run.intersection(bounds)
                    if !r.isEmpty { try! surface.blend(colours[i], clip: r) }  // 32-bit surfaces only
                }
            }
        }
    }

    /// A rectangle with corners rounded to `radius`, optionally with a colour per row.
    func roundedRect(
        x: Double, y: Double, width w: Double, height h: Double, radius: Double, _ color: UInt32,
        bottom: UInt32? = nil
    ) {
        let r = min(radius, w / 2, h / 2)
        shape(top: y, bottom: y + h, clip: nil, color: { row in bottom.map { mix(color, $0, (row - y) / h) } ?? color })
        { py in
            guard py > y, py < y + h else { return nil }
            var inset = 0.0
            let dy = py < y + r ? y + r - py : (py > y + h - r ? py - (y + h - r) : 0)
            if dy > 0 { inset = r - (r * r - dy * dy).squareRoot() }
            return (x + inset, x + w - inset)
        }
    }

    /// A convex polygon (points in order, either way round).
    func polygon(_ points: [(x: Double, y: Double)], _ color: UInt32) {
        guard points.count >= 3 else { return }
        let top = points.map(\.y).min()!
        let bottom = points.map(\.y).max()!
        shape(top: top, bottom: bottom, clip: nil, color: { _ in color }) { y in
            var lo = Double.infinity
            var hi = -Double.infinity
            for i in points.indices {
                let a = points[i]
                let b = points[(i + 1) % points.count]
                guard (a.y <= y && y < b.y) || (b.y <= y && y < a.y) else { continue }
                let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
                lo = min(lo, x)
                hi = max(hi, x)
            }
            return lo <= hi ? (lo, hi) : nil
        }
    }

    /// A straight line `width` pixels wide from (x0, y0) to (x1, y1), square-ended.
    func line(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, width: Double, _ color: UInt32) {
        let dx = x1 - x0
        let dy = y1 - y0
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let nx = -dy / length * width / 2
        let ny = dx / length * width / 2
        polygon([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)], color)
    }

    /// Vertical sub-samples per pixel row; across a row coverage is exact per sub-row.
    static let subRows = 8

    /// Draws a convex shape given by its horizontal extent at height y (`span`, nil
    /// outside), between `top` and `bottom`. Each pixel's coverage is the mean, over
    /// `subRows` lines through it, of the part of the pixel the span covers; the inside
    /// of a row (covered by every sub-row) is one kernel call.
    private func shape(
        top: Double, bottom: Double, clip: PixelRect?, color: (Double) -> UInt32,
        span: (Double) -> (Double, Double)?
    ) {
        let bounds = (clip ?? surface.bounds).intersection(surface.bounds)
        guard !bounds.isEmpty else { return }
        let y0 = max(Int(top.rounded(.down)), bounds.y)
        let y1 = min(Int(bottom.rounded(.up)), bounds.maxY)
        guard y0 < y1 else { return }
        let n = Self.subRows
        var spans = [(Double, Double)?](repeating: nil, count: n)
        for py in y0..<y1 {
            var present = 0
            var minL = Double.infinity
            var maxL = -Double.infinity
            var minR = Double.infinity
            var maxR = -Double.infinity
            for k in 0..<n {
                let s = span(Double(py) + (Double(k) + 0.5) / Double(n))
                spans[k] = s
                if let (l, r) = s, l < r {
                    present += 1
                    minL = min(minL, l)
                    maxL = max(maxL, l)
                    minR = min(minR, r)
                    maxR = max(maxR, r)
                } else {
                    spans[k] = nil
                }
            }
            guard present > 0 else { continue }
            let rowColor = color(Double(py) + 0.5)
            // Whole pixels every sub-row covers.
            var inner0 = Int(maxL.rounded(.up))
            var inner1 = Int(minR.rounded(.down))
            if present < n || inner0 >= inner1 {
                inner0 = Int.max
                inner1 = Int.max
            }
            let x0 = max(Int(minL.rounded(.down)), bounds.x)
            let x1 = min(Int(maxR.rounded(.up)), bounds.maxX)
            if inner0 < inner1 {
                let a = max(inner0, bounds.x)
                let b = min(inner1, bounds.maxX)
                if a < b { rect(PixelRect(x: a, y: py, width: b - a, height: 1), rowColor) }
                edgePixels(py, from: x0, to: min(inner0, x1), spans, rowColor)
                edgePixels(py, from: max(inner1, x0), to: x1, spans, rowColor)
            } else {
                edgePixels(py, from: x0, to: x1, spans, rowColor)
            }
        }
    }

    /// Pixels x0..<x1 of row `py`, each with its own coverage.
    private func edgePixels(_ py: Int, from x0: Int, to x1: Int, _ spans: [(Double, Double)?], _ color: UInt32) {
        guard x0 < x1 else { return }
        let n = Double(spans.count)
        for px in x0..<x1 {
            var covered = 0.0
            let left = Double(px)
            let right = left + 1
            for s in spans {
                guard let (l, r) = s else { continue }
                covered += max(0, min(r, right) - max(l, left))
            }
            let coverage = covered / n
            guard coverage > 0.002 else { continue }
            let alpha = (Double(color >> 24) * coverage).rounded()
            let c = premultiplied((UInt32(alpha) << 24) | (color & 0xFF_FFFF))
            try! surface.blend(c, clip: PixelRect(x: px, y: py, width: 1, height: 1))  // 32-bit surfaces only
        }
    }
}

/// The colour `t` (0...1) of the way from `a` to `b`, per channel (straight alpha).
func mix(_ a: UInt32, _ b: UInt32, _ t: Double) -> UInt32 {
    let t = min(max(t, 0), 1)
    var out: UInt32 = 0
    for shift: UInt32 in [24, 16, 8, 0] {
        let ca = Double(a >> shift & 0xFF)
        let cb = Double(b >> shift & 0xFF)
        out |= UInt32((ca + (cb - ca) * t).rounded()) << shift
    }
    return out
}

/// `color` with its alpha replaced by `alpha`.
func withAlpha(_ color: UInt32, _ alpha: UInt32) -> UInt32 { alpha << 24 | (color & 0xFF_FFFF) }
