import Raster

/// Pictures drawn by code for the built-in test scene (no third-party images): a
/// backdrop and cards, deterministic, any size. The sizes come from the panel's (a
/// card is 20% x 30% of the screen: 0 pixels on a 2x2 panel), so each side is clamped
/// to at least 1 pixel: a tiny panel gets tiny pictures, never a trap.
enum TestPictures {
    /// An opaque backdrop: a diagonal dusk gradient with a faint 48 px grid.
    static func backdrop(width: Int, height: Int) -> Surface {
        let (w, h) = (Swift.max(1, width), Swift.max(1, height))
        let s = try! Surface(width: w, height: h, format: .xrgb8888)  // w, h >= 1: the only throw
        s.withRows(as: UInt32.self) { y, row in
            for x in 0..<w {
                let t = (x * 255 / Swift.max(1, w - 1) + y * 255 / Swift.max(1, h - 1)) / 2
                var r = 20 + t * 60 / 255, g = 24 + t * 40 / 255, b = 60 + t * 90 / 255
                if x % 48 == 0 || y % 48 == 0 { (r, g, b) = (r + 14, g + 14, b + 14) }
                row[x] = 0xff00_0000 | UInt32(r << 16 | g << 8 | b)
            }
        }
        return s
    }

    /// A card: rounded corners (premultiplied alpha at the edge), a colour band at the
    /// top in `hue` (0...5), diagonal stripes below, and a disc that shows orientation.
    static func card(width: Int, height: Int, hue: Int) -> Surface {
        let (w, h) = (Swift.max(1, width), Swift.max(1, height))
        let s = try! Surface(width: w, height: h, format: .argb8888)  // w, h >= 1: the only throw
        let palette: [(Int, Int, Int)] = [
            (230, 90, 70), (240, 170, 60), (90, 190, 110), (60, 150, 220), (150, 100, 220), (220, 90, 160),
        ]
        let (cr, cg, cb) = palette[((hue % 6) + 6) % 6]
        let radius = Double(Swift.min(w, h)) * 0.08
        let band = h / 4
        let discX = Double(w) * 0.75, discY = Double(band) / 2, discR = Double(band) * 0.3
        s.withRows(as: UInt32.self) { y, row in
            for x in 0..<w {
                var (r, g, b) = (245, 245, 240)
                if y < band {
                    (r, g, b) = (cr, cg, cb)
                } else if ((x + y) / 12) % 2 == 0 {
                    (r, g, b) = (228, 230, 236)
                }
                let dx = Double(x) + 0.5 - discX, dy = Double(y) + 0.5 - discY
                if dx * dx + dy * dy < discR * discR { (r, g, b) = (255, 255, 255) }
                // Coverage of the rounded rectangle, antialiased over one pixel.
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let qx = Swift.max(0, Swift.max(radius - px, px - (Double(w) - radius)))
                let qy = Swift.max(0, Swift.max(radius - py, py - (Double(h) - radius)))
                let d = (qx * qx + qy * qy).squareRoot() - radius
                let a = Int((Swift.min(1, Swift.max(0, 0.5 - d)) * 255).rounded())
                row[x] = UInt32(a << 24 | (r * a / 255) << 16 | (g * a / 255) << 8 | (b * a / 255))
            }
        }
        return s
    }
}
