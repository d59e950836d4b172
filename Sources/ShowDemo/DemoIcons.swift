import Raster
import Show

/// The tile icons: a rounded square in the icon's colour (lighter at the top) with a
/// simple white symbol, on transparency (PNG with alpha).
enum DemoIcon: String, CaseIterable {
    case books, shelf, people, visit, atlas, menu, home

    static let size = 160

    var path: AssetPath { "icons/\(rawValue).png" }

    /// The backdrop's colours, top and bottom.
    private var colours: (top: UInt32, bottom: UInt32) {
        switch self {
        case .books: (0xFFF0_8A5D, 0xFFC8_4B3A)
        case .shelf: (0xFFB5_8B5E, 0xFF7A_5633)
        case .people: (0xFF5C_C8F0, 0xFF2B_7BC8)
        case .visit: (0xFF6B_D49A, 0xFF2E_8F5E)
        case .atlas: (0xFFF2_C14E, 0xFFD0_8A1E)
        case .menu: (0xFF9B_8CFF, 0xFF5B_4BC8)
        case .home: (0xFFFF_8FA3, 0xFFD0_4F6E)
        }
    }

    func draw(size: Int) -> Surface {
        let c = DemoCanvas(width: size, height: size, opaque: false)
        let s = Double(size)
        let (top, bottom) = colours
        c.roundedRect(
            x: s * 0.04, y: s * 0.04, width: s * 0.92, height: s * 0.92, radius: s * 0.22, top, bottom: bottom)
        // A soft sheen on the upper half.
        c.roundedRect(x: s * 0.08, y: s * 0.07, width: s * 0.84, height: s * 0.4, radius: s * 0.18, 0x20FF_FFFF)
        let white: UInt32 = 0xFFFF_FFFF
        let dim: UInt32 = 0xB0FF_FFFF
        let ink = withAlpha(bottom, 0xFF)
        switch self {
        case .books:
            c.roundedRect(x: s * 0.26, y: s * 0.30, width: s * 0.13, height: s * 0.44, radius: s * 0.02, white)
            c.roundedRect(x: s * 0.42, y: s * 0.24, width: s * 0.15, height: s * 0.50, radius: s * 0.02, dim)
            c.polygon([(s * 0.60, s * 0.33), (s * 0.71, s * 0.29), (s * 0.82, s * 0.70), (s * 0.71, s * 0.74)], white)
            for y in [0.36, 0.66] {
                c.rect(x: Int(s * 0.26), y: Int(s * y), width: Int(s * 0.13), height: max(1, Int(s * 0.025)), ink)
            }
        case .shelf:
            let heights = [0.36, 0.30, 0.40, 0.26]
            for (i, h) in heights.enumerated() {
                let x = s * (0.22 + Double(i) * 0.14)
                c.roundedRect(
                    x: x, y: s * (0.68 - h), width: s * 0.11, height: s * h, radius: s * 0.015, i % 2 == 0 ? white : dim
                )
            }
            c.roundedRect(x: s * 0.16, y: s * 0.68, width: s * 0.68, height: s * 0.06, radius: s * 0.02, white)
            c.rect(x: Int(s * 0.22), y: Int(s * 0.74), width: Int(s * 0.05), height: Int(s * 0.08), dim)
            c.rect(x: Int(s * 0.73), y: Int(s * 0.74), width: Int(s * 0.05), height: Int(s * 0.08), dim)
        case .people:
            person(c, cx: s * 0.62, top: s * 0.24, scale: s * 0.85, dim)
            person(c, cx: s * 0.42, top: s * 0.30, scale: s, white)
        case .visit:
            let r = s * 0.30
            c.ellipse(cx: s / 2, cy: s / 2, rx: r, ry: r, white)
            c.ellipse(cx: s / 2, cy: s / 2, rx: r * 0.82, ry: r * 0.82, ink)
            c.polygon([(s * 0.5, s * 0.26), (s * 0.56, s * 0.5), (s * 0.44, s * 0.5)], 0xFFFF_6B5C)
            c.polygon([(s * 0.5, s * 0.74), (s * 0.44, s * 0.5), (s * 0.56, s * 0.5)], white)
            c.ellipse(cx: s / 2, cy: s / 2, rx: s * 0.03, ry: s * 0.03, ink)
        case .atlas:
            let xs = [0.18, 0.40, 0.60, 0.82]
            for i in 0..<3 {
                let lift = i % 2 == 0 ? 0.0 : 0.05
                c.polygon(
                    [
                        (s * xs[i], s * (0.30 + lift)), (s * xs[i + 1], s * (0.35 - lift)),
                        (s * xs[i + 1], s * (0.78 - lift)), (s * xs[i], s * (0.73 + lift)),
                    ], i % 2 == 0 ? white : dim)
            }
            c.ellipse(cx: s * 0.52, cy: s * 0.38, rx: s * 0.10, ry: s * 0.10, 0xFFE0_4B3A)
            c.polygon([(s * 0.43, s * 0.42), (s * 0.61, s * 0.42), (s * 0.52, s * 0.62)], 0xFFE0_4B3A)
            c.ellipse(cx: s * 0.52, cy: s * 0.38, rx: s * 0.04, ry: s * 0.04, white)
        case .menu:
            for y in [0.30, 0.46, 0.62] {
                c.roundedRect(x: s * 0.24, y: s * y, width: s * 0.52, height: s * 0.09, radius: s * 0.045, white)
            }
        case .home:
            c.polygon([(s * 0.5, s * 0.20), (s * 0.82, s * 0.48), (s * 0.18, s * 0.48)], white)
            c.rect(x: Int(s * 0.27), y: Int(s * 0.47), width: Int(s * 0.46), height: Int(s * 0.31), white)
            c.roundedRect(x: s * 0.44, y: s * 0.58, width: s * 0.12, height: s * 0.20, radius: s * 0.02, ink)
        }
        return c.surface
    }

    /// A head and shoulders, `scale` being the icon size it was designed at.
    private func person(_ c: DemoCanvas, cx: Double, top: Double, scale s: Double, _ color: UInt32) {
        c.ellipse(cx: cx, cy: top + s * 0.11, rx: s * 0.10, ry: s * 0.10, color)
        let shoulders = PixelRect(x: 0, y: 0, width: c.width, height: Int(top + s * 0.47))
        c.ellipse(cx: cx, cy: top + s * 0.47, rx: s * 0.19, ry: s * 0.22, color, clip: shoulders)
    }
}
