import Assets
import Glibc
import Raster
import Show

/// The launch screen's pictures: two door halves that meet in the middle of the
/// screen (each a navy door with raised panels, a brass handle on its inner edge and a
/// brass half-sun that joins its twin's across the seam), and the background the open
/// doors reveal (a warm glow behind the show's title).
enum DemoDoors {
    /// One door: half the screen. Portrait is half of 1080x1920, landscape of 1920x1080.
    static func size(portrait: Bool) -> (width: Int, height: Int) { portrait ? (540, 1920) : (960, 1080) }
    /// The whole screen behind the doors.
    static func backgroundSize(portrait: Bool) -> (width: Int, height: Int) { portrait ? (1080, 1920) : (1920, 1080) }

    static let navy: UInt32 = 0xFF1C_2A44
    static let brass: UInt32 = 0xFFC9_A45C

    /// The left or right door at `width` x `height` (its seam is its right edge for the
    /// left door, its left edge for the right one).
    static func door(left: Bool, width w: Int, height h: Int) -> Surface {
        let c = DemoCanvas(width: w, height: h, opaque: true)
        let W = Double(w)
        let H = Double(h)
        let u = Double(min(w, h))
        c.verticalGradient(c.surface.bounds, top: 0xFF23_3452, bottom: 0xFF15_2036)
        // x measured from the outer edge, mirrored for the right door.
        func x(_ fromOuter: Double, _ width: Double) -> Double { left ? fromOuter : W - fromOuter - width }

        // Bevel along the door's edges: light above and outside, dark below and at the seam.
        let b = max(2, Int(u * 0.018))
        c.rect(x: 0, y: 0, width: w, height: b, 0x40FF_FFFF)
        c.rect(x: 0, y: h - b, width: w, height: b, 0x6000_0000)
        c.rect(x: left ? 0 : w - b, y: b, width: b, height: h - 2 * b, 0x30FF_FFFF)
        c.rect(x: left ? w - b : 0, y: b, width: b, height: h - 2 * b, 0x7000_0000)

        // Two raised panels, stacked, clear of the handle.
        let margin = W * 0.14
        let panelWidth = W * 0.62
        for (top, bottom) in [(0.07, 0.45), (0.55, 0.93)] {
            let px = x(margin, panelWidth)
            let py = H * top
            let ph = H * (bottom - top)
            panel(c, x: px, y: py, width: panelWidth, height: ph, unit: u)
        }

        // The half-sun's radius: it sits on the seam at mid height (drawn last).
        let r = u * 0.16

        // The handle: a round plate and a vertical bar near the seam, below the sun.
        let handleX = x(W * 0.86, 0)
        let bar = u * 0.035
        let barHeight = H * 0.12
        let handleY = H * 0.5 + r * 1.55 + barHeight * 0.6
        c.ellipse(cx: handleX, cy: handleY, rx: bar * 1.6, ry: bar * 1.6, 0xFF8E_7038)
        c.ellipse(cx: handleX, cy: handleY, rx: bar * 1.3, ry: bar * 1.3, brass)
        c.roundedRect(
            x: handleX - bar / 2, y: handleY - barHeight / 2, width: bar, height: barHeight, radius: bar / 2, brass)
        c.rect(
            PixelRect(
                x: Int(handleX - bar * 0.2), y: Int(handleY - barHeight * 0.42), width: max(1, Int(bar * 0.18)),
                height: Int(barHeight * 0.84)),
            0x90FF_F4D8)

        // The half-sun: centred on the seam, so the two doors make one disc.
        let seam = left ? W : 0
        for (k, color) in [(1.0, brass), (0.8, navy), (0.62, brass), (0.3, 0xFFF3_DFA8)] as [(Double, UInt32)] {
            c.ellipse(cx: seam, cy: H * 0.5, rx: r * k, ry: r * k, color)
        }
        for i in 0..<5 {
            // Rays toward the outer edge, above and below the middle.
            let a = Double.pi * (0.5 + Double(i - 2) * 0.18)
            let dx = (left ? -1.0 : 1.0) * sin(a)
            let dy = cos(a)
            c.line(
                seam + dx * r * 1.15, H * 0.5 + dy * r * 1.15, seam + dx * r * 1.5, H * 0.5 + dy * r * 1.5,
                width: u * 0.012, brass)
        }
        return c.surface
    }

    /// A raised panel: a slightly lighter field, light bevel above and left, dark below
    /// and right, and a thin brass line inside.
    private static func panel(_ c: DemoCanvas, x: Double, y: Double, width: Double, height: Double, unit u: Double) {
        let r = PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
        let b = max(2, Int(u * 0.022))
        c.verticalGradient(r, top: 0xFF2A_3D60, bottom: 0xFF1D_2C48)
        c.rect(x: r.x, y: r.y, width: r.width, height: b, 0x50FF_FFFF)
        c.rect(x: r.x, y: r.y + b, width: b, height: r.height - b, 0x38FF_FFFF)
        c.rect(x: r.x, y: r.maxY - b, width: r.width, height: b, 0x7000_0000)
        c.rect(x: r.maxX - b, y: r.y + b, width: b, height: r.height - 2 * b, 0x5800_0000)
        let inset = b * 3
        let line = max(1, b / 2)
        let i = PixelRect(x: r.x + inset, y: r.y + inset, width: r.width - 2 * inset, height: r.height - 2 * inset)
        for edge in [
            PixelRect(x: i.x, y: i.y, width: i.width, height: line),
            PixelRect(x: i.x, y: i.maxY - line, width: i.width, height: line),
            PixelRect(x: i.x, y: i.y, width: line, height: i.height),
            PixelRect(x: i.maxX - line, y: i.y, width: line, height: i.height),
        ] {
            c.rect(edge, 0xB0C9_A45C)
        }
    }

    /// What the doors open onto: a dark gradient, a warm glow and the show's title.
    static func background(width w: Int, height h: Int, title: String, text: DemoTextPainter) -> Surface {
        let c = DemoCanvas(width: w, height: h, opaque: true)
        let W = Double(w)
        let H = Double(h)
        let u = Double(min(w, h))
        c.verticalGradient(c.surface.bounds, top: 0xFF0E_1526, bottom: 0xFF24_3B63)
        c.glow(cx: W / 2, cy: H * 0.45, rx: u * 0.8, ry: u * 0.8, 0x60E8_A050, steps: 24, inner: 0.05)
        c.glow(cx: W / 2, cy: H * 0.45, rx: u * 0.35, ry: u * 0.35, 0x40FF_D890, steps: 12, inner: 0.1)
        let size = u * 0.085
        let style = TextStyle(font: .bold, size: size, color: 0xFFFF_FFFF, alignment: .center, maxLines: 2)
        let textTop = Int(H * 0.45 - size * 0.8)
        text.draw(title, on: c, x: 0, y: textTop, width: w, height: Int(size * 3), style: style)
        let small = TextStyle(size: size * 0.38, color: 0xD0FF_F0D0, alignment: .center, maxLines: 1)
        text.draw(
            "A Vitrine demo show", on: c, x: 0, y: Int(H * 0.45 + size * 0.9), width: w, height: Int(size), style: small
        )
        return c.surface
    }
}
