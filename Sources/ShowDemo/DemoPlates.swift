import Glibc
import Raster
import Show

/// The small picture in the lower part of each page, drawn for its book and page: the
/// atlas follows the sun across one day, the glass book shows a vessel at the furnace,
/// the night-sky book the moon waxing over a field of stars.
enum DemoPlates {
    static func draw(_ book: DemoBook, page index: Int, on c: DemoCanvas, in r: PixelRect) {
        let t = book.pages.count > 1 ? Double(index) / Double(book.pages.count - 1) : 0
        let x = Double(r.x)
        let y = Double(r.y)
        let w = Double(r.width)
        let h = Double(r.height)
        switch book.pattern {
        case 0:
            // Sky colour by time of day: dawn, noon, dusk.
            let noon = 1 - abs(2 * t - 1)
            c.verticalGradient(r, top: mix(0xFF3A_4A7A, 0xFF5C_A8E0, noon), bottom: mix(0xFFF2_A65E, 0xFFCF_E8F5, noon))
            let sunY = y + h * (0.78 - 0.6 * sin(Double.pi * (0.08 + 0.84 * t)))
            let sunX = x + w * (0.12 + 0.76 * t)
            c.glow(cx: sunX, cy: sunY, rx: h * 0.22, ry: h * 0.22, 0x70FF_F0C0, steps: 8, inner: 0.4)
            c.ellipse(cx: sunX, cy: sunY, rx: h * 0.09, ry: h * 0.09, 0xFFFF_E08A)
            c.polygon(
                [
                    (x, y + h * 0.78), (x + w * 0.35, y + h * 0.7), (x + w * 0.7, y + h * 0.8), (x + w, y + h * 0.72),
                    (x + w, y + h), (x, y + h),
                ], 0xFF2E_4A3A)
        case 1:
            c.verticalGradient(r, top: 0xFF2A_1A12, bottom: 0xFF5A_2E14)
            c.glow(cx: x + w * 0.5, cy: y + h * 0.55, rx: h * 0.5, ry: h * 0.45, 0xA0FF_8A30, steps: 10, inner: 0.2)
            // A vessel: a foot, a body widening with the page, a neck.
            let cx = x + w * 0.5
            let base = y + h * 0.88
            let bodyW = h * (0.22 + 0.2 * t)
            let glass = withAlpha(book.accent, 0xC0)
            c.ellipse(cx: cx, cy: base, rx: h * 0.14, ry: h * 0.035, glass)
            c.ellipse(cx: cx, cy: base - h * 0.3, rx: bodyW, ry: h * 0.27, glass)
            c.roundedRect(x: cx - h * 0.06, y: y + h * 0.12, width: h * 0.12, height: h * 0.3, radius: h * 0.03, glass)
            c.ellipse(cx: cx - bodyW * 0.45, cy: base - h * 0.38, rx: bodyW * 0.12, ry: h * 0.12, 0x60FF_FFFF)
        default:
            c.verticalGradient(r, top: 0xFF0E_1026, bottom: 0xFF26_2A52)
            var random = DemoRandom(seed: 0x4E49_4748 &+ UInt64(index))  // "NIGH"
            for _ in 0..<40 {
                let s = h * random.double(0.004, 0.014)
                c.ellipse(
                    cx: x + w * random.double(0, 1), cy: y + h * random.double(0, 1), rx: s, ry: s,
                    withAlpha(0xFFFF_FFFF, UInt32(random.double(120, 255))))
            }
            // The moon waxing from a thin crescent to full over the book.
            let mx = x + w * 0.7
            let my = y + h * 0.4
            let mr = h * 0.2
            c.ellipse(cx: mx, cy: my, rx: mr, ry: mr, 0xFFF4_F0DC)
            if t < 1 {
                c.ellipse(
                    cx: mx - mr * 2.1 * (1 - t) + mr * 0.1, cy: my, rx: mr * 1.02, ry: mr * 1.02,
                    mix(0xFF0E_1026, 0xFF26_2A52, 0.4))
            }
        }
    }
}
