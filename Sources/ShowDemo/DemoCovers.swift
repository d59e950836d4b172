import Assets
import Raster
import Show

/// Book covers: the book's ground colour, a pattern in its accent (rings, a lattice or
/// a starry sky with a crescent), a shaded spine and a title band.
enum DemoCovers {
    static let size = (width: 400, height: 600)

    static func draw(_ book: DemoBook, width w: Int, height h: Int, text: DemoTextPainter) -> Surface {
        let c = DemoCanvas(width: w, height: h, opaque: true)
        let W = Double(w)
        let H = Double(h)
        let top = mix(book.ground, 0xFFFF_FFFF, 0.12)
        c.verticalGradient(c.surface.bounds, top: top, bottom: book.ground)
        let faint = withAlpha(book.accent, 0x40)
        switch book.pattern {
        case 0:
            // Rings around a sun in the upper right.
            for i in stride(from: 9, through: 1, by: -1) {
                let r = W * 0.1 * Double(i)
                c.ellipse(cx: W * 0.78, cy: H * 0.2, rx: r, ry: r, withAlpha(book.accent, i % 2 == 0 ? 0x0A : 0x04))
            }
            c.ellipse(cx: W * 0.78, cy: H * 0.2, rx: W * 0.09, ry: W * 0.09, book.accent)
        case 1:
            // A diamond lattice, like leaded glass.
            let step = W / 5
            for i in -6...10 {
                let x = Double(i) * step
                c.line(x, 0, x + H * 0.6, H * 0.6, width: max(1, W * 0.008), faint)
                c.line(x, 0, x - H * 0.6, H * 0.6, width: max(1, W * 0.008), faint)
            }
            for i in 0..<3 {
                let cx = W * (0.3 + 0.2 * Double(i))
                let cy = H * 0.3
                c.polygon(
                    [(cx, cy - step * 0.5), (cx + step * 0.5, cy), (cx, cy + step * 0.5), (cx - step * 0.5, cy)],
                    withAlpha(book.accent, 0x50 + 0x30 * UInt32(i)))
            }
        default:
            // Stars and a crescent moon.
            var random = DemoRandom(seed: 0x5354_4152 &+ UInt64(book.pages.count))  // "STAR"
            for _ in 0..<70 {
                let r = W * random.double(0.003, 0.012)
                c.ellipse(
                    cx: W * random.double(0.08, 1), cy: H * random.double(0, 0.56), rx: r, ry: r,
                    withAlpha(book.accent, UInt32(random.double(90, 255))))
            }
            c.ellipse(cx: W * 0.7, cy: H * 0.24, rx: W * 0.12, ry: W * 0.12, book.accent)
            // The moon's dark part in the sky's own colour there.
            c.ellipse(cx: W * 0.75, cy: H * 0.215, rx: W * 0.11, ry: W * 0.11, mix(top, book.ground, 0.215))
        }

        // The title band.
        let band = PixelRect(x: 0, y: Int(H * 0.58), width: w, height: Int(H * 0.3))
        c.rect(band, 0x6600_0000)
        c.rect(x: 0, y: band.y, width: w, height: max(1, Int(H * 0.004)), withAlpha(book.accent, 0xC0))
        c.rect(
            x: 0, y: band.maxY - max(1, Int(H * 0.004)), width: w, height: max(1, Int(H * 0.004)),
            withAlpha(book.accent, 0xC0))
        let pad = Int(W * 0.08)
        let titleStyle = TextStyle(font: .bold, size: W * 0.075, color: book.accent, alignment: .center, maxLines: 2)
        let used = text.draw(
            book.coverTitle, on: c, x: pad, y: band.y + Int(H * 0.04), width: w - 2 * pad, height: Int(H * 0.16),
            style: titleStyle)
        let subStyle = TextStyle(size: W * 0.042, color: 0xE0FF_FFFF, alignment: .center, maxLines: 2)
        text.draw(
            book.subtitle, on: c, x: pad, y: band.y + Int(H * 0.06) + used, width: w - 2 * pad, height: Int(H * 0.1),
            style: subStyle)
        let pressStyle = TextStyle(
            size: W * 0.032, color: withAlpha(book.accent, 0xC0), alignment: .center, maxLines: 1)
        text.draw("VITRINE PRESS", on: c, x: 0, y: Int(H * 0.93), width: w, height: Int(H * 0.06), style: pressStyle)

        // The spine: a shaded strip and a crease.
        c.rect(x: 0, y: 0, width: Int(W * 0.06), height: h, 0x5000_0000)
        c.rect(x: Int(W * 0.06), y: 0, width: max(1, Int(W * 0.006)), height: h, 0x30FF_FFFF)
        return c.surface
    }
}
